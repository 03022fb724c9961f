//! Ray casts: where a ray first meets a shape.
//!
//! Shapes are solid: a ray that starts inside (or on the boundary of) a shape hits it at once,
//! at distance 0, with the normal pointing back against the ray (`-direction`), the way game
//! engines report a cast that begins in a collider.

mod flat;
mod polygonal;
mod round;

use glam::Vec2;

use super::{ShapeLike, ShapeRef};
use crate::math::unit_or;
use crate::math::Order;
use crate::shape::{finite_vec, Aabb, ShapeError};

/// A half-line from `origin` along a unit `direction`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    origin: Vec2,
    direction: Vec2,
}

impl Ray {
    /// The ray from `origin` along `direction` (normalised here, at any finite length: it must
    /// be finite and non-zero).
    pub fn new(origin: Vec2, direction: Vec2) -> Result<Self, ShapeError> {
        finite_vec("Ray", "origin", origin)?;
        finite_vec("Ray", "direction", direction)?;
        let unit = unit_or(direction, Vec2::ZERO);
        if unit == Vec2::ZERO {
            return Err(ShapeError::BadSize {
                shape: "Ray",
                field: "direction length",
                requirement: "positive",
                value: 0.0,
            });
        }
        Ok(Self { origin, direction: unit })
    }

    /// Where the ray starts.
    #[inline]
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// Its unit direction.
    #[inline]
    pub fn direction(&self) -> Vec2 {
        self.direction
    }

    /// The point at `distance` along the ray.
    #[inline]
    pub fn at(&self, distance: f32) -> Vec2 {
        self.origin + self.direction * distance
    }
}

/// Where a ray meets a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Distance from the ray's origin to the hit (0 when the ray starts inside).
    pub distance: f32,
    /// The hit point, `ray.at(distance)`.
    pub point: Vec2,
    /// The shape's outward unit normal at the hit (`-direction` for a ray starting inside, and
    /// for a ray running along a segment or hitting a point end-on).
    pub normal: Vec2,
}

impl RayHit {
    pub(crate) fn at(ray: &Ray, distance: f32, normal: Vec2) -> Self {
        Self { distance, point: ray.at(distance), normal }
    }

    pub(crate) fn inside(ray: &Ray) -> Self {
        Self { distance: 0.0, point: ray.origin, normal: -ray.direction }
    }
}

/// The first point where `ray` meets `shape` within `max_distance`, or `None`. A hit whose
/// distance or point would lie beyond the `f32` range is not reported, and a NaN or negative
/// `max_distance` finds nothing (the C, Python and JS bindings refuse a NaN one as an error).
///
/// ```
/// use collide2d::{cast_ray, query::ray::Ray, Aabb, Vec2};
/// let wall = Aabb::from_xywh(5.0, -1.0, 1.0, 2.0)?;
/// let ray = Ray::new(Vec2::ZERO, Vec2::X)?;
/// let hit = cast_ray(&wall, &ray, 100.0).expect("hits the wall");
/// assert_eq!((hit.distance, hit.point, hit.normal), (5.0, Vec2::new(5.0, 0.0), Vec2::NEG_X));
/// assert!(cast_ray(&wall, &ray, 4.0).is_none()); // too short
/// assert!(cast_ray(&wall, &ray, f32::NAN).is_none());
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn cast_ray<S: ShapeLike + ?Sized>(shape: &S, ray: &Ray, max_distance: f32) -> Option<RayHit> {
    let hit = cast_ray_ref(shape.shape_ref(), ray)?;
    // A hit further than f32 reaches (from one end of its range to the other), or one that
    // rounding put there along a face the ray barely turns towards, is no hit.
    (hit.distance <= max_distance && hit.point.is_finite()).then_some(hit)
}

/// A concave polygon: a ray from inside hits at once; from outside, its first entry into any
/// convex piece is its first entry into the polygon, on the true boundary. Each piece is cast
/// as a convex polygon of its own, far-off starts included: a piece can be far smaller than
/// the polygon (a star's 2e-7 core hit a ray passing 48 away).
fn ray_concave(ray: &Ray, p: &crate::polygon::Polygon) -> Option<RayHit> {
    if p.contains_point(ray.origin) {
        return Some(RayHit::inside(ray));
    }
    p.convex_parts()
        .iter()
        .filter_map(|part| cast_ray_ref(ShapeRef::ConvexPolygon(part), ray))
        .min_by(|a, b| a.distance.total_cmp(&b.distance))
}

fn cast_ray_ref(shape: ShapeRef, ray: &Ray) -> Option<RayHit> {
    use ShapeRef as S;
    match shape {
        // Exact or f64 at any distance: points and segments in f64, boxes axis by axis (which
        // never mixes the origin's coordinates), discs in f64 from a hundred radii.
        S::Point(p) => flat::ray_point(ray, p),
        S::Segment(s) => flat::ray_segment(ray, s.a(), s.b()),
        S::Aabb(b) => polygonal::ray_aabb(ray, b),
        S::Circle(c) => round::ray_circle(ray, c.center(), c.radius()),
        // The others measure the origin against faces or rotate it: from far off, start near.
        // Each names a point of the shape and a size no larger than its bounds' (cheap to find;
        // the bounds themselves are only needed from far off).
        S::Capsule(k) => {
            let size = (k.b() - k.a()).abs().max_element().at_least(2.0 * k.radius());
            from_near(ray, k.a(), size, || k.aabb(), |ray| round::ray_capsule(ray, k))
        }
        S::Obb(o) => {
            let size = o.half_extents().max_element();
            from_near(ray, o.center(), size, || o.aabb(), |ray| polygonal::ray_obb(ray, o))
        }
        S::ConvexPolygon(c) => {
            let (first, second) = (c.vertices()[0], c.vertices()[1]);
            let size = (second - first).abs().max_element();
            from_near(ray, first, size, || c.aabb(), |ray| polygonal::ray_polygon(ray, c.vertices(), c.normals()))
        }
        S::Polygon(p) => {
            let bounds = p.aabb();
            let size = (bounds.max() - bounds.min()).max_element();
            from_near(ray, bounds.min(), size, || bounds, |ray| ray_concave(ray, p))
        }
        // Walked in f64 from the grid's own origin: exact at any distance the grid allows.
        S::TileMap(m) => crate::query::tiles::ray_map(m, ray),
    }
}

/// How many of a shape's sizes away a ray's origin may be before [`from_near`] moves it closer.
const FAR: f32 = 1e3;

/// Casts `ray` by `cast` at a shape holding the point `anchor`, whose bounds (`bounds`) are at
/// least `size` on their longer side: from nearby when the origin is far.
///
/// Rotating the origin into a shape's frame, or measuring it against a face, mixes its two
/// coordinates in f32, so from far off the rounding of the larger swamps how far the ray passes
/// (a ray from 1e18 out, nearly along x, hit a polygon it misses by 600). From beyond [`FAR`]
/// sizes, the cast starts instead where the ray comes within a size of the bounds, found by the
/// slab method in f64; the rounding of that start (a few steps of its own coordinates) keeps it
/// outside the bounds. A `size` below the bounds' only sends more rays the slower way.
#[inline]
fn from_near(
    ray: &Ray,
    anchor: Vec2,
    size: f32,
    bounds: impl FnOnce() -> Aabb,
    cast: impl Fn(&Ray) -> Option<RayHit>,
) -> Option<RayHit> {
    if (ray.origin - anchor).abs().max_element() <= FAR * size {
        return cast(ray);
    }
    from_near_cold(ray, &bounds(), cast)
}

#[cold]
fn from_near_cold(ray: &Ray, bounds: &Aabb, cast: impl Fn(&Ray) -> Option<RayHit>) -> Option<RayHit> {
    let size = (bounds.max() - bounds.min()).max_element();
    let centre = bounds.center();
    let margin = margin(size, centre);
    let (o, d) = (ray.origin.as_dvec2(), ray.direction.as_dvec2());
    let (lo, hi) = (bounds.min().as_dvec2() - margin, bounds.max().as_dvec2() + margin);
    let (enter, _) = crate::math::ray_in_box64(o, d, lo, hi)?;
    let near = Ray { origin: (o + d * enter).as_vec2(), direction: ray.direction };
    let hit = cast(&near)?;
    Some(RayHit::at(ray, (enter + hit.distance as f64) as f32, hit.normal))
}

/// Four rounding steps of 1, in f64: the scale of a coordinate's rounding, for [`margin`].
const ULPS: f64 = 4.0 * f32::EPSILON as f64;

/// from_near_cold's margin around bounds of side `size` centred at `centre`: the side, a few
/// rounding steps of the centre's coordinates, and the least normal f32. Its own function so
/// that the mutation exclusion for `ULPS + |centre|` names it alone. Not a strict equivalence,
/// precision only: that starts up to |centre| further off, where the cast rounds no more than
/// the shape's own coordinates do.
#[inline]
fn margin(size: f32, centre: Vec2) -> f64 {
    size as f64 + ULPS * centre.abs().max_element() as f64 + f32::MIN_POSITIVE as f64
}
