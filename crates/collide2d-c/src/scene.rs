//! The world's scene queries (what is at a point, in a box, under a shape; the first collider a
//! ray or a moving shape meets) and `move_and_slide` for a kinematic character.

use collide2d::{Aabb, CollisionFilter, MoveOptions, MoveResult, QueryFilter, Vec2};

use crate::queries::{c2d_Ray, c2d_ShapeCastHit, cast_to_c, checked_ray, limit, motions};
use crate::status::{arg, c2d_Status, out, write, Error};
use crate::values::{c2d_Aabb, c2d_Shape, c2d_Vec2, checked};
use crate::world::{c2d_ColliderId, c2d_Filter, c2d_World, count, id, with_world, world_error, NULL_ID};

/// Which colliders a ray or shape query sees: those whose filter meets `filter`, not among the
/// `ignore_count` ids of `ignore` (the mover itself, say), and sensors only when `sensors`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct c2d_QueryFilter {
    pub filter: c2d_Filter,
    pub ignore: *const c2d_ColliderId,
    pub ignore_count: i32,
    pub sensors: bool,
}

/// The first collider a ray meets: `hit` false when none within the distance asked.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_WorldRayHit {
    pub hit: bool,
    pub collider: c2d_ColliderId,
    pub distance: f32,
    pub point: c2d_Vec2,
    pub normal: c2d_Vec2,
}

/// The first collider a moving shape meets (`cast.hit` false when none), with the cast's hit;
/// its normal points out of the collider, towards the moving shape.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_WorldShapeHit {
    pub collider: c2d_ColliderId,
    pub cast: c2d_ShapeCastHit,
}

/// How `c2d_world_move_and_slide` moves: start from `c2d_default_move_options()`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_MoveOptions {
    /// The gap kept to what it meets (default 0.01).
    pub skin: f32,
    /// The steepest slope that counts as floor, in radians (default pi/4).
    pub max_slope: f32,
    /// Which way is up (default (0, 1); (0, -1) on a y-down screen); normalised.
    pub up: c2d_Vec2,
    /// At most this many moves and slides (default 4).
    pub max_slides: i32,
    /// The highest ledge it steps onto when walking into one on the floor (default 0: never).
    pub step_height: f32,
    /// How far down it follows the floor when it would leave it (default 0: never).
    pub snap_distance: f32,
    /// On a floor, gravity does not slide it down the slope (default true).
    pub stop_on_slope: bool,
}

/// What `c2d_world_move_and_slide` or `c2d_controller_move_and_slide` did: the displacement made
/// and the part of the motion it could not make; floor, wall and ceiling met, with their normals
/// (zero when not met) and the floor's collider (`c2d_null_id()` when none); how many colliders
/// it touched; how far the floor it stood on carried it before it moved (the controller's; zero
/// from `c2d_world_move_and_slide`), included in `moved`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_MoveResult {
    pub moved: c2d_Vec2,
    pub remaining: c2d_Vec2,
    pub on_floor: bool,
    pub floor_normal: c2d_Vec2,
    pub floor: c2d_ColliderId,
    pub on_wall: bool,
    pub wall_normal: c2d_Vec2,
    pub on_ceiling: bool,
    pub ceiling_normal: c2d_Vec2,
    pub touched_count: i32,
    pub platform_motion: c2d_Vec2,
}

/// Every collider seen by every query: all layers, nothing ignored, sensors left out.
#[no_mangle]
pub extern "C" fn c2d_default_query_filter() -> c2d_QueryFilter {
    c2d_QueryFilter {
        filter: c2d_Filter { layer: u32::MAX, mask: u32::MAX },
        ignore: std::ptr::null(),
        ignore_count: 0,
        sensors: false,
    }
}

/// The library's defaults: skin 0.01, floors up to 45 degrees, y up, 4 slides, no steps or
/// snapping, standing still on slopes.
#[no_mangle]
pub extern "C" fn c2d_default_move_options() -> c2d_MoveOptions {
    let d = MoveOptions::default();
    c2d_MoveOptions {
        skin: d.skin,
        max_slope: d.max_slope,
        up: d.up.into(),
        max_slides: d.max_slides as i32,
        step_height: d.step_height,
        snap_distance: d.snap_distance,
        stop_on_slope: d.stop_on_slope,
    }
}

/// The filter `f` points at (the default for NULL) in the library's form, its ignored ids
/// checked.
///
/// # Safety
/// `f` must be NULL or valid, its `ignore` holding `ignore_count` ids.
unsafe fn query_filter(
    w: &c2d_World,
    f: *const c2d_QueryFilter,
) -> Result<(CollisionFilter, Vec<collide2d::ColliderHandle>, bool), Error> {
    // SAFETY: the caller's contract.
    let Some(f) = (unsafe { f.as_ref() }) else {
        return Ok((CollisionFilter::ALL, Vec::new(), false));
    };
    let n = usize::try_from(f.ignore_count)
        .map_err(|_| Error::invalid_argument(format!("ignore_count {} is negative", f.ignore_count)))?;
    let ignore = if n == 0 {
        Vec::new()
    } else if f.ignore.is_null() {
        return Err(Error::null("filter.ignore"));
    } else {
        // SAFETY: the caller's contract: `ignore` holds `ignore_count` ids.
        let ids = unsafe { std::slice::from_raw_parts(f.ignore, n) };
        ids.iter().map(|&c| w.handle(c)).collect::<Result<Vec<_>, Error>>()?
    };
    Ok((CollisionFilter { layer: f.filter.layer, mask: f.filter.mask }, ignore, f.sensors))
}

/// The first collider `ray` meets within `max_distance`, among those `filter` lets through
/// (NULL: the default filter). A NaN `max_distance` is `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// `world` must be a live world; `ray` valid; `filter` NULL or valid; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_cast_ray(
    world: *mut c2d_World,
    ray: *const c2d_Ray,
    max_distance: f32,
    filter: *const c2d_QueryFilter,
    out_hit: *mut c2d_WorldRayHit,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_hit = out(out_hit, "out_hit")?;
            let ray = checked_ray(arg(ray, "ray")?)?;
            let max_distance = limit(max_distance, "max_distance")?;
            let (f, ignore, sensors) = query_filter(w, filter)?;
            let q = QueryFilter { filter: f, ignore: &ignore, sensors };
            let hit = match w.inner.cast_ray_filtered(&ray, max_distance, &q) {
                None => c2d_WorldRayHit {
                    hit: false,
                    collider: NULL_ID,
                    distance: 0.0,
                    point: c2d_Vec2::default(),
                    normal: c2d_Vec2::default(),
                },
                Some((h, at)) => c2d_WorldRayHit {
                    hit: true,
                    collider: id(h),
                    distance: at.distance,
                    point: at.point.into(),
                    normal: at.normal.into(),
                },
            };
            write(out_hit, hit);
            Ok(())
        })
    }
}

/// The first collider `shape` (in world coordinates), moving by `motion` per unit of time,
/// meets for times in `[0, max_time]`, among those `filter` lets through (NULL: the default).
/// A collider it already touches is met at time 0. A motion not finite or a NaN `max_time` is
/// `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// `world` must be a live world; `shape` valid; `filter` NULL or valid; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_cast_shape(
    world: *mut c2d_World,
    shape: *const c2d_Shape,
    motion: c2d_Vec2,
    max_time: f32,
    filter: *const c2d_QueryFilter,
    out_hit: *mut c2d_WorldShapeHit,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_hit = out(out_hit, "out_hit")?;
            let shape = checked(shape, "shape")?;
            let ([motion], max_time) = (motions([motion])?, limit(max_time, "max_time")?);
            let (f, ignore, sensors) = query_filter(w, filter)?;
            let q = QueryFilter { filter: f, ignore: &ignore, sensors };
            let hit = match w.inner.cast_shape(&shape.get(), motion, max_time, &q) {
                None => c2d_WorldShapeHit { collider: NULL_ID, cast: cast_to_c(None) },
                Some((h, at)) => c2d_WorldShapeHit { collider: id(h), cast: cast_to_c(Some(at)) },
            };
            write(out_hit, hit);
            Ok(())
        })
    }
}

/// Writes up to `capacity` of `found` to `out_ids` and their number, all of them, to
/// `out_count` (so a caller whose array was short knows how long to make it).
///
/// # Safety
/// `out_ids` must hold `capacity` ids when `capacity > 0`; `out_count` be valid for a write.
unsafe fn list(
    found: Vec<collide2d::ColliderHandle>,
    out_ids: *mut c2d_ColliderId,
    capacity: i32,
    out_count: *mut i32,
) -> Result<(), Error> {
    let out_count = out(out_count, "out_count")?;
    let room =
        usize::try_from(capacity).map_err(|_| Error::invalid_argument(format!("capacity {capacity} is negative")))?;
    if room > 0 && out_ids.is_null() {
        return Err(Error::null("out_ids"));
    }
    for (k, &h) in found.iter().take(room).enumerate() {
        // SAFETY: k < capacity, which `out_ids` holds (the caller's contract).
        unsafe { write(out_ids.add(k), id(h)) };
    }
    // SAFETY: checked not NULL; the caller's contract.
    unsafe { write(out_count, count(found.len())) };
    Ok(())
}

/// The colliders whose world shape meets `shape` (in world coordinates): up to `capacity`
/// through `out_ids`, and how many there are through `out_count`.
///
/// # Safety
/// `world` must be a live world; `shape` valid; `out_ids` hold `capacity` ids; `out_count`
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_overlapping(
    world: *mut c2d_World,
    shape: *const c2d_Shape,
    out_ids: *mut c2d_ColliderId,
    capacity: i32,
    out_count: *mut i32,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let shape = checked(shape, "shape")?;
            list(w.inner.colliders_overlapping(&shape.get()), out_ids, capacity, out_count)
        })
    }
}

/// The colliders whose world shape contains `point`, as `c2d_world_overlapping`.
///
/// # Safety
/// As `c2d_world_overlapping`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_at_point(
    world: *mut c2d_World,
    point: c2d_Vec2,
    out_ids: *mut c2d_ColliderId,
    capacity: i32,
    out_count: *mut i32,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let p = Vec2::from(point);
            if !p.is_finite() {
                return Err(Error::invalid_argument(format!("point ({}, {}) is not finite", p.x, p.y)));
            }
            list(w.inner.colliders_at_point(p), out_ids, capacity, out_count)
        })
    }
}

/// The colliders whose bounding box meets `box`, as `c2d_world_overlapping`.
///
/// # Safety
/// As `c2d_world_overlapping`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_in_aabb(
    world: *mut c2d_World,
    aabb: c2d_Aabb,
    out_ids: *mut c2d_ColliderId,
    capacity: i32,
    out_count: *mut i32,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let b = Aabb::new(aabb.min.into(), aabb.max.into())?;
            list(w.inner.colliders_in_aabb(&b), out_ids, capacity, out_count)
        })
    }
}

/// Moves `collider` by `motion`, sliding along what it meets instead of passing into it, as a
/// kinematic character does (`options` NULL: the defaults); what it did through `out_result`.
/// Sensors never block it. A motion that is not finite, a negative or non-finite skin, step
/// height or snap distance, a non-finite `max_slope`, an `up` that is zero or not finite or a
/// negative `max_slides` is `C2D_ERROR_INVALID_ARGUMENT`, naming it, and nothing moves.
///
/// # Safety
/// `world` must be a live world; `options` NULL or valid; `out_result` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_move_and_slide(
    world: *mut c2d_World,
    collider: c2d_ColliderId,
    motion: c2d_Vec2,
    options: *const c2d_MoveOptions,
    out_result: *mut c2d_MoveResult,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_result = out(out_result, "out_result")?;
            let h = w.handle(collider)?;
            let o = options.as_ref().copied().unwrap_or_else(|| c2d_default_move_options());
            let r = w.inner.move_and_slide(h, motion.into(), &move_options(&o)?).map_err(world_error)?;
            write(out_result, result_to_c(&r));
            Ok(())
        })
    }
}

/// C's move options in the library's form; a negative `max_slides` is refused here, the rest by
/// the library's move.
pub(crate) fn move_options(o: &c2d_MoveOptions) -> Result<MoveOptions, Error> {
    let slides = usize::try_from(o.max_slides)
        .map_err(|_| Error::invalid_argument(format!("max_slides {} is negative", o.max_slides)))?;
    Ok(MoveOptions {
        skin: o.skin,
        max_slope: o.max_slope,
        up: o.up.into(),
        max_slides: slides,
        step_height: o.step_height,
        snap_distance: o.snap_distance,
        stop_on_slope: o.stop_on_slope,
    })
}

/// A move's result in C's form.
pub(crate) fn result_to_c(r: &MoveResult) -> c2d_MoveResult {
    let normal = |n: Option<Vec2>| n.unwrap_or_default().into();
    c2d_MoveResult {
        moved: r.moved.into(),
        remaining: r.remaining.into(),
        on_floor: r.on_floor,
        floor_normal: normal(r.floor_normal),
        floor: r.floor.map_or(NULL_ID, id),
        on_wall: r.on_wall,
        wall_normal: normal(r.wall_normal),
        on_ceiling: r.on_ceiling,
        ceiling_normal: normal(r.ceiling_normal),
        touched_count: count(r.touched.len()),
        platform_motion: r.platform_motion.into(),
    }
}
