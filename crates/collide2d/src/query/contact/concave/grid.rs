//! The uniform grid over the regions (step 4): the regions each block of cells lists, and which
//! cells lie wholly inside one region. Apart from the search, which only asks it questions.

use glam::Vec2;

use super::budget;
use super::regions::{box_within, Region, Regions};
use super::stretch::box_inside;
use crate::math::Order;

/// At most this many grid cells along each axis (about the square root of the region count
/// below that). Finer cells are more often wholly inside one region, which leaves fewer faces
/// to examine; the cost is the per-cell certification. On the game bench's traced sprites (with
/// pieces joined past Hertel–Mehlhorn), √n cells a side beat 2√n by 14 % at the Exact level
/// and 4 % at Optimal; 3√n and 4√n were slower still.
const GRID: usize = 128;

/// A uniform grid over the regions' bounds: each cell lists the regions whose bounds meet it.
pub(super) struct Grid {
    pub(super) origin: Vec2,
    pub(super) inv_cell: Vec2,
    /// Cells along each axis.
    pub(super) n: usize,
    /// Cells along each axis of a list block: the region lists are kept per `block × block`
    /// cells (regions are often large, and each is listed in every block it meets).
    pub(super) block: usize,
    /// Blocks along each axis.
    pub(super) blocks: usize,
    pub(super) start: Vec<u32>,
    pub(super) items: Vec<u32>,
}

impl Grid {
    /// The grid over `regions`, its lists in `start` and `items` (reused buffers, as is `fill`).
    /// Regions within the disc of radius `inner` around the origin are not listed: that disc
    /// lies inside the union, and they hold nothing beyond it.
    pub(super) fn build(
        regions: &Regions,
        inner: f32,
        mut start: Vec<u32>,
        mut items: Vec<u32>,
        fill: &mut Vec<u32>,
    ) -> Grid {
        let info = &regions.info;
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for r in info {
            lo = lo.min(r.lo);
            hi = hi.max(r.hi);
        }
        let size = hi - lo;
        let n = if size.is_finite() && size.min_element() > 0.0 {
            ((info.len() as f32).sqrt().ceil() as usize).clamp(1, GRID)
        } else {
            1
        };
        let block = if n >= 16 { 4 } else { 1 };
        let blocks = n.div_ceil(block);
        let inv_cell = if n > 1 { Vec2::splat(n as f32) / size } else { Vec2::ZERO };
        let cells = blocks * blocks;
        start.clear();
        start.resize(cells + 1, 0);
        let mut grid = Grid { origin: lo, inv_cell, n, block, blocks, start, items: Vec::new() };
        let listed = |r: &Region| !box_within(r.lo, r.hi, 0.0, inner);
        let entries: u64 = info
            .iter()
            .filter(|r| listed(r))
            .map(|r| {
                let (x0, x1, y0, y1) = grid.blocks_of(r.lo, r.hi);
                ((x1 - x0 + 1) * (y1 - y0 + 1)) as u64
            })
            .sum();
        budget::charge(entries / 2);
        if budget::spent() {
            // The search stops before its first step: every list left empty.
            items.clear();
            grid.items = items;
            return grid;
        }
        for r in info.iter().filter(|r| listed(r)) {
            let (x0, x1, y0, y1) = grid.blocks_of(r.lo, r.hi);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    grid.start[y * blocks + x + 1] += 1;
                }
            }
        }
        for c in 0..cells {
            grid.start[c + 1] += grid.start[c];
        }
        fill.clear();
        fill.extend_from_slice(&grid.start);
        items.clear();
        items.resize(grid.start[cells] as usize, 0);
        for (k, r) in info.iter().enumerate().filter(|(_, r)| listed(r)) {
            let (x0, x1, y0, y1) = grid.blocks_of(r.lo, r.hi);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y * blocks + x;
                    items[fill[c] as usize] = k as u32;
                    fill[c] += 1;
                }
            }
        }
        grid.items = items;
        grid
    }

    /// The cell ranges `(x0, x1, y0, y1)` a box meets (clamped; NaN lands in cell 0).
    pub(super) fn cells(&self, lo: Vec2, hi: Vec2) -> (usize, usize, usize, usize) {
        let last = (self.n - 1) as f32;
        let cell = |v: f32| (v.at_least(0.0).at_most(last)) as usize;
        let (a, b) = ((lo - self.origin) * self.inv_cell, (hi - self.origin) * self.inv_cell);
        (cell(a.x), cell(b.x).max(cell(a.x)), cell(a.y), cell(b.y).max(cell(a.y)))
    }

    /// Cell `(x, y)`'s box, grown by a thousandth of a cell each way, so that every point the
    /// grid files under the cell lies in it whatever the rounding.
    pub(super) fn cell_box(&self, x: usize, y: usize) -> (Vec2, Vec2) {
        let size = Vec2::ONE / self.inv_cell;
        let slack = size * 1e-3;
        let lo = self.origin + Vec2::new(x as f32, y as f32) * size - slack;
        (lo, lo + size + slack * 2.0)
    }

    /// Whether `f(x, y)` holds for every cell `(x, y)` the segment `[a, b]` passes through
    /// (stopping at the first that fails), as `cells` files its points (clamped to the grid):
    /// row by row, the cells between where it enters the row and where it leaves, both grown by
    /// a hundredth of a cell so that rounding cannot skip one.
    pub(super) fn all_along(&self, a: Vec2, b: Vec2, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let (x0, x1, y0, y1) = self.cells(a.min(b), a.max(b));
        if few_columns(x0, x1) || rows_spanned(y0, y1) < 2 {
            // Two rows or columns at most: the box's cells are hardly more, and cost less to
            // list (on the game bench's traced sprites, walking the rows of these too cost 2 %
            // more instructions at Optimal).
            return Self::all_cells((x0, x1, y0, y1), f);
        }
        let size = Vec2::ONE / self.inv_cell;
        let slack = size * 1e-2;
        // Where the segment is at height `y`, clamped to its ends (the rows lie within its
        // height, so `b.y − a.y` is not 0).
        let at = |y: f32| a.x + ((y - a.y) / (b.y - a.y)).clamp(0.0, 1.0) * (b.x - a.x);
        (y0..=y1).all(|y| {
            // The first and last rows also hold whatever lies below and above the grid.
            let bottom = self.origin.y + y as f32 * size.y - slack.y;
            let top = bottom + size.y + 2.0 * slack.y;
            let bottom = if y == 0 { f32::NEG_INFINITY } else { bottom };
            let top = if y + 1 == self.n { f32::INFINITY } else { top };
            let (xa, xb) = (at(bottom), at(top));
            let (from, to, _, _) =
                self.cells(Vec2::splat(xa.at_most(xb) - slack.x), Vec2::splat(xa.at_least(xb) + slack.x));
            (from..=to).all(|x| f(x, y))
        })
    }

    /// The block ranges a box meets.
    fn blocks_of(&self, lo: Vec2, hi: Vec2) -> (usize, usize, usize, usize) {
        let (x0, x1, y0, y1) = self.cells(lo, hi);
        let b = self.block;
        (x0 / b, x1 / b, y0 / b, y1 / b)
    }

    /// Whether `f(x, y)` holds for every cell of the range `(x0, x1, y0, y1)` (as `cells`
    /// gives it), stopping at the first that fails.
    pub(super) fn all_cells(
        (x0, x1, y0, y1): (usize, usize, usize, usize),
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        (y0..=y1).all(|y| (x0..=x1).all(|x| f(x, y)))
    }

    /// The regions listed for the block holding point `x`, and that block's index.
    pub(super) fn list_at(&self, x: Vec2) -> (&[u32], usize) {
        let (cx, _, cy, _) = self.cells(x, x);
        self.list(cx, cy)
    }

    /// The regions listed for the block holding cell `(x, y)`, and that block's index.
    pub(super) fn list(&self, x: usize, y: usize) -> (&[u32], usize) {
        let c = (y / self.block) * self.blocks + x / self.block;
        (&self.items[self.start[c] as usize..self.start[c + 1] as usize], c)
    }

    /// Calls `f(region)` once for each region whose cell list meets the box `[lo, hi]` until it
    /// returns true; `seen` (one stamp per region) filters repeats.
    pub(super) fn any_in(&self, lo: Vec2, hi: Vec2, seen: &mut Stamps, mut f: impl FnMut(usize) -> bool) -> bool {
        let (x0, x1, y0, y1) = self.blocks_of(lo, hi);
        seen.next();
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = y * self.blocks + x;
                let list = &self.items[self.start[c] as usize..self.start[c + 1] as usize];
                budget::charge(1 + list.len() as u64 / 8);
                for &k in list {
                    if seen.first_visit(k as usize) && f(k as usize) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether a segment's cells span fewer than two more columns than one (`all_along` then lists
/// its box's cells rather than walking its rows). It stands apart because it only decides which
/// of two listings covers the segment: the rows take every cell the segment passes through and a
/// few beside it, the box all of those and more, so counting the span as a sum, or sending a box
/// of exactly three columns one way or the other, only changes how many cells are tested (the
/// count the tests bound grows with the columns, so three columns walked box-wise stay in it).
#[inline]
fn few_columns(x0: usize, x1: usize) -> bool {
    x1 - x0 < 2
}

/// How many rows a segment's cells span beyond the first (`all_along` lists the box's cells
/// when that is under 2). It stands apart from the comparison, whose mutants the count of cells
/// visited catches: counted as a sum, the span only sends narrow boxes to the row walk, and a
/// single row walked (b.y = a.y) divides a nonzero height by zero, whose infinities clamp to the
/// segment's ends, so the same cells are tested.
#[inline]
fn rows_spanned(y0: usize, y1: usize) -> usize {
    y1 - y0
}

/// Per-region visit marks, reset in O(1) per query by bumping the stamp.
pub(super) struct Stamps {
    pub(super) marks: Vec<u32>,
    pub(super) stamp: u32,
}

impl Stamps {
    pub(super) fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    pub(super) fn first_visit(&mut self, k: usize) -> bool {
        let fresh = self.marks[k] != self.stamp;
        self.marks[k] = self.stamp;
        fresh
    }
}

/// Which grid cells lie wholly inside one region by more than `margin`, found by testing
/// corners (regions are convex) on first use: a cell's whole block of cells first, then the cell,
/// each time trying the region that held the previous box before the block's list.
pub(super) struct Solid {
    /// Per cell and per block: `UNTESTED`, `INSIDE` or `OPEN`.
    pub(super) cells: Vec<u8>,
    pub(super) blocks: Vec<u8>,
    last: usize,
    /// The radius of a disc around the origin inside the union: a cell within it is inside.
    inner: f32,
}

const UNTESTED: u8 = 0;
const INSIDE: u8 = 1;
const OPEN: u8 = 2;

impl Solid {
    pub(super) fn new(grid: &Grid, inner: f32, mut cells: Vec<u8>, mut blocks: Vec<u8>) -> Self {
        cells.clear();
        cells.resize(grid.n * grid.n, UNTESTED);
        blocks.clear();
        blocks.resize(grid.blocks * grid.blocks, UNTESTED);
        Solid { cells, blocks, last: usize::MAX, inner }
    }

    pub(super) fn get(&mut self, regions: &Regions, grid: &Grid, margin: f32, x: usize, y: usize) -> bool {
        let n = grid.n;
        let cell = y * n + x;
        if self.cells[cell] == UNTESTED {
            let size = Vec2::ONE / grid.inv_cell;
            // Cells are grown a little so that a point the grid files under a cell surely lies in it.
            let slack = size * 1e-3;
            let corner = |x: usize, y: usize| grid.origin + Vec2::new(x as f32, y as f32) * size;
            let (list, block) = grid.list(x, y);
            let b = grid.block;
            if b > 1 && self.blocks[block] == UNTESTED {
                let (x0, y0) = (x / b * b, y / b * b);
                let (x1, y1) = ((x0 + b).min(n), (y0 + b).min(n));
                let whole = self.held(regions, margin, corner(x0, y0) - slack, corner(x1, y1) + slack, list);
                self.blocks[block] = if whole { INSIDE } else { OPEN };
            }
            let inside = self.blocks[block] == INSIDE
                || self.held(regions, margin, corner(x, y) - slack, corner(x + 1, y + 1) + slack, list);
            self.cells[cell] = if inside { INSIDE } else { OPEN };
        }
        self.cells[cell] == INSIDE
    }

    /// Whether one region of `list` holds the box `[lo, hi]`, or the inner disc does.
    fn held(&mut self, regions: &Regions, margin: f32, lo: Vec2, hi: Vec2, list: &[u32]) -> bool {
        if box_within(lo, hi, 0.0, self.inner) {
            return true;
        }
        let holds = |m: usize| {
            budget::charge(1);
            let r = &regions.info[m];
            r.lo.cmple(lo).all() && hi.cmple(r.hi).all() && box_inside(regions, m, lo, hi, margin)
        };
        if self.last < regions.info.len() && holds(self.last) {
            return true;
        }
        match list.iter().find(|&&m| holds(m as usize)) {
            Some(&m) => {
                self.last = m as usize;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use glam::Vec2;
    use proptest::prelude::*;

    use super::Grid;

    /// An empty grid of `n` × `n` cells of size `cell` from `origin`.
    fn grid(origin: Vec2, cell: Vec2, n: usize) -> Grid {
        Grid { origin, inv_cell: Vec2::ONE / cell, n, block: 1, blocks: n, start: vec![0; n * n + 1], items: vec![] }
    }

    proptest! {
        /// `all_along` visits the cell of every point of the segment (sampled), and not many
        /// more: a few per row and column it crosses, where the cells its bounds meet would be
        /// rows times columns. It stops at the first cell that fails.
        #[test]
        fn the_cells_along_a_segment_hold_all_its_points(
            origin in (-1e3f32..1e3, -1e3f32..1e3),
            cell in (1e-3f32..10.0, 1e-3f32..10.0),
            n in 2usize..64,
            ends in ((-0.2f32..1.2, -0.2f32..1.2), (-0.2f32..1.2, -0.2f32..1.2)),
        ) {
            let (origin, cell) = (Vec2::from(origin), Vec2::from(cell));
            let g = grid(origin, cell, n);
            let extent = cell * n as f32;
            let (a, b) = (origin + Vec2::from(ends.0) * extent, origin + Vec2::from(ends.1) * extent);
            let mut visited = HashSet::new();
            let all = g.all_along(a, b, |x, y| {
                visited.insert((x, y));
                true
            });
            prop_assert!(all);
            for i in 0..=200 {
                let p = a.lerp(b, i as f32 / 200.0);
                let (x, _, y, _) = g.cells(p, p);
                prop_assert!(visited.contains(&(x, y)), "{p}: cell ({x}, {y}) not visited");
            }
            let (_, _, y0, y1) = g.cells(a.min(b), a.max(b));
            let (x0, x1, _, _) = g.cells(a.min(b), a.max(b));
            let (rows, columns) = (y1 - y0 + 1, x1 - x0 + 1);
            let most = 2 * (rows + columns) + 2 * rows;
            prop_assert!(visited.len() <= most, "{} cells for {rows} rows, {columns} columns", visited.len());
            if let Some(&stop) = visited.iter().next() {
                let mut after = 0;
                let all = g.all_along(a, b, |x, y| {
                    after += 1;
                    (x, y) != stop
                });
                prop_assert!(!all, "passed the failing cell");
                prop_assert!(after <= visited.len());
            }
        }
    }
}
