//! Shapes as masks, and masks against shapes.

use glam::Vec2;

use super::{Bitmask, MAX_PIXELS, MAX_SIDE};
use crate::query::contains::contains_point;
use crate::query::intersects::intersects_ref;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::Aabb;

/// The whole-pixel columns and rows whose centres can lie in `[lo, hi]` (scaled), as
/// `(x0, y0, x1, y1)` with ends excluded; `None` when not finite or too large.
pub(super) fn cell_range(lo: Vec2, hi: Vec2) -> Option<(i64, i64, i64, i64)> {
    // Pixel c has its centre c + 0.5 in [lo, hi] when lo - 0.5 <= c <= hi - 0.5.
    let (x0, y0) = ((lo.x as f64 - 0.5).ceil(), (lo.y as f64 - 0.5).ceil());
    let (x1, y1) = ((hi.x as f64 - 0.5).floor() + 1.0, (hi.y as f64 - 0.5).floor() + 1.0);
    // Within ±2^40 the callers' i64 arithmetic cannot overflow; NaN and infinities fail the
    // comparison too.
    const LIMIT: f64 = (1u64 << 40) as f64;
    if ![x0, y0, x1, y1].iter().all(|v| v.abs() <= LIMIT) {
        return None;
    }
    Some((x0 as i64, y0 as i64, (x1 as i64).max(x0 as i64), (y1 as i64).max(y0 as i64)))
}

/// Whether a mask `w × h` (both at least 0) stays within [`MAX_SIDE`] a side and [`MAX_PIXELS`]
/// in all.
pub(super) fn within_limits(w: i64, h: i64) -> bool {
    w <= MAX_SIDE as i64 && h <= MAX_SIDE as i64 && (w as u64) * (h as u64) <= MAX_PIXELS
}

impl Bitmask {
    /// Rasterises `shape` at `pixels_per_unit`: pixel `(x, y)` of the result is set when its centre
    /// lies in the shape (boundary included), with the result's pixel `(0, 0)` being the grid cell
    /// `offset` (returned), so its centre is at `(offset + (x, y) + 0.5) / pixels_per_unit` in the
    /// shape's coordinates. The mask covers exactly the cells whose centres lie in the shape's
    /// bounding box (it may be 0 wide for a shape thinner than a pixel between two centres).
    ///
    /// `None` when `pixels_per_unit` is not positive and finite, the shape is not finite, or the
    /// mask would be larger than [`MAX_SIDE`] a side or [`MAX_PIXELS`] in all.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Circle, Vec2};
    /// let disc = Circle::new(Vec2::new(10.0, 10.0), 3.0)?;
    /// let (mask, offset) = Bitmask::from_shape(&disc, 1.0).unwrap();
    /// assert_eq!(offset, (7, 7)); // pixel centres 7.5 .. 12.5
    /// assert_eq!((mask.width(), mask.height()), (6, 6));
    /// assert_eq!(mask.count(), 32); // centres within 3 of (10, 10)
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn from_shape<S: ShapeLike + ?Sized>(shape: &S, pixels_per_unit: f32) -> Option<(Bitmask, (i32, i32))> {
        let mut mask = Bitmask::default();
        let offset = mask.rasterize_into(shape, pixels_per_unit)?;
        Some((mask, offset))
    }

    /// [`from_shape`](Self::from_shape) into this mask, reusing its buffer: the mask is resized to
    /// the shape's cells and its allocation kept when large enough. Returns the offset, or `None`
    /// (leaving the mask unchanged) in the cases where `from_shape` does.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Circle, Vec2};
    /// let mut buffer = Bitmask::default();
    /// for r in [2.0, 4.0, 3.0] {
    ///     let offset = buffer.rasterize_into(&Circle::new(Vec2::ZERO, r)?, 2.0).unwrap();
    ///     assert_eq!(offset.0, -(2.0 * r) as i32);
    /// }
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn rasterize_into<S: ShapeLike + ?Sized>(&mut self, shape: &S, pixels_per_unit: f32) -> Option<(i32, i32)> {
        if !(pixels_per_unit > 0.0 && pixels_per_unit.is_finite()) {
            return None;
        }
        let shape = shape.shape_ref();
        let bounds = shape.aabb();
        let (x0, y0, x1, y1) = cell_range(bounds.min() * pixels_per_unit, bounds.max() * pixels_per_unit)?;
        let (x0i, y0i) = (i32::try_from(x0).ok()?, i32::try_from(y0).ok()?);
        let (w, h) = (x1 - x0, y1 - y0);
        if !within_limits(w, h) {
            return None;
        }
        self.reset(w as u32, h as u32);
        let step = 1.0 / pixels_per_unit as f64;
        self.paint(shape, |x, y| {
            let cx = ((x0 + x as i64) as f64 + 0.5) * step;
            let cy = ((y0 + y as i64) as f64 + 0.5) * step;
            Vec2::new(cx as f32, cy as f32)
        });
        Some((x0i, y0i))
    }

    /// Clears and resizes, keeping the allocation.
    fn reset(&mut self, width: u32, height: u32) {
        self.width = width;
        self.height = height;
        self.stride = super::mask::stride_of(width);
        self.words.clear();
        self.words.resize(self.stride * height as usize, 0);
    }

    /// Sets every pixel whose centre (given by `centre(x, y)`) lies in `shape`.
    fn paint(&mut self, shape: ShapeRef, centre: impl Fn(u32, u32) -> Vec2) {
        let width = self.width;
        for y in 0..self.height {
            let row = self.row_mut(y);
            for x in 0..width {
                if contains_point(shape, centre(x, y)) {
                    row[x as usize / 64] |= 1 << (x % 64);
                }
            }
        }
    }

    /// Whether the closed square of some set pixel shares a point with `shape`, the shape given in
    /// the mask's pixel space (pixel `(x, y)` covers `[x, x + 1] × [y, y + 1]`; move a world shape
    /// there with [`Shape::transformed`](crate::Shape::transformed)). Exact: each run of set pixels
    /// on a row is one box tested with [`intersects`](crate::intersects); runs outside the shape's
    /// bounding box are skipped a word at a time.
    ///
    /// Touching counts, as everywhere in the crate: a shape meeting a set pixel's edge overlaps it.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Circle, Vec2};
    /// let m = Bitmask::from_fn(10, 10, |x, y| x == 5 && y == 5);
    /// assert!(m.overlaps_shape(&Circle::new(Vec2::new(7.0, 5.5), 1.0)?)); // touches x = 6
    /// assert!(!m.overlaps_shape(&Circle::new(Vec2::new(7.0, 5.5), 0.99)?));
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn overlaps_shape<S: ShapeLike + ?Sized>(&self, shape: &S) -> bool {
        let shape = shape.shape_ref();
        let b = shape.aabb();
        let (lo, hi) = (b.min(), b.max());
        if unusable_or_before(lo, hi) {
            return false;
        }
        if lo.x > self.width as f32 || lo.y > self.height as f32 {
            return false;
        }
        // Rows whose closed square [y, y + 1] meets [lo.y, hi.y].
        let y0 = (lo.y.floor() as i64 - 1).max(0) as u32;
        let y1 = (hi.y.floor() as i64 + 1).min(self.height as i64) as u32;
        // Columns likewise; whole words outside them are skipped.
        let cx0 = (lo.x.floor() as i64 - 1).max(0) as u32;
        let cx1 = last_column(hi.x, self.width);
        let (i0, i1) = (cx0 as usize / 64, word_after(cx1));
        for y in y0..y1 {
            if row_misses(y, lo, hi) {
                continue;
            }
            let row = &self.row(y)[i0..i1.min(self.stride)];
            let slice_end = (i1 as u32 * 64).min(self.width) - i0 as u32 * 64;
            let mut hit = false;
            super::mask::row_runs(row, slice_end, |s, e| {
                let (s, e) = (s + i0 as u32 * 64, e + i0 as u32 * 64);
                if hit || run_misses(s, e, lo, hi) {
                    return;
                }
                let run =
                    Aabb::from_min_max_unchecked(Vec2::new(s as f32, y as f32), Vec2::new(e as f32, y as f32 + 1.0));
                hit = intersects_ref(ShapeRef::Aabb(&run), shape);
            });
            if hit {
                return true;
            }
        }
        false
    }

    /// Whether some set pixel has its centre in `shape` (boundary included), the shape given in
    /// the mask's pixel space: the shape is rasterised at one pixel per unit into `scratch`
    /// (resized as needed, so one buffer serves many calls without allocating), clipped to the
    /// mask, then tested against the mask a word at a time. This is the sprite-engine rule (a
    /// pixel counts when its centre is covered); [`overlaps_shape`](Self::overlaps_shape) is the
    /// exact one.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::{Circle, Vec2};
    /// let m = Bitmask::from_fn(10, 10, |x, y| x == 5 && y == 5);
    /// let mut scratch = Bitmask::default();
    /// assert!(!m.overlaps_shape_sampled(&Circle::new(Vec2::new(7.0, 5.5), 1.0)?, &mut scratch));
    /// assert!(m.overlaps_shape_sampled(&Circle::new(Vec2::new(6.5, 5.5), 1.0)?, &mut scratch));
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn overlaps_shape_sampled<S: ShapeLike + ?Sized>(&self, shape: &S, scratch: &mut Bitmask) -> bool {
        let shape = shape.shape_ref();
        let b = shape.aabb();
        let lo = b.min().max(Vec2::ZERO);
        let hi = b.max().min(Vec2::new(self.width as f32, self.height as f32));
        if !(lo.x <= hi.x && lo.y <= hi.y) {
            return false;
        }
        let Some((x0, y0, x1, y1)) = cell_range(lo, hi) else { return false };
        let (x0, y0) = (x0.max(0), y0.max(0));
        let (x1, y1) = (x1.min(self.width as i64), y1.min(self.height as i64));
        if x0 >= x1 || y0 >= y1 {
            return false;
        }
        scratch.reset((x1 - x0) as u32, (y1 - y0) as u32);
        scratch.paint(shape, |x, y| Vec2::new((x0 + x as i64) as f32 + 0.5, (y0 + y as i64) as f32 + 0.5));
        self.overlaps(scratch, (x0 as i32, y0 as i32))
    }
}

// overlaps_shape's shortcuts, each its own function so that the mutation exclusions name it
// alone: they only skip work, and whatever rows, words and runs they let through is tested
// exactly (each run a box against the shape), so testing more gives the same answer.

/// Whether the bounds `lo`, `hi` are not finite or lie wholly left of or above the mask. A
/// validated shape has finite bounds and a point's two corners are one point, so `&&` for the
/// finite check's `&&` or `||` tests no other shape.
#[inline]
fn unusable_or_before(lo: Vec2, hi: Vec2) -> bool {
    !(lo.is_finite() && hi.is_finite()) || hi.x < 0.0 || hi.y < 0.0
}

/// The last column, in a mask `width` wide, whose pixel can touch bounds ending at `hi_x`:
/// `floor(hi_x)` already reaches every touching pixel, so the `+ 1` is slack (`* 1`, and
/// `width + 1` or `width / 1` for the last column, reach as far or further).
#[inline]
fn last_column(hi_x: f32, width: u32) -> u32 {
    (hi_x.floor() as i64 + 1).min(width as i64 - 1).max(0) as u32
}

/// The word after the one holding column `cx1`: the row's word range is cut at its stride
/// after, so `cx1 * 64` only takes more words.
#[inline]
fn word_after(cx1: u32) -> usize {
    cx1 as usize / 64 + 1
}

/// Whether row `y`'s closed square `[y, y + 1]` misses `[lo.y, hi.y]`: `&&` or `false` only
/// tests more rows.
#[inline]
fn row_misses(y: u32, lo: Vec2, hi: Vec2) -> bool {
    (y as f32 + 1.0) < lo.y || (y as f32) > hi.y
}

/// Whether the run of columns `s .. e` misses `[lo.x, hi.x]`: no run is both left and right of
/// the bounds, so `&&` (or `false`) tests every run, stopping at a hit.
#[inline]
fn run_misses(s: u32, e: u32, lo: Vec2, hi: Vec2) -> bool {
    (e as f32) < lo.x || (s as f32) > hi.x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The limits are inclusive: a side of exactly `MAX_SIDE` and exactly `MAX_PIXELS` in all are
    /// allowed (too large to build in a test, hence checked here).
    #[test]
    fn limits_allow_exactly_the_maximum() {
        let side = MAX_SIDE as i64;
        let pixels = MAX_PIXELS as i64;
        assert!(within_limits(side, pixels / side) && within_limits(pixels / side, side));
        assert!(!within_limits(side + 1, 1) && !within_limits(1, side + 1));
        assert!(within_limits(side, 1) && within_limits(0, 0));
        assert!(!within_limits(pixels / side + 1, side) && !within_limits(side, pixels / side + 1));
        // 2^15 × 2^15 is exactly MAX_PIXELS; one more row is past it.
        assert!(within_limits(1 << 15, 1 << 15) && !within_limits(1 << 15, (1 << 15) + 1));
    }
}
