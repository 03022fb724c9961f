//! What the queries answer: contacts, ray hits, closest points and shape-cast hits. Vectors are
//! tuples of two floats.

use collide2d::{ClosestPoints, Contact, RayHit, ShapeCastHit};
use pyo3::prelude::*;

use crate::convert::{reduce, tuple};

/// How two intersecting shapes touch: `normal` (unit, from the first shape towards the second),
/// `depth` (the length of the shortest push that separates them) and one or two `points`.
#[pyclass(frozen, eq, module = "collide2d", name = "Contact")]
#[derive(Clone, PartialEq)]
pub struct PyContact {
    pub inner: Contact,
}

#[pymethods]
impl PyContact {
    /// Unit vector from the first shape towards the second.
    #[getter]
    fn normal(&self) -> (f32, f32) {
        tuple(self.inner.normal)
    }

    /// Penetration depth (0 or more; 0 when they only touch).
    #[getter]
    fn depth(&self) -> f32 {
        self.inner.depth
    }

    /// Whether `depth` is proven the shortest separating push: True but for a concave polygon's
    /// contact whose work budget ran out, whose push separates them all the same.
    #[getter]
    fn exact(&self) -> bool {
        self.inner.is_exact()
    }

    /// The contact points (one, or two when an edge lies flat against an edge).
    #[getter]
    fn points(&self) -> Vec<PyContactPoint> {
        self.inner.points().iter().map(|p| PyContactPoint::from(*p)).collect()
    }

    /// The move of the first shape that separates them: `-normal * depth`.
    #[getter]
    fn push_out_a(&self) -> (f32, f32) {
        tuple(self.inner.push_out_a())
    }

    /// The move of the second shape that separates them: `normal * depth`.
    #[getter]
    fn push_out_b(&self) -> (f32, f32) {
        tuple(self.inner.push_out_b())
    }

    /// The same contact seen from the other shape.
    fn flipped(&self) -> PyContact {
        PyContact { inner: self.inner.flipped() }
    }

    /// Pickles through the library's serde form.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
        reduce(py, "Contact", &self.inner)
    }

    pub fn __repr__(&self) -> String {
        let points: Vec<String> = self.points().iter().map(|p| p.__repr__()).collect();
        format!(
            "Contact(normal={:?}, depth={:?}, points=[{}])",
            tuple(self.inner.normal),
            self.inner.depth,
            points.join(", ")
        )
    }
}

/// One point of a contact: `point_a` on the first shape's surface, `point_b` on the second's,
/// and how deep they overlap there.
#[pyclass(frozen, eq, module = "collide2d", name = "ContactPoint")]
#[derive(Clone, PartialEq)]
pub struct PyContactPoint {
    /// On the surface of the first shape.
    #[pyo3(get)]
    point_a: (f32, f32),
    /// On the surface of the second shape.
    #[pyo3(get)]
    point_b: (f32, f32),
    /// How far the surfaces overlap here, along the normal.
    #[pyo3(get)]
    depth: f32,
}

impl From<collide2d::ContactPoint> for PyContactPoint {
    fn from(p: collide2d::ContactPoint) -> Self {
        Self { point_a: tuple(p.point_a), point_b: tuple(p.point_b), depth: p.depth }
    }
}

#[pymethods]
impl PyContactPoint {
    fn __repr__(&self) -> String {
        format!("ContactPoint(point_a={:?}, point_b={:?}, depth={:?})", self.point_a, self.point_b, self.depth)
    }
}

/// Where a ray hits a shape.
#[pyclass(frozen, eq, module = "collide2d", name = "RayHit")]
#[derive(Clone, PartialEq)]
pub struct PyRayHit {
    /// Distance from the ray's origin (0 when it starts inside).
    #[pyo3(get)]
    distance: f32,
    /// The hit point.
    #[pyo3(get)]
    point: (f32, f32),
    /// The shape's outward unit normal there (minus the direction for a ray starting inside).
    #[pyo3(get)]
    normal: (f32, f32),
}

impl From<RayHit> for PyRayHit {
    fn from(h: RayHit) -> Self {
        Self { distance: h.distance, point: tuple(h.point), normal: tuple(h.normal) }
    }
}

#[pymethods]
impl PyRayHit {
    fn __repr__(&self) -> String {
        format!("RayHit(distance={:?}, point={:?}, normal={:?})", self.distance, self.point, self.normal)
    }
}

/// The nearest points of two shapes that do not touch.
#[pyclass(frozen, eq, module = "collide2d", name = "ClosestPoints")]
#[derive(Clone, PartialEq)]
pub struct PyClosestPoints {
    /// The point of the first shape nearest to the second.
    #[pyo3(get)]
    point_a: (f32, f32),
    /// The point of the second shape nearest to the first.
    #[pyo3(get)]
    point_b: (f32, f32),
    /// The distance between them (positive).
    #[pyo3(get)]
    distance: f32,
}

impl From<ClosestPoints> for PyClosestPoints {
    fn from(c: ClosestPoints) -> Self {
        Self { point_a: tuple(c.point_a), point_b: tuple(c.point_b), distance: c.distance }
    }
}

#[pymethods]
impl PyClosestPoints {
    fn __repr__(&self) -> String {
        format!("ClosestPoints(point_a={:?}, point_b={:?}, distance={:?})", self.point_a, self.point_b, self.distance)
    }
}

/// When and where two moving shapes first touch.
#[pyclass(frozen, eq, module = "collide2d", name = "ShapeCastHit")]
#[derive(Clone, PartialEq)]
pub struct PyShapeCastHit {
    /// The time of first contact (the shapes stand at their start plus motion × time).
    #[pyo3(get)]
    time: f32,
    /// Where they touch then.
    #[pyo3(get)]
    point: (f32, f32),
    /// The unit normal then, from the first shape towards the second.
    #[pyo3(get)]
    normal: (f32, f32),
    /// They already touched or overlapped at time 0.
    #[pyo3(get)]
    started_overlapping: bool,
}

impl From<ShapeCastHit> for PyShapeCastHit {
    fn from(h: ShapeCastHit) -> Self {
        Self {
            time: h.time,
            point: tuple(h.point),
            normal: tuple(h.normal),
            started_overlapping: h.started_overlapping,
        }
    }
}

#[pymethods]
impl PyShapeCastHit {
    fn __repr__(&self) -> String {
        format!(
            "ShapeCastHit(time={:?}, point={:?}, normal={:?}, started_overlapping={})",
            self.time,
            self.point,
            self.normal,
            if self.started_overlapping { "True" } else { "False" }
        )
    }
}
