//! Fewer vertices within an area budget, never at the cost of validity.
//!
//! Visvalingam–Whyatt: repeatedly drop the vertex whose triangle with its two neighbours is
//! smallest. Dropping a vertex changes the island's area by exactly that triangle (less for a
//! convex corner, more for a concave one), so keeping the running sum of those signed changes
//! within the budget keeps the simplified area within it. Cancelling changes could still trade a
//! dent here for a bulge there, so a vertex is also dropped only while every pixel corner it
//! stands for stays within a reach (a pixel or three) of the new edge; and only
//! when its triangle holds no other vertex of any ring of the island, on its sides included:
//! then the new edge cannot cross or touch another edge, so outlines stay simple and holes stay
//! inside and apart. Staircases of pixel steps, whose convex and concave corners cancel, smooth
//! out into straight runs all along the outline rather than wherever the budget was spent first.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use glam::Vec2;
// Cell keys are not chosen by an adversary who could profit from collisions.
use rustc_hash::FxBuildHasher;

use crate::math::orient2d;

/// Cell size of the grid used to find vertices near a triangle, in pixels.
const CELL: f32 = 4.0;

struct Rings {
    points: Vec<Vec2>,
    prev: Vec<u32>,
    next: Vec<u32>,
    ring: Vec<u32>,
    alive: Vec<bool>,
    ring_len: Vec<usize>,
    /// The next vertex of the original ring, dropped or not.
    original_next: Vec<u32>,
    stamp: Vec<u32>,
    grid: HashMap<(i32, i32), Vec<u32>, FxBuildHasher>,
}

/// The triangle's area, with f64 products (the inputs sit on a fine lattice).
fn cost(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    orient2d(a, b, c).abs() * 0.5
}

fn cell(p: Vec2) -> (i32, i32) {
    ((p.x / CELL).floor() as i32, (p.y / CELL).floor() as i32)
}

impl Rings {
    fn new(rings: &[Vec<Vec2>]) -> Self {
        let total: usize = rings.iter().map(Vec::len).sum();
        let mut r = Rings {
            points: Vec::with_capacity(total),
            prev: Vec::with_capacity(total),
            next: Vec::with_capacity(total),
            ring: Vec::with_capacity(total),
            alive: vec![true; total],
            ring_len: rings.iter().map(Vec::len).collect(),
            original_next: Vec::with_capacity(total),
            stamp: vec![0; total],
            grid: HashMap::default(),
        };
        for (k, ring) in rings.iter().enumerate() {
            let base = r.points.len() as u32;
            let n = ring.len() as u32;
            for (i, p) in ring.iter().enumerate() {
                let i = i as u32;
                r.points.push(*p);
                r.prev.push(base + (i + n - 1) % n);
                r.next.push(base + (i + 1) % n);
                r.original_next.push(base + (i + 1) % n);
                r.ring.push(k as u32);
                r.grid.entry(cell(*p)).or_default().push(base + i);
            }
        }
        r
    }

    fn triangle(&self, v: u32) -> (Vec2, Vec2, Vec2) {
        let (u, w) = (self.prev[v as usize], self.next[v as usize]);
        (self.points[u as usize], self.points[v as usize], self.points[w as usize])
    }

    /// Whether every original vertex between `v`'s live neighbours (`v` and those dropped
    /// before) lies within `reach` of the segment that would replace them.
    fn stays_within(&self, v: u32, reach: f32) -> bool {
        let (u, w) = (self.prev[v as usize], self.next[v as usize]);
        let (a, b) = (self.points[u as usize], self.points[w as usize]);
        let mut i = self.original_next[u as usize];
        while i != w {
            let p = self.points[i as usize];
            if crate::query::core::point_segment_distance_squared(p, a, b) > (reach as f64) * (reach as f64) {
                return false;
            }
            i = self.original_next[i as usize];
        }
        true
    }

    /// Whether any live vertex other than the three lies in the closed triangle `(a, b, c)`.
    fn triangle_holds_another(&self, v: u32) -> bool {
        let (a, b, c) = self.triangle(v);
        let (u, w) = (self.prev[v as usize], self.next[v as usize]);
        let (lo, hi) = (cell(a.min(b).min(c)), cell(a.max(b).max(c)));
        let turn = orient2d(a, b, c);
        let inside = |p: Vec2| {
            let (x, y, z) = (orient2d(a, b, p), orient2d(b, c, p), orient2d(c, a, p));
            if turn >= 0.0 {
                x >= 0.0 && y >= 0.0 && z >= 0.0
            } else {
                x <= 0.0 && y <= 0.0 && z <= 0.0
            }
        };
        for cy in lo.1..=hi.1 {
            for cx in lo.0..=hi.0 {
                let Some(ids) = self.grid.get(&(cx, cy)) else { continue };
                for &i in ids {
                    if i != u && i != v && i != w && self.alive[i as usize] && inside(self.points[i as usize]) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether [`simplify`] could drop any vertex: some ring has more than three, and one of them
/// alone changes the area by no more than `budget`. If none does, the first drop never comes,
/// no triangle changes, and nothing is ever dropped. Cheap, so that islands with nothing to
/// simplify (a checkerboard's half a million squares) cost no copies.
pub(crate) fn could_drop(rings: &[Vec<Vec2>], budget: f64) -> bool {
    rings.iter().filter(|ring| ring.len() > 3).any(|ring| {
        let n = ring.len();
        (0..n).any(|i| cost(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) <= budget)
    })
}

/// Simplifies the rings of one island in place (outline counter-clockwise, holes clockwise),
/// keeping the island's area within `budget` of the original and every dropped vertex within
/// `reach` of the simplified outline. Each ring keeps at least three vertices.
pub(crate) fn simplify(rings: &mut [Vec<Vec2>], budget: f64, reach: f32) {
    if budget <= 0.0 {
        return;
    }
    let mut r = Rings::new(rings);
    let mut heap = BinaryHeap::new();
    let key = |c: f64| Reverse((c * 1e6) as u64); // exact order is not needed, only smallest-first
    for v in 0..r.points.len() as u32 {
        let (a, b, c) = r.triangle(v);
        heap.push((key(cost(a, b, c)), v, 0u32));
    }
    let mut net = 0.0f64; // signed area change so far
    while let Some((_, v, stamp)) = heap.pop() {
        let vi = v as usize;
        if !r.alive[vi] || stamp != r.stamp[vi] || r.ring_len[r.ring[vi] as usize] <= 3 {
            continue;
        }
        let (a, b, c) = r.triangle(v);
        // Dropping a corner that turns left (convex on the outline) loses its triangle.
        let change = -0.5 * orient2d(a, b, c);
        let fits = (net + change).abs() <= budget && r.stays_within(v, reach);
        if !fits || r.triangle_holds_another(v) {
            continue; // not now; a neighbour's removal re-queues it
        }
        net += change;
        r.alive[vi] = false;
        r.ring_len[r.ring[vi] as usize] -= 1;
        let (u, w) = (r.prev[vi], r.next[vi]);
        r.next[u as usize] = w;
        r.prev[w as usize] = u;
        for n in [u, w] {
            r.stamp[n as usize] += 1;
            let (a, b, c) = r.triangle(n);
            heap.push((key(cost(a, b, c)), n, r.stamp[n as usize]));
        }
    }
    let mut offset = 0;
    for ring in rings.iter_mut() {
        let n = ring.len();
        ring.retain({
            let alive = &r.alive[offset..offset + n];
            let mut i = 0;
            move |_| {
                i += 1;
                alive[i - 1]
            }
        });
        offset += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn could_drop_says_whether_any_vertex_fits_the_budget_alone() {
        // A unit square: each corner's triangle is 0.5.
        let square = vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        assert!(!could_drop(std::slice::from_ref(&square), 0.49));
        assert!(could_drop(std::slice::from_ref(&square), 0.5), "a budget exactly one triangle fits it");
        // A notch 0.1 deep in the bottom edge: its tip's triangle is 0.1 × 0.2 / 2 = 0.01.
        let notched = vec![v(0.0, 0.0), v(0.4, 0.0), v(0.5, 0.1), v(0.6, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        assert!(could_drop(&[square.clone(), notched.clone()], 0.011));
        assert!(!could_drop(&[square, notched], 0.009));
        // A triangle keeps its three vertices whatever the budget.
        assert!(!could_drop(&[vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]], 10.0));
        // And when it says no, simplify drops nothing.
        let mut rings = vec![vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(1.0, 2.1), v(0.0, 2.0)]];
        let before = rings.clone();
        assert!(!could_drop(&rings, 0.05));
        simplify(&mut rings, 0.05, 3.0);
        assert_eq!(rings, before);
    }

    /// A 10 × 2 bar with a spike on its top, `height` above it on a base 2 wide.
    fn spiked(height: f32, base: f32) -> Vec<Vec<Vec2>> {
        let half = base / 2.0;
        vec![vec![
            v(0.0, 0.0),
            v(10.0, 0.0),
            v(10.0, 2.0),
            v(5.0 + half, 2.0),
            v(5.0, 2.0 + height),
            v(5.0 - half, 2.0),
            v(0.0, 2.0),
        ]]
    }

    #[test]
    fn a_vertex_goes_only_while_it_stays_within_the_reach_of_the_new_edge() {
        // A spike 3 high on a base 0.1 wide costs 0.15 of area: within the budget, beyond the
        // reach of 1, so it stays.
        let mut rings = spiked(3.0, 0.1);
        simplify(&mut rings, 1.0, 1.0);
        assert!(rings[0].contains(&v(5.0, 5.0)), "{rings:?}");
        // Exactly at the reach (1 high, on a base 2 wide: 1 of area, the whole budget) it goes,
        // and then the base's ends, left straight.
        let mut rings = spiked(1.0, 2.0);
        simplify(&mut rings, 1.0, 1.0);
        assert_eq!(rings, [vec![v(0.0, 0.0), v(10.0, 0.0), v(10.0, 2.0), v(0.0, 2.0)]]);
    }

    #[test]
    fn the_smallest_triangle_goes_first() {
        // A 10 × 10 square whose bottom bulges by 0.02 (a triangle of 0.1) and whose top by
        // 0.18 (0.9): the budget of 0.95 takes one of them, the smaller, though the larger
        // comes later in the ring.
        let mut rings =
            vec![vec![v(0.0, 0.0), v(5.0, -0.02), v(10.0, 0.0), v(10.0, 10.0), v(5.0, 10.18), v(0.0, 10.0)]];
        simplify(&mut rings, 0.95, 1.0);
        assert_eq!(rings, [vec![v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0), v(5.0, 10.18), v(0.0, 10.0)]]);
    }

    #[test]
    fn a_vertex_whose_triangle_grew_waits_for_its_new_cost() {
        // Two bulges of 0.01 on the bottom (triangles of 0.02 each) and one of 0.006 on the top
        // (0.03). Once one bottom bulge goes, the other's triangle grows to 0.05: the top one
        // (0.03) goes next, and then the budget of 0.08 has no room for the 0.05.
        let mut rings = vec![vec![
            v(0.0, 0.0),
            v(3.0, -0.01),
            v(7.0, -0.01),
            v(10.0, 0.0),
            v(10.0, 10.0),
            v(5.0, 10.006),
            v(0.0, 10.0),
        ]];
        simplify(&mut rings, 0.08, 1.0);
        assert_eq!(rings, [vec![v(0.0, 0.0), v(3.0, -0.01), v(10.0, 0.0), v(10.0, 10.0), v(0.0, 10.0)]]);
    }

    #[test]
    fn a_clockwise_corner_s_triangle_holds_the_vertices_inside_it_or_on_its_sides() {
        // A hole winds clockwise, so its corners turn right: corner 1's triangle is
        // (0, 0), (0, 4), (4, 4). A second ring puts one vertex inside it, one on its long side
        // and one outside.
        let hole = vec![v(0.0, 0.0), v(0.0, 4.0), v(4.0, 4.0), v(4.0, 0.0)];
        for (p, held) in [(v(1.0, 3.0), true), (v(2.0, 2.0), true), (v(3.0, 1.0), false)] {
            let other = vec![p, p + v(0.0, -0.01), p + v(-0.01, -0.01)];
            let r = Rings::new(&[hole.clone(), other]);
            assert_eq!(r.triangle_holds_another(1), held, "{p}");
        }
    }
}
