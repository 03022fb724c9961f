//! Tracing sprites into polygons, and pixel-perfect `Bitmask`s. Pictures come from a file, from
//! RGBA bytes with a size, or from any (height, width, 4) array of bytes such as numpy's.

use collide2d::bitmask::{Bitmask, ScanOrder};
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace_file as trace_picture_file, trace_limited, Detail};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

use crate::convert::{tuple, value_error};
use crate::shapes::{shape_ref, PyPolygon};
use crate::transform::PyTransform;

/// The detail level from Python: "exact", "optimal", "more", "less", or a fraction in [0, 1).
fn detail(obj: &Bound<'_, PyAny>) -> PyResult<Detail> {
    if let Ok(name) = obj.extract::<String>() {
        return match name.as_str() {
            "exact" => Ok(Detail::Exact),
            "optimal" => Ok(Detail::Optimal),
            "more" => Ok(Detail::More),
            "less" => Ok(Detail::Less),
            _ => Err(PyValueError::new_err(format!(
                "detail must be \"exact\", \"optimal\", \"more\", \"less\" or a fraction in [0, 1), got {name:?}"
            ))),
        };
    }
    Ok(Detail::Tolerance(obj.extract::<f32>()?))
}

/// RGBA pixels read from Python, with their size.
pub struct Pixels {
    bytes: Vec<u8>,
    width: u32,
    height: u32,
}

impl Pixels {
    /// The library's view of the pixels (checks the length against the size).
    fn rgba(&self) -> PyResult<Rgba8<'_>> {
        Rgba8::new(self.width, self.height, &self.bytes).map_err(value_error)
    }
}

/// Pixels from `bytes`/`bytearray` with an explicit size, or from an array exposing the buffer
/// protocol with shape (height, width, 4) and one byte per channel (read in row order, so a
/// sliced or transposed array works too).
///
/// The buffer API is in Python's stable ABI only from 3.11 on, and this module is built for 3.9
/// on, so the array's bytes are copied once through `memoryview.tobytes()`.
fn pixels(data: &Bound<'_, PyAny>, width: Option<u32>, height: Option<u32>) -> PyResult<Pixels> {
    if let (Some(width), Some(height)) = (width, height) {
        let bytes = if let Ok(b) = data.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else if let Ok(b) = data.cast::<PyByteArray>() {
            b.to_vec()
        } else {
            data.py().import("builtins")?.getattr("memoryview")?.call1((data,))?.call_method0("tobytes")?.extract()?
        };
        return Ok(Pixels { bytes, width, height });
    }
    if width.is_some() || height.is_some() {
        return Err(PyValueError::new_err("give both width and height, or an array of shape (height, width, 4)"));
    }
    let view = data.py().import("builtins")?.getattr("memoryview")?.call1((data,)).map_err(|_| {
        PyTypeError::new_err("expected bytes with width and height, or an array of shape (height, width, 4)")
    })?;
    let shape: Vec<usize> = view.getattr("shape")?.extract()?;
    let itemsize: usize = view.getattr("itemsize")?.extract()?;
    if shape.len() != 3 || shape[2] != 4 || itemsize != 1 {
        return Err(PyValueError::new_err(format!(
            "expected an array of shape (height, width, 4) of bytes, got shape {shape:?} with {itemsize}-byte items"
        )));
    }
    let too_big = |n: usize| u32::try_from(n).map_err(|_| PyValueError::new_err("picture too large"));
    let (height, width) = (too_big(shape[0])?, too_big(shape[1])?);
    let bytes: Vec<u8> = view.call_method0("tobytes")?.extract()?;
    Ok(Pixels { bytes, width, height })
}

/// The rule for solid pixels: alpha above `alpha_above`.
fn solidity(alpha_above: u8) -> Solidity {
    Solidity::alpha_above(alpha_above)
}

fn polygons(list: Vec<collide2d::Polygon>) -> Vec<PyPolygon> {
    list.into_iter().map(|inner| PyPolygon { inner }).collect()
}

/// Traces the solid pixels (alpha above `alpha_above`) of a picture into polygons, one per
/// island, each with its holes. `pixels` is an array of shape (height, width, 4) of bytes (numpy,
/// or anything with the buffer protocol), or RGBA bytes with `width` and `height`. `detail` is
/// "exact", "optimal" (1 % area), "more" (7.5 %), "less" (15 %) or a fraction. Pictures whose
/// outlines have more than `max_vertices` vertices are refused with `ValueError`.
#[pyfunction]
#[pyo3(signature = (pixels, width = None, height = None, detail = None, alpha_above = 0, max_vertices = 250_000))]
pub fn trace(
    py: Python<'_>,
    pixels: &Bound<'_, PyAny>,
    width: Option<u32>,
    height: Option<u32>,
    detail: Option<&Bound<'_, PyAny>>,
    alpha_above: u8,
    max_vertices: usize,
) -> PyResult<Vec<PyPolygon>> {
    let detail = detail.map_or(Ok(Detail::Optimal), self::detail)?;
    let pixels = self::pixels(pixels, width, height)?;
    let image = pixels.rgba()?;
    let rule = solidity(alpha_above);
    let traced = py.detach(|| trace_limited(&image, &rule, detail, max_vertices)).map_err(value_error)?;
    Ok(polygons(traced))
}

/// Loads a picture file (PNG) and traces it; see `trace` for the arguments.
#[pyfunction]
#[pyo3(signature = (path, detail = None, alpha_above = 0))]
pub fn trace_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    detail: Option<&Bound<'_, PyAny>>,
    alpha_above: u8,
) -> PyResult<Vec<PyPolygon>> {
    let detail = detail.map_or(Ok(Detail::Optimal), self::detail)?;
    let rule = solidity(alpha_above);
    let traced = py.detach(|| trace_picture_file(&path, &rule, detail)).map_err(value_error)?;
    Ok(polygons(traced))
}

/// `Bitmask.push_out`'s answer as Python gets it: the axis move, the estimated normal and depth.
type PushOutTuple = ((i32, i32), (f32, f32), f32);

/// A one-bit-per-pixel mask for pixel-perfect overlap tests, 64 pixels at a time. Offsets are
/// where the other mask's top-left pixel lies in this one's pixels, as in `pygame.mask`.
#[pyclass(eq, module = "collide2d", name = "Bitmask")]
#[derive(Clone, PartialEq)]
pub struct PyBitmask {
    inner: Bitmask,
}

#[pymethods]
impl PyBitmask {
    /// An empty (or, with `fill=True`, full) mask of the given size.
    /// A `width × height` mask, empty or (`fill`) full. Sizes past the library's limits
    /// (`MAX_SIDE` a side, `MAX_PIXELS` in all: 128 MiB of words) raise `ValueError` rather than
    /// exhaust memory.
    #[new]
    #[pyo3(signature = (width, height, fill = false))]
    fn new(width: u32, height: u32, fill: bool) -> PyResult<Self> {
        use collide2d::bitmask::{MAX_PIXELS, MAX_SIDE};
        if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(PyValueError::new_err(format!(
                "a Bitmask of {width} × {height} pixels is too large: at most {MAX_SIDE} a side and {MAX_PIXELS} in all"
            )));
        }
        Ok(Self { inner: if fill { Bitmask::full(width, height) } else { Bitmask::new(width, height) } })
    }

    /// The mask of a picture's solid pixels (alpha above `alpha_above`); `pixels` as for `trace`.
    #[staticmethod]
    #[pyo3(signature = (pixels, width = None, height = None, alpha_above = 0))]
    fn from_pixels(
        pixels: &Bound<'_, PyAny>,
        width: Option<u32>,
        height: Option<u32>,
        alpha_above: u8,
    ) -> PyResult<Self> {
        let pixels = self::pixels(pixels, width, height)?;
        Ok(Self { inner: Bitmask::from_rgba(&pixels.rgba()?, &solidity(alpha_above)) })
    }

    /// A shape drawn at `pixels_per_unit`, and the pixel offset of the mask's top-left corner;
    /// None when the shape is empty or too large to draw.
    #[staticmethod]
    #[pyo3(signature = (shape, pixels_per_unit = 1.0))]
    fn from_shape(shape: &Bound<'_, PyAny>, pixels_per_unit: f32) -> PyResult<Option<(Self, (i32, i32))>> {
        let made = Bitmask::from_shape(&shape_ref(shape)?, pixels_per_unit);
        Ok(made.map(|(inner, offset)| (Self { inner }, offset)))
    }

    /// The width in pixels.
    #[getter]
    fn width(&self) -> u32 {
        self.inner.width()
    }

    /// The height in pixels.
    #[getter]
    fn height(&self) -> u32 {
        self.inner.height()
    }

    /// Whether pixel (x, y) is set (False outside the mask).
    fn get(&self, x: u32, y: u32) -> bool {
        self.inner.get(x, y)
    }

    /// Sets or clears pixel (x, y); raises `ValueError` outside the mask.
    fn set(&mut self, x: u32, y: u32, value: bool) -> PyResult<()> {
        if x >= self.inner.width() || y >= self.inner.height() {
            return Err(PyValueError::new_err(format!(
                "pixel ({x}, {y}) is outside the {}×{} mask",
                self.inner.width(),
                self.inner.height()
            )));
        }
        self.inner.set(x, y, value);
        Ok(())
    }

    /// The number of set pixels.
    fn count(&self) -> u64 {
        self.inner.count()
    }

    /// The smallest rectangle `(x, y, width, height)` holding every set pixel, or None.
    fn bounding_rect(&self) -> Option<(u32, u32, u32, u32)> {
        self.inner.bounding_rect().map(|r| (r.x, r.y, r.width, r.height))
    }

    /// The mean position of the set pixels (pixel centres), or None when none is set.
    fn centroid(&self) -> Option<(f32, f32)> {
        self.inner.centroid().map(tuple)
    }

    /// Whether `other`, placed at `offset` in this mask's pixels, shares a set pixel with it.
    fn overlaps(&self, other: &PyBitmask, offset: (i32, i32)) -> bool {
        self.inner.overlaps(&other.inner, offset)
    }

    /// How many set pixels the two masks share.
    fn overlap_area(&self, other: &PyBitmask, offset: (i32, i32)) -> u64 {
        self.inner.overlap_area(&other.inner, offset)
    }

    /// The shared pixels as a mask of this one's size.
    fn overlap_mask(&self, other: &PyBitmask, offset: (i32, i32)) -> PyBitmask {
        PyBitmask { inner: self.inner.overlap_mask(&other.inner, offset) }
    }

    /// The first shared pixel in row order, or None.
    fn first_overlap(&self, other: &PyBitmask, offset: (i32, i32)) -> Option<(u32, u32)> {
        self.inner.first_overlap(&other.inner, offset, ScanOrder::default())
    }

    /// How to move `other` out of this mask: `(axis_move, normal, depth)`, where `axis_move` is
    /// the shortest whole-pixel move along an axis that ends the overlap and `normal`/`depth`
    /// an estimated direction and distance; None when they do not overlap.
    fn push_out(&self, other: &PyBitmask, offset: (i32, i32)) -> Option<PushOutTuple> {
        self.inner.push_out(&other.inner, offset).map(|p| (p.axis_move, tuple(p.normal), p.depth))
    }

    /// Whether `other` placed by `other_transform` overlaps this mask placed by `transform`
    /// (rotation and scale resample `other`); None when a transform cannot be used.
    fn overlaps_placed(
        &self,
        transform: &PyTransform,
        other: &PyBitmask,
        other_transform: &PyTransform,
    ) -> Option<bool> {
        self.inner.overlaps_placed(&transform.inner, &other.inner, &other_transform.inner)
    }

    /// Whether a shape (in this mask's pixel coordinates) covers a set pixel.
    fn overlaps_shape(&self, shape: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.overlaps_shape(&shape_ref(shape)?))
    }

    /// The set pixels with a clear (or outside) 4-neighbour: the mask's outline.
    fn outline(&self) -> PyBitmask {
        PyBitmask { inner: self.inner.outline() }
    }

    fn __repr__(&self) -> String {
        format!("Bitmask({}, {}, count={})", self.inner.width(), self.inner.height(), self.inner.count())
    }
}
