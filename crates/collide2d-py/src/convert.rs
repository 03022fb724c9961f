//! Conversions at the border with Python: vectors in and out, shapes in and out, and the
//! library's errors as `ValueError`.

use collide2d::{ShapeRef, Vec2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::shapes::{PyAabb, PyCapsule, PyCircle, PyConvexPolygon, PyObb, PyPolygon, PySegment};

/// Any Python object holding two numbers, read as a vector: a tuple, a list, a
/// `pygame.Vector2`, a numpy array of two elements, anything with a length of 2 and indexing.
#[derive(Clone, Copy, Debug)]
pub struct V2(pub Vec2);

impl<'py> FromPyObject<'_, 'py> for V2 {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        // Tuples first: they are what the module hands out, and the cheapest to read.
        if let Ok(tuple) = obj.cast::<PyTuple>() {
            if tuple.len() == 2 {
                let x: f64 = tuple.get_item(0)?.extract()?;
                let y: f64 = tuple.get_item(1)?.extract()?;
                return Ok(V2(Vec2::new(x as f32, y as f32)));
            }
        }
        let Ok(len) = obj.len() else {
            return Err(PyTypeError::new_err(format!(
                "expected a vector of two numbers, got {}",
                obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            )));
        };
        if len != 2 {
            return Err(PyValueError::new_err(format!("expected a vector of two numbers, got {len} items")));
        }
        let x: f64 = obj.get_item(0)?.extract()?;
        let y: f64 = obj.get_item(1)?.extract()?;
        Ok(V2(Vec2::new(x as f32, y as f32)))
    }
}

/// A list of vectors, each anything that [`V2`] reads.
pub fn points(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec2>> {
    let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
    for item in obj.try_iter()? {
        out.push(item?.extract::<V2>()?.0);
    }
    Ok(out)
}

/// A vector as Python gets it: a tuple of two floats.
pub fn tuple(v: Vec2) -> (f32, f32) {
    (v.x, v.y)
}

/// The library's error as Python's `ValueError`, with the library's own message.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A borrowed view of a shape given from Python: one of the module's shape classes, or a point
/// given as two numbers. The shape classes are frozen, so the view borrows them without a copy.
pub fn shape_ref<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<ShapeRef<'a>> {
    if let Ok(s) = obj.cast::<PyCircle>() {
        return Ok(ShapeRef::Circle(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyAabb>() {
        return Ok(ShapeRef::Aabb(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyObb>() {
        return Ok(ShapeRef::Obb(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyCapsule>() {
        return Ok(ShapeRef::Capsule(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PySegment>() {
        return Ok(ShapeRef::Segment(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyConvexPolygon>() {
        return Ok(ShapeRef::ConvexPolygon(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyPolygon>() {
        return Ok(ShapeRef::Polygon(&s.get().inner));
    }
    match obj.extract::<V2>() {
        Ok(p) => Ok(ShapeRef::Point(p.0)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a shape (Aabb, Circle, Obb, Capsule, Segment, ConvexPolygon, Polygon) or a point, got {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
    }
}

/// An owned copy of a shape given from Python (for the world, which keeps its shapes).
pub fn shape(obj: &Bound<'_, PyAny>) -> PyResult<collide2d::Shape> {
    Ok(match shape_ref(obj)? {
        ShapeRef::Point(p) => collide2d::Shape::Point(p),
        ShapeRef::Segment(s) => (*s).into(),
        ShapeRef::Aabb(s) => (*s).into(),
        ShapeRef::Circle(s) => (*s).into(),
        ShapeRef::Obb(s) => (*s).into(),
        ShapeRef::Capsule(s) => (*s).into(),
        ShapeRef::ConvexPolygon(s) => s.clone().into(),
        ShapeRef::Polygon(s) => s.clone().into(),
    })
}
