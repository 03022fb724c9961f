use super::Order;

/// A closed range `[min, max]` of reals: the shadow of a shape on an axis.
///
/// Both ends belong to the interval, so two intervals that share only an end point overlap
/// (this is how "touching counts as intersecting" reaches every SAT test).
///
/// ```
/// use collide2d::Interval;
/// let a = Interval::new(0.0, 2.0);
/// let b = Interval::new(2.0, 5.0);
/// assert!(a.overlaps(&b)); // they share the point 2
/// assert_eq!(a.overlap_length(&b), 0.0);
/// assert_eq!(a.combine(&b), Interval::new(0.0, 5.0));
/// assert_eq!(b.clamp(7.0), 5.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interval {
    /// The smaller end.
    pub min: f32,
    /// The larger end.
    pub max: f32,
}

impl Interval {
    /// The interval between `a` and `b`, in either order.
    #[inline]
    pub fn new(a: f32, b: f32) -> Self {
        if b < a {
            Self { min: b, max: a }
        } else {
            Self { min: a, max: b }
        }
    }

    /// The interval holding the single value `v`.
    #[inline]
    pub fn point(v: f32) -> Self {
        Self { min: v, max: v }
    }

    /// The shadow of `points` on `axis` (`p · axis` for each point), or `None` for no points.
    pub fn of_projection(points: &[glam::Vec2], axis: glam::Vec2) -> Option<Self> {
        let (first, rest) = points.split_first()?;
        let mut range = Self::point(first.dot(axis));
        for p in rest {
            range = range.extend(p.dot(axis));
        }
        Some(range)
    }

    /// `max - min`.
    #[inline]
    pub fn length(&self) -> f32 {
        self.max - self.min
    }

    /// Whether the two closed intervals share at least one point. False when either holds NaN.
    #[inline]
    pub fn overlaps(&self, other: &Self) -> bool {
        other.min <= self.max && self.min <= other.max
    }

    /// The length of the shared part: positive when they overlap, 0 when they touch, and minus
    /// the gap between them when they are apart.
    #[inline]
    pub fn overlap_length(&self, other: &Self) -> f32 {
        self.max.at_most(other.max) - self.min.at_least(other.min)
    }

    /// The shared part, or `None` when the intervals are apart.
    #[inline]
    pub fn intersection(&self, other: &Self) -> Option<Self> {
        self.overlaps(other).then(|| Self { min: self.min.at_least(other.min), max: self.max.at_most(other.max) })
    }

    /// The smallest interval holding both.
    #[inline]
    pub fn combine(&self, other: &Self) -> Self {
        Self { min: self.min.at_most(other.min), max: self.max.at_least(other.max) }
    }

    /// The smallest interval holding this one and `value`.
    #[inline]
    pub fn extend(&self, value: f32) -> Self {
        Self { min: self.min.at_most(value), max: self.max.at_least(value) }
    }

    /// `value` limited to `[min, max]`.
    #[inline]
    pub fn clamp(&self, value: f32) -> f32 {
        value.at_least(self.min).at_most(self.max)
    }

    /// Whether `value` lies in the closed interval. False for NaN.
    #[inline]
    pub fn contains(&self, value: f32) -> bool {
        self.min <= value && value <= self.max
    }

    /// Whether all of `other` lies in this interval.
    #[inline]
    pub fn contains_interval(&self, other: &Self) -> bool {
        self.min <= other.min && other.max <= self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_orders_its_ends() {
        assert_eq!(Interval::new(3.0, -1.0), Interval { min: -1.0, max: 3.0 });
    }

    #[test]
    fn length_is_max_minus_min() {
        assert_eq!(Interval::new(2.0, 5.0).length(), 3.0);
        assert_eq!(Interval::new(-3.0, 1.0).length(), 4.0);
        assert_eq!(Interval::point(7.0).length(), 0.0);
    }

    #[test]
    fn a_point_interval_holds_just_its_value() {
        assert_eq!(Interval::point(-2.5), Interval { min: -2.5, max: -2.5 });
        let pts = [glam::Vec2::new(3.0, 0.0), glam::Vec2::new(5.0, 0.0)];
        assert_eq!(Interval::of_projection(&pts, glam::Vec2::X), Some(Interval::new(3.0, 5.0)));
    }

    #[test]
    fn combine_spans_both_in_either_order() {
        let (a, b) = (Interval::new(0.0, 1.0), Interval::new(3.0, 4.0));
        assert_eq!(a.combine(&b), Interval::new(0.0, 4.0));
        assert_eq!(b.combine(&a), Interval::new(0.0, 4.0));
        assert_eq!(a.combine(&Interval::new(0.25, 0.5)), a);
    }

    #[test]
    fn apart_intervals_do_not_overlap_and_report_their_gap() {
        let a = Interval::new(0.0, 1.0);
        let b = Interval::new(3.0, 4.0);
        assert!(!a.overlaps(&b) && !b.overlaps(&a));
        assert_eq!(a.overlap_length(&b), -2.0);
        assert_eq!(a.intersection(&b), None);
    }

    #[test]
    fn nested_intervals_overlap_by_the_inner_length() {
        let outer = Interval::new(0.0, 10.0);
        let inner = Interval::new(2.0, 5.0);
        assert_eq!(outer.overlap_length(&inner), 3.0);
        assert!(outer.contains_interval(&inner) && !inner.contains_interval(&outer));
        assert_eq!(outer.intersection(&inner), Some(inner));
    }

    #[test]
    fn an_interval_contains_another_only_when_both_ends_are_inside() {
        let a = Interval::new(0.0, 5.0);
        // Sticking out at one end, either end: not contained, though the other end is.
        assert!(!a.contains_interval(&Interval::new(3.0, 8.0)));
        assert!(!a.contains_interval(&Interval::new(-1.0, 2.0)));
        // Touching counts as inside: itself, and a point at either end.
        assert!(a.contains_interval(&a));
        assert!(a.contains_interval(&Interval::point(5.0)) && a.contains_interval(&Interval::point(0.0)));
    }

    #[test]
    fn extend_grows_either_end() {
        let r = Interval::point(1.0).extend(3.0).extend(-2.0);
        assert_eq!(r, Interval::new(-2.0, 3.0));
        // A value inside changes nothing (the seed's else-if could miss the max on a point range).
        assert_eq!(r.extend(0.0), r);
    }

    #[test]
    fn clamp_and_contains_respect_closed_ends() {
        let r = Interval::new(-1.0, 1.0);
        assert_eq!(r.clamp(-5.0), -1.0);
        assert_eq!(r.clamp(0.5), 0.5);
        assert!(r.contains(1.0) && r.contains(-1.0) && !r.contains(1.0001));
    }

    #[test]
    fn nan_never_overlaps_or_is_contained() {
        let r = Interval::new(0.0, 1.0);
        let n = Interval { min: f32::NAN, max: f32::NAN };
        assert!(!r.overlaps(&n) && !n.overlaps(&r));
        assert!(!r.contains(f32::NAN));
    }

    #[test]
    fn projection_of_points_spans_their_extremes() {
        let pts = [glam::Vec2::new(1.0, 5.0), glam::Vec2::new(-2.0, 0.0), glam::Vec2::new(4.0, 1.0)];
        assert_eq!(Interval::of_projection(&pts, glam::Vec2::X), Some(Interval::new(-2.0, 4.0)));
        assert_eq!(Interval::of_projection(&[], glam::Vec2::X), None);
    }
}
