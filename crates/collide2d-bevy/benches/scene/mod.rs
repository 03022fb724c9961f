//! The scene both Bevy benches move: 1,000 colliders (boxes and discs, turning and drifting
//! through a 200 × 200 field, about a pair touching per collider), from a fixed-seed stream.
//! `frame.rs` and the avian2d bench include it.

use bevy_ecs::prelude::*;
use bevy_math::{Quat, Vec2};
use bevy_transform::prelude::*;

pub const COUNT: usize = 1000;
const FIELD: f32 = 200.0;

/// A collider's shape and motion.
#[derive(Component, Clone, Copy)]
pub struct Mote {
    start: Vec2,
    velocity: Vec2,
    spin: f32,
    /// A disc (else a square).
    pub round: bool,
    /// Its diameter or side.
    pub size: f32,
}

/// The scene's colliders.
pub fn motes() -> Vec<Mote> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as f32 / (1u64 << 24) as f32
    };
    (0..COUNT)
        .map(|i| Mote {
            start: Vec2::new(next() * FIELD, next() * FIELD),
            velocity: Vec2::new(next() - 0.5, next() - 0.5),
            spin: (next() - 0.5) * 0.1,
            round: i % 2 == 0,
            size: 2.0 + next() * 4.0,
        })
        .collect()
}

impl Mote {
    /// Where it is at frame `t`: drifting, wrapping round the field, turning.
    pub fn at(&self, t: u32) -> (Vec2, f32) {
        let p = (self.start + self.velocity * t as f32).rem_euclid(Vec2::splat(FIELD));
        (p, self.spin * t as f32)
    }

    /// Its `Transform` at frame `t`.
    pub fn transform(&self, t: u32) -> Transform {
        let (p, angle) = self.at(t);
        Transform::from_xyz(p.x, p.y, 0.0).with_rotation(Quat::from_rotation_z(angle))
    }
}

/// The frame count.
#[derive(Resource, Default)]
pub struct Frame(pub u32);

/// Moves every mote's `Transform` to its place at the next frame.
pub fn move_motes(mut frame: ResMut<Frame>, mut motes: Query<(&Mote, &mut Transform)>) {
    frame.0 += 1;
    for (mote, mut transform) in &mut motes {
        *transform = mote.transform(frame.0);
    }
}
