//! Motion through a world: shape casts and ray hits through the broad phase against brute force,
//! and the character mover's promises (slides, corners, slopes, never overlapping).
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use collide2d::world::{MoveOptions, QueryFilter, World, WorldError};
use collide2d::{
    cast_ray, cast_shape, intersects, Aabb, Capsule, Circle, ColliderHandle, CollisionFilter, ConvexPolygon, Obb,
    Polygon, Ray, Shape, Transform, Vec2,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn put(world: &mut World, shape: impl Into<Shape>) -> ColliderHandle {
    world.insert(shape.into(), Transform::IDENTITY, ()).unwrap()
}

fn position(world: &World, h: ColliderHandle) -> Vec2 {
    world.world_transform(h).unwrap().translation()
}

/// A random scene of boxes, discs, capsules, turned boxes and concave L's in a 60 × 60 area.
fn scene() -> impl Strategy<Value = Vec<Shape>> {
    let item = (0usize..5, -30.0f32..30.0, -30.0f32..30.0, 0.5f32..4.0, 0.5f32..4.0, 0.0f32..6.3).prop_map(
        |(kind, x, y, w, h, turn)| -> Shape {
            let c = v(x, y);
            match kind {
                0 => Aabb::from_center_half_extents(c, v(w, h)).unwrap().into(),
                1 => Circle::new(c, w).unwrap().into(),
                2 => Capsule::new(c, c + Vec2::from_angle(turn) * h * 2.0, w * 0.5).unwrap().into(),
                3 => Obb::new(c, v(w, h), turn).unwrap().into(),
                _ => {
                    let l = [v(0.0, 0.0), v(2.0, 0.0), v(2.0, 0.5), v(0.5, 0.5), v(0.5, 2.0), v(0.0, 2.0)];
                    Polygon::new(&l.map(|p| c + Vec2::from_angle(turn).rotate(p * w))).unwrap().into()
                }
            }
        },
    );
    prop::collection::vec(item, 1..25)
}

fn world_of(shapes: &[Shape]) -> (World, Vec<ColliderHandle>) {
    let mut world = World::new();
    let handles = shapes.iter().map(|s| put(&mut world, s.clone())).collect();
    (world, handles)
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config { cases, ..Config::with_source_file(file!()) })
}

// ---------- casts and rays through the broad phase ----------

#[test]
fn world_casts_find_the_soonest_hit_of_any_collider_and_every_hit_in_order() {
    let mover = (-30.0f32..30.0, -30.0f32..30.0, 0.3f32..2.0, -80.0f32..80.0, -80.0f32..80.0);
    let result = runner(300).run(&(scene(), mover), |(shapes, (x, y, r, mx, my))| {
        let (world, handles) = world_of(&shapes);
        let ball = Circle::new(v(x, y), r).unwrap();
        let motion = v(mx, my);
        let got = world.cast_shape(&ball, motion, 1.0, &QueryFilter::default());
        // Brute force: every collider, soonest first.
        let brute = handles
            .iter()
            .filter_map(|h| {
                cast_shape(world.world_shape(*h).unwrap(), Vec2::ZERO, &ball, motion, 1.0).map(|hit| (*h, hit))
            })
            .min_by(|a, b| a.1.time.total_cmp(&b.1.time));
        // Every hit in order, against every collider cast one by one.
        let all: Vec<(ColliderHandle, f32)> = world
            .cast_shape_all(&ball, motion, 1.0, &QueryFilter::default())
            .iter()
            .map(|(h, hit)| (*h, hit.time))
            .collect();
        let mut each: Vec<(ColliderHandle, f32)> = handles
            .iter()
            .filter_map(|h| {
                cast_shape(world.world_shape(*h).unwrap(), Vec2::ZERO, &ball, motion, 1.0).map(|hit| (*h, hit.time))
            })
            .collect();
        each.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.index().cmp(&b.0.index())));
        prop_assert_eq!(all, each);
        match (got, brute) {
            (Some((_, g)), Some((_, b))) => prop_assert_eq!(g.time, b.time),
            (g, b) => prop_assert!(g.is_none() && b.is_none(), "world {g:?}, brute {b:?}"),
        }
        if let Some((h, hit)) = got {
            // A surface normal: out of the collider, against the motion.
            prop_assert!(hit.normal.dot(motion) <= 1e-4 * motion.length() || hit.started_overlapping);
            let skipped = [h];
            let other = world.cast_shape(&ball, motion, 1.0, &QueryFilter { ignore: &skipped, ..Default::default() });
            prop_assert!(other.is_none_or(|(o, oh)| o != h && oh.time >= hit.time));
        }
        Ok(())
    });
    result.unwrap();
}

#[test]
fn every_ray_hit_in_order_matches_brute_force() {
    let ray = (-40.0f32..40.0, -40.0f32..40.0, 0.0f32..6.3);
    let result = runner(300).run(&(scene(), ray), |(shapes, (x, y, a))| {
        let (world, handles) = world_of(&shapes);
        let ray = Ray::new(v(x, y), Vec2::from_angle(a)).unwrap();
        let got = world.cast_ray_all(&ray, 200.0, &QueryFilter::default());
        let mut brute: Vec<(ColliderHandle, f32)> = handles
            .iter()
            .filter_map(|h| cast_ray(world.world_shape(*h).unwrap(), &ray, 200.0).map(|hit| (*h, hit.distance)))
            .collect();
        brute.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.index().cmp(&b.0.index())));
        let got: Vec<(ColliderHandle, f32)> = got.iter().map(|(h, hit)| (*h, hit.distance)).collect();
        prop_assert_eq!(got, brute);
        Ok(())
    });
    result.unwrap();
}

#[test]
fn a_one_way_collider_blocks_only_from_its_open_side_and_says_which_side_that_is() {
    let mut world = World::new();
    let ledge = put(&mut world, Aabb::from_xywh(-2.0, 0.0, 4.0, 0.5).unwrap());
    assert_eq!(world.one_way(ledge), Some(None));
    world.set_one_way(ledge, Some(v(0.0, 3.0))).unwrap();
    assert_eq!(world.one_way(ledge), Some(Some(Vec2::Y)));
    assert!(
        world.set_one_way(ledge, Some(Vec2::ZERO)).is_err()
            && world.set_one_way(ledge, Some(v(f32::NAN, 1.0))).is_err()
    );
    let any = QueryFilter::default();
    let ball = |x: f32, y: f32| Circle::new(v(x, y), 0.2).unwrap();
    // From above it lands; from below and from the side (edge-on, normal across the open side)
    // it passes.
    assert!(world.cast_shape(&ball(0.0, 2.0), v(0.0, -5.0), 1.0, &any).is_some());
    assert!(world.cast_shape(&ball(0.0, -2.0), v(0.0, 5.0), 1.0, &any).is_none());
    assert!(world.cast_shape(&ball(-4.0, 0.25), v(5.0, 0.0), 1.0, &any).is_none());
    assert!(world.cast_shape_all(&ball(-4.0, 0.25), v(5.0, 0.0), 1.0, &any).is_empty());
    world.set_one_way(ledge, None).unwrap();
    assert_eq!(world.one_way(ledge), Some(None));
    assert!(world.cast_shape(&ball(-4.0, 0.25), v(5.0, 0.0), 1.0, &any).is_some());
    world.remove(ledge);
    assert_eq!(world.one_way(ledge), None);
}

#[test]
fn query_filters_skip_sensors_ignored_and_filtered_colliders() {
    let mut world = World::new();
    let near = put(&mut world, Aabb::from_xywh(2.0, -1.0, 1.0, 2.0).unwrap());
    let sensor = put(&mut world, Aabb::from_xywh(4.0, -1.0, 1.0, 2.0).unwrap());
    let other_layer = put(&mut world, Aabb::from_xywh(6.0, -1.0, 1.0, 2.0).unwrap());
    let far = put(&mut world, Aabb::from_xywh(8.0, -1.0, 1.0, 2.0).unwrap());
    world.set_sensor(sensor, true).unwrap();
    world.set_filter(other_layer, CollisionFilter::new(0b10, 0b10)).unwrap();
    let ray = Ray::new(v(0.0, 0.0), Vec2::X).unwrap();
    let order = |filter: &QueryFilter| -> Vec<ColliderHandle> {
        world.cast_ray_all(&ray, 100.0, filter).into_iter().map(|(h, _)| h).collect()
    };
    assert_eq!(order(&QueryFilter::default()), vec![near, other_layer, far]);
    assert_eq!(order(&QueryFilter { sensors: true, ..Default::default() }), vec![near, sensor, other_layer, far]);
    let ignore = [near];
    let layer_one = QueryFilter { filter: CollisionFilter::new(0b01, 0b01), ignore: &ignore, sensors: false };
    assert_eq!(order(&layer_one), vec![far]);
    let ball = Circle::new(Vec2::ZERO, 0.5).unwrap();
    let hit = world.cast_shape(&ball, v(100.0, 0.0), 1.0, &layer_one).map(|(h, _)| h);
    assert_eq!(hit, Some(far));
    // An unbounded cast still looks at every collider.
    let hit = world.cast_shape(&ball, v(1.0, 0.0), f32::INFINITY, &QueryFilter::default());
    assert!(hit.is_some_and(|(h, at)| h == near && (at.time - 1.5).abs() < 1e-5), "{hit:?}");
}

// ---------- the character mover ----------

#[test]
fn it_slides_along_a_wall_without_sticking() {
    let mut world = World::new();
    let wall = put(&mut world, Aabb::from_xywh(2.0, -50.0, 1.0, 100.0).unwrap());
    let player = put(&mut world, Aabb::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap());
    let options = MoveOptions::default();
    // Into the wall at a slant: it stops short of the wall by the skin and goes all the way up.
    let r = world.move_and_slide(player, v(5.0, 3.0), &options).unwrap();
    assert_eq!(r.touched.iter().map(|t| t.collider).collect::<Vec<_>>(), vec![wall]);
    assert!(!r.on_floor);
    assert!((r.moved - v(1.0 - options.skin, 3.0)).length() < 1e-4, "{r:?}");
    // Pressed against it, moving along it is free.
    let r = world.move_and_slide(player, v(0.5, 4.0), &options).unwrap();
    assert!((r.moved - v(0.0, 4.0)).length() < 1e-3, "{r:?}");
    assert!(!intersects(world.world_shape(player).unwrap(), world.world_shape(wall).unwrap()));
}

#[test]
fn it_stops_in_a_concave_corner_without_jitter() {
    let mut world = World::new();
    put(&mut world, Aabb::from_xywh(-10.0, -1.0, 20.0, 1.0).unwrap());
    put(&mut world, Aabb::from_xywh(3.0, 0.0, 1.0, 10.0).unwrap());
    let player = put(&mut world, Aabb::from_xywh(0.0, 2.0, 1.0, 1.0).unwrap());
    let options = MoveOptions::default();
    let mut positions = Vec::new();
    for _ in 0..30 {
        let r = world.move_and_slide(player, v(1.0, -1.0), &options).unwrap();
        positions.push((position(&world, player), r.on_floor));
    }
    let (last, on_floor) = *positions.last().unwrap();
    assert!(on_floor);
    // In the corner, a skin from each side, and still there frame after frame.
    assert!((last - v(2.0 - options.skin, -2.0 + options.skin)).length() < 1e-3, "{last}");
    for (p, _) in &positions[positions.len() - 10..] {
        assert!((*p - last).length() < 1e-5, "jitter: {positions:?}");
    }
}

/// A ramp rising to the right from (0, 0) at `degrees`, 8 long.
fn ramp(degrees: f32) -> Polygon {
    let rise = 8.0 * degrees.to_radians().tan();
    Polygon::new(&[v(0.0, 0.0), v(8.0, 0.0), v(8.0, rise)]).unwrap()
}

#[test]
fn it_climbs_a_slope_below_the_limit_and_not_one_above() {
    for (degrees, climbs) in [(30.0f32, true), (60.0, false)] {
        let mut world = World::new();
        put(&mut world, Aabb::from_xywh(-20.0, -1.0, 40.0, 1.0).unwrap());
        put(&mut world, ramp(degrees));
        // A disc rolling right along the ground into the foot of the ramp, with gravity.
        let player = world
            .insert(Circle::new(Vec2::ZERO, 0.5).unwrap().into(), Transform::from_translation(v(-3.0, 0.6)), ())
            .unwrap();
        let options = MoveOptions::default();
        for _ in 0..40 {
            let r = world.move_and_slide(player, v(0.3, -0.1), &options).unwrap();
            if std::env::var("DEBUG_MOVE").is_ok() {
                eprintln!("{degrees} {} {r:?}", position(&world, player));
            }
        }
        let at = position(&world, player);
        if climbs {
            assert!(at.y > 1.5, "{degrees}°: should have climbed, at {at}");
        } else {
            assert!(at.y < 0.7 && at.x < 0.5, "{degrees}°: should be stopped at the foot, at {at}");
        }
    }
}

#[test]
fn against_a_steep_slope_it_rises_only_by_its_own_motion() {
    // In the air beside a 60° slope (too steep to stand on), pushed into it: level, it stops
    // against it and rises not at all, as against a wall; pushed up and in, it goes straight up
    // by its own rise, neither climbing along the slope nor sticking to it.
    for (push, rise) in [(v(0.3, 0.0), 0.0f32), (v(0.3, 0.3), 0.3)] {
        let mut world = World::new();
        put(&mut world, ramp(60.0));
        let start = v(1.0, 4.0);
        let player =
            world.insert(Circle::new(Vec2::ZERO, 0.5).unwrap().into(), Transform::from_translation(start), ()).unwrap();
        for frame in 1..=10 {
            let r = world.move_and_slide(player, push, &MoveOptions::default()).unwrap();
            let at = position(&world, player);
            if std::env::var("DEBUG_MOVE").is_ok() {
                eprintln!("{push} {at} {r:?}");
            }
            assert!(at.y <= start.y + rise * frame as f32 + 1e-4, "{push}: lifted to {at} at frame {frame}");
            assert!(at.y >= start.y + rise * frame as f32 - 0.05, "{push}: held back at {at} at frame {frame}");
        }
    }
}

#[test]
fn it_slides_down_a_slope_too_steep_to_stand_on() {
    // Falling onto a 60° slope (too steep to be floor) it slides down it rather than sticking
    // where it landed (found by the demo's character).
    let mut world = World::new();
    put(&mut world, Aabb::from_xywh(-20.0, -1.0, 40.0, 1.0).unwrap());
    put(&mut world, ramp(60.0));
    let start = v(6.0, 14.0);
    let player =
        world.insert(Circle::new(Vec2::ZERO, 0.5).unwrap().into(), Transform::from_translation(start), ()).unwrap();
    let mut lowest = start.y;
    for _ in 0..120 {
        let r = world.move_and_slide(player, v(0.0, -0.3), &MoveOptions::default()).unwrap();
        let at = position(&world, player);
        assert!(at.y <= lowest + 1e-4, "it went up: {at} after {r:?}");
        lowest = at.y;
    }
    let at = position(&world, player);
    // Down the slope to the foot: it moved left along it and reached the ground.
    assert!(at.y < 0.6 && at.x < 0.5, "stuck on the slope at {at}");
}

#[test]
fn it_never_ends_overlapping_what_it_did_not_start_in() {
    let mover = (-30.0f32..30.0, -30.0f32..30.0, 0.3f32..2.0, -20.0f32..20.0, -20.0f32..20.0, 0usize..3);
    let result = runner(300).run(&(scene(), mover), |(shapes, (x, y, size, mx, my, kind))| {
        let (mut world, handles) = world_of(&shapes);
        let shape: Shape = match kind {
            0 => Circle::new(Vec2::ZERO, size).unwrap().into(),
            1 => Aabb::from_center_half_extents(Vec2::ZERO, v(size, size * 1.5)).unwrap().into(),
            _ => ConvexPolygon::regular(5, Vec2::ZERO, size, 0.3).unwrap().into(),
        };
        let player = world.insert(shape, Transform::from_translation(v(x, y)), ()).unwrap();
        let start_in: Vec<ColliderHandle> = handles
            .iter()
            .copied()
            .filter(|h| intersects(world.world_shape(*h).unwrap(), world.world_shape(player).unwrap()))
            .collect();
        for step in 0..4 {
            let r =
                world.move_and_slide(player, v(mx, my) * (1.0 - 0.2 * step as f32), &MoveOptions::default()).unwrap();
            // The move, plus at most the push out of what it barely touched at the start.
            let skin = MoveOptions::default().skin;
            prop_assert!(r.moved.length() <= v(mx, my).length() * 1.0001 + 3.0 * skin, "{r:?}");
            let me = world.world_shape(player).unwrap();
            for h in &handles {
                if !start_in.contains(h) {
                    prop_assert!(!intersects(me, world.world_shape(*h).unwrap()), "overlaps {h:?} after {r:?}");
                }
            }
        }
        Ok(())
    });
    result.unwrap();
}

#[test]
fn a_mover_squeezed_between_what_it_barely_overlaps_and_a_wall_is_not_pushed_into_the_wall() {
    // Found by the property above: a box starts deep in one turned box (0), and after two moves
    // is left overlapping it by 0.003 with a second turned box (2) a skin away on its other
    // side, the gap between them 0.012 wider than the mover. Pushing it clear of the first
    // (by the overlap and a skin) entered the second, and every slide then started inside it.
    let ring = [v(21.042841, -2.3416235), v(18.162462, 4.6049433), v(16.42582, 3.8848484)];
    let ring = [ring[0], ring[1], ring[2], v(18.586105, -1.3250768), v(13.37618, -3.4853613), v(14.096274, -5.222003)];
    let shapes: Vec<Shape> = vec![
        Obb::new(v(17.141193, -7.3735976), v(2.486619, 3.3522983), 1.4949117).unwrap().into(),
        Polygon::new(&ring).unwrap().into(),
        Obb::new(v(8.331161, -5.0827), v(3.2431684, 3.6967714), 0.1530892).unwrap().into(),
    ];
    let (mut world, handles) = world_of(&shapes);
    let mover = Aabb::from_center_half_extents(Vec2::ZERO, v(0.9160257, 1.3740385)).unwrap();
    let player = world.insert(mover.into(), Transform::from_translation(v(20.987837, -7.953478)), ()).unwrap();
    let motion = v(-19.587507, 17.692907);
    for step in 0..4 {
        world.move_and_slide(player, motion * (1.0 - 0.2 * step as f32), &MoveOptions::default()).unwrap();
        let me = world.world_shape(player).unwrap();
        assert!(!intersects(me, world.world_shape(handles[2]).unwrap()), "in the wall after move {step}");
    }
}

#[test]
fn in_a_gap_narrower_than_it_and_two_skins_it_leaves_what_it_overlaps_but_not_into_the_other_wall() {
    // Walls at x ≤ 0 (an L whose arm reaches over the gap at y = 1.2, so that its bounds take
    // in the mover's) and x ≥ 2.005; a box 2 wide from x = 0.008, 0.003 into the right wall and
    // 0.008 from the left one. Clear of the right by a skin would put it 0.005 into the left.
    let mut world = World::new();
    let l = [v(-10.0, -10.0), v(0.0, -10.0), v(0.0, 1.2), v(3.0, 1.2), v(3.0, 10.0), v(-10.0, 10.0)];
    let left = put(&mut world, Polygon::new(&l).unwrap());
    put(&mut world, Aabb::new(v(2.005, -10.0), v(12.0, 10.0)).unwrap());
    let player = put(&mut world, Aabb::new(v(0.008, -1.0), v(2.008, 1.0)).unwrap());
    for motion in [v(-1.0, 0.0), v(-1.0, -0.5), v(0.0, 1.0)] {
        world.move_and_slide(player, motion, &MoveOptions::default()).unwrap();
        let me = world.world_shape(player).unwrap();
        assert!(!intersects(me, world.world_shape(left).unwrap()), "into the left wall moving {motion}");
    }
    // Down the gap by 0.5, then up to a skin under the arm: the right wall does not hold it.
    let y = position(&world, player).y;
    assert!(y > 0.15 && y < 0.2, "{y}");
}

#[test]
fn a_mover_barely_in_the_floor_is_lifted_clear_before_it_moves_even_beside_a_near_miss() {
    // 0.005 into the floor (within two skins): lifted a skin clear, then it slides. The disc by
    // its top corner takes in the mover's bounds but not the mover, pushed or not.
    let mut world = World::new();
    let floor = put(&mut world, Aabb::new(v(-20.0, -1.0), v(20.0, 0.0)).unwrap());
    put(&mut world, Circle::new(v(2.3, 2.3), 0.35).unwrap());
    let player = put(&mut world, Aabb::new(v(0.0, -0.005), v(2.0, 1.995)).unwrap());
    let r = world.move_and_slide(player, v(-1.0, 0.0), &MoveOptions::default()).unwrap();
    let me = world.world_shape(player).unwrap();
    assert!(!intersects(me, world.world_shape(floor).unwrap()), "still in the floor after {r:?}");
    assert!((position(&world, player) - v(-1.0, 0.015)).length() < 1e-4, "{}", position(&world, player));
}

#[test]
fn a_skin_below_what_f32_resolves_is_raised_so_that_it_still_never_ends_overlapping() {
    // A skin of 1e-6 at 30 units from the origin is below an ulp there (1.9e-6): the mover's
    // skin is raised to MoveOptions::SKIN_FLOOR times the coordinates in play.
    let mover = (-30.0f32..30.0, -30.0f32..30.0, 0.3f32..2.0, -20.0f32..20.0, -20.0f32..20.0);
    let tiny = MoveOptions { skin: 1e-6, ..MoveOptions::default() };
    let result = runner(300).run(&(scene(), mover), |(shapes, (x, y, size, mx, my))| {
        let (mut world, handles) = world_of(&shapes);
        let player =
            world.insert(Circle::new(Vec2::ZERO, size).unwrap().into(), Transform::from_translation(v(x, y)), ());
        let player = player.unwrap();
        let me = |world: &World| world.world_shape(player).unwrap().clone();
        let start_in: Vec<ColliderHandle> =
            handles.iter().copied().filter(|h| intersects(world.world_shape(*h).unwrap(), &me(&world))).collect();
        for step in 0..6 {
            let turn = Vec2::from_angle(step as f32 * 0.9);
            let r = world.move_and_slide(player, turn.rotate(v(mx, my)), &tiny).unwrap();
            for h in handles.iter().filter(|h| !start_in.contains(h)) {
                prop_assert!(!intersects(&me(&world), world.world_shape(*h).unwrap()), "in {h:?} after {r:?}");
            }
        }
        Ok(())
    });
    result.unwrap();
}

#[test]
fn it_never_falls_through_a_floor_however_it_lands() {
    // Shapes dropped at any speed onto a floor and kept pressing into it while running along
    // it: found by the ramp test, where a landing that ended exactly touching let the next
    // move ignore the floor.
    // Half the drops start a whole number of frames' fall above the floor, so that a frame
    // ends exactly touching it.
    let fall = prop_oneof![0.01f32..3.0, prop::sample::select(vec![0.1f32, 0.25, 0.5, 1.0])];
    let case = (0usize..3, 0.1f32..2.0, -3.0f32..3.0, fall, 0.0f32..3.0, 0u8..10, any::<bool>());
    let result = runner(300).run(&case, |(kind, size, run, fall, height, frames, whole)| {
        let height = if whole { fall * frames as f32 } else { height };
        let mut world = World::new();
        let floor = put(&mut world, Aabb::from_xywh(-1e4, -1.0, 2e4, 1.0).unwrap());
        let shape: Shape = match kind {
            0 => Circle::new(Vec2::ZERO, size).unwrap().into(),
            1 => Aabb::from_center_half_extents(Vec2::ZERO, v(size, size)).unwrap().into(),
            _ => Capsule::new(v(0.0, -size), v(0.0, size), size * 0.5).unwrap().into(),
        };
        let lift = shape.aabb().half_extents().y;
        let player = world.insert(shape, Transform::from_translation(v(0.0, lift + height)), ()).unwrap();
        for frame in 0..40 {
            let r = world.move_and_slide(player, v(run, -fall), &MoveOptions::default()).unwrap();
            let bottom = world.aabb(player).unwrap().min().y;
            prop_assert!(bottom >= 0.0, "frame {frame}: through the floor to {bottom} after {r:?}");
            prop_assert!(!intersects(world.world_shape(player).unwrap(), world.world_shape(floor).unwrap()));
        }
        Ok(())
    });
    result.unwrap();
}

#[test]
fn motion_queries_refuse_numbers_that_are_not_finite_or_are_negative() {
    let mut world = World::new();
    let wall = put(&mut world, Aabb::from_xywh(2.0, -1.0, 1.0, 2.0).unwrap());
    let ball = Circle::new(Vec2::ZERO, 0.5).unwrap();
    let all = QueryFilter::default();
    assert_eq!(world.cast_shape(&ball, v(1.0, 0.0), 10.0, &all).map(|(h, _)| h), Some(wall));
    for limit in [f32::NAN, -1.0, f32::NEG_INFINITY] {
        assert!(world.cast_shape(&ball, v(1.0, 0.0), limit, &all).is_none(), "{limit}");
    }
    for motion in [v(f32::INFINITY, 0.0), v(f32::NAN, 0.0)] {
        assert!(world.cast_shape(&ball, motion, 10.0, &all).is_none(), "{motion}");
    }
    // A limit of 0 still finds what the shape touches now.
    let touching = Circle::new(v(1.5, 0.0), 0.5).unwrap();
    let hit = world.cast_shape(&touching, v(1.0, 0.0), 0.0, &all).map(|(h, hit)| (h, hit.time));
    assert_eq!(hit, Some((wall, 0.0)));

    let ray = Ray::new(Vec2::ZERO, Vec2::X).unwrap();
    assert_eq!(world.cast_ray_all(&ray, 10.0, &all).len(), 1);
    for reach in [f32::NAN, -1.0] {
        assert!(world.cast_ray_all(&ray, reach, &all).is_empty(), "{reach}");
    }
    let from_inside = Ray::new(v(2.5, 0.0), Vec2::X).unwrap();
    assert_eq!(world.cast_ray_all(&from_inside, 0.0, &all).len(), 1, "a ray from inside hits at 0");
    // The same for the first hit alone.
    assert_eq!(world.cast_ray(&ray, 10.0).map(|(h, hit)| (h, hit.distance)), Some((wall, 2.0)));
    for reach in [f32::NAN, -1.0, f32::NEG_INFINITY] {
        assert!(world.cast_ray(&ray, reach).is_none(), "{reach}");
    }
    assert_eq!(world.cast_ray(&from_inside, 0.0).map(|(h, hit)| (h, hit.distance)), Some((wall, 0.0)));

    let mover = put(&mut world, Circle::new(Vec2::ZERO, 0.5).unwrap());
    for (motion, skin, named) in [
        (v(f32::INFINITY, 0.0), 0.01, "motion"),
        (v(f32::NAN, 0.0), 0.01, "motion"),
        (v(1.0, 0.0), f32::NAN, "skin"),
        (v(1.0, 0.0), -0.1, "skin"),
    ] {
        let e = world.move_and_slide(mover, motion, &MoveOptions { skin, ..MoveOptions::default() }).unwrap_err();
        assert!(matches!(&e, WorldError::BadMove(m) if m.starts_with(named)), "{motion} {skin}: {e}");
        assert_eq!(position(&world, mover), Vec2::ZERO, "nothing moved");
    }
    let r = world.move_and_slide(mover, v(0.5, 0.0), &MoveOptions { skin: 0.0, ..MoveOptions::default() }).unwrap();
    assert_eq!(r.moved, v(0.5, 0.0), "a skin of 0 is allowed");
    // Nor a step height, snap distance or slope limit that is negative or not a finite number,
    // nor an `up` with no direction; any finite `up` with one is taken, however long or short.
    for bad in [f32::NAN, f32::INFINITY, -0.5] {
        for (options, named) in [
            (MoveOptions { step_height: bad, ..MoveOptions::default() }, "step_height"),
            (MoveOptions { snap_distance: bad, ..MoveOptions::default() }, "snap_distance"),
            (MoveOptions { skin: bad, ..MoveOptions::default() }, "skin"),
            (MoveOptions { max_slope: bad * f32::INFINITY, ..MoveOptions::default() }, "max_slope"),
            (MoveOptions { up: v(bad, 0.0) * 0.0, ..MoveOptions::default() }, "up"),
        ] {
            let at = position(&world, mover);
            let e = world.move_and_slide(mover, v(1.0, 0.0), &options).unwrap_err();
            assert!(e.to_string().starts_with(&format!("move_and_slide: {named}")), "{options:?}: {e}");
            assert_eq!(position(&world, mover), at, "{options:?}");
        }
    }
    for up in [v(0.0, 1e30), v(0.0, 1e-30)] {
        let r = world.move_and_slide(mover, v(0.0, -0.5), &MoveOptions { up, ..MoveOptions::default() }).unwrap();
        assert_eq!(r.moved, v(0.0, -0.5), "{up}");
    }
}

#[test]
fn a_move_shorter_than_the_skin_still_stops_a_skin_short() {
    // 0.12 from a wall, moving 0.05 towards it with a skin of 0.1: it stops at 0.1.
    let mut world = World::new();
    put(&mut world, Aabb::from_xywh(1.0, -5.0, 1.0, 10.0).unwrap());
    let mover = put(&mut world, Circle::new(v(0.38, 0.0), 0.5).unwrap());
    let r = world.move_and_slide(mover, v(0.05, 0.0), &MoveOptions { skin: 0.1, ..MoveOptions::default() }).unwrap();
    assert!((r.moved.x - 0.02).abs() < 1e-4 && r.moved.y == 0.0, "{r:?}");
}

#[test]
fn it_recovers_a_skin_clear_of_floors_it_barely_overlaps_once_not_once_per_floor() {
    // Straddling two floor boxes, sunk 0.005 into both (less than two skins): pushed up once to
    // a skin's gap, not once for each of them.
    let mut world = World::new();
    put(&mut world, Aabb::from_xywh(-5.0, -1.0, 5.0, 1.0).unwrap());
    put(&mut world, Aabb::from_xywh(0.0, -1.0, 5.0, 1.0).unwrap());
    let player = world
        .insert(Circle::new(Vec2::ZERO, 0.5).unwrap().into(), Transform::from_translation(v(0.0, 0.495)), ())
        .unwrap();
    let r = world.move_and_slide(player, v(0.1, 0.0), &MoveOptions::default()).unwrap();
    let at = position(&world, player);
    assert!((at - v(0.1, 0.51)).length() < 1e-4, "at {at} after {r:?}");
}

#[test]
fn a_leftover_motion_below_a_millionth_of_the_distance_moved_is_dropped() {
    // In the open: 5e-7 is under a millionth of 1 + 0, so it does not move at all.
    let mut world = World::new();
    let mover = put(&mut world, Circle::new(Vec2::ZERO, 0.5).unwrap());
    let r = world.move_and_slide(mover, v(5e-7, 0.0), &MoveOptions::default()).unwrap();
    assert_eq!(r.moved, Vec2::ZERO, "{r:?}");
    // Square onto a wall leaning by 5.5e-7 rad: 4.49 along x to a skin from it, and the slide
    // left over, 5.5 · 5.5e-7 ≈ 3e-6 down the wall, is under a millionth of 1 + 4.49: dropped.
    let lean = 50.0 * 5.5e-7;
    put(
        &mut world,
        ConvexPolygon::new(&[v(5.0 + lean, -50.0), v(20.0, -50.0), v(20.0, 50.0), v(5.0 - lean, 50.0)]).unwrap(),
    );
    let r = world.move_and_slide(mover, v(10.0, 0.0), &MoveOptions::default()).unwrap();
    assert!((r.moved.x - 4.49).abs() < 1e-4, "{r:?}");
    assert_eq!(r.moved.y, 0.0, "the slide left over was taken: {r:?}");
}

#[test]
fn it_stops_in_a_narrow_v_between_two_walls() {
    // Two walls at 60° (steeper than the 45° limit) meeting at the origin. Falling in with a
    // drift, it slides down the right wall into the left one; sliding on along the left wall
    // would push it back into the right one, so there it stops, frame after frame.
    let mut world = World::new();
    let (s, c) = (60f32.to_radians().sin(), 60f32.to_radians().cos());
    put(
        &mut world,
        ConvexPolygon::new(&[v(0.0, 0.0), v(10.0 * c, 10.0 * s), v(10.0 * c + 1.0, 10.0 * s), v(1.0, 0.0)]).unwrap(),
    );
    put(
        &mut world,
        ConvexPolygon::new(&[v(0.0, 0.0), v(-1.0, 0.0), v(-10.0 * c - 1.0, 10.0 * s), v(-10.0 * c, 10.0 * s)]).unwrap(),
    );
    let player = put(&mut world, Circle::new(v(0.5, 6.0), 0.5).unwrap());
    let options = MoveOptions::default();
    let mut frames = Vec::new();
    for _ in 0..20 {
        let r = world.move_and_slide(player, v(0.1, -1.0), &options).unwrap();
        frames.push((position(&world, player), r));
    }
    // Resting on both walls: the centre a radius and a skin from each, on the V's axis (the
    // position is the move from the start).
    let rest = v(0.0, (0.5 + options.skin) / c) - v(0.5, 6.0);
    let (last, r) = frames.last().unwrap().clone();
    assert!((last - rest).length() < 1e-3, "{last} vs {rest}");
    assert!(!r.on_floor && r.touched.len() == 2, "{r:?}");
    for (p, r) in &frames[frames.len() - 10..] {
        assert!((*p - last).length() < 1e-6 && r.moved.length() < 1e-6, "jitter: {frames:?}");
    }
}

#[test]
fn a_wall_leaning_back_within_rounding_is_slid_along_and_one_leaning_more_is_not_climbed() {
    // Right beside a wall that leans back by `lean` rad, moving 10 into it. Sliding along it
    // would lift the mover by about 10 · lean. Up to a millionth of the motion (1e-5) that is
    // rounding, and it slides; beyond, the wall is not climbed: the slide goes level, which
    // square on is no slide at all.
    for (lean, rises) in [(5e-7f32, true), (1e-4, false)] {
        let mut world = World::new();
        let top = 100.0 * lean;
        put(&mut world, ConvexPolygon::new(&[v(1.0, 0.0), v(5.0, 0.0), v(5.0, 100.0), v(1.0 + top, 100.0)]).unwrap());
        let mover = put(&mut world, Circle::new(v(0.47, 50.0), 0.5).unwrap());
        let r = world.move_and_slide(mover, v(10.0, 0.0), &MoveOptions::default()).unwrap();
        assert!(r.moved.x < 0.02 + top, "lean {lean}: {r:?}");
        if rises {
            assert!(r.moved.y > 1e-6, "lean {lean}: {r:?}");
        } else {
            assert_eq!(r.moved.y, 0.0, "lean {lean}: {r:?}");
        }
    }
}

#[test]
fn a_mover_smaller_than_its_skin_is_not_pushed_by_itself() {
    // A bullet 0.008 across, less than two skins: were it counted among what it overlaps
    // before the move, its overlap with itself (0.008 deep) would read as a barely-overlapping
    // neighbour and push it a skin away.
    let mut world = World::new();
    let bullet = put(&mut world, Circle::new(v(3.0, 4.0), 0.004).unwrap());
    let r = world.move_and_slide(bullet, v(1.0, 0.5), &MoveOptions::default()).unwrap();
    assert_eq!((r.moved, r.touched.len()), (v(1.0, 0.5), 0), "{r:?}");
    assert_eq!(position(&world, bullet), v(1.0, 0.5));
}

#[test]
fn off_the_end_of_one_wall_and_onto_another_it_slides_on_down_the_second() {
    // A funnel of two 60° walls (steeper than the 45° limit) that do not meet: the right one
    // ends at (3, 3), the left one runs down to (2, 0). Falling onto the right wall, the mover
    // slides down it, off its lower end, onto the left wall, and on down that one in the same
    // move, out below the funnel: sliding down the left wall heads back towards the right
    // wall's line, but that wall has ended, so nothing there makes a corner.
    let (s, c) = (60f32.to_radians().sin(), 60f32.to_radians().cos());
    let mut world = World::new();
    let end = v(3.0, 3.0);
    let right = [end, end + v(1.0, 0.0), end + v(3.0 * c + 1.0, 3.0 * s), end + v(3.0 * c, 3.0 * s)];
    let right = put(&mut world, ConvexPolygon::new(&right).unwrap());
    let foot = v(2.0, 0.0);
    let left = [foot, foot + v(-8.0 * c, 8.0 * s), foot + v(-8.0 * c - 1.0, 8.0 * s), foot + v(-1.0, 0.0)];
    let left = put(&mut world, ConvexPolygon::new(&left).unwrap());
    let start = v(4.2, 7.0);
    let mover = put(&mut world, Circle::new(start, 0.3).unwrap());
    let r = world.move_and_slide(mover, v(0.0, -12.0), &MoveOptions::default()).unwrap();
    let at = start + r.moved;
    assert_eq!(r.touched.iter().map(|t| t.collider).collect::<Vec<_>>(), vec![right, left], "{r:?}");
    assert!(at.y < 0.0, "stopped at {at} after {r:?}");
}

#[test]
fn what_it_starts_deep_inside_does_not_block_it() {
    // Spawned in the middle of a big block: it walks straight out, unblocked and untouched.
    let mut world = World::new();
    put(&mut world, Aabb::from_xywh(-5.0, -5.0, 10.0, 10.0).unwrap());
    let mover = put(&mut world, Circle::new(Vec2::ZERO, 0.5).unwrap());
    let r = world.move_and_slide(mover, v(8.0, 0.0), &MoveOptions::default()).unwrap();
    assert_eq!((r.moved, r.touched.len()), (v(8.0, 0.0), 0), "{r:?}");
}
