use glam::Vec2;

use crate::polygon::Polygon;
use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape};

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
    ConvexPolygon => ConvexPolygon, Polygon => Polygon);

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
        }
    }
}

impl<T: ShapeLike + ?Sized> ShapeLike for &T {
    #[inline(always)]
    fn shape_ref(&self) -> ShapeRef<'_> {
        (**self).shape_ref()
    }
}
