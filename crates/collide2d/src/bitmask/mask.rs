//! The mask itself: storage, construction, pixel access and whole-mask summaries (count, bounds,
//! runs, centroid).

use super::PixelRect;
use crate::pixels::{Rgba8, Solidity};

/// A one-bit-per-pixel mask; see the [module documentation](super) for layout and offsets.
///
/// A mask may have a zero width or height; it then holds no pixel and overlaps nothing.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitmask {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) stride: usize,
    pub(super) words: Vec<u64>,
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
pub(super) fn stride_of(width: u32) -> usize {
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

    /// The solid pixels of an RGBA8 picture, by `rule` (the rule tracing uses too). A rule of
    /// alpha alone (no colours ignored) runs 64 pixels at a time, as [`Bitmask::from_alpha`].
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
        if rule.ignore.is_empty() {
            // Alpha alone: 64 pixels at a time (an `Rgba8` always holds its rows, so this is
            // never `None`).
            if let Some(m) = Self::from_alpha(width, height, image.data(), width as usize * 4, 3, rule.alpha_above) {
                return m;
            }
        }
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
    pub(super) fn row_mut(&mut self, y: u32) -> &mut [u64] {
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
pub(super) fn row_runs(row: &[u64], width: u32, mut f: impl FnMut(u32, u32)) {
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

    /// Masks up to 64 pixels a side are drawn row by row under the summary; larger ones (in
    /// either direction) get the summary alone.
    #[test]
    fn debug_draws_small_masks_only() {
        let l = Bitmask::from_fn(3, 2, |x, y| x == 0 || y == 1);
        assert_eq!(format!("{l:?}"), "Bitmask(3×2, 4 set)\n#..\n###");
        let lines = |m: &Bitmask| format!("{m:?}").lines().count();
        assert_eq!(lines(&Bitmask::new(64, 64)), 65);
        assert_eq!(lines(&Bitmask::new(65, 64)), 1);
        assert_eq!(lines(&Bitmask::new(64, 65)), 1);
        assert_eq!(format!("{:?}", Bitmask::full(65, 64)), "Bitmask(65×64, 4160 set)");
    }

    /// Setting and clearing one pixel at a time: words of 64 bits, rows `stride` words apart,
    /// and nothing happens outside the mask (one past either side, or far out).
    #[test]
    fn set_and_get_address_one_bit_per_pixel() {
        let mut m = Bitmask::new(70, 3);
        assert_eq!((m.stride(), m.words().len()), (2, 6));
        assert!(m.is_clear());
        for (x, y) in [(0, 0), (63, 1), (64, 1), (69, 2)] {
            m.set(x, y, true);
            assert!(m.get(x, y), "({x}, {y}) was set");
        }
        assert_eq!(m.words(), &[1, 0, 1 << 63, 1, 0, 1 << 5]);
        assert!(!m.is_clear());
        // Outside: no bit changes, and every read is false.
        for (x, y) in [(70, 0), (0, 3), (70, 3), (u32::MAX, 1), (5, u32::MAX)] {
            m.set(x, y, true);
            assert!(!m.get(x, y), "({x}, {y}) is outside");
        }
        assert_eq!(m.count(), 4);
        // One past a width that fills its last word is outside too, not the next row's start.
        let whole = Bitmask::full(64, 2);
        assert!(!whole.get(64, 0) && whole.get(63, 0) && !whole.get(0, 2));
        // Clearing takes off that bit alone; setting twice, or clearing a clear bit, changes nothing.
        m.set(64, 1, false);
        m.set(64, 1, false);
        m.set(0, 0, true);
        assert_eq!(m.words(), &[1, 0, 1 << 63, 0, 0, 1 << 5]);
        m.set(63, 1, false);
        m.set(0, 0, false);
        m.set(69, 2, false);
        assert!(m.is_clear());
    }

    /// Filling sets each row's last word up to the width only, a whole word when the width is a
    /// multiple of 64; a mask without pixels stays without; clearing clears everything.
    #[test]
    fn fill_covers_exactly_the_mask() {
        assert_eq!(Bitmask::full(128, 2).count(), 256);
        assert_eq!(Bitmask::full(128, 2).words(), &[!0; 4]);
        assert_eq!(Bitmask::full(1, 3).words(), &[1; 3]);
        for (w, h) in [(0, 3), (3, 0), (0, 0)] {
            let m = Bitmask::full(w, h);
            assert!(m.is_clear() && m.words().is_empty(), "{w}×{h}");
        }
        let mut m = Bitmask::full(70, 2);
        m.fill(false);
        assert!(m.is_clear() && m.words().len() == 4);
    }

    #[test]
    fn fill_keeps_bits_beyond_the_width_clear() {
        let m = Bitmask::full(70, 2);
        assert_eq!(m.count(), 140);
        assert_eq!(m.row(1)[1], (1 << 6) - 1);
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
