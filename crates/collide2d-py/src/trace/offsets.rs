//! Offsets and pixel indices from Python, as pygame users give them: an offset is anything with
//! two numbers, an index outside the mask is an `IndexError`.

use collide2d::bitmask::Bitmask;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyTuple};

use crate::convert::index_below;

/// One coordinate of an offset: an integer (Python's, numpy's or anything with `__index__`),
/// saturated to `i32` (every mask is narrower than 2³¹ pixels, so a saturated offset misses
/// exactly as the true one does); or a finite float, cut towards zero as `int()` and
/// `pygame.mask` do.
fn coordinate(obj: Borrowed<'_, '_, PyAny>) -> PyResult<i32> {
    let saturate = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    // Exact ints and floats first: one pointer comparison each.
    if obj.cast_exact::<PyInt>().is_ok() {
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(saturate(v));
        }
    } else if let Ok(f) = obj.cast_exact::<PyFloat>() {
        return float_coordinate(f.value());
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return float_coordinate(f.value());
    }
    if obj.cast::<PyInt>().is_ok() || obj.hasattr(intern!(obj.py(), "__index__"))? {
        return match obj.extract::<i64>() {
            Ok(v) => Ok(saturate(v)),
            // Too large for an i64: only its sign matters.
            Err(_) => Ok(if obj.lt(0)? { i32::MIN } else { i32::MAX }),
        };
    }
    match obj.extract::<f64>() {
        Ok(v) => float_coordinate(v),
        Err(_) => Err(PyTypeError::new_err(format!(
            "an offset is two numbers, got a {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
    }
}

/// A float coordinate: finite, cut towards zero, saturated to `i32`.
fn float_coordinate(v: f64) -> PyResult<i32> {
    if !v.is_finite() {
        return Err(PyValueError::new_err(format!("an offset must be finite numbers, got {v}")));
    }
    // `as` saturates, and cuts towards zero.
    Ok(v as i32)
}

/// An offset from Python: anything with two numbers (a tuple, a list, a `pygame.Vector2`, a
/// numpy array), each read by [`coordinate`]. Written here rather than in `convert` (which
/// reads `f32` vectors), as the masks are its only users.
pub(super) struct Offset(i32, i32);

impl<'py> FromPyObject<'_, 'py> for Offset {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        // Exact tuples first: the common case, read without the sequence protocol.
        if let Ok(t) = obj.cast_exact::<PyTuple>() {
            if t.len() == 2 {
                return Ok(Offset(coordinate(t.get_borrowed_item(0)?)?, coordinate(t.get_borrowed_item(1)?)?));
            }
        }
        let len = obj.len().map_err(|_| {
            PyTypeError::new_err(format!(
                "an offset is two numbers (x, y), got a {}",
                obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            ))
        })?;
        if len != 2 {
            return Err(PyValueError::new_err(format!("an offset is two numbers (x, y), got {len} items")));
        }
        Ok(Offset(coordinate(obj.get_item(0)?.as_borrowed())?, coordinate(obj.get_item(1)?.as_borrowed())?))
    }
}

impl Offset {
    /// The offset as the library takes it.
    pub(super) fn pair(&self) -> (i32, i32) {
        (self.0, self.1)
    }
}

/// A pixel index from Python inside a `width × height` mask, or `IndexError` (as pygame's
/// `Mask.get_at` raises) for anything outside, negative or past `i64` included.
pub(super) fn pixel(mask: &Bitmask, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let (w, h) = (mask.width(), mask.height());
    match (index_below(x, w)?, index_below(y, h)?) {
        (Some(x), Some(y)) => Ok((x, y)),
        _ => Err(PyIndexError::new_err(format!("pixel ({x}, {y}) is outside the {w}×{h} mask"))),
    }
}
