//! Pictures from Python, checked against their size: pygame `Surface`s (read as `pygame.mask`
//! reads them, pygame never imported unless given one), RGBA `bytes` with a width and height,
//! and arrays of shape (height, width, 4) (refused when laid out width first, as
//! `pygame.surfarray`'s are).

use collide2d::bitmask::{Bitmask, MAX_PIXELS, MAX_SIDE};
use collide2d::pixels::{Rgba8, Solidity};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyType};

use crate::convert::{array_view, value_error};

/// RGBA pixels read from Python, with their size (checked against each other).
pub(super) struct Pixels {
    bytes: Vec<u8>,
    width: u32,
    height: u32,
}

impl Pixels {
    /// The library's view of the pixels.
    pub(super) fn rgba(&self) -> PyResult<Rgba8<'_>> {
        Rgba8::new(self.width, self.height, &self.bytes).map_err(value_error)
    }
}

/// pygame's `Surface` class, once a Surface has been seen (so never imported by this module).
static SURFACE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Whether `obj` is a pygame `Surface` (or a subclass): a class named `Surface` from a module of
/// pygame in its type's MRO. Looks only at names, so pygame need not be imported to ask; the
/// class found is kept, and later objects are checked against it directly.
pub(super) fn is_surface(obj: &Bound<'_, PyAny>) -> bool {
    let py = obj.py();
    if let Some(surface) = SURFACE.get(py) {
        if obj.is_instance(surface.bind(py)).unwrap_or(false) {
            return true;
        }
    }
    let found = obj.get_type().mro().iter().find(|t| {
        let named = |attr: &Bound<'_, PyString>| t.getattr(attr).and_then(|n| n.extract::<String>()).ok();
        named(intern!(py, "__name__")).as_deref() == Some("Surface")
            && named(intern!(py, "__module__")).is_some_and(|m| m == "pygame" || m.starts_with("pygame."))
    });
    match found.and_then(|t| t.cast_into::<PyType>().ok()) {
        Some(t) => {
            let _ = SURFACE.set(py, t.unbind());
            true
        }
        None => false,
    }
}

/// A Surface's width and height, refused past the largest mask (`MAX_SIDE` a side, `MAX_PIXELS`
/// in all, as for `Bitmask(width, height)`).
fn surface_size(surface: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let (w, h): (u64, u64) = surface.call_method0(intern!(surface.py(), "get_size"))?.extract()?;
    match (u32::try_from(w), u32::try_from(h)) {
        (Ok(w), Ok(h)) if w <= MAX_SIDE && h <= MAX_SIDE && u64::from(w) * u64::from(h) <= MAX_PIXELS => Ok((w, h)),
        _ => Err(PyValueError::new_err(format!("a Surface of {w}×{h} pixels is larger than a Bitmask can be"))),
    }
}

/// How a Surface's bytes hold its pixels, read once from pygame: each pixel is `bytesize`
/// bytes (a number in the machine's byte order), rows `pitch` bytes apart.
struct SurfaceFormat {
    width: u32,
    height: u32,
    pitch: usize,
    bytesize: usize,
    /// The colour key as a pixel value, if the Surface has one.
    key: Option<u32>,
    alpha: Alpha,
}

/// Where a pixel's alpha comes from, as SDL's `SDL_GetRGBA` (and so `pygame.mask`) reads it.
enum Alpha {
    /// No alpha: every pixel is 255.
    Opaque,
    /// An 8-bit alpha mask of 32-bit pixels: byte `k` of each pixel's four.
    Byte(usize),
    /// Any other: the value's bits under `mask`, shifted down by `shift`, looked up in `table`
    /// (filled by the Surface's own `unmap_rgb`, so each format's expansion is SDL's own). A
    /// palette's index is the whole value.
    Table { mask: u32, shift: u32, table: Vec<u8> },
}

impl SurfaceFormat {
    /// Reads a Surface's format.
    fn of<'py>(surface: &Bound<'py, PyAny>) -> PyResult<Self> {
        let py = surface.py();
        let (width, height) = surface_size(surface)?;
        let call = |name: &Bound<'py, PyString>| surface.call_method0(name);
        let bytesize: usize = call(intern!(py, "get_bytesize"))?.extract()?;
        let pitch: usize = call(intern!(py, "get_pitch"))?.extract()?;
        if !(1..=4).contains(&bytesize) || (height > 1 && pitch < width as usize * bytesize) {
            return Err(PyValueError::new_err(format!(
                "a Surface of {bytesize}-byte pixels with rows of {pitch} bytes cannot be read"
            )));
        }
        let colorkey = call(intern!(py, "get_colorkey"))?;
        let key = if colorkey.is_none() {
            None
        } else {
            Some(surface.call_method1(intern!(py, "map_rgb"), (colorkey,))?.extract::<u32>()?)
        };
        let alpha_mask: u32 = call(intern!(py, "get_masks"))?.get_item(3)?.extract()?;
        let alpha = match (alpha_mask, bytesize) {
            (0, 2..) => Alpha::Opaque,
            (0xFF, 4) | (0xFF00, 4) | (0xFF_0000, 4) | (0xFF00_0000, 4) => {
                let k = alpha_mask.trailing_zeros() as usize / 8;
                Alpha::Byte(if cfg!(target_endian = "little") { k } else { 3 - k })
            }
            _ => {
                let mask = if alpha_mask == 0 { 0xFF } else { alpha_mask };
                let shift = mask.trailing_zeros();
                let levels = (mask >> shift).min(0xFF);
                let unmap = surface.getattr(intern!(py, "unmap_rgb"))?;
                let table = (0..=levels)
                    .map(|v| unmap.call1((v << shift,))?.getattr(intern!(py, "a"))?.extract::<u8>())
                    .collect::<PyResult<Vec<u8>>>()?;
                Alpha::Table { mask, shift, table }
            }
        };
        Ok(Self { width, height, pitch, bytesize, key, alpha })
    }

    /// The value of pixel `(x, y)` in `raw` (checked long enough by [`surface_bytes`]).
    fn value(&self, raw: &[u8], x: u32, y: u32) -> u32 {
        let at = y as usize * self.pitch + x as usize * self.bytesize;
        let bytes = &raw[at..at + self.bytesize];
        let fold = |v: u32, &b: &u8| v << 8 | u32::from(b);
        if cfg!(target_endian = "little") {
            bytes.iter().rev().fold(0, fold)
        } else {
            bytes.iter().fold(0, fold)
        }
    }

    /// The alpha of a pixel of value `v`, the key colour's being 0.
    fn alpha(&self, v: u32) -> u8 {
        if self.key == Some(v) {
            return 0;
        }
        match &self.alpha {
            Alpha::Opaque => 255,
            Alpha::Byte(k) => (v.to_le_bytes())[if cfg!(target_endian = "little") { *k } else { 3 - *k }],
            Alpha::Table { mask, shift, table } => table.get(((v & mask) >> shift) as usize).copied().unwrap_or(255),
        }
    }
}

/// A Surface's bytes (`get_buffer().raw`: its rows, `pitch` apart), checked to hold every
/// pixel.
fn surface_bytes<'py>(surface: &Bound<'py, PyAny>, f: &SurfaceFormat) -> PyResult<Bound<'py, PyBytes>> {
    let py = surface.py();
    let raw = surface.call_method0(intern!(py, "get_buffer"))?.getattr(intern!(py, "raw"))?.cast_into::<PyBytes>()?;
    let needed = if f.height == 0 { 0 } else { f.pitch * (f.height as usize - 1) + f.width as usize * f.bytesize };
    if raw.as_bytes().len() < needed {
        return Err(PyValueError::new_err(format!(
            "the Surface's buffer holds {} bytes, fewer than its {}×{} pixels need",
            raw.as_bytes().len(),
            f.width,
            f.height
        )));
    }
    Ok(raw)
}

/// A Surface's pixels as RGBA bytes for tracing: the alpha as `pygame.mask` reads it (the key
/// colour's 0), the colour left black (tracing reads alpha alone).
fn surface_rgba(surface: &Bound<'_, PyAny>) -> PyResult<Pixels> {
    let f = SurfaceFormat::of(surface)?;
    let raw = surface_bytes(surface, &f)?;
    let raw = raw.as_bytes();
    let mut bytes = vec![0; f.width as usize * f.height as usize * 4];
    for (i, px) in bytes.chunks_exact_mut(4).enumerate() {
        let (x, y) = ((i % f.width as usize) as u32, (i / f.width as usize) as u32);
        px[3] = f.alpha(f.value(raw, x, y));
    }
    Ok(Pixels { bytes, width: f.width, height: f.height })
}

/// The mask of a Surface's pixels whose alpha is above `alpha_above`, alpha as `pygame.mask`
/// reads it (SDL's `SDL_GetRGBA`: 255 without per-pixel alpha, and a palette's own), the key
/// colour's pixels clear. `like_pygame`: on a Surface with a colour key every other pixel is
/// set whatever its alpha, as `pygame.mask.from_surface` does. 32-bit pixels with an 8-bit alpha
/// and no key are read 64 at a time; other formats a pixel at a time.
pub(super) fn surface_mask(surface: &Bound<'_, PyAny>, alpha_above: u8, like_pygame: bool) -> PyResult<Bitmask> {
    let f = SurfaceFormat::of(surface)?;
    if f.key.is_none() {
        if let Alpha::Opaque = f.alpha {
            return Ok(if alpha_above < 255 {
                Bitmask::full(f.width, f.height)
            } else {
                Bitmask::new(f.width, f.height)
            });
        }
    }
    let raw = surface_bytes(surface, &f)?;
    let raw = raw.as_bytes();
    if let (None, Alpha::Byte(k)) = (f.key, &f.alpha) {
        if let Some(mask) = Bitmask::from_alpha(f.width, f.height, raw, f.pitch, *k, alpha_above) {
            return Ok(mask);
        }
    }
    Ok(Bitmask::from_fn(f.width, f.height, |x, y| {
        let v = f.value(raw, x, y);
        if like_pygame && f.key.is_some() {
            f.key != Some(v)
        } else {
            f.alpha(v) > alpha_above
        }
    }))
}

/// What an explicit width and height must match: the bytes' length, or the array's shape.
pub(super) fn size_mismatch(width: u32, height: u32, what: String) -> PyErr {
    PyValueError::new_err(format!(
        "width {width} and height {height} do not match {what} (RGBA pixels, 4 bytes each, rows of \
         width pixels without padding, height rows)"
    ))
}

/// `ValueError` unless `len` bytes are `width × height` RGBA pixels.
pub(super) fn check_length(len: usize, width: u32, height: u32) -> PyResult<()> {
    let needed = u64::from(width) * u64::from(height) * 4;
    if len as u64 == needed {
        Ok(())
    } else {
        Err(size_mismatch(width, height, format!("{len} bytes: {width} × {height} × 4 = {needed}")))
    }
}

/// Pixels from a pygame `Surface`, `bytes`/`bytearray` with an explicit size, or an array
/// exposing the buffer protocol with shape (height, width, 4) and one byte per channel (read in
/// row order, so a sliced array works too). An explicit size must match the data.
///
/// An array whose first axis steps through memory faster than its second is refused: that is
/// pygame.surfarray's layout (width, height, ...), or a transposed picture, which read as
/// (height, width) would be traced transposed. A C-contiguous array laid out (width, height,
/// 4) cannot be told apart from a picture, so the documentation says to pass Surfaces as they
/// are.
///
/// The array's bytes are copied once ([`ArrayView`]).
pub(super) fn pixels(data: &Bound<'_, PyAny>, width: Option<u32>, height: Option<u32>) -> PyResult<Pixels> {
    if width.is_some() != height.is_some() {
        return Err(PyValueError::new_err("give both width and height, or an array of shape (height, width, 4)"));
    }
    let explicit = width.zip(height);
    let bytes = if let Ok(b) = data.cast::<PyBytes>() {
        Some(b.as_bytes().to_vec())
    } else if let Ok(b) = data.cast::<PyByteArray>() {
        Some(b.to_vec())
    } else {
        None
    };
    if let Some(bytes) = bytes {
        let Some((width, height)) = explicit else {
            return Err(PyTypeError::new_err("bytes need a width and a height: trace(data, width, height)"));
        };
        check_length(bytes.len(), width, height)?;
        return Ok(Pixels { bytes, width, height });
    }
    if is_surface(data) {
        let pixels = surface_rgba(data)?;
        if explicit.is_some_and(|size| size != (pixels.width, pixels.height)) {
            let (w, h) = explicit.unwrap_or_default();
            return Err(size_mismatch(w, h, format!("the Surface's {}×{} pixels", pixels.width, pixels.height)));
        }
        return Ok(pixels);
    }
    let Some(view) = array_view(data)? else {
        return Err(PyTypeError::new_err(format!(
            "expected a pygame Surface, bytes with width and height, or an array of shape (height, width, 4), got {}",
            data.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        )));
    };
    let (shape, strides, itemsize) = (&view.shape, &view.strides, view.itemsize);
    if shape.len() != 3 || shape[2] != 4 || itemsize != 1 {
        let hint = if shape.len() == 2 || shape.get(2) == Some(&3) {
            " (pygame.surfarray's arrays are (width, height) or (width, height, 3), without alpha: pass the Surface itself)"
        } else {
            ""
        };
        return Err(PyValueError::new_err(format!(
            "expected an array of shape (height, width, 4) of bytes, got shape {shape:?} with {itemsize}-byte items{hint}"
        )));
    }
    if shape[0] > 1 && shape[1] > 1 && strides[0].unsigned_abs() < strides[1].unsigned_abs() {
        return Err(PyValueError::new_err(format!(
            "this array of shape {shape:?} steps through memory faster along its first axis than its second: it is laid \
             out (width, height, 4) as pygame.surfarray's arrays are, and would be read transposed; pass the pygame \
             Surface itself, or the array as (height, width, 4) (numpy: array.transpose(1, 0, 2))"
        )));
    }
    let too_big = |n: usize| u32::try_from(n).map_err(|_| PyValueError::new_err("picture too large"));
    let (rows, columns) = (too_big(shape[0])?, too_big(shape[1])?);
    if let Some((width, height)) = explicit.filter(|&size| size != (columns, rows)) {
        return Err(size_mismatch(width, height, format!("the array's shape ({rows}, {columns}, 4)")));
    }
    Ok(Pixels { bytes: view.bytes()?, width: columns, height: rows })
}

/// The rule for solid pixels: alpha above `alpha_above`.
pub(super) fn solidity(alpha_above: u8) -> Solidity {
    Solidity::alpha_above(alpha_above)
}
