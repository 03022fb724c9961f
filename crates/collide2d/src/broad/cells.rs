//! Levels and cells: the cell sides, which level and cell a box goes in, when to build the grid
//! anew, and which entries lie in the cells around a box.

use glam::Vec2;

use super::bounds::{f32_down, f32_up, include, Bounds, NOWHERE};
use super::entries::Entry;
use super::BroadPhase;
use crate::math::Order;

/// A collider fits a level when its larger side is at most `cell · (1 − MARGIN)`: the margin
/// covers the rounding of cell coordinates (computed in f64).
const MARGIN: f64 = 1.0 / 1024.0;

/// The share of boxes whose larger side sets the finest cell side.
const QUANTILE: f64 = 0.9;

/// Levels above the one the largest box needs, for boxes that grow.
const SPARE_LEVELS: usize = 2;

/// At most this many levels (cell sides up to `c·2^47`).
const MAX_LEVELS: usize = 48;

/// The level of colliders too large for every grid level.
const HUGE: u8 = u8::MAX;

/// `floor(v · inv)` as a cell coordinate, saturating: f64 keeps the rounding far below the
/// margin, and the cast avoids a libm call.
#[inline(always)]
fn cell_coord(v: f32, inv: f64) -> i32 {
    let x = v as f64 * inv;
    let t = x as i64;
    let f = if (t as f64) > x { t.saturating_sub(1) } else { t };
    f.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// One grid level.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Level {
    pub(super) cell: f64,
    inv: f64,
    /// The largest box side this level takes.
    pub(super) fits: f64,
    /// The sides, in f32, within which a moving box keeps its entry: at most `fits`, and more
    /// than a quarter of it (except on the finest level), so that levels keep boxes of their
    /// size. Only speed depends on them (searches need only the reach), so f32 rounding is
    /// harmless.
    pub(super) keeps: (f32, f32),
    /// Cell numbers are `(cy − origin.1) · width + (cx − origin.0)`, wrapped to the table.
    origin: (i32, i32),
    pub(super) width: u32,
    /// Table size − 1 (a power of two − 1).
    pub(super) mask: u32,
    /// The level's first bucket.
    pub(super) base: u32,
    /// Its colliders now.
    pub(super) count: u32,
    /// Every grid entry of the level is in the bucket of its own cell number, unwrapped (see
    /// [`Level::canonical`]): a bucket then holds one cell, and searches can skip the test of
    /// which cell each entry is in.
    pub(super) pure: bool,
}

impl Level {
    #[inline(always)]
    fn cell_of(&self, p: Vec2) -> (i32, i32) {
        (cell_coord(p.x, self.inv), cell_coord(p.y, self.inv))
    }

    #[inline(always)]
    fn bucket(&self, cx: i32, cy: i32) -> u32 {
        let (x, y) = (cx.wrapping_sub(self.origin.0) as u32, cy.wrapping_sub(self.origin.1) as u32);
        self.base + (y.wrapping_mul(self.width).wrapping_add(x) & self.mask)
    }

    /// Where a box of this level whose entry is in cell `(cx, cy)` may go, its entry staying:
    /// its lower corner in the cell, its upper corner at most the level's largest side past
    /// the cell's upper edge. Two such boxes whose cells are two apart still cannot overlap, so
    /// the 3 × 3 search stays complete, and a box drifting about a cell edge keeps its entry.
    /// Rounded inwards, the lower side by a hair more than the rounding of [`cell_coord`] (so
    /// that a box in the reach is in the cell or above by that function too, as searches
    /// assume); `NOWHERE` for a saturated cell.
    pub(super) fn reach(&self, cx: i32, cy: i32) -> Bounds {
        if [cx, cy].iter().any(|&c| c == i32::MIN || c == i32::MAX) {
            return NOWHERE;
        }
        let (x, y) = (cx as f64 * self.cell, cy as f64 * self.cell);
        let lower = |v: f64| f32_up(v + (v.abs() + self.cell) * 1e-9);
        let far = self.cell + self.fits;
        let (min, max) = (Vec2::new(lower(x), lower(y)), Vec2::new(f32_down(x + far), f32_down(y + far)));
        if min.is_finite() && max.is_finite() {
            Bounds { min, max }
        } else {
            NOWHERE
        }
    }

    /// Whether cell `(cx, cy)` has a cell number below the table size: such cells have
    /// buckets of their own.
    #[inline]
    pub(super) fn canonical(&self, cx: i32, cy: i32) -> bool {
        let (x, y) = (cx as i64 - self.origin.0 as i64, cy as i64 - self.origin.1 as i64);
        // Both factors can reach 2^32: the product overflows, and is then far above the mask.
        let number = y.checked_mul(self.width as i64).and_then(|v| v.checked_add(x));
        (0..self.width as i64).contains(&x) && y >= 0 && number.is_some_and(|n| n <= self.mask as i64)
    }

    /// The number of cells a box spans.
    fn cells(&self, b: &Bounds) -> u64 {
        let (lo, hi) = (self.cell_of(b.min), self.cell_of(b.max));
        ((hi.0 as i64 - lo.0 as i64 + 1) as u64).saturating_mul((hi.1 as i64 - lo.1 as i64 + 1) as u64)
    }

    pub(super) fn buckets(&self) -> std::ops::Range<usize> {
        self.base as usize..(self.base + self.mask + 1) as usize
    }
}

/// The cells of a pure level whose forward neighbours are exactly the next buckets (see
/// [`BroadPhase::interior_entry_pairs`]): those away from the level's left and right edges,
/// whose row above does not wrap. Empty for a level that is not pure.
#[derive(Clone, Copy)]
pub(super) struct Interior {
    /// Cells with `1 <= x <= width - 2`: `x - 1` (wrapping) below this.
    xs: u32,
    /// Cell numbers below this (`mask - width`).
    rs: u64,
}

impl Interior {
    pub(super) fn of(l: &Level) -> Self {
        if l.pure {
            Interior { xs: l.width.saturating_sub(2), rs: (l.mask as u64).saturating_sub(l.width as u64) }
        } else {
            Interior { xs: 0, rs: 0 }
        }
    }

    /// Whether the cell of entry `e` of level `l` is inside.
    #[inline(always)]
    pub(super) fn holds(self, l: &Level, e: &Entry) -> bool {
        let (x, r) = (e.cx.wrapping_sub(l.origin.0) as u32, e.bucket.wrapping_sub(l.base));
        (x.wrapping_sub(1) < self.xs) & ((r as u64) < self.rs)
    }
}

/// The level, cell and bucket of a box.
#[inline]
pub(super) fn locate(levels: &[Level], huge: u32, b: &Bounds) -> (u8, i32, i32, u32) {
    let side = b.side();
    for (k, l) in levels.iter().enumerate() {
        if side <= l.fits {
            let (cx, cy) = l.cell_of(b.min);
            return (k as u8, cx, cy, l.bucket(cx, cy));
        }
    }
    (HUGE, 0, 0, huge)
}

impl BroadPhase {
    /// Whether to build the grid anew: the count of boxes changed a lot, or a level holds many
    /// more boxes than buckets while a new table could have more (the boxes spread over more
    /// cells than the table has buckets; a dense pile gains nothing).
    pub(super) fn crowded(&self) -> bool {
        let grew = self.live > 2 * self.live_at_build + 64;
        let shrank = self.live * 4 + 64 < self.live_at_build;
        let extent = self.spread.unwrap_or_default();
        let level = self.levels.iter().any(|l| {
            let buckets = l.mask as u64 + 1;
            l.count as u64 > 4 * buckets + 16 && l.cells(&extent) > buckets
        });
        grew || shrank || level || self.huge_count > 2 * self.huge_at_build + 16
    }

    /// Builds the grid anew: the cell side, the levels and their tables, every entry.
    pub(super) fn build(&mut self) {
        self.rebuilds += 1;
        self.built = true;
        let mut sides: Vec<f64> = Vec::with_capacity(self.live);
        let mut extent: Option<Bounds> = None;
        for i in self.proxies.live() {
            let b = &self.proxies.tight[i];
            let side = b.side();
            if side.is_finite() {
                sides.push(side);
            }
            include(&mut extent, b);
        }
        self.live_at_build = self.live;
        let span = extent.map_or(0.0, |e| e.side());
        let (cell, levels) = choose_cells(&mut sides, span, self.live);
        self.levels.clear();
        self.levels.extend((0..levels).map(|k| {
            let c = cell * (1u64 << k) as f64;
            let fits = c * (1.0 - MARGIN);
            let least = if k == 0 { -1.0 } else { fits as f32 / 4.0 };
            Level { cell: c, inv: 1.0 / c, fits, keeps: (least, fits as f32), ..Level::default() }
        }));
        let mut counts = vec![0u32; levels];
        for i in self.proxies.live() {
            let side = self.proxies.tight[i].side();
            if let Some(k) = self.levels.iter().position(|l| side <= l.fits) {
                counts[k] += 1;
            }
        }
        let extent = extent.unwrap_or_default();
        let mut base = 0u32;
        for (l, &n) in self.levels.iter_mut().zip(&counts) {
            let (lo, hi) = (l.cell_of(extent.min), l.cell_of(extent.max));
            let w = (hi.0 as i64 - lo.0 as i64 + 1) as u64;
            let cells = l.cells(&extent);
            // One bucket per cell when the extent is small enough, else about two per collider.
            let size = if cells <= 2 * n as u64 { cells } else { 2 * n as u64 }.clamp(1, 1 << 30);
            l.origin = lo;
            l.width = w.min(u32::MAX as u64) as u32;
            l.mask = size.next_power_of_two() as u32 - 1;
            l.base = base;
            base += l.mask + 1;
        }
        self.huge = base;
        self.fill();
        self.huge_at_build = self.huge_count;
    }

    /// Calls `f` for every entry of level `l` that may overlap `b` (each at most once): those
    /// in the cells from one before `b`'s lower corner to its upper corner, or, when that is
    /// more cells than the level has colliders, all of them.
    #[inline]
    pub(super) fn visit_level(&self, l: &Level, b: &Bounds, mut f: impl FnMut(&Entry)) {
        self.visit_level_runs(l, b, |run| run.iter().for_each(&mut f));
    }

    /// [`Self::visit_level`] by runs of entries: a pure level's row of cells is one run of
    /// consecutive buckets, with no cell to test, so a search can test a run without a call
    /// per entry.
    #[inline]
    pub(super) fn visit_level_runs(&self, l: &Level, b: &Bounds, mut f: impl FnMut(&[Entry])) {
        if l.count == 0 {
            return;
        }
        let (x0, y0) = l.cell_of(b.min);
        let (x1, y1) = l.cell_of(b.max);
        let (x0, y0) = (x0.saturating_sub(1), y0.saturating_sub(1));
        if whole_level(cells_spanned((x0, y0), (x1, y1)), l.count) {
            let r = l.buckets();
            return f(&self.entries[self.starts[r.start] as usize..self.starts[r.end] as usize]);
        }
        if l.pure && l.canonical(x0, y0) && l.canonical(x1, y1) {
            // Each bucket holds its own cell only, and a row's cells are consecutive buckets.
            for cy in y0..=y1 {
                let (k0, k1) = (l.bucket(x0, cy) as usize, l.bucket(x1, cy) as usize + 1);
                f(&self.entries[self.starts[k0] as usize..self.starts[k1] as usize]);
            }
            return;
        }
        for cy in y0..=y1 {
            for cx in x0..=x1 {
                for e in self.bucket_entries(l.bucket(cx, cy)) {
                    if (e.cx == cx) & (e.cy == cy) {
                        f(std::slice::from_ref(e));
                    }
                }
            }
        }
    }

    /// Calls `f` for every placed entry that may overlap `b`, at most once each.
    pub(super) fn visit(&self, b: &Bounds, mut f: impl FnMut(&Entry)) {
        for l in &self.levels {
            self.visit_level(l, b, &mut f);
        }
        self.huge_entries().iter().chain(&self.overflow).for_each(f);
    }
}

/// The number of cells from `(x0, y0)` to `(x1, y1)`, corners included, for
/// [`BroadPhase::visit_level_runs`]'s choice. Its own function so that the mutation exclusion
/// for `(x1 − x0) · 1` (a smaller count) names it alone: the count only decides whether to
/// hand over the whole level instead of cell by cell, and both hand over every entry that can
/// overlap, which the caller tests.
#[inline]
fn cells_spanned((x0, y0): (i32, i32), (x1, y1): (i32, i32)) -> i64 {
    (x1 as i64 - x0 as i64 + 1).saturating_mul(y1 as i64 - y0 as i64 + 1)
}

/// Whether a search spanning `cells` cells of a level holding `count` entries hands over the
/// whole level instead of cell by cell: both hand over every entry that can overlap, and the
/// caller tests each, so every mutant of it is equivalent.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn whole_level(cells: i64, count: u32) -> bool {
    cells > count as i64 + 8
}

/// The finest cell side and the number of levels for boxes of these larger sides (finite ones;
/// reordered) spread over an extent of side `span`.
fn choose_cells(sides: &mut [f64], span: f64, live: usize) -> (f64, usize) {
    let (mut base, mut largest) = (0.0f64, 0.0f64);
    if !sides.is_empty() {
        let n = ((sides.len() - 1) as f64 * QUANTILE) as usize;
        let (_, q, above) = sides.select_nth_unstable_by(n, f64::total_cmp);
        let q = *q;
        largest = above.iter().fold(q, |m, &s| m.at_least(s));
        base = if largest <= 1.25 * q { largest } else { q };
    }
    // Room for the base side within the margin; points spread over about one cell each.
    let mut cell = base / (1.0 - 2.0 * MARGIN);
    if cell.is_nan() || cell <= 0.0 {
        cell = span / (live.max(1) as f64).sqrt();
    }
    if !(cell.is_finite() && cell > 0.0) {
        cell = 1.0;
    }
    let mut levels = 1;
    while levels < MAX_LEVELS && cell * (1u64 << (levels - 1)) as f64 * (1.0 - MARGIN) < largest {
        levels += 1;
    }
    (cell, (levels + SPARE_LEVELS).min(MAX_LEVELS))
}
