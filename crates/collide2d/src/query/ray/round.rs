use glam::Vec2;

use super::{Ray, RayHit};
use crate::math::Order;
use crate::math::{direction_or, unit64_or, unrotate};
use crate::query::core::{point_segment_distance_squared, within};
use crate::shape::Capsule;

/// A disc: where the ray's line passes within `r` of the centre, back from the foot of the
/// perpendicular by `√(r² − h²)`. The foot is computed directly (`m − d (m · d)`), not through
/// `|m|² − (m · d)²`, which cancels for a ray passing a small disc from far off: hit points came
/// out up to 2e-5 of the ray's length off the circle, and near misses hit.
pub(super) fn ray_circle(ray: &Ray, center: Vec2, r: f32) -> Option<RayHit> {
    let m = ray.origin - center;
    let (r2, m2) = (r * r, m.length_squared());
    // The f32 steps are sound while the origin is within 1e15 of the centre, the radius above
    // 1e-15, and the origin within a hundred radii: the rounding of the offset and of the hit
    // point, about 6e-8 of the origin's distance, tilts the normal by up to about 1e-5 there,
    // and by more than 1e-4 at glancing hits from a thousand radii. Otherwise the same steps in
    // f64.
    if !f32_serves(m2, r2) {
        return ray_circle_f64(ray, center, r);
    }
    if m2 <= r2 {
        return Some(RayHit::inside(ray));
    }
    let b = m.dot(ray.direction);
    let h2 = (m - ray.direction * b).length_squared();
    if away(b) || h2 > r2 {
        return None; // pointing away, or missing
    }
    let t = (-b - (r2 - h2).sqrt()).at_least(0.0);
    // The hit lies on the circle, so its offset from the centre has length `r`: dividing by it
    // makes the normal unit without a square root. From beyond ten radii, the rounding of the
    // hit (about 6e-8 of the origin's distance each way) can stretch it past 1e-5: normalise.
    let offset = (m + ray.direction * t) / r;
    let normal = if unit_already(m2, r2) { offset } else { offset.normalize_or(fallback_normal(ray)) };
    Some(RayHit::at(ray, t, normal))
}

/// [`ray_circle`] in f64, where the squares neither overflow nor underflow at any size.
#[cold]
fn ray_circle_f64(ray: &Ray, center: Vec2, r: f32) -> Option<RayHit> {
    let (m, d) = (ray.origin.as_dvec2() - center.as_dvec2(), ray.direction.as_dvec2());
    let r2 = r as f64 * r as f64;
    if m.length_squared() <= r2 {
        return Some(RayHit::inside(ray));
    }
    // The direction is unit only to f32 rounding, which from 10⁴ radii off moves the hit along
    // the ray by a good part of a radius: the foot of the perpendicular and the step back from
    // it are worked with its true length.
    let (a, b) = (d.length_squared(), m.dot(d));
    let foot = -b / a;
    let h2 = (m + d * foot).length_squared();
    if away_f64(b) || h2 > r2 {
        return None; // pointing away, or missing
    }
    let t = (foot - step_back(r2, h2, a)).at_least(0.0);
    // The normal from the hit relative to the centre: exact even for a small disc far from the
    // origin, where the f32 hit point would round it away.
    let normal = unit64_or(m + d * t, fallback_normal(ray));
    Some(RayHit::at(ray, t as f32, normal))
}

/// A capsule, in its own frame (x from end `a` towards `b`): a ray from outside enters the
/// band `|y| ≤ r` either through a flat side, between the ends, or within reach of an end disc,
/// which is then the only part it can hit first.
pub(super) fn ray_capsule(ray: &Ray, k: &Capsule) -> Option<RayHit> {
    let (a, b, r) = (k.a(), k.b(), k.radius());
    if within(point_segment_distance_squared(ray.origin, a, b), r, 0.0) {
        return Some(RayHit::inside(ray));
    }
    if a == b {
        return ray_circle(ray, a, r);
    }
    let axis = direction_or(a, b, Vec2::X);
    let length = axis.dot(b - a);
    let (o, d) = (unrotate(axis, ray.origin - a), unrotate(axis, ray.direction));
    let end_at = |x: f32| if x < 0.0 { a } else { b };
    if o.y.abs() <= r {
        // Already in the band, beyond an end: only that end's disc is ahead.
        return ray_circle(ray, end_at(o.x), r);
    }
    let side = r.copysign(o.y);
    let t = (side - o.y) / d.y;
    #[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN (parallel to the band) must miss
    if !(t >= 0.0) {
        return None; // moving away from the band, or along it outside
    }
    let x = o.x + t * d.x;
    if (0.0..=length).contains(&x) {
        return Some(RayHit::at(ray, t, axis.rotate(Vec2::new(0.0, side.signum()))));
    }
    ray_circle(ray, end_at(x), r)
}

// ray_circle's and ray_circle_f64's tests that mutation testing cannot tell apart from others
// beside them, each its own function so that their exclusions name it alone.

/// Whether ray_circle's f32 steps serve: the origin within 1e15 of the centre
/// ([`within_f32_reach`]), the radius above 1e-15, and the origin within a hundred radii. A
/// gate into f64, where it only sends more rays to the f64 steps, which are the same steps,
/// exact to f32 rounding at any size: `==` or `>=` for the radius's `>`, `==` or `<=` for the
/// hundred radii's `<`, `r2 / 1e4`, and `false` send more there.
#[inline]
fn f32_serves(m2: f32, r2: f32) -> bool {
    within_f32_reach(m2) && r2 > 1e-30 && m2 < r2 * 1e4
}

/// Whether the origin is within 1e15 of the centre (`m2` its squared distance), for
/// [`f32_serves`]. Every mutant of it is equivalent: sending more origins to the f64 steps
/// changes nothing, and `m2 > 1e30` (or no test at all) sends to the f32 steps only origins
/// beyond 1e15 within a hundred radii, where those steps neither overflow nor lose more.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn within_f32_reach(m2: f32) -> bool {
    m2 < 1e30
}

/// Whether the ray points away from the centre (`b`, the offset's dot with the direction, above
/// 0). `b >= 0` differs only at `b = 0` from outside, where the line's nearest point is the
/// origin itself, outside the disc, so the ray misses either way.
#[inline]
fn away(b: f32) -> bool {
    b > 0.0
}

/// [`away`] in f64, for ray_circle_f64.
#[inline]
fn away_f64(b: f64) -> bool {
    b > 0.0
}

/// Whether a hit's offset over the radius is unit already, from an origin within ten radii
/// (`m2 ≤ 100 r2`). `r2 / 100` (or `false`) normalises from a tenth of a radius on, a vector
/// of length 1 to rounding already.
#[inline]
fn unit_already(m2: f32, r2: f32) -> bool {
    m2 <= r2 * 100.0
}

/// ray_circle_f64's step back from the foot along the ray, `√((r² − h²) / a)`, with `a` the
/// direction's squared length. `× a` for `/ a`: `a` is 1 to f32 rounding, and the step is at
/// most a radius, so the two differ by about 2e-7 of a radius.
#[inline]
fn step_back(r2: f64, h2: f64, a: f64) -> f64 {
    ((r2 - h2) / a).sqrt()
}

/// The normal for a hit at the centre, against the ray. Never taken: a hit lies on the circle,
/// a radius (above 1e-15 in f32) from the centre, so every mutant of it is equivalent.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn fallback_normal(ray: &Ray) -> Vec2 {
    -ray.direction
}
