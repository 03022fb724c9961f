//! Turning user vertex lists into valid rings: finite, no repeated or straight vertices,
//! consistent winding, and no two edges touching except neighbours at their shared vertex (which
//! the rings' triangulation decides, see `triangulate.rs`).

use glam::Vec2;

use super::bvh::EdgeTree;
use super::triangulate::{triangulate, NotSimple, Triangulation};
use crate::math::{orient2d, segments_touch};
use crate::shape::{finite_vec, twice_signed_area, EdgeId, Ring, ShapeError};

/// A cleaned ring: its points with the input index each came from.
pub(crate) type CleanRing = Vec<(usize, Vec2)>;

const NAME: &str = "Polygon";

/// Drops repeated and collinear vertices (straight-through ones and the tips of zero-width
/// spikes) until none is left, and checks the ring still encloses an area.
pub(crate) fn clean_ring(points: &[Vec2], ring: Ring) -> Result<CleanRing, ShapeError> {
    let field = |i: usize| match ring {
        Ring::Outline => format!("outline vertex {i}"),
        Ring::Hole(h) => format!("hole {h} vertex {i}"),
    };
    for (i, p) in points.iter().enumerate() {
        if !p.is_finite() {
            finite_vec(NAME, &field(i), *p)?;
        }
    }
    let mut kept: CleanRing = points.iter().copied().enumerate().collect();
    let mut distinct = 0;
    loop {
        let before = kept.len();
        kept.dedup_by(|b, a| a.1 == b.1);
        while kept.len() > 1 && kept.first().map(|f| f.1) == kept.last().map(|l| l.1) {
            kept.pop();
        }
        let n = kept.len();
        distinct = distinct.max(n);
        let straight_at = |i: usize| orient2d(kept[(i + n - 1) % n].1, kept[i].1, kept[(i + 1) % n].1) == 0.0;
        // Most rings have no straight vertex: find that out before allocating.
        if any_straight(n, straight_at) {
            let straight: Vec<bool> = (0..n).map(straight_at).collect();
            let mut i = 0;
            kept.retain(|_| {
                i += 1;
                !straight[i - 1]
            });
        }
        if kept.len() == before || kept.len() < 3 {
            break;
        }
    }
    // Three or more vertices left means no three consecutive ones are collinear. (A zero signed
    // area then means the outline crosses itself, which the simplicity check reports.)
    match kept.len() {
        0..=2 if distinct >= 3 => Err(ShapeError::Collinear { shape: NAME, count: distinct }),
        0..=2 => Err(ShapeError::TooFewVertices { shape: NAME, found: distinct, needed: 3 }),
        _ => Ok(kept),
    }
}

/// Whether a ring of `n` vertices has one lying straight between its neighbours, tested only
/// for three or more. Its own function so that the mutation exclusion for `||` (a ring of
/// fewer than 3 also scanned, and refused all the same) names it alone.
#[inline]
fn any_straight(n: usize, straight_at: impl Fn(usize) -> bool) -> bool {
    n >= 3 && (0..n).any(straight_at)
}

/// Winds the ring counter-clockwise (`ccw`) or clockwise; returns whether it was reversed.
///
/// The winding of a simple ring is the turn at its lowest (then leftmost) vertex, a convex
/// corner, told by the same orientation test as validation. The sign of the summed area is not
/// used: its terms cancel, and on a thin ring far out (1e18 across, small coordinates) rounding
/// flipped it. A cleaned ring has no straight vertex, so the turn is not zero (were it ever,
/// the area's sign would decide).
pub(crate) fn wind(ring: &mut CleanRing, ccw: bool) -> bool {
    let n = ring.len();
    let low = (0..n).min_by(|&i, &j| {
        let (p, q) = (ring[i].1, ring[j].1);
        p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
    });
    let Some(i) = low else { return false };
    let turn = match orient2d(ring[(i + n - 1) % n].1, ring[i].1, ring[(i + 1) % n].1) {
        0.0 => twice_signed_area(ring.iter().map(|p| p.1)),
        turn => turn,
    };
    let reverse = (turn > 0.0) != ccw;
    if reverse {
        ring.reverse();
    }
    reverse
}

/// An edge of the whole polygon: its ends, which ring it is on and its position in that ring.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RingEdge {
    pub a: Vec2,
    pub b: Vec2,
    pub id: EdgeId,
    /// Ring number (0 = outline).
    pub ring: usize,
}

/// A cleaned ring, which outline it is, and whether winding it reversed the input order.
pub(crate) struct WoundRing {
    pub ring: Ring,
    pub points: CleanRing,
    pub reversed: bool,
}

/// All edges of the rings, in ring order.
pub(crate) fn ring_edges(rings: &[WoundRing]) -> Vec<RingEdge> {
    let mut edges = Vec::new();
    for (r, w) in rings.iter().enumerate() {
        let n = w.points.len();
        for i in 0..n {
            let (ia, a) = w.points[i];
            let (ib, b) = w.points[(i + 1) % n];
            // Name the edge by the vertex it started from in the input's own winding.
            let first = if w.reversed { ib } else { ia };
            edges.push(RingEdge { a, b, id: EdgeId { ring: w.ring, edge: first }, ring: r });
        }
    }
    edges
}

/// Rings of up to this many edges are checked edge against nearby edge before the triangulator
/// sees them: spade's bulk loader, which builds them, can panic on rings that cross themselves
/// (a fuzzed ring of a dozen vertices, one of them 2^8 times further out, made it lose its way),
/// and it is only ever given simple rings. At most about 8 million pairs of edges.
const CHECKED_PAIRWISE: usize = 4096;

/// The rings' triangulation, or an error naming two edges that touch other than as neighbours
/// at their shared vertex (see `triangulate.rs` for how the one decides the other).
pub(crate) fn check_simple(
    rings: &[Vec<Vec2>],
    edges: &[RingEdge],
    tree: &EdgeTree,
) -> Result<Triangulation, ShapeError> {
    if edges.len() <= CHECKED_PAIRWISE {
        if let Some((i, j)) = first_touching(edges, tree) {
            return Err(ShapeError::SelfIntersecting { first: edges[i].id, second: edges[j].id });
        }
    }
    triangulate(rings).map_err(|e| match e {
        NotSimple::Touching(i, j) => ShapeError::SelfIntersecting { first: edges[i].id, second: edges[j].id },
        NotSimple::Failed => ShapeError::DecompositionFailed { vertices: edges.len() },
    })
}

/// The first edge, in ring order, that touches a later edge other than its neighbours at their
/// shared vertex, and that edge (the first its neighbourhood in `tree` gives).
fn first_touching(edges: &[RingEdge], tree: &EdgeTree) -> Option<(usize, usize)> {
    // Each edge's successor along its ring (edges are numbered ring after ring).
    let mut next = vec![0; edges.len()];
    let mut start = 0;
    for i in 0..edges.len() {
        if i + 1 == edges.len() || edges[i + 1].ring != edges[i].ring {
            for (k, slot) in next.iter_mut().enumerate().take(i + 1).skip(start) {
                *slot = if k == i { start } else { k + 1 };
            }
            start = i + 1;
        }
    }
    edges.iter().enumerate().find_map(|(i, e)| {
        let mut clash = None;
        tree.any_in(e.a.min(e.b), e.a.max(e.b), |j| {
            if j <= i || next[i] == j || next[j] == i {
                return false;
            }
            let touch = segments_touch([e.a, e.b], [edges[j].a, edges[j].b]);
            if touch {
                clash = Some(j);
            }
            touch
        });
        clash.map(|j| (i, j))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polygon::tests::{square, v};

    /// `check_simple` of the rings, cleaned and numbered but not re-wound.
    fn check(rings: &[Vec<Vec2>]) -> Result<(), ShapeError> {
        let wound: Vec<WoundRing> = rings
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let ring = if i == 0 { Ring::Outline } else { Ring::Hole(i - 1) };
                WoundRing { ring, points: clean_ring(r, ring).unwrap(), reversed: false }
            })
            .collect();
        let points: Vec<Vec<Vec2>> = wound.iter().map(|w| w.points.iter().map(|p| p.1).collect()).collect();
        let edges = ring_edges(&wound);
        let tree = EdgeTree::build(&edges.iter().map(|e| (e.a, e.b)).collect::<Vec<_>>());
        check_simple(&points, &edges, &tree).map(|_| ())
    }

    #[test]
    fn edges_touch_only_where_rings_cross_or_meet_not_at_shared_corners() {
        // Neighbours share corners everywhere: not a clash.
        assert_eq!(check(&[square(0.0, 0.0, 4.0), square(1.0, 1.0, 1.0)]), Ok(()));
        // A bow tie, a hole crossing the outline, a hole touching it at one point.
        let bow = vec![v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)];
        for rings in [
            vec![bow],
            vec![square(0.0, 0.0, 4.0), square(3.0, 1.0, 2.0)],
            vec![square(0.0, 0.0, 4.0), vec![v(4.0, 2.0), v(3.0, 1.0), v(3.0, 3.0)]],
        ] {
            assert!(matches!(check(&rings), Err(ShapeError::SelfIntersecting { .. })), "{rings:?}");
        }
    }
}
