//! What the fuzz targets share: numbers, shapes and transforms built from the fuzzer's bytes
//! (through `arbitrary`), and the checks of the crate's stated contract that several targets
//! make.
//!
//! Numbers are mostly small integers and eighths, so that shapes meet exactly at representable
//! coordinates (where touching is decided exactly) and polygons come out valid often enough to
//! reach the queries; the rest are any bit pattern or one of the extremes (NaN, ±inf, `f32::MAX`,
//! 1e38, 1e-38, subnormals), and a power-of-two scale carries whole inputs far out or far in.

use arbitrary::Arbitrary;
use collide2d::polygon::CurveDetail;
use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Polygon, Segment, Shape, Transform, Vec2};

/// Extremes and landmarks that random bits rarely hit.
const EXTREMES: [f32; 24] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    f32::EPSILON,
    1e-45,
    -1e-45,
    1e38,
    -1e38,
    1e-38,
    1e-30,
    1e18,
    -1e18,
    1e20,
    1e30,
    3.4e38,
    1e-7,
];

/// A number as the fuzzer picks it.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Num {
    /// A small integer: shapes on an integer grid meet exactly.
    Int(i8),
    /// A multiple of 1/8 up to ±4096.
    Eighth(i16),
    /// Any bit pattern: NaN payloads, subnormals, anything.
    Bits(u32),
    /// One of [`EXTREMES`].
    Extreme(u8),
}

impl Num {
    /// The number.
    pub fn get(self) -> f32 {
        match self {
            Num::Int(i) => i as f32,
            Num::Eighth(i) => i as f32 / 8.0,
            Num::Bits(b) => f32::from_bits(b),
            Num::Extreme(i) => EXTREMES[i as usize % EXTREMES.len()],
        }
    }
}

/// A point from two numbers.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub struct P(pub Num, pub Num);

impl P {
    /// The point, times `scale`.
    pub fn get(self, scale: f32) -> Vec2 {
        Vec2::new(self.0.get(), self.1.get()) * scale
    }
}

/// A power of two that multiplies every coordinate of an input: the crate's answers should not
/// depend on where in the range of `f32` a scene lies.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum Scale {
    /// Unscaled.
    One,
    /// 2^(e mod 245 − 120): from 2⁻¹²⁰ to 2¹²⁴.
    Pow2(u8),
}

impl Scale {
    /// The factor.
    pub fn get(self) -> f32 {
        match self {
            Scale::One => 1.0,
            Scale::Pow2(e) => 2f32.powi(e as i32 % 245 - 120),
        }
    }
}

/// Points, at most `max` of them (fuzzers make long vectors cheaply; queries on huge polygons
/// only slow every run down).
pub fn points(ps: &[P], max: usize, scale: f32) -> Vec<Vec2> {
    ps.iter().take(max).map(|p| p.get(scale)).collect()
}

/// A shape to build, of any kind, through the public constructors (which may refuse it).
#[derive(Arbitrary, Clone, Debug)]
pub enum ArbShape {
    /// `Shape::Point`, which is not validated: it may be NaN or infinite.
    Point(P),
    /// `Segment::new`.
    Segment(P, P),
    /// `Aabb::new`.
    Aabb(P, P),
    /// `Circle::new`.
    Circle(P, Num),
    /// `Obb::new`, rotation in radians.
    Obb(P, P, Num),
    /// `Capsule::new`.
    Capsule(P, P, Num),
    /// `ConvexPolygon::new`.
    Convex(Vec<P>),
    /// `ConvexPolygon::from_hull`.
    Hull(Vec<P>),
    /// `ConvexPolygon::regular`.
    Regular(u8, P, Num, Num),
    /// `Polygon::with_holes` on the rings as given.
    Polygon(Vec<P>, Vec<Vec<P>>),
    /// A star (concave) of `n` points, inner and outer radius, about a centre: valid far more
    /// often than arbitrary rings.
    Star(u8, P, Num, Num),
    /// A polygon made from another shape with `CurveDetail::Segments`.
    FromShape(Box<ArbShape>, u8),
    /// Another shape moved by a transform (`Shape::transformed`).
    Moved(Box<ArbShape>, ArbTransform),
}

impl ArbShape {
    /// The shape with every coordinate times `scale`, or `None` when a constructor refused it.
    pub fn build(&self, scale: f32) -> Option<Shape> {
        let built: Shape = match self {
            ArbShape::Point(p) => return Some(Shape::Point(p.get(scale))),
            ArbShape::Segment(a, b) => Segment::new(a.get(scale), b.get(scale)).ok()?.into(),
            ArbShape::Aabb(a, b) => Aabb::new(a.get(scale), b.get(scale)).ok()?.into(),
            ArbShape::Circle(c, r) => Circle::new(c.get(scale), r.get() * scale).ok()?.into(),
            ArbShape::Obb(c, h, r) => Obb::new(c.get(scale), h.get(scale), r.get()).ok()?.into(),
            ArbShape::Capsule(a, b, r) => Capsule::new(a.get(scale), b.get(scale), r.get() * scale).ok()?.into(),
            ArbShape::Convex(ps) => ConvexPolygon::new(&points(ps, 16, scale)).ok()?.into(),
            ArbShape::Hull(ps) => ConvexPolygon::from_hull(&points(ps, 16, scale)).ok()?.into(),
            ArbShape::Regular(n, c, r, rot) => {
                ConvexPolygon::regular(*n as usize, c.get(scale), r.get() * scale, rot.get()).ok()?.into()
            }
            ArbShape::Polygon(outline, holes) => {
                let holes: Vec<Vec<Vec2>> = holes.iter().take(4).map(|h| points(h, 16, scale)).collect();
                Polygon::with_holes(&points(outline, 32, scale), &holes).ok()?.into()
            }
            ArbShape::Star(n, c, inner, outer) => {
                let n = 3 + *n as usize % 13;
                let (c, inner, outer) = (c.get(scale), inner.get() * scale, outer.get() * scale);
                let ring: Vec<Vec2> = (0..2 * n)
                    .map(|i| {
                        let r = if i % 2 == 0 { outer } else { inner };
                        c + Vec2::from_angle(std::f32::consts::PI * i as f32 / n as f32) * r
                    })
                    .collect();
                Polygon::new(&ring).ok()?.into()
            }
            ArbShape::FromShape(s, n) => {
                Polygon::from_shape(&s.build(scale)?, CurveDetail::Segments(3 + *n as usize % 30)).ok()?.into()
            }
            ArbShape::Moved(s, t) => s.build(scale)?.transformed(&t.get(scale)).ok()?,
        };
        assert!(shape_is_finite(&built), "a constructor built a non-finite shape: {built:?}");
        Some(built)
    }
}

/// A sprite-like transform: translation, rotation (radians), scale and origin.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub enum ArbTransform {
    /// No change.
    Identity,
    /// A move.
    Translation(P),
    /// All four parts (`Transform::from_parts`).
    Parts(P, Num, P, P),
}

impl ArbTransform {
    /// The transform, its lengths times `scale`.
    pub fn get(self, scale: f32) -> Transform {
        match self {
            ArbTransform::Identity => Transform::IDENTITY,
            ArbTransform::Translation(t) => Transform::from_translation(t.get(scale)),
            ArbTransform::Parts(t, r, s, o) => Transform::from_parts(t.get(scale), r.get(), s.get(1.0), o.get(scale)),
        }
    }
}

/// Whether every number a shape holds is finite (what its constructor promises; points are not
/// validated).
pub fn shape_is_finite(s: &Shape) -> bool {
    let more: Vec<f32> = match s {
        Shape::Obb(o) => vec![o.rotation()],
        Shape::ConvexPolygon(p) => p.normals().iter().flat_map(|n| [n.x, n.y]).collect(),
        _ => Vec::new(),
    };
    numbers(s).iter().chain(&more).all(|v| v.is_finite())
}

/// The coordinates and sizes a shape is made of (for an `Obb`, its centre and half extents; its
/// rotation is an angle, not a length).
pub fn numbers(s: &Shape) -> Vec<f32> {
    let xy = |v: &[Vec2]| v.iter().flat_map(|p| [p.x, p.y]).collect::<Vec<f32>>();
    match s {
        Shape::Point(p) => xy(&[*p]),
        Shape::Segment(x) => xy(&[x.a(), x.b()]),
        Shape::Aabb(b) => xy(&[b.min(), b.max()]),
        Shape::Circle(c) => [xy(&[c.center()]), vec![c.radius()]].concat(),
        Shape::Obb(o) => xy(&[o.center(), o.half_extents()]),
        Shape::Capsule(k) => [xy(&[k.a(), k.b()]), vec![k.radius()]].concat(),
        Shape::ConvexPolygon(p) => xy(p.vertices()),
        Shape::Polygon(p) => {
            let rings: Vec<Vec2> = p.outline().iter().chain(p.holes().iter().flatten()).copied().collect();
            xy(&rings)
        }
        Shape::TileMap(m) => xy(&[m.origin(), m.cell_size(), m.aabb().max()]),
    }
}

/// The largest size for which the crate's docs promise exact answers: "exact up to rounding
/// while coordinates stay below about 1e18 in size (so that products of two coordinates stay
/// finite)".
pub const LARGEST: f32 = 1e18;

/// The smallest non-zero size taken as bounded: by the same reasoning, products of two such
/// numbers stay normal `f32`s rather than flushing to subnormals or zero (below that, issue 23
/// found normals of (0, 0)). When the library promises more (every scale from 2⁻¹²⁰ to 2¹²⁴),
/// widen this and [`LARGEST`] to match.
pub const SMALLEST: f32 = 1e-18;

/// How far the crate's docs promise answers for a set of numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Range {
    /// Some number is not finite, or its size is outside [`SMALLEST`] to [`LARGEST`]: the docs
    /// promise only that queries return.
    Wild,
    /// Every non-zero size within [`SMALLEST`] to [`LARGEST`]: results are finite numbers and
    /// normals unit vectors.
    Bounded,
    /// Bounded, and the non-zero sizes within a factor of 2²⁰ of one another: the queries agree
    /// with one another (a contact exactly when they intersect, a shape contains itself…).
    Tame,
}

/// The range of a set of numbers.
pub fn range_of(values: &[f32]) -> Range {
    // (`min` and `max` below would pass over a NaN.)
    if values.iter().any(|v| !v.is_finite()) {
        return Range::Wild;
    }
    let sizes = values.iter().map(|v| v.abs()).filter(|&v| v != 0.0);
    let (lo, hi) = sizes.fold((f32::INFINITY, 0.0f32), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi == 0.0 {
        return Range::Tame;
    }
    if !(hi <= LARGEST && lo >= SMALLEST) {
        return Range::Wild;
    }
    if hi / lo <= (1u32 << 20) as f32 {
        Range::Tame
    } else {
        Range::Bounded
    }
}

/// Panics unless `v` is a unit vector (within 1e-3), naming `what`.
#[track_caller]
pub fn assert_unit(v: Vec2, what: &str) {
    assert!(v.is_finite() && (v.length() - 1.0).abs() <= 1e-3, "{what}: normal {v:?} is not a unit vector");
}

/// Panics unless `v` is finite, naming `what`.
#[track_caller]
pub fn assert_finite_vec(v: Vec2, what: &str) {
    assert!(v.is_finite(), "{what}: {v:?} is not finite");
}
