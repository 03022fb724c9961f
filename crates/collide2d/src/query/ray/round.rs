use glam::Vec2;

use super::flat::ray_segment;
use super::{Ray, RayHit};
use crate::query::core::point_segment_distance_squared;
use crate::shape::Capsule;

/// A disc, from the quadratic `|o + t d − c|² = r²` (with `d` unit).
pub(super) fn ray_circle(ray: &Ray, center: Vec2, r: f32) -> Option<RayHit> {
    let m = ray.origin - center;
    let c = m.length_squared() - r * r;
    if c <= 0.0 {
        return Some(RayHit::inside(ray));
    }
    let b = m.dot(ray.direction);
    let disc = b * b - c;
    if b > 0.0 || disc < 0.0 {
        return None; // pointing away, or missing
    }
    let t = (-b - disc.sqrt()).max(0.0);
    let normal = (ray.at(t) - center).normalize_or(-ray.direction);
    Some(RayHit::at(ray, t, normal))
}

/// A capsule: the nearest hit among its two end discs and its two flat sides.
pub(super) fn ray_capsule(ray: &Ray, k: &Capsule) -> Option<RayHit> {
    let (a, b, r) = (k.a(), k.b(), k.radius());
    if point_segment_distance_squared(ray.origin, a, b) <= r * r {
        return Some(RayHit::inside(ray));
    }
    let side = (b - a).perp().normalize_or_zero() * r;
    let mut hits = [ray_circle(ray, a, r), ray_circle(ray, b, r), None, None];
    if side != Vec2::ZERO {
        hits[2] = ray_segment(ray, a + side, b + side);
        hits[3] = ray_segment(ray, a - side, b - side);
    }
    hits.into_iter().flatten().min_by(|x, y| x.distance.total_cmp(&y.distance))
}
