//! The plugin's work a frame beside the bare library, on the scene of `scene/mod.rs` (1,000
//! moving colliders). Three loops over the same motions:
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
use bevy_math::Vec2;
use bevy_transform::prelude::*;
use collide2d::world::World;
use collide2d::{Aabb, Circle, Shape};
use collide2d_bevy::{Collide2dPlugin, Collider, CollisionEnded, CollisionStarted};
use criterion::{criterion_group, criterion_main, Criterion};

mod scene;

use scene::{motes, move_motes, Frame, Mote};

/// The library's shape of a mote.
fn shape(mote: &Mote) -> Shape {
    let half = Vec2::splat(mote.size / 2.0);
    if mote.round {
        Circle::new(Vec2::ZERO, half.x).unwrap().into()
    } else {
        Aabb::new(-half, half).unwrap().into()
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
        let id = app.world_mut().spawn((mote, mote.transform(0))).id();
        if with_plugin {
            app.world_mut().entity_mut(id).insert(Collider(shape(&mote)));
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
                .insert(shape(m), collide2d::Transform::from_translation_rotation_scale(p, angle, Vec2::ONE), i)
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
