//! `World`: many colliders with a broad phase, collision events, filters, scene queries and a
//! kinematic mover. Colliders are named by `Handle`s and may carry any Python object as data.

use collide2d::world::{MoveOptions, QueryFilter};
use collide2d::{
    ColliderHandle, CollisionFilter, ContactEvent, ContactMethod, Ray, Transform, Vec2, World, WorldError,
};
use pyo3::prelude::*;

use crate::convert::{reduce, tuple, value_error, V2};
use crate::results::{PyContact, PyRayHit, PyShapeCastHit};
use crate::shapes::{shape_ref, shape_to_py, PyAabb};
use crate::tiered::PyDetector;
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

    fn __repr__(&self) -> String {
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
        format!("ContactEvent(a={}, b={}, touching={})", self.a.__repr__(), self.b.__repr__(), self.contact.is_some())
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

/// What `World.move_and_slide` did.
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

/// The world's error as `ValueError`, with the library's message.
fn world_error(error: WorldError) -> PyErr {
    value_error(error)
}

/// A set of colliders (shape, transform, data) with a broad phase, events per `step`, filters,
/// sensors, scene queries, parents and a kinematic mover.
#[pyclass(module = "collide2d", name = "World")]
pub struct PyWorld {
    inner: World<Py<PyAny>>,
}

impl PyWorld {
    /// The world's reply for `h`, or `ValueError` when the handle is stale.
    fn known(&self, h: &PyHandle) -> PyResult<ColliderHandle> {
        if self.inner.contains(h.inner) {
            Ok(h.inner)
        } else {
            Err(world_error(WorldError::StaleHandle(h.inner)))
        }
    }
}

/// The world's answer about `h`, or `ValueError` when `h` names no collider of the world (the
/// library answers `None` then).
fn found<T>(answer: Option<T>, h: &PyHandle) -> PyResult<T> {
    answer.ok_or_else(|| world_error(WorldError::StaleHandle(h.inner)))
}

/// A scene query's filter from its Python arguments.
fn query_filter<'a>(
    filter: Option<&PyCollisionFilter>,
    ignore: &'a [ColliderHandle],
    sensors: bool,
) -> QueryFilter<'a> {
    QueryFilter { filter: filter.map_or(CollisionFilter::ALL, |f| f.inner), ignore, sensors }
}

#[pymethods]
impl PyWorld {
    /// An empty world.
    #[new]
    fn new() -> Self {
        Self { inner: World::new() }
    }

    /// Adds a collider: `shape` in local coordinates placed by `transform` (identity by
    /// default), with any `data`. Raises `ValueError` when the shape cannot be placed.
    #[pyo3(signature = (shape, transform = None, data = None, filter = None, sensor = false))]
    fn insert(
        &mut self,
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        transform: Option<&PyTransform>,
        data: Option<Py<PyAny>>,
        filter: Option<&PyCollisionFilter>,
        sensor: bool,
    ) -> PyResult<PyHandle> {
        let transform = transform.map_or(Transform::IDENTITY, |t| t.inner);
        let data = data.unwrap_or_else(|| py.None());
        let h = self.inner.insert(crate::shapes::shape(shape)?, transform, data).map_err(world_error)?;
        if let Some(filter) = filter {
            self.inner.set_filter(h, filter.inner).map_err(world_error)?;
        }
        self.inner.set_sensor(h, sensor).map_err(world_error)?;
        Ok(handle(h))
    }

    /// Removes a collider (and detaches its children) and returns its data.
    fn remove(&mut self, h: &PyHandle) -> PyResult<Py<PyAny>> {
        found(self.inner.remove(h.inner), h)
    }

    /// Whether `h` names a collider of this world.
    fn __contains__(&self, h: &PyHandle) -> bool {
        self.inner.contains(h.inner)
    }

    /// The number of colliders.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Every collider's handle.
    fn handles(&self) -> Vec<PyHandle> {
        self.inner.iter().map(|(h, _)| handle(h)).collect()
    }

    /// The data given at insertion.
    fn data(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        Ok(found(self.inner.data(h.inner), h)?.clone_ref(py))
    }

    /// The shape as given, in local coordinates.
    fn local_shape(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        shape_to_py(py, found(self.inner.local_shape(h.inner), h)?.clone())
    }

    /// The shape placed in the world.
    fn world_shape(&self, py: Python<'_>, h: &PyHandle) -> PyResult<Py<PyAny>> {
        shape_to_py(py, found(self.inner.world_shape(h.inner), h)?.clone())
    }

    /// The world-space bounding box.
    fn aabb(&self, h: &PyHandle) -> PyResult<PyAabb> {
        Ok(PyAabb { inner: found(self.inner.aabb(h.inner), h)? })
    }

    /// The transform relative to the parent (or the world).
    fn local_transform(&self, h: &PyHandle) -> PyResult<PyTransform> {
        Ok(PyTransform { inner: found(self.inner.local_transform(h.inner), h)? })
    }

    /// The transform into world space (the parents' composed with its own).
    fn world_transform(&self, h: &PyHandle) -> PyResult<PyTransform> {
        Ok(PyTransform { inner: found(self.inner.world_transform(h.inner), h)? })
    }

    /// Moves a collider (and its children) by setting its local transform.
    fn set_transform(&mut self, h: &PyHandle, transform: &PyTransform) -> PyResult<()> {
        self.inner.set_transform(h.inner, transform.inner).map_err(world_error)
    }

    /// Replaces a collider's local shape.
    fn set_shape(&mut self, h: &PyHandle, shape: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.set_shape(h.inner, crate::shapes::shape(shape)?).map_err(world_error)
    }

    /// Attaches a collider to a parent (None detaches it); raises `ValueError` for a cycle.
    #[pyo3(signature = (child, parent))]
    fn set_parent(&mut self, child: &PyHandle, parent: Option<&PyHandle>) -> PyResult<()> {
        self.inner.set_parent(child.inner, parent.map(|p| p.inner)).map_err(world_error)
    }

    /// The parent, if any.
    fn parent(&self, h: &PyHandle) -> PyResult<Option<PyHandle>> {
        let h = self.known(h)?;
        Ok(self.inner.parent(h).map(handle))
    }

    /// The children, in the order they were attached.
    fn children(&self, h: &PyHandle) -> PyResult<Vec<PyHandle>> {
        let h = self.known(h)?;
        Ok(self.inner.children(h).into_iter().map(handle).collect())
    }

    /// The collider's filter.
    fn filter(&self, h: &PyHandle) -> PyResult<PyCollisionFilter> {
        Ok(PyCollisionFilter { inner: found(self.inner.filter(h.inner), h)? })
    }

    /// Sets which colliders this one may collide with.
    fn set_filter(&mut self, h: &PyHandle, filter: &PyCollisionFilter) -> PyResult<()> {
        self.inner.set_filter(h.inner, filter.inner).map_err(world_error)
    }

    /// Whether the collider is a sensor (reports overlaps, has no contact, never blocks a mover).
    fn is_sensor(&self, h: &PyHandle) -> PyResult<bool> {
        found(self.inner.is_sensor(h.inner), h)
    }

    /// Makes the collider a sensor or a solid one.
    fn set_sensor(&mut self, h: &PyHandle, sensor: bool) -> PyResult<()> {
        self.inner.set_sensor(h.inner, sensor).map_err(world_error)
    }

    /// Replaces the detector deciding which candidate pairs touch (exact by default).
    fn set_detector(&mut self, detector: PyDetector) {
        match detector {
            PyDetector::BoundingBoxes => self.inner.set_detector(collide2d::detector::BoundingBoxes),
            PyDetector::BoundingCircles => self.inner.set_detector(collide2d::detector::BoundingCircles),
            PyDetector::Exact => self.inner.set_detector(collide2d::detector::Exact),
        }
    }

    /// Chooses how the step measures its contacts: `ContactMethod.EXACT` (the minimum push-out,
    /// the default) or `ContactMethod.DEEPEST_PIECE_PAIR` (faster on concave polygons, not
    /// minimal). Every pair is measured again at the next step.
    fn set_contact_method(&mut self, method: PyContactMethod) {
        self.inner.set_contact_method(method.into());
    }

    /// How the step measures its contacts.
    #[getter]
    fn contact_method(&self) -> PyContactMethod {
        match self.inner.contact_method() {
            ContactMethod::DeepestPiecePair => PyContactMethod::DeepestPiecePair,
            _ => PyContactMethod::Exact,
        }
    }

    /// Finds every touching pair and returns what changed since the last step. The work runs
    /// without holding Python's lock.
    fn step(&mut self, py: Python<'_>) -> PyResult<PyStepEvents> {
        let world = &mut self.inner;
        let events = py.detach(|| world.step().clone());
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
    fn is_colliding(&self, h: &PyHandle) -> PyResult<bool> {
        found(self.inner.is_colliding(h.inner), h)
    }

    /// Every collider whose bounding box touches `aabb`.
    fn colliders_in_aabb(&self, aabb: &PyAabb) -> Vec<PyHandle> {
        self.inner.colliders_in_aabb(&aabb.inner).into_iter().map(handle).collect()
    }

    /// Every collider whose world shape intersects `shape` (in world coordinates).
    fn colliders_overlapping(&self, shape: &Bound<'_, PyAny>) -> PyResult<Vec<PyHandle>> {
        let shape = shape_ref(shape)?;
        Ok(self.inner.colliders_overlapping(&shape).into_iter().map(handle).collect())
    }

    /// Every collider containing `point`.
    fn colliders_at_point(&self, point: V2) -> Vec<PyHandle> {
        self.inner.colliders_at_point(point.0).into_iter().map(handle).collect()
    }

    /// The first collider the ray from `origin` along `direction` hits within `max_distance`,
    /// with the hit, or None.
    #[pyo3(signature = (origin, direction, max_distance = f32::INFINITY))]
    fn cast_ray(&self, origin: V2, direction: V2, max_distance: f32) -> PyResult<Option<(PyHandle, PyRayHit)>> {
        let ray = Ray::new(origin.0, direction.0).map_err(value_error)?;
        Ok(self.inner.cast_ray(&ray, max_distance).map(|(h, hit)| (handle(h), PyRayHit::from(hit))))
    }

    /// Every collider the ray hits within `max_distance`, nearest first.
    #[pyo3(signature = (origin, direction, max_distance = f32::INFINITY, filter = None, ignore = Vec::new(), sensors = false))]
    fn cast_ray_all(
        &self,
        origin: V2,
        direction: V2,
        max_distance: f32,
        filter: Option<&PyCollisionFilter>,
        ignore: Vec<PyHandle>,
        sensors: bool,
    ) -> PyResult<Vec<(PyHandle, PyRayHit)>> {
        let ray = Ray::new(origin.0, direction.0).map_err(value_error)?;
        let ignore: Vec<ColliderHandle> = ignore.iter().map(|h| h.inner).collect();
        let hits = self.inner.cast_ray_all(&ray, max_distance, &query_filter(filter, &ignore, sensors));
        Ok(hits.into_iter().map(|(h, hit)| (handle(h), PyRayHit::from(hit))).collect())
    }

    /// The first collider that `shape` (world coordinates) would hit moving at `motion` for times
    /// in `[0, max_time]`, with the hit (normal out of the collider), or None.
    #[pyo3(signature = (shape, motion, max_time = 1.0, filter = None, ignore = Vec::new(), sensors = false))]
    fn cast_shape(
        &self,
        shape: &Bound<'_, PyAny>,
        motion: V2,
        max_time: f32,
        filter: Option<&PyCollisionFilter>,
        ignore: Vec<PyHandle>,
        sensors: bool,
    ) -> PyResult<Option<(PyHandle, PyShapeCastHit)>> {
        let shape = shape_ref(shape)?;
        let ignore: Vec<ColliderHandle> = ignore.iter().map(|h| h.inner).collect();
        let hit = self.inner.cast_shape(&shape, motion.0, max_time, &query_filter(filter, &ignore, sensors));
        Ok(hit.map(|(h, hit)| (handle(h), PyShapeCastHit::from(hit))))
    }

    /// Moves a collider by `motion`, sliding along what it meets and keeping a `skin` gap;
    /// surfaces no steeper than `max_slope` (radians) from level count as floor. Pass
    /// `up=(0, -1)` on a y-down screen.
    #[pyo3(signature = (h, motion, skin = 0.01, max_slope = std::f32::consts::FRAC_PI_4, up = V2(Vec2::Y), max_slides = 4))]
    fn move_and_slide(
        &mut self,
        h: &PyHandle,
        motion: V2,
        skin: f32,
        max_slope: f32,
        up: V2,
        max_slides: usize,
    ) -> PyResult<PyMoveResult> {
        let options = MoveOptions { skin, max_slope, up: up.0, max_slides, ..MoveOptions::default() };
        let result = self.inner.move_and_slide(h.inner, motion.0, &options).map_err(world_error)?;
        Ok(PyMoveResult {
            moved: tuple(result.moved),
            on_floor: result.on_floor,
            floor_normal: result.floor_normal.map(tuple),
            touched: result.touched.into_iter().map(|t| handle(t.collider)).collect(),
        })
    }

    fn __repr__(&self) -> String {
        format!("World({} colliders)", self.inner.len())
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
