//! Box2D v3 beside us and parry2d: the same generated shapes given to Box2D's own narrow-phase
//! routines, through `boxdd-sys` (which builds Box2D's C sources with `cc`: `-O2`,
//! `-ffp-contract=off`, its default SIMD path).
//!
//! Each shape is kept as Box2D keeps it, in its local frame with a transform, and each query
//! does the set-up Box2D's own callers do around the routine, so that both sides start from
//! shapes placed in the world and end with an answer in world space:
//! - contact: the pose of B in A's frame (`b2InvMulTransforms`), the `b2Collide…` routine, then
//!   the normal and points rotated back into the world, as `b2UpdateContact` does; a pair whose
//!   routine takes the other order (a capsule against a polygon) is swapped, as Box2D's contact
//!   registry swaps it, and its normal turned round;
//! - distance and shape casts: the proxies made from the shapes (`b2MakeShapeDistanceProxy`),
//!   the relative pose, a zeroed simplex cache (a fresh query, not a warm one);
//! - rays: the ray taken into the shape's frame, `b2RayCast…`, the hit taken back out, as a
//!   world ray cast does.
//!
//! Box2D's polygons hold at most 8 vertices: the 16- and 32-gon families have no Box2D column.

#![allow(dead_code)]

use boxdd_sys::ffi as b2;
use collide2d::{Circle, Obb, Vec2};

use super::common::{Gon, Pill, Stick};

/// A shape as Box2D holds it: its kind's struct in its local frame, and its transform.
pub trait Box2dSpec {
    type Shape: Copy;
    fn box2d(&self) -> (b2::b2Transform, Self::Shape);
}

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

fn g(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// The transform at `center` turned by `angle`.
pub fn transform(center: Vec2, angle: f32) -> b2::b2Transform {
    let (s, c) = angle.sin_cos();
    b2::b2Transform { p: v(center), q: b2::b2Rot { c, s } }
}

impl Box2dSpec for Circle {
    type Shape = b2::b2Circle;
    fn box2d(&self) -> (b2::b2Transform, b2::b2Circle) {
        (transform(self.center(), 0.0), b2::b2Circle { center: v(Vec2::ZERO), radius: self.radius() })
    }
}

impl Box2dSpec for Obb {
    type Shape = b2::b2Polygon;
    fn box2d(&self) -> (b2::b2Transform, b2::b2Polygon) {
        let h = self.half_extents();
        // SAFETY: plain value function of Box2D's C API.
        (transform(self.center(), self.rotation()), unsafe { b2::b2MakeBox(h.x, h.y) })
    }
}

impl Box2dSpec for Gon {
    type Shape = b2::b2Polygon;
    fn box2d(&self) -> (b2::b2Transform, b2::b2Polygon) {
        assert!(self.sides <= 8, "Box2D's polygons hold at most 8 vertices");
        let points: Vec<b2::b2Vec2> = self.local_vertices().into_iter().map(v).collect();
        // SAFETY: `points` holds `sides` vertices; the hull is Box2D's own, as `b2MakePolygon` asks.
        let polygon = unsafe {
            let hull = b2::b2ComputeHull(points.as_ptr(), points.len() as i32);
            assert_eq!(hull.count as usize, self.sides, "a regular polygon is its own hull");
            b2::b2MakePolygon(&hull, 0.0)
        };
        (transform(self.center, self.rotation), polygon)
    }
}

impl Box2dSpec for Pill {
    type Shape = b2::b2Capsule;
    fn box2d(&self) -> (b2::b2Transform, b2::b2Capsule) {
        let half = Vec2::new(self.half_length, 0.0);
        let capsule = b2::b2Capsule { center1: v(-half), center2: v(half), radius: self.radius };
        (transform(self.center, self.rotation), capsule)
    }
}

impl Box2dSpec for Stick {
    type Shape = b2::b2Segment;
    fn box2d(&self) -> (b2::b2Transform, b2::b2Segment) {
        let half = Vec2::new(self.half_length, 0.0);
        (transform(self.center, self.rotation), b2::b2Segment { point1: v(-half), point2: v(half) })
    }
}

/// One pair as Box2D holds it.
pub struct Pair<A, B> {
    pub xf_a: b2::b2Transform,
    pub a: A,
    pub xf_b: b2::b2Transform,
    pub b: B,
}

/// The pairs `specs` as Box2D holds them.
pub fn pairs<SA: Box2dSpec, SB: Box2dSpec>(specs: &[(SA, SB)]) -> Vec<Pair<SA::Shape, SB::Shape>> {
    specs
        .iter()
        .map(|(a, b)| {
            let ((xf_a, a), (xf_b, b)) = (a.box2d(), b.box2d());
            Pair { xf_a, a, xf_b, b }
        })
        .collect()
}

fn rotate(q: b2::b2Rot, p: b2::b2Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: q.c * p.x - q.s * p.y, y: q.s * p.x + q.c * p.y }
}

fn inv_rotate(q: b2::b2Rot, p: b2::b2Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: q.c * p.x + q.s * p.y, y: -q.s * p.x + q.c * p.y }
}

/// `b2InvMulTransforms(a, b)`: the pose of `b` in `a`'s frame.
fn inv_mul(a: b2::b2Transform, b: b2::b2Transform) -> b2::b2Transform {
    let q = b2::b2Rot { c: a.q.c * b.q.c + a.q.s * b.q.s, s: a.q.c * b.q.s - a.q.s * b.q.c };
    let d = b2::b2Vec2 { x: b.p.x - a.p.x, y: b.p.y - a.p.y };
    b2::b2Transform { p: inv_rotate(a.q, d), q }
}

/// A contact manifold in world space, as `b2UpdateContact` leaves it: the normal from A to B,
/// and each point's anchor on A (relative to A's origin) and separation.
#[derive(Clone, Copy, Debug)]
pub struct Manifold {
    pub normal: Vec2,
    pub anchors: [Vec2; 2],
    pub separations: [f32; 2],
    pub count: usize,
}

impl Manifold {
    /// The deepest point's penetration (positive when overlapping), if there is a point.
    pub fn depth(&self) -> Option<f32> {
        (self.count > 0).then(|| -self.separations[..self.count].iter().copied().fold(f32::INFINITY, f32::min))
    }
}

fn to_world(xf_a: b2::b2Transform, local: b2::b2LocalManifold, flip: bool) -> Manifold {
    let normal = g(rotate(xf_a.q, local.normal));
    let mut m = Manifold {
        normal: if flip { -normal } else { normal },
        anchors: [Vec2::ZERO; 2],
        separations: [0.0; 2],
        count: local.pointCount as usize,
    };
    for i in 0..m.count {
        m.anchors[i] = g(rotate(xf_a.q, local.points[i].point));
        m.separations[i] = local.points[i].separation;
    }
    m
}

/// The Box2D routine for a pair of kinds.
pub trait Collide<B> {
    fn collide(p: &Pair<Self, B>) -> Manifold
    where
        Self: Sized;
}

macro_rules! collide {
    ($a:ty, $b:ty, $f:ident) => {
        impl Collide<$b> for $a {
            #[inline]
            fn collide(p: &Pair<$a, $b>) -> Manifold {
                let xf = inv_mul(p.xf_a, p.xf_b);
                // SAFETY: plain value function of Box2D's C API, on shapes made by its helpers.
                to_world(p.xf_a, unsafe { b2::$f(&p.a, &p.b, xf) }, false)
            }
        }
    };
    (swapped $a:ty, $b:ty, $f:ident) => {
        impl Collide<$b> for $a {
            #[inline]
            fn collide(p: &Pair<$a, $b>) -> Manifold {
                let xf = inv_mul(p.xf_b, p.xf_a);
                // SAFETY: as above, with the pair in the order Box2D's registry puts it.
                to_world(p.xf_b, unsafe { b2::$f(&p.b, &p.a, xf) }, true)
            }
        }
    };
}

collide!(b2::b2Polygon, b2::b2Polygon, b2CollidePolygons);
collide!(b2::b2Circle, b2::b2Circle, b2CollideCircles);
collide!(swapped b2::b2Circle, b2::b2Polygon, b2CollidePolygonAndCircle);
collide!(swapped b2::b2Circle, b2::b2Capsule, b2CollideCapsuleAndCircle);
collide!(b2::b2Capsule, b2::b2Capsule, b2CollideCapsules);
collide!(swapped b2::b2Capsule, b2::b2Polygon, b2CollidePolygonAndCapsule);
collide!(b2::b2Segment, b2::b2Polygon, b2CollideSegmentAndPolygon);

/// The proxy Box2D's distance and cast queries take for a shape (`b2MakeShapeDistanceProxy`).
pub trait Proxy {
    fn proxy(&self) -> b2::b2ShapeProxy;
}

fn proxy_of(points: &[b2::b2Vec2], radius: f32) -> b2::b2ShapeProxy {
    let mut proxy = b2::b2ShapeProxy { points: [b2::b2Vec2 { x: 0.0, y: 0.0 }; 8], count: points.len() as i32, radius };
    proxy.points[..points.len()].copy_from_slice(points);
    proxy
}

impl Proxy for b2::b2Polygon {
    #[inline]
    fn proxy(&self) -> b2::b2ShapeProxy {
        proxy_of(&self.vertices[..self.count as usize], self.radius)
    }
}

impl Proxy for b2::b2Circle {
    #[inline]
    fn proxy(&self) -> b2::b2ShapeProxy {
        proxy_of(&[self.center], self.radius)
    }
}

impl Proxy for b2::b2Capsule {
    #[inline]
    fn proxy(&self) -> b2::b2ShapeProxy {
        proxy_of(&[self.center1, self.center2], self.radius)
    }
}

impl Proxy for b2::b2Segment {
    #[inline]
    fn proxy(&self) -> b2::b2ShapeProxy {
        proxy_of(&[self.point1, self.point2], 0.0)
    }
}

/// `b2ShapeDistance` between the pair's shapes (radii included), from a fresh cache.
#[inline]
pub fn distance<A: Proxy, B: Proxy>(p: &Pair<A, B>) -> f32 {
    let input = b2::b2DistanceInput {
        proxyA: p.a.proxy(),
        proxyB: p.b.proxy(),
        transform: inv_mul(p.xf_a, p.xf_b),
        useRadii: true,
    };
    let mut cache = b2::b2SimplexCache { count: 0, indexA: [0; 3], indexB: [0; 3] };
    // SAFETY: valid input and cache; no debug simplexes asked for.
    unsafe { b2::b2ShapeDistance(&input, &mut cache, std::ptr::null_mut(), 0) }.distance
}

/// `b2ShapeCast` of the pair's second shape moved by `velocity` (over the unit time) against
/// the first: the time of impact, if within it.
#[inline]
pub fn cast<A: Proxy, B: Proxy>(p: &Pair<A, B>, velocity: Vec2) -> Option<f32> {
    let input = b2::b2ShapeCastPairInput {
        proxyA: p.a.proxy(),
        proxyB: p.b.proxy(),
        transform: inv_mul(p.xf_a, p.xf_b),
        translationB: inv_rotate(p.xf_a.q, v(velocity)),
        maxFraction: 1.0,
        canEncroach: false,
    };
    // SAFETY: valid input.
    let out = unsafe { b2::b2ShapeCast(&input) };
    out.hit.then_some(out.fraction)
}

/// Box2D's ray cast for a kind of shape, in its local frame.
pub trait RayCast {
    fn ray_cast(&self, input: &b2::b2RayCastInput) -> b2::b2CastOutput;
}

impl RayCast for b2::b2Polygon {
    #[inline]
    fn ray_cast(&self, input: &b2::b2RayCastInput) -> b2::b2CastOutput {
        // SAFETY: plain value function of Box2D's C API.
        unsafe { b2::b2RayCastPolygon(self, input) }
    }
}

impl RayCast for b2::b2Circle {
    #[inline]
    fn ray_cast(&self, input: &b2::b2RayCastInput) -> b2::b2CastOutput {
        // SAFETY: as above.
        unsafe { b2::b2RayCastCircle(self, input) }
    }
}

impl RayCast for b2::b2Capsule {
    #[inline]
    fn ray_cast(&self, input: &b2::b2RayCastInput) -> b2::b2CastOutput {
        // SAFETY: as above.
        unsafe { b2::b2RayCastCapsule(self, input) }
    }
}

/// A world ray (`origin`, unit `direction`, `max_distance`) against a shape at `xf`: the
/// distance along the ray and the world normal of the hit, as a world ray cast gives them.
#[inline]
pub fn ray<S: RayCast>(
    xf: b2::b2Transform,
    shape: &S,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Option<(f32, Vec2)> {
    let local_origin = inv_rotate(xf.q, b2::b2Vec2 { x: origin.x - xf.p.x, y: origin.y - xf.p.y });
    let input = b2::b2RayCastInput {
        origin: local_origin,
        translation: inv_rotate(xf.q, v(direction * max_distance)),
        maxFraction: 1.0,
    };
    let out = shape.ray_cast(&input);
    out.hit.then(|| (out.fraction * max_distance, g(rotate(xf.q, out.normal))))
}
