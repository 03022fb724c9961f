//! Mask against mask at an integer offset: whole words ANDed, `other`'s shifted into line.

use super::Bitmask;

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

/// Word `q` of a row, zero outside it (q may be negative).
#[inline(always)]
fn word_at(row: &[u64], q: i64) -> u64 {
    // A negative q wraps to a huge usize, which `get` refuses.
    row.get(q as usize).copied().unwrap_or(0)
}

/// How `other` lies on `self` at an offset: the overlapping rows and words of `self`, and the
/// word index and bit shift that line `other`'s bits up with `self`'s words.
#[derive(Clone, Copy, Debug)]
struct Placement {
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
    fn new(a: &Bitmask, b: &Bitmask, offset: (i32, i32)) -> Option<Self> {
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

    /// Whether `self`'s word `i` (of those before `i1`) lies left of `other`'s row, for
    /// [`fold_row`](Self::fold_row)'s first loop. Its own function so that the mutation
    /// exclusions name it alone: that loop only sends words to the checked path (`shifted`, which
    /// gives the same bits as the fast one), so more words through it (`<=`, `-`) change no
    /// result, and `q0 + i1 >= 0` always (the overlap's last word lies at or after other's
    /// first), so `||` and `i <= i1` never run a word past the overlap.
    #[inline(always)]
    fn left_of_other(&self, i: usize, i1: usize) -> bool {
        i < i1 && self.q0 + (i as i64) < 0
    }

    /// Where in `other`'s row [`fold_row`](Self::fold_row)'s fast middle starts, from `self`'s
    /// word `i`; `None` if no word is left. Its own function so that the mutation exclusions
    /// name it alone: skipping the middle (`i > i1`, `i == i1`, `None`) leaves every word to the
    /// checked loop after it; entering it with no word (`i <= i1`) does nothing; `q0 - i` is
    /// negative whenever it differs from `q0 + i` there, so the words left (saturating to 0)
    /// skip it too.
    #[inline(always)]
    fn middle_start(&self, i: usize, i1: usize) -> Option<usize> {
        (i < i1).then(|| (self.q0 + i as i64) as usize)
    }

    /// Folds `f` over the ANDs of `self`'s words `i0 .. i1` of one row with `other`'s words
    /// under them. The middle words, where `other`'s two source words both exist, go through a
    /// `zip` without bounds checks or branches (so the loop can be vectorised); the at most one
    /// word at either end that reaches past `other`'s row takes the checked path.
    #[inline(always)]
    fn fold_row<T>(&self, arow: &[u64], brow: &[u64], init: T, mut f: impl FnMut(T, u64) -> T) -> T {
        let (mut i, i1) = (self.i0, self.i1);
        let mut acc = init;
        while self.left_of_other(i, i1) {
            acc = f(acc, arow[i] & self.shifted(brow, i));
            i += 1;
        }
        if let Some(q) = self.middle_start(i, i1) {
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
    /// Whether any set pixel of `other`, placed at `offset` (see the [module docs](super)), lies on
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
    fn shifted_words_line_up_at_every_bit_offset() {
        let a = Bitmask::from_fn(150, 5, |x, y| (x * 7 + y * 3) % 5 == 0);
        let b = Bitmask::from_fn(90, 4, |x, y| (x + y * 11) % 3 == 0);
        for dx in -100..160 {
            for dy in -5..7 {
                assert_eq!(a.overlap_area(&b, (dx, dy)), reference_overlap(&a, &b, (dx, dy)), "{dx} {dy}");
            }
        }
    }

    /// Two overlapping pixels at the same bit of two words of one row: folding the row's words
    /// must keep both (as an OR does; an XOR would cancel them).
    #[test]
    fn hits_at_one_bit_of_two_words_are_both_seen() {
        let a = Bitmask::full(130, 2);
        let b = Bitmask::from_fn(130, 1, |x, _| x == 5 || x == 69);
        assert!(a.overlaps(&b, (0, 1)));
        assert_eq!(a.overlap_area(&b, (0, 1)), 2);
    }

    #[test]
    fn extreme_offsets_do_not_overflow() {
        let a = Bitmask::full(65, 65);
        for o in [(i32::MIN, i32::MIN), (i32::MAX, i32::MAX), (i32::MIN, 0), (0, i32::MAX)] {
            assert!(!a.overlaps(&a, o));
            assert_eq!(a.first_overlap(&a, o, ScanOrder::RightBottom), None);
        }
    }
}
