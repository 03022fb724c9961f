//! The word loops that SSE2 makes faster, on x86-64 only (SSE2 is part of its baseline, so
//! every x86-64 processor has it): the alpha test 16 pixels at a time ([`AlphaTest`], for
//! [`Bitmask::from_alpha`](super::Bitmask::from_alpha)), and an overlap down a column two rows
//! at a time, counted ([`column_count`], for
//! [`Bitmask::overlap_area`](super::Bitmask::overlap_area)) or tested ([`column_any`], for
//! [`Bitmask::overlaps`](super::Bitmask::overlaps)). Each has a portable twin that other
//! targets run and that the tests hold these against.
//!
//! The intrinsics used take values only, no pointers: on Rust 1.87 and later they are safe to
//! call wherever SSE2 is enabled, as it is on every x86-64 target; the `unsafe` blocks (which
//! those compilers call unused) are for the older ones the crate still builds with.

use core::arch::x86_64::{
    __m128i, _mm_add_epi64, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si64, _mm_cvtsi32_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi32, _mm_packus_epi16, _mm_sad_epu8, _mm_set1_epi64x, _mm_set1_epi8,
    _mm_set_epi64x, _mm_setzero_si128, _mm_sll_epi64, _mm_slli_epi32, _mm_srl_epi64, _mm_srli_epi32, _mm_srli_epi64,
    _mm_srli_si128, _mm_sub_epi64, _mm_xor_si128,
};

use super::alpha::load;
use super::placement::{Column, SUMMED};
use super::Bitmask;

/// The threshold, in registers. `UP` is how far up each 32-bit pixel moves for its alpha to be
/// its top byte (`24 − 8 ×` the alpha byte's place), a constant so that the shifts are
/// immediates, and RGBA's alpha (`UP = 0`) takes one shift alone.
#[derive(Clone, Copy)]
pub(super) struct AlphaTest<const UP: i32> {
    /// `0x80` in each byte, and the threshold plus `0x80`: `_mm_cmpgt_epi8` compares signed
    /// bytes, and flipping the top bit of both sides turns it into the unsigned comparison.
    flip: __m128i,
    above: __m128i,
}

impl<const UP: i32> AlphaTest<UP> {
    #[allow(unused_unsafe)]
    pub(super) fn new(alpha_above: u8) -> Self {
        // SAFETY: SSE2 is enabled (this module's cfg), and these take no pointers.
        unsafe { Self { flip: _mm_set1_epi8(i8::MIN), above: _mm_set1_epi8((alpha_above ^ 0x80) as i8) } }
    }

    /// Pixels `0 .. 16` of `bytes`: bit `k` set when pixel `k` passes.
    #[inline(always)]
    #[allow(unused_unsafe)]
    fn group(self, bytes: &[u8; 64]) -> u64 {
        // SAFETY: SSE2 is enabled (this module's cfg), and these take no pointers.
        unsafe {
            // Four pixels a register, as two u64 loads (which the compiler makes one).
            let quad = |j: usize| _mm_set_epi64x(load(&bytes[16 * j + 8..]) as i64, load(&bytes[16 * j..]) as i64);
            // Each pixel's alpha as its 32-bit lane's value (0 to 255): moved to the top byte,
            // then down to the bottom; packed to 16 bytes in pixel order (no value saturates).
            let alpha = |v| _mm_srli_epi32::<24>(if UP == 0 { v } else { _mm_slli_epi32::<UP>(v) });
            let low = _mm_packs_epi32(alpha(quad(0)), alpha(quad(1)));
            let high = _mm_packs_epi32(alpha(quad(2)), alpha(quad(3)));
            let alphas = _mm_packus_epi16(low, high);
            let passes = _mm_cmpgt_epi8(_mm_xor_si128(alphas, self.flip), self.above);
            u64::from(_mm_movemask_epi8(passes) as u16)
        }
    }

    /// The words of one row of `n` pixels (`row`, `⌈n / 64⌉` words) from byte `start` of
    /// `data`. A group of 16 pixels is read where it lies when `data` holds its 64 bytes, past
    /// the row's end included (the bits of pixels past `n` are cleared after); a group that
    /// runs past the end of `data` is copied out first.
    #[inline(always)]
    pub(super) fn row(self, data: &[u8], start: usize, n: usize, row: &mut [u64]) {
        let groups = n.div_ceil(16);
        let rest = data.get(start..).unwrap_or_default();
        let whole = (rest.len() / 64).min(groups);
        for (g, bytes) in rest.chunks_exact(64).take(whole).enumerate() {
            if let (Ok(bytes), Some(w)) = (<&[u8; 64]>::try_from(bytes), row.get_mut(g / 4)) {
                *w |= self.group(bytes) << (16 * (g % 4));
            }
        }
        for g in whole..groups {
            let mut pad = [0u8; 64];
            let part = rest.get(64 * g..(4 * n).min(64 * g + 64)).unwrap_or_default();
            pad[..part.len()].copy_from_slice(part);
            if let Some(w) = row.get_mut(g / 4) {
                *w |= self.group(&pad) << (16 * (g % 4));
            }
        }
        if let (Some(last), 1..) = (row.last_mut(), n % 64) {
            *last &= (1 << (n % 64)) - 1;
        }
    }
}

/// How many pixels both masks set down one column (see [`Column`]): two rows at a time in
/// the two halves of a register, the join of `other`'s words, the AND and the first steps of a
/// popcount in vector operations, the byte counts summed by `psadbw` every [`SUMMED`] pairs.
#[allow(unused_unsafe)]
pub(super) fn column_count(a: &Bitmask, b: &Bitmask, c: Column) -> u64 {
    let (sa, sb) = (a.stride, b.stride);
    let (mut ia, mut ib) = (c.a, c.b);
    let mut left = c.rows;
    // SAFETY: SSE2 is enabled (this module's cfg), and these take no pointers.
    let total = unsafe {
        // SSE2 shifts by 64 or more give 0, so `hi << (64 - r)` needs no special case at r = 0.
        let (down, up) = (_mm_cvtsi32_si128(c.r as i32), _mm_cvtsi32_si128(64 - c.r as i32));
        let keep = _mm_set1_epi64x(c.keep as i64);
        let m1 = _mm_set1_epi64x(0x5555_5555_5555_5555);
        let m2 = _mm_set1_epi64x(0x3333_3333_3333_3333);
        let m4 = _mm_set1_epi64x(0x0F0F_0F0F_0F0F_0F0F);
        let mut total = _mm_setzero_si128();
        while left >= 2 {
            let pairs = (left / 2).min(SUMMED);
            let mut sums = _mm_setzero_si128();
            for _ in 0..pairs {
                let two =
                    |i: usize, words: &[u64], stride: usize| _mm_set_epi64x(words[i + stride] as i64, words[i] as i64);
                let (x, lo, hi) = (two(ia, &a.words, sa), two(ib + c.lo, &b.words, sb), two(ib + c.hi, &b.words, sb));
                // join(lo, hi, r), as in placement.rs.
                let joined = _mm_or_si128(_mm_srl_epi64(lo, down), _mm_sll_epi64(hi, up));
                let w = _mm_and_si128(_mm_and_si128(x, keep), joined);
                // byte_counts(w), as in placement.rs.
                let w = _mm_sub_epi64(w, _mm_and_si128(_mm_srli_epi64::<1>(w), m1));
                let w = _mm_add_epi64(_mm_and_si128(w, m2), _mm_and_si128(_mm_srli_epi64::<2>(w), m2));
                let w = _mm_and_si128(_mm_add_epi64(w, _mm_srli_epi64::<4>(w)), m4);
                sums = _mm_add_epi64(sums, w);
                ia += 2 * sa;
                ib += 2 * sb;
            }
            total = _mm_add_epi64(total, _mm_sad_epu8(sums, _mm_setzero_si128()));
            left -= 2 * pairs;
        }
        (_mm_cvtsi128_si64(total) + _mm_cvtsi128_si64(_mm_srli_si128::<8>(total))) as u64
    };
    let last = if left == 1 { super::placement::column_word(a, b, &c, ia, ib) } else { 0 };
    total + u64::from(last.count_ones())
}

/// Whether both masks set a pixel down one column (see [`Column`]): two rows at a time, as
/// [`column_count`], stopping at the first pair of rows with one.
#[allow(unused_unsafe)]
pub(super) fn column_any(a: &Bitmask, b: &Bitmask, c: Column) -> bool {
    let (sa, sb) = (a.stride, b.stride);
    let (mut ia, mut ib) = (c.a, c.b);
    // SAFETY: SSE2 is enabled (this module's cfg), and these take no pointers.
    unsafe {
        // SSE2 shifts by 64 or more give 0, so `hi << (64 - r)` needs no special case at r = 0.
        let (down, up) = (_mm_cvtsi32_si128(c.r as i32), _mm_cvtsi32_si128(64 - c.r as i32));
        let keep = _mm_set1_epi64x(c.keep as i64);
        for _ in 0..c.rows / 2 {
            let two =
                |i: usize, words: &[u64], stride: usize| _mm_set_epi64x(words[i + stride] as i64, words[i] as i64);
            let (x, lo, hi) = (two(ia, &a.words, sa), two(ib + c.lo, &b.words, sb), two(ib + c.hi, &b.words, sb));
            let joined = _mm_or_si128(_mm_srl_epi64(lo, down), _mm_sll_epi64(hi, up));
            let w = _mm_and_si128(_mm_and_si128(x, keep), joined);
            if _mm_movemask_epi8(_mm_cmpeq_epi8(w, _mm_setzero_si128())) != 0xFFFF {
                return true;
            }
            ia += 2 * sa;
            ib += 2 * sb;
        }
    }
    c.rows % 2 == 1 && super::placement::column_word(a, b, &c, ia, ib) != 0
}
