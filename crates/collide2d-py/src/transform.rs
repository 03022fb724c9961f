//! `Transform`: where a sprite's local coordinates land in the world.

use collide2d::glam::Affine2;
use collide2d::{Transform, Vec2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::{hash_floats, reduce, tuple, V2};

/// A 2D affine transform built like a sprite's: `world = translation + R(rotation) ·
/// (scale ⊙ (local − origin))`. Transforms compose (`parent * child`), and may skew.
#[pyclass(frozen, eq, module = "collide2d", name = "Transform")]
#[derive(Clone, PartialEq)]
pub struct PyTransform {
    pub inner: Transform,
}

#[pymethods]
impl PyTransform {
    /// The transform from its sprite-like parts (all optional: the identity by default).
    /// Rotation is in radians, from +x towards +y.
    #[new]
    #[pyo3(signature = (translation = V2(Vec2::ZERO), rotation = 0.0, scale = V2(Vec2::ONE), origin = V2(Vec2::ZERO)))]
    fn new(translation: V2, rotation: f32, scale: V2, origin: V2) -> Self {
        Self { inner: Transform::from_parts(translation.0, rotation, scale.0, origin.0) }
    }

    /// The transform from its matrix `(a, b, c, d, tx, ty)`: `x' = a·x + c·y + tx`,
    /// `y' = b·x + d·y + ty` (columns first, as `matrix` gives it).
    #[staticmethod]
    fn from_matrix(matrix: [f32; 6]) -> Self {
        Self { inner: Transform::from_affine(Affine2::from_cols_array(&matrix)) }
    }

    /// Equal transforms hash alike, so transforms can be set members and dict keys.
    fn __hash__(&self) -> u64 {
        hash_floats(self.inner.affine().to_cols_array())
    }

    /// The matrix `(a, b, c, d, tx, ty)`; see `from_matrix`.
    #[getter]
    fn matrix(&self) -> [f32; 6] {
        self.inner.affine().to_cols_array()
    }

    /// Where the local origin lands.
    #[getter]
    fn translation(&self) -> (f32, f32) {
        tuple(self.inner.translation())
    }

    /// `self` after `child`: maps the child's local coordinates into this transform's parent space.
    fn compose(&self, child: &PyTransform) -> PyTransform {
        PyTransform { inner: self.inner.compose(&child.inner) }
    }

    /// The same as `compose`.
    fn __mul__(&self, child: &PyTransform) -> PyTransform {
        self.compose(child)
    }

    /// The inverse transform; raises `ValueError` when it flattens space.
    fn inverse(&self) -> PyResult<PyTransform> {
        match self.inner.inverse() {
            Some(inner) => Ok(PyTransform { inner }),
            None => Err(PyValueError::new_err("Transform: not invertible (it flattens space or is not finite)")),
        }
    }

    /// A point moved by the transform.
    fn transform_point(&self, point: V2) -> (f32, f32) {
        tuple(self.inner.transform_point(point.0))
    }

    /// A vector (a direction or offset) turned and scaled, not moved.
    fn transform_vector(&self, vector: V2) -> (f32, f32) {
        tuple(self.inner.transform_vector(vector.0))
    }

    /// Pickles through the library's serde form.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
        reduce(py, "Transform", &self.inner)
    }

    fn __repr__(&self) -> String {
        let m = self.inner.affine().to_cols_array();
        format!("Transform.from_matrix(({:?}, {:?}, {:?}, {:?}, {:?}, {:?}))", m[0], m[1], m[2], m[3], m[4], m[5])
    }
}
