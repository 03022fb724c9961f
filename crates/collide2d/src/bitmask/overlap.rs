//! Mask against mask at an integer offset: whole words ANDed, `other`'s shifted into line.

use super::placement::Placement;
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
        p.any(self, other)
    }

    /// How many pixels are set in both masks, `other` placed at `offset`.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let a = Bitmask::full(100, 100);
    /// let b = Bitmask::full(10, 10);
    /// assert_eq!(a.overlap_area(&b, (95, -3)), 5 * 7);
    /// ```
    pub fn overlap_area(&self, other: &Bitmask, offset: (i32, i32)) -> u64 {
        let Some(p) = Placement::new(self, other, offset) else { return 0 };
        p.count(self, other)
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
            for y in p.y0..p.y0 + p.rows {
                for i in p.i0..p.i1 {
                    out.words[y * self.stride + i] = p.word(self, other, y, i);
                }
            }
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
        let at = |y: u32, i: usize| -> u64 { p.word(self, other, y as usize, i) };
        let (y0, y1) = (p.y0 as u32, (p.y0 + p.rows) as u32);
        let low = |i: usize, w: u64| i as u32 * 64 + w.trailing_zeros();
        let high = |i: usize, w: u64| i as u32 * 64 + 63 - w.leading_zeros();
        use ScanOrder as S;
        match order {
            S::TopLeft | S::TopRight | S::BottomLeft | S::BottomRight => {
                let from_left = matches!(order, S::TopLeft | S::BottomLeft);
                let rows = y0..y1;
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
                        (y0..y1).for_each(&mut consider);
                    } else {
                        (y0..y1).rev().for_each(&mut consider);
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
