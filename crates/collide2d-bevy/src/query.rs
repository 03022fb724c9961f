//! What systems ask of the collision world ([`Collisions`]: what touches what, rays, shape casts,
//! overlaps) and how they move characters through it ([`Mover`]: `move_and_slide`, written back
//! to the entity's `Transform`).

use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use bevy_ecs::system::{SystemChangeTick, SystemParam};
use bevy_math::Vec2;
use bevy_transform::components::{GlobalTransform, Transform};
use collide2d::world::{MoveOptions, QueryFilter};
use collide2d::{ColliderHandle, Contact, Ray, RayHit, ShapeCastHit, ShapeLike};

use crate::components::{Collider, CollisionLayers};
use crate::sync::{transform_2d, CollisionWorld};

/// Which colliders a scene query considers: those whose layers meet `layers`, except the
/// entities in `ignore`, and sensors only when `sensors` is set. The default considers every
/// solid collider.
#[derive(Clone, Debug, Default)]
pub struct SceneFilter {
    /// Colliders count when their layers [meet](CollisionLayers::meets) these.
    pub layers: CollisionLayers,
    /// Entities to skip, such as the one that asks.
    pub ignore: Vec<Entity>,
    /// Whether sensors count.
    pub sensors: bool,
}

impl SceneFilter {
    /// Every solid collider but `entity`'s.
    pub fn ignoring(entity: Entity) -> Self {
        Self { ignore: vec![entity], ..Self::default() }
    }
}

/// The scene queries, for any system: what an entity touches, and the rays, shape casts and
/// overlap queries of the collision world as it was at the last step (with the moves made
/// through [`Mover`] since). Shapes are given in world coordinates.
///
/// ```no_run
/// use bevy_ecs::prelude::*;
/// use collide2d_bevy::{Collisions, SceneFilter};
/// use bevy_math::Vec2;
///
/// fn look_ahead(collisions: Collisions) {
///     if let Some((entity, hit)) = collisions.cast_ray(Vec2::ZERO, Vec2::X, 100.0, &SceneFilter::default()) {
///         println!("{entity} is {} ahead", hit.distance);
///     }
/// }
/// ```
#[derive(SystemParam)]
pub struct Collisions<'w> {
    world: Res<'w, CollisionWorld>,
}

impl Collisions<'_> {
    /// The entities whose colliders touched `entity`'s at the last step.
    pub fn touching(&self, entity: Entity) -> Vec<Entity> {
        let Some(h) = self.world.handle(entity) else { return Vec::new() };
        let world = self.world.world();
        let other = |e: &collide2d::ContactEvent| match (e.a == h, e.b == h) {
            (true, _) => Some(e.b),
            (_, true) => Some(e.a),
            _ => None,
        };
        world.events().touching().filter_map(other).filter_map(|o| world.data(o).copied()).collect()
    }

    /// How the colliders of `a` and `b` overlap now (the normal from `a` towards `b`), or
    /// `None` when they do not, or one has no collider.
    pub fn contact(&self, a: Entity, b: Entity) -> Option<Contact> {
        let world = self.world.world();
        let shape = |e| self.world.handle(e).and_then(|h| world.world_shape(h));
        collide2d::contact(shape(a)?, shape(b)?)
    }

    /// The nearest collider the ray from `origin` along `direction` hits within
    /// `max_distance`, with the hit (its distance, point and the collider's outward normal).
    pub fn cast_ray(
        &self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        filter: &SceneFilter,
    ) -> Option<(Entity, RayHit)> {
        let ray = Ray::new(origin, direction).ok()?;
        let hit =
            self.filtered(filter, |world, f| world.cast_ray_filtered(&ray, max_distance, f).into_iter().collect());
        hit.into_iter().next()
    }

    /// Every collider the ray hits within `max_distance`, nearest first.
    pub fn cast_ray_all(
        &self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        filter: &SceneFilter,
    ) -> Vec<(Entity, RayHit)> {
        let Ok(ray) = Ray::new(origin, direction) else { return Vec::new() };
        self.filtered(filter, |world, f| world.cast_ray_all(&ray, max_distance, f))
    }

    /// The first collider `shape` (in world coordinates) would hit moving by `motion` over
    /// times 0 to `max_time`, with the hit (the normal out of the collider). A collider it
    /// already touches is hit at time 0.
    pub fn cast_shape<S: ShapeLike + ?Sized>(
        &self,
        shape: &S,
        motion: Vec2,
        max_time: f32,
        filter: &SceneFilter,
    ) -> Option<(Entity, ShapeCastHit)> {
        let found =
            self.filtered(filter, |world, f| world.cast_shape(shape, motion, max_time, f).into_iter().collect());
        found.into_iter().next()
    }

    /// Every collider `shape` would hit moving by `motion`, soonest first.
    pub fn cast_shape_all<S: ShapeLike + ?Sized>(
        &self,
        shape: &S,
        motion: Vec2,
        max_time: f32,
        filter: &SceneFilter,
    ) -> Vec<(Entity, ShapeCastHit)> {
        self.filtered(filter, |world, f| world.cast_shape_all(shape, motion, max_time, f))
    }

    /// The entities whose colliders hold `point` (edges included).
    pub fn entities_at_point(&self, point: Vec2) -> Vec<Entity> {
        self.entities(self.world.world().colliders_at_point(point))
    }

    /// The entities whose colliders meet `shape` (in world coordinates; touching counts).
    pub fn entities_overlapping<S: ShapeLike + ?Sized>(&self, shape: &S) -> Vec<Entity> {
        self.entities(self.world.world().colliders_overlapping(shape))
    }

    /// Runs a query of the library's world with `filter` in its terms, and names the hits'
    /// colliders by their entities.
    fn filtered<H>(
        &self,
        filter: &SceneFilter,
        query: impl FnOnce(&collide2d::World<Entity>, &QueryFilter) -> Vec<(ColliderHandle, H)>,
    ) -> Vec<(Entity, H)> {
        let ignore: Vec<ColliderHandle> = filter.ignore.iter().filter_map(|e| self.world.handle(*e)).collect();
        let f = QueryFilter { filter: filter.layers.filter(), ignore: &ignore, sensors: filter.sensors };
        let world = self.world.world();
        query(world, &f).into_iter().filter_map(|(h, hit)| Some((*world.data(h)?, hit))).collect()
    }

    fn entities(&self, handles: Vec<ColliderHandle>) -> Vec<Entity> {
        handles.into_iter().filter_map(|h| self.world.world().data(h).copied()).collect()
    }
}

/// What [`Mover::move_and_slide`] did, with entities for the colliders it met.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Moved {
    /// How far the entity moved (in world space).
    pub moved: Vec2,
    /// The part of the motion it did not make.
    pub remaining: Vec2,
    /// Whether it stands on floor (a surface no steeper than the maximum slope).
    pub on_floor: bool,
    /// The floor's entity and normal, when on floor.
    pub floor: Option<(Entity, Vec2)>,
    /// The last wall met, and its normal.
    pub wall: Option<Vec2>,
    /// The last ceiling met, and its normal.
    pub ceiling: Option<Vec2>,
    /// Every entity met, in the order first met, with the normal where it was met last.
    pub touched: Vec<(Entity, Vec2)>,
    /// How far the floor it stood on carried it before it moved (included in `moved`).
    pub platform_motion: Vec2,
}

/// Why a move was not made.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// The entity has no collider in the collision world (it may have been given one this
    /// frame: colliders join the world when the plugin's systems next run).
    #[error("{0} has no collider in the collision world (yet)")]
    NoCollider(Entity),
    /// The entity has no `Transform` to write the move to.
    #[error("{0} has no Transform")]
    NoTransform(Entity),
    /// The library refused the move.
    #[error("{0}")]
    World(#[from] collide2d::WorldError),
}

/// Moves kinematic characters through the collision world: [`Mover::move_and_slide`] moves an
/// entity's collider straight until it would touch something, then along what it met, and
/// writes the move to its `Transform`, so that the character and the world agree at once. It
/// remembers the floor each entity ended its last move on, so that a moving platform carries
/// the character (collide2d's [`CharacterController`](collide2d::world::CharacterController)).
///
/// Move the platforms first, then the characters: before its first move in a run of its
/// system, the `Mover` places the colliders whose own `Transform` changed since that system
/// last ran (under their parents' `GlobalTransform`, as transform propagation and the plugin
/// will later in the frame), so that a platform moved by an earlier system carries the
/// characters, and they land on it, where it is now rather than where the last frame left it.
#[derive(SystemParam)]
pub struct Mover<'w, 's> {
    world: ResMut<'w, CollisionWorld>,
    transforms: Query<'w, 's, (Entity, &'static mut Transform, Option<&'static ChildOf>), With<Collider>>,
    globals: Query<'w, 's, &'static GlobalTransform>,
    ticks: SystemChangeTick,
    /// The run of the system in which the colliders were last placed by their `Transform`s.
    placed_in: Local<'s, Option<Tick>>,
}

impl Mover<'_, '_> {
    /// Where `entity`'s collider is in the collision world (after the moves made through this
    /// `Mover`), for a system that cannot also read the entity's `Transform`.
    pub fn position(&self, entity: Entity) -> Option<Vec2> {
        let h = self.world.handle(entity)?;
        self.world.world().world_transform(h).map(|t| t.translation())
    }

    /// Moves `entity` by `motion` (in world space) with the library's
    /// [`CharacterController::move_and_slide`](collide2d::world::CharacterController::move_and_slide):
    /// first carried by how far the floor it ended its
    /// last move on has moved since (through that floor, never into anything else), then
    /// [`move_and_slide`](collide2d::World::move_and_slide) with `options`. `options.up` says
    /// which way is up (`Vec2::Y` in Bevy's y-up world). The result's `moved` includes the
    /// carry, which `platform_motion` gives alone.
    pub fn move_and_slide(&mut self, entity: Entity, motion: Vec2, options: &MoveOptions) -> Result<Moved, MoveError> {
        let h = self.world.handle(entity).ok_or(MoveError::NoCollider(entity))?;
        if !self.transforms.contains(entity) {
            return Err(MoveError::NoTransform(entity));
        }
        self.place_moved_colliders();
        let CollisionWorld { world, controllers, .. } = &mut *self.world;
        let controller = controllers.entry(entity).or_default();
        controller.options = *options;
        let result = controller.move_and_slide(world, h, motion)?;
        let (_, mut transform, parent) = self.transforms.get_mut(entity).map_err(|_| MoveError::NoTransform(entity))?;
        // The move is in world space; a child's Transform is in its parent's.
        let parent_global = parent.and_then(|p| self.globals.get(p.parent()).ok());
        let local = match parent_global {
            Some(g) => g.affine().inverse().transform_vector3(result.moved.extend(0.0)),
            None => result.moved.extend(0.0),
        };
        transform.translation += local;
        let world = self.world.world();
        let entity_of = |h: ColliderHandle| world.data(h).copied();
        Ok(Moved {
            moved: result.moved,
            remaining: result.remaining,
            on_floor: result.on_floor,
            floor: result.floor.and_then(entity_of).zip(result.floor_normal),
            wall: result.wall_normal,
            ceiling: result.ceiling_normal,
            touched: result.touched.iter().filter_map(|t| Some((entity_of(t.collider)?, t.normal))).collect(),
            platform_motion: result.platform_motion,
        })
    }

    /// Forgets the floor `entity` stood on (after teleporting it, say), so that its next move
    /// is carried by nothing.
    pub fn forget_floor(&mut self, entity: Entity) {
        if let Some(controller) = self.world.controllers.get_mut(&entity) {
            controller.forget_floor();
        }
    }

    /// Once a run of the system: places the colliders whose `Transform` changed since it last
    /// ran where that `Transform` puts them now. Its own moves of the last run are in the world
    /// already and count as no change; a placement the world refuses is left to the plugin's
    /// systems, which warn of it.
    fn place_moved_colliders(&mut self) {
        let now = self.ticks.this_run();
        if *self.placed_in == Some(now) {
            return;
        }
        *self.placed_in = Some(now);
        for (entity, local, parent) in &mut self.transforms {
            let Some(h) = self.world.handle(entity).filter(|_| local.is_changed()) else { continue };
            let global = match parent.and_then(|p| self.globals.get(p.parent()).ok()) {
                Some(g) => g.mul_transform(*local),
                None => GlobalTransform::from(*local),
            };
            let placed = transform_2d(&global);
            if self.world.world().world_transform(h) != Some(placed) {
                let _refused = self.world.world.set_transform(h, placed);
            }
        }
    }
}
