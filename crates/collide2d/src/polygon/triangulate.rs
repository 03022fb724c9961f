//! The rings' constrained Delaunay triangulation (spade, exact predicates), built once per
//! polygon: it decides whether the rings are simple, and the convex decomposition reads its
//! triangles.
//!
//! The edges of a triangulation never cross and never pass through a vertex, so the rings are
//! simple (no two edges touch but ring neighbours at their shared vertex) exactly when no two
//! vertices coincide and every ring edge is one edge of the triangulation of all the vertices
//! constrained to the ring edges. Up to [`BULK_LOADED`] vertices, spade's bulk loader builds it
//! as it always has, and the check is that every ring edge came out whole. Beyond that, or
//! should that check fail, the vertices go in one by one, each ring edge as soon as both its
//! ends are in; the first that does not go in as one edge is refused by the triangulation (it
//! crosses an earlier ring edge) or split at a vertex lying on it, and a vertex put in later
//! on a ring edge splits that; walking the triangulation along the edge finds the edge or
//! vertex it meets, which names the touching pair. All of it is exact (the `f32` vertices are
//! `f64` numbers scaled by a power of two, so spade's predicates see them unrounded). It costs
//! about `n log n` on stars, combs, spirals and rows of holes, good or broken, where testing
//! edge boxes against each other was quadratic on a star, whose long slanted edges each have
//! a box meeting most others; but a ring edge that crosses many triangles when it goes in
//! costs the square of their number (see [`insertion_order`]).
//!
//! A single ring that turns left at every vertex and winds around once is convex, so simple:
//! it is not triangulated at all.

use glam::Vec2;
use spade::handles::FixedVertexHandle;
use spade::{ConstrainedDelaunayTriangulation, Intersection, LineIntersectionIterator, Point2, Triangulation as _};

use crate::math::orient2d;

/// No half-edge: the other side of an edge on the outer face, or across the boundary.
pub(crate) const NONE: u32 = u32::MAX;

/// `2⁶⁴`: scaling every `f32` by it is exact in `f64` and puts every coordinate spade may meet,
/// from the smallest subnormal (`2⁻¹⁴⁹`) to `f32::MAX` (below `2¹²⁸`), inside the range its
/// exact predicates allow (`2⁻¹⁴²` to `2²⁰¹`, and zero). Scaling changes no predicate's sign.
const SCALE: f64 = 18_446_744_073_709_551_616.0;

type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// How the rings are covered, once they are known to be simple.
pub(crate) enum Triangulation {
    /// One ring, convex: its own single piece.
    Convex,
    /// Every finite triangle of the constrained Delaunay triangulation of all the rings'
    /// vertices (numbered along the rings, outline first), counter-clockwise; and for each
    /// directed edge `tri[k] → tri[k + 1]`, numbered `3 t + k`, the number of the same edge
    /// walked the other way in its neighbour ([`NONE`] where that is the outer face).
    Triangles { triangles: Vec<[usize; 3]>, twins: Vec<u32> },
}

/// Why the rings could not be triangulated.
#[derive(Debug, PartialEq)]
pub(crate) enum NotSimple {
    /// These two ring edges (numbered along the rings, outline first, the lower first) touch
    /// other than as neighbours at their shared vertex.
    Touching(usize, usize),
    /// The triangulator gave up (not expected for finite `f32` vertices), or the triangulation
    /// has more half-edges than `u32` numbers.
    Failed,
}

/// Polygons of up to this many vertices are triangulated by spade's bulk loader, as they always
/// were, so that their pieces stay as they were (where vertices lie on a common circle, as on a
/// traced sprite's pixel corners, which Delaunay triangulation is taken depends on the order
/// they go in). Beyond it, the loader's sweep out from the centre turns quadratic on combs and
/// spirals (8 s and 34 s at a million vertices), so vertices go in one by one.
const BULK_LOADED: usize = 4096;

/// The triangulation of `rings` (the outline counter-clockwise, then the holes clockwise, each
/// free of repeated and straight vertices), or the first pair of edges found touching.
pub(crate) fn triangulate(rings: &[Vec<Vec2>]) -> Result<Triangulation, NotSimple> {
    if let [ring] = rings {
        if is_convex(ring) {
            return Ok(Triangulation::Convex);
        }
    }
    let points: Vec<Vec2> = rings.iter().flatten().copied().collect();
    let next = ring_next(rings);
    let bulk = if points.len() <= BULK_LOADED { bulk_loaded(&points, &next) } else { None };
    // Should the bulk loader find the rings not simple, the one-by-one triangulation finds out
    // again, naming a touching pair as it does.
    let (cdt, point_of) = match bulk {
        Some(cdt) => (cdt, (0..points.len() as u32).collect()),
        None => one_by_one(&points, &next)?,
    };
    // Half-edges are numbered in u32, which halves the decomposition's arrays (a traced
    // picture's polygon has half a million triangles); no polygon that fits in memory comes
    // near the limit.
    if cdt.num_directed_edges() >= NONE as usize {
        return Err(NotSimple::Failed);
    }
    let (triangles, twins) = triangles_and_twins(&cdt, &point_of);
    Ok(Triangulation::Triangles { triangles, twins })
}

/// A point as spade takes it.
fn scaled(p: Vec2) -> Point2<f64> {
    Point2::new(p.x as f64 * SCALE, p.y as f64 * SCALE)
}

/// The rings' triangulation by spade's bulk loader, its vertices in the points' order, if it
/// shows them simple: no constraint refused, no two vertices merged, and every ring edge an
/// edge of the triangulation. `None` if not.
fn bulk_loaded(points: &[Vec2], next: &[usize]) -> Option<Cdt> {
    let constraints = next.iter().enumerate().map(|(e, &f)| [e, f]).collect();
    let mut refused = false;
    let cdt =
        Cdt::try_bulk_load_cdt(points.iter().map(|p| scaled(*p)).collect(), constraints, |_| refused = true).ok()?;
    let vertex = FixedVertexHandle::from_index;
    let whole = |(e, &f): (usize, &usize)| cdt.exists_constraint(vertex(e), vertex(f));
    (!refused && cdt.num_vertices() == points.len() && next.iter().enumerate().all(whole)).then_some(cdt)
}

/// The rings' triangulation built a vertex at a time, each ring edge going in as soon as both
/// its ends are in, and which point each of its vertices is; or the first pair of edges found
/// touching. (With the ring edges in before most vertices, a vertex's Delaunay neighbourhood
/// stops at them: put in after all the vertices, the edges near a vertex inside the circles
/// through a star's spikes each crossed a fan of thousands of its edges, and spade rebuilds the
/// region a constraint crosses in time quadratic in its size.)
fn one_by_one(points: &[Vec2], next: &[usize]) -> Result<(Cdt, Vec<u32>), NotSimple> {
    let mut prev = vec![0; next.len()];
    for (e, &f) in next.iter().enumerate() {
        prev[f] = e;
    }
    let mut cdt = Cdt::with_capacity(points.len(), 3 * points.len(), 2 * points.len());
    // Which point each of the triangulation's vertices is, and the other way.
    let mut point_of: Vec<u32> = Vec::with_capacity(points.len());
    let mut handle: Vec<Option<FixedVertexHandle>> = vec![None; points.len()];
    // The ring edges put in so far.
    let mut placed = vec![false; next.len()];
    for i in insertion_order(points, next) {
        let i = i as usize;
        let h = cdt.insert(scaled(points[i])).map_err(|_| NotSimple::Failed)?;
        if h.index() < point_of.len() {
            // Two vertices in one place: the edges leaving them touch there (they are not
            // neighbours, as repeated vertices in a row were dropped).
            let (first, second) = ordered(point_of[h.index()] as usize, i);
            return Err(NotSimple::Touching(first, second));
        }
        point_of.push(i as u32);
        handle[i] = Some(h);
        // The ring edges arriving at `i` and leaving it, where the other end is in.
        for e in [prev[i], i] {
            let (Some(a), Some(b)) = (handle[e], handle[next[e]]) else { continue };
            if cdt.try_add_constraint(a, b).len() != 1 {
                return Err(touching(&cdt, &point_of, next, &handle, &placed, e));
            }
            placed[e] = true;
        }
    }
    // A vertex put in on a ring edge already in splits it.
    let whole = |e: usize| cdt.exists_constraint(vertex(&handle, e), vertex(&handle, next[e]));
    match (0..next.len()).find(|&e| !whole(e)) {
        Some(e) => Err(touching(&cdt, &point_of, next, &handle, &placed, e)),
        None => Ok((cdt, point_of)),
    }
}

/// The triangulation's vertex of point `i`, which is in.
fn vertex(handle: &[Option<FixedVertexHandle>], i: usize) -> FixedVertexHandle {
    handle[i].expect("every point is in the triangulation by now")
}

/// Each ring vertex's successor along its ring, numbered along all the rings: also the number
/// of the ring edge leaving it, as edges are numbered by the vertex they leave.
pub(crate) fn ring_next(rings: &[Vec<Vec2>]) -> Vec<usize> {
    let mut next = Vec::with_capacity(rings.iter().map(Vec::len).sum());
    for ring in rings {
        let (start, n) = (next.len(), ring.len());
        next.extend((0..n).map(|i| start + (i + 1) % n));
    }
    next
}

/// Whether a ring turns left at every vertex and winds around once: then it is the boundary of
/// a convex polygon, so simple. Winding once is told by counting the vertices that come before
/// both neighbours in (y, x) order: a ring always turning left meets one such vertex per turn
/// of its edges' direction (a pentagram, turning left everywhere, has two).
fn is_convex(ring: &[Vec2]) -> bool {
    let n = ring.len();
    let below = |p: Vec2, q: Vec2| (p.y, p.x) < (q.y, q.x);
    let (mut lowest, mut left) = (0, true);
    for i in 0..n {
        let (before, at, after) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
        left &= orient2d(before, at, after) > 0.0;
        lowest += usize::from(below(at, before) && below(at, after));
    }
    left && lowest == 1
}

/// `(a, b)` with the lower first.
fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// The order the vertices go in. First the ends of the longest ring edges (`√n` of them),
/// longest first: a ring edge goes in as soon as its ends are in, and spade rebuilds the region
/// it crosses in time quadratic in its size, so an edge put in before the vertices around it
/// crosses little (the bottom edge of a long rectangle, with a row of holes above and a point
/// below it, crossed most of the triangulation). Then the rest in biased randomized insertion
/// order (Amenta, Choi and Rote, 2003): a fixed shuffle cut into rounds, each twice the size of
/// the one before, each round sorted along a Morton curve. Each vertex is then found by a
/// short walk from the one before, and the shuffle keeps the work per vertex about constant
/// whatever the input: inserting by distance from the centre (spade's bulk loader) was
/// quadratic on combs and spirals, and a Morton order alone on grids of vertices.
fn insertion_order(points: &[Vec2], next: &[usize]) -> Vec<u32> {
    let n = points.len();
    let mut edges: Vec<(u64, usize)> = (0..n)
        .map(|e| {
            // Squared lengths are positive, so their bits sort as they do; longest first.
            let length = points[e].as_dvec2().distance_squared(points[next[e]].as_dvec2());
            (u64::MAX - length.to_bits(), e)
        })
        .collect();
    let longest = (n as f64).sqrt().ceil() as usize;
    if longest < n {
        edges.select_nth_unstable(longest);
        edges.truncate(longest);
    }
    edges.sort_unstable();
    let mut first = vec![false; n];
    let mut order: Vec<u32> = Vec::with_capacity(n);
    for &(_, e) in &edges {
        for i in [e, next[e]] {
            if !std::mem::replace(&mut first[i], true) {
                order.push(i as u32);
            }
        }
    }
    let head = order.len();
    order.extend((0..n as u32).filter(|&i| !first[i as usize]));
    let rest = &mut order[head..];
    // A fixed xorshift: the same order, so the same pieces, on every run and target.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for i in (1..rest.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        rest.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let size = (hi.as_dvec2() - lo.as_dvec2()).max(glam::DVec2::splat(f64::MIN_POSITIVE));
    let key = |i: u32| {
        let q = (points[i as usize].as_dvec2() - lo.as_dvec2()) / size * 65535.0;
        ((spread(q.x as u32) | (spread(q.y as u32) << 1)) << 32) | i as u64
    };
    let mut keyed: Vec<u64> = Vec::with_capacity(rest.len());
    let mut end = rest.len();
    while end > 0 {
        let start = if end <= 64 { 0 } else { end / 2 };
        keyed.clear();
        keyed.extend(rest[start..end].iter().map(|&i| key(i)));
        keyed.sort_unstable();
        for (slot, k) in rest[start..end].iter_mut().zip(&keyed) {
            *slot = *k as u32;
        }
        end = start;
    }
    order
}

/// The 16 low bits of `v` spread to the even bits of the result, for a Morton code.
fn spread(v: u32) -> u64 {
    let mut v = (v & 0xFFFF) as u64;
    v = (v | v << 8) & 0x00FF_00FF;
    v = (v | v << 4) & 0x0F0F_0F0F;
    v = (v | v << 2) & 0x3333_3333;
    (v | v << 1) & 0x5555_5555
}

/// The ring edge `e` did not go in as one edge of the triangulation (or was split since): the
/// pair it makes with an edge it touches, found walking the triangulation along it from its
/// start. The walk meets the ring edge it crosses or overlaps, or a vertex lying on it. The
/// constraint edges it meets are whole ring edges (or pieces of `e` itself, split at a vertex)
/// unless a vertex split another ring edge already `placed`: that edge is walked instead.
fn touching(
    cdt: &Cdt,
    point_of: &[u32],
    next: &[usize],
    handle: &[Option<FixedVertexHandle>],
    placed: &[bool],
    e: usize,
) -> NotSimple {
    let split = |f: usize| placed[f] && !cdt.exists_constraint(vertex(handle, f), vertex(handle, next[f]));
    let e = (0..next.len()).find(|&f| f != e && split(f)).unwrap_or(e);
    let (a, b) = (e, next[e]);
    let ring_edge = |u: usize, v: usize| {
        if next[u] == v {
            Some(u)
        } else if next[v] == u {
            Some(v)
        } else {
            None
        }
    };
    for step in LineIntersectionIterator::new_from_handles(cdt, vertex(handle, a), vertex(handle, b)) {
        let partner = match step {
            Intersection::VertexIntersection(v) => {
                let c = point_of[v.fix().index()] as usize;
                if c == a || c == b {
                    continue;
                }
                // Both edges at `c` touch `e`: the lower that is not `e`'s neighbour (the edge
                // leaving b or the one arriving at a: only where rounding kept a straight
                // spike, whose sides overlap), or the one leaving `c` if both are.
                let arriving = next.iter().position(|&x| x == c).unwrap_or(c);
                let neighbour = |f: usize| f == b || next[f] == a;
                [arriving, c].into_iter().filter(|&f| !neighbour(f)).min().unwrap_or(c)
            }
            Intersection::EdgeIntersection(edge) | Intersection::EdgeOverlap(edge) => {
                if !edge.is_constraint_edge() {
                    continue;
                }
                let (u, v) = (point_of[edge.from().fix().index()], point_of[edge.to().fix().index()]);
                match ring_edge(u as usize, v as usize) {
                    Some(f) if f != e => f,
                    _ => continue,
                }
            }
        };
        let (first, second) = ordered(e, partner);
        return NotSimple::Touching(first, second);
    }
    NotSimple::Failed
}

/// Every finite triangle of the triangulation as its points (counter-clockwise), and each
/// directed edge's twin (see [`Triangulation::Triangles`]): read from the triangulation's own
/// adjacency, in linear time, rather than matched up by hashing.
fn triangles_and_twins(cdt: &Cdt, point_of: &[u32]) -> (Vec<[usize; 3]>, Vec<u32>) {
    let faces = cdt.num_inner_faces();
    let mut triangles = Vec::with_capacity(faces);
    // Which numbered half-edge each of the triangulation's directed edges is, and the other way.
    let mut half = vec![NONE; cdt.num_directed_edges()];
    let mut directed = Vec::with_capacity(3 * faces);
    for (t, face) in cdt.inner_faces().enumerate() {
        let edges = face.adjacent_edges();
        for (k, e) in edges.iter().enumerate() {
            half[e.fix().index()] = (3 * t + k) as u32;
            directed.push(e.fix());
        }
        triangles.push(edges.map(|e| point_of[e.from().fix().index()] as usize));
    }
    let twin = directed.iter().map(|e| half[e.rev().index()]).collect();
    (triangles, twin)
}

#[cfg(test)]
mod tests;
