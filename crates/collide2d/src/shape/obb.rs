use glam::Vec2;

use super::error::{finite, finite_vec, fits, positive};
use super::{Aabb, ConvexPolygon, Shape, ShapeError};
use crate::math::Transform;

/// An oriented rectangle: a box of half extents `half_extents` around `center`, turned by
/// `rotation` radians (from +x towards +y).
///
/// ```
/// use collide2d::{Obb, Vec2};
/// let diamond = Obb::new(Vec2::ZERO, Vec2::ONE, std::f32::consts::FRAC_PI_4)?;
/// // The tip of the diamond lies on the x axis at sqrt(2).
/// let right = diamond.corners().iter().map(|c| c.x).fold(f32::MIN, f32::max);
/// assert!((right - 2f32.sqrt()).abs() < 1e-6);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::ObbRaw", into = "crate::serial::ObbRaw")
)]
// At 8-byte alignment a box sits at an 8-byte offset in a `Result` or an enum too, so its
// vectors are copied in the 8-byte pieces they are read in: at 4, each copy was split across
// them and the reader stalled (a box built from numbers and tested: 20 % faster; `Shape` pairs
// of boxes: 39 %).
#[repr(align(8))]
pub struct Obb {
    center: Vec2,
    half_extents: Vec2,
    /// `(cos rotation, sin rotation)`: the box's local x axis in world space. The three
    /// vectors first, at 8-byte steps, so that they are written and read whole.
    axis: Vec2,
    /// The angle given to [`Obb::new`], or NaN for a box made [`Obb::from_axis`], whose angle
    /// [`Obb::rotation`] works out from `axis` when asked (so that making one takes no
    /// trigonometry).
    rotation: f32,
}

/// Two boxes are equal when they are the same rectangle: centre, half extents and axis (the
/// angle they were given, if any, follows from the axis up to whole turns).
impl PartialEq for Obb {
    fn eq(&self, other: &Self) -> bool {
        self.center == other.center && self.half_extents == other.half_extents && self.axis == other.axis
    }
}

const NAME: &str = "Obb";

impl Obb {
    /// The box around `center`, reaching `half_extents` along its own axes, turned by
    /// `rotation` radians. Half extents must be positive and every number finite.
    pub fn new(center: Vec2, half_extents: Vec2, rotation: f32) -> Result<Self, ShapeError> {
        finite_vec(NAME, "center", center)?;
        positive(NAME, "half extent x", half_extents.x)?;
        positive(NAME, "half extent y", half_extents.y)?;
        finite(NAME, "rotation", rotation)?;
        let obb = Self { center, half_extents, rotation, axis: crate::math::unit_vector(rotation) };
        let bounds = obb.aabb();
        fits(NAME, "half extents", half_extents.max_element(), bounds.min(), bounds.max())?;
        Ok(obb)
    }

    /// The box around `center`, reaching `half_extents` along its own axes, its x axis along
    /// `axis`: the cosine and sine of its rotation, as Box2D's `b2Rot` and the C API's
    /// `c2d_Rot` give it, so that making a box takes no trigonometry. `axis` must be a unit
    /// vector within 1e-4 (`(c² + s²)` from 0.9999 to 1.0001), normalised unless it is one to
    /// `f32` precision already (as `Vec2::from_angle` makes it). Half extents
    /// must be positive and every number finite.
    ///
    /// ```
    /// use collide2d::{Obb, Vec2};
    /// let (s, c) = 0.5f32.sin_cos();
    /// let a = Obb::from_axis(Vec2::ZERO, Vec2::new(2.0, 1.0), Vec2::new(c, s))?;
    /// assert!((a.rotation() - 0.5).abs() < 1e-6);
    /// assert!(Obb::from_axis(Vec2::ZERO, Vec2::ONE, Vec2::new(1.0, 0.1)).is_err());
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    #[inline(always)]
    pub fn from_axis(center: Vec2, half_extents: Vec2, axis: Vec2) -> Result<Self, ShapeError> {
        // One test for the usual case; the cold path finds what is wrong and says so.
        let length2 = axis.length_squared();
        let off = (length2 - 1.0).abs();
        // Lane-wise tests (NaN fails each), so that the vectors stay whole in registers: a
        // box read field by field right after it was written half by half stalls the reader.
        let finite = |v: Vec2| v.abs().cmplt(Vec2::INFINITY).all();
        let sizes = half_extents.cmpgt(Vec2::ZERO).all() && finite(half_extents);
        if !(finite(center) && sizes && finite(axis) && off <= 1e-4) {
            return Err(Self::refusal(center, half_extents, axis));
        }
        // A unit vector to f32's precision (as `Vec2::from_angle` gives) is kept as it is.
        let axis = if off <= 2.0 * f32::EPSILON { axis } else { axis / length2.sqrt() };
        // The bounds as `aabb` makes them, kept in registers: their size must be finite.
        let reach = axis.abs() * half_extents.x + axis.perp().abs() * half_extents.y;
        if !((center + reach) - (center - reach)).is_finite() {
            return Err(super::error::too_large(NAME, "half extents", half_extents.max_element()));
        }
        Ok(Self { center, half_extents, rotation: f32::NAN, axis })
    }

    /// Why [`Obb::from_axis`] refuses its arguments: the first check that fails, and else the
    /// axis's length (the one test left).
    #[cold]
    fn refusal(center: Vec2, half_extents: Vec2, axis: Vec2) -> ShapeError {
        let first = finite_vec(NAME, "center", center)
            .and_then(|_| positive(NAME, "half extent x", half_extents.x))
            .and_then(|_| positive(NAME, "half extent y", half_extents.y))
            .and_then(|_| finite_vec(NAME, "axis", axis));
        first.err().unwrap_or(ShapeError::BadSize {
            shape: NAME,
            field: "axis length (a unit vector: the cosine and sine of the rotation)",
            requirement: "1 within 1e-4",
            value: axis.length(),
        })
    }

    /// The box covering `aabb` exactly, with rotation 0 (errors for a box of zero width or height).
    pub fn from_aabb(aabb: &Aabb) -> Result<Self, ShapeError> {
        Self::new(aabb.center(), aabb.half_extents(), 0.0)
    }

    /// The middle point.
    #[inline]
    pub fn center(&self) -> Vec2 {
        self.center
    }

    /// Half the size along the box's own x and y axes.
    #[inline]
    pub fn half_extents(&self) -> Vec2 {
        self.half_extents
    }

    /// The angle in radians: as given to [`Obb::new`], or, for a box made
    /// [`Obb::from_axis`], its axis's angle (from -π to π).
    #[inline]
    pub fn rotation(&self) -> f32 {
        if self.rotation.is_nan() {
            libm::atan2f(self.axis.y, self.axis.x)
        } else {
            self.rotation
        }
    }

    /// The box's local x and y axes in world space (unit vectors).
    #[inline]
    pub fn axes(&self) -> (Vec2, Vec2) {
        (self.axis, self.axis.perp())
    }

    /// A point in world space expressed in the box's frame (centre at the origin, axes aligned).
    #[inline]
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        crate::math::unrotate(self.axis, p - self.center)
    }

    /// A point in the box's frame expressed in world space.
    #[inline]
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.center + self.axis.rotate(p)
    }

    /// The four corners, counter-clockwise with y up.
    pub fn corners(&self) -> [Vec2; 4] {
        let (ux, uy) = (self.axis * self.half_extents.x, self.axis.perp() * self.half_extents.y);
        let c = self.center;
        [c - ux - uy, c + ux - uy, c + ux + uy, c - ux + uy]
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        let reach = self.axis.abs() * self.half_extents.x + self.axis.perp().abs() * self.half_extents.y;
        Aabb::from_min_max_unchecked(self.center - reach, self.center + reach)
    }

    /// The same rectangle as a four-vertex polygon.
    pub fn to_polygon(&self) -> ConvexPolygon {
        ConvexPolygon::from_valid_ccw(self.corners().to_vec())
    }

    /// This box placed by `transform`: an [`Obb`] when the transform keeps its two axes
    /// perpendicular (any rotation, any per-axis scale along the box's own axes, mirroring), and
    /// otherwise the parallelogram it becomes, as a [`ConvexPolygon`] — never a wrong rectangle.
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        super::check_transform(NAME, transform)?;
        let (ax, ay) = self.axes();
        let u = transform.transform_vector(ax * self.half_extents.x);
        let v = transform.transform_vector(ay * self.half_extents.y);
        let center = transform.transform_point(self.center);
        if !(u.is_finite() && v.is_finite() && center.is_finite()) {
            return Err(super::overflowed(NAME));
        }
        if crate::math::orthogonal(u, v) {
            // Lengths in f64: the f32 ones overflow beyond about 1e19 and underflow below 1e-19.
            let (hu, hv) = (u.as_dvec2().length() as f32, v.as_dvec2().length() as f32);
            let obb = Obb::new(center, Vec2::new(hu, hv), libm::atan2f(u.y, u.x));
            return obb
                .map(Shape::Obb)
                .map_err(|_| super::flattened_or_overflowed(NAME, hu.is_finite() && hv.is_finite()));
        }
        let corners = self.corners().map(|p| transform.transform_point(p));
        ConvexPolygon::new(&corners).map(Shape::ConvexPolygon).map_err(|_| super::flattened(NAME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::FRAC_PI_2;

    #[test]
    fn rejects_non_positive_extents_and_non_finite_numbers() {
        assert!(Obb::new(Vec2::ZERO, Vec2::new(0.0, 1.0), 0.0).is_err());
        assert!(Obb::new(Vec2::ZERO, Vec2::new(1.0, -1.0), 0.0).is_err());
        let e = Obb::new(Vec2::ZERO, Vec2::ONE, f32::INFINITY).unwrap_err();
        assert!(e.to_string().contains("rotation"), "{e}");
    }

    /// A box made from its axis is the box made from the axis's angle (to rounding), takes
    /// every refusal `new` makes, and refuses an axis that is not a unit vector.
    #[test]
    fn a_box_from_its_axis_is_the_box_from_its_angle() {
        for angle in [0.0f32, 0.5, FRAC_PI_2, -2.5, 3.0] {
            let (s, c) = angle.sin_cos();
            let a = Obb::from_axis(Vec2::new(3.0, -1.0), Vec2::new(2.0, 0.5), Vec2::new(c, s)).unwrap();
            let b = Obb::new(Vec2::new(3.0, -1.0), Vec2::new(2.0, 0.5), angle).unwrap();
            for (p, q) in a.corners().iter().zip(b.corners()) {
                assert!((*p - q).length() < 1e-5, "{angle}: {p} {q}");
            }
            assert!((a.rotation() - angle).abs() < 1e-5, "{angle}: {}", a.rotation());
        }
        // The angle is worked out in (-pi, pi]; a box made by `new` keeps the angle given.
        let turned = Obb::from_axis(Vec2::ZERO, Vec2::ONE, Vec2::new(-1.0, 0.0)).unwrap();
        assert!((turned.rotation() - std::f32::consts::PI).abs() < 1e-6);
        assert_eq!(Obb::new(Vec2::ZERO, Vec2::ONE, 7.0).unwrap().rotation(), 7.0);
        // Normalised: an axis a little long or short is made unit.
        let long = Obb::from_axis(Vec2::ZERO, Vec2::ONE, Vec2::new(1.00004, 0.0)).unwrap();
        assert_eq!(long, Obb::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap());
        let refused = |axis: Vec2| Obb::from_axis(Vec2::ZERO, Vec2::ONE, axis).unwrap_err().to_string();
        assert!(refused(Vec2::new(1.0, 0.1)).contains("axis length"));
        assert!(refused(Vec2::new(0.0, 0.99)).contains("axis length"));
        assert!(refused(Vec2::ZERO).contains("axis length"));
        assert!(refused(Vec2::new(f32::NAN, 1.0)).contains("axis"));
        assert!(Obb::from_axis(Vec2::ZERO, Vec2::new(0.0, 1.0), Vec2::X).is_err());
        assert!(Obb::from_axis(Vec2::new(f32::INFINITY, 0.0), Vec2::ONE, Vec2::X).is_err());
        assert!(Obb::from_axis(Vec2::ZERO, Vec2::splat(3e38), Vec2::new(0.6, 0.8)).is_err(), "too large");
    }

    #[test]
    fn local_and_world_frames_round_trip() {
        let o = Obb::new(Vec2::new(3.0, 4.0), Vec2::new(2.0, 1.0), 0.9).unwrap();
        let p = Vec2::new(-1.5, 7.25);
        assert!((o.to_world(o.to_local(p)) - p).length() < 1e-5);
    }

    #[test]
    fn quarter_turn_swaps_the_bounds() {
        let o = Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), FRAC_PI_2).unwrap();
        let b = o.aabb();
        assert!((b.max() - Vec2::new(1.0, 2.0)).length() < 1e-6);
    }

    #[test]
    fn scaling_along_its_own_axes_keeps_an_obb() {
        let o = Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.0).unwrap();
        let t = Transform::from_translation_rotation_scale(Vec2::new(1.0, 1.0), 0.3, Vec2::new(3.0, 0.5));
        let Shape::Obb(w) = o.transformed(&t).unwrap() else { panic!("expected an Obb") };
        assert!((w.half_extents() - Vec2::new(6.0, 0.5)).length() < 1e-5);
        assert!((w.rotation() - 0.3).abs() < 1e-6);
    }

    #[test]
    fn a_transform_that_flattens_or_overflows_a_box_says_which() {
        let overflowed = |e: ShapeError| e.to_string().contains("too large");
        let flattened = |e: ShapeError| e.to_string().contains("zero size");
        // A shear whose first axis overflows in both coordinates: not a rectangle, too large.
        let shear =
            Transform::from_affine(glam::Affine2::from_cols(Vec2::new(1e38, 1e38), Vec2::new(1.0, 0.0), Vec2::ZERO));
        let o = Obb::new(Vec2::ZERO, Vec2::new(4.0, 1.0), 0.0).unwrap();
        assert!(overflowed(o.transformed(&shear).unwrap_err()));
        // A turned box scaled until its longer half extent overflows, though each axis is finite.
        let turned = Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), std::f32::consts::FRAC_PI_4).unwrap();
        let e = turned.transformed(&Transform::from_scale(Vec2::splat(2.1e38))).unwrap_err();
        assert!(overflowed(e.clone()), "{e}");
        // A thin box squashed below the smallest f32 across: flattened, not overflowed.
        let thin = Obb::new(Vec2::ZERO, Vec2::new(1e-20, 1.0), 0.0).unwrap();
        assert!(flattened(thin.transformed(&Transform::from_scale(Vec2::new(1e-30, 1.0))).unwrap_err()));
    }
}
