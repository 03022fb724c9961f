use super::Order;
use glam::{Affine2, DAffine2, Mat2, Vec2};

/// A 2D affine transform: where a sprite's local coordinates land in its parent's (or the
/// world's) coordinates.
///
/// Built like a game sprite's transform from a translation, a rotation (radians, from +x towards
/// +y), a per-axis scale and an origin (the local point that the translation places and that
/// rotation and scale turn around): `world = translation + R(rotation) · (scale ⊙ (local − origin))`.
///
/// Transforms compose as matrices: `parent.compose(&child)` maps the child's local coordinates
/// into the parent's parent space, so nested objects get their world transform by composing down
/// the tree. A composition of rotations with unequal scales can skew; that is why this type is
/// a full affine matrix and not a (translation, rotation, scale) triple.
///
/// ```
/// use collide2d::{Transform, Vec2};
/// use std::f32::consts::FRAC_PI_2;
/// let parent = Transform::from_translation(Vec2::new(10.0, 0.0));
/// let child = Transform::from_rotation(FRAC_PI_2);
/// let world = parent.compose(&child);
/// let p = world.transform_point(Vec2::new(1.0, 0.0));
/// assert!((p - Vec2::new(10.0, 1.0)).length() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Transform {
    matrix: Affine2,
}

impl Default for Transform {
    fn default() -> Self {
        Self::IDENTITY
    }
}

/// The rotation by `angle` radians, from [`super::sin_cos`] (the same bits on every target).
#[inline]
fn rotation_matrix(angle: f32) -> Mat2 {
    let (sin, cos) = super::sin_cos(angle);
    Mat2::from_cols(Vec2::new(cos, sin), Vec2::new(-sin, cos))
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Self = Self { matrix: Affine2::IDENTITY };

    /// A transform from its sprite-like parts; see the type's documentation for the formula.
    pub fn from_parts(translation: Vec2, rotation: f32, scale: Vec2, origin: Vec2) -> Self {
        let linear = rotation_matrix(rotation) * Mat2::from_diagonal(scale);
        Self { matrix: Affine2::from_mat2_translation(linear, translation - linear * origin) }
    }

    /// A pure translation.
    #[inline]
    pub fn from_translation(translation: Vec2) -> Self {
        Self { matrix: Affine2::from_translation(translation) }
    }

    /// A rotation by `angle` radians about the origin.
    pub fn from_rotation(angle: f32) -> Self {
        Self { matrix: Affine2::from_mat2(rotation_matrix(angle)) }
    }

    /// A per-axis scale about the origin.
    pub fn from_scale(scale: Vec2) -> Self {
        Self { matrix: Affine2::from_scale(scale) }
    }

    /// Translation, rotation and scale with the origin at local (0, 0).
    pub fn from_translation_rotation_scale(translation: Vec2, rotation: f32, scale: Vec2) -> Self {
        Self::from_parts(translation, rotation, scale, Vec2::ZERO)
    }

    /// Wraps a `glam` affine matrix.
    #[inline]
    pub fn from_affine(matrix: Affine2) -> Self {
        Self { matrix }
    }

    /// The underlying `glam` affine matrix.
    #[inline]
    pub fn affine(&self) -> Affine2 {
        self.matrix
    }

    /// The linear part (rotation, scale, skew) as a 2×2 matrix whose columns are the images of
    /// the local x and y unit vectors.
    #[inline]
    pub fn linear(&self) -> Mat2 {
        self.matrix.matrix2
    }

    /// Where local (0, 0) lands.
    #[inline]
    pub fn translation(&self) -> Vec2 {
        self.matrix.translation
    }

    /// `self · child`: first `child`, then `self`. Use it as `parent.compose(&child)`.
    #[inline]
    pub fn compose(&self, child: &Transform) -> Transform {
        Self { matrix: self.matrix * child.matrix }
    }

    /// The transform that undoes this one, or `None` when it is not invertible (a zero scale
    /// flattens space), holds non-finite numbers, or its inverse would not fit in `f32`.
    ///
    /// Worked in f64, where the determinant of a scale of 1e20 (or 1e-25) neither overflows nor
    /// underflows: a singular or non-finite transform comes out with an infinite or NaN inverse.
    pub fn inverse(&self) -> Option<Transform> {
        let (m, t) = (self.matrix.matrix2.as_dmat2(), self.matrix.translation.as_dvec2());
        let inv = DAffine2::from_mat2_translation(m, t).inverse();
        let inv = Affine2::from_mat2_translation(inv.matrix2.as_mat2(), inv.translation.as_vec2());
        inv.is_finite().then_some(Self { matrix: inv })
    }

    /// Maps a point (translation applies).
    #[inline]
    pub fn transform_point(&self, p: Vec2) -> Vec2 {
        self.matrix.transform_point2(p)
    }

    /// Maps a direction or offset (translation does not apply).
    #[inline]
    pub fn transform_vector(&self, v: Vec2) -> Vec2 {
        self.matrix.transform_vector2(v)
    }

    /// Whether every number in the matrix is finite.
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.matrix.is_finite()
    }

    /// Whether the transform keeps angles between directions: a rotation with a uniform scale,
    /// possibly mirrored. Circles stay circles only under such transforms. Allows a relative
    /// error of 1e-5 so that rotations built from `sin`/`cos` qualify. Decided in f64, so that
    /// a scale of 1e20 or 1e-25 is judged as even as a scale of 2.
    pub fn is_similarity(&self) -> bool {
        let (x, y) = (self.matrix.matrix2.x_axis, self.matrix.matrix2.y_axis);
        let (lx, ly) = (x.as_dvec2().length_squared(), y.as_dvec2().length_squared());
        orthogonal(x, y) && (lx - ly).abs() <= 1e-5 * lx.at_least(ly)
    }

    /// The uniform scale factor of a similarity (`sqrt(|det|)`), meaningful when
    /// [`is_similarity`](Self::is_similarity) holds. Worked in f64 (the f32 determinant of a
    /// scale of 1e20 overflows), so it is infinite only when the scale itself is.
    pub fn uniform_scale(&self) -> f32 {
        self.determinant64().abs().sqrt() as f32
    }

    /// The determinant of the linear part, in f64: exact products, so it is zero only for a
    /// truly flattening transform and never overflows.
    pub(crate) fn determinant64(&self) -> f64 {
        let m = self.matrix.matrix2;
        m.x_axis.x as f64 * m.y_axis.y as f64 - m.y_axis.x as f64 * m.x_axis.y as f64
    }
}

impl core::ops::Mul for Transform {
    type Output = Transform;
    /// `parent * child`, the same as [`Transform::compose`].
    fn mul(self, child: Transform) -> Transform {
        self.compose(&child)
    }
}

/// Whether two vectors are perpendicular within a relative error of 1e-5 (either may be zero).
/// In f64, where the products neither overflow nor underflow.
pub(crate) fn orthogonal(u: Vec2, v: Vec2) -> bool {
    let (u, v) = (u.as_dvec2(), v.as_dvec2());
    u.dot(v).abs() <= 1e-5 * u.length() * v.length()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() <= 1e-5 * (1.0 + b.length())
    }

    #[test]
    fn parts_apply_origin_then_scale_then_rotation_then_translation() {
        let t = Transform::from_parts(Vec2::new(100.0, 50.0), FRAC_PI_2, Vec2::new(2.0, 3.0), Vec2::new(1.0, 1.0));
        // The origin itself lands on the translation.
        assert!(close(t.transform_point(Vec2::new(1.0, 1.0)), Vec2::new(100.0, 50.0)));
        // One unit right of the origin: scaled to 2, rotated a quarter turn to +y.
        assert!(close(t.transform_point(Vec2::new(2.0, 1.0)), Vec2::new(100.0, 52.0)));
        // Vectors ignore translation and origin.
        assert!(close(t.transform_vector(Vec2::new(0.0, 1.0)), Vec2::new(-3.0, 0.0)));
    }

    #[test]
    fn compose_applies_child_first() {
        let parent = Transform::from_scale(Vec2::new(2.0, 1.0));
        let child = Transform::from_rotation(FRAC_PI_4);
        let world = parent.compose(&child);
        let p = Vec2::new(1.0, 0.0);
        assert!(close(world.transform_point(p), parent.transform_point(child.transform_point(p))));
        // A rotated child under a non-uniform parent scale is skewed: no longer a similarity.
        assert!(!world.is_similarity());
        assert_eq!(parent * child, world);
    }

    #[test]
    fn inverse_undoes_and_singular_transforms_have_none() {
        let t = Transform::from_parts(Vec2::new(3.0, -4.0), 0.7, Vec2::new(2.0, 0.5), Vec2::new(1.0, 2.0));
        let inv = t.inverse().expect("invertible");
        let p = Vec2::new(-7.5, 2.25);
        assert!(close(inv.transform_point(t.transform_point(p)), p));
        assert!(Transform::from_scale(Vec2::new(0.0, 1.0)).inverse().is_none());
        assert!(Transform::from_translation(Vec2::new(f32::NAN, 0.0)).inverse().is_none());
        assert!(Transform::from_rotation(f32::INFINITY).inverse().is_none());
        assert!(Transform::from_scale(Vec2::new(f32::INFINITY, 1.0)).inverse().is_none());
        // Scales whose f32 determinant overflows or underflows are still invertible.
        for scale in [1e20, 1e-25] {
            let inv = Transform::from_scale(Vec2::splat(scale)).inverse().expect("invertible");
            assert_eq!(inv.transform_point(Vec2::new(scale, -scale)), Vec2::new(1.0, -1.0));
        }
        // An inverse beyond the f32 range is none.
        assert!(Transform::from_scale(Vec2::splat(1e-39)).inverse().is_none());
    }

    #[test]
    fn orthogonal_allows_a_relative_error_of_1e_5_at_any_length() {
        // At length 100, a dot product of 5e-6 of the lengths' product passes, 2e-5 not.
        let u = Vec2::new(100.0, 0.0);
        assert!(orthogonal(u, Vec2::new(5e-4, 100.0)) && orthogonal(Vec2::new(5e-4, 100.0), u));
        assert!(!orthogonal(u, Vec2::new(2e-3, 100.0)) && !orthogonal(Vec2::new(2e-3, 100.0), u));
        // Lengths far apart: the allowance scales with both.
        assert!(orthogonal(Vec2::new(1e-3, 0.0), Vec2::new(5e-3, 1e3)));
        assert!(!orthogonal(Vec2::new(1e-3, 0.0), Vec2::new(2e-2, 1e3)));
        assert!(orthogonal(Vec2::ZERO, u));
    }

    #[test]
    fn parts_read_back_what_built_them() {
        let m = Affine2::from_cols_array(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let t = Transform::from_affine(m);
        assert_eq!(t.affine(), m);
        assert_eq!(t.linear(), Mat2::from_cols_array(&[1.0, 2.0, 3.0, 4.0]));
        assert_eq!(t.translation(), Vec2::new(5.0, 6.0));
        assert_eq!(Transform::from_translation(Vec2::new(-2.0, 7.0)).translation(), Vec2::new(-2.0, 7.0));
        assert!(t.is_finite());
        assert!(!Transform::from_translation(Vec2::new(0.0, f32::NAN)).is_finite());
        assert!(!Transform::from_scale(Vec2::new(f32::INFINITY, 1.0)).is_finite());
    }

    #[test]
    fn similarity_detects_rotation_with_uniform_scale_only() {
        assert!(Transform::from_translation_rotation_scale(Vec2::ONE, 0.3, Vec2::splat(2.0)).is_similarity());
        assert!(Transform::from_scale(Vec2::new(-2.0, 2.0)).is_similarity());
        assert!(!Transform::from_scale(Vec2::new(2.0, 1.0)).is_similarity());
        // The allowance is relative: at a scale of 100, 2e-6 of unevenness passes, 2e-5 not.
        assert!(Transform::from_scale(Vec2::new(100.0, 100.0002)).is_similarity());
        assert!(!Transform::from_scale(Vec2::new(100.0, 100.002)).is_similarity());
        assert!(Transform::from_scale(Vec2::splat(1e20)).is_similarity());
        let s = Transform::from_translation_rotation_scale(Vec2::ONE, 0.3, Vec2::splat(2.0)).uniform_scale();
        assert!((s - 2.0).abs() < 1e-6);
    }
}
