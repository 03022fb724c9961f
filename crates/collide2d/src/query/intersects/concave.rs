use crate::math::segments_touch;
use crate::polygon::Polygon;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::Segment;

use super::intersects_ref;

/// A concave polygon (with holes) against any shape: bounding boxes first, then only the edges
/// near the other shape (through the polygon's edge hierarchy), then, if no edge touches it,
/// whether the other shape lies inside the polygon (a point of it inside decides; a shape in a
/// hole is outside).
///
/// ```
/// use collide2d::{query::intersects::intersects_concave, Circle, Polygon, Vec2};
/// let v = |x, y| Vec2::new(x, y);
/// let u = Polygon::new(&[v(0.0, 0.0), v(3.0, 0.0), v(3.0, 3.0), v(2.0, 3.0), v(2.0, 1.0), v(1.0, 1.0), v(1.0, 3.0), v(0.0, 3.0)])?;
/// assert!(!intersects_concave(&u, &Circle::new(v(1.5, 2.0), 0.4)?)); // in the notch
/// assert!(intersects_concave(&u, &Circle::new(v(0.5, 2.0), 0.1)?)); // inside an arm
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn intersects_concave<S: ShapeLike + ?Sized>(polygon: &Polygon, other: &S) -> bool {
    concave_vs(polygon, other.shape_ref())
}

pub(crate) fn concave_vs(p: &Polygon, other: ShapeRef) -> bool {
    if let ShapeRef::Polygon(q) = other {
        return concave_vs_concave(p, q);
    }
    let bounds = other.aabb();
    if !bounds.intersects(&p.aabb()) {
        return false;
    }
    let edges = p.edges();
    let touches = |e: usize| {
        let (a, b) = edges[e];
        intersects_ref(ShapeRef::Segment(&Segment::from_valid(a, b)), other)
    };
    p.tree().any_in_box(&bounds, touches) || p.contains_point(other.inner_point())
}

fn concave_vs_concave(a: &Polygon, b: &Polygon) -> bool {
    let Some(shared) = a.aabb().intersection(&b.aabb()) else { return false };
    let (small, large) = if a.edges().len() <= b.edges().len() { (a, b) } else { (b, a) };
    let crossing = small.tree().any_in_box(&shared, |i| {
        let (p, q) = small.edges()[i];
        large.tree().any_in(p.min(q), p.max(q), |j| {
            let (r, s) = large.edges()[j];
            segments_touch([p, q], [r, s])
        })
    });
    crossing || a.contains_point(b.outline()[0]) || b.contains_point(a.outline()[0])
}
