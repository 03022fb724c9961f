use glam::Vec2;

use crate::math::Order;
use crate::polygon::Polygon;
use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape};
use crate::tiles::TileMap;

/// A borrowed view of any shape: what the queries dispatch on.
///
/// Queries are generic over [`ShapeLike`]; for a concrete type such as [`Circle`] the view's
/// variant is known at compile time and the dispatch folds away into a direct call of the pair's
/// fast path, while a [`Shape`] dispatches at run time.
#[derive(Clone, Copy, Debug)]
pub enum ShapeRef<'a> {
    /// A point.
    Point(Vec2),
    /// A segment.
    Segment(&'a Segment),
    /// An axis-aligned box.
    Aabb(&'a Aabb),
    /// A disc.
    Circle(&'a Circle),
    /// An oriented rectangle.
    Obb(&'a Obb),
    /// A capsule.
    Capsule(&'a Capsule),
    /// A convex polygon.
    ConvexPolygon(&'a ConvexPolygon),
    /// A concave polygon, possibly with holes.
    Polygon(&'a Polygon),
    /// A tile map.
    TileMap(&'a TileMap),
}

impl ShapeRef<'_> {
    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        match *self {
            ShapeRef::Point(p) => Aabb::from_min_max_unchecked(p, p),
            ShapeRef::Segment(s) => s.aabb(),
            ShapeRef::Aabb(b) => *b,
            ShapeRef::Circle(c) => c.aabb(),
            ShapeRef::Obb(o) => o.aabb(),
            ShapeRef::Capsule(c) => c.aabb(),
            ShapeRef::ConvexPolygon(p) => p.aabb(),
            ShapeRef::Polygon(p) => p.aabb(),
            ShapeRef::TileMap(m) => m.aabb(),
        }
    }

    /// A circle holding the whole shape (centre and radius; the radius may be 0 for a point).
    /// Not the smallest such circle for polygons, but cheap and never smaller than the shape.
    pub fn bounding_circle(&self) -> (Vec2, f32) {
        match *self {
            ShapeRef::Point(p) => (p, 0.0),
            ShapeRef::Circle(c) => (c.center(), c.radius()),
            ShapeRef::Capsule(c) => (c.a() * 0.5 + c.b() * 0.5, half_distance(c.a(), c.b()) + c.radius()),
            ShapeRef::Obb(o) => (o.center(), length(o.half_extents())),
            ShapeRef::Aabb(a) => (a.center(), length(a.half_extents())),
            ShapeRef::Segment(s) => (s.a() * 0.5 + s.b() * 0.5, half_distance(s.a(), s.b())),
            ShapeRef::ConvexPolygon(p) => circle_around(p.aabb().center(), p.vertices()),
            ShapeRef::Polygon(p) => circle_around(p.aabb().center(), p.outline()),
            ShapeRef::TileMap(m) => (m.aabb().center(), length(m.aabb().half_extents())),
        }
    }

    /// The shape owned: a copy of what the view borrows (a polygon's vertices copied).
    pub fn to_shape(&self) -> Shape {
        match *self {
            ShapeRef::Point(p) => Shape::Point(p),
            ShapeRef::Segment(s) => Shape::Segment(*s),
            ShapeRef::Aabb(b) => Shape::Aabb(*b),
            ShapeRef::Circle(c) => Shape::Circle(*c),
            ShapeRef::Obb(o) => Shape::Obb(*o),
            ShapeRef::Capsule(c) => Shape::Capsule(*c),
            ShapeRef::ConvexPolygon(p) => Shape::ConvexPolygon(p.clone()),
            ShapeRef::Polygon(p) => Shape::Polygon(p.clone()),
            ShapeRef::TileMap(m) => Shape::TileMap(m.clone()),
        }
    }

    /// A point of the shape: of its interior when it has one (the centre of a disc, box or
    /// capsule, the centroid of a polygon's first piece), else an end of it.
    pub(crate) fn inner_point(&self) -> Vec2 {
        match *self {
            ShapeRef::Point(p) => p,
            ShapeRef::Segment(s) => s.a(),
            ShapeRef::Aabb(b) => b.center(),
            ShapeRef::Circle(c) => c.center(),
            ShapeRef::Obb(o) => o.center(),
            ShapeRef::Capsule(c) => c.a() * 0.5 + c.b() * 0.5,
            ShapeRef::ConvexPolygon(p) => p.centroid(),
            ShapeRef::Polygon(p) => p.interior_point(),
            ShapeRef::TileMap(m) => m.interior_point(),
        }
    }
}

/// Anything the queries accept: every shape type, [`Shape`], a `Vec2` (as a point) and
/// [`ShapeRef`]. Brings the method forms `a.intersects(&b)` and `a.contains(&b)`.
///
/// ```
/// use collide2d::{Circle, Obb, ShapeLike, Vec2};
/// let c = Circle::new(Vec2::new(2.0, 0.0), 0.5)?;
/// let o = Obb::new(Vec2::ZERO, Vec2::new(1.6, 0.2), 0.0)?;
/// assert!(c.intersects(&o));
/// assert!(!o.contains(&c));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub trait ShapeLike {
    /// The borrowed view of this shape.
    fn shape_ref(&self) -> ShapeRef<'_>;

    /// Whether the two shapes share at least one point (touching counts).
    /// See [`intersects`](crate::intersects).
    #[inline(always)]
    fn intersects<B: ShapeLike + ?Sized>(&self, other: &B) -> bool {
        super::intersects::intersects_ref(self.shape_ref(), other.shape_ref())
    }

    /// Whether every point of `other` lies in this shape (boundary included).
    /// See [`contains`](crate::contains).
    #[inline(always)]
    fn contains<B: ShapeLike + ?Sized>(&self, other: &B) -> bool {
        super::contains::contains_ref(self.shape_ref(), other.shape_ref())
    }
}

macro_rules! shape_like {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(impl ShapeLike for $ty {
            #[inline(always)]
            fn shape_ref(&self) -> ShapeRef<'_> {
                ShapeRef::$variant(self)
            }
        })*
    };
}

shape_like!(Segment => Segment, Aabb => Aabb, Circle => Circle, Obb => Obb, Capsule => Capsule,
    ConvexPolygon => ConvexPolygon, Polygon => Polygon, TileMap => TileMap);

impl ShapeLike for Vec2 {
    #[inline(always)]
    fn shape_ref(&self) -> ShapeRef<'_> {
        ShapeRef::Point(*self)
    }
}

impl ShapeLike for ShapeRef<'_> {
    #[inline]
    fn shape_ref(&self) -> ShapeRef<'_> {
        *self
    }
}

// Here rather than with `Shape`'s other methods: the view is the query layer's, above the shapes.
impl Shape {
    /// A circle holding the whole shape: see [`ShapeRef::bounding_circle`].
    pub fn bounding_circle(&self) -> (Vec2, f32) {
        self.shape_ref().bounding_circle()
    }
}

impl ShapeLike for Shape {
    #[inline]
    fn shape_ref(&self) -> ShapeRef<'_> {
        match self {
            Shape::Point(p) => ShapeRef::Point(*p),
            Shape::Segment(s) => ShapeRef::Segment(s),
            Shape::Aabb(b) => ShapeRef::Aabb(b),
            Shape::Circle(c) => ShapeRef::Circle(c),
            Shape::Obb(o) => ShapeRef::Obb(o),
            Shape::Capsule(c) => ShapeRef::Capsule(c),
            Shape::ConvexPolygon(p) => ShapeRef::ConvexPolygon(p),
            Shape::Polygon(p) => ShapeRef::Polygon(p),
            Shape::TileMap(m) => ShapeRef::TileMap(m),
        }
    }
}

impl<T: ShapeLike + ?Sized> ShapeLike for &T {
    #[inline(always)]
    fn shape_ref(&self) -> ShapeRef<'_> {
        (**self).shape_ref()
    }
}

/// The circle around `center` reaching the farthest of `points`.
fn circle_around(center: Vec2, points: &[Vec2]) -> (Vec2, f32) {
    let r2 = points.iter().map(|v| crate::math::distance_squared64(*v, center)).fold(0.0, f64::at_least);
    (center, r2.sqrt() as f32)
}

/// `|v|` in f64 (the f32 length overflows beyond about 1e19), as an `f32`.
fn length(v: Vec2) -> f32 {
    v.as_dvec2().length() as f32
}

/// Half of `|b − a|`, in f64.
fn half_distance(a: Vec2, b: Vec2) -> f32 {
    (crate::math::distance_squared64(a, b).sqrt() * 0.5) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment};

    /// Every kind of shape, each once.
    fn one_of_each() -> Vec<Shape> {
        let (a, b) = (Vec2::new(-1.0, 0.5), Vec2::new(2.0, 1.5));
        let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        vec![
            Shape::Point(a),
            Segment::new(a, b).unwrap().into(),
            Aabb::new(a, b).unwrap().into(),
            Circle::new(b, 0.75).unwrap().into(),
            Obb::new(a, Vec2::new(2.0, 0.5), 0.3).unwrap().into(),
            Capsule::new(a, b, 0.25).unwrap().into(),
            ConvexPolygon::regular(5, b, 1.0, 0.1).unwrap().into(),
            Polygon::new(&square).unwrap().into(),
        ]
    }

    #[test]
    fn a_view_made_owned_is_the_shape_it_views() {
        for shape in one_of_each() {
            assert_eq!(shape.shape_ref().to_shape(), shape);
        }
    }

    #[test]
    fn a_views_bounding_circle_holds_its_shape_and_is_not_needlessly_large() {
        for shape in one_of_each() {
            let (center, radius) = shape.shape_ref().bounding_circle();
            assert_eq!((center, radius), shape.bounding_circle());
            // Checked by containment, not by the same arithmetic.
            let slack = Circle::new(center, radius * (1.0 + 1e-5) + 1e-5).unwrap();
            assert!(crate::contains(&slack, &shape), "{shape:?} outside its circle");
            // Not needlessly large: at most the half diagonal of the shape's box away from it.
            let b = shape.aabb();
            assert!(radius <= (b.max() - b.min()).length() * 0.5 + (b.center() - center).length() + 1e-5);
        }
    }
}
