//! Every query on two arbitrary shapes, a point, a ray and two motions, checked against the
//! crate's stated contract (its docs in `crates/collide2d/src/lib.rs` and on each query), to the
//! extent the docs promise it for the numbers involved (see `Range`): no panic ever; finite
//! results and unit normals while the numbers are bounded; and the queries agreeing with one
//! another (a contact exactly when they intersect, a shape containing itself…) while they are
//! also within a factor of 2²⁰ of one another.
//!
//! Agreement is not asked of shapes that touch to within rounding (neither a gap nor an overlap
//! beyond 1e-6 of the largest number): "for rotated shapes the answer at exact contact is
//! subject to `f32` rounding of the rotation", and each query rounds its own way.

#![no_main]

use arbitrary::Arbitrary;
use collide2d::{
    cast_ray, cast_shape, closest_point, closest_points, contact, contact_deepest_piece_pair, contains, distance,
    intersects, signed_distance, sweep, Ray, Shape, Vec2,
};
use collide2d_fuzz::{assert_finite_vec, assert_unit, numbers, range_of, ArbShape, Num, Range, Scale, P};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    scale: Scale,
    a: ArbShape,
    b: ArbShape,
    point: P,
    ray_origin: P,
    ray_direction: P,
    max_distance: Num,
    motion_a: P,
    motion_b: P,
    max_time: Num,
}

fuzz_target!(|input: Input| {
    let scale = input.scale.get();
    let (Some(a), Some(b)) = (input.a.build(scale), input.b.build(scale)) else { return };
    pair(&a, &b);
    pair(&b, &a);
    for s in [&a, &b] {
        point(s, input.point.get(scale));
        if let Ok(ray) = Ray::new(input.ray_origin.get(scale), input.ray_direction.get(1.0)) {
            ray_cast(s, &ray, input.max_distance.get() * scale);
        }
    }
    casts(&a, &b, input.motion_a.get(scale), input.motion_b.get(scale), input.max_time.get());
});

/// The length of `v`, in `f64` so that neither tiny nor huge vectors lose it.
fn len(v: Vec2) -> f64 {
    (v.x as f64).hypot(v.y as f64)
}

/// The largest size among `values` (the scale against which rounding is judged).
fn largest(values: &[f32]) -> f64 {
    values.iter().fold(0.0f64, |m, v| m.max(v.abs() as f64))
}

fn non_finite_point(s: &Shape) -> bool {
    matches!(s, Shape::Point(p) if !p.is_finite())
}

fn pair(a: &Shape, b: &Shape) {
    let hit = intersects(a, b);
    let c = contact(a, b);
    let fast = contact_deepest_piece_pair(a, b);
    let apart = closest_points(a, b);
    let d = distance(a, b);
    let holds = contains(a, b);
    if non_finite_point(a) || non_finite_point(b) {
        // "A point with a NaN or infinite coordinate intersects nothing, contains nothing and is
        // contained in nothing"; its distance is NaN and it has no closest points.
        assert!(
            !hit && !holds && c.is_none() && fast.is_none() && apart.is_none(),
            "a non-finite point took part: {c:?} {fast:?} {apart:?}"
        );
        assert!(d.is_nan(), "distance to a non-finite point is {d}, not NaN");
        return;
    }
    // The docs say symmetric whatever the numbers (`fuzz_cases.rs` keeps the far-out boxes that
    // once answered each way).
    assert_eq!(hit, intersects(b, a), "intersects is not symmetric");
    let values = [numbers(a), numbers(b)].concat();
    let range = range_of(&values);
    if range == Range::Wild {
        return;
    }
    let tol = 1e-4 * largest(&values);
    for c in [&c, &fast].into_iter().flatten() {
        assert_unit(c.normal, "contact");
        assert!(c.depth.is_finite() && c.depth >= 0.0, "contact depth {}", c.depth);
        for p in c.points() {
            assert_finite_vec(p.point_a, "contact point_a");
            assert_finite_vec(p.point_b, "contact point_b");
            assert!(p.depth.is_finite() && p.depth >= 0.0, "contact point depth {}", p.depth);
        }
    }
    assert!(d.is_finite() && d >= 0.0, "distance {d}");
    if let Some(cp) = &apart {
        assert_finite_vec(cp.point_a, "closest point_a");
        assert_finite_vec(cp.point_b, "closest point_b");
        assert!(cp.distance.is_finite() && cp.distance > 0.0, "closest points distance {}", cp.distance);
        let between = len(cp.point_b - cp.point_a);
        assert!((between - cp.distance as f64).abs() <= tol, "closest points {between} apart, said {}", cp.distance);
        assert!((cp.distance - d).abs() as f64 <= tol, "closest points distance {} vs distance {d}", cp.distance);
    }
    if range < Range::Tame {
        return;
    }
    assert!(contains(a, a), "a shape does not contain itself");
    if touching(a, b, 1e-6 * largest(&values)) {
        return;
    }
    // "`contact(a, b).is_some()` agrees with `intersects`"; closest points are for shapes that
    // do not touch; distance is 0 when they intersect; what holds another shares its points.
    assert_eq!(c.is_some(), hit, "contact {c:?} but intersects {hit}");
    // The deepest piece pair: a contact exactly when they intersect, never deeper than the
    // minimum translation (separating the shapes separates every pair of pieces).
    assert_eq!(fast.is_some(), hit, "deepest piece pair {fast:?} but intersects {hit}");
    if let (Some(f), Some(k)) = (&fast, &c) {
        assert!(
            f.depth as f64 <= k.depth as f64 + tol,
            "deepest piece pair {} deeper than the contact {}",
            f.depth,
            k.depth
        );
    }
    assert_eq!(apart.is_none(), hit, "closest points {apart:?} but intersects {hit}");
    if hit {
        assert_eq!(d, 0.0, "intersecting, yet distance {d}");
    }
    assert!(!holds || hit, "contains, yet does not intersect");
}

/// Whether two shapes touch to within `tol`: neither a gap nor an overlap larger than it.
fn touching(a: &Shape, b: &Shape, tol: f64) -> bool {
    closest_points(a, b).is_none_or(|c| c.distance as f64 <= tol) && contact(a, b).is_none_or(|c| c.depth as f64 <= tol)
}

fn point(s: &Shape, p: Vec2) {
    let sd = signed_distance(s, p);
    let q = closest_point(s, p);
    let inside = contains(s, &p);
    if !p.is_finite() {
        // "A non-finite `p` gives NaN."
        assert!(sd.is_nan() && q.is_nan() && !inside, "a non-finite point gave {sd}, {q:?}, {inside}");
        return;
    }
    if non_finite_point(s) {
        return;
    }
    let values = [numbers(s), vec![p.x, p.y]].concat();
    let range = range_of(&values);
    if range == Range::Wild {
        return;
    }
    assert!(sd.is_finite(), "signed distance {sd} from {p:?}");
    assert_finite_vec(q, "closest point");
    if range < Range::Tame {
        return;
    }
    let tol = 1e-4 * largest(&values);
    if inside {
        // "A point inside a shape is its own closest point"; "negative inside".
        assert_eq!(q, p, "a point inside is not its own closest point");
        assert!(sd as f64 <= tol, "inside, yet signed distance {sd}");
    } else {
        assert!(sd as f64 >= -tol, "outside, yet signed distance {sd}");
        let gap = len(q - p);
        assert!((gap - sd as f64).abs() <= tol, "outside at {sd}, but the closest point is {gap} away");
    }
}

fn ray_cast(s: &Shape, ray: &Ray, max_distance: f32) {
    let hit = cast_ray(s, ray, max_distance);
    if non_finite_point(s) {
        assert!(hit.is_none(), "a ray hit a non-finite point: {hit:?}");
        return;
    }
    let values = [numbers(s), vec![ray.origin().x, ray.origin().y]].concat();
    let range = range_of(&values);
    if range == Range::Wild {
        return;
    }
    if let Some(h) = hit {
        assert!(h.distance.is_finite() && h.distance >= 0.0, "ray hit at {}", h.distance);
        assert!(h.distance <= max_distance, "ray hit at {}, past {max_distance}", h.distance);
        assert_finite_vec(h.point, "ray hit point");
        assert_unit(h.normal, "ray hit");
        let tol = 1e-4 * (largest(&values) + h.distance as f64);
        assert!(len(h.point - ray.at(h.distance)) <= tol, "ray hit point {:?} is not at its distance", h.point);
    }
    let on_edge = touching(s, &Shape::Point(ray.origin()), 1e-6 * largest(&values));
    if range == Range::Tame && max_distance >= 0.0 && contains(s, &ray.origin()) && !on_edge {
        // "A ray starting inside a shape hits it at distance 0 with normal -direction."
        let h = hit.expect("a ray starting inside missed");
        assert_eq!((h.distance, h.normal), (0.0, -ray.direction()), "a ray starting inside");
    }
}

fn casts(a: &Shape, b: &Shape, motion_a: Vec2, motion_b: Vec2, max_time: f32) {
    let hit = cast_shape(a, motion_a, b, motion_b, max_time);
    let swept = sweep(a, motion_a, b);
    if non_finite_point(a) || non_finite_point(b) {
        return;
    }
    let mut values = [numbers(a), numbers(b), vec![motion_a.x, motion_a.y, motion_b.x, motion_b.y]].concat();
    if max_time.is_finite() {
        values.push(max_time);
    }
    let range = range_of(&values);
    if range == Range::Wild || max_time.is_nan() {
        return;
    }
    for (h, limit) in [(hit, max_time), (swept, 1.0)] {
        let Some(h) = h else { continue };
        assert!(h.time.is_finite() && (0.0..=limit).contains(&h.time), "cast hit at time {} of {limit}", h.time);
        assert_finite_vec(h.point, "cast hit point");
        assert_unit(h.normal, "cast hit");
        assert!(!h.started_overlapping || h.time == 0.0, "started overlapping at time {}", h.time);
    }
    if range == Range::Tame && max_time >= 0.0 && !touching(a, b, 1e-6 * largest(&values)) {
        // "Shapes that touch or overlap at time 0 give a hit at time 0 with
        // started_overlapping set, whichever way they move."
        let overlapping = intersects(a, b);
        let started = hit.is_some_and(|h| h.started_overlapping);
        assert_eq!(started, overlapping, "cast {hit:?}, but intersects at time 0 is {overlapping}");
    }
}
