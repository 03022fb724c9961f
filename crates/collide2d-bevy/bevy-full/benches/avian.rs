//! A frame of the same scene (`../benches/scene/mod.rs`: 1,000 boxes and discs drifting and
//! turning) in two Bevy apps with `MinimalPlugins` and transform propagation, each frame's
//! collision messages read by a system:
//!
//! - `collide2d`: the plugin (`Collide2dPlugin`, in `PostUpdate`);
//! - `avian2d`: avian2d 0.8's `PhysicsPlugins` in `PostUpdate` (one step a frame), no gravity,
//!   the bodies kinematic (avian moves only bodies; a kinematic one is moved by its
//!   `Transform` and collides without being pushed), collision events enabled on every body.
//!
//! `cargo bench --manifest-path crates/collide2d-bevy/bevy-full/Cargo.toml`

use std::hint::black_box;
use std::time::Duration;

use bevy::app::{App, Last, PostUpdate, Update};
use bevy::ecs::prelude::*;
use bevy::math::Vec2;
use bevy::transform::TransformPlugin;
use bevy::MinimalPlugins;
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../../benches/scene/mod.rs"]
mod scene;

use scene::{motes, move_motes, Frame};

#[derive(Resource, Default)]
struct Seen(usize);

fn ours() -> App {
    use collide2d_bevy::{Collide2dPlugin, Collider, CollisionEnded, CollisionStarted};
    fn read(
        mut started: MessageReader<CollisionStarted>,
        mut ended: MessageReader<CollisionEnded>,
        mut seen: ResMut<Seen>,
    ) {
        seen.0 += started.read().count() + ended.read().count();
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, Collide2dPlugin::default()));
    app.init_resource::<Frame>().init_resource::<Seen>().add_systems(Update, move_motes).add_systems(Last, read);
    for mote in motes() {
        let half = Vec2::splat(mote.size / 2.0);
        let shape: collide2d::Shape = if mote.round {
            collide2d::Circle::new(Vec2::ZERO, half.x).unwrap().into()
        } else {
            collide2d::Aabb::new(-half, half).unwrap().into()
        };
        app.world_mut().spawn((mote, mote.transform(0), Collider(shape)));
    }
    // What `App::run` does before the first update (some plugins finish building there).
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn avian() -> App {
    use avian2d::prelude::*;
    fn read(
        mut started: MessageReader<CollisionStart>,
        mut ended: MessageReader<CollisionEnd>,
        mut seen: ResMut<Seen>,
    ) {
        seen.0 += started.read().count() + ended.read().count();
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, PhysicsPlugins::new(PostUpdate)));
    app.insert_resource(Gravity(Vec2::ZERO));
    app.init_resource::<Frame>().init_resource::<Seen>().add_systems(Update, move_motes).add_systems(Last, read);
    for mote in motes() {
        let collider =
            if mote.round { Collider::circle(mote.size / 2.0) } else { Collider::rectangle(mote.size, mote.size) };
        app.world_mut().spawn((mote, mote.transform(0), RigidBody::Kinematic, collider, CollisionEventsEnabled));
    }
    app.finish();
    app.cleanup();
    app.update();
    app
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("bevy_frame_1000_beside_avian2d");
    group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    // Messages read a frame: both see pairs start and end at about the same rate.
    let per_frame = |app: &App| app.world().resource::<Seen>().0 as f64 / app.world().resource::<Frame>().0 as f64;
    let mut app = ours();
    group.bench_function("collide2d", |b| b.iter(|| app.update()));
    let ours_rate = per_frame(&app);
    let mut app = avian();
    group.bench_function("avian2d", |b| b.iter(|| app.update()));
    let avian_rate = per_frame(&app);
    group.finish();
    println!("collision messages a frame: collide2d {ours_rate:.1}, avian2d {avian_rate:.1}");
    black_box((ours_rate, avian_rate));
}

criterion_group!(benches, bench);
criterion_main!(benches);
