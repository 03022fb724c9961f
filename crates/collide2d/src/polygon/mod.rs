//! Concave polygons with holes: validated once, then queried through an edge hierarchy and a
//! convex decomposition made at construction. One constrained Delaunay triangulation of the
//! rings serves both the check that they are simple (`triangulate.rs`) and the decomposition
//! (`decompose.rs`), so building costs about `n log n` in the `n` vertices, however spiky.

mod bvh;
mod clean;
mod decompose;
mod edge_owners;
mod holes;
mod place;
mod triangulate;

use std::sync::{Arc, OnceLock};

use glam::Vec2;

use crate::math::{orient2d, point_on_segment, unit_vector, Transform};
use crate::shape::{check_transform, Aabb, ConvexPolygon, Ring, Shape, ShapeError};
pub(crate) use bvh::EdgeTree;
use clean::{check_simple, clean_ring, ring_edges, wind, WoundRing};
pub(crate) use decompose::{CONVEX_CORNER, ON_BOUNDARY, UNKNOWN};
use holes::check_holes;
use triangulate::Triangulation;

const NAME: &str = "Polygon";

/// From this many convex pieces, the queries that pair pieces find them through
/// [`Polygon::pieces_meeting`] rather than by testing each one's bounds.
pub(crate) const PIECES_INDEXED_FROM: usize = 32;

/// How finely a curve (a disc, a capsule's ends) is cut into straight edges when a round shape
/// becomes a polygon. The vertices lie on the curve, so the polygon sits just inside it.
///
/// A full turn takes at least 3 and at most [`ConvexPolygon::MAX_SIDES`] (4096) edges: other
/// counts, and chord errors too small for that many edges, are refused, never rounded to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CurveDetail {
    /// This many edges for a full circle (from 3 to 4096).
    Segments(usize),
    /// As many edges as it takes for no edge to stray further than this from the curve (at
    /// least 3; a chord error needing more than 4096 is refused).
    MaxChordError(f32),
}

impl CurveDetail {
    /// Edges for a full turn of a circle of `radius`.
    fn segments(self, radius: f32) -> Result<usize, ShapeError> {
        match self {
            CurveDetail::Segments(n) => {
                let bad =
                    |requirement| ShapeError::BadCount { shape: NAME, field: "curve segments", requirement, value: n };
                if n < 3 {
                    return Err(bad("at least 3"));
                }
                if n > ConvexPolygon::MAX_SIDES {
                    return Err(bad("at most 4096"));
                }
                Ok(n)
            }
            CurveDetail::MaxChordError(e) => {
                let bad =
                    |requirement| ShapeError::BadSize { shape: NAME, field: "max chord error", requirement, value: e };
                if !(e > 0.0 && e.is_finite()) {
                    return Err(bad("positive"));
                }
                // An edge of a regular n-gon strays r (1 − cos(π / n)) from the circle. In f64:
                // a chord error below 1e-7 of the radius rounds the f32 ratio to 1.
                let ratio = (1.0 - e as f64 / radius as f64).clamp(-1.0, 1.0);
                let n = (std::f64::consts::PI / libm::acos(ratio)).ceil();
                if n > ConvexPolygon::MAX_SIDES as f64 {
                    return Err(bad("large enough that a full turn at this radius needs at most 4096 segments"));
                }
                // A chord error of half the radius or more: a triangle already strays no further.
                Ok((n as usize).max(3))
            }
        }
    }
}

/// A simple polygon with zero or more holes: the general, possibly concave, collider.
///
/// Any winding is accepted and normalised (outline counter-clockwise, holes clockwise, with y
/// up); repeated vertices and vertices lying straight between their neighbours are dropped.
/// The constructor refuses self-intersecting outlines, holes that touch or cross the outline or
/// each other, and holes outside the outline or inside another hole, naming the edges or hole.
///
/// Building one also builds what queries need: a bounding-volume hierarchy over its edges and a
/// decomposition into convex pieces. The value is cheap to clone (shared, immutable data).
///
/// ```
/// use collide2d::{Polygon, Vec2};
/// let v = |x, y| Vec2::new(x, y);
/// // A 4×4 square with a 2×2 hole in the middle.
/// let frame = Polygon::with_holes(
///     &[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(0.0, 4.0)],
///     &[vec![v(1.0, 1.0), v(3.0, 1.0), v(3.0, 3.0), v(1.0, 3.0)]],
/// )?;
/// assert_eq!(frame.area(), 12.0);
/// assert!(frame.contains_point(v(0.5, 2.0)));
/// assert!(!frame.contains_point(v(2.0, 2.0))); // in the hole
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::PolygonRaw", into = "crate::serial::PolygonRaw")
)]
pub struct Polygon {
    data: Arc<PolygonData>,
}

#[derive(Debug)]
struct PolygonData {
    /// Outline first (counter-clockwise), then the holes (clockwise).
    rings: Vec<Vec<Vec2>>,
    aabb: Aabb,
    area: f32,
    centroid: Vec2,
    /// What queries use beyond the rings. Built with the polygon; for a placed polygon, mapped
    /// from its source's on first use, so that moving a polygon costs only its rings.
    derived: OnceLock<Derived>,
    /// For a placed polygon: the polygon as built (never itself a placed one) and the transform
    /// from it, which the rings and the derived data are both mapped by.
    source: Option<(Arc<PolygonData>, Transform)>,
}

#[derive(Debug)]
struct Derived {
    /// Every edge as (start, end), outline first, in ring order.
    edges: Vec<(Vec2, Vec2)>,
    tree: EdgeTree,
    parts: Vec<ConvexPolygon>,
    /// Per vertex of each piece, piece after piece: `decompose::ON_BOUNDARY` and
    /// `decompose::CONVEX_CORNER`.
    part_flags: Vec<u8>,
    /// The outline's convex hull: `None` if the polygon is one convex piece (its own hull,
    /// not stored twice) or if rounding flattened it.
    hull: Option<ConvexPolygon>,
    /// A hierarchy over the pieces' bounds, built on the first query that asks (casts and the
    /// deepest piece pair), so that a pair of large polygons is not every pair of pieces.
    piece_tree: OnceLock<EdgeTree>,
}

impl PartialEq for Polygon {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.data, &other.data) || self.data.rings == other.data.rings
    }
}

impl Polygon {
    /// A polygon without holes.
    pub fn new(outline: &[Vec2]) -> Result<Self, ShapeError> {
        Self::with_holes::<Vec<Vec2>>(outline, &[])
    }

    /// A polygon with holes. See the type's documentation for what is checked.
    pub fn with_holes<H: AsRef<[Vec2]>>(outline: &[Vec2], holes: &[H]) -> Result<Self, ShapeError> {
        let mut rings = Vec::with_capacity(1 + holes.len());
        let ring = Ring::Outline;
        let mut points = clean_ring(outline, ring)?;
        crate::shape::points_fit(NAME, outline)?;
        let reversed = wind(&mut points, true);
        rings.push(WoundRing { ring, points, reversed });
        for (h, hole) in holes.iter().enumerate() {
            let ring = Ring::Hole(h);
            let mut points = clean_ring(hole.as_ref(), ring)?;
            let reversed = wind(&mut points, false);
            rings.push(WoundRing { ring, points, reversed });
        }
        let edges = ring_edges(&rings);
        let points: Vec<Vec<Vec2>> = rings.iter().map(|r| r.points.iter().map(|p| p.1).collect()).collect();
        let segments: Vec<(Vec2, Vec2)> = edges.iter().map(|e| (e.a, e.b)).collect();
        let tree = EdgeTree::build(&segments);
        let triangulation = check_simple(&points, &edges, &tree)?;
        check_holes(&rings, &edges, &tree)?;
        Ok(Self::assemble(points, segments, tree, triangulation))
    }

    fn assemble(rings: Vec<Vec<Vec2>>, edges: Vec<(Vec2, Vec2)>, tree: EdgeTree, triangulation: Triangulation) -> Self {
        // Over every ring: see `place.rs` for why not the outline alone.
        let first = rings[0][0];
        let (min, max) = rings.iter().flatten().fold((first, first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
        let aabb = Aabb::from_min_max_unchecked(min, max);
        let (area, centroid) = area_and_centroid(&rings);
        let (parts, part_flags) = decompose::convex_parts(&rings, triangulation);
        let hull = if parts.len() == 1 { None } else { ConvexPolygon::from_hull(&rings[0]).ok() };
        let derived = OnceLock::from(Derived { edges, tree, parts, part_flags, hull, piece_tree: OnceLock::new() });
        Self { data: Arc::new(PolygonData { rings, aabb, area, centroid, derived, source: None }) }
    }

    /// The polygon of another shape: boxes and convex polygons exactly, discs and capsules with
    /// their curves cut as `detail` says. Points and segments have no area: an error.
    ///
    /// ```
    /// use collide2d::{polygon::CurveDetail, Circle, Polygon, Vec2};
    /// let disc = Circle::new(Vec2::ZERO, 10.0)?;
    /// let p = Polygon::from_shape(&disc.into(), CurveDetail::MaxChordError(0.1))?;
    /// assert_eq!(p.outline().len(), 23); // 10 (1 − cos(π / 23)) ≤ 0.1
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn from_shape(shape: &Shape, detail: CurveDetail) -> Result<Polygon, ShapeError> {
        // The vertices of an arc of `turns` of a full turn from angle `from`, ends included, as
        // offsets from its centre.
        let arc = |r: f32, from: f32, turns: f32| -> Result<Vec<Vec2>, ShapeError> {
            let n = ((detail.segments(r)? as f32 * turns).ceil() as usize).max(1);
            Ok((0..=n).map(|i| unit_vector(from + std::f32::consts::TAU * turns * i as f32 / n as f32) * r).collect())
        };
        match shape {
            Shape::Point(_) | Shape::Segment(_) => Err(ShapeError::Collinear { shape: NAME, count: 2 }),
            Shape::Aabb(b) => Polygon::new(&b.corners()),
            Shape::Obb(o) => Polygon::new(&o.corners()),
            Shape::ConvexPolygon(c) => Polygon::new(c.vertices()),
            Shape::Polygon(p) => Ok(p.clone()),
            Shape::TileMap(_) => Err(ShapeError::BadTile {
                context: "Polygon::from_shape".to_string(),
                reason: "a tile map is not one polygon (its islands are many)".to_string(),
            }),
            Shape::Circle(c) => {
                let mut offsets = arc(c.radius(), 0.0, 1.0)?;
                offsets.pop();
                Polygon::new(&offsets.iter().map(|o| c.center() + *o).collect::<Vec<_>>())
            }
            Shape::Capsule(k) => {
                let axis = k.b() - k.a();
                let start =
                    if axis == Vec2::ZERO { 0.0 } else { libm::atan2f(axis.y, axis.x) - std::f32::consts::FRAC_PI_2 };
                // b's half circle, from its right side to its left, then a's: the same offsets
                // negated. The half circle ends exactly opposite its start (not where the rounded
                // angle lands), so the arcs meet the sides, or each other when a = b, without a
                // rounding-sized zigzag, which would cross itself.
                let mut half = arc(k.radius(), start, 0.5)?;
                let last = half.len() - 1;
                half[last] = -half[0];
                let pts: Vec<Vec2> = half.iter().map(|o| k.b() + *o).chain(half.iter().map(|o| k.a() - *o)).collect();
                Polygon::new(&pts)
            }
        }
    }

    /// The outline, counter-clockwise (with y up).
    pub fn outline(&self) -> &[Vec2] {
        &self.data.rings[0]
    }

    /// The holes, each clockwise (with y up).
    pub fn holes(&self) -> &[Vec<Vec2>] {
        &self.data.rings[1..]
    }

    /// Every edge of the outline and the holes as `(start, end)`.
    pub fn edges(&self) -> &[(Vec2, Vec2)] {
        &self.derived().edges
    }

    /// The convex pieces the polygon was decomposed into (they cover it exactly and overlap only
    /// along shared edges).
    pub fn convex_parts(&self) -> &[ConvexPolygon] {
        &self.derived().parts
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        self.data.aabb
    }

    /// The enclosed area (holes excluded).
    pub fn area(&self) -> f32 {
        self.data.area
    }

    /// The centre of mass of the enclosed area.
    pub fn centroid(&self) -> Vec2 {
        self.data.centroid
    }

    /// Whether `p` lies in the polygon, boundary included (a point on a hole's edge is in; a
    /// point inside a hole is not). False for non-finite points.
    pub fn contains_point(&self, p: Vec2) -> bool {
        let derived = self.derived();
        point_in(&derived.edges, &derived.tree, &self.data.aabb, p)
    }

    /// The polygon with every vertex moved by `transform` (a mirroring transform is re-wound).
    ///
    /// Cheap for every invertible transform that stretches no direction more than 1,000 times
    /// another (moves, turns, mirrors, uniform scales, and skews and uneven scales up to that):
    /// nothing is validated, triangulated or decomposed again. Any affine map keeps a valid
    /// polygon valid and its convex pieces convex, so placing maps the rings now (one pass over
    /// the vertices), and the pieces and the edge hierarchy's boxes on the first query that
    /// needs them (one more pass). Placing a placed polygon maps from the polygon as built, by
    /// the composed transform. The polygon is built again from its moved rings, and so checked,
    /// when rounding merges two neighbouring vertices (vertices so far out or so close that they
    /// land on the same `f32`), or when the transform squashes one direction more than 1,000
    /// times another, whose rounding can move vertices across edges. Errors when the transform
    /// is not finite, flattens the plane, or overflows the vertices, and when a rebuilt polygon
    /// is not valid.
    ///
    /// ```
    /// use collide2d::{Polygon, Transform, Vec2};
    /// let l = Polygon::new(&[Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(2.0, 1.0), Vec2::new(1.0, 1.0),
    ///     Vec2::new(1.0, 2.0), Vec2::new(0.0, 2.0)])?;
    /// let moved = l.transformed(&Transform::from_translation_rotation_scale(
    ///     Vec2::new(10.0, 0.0), std::f32::consts::FRAC_PI_2, Vec2::splat(2.0)))?;
    /// assert_eq!(moved.area(), 4.0 * l.area());
    /// assert!(moved.contains_point(Vec2::new(9.0, 1.0)) && !moved.contains_point(Vec2::new(7.0, 3.0)));
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn transformed(&self, transform: &Transform) -> Result<Polygon, ShapeError> {
        check_transform(NAME, transform)?;
        place::place(&self.data, transform)
    }

    /// Per vertex of each convex piece, piece after piece in the order of
    /// [`convex_parts`](Self::convex_parts): whether its edge to the next vertex lies on the
    /// boundary (`ON_BOUNDARY`) and whether it is a convex corner of the polygon
    /// (`CONVEX_CORNER`).
    pub(crate) fn part_flags(&self) -> &[u8] {
        &self.derived().part_flags
    }

    /// The convex hull of the outline (`None` only if rounding flattened it).
    pub(crate) fn hull(&self) -> Option<&ConvexPolygon> {
        let derived = self.derived();
        match derived.parts.as_slice() {
            [whole] => Some(whole),
            _ => derived.hull.as_ref(),
        }
    }

    pub(crate) fn tree(&self) -> &EdgeTree {
        &self.derived().tree
    }

    /// Calls `visit(piece index)` for each convex piece whose bounds meet `[lo, hi]` (touching
    /// counts), in increasing order of index, as a loop over every piece testing its bounds
    /// would (so that ties go the same way); returns how many. The indices are put in order by
    /// sorting them, or when there are many, by marking them in a bit set of all the pieces
    /// (time linear in the pieces found and a 64th of all pieces). The buffers are kept on the
    /// thread, so that a query in steady state allocates nothing.
    pub(crate) fn pieces_meeting(&self, lo: Vec2, hi: Vec2, mut visit: impl FnMut(usize)) -> usize {
        thread_local! {
            static FOUND: std::cell::Cell<(Vec<u32>, Vec<u64>)> = const { std::cell::Cell::new((Vec::new(), Vec::new())) };
        }
        let derived = self.derived();
        let tree = self.piece_tree();
        // Taken out while visiting (a visit that asks again starts with empty buffers).
        let (mut found, mut marks) = FOUND.with(|f| f.take());
        found.clear();
        tree.any_in(lo, hi, |k| {
            found.push(k as u32);
            false
        });
        let count = found.len();
        if count <= 64 || count < derived.parts.len() / 64 {
            found.sort_unstable();
            found.iter().for_each(|&k| visit(k as usize));
        } else {
            marks.clear();
            marks.resize(derived.parts.len().div_ceil(64), 0);
            for &k in &found {
                marks[k as usize / 64] |= 1 << (k % 64);
            }
            for (w, &word) in marks.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    visit(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
        FOUND.with(|f| f.set((found, marks)));
        count
    }

    /// Calls `visit(i, j, cutoff)` for the pairs of this polygon's piece `i` and `other`'s piece
    /// `j` whose `bound` (a lower bound of some measure of the pair, from their bounds as
    /// `(min, max)`) is at most `*cutoff`, in no set order: nearer bounds first as far as the
    /// hierarchies of piece bounds tell, so that a `visit` lowering the cutoff prunes the rest.
    pub(crate) fn piece_pairs_under(
        &self,
        other: &Polygon,
        bound: impl Fn((Vec2, Vec2), (Vec2, Vec2)) -> f32,
        cutoff: &mut f32,
        visit: impl FnMut(usize, usize, &mut f32),
    ) {
        self.piece_tree().pairs_under(other.piece_tree(), bound, cutoff, visit);
    }

    /// The hierarchy over the pieces' bounds, built on first use.
    fn piece_tree(&self) -> &EdgeTree {
        let derived = self.derived();
        derived.piece_tree.get_or_init(|| {
            let boxes: Vec<(Vec2, Vec2)> = derived.parts.iter().map(|c| (c.aabb().min(), c.aabb().max())).collect();
            EdgeTree::build(&boxes)
        })
    }

    fn derived(&self) -> &Derived {
        self.data.derived.get_or_init(|| place::derive(&self.data))
    }

    /// A point of the polygon, certainly inside (the centroid of its first convex piece).
    pub(crate) fn interior_point(&self) -> Vec2 {
        // A placed polygon maps its source's point rather than derive its pieces for it.
        if let Some((source, t)) = &self.data.source {
            return t.transform_point(Polygon { data: source.clone() }.interior_point());
        }
        self.derived().parts.first().map_or(self.data.rings[0][0], |p| p.centroid())
    }
}

/// Point in polygon, boundary included: on an edge, or an odd number of edge crossings on the
/// ray towards +x (only edges whose bounds meet that ray are looked at).
fn point_in(edges: &[(Vec2, Vec2)], tree: &EdgeTree, aabb: &Aabb, p: Vec2) -> bool {
    let (lo, hi) = (aabb.min(), aabb.max());
    if !(lo.x <= p.x && p.x <= hi.x && lo.y <= p.y && p.y <= hi.y) {
        return false;
    }
    if tree.any_in(p, p, |e| point_on_segment(p, edges[e].0, edges[e].1)) {
        return true;
    }
    let mut inside = false;
    tree.any_in(p, Vec2::new(hi.x, p.y), |e| {
        let (a, b) = edges[e];
        if (a.y > p.y) != (b.y > p.y) && crosses_rightwards(a, b, p) {
            inside = !inside;
        }
        false
    });
    inside
}

/// For an edge `a`–`b` straddling the height of `p` (one end above it, the other not), whether
/// it crosses the ray from `p` towards +x. Its own function so that the mutation exclusion for
/// `>=` names it alone: the callers have answered a point on an edge before (a zero
/// orientation), and a straddling edge is never level.
#[inline]
fn crosses_rightwards(a: Vec2, b: Vec2, p: Vec2) -> bool {
    (orient2d(a, b, p) > 0.0) == (b.y > a.y)
}

/// Area and centroid of all rings together (holes wind the other way and subtract), in f64.
fn area_and_centroid(rings: &[Vec<Vec2>]) -> (f32, Vec2) {
    let origin = rings[0][0].as_dvec2();
    let (mut area2, mut moment) = (0.0f64, glam::DVec2::ZERO);
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i].as_dvec2() - origin, ring[(i + 1) % n].as_dvec2() - origin);
            let w = a.perp_dot(b);
            area2 += w;
            moment += (a + b) * w;
        }
    }
    ((area2 * 0.5) as f32, (origin + moment / (3.0 * area2)).as_vec2())
}

#[cfg(test)]
mod tests;
