//! Casts aimed corner to corner: a vertex of the moving shape driven straight at a vertex of the
//! other, with large, nearly equal motions as two fast bodies have. The ray then passes through a
//! vertex of the shapes' difference, where rounding can put it a hair beyond both edges there.

use super::*;
use collide2d::ConvexPolygon;

/// A sharp convex shape (no radius) of the given kind at `at`, about `size` across, turned by
/// `turn`, with its corners.
fn sharp(kind: u8, at: Vec2, size: Vec2, turn: f32) -> (Shape, Vec<Vec2>) {
    let (sin, cos) = turn.sin_cos();
    let axis = v(cos, sin);
    match kind % 3 {
        0 => {
            let s = Segment::new(at, at + axis * size.x).unwrap();
            (s.into(), vec![s.a(), s.b()])
        }
        1 => {
            let o = Obb::from_axis(at, size * 0.5, axis).unwrap();
            (o.into(), o.corners().to_vec())
        }
        _ => {
            let p = ConvexPolygon::regular(5, at, size.x, turn).unwrap();
            let corners = p.vertices().to_vec();
            (p.into(), corners)
        }
    }
}

/// The mean of `points`, inside a convex shape with those corners.
fn middle(points: &[Vec2]) -> Vec2 {
    points.iter().copied().sum::<Vec2>() / points.len() as f32
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, max_global_rejects: 1_000_000, ..ProptestConfig::default() })]

    /// `b`'s corner reaches `a`'s at `t0`, moving into it: if they overlap a little later, the
    /// cast hits no later than that, whatever large motion both share.
    #[test]
    fn a_corner_driven_at_a_corner_is_hit(
        kinds in (0u8..3, 0u8..3),
        at in (-8.0f32..8.0, -8.0f32..8.0),
        sizes in ((0.05f32..1.0, 0.02f32..1.0), (0.05f32..1.0, 0.02f32..1.0)),
        turns in (0.0f32..6.3, 0.0f32..6.3),
        corners in (0usize..5, 0usize..5),
        heading in -1.5f32..1.5,
        speed in 0.3f32..2.0,
        shared in (-30.0f32..30.0, -30.0f32..30.0),
        t0 in 0.2f32..0.8,
    ) {
        let (a, corners_a) = sharp(kinds.0, v(at.0, at.1), v(sizes.0.0, sizes.0.1), turns.0);
        let (b, corners_b) = sharp(kinds.1, Vec2::ZERO, v(sizes.1.0, sizes.1.1), turns.1);
        let (p, c) = (corners_a[corners.0 % corners_a.len()], corners_b[corners.1 % corners_b.len()]);
        // Headed into `a` at its corner, turned by up to 86°: those that graze an edge at the
        // corners are the hard ones.
        let into = (middle(&corners_a) - p).normalize_or_zero();
        let (sin, cos) = heading.sin_cos();
        let w = v(into.x * cos - into.y * sin, into.x * sin + into.y * cos) * speed;
        let b = moved(&b, p - c - w * t0);
        let shared = v(shared.0, shared.1);
        let later = t0 + 0.05;
        prop_assume!(intersects(&a, &moved(&b, w * later)));
        let hit = cast_shape(&a, shared, &b, shared + w, 1.0);
        let hit = hit.ok_or_else(|| TestCaseError::fail(format!("no hit, though they overlap at {later}")))?;
        prop_assert!(hit.time <= later, "hit at {}, though they overlap at {later}", hit.time);
    }
}

#[test]
fn a_segment_cast_at_a_turned_boxs_corner_with_large_motions_hits_it() {
    // From the issue: the relative motion passes through a corner of the difference, and the
    // ray crossed both edges' lines there just beyond their ends (5.8e-6 and 1.6e-6 of the
    // edges, against a slack of 1e-6): no hit, though they go 0.039 deep.
    let a = Segment::new(v(3.525574, -4.7573323), v(3.5659215, -4.626159)).unwrap();
    let b = Obb::new(v(4.086043, -5.140923), v(0.1115186, 0.038958494), 5.912837).unwrap();
    let (motion_a, motion_b) = (v(-8.645273, 16.317547), v(-9.289532, 16.737701));
    let hit = cast_shape(&a, motion_a, &b, motion_b, 1.0).expect("a hit");
    assert!((hit.time - 0.73047).abs() < 1e-4, "{hit:?}");
    let at = |s: Shape, m: Vec2, t: f32| moved(&s, m * t);
    assert!(intersects(&at(a.into(), motion_a, 0.7306), &at(b.into(), motion_b, 0.7306)));
}
