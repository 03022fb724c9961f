//! How one mask lies on another at an offset, and the word loops every overlap query runs: the
//! ANDs of `self`'s words with `other`'s bits shifted under them, a word at a time.
//!
//! Every overlapping word is computed by one formula, with no branch on where it lies:
//! `a & keep & join(b[lo], b[hi], r)`, where `lo` and `hi` are `other`'s two words under it
//! (clamped to `other`'s row) and `keep` the word's bits inside the overlapping columns. A
//! clamped word only ever feeds bits outside those columns (see [`Placement::column`]), which
//! `keep` clears, so a row needs no special first or last word.
//!
//! Two loop orders walk the same words. A narrow overlap (a sprite: one or two words a row) goes
//! column by column, each a tight loop down the rows with its words fixed, as pygame's
//! `bitmask.c` walks its column-major stripes; a wide one goes row by row, where the words in
//! the middle of a row are contiguous in both masks.

use super::Bitmask;

/// Overlaps this many words wide or narrower are walked column by column (measured on sprites
/// against sprites and a 1024² level: columns win up to four words, rows past that).
pub(super) const NARROW: usize = 4;

/// `other`'s 64 bits starting at bit `r` of `lo` (0 to 63), the rest from `hi`.
#[inline(always)]
pub(super) fn join(lo: u64, hi: u64, r: u32) -> u64 {
    // `hi << (64 - r)` would overflow at r = 0; two shifts give 0 there instead.
    (lo >> r) | ((hi << 1) << (63 - r))
}

/// The number of set bits in each byte of `w` (0 to 8 a byte): the first three steps of a
/// popcount, whose sums [`byte_sum`] finishes. Summing these for up to 31 words before
/// finishing (bytes stay at most 248) leaves a third of a popcount per word: the baseline
/// x86-64 target has no popcount instruction, and its twelve-step stand-in was most of an
/// overlap's time.
#[inline(always)]
pub(super) fn byte_counts(w: u64) -> u64 {
    let w = w - ((w >> 1) & 0x5555_5555_5555_5555);
    let w = (w & 0x3333_3333_3333_3333) + ((w >> 2) & 0x3333_3333_3333_3333);
    (w + (w >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The sum of the eight bytes of `bytes`.
#[inline(always)]
pub(super) fn byte_sum(bytes: u64) -> u64 {
    let pairs = (bytes & 0x00FF_00FF_00FF_00FF) + ((bytes >> 8) & 0x00FF_00FF_00FF_00FF);
    pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// Words a byte count may sum before [`byte_sum`]: 31 × 8 = 248 fits a byte.
pub(super) const SUMMED: usize = 31;

/// One column of an overlap, for the loops down it: `self`'s word index in its first row,
/// `other`'s row start there, the column's source words and bits to keep ([`Placement::column`]),
/// the rows and the shift.
#[derive(Clone, Copy, Debug)]
pub(super) struct Column {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) lo: usize,
    pub(super) hi: usize,
    pub(super) keep: u64,
    pub(super) rows: usize,
    pub(super) r: u32,
}

/// The AND of a column's word in the row where `self`'s word is `ia` and `other`'s row starts
/// at `ib`.
#[inline(always)]
pub(super) fn column_word(a: &Bitmask, b: &Bitmask, c: &Column, ia: usize, ib: usize) -> u64 {
    a.words[ia] & c.keep & join(b.words[ib + c.lo], b.words[ib + c.hi], c.r)
}

/// Whether both masks set a pixel down one column, a row at a time: the portable twin of
/// `sse2::column_any`.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2", not(test)), allow(dead_code))]
pub(super) fn column_any_portable(a: &Bitmask, b: &Bitmask, c: Column) -> bool {
    (0..c.rows).any(|k| column_word(a, b, &c, c.a + k * a.stride, c.b + k * b.stride) != 0)
}

/// How many pixels both masks set down one column, two rows at a time (two independent sums,
/// which the compiler keeps side by side in one vector register): the portable twin of
/// `sse2::column_count`.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2", not(test)), allow(dead_code))]
pub(super) fn column_count_portable(a: &Bitmask, b: &Bitmask, c: Column) -> u64 {
    let (sa, sb) = (a.stride, b.stride);
    let (mut ia, mut ib) = (c.a, c.b);
    let mut left = c.rows;
    let mut total = 0;
    while left >= 2 {
        let pairs = (left / 2).min(SUMMED);
        let mut sums = [0u64; 2];
        for _ in 0..pairs {
            sums[0] += byte_counts(column_word(a, b, &c, ia, ib));
            sums[1] += byte_counts(column_word(a, b, &c, ia + sa, ib + sb));
            ia += 2 * sa;
            ib += 2 * sb;
        }
        total += byte_sum(sums[0]) + byte_sum(sums[1]);
        left -= 2 * pairs;
    }
    if left == 1 {
        total += u64::from(column_word(a, b, &c, ia, ib).count_ones());
    }
    total
}

/// How `other` lies on `self` at an offset: the overlapping rows and words of `self`, and where
/// `other`'s bits under them come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placement {
    /// The first row of `self` both masks cover, and `other`'s row under it.
    pub(super) y0: usize,
    pub(super) v0: usize,
    /// How many rows both cover (at least 1).
    pub(super) rows: usize,
    /// The words of `self` holding the overlapping columns, `i0 .. i1` (at least one).
    pub(super) i0: usize,
    pub(super) i1: usize,
    /// `other`'s bits under `self`'s word `i` start at bit `r` of `other`'s word `i + q0`.
    q0: i64,
    r: u32,
    /// The bits of words `i0` and `i1 - 1` inside the overlapping columns.
    first_bits: u64,
    last_bits: u64,
}

impl Placement {
    /// `None` when the rectangles do not overlap (or either mask is empty in size).
    #[inline]
    pub(super) fn new(a: &Bitmask, b: &Bitmask, offset: (i32, i32)) -> Option<Self> {
        let (dx, dy) = (i64::from(offset.0), i64::from(offset.1));
        let x0 = dx.max(0);
        let x1 = i64::from(a.width).min(dx + i64::from(b.width));
        let y0 = dy.max(0);
        let y1 = i64::from(a.height).min(dy + i64::from(b.height));
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        Some(Self {
            y0: y0 as usize,
            v0: (y0 - dy) as usize,
            rows: (y1 - y0) as usize,
            i0: (x0 / 64) as usize,
            i1: (x1 as u64).div_ceil(64) as usize,
            q0: (-dx).div_euclid(64),
            r: (-dx).rem_euclid(64) as u32,
            first_bits: !0 << (x0 % 64),
            last_bits: !0 >> ((64 - x1 % 64) % 64),
        })
    }

    /// Where `self`'s word `i` (in `i0 .. i1`) finds `other`'s bits: the low and high source
    /// words in `other`'s row (`stride` words, at least one), and the bits to keep.
    ///
    /// The source words are `q = i + q0` and `q + 1`, and `q` lies in `-1 ..= stride - 1`, since
    /// the word holds a pixel of the overlap. Only two can fall outside the row, each clamped
    /// to its nearest word: `q = -1`, for the first word alone, when `other` starts inside it
    /// (its bits from the clamped word land left of `other`'s first column); and `q + 1 =
    /// stride`, for the last word alone (its bits land past `other`'s last column). Either way
    /// they lie outside the overlapping columns, and `keep` clears them.
    #[inline(always)]
    pub(super) fn column(&self, i: usize, stride: usize) -> (usize, usize, u64) {
        let last = stride as i64 - 1;
        let q = self.q0 + i as i64;
        let first = if i == self.i0 { self.first_bits } else { !0 };
        let keep = if i + 1 == self.i1 { first & self.last_bits } else { first };
        (q.max(0).min(last) as usize, (q + 1).max(0).min(last) as usize, keep)
    }

    /// The AND of `self`'s word `i` of row `y` (both inside the overlap) with `other`'s bits
    /// under it.
    #[inline]
    pub(super) fn word(&self, a: &Bitmask, b: &Bitmask, y: usize, i: usize) -> u64 {
        let (lo, hi, keep) = self.column(i, b.stride);
        let brow = &b.words[(y - self.y0 + self.v0) * b.stride..];
        a.words[y * a.stride + i] & keep & join(brow[lo], brow[hi], self.r)
    }

    /// How many pixels both masks set: the bits of every overlapping word, column by column
    /// for a narrow overlap, row by row for a wide one.
    #[inline]
    pub(super) fn count(&self, a: &Bitmask, b: &Bitmask) -> u64 {
        if self.i1 - self.i0 <= NARROW {
            self.count_columns(a, b)
        } else {
            self.count_rows(a, b)
        }
    }

    /// [`count`](Self::count) column by column, each down its rows by `column_count` (SSE2 on
    /// x86-64, else portable).
    pub(super) fn count_columns(&self, a: &Bitmask, b: &Bitmask) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        let column_count = super::sse2::column_count;
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        let column_count = column_count_portable;
        (self.i0..self.i1).map(|i| column_count(a, b, self.column_at(a, b, i))).sum()
    }

    /// Whether the masks share a set pixel: column by column for a narrow overlap (each by
    /// `column_any`, SSE2 on x86-64, else portable), row by row for a wide one.
    #[inline]
    pub(super) fn any(&self, a: &Bitmask, b: &Bitmask) -> bool {
        if self.i1 - self.i0 <= NARROW {
            self.any_columns(a, b)
        } else {
            self.fold_rows(a, b, 0, |seen, w| seen | w, |&seen| seen != 0) != 0
        }
    }

    /// [`any`](Self::any) column by column.
    pub(super) fn any_columns(&self, a: &Bitmask, b: &Bitmask) -> bool {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        let column_any = super::sse2::column_any;
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        let column_any = column_any_portable;
        (self.i0..self.i1).any(|i| column_any(a, b, self.column_at(a, b, i)))
    }

    /// Column `i` of the overlap, for the loops down it.
    #[inline(always)]
    pub(super) fn column_at(&self, a: &Bitmask, b: &Bitmask, i: usize) -> Column {
        let (lo, hi, keep) = self.column(i, b.stride);
        Column { a: self.y0 * a.stride + i, b: self.v0 * b.stride, lo, hi, keep, rows: self.rows, r: self.r }
    }

    /// [`count`](Self::count) row by row: the two end words, then the middle ones (contiguous
    /// in both masks) in runs of [`SUMMED`].
    pub(super) fn count_rows(&self, a: &Bitmask, b: &Bitmask) -> u64 {
        let (arows, brows) = self.row_blocks(a, b);
        let (i0, i1, r) = (self.i0, self.i1, self.r);
        let (lo0, hi0, keep0) = self.column(i0, b.stride);
        let (lo1, hi1, keep1) = self.column(i1 - 1, b.stride);
        let (n, q) = self.middle();
        let mut total = 0;
        for (arow, brow) in arows.chunks_exact(a.stride).zip(brows.chunks_exact(b.stride)) {
            let mut ends = byte_counts(arow[i0] & keep0 & join(brow[lo0], brow[hi0], r));
            if i1 - 1 > i0 {
                ends += byte_counts(arow[i1 - 1] & keep1 & join(brow[lo1], brow[hi1], r));
            }
            total += byte_sum(ends);
            if n > 0 {
                for (k, words) in arow[i0 + 1..i0 + 1 + n].chunks(SUMMED).enumerate() {
                    let from = q + k * SUMMED;
                    let mut sum = 0;
                    for (&x, pair) in words.iter().zip(brow[from..from + words.len() + 1].windows(2)) {
                        sum += byte_counts(x & join(pair[0], pair[1], r));
                    }
                    total += byte_sum(sum);
                }
            }
        }
        total
    }

    /// The middle words of a row, `i0 + 1 .. i1 - 1`: how many (`n`), and `other`'s word `q`
    /// under the first. They read `other`'s words `q` (the first's `lo`) to `q + n` (the last
    /// one's `hi`), all inside its row.
    #[inline(always)]
    fn middle(&self) -> (usize, usize) {
        ((self.i1 - self.i0).saturating_sub(2), (self.q0 + self.i0 as i64 + 1).max(0) as usize)
    }

    /// The rows of both masks that overlap, as slices of whole rows.
    #[inline(always)]
    fn row_blocks<'m>(&self, a: &'m Bitmask, b: &'m Bitmask) -> (&'m [u64], &'m [u64]) {
        let (sa, sb) = (a.stride, b.stride);
        (&a.words[self.y0 * sa..(self.y0 + self.rows) * sa], &b.words[self.v0 * sb..(self.v0 + self.rows) * sb])
    }

    /// Folds `f` over the ANDs of every overlapping word, row by row: the first word, the
    /// middle ones (whose two source words always lie in `other`'s row, contiguous), the last;
    /// stopping after a row once `stop` says so.
    #[inline(always)]
    pub(super) fn fold_rows<T>(
        &self,
        a: &Bitmask,
        b: &Bitmask,
        init: T,
        mut f: impl FnMut(T, u64) -> T,
        stop: impl Fn(&T) -> bool,
    ) -> T {
        let (arows, brows) = self.row_blocks(a, b);
        let (i0, i1, r) = (self.i0, self.i1, self.r);
        let (lo0, hi0, keep0) = self.column(i0, b.stride);
        let (lo1, hi1, keep1) = self.column(i1 - 1, b.stride);
        let (n, q) = self.middle();
        let mut acc = init;
        for (arow, brow) in arows.chunks_exact(a.stride).zip(brows.chunks_exact(b.stride)) {
            acc = f(acc, arow[i0] & keep0 & join(brow[lo0], brow[hi0], r));
            if n > 0 {
                for (&x, pair) in arow[i0 + 1..i0 + 1 + n].iter().zip(brow[q..q + n + 1].windows(2)) {
                    acc = f(acc, x & join(pair[0], pair[1], r));
                }
            }
            if i1 - 1 > i0 {
                acc = f(acc, arow[i1 - 1] & keep1 & join(brow[lo1], brow[hi1], r));
            }
            if stop(&acc) {
                return acc;
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The per-pixel reference: the pixels of `a` (in `a`'s space) also set in `b` at `offset`.
    fn reference(a: &Bitmask, b: &Bitmask, (dx, dy): (i32, i32)) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for y in 0..a.height() {
            for x in 0..a.width() {
                let (u, v) = (i64::from(x) - i64::from(dx), i64::from(y) - i64::from(dy));
                let inside = (0..i64::from(b.width())).contains(&u) && (0..i64::from(b.height())).contains(&v);
                if a.get(x, y) && inside && b.get(u as u32, v as u32) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// The set pixels of every overlapping word, gathered through `word` in row order.
    fn through_words(p: &Placement, a: &Bitmask, b: &Bitmask) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for y in p.y0..p.y0 + p.rows {
            for i in p.i0..p.i1 {
                let w = p.word(a, b, y, i);
                out.extend((0..64).filter(|k| w >> k & 1 == 1).map(|k| ((i * 64 + k) as u32, y as u32)));
            }
        }
        out
    }

    /// What each loop counts and finds, for every placement whatever its width: row by row
    /// (by folding, by byte sums), column by column (portable, and SSE2 on x86-64), and as
    /// the queries choose.
    fn every_loop(p: &Placement, a: &Bitmask, b: &Bitmask) -> [(u64, u64, bool, bool); 3] {
        let count = |n: u64, w: u64| n + u64::from(w.count_ones());
        let rows_any = p.fold_rows(a, b, 0, |seen, w| seen | w, |&seen| seen != 0) != 0;
        let columns = |i| p.column_at(a, b, i);
        [
            (p.fold_rows(a, b, 0, count, |_| false), p.count_rows(a, b), rows_any, rows_any),
            (
                (p.i0..p.i1).map(|i| column_count_portable(a, b, columns(i))).sum(),
                p.count_columns(a, b),
                (p.i0..p.i1).any(|i| column_any_portable(a, b, columns(i))),
                p.any_columns(a, b),
            ),
            (p.count(a, b), p.count(a, b), p.any(a, b), p.any(a, b)),
        ]
    }

    fn mask(max_w: u32, max_h: u32) -> impl Strategy<Value = Bitmask> {
        (1..=max_w, 1..=max_h, 0.0f64..1.0, any::<u64>()).prop_map(|(w, h, density, seed)| {
            let mut s = seed | 1;
            Bitmask::from_fn(w, h, |_, _| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s % 1000) as f64 / 1000.0 < density
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Both loop orders, and the single-word access, see exactly the pixels the per-pixel
        /// reference does, on masks of every width up to five words and offsets reaching past
        /// either side.
        #[test]
        fn both_loop_orders_match_the_per_pixel_reference(
            a in mask(330, 9),
            b in mask(330, 9),
            dx in -340i32..340,
            dy in -10i32..10,
        ) {
            let want = reference(&a, &b, (dx, dy));
            match Placement::new(&a, &b, (dx, dy)) {
                None => prop_assert!(want.is_empty()),
                Some(p) => {
                    prop_assert_eq!(through_words(&p, &a, &b), want.clone());
                    for (order, got) in every_loop(&p, &a, &b).into_iter().enumerate() {
                        let (n, any) = (want.len() as u64, !want.is_empty());
                        prop_assert_eq!(got, (n, n, any, any), "loop {}", order);
                    }
                }
            }
        }
    }

    /// Hand cases at the edges: a pixel of `other` just inside each side of `self`, on word
    /// boundaries and one past them, widths around multiples of 64, one-pixel masks.
    #[test]
    fn edges_of_words_and_masks() {
        for (wa, wb) in [(1, 1), (63, 1), (64, 64), (65, 63), (128, 65), (129, 200), (1, 300), (300, 1)] {
            let a = Bitmask::full(wa, 3);
            for dot_x in [0, wb / 2, wb - 1] {
                let b = Bitmask::from_fn(wb, 2, |x, y| x == dot_x && y == 1);
                for dx in [-(wb as i32), -(wb as i32) + 1, -64, -63, -1, 0, 1, 63, 64, 65, wa as i32 - 1, wa as i32] {
                    for dy in [-2, -1, 0, 2, 3] {
                        let want = reference(&a, &b, (dx, dy));
                        let got = Placement::new(&a, &b, (dx, dy))
                            .map(|p| (through_words(&p, &a, &b), every_loop(&p, &a, &b)));
                        let n = want.len() as u64;
                        let expected = (!want.is_empty()).then(|| (want.clone(), [(n, n, true, true); 3]));
                        match got {
                            // A placement can exist and hold no set pixel.
                            Some((pixels, orders)) if want.is_empty() => {
                                assert!(
                                    pixels.is_empty() && orders == [(0, 0, false, false); 3],
                                    "{wa} {wb} {dot_x} {dx} {dy}"
                                )
                            }
                            got => assert_eq!(got, expected, "{wa} {wb} {dot_x} {dx} {dy}"),
                        }
                    }
                }
            }
        }
    }

    /// Full masks set every bit of every word, so each byte of a byte count takes its largest
    /// value: columns longer than the runs summed at once (62 rows), rows longer than a run
    /// (33 words), in both orders, must still count every pixel.
    #[test]
    fn long_full_columns_and_rows_count_every_pixel() {
        let (a, b) = (Bitmask::full(2500, 140), Bitmask::full(2300, 133));
        for (dx, dy) in [(0, 0), (1, 0), (-1, 3), (63, 7), (64, -5), (200, 1), (-2299, 0), (2499, 139), (-7, -132)] {
            let p = Placement::new(&a, &b, (dx, dy)).expect("overlapping");
            let columns = (2500i64.min(dx as i64 + 2300) - (dx as i64).max(0)) as u64;
            let rows = (140i64.min(dy as i64 + 133) - (dy as i64).max(0)) as u64;
            let portable: u64 = (p.i0..p.i1).map(|i| column_count_portable(&a, &b, p.column_at(&a, &b, i))).sum();
            let counts = (p.count_columns(&a, &b), p.count_rows(&a, &b), portable);
            assert_eq!(counts, (columns * rows, columns * rows, columns * rows), "{dx} {dy}");
        }
        assert_eq!(byte_sum(byte_counts(!0) * SUMMED as u64), 64 * SUMMED as u64);
    }

    /// The two halves of a joined word: bit `r` of `lo` first, and nothing of `hi` at r = 0.
    #[test]
    fn join_takes_the_high_word_only_past_the_shift() {
        assert_eq!(join(0b1010, !0, 1), 0b101 | 1 << 63);
        assert_eq!(join(1 << 63, 0b11, 63), 0b111);
        assert_eq!(join(0x1234, !0, 0), 0x1234);
    }
}
