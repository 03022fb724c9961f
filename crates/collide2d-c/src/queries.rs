//! The queries between two shapes, or a shape and a point or a ray: overlap, containment,
//! contact with points, distance and closest points, rays and shape casts.

use collide2d::{Ray, Vec2};

use crate::status::{arg, c2d_Status, guard, out, write, Error, C2D_ERROR_TOO_LARGE};
use crate::values::{c2d_Aabb, c2d_Shape, c2d_Vec2, checked};

/// One point of a contact, `depth` (at most the contact's) how far the shapes overlap there.
/// For two convex shapes, a manifold point as physics engines clip it: `point_a` a point of `a`
/// and `point_b` one of `b` (on their surfaces, but where a deep edge-on-edge contact is
/// clipped), each within `depth` of the other shape. For a concave polygon's contact, a point of
/// the other shape and that point moved by the push (`point_a - point_b = normal × depth`).
/// Not each shape's deepest point inside the other: one may lie outside the other shape.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_ContactPoint {
    pub point_a: c2d_Vec2,
    pub point_b: c2d_Vec2,
    pub depth: f32,
}

/// How two shapes overlap: `point_count` is 0 when they do not (the rest is zero), else 1 or
/// 2 points. `normal` is the unit vector from `a` towards `b`; moving `a` by `-normal × depth`
/// (or `b` by `normal × depth`) separates them. Touching is a contact of depth 0. `exact` is
/// true when `depth` is proven the shortest such move: always, but for a concave polygon's
/// contact whose work budget ran out (see `c2d_contact`), whose push separates them all the same.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_Contact {
    pub normal: c2d_Vec2,
    pub depth: f32,
    pub point_count: i32,
    pub points: [c2d_ContactPoint; 2],
    pub exact: bool,
}

/// The closest points of two shapes apart: `found` is false when they intersect (touching
/// included), and the rest is zero.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_ClosestPoints {
    pub found: bool,
    pub point_a: c2d_Vec2,
    pub point_b: c2d_Vec2,
    pub distance: f32,
}

/// A half-line from `origin` along `direction` (any non-zero length: it is normalised).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_Ray {
    pub origin: c2d_Vec2,
    pub direction: c2d_Vec2,
}

/// Where a ray meets a shape: `hit` is false when it does not within the distance asked.
/// `distance` is along the unit direction (0 when the ray starts inside), `normal` the shape's
/// outward unit normal there.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_RayHit {
    pub hit: bool,
    pub distance: f32,
    pub point: c2d_Vec2,
    pub normal: c2d_Vec2,
}

/// When and where two moving shapes first touch: `hit` is false when they do not within the
/// time asked. At `time` they stand at their starts plus their motions times `time`; `point`
/// is where they touch then, `point_a`/`point_b` the witnesses on each, `normal` the unit
/// normal from `a` towards `b`. `started_overlapping`: they already touched at time 0 (then
/// `time` is 0 and `normal` is their contact's).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_ShapeCastHit {
    pub hit: bool,
    pub time: f32,
    pub point: c2d_Vec2,
    pub point_a: c2d_Vec2,
    pub point_b: c2d_Vec2,
    pub normal: c2d_Vec2,
    pub started_overlapping: bool,
}

/// Checks the two shapes and the out pointer, runs `query` on the library's views, and writes
/// its answer.
#[inline(always)]
fn pair<T>(
    a: *const c2d_Shape,
    b: *const c2d_Shape,
    out_ptr: *mut T,
    query: impl FnOnce(collide2d::ShapeRef<'_>, collide2d::ShapeRef<'_>) -> T,
) -> c2d_Status {
    guard(|| {
        let out_ptr = out(out_ptr, "out")?;
        // SAFETY: the exported functions' contract: NULL or valid shapes with live handles.
        let (a, b) = unsafe { (checked(a, "shape a")?, checked(b, "shape b")?) };
        let answer = query(a.get(), b.get());
        // SAFETY: checked not NULL; the exported functions' contract.
        unsafe { write(out_ptr, answer) };
        Ok(())
    })
}

/// Whether `a` and `b` share a point (touching counts).
///
/// # Safety
/// `a` and `b` must point at valid shapes (with live handles), `out` be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_intersects(a: *const c2d_Shape, b: *const c2d_Shape, out: *mut bool) -> c2d_Status {
    pair(a, b, out, |a, b| collide2d::intersects(&a, &b))
}

/// Whether `outer` contains all of `inner` (its boundary included).
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_contains(outer: *const c2d_Shape, inner: *const c2d_Shape, out: *mut bool) -> c2d_Status {
    pair(outer, inner, out, |a, b| collide2d::contains(&a, &b))
}

/// The units of work `c2d_contact` may spend on a concave polygon's exact push-out: 600,000,
/// about 10 ms on a 2-core machine of 2026 at worst, below a 60 Hz frame.
pub const C2D_DEFAULT_CONTACT_BUDGET: i64 = 600_000;
// The header needs the number itself: it must be the library's.
const _: () = assert!(C2D_DEFAULT_CONTACT_BUDGET as u64 == collide2d::ContactBudget::DEFAULT.units());

/// The contact of `a` and `b` (see `c2d_Contact`: `point_count` 0 when apart). Exact for
/// every pair whose exact push-out fits `C2D_DEFAULT_CONTACT_BUDGET` (every pair without a
/// concave polygon, and nearly every game's): the depth is the shortest move that separates
/// them. Past it (two large concave polygons deep in each other), a push that separates them
/// all the same, no longer than moving one's convex hull out of the other's, with `exact`
/// false. Never takes more than about a frame, whatever the shapes.
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_contact(a: *const c2d_Shape, b: *const c2d_Shape, out: *mut c2d_Contact) -> c2d_Status {
    contact_within(a, b, collide2d::ContactBudget::DEFAULT, false, out)
}

/// The exact contact or a refusal: `c2d_contact` with `budget` units of work (0: no bound),
/// returning `C2D_ERROR_TOO_LARGE` without writing `out` when the exact push-out needs more.
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_contact_limited(
    a: *const c2d_Shape,
    b: *const c2d_Shape,
    budget: i64,
    out: *mut c2d_Contact,
) -> c2d_Status {
    match budget_of(budget) {
        Ok(budget) => contact_within(a, b, budget, true, out),
        Err(e) => guard(|| Err(e)),
    }
}

/// A budget in units from C (0: unbounded; negative: an error naming `budget`).
pub(crate) fn budget_of(budget: i64) -> Result<collide2d::ContactBudget, Error> {
    match u64::try_from(budget) {
        Ok(0) => Ok(collide2d::ContactBudget::UNBOUNDED),
        Ok(units) => Ok(collide2d::ContactBudget::from_units(units)),
        Err(_) => Err(Error::invalid_argument(format!("budget {budget} is negative"))),
    }
}

/// The contact within `budget`; with `refuse`, an answer not proven exact is an error instead.
#[inline(always)]
fn contact_within(
    a: *const c2d_Shape,
    b: *const c2d_Shape,
    budget: collide2d::ContactBudget,
    refuse: bool,
    out_ptr: *mut c2d_Contact,
) -> c2d_Status {
    guard(|| {
        let out_ptr = out(out_ptr, "out")?;
        // SAFETY: the exported functions' contract: NULL or valid shapes with live handles.
        let (a, b) = unsafe { (checked(a, "shape a")?, checked(b, "shape b")?) };
        let (a, b) = (a.get(), b.get());
        let contact = collide2d::contact_with_budget(&a, &b, budget);
        if refuse && contact.is_some_and(|c| !c.is_exact()) {
            return Err(Error::new(
                C2D_ERROR_TOO_LARGE,
                format!(
                    "the exact contact needs more than the budget of {} units of work: raise it (0: no bound), \
                     or take c2d_contact's bounded answer",
                    budget.units()
                ),
            ));
        }
        let answer = contact.as_ref().map(contact_to_c).unwrap_or_default();
        // SAFETY: checked not NULL; the exported functions' contract.
        unsafe { write(out_ptr, answer) };
        Ok(())
    })
}

/// A contact in C's form.
pub(crate) fn contact_to_c(c: &collide2d::Contact) -> c2d_Contact {
    let mut points = [c2d_ContactPoint::default(); 2];
    for (slot, p) in points.iter_mut().zip(c.points()) {
        *slot = c2d_ContactPoint { point_a: p.point_a.into(), point_b: p.point_b.into(), depth: p.depth };
    }
    let point_count = c.points().len().min(2) as i32;
    c2d_Contact { normal: c.normal.into(), depth: c.depth, point_count, points, exact: c.is_exact() }
}

/// The distance between `a` and `b` (0 when they intersect).
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_distance(a: *const c2d_Shape, b: *const c2d_Shape, out: *mut f32) -> c2d_Status {
    pair(a, b, out, |a, b| collide2d::distance(&a, &b))
}

/// The closest points of `a` and `b` (see `c2d_ClosestPoints`).
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_closest_points(
    a: *const c2d_Shape,
    b: *const c2d_Shape,
    out: *mut c2d_ClosestPoints,
) -> c2d_Status {
    pair(a, b, out, |a, b| match collide2d::closest_points(&a, &b) {
        None => c2d_ClosestPoints::default(),
        Some(c) => c2d_ClosestPoints {
            found: true,
            point_a: c.point_a.into(),
            point_b: c.point_b.into(),
            distance: c.distance,
        },
    })
}

/// Checks the shape, the point and the out pointer, runs `query`, and writes its answer.
#[inline(always)]
fn at_point<T>(
    shape: *const c2d_Shape,
    point: c2d_Vec2,
    out_ptr: *mut T,
    query: impl FnOnce(collide2d::ShapeRef<'_>, Vec2) -> T,
) -> c2d_Status {
    guard(|| {
        let out_ptr = out(out_ptr, "out")?;
        // SAFETY: the exported functions' contract.
        let shape = unsafe { checked(shape, "shape")? };
        let p = Vec2::from(point);
        if !p.is_finite() {
            return Err(Error::invalid_argument(format!("point ({}, {}) is not finite", p.x, p.y)));
        }
        let answer = query(shape.get(), p);
        // SAFETY: checked not NULL; the exported functions' contract.
        unsafe { write(out_ptr, answer) };
        Ok(())
    })
}

/// The point of `shape` closest to `point` (`point` itself when inside).
///
/// # Safety
/// `shape` must point at a valid shape (with a live handle), `out` be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_closest_point(shape: *const c2d_Shape, point: c2d_Vec2, out: *mut c2d_Vec2) -> c2d_Status {
    at_point(shape, point, out, |s, p| collide2d::closest_point(&s, p).into())
}

/// The signed distance from `point` to the boundary of `shape`: negative inside.
///
/// # Safety
/// As `c2d_closest_point`.
#[no_mangle]
pub unsafe extern "C" fn c2d_signed_distance(shape: *const c2d_Shape, point: c2d_Vec2, out: *mut f32) -> c2d_Status {
    at_point(shape, point, out, |s, p| collide2d::signed_distance(&s, p))
}

/// The bounding box of `shape`.
///
/// # Safety
/// As `c2d_closest_point`.
#[no_mangle]
pub unsafe extern "C" fn c2d_shape_bounds(shape: *const c2d_Shape, out: *mut c2d_Aabb) -> c2d_Status {
    guard(|| {
        let out_ptr = out_checked(out)?;
        // SAFETY: the exported function's contract.
        let b = unsafe { checked(shape, "shape")? }.get().aabb();
        // SAFETY: checked not NULL; the exported function's contract.
        unsafe { write(out_ptr, c2d_Aabb { min: b.min().into(), max: b.max().into() }) };
        Ok(())
    })
}

fn out_checked<T>(ptr: *mut T) -> Result<*mut T, Error> {
    out(ptr, "out")
}

/// A ray checked (finite, a direction not zero) in the library's form.
pub(crate) fn checked_ray(r: &c2d_Ray) -> Result<Ray, Error> {
    Ray::new(r.origin.into(), r.direction.into()).map_err(|e| Error::invalid_argument(e.to_string()))
}

/// `value` as the limit named `what` of a ray or a cast. NaN is refused: read as "no hit" it
/// would hide the caller's bug. Infinity is no limit, and a negative limit finds nothing.
pub(crate) fn limit(value: f32, what: &str) -> Result<f32, Error> {
    if value.is_nan() {
        return Err(Error::invalid_argument(format!("{what} is NaN: pass a number (INFINITY for no limit)")));
    }
    Ok(value)
}

/// The motions of a cast, which must be finite.
pub(crate) fn motions<const N: usize>(motions: [c2d_Vec2; N]) -> Result<[Vec2; N], Error> {
    let motions = motions.map(Vec2::from);
    if !motions.iter().all(|m| m.is_finite()) {
        return Err(Error::invalid_argument("a cast's motion must be finite"));
    }
    Ok(motions)
}

/// The first point where `ray` meets `shape` within `max_distance` (see `c2d_RayHit`); a NaN
/// `max_distance` is `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// `shape` and `ray` must point at valid values (a live handle in the shape), `out` be valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_cast_ray(
    shape: *const c2d_Shape,
    ray: *const c2d_Ray,
    max_distance: f32,
    out: *mut c2d_RayHit,
) -> c2d_Status {
    guard(|| {
        let out_ptr = out_checked(out)?;
        // SAFETY: the exported function's contract.
        let (shape, ray) = unsafe { (checked(shape, "shape")?, arg(ray, "ray")?) };
        let (ray, max_distance) = (checked_ray(ray)?, limit(max_distance, "max_distance")?);
        let hit = match collide2d::cast_ray(&shape.get(), &ray, max_distance) {
            None => c2d_RayHit::default(),
            Some(h) => c2d_RayHit { hit: true, distance: h.distance, point: h.point.into(), normal: h.normal.into() },
        };
        // SAFETY: checked not NULL; the exported function's contract.
        unsafe { write(out_ptr, hit) };
        Ok(())
    })
}

/// The first time in `[0, max_time]` at which `a`, moving by `motion_a` per unit of time, and
/// `b`, moving by `motion_b`, touch (see `c2d_ShapeCastHit`). Shapes touching at the start
/// are a hit at time 0. A motion not finite or a NaN `max_time` is `C2D_ERROR_INVALID_ARGUMENT`.
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_cast_shape(
    a: *const c2d_Shape,
    motion_a: c2d_Vec2,
    b: *const c2d_Shape,
    motion_b: c2d_Vec2,
    max_time: f32,
    out: *mut c2d_ShapeCastHit,
) -> c2d_Status {
    let ([ma, mb], max_time) = match motions([motion_a, motion_b]).and_then(|m| Ok((m, limit(max_time, "max_time")?))) {
        Ok(checked) => checked,
        Err(e) => return guard(|| Err(e)),
    };
    pair(a, b, out, |a, b| cast_to_c(collide2d::cast_shape(&a, ma, &b, mb, max_time)))
}

/// A shape cast's answer in C's form.
pub(crate) fn cast_to_c(hit: Option<collide2d::ShapeCastHit>) -> c2d_ShapeCastHit {
    match hit {
        None => c2d_ShapeCastHit::default(),
        Some(h) => c2d_ShapeCastHit {
            hit: true,
            time: h.time,
            point: h.point.into(),
            point_a: h.point_a.into(),
            point_b: h.point_b.into(),
            normal: h.normal.into(),
            started_overlapping: h.started_overlapping,
        },
    }
}
