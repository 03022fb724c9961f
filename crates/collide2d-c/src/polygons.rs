//! The polygon handles: a convex polygon, and a polygon that may be concave and have holes,
//! each made from vertex arrays, read back, and destroyed.

use collide2d::polygon::CurveDetail;
use collide2d::{ConvexPolygon, Polygon, Vec2};

use crate::status::{arg, c2d_Status, guard, out, write, Error};
use crate::values::{c2d_Aabb, c2d_Shape, c2d_Vec2, checked};

/// A convex polygon (an opaque handle): made by `c2d_convex_polygon_create`, freed by
/// `c2d_convex_polygon_destroy`.
pub struct c2d_ConvexPolygon {
    pub(crate) inner: ConvexPolygon,
}

/// A polygon, concave and with holes allowed (an opaque handle): made by
/// `c2d_polygon_create`, freed by `c2d_polygon_destroy`.
pub struct c2d_Polygon {
    pub(crate) inner: Polygon,
}

/// `count` vectors from `points`, copied.
///
/// # Safety
/// A non-NULL `points` must hold `count` vectors.
pub(crate) unsafe fn vectors(points: *const c2d_Vec2, count: i32, what: &str) -> Result<Vec<Vec2>, Error> {
    let n =
        usize::try_from(count).map_err(|_| Error::invalid_argument(format!("{what}: count {count} is negative")))?;
    if n == 0 {
        return Ok(Vec::new());
    }
    if points.is_null() {
        return Err(Error::null(what));
    }
    // SAFETY: the caller's contract: `points` holds `count` vectors.
    let points = unsafe { std::slice::from_raw_parts(points, n) };
    Ok(points.iter().map(|&p| p.into()).collect())
}

/// Makes the convex polygon of `count` vertices, in either winding (repeated vertices are
/// dropped; three points in a line or a crossed outline are `C2D_ERROR_INVALID_SHAPE`). The
/// vertices are copied. On success `*out` is a handle the caller frees with
/// `c2d_convex_polygon_destroy`.
///
/// # Safety
/// `points` must hold `count` vectors; `out` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_convex_polygon_create(
    points: *const c2d_Vec2,
    count: i32,
    out_polygon: *mut *mut c2d_ConvexPolygon,
) -> c2d_Status {
    guard(|| {
        let out_polygon = out(out_polygon, "out_polygon")?;
        // SAFETY: the caller's contract.
        let points = unsafe { vectors(points, count, "points")? };
        let inner = ConvexPolygon::new(&points)?;
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_polygon, Box::into_raw(Box::new(c2d_ConvexPolygon { inner }))) };
        Ok(())
    })
}

/// Frees a convex polygon (NULL is allowed and does nothing).
///
/// # Safety
/// `polygon` must be NULL or a live handle from `c2d_convex_polygon_create`, not used after.
#[no_mangle]
pub unsafe extern "C" fn c2d_convex_polygon_destroy(polygon: *mut c2d_ConvexPolygon) {
    if !polygon.is_null() {
        // SAFETY: the caller's contract: made by Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(polygon) });
    }
}

/// Makes the polygon with the outline of `outline_count` vertices and `hole_count` holes, hole
/// `i` being `holes[i]` with `hole_counts[i]` vertices (both may be NULL when `hole_count` is
/// 0). Either winding; the outline must not cross itself, and each hole must lie inside it.
/// The vertices are copied. On success `*out` is a handle the caller frees with
/// `c2d_polygon_destroy`.
///
/// # Safety
/// `outline` must hold `outline_count` vectors, `holes` and `hole_counts` `hole_count` entries,
/// and `holes[i]` `hole_counts[i]` vectors; `out` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_create(
    outline: *const c2d_Vec2,
    outline_count: i32,
    holes: *const *const c2d_Vec2,
    hole_counts: *const i32,
    hole_count: i32,
    out_polygon: *mut *mut c2d_Polygon,
) -> c2d_Status {
    guard(|| {
        let out_polygon = out(out_polygon, "out_polygon")?;
        // SAFETY: the caller's contract, for each array.
        let outline = unsafe { vectors(outline, outline_count, "outline")? };
        let n = usize::try_from(hole_count)
            .map_err(|_| Error::invalid_argument(format!("hole_count {hole_count} is negative")))?;
        let mut rings = Vec::with_capacity(n);
        if n > 0 {
            if holes.is_null() || hole_counts.is_null() {
                return Err(Error::null(if holes.is_null() { "holes" } else { "hole_counts" }));
            }
            // SAFETY: the caller's contract: both hold `hole_count` entries.
            let (holes, counts) =
                unsafe { (std::slice::from_raw_parts(holes, n), std::slice::from_raw_parts(hole_counts, n)) };
            for (i, (&hole, &count)) in holes.iter().zip(counts).enumerate() {
                // SAFETY: the caller's contract.
                rings.push(unsafe { vectors(hole, count, &format!("hole {i}"))? });
            }
        }
        let inner = Polygon::with_holes(&outline, &rings)?;
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_polygon, Box::into_raw(Box::new(c2d_Polygon { inner }))) };
        Ok(())
    })
}

/// Makes the polygon of a shape: a box's or convex polygon's own corners, a circle's or
/// capsule's round ends as `segments` edges a full turn (3 to 4096), a polygon handle copied.
/// On success `*out` is a handle the caller frees with `c2d_polygon_destroy`.
///
/// # Safety
/// `shape` must point at a valid shape (with a live handle); `out_polygon` be valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_from_shape(
    shape: *const c2d_Shape,
    segments: i32,
    out_polygon: *mut *mut c2d_Polygon,
) -> c2d_Status {
    guard(|| {
        let out_polygon = out(out_polygon, "out_polygon")?;
        let n = usize::try_from(segments)
            .map_err(|_| Error::invalid_argument(format!("segments {segments} is negative")))?;
        // SAFETY: the caller's contract.
        let shape = unsafe { checked(shape, "shape")? }.into_shape();
        let inner = Polygon::from_shape(&shape, CurveDetail::Segments(n))?;
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_polygon, Box::into_raw(Box::new(c2d_Polygon { inner }))) };
        Ok(())
    })
}

/// Frees a polygon (NULL is allowed and does nothing).
///
/// # Safety
/// `polygon` must be NULL or a live handle from `c2d_polygon_create`, not used after.
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_destroy(polygon: *mut c2d_Polygon) {
    if !polygon.is_null() {
        // SAFETY: the caller's contract: made by Box::into_raw, freed once.
        drop(unsafe { Box::from_raw(polygon) });
    }
}

/// The polygon's bounding box, area and number of outline vertices.
///
/// # Safety
/// `polygon` must be a live handle; each out pointer NULL or valid for a write (NULL ones are
/// skipped).
#[no_mangle]
pub unsafe extern "C" fn c2d_polygon_info(
    polygon: *const c2d_Polygon,
    out_bounds: *mut c2d_Aabb,
    out_area: *mut f32,
    out_outline_count: *mut i32,
) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let p = &unsafe { arg(polygon, "polygon")? }.inner;
        let bounds = p.aabb();
        // SAFETY: each written only when not NULL; the caller's contract.
        unsafe {
            if !out_bounds.is_null() {
                write(out_bounds, c2d_Aabb { min: bounds.min().into(), max: bounds.max().into() });
            }
            if !out_area.is_null() {
                write(out_area, p.area());
            }
            if !out_outline_count.is_null() {
                write(out_outline_count, i32::try_from(p.outline().len()).unwrap_or(i32::MAX));
            }
        }
        Ok(())
    })
}
