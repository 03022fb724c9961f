//! The triangulation's verdict on simplicity against the pairwise check it replaced (every
//! pair of edges tested with `segments_touch`), hand cases of each way two edges can touch, and
//! polygons too large for the pairwise check.

use proptest::prelude::*;

use super::*;
use crate::math::segments_touch;
use crate::polygon::clean::{clean_ring, ring_edges, wind, RingEdge, WoundRing};
use crate::polygon::tests::{square, v};
use crate::polygon::Polygon;
use crate::shape::{EdgeId, Ring, ShapeError};

/// The rings cleaned and wound as `Polygon::with_holes` does, their edges and points; `None` if
/// a ring is refused before the simplicity check (fewer than three distinct points, or all on
/// a line).
fn prepared(rings: &[Vec<Vec2>]) -> Option<(Vec<RingEdge>, Vec<Vec<Vec2>>)> {
    let mut wound = Vec::new();
    for (i, points) in rings.iter().enumerate() {
        let ring = if i == 0 { Ring::Outline } else { Ring::Hole(i - 1) };
        let mut points = clean_ring(points, ring).ok()?;
        let reversed = wind(&mut points, i == 0);
        wound.push(WoundRing { ring, points, reversed });
    }
    let points = wound.iter().map(|w| w.points.iter().map(|p| p.1).collect()).collect();
    Some((ring_edges(&wound), points))
}

/// The pairwise check: every two edges, numbered along the rings, that are not neighbours on
/// one ring and share a point, the lower first.
fn touching_pairs(edges: &[RingEdge], next: &[usize]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..edges.len() {
        for j in i + 1..edges.len() {
            let neighbours = next[i] == j || next[j] == i;
            if !neighbours && segments_touch([edges[i].a, edges[i].b], [edges[j].a, edges[j].b]) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Whether `p` lies inside `ring` (never on it), by the crossings of the ray from `p` to −x.
fn inside(p: Vec2, ring: &[Vec2]) -> bool {
    let n = ring.len();
    let crossings = (0..n)
        .filter(|&i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            // An edge straddling p's height crosses the ray when p is on its right going up.
            (a.y > p.y) != (b.y > p.y) && (orient2d(a, b, p) < 0.0) == (b.y > a.y)
        })
        .count();
    crossings % 2 == 1
}

/// What `Polygon::with_holes` must answer for `outline` and `holes`, checked against the
/// pairwise check and, for simple rings, against where each hole's first vertex lies.
fn check_against_pairwise(outline: &[Vec2], holes: &[Vec<Vec2>]) -> Result<(), TestCaseError> {
    let rings: Vec<Vec<Vec2>> = std::iter::once(outline.to_vec()).chain(holes.iter().cloned()).collect();
    let Some((edges, points)) = prepared(&rings) else { return Ok(()) };
    let pairs = touching_pairs(&edges, &ring_next(&points));
    let built = Polygon::with_holes(outline, holes);
    if !pairs.is_empty() {
        let Err(ShapeError::SelfIntersecting { first, second }) = built else {
            return Err(TestCaseError::fail(format!("{built:?}, but {pairs:?} touch")));
        };
        let number = |id: EdgeId| edges.iter().position(|e| e.id == id).expect("a named edge exists");
        let named = (number(first), number(second));
        prop_assert!(pairs.contains(&named), "named {named:?} ({first}, {second}), touching {pairs:?}");
        return Ok(());
    }
    // Simple: then the holes decide, the first misplaced one named.
    let misplaced = (1..points.len()).find_map(|h| {
        let p = points[h][0];
        if !inside(p, &points[0]) {
            return Some(ShapeError::HoleOutside { hole: h - 1 });
        }
        let container = (1..points.len()).find(|&c| c != h && inside(p, &points[c]))?;
        Some(ShapeError::NestedHole { hole: h - 1, container: container - 1 })
    });
    match (built, misplaced) {
        (Ok(p), None) => prop_assert!(p.convex_parts().iter().map(|c| c.area()).sum::<f32>() > 0.0),
        (Err(e), Some(expected)) => prop_assert_eq!(e, expected),
        (built, expected) => return Err(TestCaseError::fail(format!("{built:?}, expected {expected:?}"))),
    }
    Ok(())
}

/// Sixteen directions with small integer coordinates, in counter-clockwise order.
const DIRECTIONS: [(i32, i32); 16] = [
    (4, 0),
    (4, 2),
    (3, 3),
    (2, 4),
    (0, 4),
    (-2, 4),
    (-3, 3),
    (-4, 2),
    (-4, 0),
    (-4, -2),
    (-3, -3),
    (-2, -4),
    (0, -4),
    (2, -4),
    (3, -3),
    (4, -2),
];

/// A ring around `(cx, cy)` through vertices along some of the sixteen directions in turn, each
/// at its own whole multiple of the direction: star-shaped, so simple unless its lattice points
/// line up (which cleaning and the checks are meant to meet).
fn star_shaped(cx: i32, cy: i32, most: i32) -> impl Strategy<Value = Vec<Vec2>> {
    (proptest::sample::subsequence((0..16).collect::<Vec<usize>>(), 3..10), proptest::collection::vec(1..=most, 10))
        .prop_map(move |(dirs, radii)| {
            dirs.iter()
                .zip(&radii)
                .map(|(&d, &r)| v((cx + DIRECTIONS[d].0 * r) as f32, (cy + DIRECTIONS[d].1 * r) as f32))
                .collect()
        })
}

/// What is done to an outline to make two of its edges touch: nothing; a vertex moved onto
/// another (a shared vertex) or onto the middle of an edge (exact on the lattice); two vertices
/// swapped (usually a crossing).
#[derive(Clone, Debug)]
enum Mutation {
    None,
    OntoVertex(usize, usize),
    OntoEdge(usize, usize),
    Swap(usize, usize),
}

fn mutated(mut ring: Vec<Vec2>, m: &Mutation) -> Vec<Vec2> {
    let n = ring.len();
    match *m {
        Mutation::None => {}
        Mutation::OntoVertex(i, j) => ring[i % n] = ring[j % n],
        Mutation::OntoEdge(i, j) => ring[i % n] = (ring[j % n] + ring[(j + 1) % n]) * 0.5,
        Mutation::Swap(i, j) => ring.swap(i % n, j % n),
    }
    ring
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let pair = || (0..10usize, 0..10usize);
    prop_oneof![
        2 => Just(Mutation::None),
        1 => pair().prop_map(|(i, j)| Mutation::OntoVertex(i, j)),
        1 => pair().prop_map(|(i, j)| Mutation::OntoEdge(i, j)),
        1 => pair().prop_map(|(i, j)| Mutation::Swap(i, j)),
    ]
}

/// Up to three holes, star-shaped around lattice points in and around the outline: inside it,
/// outside, across its edges, touching it, inside each other.
fn holes() -> impl Strategy<Value = Vec<Vec<Vec2>>> {
    let hole = (-5..=5i32, -5..=5i32, 1..=3i32).prop_flat_map(|(x, y, most)| star_shaped(x * 2, y * 2, most));
    proptest::collection::vec(hole, 0..=3)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Random lattice rings, many of them touching in every way two edges can (crossing, a
    /// vertex on an edge, edges along each other, a vertex shared by edges that are not
    /// neighbours, holes across or touching the outline or each other): the polygon is
    /// refused exactly when two edges touch, naming two that do, and otherwise its holes are
    /// judged as a point test says.
    #[test]
    fn the_verdict_is_the_pairwise_checks(
        outline in star_shaped(0, 0, 6),
        change in mutation(),
        holes in holes(),
    ) {
        check_against_pairwise(&mutated(outline, &change), &holes)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// The same rings triangulated a vertex at a time, as polygons of more than `BULK_LOADED`
    /// vertices are (and any the bulk loader finds not simple): refused exactly when two edges
    /// touch, naming two that do.
    #[test]
    fn one_at_a_time_the_verdict_is_the_pairwise_checks(
        outline in star_shaped(0, 0, 6),
        change in mutation(),
        holes in holes(),
    ) {
        let rings: Vec<Vec<Vec2>> = std::iter::once(mutated(outline, &change)).chain(holes).collect();
        let Some((edges, points)) = prepared(&rings) else { return Ok(()) };
        let next = ring_next(&points);
        let pairs = touching_pairs(&edges, &next);
        let flat: Vec<Vec2> = points.concat();
        match one_by_one(&flat, &next) {
            Ok((cdt, _)) => prop_assert!(pairs.is_empty() && cdt.num_vertices() == flat.len(), "{pairs:?} touch"),
            Err(NotSimple::Touching(i, j)) => prop_assert!(pairs.contains(&(i, j)), "named {i} and {j}, touching {pairs:?}"),
            Err(NotSimple::Failed) => prop_assert!(false, "failed"),
        }
    }
}

/// The pair `Polygon::new` names, as input vertex indices of the outline.
fn named(outline: &[Vec2]) -> (usize, usize) {
    match Polygon::new(outline) {
        Err(ShapeError::SelfIntersecting { first, second }) => (first.edge, second.edge),
        other => panic!("{other:?}"),
    }
}

#[test]
fn each_way_of_touching_names_a_pair_that_touches() {
    // The bow tie: edges 0 and 2 cross (the second is refused by the triangulation).
    assert_eq!(named(&[v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)]), (0, 2));
    // Vertex 3 on edge 0: edge 0 is split there, and the edge arriving at vertex 3 is named.
    assert_eq!(named(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(2.0, 0.0), v(0.0, 4.0)]), (0, 2));
    // Vertices 2 and 5 coincide (a pinched figure eight): the four edges there touch; small
    // rings are checked pairwise first, which names the first pair in ring order, the edges
    // arriving at them (the triangulation alone names the edges leaving them, 2 and 5).
    assert_eq!(named(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.0), v(2.0, 2.0), v(0.0, 2.0), v(1.0, 1.0)]), (1, 4));
    // Edge 1 runs along edge 3 (from (4, 1) to (4, 3) both ways, between its ends).
    let along =
        [v(0.0, 0.0), v(4.0, 0.0), v(4.0, 3.0), v(2.0, 3.0), v(2.0, 2.0), v(4.0, 2.0), v(4.0, 1.0), v(0.0, 1.0)];
    let (a, b) = named(&along);
    assert!(segments_touch([along[a], along[a + 1]], [along[b], along[(b + 1) % 8]]), "{a} and {b}");
    // A pentagram turns left at every vertex but winds twice: not taken for convex.
    let pentagram = [v(0.0, 10.0), v(-6.0, -8.0), v(10.0, 3.0), v(-10.0, 3.0), v(6.0, -8.0)];
    let (a, b) = named(&pentagram);
    assert!(segments_touch([pentagram[a], pentagram[a + 1]], [pentagram[b], pentagram[(b + 1) % 5]]), "{a} {b}");
}

#[test]
fn holes_touching_the_outline_or_each_other_name_edges_of_both() {
    let frame = square(0.0, 0.0, 10.0);
    // A hole's corner on the outline's bottom edge; a hole sharing a corner with another; a
    // hole whose edge runs along another's.
    for holes in [
        vec![vec![v(5.0, 0.0), v(6.0, 2.0), v(4.0, 2.0)]],
        vec![square(2.0, 2.0, 2.0), square(4.0, 4.0, 2.0)],
        vec![square(2.0, 2.0, 2.0), square(4.0, 3.0, 2.0)],
    ] {
        let Err(ShapeError::SelfIntersecting { first, second }) = Polygon::with_holes(&frame, &holes) else {
            panic!("{holes:?} accepted")
        };
        assert_ne!(first.ring, second.ring, "{first} {second}");
    }
    // Apart, they pass; one inside another is not a touch but a nested hole.
    assert!(Polygon::with_holes(&frame, &[square(2.0, 2.0, 2.0), square(5.0, 5.0, 2.0)]).is_ok());
    let nested = Polygon::with_holes(&frame, &[square(1.0, 1.0, 8.0), square(4.0, 4.0, 1.0)]);
    assert_eq!(nested.unwrap_err(), ShapeError::NestedHole { hole: 1, container: 0 });
}

#[test]
fn a_ring_is_taken_for_convex_only_if_it_turns_left_everywhere_and_winds_once() {
    assert!(is_convex(&square(0.0, 0.0, 1.0)));
    assert!(is_convex(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.0)]));
    let notched = [v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.5), v(2.0, 2.0), v(0.0, 2.0)];
    assert!(!is_convex(&notched), "a reflex corner");
    let clockwise: Vec<Vec2> = square(0.0, 0.0, 1.0).into_iter().rev().collect();
    assert!(!is_convex(&clockwise));
    assert!(!is_convex(&[v(0.0, 10.0), v(-6.0, -8.0), v(10.0, 3.0), v(-10.0, 3.0), v(6.0, -8.0)]), "a pentagram");
    // Lowest vertex first, last, or level with a neighbour: still one.
    assert!(is_convex(&[v(1.0, 0.0), v(2.0, 0.0), v(2.0, 1.0), v(0.0, 1.0)]));
    assert!(is_convex(&[v(2.0, 1.0), v(0.0, 1.0), v(1.0, 0.0), v(2.0, 0.0)]));
    assert!(matches!(triangulate(&[square(0.0, 0.0, 1.0)]), Ok(Triangulation::Convex)));
    assert!(matches!(
        triangulate(&[square(0.0, 0.0, 4.0), square(1.0, 1.0, 1.0)]),
        Ok(Triangulation::Triangles { .. })
    ));
}

#[test]
fn the_insertion_order_is_the_longest_edges_ends_then_rounds_along_the_curve() {
    // A ring of 1,000 points strewn over 100 × 112, one edge (999 → 0) far longer than the rest.
    let mut points: Vec<Vec2> = (0..1000).map(|i| v((i * 37 % 101) as f32, (i * 91 % 113) as f32)).collect();
    points[999] = v(-500.0, -500.0);
    let next = ring_next(std::slice::from_ref(&points));
    let order = insertion_order(&points, &next);
    let mut seen = order.clone();
    seen.sort_unstable();
    assert_eq!(seen, (0..1000).collect::<Vec<u32>>());
    // The ends of the longest edges first, the longest first (those at -500 lead).
    assert_eq!(order[..2], [998, 999]);
    assert_eq!(order[2], 0);
    // The last round, the second half of the rest (at least 468 vertices), runs along the
    // Morton curve.
    let key = |i: u32| {
        let p = points[i as usize] - v(-500.0, -500.0);
        spread((p.x as f64 / 600.0 * 65535.0) as u32) | (spread((p.y as f64 / 612.0 * 65535.0) as u32) << 1)
    };
    let rest = &order[order.len() - 400..];
    assert!(rest.windows(2).all(|w| key(w[0]) <= key(w[1])));
    assert_eq!(spread(0xFFFF), 0x5555_5555);
    assert_eq!(spread(0b1011), 0b100_0101);
    // The same points, the same order: the pieces do not change from run to run.
    assert_eq!(insertion_order(&points, &next), order);
}

/// A star of `n` vertices alternating between radii 100 and 50.
fn star(n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let r = if i % 2 == 0 { 100.0 } else { 50.0 };
            crate::math::unit_vector(i as f32 * std::f32::consts::TAU / n as f32) * r
        })
        .collect()
}

/// A comb of `n` vertices (`n` a multiple of 4): a base 10 high and `n / 4` teeth 1 wide and
/// 90 long, 1 apart.
fn comb(n: usize) -> Vec<Vec2> {
    let teeth = n / 4;
    let mut points = vec![v(0.0, 0.0), v(2.0 * teeth as f32 - 1.0, 0.0)];
    for k in (0..teeth).rev() {
        let x = 2.0 * k as f32;
        points.extend([v(x + 1.0, 100.0), v(x, 100.0)]);
        if k > 0 {
            points.extend([v(x, 10.0), v(x - 1.0, 10.0)]);
        }
    }
    points
}

#[test]
fn a_star_of_100_000_vertices_is_built_and_covered_by_its_pieces() {
    // Far beyond what testing edges pairwise could check in a test's time.
    let n = 100_000;
    let p = Polygon::new(&star(n)).unwrap();
    let expected = 0.5 * n as f64 * 100.0 * 50.0 * libm::sin(std::f64::consts::TAU / n as f64);
    assert!((p.area() as f64 - expected).abs() < 1e-4 * expected, "{} vs {expected}", p.area());
    let pieces: f64 = p.convex_parts().iter().map(|c| c.area() as f64).sum();
    assert!((pieces - expected).abs() < 1e-3 * expected, "{pieces} vs {expected}");
    // Every spike's tip needs a piece of its own.
    assert!(p.convex_parts().len() >= n / 2, "{}", p.convex_parts().len());
    assert!(p.contains_point(Vec2::ZERO) && p.contains_point(v(99.0, 0.0)) && p.contains_point(v(0.0, -49.0)));
    assert!(!p.contains_point(v(101.0, 0.0)) && !p.contains_point(v(0.0, 120.0)));
}

#[test]
fn a_comb_of_100_000_vertices_is_built_and_covered_by_its_pieces() {
    let n = 100_000;
    let p = Polygon::new(&comb(n)).unwrap();
    let teeth = (n / 4) as f32;
    let expected = (2.0 * teeth - 1.0) * 10.0 + teeth * 90.0;
    assert_eq!(p.area(), expected);
    let pieces: f64 = p.convex_parts().iter().map(|c| c.area() as f64).sum();
    assert!((pieces - expected as f64).abs() < 1e-4 * expected as f64, "{pieces} vs {expected}");
    // Every tooth needs a piece of its own.
    assert!(p.convex_parts().len() >= n / 4, "{}", p.convex_parts().len());
    assert!(p.contains_point(v(0.5, 50.0)) && p.contains_point(v(1.5, 5.0)) && !p.contains_point(v(1.5, 50.0)));
}

#[test]
fn a_star_of_100_000_vertices_with_a_vertex_across_it_is_refused_naming_edges_that_touch() {
    // Vertex 50,000 (a tip, at the far left) moved to the right, between two spikes: its two
    // edges cross the spikes on the way.
    let mut outline = star(100_000);
    outline[50_000] = v(75.0, 1.0);
    let (a, b) = named(&outline);
    let edge = |i: usize| [outline[i], outline[(i + 1) % outline.len()]];
    assert!(a < b && segments_touch(edge(a), edge(b)), "{a} and {b}");
    assert!(a == 49_999 || a == 50_000 || b == 49_999 || b == 50_000, "{a} and {b}");
}
