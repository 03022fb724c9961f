//! Sprites traced into polygons (one per island of solid pixels, holes kept) at a level of
//! detail, and the vertices of polygons read back for drawing.

use std::borrow::Cow;

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace_limited, Detail, TraceError};
use collide2d::{Polygon, Vec2};

use crate::polygons::{c2d_ConvexPolygon, c2d_Polygon};
use crate::status::{arg, c2d_Status, guard, out, write, Error, C2D_ERROR_TOO_LARGE};
use crate::values::c2d_Vec2;
use crate::world::count;

/// How closely a traced outline follows the pixels: one of the `C2D_DETAIL_` constants.
pub type c2d_Detail = u32;

/// Every step of the pixel outline.
pub const C2D_DETAIL_EXACT: c2d_Detail = 0;
/// The outline's area within 1 % of the pixels'.
pub const C2D_DETAIL_OPTIMAL: c2d_Detail = 1;
/// Within 7.5 %.
pub const C2D_DETAIL_MORE: c2d_Detail = 2;
/// Within 15 %: the fewest vertices.
pub const C2D_DETAIL_LESS: c2d_Detail = 3;

/// The polygons traced from a picture (an opaque handle): made by `c2d_trace_rgba`, freed by
/// `c2d_traced_destroy`, which frees its polygons too.
pub struct c2d_Traced {
    polygons: Vec<c2d_Polygon>,
}

/// A picture's rows as tight RGBA bytes: read where they lie when unpadded, else copied (the
/// library reads rows without padding).
///
/// # Safety
/// `pixels` must hold `stride × (height − 1) + 4 × width` bytes.
unsafe fn rows<'a>(pixels: *const u8, width: u32, height: u32, stride: usize) -> Result<Cow<'a, [u8]>, Error> {
    let row = width as usize * 4;
    if height == 0 || width == 0 {
        return Ok(Cow::Borrowed(&[]));
    }
    if stride < row {
        return Err(Error::invalid_argument(format!("stride {stride} is less than 4 × width = {row} bytes")));
    }
    if pixels.is_null() {
        return Err(Error::null("pixels"));
    }
    let len = stride
        .checked_mul(height as usize - 1)
        .and_then(|n| n.checked_add(row))
        .ok_or_else(|| Error::new(C2D_ERROR_TOO_LARGE, "the picture is too large"))?;
    // SAFETY: the caller's contract: `pixels` holds `len` bytes.
    let data = unsafe { std::slice::from_raw_parts(pixels, len) };
    if stride == row {
        return Ok(Cow::Borrowed(data));
    }
    let mut tight = Vec::with_capacity(row * height as usize);
    for y in 0..height as usize {
        tight.extend_from_slice(&data[y * stride..y * stride + row]);
    }
    Ok(Cow::Owned(tight))
}

/// Traces the pixels whose alpha is above `alpha_above` of a `width × height` RGBA picture
/// (rows `stride` bytes apart, 4 bytes a pixel, alpha last, as SDL's `ABGR8888` on little-endian
/// machines and SFML's `sf::Image` keep them) into polygons at `detail`, one per island of
/// solid pixels, each with its holes, in pixel coordinates (y down, as the picture's rows).
/// A picture whose exact outlines have more than `max_vertices` vertices is refused with
/// `C2D_ERROR_TOO_LARGE`, before the work grows past that. On success `*out_traced` is a
/// handle the caller frees with `c2d_traced_destroy`.
///
/// # Safety
/// `pixels` must hold `stride × (height − 1) + 4 × width` bytes; `out_traced` be valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn c2d_trace_rgba(
    pixels: *const u8,
    width: i32,
    height: i32,
    stride: i32,
    alpha_above: u8,
    detail: c2d_Detail,
    max_vertices: i32,
    out_traced: *mut *mut c2d_Traced,
) -> c2d_Status {
    guard(|| {
        let out_traced = out(out_traced, "out_traced")?;
        let size = |v: i32, what: &str| {
            u32::try_from(v).map_err(|_| Error::invalid_argument(format!("{what} {v} is negative")))
        };
        let (w, h, stride_bytes, limit) = (
            size(width, "width")?,
            size(height, "height")?,
            size(stride, "stride")?,
            size(max_vertices, "max_vertices")?,
        );
        let detail = match detail {
            C2D_DETAIL_EXACT => Detail::Exact,
            C2D_DETAIL_OPTIMAL => Detail::Optimal,
            C2D_DETAIL_MORE => Detail::More,
            C2D_DETAIL_LESS => Detail::Less,
            other => return Err(Error::invalid_argument(format!("unknown detail {other}"))),
        };
        // SAFETY: the caller's contract.
        let bytes = unsafe { rows(pixels, w, h, stride_bytes as usize)? };
        let image = Rgba8::new(w, h, &bytes).map_err(|e| Error::invalid_argument(e.to_string()))?;
        let traced = trace_limited(&image, &Solidity::alpha_above(alpha_above), detail, limit as usize).map_err(
            |e| match e {
                TraceError::TooManyVertices { .. } => Error::new(C2D_ERROR_TOO_LARGE, e.to_string()),
                other => Error::invalid_argument(other.to_string()),
            },
        )?;
        let polygons = traced.into_iter().map(|inner| c2d_Polygon { inner }).collect();
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_traced, Box::into_raw(Box::new(c2d_Traced { polygons }))) };
        Ok(())
    })
}

/// Frees traced polygons (NULL is allowed and does nothing); the polygons borrowed from it go
/// with it.
///
/// # Safety
/// `traced` must be NULL or a live handle from `c2d_trace_rgba`, not used after.
#[no_mangle]
pub unsafe extern "C" fn c2d_traced_destroy(traced: *mut c2d_Traced) {
    if !traced.is_null() {
        // SAFETY: the caller's contract: made by Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(traced) });
    }
}

/// How many polygons were traced.
///
/// # Safety
/// `traced` must be a live handle; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_traced_count(traced: *const c2d_Traced, out_count: *mut i32) -> c2d_Status {
    guard(|| {
        let out_count = out(out_count, "out_count")?;
        // SAFETY: the caller's contract.
        let t = unsafe { arg(traced, "traced")? };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_count, count(t.polygons.len())) };
        Ok(())
    })
}

/// Polygon `index` of those traced, borrowed: valid until `c2d_traced_destroy`, never passed
/// to `c2d_polygon_destroy`.
///
/// # Safety
/// `traced` must be a live handle; `out_polygon` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_traced_polygon(
    traced: *const c2d_Traced,
    index: i32,
    out_polygon: *mut *const c2d_Polygon,
) -> c2d_Status {
    guard(|| {
        let out_polygon = out(out_polygon, "out_polygon")?;
        // SAFETY: the caller's contract.
        let t = unsafe { arg(traced, "traced")? };
        let p = usize::try_from(index).ok().and_then(|i| t.polygons.get(i)).ok_or_else(|| {
            Error::invalid_argument(format!("index {index} is outside the {} polygons traced", t.polygons.len()))
        })?;
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_polygon, p as *const c2d_Polygon) };
        Ok(())
    })
}

// glam's `Vec2` is `#[repr(C)]` with the same two floats as `c2d_Vec2`.
const _: () = assert!(
    std::mem::size_of::<Vec2>() == std::mem::size_of::<c2d_Vec2>()
        && std::mem::align_of::<Vec2>() == std::mem::align_of::<c2d_Vec2>()
);

/// `points` as C vectors: the same layout (checked above), borrowed.
fn as_c(points: &[Vec2]) -> *const c2d_Vec2 {
    points.as_ptr().cast()
}

/// Writes a ring's vertices (borrowed) and their number.
///
/// # Safety
/// Both out pointers must be valid for a write.
unsafe fn ring(points: &[Vec2], out_points: *mut *const c2d_Vec2, out_count: *mut i32) -> Result<(), Error> {
    let (out_points, out_count) = (out(out_points, "out_points")?, out(out_count, "out_count")?);
    // SAFETY: checked not NULL; the caller's contract.
    unsafe {
        write(out_points, as_c(points));
        write(out_count, count(points.len()));
    }
    Ok(())
}

/// The polygon's outline (`hole` = -1) or hole `hole`, counter-clockwise with y up: the
/// vertices borrowed from the polygon (valid while it lives) and their number. Holes are
/// counted by `c2d_polygon_counts`.
///
/// # Safety
/// `polygon` must be a live handle; both out pointers valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_ring(
    polygon: *const c2d_Polygon,
    hole: i32,
    out_points: *mut *const c2d_Vec2,
    out_count: *mut i32,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let p: &Polygon = &unsafe { arg(polygon, "polygon")? }.inner;
        let points = if hole == -1 {
            p.outline()
        } else {
            let holes = p.holes();
            usize::try_from(hole).ok().and_then(|i| holes.get(i)).map(Vec::as_slice).ok_or_else(|| {
                Error::invalid_argument(format!(
                    "hole {hole} is neither -1 (the outline) nor one of the {}",
                    holes.len()
                ))
            })?
        };
        // SAFETY: the caller's contract.
        unsafe { ring(points, out_points, out_count) }
    })
}

/// How many holes the polygon has, and how many convex pieces it is cut into (for filling it
/// with convex shapes: `c2d_polygon_piece`).
///
/// # Safety
/// `polygon` must be a live handle; each out pointer NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_counts(
    polygon: *const c2d_Polygon,
    out_holes: *mut i32,
    out_pieces: *mut i32,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let p = &unsafe { arg(polygon, "polygon")? }.inner;
        // SAFETY: each written only when not NULL; the caller's contract.
        unsafe {
            if !out_holes.is_null() {
                write(out_holes, count(p.holes().len()));
            }
            if !out_pieces.is_null() {
                write(out_pieces, count(p.convex_parts().len()));
            }
        }
        Ok(())
    })
}

/// Convex piece `index` of the polygon's cover, its vertices borrowed (valid while the polygon
/// lives).
///
/// # Safety
/// `polygon` must be a live handle; both out pointers valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_piece(
    polygon: *const c2d_Polygon,
    index: i32,
    out_points: *mut *const c2d_Vec2,
    out_count: *mut i32,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let parts = unsafe { arg(polygon, "polygon")? }.inner.convex_parts();
        let piece = usize::try_from(index)
            .ok()
            .and_then(|i| parts.get(i))
            .ok_or_else(|| Error::invalid_argument(format!("piece {index} is outside the {} pieces", parts.len())))?;
        // SAFETY: the caller's contract.
        unsafe { ring(piece.vertices(), out_points, out_count) }
    })
}

/// The convex polygon's vertices, counter-clockwise with y up, borrowed (valid while it lives).
///
/// # Safety
/// `polygon` must be a live handle; both out pointers valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_convex_polygon_points(
    polygon: *const c2d_ConvexPolygon,
    out_points: *mut *const c2d_Vec2,
    out_count: *mut i32,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let p = unsafe { arg(polygon, "polygon")? };
        // SAFETY: the caller's contract.
        unsafe { ring(p.inner.vertices(), out_points, out_count) }
    })
}
