//! Conversions at the border with Python: vectors in and out, the library's errors as
//! `ValueError`, and any value into its pickled form; and the lock a call takes on state it
//! shares with other threads. The bottom layer: it uses no other module
//! of the crate (a shape's conversions live with the shape classes, in `shapes`).

use collide2d::Vec2;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde::Serialize;
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};

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
        // A dict has a length and indexing, but by key: `{"x": 1, "y": 2}[0]` is a KeyError.
        if obj.cast::<PyDict>().is_ok() {
            return Err(PyTypeError::new_err(
                "expected a vector of two numbers (a tuple, a list, a pygame.Vector2), got a dict",
            ));
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

/// A hash of the numbers that make a value equal to another (`-0.0` and `0.0` alike, as they
/// compare equal).
pub fn hash_floats(values: impl IntoIterator<Item = f32>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for v in values {
        (v + 0.0).to_bits().hash(&mut h);
    }
    h.finish()
}

/// An array given from Python (numpy's, or anything with the buffer protocol), read through
/// `memoryview`: the buffer API is in Python's stable ABI only from 3.11 on, and this module is
/// built for 3.9 on, so the items are copied once, in row order, by `tobytes`.
pub struct ArrayView<'py> {
    view: Bound<'py, PyAny>,
    /// The length of each axis.
    pub shape: Vec<usize>,
    /// The bytes between neighbours along each axis.
    pub strides: Vec<isize>,
    /// The item's struct format (`"f"`, `"d"`, `"B"`…).
    pub format: String,
    /// The bytes of one item.
    pub itemsize: usize,
}

impl ArrayView<'_> {
    /// The items' bytes, row after row.
    pub fn bytes(&self) -> PyResult<Vec<u8>> {
        self.view.call_method0(intern!(self.view.py(), "tobytes"))?.extract()
    }
}

/// The view of `obj`, or `None` when it has no buffer to view.
pub fn array_view<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Option<ArrayView<'py>>> {
    let py = obj.py();
    let Ok(view) = py.import(intern!(py, "builtins"))?.getattr(intern!(py, "memoryview"))?.call1((obj,)) else {
        return Ok(None);
    };
    Ok(Some(ArrayView {
        shape: view.getattr(intern!(py, "shape"))?.extract()?,
        strides: view.getattr(intern!(py, "strides"))?.extract()?,
        format: view.getattr(intern!(py, "format"))?.extract()?,
        itemsize: view.getattr(intern!(py, "itemsize"))?.extract()?,
        view,
    }))
}

/// An index from Python below `n`: None for one outside (negative, `n` or more, or an int past
/// `i64`), an error for what is no int at all. For pixels and cells, which are `IndexError`s
/// outside.
pub fn index_below(v: &Bound<'_, PyAny>, n: u32) -> PyResult<Option<u32>> {
    Ok(match v.extract::<i64>() {
        Ok(v) => u32::try_from(v).ok().filter(|&v| v < n),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(v.py()) => None,
        Err(e) => return Err(e),
    })
}

/// `value` as the limit named `what` of a ray or a cast, or `ValueError` for NaN, which would
/// read as "no hit" and hide the caller's bug. Infinity is no limit; a negative one finds
/// nothing.
pub fn limit(value: f32, what: &str) -> PyResult<f32> {
    if value.is_nan() {
        return Err(PyValueError::new_err(format!("{what} is NaN: pass a number (math.inf for no limit)")));
    }
    Ok(value)
}

/// The library's error as Python's `ValueError`, with the library's own message.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The `__reduce__` answer for `value`: call `collide2d._unpickle(kind, json)` to rebuild it.
/// An object pickles as its kind and the library's serde form (JSON), and unpickles through the
/// same validating constructors as data read from a file.
pub fn reduce<T: Serialize>(
    py: Python<'_>,
    kind: &'static str,
    value: &T,
) -> PyResult<(Py<PyAny>, (&'static str, String))> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let unpickle = py.import("collide2d")?.getattr("_unpickle")?.unbind();
    Ok((unpickle, (kind, json)))
}

/// `lock` for this call, waiting without Python's lock while another thread has it (so that the
/// thread holding it can take Python's lock back to finish).
pub fn hold<'a, T: Send>(py: Python<'_>, lock: &'a Mutex<T>) -> MutexGuard<'a, T> {
    loop {
        match lock.try_lock() {
            Ok(held) => return held,
            // The library does not panic, but a poisoned value is still a whole one.
            Err(TryLockError::Poisoned(e)) => return e.into_inner(),
            Err(TryLockError::WouldBlock) => {
                py.detach(|| drop(lock.lock().unwrap_or_else(PoisonError::into_inner)));
            }
        }
    }
}
