//! Fewer vertices within an area budget, never at the cost of validity.
//!
//! Visvalingam–Whyatt: repeatedly drop the vertex whose triangle with its two neighbours is
//! smallest. Dropping a vertex changes the region by exactly that triangle, so the sum of the
//! dropped triangles bounds how far the simplified outline's area (indeed the area between the
//! two outlines) can stray from the exact one; we stop before the sum exceeds the budget.
//! A vertex is dropped only when its triangle holds no other vertex of any ring of the island,
//! on its sides included: then the new edge cannot cross or touch another edge, so outlines
//! stay simple and holes stay inside and apart.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use glam::Vec2;

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
    stamp: Vec<u32>,
    grid: HashMap<(i32, i32), Vec<u32>>,
}

/// Twice the triangle's area, with f64 products (the inputs sit on a fine lattice).
fn cost(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    (orient2d(a, b, c)).abs() * 0.5
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
            stamp: vec![0; total],
            grid: HashMap::new(),
        };
        for (k, ring) in rings.iter().enumerate() {
            let base = r.points.len() as u32;
            let n = ring.len() as u32;
            for (i, p) in ring.iter().enumerate() {
                let i = i as u32;
                r.points.push(*p);
                r.prev.push(base + (i + n - 1) % n);
                r.next.push(base + (i + 1) % n);
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

/// Simplifies the rings of one island in place, dropping vertices while the dropped triangles'
/// areas add up to at most `budget`. Each ring keeps at least three vertices.
pub(crate) fn simplify(rings: &mut [Vec<Vec2>], budget: f64) {
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
    let mut left = budget;
    while let Some((_, v, stamp)) = heap.pop() {
        let vi = v as usize;
        if !r.alive[vi] || stamp != r.stamp[vi] || r.ring_len[r.ring[vi] as usize] <= 3 {
            continue;
        }
        let (a, b, c) = r.triangle(v);
        let area = cost(a, b, c);
        if area > left {
            break;
        }
        if r.triangle_holds_another(v) {
            continue; // blocked for now; a neighbour's removal re-queues it
        }
        left -= area;
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
