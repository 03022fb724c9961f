//! The larger and the smaller of two numbers, the same bits on every build.
//!
//! Rust leaves unspecified which zero `f32::max` and `f32::min` return for `-0.0` and `0.0`: on
//! x86_64 a debug build returns the first, and a release build either, as the code around the
//! call is compiled (a cast's time `(offset / approach).max(0.0)` was `-0.0` in debug and
//! `0.0` in release). A zero's sign reaches answers (a time, a depth) and divisions (`1 / -0.0`
//! is `-∞`), so the crate takes these instead (its `clippy.toml` refuses the others): of two
//! zeros, [`at_least`](Order::at_least) gives `0.0` and [`at_most`](Order::at_most) `-0.0`, as
//! IEEE 754-2019's `maximum` and `minimum` do; a NaN gives the other number, as `max` does.
//! glam's vector `max` and `min` compare lanes themselves and always return the second operand
//! of a tie, so they are the same on every build already.

/// [`at_least`](Order::at_least) and [`at_most`](Order::at_most) for `f32` and `f64`.
pub(crate) trait Order: Copy {
    /// The larger of `self` and `other`: `0.0` of two zeros, the other number of a NaN.
    fn at_least(self, other: Self) -> Self;
    /// The smaller of `self` and `other`: `-0.0` of two zeros, the other number of a NaN.
    fn at_most(self, other: Self) -> Self;
}

macro_rules! order {
    ($float:ty) => {
        impl Order for $float {
            #[inline]
            fn at_least(self, other: Self) -> Self {
                // `other` unless `self` is larger, or as large and not `-0.0` where `other` is
                // `0.0`, or `other` is NaN.
                if self > other || (self == other && other.is_sign_negative()) || other.is_nan() {
                    self
                } else {
                    other
                }
            }

            #[inline]
            fn at_most(self, other: Self) -> Self {
                if self < other || (self == other && other.is_sign_positive()) || other.is_nan() {
                    self
                } else {
                    other
                }
            }
        }
    };
}

order!(f32);
order!(f64);

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of each answer, so that `-0.0` and `0.0` differ.
    fn bits(x: f32) -> u32 {
        x.to_bits()
    }

    #[test]
    fn zeros_order_as_ieee_maximum_and_minimum() {
        for (a, b) in [(-0.0f32, 0.0f32), (0.0, -0.0), (0.0, 0.0), (-0.0, -0.0)] {
            let positive = a.is_sign_positive() || b.is_sign_positive();
            let negative = a.is_sign_negative() || b.is_sign_negative();
            assert_eq!(bits(a.at_least(b)), bits(if positive { 0.0 } else { -0.0 }), "{a:?} {b:?}");
            assert_eq!(bits(a.at_most(b)), bits(if negative { -0.0 } else { 0.0 }), "{a:?} {b:?}");
        }
        assert_eq!((-0.0f64).at_least(0.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(0.0f64.at_most(-0.0).to_bits(), (-0.0f64).to_bits());
    }

    #[test]
    fn numbers_and_nan_order_as_max_and_min() {
        let values = [f32::NEG_INFINITY, -2.5, -1e-45, -0.0, 0.0, 1e-45, 3.0, f32::MAX, f32::INFINITY, f32::NAN];
        for a in values {
            for b in values {
                let (max, min) = (a.at_least(b), a.at_most(b));
                if a.is_nan() || b.is_nan() {
                    let other = if a.is_nan() { b } else { a };
                    assert_eq!(bits(max), bits(other), "{a} {b}");
                    assert_eq!(bits(min), bits(other), "{a} {b}");
                } else if a != b {
                    assert_eq!(bits(max), bits(if a > b { a } else { b }), "{a} {b}");
                    assert_eq!(bits(min), bits(if a < b { a } else { b }), "{a} {b}");
                }
            }
        }
        assert_eq!(2.0f64.at_least(f64::NAN), 2.0);
        assert_eq!(f64::NAN.at_most(-1.0), -1.0);
    }
}
