//! The word loops that SSE2 makes faster, on x86-64 only (SSE2 is part of its baseline, so
//! every x86-64 processor has it): an overlap's count down a column two rows at a time
//! ([`column_count`], for [`Bitmask::overlap_area`](super::Bitmask::overlap_area)). It has a
//! portable twin that other targets run and that the tests hold it against.
//!
//! The intrinsics used take values only, no pointers: on Rust 1.87 and later they are safe to
//! call wherever SSE2 is enabled, as it is on every x86-64 target; the `unsafe` blocks (which
//! those compilers call unused) are for the older ones the crate still builds with.

use core::arch::x86_64::{
    _mm_add_epi64, _mm_and_si128, _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_or_si128, _mm_sad_epu8, _mm_set1_epi64x,
    _mm_set_epi64x, _mm_setzero_si128, _mm_sll_epi64, _mm_srl_epi64, _mm_srli_epi64, _mm_srli_si128, _mm_sub_epi64,
};

use super::placement::{Column, SUMMED};
use super::Bitmask;

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
        let (down, up, one) = (_mm_cvtsi32_si128(c.r as i32), _mm_cvtsi32_si128(63 - c.r as i32), _mm_cvtsi32_si128(1));
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
                let joined = _mm_or_si128(_mm_srl_epi64(lo, down), _mm_sll_epi64(_mm_sll_epi64(hi, one), up));
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
