//! The levelled rectangle test (`collide`) and the swappable detectors.

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::tiered::{collide_verdict, Level, RectObject};
use collide2d::{Aabb, ShapeLike, Transform};
use pyo3::prelude::*;

use crate::shapes::{shape, PyAabb};
use crate::transform::PyTransform;

/// How far `collide` may climb: bounding boxes, then a corner inside the other, then the exact
/// separating-axis test.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "collide2d", name = "Level")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyLevel {
    /// Level 0: world bounding boxes only.
    #[pyo3(name = "AABB")]
    Aabb,
    /// Level 1: bounding boxes, then "a corner inside the other".
    #[pyo3(name = "CORNERS")]
    Corners,
    /// Level 2: all of the above, then the exact separating-axis test.
    #[pyo3(name = "SAT")]
    Sat,
    /// As far as needed (the same as SAT).
    #[pyo3(name = "MAXIMUM")]
    Maximum,
}

impl From<PyLevel> for Level {
    fn from(level: PyLevel) -> Level {
        match level {
            PyLevel::Aabb => Level::Aabb,
            PyLevel::Corners => Level::Corners,
            PyLevel::Sat => Level::Sat,
            PyLevel::Maximum => Level::Maximum,
        }
    }
}

impl From<Level> for PyLevel {
    fn from(level: Level) -> PyLevel {
        match level {
            Level::Aabb => PyLevel::Aabb,
            Level::Corners => PyLevel::Corners,
            Level::Sat => PyLevel::Sat,
            Level::Maximum => PyLevel::Maximum,
        }
    }
}

/// A local rectangle placed by a transform: what `collide` compares.
struct Placed {
    bounds: Aabb,
    transform: Transform,
}

impl RectObject for Placed {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.bounds
    }
}

/// Whether two sprites' rectangles collide, judged up to `level`, and the level that settled
/// it: `(colliding, decided_by)`. Each sprite is its local bounds and its transform.
#[pyfunction]
#[pyo3(name = "collide_verdict", signature = (a_bounds, a_transform, b_bounds, b_transform, level = PyLevel::Maximum))]
pub fn collide_verdict_of(
    a_bounds: &PyAabb,
    a_transform: &PyTransform,
    b_bounds: &PyAabb,
    b_transform: &PyTransform,
    level: PyLevel,
) -> (bool, PyLevel) {
    let a = Placed { bounds: a_bounds.inner, transform: a_transform.inner };
    let b = Placed { bounds: b_bounds.inner, transform: b_transform.inner };
    let verdict = collide_verdict(&a, &b, level.into());
    (verdict.colliding, verdict.decided_by.into())
}

/// Whether two sprites' rectangles collide, judged up to `level` (see `Level`). Each sprite is
/// its local bounds and its transform.
#[pyfunction]
#[pyo3(signature = (a_bounds, a_transform, b_bounds, b_transform, level = PyLevel::Maximum))]
pub fn collide(
    a_bounds: &PyAabb,
    a_transform: &PyTransform,
    b_bounds: &PyAabb,
    b_transform: &PyTransform,
    level: PyLevel,
) -> bool {
    collide_verdict_of(a_bounds, a_transform, b_bounds, b_transform, level).0
}

/// Which detection method decides whether two shapes collide; `World.set_detector` takes one.
#[pyclass(eq, eq_int, frozen, hash, from_py_object, module = "collide2d", name = "Detector")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyDetector {
    /// Collide when the bounding boxes overlap: fastest, loose for rotated or round shapes.
    #[pyo3(name = "BOUNDING_BOXES")]
    BoundingBoxes,
    /// Collide when the bounding circles overlap: cheap, loose for long shapes.
    #[pyo3(name = "BOUNDING_CIRCLES")]
    BoundingCircles,
    /// Collide when the shapes really share a point.
    #[pyo3(name = "EXACT")]
    Exact,
}

impl PyDetector {
    /// The library's detector for this choice.
    pub fn boxed(self) -> Box<dyn Detector> {
        match self {
            PyDetector::BoundingBoxes => Box::new(BoundingBoxes),
            PyDetector::BoundingCircles => Box::new(BoundingCircles),
            PyDetector::Exact => Box::new(Exact),
        }
    }
}

#[pymethods]
impl PyDetector {
    /// A short name for reports, e.g. "exact".
    #[getter]
    fn label(&self) -> String {
        self.boxed().name().to_string()
    }

    /// Whether this detector judges that `a` and `b` collide.
    fn detect(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.boxed().detect(shape(a)?.shape_ref(), shape(b)?.shape_ref()))
    }
}
