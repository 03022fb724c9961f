//! A static bounding-volume hierarchy over a polygon's edges, built once with the polygon, so
//! that queries touch only the edges near the region they ask about instead of all of them.

use glam::Vec2;

use crate::shape::Aabb;

/// Edges per leaf: small enough to prune, large enough to keep the tree shallow.
const LEAF_SIZE: usize = 4;

#[derive(Clone, Debug)]
struct Node {
    min: Vec2,
    max: Vec2,
    /// For a leaf, the range of `order` it covers; for an inner node, `start` is the index of the
    /// left child (the right child follows the whole left subtree, at `end`).
    start: u32,
    end: u32,
    leaf: bool,
}

/// The hierarchy: nodes in depth-first order, and edge indices sorted so each leaf is a range.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgeTree {
    nodes: Vec<Node>,
    order: Vec<u32>,
    /// Each edge's own bounds, to filter a leaf's edges exactly.
    boxes: Vec<(Vec2, Vec2)>,
}

impl EdgeTree {
    /// Builds the tree over `edges` (start, end) by splitting at the median along the longer axis.
    pub(crate) fn build(edges: &[(Vec2, Vec2)]) -> Self {
        let mut order: Vec<u32> = (0..edges.len() as u32).collect();
        // One leaf for a few edges; about two nodes per leaf's worth of edges beyond that.
        let mut nodes = Vec::with_capacity(if edges.len() <= LEAF_SIZE { 1 } else { 2 * edges.len() / LEAF_SIZE + 1 });
        if !edges.is_empty() {
            build_node(edges, &mut order, 0, &mut nodes);
        }
        let boxes = edges.iter().map(|(a, b)| (a.min(*b), a.max(*b))).collect();
        Self { nodes, order, boxes }
    }

    /// The same hierarchy over `edges`, the polygon's edges after an affine map, where edge `e`
    /// of the old numbering is now edge `renumber(e)`: the nodes keep their shape and get new
    /// boxes, in one pass from the leaves up (a child always comes after its parent).
    pub(crate) fn placed(&self, edges: &[(Vec2, Vec2)], renumber: impl Fn(u32) -> u32) -> Self {
        let boxes: Vec<(Vec2, Vec2)> = edges.iter().map(|(a, b)| (a.min(*b), a.max(*b))).collect();
        let order: Vec<u32> = self.order.iter().map(|&e| renumber(e)).collect();
        let mut nodes = self.nodes.clone();
        for i in (0..nodes.len()).rev() {
            let (start, end) = (nodes[i].start as usize, nodes[i].end as usize);
            let (min, max) = if nodes[i].leaf {
                order[start..end].iter().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), &e| {
                    let (a, b) = boxes[e as usize];
                    (lo.min(a), hi.max(b))
                })
            } else {
                (nodes[start].min.min(nodes[end].min), nodes[start].max.max(nodes[end].max))
            };
            (nodes[i].min, nodes[i].max) = (min, max);
        }
        Self { nodes, order, boxes }
    }

    /// Calls `visit(edge index)` for every edge whose bounds overlap `[min, max]` (touching
    /// counts), until `visit` returns true; returns whether it did.
    pub(crate) fn any_in(&self, min: Vec2, max: Vec2, mut visit: impl FnMut(usize) -> bool) -> bool {
        if self.nodes.is_empty() {
            return false;
        }
        let mut stack = [0u32; 64];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = &self.nodes[stack[top] as usize];
            if !overlaps(node.min, node.max, min, max) {
                continue;
            }
            if node.leaf {
                let range = node.start as usize..node.end as usize;
                let mut hits = self.order[range].iter().filter(|&&e| {
                    let (lo, hi) = self.boxes[e as usize];
                    overlaps(lo, hi, min, max)
                });
                if hits.any(|&e| visit(e as usize)) {
                    return true;
                }
            } else if room_for_two(top, &stack) {
                stack[top] = node.start;
                stack[top + 1] = node.end;
                top += 2;
            }
        }
        false
    }

    /// Calls `visit(edge index, reach)` for the edges whose bounds meet the horizontal line at
    /// height `y` somewhere from `*reach` to `right` (touching counts), nearest to `right`
    /// first as far as the tree tells, skipping subtrees that lie wholly left of `*reach`:
    /// `visit` may raise `*reach` (from −∞) once it needs nothing further left.
    pub(crate) fn leftwards(&self, y: f32, right: f32, mut visit: impl FnMut(usize, &mut f64)) {
        let mut reach = f64::NEG_INFINITY;
        let meets =
            |min: Vec2, max: Vec2, reach: f64| min.y <= y && y <= max.y && min.x <= right && max.x as f64 >= reach;
        let mut stack = [0u32; 64];
        let mut top = usize::from(!self.nodes.is_empty());
        while top > 0 {
            top -= 1;
            let node = &self.nodes[stack[top] as usize];
            if !meets(node.min, node.max, reach) {
                continue;
            }
            if node.leaf {
                for &e in &self.order[node.start as usize..node.end as usize] {
                    let (lo, hi) = self.boxes[e as usize];
                    if meets(lo, hi, reach) {
                        visit(e as usize, &mut reach);
                    }
                }
            } else if room_for_two(top, &stack) {
                // The child reaching further right is taken first (pushed last).
                let (left, right) = (node.start, node.end);
                let further = reaches_further(self.nodes[left as usize].max.x, self.nodes[right as usize].max.x);
                let (later, first) = if further { (right, left) } else { (left, right) };
                stack[top] = later;
                stack[top + 1] = first;
                top += 2;
            }
        }
    }

    /// Branch and bound over pairs of items, `i` of this tree and `j` of `other`: calls
    /// `visit(i, j, cutoff)` for each pair whose `bound` (of their boxes, as `(min, max)`) is at
    /// most `*cutoff`, taking the pairs of nodes with the lower bound first, so that `visit`,
    /// which may lower the cutoff, soon prunes the rest. `bound` must be a lower bound: never
    /// more for boxes than for any boxes inside them; a NaN bound prunes.
    pub(crate) fn pairs_under(
        &self,
        other: &EdgeTree,
        bound: impl Fn((Vec2, Vec2), (Vec2, Vec2)) -> f32,
        cutoff: &mut f32,
        mut visit: impl FnMut(usize, usize, &mut f32),
    ) {
        if self.nodes.is_empty() || other.nodes.is_empty() {
            return;
        }
        let boxes = |tree: &EdgeTree, n: u32| (tree.nodes[n as usize].min, tree.nodes[n as usize].max);
        let under = |b: f32, cutoff: f32| b <= cutoff;
        // Pending pairs of nodes, each with its bound: one per level at most beside the pair
        // taken, as a pair splits into two and the nearer goes on at once.
        let mut stack = [(0u32, 0u32, 0f32); 128];
        let mut top = 1;
        stack[0].2 = bound(boxes(self, 0), boxes(other, 0));
        while top > 0 {
            top -= 1;
            let (a, b, at) = stack[top];
            if !under(at, *cutoff) {
                continue;
            }
            let (node_a, node_b) = (&self.nodes[a as usize], &other.nodes[b as usize]);
            if node_a.leaf && node_b.leaf {
                for &i in &self.order[node_a.start as usize..node_a.end as usize] {
                    for &j in &other.order[node_b.start as usize..node_b.end as usize] {
                        if under(bound(self.boxes[i as usize], other.boxes[j as usize]), *cutoff) {
                            visit(i as usize, j as usize, cutoff);
                        }
                    }
                }
                continue;
            }
            // The larger node splits (or the one that can).
            let area = |n: &Node| (n.max - n.min).element_product();
            let children = if node_b.leaf || (!node_a.leaf && area(node_a) >= area(node_b)) {
                [(node_a.start, b), (node_a.end, b)]
            } else {
                [(a, node_b.start), (a, node_b.end)]
            };
            let [first, second] = children.map(|(a, b)| (a, b, bound(boxes(self, a), boxes(other, b))));
            // The nearer is taken next (pushed last).
            let (later, sooner) = if second.2 < first.2 { (first, second) } else { (second, first) };
            if room_for_two(top, &stack) {
                stack[top] = later;
                stack[top + 1] = sooner;
                top += 2;
            }
        }
    }

    /// Like [`any_in`](Self::any_in) with an [`Aabb`].
    pub(crate) fn any_in_box(&self, b: &Aabb, visit: impl FnMut(usize) -> bool) -> bool {
        self.any_in(b.min(), b.max(), visit)
    }
}

/// The walks' stack guard, whether `stack` has room for two more nodes above `top`: its own
/// function so that the mutation exclusion for `top * 2` (which differs only beyond 32 pending
/// nodes, a tree deeper than 32 levels of median splits) names it alone.
#[inline]
fn room_for_two<T>(top: usize, stack: &[T]) -> bool {
    top + 2 <= stack.len()
}

/// Whether a child reaching right to `a` reaches further than its sibling reaching to `b`: its
/// own function so that the mutation exclusion for `>=` (on equal reaches either child may go
/// first) names it alone.
#[inline]
fn reaches_further(a: f32, b: f32) -> bool {
    a > b
}

/// Closed boxes `[a0, a1]` and `[b0, b1]` share a point (false for NaN).
#[inline]
fn overlaps(a0: Vec2, a1: Vec2, b0: Vec2, b1: Vec2) -> bool {
    a0.x <= b1.x && b0.x <= a1.x && a0.y <= b1.y && b0.y <= a1.y
}

/// Builds the subtree over `order[..]` (edge indices starting at `offset` in the full order).
fn build_node(edges: &[(Vec2, Vec2)], order: &mut [u32], offset: usize, nodes: &mut Vec<Node>) -> u32 {
    let (mut min, mut max) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for &e in order.iter() {
        let (a, b) = edges[e as usize];
        min = min.min(a.min(b));
        max = max.max(a.max(b));
    }
    let index = nodes.len() as u32;
    nodes.push(Node { min, max, start: offset as u32, end: (offset + order.len()) as u32, leaf: true });
    // The depth stays logarithmic (median splits), far below the query stack's 64 entries.
    if order.len() <= LEAF_SIZE {
        return index;
    }
    let axis = if max.x - min.x >= max.y - min.y { 0 } else { 1 };
    let key = |e: &u32| {
        let (a, b) = edges[*e as usize];
        (a + b)[axis]
    };
    let mid = order.len() / 2;
    order.select_nth_unstable_by(mid, |x, y| key(x).total_cmp(&key(y)));
    let (left, right) = order.split_at_mut(mid);
    let left_index = build_node(edges, left, offset, nodes);
    let right_index = build_node(edges, right, offset + mid, nodes);
    let node = &mut nodes[index as usize];
    (node.start, node.end, node.leaf) = (left_index, right_index, false);
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_edges_whose_bounds_meet_the_box() {
        // A row of 100 short vertical edges at x = 0, 1, ..., 99.
        let edges: Vec<(Vec2, Vec2)> = (0..100).map(|i| (Vec2::new(i as f32, 0.0), Vec2::new(i as f32, 1.0))).collect();
        let tree = EdgeTree::build(&edges);
        let mut found = Vec::new();
        tree.any_in(Vec2::new(10.0, 0.5), Vec2::new(13.0, 0.6), |e| {
            found.push(e);
            false
        });
        found.sort();
        assert_eq!(found, [10, 11, 12, 13]);
        assert!(!tree.any_in(Vec2::new(0.0, 2.0), Vec2::new(99.0, 3.0), |_| true));
        assert!(tree.any_in(Vec2::new(50.0, 1.0), Vec2::new(50.0, 1.0), |e| e == 50));
        assert!(!EdgeTree::build(&[]).any_in(Vec2::ZERO, Vec2::ONE, |_| true));
    }

    #[test]
    fn pairs_under_a_bound_that_never_prunes_visits_every_pair_once() {
        // A tree of one leaf and a large box against trees of many small boxes (so that a leaf
        // meets an inner node of smaller area, which must not be split), either way round, and
        // against an empty tree.
        let boxes = |n: usize, size: f32| -> Vec<(Vec2, Vec2)> {
            (0..n).map(|i| (Vec2::new(i as f32, 0.0), Vec2::new(i as f32 + size, size))).collect()
        };
        let big = EdgeTree::build(&[(Vec2::ZERO, Vec2::splat(1000.0)), (Vec2::ONE, Vec2::splat(900.0))]);
        for many in [EdgeTree::build(&boxes(37, 0.5)), EdgeTree::build(&boxes(5, 0.1))] {
            let count = many.boxes.len();
            for (x, y, nx, ny) in [(&big, &many, 2, count), (&many, &big, count, 2)] {
                let mut seen = Vec::new();
                x.pairs_under(y, |_, _| 0.0, &mut 1.0, |i, j, _| seen.push((i, j)));
                seen.sort_unstable();
                let all: Vec<(usize, usize)> = (0..nx).flat_map(|i| (0..ny).map(move |j| (i, j))).collect();
                assert_eq!(seen, all);
            }
        }
        let empty = EdgeTree::build(&[]);
        big.pairs_under(&empty, |_, _| 0.0, &mut 1.0, |i, j, _| panic!("{i} {j} with an empty tree"));
        empty.pairs_under(&big, |_, _| 0.0, &mut 1.0, |i, j, _| panic!("{i} {j} with an empty tree"));
    }

    #[test]
    fn leftwards_finds_the_edges_on_the_line_and_the_nearest_first() {
        // 1000 vertical edges crossing y = 0.5 at x = 0, ..., 999, and 100 above the line.
        let mut edges: Vec<(Vec2, Vec2)> =
            (0..1000).map(|i| (Vec2::new(i as f32, 0.0), Vec2::new(i as f32, 1.0))).collect();
        edges.extend((0..100).map(|i| (Vec2::new(i as f32, 2.0), Vec2::new(i as f32, 3.0))));
        let tree = EdgeTree::build(&edges);
        // Never raising the reach: every edge meeting the line left of x = 500.5, once each.
        let mut found = Vec::new();
        tree.leftwards(0.5, 500.5, |e, _| found.push(e));
        found.sort();
        assert_eq!(found, (0..=500).collect::<Vec<_>>());
        // Raising it to each crossing found: the nearest leaf comes first, and the rest of the
        // tree is skipped (a handful of visits, not a thousand).
        let mut visits = 0;
        let mut nearest = f64::NEG_INFINITY;
        tree.leftwards(0.5, 2000.0, |e, reach| {
            visits += 1;
            nearest = nearest.max(edges[e].0.x as f64);
            *reach = nearest;
        });
        assert_eq!(nearest, 999.0);
        assert!(visits <= 2 * LEAF_SIZE, "{visits} visits");
        // A tall tree, split by height, whose lower halves reach further right: edge i rises
        // from far below to just above the line, longer as it lies further right.
        let tall: Vec<(Vec2, Vec2)> =
            (0..1000).map(|i| (Vec2::new(i as f32, -10.0 * i as f32 - 1.0), Vec2::new(i as f32, 1.0))).collect();
        let tree_tall = EdgeTree::build(&tall);
        let (mut visits, mut nearest) = (0, f64::NEG_INFINITY);
        tree_tall.leftwards(0.5, 2000.0, |e, reach| {
            visits += 1;
            nearest = nearest.max(tall[e].0.x as f64);
            *reach = nearest;
        });
        assert_eq!(nearest, 999.0);
        assert!(visits <= 2 * LEAF_SIZE, "{visits} visits in the tall tree");
        tree.leftwards(2.5, -1.0, |e, _| panic!("edge {e} lies right of the segment asked about"));
        EdgeTree::build(&[]).leftwards(0.5, 1.0, |e, _| panic!("no edges, yet {e}"));
    }

    #[test]
    fn a_placed_tree_finds_exactly_what_a_tree_built_on_the_moved_edges_finds() {
        // A zigzag of 57 edges, turned by 0.7 rad and numbered backwards, as under a mirror.
        let pts: Vec<Vec2> = (0..58).map(|i| Vec2::new(i as f32, (i % 3) as f32 * 2.0)).collect();
        let edges: Vec<(Vec2, Vec2)> = pts.windows(2).map(|w| (w[0], w[1])).collect();
        let turn = glam::Mat2::from_angle(0.7);
        let n = edges.len() as u32;
        let mut moved = vec![(Vec2::ZERO, Vec2::ZERO); edges.len()];
        for (e, (a, b)) in edges.iter().enumerate() {
            moved[(n - 1) as usize - e] = (turn * *b, turn * *a);
        }
        let placed = EdgeTree::build(&edges).placed(&moved, |e| n - 1 - e);
        for k in 0..40 {
            let lo = Vec2::new(k as f32 * 1.3 - 5.0, (k % 7) as f32 * 4.0 - 2.0);
            let hi = lo + Vec2::new(3.0, 2.5);
            let mut found = Vec::new();
            placed.any_in(lo, hi, |e| {
                found.push(e);
                false
            });
            found.sort();
            let expected: Vec<usize> = (0..moved.len())
                .filter(|&e| overlaps(moved[e].0.min(moved[e].1), moved[e].0.max(moved[e].1), lo, hi))
                .collect();
            assert_eq!(found, expected, "box {lo} {hi}");
        }
    }

    #[test]
    fn each_split_halves_the_edges_along_the_longer_side() {
        // Edges given in a scrambled order, so that a split not ordered by position along the
        // longer side leaves the halves overlapping there. Each case puts the box where a
        // wrong measure of its sides (a sum, a ratio) picks the other axis.
        let v = Vec2::new;
        let scrambled = || (0..100).map(|i| (i * 37 % 100) as f32);
        // A name, the edges, and the axis the root must split along.
        type Case = (&'static str, Vec<(Vec2, Vec2)>, usize);
        let cases: [Case; 5] = [
            ("wide, right of the origin", scrambled().map(|i| (v(50.0 + i, 0.0), v(50.0 + i, 10.0))).collect(), 0),
            ("tall, far right", scrambled().map(|i| (v(1000.0, i), v(1001.0, i))).collect(), 1),
            ("wide, high up", scrambled().map(|i| (v(i, 1000.0), v(i, 1001.0))).collect(), 0),
            ("tall, above the origin", scrambled().map(|i| (v(0.0, 20.0 + i), v(10.0, 20.0 + i))).collect(), 1),
            ("wide, across the origin", scrambled().map(|i| (v(i - 50.0, 0.0), v(i - 50.0, 1.0))).collect(), 0),
        ];
        for (name, edges, axis) in cases {
            let tree = EdgeTree::build(&edges);
            let root = &tree.nodes[0];
            assert!(!root.leaf, "{name}");
            let (left, right) = (&tree.nodes[root.start as usize], &tree.nodes[root.end as usize]);
            assert!(left.max[axis] < right.min[axis], "{name}: the halves overlap along axis {axis}");
            let (mut left_edges, mut right_edges) = (0, 0);
            for (min, _) in &tree.boxes {
                if min[axis] <= left.max[axis] {
                    left_edges += 1;
                } else {
                    right_edges += 1;
                }
            }
            assert_eq!((left_edges, right_edges), (50, 50), "{name}");
        }
    }
}
