//! The character mode (key K) without any window: the capsule driven by held arrow keys in fixed
//! steps, checked after every step against every collider of the level.

use collide2d::{intersects, Vec2};
use collide2d_render::demo::character::{Character, STEP};
use collide2d_render::demo::{Arrow, Demo, Key, Pair};

/// The capsule after one step.
#[derive(Debug)]
struct Frame {
    at: Vec2,
    on_floor: bool,
    touched: Vec<&'static str>,
}

/// Runs `steps` steps, asserting after each that the capsule overlaps no collider of the level.
fn run(demo: &mut Demo, steps: usize) -> Vec<Frame> {
    (0..steps)
        .map(|i| {
            demo.tick(STEP);
            let c = demo.character().expect("in the character mode");
            for (_, name, shape) in c.level() {
                assert!(
                    !intersects(shape, c.capsule()),
                    "step {i}: the capsule at {} overlaps the {name}",
                    c.position()
                );
            }
            let touched = c.level().filter(|(h, ..)| c.touched().contains(h)).map(|(_, name, _)| name).collect();
            Frame { at: c.position(), on_floor: c.on_floor(), touched }
        })
        .collect()
}

fn character_demo() -> Demo {
    let mut demo = Demo::new(800, 500);
    demo.key(Key::from_letter('k').expect("K is a key"));
    demo
}

fn is_red([r, g, b, _]: [u8; 4]) -> bool {
    r as i32 > g as i32 + 60 && r as i32 > b as i32 + 60
}

fn is_green([r, g, b, _]: [u8; 4]) -> bool {
    g as i32 > r as i32 + 40 && g as i32 > b as i32 + 20
}

#[test]
fn k_toggles_the_mode_and_a_pair_key_leaves_it() {
    let mut demo = Demo::new(800, 500);
    assert!(demo.character().is_none());
    demo.key(Key::ToggleCharacter);
    let c = demo.character().expect("K enters the character mode");
    assert!(c.on_floor(), "the capsule starts standing on the floor");
    assert_eq!(demo.moving_position(), c.position());
    demo.key(Key::ToggleCharacter);
    assert!(demo.character().is_none(), "K again leaves it");
    demo.key(Key::ToggleCharacter);
    demo.key(Key::Show(Pair::Boxes));
    assert!(demo.character().is_none(), "a pair key leaves it");
    assert_eq!(demo.pair(), Pair::Boxes);
}

#[test]
fn holding_right_runs_along_the_floor_and_releasing_it_stops() {
    let mut demo = character_demo();
    let start = demo.moving_position();
    assert!((start - Character::START).length() < 0.02, "{start}");
    demo.key(Key::Arrow(Arrow::Right));
    let path = run(&mut demo, 20);
    for w in path.windows(2) {
        assert!(w[1].at.x > w[0].at.x, "further right every step: {w:?}");
    }
    for f in &path {
        assert!(f.on_floor && f.touched == ["floor"] && (f.at.y - start.y).abs() < 0.02, "on the floor: {f:?}");
    }
    let ran = path[19].at.x - start.x;
    assert!((ran - 20.0 * 4.0 * STEP).abs() < 0.01, "4 units a second: ran {ran}");
    demo.key_released(Key::Arrow(Arrow::Right));
    let still = run(&mut demo, 10);
    assert!(still.iter().all(|f| (f.at - still[0].at).length() < 1e-4 && f.on_floor), "stops: {still:?}");
}

#[test]
fn walking_right_climbs_the_hill_through_the_corridor_and_stops_at_the_steep_slope() {
    let mut demo = character_demo();
    let start = demo.moving_position();
    demo.key(Key::Arrow(Arrow::Right));
    let path = run(&mut demo, 300);
    // Slopes of 27° up and 37° down are floor: it never leaves it (it follows the way down).
    assert!(path.iter().all(|f| f.on_floor), "{:?}", path.iter().find(|f| !f.on_floor));
    // On the hill's top, 1.5 units up, under the corridor's roof (x from 6.5 to 9).
    let under_roof = path.iter().filter(|f| (6.5..9.0).contains(&f.at.x));
    assert!(under_roof.clone().count() > 20 && under_roof.clone().all(|f| f.at.y < start.y - 1.45));
    // Then down, and stopped at the foot of the 60° slope (from x = 12.5), on the floor.
    let end = path[299].at;
    assert!((12.0..12.5).contains(&end.x) && (end.y - start.y).abs() < 0.02, "stopped at {end}");
    assert!(path[250..].iter().all(|f| (f.at - end).length() < 1e-3), "stays stopped");
    assert_eq!(path[299].touched, ["floor", "steep slope"]);
}

#[test]
fn jumping_at_the_steep_slope_never_gets_up_it() {
    let mut demo = character_demo();
    demo.place_moving(Vec2::new(11.8, 8.0));
    demo.key(Key::Arrow(Arrow::Right));
    demo.key(Key::Arrow(Arrow::Up));
    let path = run(&mut demo, 300);
    assert!(path.iter().filter(|f| f.touched.contains(&"steep slope")).count() > 50, "it keeps meeting the slope");
    assert!(path.iter().filter(|f| f.on_floor).count() > 3, "and lands on the floor between hops");
    // The slope's top is at x = 14, y = 6.4: the capsule would stand there at y ≈ 5.8.
    let furthest = path.iter().map(|f| f.at.x).fold(f32::MIN, f32::max);
    let highest = path.iter().map(|f| f.at.y).fold(f32::MAX, f32::min);
    assert!(furthest < 13.2 && highest > 6.9, "got to x {furthest}, y {highest}");
}

#[test]
fn a_jump_leaves_the_floor_and_lands_again() {
    let mut demo = character_demo();
    let start = demo.moving_position();
    demo.key(Key::Arrow(Arrow::Up));
    let mut path = run(&mut demo, 1);
    demo.key_released(Key::Arrow(Arrow::Up));
    path.extend(run(&mut demo, 59));
    let landed = path.iter().position(|f| f.on_floor).expect("it lands");
    assert!((30..45).contains(&landed), "in the air for {landed} steps");
    assert!(path[..landed].iter().all(|f| f.touched.is_empty()));
    let top = path.iter().map(|f| f.at.y).fold(f32::MAX, f32::min);
    assert!((start.y - top - 1.35).abs() < 0.1, "rose {}", start.y - top);
    let end = path[59].at;
    assert!((end - start).length() < 0.02 && path[59].on_floor, "back where it jumped: {end}");
}

#[test]
fn a_jump_under_the_corridor_roof_bumps_its_head_and_falls_back() {
    let mut demo = character_demo();
    demo.place_moving(Vec2::new(7.75, 6.8));
    let settled = run(&mut demo, 10);
    let floor = settled[9].at;
    assert!(settled[9].on_floor && settled[9].touched == ["hill"], "{:?}", settled[9]);
    demo.key(Key::Arrow(Arrow::Up));
    let mut path = run(&mut demo, 1);
    demo.key_released(Key::Arrow(Arrow::Up));
    path.extend(run(&mut demo, 39));
    assert!(path.iter().any(|f| f.touched == ["corridor roof"]), "it meets the roof");
    // The roof's underside is 1.5 above the hill's top: the 1.2-unit capsule rises 0.3 at most.
    assert!(path.iter().all(|f| f.at.y > floor.y - 0.3 - 1e-3));
    assert!(path[39].on_floor && (path[39].at - floor).length() < 0.02, "lands again");
}

#[test]
fn the_capsule_is_dragged_but_never_into_the_level() {
    let mut demo = character_demo();
    let view = demo.view();
    let start = demo.moving_position();
    demo.pointer_down(view.to_pixel(start));
    demo.pointer_move(view.to_pixel(Vec2::new(4.0, 3.0)));
    demo.tick(STEP); // no step while it is held
    assert!((demo.moving_position() - Vec2::new(4.0, 3.0)).length() < 0.05);
    demo.pointer_move(view.to_pixel(Vec2::new(8.0, 8.5))); // inside the hill: refused
    demo.pointer_up();
    assert!((demo.moving_position() - Vec2::new(4.0, 3.0)).length() < 0.05);
    let path = run(&mut demo, 90);
    let end = &path[89];
    assert!(end.on_floor && end.touched == ["hill"], "falls onto the hill: {end:?}");
}

#[test]
fn a_long_pause_is_not_caught_up() {
    let mut demo = character_demo();
    let start = demo.moving_position();
    demo.key(Key::Arrow(Arrow::Right));
    demo.tick(10.0);
    let ran = demo.moving_position().x - start.x;
    assert!((ran - 8.0 * 4.0 * STEP).abs() < 0.01, "8 steps at most: ran {ran}");
    demo.tick(f32::NAN); // ignored
    assert!(demo.moving_position().is_finite());
}

#[test]
fn what_the_capsule_touches_is_drawn_red_and_the_rest_green() {
    let mut demo = character_demo();
    let colour = |demo: &Demo, p: Vec2| {
        let px = demo.view().to_pixel(p);
        demo.render().pixel(px.x as u32, px.y as u32)
    };
    let (floor, hill) = (Vec2::new(14.0, 9.5), Vec2::new(8.0, 8.5));
    assert!(is_red(colour(&demo, floor)) && is_green(colour(&demo, hill)), "standing on the floor");
    assert!(is_red(colour(&demo, demo.moving_position())), "the capsule touches something");
    demo.key(Key::Arrow(Arrow::Right));
    run(&mut demo, 100);
    assert!(is_green(colour(&demo, floor)) && is_red(colour(&demo, hill)), "walking on the hill");
    demo.key(Key::ToggleCharacter);
    assert!(is_green(colour(&demo, demo.fixed_position())), "the pairs again, apart");
}

/// The handle of the level's collider of that name.
fn handle(c: &Character, name: &str) -> collide2d::ColliderHandle {
    c.level().find(|(_, n, _)| *n == name).map(|(h, ..)| h).expect("a collider of the level")
}

#[test]
fn the_start_is_clear_of_the_level_and_the_world_holds_the_capsule() {
    let c = Character::new();
    let local = c.world().local_shape(c.body()).expect("the world holds the capsule");
    let there = local.transformed(&collide2d::Transform::from_translation(Character::START)).unwrap();
    for (_, name, shape) in c.level() {
        assert!(!intersects(shape, &there), "the start overlaps the {name}");
    }
    assert_eq!(c.world().world_shape(c.body()), Some(c.capsule()));
    assert_eq!(c.level().count(), 11);
}

#[test]
fn holding_left_runs_left_at_the_running_speed() {
    let mut c = Character::new();
    assert!(![Arrow::Left, Arrow::Right, Arrow::Up].iter().any(|&a| c.is_held(a)));
    c.hold(Arrow::Left, true);
    assert!(c.is_held(Arrow::Left) && !c.is_held(Arrow::Right) && !c.is_held(Arrow::Up));
    let start = c.position();
    for _ in 0..5 {
        c.step();
    }
    // 4 units a second; standing on the floor, no fall speed.
    assert_eq!(c.velocity(), Vec2::new(-4.0, 0.0));
    let ran = start.x - c.position().x;
    assert!((ran - 5.0 * 4.0 * STEP).abs() < 1e-3 && c.on_floor(), "ran {ran}");
    c.hold(Arrow::Left, false);
    assert!(!c.is_held(Arrow::Left));
}

#[test]
fn a_tick_of_no_time_negative_time_or_nan_runs_no_step() {
    let mut c = Character::new();
    c.hold(Arrow::Right, true);
    let start = c.position();
    for seconds in [-1.0, f32::NAN, 0.0, f32::INFINITY] {
        c.tick(seconds);
        assert_eq!(c.position(), start, "tick({seconds})");
    }
    // Nothing was saved up: one step's time is one step.
    c.tick(STEP);
    assert!((c.position().x - start.x - 4.0 * STEP).abs() < 1e-4, "{}", c.position());
}

/// A fresh character at rest `h` above where it stands on the floor.
fn above_the_floor(h: f32) -> Character {
    let mut c = Character::new();
    let rest = c.position();
    assert!(c.place(rest - Vec2::new(0.0, h)));
    c
}

#[test]
fn in_the_air_the_capsule_falls_by_gravity_alone() {
    // From rest, one step falls GRAVITY × STEP × STEP = 30 / 3600 units: nothing snaps it down
    // while the floor is further than the snap's reach below (two skins standing still, 0.02,
    // and when running the drop of a 45° slope over the step's run, 4 / 60, besides).
    for (h, run) in [(0.05, false), (1.0, false), (0.5, true)] {
        let mut c = above_the_floor(h);
        c.hold(Arrow::Right, run);
        let start = c.position();
        c.step();
        let moved = c.position() - start;
        let fall = 30.0 * STEP * STEP;
        assert!((moved.y - fall).abs() < 1e-5 && !c.on_floor(), "{h} above, run {run}: moved {moved}");
        assert_eq!(c.velocity(), Vec2::new(if run { 4.0 } else { 0.0 }, 30.0 * STEP));
    }
}

#[test]
fn just_above_the_floor_the_capsule_is_snapped_onto_it() {
    // 0.02 above where it stands: gravity's step (0.0083) leaves it 0.0117 short, within the
    // snap's reach of two skins.
    let mut c = above_the_floor(0.02);
    let rest = Character::new().position();
    c.step();
    assert!(c.on_floor() && (c.position() - rest).length() < 1e-3, "at {}", c.position());
    assert_eq!(c.velocity(), Vec2::ZERO);
}

#[test]
fn dropped_onto_the_steep_slope_the_capsule_slides_down_it_with_all_its_fall() {
    // The 60° slope's face runs from (12.5, 9) up to (14, 6.4); at x = 13.6 it is at y ≈ 7.1.
    let mut c = Character::new();
    assert!(c.place(Vec2::new(13.6, 5.0)));
    let slope = handle(&c, "steep slope");
    let down_slope = Vec2::new(-1.5, 2.6).normalize();
    let (mut on_slope, mut was_on_slope) = (0, false);
    for i in 0..120 {
        let before = c.position();
        c.step();
        let moved = c.position() - before;
        // Never down faster than the fastest fall (15 units a second).
        assert!(moved.y <= 15.0 * STEP + 1e-4, "step {i}: moved {moved}");
        let sliding = c.touched().contains(&slope) && !c.on_floor();
        if sliding && was_on_slope {
            // From one step on the slope to the next, the step's fall (the speed it has built
            // up, times STEP) goes down the slope: its component along the slope, all of it.
            let fall = Vec2::new(0.0, c.velocity().y * STEP);
            let want = down_slope * fall.dot(down_slope);
            assert!((moved - want).length() < 1e-4, "step {i}: moved {moved}, not {want}");
            on_slope += 1;
        }
        was_on_slope = sliding;
    }
    let end = c.position();
    assert!(on_slope > 2, "it slid on the slope for {on_slope} steps");
    assert!(c.on_floor() && end.x < 12.5 && end.y > 8.3, "ends on the floor at its foot: {end}");
}

#[test]
fn set_down_on_the_steep_slope_the_capsule_slides_from_the_first_step() {
    // The lowest place (to a thousandth) above x = 13.6 that does not overlap the slope: the
    // first step's fall of 0.0083 stops at once, and the rest of it goes down the slope.
    let mut c = Character::new();
    let y = (0..1000).map(|i| 6.0 + i as f32 * 0.001).take_while(|&y| c.place(Vec2::new(13.6, y))).last();
    let y = y.expect("room above the slope at y = 6");
    assert!(y < 6.9, "the slope is under x = 13.6");
    assert!(c.place(Vec2::new(13.6, y)));
    let start = c.position();
    c.step();
    let moved = c.position() - start;
    // The fall's component along the slope, but for the gap it first fell straight across
    // (under 0.001: straight down and along the slope differ by half of it).
    let down_slope = Vec2::new(-1.5, 2.6).normalize();
    let want = down_slope * (c.velocity().y * STEP * down_slope.y);
    assert!((moved - want).length() < 5e-4, "moved {moved}, not {want}");
    assert!(c.touched().contains(&handle(&c, "steep slope")) && !c.on_floor());
}

#[test]
fn bumping_the_roof_stops_the_rise_at_once() {
    let mut c = Character::new();
    assert!(c.place(Vec2::new(7.75, 6.8)));
    for _ in 0..10 {
        c.step();
    }
    let roof = handle(&c, "corridor roof");
    c.hold(Arrow::Up, true);
    c.step();
    c.hold(Arrow::Up, false);
    assert!(c.velocity().y < -8.0, "jumped: {}", c.velocity());
    for i in 0..20 {
        c.step();
        if c.touched().contains(&roof) {
            // Its speed up is gone: the next step falls.
            assert_eq!(c.velocity().y, 0.0, "step {i}");
            let top = c.position();
            c.step();
            assert!(c.position().y > top.y, "falls from the roof");
            return;
        }
        assert!(c.velocity().y < 0.0, "still rising at step {i}");
    }
    panic!("never met the roof");
}

/// A character placed at `at` and left to settle for half a second.
fn settled_at(at: Vec2) -> Character {
    let mut c = Character::new();
    assert!(c.place(at), "{at} is clear");
    for _ in 0..30 {
        c.step();
    }
    c
}

#[test]
fn up_the_stairs_on_the_t_and_through_the_one_way_ledge() {
    // Set on the T's bar, holding right: up three steps of 0.3 without a jump.
    let mut c = settled_at(Vec2::new(8.6, 3.5));
    assert!(c.on_floor() && c.touched() == [handle(&c, "corridor roof")], "{:?}", c.position());
    c.hold(Arrow::Right, true);
    let mut top = c.position();
    for _ in 0..60 {
        c.step();
        top = Vec2::new(top.x.max(c.position().x), top.y.min(c.position().y));
        if c.position().x > 11.3 {
            break;
        }
    }
    let on_top = 3.6 - HALF_HEIGHT - 0.01;
    assert!(c.on_floor() && (c.position().y - on_top).abs() < 0.02, "on the top step: {}", c.position());
    // A jump from the top step goes up through the ledge above and right and lands on it.
    c.hold(Arrow::Up, true);
    c.step();
    c.hold(Arrow::Up, false);
    let mut landed = None;
    for i in 0..90 {
        c.step();
        if c.on_floor() && c.touched().contains(&handle(&c, "one-way ledge")) {
            landed = Some(i);
            break;
        }
    }
    assert!(landed.is_some(), "never landed on the ledge: {}", c.position());
    assert!((c.position().y - (2.7 - HALF_HEIGHT - 0.01)).abs() < 0.03, "on the ledge: {}", c.position());
}

#[test]
fn the_lift_carries_the_capsule_standing_on_it() {
    // Set on the lift at the start, standing still: it goes right and back with the lift.
    let mut c = Character::new();
    assert!(c.place(Vec2::new(1.15, 4.0 - HALF_HEIGHT - 0.02)));
    let mut xs = Vec::new();
    for _ in 0..240 {
        c.step();
        xs.push(c.position().x);
    }
    let (lowest, highest) = xs.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    assert!(c.on_floor() && c.touched().contains(&handle(&c, "lift")), "{}", c.position());
    assert!(highest - lowest > 1.8, "rode from {lowest} to {highest}");
    assert!((c.position().y - (4.0 - HALF_HEIGHT - 0.01)).abs() < 0.02, "never sank: {}", c.position());
}

/// Half the capsule's height (its segment's half plus its radius).
const HALF_HEIGHT: f32 = 0.6;
