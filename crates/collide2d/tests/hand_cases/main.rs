//! Hand-made overlap and containment cases for every pair of the seven convex kinds, with the
//! answers worked out on paper (not by calling the library). Each `check` asserts `intersects`
//! both ways (symmetry), `contains` both ways, and the same four answers through the run-time
//! `Shape` enum.
//!
//! Exact contacts sit at representable coordinates (axis-aligned edges at integer or dyadic
//! positions, 3-4-5 triangles for round contacts, 45° edges through points with equal
//! coordinates); rotated contacts keep a clear margin instead.
//!
//! One file per family of pairs, named after the pair's first shape in the order point, segment,
//! aabb, circle, obb, capsule, polygon (each pair sits in the file of whichever comes first):
//! - `point.rs`: a point against each of the seven kinds;
//! - `segment.rs`: a segment against segments, boxes, circles, oriented boxes, capsules, polygons;
//! - `aabb.rs`: an axis-aligned box against boxes, circles, oriented boxes, capsules, polygons;
//! - `circle.rs`: a circle against circles, oriented boxes, capsules, polygons;
//! - `obb.rs`: an oriented box against oriented boxes, capsules, polygons;
//! - `capsule.rs`: a capsule against capsules and polygons;
//! - `polygon.rs`: a convex polygon against convex polygons;
//! - `derived.rs`: shapes computed from shapes (`Aabb::intersection`, `segment_intersection`,
//!   `Shape::transformed`);
//! - `tiered.rs`: the cheaper answers of the `tiered` levels and the bounding-volume detectors.
//!
//! This file holds the shape builders and `check` they share.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use std::f32::consts::FRAC_PI_4;
use std::fmt::Debug;

use collide2d::{contains, intersects, Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, ShapeLike, Vec2};

mod aabb;
mod capsule;
mod circle;
mod derived;
mod obb;
mod point;
mod polygon;
mod segment;
mod tiered;

/// 45 degrees.
const Q: f32 = FRAC_PI_4;
/// A tiny size, 2^-10 (about 1e-3), exactly representable with its halves and doublings.
const T: f32 = 1.0 / 1024.0;
/// A huge size, exactly representable (as are its doubles and halves).
const H: f32 = 100_000.0;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn seg(ax: f32, ay: f32, bx: f32, by: f32) -> Segment {
    Segment::new(v(ax, ay), v(bx, by)).unwrap()
}

fn aabb(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(v(x0, y0), v(x1, y1)).unwrap()
}

fn circle(x: f32, y: f32, r: f32) -> Circle {
    Circle::new(v(x, y), r).unwrap()
}

fn obb(x: f32, y: f32, hx: f32, hy: f32, rotation: f32) -> Obb {
    Obb::new(v(x, y), v(hx, hy), rotation).unwrap()
}

fn cap(ax: f32, ay: f32, bx: f32, by: f32, r: f32) -> Capsule {
    Capsule::new(v(ax, ay), v(bx, by), r).unwrap()
}

fn poly(points: &[(f32, f32)]) -> ConvexPolygon {
    ConvexPolygon::new(&points.iter().map(|&(x, y)| v(x, y)).collect::<Vec<_>>()).unwrap()
}

/// The square turned by 45°: vertices `r` away from the centre along the axes.
fn diamond(cx: f32, cy: f32, r: f32) -> ConvexPolygon {
    poly(&[(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)])
}

/// The right triangle (0,0), (s,0), (0,s): its hypotenuse is the 45° edge x + y = s.
fn tri(s: f32) -> ConvexPolygon {
    poly(&[(0.0, 0.0), (s, 0.0), (0.0, s)])
}

/// A thin vertical bar polygon of half width `w` and half height `h` around the origin.
fn vbar(w: f32, h: f32) -> ConvexPolygon {
    poly(&[(-w, -h), (w, -h), (w, h), (-w, h)])
}

/// A triangle with a sloped edge from (0,0) to (2,6) whose midpoint (1,3) is exactly representable;
/// the triangle lies on the side y ≥ 3x of that edge's line.
fn sloped() -> ConvexPolygon {
    poly(&[(0.0, 0.0), (2.0, 6.0), (-2.0, 4.0)])
}

/// How two shapes relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    /// No common point.
    Apart,
    /// They share a point, neither holds the other.
    Meet,
    /// `a` holds all of `b` (and not the reverse).
    AHoldsB,
    /// `b` holds all of `a` (and not the reverse).
    BHoldsA,
    /// Each holds the other: the same set.
    Same,
}
use Rel::*;

#[track_caller]
fn check<A, B>(a: &A, b: &B, rel: Rel)
where
    A: ShapeLike + Clone + Debug + Into<Shape>,
    B: ShapeLike + Clone + Debug + Into<Shape>,
{
    let hit = rel != Apart;
    let want = (hit, hit, matches!(rel, AHoldsB | Same), matches!(rel, BHoldsA | Same));
    let got = (intersects(a, b), intersects(b, a), contains(a, b), contains(b, a));
    assert_eq!(
        got, want,
        "(intersects(a,b), intersects(b,a), contains(a,b), contains(b,a)), expected {rel:?}\n  a = {a:?}\n  b = {b:?}"
    );
    let (sa, sb): (Shape, Shape) = (a.clone().into(), b.clone().into());
    let dynamic = (intersects(&sa, &sb), intersects(&sb, &sa), contains(&sa, &sb), contains(&sb, &sa));
    assert_eq!(dynamic, want, "through the Shape enum, expected {rel:?}\n  a = {a:?}\n  b = {b:?}");
}
