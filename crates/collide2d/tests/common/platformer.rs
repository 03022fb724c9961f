//! The platformer scenarios' geometry and settings, shared by our controller's suite
//! (`tests/controller.rs`) and rapier2d's run of the same scenarios (`tests/rapier_controller.rs`),
//! so that both move through the very same levels. 60 frames a second, gravity 20 units/s²,
//! running at 6 units/s, y up unless a scenario says otherwise.
#![allow(dead_code)]

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace, Detail};
use collide2d::world::MoveOptions;
use collide2d::{Aabb, Capsule, Polygon, Shape, Vec2};

pub const DT: f32 = 1.0 / 60.0;
pub const GRAVITY: f32 = 20.0;
pub const RUN: f32 = 6.0;
pub const STEP: f32 = 0.4;

pub fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The character's options: steps of 0.4, snapping 0.5 down, slopes up to 50°.
pub fn options() -> MoveOptions {
    MoveOptions { step_height: STEP, snap_distance: 0.5, max_slope: 50f32.to_radians(), ..MoveOptions::default() }
}

/// A capsule 1.8 tall and 0.8 wide, or a box of that size, standing with its bottom at `feet`.
pub fn character(boxy: bool, feet: Vec2) -> Shape {
    if boxy {
        Aabb::from_xywh(feet.x - 0.4, feet.y, 0.8, 1.8).unwrap().into()
    } else {
        Capsule::new(feet + v(0.0, 0.4), feet + v(0.0, 1.4), 0.4).unwrap().into()
    }
}

/// Level ground from `x0` to `x1`, its top at 0.
pub fn floor(x0: f32, x1: f32) -> Shape {
    Aabb::new(v(x0, -1.0), v(x1, 0.0)).unwrap().into()
}

/// `count` steps up of `rise` each, 1 deep, from x = 2.
pub fn stairs(rise: f32, count: usize) -> Vec<Shape> {
    let mut level = vec![floor(-10.0, 40.0)];
    for k in 1..=count {
        let top = rise * k as f32;
        level.push(Aabb::new(v(2.0 + (k - 1) as f32, 0.0), v(2.0 + count as f32 + 20.0, top)).unwrap().into());
    }
    level
}

/// The two levels run down: a 30° slope from the origin, and 20 steps of 0.3 down, 1 deep.
pub fn downhill() -> [(&'static str, Vec<Shape>); 2] {
    let slope = 30f32.to_radians();
    let ramp = Polygon::new(&[v(0.0, 0.0), v(40.0, -40.0 * slope.tan()), v(40.0, -40.0), v(0.0, -40.0)]).unwrap();
    let down_stairs =
        (0..20).map(|k| Aabb::new(v(k as f32, -40.0), v(k as f32 + 1.0, -0.3 * k as f32)).unwrap().into()).collect();
    [("slope", vec![Shape::from(ramp)]), ("stairs", down_stairs)]
}

/// A 30° slope 40 wide, going down to the right through the origin.
pub fn slope_to_stand_on() -> Shape {
    let rise = 20.0 * 30f32.to_radians().tan();
    Polygon::new(&[v(-20.0, rise), v(20.0, -rise), v(20.0, -30.0), v(-20.0, -30.0)]).unwrap().into()
}

/// 1,000 square tiles in a row, with the body that runs over them and its options: unit tiles
/// under a box character (y up), or 16 px tiles under a box 12 × 28 px (y down, every length
/// 50 times larger); and its running speed.
pub fn tiles(pixels: bool) -> (Vec<Shape>, Shape, MoveOptions, f32) {
    let (size, up, speed, scale) =
        if pixels { (16.0, Vec2::NEG_Y, 300.0, 50.0) } else { (1.0f32, Vec2::Y, RUN, 1.0f32) };
    let y = if pixels { 0.0 } else { -size };
    let tiles = (0..1000).map(|k| Aabb::from_xywh(k as f32 * size, y, size, size).unwrap().into()).collect();
    let body: Shape = if pixels {
        Aabb::from_xywh(16.0 - 6.0, -0.5 - 28.0, 12.0, 28.0).unwrap().into()
    } else {
        character(true, v(1.0, 0.01))
    };
    let opts =
        MoveOptions { up, skin: 0.01 * scale, step_height: STEP * scale, snap_distance: 0.5 * scale, ..options() };
    (tiles, body, opts, speed)
}

/// A level traced from a picture 10,000 × 64 px: ground 16 px thick with a 1-in-20 ramp up and
/// down every 1,000 px, y down; with the box 12 × 28 px that runs over it and its options.
pub fn traced_level() -> (Vec<Shape>, Shape, MoveOptions) {
    let (width, height) = (10_000u32, 64u32);
    let ground = |x: u32| 48.0 - 8.0 * (1.0 - ((x % 1000) as f32 / 250.0 - 2.0).abs()).max(0.0);
    let mut px = vec![0u8; (width * height * 4) as usize];
    for y in 0..height {
        for x in 0..width {
            if y as f32 >= ground(x) {
                px[((y * width + x) * 4 + 3) as usize] = 255;
            }
        }
    }
    let level = trace(&Rgba8::new(width, height, &px).unwrap(), &Solidity::default(), Detail::Optimal).unwrap();
    let opts = MoveOptions { up: Vec2::NEG_Y, skin: 0.5, step_height: 6.0, snap_distance: 8.0, ..options() };
    let body = Aabb::from_xywh(10.0, 48.0 - 28.5, 12.0, 28.0).unwrap().into();
    (level.into_iter().map(Shape::from).collect(), body, opts)
}
