//! Pixel-perfect collision: a one-bit-per-pixel mask, as sprite engines offer it, tested 64 pixels
//! at a time.
//!
//! A [`Bitmask`] is `width × height` pixels stored as rows of `u64` words (row stride
//! `ceil(width / 64)` words, pixel `x` in bit `x % 64` of word `x / 64`, bits beyond the width
//! always zero). Pixel `(x, y)` covers the unit square `[x, x + 1] × [y, y + 1]` of the mask's own
//! space, as in [`crate::pixels`].
//!
//! Two masks are compared at an integer **offset** `(dx, dy)`: the position of `other`'s pixel
//! `(0, 0)` in `self`'s pixel space, so `other`'s pixel `(u, v)` lies on `self`'s pixel
//! `(u + dx, v + dy)`. Every offset is accepted, negative, huge or far apart; nothing panics.
//! Overlap queries AND whole words, shifting `other`'s words by the offset, never pixel by pixel.
//!
//! ```
//! use collide2d::bitmask::{Bitmask, ScanOrder};
//! let a = Bitmask::from_fn(100, 100, |x, y| (x as i32 - 50).pow(2) + (y as i32 - 50).pow(2) < 40 * 40);
//! let b = Bitmask::full(10, 10);
//! assert!(a.overlaps(&b, (45, 45)));
//! assert!(!a.overlaps(&b, (0, 0))); // the disc's corner region is empty
//! assert_eq!(a.overlap_area(&b, (45, 45)), 100);
//! assert_eq!(a.first_overlap(&b, (10, 45), ScanOrder::TopLeft), Some((11, 45)));
//! ```
//!
//! Beyond mask against mask: masks from an RGBA8 picture ([`Bitmask::from_rgba`], with the
//! shared [`Solidity`] rule) or from any shape of the library ([`Bitmask::from_shape`]); a mask
//! against a shape ([`Bitmask::overlaps_shape`], exact on the mask's runs, and
//! [`Bitmask::overlaps_shape_sampled`], through a reusable raster buffer); a mask placed with a
//! [`Transform`](crate::Transform) ([`Bitmask::transformed`]); connected components, outline and
//! a push-out estimate ([`Bitmask::push_out`]).

mod push;
mod regions;
mod shapes;
mod transform;

pub use push::PushOut;
pub use regions::{Component, Connectivity};

use crate::pixels::{Rgba8, Solidity};

/// The largest side of a mask made from a shape ([`Bitmask::from_shape`]) or a transform
/// ([`Bitmask::transformed`]), 2²⁴ pixels; larger results are refused.
pub const MAX_SIDE: u32 = 1 << 24;
/// The most pixels a mask made from a shape or a transform may hold (2³⁰, 128 MiB of words).
pub const MAX_PIXELS: u64 = 1 << 30;

/// A rectangle of whole pixels: columns `x .. x + width`, rows `y .. y + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelRect {
    /// Left column.
    pub x: u32,
    /// Top row (smallest y).
    pub y: u32,
    /// Number of columns (at least 1 when returned by this module).
    pub width: u32,
    /// Number of rows (at least 1 when returned by this module).
    pub height: u32,
}

/// Where a search for the first overlapping pixel starts and which way it goes.
///
/// The first word names the side whose line is searched first, the second the end of that line
/// the search starts from. `TopLeft` is the sprite-engine order: the top row first (smallest y),
/// left to right within it. `LeftTop` goes column by column: the leftmost column first, top to
/// bottom within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ScanOrder {
    /// Rows from the top, each from the left: the smallest y, then the smallest x.
    #[default]
    TopLeft,
    /// Rows from the top, each from the right: the smallest y, then the largest x.
    TopRight,
    /// Rows from the bottom, each from the left: the largest y, then the smallest x.
    BottomLeft,
    /// Rows from the bottom, each from the right: the largest y, then the largest x.
    BottomRight,
    /// Columns from the left, each from the top: the smallest x, then the smallest y.
    LeftTop,
    /// Columns from the left, each from the bottom: the smallest x, then the largest y.
    LeftBottom,
    /// Columns from the right, each from the top: the largest x, then the smallest y.
    RightTop,
    /// Columns from the right, each from the bottom: the largest x, then the largest y.
    RightBottom,
}

/// A one-bit-per-pixel mask; see the [module documentation](self) for layout and offsets.
///
/// A mask may have a zero width or height; it then holds no pixel and overlaps nothing.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitmask {
    width: u32,
    height: u32,
    stride: usize,
    words: Vec<u64>,
}

impl std::fmt::Debug for Bitmask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitmask({}×{}, {} set)", self.width, self.height, self.count())?;
        if self.width <= 64 && self.height <= 64 {
            for y in 0..self.height {
                f.write_str("\n")?;
                for x in 0..self.width {
                    f.write_str(if self.get(x, y) { "#" } else { "." })?;
                }
            }
        }
        Ok(())
    }
}

/// Words in a row of `width` pixels.
#[inline]
fn stride_of(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

/// The bits of the last word of a row that lie inside the width.
#[inline]
fn last_word_mask(width: u32) -> u64 {
    match width % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

/// Word `q` of a row, zero outside it (q may be negative).
#[inline(always)]
fn word_at(row: &[u64], q: i64) -> u64 {
    // A negative q wraps to a huge usize, which `get` refuses.
    row.get(q as usize).copied().unwrap_or(0)
}

/// How `other` lies on `self` at an offset: the overlapping rows and words of `self`, and the
/// word index and bit shift that line `other`'s bits up with `self`'s words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    /// Rows of `self` that both masks cover.
    y0: u32,
    y1: u32,
    /// `dy`: `other`'s row for `self`'s row y is `y - dy`.
    dy: i64,
    /// Words of `self` that hold the overlapping columns.
    i0: usize,
    i1: usize,
    /// `other`'s word under `self`'s word `i` starts at bit `r` of word `i + q0`.
    q0: i64,
    r: u32,
}

impl Placement {
    /// `None` when the rectangles do not overlap (or either mask is empty in size).
    #[inline]
    pub(crate) fn new(a: &Bitmask, b: &Bitmask, offset: (i32, i32)) -> Option<Self> {
        let (dx, dy) = (offset.0 as i64, offset.1 as i64);
        let x0 = dx.max(0);
        let x1 = (a.width as i64).min(dx + b.width as i64);
        let y0 = dy.max(0);
        let y1 = (a.height as i64).min(dy + b.height as i64);
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        Some(Self {
            y0: y0 as u32,
            y1: y1 as u32,
            dy,
            i0: (x0 / 64) as usize,
            i1: (x1 as u64).div_ceil(64) as usize,
            q0: (-dx).div_euclid(64),
            r: (-dx).rem_euclid(64) as u32,
        })
    }

    /// `other`'s row under `self`'s row `y`.
    #[inline(always)]
    fn other_row<'b>(&self, b: &'b Bitmask, y: u32) -> &'b [u64] {
        b.row((y as i64 - self.dy) as u32)
    }

    /// The overlapping rows of both masks, paired, top to bottom (both strides are at least one,
    /// as a placement exists only when both masks have pixels).
    #[inline(always)]
    fn row_pairs<'a>(&self, a: &'a Bitmask, b: &'a Bitmask) -> impl Iterator<Item = (&'a [u64], &'a [u64])> {
        let (y0, y1) = (self.y0 as usize, self.y1 as usize);
        let v0 = (self.y0 as i64 - self.dy) as usize;
        let rows = &a.words[y0 * a.stride..y1 * a.stride];
        let other_rows = &b.words[v0 * b.stride..(v0 + y1 - y0) * b.stride];
        rows.chunks_exact(a.stride).zip(other_rows.chunks_exact(b.stride))
    }

    /// `other`'s 64 bits under `self`'s word `i` of a row.
    #[inline(always)]
    fn shifted(&self, brow: &[u64], i: usize) -> u64 {
        let q = self.q0 + i as i64;
        if self.r == 0 {
            word_at(brow, q)
        } else {
            (word_at(brow, q) >> self.r) | (word_at(brow, q + 1) << (64 - self.r))
        }
    }

    /// Folds `f` over the ANDs of `self`'s words `i0 .. i1` of one row with `other`'s words
    /// under them. The middle words, where `other`'s two source words both exist, go through a
    /// `zip` without bounds checks or branches (so the loop can be vectorised); the at most one
    /// word at either end that reaches past `other`'s row takes the checked path.
    #[inline(always)]
    fn fold_row<T>(&self, arow: &[u64], brow: &[u64], init: T, mut f: impl FnMut(T, u64) -> T) -> T {
        let (mut i, i1) = (self.i0, self.i1);
        let mut acc = init;
        while i < i1 && self.q0 + (i as i64) < 0 {
            acc = f(acc, arow[i] & self.shifted(brow, i));
            i += 1;
        }
        if i < i1 {
            let q = (self.q0 + i as i64) as usize;
            let tail = if self.r == 0 { 0 } else { 1 };
            let n = (i1 - i).min(brow.len().saturating_sub(q + tail));
            if n > 0 {
                let a = &arow[i..i + n];
                if self.r == 0 {
                    for (&a, &b) in a.iter().zip(&brow[q..q + n]) {
                        acc = f(acc, a & b);
                    }
                } else {
                    let (r, l) = (self.r, 64 - self.r);
                    for (&a, b) in a.iter().zip(brow[q..q + n + 1].windows(2)) {
                        acc = f(acc, a & ((b[0] >> r) | (b[1] << l)));
                    }
                }
                i += n;
            }
        }
        while i < i1 {
            acc = f(acc, arow[i] & self.shifted(brow, i));
            i += 1;
        }
        acc
    }

    /// Calls `f(y, i, word)` with the AND of the two masks for every overlapping word, rows top to
    /// bottom; stops early when `f` returns `true`, and returns whether it did.
    #[inline(always)]
    fn any_word(&self, a: &Bitmask, b: &Bitmask, mut f: impl FnMut(u32, usize, u64) -> bool) -> bool {
        for y in self.y0..self.y1 {
            let arow = a.row(y);
            let brow = self.other_row(b, y);
            for (&aw, i) in arow[self.i0..self.i1].iter().zip(self.i0..) {
                if f(y, i, aw & self.shifted(brow, i)) {
                    return true;
                }
            }
        }
        false
    }
}

impl Bitmask {
    /// An empty (all clear) mask of the given size; allocates `ceil(width / 64) × height` words
    /// (and, like `Vec`, aborts if that much memory is not available).
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let m = Bitmask::new(70, 3);
    /// assert_eq!((m.width(), m.height(), m.count()), (70, 3, 0));
    /// ```
    pub fn new(width: u32, height: u32) -> Self {
        let stride = stride_of(width);
        Self { width, height, stride, words: vec![0; stride * height as usize] }
    }

    /// A mask with every pixel set.
    pub fn full(width: u32, height: u32) -> Self {
        let mut m = Self::new(width, height);
        m.fill(true);
        m
    }

    /// A mask whose pixel `(x, y)` is set when `f(x, y)` is true.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let diagonal = Bitmask::from_fn(4, 4, |x, y| x == y);
    /// assert!(diagonal.get(2, 2) && !diagonal.get(2, 3));
    /// ```
    pub fn from_fn(width: u32, height: u32, mut f: impl FnMut(u32, u32) -> bool) -> Self {
        let mut m = Self::new(width, height);
        for y in 0..height {
            let row = m.row_mut(y);
            for x in 0..width {
                if f(x, y) {
                    row[x as usize / 64] |= 1 << (x % 64);
                }
            }
        }
        m
    }

    /// The solid pixels of an RGBA8 picture, by `rule` (the rule tracing uses too).
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// use collide2d::pixels::{Rgba8, Solidity};
    /// let px = [0u8, 0, 0, 0, 9, 9, 9, 255, 255, 0, 255, 255]; // clear, grey, magenta
    /// let image = Rgba8::new(3, 1, &px)?;
    /// let mask = Bitmask::from_rgba(&image, &Solidity::default().ignoring([255, 0, 255, 255]));
    /// assert_eq!((mask.get(0, 0), mask.get(1, 0), mask.get(2, 0)), (false, true, false));
    /// # Ok::<(), collide2d::pixels::ImageError>(())
    /// ```
    pub fn from_rgba(image: &Rgba8, rule: &Solidity) -> Self {
        let (width, height) = (image.width(), image.height());
        let mut m = Self::new(width, height);
        let data = image.data();
        let row_bytes = width as usize * 4;
        for y in 0..height {
            let pixels = &data[y as usize * row_bytes..][..row_bytes];
            let row = m.row_mut(y);
            for (i, chunk) in pixels.chunks(64 * 4).enumerate() {
                let mut word = 0u64;
                for (bit, px) in chunk.chunks_exact(4).enumerate() {
                    word |= (rule.is_solid([px[0], px[1], px[2], px[3]]) as u64) << bit;
                }
                row[i] = word;
            }
        }
        m
    }

    /// Width in pixels.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Words per row, `ceil(width / 64)`.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The words of row `y` (pixel `x` in bit `x % 64` of word `x / 64`); panics when `y` is
    /// outside the mask, like slice indexing.
    #[inline]
    pub fn row(&self, y: u32) -> &[u64] {
        &self.words[y as usize * self.stride..][..self.stride]
    }

    #[inline]
    fn row_mut(&mut self, y: u32) -> &mut [u64] {
        &mut self.words[y as usize * self.stride..][..self.stride]
    }

    /// All the words, row after row.
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether pixel `(x, y)` is set; `false` outside the mask.
    #[inline]
    pub fn get(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.row(y)[x as usize / 64] >> (x % 64) & 1 == 1
    }

    /// Sets or clears pixel `(x, y)`; does nothing outside the mask.
    #[inline]
    pub fn set(&mut self, x: u32, y: u32, value: bool) {
        if x < self.width && y < self.height {
            let word = &mut self.row_mut(y)[x as usize / 64];
            let bit = 1u64 << (x % 64);
            if value {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
    }

    /// Sets or clears every pixel.
    pub fn fill(&mut self, value: bool) {
        let fill = if value { !0 } else { 0 };
        self.words.fill(fill);
        if value && self.stride > 0 {
            let last = last_word_mask(self.width);
            for y in 0..self.height {
                let s = self.stride;
                self.row_mut(y)[s - 1] &= last;
            }
        }
    }

    /// Number of set pixels.
    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| w.count_ones() as u64).sum()
    }

    /// Whether no pixel is set.
    pub fn is_clear(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The smallest rectangle holding every set pixel, `None` when none is set.
    ///
    /// ```
    /// use collide2d::bitmask::{Bitmask, PixelRect};
    /// let m = Bitmask::from_fn(200, 10, |x, y| (x == 3 && y == 2) || (x == 130 && y == 7));
    /// assert_eq!(m.bounding_rect(), Some(PixelRect { x: 3, y: 2, width: 128, height: 6 }));
    /// ```
    pub fn bounding_rect(&self) -> Option<PixelRect> {
        let (mut x0, mut x1, mut y0, mut y1) = (u32::MAX, 0u32, u32::MAX, 0u32);
        for y in 0..self.height {
            let row = self.row(y);
            let Some(first) = row.iter().position(|&w| w != 0) else { continue };
            let last = row.iter().rposition(|&w| w != 0).unwrap_or(first);
            x0 = x0.min(first as u32 * 64 + row[first].trailing_zeros());
            x1 = x1.max(last as u32 * 64 + 63 - row[last].leading_zeros());
            y0 = y0.min(y);
            y1 = y;
        }
        (y0 != u32::MAX).then(|| PixelRect { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 })
    }

    /// The runs of set pixels, row by row, each as `(y, x_start, x_end)` with pixels
    /// `x_start .. x_end` set (end excluded), found a word at a time.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let m = Bitmask::from_fn(130, 2, |x, y| y == 1 && (x < 2 || (60..129).contains(&x)));
    /// assert_eq!(m.runs().collect::<Vec<_>>(), vec![(1, 0, 2), (1, 60, 129)]);
    /// ```
    pub fn runs(&self) -> impl Iterator<Item = (u32, u32, u32)> + '_ {
        (0..self.height).flat_map(move |y| {
            let mut runs = Vec::new();
            row_runs(self.row(y), self.width, |s, e| runs.push((y, s, e)));
            runs
        })
    }

    /// Whether any set pixel of `other`, placed at `offset` (see the [module docs](self)), lies on
    /// a set pixel of `self`.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let a = Bitmask::full(100, 1);
    /// let dot = Bitmask::full(1, 1);
    /// assert!(a.overlaps(&dot, (99, 0)));
    /// assert!(!a.overlaps(&dot, (100, 0)));
    /// assert!(!a.overlaps(&dot, (i32::MIN, i32::MAX)));
    /// ```
    pub fn overlaps(&self, other: &Bitmask, offset: (i32, i32)) -> bool {
        let Some(p) = Placement::new(self, other, offset) else { return false };
        // OR a whole row together and test once a row: no branch per word.
        p.row_pairs(self, other).any(|(arow, brow)| p.fold_row(arow, brow, 0, |acc, w| acc | w) != 0)
    }

    /// How many pixels are set in both masks, `other` placed at `offset`.
    pub fn overlap_area(&self, other: &Bitmask, offset: (i32, i32)) -> u64 {
        let Some(p) = Placement::new(self, other, offset) else { return 0 };
        // Most words of an overlap are usually empty; skipping their popcount (a dozen
        // instructions on the baseline x86-64 target, which has no popcount instruction) pays.
        p.row_pairs(self, other)
            .map(|(arow, brow)| p.fold_row(arow, brow, 0u64, |n, w| if w == 0 { n } else { n + w.count_ones() as u64 }))
            .sum()
    }

    /// The pixels set in both masks, as a mask of `self`'s size in `self`'s pixel space.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let a = Bitmask::full(4, 4);
    /// let b = Bitmask::full(4, 4);
    /// let both = a.overlap_mask(&b, (-2, 3));
    /// assert_eq!((both.width(), both.count()), (4, 2));
    /// assert!(both.get(0, 3) && both.get(1, 3));
    /// ```
    pub fn overlap_mask(&self, other: &Bitmask, offset: (i32, i32)) -> Bitmask {
        let mut out = Bitmask::new(self.width, self.height);
        if let Some(p) = Placement::new(self, other, offset) {
            let stride = self.stride;
            p.any_word(self, other, |y, i, w| {
                out.words[y as usize * stride + i] = w;
                false
            });
        }
        out
    }

    /// The first pixel (in `self`'s pixel space) set in both masks, `other` placed at `offset`,
    /// searching in `order`; `None` when they do not overlap.
    ///
    /// ```
    /// use collide2d::bitmask::{Bitmask, ScanOrder};
    /// let a = Bitmask::from_fn(8, 8, |x, y| x + y == 7); // the anti-diagonal
    /// let b = Bitmask::full(8, 8);
    /// assert_eq!(a.first_overlap(&b, (0, 0), ScanOrder::TopLeft), Some((7, 0)));
    /// assert_eq!(a.first_overlap(&b, (0, 0), ScanOrder::LeftTop), Some((0, 7)));
    /// assert_eq!(a.first_overlap(&b, (0, 0), ScanOrder::BottomRight), Some((0, 7)));
    /// ```
    pub fn first_overlap(&self, other: &Bitmask, offset: (i32, i32), order: ScanOrder) -> Option<(u32, u32)> {
        let p = Placement::new(self, other, offset)?;
        let at = |y: u32, i: usize| -> u64 { self.row(y)[i] & p.shifted(p.other_row(other, y), i) };
        let low = |i: usize, w: u64| i as u32 * 64 + w.trailing_zeros();
        let high = |i: usize, w: u64| i as u32 * 64 + 63 - w.leading_zeros();
        use ScanOrder as S;
        match order {
            S::TopLeft | S::TopRight | S::BottomLeft | S::BottomRight => {
                let from_left = matches!(order, S::TopLeft | S::BottomLeft);
                let rows = p.y0..p.y1;
                let mut scan_row = |y: u32| -> Option<(u32, u32)> {
                    if from_left {
                        (p.i0..p.i1).find_map(|i| Some(at(y, i)).filter(|&w| w != 0).map(|w| (low(i, w), y)))
                    } else {
                        (p.i0..p.i1).rev().find_map(|i| Some(at(y, i)).filter(|&w| w != 0).map(|w| (high(i, w), y)))
                    }
                };
                if matches!(order, S::TopLeft | S::TopRight) {
                    rows.into_iter().find_map(&mut scan_row)
                } else {
                    rows.rev().find_map(scan_row)
                }
            }
            S::LeftTop | S::LeftBottom | S::RightTop | S::RightBottom => {
                let from_top = matches!(order, S::LeftTop | S::RightTop);
                let from_left = matches!(order, S::LeftTop | S::LeftBottom);
                // Column of words by column of words; within one, the extreme bit over all rows,
                // ties going to the first row in the chosen vertical direction.
                let scan_column = |i: usize| -> Option<(u32, u32)> {
                    let mut best: Option<(u32, u32)> = None;
                    let mut consider = |y: u32| {
                        let w = at(y, i);
                        if w != 0 {
                            let x = if from_left { low(i, w) } else { high(i, w) };
                            let better = match best {
                                None => true,
                                Some((bx, _)) => (from_left && x < bx) || (!from_left && x > bx),
                            };
                            if better {
                                best = Some((x, y));
                            }
                        }
                    };
                    if from_top {
                        (p.y0..p.y1).for_each(&mut consider);
                    } else {
                        (p.y0..p.y1).rev().for_each(&mut consider);
                    }
                    best
                };
                if from_left {
                    (p.i0..p.i1).find_map(scan_column)
                } else {
                    (p.i0..p.i1).rev().find_map(scan_column)
                }
            }
        }
    }

    /// The mean position of the set pixels' centres, `None` when none is set. Sums bit positions
    /// a word at a time.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let m = Bitmask::from_fn(100, 3, |x, y| y == 2 && (x == 0 || x == 99));
    /// assert_eq!(m.centroid(), Some(collide2d::Vec2::new(50.0, 2.5)));
    /// ```
    pub fn centroid(&self) -> Option<crate::Vec2> {
        let (mut n, mut sx, mut sy) = (0u64, 0u128, 0u128);
        for y in 0..self.height {
            for (i, &w) in self.row(y).iter().enumerate() {
                if w != 0 {
                    let c = w.count_ones() as u64;
                    n += c;
                    sx += (bit_index_sum(w) + c * 64 * i as u64) as u128;
                    sy += c as u128 * y as u128;
                }
            }
        }
        (n > 0).then(|| crate::Vec2::new((sx as f64 / n as f64 + 0.5) as f32, (sy as f64 / n as f64 + 0.5) as f32))
    }
}

/// The sum of the indices of the set bits of `w`.
#[inline]
fn bit_index_sum(w: u64) -> u64 {
    const LAYERS: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    LAYERS.iter().enumerate().map(|(k, m)| ((w & m).count_ones() as u64) << k).sum()
}

/// Calls `f(start, end)` for each run of set bits of a row (end excluded), a word at a time.
pub(crate) fn row_runs(row: &[u64], width: u32, mut f: impl FnMut(u32, u32)) {
    let mut start = 0u32;
    let mut in_run = false;
    for (i, &w) in row.iter().enumerate() {
        let base = i as u32 * 64;
        let mut pos = 0u32;
        while pos < 64 {
            // The next bit, from `pos`, that differs from the current state.
            let rest = if in_run { !w } else { w } >> pos;
            if rest == 0 {
                break;
            }
            let t = pos + rest.trailing_zeros();
            if in_run {
                f(start, base + t);
            } else {
                start = base + t;
            }
            in_run = !in_run;
            pos = t;
        }
    }
    if in_run {
        f(start, width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference_overlap(a: &Bitmask, b: &Bitmask, (dx, dy): (i32, i32)) -> u64 {
        let mut n = 0;
        for y in 0..a.height() {
            for x in 0..a.width() {
                let (u, v) = (x as i64 - dx as i64, y as i64 - dy as i64);
                if a.get(x, y) && u >= 0 && v >= 0 && u < b.width() as i64 && v < b.height() as i64 {
                    n += b.get(u as u32, v as u32) as u64;
                }
            }
        }
        n
    }

    #[test]
    fn fill_keeps_bits_beyond_the_width_clear() {
        let m = Bitmask::full(70, 2);
        assert_eq!(m.count(), 140);
        assert_eq!(m.row(1)[1], (1 << 6) - 1);
    }

    #[test]
    fn shifted_words_line_up_at_every_bit_offset() {
        let a = Bitmask::from_fn(150, 5, |x, y| (x * 7 + y * 3) % 5 == 0);
        let b = Bitmask::from_fn(90, 4, |x, y| (x + y * 11) % 3 == 0);
        for dx in -100..160 {
            for dy in -5..7 {
                assert_eq!(a.overlap_area(&b, (dx, dy)), reference_overlap(&a, &b, (dx, dy)), "{dx} {dy}");
            }
        }
    }

    #[test]
    fn extreme_offsets_do_not_overflow() {
        let a = Bitmask::full(65, 65);
        for o in [(i32::MIN, i32::MIN), (i32::MAX, i32::MAX), (i32::MIN, 0), (0, i32::MAX)] {
            assert!(!a.overlaps(&a, o));
            assert_eq!(a.first_overlap(&a, o, ScanOrder::RightBottom), None);
        }
    }

    #[test]
    fn runs_cross_word_boundaries() {
        let m = Bitmask::from_fn(192, 1, |x, _| (10..140).contains(&x) || x == 191);
        assert_eq!(m.runs().collect::<Vec<_>>(), vec![(0, 10, 140), (0, 191, 192)]);
    }

    #[test]
    fn bit_index_sum_matches_a_loop() {
        for w in [0u64, 1, !0, 0x8000_0000_0000_0001, 0x1234_5678_9ABC_DEF0] {
            let slow: u64 = (0..64).filter(|b| w >> b & 1 == 1).sum();
            assert_eq!(bit_index_sum(w), slow);
        }
    }
}
