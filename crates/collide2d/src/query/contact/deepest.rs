//! The opt-in fast contact for concave polygons: the deepest overlap of a single pair of convex
//! pieces, as parry2d's `Compound` reports it, in place of the minimum translation that
//! separates the whole shapes.

use super::manifold::Contact;
use super::{contact_ref, contact_ref_within, ContactBudget, ShapeLike, ShapeRef};
use crate::polygon::PIECES_INDEXED_FROM;
use crate::query::intersects::intersects_aabb_aabb;

/// The deepest contact between one convex piece of `a` and one of `b` (a shape other than a
/// [`Polygon`](crate::Polygon) is its own single piece), or `None` when they do not intersect.
///
/// **Not the minimum translation.** Pushing by it separates that one pair of pieces, but can
/// leave `b` overlapping a neighbouring piece, or push it further than needed (the depth is
/// never more than [`contact`](super::contact)'s, and often less). It costs about as many convex
/// contacts as there are overlapping piece pairs, with no search: for a game that pushes its
/// sprites apart a little every frame and can live with a few frames to settle. Exact stays
/// the default everywhere else ([`contact`](super::contact), the `World`, the command).
///
/// Between two shapes neither of which is a `Polygon` it is exactly
/// [`contact`](super::contact). The normal points from `a` towards `b`; touching gives depth 0.
///
/// ```
/// use collide2d::{contact, contact_deepest_piece_pair, intersects, Polygon, Transform, Vec2};
/// // An L and a small box in its inner corner: the deepest piece pair asks for 0.5, which
/// // leaves the box in the L; the shortest move that frees it is √½, diagonally out of the corner.
/// let l = Polygon::new(&[Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(4.0, 1.0), Vec2::new(1.0, 1.0),
///     Vec2::new(1.0, 4.0), Vec2::new(0.0, 4.0)])?;
/// let small = Polygon::new(&[Vec2::new(0.5, 0.5), Vec2::new(1.0, 0.5), Vec2::new(1.0, 1.5),
///     Vec2::new(0.5, 1.5)])?;
/// let fast = contact_deepest_piece_pair(&l, &small).expect("they overlap");
/// assert_eq!(fast.depth, 0.5);
/// assert!((contact(&l, &small).unwrap().depth - 0.5f32.sqrt()).abs() < 1e-4);
/// let pushed = small.transformed(&Transform::from_translation(fast.push_out_b()))?;
/// assert!(contact(&l, &pushed).unwrap().depth > 0.0, "still overlapping");
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn contact_deepest_piece_pair<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> Option<Contact> {
    deepest_ref(a.shape_ref(), b.shape_ref())
}

/// Which contact a caller that takes shapes of any kind (the [`World`](crate::World)) measures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContactMethod {
    /// [`contact`](super::contact): the minimum translation that separates the shapes.
    #[default]
    Exact,
    /// [`contact_deepest_piece_pair`]: faster on concave polygons, not minimal.
    DeepestPiecePair,
}

impl ContactMethod {
    /// The contact of `a` and `b` by this method.
    ///
    /// ```
    /// use collide2d::{contact, Circle, ContactMethod, Vec2};
    /// let (a, b) = (Circle::new(Vec2::ZERO, 1.0)?, Circle::new(Vec2::new(1.5, 0.0), 1.0)?);
    /// assert_eq!(ContactMethod::DeepestPiecePair.contact(&a, &b), contact(&a, &b));
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn contact<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(self, a: &A, b: &B) -> Option<Contact> {
        self.contact_within(a, b, ContactBudget::DEFAULT)
    }

    /// [`contact`](Self::contact) with the exact method bounded by `budget` (see
    /// [`contact_with_budget`](super::contact_with_budget)).
    pub fn contact_within<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(
        self,
        a: &A,
        b: &B,
        budget: ContactBudget,
    ) -> Option<Contact> {
        match self {
            ContactMethod::Exact => contact_ref_within(a.shape_ref(), b.shape_ref(), budget),
            ContactMethod::DeepestPiecePair => deepest_ref(a.shape_ref(), b.shape_ref()),
        }
    }
}

fn deepest_ref(a: ShapeRef, b: ShapeRef) -> Option<Contact> {
    if !intersects_aabb_aabb(&a.aabb(), &b.aabb()) {
        return None;
    }
    let mut deepest: Option<Contact> = None;
    for_each_piece(a, |piece_a| {
        let bounds_a = piece_a.aabb();
        if !intersects_aabb_aabb(&bounds_a, &b.aabb()) {
            return;
        }
        let mut measure = |piece_b: ShapeRef| {
            // How far the pieces' bounds overlap (negative: apart). Moving that far along an axis
            // separates them, so the pair is no deeper: a pair that cannot beat the deepest so far
            // is skipped (with a little room, as a depth along an axis may round a hair above it).
            let bounds_b = piece_b.aabb();
            let overlap = (bounds_a.max() - bounds_b.min()).min(bounds_b.max() - bounds_a.min()).min_element();
            if overlap < 0.0 || deepest.as_ref().is_some_and(|d| overlap < d.depth * (1.0 - 1e-5)) {
                return;
            }
            if let Some(c) = contact_ref(piece_a, piece_b) {
                if deepest.as_ref().is_none_or(|d| c.depth > d.depth) {
                    deepest = Some(c);
                }
            }
        };
        match b {
            // Only the pieces whose bounds meet, in the same order as the loop below.
            ShapeRef::Polygon(q) if q.convex_parts().len() > PIECES_INDEXED_FROM => {
                q.pieces_meeting(bounds_a.min(), bounds_a.max(), |k| {
                    measure(ShapeRef::ConvexPolygon(&q.convex_parts()[k]))
                });
            }
            _ => for_each_piece(b, measure),
        }
    });
    // The pieces tile each polygon, so intersecting shapes have an intersecting pair; should
    // rounding ever miss it (or flatten every piece away), the exact contact answers.
    deepest.or_else(|| contact_ref(a, b))
}

/// Each convex piece of a polygon, or the shape itself.
fn for_each_piece<'a>(shape: ShapeRef<'a>, mut visit: impl FnMut(ShapeRef<'a>)) {
    match shape {
        ShapeRef::Polygon(p) => p.convex_parts().iter().for_each(|piece| visit(ShapeRef::ConvexPolygon(piece))),
        other => visit(other),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::contact_deepest_piece_pair as deepest;
    use crate::math::Transform;
    use crate::polygon::Polygon;
    use crate::query::contact::contact;
    use crate::query::intersects::intersects;
    use crate::shape::{Aabb, Circle, ConvexPolygon};

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// An L of arms 4 long and 1 wide, its corner at the origin.
    fn l_shape() -> Polygon {
        Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 1.0), v(1.0, 1.0), v(1.0, 4.0), v(0.0, 4.0)]).unwrap()
    }

    fn boxed(x0: f32, y0: f32, x1: f32, y1: f32) -> Polygon {
        Polygon::new(&[v(x0, y0), v(x1, y0), v(x1, y1), v(x0, y1)]).unwrap()
    }

    /// Star `n` points of radii alternating `outer` and `inner`, turned by `turn`, at `centre`.
    pub(in crate::query::contact) fn star(centre: Vec2, n: usize, outer: f32, inner: f32, turn: f32) -> Polygon {
        let points: Vec<Vec2> = (0..2 * n)
            .map(|i| {
                let r = if i % 2 == 0 { outer } else { inner };
                centre + Vec2::from_angle(turn + i as f32 * std::f32::consts::PI / n as f32) * r
            })
            .collect();
        Polygon::new(&points).unwrap()
    }

    #[test]
    fn shapes_with_no_polygon_get_the_exact_contact() {
        let disc = Circle::new(v(1.5, 0.0), 1.0).unwrap();
        let square = Aabb::new(v(-1.0, -1.0), v(1.0, 1.0)).unwrap();
        let hexagon =
            ConvexPolygon::new(&(0..6).map(|i| Vec2::from_angle(i as f32) * 2.0).collect::<Vec<_>>()).unwrap();
        assert_eq!(deepest(&disc, &square), contact(&disc, &square));
        assert_eq!(deepest(&square, &hexagon), contact(&square, &hexagon));
        assert_eq!(deepest(&disc, &Circle::new(v(9.0, 0.0), 1.0).unwrap()), None);
    }

    #[test]
    fn the_deepest_pair_is_the_answer_when_one_pair_holds_the_whole_overlap() {
        // A disc inside the bottom arm, and one over the L's outer corner.
        for disc in [Circle::new(v(3.0, 0.5), 0.25).unwrap(), Circle::new(v(0.0, 0.0), 0.5).unwrap()] {
            let fast = deepest(&l_shape(), &disc).unwrap();
            let exact = contact(&l_shape(), &disc).unwrap();
            assert!((fast.depth - exact.depth).abs() < 1e-6, "{fast:?} {exact:?}");
            assert!((fast.normal - exact.normal).length() < 1e-6, "{fast:?} {exact:?}");
        }
    }

    #[test]
    fn a_box_across_the_l_s_inner_corner_gets_the_shallower_pair_depth() {
        let small = boxed(0.5, 0.5, 1.0, 1.5);
        let fast = deepest(&l_shape(), &small).unwrap();
        assert_eq!(fast.depth, 0.5);
        // The minimum: diagonally out of the corner.
        assert!((contact(&l_shape(), &small).unwrap().depth - 0.5f32.sqrt()).abs() < 1e-4);
        // Either argument order: the normal points from the first towards the second.
        let back = deepest(&small, &l_shape()).unwrap();
        assert_eq!((back.depth, back.normal), (fast.depth, -fast.normal));
        // Pushed by it, the box still overlaps the L.
        let pushed = small.transformed(&Transform::from_translation(fast.push_out_b())).unwrap();
        assert!(contact(&l_shape(), &pushed).unwrap().depth > 0.1);
    }

    #[test]
    fn a_pair_deeper_by_a_millionth_is_not_skipped() {
        // A box over both pieces of a base with a bump on top: one pair is deeper than the other
        // by 2e-6, its depth equal to its bounds' overlap, so skipping pairs that cannot be
        // deeper must not skip it, whichever pair comes first.
        let bump = Polygon::new(&[
            v(0.0, 0.0),
            v(3.0, 0.0),
            v(3.0, 1.0),
            v(2.0, 1.0),
            v(2.0, 2.0),
            v(1.0, 2.0),
            v(1.0, 1.0),
            v(0.0, 1.0),
        ])
        .unwrap();
        assert_eq!(bump.convex_parts().len(), 2, "the base and the bump");
        for (low, high) in [(0.5, 1.500002), (0.499998, 1.5)] {
            let over = Aabb::new(v(1.2, low), v(1.8, high)).unwrap();
            let fast = deepest(&over, &bump).unwrap();
            assert!(fast.depth > 0.500001, "{low}..{high}: {fast:?}");
        }
    }

    #[test]
    fn touching_gives_depth_zero_and_apart_gives_none() {
        // Flat against the end of the bottom arm; then in the L's notch, within its bounds but
        // touching nothing.
        let touching = deepest(&l_shape(), &boxed(4.0, 0.0, 5.0, 1.0)).unwrap();
        assert_eq!((touching.depth, touching.normal), (0.0, Vec2::X));
        let in_the_notch = boxed(2.0, 2.0, 3.0, 3.0);
        assert!(intersects(&l_shape().aabb(), &in_the_notch.aabb()));
        assert_eq!(deepest(&l_shape(), &in_the_notch), None);
        assert_eq!(deepest(&l_shape(), &boxed(10.0, 0.0, 11.0, 1.0)), None);
    }

    #[test]
    fn depths_scale_with_the_shapes_at_45_degrees_tiny_and_huge() {
        for scale in [1e-20f32, 1e-3, 1.0, 1e3, 1e20] {
            let t = Transform::from_translation_rotation_scale(
                v(scale, -scale),
                std::f32::consts::FRAC_PI_4,
                Vec2::splat(scale),
            );
            let (l, small) = (l_shape().transformed(&t).unwrap(), boxed(0.5, 0.5, 1.0, 1.5).transformed(&t).unwrap());
            let fast = deepest(&l, &small).unwrap();
            assert!((fast.depth / scale - 0.5).abs() < 1e-4, "at {scale}: {fast:?}");
            // The box's piece pair: the push is along one of the box's sides, at 45°.
            assert!((fast.normal.x.abs() - fast.normal.y.abs()).abs() < 1e-4, "at {scale}: {fast:?}");
        }
    }

    #[test]
    fn a_polygon_rounding_left_without_pieces_gets_the_exact_contact() {
        // A sliver 1e-20 high, shrunk until its height underflows: its one piece is flattened
        // away, though its edges still meet the disc.
        let sliver = Polygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.5, 1e-20)]).unwrap();
        let flat = sliver.transformed(&Transform::from_scale(Vec2::splat(1e-30))).unwrap();
        assert!(flat.convex_parts().is_empty());
        let disc = Circle::new(v(0.5e-30, 0.0), 1e-30).unwrap();
        assert!(intersects(&flat, &disc));
        assert_eq!(deepest(&flat, &disc), contact(&flat, &disc));
        assert!(deepest(&flat, &disc).is_some());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..Default::default() })]

        /// On two random stars: `Some` exactly when they intersect, never deeper than the
        /// minimum translation (separating the shapes separates every pair of pieces), and the
        /// deepest over every pair of pieces, listed without the bounds' shortcut.
        #[test]
        fn the_deepest_pair_over_every_pair_and_never_deeper_than_the_minimum(
            (n, m) in (3usize..9, 3usize..9),
            (ra, rb) in (1.0f32..4.0, 1.0f32..4.0),
            (ta, tb) in (0.0f32..6.3, 0.0f32..6.3),
            offset in (-6.0f32..6.0, -6.0f32..6.0),
        ) {
            let a = star(Vec2::ZERO, n, 2.0 * ra, ra, ta);
            let b = star(offset.into(), m, 2.0 * rb, rb, tb);
            let fast = deepest(&a, &b);
            prop_assert_eq!(fast.is_some(), intersects(&a, &b));
            let Some(fast) = fast else { return Ok(()) };
            let exact = contact(&a, &b).unwrap();
            prop_assert!(fast.depth <= exact.depth + 1e-4 * (1.0 + exact.depth), "{:?} deeper than {:?}", fast, exact);
            let every_pair = a.convex_parts().iter().flat_map(|pa| b.convex_parts().iter().filter_map(move |pb| contact(pa, pb)));
            let most = every_pair.map(|c| c.depth).fold(f32::NEG_INFINITY, f32::max);
            prop_assert_eq!(fast.depth, most);
        }
    }
}
