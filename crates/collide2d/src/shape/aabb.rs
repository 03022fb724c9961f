use glam::Vec2;

use super::error::{finite_vec, non_negative};
use super::{Obb, Segment, Shape, ShapeError};
use crate::math::{Interval, Transform};

/// An axis-aligned box: all points with `min.x ≤ x ≤ max.x` and `min.y ≤ y ≤ max.y`.
///
/// A box may have zero width or height (the bounds of a point or of a horizontal segment are
/// such boxes); it is closed, so its edges belong to it.
///
/// ```
/// use collide2d::{Aabb, Vec2};
/// let a = Aabb::from_xywh(0.0, 0.0, 4.0, 3.0)?;
/// let b = Aabb::new(Vec2::new(2.0, 1.0), Vec2::new(6.0, 9.0))?;
/// assert_eq!(a.intersection(&b), Some(Aabb::new(Vec2::new(2.0, 1.0), Vec2::new(4.0, 3.0))?));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(try_from = "crate::serial::AabbRaw"))]
pub struct Aabb {
    min: Vec2,
    max: Vec2,
}

const NAME: &str = "Aabb";

impl Aabb {
    /// The box from its lower corner `min` to its upper corner `max`; errors when a number is
    /// not finite or `max` is below `min` on an axis.
    #[inline]
    pub fn new(min: Vec2, max: Vec2) -> Result<Self, ShapeError> {
        // One test for the common case; the error is worked out apart (boxes are made by the
        // hundred thousand per frame, and building an error's parts inline slowed that down).
        // A finite size means finite corners: an infinity or NaN in either makes it infinite
        // or NaN.
        let size = max - min;
        if size.is_finite() && size.cmpge(Vec2::ZERO).all() {
            return Ok(Self { min, max });
        }
        Self::refuse(min, max)
    }

    /// [`Aabb::new`]'s checks, one by one, to name the first that fails.
    #[cold]
    #[inline(never)]
    fn refuse(min: Vec2, max: Vec2) -> Result<Self, ShapeError> {
        finite_vec(NAME, "min", min)?;
        finite_vec(NAME, "max", max)?;
        non_negative(NAME, "width (max.x - min.x)", max.x - min.x)?;
        non_negative(NAME, "height (max.y - min.y)", max.y - min.y)?;
        Ok(Self { min, max })
    }

    /// The box at `(x, y)` (its minimum corner: top-left with y down) with a width and height.
    pub fn from_xywh(x: f32, y: f32, width: f32, height: f32) -> Result<Self, ShapeError> {
        finite_vec(NAME, "position", Vec2::new(x, y))?;
        non_negative(NAME, "width", width)?;
        non_negative(NAME, "height", height)?;
        Self::new(Vec2::new(x, y), Vec2::new(x + width, y + height))
    }

    /// The box around `center` reaching `half_extents` to each side.
    #[inline]
    pub fn from_center_half_extents(center: Vec2, half_extents: Vec2) -> Result<Self, ShapeError> {
        // As in `new`: a finite size means finite corners, so a finite center and half extents.
        let (min, max) = (center - half_extents, center + half_extents);
        if (max - min).is_finite() && half_extents.cmpge(Vec2::ZERO).all() {
            return Ok(Self { min, max });
        }
        Self::refuse_center(center, half_extents)
    }

    /// [`Aabb::from_center_half_extents`]'s checks, one by one, to name the first that fails.
    #[cold]
    #[inline(never)]
    fn refuse_center(center: Vec2, half_extents: Vec2) -> Result<Self, ShapeError> {
        finite_vec(NAME, "center", center)?;
        non_negative(NAME, "half extent x", half_extents.x)?;
        non_negative(NAME, "half extent y", half_extents.y)?;
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box holding every point; errors for no points or a non-finite one.
    pub fn from_points(points: &[Vec2]) -> Result<Self, ShapeError> {
        let Some((first, rest)) = points.split_first() else {
            return Err(ShapeError::TooFewVertices { shape: NAME, found: 0, needed: 1 });
        };
        let (mut min, mut max) = (*first, *first);
        for (i, p) in points.iter().enumerate() {
            // The field's name is only written out for the error.
            if !p.is_finite() {
                finite_vec(NAME, &format!("point {i}"), *p)?;
            }
        }
        for p in rest {
            min = min.min(*p);
            max = max.max(*p);
        }
        Ok(Self { min, max })
    }

    /// Builds from corners already known to be finite and ordered (internal fast path).
    #[inline]
    pub(crate) fn from_min_max_unchecked(min: Vec2, max: Vec2) -> Self {
        // NaN passes: a non-finite point's bounds are NaN, and queries answer false on them.
        debug_assert!(!(min.x > max.x || min.y > max.y), "unordered box {min} {max}");
        Self { min, max }
    }

    /// The lower corner (smallest x and y).
    #[inline]
    pub fn min(&self) -> Vec2 {
        self.min
    }

    /// The upper corner (largest x and y).
    #[inline]
    pub fn max(&self) -> Vec2 {
        self.max
    }

    /// Smallest x.
    pub fn left(&self) -> f32 {
        self.min.x
    }

    /// Largest x.
    pub fn right(&self) -> f32 {
        self.max.x
    }

    /// Smallest y: the top edge with y pointing down (screen, sprite and seed convention).
    pub fn top(&self) -> f32 {
        self.min.y
    }

    /// Largest y: the bottom edge with y pointing down.
    pub fn bottom(&self) -> f32 {
        self.max.y
    }

    /// `max.x - min.x`.
    pub fn width(&self) -> f32 {
        self.max.x - self.min.x
    }

    /// `max.y - min.y`.
    pub fn height(&self) -> f32 {
        self.max.y - self.min.y
    }

    /// The middle point (halves first: the corners' sum may overflow where their difference,
    /// the size, does not).
    #[inline]
    pub fn center(&self) -> Vec2 {
        self.min * 0.5 + self.max * 0.5
    }

    /// Half the width and half the height.
    #[inline]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// `width * height`.
    pub fn area(&self) -> f32 {
        self.width() * self.height()
    }

    /// The four corners, counter-clockwise with y up (clockwise on a y-down screen), starting at `min`.
    pub fn corners(&self) -> [Vec2; 4] {
        [self.min, Vec2::new(self.max.x, self.min.y), self.max, Vec2::new(self.min.x, self.max.y)]
    }

    /// The x range.
    pub fn x_interval(&self) -> Interval {
        Interval { min: self.min.x, max: self.max.x }
    }

    /// The y range.
    pub fn y_interval(&self) -> Interval {
        Interval { min: self.min.y, max: self.max.y }
    }

    /// The overlap rectangle of two boxes, or `None` when they do not touch. Boxes that only
    /// touch give a box of zero width or height (or a single point).
    pub fn intersection(&self, other: &Aabb) -> Option<Aabb> {
        let x = self.x_interval().intersection(&other.x_interval())?;
        let y = self.y_interval().intersection(&other.y_interval())?;
        Some(Self { min: Vec2::new(x.min, y.min), max: Vec2::new(x.max, y.max) })
    }

    /// The smallest box holding both.
    pub fn union(&self, other: &Aabb) -> Aabb {
        Self { min: self.min.min(other.min), max: self.max.max(other.max) }
    }

    /// The box grown by `margin` on every side (shrunk for a negative margin, never past its
    /// centre). A margin that is not finite, or that would take a side beyond `f32`, leaves the
    /// box as it is.
    pub fn expanded(&self, margin: f32) -> Aabb {
        let c = self.center();
        // A NaN margin must be refused before the clamp, which would turn it into 0.
        let h = (self.half_extents() + Vec2::splat(margin)).max(Vec2::ZERO);
        let (min, max) = (c - h, c + h);
        if !(margin.is_finite() && min.is_finite() && max.is_finite()) {
            return *self;
        }
        Self { min, max }
    }

    /// The axis-aligned bounds of this box after `transform` (exact: the bounds of its four
    /// transformed corners). This is how a sprite's global bounds come from its local bounds.
    pub fn transformed_bounds(&self, transform: &Transform) -> Aabb {
        let c = transform.transform_point(self.center());
        let m = transform.linear();
        let h = self.half_extents();
        let reach = m.x_axis.abs() * h.x + m.y_axis.abs() * h.y;
        Self { min: c - reach, max: c + reach }
    }

    /// This box placed by `transform`: still an [`Aabb`] under translation and axis scales, an
    /// [`Obb`] under rotation (with any per-axis scale), and a parallelogram
    /// ([`ConvexPolygon`](super::ConvexPolygon)) under a skewing transform. A box of zero width or
    /// height becomes a segment or point when rotated.
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        super::check_transform(NAME, transform)?;
        let m = transform.linear();
        if m.x_axis.y == 0.0 && m.y_axis.x == 0.0 {
            let [a, _, b, _] = self.corners().map(|p| transform.transform_point(p));
            return Ok(Shape::Aabb(Aabb::from_points(&[a, b])?));
        }
        let h = self.half_extents();
        match (h.x > 0.0, h.y > 0.0) {
            (true, true) => Obb::new(self.center(), h, 0.0)?.transformed(transform),
            // As a point, so that a point moved out of range is refused as one.
            (false, false) => Shape::Point(self.min).transformed(transform),
            _ => Segment::new(self.min, self.max)?.transformed(transform),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
        Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)).unwrap()
    }

    #[test]
    fn constructors_reject_bad_numbers_and_say_which() {
        let e = Aabb::new(Vec2::new(f32::NAN, 0.0), Vec2::ONE).unwrap_err();
        assert!(e.to_string().contains("min.x"), "{e}");
        let e = Aabb::from_xywh(0.0, 0.0, -1.0, 2.0).unwrap_err();
        assert!(e.to_string().contains("width"), "{e}");
        assert!(Aabb::new(Vec2::ONE, Vec2::ZERO).is_err());
        assert!(Aabb::from_points(&[]).is_err());
        assert!(Aabb::from_points(&[Vec2::ZERO, Vec2::INFINITY]).is_err());
        // Zero size is a valid (degenerate) box.
        assert!(Aabb::from_xywh(1.0, 1.0, 0.0, 0.0).is_ok());
        // Each check of the one-test fast paths is named apart.
        let says = |r: Result<Aabb, ShapeError>, what: &str| {
            let e = r.unwrap_err().to_string();
            assert!(e.contains(what), "{e} should name {what}");
        };
        says(Aabb::new(Vec2::ZERO, Vec2::new(1.0, f32::INFINITY)), "max.y");
        says(Aabb::new(Vec2::ZERO, Vec2::new(1.0, -1.0)), "height");
        says(Aabb::new(Vec2::splat(-3e38), Vec2::splat(3e38)), "width");
        says(Aabb::from_center_half_extents(Vec2::new(0.0, f32::NAN), Vec2::ONE), "center.y");
        says(Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(1.0, -0.5)), "half extent y");
        says(Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(f32::INFINITY, 1.0)), "half extent x");
        says(Aabb::from_center_half_extents(Vec2::splat(3e38), Vec2::splat(1e38)), "max.x");
        assert_eq!(Aabb::from_center_half_extents(Vec2::ONE, Vec2::ONE), Aabb::new(Vec2::ZERO, Vec2::splat(2.0)));
    }

    #[test]
    fn expanded_grows_or_shrinks_every_side_and_stops_at_the_centre() {
        let a = b(1.0, 2.0, 5.0, 4.0);
        assert_eq!(a.expanded(0.5), b(0.5, 1.5, 5.5, 4.5));
        assert_eq!(a.expanded(-0.5), b(1.5, 2.5, 4.5, 3.5));
        // Past the shorter half extent (1), that side stops at the centre line.
        assert_eq!(a.expanded(-1.5), b(2.5, 3.0, 3.5, 3.0));
        assert_eq!(a.expanded(-10.0), b(3.0, 3.0, 3.0, 3.0));
        assert_eq!(a.expanded(0.0), a);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert_eq!(a.expanded(bad), a, "margin {bad}");
        }
        // Near the end of f32, a margin that would overflow a side leaves the box; a smaller
        // one grows it.
        let far = b(3e38, -1.0, 3.2e38, 1.0);
        assert_eq!(far.expanded(1e38), far);
        let grown = far.expanded(1e37);
        assert_eq!((grown.min().y, grown.max().y), (-1e37, 1e37));
        assert!((grown.max().x - 3.3e38).abs() < 1e32 && (grown.min().x - 2.9e38).abs() < 1e32);
    }

    #[test]
    fn sides_follow_the_y_down_naming() {
        let a = Aabb::from_xywh(10.0, 20.0, 30.0, 40.0).unwrap();
        assert_eq!((a.left(), a.right(), a.top(), a.bottom()), (10.0, 40.0, 20.0, 60.0));
        assert_eq!((a.width(), a.height(), a.area()), (30.0, 40.0, 1200.0));
        assert_eq!(a.center(), Vec2::new(25.0, 40.0));
    }

    #[test]
    fn intersection_rectangle_of_overlapping_touching_and_apart_boxes() {
        assert_eq!(b(0.0, 0.0, 4.0, 4.0).intersection(&b(2.0, 3.0, 9.0, 9.0)), Some(b(2.0, 3.0, 4.0, 4.0)));
        assert_eq!(b(0.0, 0.0, 1.0, 1.0).intersection(&b(1.0, 0.0, 2.0, 1.0)), Some(b(1.0, 0.0, 1.0, 1.0)));
        assert_eq!(b(0.0, 0.0, 1.0, 1.0).intersection(&b(1.5, 0.0, 2.0, 1.0)), None);
        let inner = b(1.0, 1.0, 2.0, 2.0);
        assert_eq!(b(0.0, 0.0, 5.0, 5.0).intersection(&inner), Some(inner));
    }

    #[test]
    fn transformed_bounds_of_rotated_square_is_its_diagonal_box() {
        let sq = b(-1.0, -1.0, 1.0, 1.0);
        let bounds = sq.transformed_bounds(&Transform::from_rotation(std::f32::consts::FRAC_PI_4));
        let r = 2f32.sqrt();
        assert!((bounds.max() - Vec2::splat(r)).length() < 1e-5);
        assert!((bounds.min() + Vec2::splat(r)).length() < 1e-5);
    }

    #[test]
    fn transformed_bounds_of_a_long_box_turned_a_quarter_swaps_its_extents() {
        // Half extents (2, 0.5): each axis's reach must scale its own extent.
        let long = b(-2.0, -0.5, 2.0, 0.5);
        let turned = long.transformed_bounds(&Transform::from_rotation(std::f32::consts::FRAC_PI_2));
        assert!((turned.max() - Vec2::new(0.5, 2.0)).length() < 1e-5, "{turned:?}");
        assert!((turned.min() + Vec2::new(0.5, 2.0)).length() < 1e-5, "{turned:?}");
        let scaled = long.transformed_bounds(&Transform::from_scale(Vec2::new(3.0, 4.0)));
        assert_eq!(scaled, b(-6.0, -2.0, 6.0, 2.0));
    }

    #[test]
    fn a_sheared_box_is_a_parallelogram_and_a_flat_one_a_segment_or_point() {
        // A shear along x keeps the x axis (x_axis.y == 0) but tilts the y axis: not a box.
        let shear = Transform::from_affine(glam::Affine2::from_cols(Vec2::X, Vec2::new(1.0, 1.0), Vec2::ZERO));
        match b(0.0, 0.0, 2.0, 1.0).transformed(&shear).unwrap() {
            Shape::ConvexPolygon(p) => assert_eq!(p.vertices().len(), 4),
            other => panic!("{other:?}"),
        }
        let quarter = Transform::from_rotation(std::f32::consts::FRAC_PI_2);
        match b(1.0, 0.0, 1.0, 2.0).transformed(&quarter).unwrap() {
            Shape::Segment(s) => assert!((s.length() - 2.0).abs() < 1e-5),
            other => panic!("zero width: {other:?}"),
        }
        match b(0.0, 1.0, 3.0, 1.0).transformed(&quarter).unwrap() {
            Shape::Segment(s) => assert!((s.length() - 3.0).abs() < 1e-5),
            other => panic!("zero height: {other:?}"),
        }
        match b(1.0, 0.0, 1.0, 0.0).transformed(&quarter).unwrap() {
            Shape::Point(p) => assert!((p - Vec2::new(0.0, 1.0)).length() < 1e-6),
            other => panic!("zero size: {other:?}"),
        }
    }

    #[test]
    fn transformed_box_stays_box_then_becomes_obb_then_polygon() {
        let sq = b(0.0, 0.0, 2.0, 1.0);
        let moved = sq.transformed(&Transform::from_parts(Vec2::new(5.0, 5.0), 0.0, Vec2::new(2.0, -1.0), Vec2::ZERO));
        assert_eq!(moved.unwrap(), Shape::Aabb(b(5.0, 4.0, 9.0, 5.0)));
        let rotated = sq.transformed(&Transform::from_rotation(0.5)).unwrap();
        assert!(matches!(rotated, Shape::Obb(_)));
        let skew = Transform::from_scale(Vec2::new(3.0, 1.0)).compose(&Transform::from_rotation(0.5));
        assert!(matches!(sq.transformed(&skew).unwrap(), Shape::ConvexPolygon(_)));
        assert!(sq.transformed(&Transform::from_scale(Vec2::ZERO)).is_err());
    }

    /// Floats of every kind: ordinary, tiny, huge, infinite, NaN, signed zeros.
    fn any_f32() -> impl proptest::strategy::Strategy<Value = f32> {
        use proptest::prelude::*;
        prop_oneof![
            -10.0f32..10.0,
            prop::num::f32::ANY,
            Just(f32::INFINITY),
            Just(f32::NEG_INFINITY),
            Just(f32::NAN),
            Just(-0.0f32),
            Just(3e38f32),
            Just(-3e38f32),
        ]
    }

    proptest::proptest! {
        /// The constructors' single finiteness test accepts exactly what the checks one by
        /// one would.
        #[test]
        fn constructors_accept_exactly_the_valid_inputs(
            a in any_f32(), b in any_f32(), c in any_f32(), d in any_f32()
        ) {
            let (p, q) = (Vec2::new(a, b), Vec2::new(c, d));
            let all_finite = |vs: &[f32]| vs.iter().all(|v| v.is_finite());
            let (min, max) = (p, q);
            let valid = all_finite(&[a, b, c, d, max.x - min.x, max.y - min.y]) && min.x <= max.x && min.y <= max.y;
            proptest::prop_assert_eq!(Aabb::new(min, max).is_ok(), valid);
            let (center, half) = (p, q);
            let (lo, hi) = (center - half, center + half);
            let valid = all_finite(&[a, b, c, d, lo.x, lo.y, hi.x, hi.y, hi.x - lo.x, hi.y - lo.y])
                && half.x >= 0.0
                && half.y >= 0.0;
            proptest::prop_assert_eq!(Aabb::from_center_half_extents(center, half).is_ok(), valid);
        }
    }
}
