//! The collision world behind the plugin, and the systems that keep it in step with the
//! entities: colliders added, changed, moved and removed, then the step, whose pairs go out as
//! messages.

use std::collections::HashMap;

use bevy_ecs::prelude::*;
use bevy_math::{Affine2, Mat2};
use bevy_transform::components::GlobalTransform;
use collide2d::world::{CharacterController, World};
use collide2d::{ColliderHandle, Contact, ContactBudget, Transform};

use crate::components::{Collider, CollisionLayers, OneWay, Sensor};

/// The collide2d world the plugin keeps: one collider per entity with a [`Collider`], placed
/// by its `GlobalTransform`. Read it through [`Collisions`](crate::Collisions); move characters
/// through it with [`Mover`](crate::Mover).
#[derive(Resource, Default)]
pub struct CollisionWorld {
    pub(crate) world: World<Entity>,
    pub(crate) handles: HashMap<Entity, ColliderHandle>,
    /// The controller of each entity moved through [`Mover`](crate::Mover): the floor it ended
    /// its last move on, so that a moving platform carries it.
    pub(crate) controllers: HashMap<Entity, CharacterController>,
    /// Colliders removed since the last step, whose pairs that step reports as ended.
    removed: Vec<(ColliderHandle, Entity)>,
}

impl CollisionWorld {
    /// The library's world, for what the plugin does not wrap (its data is each collider's
    /// entity).
    pub fn world(&self) -> &World<Entity> {
        &self.world
    }

    /// Sets the units of work a step (and each of [`Mover`](crate::Mover)'s pushes) may spend
    /// on exact contacts with concave polygons ([`ContactBudget::DEFAULT`] unless set, about
    /// 10 ms at most; [`ContactBudget::UNBOUNDED`]: the minimum, however long it takes). A pair
    /// whose share runs out gets a push that separates, its contact's `is_exact()` false in the
    /// messages.
    ///
    /// ```
    /// use bevy_app::prelude::*;
    /// use collide2d::ContactBudget;
    /// use collide2d_bevy::{Collide2dPlugin, CollisionWorld};
    ///
    /// let mut app = App::new();
    /// app.add_plugins(Collide2dPlugin::default());
    /// app.world_mut().resource_mut::<CollisionWorld>().set_contact_budget(ContactBudget::UNBOUNDED);
    /// assert!(app.world().resource::<CollisionWorld>().world().contact_budget().is_unbounded());
    /// ```
    pub fn set_contact_budget(&mut self, budget: ContactBudget) {
        self.world.set_contact_budget(budget);
    }

    /// The collider of `entity`, if it has one in the world.
    pub fn handle(&self, entity: Entity) -> Option<ColliderHandle> {
        self.handles.get(&entity).copied()
    }

    /// The entity of a collider, also of one removed since the last step.
    fn entity(&self, h: ColliderHandle) -> Option<Entity> {
        let removed = || self.removed.iter().find(|(r, _)| *r == h).map(|(_, e)| *e);
        self.world.data(h).copied().or_else(removed)
    }

    fn remove(&mut self, entity: Entity) {
        self.controllers.remove(&entity);
        if let Some(h) = self.handles.remove(&entity) {
            self.world.remove(h);
            self.removed.push((h, entity));
        }
    }
}

/// Two entities' colliders started touching at this step. `a` and `b` are in the library's
/// order (`a` was given the lower slot); the contact's normal points from `a` towards `b`, and
/// there is none when either is a [`Sensor`].
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct CollisionStarted {
    /// One entity.
    pub a: Entity,
    /// The other.
    pub b: Entity,
    /// How they touch.
    pub contact: Option<Contact>,
}

/// Two entities' colliders, touching at the last step, no longer touch (also when one was
/// despawned, lost its collider or was filtered out).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollisionEnded {
    /// One entity.
    pub a: Entity,
    /// The other.
    pub b: Entity,
}

/// The library's transform of an entity's `GlobalTransform`: its part in the xy plane
/// (translation, rotation about z, scale, and any skew a parent's uneven scale gives).
pub fn transform_2d(global: &GlobalTransform) -> Transform {
    let affine = global.affine();
    let linear = Mat2::from_cols(affine.matrix3.x_axis.truncate(), affine.matrix3.y_axis.truncate());
    Transform::from_affine(Affine2::from_mat2_translation(linear, affine.translation.truncate()))
}

/// Takes the colliders of entities that lost them (or were despawned) out of the world.
pub(crate) fn remove_colliders(mut removed: RemovedComponents<Collider>, mut world: ResMut<CollisionWorld>) {
    for entity in removed.read() {
        world.remove(entity);
    }
}

/// Puts new colliders (and colliders given anew) into the world.
pub(crate) fn add_colliders(
    added: Query<(Entity, &Collider, &GlobalTransform), Added<Collider>>,
    marks: Query<Marks, With<Collider>>,
    mut world: ResMut<CollisionWorld>,
) {
    for (entity, collider, global) in &added {
        if let Some(h) = world.handle(entity) {
            // In the world already: spawned before the first frame (the plugin's startup pass
            // put it in, and this pass sees it added too), or given anew. Brought up to date in
            // place, keeping its handle, which a character's remembered floor and the app's
            // queries hold: put in again, it would carry nobody on the next frame.
            update_in_place(&mut world.world, h, collider, global);
            if let Ok(marks) = marks.get(entity) {
                apply_marks(&mut world.world, h, marks);
            }
            continue;
        }
        match world.world.insert(collider.0.clone(), transform_2d(global), entity) {
            Ok(h) => {
                world.handles.insert(entity, h);
                if let Ok(marks) = marks.get(entity) {
                    apply_marks(&mut world.world, h, marks);
                }
            }
            Err(e) => log::warn!("collide2d: the collider of {entity} was not added: {e}"),
        }
    }
}

/// A collider in the world given `collider`'s shape and placed by `global`, each only where it
/// differs (a shape set again would be built again).
fn update_in_place(world: &mut World<Entity>, h: ColliderHandle, collider: &Collider, global: &GlobalTransform) {
    let placed = transform_2d(global);
    if world.world_transform(h) != Some(placed) {
        if let Err(e) = world.set_transform(h, placed) {
            log::warn!("collide2d: a collider given anew was not moved: {e}");
        }
    }
    if world.local_shape(h) != Some(&collider.0) {
        if let Err(e) = world.set_shape(h, collider.0.clone()) {
            log::warn!("collide2d: a collider given anew was not taken: {e}");
        }
    }
}

/// Gives colliders whose `Collider` changed their new shape.
pub(crate) fn reshape_colliders(
    shapes: Query<(Entity, Ref<Collider>), Changed<Collider>>,
    mut world: ResMut<CollisionWorld>,
) {
    // A collider just added counts as changed too; `add_colliders` has placed it already.
    for (entity, collider) in shapes.iter().filter(|(_, c)| !c.is_added()) {
        if let Some(h) = world.handle(entity) {
            if let Err(e) = world.world.set_shape(h, collider.0.clone()) {
                log::warn!("collide2d: the new collider of {entity} was not taken: {e}");
            }
        }
    }
}

/// Moves colliders whose entities' `GlobalTransform` changed.
#[allow(clippy::type_complexity)] // a query and its change filter
pub(crate) fn move_colliders(
    moved: Query<(Entity, &GlobalTransform), (Changed<GlobalTransform>, With<Collider>)>,
    mut world: ResMut<CollisionWorld>,
) {
    for (entity, global) in &moved {
        if let Some(h) = world.handle(entity) {
            if let Err(e) = world.world.set_transform(h, transform_2d(global)) {
                log::warn!("collide2d: the collider of {entity} was not moved: {e}");
            }
        }
    }
}

/// What marks a collider: its layers, whether it is a sensor, its open side if one-way.
type Marks = (Entity, Option<&'static CollisionLayers>, Has<Sensor>, Option<&'static OneWay>);

/// Follows the marks that changed, were added or were removed.
#[allow(clippy::type_complexity)] // the change filters of one query
pub(crate) fn mark_colliders(
    marks: Query<Marks, With<Collider>>,
    changed: Query<Entity, (With<Collider>, Or<(Changed<CollisionLayers>, Changed<Sensor>, Changed<OneWay>)>)>,
    mut layers_removed: RemovedComponents<CollisionLayers>,
    mut sensors_removed: RemovedComponents<Sensor>,
    mut one_ways_removed: RemovedComponents<OneWay>,
    mut world: ResMut<CollisionWorld>,
) {
    let removed = layers_removed.read().chain(sensors_removed.read()).chain(one_ways_removed.read());
    for entity in changed.iter().chain(removed) {
        if let (Some(h), Ok(marks)) = (world.handle(entity), marks.get(entity)) {
            apply_marks(&mut world.world, h, marks);
        }
    }
}

/// Sets a collider's filter, sensor and one-way marks from its entity's components.
fn apply_marks(
    world: &mut World<Entity>,
    h: ColliderHandle,
    (entity, layers, sensor, one_way): (Entity, Option<&CollisionLayers>, bool, Option<&OneWay>),
) {
    let set = [
        world.set_filter(h, layers.copied().unwrap_or_default().filter()),
        world.set_sensor(h, sensor),
        world.set_one_way(h, one_way.map(|o| o.0)),
    ];
    for e in set.into_iter().filter_map(Result::err) {
        log::warn!("collide2d: the collider of {entity}: {e}");
    }
}

/// Steps the world and sends its pairs as messages.
pub(crate) fn step(
    mut world: ResMut<CollisionWorld>,
    mut started: MessageWriter<CollisionStarted>,
    mut ended: MessageWriter<CollisionEnded>,
) {
    world.world.step();
    let events = world.world.events();
    for e in events.started() {
        if let (Some(a), Some(b)) = (world.entity(e.a), world.entity(e.b)) {
            started.write(CollisionStarted { a, b, contact: e.contact });
        }
    }
    for (ha, hb) in events.stopped() {
        if let (Some(a), Some(b)) = (world.entity(*ha), world.entity(*hb)) {
            ended.write(CollisionEnded { a, b });
        }
    }
    world.removed.clear();
}
