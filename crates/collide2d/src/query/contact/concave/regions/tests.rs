//! The regions' own tests: sums against the hull of all differences, and pieces that rounding
//! collapses onto a point or a segment.

use super::*;
use crate::shape::ConvexPolygon;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A small deterministic generator (xorshift), so the tests need no extra crate; the
/// search's tests use it too.
pub(in super::super) struct Rng(pub(in super::super) u64);
impl Rng {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
    pub(in super::super) fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

fn random_convex(rng: &mut Rng) -> ConvexPolygon {
    loop {
        let n = 3 + (rng.next() * 12.0) as usize;
        let c = v(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
        let pts: Vec<Vec2> = (0..n).map(|_| c + v(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0))).collect();
        if let Ok(p) = ConvexPolygon::from_hull(&pts) {
            return p;
        }
    }
}

/// The vertices of `poly` with those lying straight between their neighbours dropped.
fn corners(poly: &[Vec2]) -> Vec<Vec2> {
    let n = poly.len();
    (0..n)
        .filter(|&i| crate::math::orient2d(poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]) != 0.0)
        .map(|i| poly[i])
        .collect()
}

#[test]
fn minkowski_merge_matches_the_hull_of_all_differences() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..2000 {
        let a = random_convex(&mut rng);
        let b = random_convex(&mut rng);
        // b as a point, a segment or a polygon.
        let b_verts: Vec<Vec2> = match case % 4 {
            0 => vec![b.vertices()[0]],
            1 => vec![b.vertices()[0], b.vertices()[1]],
            _ => b.vertices().to_vec(),
        };
        let mut tags = Vec::new();
        let sum = minkowski_sum(a.vertices(), &b_verts, &mut tags);
        let merged = sum.verts.clone();
        // Each face's normal is unit, square to it and outward.
        for k in 0..merged.len() {
            let (p, q, n) = (merged[k], merged[(k + 1) % merged.len()], sum.normals[k]);
            assert!((n.length() - 1.0).abs() < 1e-4 && n.dot(q - p).abs() <= 1e-4 * (q - p).length(), "case {case}");
            assert!(merged.iter().all(|w| n.dot(*w - p) <= 1e-4 * (1.0 + w.length())), "case {case}");
        }
        // Each vertex is the sum its tag names, reached along an edge parallel to the one
        // its tag names.
        assert_eq!(tags.len(), merged.len(), "case {case}");
        let edge_of = |v: &[Vec2], i: u32| v[(i as usize + 1) % v.len()] - v[i as usize];
        for (k, t) in tags.iter().enumerate() {
            assert_eq!(merged[k], a.vertices()[t.a as usize] + b_verts[t.b as usize], "case {case}");
            let walked = merged[k] - merged[(k + merged.len() - 1) % merged.len()];
            let along = match t.edge {
                Walked::First(e) => edge_of(a.vertices(), e),
                Walked::Second(f) | Walked::Both(_, f) => edge_of(&b_verts, f),
            };
            assert!(walked.perp_dot(along).abs() <= 1e-4 * walked.length() * along.length(), "case {case}");
            assert!(walked.dot(along) > 0.0, "case {case}");
            if let Walked::Both(e, _) = t.edge {
                assert!(edge_of(a.vertices(), e).perp_dot(along).abs() <= 1e-4 * along.length_squared().max(1.0));
            }
        }
        let all: Vec<Vec2> = a.vertices().iter().flat_map(|p| b_verts.iter().map(move |q| *p + *q)).collect();
        let hull = ConvexPolygon::from_hull(&all).unwrap();
        let got = corners(&merged);
        // Same vertices in the same cyclic order (both counter-clockwise).
        assert_eq!(got.len(), hull.vertices().len(), "case {case}: {got:?} vs {:?}", hull.vertices());
        let shift = got.iter().position(|p| *p == hull.vertices()[0]).expect("same start vertex");
        for (i, h) in hull.vertices().iter().enumerate() {
            assert_eq!(got[(shift + i) % got.len()], *h, "case {case}");
        }
    }
}

/// The rounded region of `piece` minus a point at `at`, radius `radius`, built as
/// `add_regions` builds it.
fn rounded_region(piece: &[Vec2], at: Vec2, radius: f32) -> Regions {
    let mut keys = Vec::new();
    let start = lowest(piece, false);
    walk_keys(piece, start, &mut keys);
    let normals = edge_normals(piece);
    let a = Walk { verts: piece, normals: &normals, flags: &[], start, keys: &keys };
    let b = Walk { verts: &[-at], normals: &[Vec2::ZERO], flags: &[], start: 0, keys: &[] };
    let mut regions = Regions::default();
    regions.clear(radius);
    regions.push_sum(&a, &b, 0, 0);
    regions
}

#[test]
fn a_piece_that_rounds_onto_a_point_or_a_segment_stays_a_disc_or_a_capsule() {
    use super::super::stretch::{inside, line_stretch};
    // A spike 6e-6 wide at its base and a triangle 1e-5 across, both at (-118, 34), minus a
    // point 2,500 away: in f32 the sums are a segment and a point, rounded by 2,505.
    let base = v(-118.375, 34.0);
    let spike = [base + v(1e-5, 0.0), base + v(0.0, 33.0), base + v(-1e-5, 0.0)];
    let speck = [base, base + v(1e-5, 0.0), base + v(0.0, 1e-5)];
    let (at, radius) = (v(78.0, 2505.75), 2505.75f32);
    for (piece, core) in [(&spike, [spike[0] - at, spike[1] - at]), (&speck, [speck[0] - at; 2])] {
        let regions = rounded_region(piece, at, radius);
        assert_eq!(regions.info.len(), 1, "{piece:?}");
        let (verts, normals) = (regions.verts(0), regions.normals(0));
        assert_eq!(verts.len(), 2, "{piece:?}");
        assert!(verts.iter().all(|p| core.iter().any(|c| p.distance(*c) < 1e-3)), "{verts:?}");
        // The two faces' normals are opposite, square to the core, and the first points to
        // the right of the walk from the first vertex to the second (counter-clockwise).
        assert_eq!(normals[1], -normals[0]);
        let along = verts[1] - verts[0];
        if along != Vec2::ZERO {
            assert!(normals[0].dot(along).abs() < 1e-6 * along.length() && along.perp_dot(normals[0]) < 0.0);
        }
        assert!(regions.exposable.iter().all(|f| *f == FACE | ARC));
        // Points and lines against the capsule around the core, in f64.
        let distance = |x: Vec2| crate::query::core::point_segment_distance_squared(x, verts[0], verts[1]).sqrt();
        for k in 0..64 {
            let d = Vec2::from_angle(k as f32 * 0.1);
            for reach in [0.5f32, 0.999, 1.001, 2.0] {
                let x = verts[0] + d * radius * reach;
                assert_eq!(inside(&regions, 0, x, 0.0), distance(x) < radius as f64 * 0.9999, "{x:?}");
            }
            // The line through the origin along d: its stretch ends on the capsule's edge.
            let (lo, hi) = line_stretch(&regions, 0, Vec2::ZERO, d, 0.0).expect("the origin is inside");
            for t in [lo, hi] {
                assert!((distance(d * t) - radius as f64).abs() < 1e-2, "{d:?}: {t}");
            }
            assert!(lo < 0.0 && hi > 0.0);
        }
    }
}

/// A walk out from inside a region grows the faces other regions cover by the margin (see
/// `walk_stretch`), also where the region has a wheel, whose line clips move every face alike
/// and so must leave this case to the pass over the faces.
#[test]
fn a_walk_from_inside_a_region_with_a_wheel_grows_its_covered_faces() {
    let piece = ConvexPolygon::regular(64, v(0.3, -0.2), 2.0, 0.1).unwrap();
    let mut regions = rounded_region(piece.vertices(), Vec2::ZERO, 0.0);
    assert_eq!(regions.wheels.count(), 1);
    // Every other face covered by other regions (diagonals between pieces, say).
    for (i, flags) in regions.exposable.iter_mut().enumerate() {
        if i % 2 == 0 {
            *flags &= !FACE;
        }
    }
    for turn in 0..32 {
        let d = Vec2::from_angle(turn as f32 * 0.2);
        let walked = super::super::stretch::walk_stretch(&regions, 0, d, 0.1, f32::INFINITY).unwrap();
        let pass = super::super::stretch::polygon_stretch(
            regions.anchors(0),
            regions.normals(0),
            regions.flags(0),
            Vec2::ZERO,
            d,
            0.0,
            0.1,
        );
        assert_eq!(Some(walked), pass, "{d}");
        // Past the whole piece: some of the way out is through a grown face.
        assert!(walked.1 > 1.5, "{d}: {walked:?}");
    }
}

/// Each face is measured and walked from its end nearer the origin, the same end whichever way
/// round it runs, so that the two regions beside a diagonal agree on it exactly.
#[test]
fn a_face_is_anchored_at_and_walked_from_its_end_nearer_the_origin() {
    let (near, far) = (v(1.0, -2.0), v(-3e6, 5e6));
    assert_eq!((anchor(near, far), anchor(far, near)), (near, near));
    // A tie in distance goes the same way both ways round.
    assert_eq!(anchor(v(3.0, 4.0), v(-4.0, 3.0)), anchor(v(-4.0, 3.0), v(3.0, 4.0)));
    // A long thin triangle with its far corners a huge level's extent away, seen from beside its
    // near corner: every face's anchor is its nearer end, and `face` starts there.
    let piece = [v(1.0, 1.0), v(1e6, 2.0), v(1e6, 3.0)];
    for radius in [0.0, 0.5] {
        let regions = rounded_region(&piece, Vec2::ZERO, radius);
        let (verts, normals, anchors) = (regions.verts(0), regions.normals(0), regions.anchors(0));
        assert_eq!(verts.len(), 3);
        for i in 0..3 {
            let (p, q) = (verts[i], verts[(i + 1) % 3]);
            let nearer = if p.length() <= q.length() { p } else { q };
            assert_eq!(anchors[i], nearer, "face {i}");
            let (a, b) = regions.face(0, i);
            let out = normals[i] * radius;
            assert_eq!((a, b), (nearer + out, if nearer == p { q } else { p } + out), "face {i}");
        }
    }
}
