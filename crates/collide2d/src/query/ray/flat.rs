use glam::Vec2;

use super::{Ray, RayHit};
use crate::math::orient2d;

/// A point is hit only when it lies exactly on the ray (exact orientation test).
pub(super) fn ray_point(ray: &Ray, p: Vec2) -> Option<RayHit> {
    let ahead = (p - ray.origin).dot(ray.direction);
    let on_line = orient2d(ray.origin, ray.origin + ray.direction, p) == 0.0;
    (on_line && ahead >= 0.0).then(|| RayHit::at(ray, ahead, -ray.direction))
}

/// A segment: the crossing of the two lines, or, when collinear, the nearer end ahead.
pub(super) fn ray_segment(ray: &Ray, a: Vec2, b: Vec2) -> Option<RayHit> {
    let (o, d) = (ray.origin, ray.direction);
    let e = b - a;
    let denom = d.perp_dot(e);
    let collinear = orient2d(a, b, o) == 0.0 && orient2d(a, b, o + d) == 0.0;
    if collinear || denom == 0.0 {
        if !collinear {
            return None; // parallel, off the line
        }
        let (ta, tb) = ((a - o).dot(d), (b - o).dot(d));
        if ta.min(tb) <= 0.0 && ta.max(tb) >= 0.0 {
            return Some(RayHit::inside(ray));
        }
        let t = ta.min(tb);
        return (t >= 0.0).then(|| RayHit::at(ray, t, -d));
    }
    let t = (a - o).perp_dot(e) / denom;
    let u = (a - o).perp_dot(d) / denom;
    if !(t >= 0.0 && (0.0..=1.0).contains(&u)) {
        return None;
    }
    // The side of the segment facing the ray's origin.
    let n = e.perp().normalize_or_zero();
    let normal = if n.dot(d) > 0.0 { -n } else { n };
    Some(RayHit::at(ray, t, normal))
}
