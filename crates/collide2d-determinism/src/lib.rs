//! Same inputs, same bits: [`hash`], one 64-bit hash over the `f32` bits of every answer of
//! - 10⁵ seeded queries of every kind (overlap, containment, contact with its points, concave
//!   polygons included, distance and closest points, rays, shape casts, turning casts), and
//!   2,000 shapes resting on a box, each asked every predicate and cast from there, and 2,000
//!   shapes over a tile map of solid cells, slopes and half blocks,
//! - the test sprites traced at every level of detail,
//! - a 1,000-step `World` scene with insertions, removals, re-parenting, filters, events (in
//!   their order) and a character moved by `move_and_slide`,
//!
//! checked against `expected.hash` by `tests/hash.rs` (debug, with the workspace's tests) and by
//! CI running `cargo run --release -p collide2d-determinism` with one and two threads
//! (`RAYON_NUM_THREADS`) and the library without its `parallel` feature. A change that changes
//! answers updates the file in the same commit and says why:
//! `UPDATE_HASH=1 cargo test -p collide2d-determinism`. The sprites are built in, so the check
//! needs no files (for targets without any, such as wasm32).
//!
//! CI also runs it compiled to wasm32 under Node (`cargo build --release -p
//! collide2d-determinism --target wasm32-unknown-unknown --no-default-features`, then `node
//! wasm/run.mjs <the .wasm>`), and from Python through the `collide2d` package in its pytest
//! suite (`crates/collide2d-py/tests/test_determinism.py`: the same inputs, made in Python,
//! through the binding). The inputs use none of the platform's trigonometry (`clippy.toml`),
//! so they too are the same bits everywhere.

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::query::cast::{cast_motion, Motion};
use collide2d::tiles::{TileMap, TileSet, TileShape, FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL};
use collide2d::trace::{trace, Detail};
use collide2d::{
    cast_ray, cast_shape, closest_points, contact, contains, distance, intersects, Aabb, Capsule, Circle,
    CollisionFilter, Contact, ConvexPolygon, MoveOptions, Obb, Polygon, Ray, Segment, Shape, Transform, Vec2, World,
};

/// The value the check must give, as `expected.hash` holds it.
pub const EXPECTED: &str = include_str!("../expected.hash");

/// FNV-1a over 32-bit words.
struct Hash(u64);

impl Hash {
    fn word(&mut self, w: u32) {
        for b in w.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn f(&mut self, x: f32) {
        self.word(x.to_bits());
    }
    fn v(&mut self, p: Vec2) {
        self.f(p.x);
        self.f(p.y);
    }
    fn flag(&mut self, b: bool) {
        self.word(u32::from(b));
    }
    fn contact(&mut self, c: Option<Contact>) {
        let Some(c) = c else { return self.word(0xC0) };
        self.v(c.normal);
        self.f(c.depth);
        for p in c.points() {
            self.v(p.point_a);
            self.v(p.point_b);
            self.f(p.depth);
        }
    }
}

/// xorshift64*, fixed seed.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
    fn point(&mut self) -> Vec2 {
        Vec2::new(self.between(-6.0, 6.0), self.between(-6.0, 6.0))
    }
}

/// A random shape of every kind in turn (a concave star one time in sixteen).
fn shape(r: &mut Seeded, k: u64) -> Shape {
    let c = r.point();
    match k % 16 {
        0 => Shape::Point(c),
        1 | 9 => Segment::new(c, c + r.point() * 0.3).unwrap().into(),
        2 | 10 => {
            Aabb::from_center_half_extents(c, Vec2::new(r.between(0.1, 2.0), r.between(0.1, 2.0))).unwrap().into()
        }
        3 | 11 => Circle::new(c, r.between(0.1, 2.0)).unwrap().into(),
        4 | 12 => {
            Obb::new(c, Vec2::new(r.between(0.1, 2.0), r.between(0.1, 2.0)), r.between(-3.0, 3.0)).unwrap().into()
        }
        5 | 13 => Capsule::new(c, c + r.point() * 0.3, r.between(0.1, 1.0)).unwrap().into(),
        6 | 14 => ConvexPolygon::regular(3 + (r.next() % 6) as usize, c, r.between(0.2, 2.0), r.between(0.0, 3.0))
            .unwrap()
            .into(),
        _ => {
            // A ten-pointed star: two regular pentagons' corners in turn, the inner one turned
            // by a tenth of a turn (made by the library, so every binding can make it alike).
            let (outer, inner, turn) = (r.between(1.0, 3.0), r.between(0.3, 0.9), r.between(0.0, 1.0));
            let tips = ConvexPolygon::regular(5, c, outer, turn).unwrap();
            let dents = ConvexPolygon::regular(5, c, outer * inner, turn + 0.628_318_5).unwrap();
            let star: Vec<Vec2> = tips.vertices().iter().zip(dents.vertices()).flat_map(|(&t, &d)| [t, d]).collect();
            Polygon::new(&star).unwrap().into()
        }
    }
}

fn queries(h: &mut Hash, pairs: u64) {
    let mut r = Seeded(0x9e37_79b9_7f4a_7c15);
    for k in 0..pairs {
        let (a, b) = (shape(&mut r, k), shape(&mut r, k / 16 + k * 7));
        h.flag(intersects(&a, &b));
        h.flag(contains(&a, &b));
        match k % 5 {
            0 => h.contact(contact(&a, &b)),
            1 => {
                h.f(distance(&a, &b));
                if let Some(c) = closest_points(&a, &b) {
                    h.v(c.point_a);
                    h.v(c.point_b);
                }
            }
            2 => {
                let ray = Ray::new(r.point() * 2.0, r.point()).unwrap_or(Ray::new(Vec2::ZERO, Vec2::X).unwrap());
                match cast_ray(&a, &ray, 30.0) {
                    Some(hit) => {
                        h.f(hit.distance);
                        h.v(hit.point);
                        h.v(hit.normal);
                    }
                    None => h.word(0xA1),
                }
            }
            3 => match cast_shape(&a, r.point() * 3.0, &b, r.point(), 1.0) {
                Some(hit) => {
                    h.f(hit.time);
                    h.v(hit.point);
                    h.v(hit.normal);
                    h.flag(hit.started_overlapping);
                }
                None => h.word(0xCA),
            },
            _ => {
                let turning = Motion::turning(r.point(), r.between(-3.0, 3.0), a.aabb().center());
                match cast_motion(&a, &turning, &b, &Motion::linear(r.point()), 1.0) {
                    Some(hit) => {
                        h.f(hit.time);
                        h.v(hit.point);
                        h.v(hit.normal);
                    }
                    None => h.word(0x7C),
                }
            }
        }
    }
}

/// Shapes resting on a box's top face (to within rounding: a disc, a capsule, a box, and a box
/// turned a quarter turn, whose axis carries -4.4e-8 across), asked every predicate, then cast
/// from there along the face and into it: where a touch is decided, and where a time of zero
/// has a sign to get the same on every build.
fn touching(h: &mut Hash, pairs: u64) {
    let mut r = Seeded(0x70c4_1e5a);
    for k in 0..pairs {
        let floor = Aabb::from_center_half_extents(r.point(), Vec2::new(r.between(0.5, 3.0), r.between(0.1, 1.0)));
        let floor = floor.unwrap();
        let x = r.between(floor.min().x, floor.max().x);
        let (top, size) = (floor.max().y, r.between(0.1, 1.0));
        let resting: Shape = match k % 4 {
            0 => Circle::new(Vec2::new(x, top + size), size).unwrap().into(),
            1 => Capsule::new(Vec2::new(x, top + size), Vec2::new(x + 0.5, top + size), size).unwrap().into(),
            2 => Aabb::new(Vec2::new(x, top), Vec2::new(x + size, top + size)).unwrap().into(),
            _ => Obb::new(Vec2::new(x, top + size), Vec2::new(size, 0.3), 1.570_796_4).unwrap().into(),
        };
        let floor = Shape::from(floor);
        h.flag(intersects(&floor, &resting));
        h.contact(contact(&floor, &resting));
        h.f(distance(&floor, &resting));
        if let Some(c) = closest_points(&floor, &resting) {
            h.v(c.point_a);
            h.v(c.point_b);
        }
        let motion = Vec2::new(r.between(-1.0, 1.0), r.between(-1.0, 0.0));
        match cast_shape(&resting, motion, &floor, Vec2::ZERO, f32::INFINITY) {
            Some(hit) => {
                h.f(hit.time);
                h.v(hit.normal);
                h.flag(hit.started_overlapping);
            }
            None => h.word(0xCA),
        }
    }
}

/// A tile map of 16 × 12 cells of 0.75 over the shapes' square: solid cells, 45° and 1-in-2
/// slopes and half blocks, flipped and turned, with open cells between, in a fixed pattern.
fn level_map() -> TileMap {
    let v = Vec2::new;
    let tiles = TileSet::solid(1)
        .with(2, TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap())
        .with(3, TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.5), v(1.0, 1.0), v(0.0, 1.0)]).unwrap())
        .with(4, TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.5), v(1.0, 1.0)]).unwrap());
    let flips = [0, FLIP_HORIZONTAL, FLIP_VERTICAL, FLIP_DIAGONAL | FLIP_HORIZONTAL];
    let ids: Vec<u32> = (0..12u32)
        .flat_map(|row| (0..16u32).map(move |col| (col, row)))
        .map(|(col, row)| match (col * 7 + row * 3) % 11 {
            0..=3 => 1,
            k @ 4..=6 => (k - 2) | flips[((col + row) % 4) as usize],
            _ => 0,
        })
        .collect();
    TileMap::from_ids(v(-6.0, -4.5), Vec2::splat(0.75), 16, 12, &ids, tiles).unwrap()
}

/// Shapes of every kind over a tile map, asked every predicate, a ray and a cast: where the
/// map decides seams, corners and slopes, in its own frame.
fn tile_map(h: &mut Hash, pairs: u64) {
    let map = level_map();
    let mut r = Seeded(0x711e_5eed);
    for k in 0..pairs {
        let s = shape(&mut r, k);
        h.flag(intersects(&map, &s));
        h.flag(contains(&map, &s));
        h.contact(contact(&map, &s));
        h.f(distance(&map, &s));
        if let Some(c) = closest_points(&map, &s) {
            h.v(c.point_a);
            h.v(c.point_b);
        }
        let ray = Ray::new(r.point(), r.point()).unwrap_or(Ray::new(Vec2::ZERO, Vec2::X).unwrap());
        match cast_ray(&map, &ray, 30.0) {
            Some(hit) => {
                h.f(hit.distance);
                h.v(hit.point);
                h.v(hit.normal);
            }
            None => h.word(0xA1),
        }
        match cast_shape(&s, r.point(), &map, Vec2::ZERO, 1.0) {
            Some(hit) => {
                h.f(hit.time);
                h.v(hit.point);
                h.v(hit.normal);
                h.flag(hit.started_overlapping);
            }
            None => h.word(0xCA),
        }
    }
}

/// The test sprites, built in.
const SPRITES: [&[u8]; 18] = [
    include_bytes!("../../collide2d/tests/data/sprites/boxCrate.png"),
    include_bytes!("../../collide2d/tests/data/sprites/button_b_outline.png"),
    include_bytes!("../../collide2d/tests/data/sprites/button_color_x.png"),
    include_bytes!("../../collide2d/tests/data/sprites/coinSilver.png"),
    include_bytes!("../../collide2d/tests/data/sprites/femaleAdventurer_idle.png"),
    include_bytes!("../../collide2d/tests/data/sprites/flagRed1.png"),
    include_bytes!("../../collide2d/tests/data/sprites/fly.png"),
    include_bytes!("../../collide2d/tests/data/sprites/gemBlue.png"),
    include_bytes!("../../collide2d/tests/data/sprites/grassHalf.png"),
    include_bytes!("../../collide2d/tests/data/sprites/keyRed.png"),
    include_bytes!("../../collide2d/tests/data/sprites/lockYellow.png"),
    include_bytes!("../../collide2d/tests/data/sprites/malePerson_idle.png"),
    include_bytes!("../../collide2d/tests/data/sprites/meteorGrey_big3.png"),
    include_bytes!("../../collide2d/tests/data/sprites/meteorGrey_tiny1.png"),
    include_bytes!("../../collide2d/tests/data/sprites/playerShip2_orange.png"),
    include_bytes!("../../collide2d/tests/data/sprites/sawHalf.png"),
    include_bytes!("../../collide2d/tests/data/sprites/slimeGreen.png"),
    include_bytes!("../../collide2d/tests/data/sprites/wormPink.png"),
];

fn sprites(h: &mut Hash) {
    for png in SPRITES {
        let img = image::load_from_memory(png).expect("a built-in sprite decodes").into_rgba8();
        let pixels = Rgba8::new(img.width(), img.height(), img.as_raw()).expect("its size");
        for detail in [Detail::Exact, Detail::Optimal, Detail::More, Detail::Less] {
            for polygon in trace(&pixels, &Solidity::default(), detail).expect("it traces") {
                polygon.outline().iter().for_each(|&p| h.v(p));
                polygon.holes().iter().flatten().for_each(|&p| h.v(p));
                h.f(polygon.area());
            }
        }
    }
}

fn world_scene(h: &mut Hash) {
    let mut r = Seeded(0x5eed);
    let mut world: World<u32> = World::new();
    // Share the narrow phase between threads from a few pairs on, so that the thread count
    // matters to the work if not to the answers.
    world.set_parallel_threshold(8);
    world
        .insert(Aabb::new(Vec2::new(-60.0, -2.0), Vec2::new(60.0, 0.0)).unwrap().into(), Transform::IDENTITY, 0)
        .expect("the ground");
    let hero = world
        .insert(
            Capsule::new(Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.5), 0.4).unwrap().into(),
            Transform::from_translation(Vec2::new(0.0, 3.0)),
            1,
        )
        .expect("the hero");
    let mut live = Vec::new();
    let options = MoveOptions { step_height: 0.3, snap_distance: 0.3, ..MoveOptions::default() };
    for step in 0..1000u32 {
        // Insertions, removals, re-parenting, filters, moves.
        if step % 3 == 0 && live.len() < 120 {
            let s = shape(&mut r, u64::from(step));
            let at = Transform::from_translation_rotation_scale(
                Vec2::new(r.between(-50.0, 50.0), r.between(0.0, 8.0)),
                r.between(-1.0, 1.0),
                Vec2::ONE,
            );
            if let Ok(c) = world.insert(s, at, step) {
                live.push(c);
            }
        }
        if step % 7 == 0 && !live.is_empty() {
            let i = (r.next() % live.len() as u64) as usize;
            world.remove(live.swap_remove(i));
        }
        if step % 11 == 0 && live.len() > 2 {
            let (i, j) = ((r.next() % live.len() as u64) as usize, (r.next() % live.len() as u64) as usize);
            let _ = world.set_parent(live[i], if i == j { None } else { Some(live[j]) });
        }
        if step % 13 == 0 && !live.is_empty() {
            let i = (r.next() % live.len() as u64) as usize;
            world.set_filter(live[i], CollisionFilter::new(1 << (r.next() % 3), 0b101)).unwrap();
        }
        for &c in live.iter().filter(|c| c.index() % 4 == step % 4) {
            let t = Transform::from_translation_rotation_scale(
                Vec2::new(r.between(-50.0, 50.0), r.between(0.0, 8.0)),
                r.between(-3.0, 3.0),
                Vec2::ONE,
            );
            let _ = world.set_transform(c, t);
        }
        let events = world.step();
        for e in events.started().iter().chain(events.ongoing()) {
            h.word(e.a.index());
            h.word(e.b.index());
            if let Some(c) = e.contact {
                h.v(c.normal);
                h.f(c.depth);
            }
        }
        for (a, b) in events.stopped() {
            h.word(a.index());
            h.word(b.index());
        }
        let walk = Vec2::new(if (step / 200) % 2 == 0 { 0.1 } else { -0.1 }, -0.2);
        let moved = world.move_and_slide(hero, walk, &options).unwrap();
        h.v(moved.moved);
        h.flag(moved.on_floor);
        h.word(moved.touched.len() as u32);
    }
    h.v(world.aabb(hero).unwrap().min());
}

/// Each part's hash: the queries, the traced sprites, the world scene (to tell which part a
/// difference comes from).
pub fn parts() -> [u64; 3] {
    let part = |run: fn(&mut Hash)| {
        let mut h = Hash(0xcbf2_9ce4_8422_2325);
        run(&mut h);
        h.0
    };
    [
        part(|h| {
            queries(h, 100_000);
            touching(h, 2_000);
            tile_map(h, 2_000);
        }),
        part(sprites),
        part(world_scene),
    ]
}

/// The hash of every answer (see the crate's documentation), as 16 hex digits: the parts'
/// hashes hashed.
pub fn hash() -> String {
    let mut h = Hash(0xcbf2_9ce4_8422_2325);
    for p in parts() {
        h.word(p as u32);
        h.word((p >> 32) as u32);
    }
    format!("{:016x}", h.0)
}

/// The three parts' hashes as 48 hex digits, for a caller across a C or WebAssembly boundary:
/// written to `out`, which must hold 48 bytes.
///
/// # Safety
/// `out` must be valid for writing 48 bytes.
#[no_mangle]
pub unsafe extern "C" fn collide2d_determinism_parts(out: *mut u8) {
    let digits: String = parts().iter().map(|p| format!("{p:016x}")).collect();
    // SAFETY: the caller's contract; `digits` is 48 ASCII bytes.
    unsafe { std::ptr::copy_nonoverlapping(digits.as_ptr(), out, digits.len().min(48)) };
}

/// The hash's 16 hex digits, for a caller across a C or WebAssembly boundary: written to
/// `out`, which must hold 16 bytes. (Node reads the answer of the wasm32 build this way.)
///
/// # Safety
/// `out` must be valid for writing 16 bytes.
#[no_mangle]
pub unsafe extern "C" fn collide2d_determinism_hash(out: *mut u8) {
    let digits = hash();
    // SAFETY: the caller's contract; `digits` is 16 ASCII bytes.
    unsafe { std::ptr::copy_nonoverlapping(digits.as_ptr(), out, digits.len().min(16)) };
}

/// 48 bytes the WebAssembly caller can hand to `collide2d_determinism_hash` and
/// `collide2d_determinism_parts` (it has no other way to get memory from the module).
#[no_mangle]
pub extern "C" fn collide2d_determinism_buffer() -> *mut u8 {
    Box::leak(Box::new([0u8; 48])).as_mut_ptr()
}
