//! An independent oracle for the property tests, in f64, written differently from the library:
//! shapes become polygons (discs and capsules as inscribed and circumscribed 64-gons), overlap
//! is decided by Sutherland–Hodgman / Cyrus–Beck clipping and containment by ray-crossing
//! point-in-polygon tests. Each question is bracketed: an *inner* version of each shape (shrunk)
//! and an *outer* one (grown). When the inner versions already meet, the true shapes meet; when
//! the outer versions are apart, the true shapes are apart; in between (a thin band around
//! touching) the oracle abstains.
#![allow(dead_code)]

pub mod convolution;
pub mod polygons;

use collide2d::{Capsule, Circle, Contact, ConvexPolygon, Obb, Segment, Shape, Transform, Vec2};
use glam::DVec2;
use proptest::prelude::*;

/// How much the inner shapes shrink and outer ones grow, relative to the shape's size
/// (plus an absolute floor covering f32 rounding of coordinates up to ~100).
pub const REL: f64 = 2e-4;
pub const ABS: f64 = 1e-4;
const ROUND_SIDES: usize = 64;

pub type Poly = Vec<DVec2>;

/// The inner and outer polygons of a shape.
pub fn bracket(shape: &Shape) -> (Poly, Poly) {
    match shape {
        Shape::Point(p) => flat(&[p.as_dvec2()]),
        Shape::Segment(s) => flat(&[s.a().as_dvec2(), s.b().as_dvec2()]),
        Shape::Circle(c) => round(&[c.center().as_dvec2()], c.radius() as f64),
        Shape::Capsule(k) => round(&[k.a().as_dvec2(), k.b().as_dvec2()], k.radius() as f64),
        Shape::Aabb(b) => {
            let (lo, hi) = (b.min().as_dvec2(), b.max().as_dvec2());
            let corners = dedup(vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)]);
            if corners.len() < 3 {
                flat(&[lo, hi])
            } else {
                scaled_pair(&corners)
            }
        }
        Shape::Obb(o) => {
            let (c, h, t) = (o.center().as_dvec2(), o.half_extents().as_dvec2(), o.rotation() as f64);
            let (ux, uy) = (DVec2::new(t.cos(), t.sin()) * h.x, DVec2::new(-t.sin(), t.cos()) * h.y);
            scaled_pair(&[c - ux - uy, c + ux - uy, c + ux + uy, c - ux + uy])
        }
        Shape::ConvexPolygon(p) => scaled_pair(&p.vertices().iter().map(|v| v.as_dvec2()).collect::<Vec<_>>()),
        Shape::Polygon(_) | Shape::TileMap(_) => unreachable!("concave shapes are checked against their own oracles"),
    }
}

/// A point or segment: itself inside, a thin box around it outside.
fn flat(ends: &[DVec2]) -> (Poly, Poly) {
    let (a, b) = (ends[0], *ends.last().unwrap());
    if a == b {
        (vec![a], square_around(a, ABS))
    } else {
        (vec![a, b], fatten_segment(a, b, ABS + REL * (b - a).length()))
    }
}

fn dedup(mut v: Vec<DVec2>) -> Vec<DVec2> {
    v.dedup();
    while v.len() > 1 && v.first() == v.last() {
        v.pop();
    }
    v
}

fn square_around(p: DVec2, h: f64) -> Poly {
    vec![p + DVec2::new(-h, -h), p + DVec2::new(h, -h), p + DVec2::new(h, h), p + DVec2::new(-h, h)]
}

fn fatten_segment(a: DVec2, b: DVec2, h: f64) -> Poly {
    let d = (b - a).normalize_or_zero() * h;
    let n = d.perp();
    vec![a - d - n, b + d - n, b + d + n, a - d + n]
}

/// Inner: each end disc as an inscribed 64-gon, shrunk; outer: circumscribed 64-gons, grown.
fn round(centers: &[DVec2], r: f64) -> (Poly, Poly) {
    let ring = |radius: f64| -> Vec<DVec2> {
        centers
            .iter()
            .flat_map(|c| {
                (0..ROUND_SIDES).map(move |i| {
                    let t = std::f64::consts::TAU * i as f64 / ROUND_SIDES as f64;
                    *c + DVec2::new(t.cos(), t.sin()) * radius
                })
            })
            .collect()
    };
    let circumscribed = r / (std::f64::consts::PI / ROUND_SIDES as f64).cos();
    let slack = ABS + REL * r;
    (gift_wrap(&ring(r - slack)), gift_wrap(&ring(circumscribed + slack)))
}

/// Scales a polygon about its vertex average by (1 ∓ REL), and offsets by the absolute floor.
fn scaled_pair(v: &[DVec2]) -> (Poly, Poly) {
    let c = v.iter().copied().sum::<DVec2>() / v.len() as f64;
    let scale = |k: f64, abs: f64| -> Poly {
        v.iter().map(|p| c + (*p - c) * k + (*p - c).normalize_or_zero() * abs).collect()
    };
    (gift_wrap(&scale(1.0 - REL, -ABS)), gift_wrap(&scale(1.0 + REL, ABS)))
}

/// Convex hull by gift wrapping (Jarvis march), counter-clockwise.
pub fn gift_wrap(points: &[DVec2]) -> Poly {
    let start = *points.iter().min_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y))).unwrap();
    let mut hull = vec![start];
    let mut current = start;
    loop {
        let mut next = points[0];
        for p in points {
            if next == current {
                next = *p;
                continue;
            }
            let turn = (next - current).perp_dot(*p - current);
            if turn < 0.0 || (turn == 0.0 && (*p - current).length() > (next - current).length()) {
                next = *p;
            }
        }
        if next == start || hull.len() > points.len() {
            break;
        }
        hull.push(next);
        current = next;
    }
    hull
}

/// Whether two convex polygons (1 vertex = point, 2 = segment, 3+ = counter-clockwise area)
/// share a point.
pub fn convex_meet(a: &[DVec2], b: &[DVec2]) -> bool {
    match (a.len(), b.len()) {
        (1, 1) => a[0] == b[0],
        (1 | 2, 1 | 2) => flat_meet(a, b),
        (_, 1 | 2) => clip_segment(b, a),
        (1 | 2, _) => clip_segment(a, b),
        _ => !sutherland_hodgman(a, b).is_empty(),
    }
}

/// Point/segment against point/segment: solve the parametric system.
fn flat_meet(a: &[DVec2], b: &[DVec2]) -> bool {
    let (p, r) = (a[0], a.last().unwrap() - a[0]);
    let (q, s) = (b[0], b.last().unwrap() - b[0]);
    let denom = r.perp_dot(s);
    if denom != 0.0 {
        let t = (q - p).perp_dot(s) / denom;
        let u = (q - p).perp_dot(r) / denom;
        return (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u);
    }
    false // parallel or degenerate: abstain on the "inner" side (returns "no proof of meeting")
}

/// Cyrus–Beck: clip the segment (or point) by each edge's half-plane.
fn clip_segment(seg: &[DVec2], poly: &[DVec2]) -> bool {
    let (p0, p1) = (seg[0], *seg.last().unwrap());
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let d = p1 - p0;
    for i in 0..poly.len() {
        let (e0, e1) = (poly[i], poly[(i + 1) % poly.len()]);
        let inward = (e1 - e0).perp(); // left of a counter-clockwise edge is inside
        let num = inward.dot(p0 - e0);
        let den = inward.dot(d);
        if den == 0.0 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = -num / den;
            if den > 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 <= t1
}

/// Sutherland–Hodgman: `subject` clipped by every edge of the convex `clip`.
pub fn sutherland_hodgman(subject: &[DVec2], clip: &[DVec2]) -> Poly {
    let mut out: Poly = subject.to_vec();
    for i in 0..clip.len() {
        let (e0, e1) = (clip[i], clip[(i + 1) % clip.len()]);
        let side = |p: DVec2| (e1 - e0).perp_dot(p - e0);
        let input = std::mem::take(&mut out);
        for j in 0..input.len() {
            let (cur, prev) = (input[j], input[(j + input.len() - 1) % input.len()]);
            let (sc, sp) = (side(cur), side(prev));
            if sc >= 0.0 {
                if sp < 0.0 {
                    out.push(prev + (cur - prev) * (sp / (sp - sc)));
                }
                out.push(cur);
            } else if sp >= 0.0 {
                out.push(prev + (cur - prev) * (sp / (sp - sc)));
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Ray-crossing point-in-polygon (boundary points may go either way; callers bracket).
pub fn point_in_polygon(p: DVec2, poly: &[DVec2]) -> bool {
    if poly.len() < 3 {
        return false;
    }
    let mut inside = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            inside = !inside;
        }
    }
    inside
}

/// `Some(answer)` when the bracket decides whether `a` and `b` intersect, `None` in the band.
pub fn oracle_intersects(a: &Shape, b: &Shape) -> Option<bool> {
    let ((ai, ao), (bi, bo)) = (bracket(a), bracket(b));
    if convex_meet(&ai, &bi) {
        Some(true)
    } else if !convex_meet(&ao, &bo) {
        Some(false)
    } else {
        None
    }
}

/// `Some(answer)` when the bracket decides whether `a` contains `b`.
pub fn oracle_contains(a: &Shape, b: &Shape) -> Option<bool> {
    let ((ai, ao), (bi, bo)) = (bracket(a), bracket(b));
    if bo.iter().all(|p| point_in_polygon(*p, &ai)) {
        Some(true)
    } else if !bi.iter().all(|p| point_in_polygon(*p, &ao)) {
        Some(false)
    } else {
        None
    }
}

// ---------- generators ----------

/// The seven kinds, for iterating over every pair.
pub const KINDS: [&str; 7] = ["point", "segment", "aabb", "circle", "obb", "capsule", "polygon"];

fn coord() -> impl Strategy<Value = f32> + Clone {
    -20.0f32..20.0
}

fn pos() -> impl Strategy<Value = Vec2> + Clone {
    (coord(), coord()).prop_map(|(x, y)| Vec2::new(x, y))
}

fn size() -> impl Strategy<Value = f32> {
    0.5f32..12.0
}

/// A size, or now and then zero (boxes may be flat: a segment or a point).
fn flat_or(size: impl Strategy<Value = f32>) -> impl Strategy<Value = f32> {
    prop_oneof![6 => size, 1 => Just(0.0f32)]
}

fn angle() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => -7.0f32..7.0,
        1 => (0..8).prop_map(|k| k as f32 * std::f32::consts::FRAC_PI_4),
    ]
}

/// A random shape of the given kind, in a 40×40 world so that a fair share of pairs meet.
pub fn shape_of(kind: &'static str) -> BoxedStrategy<Shape> {
    match kind {
        "point" => pos().prop_map(Shape::Point).boxed(),
        "segment" => {
            (pos(), pos()).prop_filter_map("zero length", |(a, b)| Segment::new(a, b).ok().map(Shape::from)).boxed()
        }
        "aabb" => (pos(), flat_or(size()), flat_or(size()))
            .prop_map(|(c, w, h)| collide2d::Aabb::from_center_half_extents(c, Vec2::new(w, h)).unwrap().into())
            .boxed(),
        "circle" => (pos(), size()).prop_map(|(c, r)| Circle::new(c, r).unwrap().into()).boxed(),
        "obb" => (pos(), size(), size(), angle())
            .prop_map(|(c, w, h, t)| Obb::new(c, Vec2::new(w, h), t).unwrap().into())
            .boxed(),
        "capsule" => (pos(), pos(), 0.5f32..6.0)
            .prop_map(|(a, b, r)| Capsule::new(a, a + (b - a) * 0.4, r).unwrap().into())
            .boxed(),
        "polygon" => (pos(), size(), size(), proptest::collection::vec(0.0f32..std::f32::consts::TAU, 3..10))
            .prop_filter_map("degenerate hull", |(c, rx, ry, angles)| {
                let pts: Vec<Vec2> = angles.iter().map(|t| c + Vec2::new(t.cos() * rx, t.sin() * ry)).collect();
                ConvexPolygon::from_hull(&pts).ok().filter(|p| p.area() > 0.05).map(Shape::from)
            })
            .boxed(),
        _ => unreachable!("unknown kind {kind}"),
    }
}

/// Distance from `p` to the shape's outer bracket (0 inside): an upper bound on the true distance
/// that exceeds it by at most the bracket's slack.
pub fn distance_to(shape: &Shape, p: Vec2) -> f64 {
    let p = p.as_dvec2();
    let to_segment = |a: DVec2, b: DVec2| {
        let d = b - a;
        let t = if d.length_squared() > 0.0 { ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
        (a + d * t - p).length()
    };
    match shape {
        Shape::Circle(c) => {
            return (to_segment(c.center().as_dvec2(), c.center().as_dvec2()) - c.radius() as f64).max(0.0)
        }
        Shape::Capsule(k) => return (to_segment(k.a().as_dvec2(), k.b().as_dvec2()) - k.radius() as f64).max(0.0),
        _ => {}
    }
    let (_, outer) = bracket(shape);
    if point_in_polygon(p, &outer) {
        return 0.0;
    }
    (0..outer.len())
        .map(|i| {
            let (a, b) = (outer[i], outer[(i + 1) % outer.len()]);
            let d = b - a;
            let t = if d.length_squared() > 0.0 { ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
            (a + d * t - p).length()
        })
        .fold(f64::INFINITY, f64::min)
}

/// A shape as its core (vertices in f64: one for a point or disc, two for a segment or capsule,
/// the corners of a polygon) and the radius the core is swollen by.
pub fn core_of(shape: &Shape) -> (Poly, f64) {
    match shape {
        Shape::Circle(c) => (vec![c.center().as_dvec2()], c.radius() as f64),
        Shape::Capsule(k) => (dedup(vec![k.a().as_dvec2(), k.b().as_dvec2()]), k.radius() as f64),
        Shape::Point(p) => (vec![p.as_dvec2()], 0.0),
        Shape::Segment(s) => (vec![s.a().as_dvec2(), s.b().as_dvec2()], 0.0),
        Shape::Aabb(b) => {
            let (lo, hi) = (b.min().as_dvec2(), b.max().as_dvec2());
            (dedup(vec![lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)]), 0.0)
        }
        Shape::Obb(o) => {
            let (c, h, t) = (o.center().as_dvec2(), o.half_extents().as_dvec2(), o.rotation() as f64);
            let (ux, uy) = (DVec2::new(t.cos(), t.sin()) * h.x, DVec2::new(-t.sin(), t.cos()) * h.y);
            (vec![c - ux - uy, c + ux - uy, c + ux + uy, c - ux + uy], 0.0)
        }
        Shape::ConvexPolygon(p) => (p.vertices().iter().map(|v| v.as_dvec2()).collect(), 0.0),
        Shape::Polygon(_) | Shape::TileMap(_) => unreachable!("concave shapes are checked against their own oracles"),
    }
}

fn point_to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let d = b - a;
    let t = if d.length_squared() > 0.0 { ((p - a).dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
    (a + d * t - p).length()
}

/// Brute-force distance in f64: the smallest vertex-to-edge distance between the cores (0 when
/// the cores meet, by clipping), minus the radii.
pub fn oracle_distance(a: &Shape, b: &Shape) -> f64 {
    let ((ca, ra), (cb, rb)) = (core_of(a), core_of(b));
    let edges = |c: &Poly| -> Vec<(DVec2, DVec2)> {
        match c.len() {
            1 => vec![(c[0], c[0])],
            2 => vec![(c[0], c[1])],
            n => (0..n).map(|i| (c[i], c[(i + 1) % n])).collect(),
        }
    };
    let meet = convex_meet(&ca, &cb);
    let core_gap = if meet {
        0.0
    } else {
        let one_way = |from: &Poly, to: &Poly| {
            from.iter()
                .flat_map(|p| edges(to).into_iter().map(move |(a, b)| point_to_segment(*p, a, b)))
                .fold(f64::INFINITY, f64::min)
        };
        one_way(&ca, &cb).min(one_way(&cb, &ca))
    };
    (core_gap - ra - rb).max(0.0)
}

/// Whether a library distance agrees with [`oracle_distance`] (relative tolerance 1e-4).
pub fn distance_agrees(got: f32, expected: f64) -> bool {
    (got as f64 - expected).abs() <= 1e-4 * (1.0 + expected)
}

// ---------- contacts ----------

/// The push-out slack: moving `b` by the push-out vector plus this much (relative to
/// `1 + depth`) along the normal must separate the shapes.
pub const CONTACT_SLACK: f32 = 2e-3;

/// The slack for [`pushed_apart_or_touching`] after `b` is pushed out of a concave polygon:
/// half the walk's least tolerance, which follows the pushed shape and its push, not the polygon
/// (issue 54): 1e-4 of `b`'s size (its bounds' half diagonal) and of a hundredth of its
/// coordinates. A way out that much wider is a right answer, and a longer push may meet its far
/// side. At least f32 rounding where the pushed shape ends (a few units in the last place of its
/// coordinates plus the push): the exit is placed from faces measured there, so a point pushed 2.8
/// to coordinates near 4 lands within 5e-7 of its exit either way, more than half the walk's
/// tolerance for a point 0.9 from the origin. Relative to `1 + depth`, as that helper takes it.
pub fn concave_slack(b: &Shape, c: &Contact) -> f32 {
    let bounds = b.aabb();
    let coords = bounds.min().abs().max(bounds.max().abs()).max_element();
    let tolerance = 5e-5 * (bounds.half_extents().length() + 1e-2 * coords);
    let rounding = 16.0 * f32::EPSILON * (coords + c.depth);
    tolerance.max(rounding) / (1.0 + c.depth)
}

/// Minimality: moving `b` by this fraction of the depth, in any direction, must not separate.
pub const MINIMAL_FRACTION: f32 = 0.99;

/// `s` translated by `by`.
pub fn moved(s: &Shape, by: Vec2) -> Shape {
    try_moved(s, by).expect("translations keep shapes valid")
}

/// `s` translated by `by`, or why the library refused.
pub fn try_moved(s: &Shape, by: Vec2) -> Result<Shape, collide2d::ShapeError> {
    s.transformed(&Transform::from_translation(by))
}

/// The contact's push-out vector for `b`, lengthened by [`CONTACT_SLACK`].
pub fn push_out_with_slack(c: &Contact) -> Vec2 {
    c.push_out_b() + c.normal * (CONTACT_SLACK * (1.0 + c.depth))
}

/// Whether `b` moved by `c`'s push-out vector is apart from `a` or touches it. Mostly a push
/// longer by `slack` × (1 + depth) separates them. Where the push ends wedged (in a gap
/// `b` fits exactly, or between corners, so that any push further along overlaps again), no
/// convex piece of one overlaps a piece of the other by more than a hair: 1e-5 of their sizes
/// (the library counts an overlap within 2e-6 of its bound on the depth and their sizes as
/// touching). Pieces cannot tell for a flat `b` (a segment, a flat box): lying along a
/// diagonal between two pieces, it would overlap neither, yet lie inside the polygon. A point's
/// signed distance tells: it touches if it lies within a hair of the boundary (pushed to the tip
/// of a wedge of outside narrower than the slack).
pub fn pushed_apart_or_touching(a: &Shape, b: &Shape, c: &Contact, slack: f32) -> bool {
    if !collide2d::intersects(a, &moved(b, c.push_out_b() + c.normal * (slack * (1.0 + c.depth)))) {
        return true;
    }
    let flat = match b {
        Shape::Point(_) | Shape::Segment(_) => true,
        Shape::Aabb(x) => x.half_extents().min_element() == 0.0,
        _ => false,
    };
    let pieces = |s: &Shape| match s {
        Shape::Polygon(p) => p.convex_parts().iter().cloned().map(Shape::from).collect(),
        s => vec![s.clone()],
    };
    let hair = 1e-5 * (a.aabb().half_extents().length() + b.aabb().half_extents().length());
    let b_out = moved(b, c.push_out_b());
    if let Shape::Point(x) = b_out {
        // Pushed to the tip of a wedge of outside narrower than the slack (towards a reflex
        // corner whose notch is a hair wide), a point touches: it lies on the boundary.
        return collide2d::signed_distance(a, x) >= -hair;
    }
    !flat
        && pieces(a)
            .iter()
            .all(|x| pieces(&b_out).iter().all(|y| collide2d::contact(x, y).is_none_or(|k| k.depth <= hair)))
}

/// The shape-independent rules every contact of `a` against `b` keeps: finite depth ≥ 0, unit
/// normal, one or two manifold points, and the same depth for `b` against `a`. `Err` names the
/// broken rule.
pub fn contact_is_well_formed(a: &Shape, b: &Shape, c: &Contact) -> Result<(), String> {
    if !(c.depth >= 0.0 && c.depth.is_finite()) {
        return Err(format!("depth {}", c.depth));
    }
    if (c.normal.length() - 1.0).abs() >= 1e-4 {
        return Err(format!("normal {:?} not unit", c.normal));
    }
    if c.points().is_empty() || c.points().len() > 2 {
        return Err(format!("{} manifold points", c.points().len()));
    }
    let Some(back) = collide2d::contact(b, a) else { return Err("no contact for b against a".into()) };
    if (back.depth - c.depth).abs() > 1e-3 * (1.0 + c.depth) {
        return Err(format!("depth {} vs {} for b against a", c.depth, back.depth));
    }
    Ok(())
}

/// How far `b` must move along the unit direction `d` for its projection to clear `a`'s (the
/// support of `a` along `d` plus that of `b` along `-d`, in f64 over the cores). Moving `b` by
/// this much along `d` leaves the shapes at most touching, so for convex shapes it is an upper
/// bound on the penetration depth, and its minimum over all directions is the depth.
pub fn oracle_overlap_along(a: &Shape, b: &Shape, d: DVec2) -> f64 {
    let ((ca, ra), (cb, rb)) = (core_of(a), core_of(b));
    support(&ca, d) + ra + support(&cb, -d) + rb
}

/// The smallest [`oracle_overlap_along`] over `directions` evenly spaced directions: at least
/// the true penetration depth, and close above it.
pub fn oracle_depth_bound(a: &Shape, b: &Shape, directions: u32) -> f64 {
    let ((ca, ra), (cb, rb)) = (core_of(a), core_of(b));
    (0..directions)
        .map(|i| {
            let t = std::f64::consts::TAU * i as f64 / directions as f64;
            let d = DVec2::new(t.cos(), t.sin());
            support(&ca, d) + support(&cb, -d)
        })
        .fold(f64::INFINITY, f64::min)
        + ra
        + rb
}

fn support(core: &[DVec2], d: DVec2) -> f64 {
    core.iter().map(|v| v.dot(d)).fold(f64::NEG_INFINITY, f64::max)
}

/// Signed distance in f64 from `p` to the shape's boundary (negative inside), brute force over
/// the core's edges; points and segments have no inside.
pub fn oracle_signed_distance(shape: &Shape, p: Vec2) -> f64 {
    let (core, r) = core_of(shape);
    let p = p.as_dvec2();
    let nearest_edge = match core.len() {
        1 => (core[0] - p).length(),
        2 => point_to_segment(p, core[0], core[1]),
        n => (0..n).map(|i| point_to_segment(p, core[i], core[(i + 1) % n])).fold(f64::INFINITY, f64::min),
    };
    if core.len() >= 3 && point_in_polygon(p, &core) {
        -nearest_edge - r
    } else {
        nearest_edge - r
    }
}

/// Whether `p` lies in the shape's inner bracket (certainly inside the shape).
pub fn surely_inside(shape: &Shape, p: Vec2) -> bool {
    let (inner, _) = bracket(shape);
    point_in_polygon(p.as_dvec2(), &inner)
}

/// A random position in the test world.
pub fn any_pos() -> impl Strategy<Value = Vec2> + Clone {
    pos()
}

/// Runs `check` on `cases` random pairs of every ordered pair of kinds, panicking with the
/// kinds and proptest's shrunk counter-example on the first failure. A failing case's seed is
/// kept in the regression file beside the caller's source (hence `track_caller`: this file is
/// shared by several test programs, each with its own checks).
#[track_caller]
pub fn for_every_pair(
    name: &str,
    cases: u32,
    check: impl Fn(&Shape, &Shape) -> Result<(), proptest::test_runner::TestCaseError>,
) {
    use proptest::test_runner::{Config, TestRunner};
    for ka in KINDS {
        for kb in KINDS {
            let mut runner =
                TestRunner::new(Config { cases, ..Config::with_source_file(std::panic::Location::caller().file()) });
            if let Err(e) = runner.run(&(shape_of(ka), shape_of(kb)), |(a, b)| check(&a, &b)) {
                panic!("{name}: {ka} vs {kb}: {e}");
            }
        }
    }
}

/// The library's unit tests' seeded streams (`uniform`: numbers in `[0, 1)`), for deterministic
/// loops of random cases here too.
#[allow(dead_code)] // each test binary uses some of the streams
#[path = "../../src/test_rng.rs"]
mod test_rng;
#[allow(unused_imports)] // each test binary uses some of the helpers
pub(crate) use test_rng::uniform;
