//! Masks from pixel bytes by their alpha alone, 64 pixels at a time: RGBA8 pictures, and the
//! 4-byte pixels with padded rows that game libraries keep (a pygame `Surface`, an SDL surface).
//!
//! On x86-64 the test runs on 16 pixels at once in SSE2 registers (part of the x86-64 baseline,
//! so always there; see `sse2.rs`): the alpha bytes packed into one register, compared with the
//! threshold, their top bits gathered by `pmovmskb`. Elsewhere, and as the reference on x86-64
//! too, it runs on two pixels at once as one `u64`, with no branch per pixel: the alpha byte of
//! each pixel is moved to the top byte of its half, its low seven bits are added to a constant
//! that carries into the top bit exactly when they pass the threshold, and the top bits of the
//! pair are gathered into the word (see [`AlphaTest`]). The SSE2 path, a row at a time with the
//! alpha's place a constant, is what makes a mask from a pygame `Surface` cheaper than
//! `pygame.mask.from_surface` (BENCHMARKS.md).

use super::Bitmask;

/// The top bit of each half of a pixel pair, where the test leaves its answers.
const TOPS: u64 = 0x8000_0000_8000_0000;
/// The low seven bits of each pixel's alpha, once moved to the top byte of its half.
const LOW_SEVEN: u64 = 0x7F00_0000_7F00_0000;

/// "Alpha above `n`" on a pair of 4-byte pixels.
///
/// With `a` the alpha and `s = a & 0x7F`, the byte `s + c` (never above 254, so nothing carries
/// out of it) has its top bit set when `s + c >= 128`. For `n < 128`, `c = 127 - n`: the top
/// bit says `s > n`, and `a > n` when that or `a`'s own top bit holds. For `n >= 128`,
/// `c = 255 - n`: the top bit says `s > n - 128`, and `a > n` when that and `a`'s own top bit
/// both hold.
#[derive(Clone, Copy, Debug)]
struct AlphaTest {
    /// How far left to move a pixel pair for each alpha byte to be the top byte of its half.
    shift: u32,
    /// `c` in each half's top byte.
    add: u64,
}

impl AlphaTest {
    fn new(alpha_byte: usize, alpha_above: u8) -> Self {
        let c = if alpha_above < 128 { 127 - u64::from(alpha_above) } else { 255 - u64::from(alpha_above) };
        Self { shift: 8 * (3 - alpha_byte as u32), add: (c << 24) * 0x1_0000_0001 }
    }

    /// Bit 31 set when the pixel in the low four bytes of `pair` passes, bit 63 for the high
    /// four; no other bit. `LOW` is `alpha_above < 128`.
    #[inline(always)]
    fn pair<const LOW: bool>(self, pair: u64) -> u64 {
        let p = pair << self.shift;
        let s = (p & LOW_SEVEN) + self.add;
        (if LOW { s | p } else { s & p }) & TOPS
    }

    /// The word of up to 64 pixels (`4 × n` bytes, `n <= 64`): pixel `k` in bit `k`.
    #[inline(always)]
    fn word<const LOW: bool>(self, bytes: &[u8]) -> u64 {
        // Pixels 2j and 2j + 1 go to bits j and 32 + j, then the halves are interleaved. A full
        // word runs as four independent chains of eight pairs (pixels 16l .. 16l + 16 in chain
        // l), which the compiler keeps in vector registers.
        let halves = if let Ok(full) = <&[u8; 256]>::try_from(bytes) {
            let mut chains = [0u64; 4];
            for k in 0..8 {
                for (l, chain) in chains.iter_mut().enumerate() {
                    *chain |= (self.pair::<LOW>(load(&full[64 * l + 8 * k..])) >> 31) << k;
                }
            }
            chains[0] | chains[1] << 8 | chains[2] << 16 | chains[3] << 24
        } else {
            let mut pairs = bytes.chunks_exact(8);
            let mut halves = 0u64;
            for (k, pair) in (&mut pairs).enumerate() {
                halves |= (self.pair::<LOW>(load(pair)) >> 31) << k;
            }
            if let [b0, b1, b2, b3] = *pairs.remainder() {
                let last = u64::from_le_bytes([b0, b1, b2, b3, 0, 0, 0, 0]);
                halves |= (self.pair::<LOW>(last) >> 31) << (bytes.len() / 8);
            }
            halves
        };
        interleave(halves)
    }
}

/// The eight bytes at the start of `bytes` (at least eight) as a `u64` (a pixel pair). One load: taking
/// the bytes one by one, the compiler assembles them a byte at a time.
#[inline(always)]
pub(super) fn load(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().unwrap_or_default())
}

/// Bit `j` of the low half to bit `2j`, bit `j` of the high half to bit `2j + 1` (the outer
/// perfect shuffle, by five swaps of bit groups).
#[inline(always)]
fn interleave(mut x: u64) -> u64 {
    let mut swap = |mask: u64, s: u32| {
        let t = ((x >> s) ^ x) & mask;
        x ^= t ^ (t << s);
    };
    swap(0x0000_0000_FFFF_0000, 16);
    swap(0x0000_FF00_0000_FF00, 8);
    swap(0x00F0_00F0_00F0_00F0, 4);
    swap(0x0C0C_0C0C_0C0C_0C0C, 2);
    swap(0x2222_2222_2222_2222, 1);
    x
}

impl Bitmask {
    /// The pixels whose alpha is above `alpha_above`, from rows of 4-byte pixels as game
    /// libraries keep them: row `y` starts at byte `y × pitch` of `data` (so rows may be
    /// padded), pixel `x` at byte `4x` of its row, and its alpha is byte `alpha_byte` (0 to 3)
    /// of the pixel. An RGBA8 picture is `pitch = 4 × width`, `alpha_byte = 3`; a pygame
    /// `Surface` of 32 bits with an alpha mask of `0xFF << 8k` is its `get_pitch()`, and
    /// `alpha_byte = k` on a little-endian machine.
    ///
    /// `None` when `alpha_byte > 3`, `pitch < 4 × width` (with more than one row), or `data`
    /// is shorter than `pitch × (height − 1) + 4 × width`; bytes past that are not read.
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// // Two rows of two ARGB pixels (alpha first), each row padded to 12 bytes.
    /// let data = [
    ///     255, 9, 9, 9, 0, 9, 9, 9, 7, 7, 7, 7, //
    ///     128, 9, 9, 9, 127, 9, 9, 9, 7, 7, 7, 7,
    /// ];
    /// let m = Bitmask::from_alpha(2, 2, &data, 12, 0, 127).unwrap();
    /// assert_eq!((m.get(0, 0), m.get(1, 0), m.get(0, 1), m.get(1, 1)), (true, false, true, false));
    /// assert!(Bitmask::from_alpha(2, 2, &data[..19], 12, 0, 127).is_none());
    /// ```
    pub fn from_alpha(
        width: u32,
        height: u32,
        data: &[u8],
        pitch: usize,
        alpha_byte: usize,
        alpha_above: u8,
    ) -> Option<Self> {
        let row_bytes = (width as usize).checked_mul(4)?;
        if alpha_byte > 3 || (height > 1 && pitch < row_bytes) {
            return None;
        }
        if height > 0 {
            let needed = pitch.checked_mul(height as usize - 1)?.checked_add(row_bytes)?;
            if data.len() < needed {
                return None;
            }
        }
        let mut m = Self::new(width, height);
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        m.fill_sse2(data, pitch, alpha_byte, alpha_above);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        m.fill_portable(data, pitch, alpha_byte, alpha_above);
        Some(m)
    }

    /// Every row's words from its pixels, two pixels at a time (the sizes checked by the
    /// caller).
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2", not(test)), allow(dead_code))]
    fn fill_portable(&mut self, data: &[u8], pitch: usize, alpha_byte: usize, alpha_above: u8) {
        let test = AlphaTest::new(alpha_byte, alpha_above);
        if alpha_above < 128 {
            self.fill_with(data, pitch, |bytes| test.word::<true>(bytes));
        } else {
            self.fill_with(data, pitch, |bytes| test.word::<false>(bytes));
        }
    }

    /// Every row's words, each `word` of its pixels' bytes (the sizes checked by the caller).
    #[inline(always)]
    fn fill_with(&mut self, data: &[u8], pitch: usize, word: impl Fn(&[u8]) -> u64) {
        if self.stride == 0 {
            return;
        }
        let row_bytes = self.width as usize * 4;
        for (y, row) in self.words.chunks_exact_mut(self.stride).enumerate() {
            let pixels = &data[y * pitch..][..row_bytes];
            for (w, bytes) in row.iter_mut().zip(pixels.chunks(256)) {
                *w = word(bytes);
            }
        }
    }

    /// Every row's words from its pixels, 16 at a time in SSE2 registers (the sizes checked by
    /// the caller; the rows' words start clear).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    fn fill_sse2(&mut self, data: &[u8], pitch: usize, alpha_byte: usize, alpha_above: u8) {
        use super::sse2::AlphaTest;
        match alpha_byte {
            0 => self.fill_rows(data, pitch, AlphaTest::<24>::new(alpha_above)),
            1 => self.fill_rows(data, pitch, AlphaTest::<16>::new(alpha_above)),
            2 => self.fill_rows(data, pitch, AlphaTest::<8>::new(alpha_above)),
            _ => self.fill_rows(data, pitch, AlphaTest::<0>::new(alpha_above)),
        }
    }

    /// Every row's words by `test`.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    fn fill_rows<const UP: i32>(&mut self, data: &[u8], pitch: usize, test: super::sse2::AlphaTest<UP>) {
        if self.stride == 0 {
            return;
        }
        let width = self.width as usize;
        for (y, row) in self.words.chunks_exact_mut(self.stride).enumerate() {
            test.row(data, y * pitch, width, row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

        /// Every pixel's bit is its own alpha byte compared with the threshold, for every alpha
        /// position, threshold and padding, on widths around whole words, with the buffer
        /// ending at the last pixel or running on; and the portable path agrees.
        #[test]
        fn each_bit_is_its_pixels_alpha_test(
            width in 0u32..200,
            height in 0u32..5,
            pad in 0usize..9,
            alpha_byte in 0usize..4,
            alpha_above in any::<u8>(),
            seed in any::<u64>(),
            trim in any::<bool>(),
        ) {
            let pitch = width as usize * 4 + pad;
            let mut s = seed | 1;
            let data: Vec<u8> = (0..pitch * height as usize)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    // Alphas near the threshold and at the ends, as often as any other.
                    match s % 4 {
                        0 => alpha_above.wrapping_add((s >> 8) as u8 % 3).wrapping_sub(1),
                        1 => [0, 255, 127, 128][(s >> 8) as usize % 4],
                        _ => (s >> 16) as u8,
                    }
                })
                .collect();
            let needed = if height == 0 { 0 } else { pitch * (height as usize - 1) + width as usize * 4 };
            let data = if trim { &data[..needed] } else { &data[..] };
            let m = Bitmask::from_alpha(width, height, data, pitch, alpha_byte, alpha_above).unwrap();
            let mut portable = Bitmask::new(width, height);
            portable.fill_portable(data, pitch, alpha_byte, alpha_above);
            prop_assert_eq!(&portable, &m);
            for y in 0..height {
                for x in 0..width {
                    let alpha = data[y as usize * pitch + x as usize * 4 + alpha_byte];
                    prop_assert_eq!(m.get(x, y), alpha > alpha_above, "({}, {}) alpha {}", x, y, alpha);
                }
                // Bits past the width stay clear.
                if width % 64 != 0 {
                    prop_assert_eq!(m.row(y)[m.stride() - 1] >> (width % 64), 0);
                }
            }
        }
    }

    #[test]
    fn every_threshold_on_every_alpha() {
        for above in 0..=255u8 {
            let data: Vec<u8> = (0..=255u8).flat_map(|a| [a, 0, a, 0]).collect();
            let m = Bitmask::from_alpha(256, 1, &data, 1024, 2, above).unwrap();
            for a in 0..=255u32 {
                assert_eq!(m.get(a, 0), a > u32::from(above), "alpha {a} above {above}");
            }
            assert_eq!(m.count(), 255 - u64::from(above));
        }
    }

    #[test]
    fn sizes_that_do_not_fit_the_bytes_are_refused() {
        let data = [255u8; 40];
        assert!(Bitmask::from_alpha(2, 2, &data, 8, 4, 0).is_none(), "no fifth byte in a pixel");
        assert!(Bitmask::from_alpha(3, 2, &data, 8, 3, 0).is_none(), "rows overlap");
        assert!(Bitmask::from_alpha(2, 6, &data, 8, 3, 0).is_none(), "six rows need 48 bytes");
        assert_eq!(Bitmask::from_alpha(2, 5, &data[..40], 8, 3, 0).map(|m| m.count()), Some(10));
        assert!(Bitmask::from_alpha(2, 5, &data[..39], 8, 3, 0).is_none());
        // The last row needs only its pixels, not a whole pitch.
        assert_eq!(Bitmask::from_alpha(2, 2, &data[..20], 12, 3, 0).map(|m| m.count()), Some(4));
        assert!(Bitmask::from_alpha(2, 2, &data[..19], 12, 3, 0).is_none());
        // One row needs no pitch at all; empty masks need no bytes.
        assert_eq!(Bitmask::from_alpha(10, 1, &data, 0, 3, 0).map(|m| m.count()), Some(10));
        assert_eq!(Bitmask::from_alpha(0, 7, &[], 0, 3, 0).map(|m| m.height()), Some(7));
        assert_eq!(Bitmask::from_alpha(7, 0, &[], 0, 3, 0).map(|m| m.width()), Some(7));
        assert!(Bitmask::from_alpha(u32::MAX, 3, &data, usize::MAX, 3, 0).is_none(), "no overflow");
    }

    #[test]
    fn interleave_sends_each_half_to_alternate_bits() {
        assert_eq!(interleave(0x0000_0000_FFFF_FFFF), 0x5555_5555_5555_5555);
        assert_eq!(interleave(0xFFFF_FFFF_0000_0000), 0xAAAA_AAAA_AAAA_AAAA);
        for j in 0..32 {
            assert_eq!(interleave(1 << j), 1 << (2 * j));
            assert_eq!(interleave(1 << (32 + j)), 1 << (2 * j + 1));
        }
    }
}
