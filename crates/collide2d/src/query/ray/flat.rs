use glam::Vec2;

use super::{Ray, RayHit};
use crate::math::Order;
use crate::math::{direction_or, orient2d};

/// A point is hit only when it lies on the ray's line (the cross product of the direction and
/// the offset, in f64, is zero: `origin + direction` would round away from the line for an
/// origin far from zero).
pub(super) fn ray_point(ray: &Ray, p: Vec2) -> Option<RayHit> {
    let (d, m) = (ray.direction.as_dvec2(), p.as_dvec2() - ray.origin.as_dvec2());
    let ahead = m.dot(d);
    (d.perp_dot(m) == 0.0 && ahead >= 0.0).then(|| RayHit::at(ray, ahead as f32, -ray.direction))
}

/// A segment: the crossing of the two lines, or, when collinear, the nearer end ahead. In f64,
/// where the cross products neither overflow nor underflow at any size.
pub(super) fn ray_segment(ray: &Ray, a: Vec2, b: Vec2) -> Option<RayHit> {
    let (o, d) = (ray.origin.as_dvec2(), ray.direction.as_dvec2());
    let (e, m) = (b.as_dvec2() - a.as_dvec2(), a.as_dvec2() - o);
    let denom = d.perp_dot(e);
    let collinear = orient2d(a, b, ray.origin) == 0.0 && denom == 0.0;
    if collinear || denom == 0.0 {
        if !collinear {
            return None; // parallel, off the line
        }
        let (ta, tb) = (m.dot(d), (b.as_dvec2() - o).dot(d));
        if ta.at_most(tb) <= 0.0 && ta.at_least(tb) >= 0.0 {
            return Some(RayHit::inside(ray));
        }
        let t = ta.at_most(tb);
        return (t >= 0.0).then(|| RayHit::at(ray, t as f32, -ray.direction));
    }
    let t = m.perp_dot(e) / denom;
    let u = m.perp_dot(d) / denom;
    if !(t >= 0.0 && (0.0..=1.0).contains(&u)) {
        return None;
    }
    // The side of the segment facing the ray's origin.
    let n = direction_or(a, b, Vec2::X).perp();
    let normal = if n.dot(ray.direction) > 0.0 { -n } else { n };
    Some(RayHit::at(ray, t as f32, normal))
}
