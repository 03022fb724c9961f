//! Tracing sprites into polygons, and pixel-perfect `Bitmask`s. Pictures come from a file, from
//! RGBA bytes with a size, from any (height, width, 4) array of bytes such as numpy's, or from a
//! pygame `Surface` (pygame is never imported unless a `Surface` is given).
//!
//! - this file: `trace`, `trace_file` and the `Bitmask` class;
//! - `pictures.rs`: pictures in (Surfaces, bytes, arrays), checked against their size;
//! - `offsets.rs`: offsets as anything with two numbers, pixel indices with `IndexError`.

mod offsets;
mod pictures;

use collide2d::bitmask::{Bitmask, ScanOrder, MAX_SIDE};
use collide2d::trace::{trace_file as trace_picture_file, trace_limited, Detail};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use self::offsets::{pixel, Offset};
use self::pictures::{check_length, is_surface, size_mismatch, solidity, surface_mask};
use crate::convert::{tuple, value_error};
use crate::shapes::{shape_arg, PyPolygon};
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

fn polygons(list: Vec<collide2d::Polygon>) -> Vec<PyPolygon> {
    list.into_iter().map(|inner| PyPolygon { inner }).collect()
}

/// Traces the solid pixels (alpha above `alpha_above`) of a picture into polygons, one per
/// island, each with its holes. `pixels` is a pygame `Surface` (its alpha as `pygame.mask`
/// reads it), an array of shape (height, width, 4) of bytes (numpy, or anything with the buffer
/// protocol; one laid out (width, height, ...), as `pygame.surfarray`'s are, is refused), or
/// RGBA bytes with `width` and `height` (which must match the data). `detail` is
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
    let pixels = pictures::pixels(pixels, width, height)?;
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
/// where the other mask's top-left pixel lies in this one's pixels, as in `pygame.mask`, given
/// as anything with two numbers (a tuple, a list, a `pygame.Vector2`, a numpy array); fractions
/// are cut towards zero as `int()` and `pygame.mask` do. Made from a picture by
/// `Bitmask.from_pixels` (alpha above 0) or from a pygame Surface by `Bitmask.from_surface`
/// (pygame's rule: alpha above 127, or a colour key).
#[pyclass(eq, module = "collide2d", name = "Bitmask")]
#[derive(Clone, PartialEq)]
pub struct PyBitmask {
    inner: Bitmask,
}

#[pymethods]
impl PyBitmask {
    /// A `width × height` mask, empty or (`fill`) full. Sizes past the library's limits
    /// (`MAX_SIDE` a side, `MAX_PIXELS` in all: 128 MiB of words) raise `ValueError` rather than
    /// exhaust memory.
    #[new]
    #[pyo3(signature = (width, height, fill = false))]
    fn new(width: u32, height: u32, fill: bool) -> PyResult<Self> {
        use collide2d::bitmask::MAX_PIXELS;
        if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
            return Err(PyValueError::new_err(format!(
                "a Bitmask of {width} × {height} pixels is too large: at most {MAX_SIDE} a side and {MAX_PIXELS} in all"
            )));
        }
        Ok(Self { inner: if fill { Bitmask::full(width, height) } else { Bitmask::new(width, height) } })
    }

    /// The mask of a picture's solid pixels: alpha above `alpha_above`, by default every pixel
    /// that is not fully transparent (`pygame.mask.from_surface` and `Bitmask.from_surface`
    /// take alpha above 127). `pixels` as for `trace`: a pygame `Surface`, RGBA `bytes` with
    /// `width` and `height`, or an array of shape (height, width, 4).
    #[staticmethod]
    #[pyo3(signature = (pixels, width = None, height = None, alpha_above = 0))]
    fn from_pixels(
        pixels: &Bound<'_, PyAny>,
        width: Option<u32>,
        height: Option<u32>,
        alpha_above: u8,
    ) -> PyResult<Self> {
        // RGBA bytes are read where they lie, and a Surface from its own bytes when it can be.
        if let (Ok(bytes), Some(w), Some(h)) = (pixels.cast::<PyBytes>(), width, height) {
            let bytes = bytes.as_bytes();
            check_length(bytes.len(), w, h)?;
            if w > MAX_SIDE || h > MAX_SIDE {
                return Err(PyValueError::new_err(format!(
                    "a Bitmask of {w} × {h} pixels is too large: at most {MAX_SIDE} a side"
                )));
            }
            let inner = Bitmask::from_alpha(w, h, bytes, w as usize * 4, 3, alpha_above);
            return inner
                .map(|inner| Self { inner })
                .ok_or_else(|| size_mismatch(w, h, format!("{} bytes", bytes.len())));
        }
        if is_surface(pixels) {
            let inner = surface_mask(pixels, alpha_above, false)?;
            if let Some(size) = width.zip(height).filter(|&size| size != (inner.width(), inner.height())) {
                let what = format!("the Surface's {}×{} pixels", inner.width(), inner.height());
                return Err(size_mismatch(size.0, size.1, what));
            }
            return Ok(Self { inner });
        }
        let pixels = pictures::pixels(pixels, width, height)?;
        Ok(Self { inner: Bitmask::from_rgba(&pixels.rgba()?, &solidity(alpha_above)) })
    }

    /// The mask of a pygame `Surface` as `pygame.mask.from_surface(surface, threshold)` makes
    /// it, with pygame's default: pixels whose alpha is above `threshold` (127), or, on a
    /// Surface with a colour key, every pixel but the key's colour. `Bitmask.from_pixels`
    /// defaults to alpha above 0 instead.
    #[staticmethod]
    #[pyo3(signature = (surface, threshold = 127))]
    fn from_surface(surface: &Bound<'_, PyAny>, threshold: u8) -> PyResult<Self> {
        if !is_surface(surface) {
            return Err(PyTypeError::new_err(format!(
                "from_surface takes a pygame Surface, got {}; for bytes or arrays use Bitmask.from_pixels",
                surface.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            )));
        }
        Ok(Self { inner: surface_mask(surface, threshold, true)? })
    }

    /// A shape (or a pygame `Rect`) drawn at `pixels_per_unit`, and the pixel offset of the
    /// mask's top-left corner; None when the shape is empty or too large to draw.
    #[staticmethod]
    #[pyo3(signature = (shape, pixels_per_unit = 1.0))]
    fn from_shape(shape: &Bound<'_, PyAny>, pixels_per_unit: f32) -> PyResult<Option<(Self, (i32, i32))>> {
        let made = Bitmask::from_shape(&shape_arg(shape)?.get(), pixels_per_unit);
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

    /// Whether pixel (x, y) is set; `IndexError` outside the mask, as `pygame.mask.Mask.get_at`.
    fn get(&self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (x, y) = pixel(&self.inner, x, y)?;
        Ok(self.inner.get(x, y))
    }

    /// Sets or clears pixel (x, y); `IndexError` outside the mask.
    fn set(&mut self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>, value: bool) -> PyResult<()> {
        let (x, y) = pixel(&self.inner, x, y)?;
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
    fn overlaps(&self, other: &PyBitmask, offset: Offset) -> bool {
        self.inner.overlaps(&other.inner, offset.pair())
    }

    /// How many set pixels the two masks share.
    fn overlap_area(&self, other: &PyBitmask, offset: Offset) -> u64 {
        self.inner.overlap_area(&other.inner, offset.pair())
    }

    /// The shared pixels as a mask of this one's size.
    fn overlap_mask(&self, other: &PyBitmask, offset: Offset) -> PyBitmask {
        PyBitmask { inner: self.inner.overlap_mask(&other.inner, offset.pair()) }
    }

    /// The first shared pixel in row order, or None.
    fn first_overlap(&self, other: &PyBitmask, offset: Offset) -> Option<(u32, u32)> {
        self.inner.first_overlap(&other.inner, offset.pair(), ScanOrder::default())
    }

    /// How to move `other` out of this mask: `(axis_move, normal, depth)`, where `axis_move` is
    /// the shortest whole-pixel move along an axis that ends the overlap and `normal`/`depth`
    /// an estimated direction and distance; None when they do not overlap.
    fn push_out(&self, other: &PyBitmask, offset: Offset) -> Option<PushOutTuple> {
        self.inner.push_out(&other.inner, offset.pair()).map(|p| (p.axis_move, tuple(p.normal), p.depth))
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

    /// Whether a shape or a pygame `Rect` (in this mask's pixel coordinates) meets the closed
    /// square of a set pixel: touching counts, as everywhere in collide2d.
    fn overlaps_shape(&self, shape: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.overlaps_shape(&shape_arg(shape)?.get()))
    }

    /// The set pixels with a clear (or outside) 4-neighbour: the mask's outline.
    fn outline(&self) -> PyBitmask {
        PyBitmask { inner: self.inner.outline() }
    }

    fn __repr__(&self) -> String {
        format!("Bitmask({}, {}, count={})", self.inner.width(), self.inner.height(), self.inner.count())
    }
}
