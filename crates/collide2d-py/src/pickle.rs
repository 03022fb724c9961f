//! Unpickling: `_unpickle` rebuilds every picklable kind from the JSON that `convert::reduce`
//! wrote, through the same validating constructors as data read from a file. It builds classes
//! of `shapes`, `results`, `transform` and `world`, so it sits on top of them all.

use collide2d::{CollisionFilter, Contact, Shape, Transform};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::results::PyContact;
use crate::shapes::shape_to_py;
use crate::transform::PyTransform;
use crate::world::PyCollisionFilter;

/// Rebuilds a pickled object from its kind and JSON (validated like any loaded data).
#[pyfunction]
pub fn _unpickle(py: Python<'_>, kind: &str, json: &str) -> PyResult<Py<PyAny>> {
    let bad = |e: serde_json::Error| PyValueError::new_err(format!("cannot unpickle {kind}: {e}"));
    match kind {
        "Shape" => shape_to_py(py, serde_json::from_str::<Shape>(json).map_err(bad)?),
        "Transform" => {
            let inner: Transform = serde_json::from_str(json).map_err(bad)?;
            Ok(Py::new(py, PyTransform { inner })?.into_any())
        }
        "Contact" => {
            let inner: Contact = serde_json::from_str(json).map_err(bad)?;
            Ok(Py::new(py, PyContact { inner })?.into_any())
        }
        "CollisionFilter" => {
            let inner: CollisionFilter = serde_json::from_str(json).map_err(bad)?;
            Ok(Py::new(py, PyCollisionFilter { inner })?.into_any())
        }
        _ => Err(PyValueError::new_err(format!("cannot unpickle an object of kind {kind:?}"))),
    }
}
