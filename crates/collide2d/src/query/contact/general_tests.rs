//! The faces' shortcut for cores apart within the radii, held to the exact scan it stands in for.

use super::*;
use crate::query::contact::agree;
use crate::shape::{Capsule, Circle, ConvexPolygon, Obb, Segment as SegmentShape};
use crate::test_rng::signed_uniform;

/// `apart_by_faces` where it answers, against `apart_within_radii`, for a pair whose cores
/// are apart: whether it answered, and with a contact.
fn shortcut_agrees(a: ShapeRef, b: ShapeRef, size: f32) -> Option<bool> {
    let ((ca, ra), (cb, rb)) = (Core::of(a), Core::of(b));
    if cores_overlap(&ca, &cb) {
        return None;
    }
    let (mut store_a, mut store_b) = ([Vec2::ZERO; 2], [Vec2::ZERO; 2]);
    let (a, b) = (Rounded::new(&ca, ra, &mut store_a), Rounded::new(&cb, rb, &mut store_b));
    let separations = (max_separation(a.faces(), cb.vertices(), f32::INFINITY), {
        max_separation(b.faces(), ca.vertices(), f32::INFINITY)
    });
    let (sa, sb) = (super::size(ca.vertices()), super::size(cb.vertices()));
    let bands = (beyond_rounding(sa, sb, ra + rb), (sa, sb));
    let mut unsure = false;
    let fast = apart_by_faces(a, separations.0, b, separations.1, bands, || {
        unsure = true;
        None
    });
    if unsure {
        return None;
    }
    let exact = apart_within_radii(a, b);
    if let Err(why) = agree(fast, exact, size, false) {
        panic!("the faces' answer is not the exact scan's: {why}");
    }
    Some(fast.is_some())
}

#[test]
fn the_faces_shortcut_answers_as_the_exact_scan_at_every_scale() {
    let mut r = signed_uniform(0x9e37_79b9_7f4a_7c15);
    // Per kind of pair (the capsule lying along a face first): pairs apart and in contact
    // that the shortcut answered, and pairs asked.
    let mut answered = [[0; 2]; 7];
    let mut asked = [0; 7];
    let mut tally = |kind: usize, answer: Option<bool>| {
        asked[kind] += 1;
        if let Some(touching) = answer {
            answered[kind][touching as usize] += 1;
        }
    };
    for scale in [1e-12f32, 1e-3, 1.0, 7.5, 1e4, 1e12] {
        for i in 0..8_000 {
            let mut v = || Vec2::new(r(), r()) * 3.0 * scale;
            let (centre, p, q) = (v(), v(), v());
            let sides = 3 + (i % 9);
            let turn = r() * 3.2;
            let gon = ConvexPolygon::regular(sides, centre, (1.2 + r()) * scale, turn).unwrap();
            let obb = Obb::new(centre, Vec2::new(1.1 + r(), 1.1 + r()) * scale, turn).unwrap();
            let radius = (0.8 + 0.7 * r()) * scale;
            let mut q = p + (q - p) * 0.4;
            if i % 5 == 0 {
                // Lying along the polygon's first face, a little out.
                let (v0, v1, n) = (gon.vertices()[0], gon.vertices()[1], gon.normals()[0]);
                let out = n * radius * (1.0 + 0.9 * r());
                q = v1 + out + (v1 - v0) * 0.3 * r();
                let p = v0 + out;
                let stick = Capsule::new(p, q, radius).unwrap();
                tally(0, shortcut_agrees(ShapeRef::Capsule(&stick), ShapeRef::ConvexPolygon(&gon), 10.0 * scale));
            }
            let pill = Capsule::new(p, q, radius).unwrap();
            let disc = Circle::new(p, radius).unwrap();
            let segment = SegmentShape::new(p, q).unwrap();
            for (kind, (x, y)) in [
                (ShapeRef::Capsule(&pill), ShapeRef::ConvexPolygon(&gon)),
                (ShapeRef::ConvexPolygon(&gon), ShapeRef::Capsule(&pill)),
                (ShapeRef::Circle(&disc), ShapeRef::ConvexPolygon(&gon)),
                (ShapeRef::Obb(&obb), ShapeRef::Circle(&disc)),
                (ShapeRef::Segment(&segment), ShapeRef::ConvexPolygon(&gon)),
                (ShapeRef::Obb(&obb), ShapeRef::Capsule(&pill)),
            ]
            .into_iter()
            .enumerate()
            {
                tally(kind + 1, shortcut_agrees(x, y, 10.0 * scale));
            }
        }
    }
    // The shortcut answered most pairs of every kind (all but those whose cores overlap), and
    // often with a contact (never for the bare segment, which has no radius to reach with):
    // the comparison cannot pass by leaving pairs to the exact scan.
    for (kind, ([apart, touching], asked)) in answered.into_iter().zip(asked).enumerate() {
        assert!(3 * (apart + touching) > 2 * asked, "kind {kind}: {answered:?} of {asked}");
        assert_eq!(kind == 5, 10 * touching < asked, "kind {kind}: {answered:?} of {asked}");
    }
}

#[test]
fn an_approach_is_the_distance_only_when_a_face_or_an_axis_shows_it() {
    // The unit square, and points 1 to its right and a diagonal √2 beyond its corner.
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    let normals = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
    let box_core = Core::Polygon(&square, &normals);
    let (beside, beyond) = (Core::Point([Vec2::new(2.0, 0.5)]), Core::Point([Vec2::new(2.0, 2.0)]));
    let diagonal = Vec2::ONE.normalize();
    let scales = (1.0, 2.0);
    // As short as the face's separation: the distance.
    assert!(approach_is_distance((&box_core, &beside), Vec2::X, 1.0, 1.0, scales));
    // End against end: the projections along the diagonal are √2 apart, as the approach.
    assert!(approach_is_distance((&box_core, &beyond), diagonal, 2f64.sqrt(), 1.0, scales));
    // Approaches longer than the distance: neither the face nor the axis shows them.
    assert!(!approach_is_distance((&box_core, &beside), Vec2::X, 1.5, 1.0, scales));
    assert!(!approach_is_distance((&box_core, &beyond), diagonal, 1.5, 1.0, scales));
    assert!(!approach_is_distance((&box_core, &beyond), Vec2::X, 2f64.sqrt(), 1.0, scales));
    // Short of the distance by far less than a millionth of the sizes: taken.
    assert!(approach_is_distance((&box_core, &beside), Vec2::X, 1.0 + 2e-6, 1.0, scales));
    assert!(!approach_is_distance((&box_core, &beside), Vec2::X, 1.0 + 4e-6, 1.0, scales));
}
