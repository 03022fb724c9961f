//! The queries, for any two shapes (or a shape and a point given as two numbers).

use collide2d::query::cast::{cast_motion, Motion};
use collide2d::{Ray, ShapeRef};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::convert::{limit, tuple, value_error, V2};
use crate::results::{PyClosestPoints, PyContact, PyRayHit, PyShapeCastHit};
use crate::shapes::{shape, shape_arg};

/// Whether `a` and `b` share at least one point (touching counts).
#[pyfunction]
pub fn intersects(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(collide2d::intersects(&shape_arg(a)?.get(), &shape_arg(b)?.get()))
}

/// Whether every point of `inner` lies in `outer` (boundaries included).
#[pyfunction]
pub fn contains(outer: &Bound<'_, PyAny>, inner: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(collide2d::contains(&shape_arg(outer)?.get(), &shape_arg(inner)?.get()))
}

/// The vertices of a concave `Polygon` (outline and holes), of a `ConvexPolygon`, or 0.
fn vertices(s: &ShapeRef) -> u64 {
    match s {
        ShapeRef::Polygon(p) => (p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()) as u64,
        ShapeRef::ConvexPolygon(p) => p.vertices().len() as u64,
        _ => 0,
    }
}

/// The shape as the messages name it: its class, and its vertices when it has many.
fn described(s: &ShapeRef) -> String {
    let n = vertices(s);
    match s {
        ShapeRef::Polygon(_) => format!("a Polygon of {n} vertices"),
        ShapeRef::ConvexPolygon(_) => format!("a ConvexPolygon of {n} vertices"),
        ShapeRef::Point(_) => "a point".into(),
        ShapeRef::Segment(_) => "a Segment".into(),
        ShapeRef::Aabb(_) => "an Aabb".into(),
        ShapeRef::Circle(_) => "a Circle".into(),
        ShapeRef::Obb(_) => "an Obb".into(),
        ShapeRef::Capsule(_) => "a Capsule".into(),
        ShapeRef::TileMap(m) => format!("a TileMap of {} × {} cells", m.width(), m.height()),
    }
}

/// From this many vertices between the two shapes, a query runs without Python's lock (other
/// threads go on meanwhile); below it, letting the lock go would cost more than the query.
const LONG_QUERY_VERTICES: u64 = 256;

/// How `a` and `b` touch, or None when they do not: the normal points from `a` towards `b`, and
/// moving `b` by `push_out_b` (or `a` by `push_out_a`) separates them.
///
/// A concave `Polygon`'s exact push-out is searched within `budget` units of work (600,000 by
/// default, at most about 10 ms; 0: no bound). Past it the answer is a push that separates them
/// all the same, not proven the shortest, and its `exact` is False; with `require_exact=True` it
/// raises `ValueError` instead. Long calls let other Python threads run.
#[pyfunction]
#[pyo3(signature = (a, b, *, budget = 600_000, require_exact = false))]
pub fn contact(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    budget: u64,
    require_exact: bool,
) -> PyResult<Option<PyContact>> {
    let (a, b) = (shape_arg(a)?, shape_arg(b)?);
    let (a, b) = (a.get(), b.get());
    let budget = budget_of(budget);
    let answer = if vertices(&a) + vertices(&b) >= LONG_QUERY_VERTICES {
        py.detach(|| collide2d::contact_with_budget(&a, &b, budget))
    } else {
        collide2d::contact_with_budget(&a, &b, budget)
    };
    if require_exact && answer.is_some_and(|c| !c.is_exact()) {
        return Err(PyValueError::new_err(format!(
            "the exact contact of {} and {} needs more than budget={} units of work: pass a larger \
             budget (0: no bound), or take the bounded answer without require_exact",
            described(&a),
            described(&b),
            budget.units(),
        )));
    }
    Ok(answer.map(|inner| PyContact { inner }))
}

/// A budget from Python: units of work, 0 for none.
pub(crate) fn budget_of(units: u64) -> collide2d::ContactBudget {
    match units {
        0 => collide2d::ContactBudget::UNBOUNDED,
        units => collide2d::ContactBudget::from_units(units),
    }
}

// The signature's default must be the library's.
const _: () = assert!(collide2d::ContactBudget::DEFAULT.units() == 600_000);

/// The deepest overlap of one convex piece of `a` with one of `b` (a shape that is not a
/// `Polygon` is its own piece), or None when they do not touch: faster than `contact` on
/// concave polygons, but not the minimum push-out (it can leave them overlapping).
#[pyfunction]
pub fn contact_deepest_piece_pair(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<PyContact>> {
    Ok(collide2d::contact_deepest_piece_pair(&shape_arg(a)?.get(), &shape_arg(b)?.get())
        .map(|inner| PyContact { inner }))
}

/// The gap between `a` and `b` (0 when they touch or overlap).
#[pyfunction]
pub fn distance(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<f32> {
    Ok(collide2d::distance(&shape_arg(a)?.get(), &shape_arg(b)?.get()))
}

/// The nearest points of `a` and `b`, or None when they touch or overlap.
#[pyfunction]
pub fn closest_points(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<PyClosestPoints>> {
    Ok(collide2d::closest_points(&shape_arg(a)?.get(), &shape_arg(b)?.get()).map(PyClosestPoints::from))
}

/// Where the ray from `origin` along `direction` first meets `shape` within `max_distance`,
/// or None. The direction need not be unit length but must not be zero; a NaN `max_distance`
/// raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (shape, origin, direction, max_distance = f32::INFINITY))]
pub fn cast_ray(shape: &Bound<'_, PyAny>, origin: V2, direction: V2, max_distance: f32) -> PyResult<Option<PyRayHit>> {
    let (ray, max_distance) =
        (Ray::new(origin.0, direction.0).map_err(value_error)?, limit(max_distance, "max_distance")?);
    Ok(collide2d::cast_ray(&shape_arg(shape)?.get(), &ray, max_distance).map(PyRayHit::from))
}

/// The point of `shape` nearest to `point` (the point itself when inside).
#[pyfunction]
pub fn closest_point(shape: &Bound<'_, PyAny>, point: V2) -> PyResult<(f32, f32)> {
    Ok(tuple(collide2d::closest_point(&shape_arg(shape)?.get(), point.0)))
}

/// The distance from `point` to the surface of `shape`: negative inside.
#[pyfunction]
pub fn signed_distance(shape: &Bound<'_, PyAny>, point: V2) -> PyResult<f32> {
    Ok(collide2d::signed_distance(&shape_arg(shape)?.get(), point.0))
}

/// The first time in `[0, max_time]` at which `a` moving at velocity `motion_a` and `b` moving at
/// `motion_b` touch, with where and how; None if they never do. Shapes already touching hit at
/// time 0 with `started_overlapping` set. Each may also turn at `angular_velocity_a` (`_b`)
/// radians per unit of time about `pivot_a` (`_b`), by default its bounding box's centre. A
/// NaN `max_time` raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (
    a, motion_a, b, motion_b, max_time = 1.0,
    *, angular_velocity_a = 0.0, pivot_a = None, angular_velocity_b = 0.0, pivot_b = None
))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
pub fn cast_shape(
    a: &Bound<'_, PyAny>,
    motion_a: V2,
    b: &Bound<'_, PyAny>,
    motion_b: V2,
    max_time: f32,
    angular_velocity_a: f32,
    pivot_a: Option<V2>,
    angular_velocity_b: f32,
    pivot_b: Option<V2>,
) -> PyResult<Option<PyShapeCastHit>> {
    let max_time = limit(max_time, "max_time")?;
    let hit = if angular_velocity_a == 0.0 && angular_velocity_b == 0.0 {
        collide2d::cast_shape(&shape_arg(a)?.get(), motion_a.0, &shape_arg(b)?.get(), motion_b.0, max_time)
    } else {
        let (a, b) = (shape(a)?, shape(b)?);
        // A shape that does not turn moves by its velocity alone (about the origin, where the
        // motion's placement is exact: no pivot added and taken away again).
        let motion = |s: &collide2d::Shape, velocity: V2, turn: f32, pivot: Option<V2>| match pivot {
            Some(p) => Motion::turning(velocity.0, turn, p.0),
            None if turn == 0.0 => Motion::linear(velocity.0),
            None => Motion::turning(velocity.0, turn, s.aabb().center()),
        };
        let ma = motion(&a, motion_a, angular_velocity_a, pivot_a);
        let mb = motion(&b, motion_b, angular_velocity_b, pivot_b);
        cast_motion(&a, &ma, &b, &mb, max_time)
    };
    Ok(hit.map(PyShapeCastHit::from))
}

/// Where `moving`, moved by `motion`, first meets the still `obstacle`: `time` is the fraction
/// of the motion travelled. None if it does not.
#[pyfunction]
pub fn sweep(moving: &Bound<'_, PyAny>, motion: V2, obstacle: &Bound<'_, PyAny>) -> PyResult<Option<PyShapeCastHit>> {
    Ok(collide2d::sweep(&shape_arg(moving)?.get(), motion.0, &shape_arg(obstacle)?.get()).map(PyShapeCastHit::from))
}

/// Calls `answer` on the shapes `a[i]` and `b[i]` of two equally long sequences, pair by pair,
/// for the batch queries.
fn each_pair(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>, mut answer: impl FnMut(ShapeRef, ShapeRef)) -> PyResult<()> {
    let (na, nb) = (a.len()?, b.len()?);
    if na != nb {
        return Err(PyValueError::new_err(format!("the two sequences differ in length ({na} and {nb})")));
    }
    for (x, y) in a.try_iter()?.zip(b.try_iter()?) {
        let (x, y) = (x?, y?);
        answer(shape_arg(&x)?.get(), shape_arg(&y)?.get());
    }
    Ok(())
}

/// Whether `a[i]` and `b[i]` intersect, for every `i`, in one call (Python's per-call cost paid
/// once): one byte per pair, 1 or 0, ready for `numpy.frombuffer(result, dtype=bool)`.
#[pyfunction]
pub fn intersects_pairs<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut out = Vec::new();
    each_pair(a, b, |x, y| out.push(u8::from(collide2d::intersects(&x, &y))))?;
    Ok(PyBytes::new(py, &out))
}

/// The contact of `a[i]` and `b[i]`, for every `i`, in one call: three 32-bit floats per pair
/// (normal x, normal y, depth), NaN for pairs that do not touch, ready for
/// `numpy.frombuffer(result, dtype=numpy.float32).reshape(-1, 3)`.
#[pyfunction]
pub fn contact_pairs<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut out = Vec::new();
    each_pair(a, b, |x, y| {
        let row = match collide2d::contact(&x, &y) {
            Some(k) => [k.normal.x, k.normal.y, k.depth],
            None => [f32::NAN; 3],
        };
        out.extend(row.iter().flat_map(|v| v.to_ne_bytes()));
    })?;
    Ok(PyBytes::new(py, &out))
}
