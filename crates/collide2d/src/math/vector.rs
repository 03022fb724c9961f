use super::Order;
use glam::Vec2;

/// The vector projection of `v` onto `onto`: the component of `v` along `onto`.
///
/// Safe for a zero axis: projecting onto `Vec2::ZERO` gives `Vec2::ZERO` (there is no
/// direction to keep), never NaN from a division by zero.
///
/// ```
/// use collide2d::{math::project, Vec2};
/// assert_eq!(project(Vec2::new(3.0, 4.0), Vec2::new(2.0, 0.0)), Vec2::new(3.0, 0.0));
/// assert_eq!(project(Vec2::new(3.0, 4.0), Vec2::ZERO), Vec2::ZERO);
/// ```
#[inline]
pub fn project(v: Vec2, onto: Vec2) -> Vec2 {
    let len_sq = onto.length_squared();
    if len_sq > 0.0 && len_sq.is_finite() {
        onto * (v.dot(onto) / len_sq)
    } else {
        Vec2::ZERO
    }
}

/// The signed length of `v` along `axis` (`v · axis / |axis|`); 0 for a zero axis.
#[inline]
pub fn project_scalar(v: Vec2, axis: Vec2) -> f32 {
    let len = axis.length();
    if len > 0.0 && len.is_finite() {
        v.dot(axis) / len
    } else {
        0.0
    }
}

/// `v` turned by minus the angle of the unit vector `axis`: the inverse of `axis.rotate(v)`.
/// Expresses a world direction in the frame whose x axis is `axis`.
#[inline]
pub(crate) fn unrotate(axis: Vec2, v: Vec2) -> Vec2 {
    Vec2::new(axis.x * v.x + axis.y * v.y, axis.x * v.y - axis.y * v.x)
}

/// `v` scaled to unit length, or `fallback` when `v` is zero or not finite.
///
/// Unlike `normalize_or`, exact for every finite `v`: dividing by the larger coordinate first
/// keeps the squares from underflowing (a vector shorter than about 1e-19 would otherwise come
/// out as zero or skewed) or overflowing (longer than about 1e19).
#[inline]
pub(crate) fn unit_or(v: Vec2, fallback: Vec2) -> Vec2 {
    let m = v.x.abs().at_least(v.y.abs());
    if v.is_finite() && m > 0.0 {
        let u = v / m;
        u / u.length()
    } else {
        fallback
    }
}

/// The unit vector from `a` towards `b`, or `fallback` when they are equal. Worked in f64, where
/// the difference of two finite `f32` points and its square never overflow or underflow.
#[inline]
pub(crate) fn direction_or(a: Vec2, b: Vec2, fallback: Vec2) -> Vec2 {
    unit64_or(b.as_dvec2() - a.as_dvec2(), fallback)
}

/// The f64 vector `v` as a unit `f32` vector, or `fallback` when it is zero or not finite.
#[inline]
pub(crate) fn unit64_or(v: glam::DVec2, fallback: Vec2) -> Vec2 {
    let len = v.length();
    if len > 0.0 && len.is_finite() {
        (v / len).as_vec2()
    } else {
        fallback
    }
}

/// `|p − q|²` in f64: exact to rounding for every pair of finite `f32` points (in `f32` it
/// overflows beyond about 1e19 and underflows below about 1e-19).
#[inline]
pub(crate) fn distance_squared64(p: Vec2, q: Vec2) -> f64 {
    (p.as_dvec2() - q.as_dvec2()).length_squared()
}

/// A length worked out in f64, as an `f32`: lengths beyond `f32::MAX` (about 3.4e38) saturate
/// to it, so that every reported length is finite.
#[inline]
pub(crate) fn saturate(length: f64) -> f32 {
    (length as f32).clamp(-f32::MAX, f32::MAX)
}

/// The 2D cross product `a.x * b.y - a.y * b.x` (the z of the 3D cross product).
#[inline]
pub fn cross(a: Vec2, b: Vec2) -> f32 {
    a.perp_dot(b)
}

/// The slab method: the range `[t0, t1]` of `t` for which `o + t d` lies in the box `[lo, hi]`,
/// and the axis (0 for x, 1 for y) whose slab sets `t0` (`None` when no slab bounds it, that is
/// `t0 = -∞`); `None` when the line misses the box. On equal entries the x slab is named.
#[inline]
pub(crate) fn slab_range(o: Vec2, d: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, f32, Option<usize>)> {
    let (mut t0, mut t1, mut entry) = (f32::NEG_INFINITY, f32::INFINITY, None);
    for axis in 0..2 {
        let (lo, hi, start, step) = (lo[axis], hi[axis], o[axis], d[axis]);
        if step == 0.0 {
            if start < lo || start > hi {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo - start) / step, (hi - start) / step);
        let (near, far) = if ascending(a, b) { (a, b) } else { (b, a) };
        if near > t0 {
            (t0, entry) = (near, Some(axis));
        }
        t1 = t1.at_most(far);
    }
    (t0 <= t1).then_some((t0, t1, entry))
}

/// Where the ray `o + d t` (t ≥ 0) is inside the box `[lo, hi]`, in f64: its entry and exit
/// distances (in units of `d`), if it ever is.
pub(crate) fn ray_in_box64(o: glam::DVec2, d: glam::DVec2, lo: glam::DVec2, hi: glam::DVec2) -> Option<(f64, f64)> {
    let (mut enter, mut leave) = (0.0f64, f64::INFINITY);
    for axis in 0..2 {
        if d[axis] == 0.0 {
            if o[axis] < lo[axis] || o[axis] > hi[axis] {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[axis] - o[axis]) / d[axis], (hi[axis] - o[axis]) / d[axis]);
        enter = enter.at_least(a.at_most(b));
        leave = leave.at_most(a.at_least(b));
    }
    (enter <= leave).then_some((enter, leave))
}

/// `a < b`, which orders two values into a pair (a slab's two crossings, a shadow's two
/// times): its own function so that the mutation exclusion for `<=` (on equal values either
/// order is the same pair) names it alone.
#[inline]
pub(crate) fn ascending(a: f32, b: f32) -> bool {
    a < b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projection_onto_unnormalised_axis_keeps_only_the_parallel_part() {
        let p = project(Vec2::new(1.0, 1.0), Vec2::new(0.0, 5.0));
        assert_eq!(p, Vec2::new(0.0, 1.0));
        assert_eq!(project_scalar(Vec2::new(1.0, 1.0), Vec2::new(0.0, 5.0)), 1.0);
    }

    #[test]
    fn unit_vectors_of_tiny_and_huge_vectors_are_unit() {
        for v in [Vec2::new(1e-30, 2e-30), Vec2::new(3e-45, 0.0), Vec2::new(3e38, -3e38), Vec2::new(0.6, 0.8)] {
            let u = unit_or(v, Vec2::ZERO);
            assert!((u.length() - 1.0).abs() < 1e-6 && u.dot(v) > 0.0, "{v} -> {u}");
        }
        assert_eq!(unit_or(Vec2::ZERO, Vec2::Y), Vec2::Y);
        assert_eq!(unit_or(Vec2::new(f32::NAN, 1.0), Vec2::Y), Vec2::Y);
        let d = direction_or(Vec2::new(-3e38, 0.0), Vec2::new(3e38, 1e-30), Vec2::Y);
        assert_eq!(d, Vec2::X);
        assert_eq!(direction_or(Vec2::ONE, Vec2::ONE, Vec2::NEG_Y), Vec2::NEG_Y);
        assert_eq!(saturate(1e40), f32::MAX);
        assert_eq!(saturate(-1e40), -f32::MAX);
        assert_eq!(saturate(1.5), 1.5);
        assert_eq!(saturate(-2.25), -2.25);
        assert_eq!(distance_squared64(Vec2::new(1.0, 5.0), Vec2::new(4.0, 1.0)), 25.0);
        assert_eq!(distance_squared64(Vec2::new(1e-30, 0.0), Vec2::ZERO), (1e-30f32 as f64).powi(2));
    }

    #[test]
    fn slab_range_is_where_the_line_is_in_the_box() {
        let (lo, hi) = (Vec2::new(1.0, -1.0), Vec2::new(3.0, 2.0));
        // Along +x through the box, and along -x from beyond it.
        assert_eq!(slab_range(Vec2::new(0.0, 0.0), Vec2::X, lo, hi), Some((1.0, 3.0, Some(0))));
        assert_eq!(slab_range(Vec2::new(5.0, 0.0), Vec2::NEG_X, lo, hi), Some((2.0, 4.0, Some(0))));
        // Along y, entering through the bottom.
        assert_eq!(slab_range(Vec2::new(2.0, -3.0), Vec2::Y, lo, hi), Some((2.0, 5.0, Some(1))));
        // Parallel to an axis: within the slab (its edges included) the other axis decides;
        // outside it, none.
        for y in [-1.0, 0.5, 2.0] {
            assert_eq!(slab_range(Vec2::new(0.0, y), Vec2::X, lo, hi), Some((1.0, 3.0, Some(0))), "{y}");
        }
        for y in [-1.5, 2.5] {
            assert_eq!(slab_range(Vec2::new(0.0, y), Vec2::X, lo, hi), None, "{y}");
        }
        // Diagonal: enters through the later of the two slabs, leaves through the earlier exit.
        let d = Vec2::new(1.0, 1.0);
        assert_eq!(slab_range(Vec2::new(0.0, -3.0), d, lo, hi), Some((2.0, 3.0, Some(1))));
        assert_eq!(slab_range(Vec2::new(-1.0, -1.0), d, lo, hi), Some((2.0, 3.0, Some(0))));
        // Through a corner, both slabs entered at once: x is named.
        assert_eq!(slab_range(Vec2::new(0.0, -2.0), d, lo, hi), Some((1.0, 3.0, Some(0))));
        // A line missing the box.
        assert_eq!(slab_range(Vec2::new(0.0, 3.0), d, lo, hi), None);
    }

    #[test]
    fn cross_is_positive_for_a_counter_clockwise_turn() {
        assert_eq!(cross(Vec2::new(2.0, 0.0), Vec2::new(1.0, 3.0)), 6.0);
        assert_eq!(cross(Vec2::new(1.0, 3.0), Vec2::new(2.0, 0.0)), -6.0);
        assert_eq!(cross(Vec2::new(2.0, 1.0), Vec2::new(4.0, 2.0)), 0.0);
        assert_eq!(cross(Vec2::new(0.5, 0.25), Vec2::new(0.0, 1.0)), 0.5);
    }

    #[test]
    fn projection_onto_zero_or_non_finite_axis_is_zero_not_nan() {
        assert_eq!(project(Vec2::new(1.0, 2.0), Vec2::ZERO), Vec2::ZERO);
        assert_eq!(project(Vec2::new(1.0, 2.0), Vec2::new(f32::INFINITY, 0.0)), Vec2::ZERO);
        assert_eq!(project_scalar(Vec2::new(1.0, 2.0), Vec2::ZERO), 0.0);
    }
}
