//! Contacts: how deep two shapes overlap, which way to push them apart, and where they touch.
//!
//! [`contact`] answers for any two shapes; `contact(a, b).is_some()` agrees with
//! [`intersects`](crate::intersects) (touching gives a contact of depth 0). The normal always
//! points from `a` towards `b`, including when one shape lies inside the other.
//!
//! For concave polygons, [`contact`] is the minimum translation that separates the whole
//! shapes. [`contact_deepest_piece_pair`] is the opt-in fast alternative a game may choose: the
//! deepest overlap of any one pair of convex pieces, not minimal.

mod approach;
mod boxes;
mod budget;
mod capsules;
mod concave;
mod deepest;
mod disc_polygon;
mod general;
mod manifold;
mod round;
mod separation;

pub use boxes::{contact_aabb_obb, contact_obb_obb};
pub use budget::ContactBudget;
pub use capsules::{contact_capsule_capsule, contact_circle_capsule};
pub use deepest::{contact_deepest_piece_pair, ContactMethod};
pub use disc_polygon::contact_circle_polygon;
pub use manifold::{Contact, ContactPoint};
pub use round::{contact_aabb_aabb, contact_circle_aabb, contact_circle_circle, contact_circle_obb};

use general::contact_general;

use crate::query::tiles;

use super::{ShapeLike, ShapeRef};

/// The contact between `a` and `b`, or `None` when they do not intersect.
///
/// `normal` points from `a` towards `b`; moving `b` by [`Contact::push_out_b`] (or `a` by
/// [`Contact::push_out_a`]) is the shortest translation that separates them (touching after it).
/// Up to two points: two when an edge lies flat against an edge.
///
/// Mostly a push slightly longer than `depth` separates them too. With a concave polygon the
/// shortest push can end with `b` wedged, touching two sides at once, where any push further
/// along overlaps again: in a gap `b` fits exactly (a box as wide as a corridor, overlapping one
/// wall, goes back into the corridor) or between corners. Such a push is taken only when no
/// clean one is within about 1e-4 of the shapes' size of it; and never for a flat `b` (a point,
/// a segment, a box without width or height, anything thinner than a few millionths of the
/// shapes' size), which is pushed past a gap it fits exactly.
///
/// ```
/// use collide2d::{contact, Circle, Vec2};
/// let a = Circle::new(Vec2::ZERO, 1.0)?;
/// let b = Circle::new(Vec2::new(1.5, 0.0), 1.0)?;
/// let c = contact(&a, &b).expect("they overlap");
/// assert_eq!(c.normal, Vec2::X);
/// assert_eq!(c.depth, 0.5);
/// assert_eq!(c.push_out_b(), Vec2::new(0.5, 0.0));
///
/// // A U whose notch (x from 1 to 2) is a corridor one unit wide, and a box exactly as wide,
/// // 0.2 into the left arm: it goes back into the corridor, touching both sides.
/// let corners = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)];
/// let u = collide2d::Polygon::new(&corners.map(|(x, y)| Vec2::new(x as f32, y as f32)))?;
/// let crate_ = collide2d::Aabb::new(Vec2::new(0.8, 1.5), Vec2::new(1.8, 2.5))?;
/// let c = contact(&u, &crate_).expect("they overlap");
/// assert!(c.normal.abs_diff_eq(Vec2::X, 1e-5) && (c.depth - 0.2).abs() < 1e-5);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline(always)]
pub fn contact<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> Option<Contact> {
    contact_ref(a.shape_ref(), b.shape_ref())
}

/// [`contact`] within `budget`: the exact answer when it fits, else a push that separates,
/// flagged by [`Contact::is_exact`] (see [`ContactBudget`]). [`contact`] is this with
/// [`ContactBudget::DEFAULT`]; [`ContactBudget::UNBOUNDED`] always gives the exact minimum.
///
/// ```
/// use collide2d::{contact, contact_with_budget, ContactBudget, Polygon, Vec2};
/// let v = |x, y| Vec2::new(x, y);
/// let l = Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 1.0), v(1.0, 1.0), v(1.0, 4.0), v(0.0, 4.0)])?;
/// let b = Polygon::new(&[v(0.5, 0.5), v(1.0, 0.5), v(1.0, 1.5), v(0.5, 1.5)])?;
/// let exact = contact_with_budget(&l, &b, ContactBudget::UNBOUNDED).expect("they overlap");
/// assert!(exact.is_exact());
/// assert_eq!(Some(exact), contact(&l, &b)); // small shapes fit the default budget
/// let starved = contact_with_budget(&l, &b, ContactBudget::from_units(1)).expect("they overlap");
/// assert!(!starved.is_exact() && starved.depth >= exact.depth);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_with_budget<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(
    a: &A,
    b: &B,
    budget: ContactBudget,
) -> Option<Contact> {
    contact_ref_within(a.shape_ref(), b.shape_ref(), budget)
}

/// [`contact_ref`] within `budget` (which only a concave polygon's contact spends).
#[inline]
pub(crate) fn contact_ref_within(a: ShapeRef, b: ShapeRef, budget: ContactBudget) -> Option<Contact> {
    use ShapeRef as S;
    match (a, b) {
        (S::Point(p), _) | (_, S::Point(p)) if !p.is_finite() => None,
        (S::TileMap(m), other) => tiles::contact_map(m, other, budget),
        (other, S::TileMap(m)) => tiles::contact_map(m, other, budget).map(|k| k.flipped()),
        (S::Polygon(p), other) => concave::contact_concave(p, other, budget),
        (other, S::Polygon(p)) => concave::contact_concave(p, other, budget).map(|k| k.flipped()),
        _ => contact_ref(a, b),
    }
}

/// An upper estimate of the vertex pairs [`contact`] may visit for `a` and `b`, to bound its
/// work before starting: 0 unless one is a concave [`Polygon`](crate::Polygon), whose exact
/// push-out can cost up to the product of the vertex counts (`n × m` for two, and `n ×
/// max(n, m)` for a shape deep inside an `n`-gon, whose way out is searched along every edge).
/// The other pairs cost time linear in their vertices. Vertices of holes count.
///
/// ```
/// use collide2d::{contact_work, Circle, Polygon, Vec2};
/// let star: Vec<Vec2> = (0..200)
///     .map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 200.0) * if k % 2 == 0 { 10.0 } else { 5.0 })
///     .collect();
/// let star = Polygon::new(&star)?;
/// let ball = Circle::new(Vec2::ZERO, 1.0)?;
/// assert_eq!(contact_work(&star, &ball), 200 * 200);
/// assert_eq!(contact_work(&ball, &ball), 0);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_work<A: ShapeLike + ?Sized, B: ShapeLike + ?Sized>(a: &A, b: &B) -> u64 {
    let vertices = |s: &ShapeRef| -> u64 {
        match s {
            ShapeRef::Polygon(p) => (p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()) as u64,
            ShapeRef::ConvexPolygon(p) => p.vertices().len() as u64,
            _ => 0,
        }
    };
    let (a, b) = (a.shape_ref(), b.shape_ref());
    let concave = |s: &ShapeRef| matches!(s, ShapeRef::Polygon(_));
    let (na, nb) = (vertices(&a), vertices(&b));
    match (concave(&a), concave(&b)) {
        (true, true) => na.saturating_mul(nb),
        (true, false) => na.saturating_mul(na.max(nb)),
        (false, true) => nb.saturating_mul(nb.max(na)),
        (false, false) => 0,
    }
}

#[inline(always)]
pub(crate) fn contact_ref(a: ShapeRef, b: ShapeRef) -> Option<Contact> {
    use ShapeRef as S;
    match (a, b) {
        (S::Point(p), _) | (_, S::Point(p)) if !p.is_finite() => None,
        (S::TileMap(m), other) => tiles::contact_map(m, other, ContactBudget::DEFAULT),
        (other, S::TileMap(m)) => tiles::contact_map(m, other, ContactBudget::DEFAULT).map(|k| k.flipped()),
        (S::Polygon(p), other) => concave::contact_concave(p, other, ContactBudget::DEFAULT),
        (other, S::Polygon(p)) => concave::contact_concave(p, other, ContactBudget::DEFAULT).map(|k| k.flipped()),
        (S::Circle(a), S::Circle(b)) => contact_circle_circle(a, b),
        (S::Circle(c), S::Aabb(b)) => contact_circle_aabb(c, b),
        (S::Aabb(b), S::Circle(c)) => contact_circle_aabb(c, b).map(|k| k.flipped()),
        (S::Circle(c), S::Obb(o)) => contact_circle_obb(c, o),
        (S::Obb(o), S::Circle(c)) => contact_circle_obb(c, o).map(|k| k.flipped()),
        (S::Circle(c), S::ConvexPolygon(g)) => disc_polygon::disc_polygon(c, g, true),
        (S::ConvexPolygon(g), S::Circle(c)) => disc_polygon::disc_polygon(c, g, false),
        (S::Circle(c), S::Capsule(k)) => contact_circle_capsule(c, k),
        (S::Capsule(k), S::Circle(c)) => capsules::circle_capsule(c, k, false),
        (S::Capsule(a), S::Capsule(b)) => contact_capsule_capsule(a, b),
        (S::Aabb(a), S::Aabb(b)) => contact_aabb_aabb(a, b),
        (S::Obb(a), S::Obb(b)) => contact_obb_obb(a, b),
        (S::Aabb(a), S::Obb(b)) => contact_aabb_obb(a, b),
        (S::Obb(b), S::Aabb(a)) => contact_aabb_obb(a, b).map(|k| k.flipped()),
        _ => contact_general(a, b),
    }
}

/// Whether a fast path's contact is the general path's: the same answer, and where both
/// touch, the same normal, depth and points to within rounding of the shapes' size. With
/// `crossing`, opposite normals at the same depth pass too: cores crossing where out either
/// side is as short, a tie rounding breaks.
#[cfg(test)]
fn agree(fast: Option<Contact>, general: Option<Contact>, size: f32, crossing: bool) -> Result<(), String> {
    let (f, g) = match (fast, general) {
        (None, None) => return Ok(()),
        (Some(f), Some(g)) => (f, g),
        (f, g) => return Err(format!("fast {f:?}, general {g:?}")),
    };
    let tol = 2e-5 * size;
    if crossing && f.normal.distance(-g.normal) <= 1e-4 && (f.depth - g.depth).abs() <= tol {
        return Ok(());
    }
    let close = |p: glam::Vec2, q: glam::Vec2| p.distance(q) <= tol;
    let same_points = f.points().len() == g.points().len()
        && f.points().iter().zip(g.points()).all(|(p, q)| {
            close(p.point_a, q.point_a) && close(p.point_b, q.point_b) && (p.depth - q.depth).abs() <= tol
        });
    if f.normal.distance(g.normal) > 1e-4 || (f.depth - g.depth).abs() > tol || !same_points {
        return Err(format!("fast {f:?}\ngeneral {g:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod work_tests {
    use super::*;
    use crate::{Circle, ConvexPolygon, Polygon, Vec2};

    /// Each pairing's estimate, with counts that tell a swap or a sum from a product: a frame
    /// of 4 + 4 vertices (its hole's count), a U of 8, a triangle of 3.
    #[test]
    fn the_estimate_multiplies_the_counts_of_the_concave_pairs() {
        let v = |x: f32, y: f32| Vec2::new(x, y);
        let square = |lo: f32, hi: f32| [v(lo, lo), v(hi, lo), v(hi, hi), v(lo, hi)];
        let frame = Polygon::with_holes(&square(0.0, 10.0), &[square(3.0, 7.0)]).unwrap();
        let u = [(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)];
        let u = Polygon::new(&u.map(|(x, y)| v(x as f32, y as f32))).unwrap();
        let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap();
        let big = ConvexPolygon::regular(20, Vec2::ZERO, 1.0, 0.0).unwrap();
        let ball = Circle::new(Vec2::ZERO, 1.0).unwrap();
        assert_eq!(contact_work(&frame, &u), 64);
        assert_eq!(contact_work(&frame, &tri), 8 * 8);
        assert_eq!(contact_work(&tri, &frame), 8 * 8);
        assert_eq!(contact_work(&frame, &big), 8 * 20);
        assert_eq!(contact_work(&big, &u), 8 * 20);
        assert_eq!(contact_work(&ball, &u), 8 * 8);
        assert_eq!(contact_work(&big, &tri), 0);
        assert_eq!(contact_work(&ball, &big), 0);
    }
}
