//! collide2d in Bevy: collision detection without a physics engine. Entities get a
//! [`Collider`] (any collide2d shape, concave polygons with holes included) and, if they need
//! them, [`CollisionLayers`], [`Sensor`] or [`OneWay`]; the [`Collide2dPlugin`] keeps a
//! collide2d world in step with their `GlobalTransform`s and sends [`CollisionStarted`] and
//! [`CollisionEnded`] messages. Systems ask what is where through [`Collisions`] and move
//! kinematic characters with [`Mover`], which moving platforms carry. A [`SpriteCollider`]
//! traces a sprite's image into its collider once the image has loaded. A [`TileLevelCollider`]
//! gives a Tiled map or an LDtk level ([`TileLevel`] assets, loaded by the [`TileLevelPlugin`])
//! a collider per layer. With the `debug` feature, `Collide2dDebugPlugin` draws the colliders'
//! outlines with Bevy's gizmos.
//!
//! ```
//! use bevy_app::prelude::*;
//! use bevy_ecs::prelude::*;
//! use bevy_transform::prelude::*;
//! use collide2d_bevy::{Collide2dPlugin, Collider, CollisionStarted};
//!
//! let mut app = App::new();
//! app.add_plugins((TransformPlugin, Collide2dPlugin::default()));
//! let wall = app.world_mut().spawn((Collider::rectangle(2.0, 10.0)?, Transform::from_xyz(5.0, 0.0, 0.0))).id();
//! let ball = app.world_mut().spawn((Collider::circle(1.0)?, Transform::from_xyz(3.5, 0.0, 0.0))).id();
//! app.update();
//! let started: Vec<_> = app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().collect();
//! assert_eq!((started[0].a, started[0].b), (wall, ball));
//! let contact = started[0].contact.expect("solid colliders get a contact");
//! assert!((contact.depth - 0.5).abs() < 1e-5); // the ball reaches 4.5, the wall starts at 4
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Conventions
//!
//! - **Space.** Bevy's 2D world: x right, y up, z ignored. A collider is in its entity's local
//!   space and follows its `GlobalTransform`: translation, rotation about z and scale (a disc
//!   only under an even scale; an uneven one is refused with a warning and the collider stays).
//! - **When.** The plugin's systems run in its schedule (`PostUpdate` by default), after
//!   transform propagation: colliders spawned, changed or moved in `Update` are in the world,
//!   and the messages sent, by the end of the frame. Queries in `Update` see the world as the
//!   last frame left it, with the moves made through [`Mover`] since; a `Mover` first places
//!   the colliders whose `Transform` changed since its system last ran, so that characters
//!   moved after the platforms ride them. Colliders spawned in `Startup` are in the world from
//!   the first frame's `Update`.
//! - **Pairs.** A pair's `a` is the collider inserted into the lower slot; contact normals point
//!   from `a` towards `b`. Sensors' pairs have no contact.
//! - **Levels.** Map files are y down; a [`TileLevelCollider`] mirrors its level top to bottom,
//!   so that the file's top-left corner is at the entity's origin and the level lies below it
//!   (the file's `(x, y)` at `(x, -y) / pixels_per_unit`).
//! - **Errors.** Shapes are checked when made ([`Collider::circle`] and the others return the
//!   library's error); a transform that cannot place a collider (a zero scale) leaves it where
//!   it was and logs a warning: nothing here panics.

mod components;
#[cfg(feature = "debug")]
mod debug;
mod query;
mod sprite;
mod sync;
mod tiles;

use bevy_app::prelude::*;
use bevy_ecs::intern::Interned;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleConfigs, ScheduleLabel};
use bevy_ecs::system::ScheduleSystem;
use bevy_transform::TransformSystems;

pub use collide2d::trace::Detail;
pub use components::{Collider, CollisionLayers, OneWay, Sensor};
#[cfg(feature = "debug")]
pub use debug::Collide2dDebugPlugin;
pub use query::{Collisions, MoveError, Moved, Mover, SceneFilter};
pub use sprite::{SpriteCollider, SpriteIsland};
pub use sync::{transform_2d, CollisionEnded, CollisionStarted, CollisionWorld};
pub use tiles::{
    y_up, TileLayerCollider, TileLayerColliderBundle, TileLevel, TileLevelCollider, TileLevelError, TileLevelLoader,
    TileLevelPlugin,
};

/// The plugin: a [`CollisionWorld`] resource, the systems that keep it in step with the
/// entities' colliders, and the collision messages.
pub struct Collide2dPlugin {
    schedule: Interned<dyn ScheduleLabel>,
}

impl Collide2dPlugin {
    /// The plugin with its systems in `schedule` (`PostUpdate` by default; `FixedPostUpdate`
    /// for a fixed-step game, whose colliders then follow the `GlobalTransform`s of the last
    /// propagation).
    pub fn in_schedule(schedule: impl ScheduleLabel) -> Self {
        Self { schedule: schedule.intern() }
    }
}

impl Default for Collide2dPlugin {
    fn default() -> Self {
        Self::in_schedule(PostUpdate)
    }
}

/// The plugin's systems, in order: colliders taken out, put in, then updated; the step.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Collide2dSystems {
    /// The world follows the entities.
    Sync,
    /// The world is stepped and the messages sent.
    Step,
}

/// The systems that bring the world into step with the entities, in order.
fn sync_systems() -> ScheduleConfigs<ScheduleSystem> {
    (sync::remove_colliders, sync::add_colliders, sync::reshape_colliders, sync::move_colliders, sync::mark_colliders)
        .chain()
}

impl Plugin for Collide2dPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<CollisionWorld>()
            .add_message::<CollisionStarted>()
            .add_message::<CollisionEnded>()
            .configure_sets(
                self.schedule,
                (Collide2dSystems::Sync, Collide2dSystems::Step).chain().after(TransformSystems::Propagate),
            )
            .add_systems(
                self.schedule,
                (sync_systems().in_set(Collide2dSystems::Sync), sync::step.in_set(Collide2dSystems::Step)),
            )
            // Colliders spawned at startup join the world before the first `Update`, so that
            // the first frame's queries and moves see the level.
            .add_systems(PostStartup, sync_systems().after(TransformSystems::Propagate))
            // Sprites are traced before propagation, so that islands spawned as children are
            // placed in the same frame; only in apps with image assets.
            .add_systems(
                PostUpdate,
                sprite::trace_sprites
                    .before(TransformSystems::Propagate)
                    .run_if(resource_exists::<bevy_asset::Assets<bevy_image::Image>>),
            );
    }
}
