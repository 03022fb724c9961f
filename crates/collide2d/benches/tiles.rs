//! Tile maps (issue 74): one generated platformer level as our `TileMap`, beside the same level
//! as parry2d's `Voxels`, as one collider a tile in our own `World`, and as Box2D v3 chains, at
//! 100 × 100 and 1,000 × 1,000 cells, in the same run.
//!
//! The level (`Level::generate`: a fixed seed, the same generator at every size; cells of 1
//! unit, y up) is bands 25 cells tall stacked up the map, the bottom of each the ceiling of the
//! one below. A band has a ground 2 to 9 cells thick whose top walks up and down a cell at a
//! time, a 45° slope on 6 in 10 of those steps, half blocks on the level, caves carved in the
//! ground, walls 1–2 wide and 3–6 tall, floating platforms 3–8 long; both side columns are
//! solid. About a fifth of the cells are solid (19 % at 100 × 100, 23 % at 1,000 × 1,000).
//!
//! The level in each library:
//! - `ours`: `TileMap::from_ids` over a `TileSet` of solid, two slopes and a half block;
//! - `parry2d` (0.31): `Voxels` of the non-empty cells. A voxel is a whole cell, so slopes and
//!   half blocks are whole there; `ours_blocks` is our map of those same blocks, timed too, and
//!   what parry2d's answers are checked against;
//! - `tile_world`: our `World` with a collider a tile (an `Aabb` for each solid cell and half
//!   block, a `ConvexPolygon` for each slope);
//! - `box2d` (v3, `boxdd-sys`): the outline of the solid (what of the tiles' edges no neighbour
//!   covers, joined into loops with the solid on their left, straight runs merged) as closed
//!   chains on one static body.
//!
//! Queries, `PAIRS` (1,024) of each, spread over the whole map (fixed seed); a benchmark runs
//! them all, so criterion's per-element time is the time a query:
//! - `contact_box` / `contact_disc`: a box (half sides 0.3–0.8) or a disc (radius 0.25–0.75)
//!   on a floor cell (solid, three open cells above it), anywhere across it, resting on it (1 in
//!   4, sunk 0.001) or sunk 0.01–0.1. `ours`: `contact`; `ours_intersects`: `intersects`;
//!   `parry2d`: its contact manifolds (`contact` does not take `Voxels`; prediction 0, one
//!   workspace kept between queries), the deepest point kept; `tile_world`:
//!   `colliders_in_aabb`, then `contact` with each, the deepest kept; `box2d`:
//!   `b2World_OverlapShape` to the first shape (its world has no contact query: compare it with
//!   `ours_intersects`).
//! - `ray`: from a point of an open cell, any way, 10 units. `ours`: `cast_ray`; `ours_world`
//!   and `tile_world`: `World::cast_ray` (ours on a world holding the map); `parry2d`:
//!   `cast_ray_and_get_normal` (solid); `box2d`: `b2World_CastRayClosest`.
//! - `cast`: a box (half sides 0.3–0.6) clear of the solid, moved 3 units any way. `ours`:
//!   `cast_shape`; `ours_world` / `tile_world`: `World::cast_shape`; `parry2d`: `cast_shapes`
//!   (`with_max_time_of_impact(1)`); `box2d`: `b2World_CastShape`, the nearest hit kept.
//! - `closest_point`: a point of an open cell. `ours`: `closest_point`; `parry2d`:
//!   `project_point` (solid).
//! - `move`: the controller bench's capsule (1.8 × 0.8, its options) standing on a floor cell,
//!   placed there (`set_transform`) and moved one frame of running (6 units/s, either way) under
//!   gravity (20 units/s², 60 Hz) by `World::move_and_slide`: `ours` on a world of the map and
//!   the character, `tile_world` on the per-tile world; `ours_place` is the placing alone.
//!   `box2d`: its character mover as its sample runs it (`b2World_CollideMover`,
//!   `b2SolvePlanes`, `b2World_CastMover`, at most 5 rounds; no step up, snap or slope limit).
//! - `build`: `from_ids`; `Voxels::new` from the non-empty cells' coordinates (listing them
//!   included); the per-tile world from the ids (its broad phase's first update included);
//!   Box2D's world, body and chains from the traced loops (the tracing is printed apart).
//!   Memory a cell (`heap_bytes`, parry2d's `heap_memory_size`) is printed, not timed.
//!
//! Before timing, each family's answers are cross-checked and the agreements printed (not
//! fatal): ours against `tile_world`, `ours_world` and Box2D on the level, `ours_blocks`
//! against parry2d on the blocks; and the heap allocations a query of each side are printed
//! (`TILE_DEBUG=1`: the first disagreements too). The answers differ by design where the
//! others take the deepest piece and ours the shortest push out of the union (a box across a
//! step), and where Box2D keeps its linear slop (casts, moves).
//!
//! Criterion then times each family at each size (`tiles_<family>/<size>`, a function a side),
//! and a plain loop follows (`tiles loop` lines): 21 rounds (builds: 7), each running every
//! side at every size in turn, each run timed on the thread's CPU clock after an untimed one;
//! the medians, ours ÷ each side, and ours at 1,000 × 1,000 ÷ ours at 100 × 100 (`flat`). On
//! a shared machine the loop is the better reading: criterion's wall times count the time other
//! processes take, and it times the sizes minutes apart.
//!
//! Run with `cargo bench -p collide2d --bench tiles` (one size: `TILE_SIZES=100`; some families:
//! `TILE_FAMILIES=build,contact_box`).
// Inputs and oracles may use the platform's trigonometry and `f32::min`: only the library's
// answers must be the same bits on every target (its clippy.toml keeps those out of it).
#![allow(clippy::disallowed_methods)]

mod common;
mod counting;

#[path = "../tests/common/platformer.rs"]
mod platformer;

use std::any::Any;
use std::collections::HashMap;
use std::ffi::c_void;
use std::hint::black_box;
use std::time::{Duration, Instant};

use boxdd_sys::ffi as b2;
use collide2d::tiles::{TileMap, TileSet, TileShape};
use collide2d::world::{MoveOptions, QueryFilter, World};
use collide2d::{
    cast_ray, cast_shape, closest_point, contact, intersects, Aabb, Circle, ColliderHandle, ConvexPolygon, Ray, Shape,
    ShapeLike, Transform, Vec2,
};
use common::{configure, Rng, PAIRS};
use counting::allocations;
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion};
use parry2d::math::{IVector, Pose};
use parry2d::query::{
    ContactManifold, ContactManifoldsWorkspace, DefaultQueryDispatcher, PersistentQueryDispatcher, PointQuery, RayCast,
    ShapeCastOptions,
};
use parry2d::shape as ps;
use platformer::{character, options, DT, GRAVITY, RUN};

const EMPTY: u32 = 0;
const SOLID: u32 = 1;
/// A 45° slope rising to the right.
const RISING: u32 = 2;
/// A 45° slope rising to the left.
const FALLING: u32 = 3;
/// The lower half of a cell.
const HALF: u32 = 4;

/// Each tile's solid in fractions of its cell, counter-clockwise (y up).
const SQUARE_PIECE: [Vec2; 4] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)];
const RISING_PIECE: [Vec2; 3] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0)];
const FALLING_PIECE: [Vec2; 3] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)];
const HALF_PIECE: [Vec2; 4] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.5), Vec2::new(0.0, 0.5)];

/// Cells a band of the level is tall.
const BAND: u32 = 25;
const RAY_LENGTH: f32 = 10.0;
const CAST_LENGTH: f32 = 3.0;
/// How far a shape "resting" on the floor is sunk into it: enough that rounding its position
/// cannot lift it clear.
const RESTING: f32 = 1e-3;

fn piece(id: u32) -> &'static [Vec2] {
    match id {
        SOLID => &SQUARE_PIECE,
        RISING => &RISING_PIECE,
        FALLING => &FALLING_PIECE,
        HALF => &HALF_PIECE,
        _ => &[],
    }
}

fn tile_set() -> TileSet {
    let convex = |points: &[Vec2]| TileShape::convex(points).unwrap();
    TileSet::solid(1)
        .with(RISING, convex(&RISING_PIECE))
        .with(FALLING, convex(&FALLING_PIECE))
        .with(HALF, convex(&HALF_PIECE))
}

/// A level of `n × n` cells, row 0 (the bottom) first.
struct Level {
    n: u32,
    ids: Vec<u32>,
}

impl Level {
    /// See the module documentation.
    fn generate(n: u32) -> Level {
        let mut level = Level { n, ids: vec![EMPTY; (n * n) as usize] };
        let mut r = Rng::new(74);
        let count = |r: &mut Rng, lo: u32, hi: u32| lo + (r.unit() * (hi - lo + 1) as f32) as u32;
        for base in (0..n).step_by(BAND as usize) {
            let top = (base + BAND).min(n);
            let mut height = 4u32;
            let ground: Vec<u32> = (0..n)
                .map(|_| {
                    if r.unit() < 0.15 {
                        height = if r.unit() < 0.5 { height + 1 } else { height - 1 }.clamp(2, 9);
                    }
                    height
                })
                .collect();
            for (c, g) in ground.iter().enumerate() {
                for row in base..(base + g).min(top) {
                    level.put(c as u32, row, SOLID);
                }
            }
            // Caves, leaving the ground's top two cells.
            for c in 0..n {
                if r.unit() < 0.03 && ground[c as usize] >= 5 {
                    let (wide, tall) = (count(&mut r, 3, 7), count(&mut r, 1, 2));
                    for col in c..(c + wide).min(n) {
                        for row in base + 1..base + 1 + tall {
                            if row + 2 < base + ground[col as usize] {
                                level.put(col, row, EMPTY);
                            }
                        }
                    }
                }
            }
            for c in 1..n {
                let (a, b) = (ground[c as usize - 1], ground[c as usize]);
                let slope = r.unit() < 0.6;
                if slope && b == a + 1 && level.at(c as i64 - 1, (base + a) as i64) == EMPTY {
                    level.put(c - 1, base + a, RISING);
                } else if slope && a == b + 1 && level.at(c as i64, (base + b) as i64) == EMPTY {
                    level.put(c, base + b, FALLING);
                }
            }
            for c in 1..n - 1 {
                let g = ground[c as usize];
                let flat = ground[c as usize - 1] == g && ground[c as usize + 1] == g;
                if r.unit() < 0.04 && flat && level.at(c as i64, (base + g) as i64) == EMPTY {
                    level.put(c, base + g, HALF);
                }
            }
            for c in 0..n {
                if r.unit() < 0.02 {
                    let (wide, tall) = (count(&mut r, 1, 2), count(&mut r, 3, 6));
                    for col in c..(c + wide).min(n) {
                        let foot = base + ground[col as usize];
                        for row in foot..(foot + tall).min(top - 3) {
                            level.put_if_empty(col, row, SOLID);
                        }
                    }
                }
            }
            let mut c = 0;
            while c < n {
                if r.unit() >= 0.05 {
                    c += 1;
                    continue;
                }
                let (long, above) = (count(&mut r, 3, 8), count(&mut r, 4, 7));
                let row = base + ground[c as usize] + above;
                if row + 3 < top {
                    for col in c..(c + long).min(n) {
                        level.put_if_empty(col, row, SOLID);
                    }
                }
                c += long + 2;
            }
        }
        for row in 0..n {
            level.put(0, row, SOLID);
            level.put(n - 1, row, SOLID);
        }
        level
    }

    fn put(&mut self, col: u32, row: u32, id: u32) {
        self.ids[(row * self.n + col) as usize] = id;
    }

    fn put_if_empty(&mut self, col: u32, row: u32, id: u32) {
        if self.at(col as i64, row as i64) == EMPTY {
            self.put(col, row, id);
        }
    }

    /// The id at `(col, row)`, empty outside the grid.
    fn at(&self, col: i64, row: i64) -> u32 {
        let n = self.n as i64;
        if col < 0 || row < 0 || col >= n || row >= n {
            return EMPTY;
        }
        self.ids[(row * n + col) as usize]
    }

    fn map(&self) -> TileMap {
        TileMap::from_ids(Vec2::ZERO, Vec2::ONE, self.n, self.n, &self.ids, tile_set()).unwrap()
    }

    /// The level with every non-empty cell whole, as parry2d's voxels have it.
    fn blocks(&self) -> TileMap {
        let ids: Vec<u32> = self.ids.iter().map(|id| u32::from(*id != EMPTY)).collect();
        TileMap::from_ids(Vec2::ZERO, Vec2::ONE, self.n, self.n, &ids, TileSet::solid(1)).unwrap()
    }

    fn voxels(&self) -> ps::Voxels {
        let n = self.n as usize;
        let cells = self.ids.iter().enumerate().filter(|(_, id)| **id != EMPTY);
        let coords: Vec<IVector> = cells.map(|(i, _)| IVector::new((i % n) as i32, (i / n) as i32)).collect();
        ps::Voxels::new(Vec2::ONE, &coords)
    }

    /// A world with a collider for each tile.
    fn tile_world(&self) -> World {
        let mut world = World::new();
        for (i, id) in self.ids.iter().enumerate() {
            let corner = Vec2::new((i as u32 % self.n) as f32, (i as u32 / self.n) as f32);
            let shape: Shape = match *id {
                EMPTY => continue,
                SOLID => Aabb::new(corner, corner + Vec2::ONE).unwrap().into(),
                HALF => Aabb::new(corner, corner + Vec2::new(1.0, 0.5)).unwrap().into(),
                _ => {
                    let points: Vec<Vec2> = piece(*id).iter().map(|f| corner + *f).collect();
                    ConvexPolygon::new(&points).unwrap().into()
                }
            };
            world.insert(shape, Transform::IDENTITY, ()).unwrap();
        }
        // As a game's first step would: queries then need not look at the new colliders one by one.
        world.update();
        world
    }

    /// Floor cells: solid, with three open cells above.
    fn floors(&self) -> Vec<(u32, u32)> {
        let n = self.n;
        let open = |c: u32, r: u32| (1..=3).all(|k| self.at(c as i64, (r + k) as i64) == EMPTY && r + k < n);
        (0..n * n)
            .map(|i| (i % n, i / n))
            .filter(|&(c, r)| self.at(c as i64, r as i64) == SOLID && open(c, r))
            .collect()
    }

    /// A point of a random open cell.
    fn open_point(&self, r: &mut Rng) -> Vec2 {
        loop {
            let (c, row) = ((r.unit() * self.n as f32) as i64, (r.unit() * self.n as f32) as i64);
            if self.at(c, row) == EMPTY {
                return Vec2::new(c as f32 + r.unit(), row as f32 + r.unit());
            }
        }
    }

    /// The outline of the solid as closed loops with the solid on their left: each tile's
    /// edges less what the neighbour across covers, joined where they meet (where several go
    /// on from a point, the one turning most to the left, so that loops touching at a corner
    /// stay apart), straight runs merged.
    fn outline(&self) -> Vec<Vec<Vec2>> {
        let mut edges: Vec<(Vec2, Vec2)> = Vec::new();
        for i in 0..self.ids.len() {
            let (c, r) = ((i as u32 % self.n) as i64, (i as u32 / self.n) as i64);
            let (corner, outline) = (Vec2::new(c as f32, r as f32), piece(self.ids[i]));
            for k in 0..outline.len() {
                let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
                // An edge on a side of the cell: the axis across that side and which end of it.
                let side = (0..2).find(|&axis| a[axis] == b[axis] && (a[axis] == 0.0 || a[axis] == 1.0));
                let Some(axis) = side else {
                    edges.push((corner + a, corner + b));
                    continue;
                };
                let step = if a[axis] == 1.0 { 1 } else { -1 };
                let (nc, nr) = if axis == 0 { (c + step, r) } else { (c, r + step) };
                let covered = cover(self.at(nc, nr), axis, 1.0 - a[axis]);
                for (s, e) in uncovered(a[1 - axis], b[1 - axis], covered) {
                    let (mut p, mut q) = (a, a);
                    (p[1 - axis], q[1 - axis]) = (s, e);
                    edges.push((corner + p, corner + q));
                }
            }
        }
        let key = |p: Vec2| (p.x.to_bits(), p.y.to_bits());
        let mut starting: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (k, e) in edges.iter().enumerate() {
            starting.entry(key(e.0)).or_default().push(k);
        }
        let mut used = vec![false; edges.len()];
        let mut loops = Vec::new();
        for first in 0..edges.len() {
            if used[first] {
                continue;
            }
            let (mut points, mut at) = (Vec::new(), first);
            loop {
                used[at] = true;
                points.push(edges[at].0);
                let (a, b) = edges[at];
                let turn = |k: &usize| {
                    let d = edges[*k].1 - edges[*k].0;
                    (b - a).perp_dot(d).atan2((b - a).dot(d))
                };
                let next = starting[&key(b)].iter().filter(|k| !used[**k] || **k == first);
                at = *next.max_by(|x, y| turn(x).total_cmp(&turn(y))).expect("the outline is closed");
                if at == first {
                    break;
                }
            }
            loops.push(merged(points));
        }
        loops
    }
}

/// What of side `value` (0 or 1) across `axis` the tile `id` covers, along the other axis.
fn cover(id: u32, axis: usize, value: f32) -> Option<(f32, f32)> {
    let outline = piece(id);
    (0..outline.len()).find_map(|k| {
        let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
        (a[axis] == value && b[axis] == value).then(|| (a[1 - axis].min(b[1 - axis]), a[1 - axis].max(b[1 - axis])))
    })
}

/// The parts of the run from `s` to `e` outside `covered`, in the run's direction.
fn uncovered(s: f32, e: f32, covered: Option<(f32, f32)>) -> Vec<(f32, f32)> {
    let Some((lo, hi)) = covered else { return vec![(s, e)] };
    let (first, second) =
        if s < e { ((s, lo.clamp(s, e)), (hi.clamp(s, e), e)) } else { ((s, hi.clamp(e, s)), (lo.clamp(e, s), e)) };
    [first, second].into_iter().filter(|(a, b)| a != b).collect()
}

/// A closed loop without its points in the middle of straight runs, at least 4 points long
/// (as Box2D's chains must be: a triangle gets the middle of an edge).
fn merged(points: Vec<Vec2>) -> Vec<Vec2> {
    let straight = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - b) == 0.0 && (b - a).dot(c - b) > 0.0;
    let mut out: Vec<Vec2> = Vec::with_capacity(points.len());
    for p in points {
        while out.len() >= 2 && straight(out[out.len() - 2], out[out.len() - 1], p) {
            out.pop();
        }
        out.push(p);
    }
    while out.len() > 3 {
        let m = out.len();
        if straight(out[m - 2], out[m - 1], out[0]) {
            out.pop();
        } else if straight(out[m - 1], out[0], out[1]) {
            out.remove(0);
        } else {
            break;
        }
    }
    if out.len() == 3 {
        out.insert(1, (out[0] + out[1]) * 0.5);
    }
    out
}

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

fn g(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// A Box2D world, destroyed when dropped.
struct Box2dWorld(b2::b2WorldId);

impl Drop for Box2dWorld {
    fn drop(&mut self) {
        // SAFETY: the world was made by `b2CreateWorld` and is destroyed once.
        unsafe { b2::b2DestroyWorld(self.0) }
    }
}

impl Box2dWorld {
    /// A world with the loops as closed chains on one static body.
    fn new(loops: &[Vec<Vec2>]) -> Self {
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

    fn overlaps(&self, proxy: &b2::b2ShapeProxy) -> bool {
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

    fn ray(&self, ray: &Ray) -> Option<(f32, Vec2)> {
        // SAFETY: a valid world.
        let hit = unsafe {
            let translation = v(ray.direction() * RAY_LENGTH);
            b2::b2World_CastRayClosest(self.0, v(ray.origin()), translation, b2::b2DefaultQueryFilter())
        };
        hit.hit.then(|| (hit.fraction * RAY_LENGTH, g(hit.normal)))
    }

    fn cast(&self, proxy: &b2::b2ShapeProxy, motion: Vec2) -> Option<(f32, Vec2)> {
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
    fn mover(&self, feet: Vec2, motion: Vec2) -> Vec2 {
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

fn box_proxy(b: &Aabb) -> b2::b2ShapeProxy {
    let corners = b.corners().map(v);
    // SAFETY: 4 points, as the proxy holds up to 8.
    unsafe { b2::b2MakeProxy(corners.as_ptr(), 4, 0.0) }
}

fn disc_proxy(d: &Circle) -> b2::b2ShapeProxy {
    // SAFETY: 1 point.
    unsafe { b2::b2MakeProxy(&v(d.center()), 1, d.radius()) }
}

/// The deepest point of parry2d's contact manifolds of `shape` at `at` with the voxels: its
/// depth and normal.
fn parry_contact(
    voxels: &ps::Voxels,
    shape: &dyn ps::Shape,
    at: Vec2,
    (manifolds, workspace): &mut (Vec<ContactManifold<(), ()>>, Option<ContactManifoldsWorkspace>),
) -> Option<(f32, Vec2)> {
    let pose = Pose::from_translation(at);
    DefaultQueryDispatcher.contact_manifolds(&pose, voxels, shape, 0.0, manifolds, workspace).expect("supported");
    let points = manifolds.iter().flat_map(|m| m.points.iter().map(move |p| (-p.dist, m.local_n1)));
    points.max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The deepest contact of `shape` (bounded by `bounds`) with the colliders of a world.
fn world_contact<S: ShapeLike>(world: &World, shape: &S, bounds: &Aabb) -> Option<(f32, Vec2)> {
    let contacts = world.colliders_in_aabb(bounds).into_iter().filter_map(|h| contact(world.world_shape(h)?, shape));
    contacts.map(|c| (c.depth, c.normal)).max_by(|a, b| a.0.total_cmp(&b.0))
}

/// A world holding a level (the map, or a collider a tile) and the character, which each move
/// first places.
struct Mover {
    world: World,
    player: ColliderHandle,
    options: MoveOptions,
}

impl Mover {
    fn new(mut world: World) -> Self {
        let player = world.insert(character(false, Vec2::ZERO), Transform::IDENTITY, ()).unwrap();
        world.update();
        Mover { world, player, options: options() }
    }

    fn place(&mut self, feet: Vec2) {
        self.world.set_transform(self.player, Transform::from_translation(feet)).unwrap();
    }

    /// Where the character placed at `feet` ends after `motion`.
    fn slide(&mut self, feet: Vec2, motion: Vec2) -> Vec2 {
        self.place(feet);
        feet + self.world.move_and_slide(self.player, motion, &self.options).unwrap().moved
    }
}

/// The queries, `PAIRS` of each.
struct Queries {
    boxes: Vec<Aabb>,
    discs: Vec<Circle>,
    rays: Vec<Ray>,
    casts: Vec<(Aabb, Vec2)>,
    points: Vec<Vec2>,
    /// The character's feet and its motion.
    moves: Vec<(Vec2, Vec2)>,
    /// The boxes and discs as parry2d and Box2D take them.
    parry_boxes: Vec<ps::Cuboid>,
    parry_discs: Vec<ps::Ball>,
    box2d_boxes: Vec<b2::b2ShapeProxy>,
    box2d_discs: Vec<b2::b2ShapeProxy>,
    parry_rays: Vec<parry2d::query::Ray>,
    parry_casts: Vec<ps::Cuboid>,
    box2d_casts: Vec<b2::b2ShapeProxy>,
}

impl Queries {
    fn new(level: &Level, map: &TileMap) -> Self {
        let mut r = Rng::new(6);
        let floors = level.floors();
        let floor = |r: &mut Rng| {
            let (c, row) = floors[(r.next_u64() % floors.len() as u64) as usize];
            let sink = if r.unit() < 0.25 { RESTING } else { r.range(0.01, 0.1) };
            (Vec2::new(c as f32 + r.unit(), (row + 1) as f32 - sink), c, row)
        };
        let boxes: Vec<Aabb> = (0..PAIRS)
            .map(|_| {
                let (at, _, _) = floor(&mut r);
                let half = Vec2::new(r.range(0.3, 0.8), r.range(0.3, 0.8));
                Aabb::from_center_half_extents(at + Vec2::new(0.0, half.y), half).unwrap()
            })
            .collect();
        let discs: Vec<Circle> = (0..PAIRS)
            .map(|_| {
                let (at, _, _) = floor(&mut r);
                let radius = r.range(0.25, 0.75);
                Circle::new(at + Vec2::new(0.0, radius), radius).unwrap()
            })
            .collect();
        let rays: Vec<Ray> =
            (0..PAIRS).map(|_| Ray::new(level.open_point(&mut r), Vec2::from_angle(r.angle())).unwrap()).collect();
        let mut casts = Vec::with_capacity(PAIRS);
        while casts.len() < PAIRS {
            let half = Vec2::new(r.range(0.3, 0.6), r.range(0.3, 0.6));
            let b = Aabb::from_center_half_extents(level.open_point(&mut r), half).unwrap();
            if !intersects(map, &b) {
                casts.push((b, Vec2::from_angle(r.angle()) * CAST_LENGTH));
            }
        }
        let points = (0..PAIRS).map(|_| level.open_point(&mut r)).collect();
        let skin = options().skin;
        let moves = (0..PAIRS)
            .map(|_| {
                let (_, c, row) = floor(&mut r);
                let run = if r.unit() < 0.5 { RUN } else { -RUN };
                (Vec2::new(c as f32 + 0.5, (row + 1) as f32 + skin), Vec2::new(run * DT, -GRAVITY * DT * DT))
            })
            .collect();
        Queries {
            parry_boxes: boxes.iter().map(|b| ps::Cuboid::new(b.half_extents())).collect(),
            parry_discs: discs.iter().map(|d| ps::Ball::new(d.radius())).collect(),
            box2d_boxes: boxes.iter().map(box_proxy).collect(),
            box2d_discs: discs.iter().map(disc_proxy).collect(),
            parry_rays: rays.iter().map(|r| parry2d::query::Ray::new(r.origin(), r.direction())).collect(),
            parry_casts: casts.iter().map(|(b, _)| ps::Cuboid::new(b.half_extents())).collect(),
            box2d_casts: casts.iter().map(|(b, _)| box_proxy(b)).collect(),
            boxes,
            discs,
            rays,
            casts,
            points,
            moves,
        }
    }
}

/// An answer reduced to what the cross-checks compare: whether there was one, a length (depth,
/// distance, time) and a vector (a normal, or a point).
type Answer = Option<(f32, Vec2)>;

/// One library's way of answering query `i` of a family.
type Side<'a> = (&'static str, Box<dyn FnMut(usize) -> Answer + 'a>);

fn boxed<'a>(name: &'static str, answer: impl FnMut(usize) -> Answer + 'a) -> Side<'a> {
    (name, Box::new(answer))
}

/// Two sides whose answers are compared: their names, the tolerance on lengths (and on vectors
/// when they are points), and whether the vectors are unit normals.
type Check = (&'static str, &'static str, f32, bool);

/// Two answers alike: both none, or lengths within `tolerance` and vectors within `tolerance`
/// (points) or pointing the same way (unit normals; a zero vector is not compared).
fn alike(x: &Answer, y: &Answer, tolerance: f32, unit: bool) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some((a, p)), Some((b, q))) => {
            let length = a.is_nan() || b.is_nan() || (a - b).abs() <= tolerance;
            let vector = if unit {
                *p == Vec2::ZERO || *q == Vec2::ZERO || p.dot(*q) > 0.99
            } else {
                p.distance(*q) <= tolerance
            };
            length && vector
        }
        _ => false,
    }
}

/// Every form of one level, and its queries.
struct Setup {
    level: Level,
    map: TileMap,
    blocks: TileMap,
    voxels: ps::Voxels,
    /// parry2d's contact manifolds and their workspace, kept between queries.
    manifolds: (Vec<ContactManifold<(), ()>>, Option<ContactManifoldsWorkspace>),
    /// The map and the character in a world.
    ours: Mover,
    /// The same, for placing the character alone.
    placer: Mover,
    /// A collider a tile, and the character.
    tiles: Mover,
    loops: Vec<Vec<Vec2>>,
    box2d: Box2dWorld,
    queries: Queries,
}

impl Setup {
    fn new(n: u32) -> Self {
        let level = Level::generate(n);
        let (map, blocks, voxels) = (level.map(), level.blocks(), level.voxels());
        let (ours, placer) = (Mover::new(map_world(&map)), Mover::new(map_world(&map)));
        let tiles = Mover::new(level.tile_world());
        let started = Instant::now();
        let loops = level.outline();
        let traced = started.elapsed();
        let box2d = Box2dWorld::new(&loops);
        let queries = Queries::new(&level, &map);
        let cells = (n * n) as f64;
        let kinds: Vec<usize> = (0..=HALF).map(|k| level.ids.iter().filter(|id| **id == k).count()).collect();
        println!(
            "tiles {n}: {:.1} % solid ({} whole, {} slopes, {} half blocks); {} tile colliders; {} chains of {} segments \
             (traced in {traced:.1?}); bytes a cell: ours {:.3}, parry2d {:.3}",
            100.0 * (cells - kinds[0] as f64) / cells,
            kinds[1],
            kinds[2] + kinds[3],
            kinds[4],
            tiles.world.len() - 1,
            loops.len(),
            loops.iter().map(Vec::len).sum::<usize>(),
            map.heap_bytes() as f64 / cells,
            voxels.heap_memory_size() as f64 / cells,
        );
        let manifolds = (Vec::new(), None);
        Setup { level, map, blocks, voxels, manifolds, ours, placer, tiles, loops, box2d, queries }
    }
}

fn sizes() -> Vec<u32> {
    let given = std::env::var("TILE_SIZES").unwrap_or_else(|_| "100,1000".into());
    given.split(',').map(|s| s.trim().parse().expect("TILE_SIZES: sizes separated by commas")).collect()
}

/// A world holding `map`.
fn map_world(map: &TileMap) -> World {
    let mut world = World::new();
    world.insert(map.clone().into(), Transform::IDENTITY, ()).unwrap();
    world.update();
    world
}

fn contact_of(c: Option<collide2d::Contact>) -> Answer {
    c.map(|c| (c.depth, c.normal))
}

/// An overlap test's answer: no length, no vector.
fn overlap(yes: bool) -> Answer {
    yes.then_some((f32::NAN, Vec2::ZERO))
}

/// The boxes or the discs of the queries, as ours, parry2d's and Box2D's.
type Pick<S, P> = fn(&Queries) -> (&[S], &[P], &[b2::b2ShapeProxy]);

/// The contact family's sides for the shapes `pick` chooses (the boxes or the discs), with
/// parry2d's and Box2D's forms of them.
fn contact_sides<'a, S: ShapeLike + 'a, P: ps::Shape + 'a>(s: &'a mut Setup, pick: Pick<S, P>) -> Vec<Side<'a>> {
    let Setup { map, blocks, voxels, manifolds, tiles, box2d, queries, .. } = s;
    let (map, blocks, voxels, tiles, box2d) = (&*map, &*blocks, &*voxels, &tiles.world, &*box2d);
    let (shapes, parry, proxies) = pick(queries);
    let centre = |i: usize| shapes[i].shape_ref().aabb().center();
    vec![
        boxed("ours", move |i| contact_of(contact(map, &shapes[i]))),
        boxed("ours_intersects", move |i| overlap(intersects(map, &shapes[i]))),
        boxed("ours_blocks", move |i| contact_of(contact(blocks, &shapes[i]))),
        boxed("parry2d", move |i| parry_contact(voxels, &parry[i], centre(i), manifolds)),
        boxed("tile_world", move |i| world_contact(tiles, &shapes[i], &shapes[i].shape_ref().aabb())),
        boxed("box2d", move |i| overlap(box2d.overlaps(&proxies[i]))),
    ]
}

fn contact_box(s: &mut Setup) -> Vec<Side<'_>> {
    contact_sides(s, |q| (&q.boxes, &q.parry_boxes, &q.box2d_boxes))
}

fn contact_disc(s: &mut Setup) -> Vec<Side<'_>> {
    contact_sides(s, |q| (&q.discs, &q.parry_discs, &q.box2d_discs))
}

/// The contacts' checks: ours on the level against the per-tile world (depths within 1e-3),
/// `intersects` against Box2D's overlap, ours on the blocks against parry2d.
const CONTACT_CHECKS: [Check; 3] = [
    ("ours", "tile_world", 1e-3, true),
    ("ours_intersects", "box2d", 0.0, true),
    ("ours_blocks", "parry2d", 1e-3, true),
];

fn ray_of(h: Option<collide2d::RayHit>) -> Answer {
    h.map(|h| (h.distance, h.normal))
}

fn ray(s: &mut Setup) -> Vec<Side<'_>> {
    let (map, blocks, voxels, world, tiles, box2d, q) =
        (&s.map, &s.blocks, &s.voxels, &s.ours.world, &s.tiles.world, &s.box2d, &s.queries);
    vec![
        boxed("ours", move |i| ray_of(cast_ray(map, &q.rays[i], RAY_LENGTH))),
        boxed("ours_world", move |i| ray_of(world.cast_ray(&q.rays[i], RAY_LENGTH).map(|h| h.1))),
        boxed("ours_blocks", move |i| ray_of(cast_ray(blocks, &q.rays[i], RAY_LENGTH))),
        boxed("parry2d", move |i| {
            let hit = voxels.cast_ray_and_get_normal(&Pose::IDENTITY, &q.parry_rays[i], RAY_LENGTH, true);
            hit.map(|h| (h.time_of_impact, h.normal))
        }),
        boxed("tile_world", move |i| ray_of(tiles.cast_ray(&q.rays[i], RAY_LENGTH).map(|h| h.1))),
        boxed("box2d", move |i| box2d.ray(&q.rays[i])),
    ]
}

fn cast_of(h: Option<collide2d::ShapeCastHit>) -> Answer {
    h.map(|h| (h.time, h.normal))
}

fn cast(s: &mut Setup) -> Vec<Side<'_>> {
    let (map, blocks, voxels, world, tiles, box2d, q) =
        (&s.map, &s.blocks, &s.voxels, &s.ours.world, &s.tiles.world, &s.box2d, &s.queries);
    let filter = QueryFilter::default();
    vec![
        boxed("ours", move |i| cast_of(cast_shape(map, Vec2::ZERO, &q.casts[i].0, q.casts[i].1, 1.0))),
        boxed("ours_world", move |i| cast_of(world.cast_shape(&q.casts[i].0, q.casts[i].1, 1.0, &filter).map(|h| h.1))),
        boxed("ours_blocks", move |i| cast_of(cast_shape(blocks, Vec2::ZERO, &q.casts[i].0, q.casts[i].1, 1.0))),
        boxed("parry2d", move |i| {
            let (b, motion) = q.casts[i];
            let (at, options) = (Pose::from_translation(b.center()), ShapeCastOptions::with_max_time_of_impact(1.0));
            let cuboid = &q.parry_casts[i];
            let hit = parry2d::query::cast_shapes(&Pose::IDENTITY, Vec2::ZERO, voxels, &at, motion, cuboid, options);
            hit.expect("supported").map(|h| (h.time_of_impact, h.normal1))
        }),
        boxed("tile_world", move |i| cast_of(tiles.cast_shape(&q.casts[i].0, q.casts[i].1, 1.0, &filter).map(|h| h.1))),
        boxed("box2d", move |i| box2d.cast(&q.box2d_casts[i], q.casts[i].1)),
    ]
}

/// The rays' and casts' checks: ours alike through a world and on the per-tile world (distances
/// or times within 1e-4), Box2D's within `box2d`, parry2d's on the blocks within `parry`;
/// normals alike everywhere.
const fn hit_checks(parry: f32, box2d: f32) -> [Check; 4] {
    [
        ("ours", "ours_world", 1e-4, true),
        ("ours", "tile_world", 1e-4, true),
        ("ours", "box2d", box2d, true),
        ("ours_blocks", "parry2d", parry, true),
    ]
}

fn closest(s: &mut Setup) -> Vec<Side<'_>> {
    let (map, blocks, voxels, q) = (&s.map, &s.blocks, &s.voxels, &s.queries);
    let point = move |p: Vec2, i: usize| Some((p.distance(q.points[i]), p));
    vec![
        boxed("ours", move |i| point(closest_point(map, q.points[i]), i)),
        boxed("ours_blocks", move |i| point(closest_point(blocks, q.points[i]), i)),
        boxed("parry2d", move |i| point(voxels.project_point(&Pose::IDENTITY, q.points[i], true).point, i)),
    ]
}

fn moves(s: &mut Setup) -> Vec<Side<'_>> {
    let Setup { ours, placer, tiles, box2d, queries: q, .. } = s;
    let (box2d, q) = (&*box2d, &*q);
    vec![
        boxed("ours", move |i| Some((0.0, ours.slide(q.moves[i].0, q.moves[i].1)))),
        boxed("ours_place", move |i| {
            placer.place(q.moves[i].0);
            None
        }),
        boxed("tile_world", move |i| Some((0.0, tiles.slide(q.moves[i].0, q.moves[i].1)))),
        boxed("box2d", move |i| Some((0.0, box2d.mover(q.moves[i].0, q.moves[i].1)))),
    ]
}

/// A family: its name, its sides on a setup, and its checks.
type Family = (&'static str, for<'a> fn(&'a mut Setup) -> Vec<Side<'a>>, &'static [Check]);

const FAMILIES: [Family; 6] = [
    ("contact_box", contact_box, &CONTACT_CHECKS),
    ("contact_disc", contact_disc, &CONTACT_CHECKS),
    ("ray", ray, &hit_checks(1e-4, 1e-3)),
    ("cast", cast, &hit_checks(1e-3, 5e-3)),
    ("closest_point", closest, &[("ours_blocks", "parry2d", 1e-4, false)]),
    ("move", moves, &[("ours", "tile_world", 1e-3, false), ("ours", "box2d", 1e-2, false)]),
];

/// Every query of a family, each answer through `black_box`.
fn run_all(answer: &mut dyn FnMut(usize) -> Answer) {
    for i in 0..PAIRS {
        black_box(answer(i));
    }
}

/// Answers every query with every side, prints how far the pairs `checks` agree and each side's
/// heap allocations a query (`TILE_DEBUG`: the first disagreements too).
fn check(name: &str, n: u32, sides: &mut [Side], checks: &[Check]) {
    let answers: HashMap<&str, Vec<Answer>> =
        sides.iter_mut().map(|(side, answer)| (*side, (0..PAIRS).map(&mut *answer).collect())).collect();
    let hits = answers[sides[0].0].iter().flatten().count();
    let mut line = format!("tiles {n} {name}: {hits} of {PAIRS} answered by {};", sides[0].0);
    for (x, y, tolerance, unit) in checks {
        let differ: Vec<usize> =
            (0..PAIRS).filter(|&i| !alike(&answers[x][i], &answers[y][i], *tolerance, *unit)).collect();
        line += &format!(" {x} ~ {y} {};", PAIRS - differ.len());
        if std::env::var("TILE_DEBUG").is_ok() {
            for i in differ.into_iter().take(6) {
                println!("  {name} {i}: {x} {:?} {y} {:?}", answers[x][i], answers[y][i]);
            }
        }
    }
    line += " allocations a query:";
    for (side, answer) in sides.iter_mut() {
        let count = allocations(|| run_all(answer));
        line += &format!(" {side} {:.2}", count as f64 / PAIRS as f64);
    }
    println!("{line}");
}

/// This thread's time on a CPU in ns (`CLOCK_THREAD_CPUTIME_ID`, exact where the scheduler's
/// own count moves a tick at a time); wall time off Linux.
fn thread_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        unsafe extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec { sec: 0, nsec: 0 };
        // SAFETY: a valid clock and a place for its answer.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.sec as u64 * 1_000_000_000 + t.nsec as u64;
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// One run of a side's work, and what it made (dropped untimed).
type Run<'a> = Box<dyn FnMut() -> Option<Box<dyn Any>> + 'a>;

/// Per size, each side's name and a run of its work.
type Runs<'a> = Vec<Vec<(&'static str, Run<'a>)>>;

/// The plain loop: `rounds` rounds, each running every side at every size in turn so that the
/// machine's drift reaches all alike (`warm`: each run timed after an untimed one, so that every
/// side starts from caches holding what it uses, as in criterion's loops, not from what the side
/// before it left); prints each side's median time on a CPU over the rounds (divided by
/// `per_run`, in `unit`), its ratio to ours, and ours at the largest size over ours at the
/// smallest.
fn interleaved(name: &str, sizes: &[u32], runs: &mut Runs, rounds: usize, warm: bool, (per_run, unit): (f64, &str)) {
    let mut times: Vec<Vec<Vec<f64>>> = runs.iter().map(|sides| vec![Vec::new(); sides.len()]).collect();
    for _ in 0..rounds {
        for (sides, times) in runs.iter_mut().zip(&mut times) {
            for ((_, run), t) in sides.iter_mut().zip(times) {
                if warm {
                    drop(run());
                }
                let start = thread_ns();
                let made = run();
                t.push((thread_ns() - start) as f64 / per_run);
                drop(made);
            }
        }
    }
    let median = |t: &mut Vec<f64>| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    };
    let mut ours = Vec::new();
    for ((n, sides), times) in sizes.iter().zip(runs.iter()).zip(&mut times) {
        let medians: Vec<f64> = times.iter_mut().map(median).collect();
        ours.push(medians[0]);
        let each: Vec<String> = sides
            .iter()
            .zip(&medians)
            .skip(1)
            .map(|((side, _), m)| format!("{side} {m:.1} ({:.2})", medians[0] / m))
            .collect();
        println!("tiles loop {name} {n}: ours {:.1} {unit}; {} (ours ÷ theirs)", medians[0], each.join(", "));
    }
    if ours.len() > 1 {
        println!(
            "tiles loop {name} flat: ours {:.2}× from {} to {}",
            ours[ours.len() - 1] / ours[0],
            sizes[0],
            sizes[sizes.len() - 1]
        );
    }
}

/// Rounds of the plain loop: queries, builds.
const ROUNDS: usize = 21;
const BUILD_ROUNDS: usize = 7;

fn family(c: &mut Criterion, setups: &mut [Setup], (name, sides, checks): Family) {
    let sizes: Vec<u32> = setups.iter().map(|s| s.level.n).collect();
    let mut per_size: Vec<Vec<Side>> = setups.iter_mut().map(sides).collect();
    for (n, sides) in sizes.iter().zip(&mut per_size) {
        check(name, *n, sides, checks);
    }
    for (n, sides) in sizes.iter().zip(&mut per_size) {
        let mut group = configure(c, &format!("tiles_{name}/{n}"));
        for (side, answer) in sides.iter_mut() {
            group.bench_function(*side, |b| b.iter(|| run_all(answer)));
        }
        group.finish();
    }
    let mut runs: Runs = per_size
        .iter_mut()
        .map(|sides| {
            let each = sides.iter_mut().map(|(side, answer)| {
                let run: Run = Box::new(move || {
                    run_all(answer);
                    None
                });
                (*side, run)
            });
            each.collect()
        })
        .collect();
    interleaved(name, &sizes, &mut runs, ROUNDS, true, (PAIRS as f64, "ns"));
}

/// Times `make`, its result dropped outside the timing.
fn time_build<T>(group: &mut BenchmarkGroup<WallTime>, name: &str, mut make: impl FnMut() -> T) {
    group.bench_function(name, |b| b.iter_batched(|| (), |_| make(), BatchSize::PerIteration));
}

fn build(c: &mut Criterion, setups: &[Setup]) {
    for s in setups {
        let mut group = c.benchmark_group(format!("tiles_build/{}", s.level.n));
        group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        time_build(&mut group, "ours", || s.level.map());
        time_build(&mut group, "parry2d", || s.level.voxels());
        time_build(&mut group, "tile_world", || s.level.tile_world());
        time_build(&mut group, "box2d", || Box2dWorld::new(&s.loops));
        group.finish();
    }
    fn made<T: 'static>(t: T) -> Option<Box<dyn Any>> {
        Some(Box::new(t))
    }
    let mut runs: Runs = setups
        .iter()
        .map(|s| {
            let sides: Vec<(&'static str, Run)> = vec![
                ("ours", Box::new(|| made(s.level.map()))),
                ("parry2d", Box::new(|| made(s.level.voxels()))),
                ("tile_world", Box::new(|| made(s.level.tile_world()))),
                ("box2d", Box::new(|| made(Box2dWorld::new(&s.loops)))),
            ];
            sides
        })
        .collect();
    let sizes: Vec<u32> = setups.iter().map(|s| s.level.n).collect();
    interleaved("build", &sizes, &mut runs, BUILD_ROUNDS, false, (1e3, "µs"));
}

fn tiles(c: &mut Criterion) {
    let mut setups: Vec<Setup> = sizes().into_iter().map(Setup::new).collect();
    let only = std::env::var("TILE_FAMILIES").ok();
    let chosen = |name: &str| only.as_deref().is_none_or(|o| o.split(',').any(|f| f.trim() == name));
    if chosen("build") {
        build(c, &setups);
    }
    for f in FAMILIES.into_iter().filter(|f| chosen(f.0)) {
        family(c, &mut setups, f);
    }
}

criterion_group!(benches, tiles);
criterion_main!(benches);
