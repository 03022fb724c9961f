//! Holes must lie inside the outline and outside each other. The rings are known by now to be
//! simple and never to touch, so each ring lies wholly inside or wholly outside each other one.

use glam::Vec2;

use super::bvh::EdgeTree;
use super::clean::{RingEdge, WoundRing};
use super::crosses_rightwards;
use crate::math::orient2d;
use crate::math::Order;
use crate::shape::ShapeError;

/// Checks where the holes lie: a quick test that settles every well-placed polygon (a traced
/// picture's 65,000 holes among them), and, should it not, the test that names the hole.
pub(crate) fn check_holes(rings: &[WoundRing], edges: &[RingEdge], tree: &EdgeTree) -> Result<(), ShapeError> {
    // With no holes, there is nothing to misplace: the quick test passes them all.
    if every_hole_borders_the_solid(rings, edges, tree) {
        return Ok(());
    }
    name_the_misplaced_hole(rings, edges, tree)
}

/// How close two crossings of a ray may come before they count as a tie: far above the
/// rounding of a crossing computed in f64, far below the gap between two distinct f32
/// coordinates, at the scale of the largest coordinate.
fn tie_tolerance(edges: &[RingEdge]) -> f64 {
    let scale = edges.iter().fold(0.0f32, |m, e| m.at_least(e.a.abs().max_element()).at_least(e.b.abs().max_element()));
    1e-12 * scale as f64
}

/// True only if every hole lies inside the outline and in no other hole; false when that is
/// not so, and also when rounding leaves it unsure (the caller then checks every hole fully).
///
/// From each hole's leftmost (then lowest) vertex `p`, a ray runs left, just above `p`'s
/// height: it never meets the hole itself. The first edge it meets has the solid side on its
/// left (outline counter-clockwise, holes clockwise), so it must be an edge running downwards
/// (left of it is +x, where the ray came from). Then the hole's outside, near `p`, is in the
/// same region as the outline's inside or another hole's outside. That other hole's leftmost
/// vertex lies further left, so following these steps always ends at the outline, and every
/// hole borders the one region just inside the outline. That region is the solid one unless
/// some hole encloses the outline; but then that hole's own steps cannot end at the outline's
/// inside, which lies within it while its steps stay outside it, so it fails the test.
///
/// The first crossing is found by a search leftwards through the edge tree that stops at the
/// nearest one, so a hole costs about a logarithm, not every edge its ray passes.
fn every_hole_borders_the_solid(rings: &[WoundRing], edges: &[RingEdge], tree: &EdgeTree) -> bool {
    let tol = tie_tolerance(edges);
    rings.iter().enumerate().skip(1).all(|(r, hole)| {
        let lowest_left =
            |p: &&(usize, Vec2), q: &&(usize, Vec2)| p.1.x.total_cmp(&q.1.x).then(p.1.y.total_cmp(&q.1.y));
        let Some(&(_, p)) = hole.points.iter().min_by(lowest_left) else { return false };
        first_crossing_leftwards(edges, tree, r, p, tol).is_some_and(|e| edges[e].a.y > p.y)
    })
}

/// The first edge, not of ring `skip`, that the ray leftwards from `p` at height `p.y + ε`
/// crosses (an edge crosses if one end is above `p.y` and the other not); `None` if none, or if
/// rounding cannot tell which comes first (or whether one passes `p` on its left).
fn first_crossing_leftwards(edges: &[RingEdge], tree: &EdgeTree, skip: usize, p: Vec2, tol: f64) -> Option<usize> {
    let y = p.y;
    // (x, edge, whether another crossing is within `tol` of it and not told apart).
    let mut best: Option<(f64, usize, bool)> = None;
    let mut unsure = false;
    tree.leftwards(y, p.x, |e, reach| {
        let edge = &edges[e];
        if edge.ring == skip || (edge.a.y > y) == (edge.b.y > y) {
            return;
        }
        let x = crossing_x(edge.a, edge.b, y);
        if x >= p.x as f64 - tol {
            // Right of p (not on the ray), or too close to p to tell.
            unsure |= x <= p.x as f64 + tol;
            return;
        }
        best = Some(take_crossing(best, x, e, tol, |b, e| nearer_of_two_at_a_vertex(edges, b, e, y)));
        if let Some((bx, _, _)) = best {
            *reach = bx - tol;
        }
    });
    match best {
        Some((_, e, false)) if !unsure => Some(e),
        _ => None,
    }
}

/// The nearest crossing so far, `(x, edge, tied)`, after meeting edge `e` at `x`: a crossing
/// more than `tol` nearer replaces it; one within `tol` is a tie, settled by `resolve` (which
/// of two edges comes first, if it can tell) unless a tie is already open; one further away
/// changes nothing.
fn take_crossing(
    best: Option<(f64, usize, bool)>,
    x: f64,
    e: usize,
    tol: f64,
    resolve: impl Fn(usize, usize) -> Option<usize>,
) -> (f64, usize, bool) {
    match best {
        None => (x, e, false),
        Some((bx, _, _)) if x > bx + tol => (x, e, false),
        Some((bx, b, tied)) if x >= bx - tol => match resolve(b, e) {
            Some(n) if !tied => (bx, n, false),
            _ => (bx, b, true),
        },
        Some(further) => further,
    }
}

/// Where the segment `a`–`b` (crossing the height `y`) meets it, in f64; exact at an end.
fn crossing_x(a: Vec2, b: Vec2, y: f32) -> f64 {
    if a.y == y {
        return a.x as f64;
    }
    if b.y == y {
        return b.x as f64;
    }
    let (a, b, y) = (a.as_dvec2(), b.as_dvec2(), y as f64);
    a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
}

/// Of two crossing edges that meet at a vertex exactly at height `y` (a lowest point of their
/// ring, both rising from it), the one a ray just above that height, coming from the right,
/// meets first; `None` for any other pair.
fn nearer_of_two_at_a_vertex(edges: &[RingEdge], e: usize, f: usize, y: f32) -> Option<usize> {
    let (g, h) = (&edges[e], &edges[f]);
    let (vertex, e_end, f_end) = if g.b == h.a {
        (g.b, g.a, h.b)
    } else if h.b == g.a {
        (g.a, g.b, h.a)
    } else {
        return None;
    };
    if g.ring != h.ring || vertex.y != y {
        return None;
    }
    // Both rise from the vertex: the one turning right of the other is further right.
    let turn = orient2d(vertex, e_end, f_end);
    if turn > 0.0 {
        Some(e)
    } else if turn < 0.0 {
        Some(f)
    } else {
        None // the two overlap: not a valid polygon's edges
    }
}

/// The full check, which names the hole at fault (edges are known not to touch, so one vertex
/// of each hole decides).
///
/// One ray per hole, from its first vertex to the edge of all rings' bounds along whichever of
/// the four axis directions is shortest, found through the edge tree: it crosses each ring an odd
/// number of times exactly when the ring encloses the vertex. So a hole costs the edges its ray
/// passes, not every vertex of every other ring (which made thousands of holes quadratic).
fn name_the_misplaced_hole(rings: &[WoundRing], edges: &[RingEdge], tree: &EdgeTree) -> Result<(), ShapeError> {
    let (lo, hi) = edges
        .iter()
        .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), e| (lo.min(e.a.min(e.b)), hi.max(e.a.max(e.b))));
    let mut odd = vec![false; rings.len()];
    let mut crossed: Vec<usize> = Vec::new();
    for (r, hole) in rings.iter().enumerate().skip(1) {
        let p = hole.points[0].1;
        // Turn the plane by quarter turns (exact) so that the ray points along +x.
        let (turn, min, max) = [
            (0, p, Vec2::new(hi.x, p.y)),
            (1, p, Vec2::new(p.x, hi.y)),
            (2, Vec2::new(lo.x, p.y), p),
            (3, Vec2::new(p.x, lo.y), p),
        ]
        .into_iter()
        .min_by(|a, b| stretch_to_bounds(a).total_cmp(&stretch_to_bounds(b)))
        .expect("four directions");
        let q = quarter_turns(p, turn);
        tree.any_in(min, max, |e| {
            let edge = &edges[e];
            if edge.ring != r {
                let (a, b) = (quarter_turns(edge.a, turn), quarter_turns(edge.b, turn));
                if (a.y > q.y) != (b.y > q.y) && crosses_rightwards(a, b, q) {
                    if !odd[edge.ring] {
                        crossed.push(edge.ring);
                    }
                    odd[edge.ring] = !odd[edge.ring];
                }
            }
            false
        });
        let outside = !odd[0];
        let container = crossed.iter().copied().filter(|&c| c != 0 && odd[c]).min();
        for c in crossed.drain(..) {
            odd[c] = false;
        }
        if outside {
            return Err(ShapeError::HoleOutside { hole: r - 1 });
        }
        if let Some(c) = container {
            return Err(ShapeError::NestedHole { hole: r - 1, container: c - 1 });
        }
    }
    Ok(())
}

/// `p` turned by `turns` quarter turns clockwise (with y up): `(x, y)` → `(y, −x)` per turn, so
/// that the direction `turns` (0: +x, 1: +y, 2: −x, 3: −y) becomes +x. Exact, and `orient2d`
/// of turned points is the same number as of the originals.
fn quarter_turns(p: Vec2, turns: u8) -> Vec2 {
    match turns {
        0 => p,
        1 => quarter_turn(p),
        2 => -p,
        _ => Vec2::new(-p.y, p.x),
    }
}

/// One quarter turn clockwise, `(x, y)` → `(y, −x)`. Its own function so that the mutation
/// exclusion for `(y, x)` names it alone: that mirror instead of a turn still takes +y to +x,
/// and flips both the orientation's sign and which end of an edge is higher, which the
/// crossing test compares, so it counts the same crossings.
#[inline]
fn quarter_turn(p: Vec2) -> Vec2 {
    Vec2::new(p.y, -p.x)
}

/// The squared length of a direction's stretch `(turns, min, max)` from a hole's vertex to
/// the rings' bounds. Only chooses which of four rays is cast, and any of them crosses each
/// ring an odd number of times exactly when the ring encloses the hole, so every mutant of it
/// changes only the edges visited.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn stretch_to_bounds(&(_, min, max): &(u8, Vec2, Vec2)) -> f32 {
    (max - min).length_squared()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::polygon::clean::{clean_ring, ring_edges, wind};
    use crate::polygon::tests::{square, v};
    use crate::shape::Ring;

    /// The rings wound as `Polygon::with_holes` winds them (the first is the outline), their
    /// edges and the edge tree; the rings must be simple and apart, as validation has made
    /// sure by the time holes are checked.
    fn wound(rings: &[&[Vec2]]) -> (Vec<WoundRing>, Vec<RingEdge>, EdgeTree) {
        let mut wound = Vec::new();
        for (i, points) in rings.iter().enumerate() {
            let ring = if i == 0 { Ring::Outline } else { Ring::Hole(i - 1) };
            let mut points = clean_ring(points, ring).unwrap();
            let reversed = wind(&mut points, i == 0);
            wound.push(WoundRing { ring, points, reversed });
        }
        let edges = ring_edges(&wound);
        let tree = EdgeTree::build(&edges.iter().map(|e| (e.a, e.b)).collect::<Vec<_>>());
        (wound, edges, tree)
    }

    /// The quick test's verdict and the full one's.
    fn verdicts(outline: &[Vec2], holes: &[Vec<Vec2>]) -> (bool, Result<(), ShapeError>) {
        let rings: Vec<&[Vec2]> = std::iter::once(outline).chain(holes.iter().map(Vec::as_slice)).collect();
        let (rings, edges, tree) = wound(&rings);
        (every_hole_borders_the_solid(&rings, &edges, &tree), name_the_misplaced_hole(&rings, &edges, &tree))
    }

    #[test]
    fn the_nearest_crossing_is_kept_and_ties_are_settled_once() {
        // `resolve` settles a tie between edges 1 and 2 (for 2) and no other pair.
        let resolve = |b: usize, e: usize| (b.min(e), b.max(e)) == (1, 2) || (b.min(e), b.max(e)) == (0, 2);
        let resolve = |b, e| resolve(b, e).then_some(2);
        let take = |best, x, e| take_crossing(best, x, e, 0.1, resolve);
        assert_eq!(take(None, 3.0, 7), (3.0, 7, false));
        // Nearer by more than tol: replaces, and a tie is forgotten.
        assert_eq!(take(Some((3.0, 7, true)), 3.2, 1), (3.2, 1, false));
        // Further by more than tol: kept.
        assert_eq!(take(Some((3.0, 7, false)), 2.8, 1), (3.0, 7, false));
        // Within tol either way: a tie, settled where `resolve` can, open where it cannot.
        assert_eq!(take(Some((3.0, 1, false)), 3.1, 2), (3.0, 2, false));
        assert_eq!(take(Some((3.0, 1, false)), 2.9, 2), (3.0, 2, false));
        assert_eq!(take(Some((3.0, 1, false)), 3.05, 5), (3.0, 1, true));
        // A tie already open stays open (three crossings together cannot be told apart).
        assert_eq!(take(Some((3.0, 1, true)), 3.0, 2), (3.0, 1, true));
        assert_eq!(take(Some((3.0, 0, true)), 3.0, 2), (3.0, 0, true));
    }

    #[test]
    fn two_edges_rising_from_a_vertex_at_the_rays_height_are_told_apart() {
        let edge = |a: Vec2, b: Vec2, ring: usize| RingEdge {
            a,
            b,
            id: crate::shape::EdgeId { ring: Ring::Outline, edge: 0 },
            ring,
        };
        // Into (1, 0) from (0, 2), out of it to (2, 2): the outgoing edge is further right.
        let edges = [edge(v(0.0, 2.0), v(1.0, 0.0), 0), edge(v(1.0, 0.0), v(2.0, 2.0), 0)];
        assert_eq!(nearer_of_two_at_a_vertex(&edges, 0, 1, 0.0), Some(1));
        assert_eq!(nearer_of_two_at_a_vertex(&edges, 1, 0, 0.0), Some(1));
        // Mirrored, the incoming one is.
        let edges = [edge(v(2.0, 2.0), v(1.0, 0.0), 0), edge(v(1.0, 0.0), v(0.0, 2.0), 0)];
        assert_eq!(nearer_of_two_at_a_vertex(&edges, 0, 1, 0.0), Some(0));
        assert_eq!(nearer_of_two_at_a_vertex(&edges, 1, 0, 0.0), Some(0));
        // Not at the ray's height, on different rings, not sharing a vertex, or overlapping.
        assert_eq!(nearer_of_two_at_a_vertex(&edges, 0, 1, -0.5), None);
        let apart = [edge(v(2.0, 2.0), v(1.0, 0.0), 0), edge(v(1.0, 0.0), v(0.0, 2.0), 1)];
        assert_eq!(nearer_of_two_at_a_vertex(&apart, 0, 1, 0.0), None);
        let unshared = [edge(v(2.0, 2.0), v(1.0, 0.0), 0), edge(v(3.0, 0.0), v(0.0, 2.0), 0)];
        assert_eq!(nearer_of_two_at_a_vertex(&unshared, 0, 1, 0.0), None);
        assert_eq!(nearer_of_two_at_a_vertex(&unshared, 1, 0, 0.0), None);
        let overlapping = [edge(v(2.0, 2.0), v(1.0, 0.0), 0), edge(v(1.0, 0.0), v(3.0, 4.0), 0)];
        assert_eq!(nearer_of_two_at_a_vertex(&overlapping, 0, 1, 0.0), None);
    }

    #[test]
    fn crossings_are_interpolated_in_f64_and_exact_at_an_end() {
        assert_eq!(crossing_x(v(0.0, 0.0), v(4.0, 2.0), 1.0), 2.0);
        assert_eq!(crossing_x(v(4.0, 2.0), v(0.0, 0.0), 1.5), 3.0);
        assert_eq!(crossing_x(v(-6.0, -1.0), v(2.0, 3.0), 0.0), -4.0);
        assert_eq!(crossing_x(v(3.0, 1.0), v(5.0, 4.0), 1.0), 3.0);
        assert_eq!(crossing_x(v(5.0, 4.0), v(3.0, 1.0), 1.0), 3.0);
        let (a, b) = (v(0.1, 0.0), v(0.7, 3.0));
        let expected = a.x as f64 + (b.x as f64 - a.x as f64) / 3.0;
        assert!((crossing_x(a, b, 1.0) - expected).abs() < 1e-15, "{}", crossing_x(a, b, 1.0));
    }

    #[test]
    fn ties_are_judged_at_the_scale_of_the_largest_coordinate() {
        let (_, edges, _) = wound(&[&square(-3000.0, 0.0, 1000.0), &square(-2500.0, 10.0, 1.0)]);
        assert_eq!(tie_tolerance(&edges), 3e-9);
        let (_, edges, _) = wound(&[&square(0.0, 0.0, 2e-6)]);
        assert_eq!(tie_tolerance(&edges), 1e-12 * 2e-6f32 as f64);
    }

    #[test]
    fn a_grid_of_pixel_holes_is_settled_by_the_quick_test() {
        // Lattice points on every ray: rays run along the holes' rows, level with their corners.
        let holes: Vec<Vec<Vec2>> = (0..30)
            .flat_map(|i| (0..30).map(move |j| square(2.0 + 4.0 * i as f32, 2.0 + 4.0 * j as f32, 1.0)))
            .collect();
        assert_eq!(verdicts(&square(0.0, 0.0, 124.0), &holes), (true, Ok(())));
    }

    #[test]
    fn a_ray_meeting_a_lowest_corner_takes_the_nearer_of_its_two_edges() {
        let outline = square(-10.0, -10.0, 30.0);
        // The ray from the square's corner (5, 0) meets the triangle's lowest corner (1, 0):
        // its edge from the left rises to (2, 2), the edge back down comes from (0, 2).
        let triangle = vec![v(1.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
        assert_eq!(verdicts(&outline, &[triangle.clone(), square(5.0, 0.0, 1.0)]), (true, Ok(())));
        // The same with a hole whose lowest corner is met edge-on from the right.
        let wedge = vec![v(1.0, 0.0), v(4.0, 1.0), v(3.0, 3.0)];
        assert_eq!(verdicts(&outline, &[wedge, square(5.0, 0.0, 1.0)]), (true, Ok(())));
    }

    #[test]
    fn a_ray_level_with_a_top_corner_passes_just_above_it() {
        // The ray from (5, 0) runs just above the triangle's top corner (1, 0): the edges that
        // end there, from either side, lie below it, and the outline's left side comes first.
        let triangle = vec![v(0.0, -2.0), v(2.0, -2.0), v(1.0, 0.0)];
        assert_eq!(verdicts(&square(-10.0, -10.0, 30.0), &[triangle, square(5.0, 0.0, 1.0)]), (true, Ok(())));
    }

    #[test]
    fn a_holes_ray_level_with_a_vertex_of_the_outline_crosses_it_once() {
        // The hole's first vertex, (7, 5), casts its ray right, through the outline's vertex
        // (11, 5), where the outline passes upwards: one crossing, not none or two.
        let outline = [v(0.0, 0.0), v(10.0, 0.0), v(11.0, 5.0), v(10.0, 10.0), v(0.0, 10.0)];
        let hole = vec![v(7.0, 5.0), v(5.0, 5.0), v(6.0, 7.0)];
        assert_eq!(verdicts(&outline, &[hole]).1, Ok(()));
    }

    #[test]
    fn misplaced_holes_fail_the_quick_test_and_the_full_one_names_them() {
        let outline = square(0.0, 0.0, 10.0);
        let outside = verdicts(&outline, &[square(1.0, 1.0, 1.0), square(20.0, 0.0, 1.0)]);
        assert_eq!(outside, (false, Err(ShapeError::HoleOutside { hole: 1 })));
        // Left of the outline, where the ray finds nothing.
        let left = verdicts(&outline, &[square(-5.0, 1.0, 1.0)]);
        assert_eq!(left, (false, Err(ShapeError::HoleOutside { hole: 0 })));
        // Inside another hole: the ray meets the container from inside, rising.
        let nested = verdicts(&outline, &[square(1.0, 1.0, 8.0), square(4.0, 4.0, 1.0)]);
        assert_eq!(nested, (false, Err(ShapeError::NestedHole { hole: 1, container: 0 })));
        // In a hole nested beside another: the ray first meets the sibling from outside, then
        // the container; the container's own ray decides.
        let beside = verdicts(&outline, &[square(1.0, 1.0, 8.0), square(2.0, 4.0, 1.0), square(5.0, 4.0, 1.0)]);
        assert!(!beside.0 && beside.1.is_err(), "{beside:?}");
        // A hole around the whole outline: every other ring lies inside it.
        let around = verdicts(&outline, &[square(-5.0, -5.0, 20.0), square(4.0, 4.0, 1.0)]);
        assert!(!around.0 && around.1.is_err(), "{around:?}");
    }

    #[test]
    fn crossings_too_close_to_tell_apart_give_no_answer() {
        let outline = square(-10.0, -10.0, 40.0);
        let (p_hole, p) = (square(5.0, 0.5, 1.0), v(5.0, 0.5));
        // The first crossing leftwards from p = (5, 0.5), given the holes besides p's own
        // (which comes last) and a tolerance: its x, or None.
        let first = |holes: &[Vec<Vec2>], tol: f64| {
            let rings: Vec<&[Vec2]> =
                std::iter::once(&outline[..]).chain(holes.iter().map(Vec::as_slice)).chain([&p_hole[..]]).collect();
            let (_, edges, tree) = wound(&rings);
            first_crossing_leftwards(&edges, &tree, holes.len() + 1, p, tol).map(|e| {
                assert!(edges[e].a.y > p.y, "the first edge met runs downwards");
                edges[e].a.x
            })
        };
        // Sides at x = 3.5 and 2.5: told apart at 0.9, a tie at 1.1.
        let narrow = [square(2.5, 0.0, 1.0), square(1.0, 0.0, 1.2)];
        assert_eq!(first(&narrow, 1e-9), Some(3.5));
        assert_eq!(first(&narrow, 0.9), Some(3.5));
        assert_eq!(first(&narrow, 1.1), None);
        // Sides at 3.5 and 1: no tie below 2.5, but p is 1.5 from the nearer, so unsure at 1.6.
        let wide = [square(1.0, 0.0, 2.5)];
        assert_eq!(first(&wide, 1.4), Some(3.5));
        assert_eq!(first(&wide, 1.6), None);
        // A side at 4.5, half a unit from p: unsure at 0.9, whatever lies beyond.
        assert_eq!(first(&[square(3.0, 0.0, 1.5)], 0.9), None);
        // An edge whose box reaches past p but which crosses the ray right of p + tol (at 6.7)
        // is not on the ray and leaves nothing unsure.
        let slanted = vec![v(4.0, -1.0), v(11.2, -1.0), v(11.2, 3.0)];
        assert_eq!(first(&[square(1.0, 0.0, 2.5), slanted], 1.4), Some(3.5));
        // An edge whose box reaches within tol of the first crossing (to 3.9) but which
        // crosses far left of it (at 0.39) is no tie.
        let leaning = vec![v(0.0, 0.0), v(3.9, 5.0), v(0.0, 5.0)];
        assert_eq!(first(&[square(3.0, 0.0, 1.0), leaning], 0.5), Some(4.0));
    }

    fn lattice_squares() -> impl Strategy<Value = Vec<(i32, i32, i32)>> {
        prop::collection::vec((-3i32..13, -3i32..13, 1i32..6), 1..10)
    }

    proptest! {
        /// On squares placed at random (inside, outside, nested, beside; lattice corners put
        /// many rays level with other corners), the quick test never passes what the full one
        /// refuses, and it settles every valid arrangement of squares.
        #[test]
        fn the_quick_test_agrees_with_the_full_one(squares in lattice_squares()) {
            // Keep squares whose rings are apart from the frame and from those kept before
            // (what validation has made sure of by then): side by side, or one inside another.
            let apart = |a: &(i32, i32, i32), b: &(i32, i32, i32)| {
                let inside = |a: &(i32, i32, i32), b: &(i32, i32, i32)| {
                    b.0 < a.0 && a.0 + a.2 < b.0 + b.2 && b.1 < a.1 && a.1 + a.2 < b.1 + b.2
                };
                a.0 + a.2 < b.0 || b.0 + b.2 < a.0 || a.1 + a.2 < b.1 || b.1 + b.2 < a.1 || inside(a, b) || inside(b, a)
            };
            let mut kept: Vec<(i32, i32, i32)> = Vec::new();
            for a in squares {
                if apart(&a, &(0, 0, 10)) && kept.iter().all(|b| apart(&a, b)) {
                    kept.push(a);
                }
            }
            let holes: Vec<Vec<Vec2>> = kept.iter().map(|&(x, y, s)| square(x as f32, y as f32, s as f32)).collect();
            let (quick, full) = verdicts(&square(0.0, 0.0, 10.0), &holes);
            if quick {
                prop_assert_eq!(full.clone(), Ok(()));
            }
            prop_assert_eq!(quick, full.is_ok());
        }
    }
}
