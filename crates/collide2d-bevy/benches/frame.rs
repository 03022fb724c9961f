//! The plugin's work a frame beside the bare library: 1,000 colliders (boxes and discs, turning
//! and drifting through a 200 × 200 field, about a pair touching per collider) moved and
//! stepped. Four loops over the same motions:
//!
//! - `bare`: the library alone, `World::set_transform` for each collider, then `World::step`;
//! - `app_with_plugin`: a Bevy app whose `Update` system moves each entity's `Transform`, with
//!   transform propagation and the plugin (sync, step, messages, which a system reads);
//! - `app_without_plugin`: the same app without the plugin (the motion and propagation alone);
//! - so the plugin's work is `app_with_plugin − app_without_plugin`, set against `bare`.
//!
//! `cargo bench -p collide2d-bevy --bench frame`

use std::hint::black_box;
use std::time::Duration;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_math::{Quat, Vec2};
use bevy_transform::prelude::*;
use collide2d::world::World;
use collide2d::{Aabb, Circle, Shape};
use collide2d_bevy::{Collide2dPlugin, Collider, CollisionEnded, CollisionStarted};
use criterion::{criterion_group, criterion_main, Criterion};

const COUNT: usize = 1000;
const FIELD: f32 = 200.0;

/// A collider's shape and motion, from a fixed-seed stream.
#[derive(Component, Clone, Copy)]
struct Mote {
    start: Vec2,
    velocity: Vec2,
    spin: f32,
    round: bool,
    size: f32,
}

fn motes() -> Vec<Mote> {
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
    fn shape(&self) -> Shape {
        let half = Vec2::splat(self.size / 2.0);
        if self.round {
            Circle::new(Vec2::ZERO, half.x).unwrap().into()
        } else {
            Aabb::new(-half, half).unwrap().into()
        }
    }

    /// Where it is at frame `t`: drifting, wrapping round the field, turning.
    fn at(&self, t: u32) -> (Vec2, f32) {
        let p = (self.start + self.velocity * t as f32).rem_euclid(Vec2::splat(FIELD));
        (p, self.spin * t as f32)
    }
}

#[derive(Resource, Default)]
struct Frame(u32);

fn move_motes(mut frame: ResMut<Frame>, mut motes: Query<(&Mote, &mut Transform)>) {
    frame.0 += 1;
    for (mote, mut transform) in &mut motes {
        let (p, angle) = mote.at(frame.0);
        *transform = Transform::from_xyz(p.x, p.y, 0.0).with_rotation(Quat::from_rotation_z(angle));
    }
}

#[derive(Resource, Default)]
struct Seen(usize);

fn read_messages(
    mut started: MessageReader<CollisionStarted>,
    mut ended: MessageReader<CollisionEnded>,
    mut seen: ResMut<Seen>,
) {
    seen.0 += started.read().count() + ended.read().count();
}

fn app(with_plugin: bool) -> App {
    let mut app = App::new();
    app.add_plugins(TransformPlugin).init_resource::<Frame>().init_resource::<Seen>().add_systems(Update, move_motes);
    if with_plugin {
        app.add_plugins(Collide2dPlugin::default()).add_systems(Last, read_messages);
    }
    for mote in motes() {
        let (p, angle) = mote.at(0);
        let place = Transform::from_xyz(p.x, p.y, 0.0).with_rotation(Quat::from_rotation_z(angle));
        let id = app.world_mut().spawn((mote, place)).id();
        if with_plugin {
            app.world_mut().entity_mut(id).insert(Collider(mote.shape()));
        }
    }
    app.update();
    app
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("bevy_frame_1000");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));

    let motes = motes();
    let mut world: World<usize> = World::new();
    let handles: Vec<_> = motes
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (p, angle) = m.at(0);
            world
                .insert(m.shape(), collide2d::Transform::from_translation_rotation_scale(p, angle, Vec2::ONE), i)
                .unwrap()
        })
        .collect();
    let mut t = 0;
    group.bench_function("bare", |b| {
        b.iter(|| {
            t += 1;
            for (m, h) in motes.iter().zip(&handles) {
                let (p, angle) = m.at(t);
                world
                    .set_transform(*h, collide2d::Transform::from_translation_rotation_scale(p, angle, Vec2::ONE))
                    .unwrap();
            }
            black_box(world.step().started().len())
        })
    });

    let mut with = app(true);
    group.bench_function("app_with_plugin", |b| b.iter(|| with.update()));
    let mut without = app(false);
    group.bench_function("app_without_plugin", |b| b.iter(|| without.update()));
    group.finish();
    black_box(with.world().resource::<Seen>().0);
}

criterion_group!(benches, bench);
criterion_main!(benches);
