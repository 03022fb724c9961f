//! `World`: many colliders with a broad phase, collision events, filters, scene queries and a
//! kinematic mover. Colliders are named by `Handle`s and may carry any Python object as data.

use collide2d::world::{MoveOptions, MoveResult, QueryFilter};
use collide2d::{
    ColliderHandle, CollisionFilter, ContactEvent, ContactMethod, Ray, Transform, Vec2, World, WorldError,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::PyTraverseError;

use crate::convert::{array_view, hold, limit, reduce, tuple, value_error, V2};
use crate::results::{PyContact, PyRayHit, PyShapeCastHit};
use crate::shapes::{shape_arg, shape_to_py, PyAabb};
use crate::tiered::PyDetector;
use crate::tiles::tile_id;
use crate::transform::PyTransform;

/// Which colliders may collide: `layer` says which groups a collider belongs to, `mask` which
/// groups it collides with; two collide when each one's layer meets the other's mask.
#[pyclass(frozen, eq, hash, module = "collide2d", name = "CollisionFilter")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyCollisionFilter {
    pub inner: CollisionFilter,
}

#[pymethods]
impl PyCollisionFilter {
    /// A filter from its layer and mask bits (32 each); the default is in every group,
    /// colliding with every group.
    #[new]
    #[pyo3(signature = (layer = u32::MAX, mask = u32::MAX))]
    fn new(layer: u32, mask: u32) -> Self {
        Self { inner: CollisionFilter::new(layer, mask) }
    }

    /// The groups this collider belongs to.
    #[getter]
    fn layer(&self) -> u32 {
        self.inner.layer
    }

    /// The groups this collider collides with.
    #[getter]
    fn mask(&self) -> u32 {
        self.inner.mask
    }

    /// Whether colliders with these two filters may collide (the rule is symmetric).
    fn allows(&self, other: &PyCollisionFilter) -> bool {
        self.inner.allows(&other.inner)
    }

    /// Pickles through the library's serde form.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
        reduce(py, "CollisionFilter", &self.inner)
    }

    fn __repr__(&self) -> String {
        format!("CollisionFilter(layer={:#x}, mask={:#x})", self.inner.layer, self.inner.mask)
    }
}

/// The name of a collider in its world. A removed collider's handle stays stale, even when its
/// slot is reused.
#[pyclass(frozen, eq, hash, ord, from_py_object, module = "collide2d", name = "Handle")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyHandle {
    pub inner: ColliderHandle,
}

#[pymethods]
impl PyHandle {
    /// The slot index.
    #[getter]
    fn index(&self) -> u32 {
        self.inner.index()
    }

    /// How many times the slot was reused before.
    #[getter]
    fn generation(&self) -> u32 {
        self.inner.generation()
    }

    pub(crate) fn __repr__(&self) -> String {
        format!("Handle(index={}, generation={})", self.inner.index(), self.inner.generation())
    }
}

fn handle(inner: ColliderHandle) -> PyHandle {
    PyHandle { inner }
}

/// A pair of colliders touching at a step, with their contact (None for a sensor).
#[pyclass(frozen, module = "collide2d", name = "ContactEvent")]
pub struct PyContactEvent {
    /// The first collider.
    #[pyo3(get)]
    a: PyHandle,
    /// The second collider.
    #[pyo3(get)]
    b: PyHandle,
    /// How they touch (normal from `a` to `b`); None when either is a sensor.
    #[pyo3(get)]
    contact: Option<PyContact>,
}

impl From<&ContactEvent> for PyContactEvent {
    fn from(e: &ContactEvent) -> Self {
        Self { a: handle(e.a), b: handle(e.b), contact: e.contact.map(|inner| PyContact { inner }) }
    }
}

#[pymethods]
impl PyContactEvent {
    fn __repr__(&self) -> String {
        let contact = self.contact.as_ref().map_or_else(|| "None".to_string(), PyContact::__repr__);
        format!("ContactEvent(a={}, b={}, contact={contact})", self.a.__repr__(), self.b.__repr__())
    }
}

/// What changed at a step.
#[pyclass(frozen, module = "collide2d", name = "StepEvents")]
pub struct PyStepEvents {
    /// Pairs touching now that did not at the previous step.
    #[pyo3(get)]
    started: Vec<Py<PyContactEvent>>,
    /// Pairs touching now and at the previous step.
    #[pyo3(get)]
    ongoing: Vec<Py<PyContactEvent>>,
    /// Pairs that touched at the previous step and do not now (handles may be stale).
    #[pyo3(get)]
    stopped: Vec<(PyHandle, PyHandle)>,
}

#[pymethods]
impl PyStepEvents {
    fn __repr__(&self) -> String {
        format!(
            "StepEvents(started={}, ongoing={}, stopped={})",
            self.started.len(),
            self.ongoing.len(),
            self.stopped.len()
        )
    }
}

/// What `World.move_and_slide` or `CharacterController.move_and_slide` did.
#[pyclass(frozen, module = "collide2d", name = "MoveResult")]
pub struct PyMoveResult {
    /// The displacement applied.
    #[pyo3(get)]
    moved: (f32, f32),
    /// Whether it met floor on the way.
    #[pyo3(get)]
    on_floor: bool,
    /// The last floor's normal, when it met floor.
    #[pyo3(get)]
    floor_normal: Option<(f32, f32)>,
    /// Every collider it met, in order, each once.
    #[pyo3(get)]
    touched: Vec<PyHandle>,
    /// How far the floor it stood on carried it before it moved, included in `moved` (the
    /// controller's; (0, 0) from `World.move_and_slide`).
    #[pyo3(get)]
    platform_motion: (f32, f32),
}

impl From<MoveResult> for PyMoveResult {
    fn from(r: MoveResult) -> Self {
        Self {
            moved: tuple(r.moved),
            on_floor: r.on_floor,
            floor_normal: r.floor_normal.map(tuple),
            touched: r.touched.into_iter().map(|t| handle(t.collider)).collect(),
            platform_motion: tuple(r.platform_motion),
        }
    }
}

#[pymethods]
impl PyMoveResult {
    fn __repr__(&self) -> String {
        format!(
            "MoveResult(moved={:?}, on_floor={}, touched={})",
            self.moved,
            if self.on_floor { "True" } else { "False" },
            self.touched.len()
        )
    }
}

/// The world's error as `ValueError`, with the library's message, handles named as Python
/// writes them.
pub(crate) fn world_error(error: WorldError) -> PyErr {
    let name = |h: ColliderHandle| handle(h).__repr__();
    match error {
        WorldError::StaleHandle(h) => {
            value_error(format!("{} does not exist (removed, or from another world)", name(h)))
        }
        WorldError::Placement { collider: None, source } => {
            value_error(format!("the shape cannot be placed: {source}"))
        }
        WorldError::Placement { collider: Some(h), source } => {
            value_error(format!("the world shape of {} cannot be made: {source}", name(h)))
        }
        WorldError::ParentCycle { child, parent } => {
            value_error(format!("making {} the parent of {} would make a cycle", name(parent), name(child)))
        }
        WorldError::BadTile { collider, reason } => value_error(format!("set_tile on {}: {reason}", name(collider))),
        other => value_error(other),
    }
}

/// The pairs a step may find before it raises `MemoryError`, unless set otherwise: about 4
/// million, a few hundred megabytes of events.
const DEFAULT_MAX_PAIRS: usize = 1 << 22;

/// A set of colliders (shape, transform, data) with a broad phase, events per `step`, filters,
/// sensors, scene queries, parents and a kinematic mover.
///
/// Threads may share a world: each call has it to itself (a call made while another thread
/// steps waits for the step, without holding Python's lock).
#[pyclass(frozen, module = "collide2d", name = "World")]
pub struct PyWorld {
    inner: Mutex<World<Py<PyAny>>>,
    max_pairs: AtomicUsize,
}

/// The world, held by one call: released when dropped.
type Held<'a> = MutexGuard<'a, World<Py<PyAny>>>;

impl PyWorld {
    /// The world for this call, waiting without Python's lock while another thread has it (so
    /// that the thread holding it can take Python's lock back to finish).
    pub(crate) fn world(&self, py: Python<'_>) -> Held<'_> {
        hold(py, &self.inner)
    }
}

/// The world's reply for `h`, or `ValueError` when the handle is stale.
fn known(world: &World<Py<PyAny>>, h: &PyHandle) -> PyResult<ColliderHandle> {
    if world.contains(h.inner) {
        Ok(h.inner)
    } else {
        Err(world_error(WorldError::StaleHandle(h.inner)))
    }
}

/// The world's answer about `h`, or `ValueError` when `h` names no collider of the world (the
/// library answers `None` then).
fn found<T>(answer: Option<T>, h: &PyHandle) -> PyResult<T> {
    answer.ok_or_else(|| world_error(WorldError::StaleHandle(h.inner)))
}

/// The rows of an array of poses for `n` colliders (see `World.set_transforms`): the columns
/// per row, and the numbers row after row.
fn pose_rows(poses: &Bound<'_, PyAny>, n: usize) -> PyResult<(usize, Vec<f32>)> {
    let expected = "expected an array of shape (n, 2), (n, 3) or (n, 5) of float32 or float64";
    let Some(view) = array_view(poses)? else {
        let kind = poses.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        return Err(PyTypeError::new_err(format!("{expected} (a numpy array), got {kind}")));
    };
    let columns = match view.shape.as_slice() {
        [rows, columns @ (2 | 3 | 5)] if *rows == n => *columns,
        shape => {
            return Err(PyValueError::new_err(format!(
                "{expected} with n = {n} (one row a handle), got shape {shape:?}"
            )))
        }
    };
    let bytes = view.bytes()?;
    let values = match view.format.trim_start_matches(['<', '=', '@']) {
        "f" => bytes.chunks_exact(4).map(|b| f32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect(),
        "d" => bytes.chunks_exact(8).map(|b| f64::from_ne_bytes(b.try_into().unwrap_or_default()) as f32).collect(),
        format => return Err(PyValueError::new_err(format!("{expected}, got items of format {format:?}"))),
    };
    Ok((columns, values))
}

/// A scene query's filter from its Python arguments.
fn query_filter<'a>(
    filter: Option<&PyCollisionFilter>,
    ignore: &'a [ColliderHandle],
    sensors: bool,
) -> QueryFilter<'a> {
    QueryFilter { filter: filter.map_or(CollisionFilter::ALL, |f| f.inner), ignore, sensors }
}

// The methods take Python's keyword arguments, and the world's lock is a `py` more.
#[allow(clippy::too_many_arguments)]
#[pymethods]
impl PyWorld {
    /// An empty world.
    #[new]
    fn new() -> Self {
        Self { inner: Mutex::new(World::new()), max_pairs: AtomicUsize::new(DEFAULT_MAX_PAIRS) }
    }

    /// Adds a collider: `shape` in local coordinates placed by `transform` (identity by
    /// default), with any `data`, and `one_way`, the side it can be passed from (see
    /// `set_one_way`). Raises `ValueError` when the shape cannot be placed.
    #[pyo3(signature = (shape, transform = None, data = None, filter = None, sensor = false, one_way = None))]
    fn insert(
        &self,
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        transform: Option<&PyTransform>,
        data: Option<Py<PyAny>>,
        filter: Option<&PyCollisionFilter>,
        sensor: bool,
        one_way: Option<V2>,
    ) -> PyResult<PyHandle> {
        // Arguments first: reading them may run Python code, which must not find the world held.
        let shape = crate::shapes::shape(shape)?;
        let transform = transform.map_or(Transform::IDENTITY, |t| t.inner);
        let data = data.unwrap_or_else(|| py.None());
        let mut w = self.world(py);
        let h = w.insert(shape, transform, data).map_err(world_error)?;
        let set = |w: &mut Held<'_>| -> PyResult<()> {
            if let Some(filter) = filter {
                w.set_filter(h, filter.inner).map_err(world_error)?;
            }
            w.set_sensor(h, sensor).map_err(world_error)?;
            w.set_one_way(h, one_way.map(|v| v.0)).map_err(world_error)
        };
        if let Err(e) = set(&mut w) {
            // Not left half made: a side that is no direction refuses the whole insert.
            w.remove(h);
            return Err(e);
        }
        Ok(handle(h))
    }

    /// Removes a collider (and detaches its children) and returns its data.
    fn remove(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        let mut w = self.world(py);
        found(w.remove(h.inner), h)
    }

    /// Whether `h` names a collider of this world.
    fn __contains__(&self, py: Python<'_>, h: &PyHandle) -> bool {
        let w = self.world(py);
        w.contains(h.inner)
    }

    /// The number of colliders.
    fn __len__(&self, py: Python<'_>) -> usize {
        let w = self.world(py);
        w.len()
    }

    /// Every collider's handle.
    fn handles(&self, py: Python<'_>) -> Vec<PyHandle> {
        let w = self.world(py);
        w.iter().map(|(h, _)| handle(h)).collect()
    }

    /// The data given at insertion.
    fn data(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        let w = self.world(py);
        Ok(found(w.data(h.inner), h)?.clone_ref(py))
    }

    /// The shape as given, in local coordinates.
    fn local_shape(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        let w = self.world(py);
        shape_to_py(py, found(w.local_shape(h.inner), h)?.clone())
    }

    /// The shape placed in the world.
    fn world_shape(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        let w = self.world(py);
        shape_to_py(py, found(w.world_shape(h.inner), h)?.clone())
    }

    /// The world-space bounding box.
    fn aabb(&self, py: Python<'_>, h: &PyHandle) -> PyResult<PyAabb> {
        let w = self.world(py);
        Ok(PyAabb { inner: found(w.aabb(h.inner), h)? })
    }

    /// The transform relative to the parent (or the world).
    fn local_transform(&self, py: Python<'_>, h: &PyHandle) -> PyResult<PyTransform> {
        let w = self.world(py);
        Ok(PyTransform { inner: found(w.local_transform(h.inner), h)? })
    }

    /// The transform into world space (the parents' composed with its own).
    fn world_transform(&self, py: Python<'_>, h: &PyHandle) -> PyResult<PyTransform> {
        let w = self.world(py);
        Ok(PyTransform { inner: found(w.world_transform(h.inner), h)? })
    }

    /// Moves a collider (and its children) by setting its local transform.
    fn set_transform(&self, py: Python<'_>, h: &PyHandle, transform: &PyTransform) -> PyResult<()> {
        let mut w = self.world(py);
        w.set_transform(h.inner, transform.inner).map_err(world_error)
    }

    /// Moves many colliders in one call: `handles[i]` gets the pose in row `i` of `poses`, an
    /// array of shape (n, 2) (x, y), (n, 3) (x, y, rotation in radians) or (n, 5) (x, y,
    /// rotation, scale x, scale y) of float32 or float64, such as a numpy array. Every handle
    /// and every placement is checked before any collider moves: a stale handle or a pose that
    /// cannot place its shape (a circle under uneven scale, a zero scale) raises `ValueError`
    /// and moves nothing.
    fn set_transforms(&self, py: Python<'_>, handles: Vec<PyHandle>, poses: &Bound<'_, PyAny>) -> PyResult<()> {
        let (columns, values) = pose_rows(poses, handles.len())?;
        let moves: Vec<_> = handles
            .iter()
            .zip(values.chunks_exact(columns))
            .map(|(h, row)| {
                let rotation = row.get(2).copied().unwrap_or(0.0);
                let scale = if columns == 5 { Vec2::new(row[3], row[4]) } else { Vec2::ONE };
                (h.inner, Transform::from_parts(Vec2::new(row[0], row[1]), rotation, scale, Vec2::ZERO))
            })
            .collect();
        self.world(py).set_transforms(&moves).map_err(world_error)
    }

    /// Replaces a collider's local shape.
    fn set_shape(&self, py: Python<'_>, h: &PyHandle, shape: &Bound<'_, PyAny>) -> PyResult<()> {
        let shape = crate::shapes::shape(shape)?;
        self.world(py).set_shape(h.inner, shape).map_err(world_error)
    }

    /// Sets cell `(col, row)` of a tile-map collider to tile `id`: destructible terrain, in
    /// time independent of the map's size, seen by the next step and every query. Raises
    /// `ValueError` (the map unchanged) for a collider that is not a tile map, a cell outside
    /// its grid or an id its tiles do not give. The `TileMap` given to `insert` is a separate
    /// copy: changing one does not change the other.
    fn set_tile(
        &self,
        py: Python<'_>,
        h: &PyHandle,
        col: &Bound<'_, PyAny>,
        row: &Bound<'_, PyAny>,
        id: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let context = format!("set_tile on {}", h.__repr__());
        let index = |v: &Bound<'_, PyAny>| -> PyResult<u32> {
            v.extract::<u32>().map_err(|_| value_error(format!("{context}: cell ({col}, {row}) is outside the grid")))
        };
        let (col, row) = (index(col)?, index(row)?);
        let id = tile_id(id, &format!("{context}: cell ({col}, {row})"))?;
        self.world(py).set_tile(h.inner, col, row, id).map_err(world_error)
    }

    /// Attaches a collider to a parent (None detaches it); raises `ValueError` for a cycle.
    #[pyo3(signature = (child, parent))]
    fn set_parent(&self, py: Python<'_>, child: &PyHandle, parent: Option<&PyHandle>) -> PyResult<()> {
        let mut w = self.world(py);
        w.set_parent(child.inner, parent.map(|p| p.inner)).map_err(world_error)
    }

    /// The parent, if any.
    fn parent(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Option<PyHandle>> {
        let w = self.world(py);
        let h = known(&w, h)?;
        Ok(w.parent(h).map(handle))
    }

    /// The children, in the order they were attached.
    fn children(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Vec<PyHandle>> {
        let w = self.world(py);
        let h = known(&w, h)?;
        Ok(w.children(h).into_iter().map(handle).collect())
    }

    /// The collider's filter.
    fn filter(&self, py: Python<'_>, h: &PyHandle) -> PyResult<PyCollisionFilter> {
        let w = self.world(py);
        Ok(PyCollisionFilter { inner: found(w.filter(h.inner), h)? })
    }

    /// Sets which colliders this one may collide with.
    fn set_filter(&self, py: Python<'_>, h: &PyHandle, filter: &PyCollisionFilter) -> PyResult<()> {
        let mut w = self.world(py);
        w.set_filter(h.inner, filter.inner).map_err(world_error)
    }

    /// The open side of a one-way collider (a unit vector in world space: movers coming from
    /// that side are stopped, others pass), or None when it blocks from every side.
    fn one_way(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Option<(f32, f32)>> {
        let w = self.world(py);
        Ok(found(w.one_way(h.inner), h)?.map(tuple))
    }

    /// Makes the collider one-way: `open` is the outward side movers may land on or be stopped
    /// from (e.g. (0, -1) for a platform on a y-down screen, jumped through from below), any
    /// length; None blocks from every side again. Raises `ValueError` for a zero or
    /// non-finite side.
    #[pyo3(signature = (h, open))]
    fn set_one_way(&self, py: Python<'_>, h: &PyHandle, open: Option<V2>) -> PyResult<()> {
        let mut w = self.world(py);
        w.set_one_way(h.inner, open.map(|v| v.0)).map_err(world_error)
    }

    /// Whether the collider is a sensor (reports overlaps, has no contact, never blocks a mover).
    fn is_sensor(&self, py: Python<'_>, h: &PyHandle) -> PyResult<bool> {
        let w = self.world(py);
        found(w.is_sensor(h.inner), h)
    }

    /// Makes the collider a sensor or a solid one.
    fn set_sensor(&self, py: Python<'_>, h: &PyHandle, sensor: bool) -> PyResult<()> {
        let mut w = self.world(py);
        w.set_sensor(h.inner, sensor).map_err(world_error)
    }

    /// Replaces the detector deciding which candidate pairs touch (exact by default).
    fn set_detector(&self, py: Python<'_>, detector: PyDetector) {
        let mut w = self.world(py);
        match detector {
            PyDetector::BoundingBoxes => w.set_detector(collide2d::detector::BoundingBoxes),
            PyDetector::BoundingCircles => w.set_detector(collide2d::detector::BoundingCircles),
            PyDetector::Exact => w.set_detector(collide2d::detector::Exact),
        }
    }

    /// Chooses how the step measures its contacts: `ContactMethod.EXACT` (the minimum push-out,
    /// the default) or `ContactMethod.DEEPEST_PIECE_PAIR` (faster on concave polygons, not
    /// minimal). Every pair is measured again at the next step.
    fn set_contact_method(&self, py: Python<'_>, method: PyContactMethod) {
        let mut w = self.world(py);
        w.set_contact_method(method.into());
    }

    /// How the step measures its contacts.
    #[getter]
    fn contact_method(&self, py: Python<'_>) -> PyContactMethod {
        let w = self.world(py);
        match w.contact_method() {
            ContactMethod::DeepestPiecePair => PyContactMethod::DeepestPiecePair,
            _ => PyContactMethod::Exact,
        }
    }

    /// The units of work a step may spend on exact contacts with concave polygons, shared evenly
    /// by the pairs with one measured at that step (600,000 by default; 0: no bound). A pair
    /// whose share runs out gets a push that separates, its contact's `exact` False. Setting it
    /// measures every pair again at the next step.
    #[getter]
    fn contact_budget(&self, py: Python<'_>) -> u64 {
        let budget = self.world(py).contact_budget();
        if budget.is_unbounded() {
            0
        } else {
            budget.units()
        }
    }

    #[setter]
    fn set_contact_budget(&self, py: Python<'_>, units: u64) {
        self.world(py).set_contact_budget(crate::queries::budget_of(units));
    }

    /// Finds every touching pair and returns what changed since the last step. The work runs
    /// without holding Python's lock. Raises `MemoryError` (and the world is as before the
    /// call) when more pairs of colliders have overlapping bounding boxes than `max_pairs`.
    fn step(&self, py: Python<'_>) -> PyResult<PyStepEvents> {
        let max_pairs = self.max_pairs.load(Ordering::Relaxed);
        let mut w = self.world(py);
        let world: &mut World<Py<PyAny>> = &mut w;
        let events = py
            .detach(|| world.try_step(max_pairs).cloned())
            .map_err(|e| PyMemoryError::new_err(format!("{e}; raise World.max_pairs to allow more")))?;
        let convert = |list: &[ContactEvent]| -> PyResult<Vec<Py<PyContactEvent>>> {
            list.iter().map(|e| Py::new(py, PyContactEvent::from(e))).collect()
        };
        Ok(PyStepEvents {
            started: convert(events.started())?,
            ongoing: convert(events.ongoing())?,
            stopped: events.stopped().iter().map(|&(a, b)| (handle(a), handle(b))).collect(),
        })
    }

    /// Whether the collider touched another at the last step.
    fn is_colliding(&self, py: Python<'_>, h: &PyHandle) -> PyResult<bool> {
        let w = self.world(py);
        found(w.is_colliding(h.inner), h)
    }

    /// Every collider whose bounding box touches `aabb`.
    fn colliders_in_aabb(&self, py: Python<'_>, aabb: &PyAabb) -> Vec<PyHandle> {
        let w = self.world(py);
        w.colliders_in_aabb(&aabb.inner).into_iter().map(handle).collect()
    }

    /// Every collider whose world shape intersects `shape` (in world coordinates).
    fn colliders_overlapping(&self, py: Python<'_>, shape: &Bound<'_, PyAny>) -> PyResult<Vec<PyHandle>> {
        let shape = shape_arg(shape)?;
        let shape = shape.get();
        let w = self.world(py);
        Ok(w.colliders_overlapping(&shape).into_iter().map(handle).collect())
    }

    /// Every collider containing `point`.
    fn colliders_at_point(&self, py: Python<'_>, point: V2) -> Vec<PyHandle> {
        let w = self.world(py);
        w.colliders_at_point(point.0).into_iter().map(handle).collect()
    }

    /// The first collider the ray from `origin` along `direction` hits within `max_distance`,
    /// with the hit, or None; among the colliders `filter` allows, not in `ignore`, and
    /// sensors only with `sensors=True` (as `cast_ray_all` takes them). A NaN `max_distance`
    /// raises `ValueError`.
    #[pyo3(signature = (origin, direction, max_distance = f32::INFINITY, filter = None, ignore = Vec::new(), sensors = false))]
    fn cast_ray(
        &self,
        py: Python<'_>,
        origin: V2,
        direction: V2,
        max_distance: f32,
        filter: Option<&PyCollisionFilter>,
        ignore: Vec<PyHandle>,
        sensors: bool,
    ) -> PyResult<Option<(PyHandle, PyRayHit)>> {
        let ray = Ray::new(origin.0, direction.0).map_err(value_error)?;
        let max_distance = limit(max_distance, "max_distance")?;
        let ignore: Vec<ColliderHandle> = ignore.iter().map(|h| h.inner).collect();
        let w = self.world(py);
        let hit = w.cast_ray_filtered(&ray, max_distance, &query_filter(filter, &ignore, sensors));
        Ok(hit.map(|(h, hit)| (handle(h), PyRayHit::from(hit))))
    }

    /// Every collider the ray hits within `max_distance`, nearest first (the arguments of
    /// `cast_ray`).
    #[pyo3(signature = (origin, direction, max_distance = f32::INFINITY, filter = None, ignore = Vec::new(), sensors = false))]
    fn cast_ray_all(
        &self,
        py: Python<'_>,
        origin: V2,
        direction: V2,
        max_distance: f32,
        filter: Option<&PyCollisionFilter>,
        ignore: Vec<PyHandle>,
        sensors: bool,
    ) -> PyResult<Vec<(PyHandle, PyRayHit)>> {
        let w = self.world(py);
        let ray = Ray::new(origin.0, direction.0).map_err(value_error)?;
        let max_distance = limit(max_distance, "max_distance")?;
        let ignore: Vec<ColliderHandle> = ignore.iter().map(|h| h.inner).collect();
        let hits = w.cast_ray_all(&ray, max_distance, &query_filter(filter, &ignore, sensors));
        Ok(hits.into_iter().map(|(h, hit)| (handle(h), PyRayHit::from(hit))).collect())
    }

    /// The first collider that `shape` (world coordinates) would hit moving at `motion` for times
    /// in `[0, max_time]`, with the hit (normal out of the collider), or None. A NaN `max_time`
    /// raises `ValueError`.
    #[pyo3(signature = (shape, motion, max_time = 1.0, filter = None, ignore = Vec::new(), sensors = false))]
    fn cast_shape(
        &self,
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        motion: V2,
        max_time: f32,
        filter: Option<&PyCollisionFilter>,
        ignore: Vec<PyHandle>,
        sensors: bool,
    ) -> PyResult<Option<(PyHandle, PyShapeCastHit)>> {
        let (shape, max_time) = (shape_arg(shape)?, limit(max_time, "max_time")?);
        let shape = shape.get();
        let ignore: Vec<ColliderHandle> = ignore.iter().map(|h| h.inner).collect();
        let w = self.world(py);
        let hit = w.cast_shape(&shape, motion.0, max_time, &query_filter(filter, &ignore, sensors));
        Ok(hit.map(|(h, hit)| (handle(h), PyShapeCastHit::from(hit))))
    }

    /// Moves a collider by `motion`, sliding along what it meets and keeping a `skin` gap;
    /// surfaces no steeper than `max_slope` (radians) from level count as floor. Pass
    /// `up=(0, -1)` on a y-down screen. On the floor it steps up ledges up to `step_height`
    /// and follows the floor down up to `snap_distance` (both 0: never); with `stop_on_slope`
    /// gravity does not slide it down a floor's slope and walking goes along it.
    #[pyo3(signature = (
        h, motion, skin = 0.01, max_slope = std::f32::consts::FRAC_PI_4, up = V2(Vec2::Y), max_slides = 4,
        *, step_height = 0.0, snap_distance = 0.0, stop_on_slope = true
    ))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn move_and_slide(
        &self,
        py: Python<'_>,
        h: &PyHandle,
        motion: V2,
        skin: f32,
        max_slope: f32,
        up: V2,
        max_slides: usize,
        step_height: f32,
        snap_distance: f32,
        stop_on_slope: bool,
    ) -> PyResult<PyMoveResult> {
        let mut w = self.world(py);
        let options = MoveOptions { skin, max_slope, up: up.0, max_slides, step_height, snap_distance, stop_on_slope };
        w.move_and_slide(h.inner, motion.0, &options).map(PyMoveResult::from).map_err(world_error)
    }

    /// How many pairs of colliders with overlapping bounding boxes a `step` may find before it
    /// raises `MemoryError` (4,194,304 unless set; the step's memory and time grow with them,
    /// and with n colliders all in one place there are n·(n−1)/2).
    #[getter]
    fn max_pairs(&self) -> usize {
        self.max_pairs.load(Ordering::Relaxed)
    }

    #[setter]
    fn set_max_pairs(&self, limit: usize) {
        self.max_pairs.store(limit, Ordering::Relaxed);
    }

    /// The handles of every collider, as `handles()` lists them.
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let handles = self.handles(py);
        Ok(handles.into_pyobject(py)?.try_iter()?.into_any().unbind())
    }

    /// Lets Python's garbage collector see the data objects the world holds (a game object
    /// that holds the world, given as its collider's data, is a cycle). A world held by a call
    /// in another thread is skipped: its objects then count as reachable, never freed early.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        let Ok(world) = self.inner.try_lock() else { return Ok(()) };
        for (_, data) in world.iter() {
            visit.call(data)?;
        }
        Ok(())
    }

    /// Breaks such cycles: every collider's data becomes None (dropped after the world is let
    /// go, as dropping one may run Python code).
    fn __clear__(&self) {
        let Ok(mut world) = self.inner.try_lock() else { return };
        let handles: Vec<ColliderHandle> = world.iter().map(|(h, _)| h).collect();
        let dropped: Vec<Py<PyAny>> = Python::attach(|py| {
            handles.iter().filter_map(|&h| world.data_mut(h).map(|d| std::mem::replace(d, py.None()))).collect()
        });
        drop(world);
        drop(dropped);
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("World({} colliders)", self.world(py).len())
    }
}

/// How a world's step measures the contacts of its touching pairs.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "collide2d", name = "ContactMethod")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyContactMethod {
    /// The minimum translation that separates the shapes (the default).
    #[pyo3(name = "EXACT")]
    Exact,
    /// The deepest overlap of one pair of convex pieces: faster on concave polygons, not minimal.
    #[pyo3(name = "DEEPEST_PIECE_PAIR")]
    DeepestPiecePair,
}

impl From<PyContactMethod> for ContactMethod {
    fn from(method: PyContactMethod) -> Self {
        match method {
            PyContactMethod::Exact => ContactMethod::Exact,
            PyContactMethod::DeepestPiecePair => ContactMethod::DeepestPiecePair,
        }
    }
}
