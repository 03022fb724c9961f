//! Box2D v3's side: the level's outline as chains on one static body, and its queries.

use super::*;

pub(super) fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

pub(super) fn g(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// A Box2D world, destroyed when dropped.
pub(super) struct Box2dWorld(b2::b2WorldId);

impl Drop for Box2dWorld {
    fn drop(&mut self) {
        // SAFETY: the world was made by `b2CreateWorld` and is destroyed once.
        unsafe { b2::b2DestroyWorld(self.0) }
    }
}

impl Box2dWorld {
    /// A world with the loops as closed chains on one static body.
    pub(super) fn new(loops: &[Vec<Vec2>]) -> Self {
        // SAFETY: definitions from Box2D's own defaults; each chain's points outlive the call
        // (Box2D copies them) and number at least 4.
        unsafe {
            let world = b2::b2CreateWorld(&b2::b2DefaultWorldDef());
            let body = b2::b2CreateBody(world, &b2::b2DefaultBodyDef());
            for points in loops {
                let points: Vec<b2::b2Vec2> = points.iter().map(|p| v(*p)).collect();
                let mut def = b2::b2DefaultChainDef();
                (def.points, def.count, def.isLoop) = (points.as_ptr(), points.len() as i32, true);
                b2::b2CreateChain(body, &def);
            }
            Box2dWorld(world)
        }
    }

    pub(super) fn overlaps(&self, proxy: &b2::b2ShapeProxy) -> bool {
        unsafe extern "C" fn first(_: b2::b2ShapeId, found: *mut c_void) -> bool {
            // SAFETY: `found` is the `bool` passed below.
            unsafe { *(found as *mut bool) = true };
            false
        }
        let mut found = false;
        // SAFETY: a valid world and proxy; the callback writes only `found`.
        unsafe {
            let filter = b2::b2DefaultQueryFilter();
            b2::b2World_OverlapShape(self.0, v(Vec2::ZERO), proxy, filter, Some(first), &mut found as *mut bool as _);
        }
        found
    }

    pub(super) fn ray(&self, ray: &Ray) -> Option<(f32, Vec2)> {
        // SAFETY: a valid world.
        let hit = unsafe {
            let translation = v(ray.direction() * RAY_LENGTH);
            b2::b2World_CastRayClosest(self.0, v(ray.origin()), translation, b2::b2DefaultQueryFilter())
        };
        hit.hit.then(|| (hit.fraction * RAY_LENGTH, g(hit.normal)))
    }

    pub(super) fn cast(&self, proxy: &b2::b2ShapeProxy, motion: Vec2) -> Option<(f32, Vec2)> {
        unsafe extern "C" fn nearest(_: b2::b2ShapeId, _: b2::b2Pos, n: b2::b2Vec2, t: f32, best: *mut c_void) -> f32 {
            // SAFETY: `best` is the `Option` passed below.
            let best = unsafe { &mut *(best as *mut Option<(f32, Vec2)>) };
            if best.is_none_or(|b| t < b.0) {
                *best = Some((t, g(n)));
            }
            t
        }
        let mut best: Option<(f32, Vec2)> = None;
        // SAFETY: a valid world and proxy; the callback writes only `best`.
        unsafe {
            let filter = b2::b2DefaultQueryFilter();
            let best_ptr = &mut best as *mut Option<(f32, Vec2)> as *mut c_void;
            b2::b2World_CastShape(self.0, v(Vec2::ZERO), proxy, v(motion), filter, Some(nearest), best_ptr);
        }
        best
    }

    /// Where the character standing at `feet` ends after `motion`, moved as Box2D's mover sample
    /// moves it.
    pub(super) fn mover(&self, feet: Vec2, motion: Vec2) -> Vec2 {
        struct Planes {
            planes: [b2::b2CollisionPlane; 8],
            count: usize,
        }
        unsafe extern "C" fn collect(_: b2::b2ShapeId, result: *const b2::b2PlaneResult, planes: *mut c_void) -> bool {
            // SAFETY: `planes` is the `Planes` passed below, `result` Box2D's.
            let (planes, result) = unsafe { (&mut *(planes as *mut Planes), &*result) };
            if planes.count < planes.planes.len() {
                let plane =
                    b2::b2CollisionPlane { plane: result.plane, pushLimit: f32::MAX, push: 0.0, clipVelocity: true };
                planes.planes[planes.count] = plane;
                planes.count += 1;
            }
            true
        }
        let none = b2::b2CollisionPlane {
            plane: b2::b2Plane { normal: v(Vec2::ZERO), offset: 0.0 },
            pushLimit: 0.0,
            push: 0.0,
            clipVelocity: false,
        };
        let mut planes = Planes { planes: [none; 8], count: 0 };
        let (mut at, target) = (feet, feet + motion);
        for _ in 0..5 {
            let mover = b2::b2Capsule {
                center1: v(at + Vec2::new(0.0, 0.4)),
                center2: v(at + Vec2::new(0.0, 1.4)),
                radius: 0.4,
            };
            planes.count = 0;
            // SAFETY: a valid world and capsule; the callback writes only `planes`, whose array
            // `b2SolvePlanes` reads `count` entries of.
            let delta = unsafe {
                let filter = b2::b2DefaultQueryFilter();
                let planes_ptr = &mut planes as *mut Planes as *mut c_void;
                b2::b2World_CollideMover(self.0, v(Vec2::ZERO), &mover, filter, Some(collect), planes_ptr);
                let solved = b2::b2SolvePlanes(v(target - at), planes.planes.as_mut_ptr(), planes.count as i32);
                let fraction = b2::b2World_CastMover(self.0, v(Vec2::ZERO), &mover, solved.translation, filter);
                g(solved.translation) * fraction
            };
            at += delta;
            if delta.length_squared() < 1e-4 {
                break;
            }
        }
        at
    }
}

pub(super) fn box_proxy(b: &Aabb) -> b2::b2ShapeProxy {
    let corners = b.corners().map(v);
    // SAFETY: 4 points, as the proxy holds up to 8.
    unsafe { b2::b2MakeProxy(corners.as_ptr(), 4, 0.0) }
}

pub(super) fn disc_proxy(d: &Circle) -> b2::b2ShapeProxy {
    // SAFETY: 1 point.
    unsafe { b2::b2MakeProxy(&v(d.center()), 1, d.radius()) }
}
