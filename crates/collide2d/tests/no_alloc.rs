//! Queries never touch the heap: a counting allocator watches every query on every pair. It
//! counts per thread, since the test harness runs each test on a thread of its own.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use collide2d::{
    cast_ray, closest_point, closest_points, contact, contact_deepest_piece_pair, contains, distance, intersects,
    signed_distance, Aabb, Capsule, Circle, ConvexPolygon, Obb, Polygon, Ray, Segment, Shape, Transform, Vec2,
};

struct Counting;

thread_local!(static ALLOCATIONS: Cell<usize> = const { Cell::new(0) });

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: the count's own slot may be gone while the thread ends.
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn no_query_allocates() {
    let shapes: Vec<Shape> = vec![
        Vec2::new(0.5, 0.5).into(),
        Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(2.0, 1.0)).unwrap().into(),
        Aabb::from_xywh(0.0, 0.0, 2.0, 1.0).unwrap().into(),
        Circle::new(Vec2::new(1.0, 1.0), 0.8).unwrap().into(),
        Obb::new(Vec2::new(1.5, 0.0), Vec2::new(1.0, 0.5), 0.4).unwrap().into(),
        Capsule::new(Vec2::new(0.0, 2.0), Vec2::new(2.0, 2.5), 0.5).unwrap().into(),
        ConvexPolygon::regular(8, Vec2::new(4.0, 0.0), 1.5, 0.1).unwrap().into(),
    ];
    let ray = Ray::new(Vec2::new(-5.0, 0.3), Vec2::X).unwrap();
    let mut sink = 0.0f32;
    let before = allocations();
    for a in &shapes {
        for b in &shapes {
            sink += intersects(a, b) as u8 as f32 + contains(a, b) as u8 as f32;
            sink += contact(a, b).map_or(0.0, |c| c.depth + c.points().len() as f32);
            sink += distance(a, b) + closest_points(a, b).map_or(0.0, |c| c.distance);
        }
        sink += cast_ray(a, &ray, 100.0).map_or(0.0, |h| h.distance);
        sink += signed_distance(a, Vec2::new(3.0, 3.0)) + closest_point(a, Vec2::new(3.0, 3.0)).x;
    }
    let after = allocations();
    assert!(sink.is_finite());
    assert_eq!(after - before, 0, "queries allocated {} times", after - before);
}

/// A 40-point star, concave at every other vertex.
fn star(center: Vec2, turn: f32) -> Polygon {
    let pts: Vec<Vec2> = (0..40)
        .map(|i| {
            center
                + Vec2::from_angle(turn + i as f32 * std::f32::consts::TAU / 40.0) * if i % 2 == 0 { 10.0 } else { 5.0 }
        })
        .collect();
    Polygon::new(&pts).unwrap()
}

#[test]
fn concave_contacts_allocate_nothing_once_their_buffers_have_grown() {
    // Placed, so that its pieces and edge tree are mapped on first use (and then kept).
    let a = star(Vec2::ZERO, 0.0).transformed(&Transform::from_rotation(0.3)).unwrap();
    let disc = Circle::new(Vec2::new(6.0, 1.0), 2.0).unwrap();
    let others: Vec<Polygon> = (0..8).map(|k| star(Vec2::new(k as f32 * 1.5 - 6.0, 2.0), k as f32 * 0.2)).collect();
    let run = || {
        for b in &others {
            assert!(intersects(&a, b));
            assert!(contact(&a, b).is_some());
            assert!(contact_deepest_piece_pair(&a, b).is_some());
        }
        assert!(contact(&a, &disc).is_some());
        assert!(contact_deepest_piece_pair(&disc, &a).is_some());
    };
    // The first round grows the buffers and maps the placed polygon's pieces.
    run();
    let before = allocations();
    run();
    assert_eq!(allocations() - before, 0);
}

#[test]
fn a_character_move_allocates_only_the_list_of_what_it_touched() {
    use collide2d::world::{CharacterController, MoveOptions, World};
    let mut world: World = World::new();
    for k in 0..200 {
        let tile = Aabb::from_xywh(k as f32, -1.0, 1.0, 1.0).unwrap();
        world.insert(tile.into(), Transform::IDENTITY, ()).unwrap();
    }
    let capsule = Capsule::new(Vec2::new(2.0, 0.41), Vec2::new(2.0, 1.41), 0.4).unwrap();
    let player = world.insert(capsule.into(), Transform::IDENTITY, ()).unwrap();
    let options = MoveOptions { step_height: 0.4, snap_distance: 0.5, ..MoveOptions::default() };
    let mut controller = CharacterController::new(options);
    // The first moves size the world's buffers.
    for _ in 0..10 {
        controller.move_and_slide(&mut world, player, Vec2::new(0.1, -0.01)).unwrap();
    }
    for _ in 0..100 {
        let before = allocations();
        let result = controller.move_and_slide(&mut world, player, Vec2::new(0.1, -0.01)).unwrap();
        let made = allocations() - before;
        assert!(result.on_floor && made <= 1, "{made} allocations, {result:?}");
    }
    // Up in the air, touching nothing: none at all.
    world.set_transform(player, Transform::from_translation(Vec2::new(0.0, 50.0))).unwrap();
    controller.forget_floor();
    controller.move_and_slide(&mut world, player, Vec2::new(0.1, 0.0)).unwrap();
    let before = allocations();
    let result = controller.move_and_slide(&mut world, player, Vec2::new(0.1, 0.0)).unwrap();
    assert!(result.touched.is_empty() && allocations() == before, "{result:?}");
}

#[test]
fn tile_map_queries_and_moves_allocate_nothing_once_their_buffers_have_grown() {
    use collide2d::tiles::{TileMap, TileSet, TileShape};
    use collide2d::world::{CharacterController, MoveOptions, World};
    use collide2d::{cast_shape, Vec2 as V};
    // A floor with 45° slopes up to a step and down again, solid below.
    let slope = TileShape::convex(&[V::new(0.0, 0.0), V::new(1.0, 0.0), V::new(1.0, 1.0)]).unwrap();
    let back = TileShape::convex(&[V::new(0.0, 0.0), V::new(1.0, 0.0), V::new(0.0, 1.0)]).unwrap();
    let tiles = TileSet::solid(1).with(2, slope).with(3, back);
    let mut ids = vec![0u32; 40 * 6];
    for col in 0..40 {
        ids[col] = 1;
        ids[40 + col] = match col % 10 {
            3 => 2,
            4..=6 => 1,
            7 => 3,
            _ => 0,
        };
    }
    let map = TileMap::from_ids(V::ZERO, V::ONE, 40, 6, &ids, tiles).unwrap();
    let shapes: Vec<Shape> = vec![
        Aabb::from_xywh(3.2, 1.2, 0.8, 1.0).unwrap().into(),
        Circle::new(V::new(7.4, 1.4), 0.5).unwrap().into(),
        Capsule::new(V::new(12.5, 1.3), V::new(12.5, 2.0), 0.4).unwrap().into(),
    ];
    let run = || {
        let mut sink = 0.0f32;
        for s in &shapes {
            sink += contact(&map, s).map_or(0.0, |c| c.depth) + distance(&map, s);
            sink += cast_shape(s, V::new(3.0, -2.0), &map, V::ZERO, 1.0).map_or(0.0, |h| h.time);
            sink += cast_ray(&map, &Ray::new(s.aabb().center() + V::Y * 3.0, V::new(1.0, -1.0)).unwrap(), 10.0)
                .map_or(0.0, |h| h.distance);
        }
        sink + closest_point(&map, V::new(20.0, 5.0)).x
    };
    run();
    let before = allocations();
    assert!(run().is_finite());
    assert_eq!(allocations() - before, 0, "tile-map queries allocated");
    // A character running over the slopes and the step: only the list of what it touched.
    let mut world: World = World::new();
    world.insert(map.into(), Transform::IDENTITY, ()).unwrap();
    let capsule = Capsule::new(V::new(1.0, 1.41), V::new(1.0, 2.41), 0.4).unwrap();
    let player = world.insert(capsule.into(), Transform::IDENTITY, ()).unwrap();
    let options = MoveOptions { step_height: 0.4, snap_distance: 0.5, ..MoveOptions::default() };
    let mut controller = CharacterController::new(options);
    // A first run over the course sizes the buffers (the first slope met grows them); the
    // second, from the start again, must not allocate beyond the list.
    for counted in [false, true] {
        world.set_transform(player, Transform::IDENTITY).unwrap();
        controller.forget_floor();
        for frame in 0..300 {
            let before = allocations();
            let result = controller.move_and_slide(&mut world, player, V::new(0.1, -0.05)).unwrap();
            let made = allocations() - before;
            assert!(!counted || made <= 1, "frame {frame}: {made} allocations, {result:?}");
        }
    }
    // It ran the course: up the slopes, over the steps, and along to the far end.
    assert!(world.world_shape(player).unwrap().aabb().min().x > 25.0);
}
