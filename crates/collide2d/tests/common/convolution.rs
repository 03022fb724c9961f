//! A second oracle for concave push-outs, independent of the library's convex pieces: the exact
//! shortest move that separates two polygons, from the *convolution* of their boundaries (f64).
//!
//! Moving `b` by `x` makes it overlap `a` exactly when `x` lies in the Minkowski difference
//! `M = a ⊕ (−b)`. The convolution of `a`'s rings with `−b`'s rings is a closed chain of segments,
//! each an edge of one polygon placed at a vertex of the other: edge `e` at vertex `v` when `e`'s
//! direction lies counter-clockwise between the directions of the two edges at `v` (the long way
//! round at a reflex vertex). The points of `M`'s interior are those the chain winds around a
//! positive number of times (the convolution theorem of Guibas, Ramshaw and Stolfi, in the form
//! Wein's Minkowski sums use; with holes on one side only, see [`convolution`]), so `M`'s boundary
//! is where the chain has winding 0 on its right and 1 on its left. The shortest push-out is the distance from the origin to the nearest such point:
//! each segment is cut where others cross it, the winding on its right is counted once (a ray) and
//! carried across the crossings, and segments are visited nearest first until none can beat the
//! best.
//!
//! Nothing here is shared with the library: no convex pieces, no regions, no tolerance. The cost
//! is quadratic in the chain's length (2,500 segments for two traced sprites of 55 vertices, and
//! 36,000 for two of 190), so it is for tests, on the smaller tracing levels.

use collide2d::{Contact, Polygon, Shape, Vec2};
use glam::DVec2;
use std::collections::HashMap;
use std::f64::consts::{PI, TAU};

/// A directed segment of the chain.
pub type Link = (DVec2, DVec2);

/// The rings of `p` (outline counter-clockwise, holes clockwise: the solid is always on the left),
/// negated if asked (a half turn, which keeps each ring's direction), leaving out the holes whose
/// area is below `fill_below`.
fn rings(p: &Polygon, negate: bool, fill_below: f64) -> Vec<Vec<DVec2>> {
    let sign = if negate { -1.0 } else { 1.0 };
    let area = |ring: &[Vec2]| {
        0.5 * (0..ring.len())
            .map(|i| ring[i].as_dvec2().perp_dot(ring[(i + 1) % ring.len()].as_dvec2()))
            .sum::<f64>()
            .abs()
    };
    std::iter::once(p.outline())
        .chain(p.holes().iter().map(Vec::as_slice).filter(|h| area(h) >= fill_below))
        .map(|ring| ring.iter().map(|v| v.as_dvec2() * sign).collect())
        .collect()
}

fn angle(d: DVec2) -> f64 {
    d.y.atan2(d.x)
}

/// `x` reduced into `[0, 2π)`.
fn turn(x: f64) -> f64 {
    let r = x.rem_euclid(TAU);
    if r >= TAU {
        0.0
    } else {
        r
    }
}

/// Each edge of ring `edges_of` placed at each vertex of ring `at` whose counter-clockwise sweep
/// holds its direction. A direction equal to an end of the sweep counts as if `a`'s edges were
/// turned a hair counter-clockwise, so that each tie is decided the same way from both sides and
/// the chain closes: `a_moves` says which of the two rings is `a`'s.
fn place_edges(edges_of: &[DVec2], at: &[DVec2], a_moves: bool, out: &mut Chain) {
    let (n, m) = (edges_of.len(), at.len());
    let directions: Vec<f64> = (0..n).map(|i| angle(edges_of[(i + 1) % n] - edges_of[i])).collect();
    for j in 0..m {
        let before = angle(at[j] - at[(j + m - 1) % m]);
        let after = angle(at[(j + 1) % m] - at[j]);
        let sweep = turn(after - before);
        for (i, &direction) in directions.iter().enumerate() {
            let into = turn(direction - before);
            let inside = if a_moves { into < sweep } else { into > 0.0 && into <= sweep };
            if inside {
                out.links.push((edges_of[i] + at[j], edges_of[(i + 1) % n] + at[j]));
                out.at_convex_vertex.push(sweep < PI);
            }
        }
    }
}

/// The convolution's links, and for each whether it sits at a convex vertex: only those can
/// hold the boundary (the *reduced* convolution); the others are needed for the winding.
#[derive(Default)]
pub struct Chain {
    pub links: Vec<Link>,
    pub at_convex_vertex: Vec<bool>,
}

/// The convolution of `a`'s rings with those of `−b`: the chain around `a ⊕ (−b)`, the set of
/// translations of `b` that make it overlap `a`. The holes of `b` smaller than `a` are left out:
/// `a` cannot lie inside one, so filling it changes no overlap. The winding theorem holds when one
/// of the two has no holes; two polygons with holes give regions of `a ⊕ (−b)` with winding 0
/// (the chain of a hole with a hole winds the wrong way).
pub fn convolution(a: &Polygon, b: &Polygon) -> Chain {
    let mut chain = Chain::default();
    for ring_a in rings(a, false, 0.0) {
        for ring_b in rings(b, true, a.area() as f64) {
            place_edges(&ring_a, &ring_b, true, &mut chain);
            place_edges(&ring_b, &ring_a, false, &mut chain);
        }
    }
    chain
}

/// Whether the convolution of `a` with `−b` keeps holes of both (see [`convolution`]).
fn holes_on_both(a: &Polygon, b: &Polygon) -> bool {
    rings(a, false, 0.0).len() > 1 && rings(b, true, a.area() as f64).len() > 1
}

/// Whether every point the chain reaches is left as often as it is reached. The ends are sums
/// of f32 coordinates, exact in f64, so a closed chain's ends match bit for bit.
pub fn is_closed(chain: &[Link]) -> bool {
    let mut degree: HashMap<[u64; 2], i32> = HashMap::new();
    for (s, t) in chain {
        *degree.entry([s.x.to_bits(), s.y.to_bits()]).or_default() += 1;
        *degree.entry([t.x.to_bits(), t.y.to_bits()]).or_default() -= 1;
    }
    degree.values().all(|d| *d == 0)
}

/// How many times the chain winds around `x` (a ray towards +x, each segment's lower end counted
/// and its upper end not).
pub fn winding(chain: &[Link], x: DVec2) -> i32 {
    winding_without(chain, x, usize::MAX)
}

/// [`winding`], leaving link `skip` out.
fn winding_without(chain: &[Link], x: DVec2, skip: usize) -> i32 {
    chain
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != skip)
        .map(|(_, &(s, t))| {
            let side = (t - s).perp_dot(x - s);
            if s.y <= x.y && x.y < t.y && side > 0.0 {
                1
            } else if t.y <= x.y && x.y < s.y && side < 0.0 {
                -1
            } else {
                0
            }
        })
        .sum()
}

/// The point of segment `a`–`b` nearest the origin.
fn nearest_point(a: DVec2, b: DVec2) -> DVec2 {
    let d = b - a;
    let t = if d.length_squared() > 0.0 { (-a.dot(d) / d.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
    a + d * t
}

/// The distance from the origin to segment `a`–`b`.
fn nearest(a: DVec2, b: DVec2) -> f64 {
    nearest_point(a, b).length()
}

/// The length of the shortest translation of `b` that leaves it at most touching `a`: 0 when they
/// do not overlap. `None` when the chain is degenerate here (it does not close, or two of its
/// segments overlap along a line), which random placements almost never give, or when both keep
/// holes either way round (see [`convolution`]).
pub fn exact_push_out(a: &Polygon, b: &Polygon) -> Option<f64> {
    exact_push(a, b).map(|x| x.length())
}

/// The shortest translation of `b` that leaves it at most touching `a` (zero when they do not
/// overlap), as [`exact_push_out`] finds it: moving `a` the other way is the same push, so the
/// pair is swapped when only that leaves one of them without holes.
pub fn exact_push(a: &Polygon, b: &Polygon) -> Option<DVec2> {
    if !supported(a, b) {
        None
    } else if !holes_on_both(a, b) {
        push_from_chain(a, b)
    } else {
        push_from_chain(b, a).map(|x| -x)
    }
}

/// Whether the oracle can take the pair: one of them, either way round, keeps no holes (see
/// [`convolution`]).
pub fn supported(a: &Polygon, b: &Polygon) -> bool {
    !holes_on_both(a, b) || !holes_on_both(b, a)
}

fn push_from_chain(a: &Polygon, b: &Polygon) -> Option<DVec2> {
    let Chain { links: chain, .. } = convolution(a, b);
    if !is_closed(&chain) {
        return None;
    }
    if winding(&chain, DVec2::ZERO) <= 0 {
        return Some(DVec2::ZERO);
    }
    let mut best = (f64::INFINITY, DVec2::ZERO);
    let mut cuts: Vec<(f64, i32)> = Vec::new();
    for (distance, k) in nearest_first(&chain) {
        if distance >= best.0 {
            break;
        }
        cut(&chain, k, &mut cuts)?;
        let (s, t) = chain[k];
        let along = t - s;
        // The winding just right of the longest stretch, from the middle of it on the link itself:
        // the other links' winding there, exact, less one if the link heads down (a point just
        // right of it then sees it cross its ray). A point beside the link instead would misjudge
        // a short stretch near a vertex where the chain turns sharply. On the link's own line, the
        // ray counts what a point a hair above it would see, so a link heading along +x (as the
        // sides of boxes and tiles do), whose right is below it, is one less there too.
        let ends: Vec<f64> = std::iter::once(0.0).chain(cuts.iter().map(|c| c.0)).chain([1.0]).collect();
        let longest = (0..ends.len() - 1).max_by(|&i, &j| (ends[i + 1] - ends[i]).total_cmp(&(ends[j + 1] - ends[j])));
        let longest = longest.unwrap_or(0);
        let middle = s + along * (0.5 * (ends[longest] + ends[longest + 1]));
        let heads_down = i32::from(along.y < 0.0 || (along.y == 0.0 && along.x > 0.0));
        let steps_before: i32 = cuts[..longest].iter().map(|c| c.1).sum();
        let mut right_winding = winding_without(&chain, middle, k) - heads_down - steps_before;
        for (i, stretch) in ends.windows(2).enumerate() {
            if right_winding == 0 {
                let point = nearest_point(s + along * stretch[0], s + along * stretch[1]);
                if point.length() < best.0 {
                    best = (point.length(), point);
                }
            }
            right_winding += cuts.get(i).map_or(0, |c| c.1);
        }
    }
    Some(best.1)
}

/// The links' indices with their distances from the origin, nearest first.
fn nearest_first(chain: &[Link]) -> Vec<(f64, usize)> {
    let mut order: Vec<(f64, usize)> = chain.iter().enumerate().map(|(k, &(s, t))| (nearest(s, t), k)).collect();
    order.sort_by(|x, y| x.0.total_cmp(&y.0));
    order
}

/// Where the other links cross link `k`, in order along it: each as the fraction of the way and
/// how the winding on `k`'s right changes there. `None` if a link overlaps `k` along its line.
pub fn cut(chain: &[Link], k: usize, cuts: &mut Vec<(f64, i32)>) -> Option<()> {
    let (s, t) = chain[k];
    let along = t - s;
    let (lo, hi) = (s.min(t), s.max(t));
    cuts.clear();
    for (u, &(c, e)) in chain.iter().enumerate() {
        if u == k || c.max(e).cmplt(lo).any() || c.min(e).cmpgt(hi).any() {
            continue;
        }
        // Which side of the line each end lies on; an end on the line counts as right, so a chain
        // passing through the link at a vertex crosses it once, and one touching it from one side
        // not at all.
        let (side_c, side_e) = (along.perp_dot(c - s), along.perp_dot(e - s));
        if side_c == 0.0 && side_e == 0.0 {
            // Along the same line: degenerate if they share more than a point.
            let (p, q) = ((c - s).dot(along), (e - s).dot(along));
            if p.max(q) > 0.0 && p.min(q) < along.length_squared() {
                return None;
            }
            continue;
        }
        if (side_c > 0.0) == (side_e > 0.0) {
            continue;
        }
        let point = c + (e - c) * (side_c / (side_c - side_e));
        let param = (point - s).dot(along) / along.length_squared();
        if param > 0.0 && param < 1.0 {
            // Walking along link `k` past `u`, one goes from `u`'s left to its right (winding one
            // less) when `u` heads to `k`'s left, and back otherwise.
            cuts.push((param, if side_e > 0.0 { -1 } else { 1 }));
        }
    }
    cuts.sort_by(|x, y| x.0.total_cmp(&y.0));
    Some(())
}

/// What a search over the convolution would face for a pair whose push-out is `depth`: the
/// chain's links, those nearer the origin than `depth`, the reduced convolution's links (at
/// convex vertices), those nearer than `depth`, and their stretches between crossings with one
/// another nearer than `depth` (each of which a search must show covered, or find exposed).
pub fn chain_sizes(a: &Polygon, b: &Polygon, depth: f64) -> [usize; 5] {
    let chain = convolution(a, b);
    let reduced: Vec<Link> =
        chain.links.iter().zip(&chain.at_convex_vertex).filter(|(_, convex)| **convex).map(|(l, _)| *l).collect();
    let near = |links: &[Link]| {
        nearest_first(links).into_iter().take_while(|(d, _)| *d < depth).map(|(_, k)| k).collect::<Vec<_>>()
    };
    let mut cuts = Vec::new();
    let stretches: usize = near(&reduced)
        .into_iter()
        .map(|k| {
            cut(&reduced, k, &mut cuts);
            let (s, t) = reduced[k];
            let ends: Vec<f64> = std::iter::once(0.0).chain(cuts.iter().map(|c| c.0)).chain([1.0]).collect();
            ends.windows(2).filter(|w| nearest(s + (t - s) * w[0], s + (t - s) * w[1]) < depth).count()
        })
        .sum();
    [chain.links.len(), near(&chain.links).len(), reduced.len(), near(&reduced).len(), stretches]
}

/// The library's contact of `b` against `a` (`None`: apart), judged against the exact minimum
/// push-out. The scale is the clearing bound (the shortest move that separates the bounds) plus
/// the shapes' sizes (their bounds' half diagonals), as in `contact`.
/// - Too deep: above the minimum by more than the walk's tolerance, 1e-4 of the scale (`contact`
///   takes a push over a wedged one within about that much), plus f32 rounding (1e-6 of the
///   sizes).
/// - Too shallow: below it by more than rounding, *and* leaving the shapes overlapping by more
///   than the touching band ([`super::pushed_apart_or_touching`]). The search counts a point that
///   a region holds by less than twice its margin (1e-6 of the scale) as free, so a push that ends
///   wedged, in a gap thinner than the tolerance, may stop inside by that much. At the sharp tip of
///   such a gap that can be well short of the exact minimum: a coin wedged in a ring's hole was
///   pushed 2.0e-3 px short, overlapping by 1.9e-4 (sprites 60 px across).
///
/// `relative` is (ours − exact) ÷ the sizes.
pub struct Judged {
    pub too_shallow: bool,
    pub too_deep: bool,
    pub relative: f64,
}

pub fn judge(a: &Shape, b: &Shape, contact: Option<&Contact>, exact: f64) -> Judged {
    let (la, lb) = (a.aabb(), b.aabb());
    let size = (la.half_extents().length() + lb.half_extents().length()) as f64;
    let clearing = [la.max().x - lb.min().x, lb.max().x - la.min().x, la.max().y - lb.min().y, lb.max().y - la.min().y]
        .into_iter()
        .fold(f32::INFINITY, f32::min)
        .max(0.0) as f64;
    let ours = contact.map_or(0.0, |c| c.depth as f64);
    let rounding = 1e-6 * size;
    let short = ours < exact - rounding;
    Judged {
        too_shallow: short
            && contact.is_none_or(|c| !super::pushed_apart_or_touching(a, b, c, super::concave_slack(b, c))),
        too_deep: ours > exact + 1e-4 * (clearing + size) + rounding,
        relative: (ours - exact) / size,
    }
}

/// The exact push-out of `other` from `a`, for the shapes that are polygons (boxes, convex and
/// concave polygons, through the same oracle) and for points (the distance to `a`'s boundary when
/// inside it); `None` for the others, and for a degenerate chain.
pub fn exact_push_out_of(a: &Polygon, other: &Shape) -> Option<f64> {
    let polygon = match other {
        Shape::Polygon(q) => q.clone(),
        Shape::Aabb(b) => Polygon::new(&b.corners()).ok()?,
        Shape::ConvexPolygon(c) => Polygon::new(c.vertices()).ok()?,
        Shape::Point(p) => return Some(point_depth(a, *p)),
        _ => return None,
    };
    exact_push_out(a, &polygon)
}

/// How far point `p` lies inside `a` (0 outside): its distance to the nearest edge, when the
/// rings wind around it.
fn point_depth(a: &Polygon, p: Vec2) -> f64 {
    let p = p.as_dvec2();
    let rings = rings(a, false, 0.0);
    let edges = rings.iter().flat_map(|r| (0..r.len()).map(move |i| (r[i], r[(i + 1) % r.len()])));
    if winding(&edges.clone().collect::<Vec<_>>(), p) <= 0 {
        return 0.0;
    }
    edges.map(|(s, t)| nearest(s - p, t - p)).fold(f64::INFINITY, f64::min)
}
