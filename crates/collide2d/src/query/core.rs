//! The general machinery every pair without a fast path falls back to.
//!
//! Each shape is seen as a *core* (a point, a segment or a convex polygon) swollen by a radius:
//! a circle is a point core with its radius, a capsule a segment core with its radius, boxes and
//! polygons are polygon cores with radius 0. Cores are described by the half-planes whose
//! intersection they are, which makes one separating-axis test serve every pair of cores, flat
//! ones (points, segments, zero-width boxes) included.

use glam::Vec2;

use crate::math::{direction_or, distance_squared64, orient2d};

use super::minkowski::closest_points_convex;
use super::ShapeRef;
use crate::math::Order;

/// A core seen as vertices and the half-planes `{x : n · (x − s) ≤ 0}` it is the intersection of.
pub(crate) enum Core<'a> {
    /// A point, as the four half-planes ±x, ±y through it.
    Point([Vec2; 1]),
    /// A segment `[a, b]`, as the half-planes ±perp and ±direction through its ends.
    Segment([Vec2; 2]),
    /// A box: four vertices counter-clockwise and the outward normal of each edge.
    Quad([Vec2; 4], [Vec2; 4]),
    /// A convex polygon: vertices counter-clockwise and outward edge normals.
    Polygon(&'a [Vec2], &'a [Vec2]),
}

const AXES: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

impl<'a> Core<'a> {
    /// The core and the radius it is swollen by.
    #[inline]
    pub(crate) fn of(shape: ShapeRef<'a>) -> (Core<'a>, f32) {
        match shape {
            ShapeRef::Point(p) => (Core::Point([p]), 0.0),
            ShapeRef::Segment(s) => (Core::Segment([s.a(), s.b()]), 0.0),
            ShapeRef::Aabb(b) => (Core::Quad(b.corners(), AXES), 0.0),
            ShapeRef::Obb(o) => {
                let (x, y) = o.axes();
                (Core::Quad(o.corners(), [-y, x, y, -x]), 0.0)
            }
            ShapeRef::Circle(c) => (Core::Point([c.center()]), c.radius()),
            ShapeRef::Capsule(c) if c.a() == c.b() => (Core::Point([c.a()]), c.radius()),
            ShapeRef::Capsule(c) => (Core::Segment([c.a(), c.b()]), c.radius()),
            ShapeRef::ConvexPolygon(p) => (Core::Polygon(p.vertices(), p.normals()), 0.0),
            // Every query routes concave polygons to their own paths before asking for a core;
            // should one slip through, a NaN point makes it answer "no contact", never panic.
            ShapeRef::Polygon(_) | ShapeRef::TileMap(_) => (Core::Point([Vec2::NAN]), 0.0),
        }
    }

    /// Calls `f` with the core of `shape` and its radius, built in the arm for its kind: a
    /// core returned from one `match` over every kind is merged from all of them, and copied
    /// piecewise in a way that stalls the reads that follow (store-to-load forwarding fails on
    /// a slice's pointer written as two halves), which cost the contacts of polygons and
    /// capsules 15 % of their time. `f` is best a call that is not inlined, once per kind.
    #[inline(always)]
    pub(crate) fn with<R>(shape: ShapeRef<'a>, f: impl FnOnce(&Core<'a>, f32) -> R) -> R {
        match shape {
            ShapeRef::Point(p) => f(&Core::Point([p]), 0.0),
            ShapeRef::Segment(s) => f(&Core::Segment([s.a(), s.b()]), 0.0),
            ShapeRef::Aabb(b) => f(&Core::Quad(b.corners(), AXES), 0.0),
            ShapeRef::Obb(o) => {
                let (x, y) = o.axes();
                f(&Core::Quad(o.corners(), [-y, x, y, -x]), 0.0)
            }
            ShapeRef::Circle(c) => f(&Core::Point([c.center()]), c.radius()),
            ShapeRef::Capsule(c) if c.a() == c.b() => f(&Core::Point([c.a()]), c.radius()),
            ShapeRef::Capsule(c) => f(&Core::Segment([c.a(), c.b()]), c.radius()),
            ShapeRef::ConvexPolygon(p) => f(&Core::Polygon(p.vertices(), p.normals()), 0.0),
            ShapeRef::Polygon(_) | ShapeRef::TileMap(_) => f(&Core::Point([Vec2::NAN]), 0.0),
        }
    }

    /// [`Core::with`] for two shapes at once.
    #[inline(always)]
    pub(crate) fn with_pair<'b, R>(
        a: ShapeRef<'a>,
        b: ShapeRef<'b>,
        f: impl FnOnce((&Core<'a>, f32), (&Core<'b>, f32)) -> R,
    ) -> R {
        Core::with(a, |ca, ra| Core::with(b, |cb, rb| f((ca, ra), (cb, rb))))
    }

    /// The core with every vertex multiplied by `f` (exactly, for a power of two that neither
    /// overflows nor underflows them); a polygon's vertices go into `store`.
    pub(crate) fn scaled<'s>(&'s self, f: f32, store: &'s mut Vec<Vec2>) -> Core<'s> {
        match self {
            Core::Point([p]) => Core::Point([*p * f]),
            Core::Segment([a, b]) => Core::Segment([*a * f, *b * f]),
            Core::Quad(v, n) => Core::Quad(v.map(|p| p * f), *n),
            Core::Polygon(v, n) => {
                store.clear();
                store.extend(v.iter().map(|p| *p * f));
                Core::Polygon(store, n)
            }
        }
    }

    /// The vertices (one for a point, two for a segment).
    #[inline]
    pub(crate) fn vertices(&self) -> &[Vec2] {
        match self {
            Core::Point(p) => p,
            Core::Segment(s) => s,
            Core::Quad(v, _) => v,
            Core::Polygon(v, _) => v,
        }
    }

    /// Vertices and outward face normals of a box or polygon core; `None` for points and
    /// segments, whose faces alone do not decide separation (a segment's ends bound it too).
    #[inline]
    pub(crate) fn faces(&self) -> Option<(&[Vec2], &[Vec2])> {
        match self {
            Core::Quad(v, n) => Some((v, n)),
            Core::Polygon(v, n) => Some((v, n)),
            _ => None,
        }
    }

    /// How many faces (edges with an outward normal): 0 for a point, 2 for a segment (one per
    /// side, as a two-vertex polygon), else the polygon's edge count.
    #[inline]
    pub(crate) fn edge_count(&self) -> usize {
        match self {
            Core::Point(_) => 0,
            Core::Segment(_) => 2,
            Core::Quad(..) => 4,
            Core::Polygon(v, _) => v.len(),
        }
    }

    /// Face `i` as `(start, end, outward unit normal)`, counter-clockwise.
    #[inline]
    pub(crate) fn edge(&self, i: usize) -> (Vec2, Vec2, Vec2) {
        match self {
            Core::Point([p]) => (*p, *p, Vec2::ZERO),
            Core::Segment([a, b]) => {
                let right = -direction_or(*a, *b, Vec2::X).perp();
                if i == 0 {
                    (*a, *b, right)
                } else {
                    (*b, *a, -right)
                }
            }
            Core::Quad(v, n) => (v[i % 4], v[(i + 1) % 4], n[i % 4]),
            Core::Polygon(v, n) => {
                // Callers walk `0..edge_count()`: wrap without a division per edge.
                let len = v.len().min(n.len());
                let i = if i < len { i } else { i % len };
                let next = if i + 1 == len { 0 } else { i + 1 };
                (v[i], v[next], n[i])
            }
        }
    }

    /// Calls `f(normal, support point)` for each bounding half-plane of a point, box or
    /// polygon core until `f` returns true; returns whether it did. Segments have their own
    /// exact test ([`segment_side`]), and never come here.
    #[inline]
    fn any_half_plane(&self, mut f: impl FnMut(Vec2, Vec2) -> bool) -> bool {
        match self {
            Core::Point([p]) => AXES.iter().any(|n| f(*n, *p)),
            Core::Segment(_) => false,
            Core::Quad(v, n) => (0..4).any(|i| f(n[i], v[i])),
            Core::Polygon(v, n) => v.iter().zip(n.iter()).any(|(v, n)| f(*n, *v)),
        }
    }

    /// Whether every vertex of `other` lies strictly outside one of this core's half-planes.
    #[inline]
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    fn separates(&self, other: &[Vec2]) -> bool {
        // `!(x <= limit)` rather than `x > limit`: a NaN from overflowing huge coordinates then
        // counts as outside, so the pair is judged apart (false) rather than overlapping.
        match self {
            Core::Polygon(v, _) => any_edge(v, |a, b| other.iter().all(|w| !(orient2d(a, b, *w) >= 0.0))),
            Core::Segment([a, b]) => (0..4).any(|k| other.iter().all(|w| !(segment_side(*a, *b, k, *w) <= 0.0))),
            _ => self.any_half_plane(|n, s| {
                let limit = n.dot(s);
                other.iter().all(|v| !(n.dot(*v) <= limit))
            }),
        }
    }

    /// Whether all of `other` lies on or beyond one of the half-planes' lines (it may touch).
    #[inline]
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    fn weakly_separates(&self, other: &[Vec2]) -> bool {
        match self {
            Core::Polygon(v, _) => any_edge(v, |a, b| other.iter().all(|w| !(orient2d(a, b, *w) > 0.0))),
            Core::Segment([a, b]) => (0..4).any(|k| other.iter().all(|w| !(segment_side(*a, *b, k, *w) < 0.0))),
            _ => self.any_half_plane(|n, s| {
                let limit = n.dot(s);
                other.iter().all(|v| !(n.dot(*v) < limit))
            }),
        }
    }

    /// Every point of `other`'s vertices lies at least `margin` inside every half-plane.
    /// (`margin` in the units of the normals, which are unit length for boxes and polygons; a
    /// segment holds only what lies on it, whatever the margin.)
    #[inline]
    pub(crate) fn holds_all(&self, other: &[Vec2], margin: f32) -> bool {
        match (self, margin) {
            (Core::Polygon(v, _), 0.0) => !any_edge(v, |a, b| !other.iter().all(|w| orient2d(a, b, *w) >= 0.0)),
            (Core::Segment([a, b]), _) => (0..4).all(|k| other.iter().all(|w| segment_side(*a, *b, k, *w) <= 0.0)),
            _ => !self.any_half_plane(|n, s| {
                let limit = n.dot(s) - margin;
                !other.iter().all(|v| n.dot(*v) <= limit)
            }),
        }
    }

    /// Edges as `(start, end)`: none for a point, one for a segment.
    fn for_each_edge(&self, mut f: impl FnMut(Vec2, Vec2)) {
        let v = self.vertices();
        match v.len() {
            1 => {}
            2 => f(v[0], v[1]),
            n => (0..n).for_each(|i| f(v[i], v[(i + 1) % n])),
        }
    }
}

/// How far `w` lies beyond half-plane `k` of segment `[a, b]` (positive: outside), scaled by
/// the segment's length: `k` = 0 and 1 are its two sides, 2 the half-plane past `b`, 3 the one
/// before `a`. In f64, where the products of coordinate differences neither overflow nor
/// underflow, so the signs are those of the exact orientation test at any size.
#[inline]
fn segment_side(a: Vec2, b: Vec2, k: usize, w: Vec2) -> f64 {
    let d = b.as_dvec2() - a.as_dvec2();
    match k {
        0 => orient2d(a, b, w),
        1 => -orient2d(a, b, w),
        2 => d.dot(w.as_dvec2() - b.as_dvec2()),
        _ => -d.dot(w.as_dvec2() - a.as_dvec2()),
    }
}

/// Whether a point at `offset` from an edge's start, `along_normal` out along its normal, lies
/// behind the edge's line by more than 1e-5 of the offset's size, far above the rounding of
/// that product: an edge whose line the point is within rounding of is kept. Its own function
/// so that the exclusions name it: a test that keeps more edges only measures more of them.
#[inline]
fn clearly_behind(along_normal: f32, offset: Vec2) -> bool {
    along_normal < -1e-5 * offset.abs().max_element()
}

/// Calls `f(start, end)` for each edge of a counter-clockwise polygon until it returns true.
/// Polygon sides are tested with the exact orientation sign rather than the rounded unit
/// normal, so a point exactly on a sloped edge counts as on it (touching).
#[inline]
fn any_edge(v: &[Vec2], mut f: impl FnMut(Vec2, Vec2) -> bool) -> bool {
    let n = v.len();
    (0..n).any(|i| f(v[i], v[if i + 1 == n { 0 } else { i + 1 }]))
}

/// Exact separating-axis overlap test of two cores (touching counts). A NaN anywhere gives
/// false (see `separates`); cores come from validated shapes, so none is non-finite to begin with.
#[inline]
pub(crate) fn cores_overlap(a: &Core, b: &Core) -> bool {
    !a.separates(b.vertices()) && !b.separates(a.vertices())
}

/// Whether the interiors of two swollen cores share a point: more than touching. For flat
/// shapes (radius 0, no area) it is false, except a flat one crossing a solid one's interior.
pub(crate) fn interiors_meet(a: &Core, ra: f32, b: &Core, rb: f32) -> bool {
    if ra == 0.0 && rb == 0.0 {
        return !a.weakly_separates(b.vertices()) && !b.weakly_separates(a.vertices());
    }
    cores_distance_squared(a, b) < reach_squared(ra, rb)
}

/// Squared distance between two cores, in f64: 0 when they overlap.
pub(crate) fn cores_distance_squared(a: &Core, b: &Core) -> f64 {
    if cores_overlap(a, b) {
        return 0.0;
    }
    // Apart, the closest pair always has a vertex of one core on a feature of the other
    // (an edge, or the lone vertex of a point core).
    vertex_to_features(a, b).at_most(vertex_to_features(b, a))
}

fn vertex_to_features(from: &Core, to: &Core) -> f64 {
    closest_vertex_to_features(from, to).3
}

/// Where a closest point lies on its core: at a vertex, or inside the edge `[start, end]`.
#[derive(Clone, Copy)]
enum Feature {
    Vertex,
    Edge(Vec2, Vec2),
}

/// The closest pair `(on from, on to)` among (vertex of `from`, feature of `to`) pairs, the
/// feature of `to` it lies on, and their squared distance (in f64).
fn closest_vertex_to_features(from: &Core, to: &Core) -> (Vec2, Vec2, Feature, f64) {
    if let Some(faces) = to.faces() {
        return closest_vertex_to_faces(from, faces);
    }
    let mut best = (f64::INFINITY, Vec2::NAN, Vec2::NAN, Feature::Vertex);
    let mut consider = |p: Vec2, (q, feature, d): (Vec2, Feature, f64)| {
        if d < best.0 || best.1.is_nan() {
            best = (d, p, q, feature);
        }
    };
    for &p in from.vertices() {
        if let [q] = to.vertices() {
            consider(p, (*q, Feature::Vertex, distance_squared64(p, *q)));
        }
        to.for_each_edge(|a, b| consider(p, closest_on_edge(p, a, b)));
    }
    (best.1, best.2, best.3, best.0)
}

/// [`closest_vertex_to_features`] for a box or polygon `to` (its vertices and outward normals):
/// each vertex of `from` is measured only against the edges it is not clearly behind. From
/// outside, the nearest point lies on an edge the vertex faces, or at an end of one (shared
/// with an edge kept).
fn closest_vertex_to_faces(from: &Core, (v, normals): (&[Vec2], &[Vec2])) -> (Vec2, Vec2, Feature, f64) {
    let mut best = (f64::INFINITY, Vec2::NAN, Vec2::NAN, Feature::Vertex);
    for &p in from.vertices() {
        for (i, n) in normals.iter().enumerate() {
            let (a, b) = (v[i], v[if i + 1 == v.len() { 0 } else { i + 1 }]);
            let offset = p - a;
            if clearly_behind(n.dot(offset), offset) {
                continue;
            }
            let (q, feature, d) = closest_on_edge(p, a, b);
            if d < best.0 || best.1.is_nan() {
                best = (d, p, q, feature);
            }
        }
    }
    (best.1, best.2, best.3, best.0)
}

/// The closest points `(on a, on b)` of two cores that do not overlap: the nearest point of their
/// Minkowski difference for two polygons,
/// the exact vertex-to-feature scan (O(n) here) when either core is a point or a segment.
pub(crate) fn closest_points_cores(a: &Core, b: &Core) -> (Vec2, Vec2) {
    let (pa, pb, _) = closest_pair_cores(a, b);
    (pa, pb)
}

/// [`closest_points_cores`] with the unit direction from the point on `a` to the one on `b`.
///
/// When the closest point lies inside an edge it was rounded onto that edge, and for cores a
/// hair apart (1e-5 at coordinates near 10) that rounding is a fair part of the gap: the
/// difference of the points may then be degrees off. The true direction is the edge's
/// perpendicular, which the edge's long span gives to full precision, on the side the exact
/// orientation test puts the vertex. Vertex to vertex, both points are exact inputs and their
/// difference is accurate.
pub(crate) fn closest_pair_cores(a: &Core, b: &Core) -> (Vec2, Vec2, Vec2) {
    let flat = |c: &Core| matches!(c, Core::Point(_) | Core::Segment(_));
    if !flat(a) && !flat(b) {
        if let Some((pa, pb)) = closest_points_convex(a.vertices(), b.vertices()) {
            return (pa, pb, direction_or(pa, pb, Vec2::X));
        }
    }
    let (pa, qb, fb, da) = closest_vertex_to_features(a, b);
    let (pb, qa, fa, db) = closest_vertex_to_features(b, a);
    if da <= db {
        (pa, qb, direction_to_feature(pa, qb, fb))
    } else {
        (qa, pb, -direction_to_feature(pb, qa, fa))
    }
}

/// The unit direction from the vertex `p` to `q`, its closest point on `feature`.
fn direction_to_feature(p: Vec2, q: Vec2, feature: Feature) -> Vec2 {
    if let Feature::Edge(start, end) = feature {
        let side = orient2d(start, end, p);
        if side != 0.0 {
            // `perp` turns left; a vertex on the left reaches the edge by going right.
            let left = direction_or(start, end, Vec2::X).perp();
            return if side > 0.0 { -left } else { left };
        }
    }
    direction_or(p, q, Vec2::X)
}

/// Whether a disc of radius `ra + rb` around `p` reaches `q`: the disc fast paths' test, which
/// `intersects`, `contact` and `closest_points` all take, so that they agree. In f32, as ever,
/// while the reach's square is a normal `f32` (a reach from about 1e-18 to 1e18); beyond, on
/// everything scaled by the power of two that brings the reach into [1, 2), which is exact and
/// what the contacts do there too.
#[inline]
pub(crate) fn disc_reaches(p: Vec2, q: Vec2, ra: f32, rb: f32) -> bool {
    let reach = ra + rb;
    let reach_sq = reach * reach;
    if !(1e-36..=1e36).contains(&reach_sq) {
        return disc_reaches_scaled(p, q, reach);
    }
    p.distance_squared(q) <= reach_sq
}

/// [`disc_reaches`] beyond the sizes f32 squares serve.
#[cold]
#[inline(never)]
fn disc_reaches_scaled(p: Vec2, q: Vec2, reach: f32) -> bool {
    let (s, _) = crate::math::power_of_two_scale(reach);
    let r = reach * s;
    (p * s).distance_squared(q * s) <= r * r
}

/// `(ra + rb)²` in f64, where neither the sum nor its square can overflow.
#[inline]
pub(crate) fn reach_squared(ra: f32, rb: f32) -> f64 {
    let reach = ra as f64 + rb as f64;
    reach * reach
}

/// `distance² ≤ (ra + rb)²`, in f64: false for NaN, so the callers' "apart" branches take NaN.
#[inline]
pub(crate) fn within(distance_squared: f64, ra: f32, rb: f32) -> bool {
    distance_squared <= reach_squared(ra, rb)
}

/// The point of segment `[a, b]` closest to `p` (the segment may have zero length).
#[inline]
pub(crate) fn closest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    closest_on_edge(p, a, b).0
}

/// The point of segment `[a, b]` closest to `p`, the feature it lies on, and their squared
/// distance. An end is returned exactly (`a + (b - a)` may round away from `b`), so that a
/// vertex is known as one. Worked in f64, where the products neither overflow nor underflow at
/// any `f32` size; the foot is taken from the nearer end, so that along an axis-aligned edge it
/// is exact (a disc resting on a floor touches it) and a foot near `b` keeps `b`'s low digits.
#[inline]
fn closest_on_edge(p: Vec2, a: Vec2, b: Vec2) -> (Vec2, Feature, f64) {
    let (p64, a64, b64) = (p.as_dvec2(), a.as_dvec2(), b.as_dvec2());
    let d = b64 - a64;
    let len_sq = d.length_squared();
    let t = if len_sq > 0.0 { (p64 - a64).dot(d) / len_sq } else { 0.0 };
    if t <= 0.0 {
        (a, Feature::Vertex, (p64 - a64).length_squared())
    } else if t >= 1.0 {
        (b, Feature::Vertex, (p64 - b64).length_squared())
    } else if t.is_nan() {
        (Vec2::NAN, Feature::Vertex, f64::NAN) // NaN in, NaN out, as the callers expect
    } else {
        let foot = if nearer_a(t) { a64 + d * t } else { b64 - d * (1.0 - t) };
        (foot.as_vec2(), Feature::Edge(a, b), (p64 - foot).length_squared())
    }
}

/// Squared distance from `p` to segment `[a, b]`, in f64 (NaN for a NaN point).
#[inline]
pub(crate) fn point_segment_distance_squared(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    closest_on_edge(p, a, b).2
}

/// Whether `shape` intersects `other` through the general path: overlap of the cores, or for
/// swollen cores, a core distance within the summed radii.
pub(crate) fn intersects_general(a: ShapeRef, b: ShapeRef) -> bool {
    Core::with_pair(a, b, intersects_cores)
}

/// [`intersects_general`] of the cores `ca` and `cb` swollen by their radii.
#[inline(never)]
pub(crate) fn intersects_cores((ca, ra): (&Core, f32), (cb, rb): (&Core, f32)) -> bool {
    if ra == 0.0 && rb == 0.0 {
        return cores_overlap(ca, cb);
    }
    within(cores_distance_squared(ca, cb), ra, rb)
}

/// Whether closest_on_edge takes the foot at `t` along the edge from end `a` (the nearer one).
/// Its own function so that the mutation exclusions name it alone: from either end, worked in
/// f64 and rounded to f32, the foot is the same but where `t` itself has lost the digits that
/// would tell them apart, so the farther end (`t > 0.5`), or always one end, answers alike.
#[inline]
fn nearer_a(t: f64) -> bool {
    t <= 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Aabb, Capsule, Segment};
    use crate::ShapeLike;

    #[test]
    fn collinear_flat_cores_apart_along_their_line_do_not_overlap() {
        // Only the segment's own direction separates these: their perpendicular shadows coincide.
        let seg = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)).unwrap();
        let pill = Capsule::new(Vec2::new(3.0, 3.0), Vec2::new(4.0, 4.0), 0.5).unwrap();
        assert!(!intersects_general(seg.shape_ref(), pill.shape_ref()));
        let flat_box = Aabb::new(Vec2::new(2.0, 0.0), Vec2::new(2.0, 5.0)).unwrap();
        let on_line = Segment::new(Vec2::new(2.0, 6.0), Vec2::new(2.0, 9.0)).unwrap();
        assert!(!intersects_general(flat_box.shape_ref(), on_line.shape_ref()));
        let touching = Segment::new(Vec2::new(2.0, 5.0), Vec2::new(2.0, 9.0)).unwrap();
        assert!(intersects_general(flat_box.shape_ref(), touching.shape_ref()));
    }

    #[test]
    fn distance_between_apart_cores_is_vertex_to_feature() {
        let (a, _) = Core::of(ShapeRef::Point(Vec2::new(0.0, 3.0)));
        let seg = Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
        let (b, _) = Core::of(ShapeRef::Segment(&seg));
        assert_eq!(cores_distance_squared(&a, &b), 9.0);
        let (c, _) = Core::of(ShapeRef::Point(Vec2::new(4.0, 4.0)));
        assert_eq!(cores_distance_squared(&c, &b), 9.0 + 16.0);
        assert_eq!(closest_on_segment(Vec2::ONE, Vec2::ZERO, Vec2::ZERO), Vec2::ZERO);
    }

    #[test]
    fn a_segments_faces_are_its_two_sides_each_with_its_outward_normal() {
        let (a, b) = (Vec2::new(1.0, 1.0), Vec2::new(3.0, 1.0));
        let core = Core::Segment([a, b]);
        assert_eq!(core.edge_count(), 2);
        // Counter-clockwise: walking from a to b, the outside of face 0 is on the right.
        assert_eq!(core.edge(0), (a, b, Vec2::NEG_Y));
        assert_eq!(core.edge(1), (b, a, Vec2::Y));
        // A polygon's faces wrap past the last one.
        let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        let normals = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
        let core = Core::Polygon(&square, &normals);
        for i in 0..4 {
            assert_eq!(core.edge(i + 4), core.edge(i));
            assert_eq!(core.edge(i + 8), core.edge(i));
        }
        assert_eq!(core.edge(1), (Vec2::X, Vec2::ONE, Vec2::X));
    }

    #[test]
    fn a_segments_half_planes_include_the_two_beyond_its_ends() {
        // Points on the segment's line, beyond either end, touching it at an end, or on it.
        let seg = Core::Segment([Vec2::new(1.0, 1.0), Vec2::new(3.0, 2.0)]);
        let (past_b, before_a) = (Vec2::new(5.0, 3.0), Vec2::new(-1.0, 0.0));
        for beyond in [past_b, before_a] {
            assert!(seg.separates(&[beyond]), "{beyond}");
            assert!(seg.weakly_separates(&[beyond]), "{beyond}");
            assert!(!seg.holds_all(&[beyond], 0.0), "{beyond}");
        }
        let (end, middle) = (Vec2::new(3.0, 2.0), Vec2::new(2.0, 1.5));
        assert!(!seg.separates(&[end]) && seg.weakly_separates(&[end, past_b]));
        assert!(seg.holds_all(&[end, middle, Vec2::new(1.0, 1.0)], 0.0));
        assert!(!seg.holds_all(&[middle, Vec2::new(2.0, 1.6)], 0.0), "beside it");
    }
}
