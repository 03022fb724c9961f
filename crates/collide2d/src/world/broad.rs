//! The broad phase: a uniform grid over a spatial hash, rebuilt with a counting sort at each
//! update, whose cells each list the colliders whose world box covers them.
//!
//! - The cell side is twice the mean of the colliders' larger box sides (so a typical collider
//!   covers one to four cells). A collider covering more than [`BIG_CELLS`] cells (a floor, a
//!   wall) is kept apart in a short "big" list and tested against the cells it covers.
//! - Cells live in a hash table of `2^k` buckets (at least as many as cell entries), so the world
//!   has no fixed bounds; entries of different cells sharing a bucket are told apart by their cell
//!   coordinates.
//! - A pair is reported once: by the cell holding the lower corner of the intersection of the two
//!   boxes (both boxes cover that cell).
//! - Queries between updates look at the colliders changed since the last update one by one and
//!   skip their stale grid entries.

use glam::Vec2;

use crate::query::ray::Ray;

/// The cell side over the mean larger side of the boxes. On the 100,000-box bench (boxes 1 to
/// 4 wide), on-CPU time per step was lowest near 2 (1.0: about 1.8x, 1.5: 1.1-1.3x, 3.0: about
/// 1.1x the time at 2.0; runs are noisy to about 15 %).
const CELL_FACTOR: f64 = 2.0;

/// Colliders covering more cells than this go to the "big" list.
const BIG_CELLS: i64 = 16;

const ALIVE: u8 = 1;
const DIRTY: u8 = 2;
/// In `BroadPhase::order`.
const ORDERED: u8 = 4;

/// `floor(v)` as a cell coordinate (saturating, like `as`), without a libm call.
#[inline(always)]
fn floor_i32(v: f32) -> i32 {
    let i = v as i32;
    if (i as f32) > v {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// A plain box for the broad phase.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub(crate) struct Bounds {
    pub min: Vec2,
    pub max: Vec2,
}

impl Bounds {
    /// Whether the closed boxes share a point (without branches: the answer is unpredictable).
    #[inline(always)]
    pub fn overlaps(&self, o: &Bounds) -> bool {
        (self.min.x <= o.max.x) & (o.min.x <= self.max.x) & (self.min.y <= o.max.y) & (o.min.y <= self.max.y)
    }

    #[inline(always)]
    pub fn union(&self, o: &Bounds) -> Bounds {
        Bounds { min: self.min.min(o.min), max: self.max.max(o.max) }
    }
}

/// What the broad phase knows of one collider (indexed by the collider's slot).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proxy {
    pub tight: Bounds,
    pub generation: u32,
    pub layer: u32,
    pub mask: u32,
    flags: u8,
}

impl Proxy {
    const DEAD: Proxy =
        Proxy { tight: Bounds { min: Vec2::ZERO, max: Vec2::ZERO }, generation: 0, layer: 0, mask: 0, flags: 0 };

    #[inline(always)]
    pub fn alive(&self) -> bool {
        self.flags & ALIVE != 0
    }
}

/// One collider in one cell (the box and filter are copied so that a cell is scanned in order).
#[derive(Clone, Copy, Debug)]
struct Entry {
    b: Bounds,
    cx: i32,
    cy: i32,
    idx: u32,
    layer: u32,
    mask: u32,
    /// Whether this is the collider's lowest cell (each collider has exactly one).
    first: bool,
}

impl Entry {
    #[inline(always)]
    fn allows(&self, o: &Entry) -> bool {
        (self.layer & o.mask) != 0 && (o.layer & self.mask) != 0
    }
}

/// A collider's entry template and the last cell it covers.
#[derive(Clone, Copy, Debug)]
struct Range {
    e: Entry,
    x1: i32,
    y1: i32,
}

#[derive(Debug, Default)]
pub(crate) struct BroadPhase {
    pub proxies: Vec<Proxy>,
    /// Colliders inserted, moved, refiltered or removed since the last update.
    dirty: Vec<u32>,
    inv_cell: f32,
    /// The cell of the extent's lower corner and the grid's width in cells: a cell's bucket is
    /// its row-major number, wrapped to the table size, so that neighbouring cells are
    /// neighbouring buckets.
    origin: (i32, i32),
    width: u32,
    buckets_mask: usize,
    /// Live colliders in the order of their lowest cell at the last update: filling the grid in
    /// this order writes memory almost sequentially, as colliders move little between updates.
    order: Vec<u32>,
    starts: Vec<u32>,
    entries: Vec<Entry>,
    big: Vec<Entry>,
    /// The union of all boxes at the last update (empty grid: `None`).
    extent: Option<Bounds>,
    ranges: Vec<Range>,
    /// The pairs whose boxes overlap and whose filters allow them, `a < b` (slot indices).
    pub pairs: Vec<(u32, u32)>,
    built: bool,
    /// From this many grid entries, the pair search runs on rayon's pool (`usize::MAX`: never).
    pub parallel_entries: usize,
    /// Grid rebuilds done.
    pub rebuilds: usize,
}

impl BroadPhase {
    pub fn new() -> Self {
        Self { parallel_entries: 32 * 1024, ..Self::default() }
    }

    /// The cell side of the current grid (0 before the first update).
    pub fn cell_size(&self) -> f32 {
        if self.inv_cell > 0.0 {
            1.0 / self.inv_cell
        } else {
            0.0
        }
    }

    #[inline(always)]
    fn cell_of(&self, p: Vec2) -> (i32, i32) {
        (floor_i32(p.x * self.inv_cell), floor_i32(p.y * self.inv_cell))
    }

    #[inline(always)]
    fn bucket(&self, cx: i32, cy: i32) -> usize {
        let (x, y) = (cx.wrapping_sub(self.origin.0) as u32, cy.wrapping_sub(self.origin.1) as u32);
        y.wrapping_mul(self.width).wrapping_add(x) as usize & self.buckets_mask
    }

    fn mark(&mut self, idx: u32) {
        let p = &mut self.proxies[idx as usize];
        if p.flags & DIRTY == 0 {
            p.flags |= DIRTY;
            self.dirty.push(idx);
        }
    }

    /// Registers a new collider in slot `idx`.
    pub fn insert(&mut self, idx: u32, generation: u32, tight: Bounds, layer: u32, mask: u32) {
        let i = idx as usize;
        if self.proxies.len() <= i {
            self.proxies.resize(i + 1, Proxy::DEAD);
        }
        let kept = self.proxies[i].flags & (DIRTY | ORDERED);
        self.proxies[i] = Proxy { tight, generation, layer, mask, flags: ALIVE | kept };
        self.mark(idx);
    }

    /// Forgets the collider in slot `idx`.
    pub fn remove(&mut self, idx: u32, next_generation: u32) {
        let p = &mut self.proxies[idx as usize];
        p.flags &= !ALIVE;
        p.generation = next_generation;
        self.mark(idx);
    }

    /// The collider's world box changed.
    #[inline]
    pub fn set_bounds(&mut self, idx: u32, tight: Bounds) {
        self.proxies[idx as usize].tight = tight;
        self.mark(idx);
    }

    /// The collider's filter changed.
    pub fn set_filter(&mut self, idx: u32, layer: u32, mask: u32) {
        let p = &mut self.proxies[idx as usize];
        p.layer = layer;
        p.mask = mask;
        self.mark(idx);
    }

    /// Rebuilds the grid and the pair list if anything changed since the last update.
    pub fn update(&mut self) {
        if self.built && self.dirty.is_empty() {
            return;
        }
        for &i in &self.dirty {
            self.proxies[i as usize].flags &= !DIRTY;
        }
        self.dirty.clear();
        self.built = true;
        self.rebuilds += 1;
        self.build_grid();
        self.find_pairs();
    }

    #[inline(never)]
    fn build_grid(&mut self) {
        // The cell side (twice the mean larger side of the boxes), the extent, the newcomers.
        let (mut sum, mut count) = (0.0f64, 0usize);
        let mut extent: Option<Bounds> = None;
        let mut fresh = Vec::new();
        for (i, p) in self.proxies.iter_mut().enumerate() {
            if !p.alive() {
                p.flags &= !ORDERED;
                continue;
            }
            if p.flags & ORDERED == 0 {
                p.flags |= ORDERED;
                fresh.push(i as u32);
            }
            let d = p.tight.max - p.tight.min;
            sum += d.x.max(d.y) as f64;
            count += 1;
            extent = Some(extent.map_or(p.tight, |e| e.union(&p.tight)));
        }
        self.extent = extent;
        self.entries.clear();
        self.big.clear();
        self.ranges.clear();
        let Some(extent) = extent else {
            self.inv_cell = 1.0;
            self.buckets_mask = 0;
            self.starts.clear();
            self.starts.extend([0, 0]);
            self.order.clear();
            return;
        };
        let mut cell = (CELL_FACTOR * sum / count as f64) as f32;
        if !(cell.is_finite() && cell > 0.0) {
            // Only points (or overflowing sizes): spread them over about one cell each.
            let d = extent.max - extent.min;
            cell = d.x.max(d.y) / (count as f32).sqrt();
        }
        if !(cell.is_finite() && cell > 0.0) {
            cell = 1.0;
        }
        self.inv_cell = 1.0 / cell;
        if !(self.inv_cell.is_finite() && self.inv_cell > 0.0) {
            self.inv_cell = 1.0;
        }
        let (lo, hi) = (self.cell_of(extent.min), self.cell_of(extent.max));
        self.origin = lo;
        let (w, h) = ((hi.0 as i64 - lo.0 as i64 + 1) as u64, (hi.1 as i64 - lo.1 as i64 + 1) as u64);
        self.width = w.min(u32::MAX as u64) as u32;
        let order = std::mem::take(&mut self.order);
        let total = self.collect_ranges(&order, &fresh);
        self.fill(total, w, h);
        // The next update's order.
        let mut order = order;
        order.clear();
        order.extend(self.entries.iter().filter(|e| e.first).map(|e| e.idx));
        order.extend(self.big.iter().map(|e| e.idx));
        self.order = order;
    }

    /// The cells each box covers, in the last update's order; big boxes apart. Returns the
    /// number of cell entries.
    #[inline(never)]
    fn collect_ranges(&mut self, order: &[u32], fresh: &[u32]) -> usize {
        let mut total = 0usize;
        for &i in order.iter().chain(fresh) {
            let p = &self.proxies[i as usize];
            if !p.alive() {
                continue;
            }
            let (x0, y0) = self.cell_of(p.tight.min);
            let (x1, y1) = self.cell_of(p.tight.max);
            let cells = (x1 as i64 - x0 as i64 + 1).saturating_mul(y1 as i64 - y0 as i64 + 1);
            let e = Entry { b: p.tight, cx: x0, cy: y0, idx: i, layer: p.layer, mask: p.mask, first: true };
            if cells > BIG_CELLS {
                self.big.push(e);
            } else {
                total += cells as usize;
                self.ranges.push(Range { e, x1, y1 });
            }
        }
        total
    }

    /// Counting sort of the entries into buckets.
    #[inline(never)]
    fn fill(&mut self, total: usize, w: u64, h: u64) {
        // Counting sort of the entries into buckets: one per cell when the grid is small enough,
        // else wrapped.
        let buckets = if w.saturating_mul(h) <= 2 * total as u64 {
            (w * h).max(1).next_power_of_two() as usize
        } else {
            total.max(1).next_power_of_two()
        };
        self.buckets_mask = buckets - 1;
        self.starts.clear();
        self.starts.resize(buckets + 1, 0);
        for r in &self.ranges {
            for cy in r.e.cy..=r.y1 {
                for cx in r.e.cx..=r.x1 {
                    let k = self.bucket(cx, cy);
                    self.starts[k + 1] += 1;
                }
            }
        }
        for k in 0..buckets {
            self.starts[k + 1] += self.starts[k];
        }
        let mut next: Vec<u32> = self.starts[..buckets].to_vec();
        let blank = Entry { b: Bounds::default(), cx: 0, cy: 0, idx: 0, layer: 0, mask: 0, first: false };
        self.entries.resize(total, blank);
        for r in &self.ranges {
            for cy in r.e.cy..=r.y1 {
                for cx in r.e.cx..=r.x1 {
                    let k = self.bucket(cx, cy);
                    let slot = &mut next[k];
                    self.entries[*slot as usize] = Entry { cx, cy, first: cx == r.e.cx && cy == r.e.cy, ..r.e };
                    *slot += 1;
                }
            }
        }
    }

    fn find_pairs(&mut self) {
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        let push = |pairs: &mut Vec<(u32, u32)>, a: u32, b: u32| pairs.push((a.min(b), a.max(b)));
        let buckets = self.buckets_mask + 1;
        #[cfg(feature = "parallel")]
        if self.entries.len() >= self.parallel_entries {
            use rayon::prelude::*;
            let chunks = 8 * rayon::current_num_threads();
            let per = buckets.div_ceil(chunks);
            let parts: Vec<Vec<(u32, u32)>> = (0..chunks)
                .into_par_iter()
                .map(|c| {
                    let mut v = Vec::new();
                    self.bucket_pairs((c * per).min(buckets), ((c + 1) * per).min(buckets), &mut v);
                    v
                })
                .collect();
            for part in parts {
                pairs.extend(part);
            }
        } else {
            self.bucket_pairs(0, buckets, &mut pairs);
        }
        #[cfg(not(feature = "parallel"))]
        self.bucket_pairs(0, buckets, &mut pairs);
        // Big boxes against the cells they cover, and against each other.
        for (n, g) in self.big.iter().enumerate() {
            self.visit_cells(&g.b, |e| {
                if e.b.overlaps(&g.b) && e.allows(g) {
                    push(&mut pairs, e.idx, g.idx);
                }
            });
            for h in &self.big[n + 1..] {
                if g.b.overlaps(&h.b) && g.allows(h) {
                    push(&mut pairs, g.idx, h.idx);
                }
            }
        }
        self.pairs = pairs;
    }

    /// The pairs found within buckets `k0..k1`: entries of the same cell, reported by the cell of
    /// the lower corner of their intersection.
    #[inline(never)]
    fn bucket_pairs(&self, k0: usize, k1: usize, out: &mut Vec<(u32, u32)>) {
        for k in k0..k1 {
            let (s, e) = (self.starts[k] as usize, self.starts[k + 1] as usize);
            let bucket = &self.entries[s..e];
            for (n, a) in bucket.iter().enumerate() {
                for b in &bucket[n + 1..] {
                    if !(a.b.overlaps(&b.b) & (a.cx == b.cx) & (a.cy == b.cy)) || !a.allows(b) {
                        continue;
                    }
                    if self.cell_of(a.b.min.max(b.b.min)) == (a.cx, a.cy) {
                        out.push((a.idx.min(b.idx), a.idx.max(b.idx)));
                    }
                }
            }
        }
    }

    /// Calls `f` once for each grid entry (collider) that may overlap `b`: each collider whose
    /// cells meet `b`'s, once (not the big ones, nor the changes since the last update).
    #[inline]
    fn visit_cells(&self, b: &Bounds, mut f: impl FnMut(&Entry)) {
        if self.entries.is_empty() {
            return;
        }
        let (x0, y0) = self.cell_of(b.min);
        let (x1, y1) = self.cell_of(b.max);
        let cells = (x1 as i64 - x0 as i64 + 1).saturating_mul(y1 as i64 - y0 as i64 + 1);
        if cells >= self.entries.len() as i64 {
            // Cheaper to look at every entry, once per collider (by its lowest cell in `b`).
            for e in &self.entries {
                let (cx, cy) = self.cell_of(e.b.min.max(b.min));
                if (cx, cy) == (e.cx, e.cy) {
                    f(e);
                }
            }
            return;
        }
        for cy in y0..=y1 {
            for cx in x0..=x1 {
                let k = self.bucket(cx, cy);
                for e in &self.entries[self.starts[k] as usize..self.starts[k + 1] as usize] {
                    if e.cx == cx && e.cy == cy && self.cell_of(e.b.min.max(b.min)) == (cx, cy) {
                        f(e);
                    }
                }
            }
        }
    }

    /// Calls `f(idx)` once for every live collider whose current box overlaps `b`.
    pub fn query(&self, b: &Bounds, mut f: impl FnMut(u32)) {
        let fresh = |i: u32| self.proxies[i as usize].flags & (DIRTY | ALIVE) == ALIVE;
        self.visit_cells(b, |e| {
            if fresh(e.idx) && e.b.overlaps(b) {
                f(e.idx);
            }
        });
        for g in &self.big {
            if fresh(g.idx) && g.b.overlaps(b) {
                f(g.idx);
            }
        }
        for &i in &self.dirty {
            let p = &self.proxies[i as usize];
            if p.alive() && p.tight.overlaps(b) {
                f(i);
            }
        }
    }

    /// Visits the colliders whose box the ray may meet within the reach, nearer stretches of the
    /// ray first; `f(idx, reach)` returns the new reach (a hit's distance, or the old reach). A
    /// collider may be visited more than once.
    pub fn ray(&self, ray: &Ray, max_t: f32, mut f: impl FnMut(u32, f32) -> f32) {
        let mut reach = max_t;
        for &i in &self.dirty {
            if self.proxies[i as usize].alive() {
                reach = f(i, reach);
            }
        }
        for g in &self.big {
            if self.proxies[g.idx as usize].flags & (DIRTY | ALIVE) == ALIVE {
                reach = f(g.idx, reach);
            }
        }
        let Some(extent) = self.extent else { return };
        if self.entries.is_empty() {
            return;
        }
        // The stretch of the ray inside the grid's extent.
        let Some((t0, t1)) = slab(&extent, ray, reach) else { return };
        let fresh = |i: u32| self.proxies[i as usize].flags & (DIRTY | ALIVE) == ALIVE;
        // March in stretches one cell long, querying each stretch's box (slightly grown). When
        // that would take more stretches than there are entries (a far-flung world, a ray far
        // from the origin where a cell is below the rounding step), test every collider instead.
        let step = 1.0 / self.inv_cell;
        let grow = Vec2::splat(step * 1e-3);
        let stretches = (t1 - t0) * self.inv_cell;
        if stretches.is_nan() || stretches > self.entries.len() as f32 + 64.0 {
            for e in self.entries.iter().filter(|e| e.first && fresh(e.idx)) {
                reach = f(e.idx, reach);
            }
            return;
        }
        let mut t = t0;
        while t <= t1.min(reach) {
            let t_end = (t + step).min(t1);
            if t_end <= t && t_end < t1 {
                // No progress at this distance: finish with every collider.
                for e in self.entries.iter().filter(|e| e.first && fresh(e.idx)) {
                    reach = f(e.idx, reach);
                }
                return;
            }
            let (p, q) = (ray.at(t), ray.at(t_end));
            let b = Bounds { min: p.min(q) - grow, max: p.max(q) + grow };
            self.visit_cells(&b, |e| {
                if fresh(e.idx) && e.b.overlaps(&b) {
                    reach = f(e.idx, reach);
                }
            });
            if t_end >= t1 {
                break;
            }
            t = t_end;
        }
    }
}

/// The part `[t0, t1]` of the ray within `max_t` that lies in the box, if any.
fn slab(b: &Bounds, ray: &Ray, max_t: f32) -> Option<(f32, f32)> {
    let (o, d) = (ray.origin(), ray.direction());
    let (mut t0, mut t1) = (0.0f32, max_t);
    for axis in 0..2 {
        let (o, d, lo, hi) = (o[axis], d[axis], b.min[axis], b.max[axis]);
        if d == 0.0 {
            if o < lo || o > hi {
                return None;
            }
        } else {
            let inv = 1.0 / d;
            let (mut a, mut c) = ((lo - o) * inv, (hi - o) * inv);
            if a > c {
                std::mem::swap(&mut a, &mut c);
            }
            t0 = t0.max(a);
            t1 = t1.min(c);
            if t0 > t1 {
                return None;
            }
        }
    }
    Some((t0, t1))
}
