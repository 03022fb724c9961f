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

#[path = "tiles/box2d.rs"]
mod box2d;
#[path = "tiles/level.rs"]
mod level;
#[path = "tiles/timing.rs"]
mod timing;

use box2d::*;
use level::*;
use timing::*;

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
