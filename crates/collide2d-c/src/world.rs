//! The world handle: colliders placed by transforms (in a parent tree), layers and sensors, and
//! the step with its events.

use std::ffi::c_void;

use collide2d::glam::Affine2;
use collide2d::{ColliderHandle, CollisionFilter, Transform, Vec2, World, WorldError};

use crate::queries::{c2d_Contact, contact_to_c};
use crate::status::{arg, c2d_Status, guard, out, write, Error, C2D_ERROR_TOO_LARGE};
use crate::threads::Threads;
use crate::values::{c2d_Aabb, c2d_Rot, c2d_Shape, c2d_Vec2, checked, unit};

/// A collider of a world: a slot index (small and dense, usable to index the game's own arrays)
/// and the slot's generation, so an id of a removed collider is refused even once its slot is
/// reused. An id whose index is `C2D_NULL_INDEX` (`c2d_null_id()`) names none.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct c2d_ColliderId {
    pub index: u32,
    pub generation: u32,
}

/// The index of the id that names no collider (a parent of none, a floor of none).
pub const C2D_NULL_INDEX: u32 = u32::MAX;

/// The id that names no collider (index `C2D_NULL_INDEX`).
pub(crate) const NULL_ID: c2d_ColliderId = c2d_ColliderId { index: C2D_NULL_INDEX, generation: 0 };

/// The id that names no collider: index `C2D_NULL_INDEX`, generation 0.
#[no_mangle]
pub extern "C" fn c2d_null_id() -> c2d_ColliderId {
    NULL_ID
}

/// A placement: scaled by `scale` along the local axes, turned by `rotation`, then moved by
/// `translation`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Transform {
    pub translation: c2d_Vec2,
    pub rotation: c2d_Rot,
    pub scale: c2d_Vec2,
}

/// Which colliders meet: two meet when each one's `layer` shares a bit with the other's `mask`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct c2d_Filter {
    pub layer: u32,
    pub mask: u32,
}

/// What `c2d_world_insert` makes: start from `c2d_default_collider_def()` and set what
/// differs. The shape is in the collider's own frame; a polygon handle it names is copied.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct c2d_ColliderDef {
    pub shape: c2d_Shape,
    pub transform: c2d_Transform,
    pub filter: c2d_Filter,
    /// A sensor reports its pairs (with no contact) but never blocks a mover.
    pub sensor: bool,
    /// The game's own pointer, handed back by `c2d_world_user_data`; never read.
    pub user_data: *mut c_void,
}

/// A world (an opaque handle): made by `c2d_world_create`, freed by `c2d_world_destroy`.
pub struct c2d_World {
    pub(crate) inner: World<usize>,
    /// The live handle in each slot, to check the generation of an id C passes.
    live: Vec<Option<ColliderHandle>>,
    /// The step's bound on pairs of overlapping boxes.
    max_pairs: usize,
    /// The last step's events in C's form, read through `c2d_Events`.
    started: Vec<c2d_ContactEvent>,
    ongoing: Vec<c2d_ContactEvent>,
    stopped: Vec<c2d_ColliderPair>,
    /// The threads its steps share work with, joined when it is destroyed.
    threads: Threads,
}

/// Two colliders.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct c2d_ColliderPair {
    pub a: c2d_ColliderId,
    pub b: c2d_ColliderId,
}

/// A pair touching at a step, with their contact (`point_count` 0 for a pair with a sensor).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_ContactEvent {
    pub a: c2d_ColliderId,
    pub b: c2d_ColliderId,
    pub contact: c2d_Contact,
}

/// A step's events: the pairs that started touching, those still touching, and those that
/// stopped. The arrays belong to the world and stay valid until its next call that changes it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct c2d_Events {
    pub started: *const c2d_ContactEvent,
    pub started_count: i32,
    pub ongoing: *const c2d_ContactEvent,
    pub ongoing_count: i32,
    pub stopped: *const c2d_ColliderPair,
    pub stopped_count: i32,
}

pub(crate) fn id(h: ColliderHandle) -> c2d_ColliderId {
    c2d_ColliderId { index: h.index(), generation: h.generation() }
}

/// A count for C (every array here is far shorter than `INT32_MAX`).
pub(crate) fn count(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl c2d_World {
    /// The handle `id` names, or an error for one removed or never given.
    pub(crate) fn handle(&self, id: c2d_ColliderId) -> Result<ColliderHandle, Error> {
        let found = self.live.get(id.index as usize).copied().flatten();
        found.filter(|h| h.generation() == id.generation).ok_or_else(|| not_in_world(id))
    }

    /// `id` as a parent: none for the null id.
    fn parent(&self, id: c2d_ColliderId) -> Result<Option<ColliderHandle>, Error> {
        if id.index == C2D_NULL_INDEX {
            Ok(None)
        } else {
            self.handle(id).map(Some)
        }
    }
}

/// The error for an id that names no collider of this world.
fn not_in_world(id: c2d_ColliderId) -> Error {
    Error::invalid_argument(format!(
        "collider (index {}, generation {}) is not in this world (removed, or from another)",
        id.index, id.generation
    ))
}

/// A world error as C's: stale ids and bad arguments, shapes that cannot be placed.
pub(crate) fn world_error(e: WorldError) -> Error {
    match e {
        WorldError::Placement { source, .. } => Error::invalid_shape(source.to_string()),
        WorldError::TooManyPairs { limit } => Error::new(
            C2D_ERROR_TOO_LARGE,
            format!("more than {limit} pairs of colliders have overlapping boxes: raise c2d_world_set_max_pairs"),
        ),
        WorldError::BadTile { collider: h, reason } => Error::invalid_argument(format!(
            "set_tile on collider (index {}, generation {}): {reason}",
            h.index(),
            h.generation()
        )),
        other => Error::invalid_argument(other.to_string()),
    }
}

/// A transform checked (finite numbers, a unit rotation) in the library's form.
pub(crate) fn transform(t: &c2d_Transform) -> Result<Transform, Error> {
    let (c, s) = unit(t.rotation)?;
    let (translation, scale) = (Vec2::from(t.translation), Vec2::from(t.scale));
    if !(translation.is_finite() && scale.is_finite()) {
        return Err(Error::invalid_argument("a transform's translation and scale must be finite"));
    }
    let matrix = Affine2::from_cols(Vec2::new(c, s) * scale.x, Vec2::new(-s, c) * scale.y, translation);
    Ok(Transform::from_affine(matrix))
}

/// The placement at `translation` turned by `radians`, unscaled.
#[no_mangle]
pub extern "C" fn c2d_make_transform(translation: c2d_Vec2, radians: f32) -> c2d_Transform {
    c2d_Transform { translation, rotation: crate::values::c2d_make_rot(radians), scale: c2d_Vec2 { x: 1.0, y: 1.0 } }
}

/// A collider of a point at the origin, unmoved, in every layer and meeting every layer, not a
/// sensor, with no user data.
#[no_mangle]
pub extern "C" fn c2d_default_collider_def() -> c2d_ColliderDef {
    c2d_ColliderDef {
        shape: crate::values::c2d_shape_point(c2d_Vec2::default()),
        transform: c2d_make_transform(c2d_Vec2::default(), 0.0),
        filter: c2d_Filter { layer: u32::MAX, mask: u32::MAX },
        sensor: false,
        user_data: std::ptr::null_mut(),
    }
}

/// Makes an empty world. On success `*out_world` is a handle the caller frees with
/// `c2d_world_destroy`.
///
/// # Safety
/// `out_world` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_create(out_world: *mut *mut c2d_World) -> c2d_Status {
    guard(|| {
        let out_world = out(out_world, "out_world")?;
        let inner = World::new();
        let world = c2d_World {
            threads: Threads::new(&inner),
            inner,
            live: Vec::new(),
            max_pairs: 1 << 22,
            started: Vec::new(),
            ongoing: Vec::new(),
            stopped: Vec::new(),
        };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_world, Box::into_raw(Box::new(world))) };
        Ok(())
    })
}

/// Frees a world and every collider in it, and joins the threads its steps started (NULL is
/// allowed and does nothing).
///
/// # Safety
/// `world` must be NULL or a live handle from `c2d_world_create`, not used after.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_destroy(world: *mut c2d_World) {
    if !world.is_null() {
        // SAFETY: the caller's contract: made by Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(world) });
    }
}

/// Runs `body` on the world `world` points at.
///
/// # Safety
/// `world` must be NULL or a live world handle not in use by another thread.
#[inline(always)]
pub(crate) unsafe fn with_world(
    world: *mut c2d_World,
    body: impl FnOnce(&mut c2d_World) -> Result<(), Error>,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let w = unsafe { world.as_mut() }.ok_or_else(|| Error::null("world"))?;
        body(w)
    })
}

/// Adds a collider made from `def`; its id through `out_id`.
///
/// # Safety
/// `world` must be a live world, `def` point at a valid definition, `out_id` be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_insert(
    world: *mut c2d_World,
    def: *const c2d_ColliderDef,
    out_id: *mut c2d_ColliderId,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_id = out(out_id, "out_id")?;
            let def = arg(def, "def")?;
            let shape = checked(&def.shape, "def.shape")?.into_shape();
            let placed = transform(&def.transform)?;
            let h = w.inner.insert(shape, placed, def.user_data as usize).map_err(world_error)?;
            let filter = CollisionFilter { layer: def.filter.layer, mask: def.filter.mask };
            w.inner.set_filter(h, filter).map_err(world_error)?;
            w.inner.set_sensor(h, def.sensor).map_err(world_error)?;
            let slot = h.index() as usize;
            if w.live.len() <= slot {
                w.live.resize(slot + 1, None);
            }
            w.live[slot] = Some(h);
            write(out_id, id(h));
            Ok(())
        })
    }
}

/// Removes a collider (its children lose their parent and keep their world placement).
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_remove(world: *mut c2d_World, collider: c2d_ColliderId) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let h = w.handle(collider)?;
            w.inner.remove(h);
            w.live[h.index() as usize] = None;
            Ok(())
        })
    }
}

/// Places a collider relative to its parent (to the world when it has none).
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_transform(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    transform: c2d_Transform,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let h = w.handle(collider)?;
            let t = self::transform(&transform)?;
            w.inner.set_transform(h, t).map_err(world_error)
        })
    }
}

/// Places `count` colliders at once, `colliders[i]` by `transforms[i]`: every id, transform and
/// placement (a shape the transform would flatten, a circle under uneven scale, also in the
/// colliders' children) is checked before any is applied, so a refused call changes nothing.
///
/// # Safety
/// `world` must be a live world; `colliders` and `transforms` must hold `count` entries.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_transforms(
    world: *mut c2d_World,
    colliders: *const c2d_ColliderId,
    transforms: *const c2d_Transform,
    count: i32,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let n =
                usize::try_from(count).map_err(|_| Error::invalid_argument(format!("count {count} is negative")))?;
            if n == 0 {
                return Ok(());
            }
            if colliders.is_null() || transforms.is_null() {
                return Err(Error::null(if colliders.is_null() { "colliders" } else { "transforms" }));
            }
            let (ids, ts) = (std::slice::from_raw_parts(colliders, n), std::slice::from_raw_parts(transforms, n));
            let moves = ids
                .iter()
                .zip(ts)
                .map(|(&c, t)| Ok((w.handle(c)?, transform(t)?)))
                .collect::<Result<Vec<_>, Error>>()?;
            // The library checks every placement before it moves anything.
            w.inner.set_transforms(&moves).map_err(world_error)
        })
    }
}

/// Makes `parent` the parent of `child` (`c2d_null_id()`: none): the child's transform becomes
/// relative to the parent's. A cycle is refused.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_parent(
    world: *mut c2d_World,
    child: c2d_ColliderId,
    parent: c2d_ColliderId,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let (child, parent) = (w.handle(child)?, w.parent(parent)?);
            w.inner.set_parent(child, parent).map_err(world_error)
        })
    }
}

/// Sets cell `(col, row)` of a tile-map collider to tile `id` (flags included): destructible
/// terrain, in time independent of the map's size, seen by the next step and every query. A
/// collider that is not a tile map, a cell outside its grid or an id its tiles do not give is
/// `C2D_ERROR_INVALID_ARGUMENT`, and the map is unchanged. The world's map is its own copy:
/// `c2d_tile_map_set` on the handle given to `c2d_world_insert` does not change it.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_tile(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    col: i32,
    row: i32,
    id: u32,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let h = w.handle(collider)?;
            let (Ok(c), Ok(r)) = (u32::try_from(col), u32::try_from(row)) else {
                return Err(Error::invalid_argument(format!(
                    "set_tile on collider (index {}, generation {}): cell ({col}, {row}) is outside the grid",
                    collider.index, collider.generation
                )));
            };
            w.inner.set_tile(h, c, r, id).map_err(world_error)
        })
    }
}

/// Changes which layers a collider is in and meets.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_filter(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    filter: c2d_Filter,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let h = w.handle(collider)?;
            w.inner.set_filter(h, CollisionFilter { layer: filter.layer, mask: filter.mask }).map_err(world_error)
        })
    }
}

/// A collider's user data, bounding box in the world, and whether it touches anything since the
/// last step (each out pointer may be NULL to skip it).
///
/// # Safety
/// `world` must be a live world; each out pointer NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_collider_info(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    out_user_data: *mut *mut c_void,
    out_bounds: *mut c2d_Aabb,
    out_touching: *mut bool,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let h = w.handle(collider)?;
            if !out_user_data.is_null() {
                write(out_user_data, w.inner.data(h).copied().unwrap_or_default() as *mut c_void);
            }
            if let (false, Some(b)) = (out_bounds.is_null(), w.inner.aabb(h)) {
                write(out_bounds, c2d_Aabb { min: b.min().into(), max: b.max().into() });
            }
            if !out_touching.is_null() {
                write(out_touching, w.inner.is_colliding(h).unwrap_or(false));
            }
            Ok(())
        })
    }
}

/// Where a collider is in the world: where its own origin lands, through its transform and its
/// parents' (the translation of its world transform). A shape may lie off its collider's
/// origin: the centre of its bounds (`c2d_world_collider_info`) is then elsewhere.
///
/// # Safety
/// `world` must be a live world; `out_position` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_position(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    out_position: *mut c2d_Vec2,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_position = out(out_position, "out_position")?;
            let h = w.handle(collider)?;
            let t = w.inner.world_transform(h).ok_or_else(|| not_in_world(collider))?;
            write(out_position, t.translation().into());
            Ok(())
        })
    }
}

/// Bounds the pairs of overlapping bounding boxes a step may meet (default 4,194,304): past
/// it, `c2d_world_step` returns `C2D_ERROR_TOO_LARGE` at once, as if not called, instead of
/// running out of memory.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_max_pairs(world: *mut c2d_World, max_pairs: i64) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            w.max_pairs = usize::try_from(max_pairs)
                .map_err(|_| Error::invalid_argument(format!("max_pairs {max_pairs} is negative")))?;
            Ok(())
        })
    }
}

/// Sets the units of work a step may spend on exact contacts with concave polygons, shared
/// evenly by the pairs with one measured at that step (default `C2D_DEFAULT_CONTACT_BUDGET`;
/// 0: no bound). A pair whose share runs out gets a push that separates, its contact's `exact`
/// false. Every pair is measured again at the next step.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_contact_budget(world: *mut c2d_World, budget: i64) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            w.inner.set_contact_budget(crate::queries::budget_of(budget)?);
            Ok(())
        })
    }
}

/// Sets how many threads the world's steps use. 1: every step runs on the calling thread, and
/// no thread is ever started. 0 (the default): one a core (or `RAYON_NUM_THREADS`). Other than
/// 1, a step large enough to share its work (about 1,000 new pairs of overlapping boxes) runs
/// on the world's own threads, started at the first such step and joined by
/// `c2d_world_destroy`, or here when the count changes; the calling thread waits for them.
/// The events are the same, bit for bit, whatever the count.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_thread_count(world: *mut c2d_World, count: i32) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe { with_world(world, |w| w.threads.set_count(&mut w.inner, count)) }
}

/// Finds which pairs touch now, against the last step: through `out_events` (may be NULL) the
/// pairs that started touching, those still touching and those that stopped, in an order that
/// depends only on the calls made. The arrays belong to the world until its next change.
///
/// # Safety
/// `world` must be a live world, `out_events` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_step(world: *mut c2d_World, out_events: *mut c2d_Events) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let max_pairs = w.max_pairs;
            w.threads.run(&mut w.inner, |world| world.try_step(max_pairs).map(|_| ())).map_err(world_error)?;
            let events = w.inner.events();
            let event = |e: &collide2d::ContactEvent| c2d_ContactEvent {
                a: id(e.a),
                b: id(e.b),
                contact: e.contact.as_ref().map(contact_to_c).unwrap_or_default(),
            };
            w.started.clear();
            w.started.extend(events.started().iter().map(event));
            w.ongoing.clear();
            w.ongoing.extend(events.ongoing().iter().map(event));
            w.stopped.clear();
            w.stopped.extend(events.stopped().iter().map(|&(a, b)| c2d_ColliderPair { a: id(a), b: id(b) }));
            if !out_events.is_null() {
                write(
                    out_events,
                    c2d_Events {
                        started: w.started.as_ptr(),
                        started_count: count(w.started.len()),
                        ongoing: w.ongoing.as_ptr(),
                        ongoing_count: count(w.ongoing.len()),
                        stopped: w.stopped.as_ptr(),
                        stopped_count: count(w.stopped.len()),
                    },
                );
            }
            Ok(())
        })
    }
}
