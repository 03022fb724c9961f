//! The Minkowski difference `a ⊕ −b` of two convex vertex sets, walked without storing it: its
//! vertices by merging the two edge sequences by angle (at most `n + m`, each the difference of
//! one vertex of each), and its edges, each from one side's edge. Two shapes touch when their
//! difference holds the origin, so the casts (a ray from the origin against it) and the polygon
//! distance (its nearest point to the origin) both walk it, in `O(n + m)`, allocating nothing.

use glam::{DVec2, Vec2};

use super::descent::descend_closest;

/// A vertex of `core_a ⊕ −core_b`: `a[i] − b[j]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SumVertex {
    pub(crate) at: Vec2,
    pub(crate) i: usize,
    pub(crate) j: usize,
}

/// The lowest vertex (then leftmost) of `v`, where a walk by edge angle starts; with `flip`, of
/// `−v`.
///
/// `-0.0` and `0.0` are one coordinate here (adding `0.0` turns the first into the second):
/// `total_cmp` alone puts `-0.0` lower, so of a horizontal edge from `0.0` to `-0.0` a walk
/// would start at its right end and end on that edge, whose angle key then reads a whole turn
/// instead of 0. The sum's walk lost its way (a capsule ending at `y = -0.0` cast against one
/// it overlapped found no hit), and so did the concave contact's merge of regions, which
/// built a region that was not convex (a negated `0.0` gives the `-0.0`).
pub(crate) fn lowest(v: &[Vec2], flip: bool) -> usize {
    let key = |p: Vec2| (if flip { -p } else { p }) + Vec2::ZERO;
    (0..v.len())
        .min_by(|&i, &j| {
            let (p, q) = (key(v[i]), key(v[j]));
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0)
}

/// Calls `edge(p, q)` for each edge of `a ⊕ −b` counter-clockwise (both counter-clockwise; one
/// or two vertices allowed), as consecutive vertices each with the vertices it sums, the last
/// back to the first: every vertex comes first once (a single vertex gives `(v, v)`; a segment
/// its two sides). The vertices come from merging the two edge walks by angle.
///
/// Both walks start at their lowest vertex, so their edges turn counter-clockwise from +x through
/// a whole turn. A convex polygon turns by less than a half turn at a vertex (a segment by
/// exactly one), so the two current edges are never more than a half turn apart, and the sign of
/// their cross product says which comes first (both when parallel). A zero edge (a flat box's
/// repeated corner) adds nothing and is walked at once. A loop calling back, not an iterator:
/// the casts and distances run it for every pair, and the loop compiles to a third of the time.
#[inline]
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub(crate) fn for_each_sum_edge(a: &[Vec2], b: &[Vec2], mut edge: impl FnMut(SumVertex, SumVertex)) {
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 {
        return;
    }
    let (mut i, mut j) = (lowest(a, false), lowest(b, true));
    let first = SumVertex { at: a[i] - b[j], i, j };
    // Edges left to walk on each side (a single vertex has none).
    let (mut left_a, mut left_b) = (if n > 1 { n } else { 0 }, if m > 1 { m } else { 0 });
    let mut here = first;
    // One call site for `edge`, the closing edge included, so that the callers' closures inline.
    loop {
        if left_a + left_b > 0 {
            let next_a = if i + 1 == n { 0 } else { i + 1 };
            let next_b = if j + 1 == m { 0 } else { j + 1 };
            let (take_a, take_b) = if left_b == 0 {
                (true, false)
            } else if left_a == 0 {
                (false, true)
            } else {
                // In f64: the f32 cross product of edges longer than about 1e19 overflows to NaN,
                // which would take neither edge and loop for ever.
                let (ea, eb) = (a[next_a].as_dvec2() - a[i].as_dvec2(), b[j].as_dvec2() - b[next_b].as_dvec2());
                if ea == DVec2::ZERO {
                    (true, false)
                } else if eb == DVec2::ZERO {
                    (false, true)
                } else {
                    let turn = ea.perp_dot(eb);
                    // Written so that even a NaN turn walks on (along `a`).
                    (!(turn < 0.0), turn <= 0.0)
                }
            };
            if take_a {
                (i, left_a) = (next_a, left_a - 1);
            }
            if take_b {
                (j, left_b) = (next_b, left_b - 1);
            }
        }
        let done = left_a + left_b == 0;
        // The closing edge goes back to the first vertex (for a single vertex, to itself).
        let next = if done { first } else { SumVertex { at: a[i] - b[j], i, j } };
        edge(here, next);
        if done {
            break;
        }
        here = next;
    }
}

/// The closest points `(on a, on b)` of two convex polygons (counter-clockwise vertex lists, two
/// or more vertices each), or `None` when they touch or overlap: the nearest point of their
/// difference to the origin, on an edge the origin lies outside of, split back into the two
/// edges' points.
///
/// Only the edges that face the origin are measured, in f64, where the difference of two f32
/// vertices is exact and products of such differences neither overflow nor underflow: polygons
/// a hair apart along nearly parallel edges keep their distance to full precision, and the
/// answer is the same at every power-of-two scale.
pub(crate) fn closest_points_convex(a: &[Vec2], b: &[Vec2]) -> Option<(Vec2, Vec2)> {
    // The walk rounds differently from either side: always take the pair in the same order, so
    // that the distance from a to b is the distance from b to a to the last bit.
    let first_after = |x: &[Vec2], y: &[Vec2]| {
        let key = |v: &Vec2| (v.x, v.y);
        x.iter().map(key).partial_cmp(y.iter().map(key)) == Some(std::cmp::Ordering::Greater)
    };
    if first_after(a, b) {
        return walk_closest(b, a).map(|(q, p)| (p, q));
    }
    walk_closest(a, b)
}

/// [`closest_points_convex`] for the pair in the order given.
fn walk_closest(a: &[Vec2], b: &[Vec2]) -> Option<(Vec2, Vec2)> {
    descend_closest(a, b).or_else(|| walk_all(a, b))
}

/// [`walk_closest`] by the walk of every edge of the difference: the answer wherever the
/// descent gives none (polygons that touch or overlap included).
pub(super) fn walk_all(a: &[Vec2], b: &[Vec2]) -> Option<(Vec2, Vec2)> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let mut nearest = NearestEdge { inside: true, best_d2: f64::INFINITY, best: None, carried: None };
    for_each_sum_edge(a, b, |p, q| nearest.measure(a, b, p, q));
    let (p, q, t) = nearest.best.filter(|_| !nearest.inside)?;
    let (pa, qa, pb, qb) = (a[p.i].as_dvec2(), a[q.i].as_dvec2(), b[p.j].as_dvec2(), b[q.j].as_dvec2());
    Some(((pa + (qa - pa) * t).as_vec2(), (pb + (qb - pb) * t).as_vec2()))
}

/// The state of [`walk_closest`]'s walk: whether the origin is inside every edge so far, and the
/// nearest facing edge (its squared distance, ends and the nearest point's parameter).
struct NearestEdge {
    inside: bool,
    best_d2: f64,
    best: Option<(SumVertex, SumVertex, f64)>,
    /// The f64 end of the last edge, where the next one starts.
    carried: Option<DVec2>,
}

impl NearestEdge {
    /// Measures the difference's edge `p → q`, in f64. Forced inline: as a call per edge, it
    /// costs a quarter of the walk.
    #[inline(always)]
    fn measure(&mut self, a: &[Vec2], b: &[Vec2], p: SumVertex, q: SumVertex) {
        let at = |v: SumVertex| a[v.i].as_dvec2() - b[v.j].as_dvec2();
        let (from, to) = (self.carried.unwrap_or_else(|| at(p)), at(q));
        self.carried = Some(to);
        let e = to - from;
        // The origin right of a counter-clockwise edge lies outside the difference.
        let facing = e.perp_dot(-from);
        if facing >= 0.0 {
            return;
        }
        self.inside = false;
        let len2 = e.length_squared();
        // The edge's line is already no nearer than the best: skip the division.
        if squared(facing) >= self.best_d2 * len2 {
            return;
        }
        let t = if len2 > 0.0 { (-from.dot(e) / len2).clamp(0.0, 1.0) } else { 0.0 };
        let d2 = (from + e * t).length_squared();
        if d2 < self.best_d2 {
            (self.best_d2, self.best) = (d2, Some((p, q, t)));
        }
    }
}

/// `x²`, NearestEdge::measure's squared distance to an edge's line (times its squared length).
/// Its own function so that the mutation exclusion for `x + x` names it alone: that is
/// negative where it is used (the edge faces the origin), so the edge is never skipped, which
/// is only slower.
#[inline]
fn squared(x: f64) -> f64 {
    x * x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sum's vertices, each edge's first.
    fn sum_vertices(a: &[Vec2], b: &[Vec2]) -> Vec<SumVertex> {
        let mut out = Vec::new();
        for_each_sum_edge(a, b, |p, _| out.push(p));
        out
    }

    fn square(c: Vec2, h: f32) -> [Vec2; 4] {
        [c + Vec2::new(-h, -h), c + Vec2::new(h, -h), c + Vec2::new(h, h), c + Vec2::new(-h, h)]
    }

    #[test]
    fn the_sum_of_two_squares_is_a_square_of_both_sizes() {
        let a = square(Vec2::ZERO, 1.0);
        let b = square(Vec2::new(5.0, 0.0), 0.5);
        let sum: Vec<Vec2> = sum_vertices(&a, &b).iter().map(|k| k.at).collect();
        assert_eq!(sum, square(Vec2::new(-5.0, 0.0), 1.5).to_vec());
    }

    #[test]
    fn the_sum_with_a_point_is_the_other_shape_moved() {
        let a = [Vec2::new(2.0, 3.0)];
        let b = square(Vec2::ZERO, 1.0);
        let sum: Vec<Vec2> = sum_vertices(&a, &b).iter().map(|k| k.at).collect();
        // −b is the same square; walked from its lowest-leftmost vertex.
        assert_eq!(sum, square(Vec2::new(2.0, 3.0), 1.0).to_vec());
    }

    #[test]
    fn a_point_on_either_side_adds_no_edges() {
        let p = [Vec2::new(2.0, 3.0)];
        let sum: Vec<Vec2> = sum_vertices(&square(Vec2::ZERO, 1.0), &p).iter().map(|k| k.at).collect();
        assert_eq!(sum, square(Vec2::new(-2.0, -3.0), 1.0).to_vec());
        // Two points: one vertex, its edge back to itself.
        let mut edges = Vec::new();
        for_each_sum_edge(&p, &[Vec2::new(1.0, 1.0)], |a, b| edges.push((a.at, b.at)));
        assert_eq!(edges, [(Vec2::new(1.0, 2.0), Vec2::new(1.0, 2.0))]);
    }

    #[test]
    fn a_triangle_and_a_segment_sum_to_five_vertices() {
        let a = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)];
        let b = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)];
        let sum: Vec<Vec2> = sum_vertices(&a, &b).iter().map(|k| k.at).collect();
        assert_eq!(sum.len(), 5, "{sum:?}");
        let area: f32 = (0..sum.len()).map(|k| sum[k].perp_dot(sum[(k + 1) % sum.len()])).sum::<f32>() / 2.0;
        // The triangle (area 2) swept along the segment (length √2) across its width 2√2.
        assert!((area - 6.0).abs() < 1e-5, "{area} {sum:?}");
    }

    /// The least distance from a vertex of one polygon to an edge of the other, in f64: the
    /// distance of two convex polygons that do not touch (`&[p]` against a polygon gives the
    /// point's distance to its outline).
    fn brute_force_distance(a: &[Vec2], b: &[Vec2]) -> f64 {
        use crate::query::core::point_segment_distance_squared;
        let to_edges = |p: Vec2, poly: &[Vec2]| {
            (0..poly.len())
                .map(|k| point_segment_distance_squared(p, poly[k], poly[(k + 1) % poly.len()]).sqrt())
                .fold(f64::INFINITY, f64::min)
        };
        let from_a = a.iter().map(|p| to_edges(*p, b)).fold(f64::INFINITY, f64::min);
        b.iter().map(|p| to_edges(*p, a)).fold(from_a, f64::min)
    }

    proptest::proptest! {
        /// The walk's closest points against the brute force: present exactly when the polygons
        /// do not touch, as far apart as the nearest vertex and edge, and on the polygons (the
        /// queries fall back to an O(n·m) scan, so nothing else would see a walk gone wrong).
        #[test]
        fn the_walk_finds_the_brute_force_distance(
            a in proptest::collection::vec((-5.0f32..5.0, -5.0f32..5.0), 3..9),
            b in proptest::collection::vec((-5.0f32..5.0, -5.0f32..5.0), 3..9),
            offset in (-14.0f32..14.0, -14.0f32..14.0),
        ) {
            let hull = |p: &[(f32, f32)], at: Vec2| {
                crate::ConvexPolygon::from_hull(&p.iter().map(|&(x, y)| Vec2::new(x, y) + at).collect::<Vec<_>>())
            };
            let (Ok(a), Ok(b)) = (hull(&a, Vec2::ZERO), hull(&b, Vec2::new(offset.0, offset.1))) else {
                return Ok(());
            };
            let (va, vb) = (a.vertices(), b.vertices());
            let expected = brute_force_distance(va, vb);
            match closest_points_convex(va, vb) {
                None => proptest::prop_assert!(crate::intersects(&a, &b), "apart by {} but no points", expected),
                Some((pa, pb)) => {
                    proptest::prop_assert!(!crate::intersects(&a, &b));
                    let got = pa.as_dvec2().distance(pb.as_dvec2());
                    proptest::prop_assert!((got - expected).abs() <= 1e-5 * (1.0 + expected), "{} against {}", got, expected);
                    // Each point on its own polygon's outline, and as near the other as can be.
                    proptest::prop_assert!(brute_force_distance(&[pa], va) <= 1e-4 && brute_force_distance(&[pb], vb) <= 1e-4);
                    proptest::prop_assert!(brute_force_distance(&[pa], vb) <= 1e-4 + expected * (1.0 + 1e-5));
                    proptest::prop_assert!(brute_force_distance(&[pb], va) <= 1e-4 + expected * (1.0 + 1e-5));
                }
            }
        }
    }
}
