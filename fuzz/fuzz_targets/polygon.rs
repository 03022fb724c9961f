//! `Polygon::with_holes` on arbitrary rings (any numbers, extremes included): it refuses or
//! builds, never panics, and what it builds keeps the type's promises: finite rings wound as
//! documented, convex pieces covering the area, its own vertices inside it, and the polygon
//! containing and intersecting itself.

#![no_main]

use arbitrary::Arbitrary;
use collide2d::{contains, intersects, Polygon, Shape, ShapeError, Vec2};
use collide2d_fuzz::{numbers, points, range_of, Range, Scale, P};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    scale: Scale,
    outline: Vec<P>,
    holes: Vec<Vec<P>>,
}

fuzz_target!(|input: Input| {
    let scale = input.scale.get();
    let outline = points(&input.outline, 64, scale);
    let holes: Vec<Vec<Vec2>> = input.holes.iter().take(8).map(|h| points(h, 32, scale)).collect();
    match Polygon::with_holes(&outline, &holes) {
        Ok(polygon) => check(&polygon, &outline, &holes),
        Err(e) => {
            assert!(!e.to_string().is_empty() && !e.to_string().contains('\n'), "error {e:?}");
            // "Validation passed, so the exact triangulator should agree": for sizes alike,
            // refusing rings that passed validation is a bug of the decomposition, not of the
            // input. (With sizes far apart, 1e-13 beside 2762, `f32` cannot hold the detail.)
            let all: Vec<f32> = outline.iter().chain(holes.iter().flatten()).flat_map(|p| [p.x, p.y]).collect();
            let failed = matches!(e, ShapeError::DecompositionFailed { .. });
            assert!(!failed || range_of(&all) < Range::Tame, "valid rings, failed decomposition: {e}");
        }
    }
});

/// Twice the signed area of a ring (positive counter-clockwise with y up), in `f64`, and
/// whether its sign is certain: each term is a product of two `f32`s, exact in `f64`, so the
/// sum is off by at most `n ε Σ|term|`.
fn signed_area2(ring: &[Vec2]) -> (f64, bool) {
    let n = ring.len();
    let terms = (0..n).map(|i| {
        let (p, q) = (ring[i], ring[(i + 1) % n]);
        p.x as f64 * q.y as f64 - q.x as f64 * p.y as f64
    });
    let (sum, size) = terms.fold((0.0, 0.0), |(s, a): (f64, f64), t| (s + t, a + t.abs()));
    (sum, sum.abs() > 4.0 * n as f64 * f64::EPSILON * size)
}

fn check(polygon: &Polygon, outline: &[Vec2], holes: &[Vec<Vec2>]) {
    assert!(outline.iter().chain(holes.iter().flatten()).all(|v| v.is_finite()), "accepted a non-finite vertex");
    let rings: Vec<&[Vec2]> =
        std::iter::once(polygon.outline()).chain(polygon.holes().iter().map(Vec::as_slice)).collect();
    assert_eq!(polygon.holes().len(), holes.len(), "holes lost or added");
    for (i, ring) in rings.iter().enumerate() {
        assert!(ring.len() >= 3, "ring {i} has {} vertices", ring.len());
        // "Outline counter-clockwise, holes clockwise (with y up)".
        let (area2, certain) = signed_area2(ring);
        assert!(!certain || (area2 > 0.0) == (i == 0), "ring {i} is wound the wrong way ({area2})");
        // "Repeated vertices are dropped".
        for k in 0..ring.len() {
            assert_ne!(ring[k], ring[(k + 1) % ring.len()], "ring {i} repeats a vertex");
        }
    }
    let bounds = polygon.aabb();
    for v in rings.iter().copied().flatten() {
        let (lo, hi) = (bounds.min(), bounds.max());
        assert!(lo.x <= v.x && v.x <= hi.x && lo.y <= v.y && v.y <= hi.y, "vertex {v:?} outside the bounds");
    }
    // Out of range the area may overflow or underflow `f32`, and with sizes far apart (a sliver
    // 1e18 long and 40 wide) it is lost to rounding.
    let range = range_of(&numbers(&Shape::Polygon(polygon.clone())));
    if range == Range::Wild {
        return;
    }
    let area = polygon.area();
    assert!(area.is_finite(), "area {area}");
    // An area below f32's normal numbers (rings 1e-17 across whose vertices differ by a few
    // ulps enclose about 1e-46) rounds to 0 or loses its digits however it is summed.
    let expected = (rings.iter().map(|r| signed_area2(r).0).sum::<f64>() / 2.0).abs();
    if range < Range::Tame || expected < 1e3 * f32::MIN_POSITIVE as f64 {
        return;
    }
    assert!(area > 0.0, "area {area}");
    // The pieces "cover it exactly and overlap only along shared edges": their areas add up.
    let pieces: f64 = polygon.convex_parts().iter().map(|p| p.area() as f64).sum();
    let tol = 1e-3 * expected;
    assert!((pieces - expected).abs() <= tol, "pieces cover {pieces}, the rings {expected}");
    assert!((area as f64 - expected).abs() <= tol, "area {area}, the rings {expected}");
    // Boundary included: every vertex is in.
    for v in rings.iter().copied().flatten() {
        assert!(polygon.contains_point(*v), "its own vertex {v:?} is not in the polygon");
    }
    let shape = Shape::Polygon(polygon.clone());
    assert!(intersects(&shape, &shape), "does not intersect itself");
    assert!(contains(&shape, &shape), "does not contain itself");
}
