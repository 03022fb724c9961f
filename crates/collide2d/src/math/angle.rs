//! Sines, cosines, unit vectors and powers of two that are the same bits on every target.
//!
//! The platform's `sin` and `cos` differ in the last bit between targets (glibc natively, Rust's
//! port of musl on wasm32), so a rotation made from an angle would move a shape by an ulp on one
//! machine and not on another. Everything here is IEEE-754 `f64` arithmetic (`+`, `-`, `*`,
//! rounding to an integer), which every target computes exactly alike: Rust never fuses `a * b + c`
//! into one rounding. Beyond the fast path's range the `libm` crate answers, one implementation
//! everywhere.

/// π/2 split in two: the first 33 bits, so that `k · PIO2_HIGH` is exact for |k| < 2²⁰, and the
/// rest. Together 86 bits of π/2, enough to reduce any `f32` below 2²⁰ to well under its ulp.
const PIO2_HIGH: f64 = f64::from_bits(0x3ff9_21fb_5440_0000); // 1.5707963267341256
const PIO2_LOW: f64 = f64::from_bits(0x3dd0_b461_1a62_6331); // 6.077100506506192e-11

/// Angles up to this size take the fast path (2²⁰ rad, far beyond any game's angles).
const FAST_LIMIT: f64 = 1_048_576.0;

/// The sine and cosine of `angle` (radians) as `(sin, cos)`, within an ulp of the exact values
/// and the same bits on every target. NaN and the infinities give NaN.
///
/// ```
/// use collide2d::math::sin_cos;
/// let (sin, cos) = sin_cos(std::f32::consts::FRAC_PI_6);
/// assert!((sin - 0.5).abs() <= f32::EPSILON && (cos - 0.75f32.sqrt()).abs() <= f32::EPSILON);
/// assert_eq!(sin_cos(0.0), (0.0, 1.0));
/// ```
#[inline]
pub fn sin_cos(angle: f32) -> (f32, f32) {
    let x = f64::from(angle);
    if x.abs() > FAST_LIMIT {
        // Also NaN's and the infinities' way: libm gives NaN, as the fast path would.
        return (libm::sinf(angle), libm::cosf(angle));
    }
    // The nearest quarter turn and what is left of the angle, |r| ≤ π/4 (+ 0.0 turns k = -0 into
    // +0, so that r keeps the sign of a zero angle).
    let k = (x * std::f64::consts::FRAC_2_PI).round_ties_even() + 0.0;
    let r = (x - k * PIO2_HIGH) - k * PIO2_LOW;
    let (s, c) = (sin_near_zero(r), cos_near_zero(r));
    // |k| ≤ 2²⁰ · 2/π fits an i32; its low two bits are the quarter turn.
    match (k as i32) & 3 {
        0 => (s as f32, c as f32),
        1 => (c as f32, -s as f32),
        2 => (-s as f32, -c as f32),
        _ => (-c as f32, s as f32),
    }
}

/// The unit vector `angle` radians from +x towards +y: glam's `Vec2::from_angle`, the same
/// bits on every target.
#[inline]
pub fn unit_vector(angle: f32) -> glam::Vec2 {
    let (sin, cos) = sin_cos(angle);
    glam::Vec2::new(cos, sin)
}

/// The cosine of `angle` (radians): [`sin_cos`]'s second half.
#[inline]
pub fn cos(angle: f32) -> f32 {
    sin_cos(angle).1
}

/// sin r for |r| ≤ π/4 by its Taylor series to r¹¹: the first term left out is below 2⁻³⁶ of
/// the answer, far inside the half ulp of `f32` (2⁻²⁴).
#[inline]
fn sin_near_zero(r: f64) -> f64 {
    const C3: f64 = -1.0 / 6.0;
    const C5: f64 = 1.0 / 120.0;
    const C7: f64 = -1.0 / 5_040.0;
    const C9: f64 = 1.0 / 362_880.0;
    const C11: f64 = -1.0 / 39_916_800.0;
    let z = r * r;
    // A product, not r + r·z·(…), so that sin(-0) keeps its sign.
    r * (1.0 + z * (C3 + z * (C5 + z * (C7 + z * (C9 + z * C11)))))
}

/// cos r for |r| ≤ π/4 by its Taylor series to r¹² (the first term left out is below 2⁻⁴¹).
#[inline]
fn cos_near_zero(r: f64) -> f64 {
    const C2: f64 = -0.5;
    const C4: f64 = 1.0 / 24.0;
    const C6: f64 = -1.0 / 720.0;
    const C8: f64 = 1.0 / 40_320.0;
    const C10: f64 = -1.0 / 3_628_800.0;
    const C12: f64 = 1.0 / 479_001_600.0;
    let z = r * r;
    1.0 + z * (C2 + z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * C12)))))
}

/// The `e` with 2ᵉ ≤ |`x`| < 2ᵉ⁺¹ for a normal `x`, read from the bits (exact, where a rounded
/// `log2` can land on the next power just below it), clamped to ±126 so that 2^±e stay normal.
/// Subnormals and zero give -126; NaN and the infinities count as the largest.
#[inline]
pub(crate) fn binary_exponent(x: f32) -> i32 {
    ((x.abs().to_bits() >> 23) as i32 - 127).clamp(-126, 126)
}

/// The powers of two `(down, up)` = (2⁻ᵉ, 2ᵉ) for `x`'s [`binary_exponent`] `e`: `x · down`
/// lies in [1, 2) for a normal `x` below 2¹²⁷.
#[inline]
pub(crate) fn power_of_two_scale(x: f32) -> (f32, f32) {
    let e = binary_exponent(x);
    let power = |e: i32| f32::from_bits(((127 + e) as u32) << 23);
    (power(-e), power(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer rounded from f64's (the platform's f64 sin and cos are far more precise
    /// than an f32 ulp, so they are an independent oracle here, not a second copy).
    #[allow(clippy::disallowed_methods)]
    fn oracle(a: f32) -> (f32, f32) {
        let (s, c) = f64::from(a).sin_cos();
        (s as f32, c as f32)
    }

    fn ulps(a: f32, b: f32) -> u32 {
        if a == b {
            return 0;
        }
        let key = |x: f32| {
            let i = x.to_bits() as i32;
            if i < 0 {
                i32::MIN - i
            } else {
                i
            }
        };
        key(a).abs_diff(key(b))
    }

    /// Within an ulp of the correctly rounded value across the fast path's range, densely near
    /// zero and the quarter turns, and past the range.
    #[test]
    fn within_an_ulp_of_the_rounded_truth() {
        let mut worst = 0;
        let mut check = |a: f32| {
            let (s, c) = sin_cos(a);
            let (ws, wc) = oracle(a);
            let (es, ec) = (ulps(s, ws), ulps(c, wc));
            assert!(es <= 1 && ec <= 1, "{a}: ({s}, {c}) against ({ws}, {wc})");
            worst = worst.max(es).max(ec);
        };
        for i in -200_000..=200_000 {
            check(i as f32 * 1e-4);
            check(i as f32 * 5.1);
        }
        for k in -64..=64 {
            let quarter = k as f32 * std::f32::consts::FRAC_PI_2;
            let mut a = quarter;
            for _ in 0..64 {
                check(a);
                check(-a);
                a = f32::from_bits(a.to_bits() + 1);
            }
        }
        for a in [1e-30, 1e-10, 2e-4, 1e6, 1.048_575e6, 1.048_577e6, 3e7, 1e20, f32::MAX] {
            check(a);
            check(-a);
        }
        assert!(worst <= 1);
    }

    /// Nearly always the correctly rounded value itself: the series' last terms matter to the
    /// rounding of about one answer in ten near π/4, so dropping or flipping one shows here.
    #[test]
    fn almost_always_correctly_rounded() {
        let (mut off, mut all) = (0, 0);
        for i in 0..400_000 {
            let a = i as f32 * 3.9e-5 - 7.8;
            let (s, c) = sin_cos(a);
            off += usize::from(s != oracle(a).0) + usize::from(c != oracle(a).1);
            all += 2;
        }
        assert!(off * 10_000 < all, "{off} of {all} answers not correctly rounded");
    }

    /// `unit_vector` and `cos` are `sin_cos`'s halves, in glam's order (cosine first).
    #[test]
    fn unit_vectors_and_cosines_are_the_same_numbers() {
        for a in [0.0f32, 0.3, -1.2, 2.0, 3.0, 100.0] {
            let (s, c) = sin_cos(a);
            assert_eq!(unit_vector(a), glam::Vec2::new(c, s));
            assert_eq!(cos(a), c);
        }
    }

    /// Exact where a game expects it: zero (keeping its sign in the sine), and sin² + cos²
    /// within rounding of 1 at whole turns.
    #[test]
    fn exact_at_zero_and_nan_beyond_the_finite() {
        assert_eq!(sin_cos(0.0), (0.0, 1.0));
        let (s, c) = sin_cos(-0.0);
        assert!(s == 0.0 && s.is_sign_negative() && c == 1.0);
        assert_eq!(sin_cos(1e-20), (1e-20, 1.0));
        assert_eq!(cos(std::f32::consts::PI), -1.0);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let (s, c) = sin_cos(bad);
            assert!(s.is_nan() && c.is_nan(), "{bad}");
        }
    }

    /// The quarter turns land in the right quadrant: sin(π/2 + x) = cos x and so on.
    #[test]
    fn quadrants_follow_the_circle() {
        for (a, s, c) in [(1.0f32, 0.841, 0.540), (2.5, 0.598, -0.801), (-2.0, -0.909, -0.416), (4.0, -0.757, -0.654)] {
            let (gs, gc) = sin_cos(a);
            assert!((gs - s).abs() < 1e-3 && (gc - c).abs() < 1e-3, "{a}: {gs} {gc}");
        }
        let (s, c) = sin_cos(std::f32::consts::FRAC_PI_2);
        assert!((s - 1.0).abs() < 1e-7 && c.abs() < 1e-7, "{s} {c}");
    }

    #[test]
    fn powers_of_two_bring_into_one_to_two() {
        for x in [1.0f32, 1.5, 2.0, 3.999, 1e-30, 7e25, 2e-38, f32::MIN_POSITIVE, 1e38] {
            let (down, up) = power_of_two_scale(x);
            assert_eq!(down * up, 1.0, "{x}");
            assert!((1.0..2.0).contains(&(x * down)), "{x}: {}", x * down);
        }
        // Subnormals scale by the smallest normal power; the top binade and non-finite numbers
        // by the largest (2^127 is not kept, so that 2^-127 stays normal).
        assert_eq!(power_of_two_scale(f32::MAX), (2f32.powi(-126), 2f32.powi(126)));
        assert_eq!(power_of_two_scale(1e-45), (2f32.powi(126), 2f32.powi(-126)));
        assert_eq!(power_of_two_scale(f32::INFINITY), (2f32.powi(-126), 2f32.powi(126)));
        assert_eq!(power_of_two_scale(-4.0), (0.25, 4.0));
    }
}
