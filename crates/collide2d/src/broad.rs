//! The broad phase: which of many boxes overlap, without testing every pair. [`BroadPhase`]
//! keeps boxes under small integer keys (yours: entity ids, slot numbers) and, at each
//! [`update`](BroadPhase::update), the list of overlapping pairs. [`World`](crate::World)
//! runs on it; use it directly when you keep shapes and transforms yourself.
//!
//! ```
//! use collide2d::broad::BroadPhase;
//! use collide2d::Aabb;
//!
//! let mut bp = BroadPhase::new();
//! bp.insert(0, &Aabb::from_xywh(0.0, 0.0, 2.0, 2.0)?)?;
//! bp.insert(1, &Aabb::from_xywh(1.0, 1.0, 2.0, 2.0)?)?;
//! bp.insert(7, &Aabb::from_xywh(10.0, 0.0, 1.0, 1.0)?)?;
//! assert_eq!(bp.update(), &[(0, 1)]);
//!
//! // Move key 7 onto key 1 (touching counts): the pair list follows at the next update.
//! bp.insert(7, &Aabb::from_xywh(3.0, 3.0, 1.0, 1.0)?)?;
//! let mut pairs = bp.update().to_vec();
//! pairs.sort();
//! assert_eq!(pairs, vec![(0, 1), (1, 7)]);
//!
//! let mut hits = Vec::new();
//! bp.query_aabb(&Aabb::from_xywh(-1.0, -1.0, 1.5, 1.5)?, |key| hits.push(key));
//! assert_eq!(hits, vec![0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How it works: a hierarchy of uniform grids over spatial hashes, kept from one update to the
//! next, with one entry per box.
//!
//! - **Levels.** Level `k` has cells of side `c·2^k`. A box lives in the finest level whose
//!   cell side exceeds its larger side (by a margin), in the cell holding its lower corner, so
//!   another box of that level can only overlap it from the 3 × 3 cells around. `c` is chosen
//!   when the grid is built: the 90th percentile of the boxes' larger sides, or the largest side
//!   when that is at most 1.25 times the percentile (a scene of similar boxes then has one
//!   level). Boxes too large for every level go to a last "huge" bucket and are tested against
//!   everything.
//! - **Storage.** All entries sit in one array sorted by bucket (levels one after the other,
//!   each a hash table of `2^k` buckets, cells numbered row-major so that the neighbours of a
//!   cell are the neighbouring buckets, whatever the wrapping). An entry copies its box and
//!   filter, so that a bucket is scanned in order; the box is kept as `(min, −max)`, so that
//!   one four-lane comparison tests a candidate. Changes only mark the key; the next update
//!   applies them. A level whose entries all have cell numbers below its table size (no
//!   wrapping: a dense scene) is *pure*: each bucket holds one cell, and searches away from
//!   its edges skip the test of which cell a candidate is in.
//! - **Coherence.** An entry stays in its cell while its box stays within the cell's *reach*:
//!   lower corner in the cell, upper corner at most the level's largest side past the cell's
//!   upper edge (two boxes whose cells are two apart still cannot overlap). Most moves of a
//!   step are small, so most boxes only have their box rewritten in place (in the benchmark,
//!   boxes of side 1 to 4 moving up to 0.1 per step, about 1 % leave their reach per step;
//!   placing every box anew at each update had cost a third of a step).
//! - **Updates.** When many boxes changed (more than one in 10), every pair is searched, entry
//!   by entry in array order: each entry against the later entries of its own cell, the four
//!   "forward" neighbour cells of its level (`(x+1, y)` and the three above, which are
//!   contiguous buckets), and, for the finer levels, the cells whose boxes could reach it.
//!   A box that left its reach for the cell beside its own, in the same row of a pure level,
//!   trades places with the first or last entry of its bucket, and the bucket's edge moves
//!   past it (about 4 in 10 of those leaving, in the benchmark). The others go to a short
//!   overflow list (their old entry becomes a tombstone that overlaps nothing), searched around
//!   each of its boxes and swept along x against itself, until it grows long enough that a merge
//!   into the array costs less. When more than one box in 10 left its reach, the array is
//!   written anew by a counting sort. When few changed, the old pairs between unchanged boxes
//!   are kept (with the world's narrow-phase results, still valid), and each changed box looks
//!   for partners around it: a mostly static scene costs about as much as its moving part.
//! - The grid is built anew (a new `c`, new table sizes) on the first update, when the number of
//!   boxes has doubled or fallen to a quarter, or when a level has grown crowded.
//! - Queries between updates look one by one at the boxes that left their entries' reach
//!   (and at new and refiltered ones) and skip their entries; boxes still within their
//!   entries' reach are found through them, with their boxes of now.
//! - Keys index tables, so they should be small and dense (at most [`BroadPhase::MAX_KEY`]).

use glam::Vec2;
use thiserror::Error;

use crate::filter::CollisionFilter;
use crate::math::slab_range;
use crate::query::ray::Ray;
use crate::shape::Aabb;

/// Figures of a broad phase ([`BroadPhase::stats`], [`World::broad_phase_stats`](crate::World::broad_phase_stats)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BroadPhaseStats {
    /// Pairs whose boxes overlapped at the last update (the narrow phase's candidates).
    pub candidate_pairs: usize,
    /// The finest grid's cell side at the last update (0 before the first).
    pub cell_size: f32,
    /// Times the grid was built anew (new cell sizes and tables): at the first update, and when
    /// the number of boxes doubled, fell to a quarter, or crowded a level.
    pub rebuilds: usize,
    /// Updates that searched all pairs (many boxes had changed; a box moved several times
    /// since the last update may count more than once when those moves number more than half
    /// the boxes).
    pub full_searches: usize,
    /// Updates that kept the pairs between unchanged boxes and searched around the changed ones
    /// (at most one box in 10 had changed).
    pub incremental_updates: usize,
}

/// Why a [`BroadPhase`] refused a call.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum BroadPhaseError {
    /// Keys index a table: they must be at most [`BroadPhase::MAX_KEY`].
    #[error("broad phase key {key} is above the largest allowed, {max} (use small, dense keys)")]
    KeyTooLarge {
        /// The key given.
        key: u32,
        /// [`BroadPhase::MAX_KEY`].
        max: u32,
    },
}

/// Incremental pair updates when at most one box in this many changed. On the 100,000-box
/// scene (measured again once entries kept their cells): for the pairs alone, a full search is
/// cheaper above about one in 20 (8.3 % changed: 5.5 ms full, 6.2 incremental); for a World
/// step, which keeps the narrow-phase results of unchanged pairs, incremental wins at least up
/// to one in 8 (27.0 ms against 32.6). One in 10 serves both.
pub(crate) const INCREMENTAL_SHARE: usize = 10;

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

/// `Entry::idx` of a removed collider's entry (dropped at the next sort).
const DEAD: u32 = u32::MAX;

const ALIVE: u8 = 1;
/// In `BroadPhase::moved`.
const MOVED: u8 = 2;
/// Has an entry at `BroadPhase::pos`.
const PLACED: u8 = 4;

/// The smallest f32 at least `x` (`x` finite).
fn f32_up(x: f64) -> f32 {
    let y = x as f32;
    if y as f64 >= x {
        y
    } else if y == 0.0 {
        f32::from_bits(1)
    } else if y > 0.0 {
        f32::from_bits(y.to_bits() + 1)
    } else {
        f32::from_bits(y.to_bits() - 1)
    }
}

/// The largest f32 at most `x` (`x` finite).
fn f32_down(x: f64) -> f32 {
    -f32_up(-x)
}

/// The overflow index in the low half of a sort key (`key << 32 | index`; see
/// [`BroadPhase::find_pairs`]).
#[inline(always)]
fn overflow_index(o: u64) -> usize {
    o as u32 as usize
}

/// The bits of `x` as an integer in the order of the values (for finite `x`; `-0.0` before
/// `0.0`), so that sorting integers sorts the values.
#[inline(always)]
fn ordered_bits(x: f32) -> u32 {
    let b = x.to_bits();
    if b >> 31 == 1 {
        !b
    } else {
        b | 1 << 31
    }
}

/// `floor(v · inv)` as a cell coordinate, saturating: f64 keeps the rounding far below the
/// margin, and the cast avoids a libm call.
#[inline(always)]
fn cell_coord(v: f32, inv: f64) -> i32 {
    let x = v as f64 * inv;
    let t = x as i64;
    let f = if (t as f64) > x { t.saturating_sub(1) } else { t };
    f.clamp(i32::MIN as i64, i32::MAX as i64) as i32
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

    /// The larger side, in f64 so that it cannot overflow.
    #[inline(always)]
    fn side(&self) -> f64 {
        (self.max.x as f64 - self.min.x as f64).max(self.max.y as f64 - self.min.y as f64)
    }
}

/// A box as the pair search reads it: `(min.x, min.y, −max.x, −max.y)`. Two boxes overlap when
/// each lane of one is at most the same lane of the other's [`probe`](Packed::probe): one
/// four-lane comparison per candidate, with no shuffle.
#[derive(Clone, Copy, Debug)]
struct Packed([f32; 4]);

impl Packed {
    #[inline(always)]
    fn of(b: &Bounds) -> Self {
        Packed([b.min.x, b.min.y, -b.max.x, -b.max.y])
    }

    #[inline(always)]
    fn bounds(&self) -> Bounds {
        let [a, b, c, d] = self.0;
        Bounds { min: Vec2::new(a, b), max: Vec2::new(-c, -d) }
    }

    /// `(max.x, max.y, −min.x, −min.y)`: [`Packed::meets`] this to overlap the box.
    #[inline(always)]
    fn probe(&self) -> [f32; 4] {
        let [a, b, c, d] = self.0;
        [-c, -d, -a, -b]
    }

    /// Whether this box overlaps the one `probe` was taken from (touching counts; false when
    /// either has a NaN, as a buried entry does).
    #[inline(always)]
    fn meets(&self, probe: &[f32; 4]) -> bool {
        let (s, p) = (&self.0, probe);
        (s[0] <= p[0]) & (s[1] <= p[1]) & (s[2] <= p[2]) & (s[3] <= p[3])
    }
}

/// The output of [`BroadPhase::sort`]'s merge.
struct Merged<'a> {
    spare: &'a mut Vec<Entry>,
    pos: &'a mut [u32],
    starts: &'a mut [u32],
    /// The lane-wise least of the kept boxes' [`Packed`] forms: their union, packed.
    union: [f32; 4],
}

impl Merged<'_> {
    /// Appends `e` unless it is a tombstone.
    #[inline(always)]
    fn keep(&mut self, e: &Entry) {
        if e.idx != DEAD {
            self.pos[e.idx as usize] = self.spare.len() as u32;
            self.spare.push(*e);
            self.union = std::array::from_fn(|k| if e.p.0[k] < self.union[k] { e.p.0[k] } else { self.union[k] });
            self.starts[e.bucket as usize + 1] += 1;
        }
    }
}

/// `b` grown by `m` on every side, rounded outwards, within the finite f32 range.
fn grown(b: &Bounds, m: f64) -> Bounds {
    let down = |v: f32| f32_down(v as f64 - m).max(f32::MIN);
    let up = |v: f32| f32_up(v as f64 + m).min(f32::MAX);
    Bounds { min: Vec2::new(down(b.min.x), down(b.min.y)), max: Vec2::new(up(b.max.x), up(b.max.y)) }
}

/// Grows `extent` (`None`: empty) to contain `b`.
#[inline]
fn include(extent: &mut Option<Bounds>, b: &Bounds) {
    *extent = Some(extent.map_or(*b, |e| e.union(b)));
}

/// What the broad phase knows of the colliders, indexed by slot, one array per part: moving a
/// box within its reach reads its state and reach and writes its box, and a step that moves
/// every box is bound by the bytes its passes walk (one 48-byte record per collider had cost
/// about 6 % of the bare step).
#[derive(Debug, Default)]
pub(crate) struct Proxies {
    /// The colliders' boxes now.
    pub tight: Vec<Bounds>,
    /// Where each box may go while its entry stays in its cell (see [`Level::reach`]).
    reach: Vec<Bounds>,
    state: Vec<State>,
    /// What moves do not read.
    pub meta: Vec<Meta>,
}

/// A collider's flags and level.
#[derive(Clone, Copy, Debug, Default)]
struct State {
    flags: u8,
    level: u8,
}

/// What [`BroadPhase::refresh`] reads of a moved collider first: state, box, filter and cell.
/// (Not its entry's position, which a slide of another collider's entry may change.)
type Gathered = (State, Bounds, Meta, (i32, i32));

/// A collider's generation and filter.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Meta {
    pub generation: u32,
    layer: u32,
    mask: u32,
}

impl Proxies {
    /// The number of slots.
    pub fn len(&self) -> usize {
        self.state.len()
    }

    /// Whether slot `i` holds a collider (`false` beyond the last slot).
    #[inline(always)]
    pub fn alive(&self, i: usize) -> bool {
        self.state.get(i).is_some_and(|s| s.flags & ALIVE != 0)
    }

    /// Makes room for slots up to `i`.
    fn cover(&mut self, i: usize) {
        if self.len() <= i {
            self.tight.resize(i + 1, Bounds::default());
            self.reach.resize(i + 1, NOWHERE);
            self.state.resize(i + 1, State::default());
            self.meta.resize(i + 1, Meta::default());
        }
    }

    /// The live slots.
    fn live(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.state[i].flags & ALIVE != 0)
    }
}

/// A reach that holds no box (NaN compares false).
const NOWHERE: Bounds = Bounds { min: Vec2::NAN, max: Vec2::NAN };

/// The stretches of buckets a full search is cut into (see [`BroadPhase::find_pairs`]).
const STRETCHES: usize = 64;

/// `pos` flag of a collider whose entry is in the overflow list.
const IN_OVERFLOW: u32 = 1 << 31;

const BLANK: Entry = Entry { p: Packed([0.0; 4]), cx: 0, cy: 0, idx: DEAD, layer: 0, mask: 0, bucket: 0 };

/// One collider in its cell.
#[derive(Clone, Copy, Debug)]
struct Entry {
    p: Packed,
    cx: i32,
    cy: i32,
    idx: u32,
    layer: u32,
    mask: u32,
    bucket: u32,
}

impl Entry {
    /// Leaves the entry behind (its collider moved to the overflow or was removed): its NaN
    /// box overlaps nothing, so searches need no test for it. It keeps its bucket and cell, so
    /// the array stays in bucket order and a pure level stays pure.
    fn bury(&mut self) {
        self.p = Packed::of(&NOWHERE);
        self.idx = DEAD;
    }

    #[inline(always)]
    fn allows(&self, o: &Entry) -> bool {
        (self.layer & o.mask) != 0 && (o.layer & self.mask) != 0
    }

    #[inline(always)]
    fn pair(&self, o: &Entry) -> (u32, u32) {
        (self.idx.min(o.idx), self.idx.max(o.idx))
    }
}

/// The size of [`PairSink`]'s buffer.
const SINK: usize = 256;

/// Collects found pairs without a branch per test: every candidate is written to a small
/// buffer and the count advances only for the pairs that pass (which are unpredictable, so a
/// branch per test would mispredict often).
///
/// `FILTERED`: whether to test the filters (off when every box has the default filter).
struct PairSink<'a, const FILTERED: bool> {
    out: &'a mut Vec<(u32, u32)>,
    /// Candidates as `a << 32 | b`: one store each.
    buf: [u64; SINK],
    n: usize,
}

impl<const FILTERED: bool> PairSink<'_, FILTERED> {
    /// Moves the pairs found to `out`, each in order (the scan writes every candidate, so it
    /// leaves the ordering to the few that pass).
    fn flush(&mut self) {
        self.out.extend(self.buf[..self.n].iter().map(|&v| {
            let (a, b) = ((v >> 32) as u32, v as u32);
            (a.min(b), a.max(b))
        }));
        self.n = 0;
    }

    /// Tests `a` against each entry of `bs` that `accept` admits.
    #[inline(always)]
    fn scan(&mut self, a: &Entry, bs: &[Entry], accept: impl Fn(&Entry) -> bool) {
        if self.n + bs.len() > SINK {
            self.flush();
            if bs.len() > SINK {
                self.scan_long(a, bs, &accept);
                return;
            }
        }
        self.test_all(a, bs, &accept);
    }

    /// [`Self::scan`] of a run longer than the buffer, with the buffer empty: out of the way of
    /// the usual case.
    #[cold]
    #[inline(never)]
    fn scan_long(&mut self, a: &Entry, bs: &[Entry], accept: &impl Fn(&Entry) -> bool) {
        for c in bs.chunks(SINK) {
            self.test_all(a, c, accept);
            self.flush();
        }
    }

    /// [`Self::scan`] of two runs with every candidate admitted.
    #[inline(always)]
    fn scan2(&mut self, a: &Entry, bs: &[Entry], cs: &[Entry]) {
        if self.n + bs.len() + cs.len() > SINK {
            self.scan2_flushing(a, bs, cs);
        } else {
            self.test_all(a, bs, |_| true);
            self.test_all(a, cs, |_| true);
        }
    }

    /// [`Self::scan2`] when the buffer may fill: out of the way of the usual case.
    #[cold]
    #[inline(never)]
    fn scan2_flushing(&mut self, a: &Entry, bs: &[Entry], cs: &[Entry]) {
        self.scan(a, bs, |_| true);
        self.scan(a, cs, |_| true);
    }

    /// Tests `a` against `bs`, which the buffer has room for.
    #[inline(always)]
    fn test_all(&mut self, a: &Entry, bs: &[Entry], accept: impl Fn(&Entry) -> bool) {
        // Locals, so that the buffer's stores cannot be taken to change them.
        let (probe, ai, al, am) = (a.p.probe(), (a.idx as u64) << 32, a.layer, a.mask);
        let mut n = self.n;
        for b in bs {
            let allowed = !FILTERED || ((al & b.mask) != 0) & ((b.layer & am) != 0);
            let ok = accept(b) & b.p.meets(&probe) & allowed;
            self.buf[n % SINK] = ai | b.idx as u64;
            n += ok as usize;
        }
        self.n = n;
    }
}

/// One grid level.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    cell: f64,
    inv: f64,
    /// The largest box side this level takes.
    fits: f64,
    /// The sides, in f32, within which a moving box keeps its entry: at most `fits`, and more
    /// than a quarter of it (except on the finest level), so that levels keep boxes of their
    /// size. Only speed depends on them (searches need only the reach), so f32 rounding is
    /// harmless.
    keeps: (f32, f32),
    /// Cell numbers are `(cy − origin.1) · width + (cx − origin.0)`, wrapped to the table.
    origin: (i32, i32),
    width: u32,
    /// Table size − 1 (a power of two − 1).
    mask: u32,
    /// The level's first bucket.
    base: u32,
    /// Its colliders now.
    count: u32,
    /// Every grid entry of the level is in the bucket of its own cell number, unwrapped (see
    /// [`Level::canonical`]): a bucket then holds one cell, and searches can skip the test of
    /// which cell each entry is in.
    pure: bool,
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
    fn reach(&self, cx: i32, cy: i32) -> Bounds {
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
    fn canonical(&self, cx: i32, cy: i32) -> bool {
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

    fn buckets(&self) -> std::ops::Range<usize> {
        self.base as usize..(self.base + self.mask + 1) as usize
    }
}

/// The cells of a pure level whose forward neighbours are exactly the next buckets (see
/// [`BroadPhase::interior_entry_pairs`]): those away from the level's left and right edges,
/// whose row above does not wrap. Empty for a level that is not pure.
#[derive(Clone, Copy)]
struct Interior {
    /// Cells with `1 <= x <= width - 2`: `x - 1` (wrapping) below this.
    xs: u32,
    /// Cell numbers below this (`mask - width`).
    rs: u64,
}

impl Interior {
    fn of(l: &Level) -> Self {
        if l.pure {
            Interior { xs: l.width.saturating_sub(2), rs: (l.mask as u64).saturating_sub(l.width as u64) }
        } else {
            Interior { xs: 0, rs: 0 }
        }
    }

    /// Whether the cell of entry `e` of level `l` is inside.
    #[inline(always)]
    fn holds(self, l: &Level, e: &Entry) -> bool {
        let (x, r) = (e.cx.wrapping_sub(l.origin.0) as u32, e.bucket.wrapping_sub(l.base));
        (x.wrapping_sub(1) < self.xs) & ((r as u64) < self.rs)
    }
}

/// Finds the pairs of overlapping boxes among many, keyed by small integers: the broad phase of
/// [`World`](crate::World), usable on its own (for example from an entity–component
/// system). See the [module documentation](self) for how it works and an example.
#[derive(Debug, Default)]
pub struct BroadPhase {
    pub(crate) proxies: Proxies,
    /// Colliders inserted, moved out of their entry's reach, reshaped beyond it, refiltered or
    /// removed since the last update: their entries (if any) are out of date until the next one.
    moved: Vec<u32>,
    /// Colliders whose box changed within their entry's reach, or that were touched, since the
    /// last update, some perhaps more than once (see [`Self::push_shifted`]): the next update
    /// rewrites the box in place and searches their pairs again. (Also in `moved` if they
    /// changed more since.)
    shifted: Vec<u32>,
    /// Scratch: what [`Self::refresh`] reads of the moved colliders.
    gathered: Vec<Gathered>,
    /// Scratch: the pairs of each stretch of a parallel search.
    #[cfg(feature = "parallel")]
    parts: Vec<Vec<(u32, u32)>>,
    /// Scratch: overflow entries as `key << 32 | index`, sorted by key (see
    /// [`BroadPhase::find_pairs`]).
    sweep: Vec<u64>,
    /// Scratch bits by slot: `moved` and `shifted`, during an update and when dropping
    /// duplicates from `shifted`.
    moved_bits: Vec<u64>,
    levels: Vec<Level>,
    /// The bucket of the huge colliders (after every level's).
    huge: u32,
    huge_count: u32,
    /// `starts[k]..starts[k + 1]` are bucket `k`'s entries.
    starts: Vec<u32>,
    entries: Vec<Entry>,
    /// Scratch space of the counting sort.
    spare: Vec<Entry>,
    /// Where each placed collider's entry is, by slot (`IN_OVERFLOW | k`: `overflow[k]`).
    pos: Vec<u32>,
    /// Entries of colliders that left their bucket (or arrived) since the last sort.
    overflow: Vec<Entry>,
    /// Each placed collider's cell (by slot), so that a move need not read its entry to tell
    /// whether it stays in its cell.
    cells: Vec<(i32, i32)>,
    /// Whether a box may have a filter other than the default (all layers, all masks).
    filtered: bool,
    next: Vec<u32>,
    /// The boxes' union at the last fill or sort, grown by the boxes placed since; `None` when
    /// empty. Boxes moving within their reach may stick out of it by up to
    /// [`reach_margin`](Self::reach_margin), which rays take into account. It tells how far the
    /// boxes spread, and so when the tables have become too small.
    spread: Option<Bounds>,
    live: usize,
    /// Figures of the last build, to tell when to build anew.
    live_at_build: usize,
    huge_at_build: u32,
    /// The pairs whose boxes overlap and whose filters allow them, `a < b` (slot indices).
    pub(crate) pairs: Vec<(u32, u32)>,
    built: bool,
    /// From this many grid entries, a full pair search is shared with rayon's pool (`usize::MAX`:
    /// never).
    pub(crate) parallel_entries: usize,
    /// Grids built anew.
    rebuilds: usize,
    /// Updates that searched all pairs, and that updated the old ones.
    full_searches: usize,
    incremental_updates: usize,
    /// Sorts of the grid emptying the overflow.
    sorts: usize,
    /// Entry arrays written anew (builds included), and full searches with a non-empty
    /// overflow: for tests.
    fills: usize,
    overflow_searches: usize,
}

/// Whether `n` changed colliders of `live` are few enough for an incremental update.
fn few(n: usize, live: usize) -> bool {
    n * INCREMENTAL_SHARE <= live
}

/// Sets bit `i`: `false` if it was set already.
#[inline(always)]
fn mark(bits: &mut [u64], i: u32) -> bool {
    let (word, bit) = (&mut bits[(i / 64) as usize], 1 << (i % 64));
    let new = *word & bit == 0;
    *word |= bit;
    new
}

/// The level, cell and bucket of a box.
#[inline]
fn locate(levels: &[Level], huge: u32, b: &Bounds) -> (u8, i32, i32, u32) {
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
    /// The largest key: the broad phase keeps a table entry for every key up to the largest
    /// used, so keys should be small and dense (reuse the keys of removed boxes).
    pub const MAX_KEY: u32 = (1 << 26) - 1;

    /// An empty broad phase.
    pub fn new() -> Self {
        Self { parallel_entries: 32 * 1024, ..Self::default() }
    }

    /// How many boxes it holds.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether it holds no box.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Whether `key` names a box.
    pub fn contains(&self, key: u32) -> bool {
        self.proxies.alive(key as usize)
    }

    /// The box under `key`.
    pub fn aabb(&self, key: u32) -> Option<Aabb> {
        let b = self.proxies.tight.get(key as usize).filter(|_| self.contains(key))?;
        Some(Aabb::from_min_max_unchecked(b.min, b.max))
    }

    /// Puts a box under `key`, or moves the one already there (keeping its filter). Takes effect
    /// in the pair list at the next [`update`](Self::update); queries see it at once.
    #[inline(always)]
    pub fn insert(&mut self, key: u32, aabb: &Aabb) -> Result<(), BroadPhaseError> {
        let b = Bounds { min: aabb.min(), max: aabb.max() };
        // A key in use is within the limit: moves, the usual call, skip that test.
        if self.contains(key) {
            self.set_bounds(key, b);
        } else if key > Self::MAX_KEY {
            return Err(BroadPhaseError::KeyTooLarge { key, max: Self::MAX_KEY });
        } else {
            self.insert_proxy(key, 0, b, u32::MAX, u32::MAX);
        }
        Ok(())
    }

    /// Removes the box under `key`; `false` if there was none.
    pub fn remove(&mut self, key: u32) -> bool {
        let found = self.contains(key);
        if found {
            self.remove_proxy(key, 0);
        }
        found
    }

    /// Sets which boxes the one under `key` may pair with ([`CollisionFilter::allows`]; all, by
    /// default); `false` if there is no such box.
    pub fn set_filter(&mut self, key: u32, filter: CollisionFilter) -> bool {
        let found = self.contains(key);
        if found {
            self.set_layer_mask(key, filter.layer, filter.mask);
        }
        found
    }

    /// Brings the pair list up to date and returns it: every pair of keys whose boxes overlap
    /// (touching counts) and whose filters allow them, once each, the smaller key first, in no
    /// particular order.
    pub fn update(&mut self) -> &[(u32, u32)] {
        self.update_with(&mut Vec::<()>::new());
        &self.pairs
    }

    /// The pair list of the last [`update`](Self::update).
    pub fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }

    /// Calls `f` with the key of every box overlapping `aabb` (touching counts), in no particular
    /// order, as the boxes are now (changes since the last update included).
    pub fn query_aabb(&self, aabb: &Aabb, f: impl FnMut(u32)) {
        self.query(&Bounds { min: aabb.min(), max: aabb.max() }, f);
    }

    /// Figures of the grid: see [`BroadPhaseStats`].
    pub fn stats(&self) -> BroadPhaseStats {
        BroadPhaseStats {
            candidate_pairs: self.pairs.len(),
            cell_size: self.cell_size(),
            rebuilds: self.rebuilds,
            full_searches: self.full_searches,
            incremental_updates: self.incremental_updates,
        }
    }

    /// With the `parallel` feature, a full pair search is shared between the calling thread and
    /// rayon's pool from this many boxes (32,768 by default; `usize::MAX`: never).
    pub fn set_parallel_threshold(&mut self, boxes: usize) {
        self.parallel_entries = boxes;
    }

    /// The finest cell side of the current grid (0 before the first update).
    fn cell_size(&self) -> f32 {
        self.levels.first().map_or(0.0, |l| l.cell as f32)
    }

    fn count(&mut self, level: u8, delta: i32) {
        match self.levels.get_mut(level as usize) {
            Some(l) => l.count = l.count.wrapping_add_signed(delta),
            None => self.huge_count = self.huge_count.wrapping_add_signed(delta),
        }
    }

    fn mark_moved(&mut self, idx: u32) {
        let p = &mut self.proxies.state[idx as usize];
        if p.flags & MOVED == 0 {
            p.flags |= MOVED;
            self.moved.push(idx);
        }
    }

    fn mark_shifted(&mut self, idx: u32) {
        if self.proxies.state[idx as usize].flags & MOVED == 0 {
            self.push_shifted(idx);
        }
    }

    /// Adds a collider to `shifted`, which may then hold it more than once: marking it
    /// (a flag to set at each move and clear at each update) had cost more than the
    /// duplicates do (the rewrite writes the same box twice; updates drop them when they
    /// matter). Kept within bounds for callers that move a box many times between updates.
    #[inline(always)]
    fn push_shifted(&mut self, idx: u32) {
        self.shifted.push(idx);
        if self.shifted.len() > 2 * self.proxies.len() + 64 {
            self.dedup_shifted();
        }
    }

    /// Drops from `shifted` the colliders it holds more than once and those in `moved`, and
    /// leaves the bits of both lists set in `moved_bits`.
    fn dedup_shifted(&mut self) {
        let mut bits = std::mem::take(&mut self.moved_bits);
        bits.clear();
        bits.resize(self.proxies.len().div_ceil(64), 0);
        self.moved.iter().for_each(|&i| _ = mark(&mut bits, i));
        self.shifted.retain(|&i| mark(&mut bits, i));
        self.moved_bits = bits;
    }

    /// Whether the entry of the collider in slot `i`, whose state is `s`, still serves the box
    /// `tight`: the box is within the entry's reach (all that searches need), and, so that
    /// levels keep boxes of their size, it still fits its level and has not shrunk to a quarter
    /// of what the level takes.
    #[inline(always)]
    fn still_fits(&self, i: usize, s: State, tight: &Bounds) -> bool {
        let reach = &self.proxies.reach[i];
        let inside = (reach.min.cmple(tight.min) & tight.max.cmple(reach.max)).all();
        let Some(l) = self.levels.get(s.level as usize) else { return false };
        let side = (tight.max - tight.min).max_element();
        inside & (side > l.keeps.0) & (side <= l.keeps.1)
    }

    /// Registers a new collider in slot `idx`.
    pub(crate) fn insert_proxy(&mut self, idx: u32, generation: u32, tight: Bounds, layer: u32, mask: u32) {
        let i = idx as usize;
        self.proxies.cover(i);
        if self.proxies.alive(i) {
            self.remove_proxy(idx, generation);
        }
        // An entry left by a removal in the same slot is reused at the next update.
        self.proxies.tight[i] = tight;
        self.proxies.meta[i] = Meta { generation, layer, mask };
        self.proxies.state[i].flags |= ALIVE;
        self.live += 1;
        self.mark_moved(idx);
    }

    /// Forgets the collider in slot `idx`.
    pub(crate) fn remove_proxy(&mut self, idx: u32, next_generation: u32) {
        let i = idx as usize;
        if !self.proxies.alive(i) {
            return;
        }
        self.proxies.state[i].flags &= !ALIVE;
        self.proxies.meta[i].generation = next_generation;
        self.live -= 1;
        self.mark_moved(idx);
    }

    /// The collider's world box (or shape) changed.
    #[inline(always)]
    pub(crate) fn set_bounds(&mut self, idx: u32, tight: Bounds) {
        let i = idx as usize;
        let s = self.proxies.state[i];
        let stays = s.flags & (PLACED | MOVED) == PLACED && self.still_fits(i, s, &tight);
        self.proxies.tight[i] = tight;
        if stays {
            // The entry is rewritten at the next update, in one tight loop: random stores cost
            // several times more when other stores queue behind them. Rays look as far as
            // the reach (see `ray`).
            self.push_shifted(idx);
        } else {
            self.mark_moved(idx);
        }
    }

    /// The filter of the collider in slot `idx`.
    pub(crate) fn filter(&self, idx: u32) -> CollisionFilter {
        let m = &self.proxies.meta[idx as usize];
        CollisionFilter { layer: m.layer, mask: m.mask }
    }

    /// The collider's filter changed.
    pub(crate) fn set_layer_mask(&mut self, idx: u32, layer: u32, mask: u32) {
        let m = &mut self.proxies.meta[idx as usize];
        (m.layer, m.mask) = (layer, mask);
        self.mark_moved(idx);
    }

    /// Something else about the collider changed: its pairs are judged again.
    pub(crate) fn touch(&mut self, idx: u32) {
        self.mark_shifted(idx);
    }

    /// How far a box may lie outside the spread: every box is in its reach, which is within a
    /// cell and a largest side of the box as it was placed (taken twice, for the coarsest level
    /// in use: a margin for rounding that only lengthens rays' marches).
    fn reach_margin(&self) -> f64 {
        self.levels.iter().rev().find(|l| l.count > 0).map_or(0.0, |l| 2.0 * (l.cell + l.fits))
    }

    /// Whether to build the grid anew: the count of boxes changed a lot, or a level holds many
    /// more boxes than buckets while a new table could have more (the boxes spread over more
    /// cells than the table has buckets; a dense pile gains nothing).
    fn crowded(&self) -> bool {
        let grew = self.live > 2 * self.live_at_build + 64;
        let shrank = self.live * 4 + 64 < self.live_at_build;
        let extent = self.spread.unwrap_or_default();
        let level = self.levels.iter().any(|l| {
            let buckets = l.mask as u64 + 1;
            l.count as u64 > 4 * buckets + 16 && l.cells(&extent) > buckets
        });
        grew || shrank || level || self.huge_count > 2 * self.huge_at_build + 16
    }

    /// Brings the grid and the pair list up to date. `results` holds the narrow phase's results
    /// for a prefix of the old pairs: on return it holds those still valid, for a prefix of the
    /// new pairs (unchanged pairs between unchanged colliders keep their place and results).
    pub(crate) fn update_with<R: Copy>(&mut self, results: &mut Vec<R>) {
        if self.built && self.moved.is_empty() && self.shifted.is_empty() {
            return;
        }
        for k in 0..self.shifted.len() {
            let i = self.shifted[k];
            let b = self.proxies.tight[i as usize];
            self.entry_mut(i).p = Packed::of(&b);
        }
        // Duplicates could tip the choice below to a full search: drop them when they could,
        // unless the list is longer than half the colliders (when most boxes moved, a pass
        // over the list would cost every full step a little and change nothing; it would take
        // a box moved more than five times on average to tip the choice).
        let (moved, shifted) = (self.moved.len(), self.shifted.len());
        if self.built && !few(moved + shifted, self.live) && few(moved, self.live) && 2 * shifted < self.live {
            self.dedup_shifted();
        }
        let changed = self.moved.len() + self.shifted.len();
        let incremental = self.built && few(changed, self.live);
        if !self.built || self.crowded() {
            self.build();
        } else if few(self.moved.len(), self.live) {
            self.refresh();
        } else {
            self.fill();
        }
        // Sort once the overflow costs more than a sort: each changed collider scans it in an
        // incremental update; in a full search, each overflow entry searches the grid around it.
        let cost = if incremental { changed + 16 } else { 128 };
        if self.overflow.len() * cost > 4 * self.entries.len() + 1024 {
            self.sort();
        }
        if incremental {
            self.incremental_updates += 1;
            self.update_pairs(results);
        } else {
            self.full_searches += 1;
            results.clear();
            self.find_pairs();
        }
        for &i in &self.moved {
            self.proxies.state[i as usize].flags &= !MOVED;
        }
        self.moved.clear();
        self.shifted.clear();
        self.built = true;
    }

    /// Builds the grid anew: the cell side, the levels and their tables, every entry.
    fn build(&mut self) {
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

    /// Every entry anew from the colliders: a counting sort by bucket, in slot order. (Reading
    /// the colliders in the grid's last order instead, so that the writes go nearly in order,
    /// measured twice as slow: random reads cost more than random writes here.)
    fn fill(&mut self) {
        self.fills += 1;
        let buckets = self.huge as usize + 1;
        self.starts.clear();
        self.starts.resize(buckets + 1, 0);
        for l in &mut self.levels {
            l.count = 0;
            l.pure = true;
        }
        self.huge_count = 0;
        self.filtered = false;
        let n = self.proxies.len();
        self.pos.resize(n, 0);
        self.cells.resize(n, (0, 0));
        let px = &mut self.proxies;
        for i in 0..n {
            let s = &mut px.state[i];
            if s.flags & ALIVE == 0 {
                s.flags &= !PLACED;
                continue;
            }
            let (level, cx, cy, bucket) = locate(&self.levels, self.huge, &px.tight[i]);
            px.reach[i] = self.levels.get(level as usize).map_or(NOWHERE, |l| l.reach(cx, cy));
            self.cells[i] = (cx, cy);
            self.starts[bucket as usize + 1] += 1;
            match self.levels.get_mut(level as usize) {
                Some(l) => {
                    l.count += 1;
                    l.pure &= l.canonical(cx, cy);
                }
                None => self.huge_count += 1,
            }
            (s.level, s.flags) = (level, s.flags | PLACED);
            self.pos[i] = bucket;
            let m = &px.meta[i];
            self.filtered |= (m.layer & m.mask) != u32::MAX;
        }
        for k in 0..buckets {
            self.starts[k + 1] += self.starts[k];
        }
        self.next.clear();
        self.next.extend_from_slice(&self.starts[..buckets]);
        self.overflow.clear();
        self.entries.clear();
        self.entries.resize(self.starts[buckets] as usize, BLANK);
        let mut spread: Option<Bounds> = None;
        for i in self.proxies.live() {
            let (b, m, (cx, cy)) = (&self.proxies.tight[i], &self.proxies.meta[i], self.cells[i]);
            let bucket = self.pos[i];
            let slot = &mut self.next[bucket as usize];
            self.entries[*slot as usize] =
                Entry { p: Packed::of(b), cx, cy, idx: i as u32, layer: m.layer, mask: m.mask, bucket };
            self.pos[i] = *slot;
            *slot += 1;
            include(&mut spread, b);
        }
        self.spread = spread;
    }

    /// The entry of a placed collider, in the grid or in the overflow.
    fn entry(&self, i: u32) -> &Entry {
        let pos = self.pos[i as usize];
        if pos & IN_OVERFLOW != 0 {
            &self.overflow[(pos & !IN_OVERFLOW) as usize]
        } else {
            &self.entries[pos as usize]
        }
    }

    fn entry_mut(&mut self, i: u32) -> &mut Entry {
        let pos = self.pos[i as usize];
        if pos & IN_OVERFLOW != 0 {
            &mut self.overflow[(pos & !IN_OVERFLOW) as usize]
        } else {
            &mut self.entries[pos as usize]
        }
    }

    /// Brings the entries of the moved colliders up to date: in place when they stay in their
    /// cell; into the bucket beside when they moved one cell along a row (see
    /// [`Self::slide`]); else the grid entry becomes a tombstone (which overlaps nothing) and
    /// the collider goes to the overflow list, which searches look at separately until the
    /// next sort.
    fn refresh(&mut self) {
        self.pos.resize(self.proxies.len(), 0);
        self.cells.resize(self.proxies.len(), (0, 0));
        // Read first, in a loop of its own: the moved are a sparse few, each a miss in every
        // array, and this short loop lets the misses of many overlap.
        let mut got = std::mem::take(&mut self.gathered);
        got.clear();
        let px = &self.proxies;
        got.extend(self.moved.iter().map(|&i| {
            let i = i as usize;
            (px.state[i], px.tight[i], px.meta[i], self.cells[i])
        }));
        for (k, &(s, b, m, cell)) in got.iter().enumerate() {
            let i = self.moved[k];
            let placed = s.flags & PLACED != 0;
            if placed {
                self.count(s.level, -1);
            }
            if s.flags & ALIVE == 0 {
                if placed {
                    self.entry_mut(i).bury();
                    self.proxies.state[i as usize].flags &= !PLACED;
                }
                continue;
            }
            let (level, cx, cy, bucket) = locate(&self.levels, self.huge, &b);
            let e = Entry { p: Packed::of(&b), cx, cy, idx: i, layer: m.layer, mask: m.mask, bucket };
            self.filtered |= (m.layer & m.mask) != u32::MAX;
            // In place only in the same cell, which keeps pure levels pure.
            let same_cell = (s.level, cell) == (level, (cx, cy));
            let pos = self.pos[i as usize];
            if placed && (pos & IN_OVERFLOW != 0 || same_cell) {
                *self.entry_mut(i) = e;
            } else if placed && s.level == level && self.slide(pos, level, e) {
                // Now first or last of the bucket beside.
            } else {
                if placed {
                    self.entry_mut(i).bury();
                }
                self.pos[i as usize] = IN_OVERFLOW | self.overflow.len() as u32;
                self.overflow.push(e);
            }
            self.count(level, 1);
            self.proxies.reach[i as usize] = self.levels.get(level as usize).map_or(NOWHERE, |l| l.reach(cx, cy));
            let q = &mut self.proxies.state[i as usize];
            (q.level, q.flags) = (level, q.flags | PLACED);
            self.cells[i as usize] = (cx, cy);
            include(&mut self.spread, &b);
        }
        self.gathered = got;
    }

    /// Moves the grid entry at `pos` into the bucket beside its own (one cell to the left or
    /// right in a pure level), where it becomes `e`: it trades places with the first or last
    /// entry of its bucket, and the bucket edge moves past it. A box crossing a cell's side
    /// then costs no tombstone, no overflow entry and no share of a merge. `false` (nothing
    /// done) for any other move.
    fn slide(&mut self, pos: u32, level: u8, e: Entry) -> bool {
        let old = &self.entries[pos as usize];
        let Some(l) = self.levels.get(level as usize) else { return false };
        let beside = e.cy == old.cy && e.bucket.abs_diff(old.bucket) == 1;
        if !(l.pure && beside && l.canonical(e.cx, e.cy)) {
            return false;
        }
        let k = old.bucket as usize;
        // The entry of the old bucket next to the edge between the two, and the edge's new
        // place (past that entry, which becomes `e`).
        let (edge, end, moved) = if e.bucket > old.bucket {
            (k + 1, self.starts[k + 1] - 1, self.starts[k + 1] - 1)
        } else {
            (k, self.starts[k], self.starts[k] + 1)
        };
        let other = self.entries[end as usize];
        if other.idx != DEAD {
            self.pos[other.idx as usize] = pos;
        }
        self.entries[pos as usize] = other;
        self.entries[end as usize] = e;
        self.pos[e.idx as usize] = end;
        self.starts[edge] = moved;
        true
    }

    /// Merges the overflow (sorted by bucket) into the entries, dropping tombstones: one pass
    /// over the grid (and one more over each level that was impure). The spread becomes the
    /// boxes' union.
    fn sort(&mut self) {
        self.sorts += 1;
        let mut over = std::mem::take(&mut self.overflow);
        over.sort_unstable_by_key(|e| e.bucket);
        let mut spare = std::mem::take(&mut self.spare);
        spare.clear();
        spare.reserve(self.entries.len() + over.len());
        self.pos.resize(self.proxies.len(), 0);
        // One pass over the old entries (without tombstones), each overflow entry going in
        // after its bucket's old entries; the bucket starts are counted on the way.
        self.starts.fill(0);
        // A pure level stays pure when the entries joining it have cells of their own (its
        // entries do); an impure one is looked at whole afterwards, as the entries that made
        // it impure may have left.
        // (At most MAX_LEVELS = 48 levels: one bit each.)
        let impure = self.levels.iter().enumerate().fold(0u64, |m, (n, l)| m | ((!l.pure as u64) << n));
        for e in over.iter().filter(|e| e.idx != DEAD) {
            if let Some(l) = self.levels.iter_mut().find(|l| l.buckets().contains(&(e.bucket as usize))) {
                l.pure &= l.canonical(e.cx, e.cy);
            }
        }
        let union = [f32::INFINITY; 4];
        let mut merged = Merged { spare: &mut spare, pos: &mut self.pos, starts: &mut self.starts, union };
        let mut o = 0;
        for e in &self.entries {
            while o < over.len() && over[o].bucket < e.bucket {
                merged.keep(&over[o]);
                o += 1;
            }
            merged.keep(e);
        }
        over[o..].iter().for_each(|e| merged.keep(e));
        let union = Packed(merged.union).bounds();
        let spread = union.min.cmple(union.max).all().then_some(union);
        for k in 1..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        over.clear();
        self.overflow = over;
        self.spare = std::mem::replace(&mut self.entries, spare);
        self.spread = spread;
        for n in (0..self.levels.len()).filter(|&n| impure >> n & 1 != 0) {
            let l = self.levels[n];
            let r = l.buckets();
            let mut entries = self.entries[self.starts[r.start] as usize..self.starts[r.end] as usize].iter();
            self.levels[n].pure = entries.all(|e| l.canonical(e.cx, e.cy));
        }
    }

    #[inline(always)]
    fn bucket_entries(&self, k: u32) -> &[Entry] {
        &self.entries[self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize]
    }

    /// The colliders too large for every level.
    fn huge_entries(&self) -> &[Entry] {
        if self.huge_count > 0 {
            self.bucket_entries(self.huge)
        } else {
            &[]
        }
    }

    /// Calls `f` for every entry of level `l` that may overlap `b` (each at most once): those
    /// in the cells from one before `b`'s lower corner to its upper corner, or, when that is
    /// more cells than the level has colliders, all of them.
    #[inline]
    fn visit_level(&self, l: &Level, b: &Bounds, mut f: impl FnMut(&Entry)) {
        self.visit_level_runs(l, b, |run| run.iter().for_each(&mut f));
    }

    /// [`Self::visit_level`] by runs of entries: a pure level's row of cells is one run of
    /// consecutive buckets, with no cell to test, so a search can test a run without a call
    /// per entry.
    #[inline]
    fn visit_level_runs(&self, l: &Level, b: &Bounds, mut f: impl FnMut(&[Entry])) {
        if l.count == 0 {
            return;
        }
        let (x0, y0) = l.cell_of(b.min);
        let (x1, y1) = l.cell_of(b.max);
        let (x0, y0) = (x0.saturating_sub(1), y0.saturating_sub(1));
        let cells = (x1 as i64 - x0 as i64 + 1).saturating_mul(y1 as i64 - y0 as i64 + 1);
        if cells > l.count as i64 + 8 {
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
    fn visit(&self, b: &Bounds, mut f: impl FnMut(&Entry)) {
        for l in &self.levels {
            self.visit_level(l, b, &mut f);
        }
        self.huge_entries().iter().chain(&self.overflow).for_each(f);
    }

    /// Every pair, from scratch.
    fn find_pairs(&mut self) {
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        let buckets = self.huge as usize + 1;
        // The overflow in bucket order: the scan searches around each of its entries as it
        // passes the entry's bucket, when the grid there is in cache (searched apart, they
        // missed the cache at every bucket).
        let mut order = std::mem::take(&mut self.sweep);
        order.clear();
        let over = &self.overflow;
        // Sorted as plain integers, without reading an entry per comparison.
        let live = over.iter().enumerate().filter(|(_, e)| e.idx != DEAD);
        order.extend(live.map(|(k, e)| (e.bucket as u64) << 32 | k as u64));
        order.sort_unstable();
        if !order.is_empty() {
            self.overflow_searches += 1;
        }
        #[cfg(feature = "parallel")]
        let mut parts = std::mem::take(&mut self.parts);
        // In stretches of buckets, on one thread or several, the pairs in stretch order: the
        // same order either way, whatever the number of threads.
        let per = buckets.div_ceil(STRETCHES);
        let below = |k: usize| order.partition_point(|&o| ((o >> 32) as usize) < k);
        let stretch = |c: usize, out: &mut Vec<(u32, u32)>| {
            let (k0, k1) = ((c * per).min(buckets), ((c + 1) * per).min(buckets));
            self.bucket_pairs_any(k0, k1, &order[below(k0)..below(k1)], out);
        };
        let parallel = cfg!(feature = "parallel") && self.entries.len() >= self.parallel_entries;
        if parallel {
            #[cfg(feature = "parallel")]
            crate::share::share_in_order(STRETCHES, &mut parts, &mut pairs, stretch);
        } else {
            (0..STRETCHES).for_each(|c| stretch(c, &mut pairs));
        }
        #[cfg(feature = "parallel")]
        {
            self.parts = parts;
        }
        self.overflow_sweep(&mut order, &mut pairs);
        self.sweep = order;
        self.pairs = pairs;
    }

    /// The pairs of the overflow entries `order` with each other, by a sweep along x (the
    /// overflow is short; this avoids sorting the grid). Keys `order` by x and sorts it.
    fn overflow_sweep(&self, order: &mut [u64], out: &mut Vec<(u32, u32)>) {
        let over = &self.overflow;
        for o in order.iter_mut() {
            let k = overflow_index(*o);
            *o = (ordered_bits(over[k].p.0[0]) as u64) << 32 | k as u64;
        }
        order.sort_unstable();
        let mut sink = PairSink::<true> { out, buf: [0; SINK], n: 0 };
        for (n, &j) in order.iter().enumerate() {
            let a = &over[overflow_index(j)];
            let max_x = a.p.bounds().max.x;
            for k in order[n + 1..].iter().map(|&k| overflow_index(k)).take_while(|&k| over[k].p.0[0] <= max_x) {
                sink.scan(a, std::slice::from_ref(&over[k]), |_| true);
            }
        }
        sink.flush();
    }

    /// The pairs of an overflow entry with the grid's entries (all levels, and the huge ones).
    #[inline]
    fn overflow_entry_pairs<const FILTERED: bool>(&self, a: &Entry, sink: &mut PairSink<FILTERED>) {
        self.levels_pairs(&self.levels, a, sink);
        sink.scan(a, self.huge_entries(), |_| true);
    }

    /// The pairs of `a` with the entries of `levels` around its box.
    #[inline(always)]
    fn levels_pairs<const FILTERED: bool>(&self, levels: &[Level], a: &Entry, sink: &mut PairSink<FILTERED>) {
        let bounds = a.p.bounds();
        for l in levels {
            self.visit_level_runs(l, &bounds, |run| sink.scan(a, run, |_| true));
        }
    }

    /// The pairs whose coarser (or, within a level, first-visited) member is in buckets
    /// `k0..k1`, and those of the overflow entries `over` (of these buckets, in bucket order)
    /// with the grid.
    fn bucket_pairs_any(&self, k0: usize, k1: usize, over: &[u64], out: &mut Vec<(u32, u32)>) {
        if self.filtered {
            self.bucket_pairs::<true>(k0, k1, over, out);
        } else {
            self.bucket_pairs::<false>(k0, k1, over, out);
        }
    }

    #[inline(never)]
    fn bucket_pairs<const FILTERED: bool>(&self, k0: usize, k1: usize, over: &[u64], out: &mut Vec<(u32, u32)>) {
        let mut sink = PairSink::<FILTERED> { out, buf: [0; SINK], n: 0 };
        let mut rest = over.iter().map(|&o| &self.overflow[overflow_index(o)]).peekable();
        let mut next_over = rest.peek().map_or(u32::MAX, |a| a.bucket);
        // Entry by entry (rather than cell by cell: no loop per cell, no test of empty cells).
        for (n, l) in self.levels.iter().enumerate() {
            let r = l.buckets();
            let (b0, b1) = (r.start.max(k0), r.end.min(k1));
            if b0 >= b1 {
                continue;
            }
            // A copy, which the sink's stores cannot be taken to change.
            let l = *l;
            let inner = Interior::of(&l);
            let finer = &self.levels[..n];
            let (mut i, end) = (self.starts[b0] as usize, self.starts[b1] as usize);
            let finest = finer.is_empty();
            while i < end {
                if finest {
                    i = self.interior_pairs(&l, inner, i..end, next_over, &mut sink);
                }
                let Some(a) = self.entries[..end].get(i) else { break };
                // An entry the run stopped at (the overflow has entries for its bucket or an
                // earlier one, or it is on the level's edges), or any entry of a coarser level.
                if a.bucket >= next_over {
                    while let Some(o) = rest.next_if(|o| o.bucket <= a.bucket) {
                        self.overflow_entry_pairs(o, &mut sink);
                    }
                    next_over = rest.peek().map_or(u32::MAX, |o| o.bucket);
                }
                if a.idx != DEAD {
                    if inner.holds(&l, a) {
                        self.interior_entry_pairs(&l, i, &mut sink);
                    } else {
                        self.wrapped_entry_pairs(&l, i, &mut sink);
                    }
                    self.levels_pairs(finer, a, &mut sink);
                }
                i += 1;
            }
        }
        // Those of the huge bucket.
        for a in rest {
            self.overflow_entry_pairs(a, &mut sink);
        }
        sink.flush();
        let out = sink.out;
        if (k0..k1).contains(&(self.huge as usize)) {
            let huge = self.bucket_entries(self.huge);
            for (n, a) in huge.iter().enumerate() {
                let probe = a.p.probe();
                for l in &self.levels {
                    self.visit_level(l, &a.p.bounds(), |b| {
                        if b.p.meets(&probe) && a.allows(b) {
                            out.push(a.pair(b));
                        }
                    });
                }
                for b in &huge[n + 1..] {
                    if b.p.meets(&probe) && a.allows(b) {
                        out.push(a.pair(b));
                    }
                }
            }
        }
    }

    /// The pairs of the entries `run` of the finest level `l`, from its first and for as long
    /// as each is in the level's interior and in a bucket before `stop` (where overflow
    /// entries come in): with the later entries of its cell and with the entries of the four
    /// forward neighbour cells. Returns where it stopped. Apart from the rest of the search,
    /// so that its few variables stay in registers.
    #[inline(never)]
    fn interior_pairs<const FILTERED: bool>(
        &self,
        l: &Level,
        inner: Interior,
        run: std::ops::Range<usize>,
        stop: u32,
        out: &mut PairSink<FILTERED>,
    ) -> usize {
        let mut i = run.start;
        while let Some(a) = self.entries[..run.end].get(i) {
            // A buried entry needs no test: its NaN box overlaps nothing.
            if !(inner.holds(l, a) & (a.bucket < stop)) {
                break;
            }
            self.interior_entry_pairs(l, i, out);
            i += 1;
        }
        i
    }

    /// The pairs of entry `i` of level `l` (cell `(x, y)`, bucket `k`), inside the level's
    /// [`Interior`], with the later entries of its cell and the entries of the four forward
    /// neighbour cells: `(x+1, y)` and `(x−1..=x+1, y+1)`, which are the buckets `k+1` and
    /// `k+width−1..=k+width+1`, holding those cells only (the level is pure).
    #[inline(always)]
    fn interior_entry_pairs<const FILTERED: bool>(&self, l: &Level, i: usize, out: &mut PairSink<FILTERED>) {
        let a = &self.entries[i];
        let k = a.bucket as usize;
        let up = k + l.width as usize - 1;
        let right = &self.entries[i + 1..self.starts[k + 2] as usize];
        out.scan2(a, right, &self.entries[self.starts[up] as usize..self.starts[up + 3] as usize]);
    }

    /// The pairs of entry `i` of level `l` (cell `(x, y)`, bucket `r` of the level) with the
    /// later entries of its cell and the entries of the four forward neighbour cells, `(x+1,
    /// y)` and `(x−1..=x+1, y+1)`, which hash to the buckets `r+1` and `r+width−1..=r+width+1`
    /// (wrapped), whatever the cell, testing the cell of every candidate. Each of the disjoint
    /// cell offsets is accepted from one scan only, so a pair is never reported twice, even
    /// when buckets wrap onto each other.
    #[inline(never)]
    fn wrapped_entry_pairs<const FILTERED: bool>(&self, l: &Level, i: usize, out: &mut PairSink<FILTERED>) {
        let a = &self.entries[i];
        let (k, r) = (a.bucket as usize, a.bucket - l.base);
        // Wrapping is harmless: cells whose coordinates differ by about 2^32 hold boxes that
        // cannot overlap.
        let offset = |b: &Entry| (b.cx.wrapping_sub(a.cx), b.cy.wrapping_sub(a.cy));
        if r < l.mask {
            // Offsets (0, 0) and (1, 0): the later entries of this bucket, then the right
            // one's, which follows it (an entry of either bucket can only have the offset of
            // its bucket).
            out.scan(a, &self.entries[i + 1..self.starts[k + 2] as usize], |b| {
                let (dx, dy) = offset(b);
                (dy == 0) & (dx as u32 <= 1)
            });
        } else {
            out.scan(a, &self.entries[i + 1..self.starts[k + 1] as usize], |b| (b.cx == a.cx) & (b.cy == a.cy));
            out.scan(a, self.bucket_entries(l.base), |b| offset(b) == (1, 0));
        }
        let up = r.wrapping_add(l.width).wrapping_sub(1) & l.mask;
        if up + 2 <= l.mask {
            // The row above in one run of entries: its three buckets do not wrap.
            let (s, e) = (self.starts[(l.base + up) as usize], self.starts[(l.base + up + 3) as usize]);
            out.scan(a, &self.entries[s as usize..e as usize], |b| {
                let (dx, dy) = offset(b);
                (dy == 1) & (dx.wrapping_add(1) as u32 <= 2)
            });
        } else {
            for dx in -1..=1i32 {
                let bucket = l.base + (up.wrapping_add((dx + 1) as u32) & l.mask);
                out.scan(a, self.bucket_entries(bucket), |b| offset(b) == (dx, 1));
            }
        }
    }

    #[inline(always)]
    fn moved_bit(bits: &[u64], i: u32) -> bool {
        bits[(i / 64) as usize] & (1 << (i % 64)) != 0
    }

    /// Keeps the old pairs between unchanged colliders (and their results) and adds the pairs of
    /// the changed ones.
    fn update_pairs<R: Copy>(&mut self, results: &mut Vec<R>) {
        // The changed colliders, each once: the moved, then the shifted that did not move since;
        // their bits stay set.
        self.dedup_shifted();
        let bits = std::mem::take(&mut self.moved_bits);
        let mut pairs = std::mem::take(&mut self.pairs);
        let (judged, mut kept, mut kept_judged) = (results.len(), 0, 0);
        for r in 0..pairs.len() {
            let (a, b) = pairs[r];
            if Self::moved_bit(&bits, a) | Self::moved_bit(&bits, b) {
                continue;
            }
            pairs[kept] = (a, b);
            if r < judged {
                results[kept] = results[r];
                kept_judged += 1;
            }
            kept += 1;
        }
        pairs.truncate(kept);
        results.truncate(kept_judged);
        for &i in self.moved.iter().chain(&self.shifted) {
            if self.proxies.state[i as usize].flags & PLACED == 0 {
                continue;
            }
            let a = *self.entry(i);
            let probe = a.p.probe();
            self.visit(&a.p.bounds(), |b| {
                // Tombstones overlap nothing, so `b.idx` names a collider below.
                if b.idx != a.idx
                    && b.p.meets(&probe)
                    && a.allows(b)
                    && (!Self::moved_bit(&bits, b.idx) || a.idx < b.idx)
                {
                    pairs.push(a.pair(b));
                }
            });
        }
        self.pairs = pairs;
        self.moved_bits = bits;
    }

    /// Whether a grid entry stands for its collider: its collider has not moved out of it since
    /// the last update (a shifted one has, within the entry's reach, so that searches around
    /// it still find it; see [`Self::box_of`]).
    #[inline]
    fn current(&self, e: &Entry) -> bool {
        e.idx != DEAD && (self.moved.is_empty() || self.proxies.state[e.idx as usize].flags & MOVED == 0)
    }

    /// The box now of the collider of a [`current`](Self::current) entry.
    #[inline]
    fn box_of(&self, e: &Entry) -> Bounds {
        if self.shifted.is_empty() {
            e.p.bounds()
        } else {
            self.proxies.tight[e.idx as usize]
        }
    }

    /// The live colliders moved since the last update, which no entry stands for.
    fn loose(&self) -> impl Iterator<Item = u32> + '_ {
        self.moved.iter().copied().filter(|&i| self.proxies.alive(i as usize))
    }

    /// Calls `f(idx)` once for every live collider whose current box overlaps `b`.
    pub(crate) fn query(&self, b: &Bounds, mut f: impl FnMut(u32)) {
        self.visit(b, |e| {
            if self.current(e) && self.box_of(e).overlaps(b) {
                f(e.idx);
            }
        });
        for i in self.loose() {
            if self.proxies.tight[i as usize].overlaps(b) {
                f(i);
            }
        }
    }

    /// Visits the colliders whose box the ray may meet within the reach, nearer stretches of the
    /// ray first; `f(idx, reach)` returns the new reach (a hit's distance, or the old reach). A
    /// collider may be visited more than once.
    pub(crate) fn ray(&self, ray: &Ray, max_t: f32, mut f: impl FnMut(u32, f32) -> f32) {
        let mut reach = max_t;
        for i in self.loose() {
            reach = f(i, reach);
        }
        for e in self.huge_entries().iter().chain(&self.overflow) {
            if self.current(e) {
                reach = f(e.idx, reach);
            }
        }
        let (Some(spread), Some(fine)) = (self.spread, self.levels.first()) else { return };
        // The stretch of the ray inside the region where the grid's boxes can be.
        let extent = grown(&spread, self.reach_margin());
        let Some((t0, t1, _)) = slab_range(ray.origin(), ray.direction(), extent.min, extent.max) else { return };
        let (t0, t1) = (t0.max(0.0), t1.min(reach));
        if t0.is_nan() || t1.is_nan() || t0 > t1 {
            return;
        }
        // March in stretches one fine cell long, visiting each stretch's box (slightly grown).
        // When that would take more stretches than there are entries (a far-flung world, a ray
        // far from the origin where a cell is below the rounding step), visit every collider.
        let step = fine.cell as f32;
        let grow = Vec2::splat(step * 1e-3);
        let stretches = (t1 - t0) / step;
        let every = |reach: &mut f32, f: &mut dyn FnMut(u32, f32) -> f32| {
            for e in self.entries.iter().filter(|e| self.current(e) && e.bucket != self.huge) {
                *reach = f(e.idx, *reach);
            }
        };
        if stretches.is_nan() || stretches > self.entries.len() as f32 + 64.0 {
            every(&mut reach, &mut f);
            return;
        }
        let mut t = t0;
        while t <= t1.min(reach) {
            let t_end = (t + step).min(t1);
            if t_end <= t && t_end < t1 {
                // No progress at this distance: finish with every collider.
                every(&mut reach, &mut f);
                return;
            }
            let (p, q) = (ray.at(t), ray.at(t_end));
            let b = Bounds { min: p.min(q) - grow, max: p.max(q) + grow };
            for l in &self.levels {
                self.visit_level(l, &b, |e| {
                    if self.current(e) && self.box_of(e).overlaps(&b) {
                        reach = f(e.idx, reach);
                    }
                });
            }
            if t_end >= t1 {
                break;
            }
            t = t_end;
        }
    }
}

/// The finest cell side and the number of levels for boxes of these larger sides (finite ones;
/// reordered) spread over an extent of side `span`.
fn choose_cells(sides: &mut [f64], span: f64, live: usize) -> (f64, usize) {
    let (mut base, mut largest) = (0.0f64, 0.0f64);
    if !sides.is_empty() {
        let n = ((sides.len() - 1) as f64 * QUANTILE) as usize;
        let (_, q, above) = sides.select_nth_unstable_by(n, f64::total_cmp);
        let q = *q;
        largest = above.iter().fold(q, |m, &s| m.max(s));
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn brute(bp: &BroadPhase) -> BTreeSet<(u32, u32)> {
        let px = &bp.proxies;
        let live: Vec<(u32, Meta, Bounds)> = px.live().map(|i| (i as u32, px.meta[i], px.tight[i])).collect();
        let mut out = BTreeSet::new();
        for (n, (i, a, ab)) in live.iter().enumerate() {
            for (j, b, bb) in &live[n + 1..] {
                let allowed = (a.layer & b.mask) != 0 && (b.layer & a.mask) != 0;
                if allowed && ab.overlaps(bb) {
                    out.insert((*i, *j));
                }
            }
        }
        out
    }

    fn found(bp: &BroadPhase) -> BTreeSet<(u32, u32)> {
        let set: BTreeSet<(u32, u32)> = bp.pairs.iter().copied().collect();
        assert_eq!(set.len(), bp.pairs.len(), "a pair reported twice");
        assert!(bp.pairs.iter().all(|&(a, b)| a < b));
        set
    }

    /// A level marked pure holds only entries of canonical cells (what its searches assume).
    fn check_purity(bp: &BroadPhase) {
        for l in bp.levels.iter().filter(|l| l.pure) {
            let r = l.buckets();
            for e in &bp.entries[bp.starts[r.start] as usize..bp.starts[r.end] as usize] {
                assert!(l.canonical(e.cx, e.cy), "pure level with cell ({}, {}): {l:?}", e.cx, e.cy);
            }
        }
    }

    /// A box of side `s` at `(x, y)`; huge and tiny sides included.
    fn bounds(x: f32, y: f32, w: f32, h: f32) -> Bounds {
        Bounds { min: Vec2::new(x, y), max: Vec2::new(x + w, y + h) }
    }

    #[derive(Clone, Debug)]
    enum Op {
        Insert(f32, f32, f32, f32),
        Move(usize, f32, f32, f32, f32),
        Nudge(usize, f32, f32),
        Remove(usize),
        Filter(usize, u32, u32),
        Update,
    }

    fn side() -> impl Strategy<Value = f32> {
        prop_oneof![8 => 0.0f32..4.0, 2 => 4.0f32..40.0, 1 => Just(0.0), 1 => 100.0f32..3000.0, 1 => Just(3e38)]
    }

    fn op() -> impl Strategy<Value = Op> {
        let c = || -50.0f32..50.0;
        prop_oneof![
            4 => (c(), c(), side(), side()).prop_map(|(x, y, w, h)| Op::Insert(x, y, w, h)),
            3 => (any::<usize>(), c(), c(), side(), side()).prop_map(|(i, x, y, w, h)| Op::Move(i, x, y, w, h)),
            6 => (any::<usize>(), -1.0f32..1.0, -1.0f32..1.0).prop_map(|(i, dx, dy)| Op::Nudge(i, dx, dy)),
            1 => any::<usize>().prop_map(Op::Remove),
            1 => (any::<usize>(), 1u32..4, 1u32..4).prop_map(|(i, l, m)| Op::Filter(i, l, m)),
            3 => Just(Op::Update),
        ]
    }

    /// Runs the ops, checking pairs, queries and the carried-over results against brute force
    /// at every update. `results[k]` is the pair itself, so a misplaced result shows.
    fn run(ops: &[Op]) -> (usize, usize, usize) {
        let mut bp = BroadPhase::new();
        let mut results: Vec<(u32, u32)> = Vec::new();
        let mut live: Vec<u32> = Vec::new();
        let mut next = 0u32;
        let check = |bp: &BroadPhase, live: &[u32]| {
            let probe = bounds(-10.0, -5.0, 20.0, 12.0);
            let mut got = Vec::new();
            bp.query(&probe, |i| got.push(i));
            let mut want: Vec<u32> =
                live.iter().copied().filter(|&i| bp.proxies.tight[i as usize].overlaps(&probe)).collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "query");
        };
        for op in ops {
            let pick = |i: &usize| live.get(i % live.len().max(1)).copied();
            match *op {
                Op::Insert(x, y, w, h) => {
                    bp.insert_proxy(next, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
                    live.push(next);
                    next += 1;
                }
                Op::Move(i, x, y, w, h) => {
                    if let Some(i) = pick(&i) {
                        bp.set_bounds(i, bounds(x, y, w, h));
                    }
                }
                Op::Nudge(i, dx, dy) => {
                    if let Some(i) = pick(&i) {
                        let b = bp.proxies.tight[i as usize];
                        let d = Vec2::new(dx, dy);
                        bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
                    }
                }
                Op::Remove(i) => {
                    if let Some(i) = pick(&i) {
                        bp.remove_proxy(i, 1);
                        live.retain(|&k| k != i);
                    }
                }
                Op::Filter(i, l, m) => {
                    if let Some(i) = pick(&i) {
                        bp.set_layer_mask(i, l, m);
                    }
                }
                Op::Update => {
                    check(&bp, &live);
                    bp.update_with(&mut results);
                    check_purity(&bp);
                    assert_eq!(found(&bp), brute(&bp), "pairs");
                    assert!(results.len() <= bp.pairs.len());
                    assert_eq!(results[..], bp.pairs[..results.len()], "results kept in place");
                    results.clone_from(&bp.pairs);
                    check(&bp, &live);
                }
            }
        }
        (bp.full_searches, bp.incremental_updates, bp.sorts)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn pairs_queries_and_kept_results_match_brute_force(ops in proptest::collection::vec(op(), 1..200)) {
            run(&ops);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// A cluster and one box far away: the table has fewer buckets than the extent has
        /// cells, so the cluster's cells share buckets (its level is not pure), and the
        /// searches must still find each pair once, before and after nudges.
        #[test]
        fn clusters_in_wrapped_tables_match_brute_force(
            far in (30.0f32..3000.0, 30.0f32..3000.0),
            cluster in proptest::collection::vec((0.0f32..12.0, 0.0f32..12.0, 0.5f32..3.0, 0.5f32..3.0), 8..60),
            nudges in proptest::collection::vec((any::<usize>(), -1.0f32..1.0, -1.0f32..1.0), 0..40),
        ) {
            let mut bp = BroadPhase::new();
            for (i, &(x, y, w, h)) in cluster.iter().enumerate() {
                bp.insert_proxy(i as u32, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
            }
            bp.insert_proxy(cluster.len() as u32, 0, bounds(far.0, far.1, 1.0, 1.0), u32::MAX, u32::MAX);
            bp.update();
            prop_assert!(!bp.levels[0].pure);
            prop_assert_eq!(found(&bp), brute(&bp));
            for chunk in nudges.chunks(4) {
                for &(i, dx, dy) in chunk {
                    let i = (i % cluster.len()) as u32;
                    let b = bp.proxies.tight[i as usize];
                    let d = Vec2::new(dx, dy);
                    bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
                }
                bp.update();
                check_purity(&bp);
                prop_assert_eq!(found(&bp), brute(&bp));
            }
        }
    }

    /// A seeded xorshift generator of numbers in [0, 1).
    fn uniform(mut r: u64) -> impl FnMut() -> f32 {
        move || {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            (r >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    #[test]
    fn many_colliders_use_both_kinds_of_update_and_rebuild_when_grown() {
        let mut ops: Vec<Op> = Vec::new();
        let mut rand = uniform(0x2545_F491_4F6C_DD1D);
        for round in 0..6 {
            for _ in 0..300 * (round + 1) {
                ops.push(Op::Insert(rand() * 200.0 - 100.0, rand() * 200.0 - 100.0, rand() * 4.0, rand() * 4.0));
            }
            ops.push(Op::Update);
            // Few moves at a time (incremental, filling the overflow), then many (full search).
            for moved in [25; 30].into_iter().chain([2000]) {
                for _ in 0..moved {
                    ops.push(Op::Nudge((rand() * 1e6) as usize, rand() * 6.0 - 3.0, rand() * 6.0 - 3.0));
                }
                ops.push(Op::Update);
            }
        }
        let (full, incremental, sorts) = run(&ops);
        assert!(full >= 6 && incremental >= 100 && sorts >= 6, "full {full}, incremental {incremental}, sorts {sorts}");
    }

    /// Every box drifts a little at every step (a full search each time); those crossing a
    /// cell edge go to the overflow, searched apart and merged now and then.
    #[test]
    fn drifting_boxes_keep_their_entries_and_all_their_pairs() {
        // One thread, then (with the `parallel` feature) the search shared with rayon's pool.
        for threshold in [usize::MAX, 0] {
            drift(threshold);
        }
    }

    fn drift(parallel_threshold: usize) {
        let mut rand = uniform(0x9E37_79B9_7F4A_7C15);
        let n = 3000u32;
        let mut boxes: Vec<(Bounds, Vec2)> = (0..n)
            .map(|_| {
                let (x, y, w, h) = (rand() * 150.0, rand() * 150.0, 1.0 + rand() * 3.0, 1.0 + rand() * 3.0);
                (bounds(x, y, w, h), Vec2::new(rand() - 0.5, rand() - 0.5) * 0.4)
            })
            .collect();
        let mut bp = BroadPhase::new();
        bp.set_parallel_threshold(parallel_threshold);
        for (i, (b, _)) in boxes.iter().enumerate() {
            bp.insert_proxy(i as u32, 0, *b, u32::MAX, u32::MAX);
        }
        bp.update_with(&mut Vec::<()>::new());
        for _ in 0..60 {
            for (i, (b, v)) in boxes.iter_mut().enumerate() {
                (b.min, b.max) = (b.min + *v, b.max + *v);
                bp.set_bounds(i as u32, *b);
            }
            bp.update_with(&mut Vec::<()>::new());
            check_purity(&bp);
            assert_eq!(found(&bp), brute(&bp));
            let probe = bounds(40.0, 40.0, 30.0, 30.0);
            let mut got = Vec::new();
            bp.query(&probe, |i| got.push(i));
            got.sort_unstable();
            let want: Vec<u32> = (0..n).filter(|&i| boxes[i as usize].0.overlaps(&probe)).collect();
            assert_eq!(got, want);
        }
        let (fills, over) = (bp.fills, bp.overflow_searches);
        assert!(
            fills == 1 && over >= 5 && bp.sorts >= 5,
            "fills {fills}, overflow searches {over}, sorts {}",
            bp.sorts
        );
    }

    /// The pair list comes in the same order whether the search ran on one thread or was
    /// shared: boxes of several levels, some in the overflow, 20,000 of them so that a helper
    /// wakes in time to take stretches.
    #[cfg(feature = "parallel")]
    #[test]
    fn pairs_come_in_the_same_order_with_or_without_threads() {
        let mut rand = uniform(0x0DE7_E2A1);
        let n = 20_000u32;
        let mut boxes: Vec<(Bounds, Vec2)> = (0..n)
            .map(|i| {
                let side = if i % 50 == 0 { 8.0 + rand() * 40.0 } else { 1.0 + rand() * 3.0 };
                let (x, y) = (rand() * 450.0, rand() * 450.0);
                (bounds(x, y, side, side * (0.5 + rand())), Vec2::new(rand() - 0.5, rand() - 0.5) * 0.2)
            })
            .collect();
        let mut sides = [BroadPhase::new(), BroadPhase::new()];
        sides[0].set_parallel_threshold(usize::MAX);
        sides[1].set_parallel_threshold(0);
        for step in 0..20 {
            for bp in &mut sides {
                for (i, (b, _)) in boxes.iter().enumerate() {
                    bp.insert(i as u32, &Aabb::from_min_max_unchecked(b.min, b.max)).unwrap();
                }
                bp.update();
            }
            assert!(sides[0].levels.iter().filter(|l| l.count > 0).count() > 1);
            assert_eq!(sides[0].pairs, sides[1].pairs, "step {step}");
            for (b, v) in &mut boxes {
                (b.min, b.max) = (b.min + *v, b.max + *v);
            }
        }
        assert!(sides[1].overflow_searches > 2, "{} overflow searches", sides[1].overflow_searches);
    }

    /// Boxes that jump by the table's size in cells land in their old bucket but in another
    /// cell: their entries must leave the bucket (a pure level holds one cell per bucket), and
    /// the level that takes them in at the next sort is no longer pure.
    #[test]
    fn boxes_leaving_the_table_make_their_level_impure() {
        let mut rand = uniform(0x5EED_0007);
        let mut bp = BroadPhase::new();
        for i in 0..1000u32 {
            bp.insert_proxy(i, 0, bounds(rand() * 30.0, rand() * 30.0, 1.0, 1.0), u32::MAX, u32::MAX);
        }
        bp.update();
        let l = bp.levels[0];
        assert!(l.pure);
        let jump = Vec2::new((l.mask + 1) as f32 * l.cell as f32, 0.0);
        for i in 0..100u32 {
            let b = bp.proxies.tight[i as usize];
            bp.set_bounds(i, Bounds { min: b.min + jump, max: b.max + jump });
        }
        bp.update();
        check_purity(&bp);
        assert_eq!(found(&bp), brute(&bp));
        assert!(bp.sorts >= 1 && !bp.levels[0].pure, "sorts {}", bp.sorts);
    }

    /// The colliders visited by a ray going down the line `x` from high above.
    fn met_going_down(bp: &BroadPhase, x: f32) -> Vec<u32> {
        let ray = Ray::new(Vec2::new(x, 1e4), Vec2::new(0.0, -1.0)).unwrap();
        let mut met = Vec::new();
        bp.ray(&ray, f32::INFINITY, |i, reach| {
            met.push(i);
            reach
        });
        met
    }

    /// A box that drifts past the boxes' union of the last fill, within its reach (so its entry
    /// stays), is still met by a ray that passes only through the part outside that union.
    #[test]
    fn rays_meet_boxes_that_drifted_past_the_last_extent() {
        let mut bp = BroadPhase::new();
        bp.insert_proxy(0, 0, bounds(0.0, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.insert_proxy(1, 0, bounds(10.0, 10.0, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.update();
        bp.set_bounds(1, bounds(10.01, 10.0, 1.0, 1.0));
        assert!(bp.shifted.contains(&1), "the box should keep its entry");
        bp.update();
        let met = met_going_down(&bp, 11.005);
        assert!(met.contains(&1), "met {met:?}");
    }

    /// The same after a sort, which recomputes the spread from the boxes.
    #[test]
    fn rays_meet_boxes_that_drifted_past_the_extent_of_a_sort() {
        let mut bp = BroadPhase::new();
        for i in 0..1000u32 {
            bp.insert_proxy(i, 0, bounds(2.0 * i as f32 + 0.5, 0.5, 1.0, 1.0), u32::MAX, u32::MAX);
        }
        bp.update();
        for i in 0..100u32 {
            bp.set_bounds(i, bounds(2.0 * i as f32, 1000.0, 1.0, 1.0));
        }
        bp.update();
        assert_eq!((bp.sorts, bp.fills), (1, 1));
        let last = bp.proxies.tight[999];
        let nudged = Bounds { min: last.min + Vec2::new(0.01, 0.0), max: last.max + Vec2::new(0.01, 0.0) };
        bp.set_bounds(999, nudged);
        assert!(bp.shifted.contains(&999), "the box should keep its entry");
        bp.update();
        assert_eq!((bp.sorts, bp.fills), (1, 1));
        let met = met_going_down(&bp, last.max.x + 0.005);
        assert!(met.contains(&999), "met {met:?}");
    }

    /// A box resting exactly on the lower edge (or the upper limit) of its entry's reach is
    /// still found by a query or a box touching it there.
    #[test]
    fn boxes_at_the_edges_of_their_reach_are_found() {
        let mut bp = BroadPhase::new();
        for i in 0..40u32 {
            let f = i as f32;
            bp.insert_proxy(i, 0, bounds(f * 3.7 - 70.0, f * 2.3 - 45.0, 1.0, 0.5), u32::MAX, u32::MAX);
        }
        bp.update_with(&mut Vec::<()>::new());
        for i in 0..40u32 {
            let r = bp.proxies.reach[i as usize];
            for b in [Bounds { min: r.min, max: r.min + 0.5 }, Bounds { min: r.max - 0.5, max: r.max }] {
                bp.set_bounds(i, b);
                bp.update_with(&mut Vec::<()>::new());
                assert_eq!(bp.moved.len() + bp.fills, 1, "the box stays in its entry");
                for probe in [Bounds { min: b.min - 2.0, max: b.min }, Bounds { min: b.max, max: b.max + 2.0 }] {
                    let mut got = Vec::new();
                    bp.query(&probe, |k| got.push(k));
                    assert!(got.contains(&i), "box {i} at {b:?}, probe {probe:?}");
                    bp.insert_proxy(99, 0, probe, u32::MAX, u32::MAX);
                    bp.update_with(&mut Vec::<()>::new());
                    assert!(found(&bp).contains(&(i, 99)));
                    assert_eq!(found(&bp), brute(&bp));
                    bp.remove_proxy(99, 1);
                }
            }
        }
    }

    #[test]
    fn a_box_moved_many_times_between_updates_is_listed_boundedly_and_found_once() {
        let mut bp = BroadPhase::new();
        // In a row, 1.5 apart (away from cell edges, where a box may leave its reach).
        for i in 0..100u32 {
            bp.insert_proxy(i, 0, bounds(0.2 + i as f32 * 1.5, 0.5, 1.0, 1.0), u32::MAX, u32::MAX);
        }
        bp.update_with(&mut Vec::<()>::new());
        assert!(bp.pairs.is_empty());
        // Back and forth within its reach, onto its neighbour and off again.
        let moves = |bp: &mut BroadPhase, n: usize| {
            for k in 0..n {
                let x = if k % 2 == 0 { 0.8 } else { 0.2 };
                bp.set_bounds(0, bounds(x, 0.5, 1.0, 1.0));
                assert!(bp.moved.is_empty(), "the box should keep its entry");
                assert!(bp.shifted.len() <= 2 * bp.proxies.len() + 64);
                let mut met = Vec::new();
                bp.query(&bounds(1.7, 0.5, 0.1, 0.1), |i| met.push(i));
                met.sort();
                assert_eq!(met, if x > 0.5 { vec![0, 1] } else { vec![1] });
            }
        };
        moves(&mut bp, 10_000);
        bp.update_with(&mut Vec::<()>::new());
        assert!(bp.pairs.is_empty());
        // 49 moves of one box of 100 are one change, not 49: an incremental update.
        moves(&mut bp, 49);
        let before = bp.stats().incremental_updates;
        bp.update_with(&mut Vec::<()>::new());
        assert_eq!(bp.pairs, vec![(0, 1)]);
        assert_eq!(bp.stats().incremental_updates, before + 1);
        assert!(bp.shifted.is_empty());
    }

    #[test]
    fn a_dense_pile_is_not_rebuilt_at_every_update() {
        // Alone, and with a larger box on a coarser level, whose reach spans more cells of the
        // finer level than its table has buckets.
        for larger in [false, true] {
            let mut bp = BroadPhase::new();
            for i in 0..300u32 {
                let d = (i % 7) as f32 * 0.01;
                bp.insert_proxy(i, 0, bounds(d, d, 1.0, 1.0), u32::MAX, u32::MAX);
            }
            if larger {
                bp.insert_proxy(300, 0, bounds(0.0, 0.0, 1.6, 1.6), u32::MAX, u32::MAX);
            }
            for step in 0..20 {
                // A tenth of the pile, about the edge of a cell: boxes change cells, go to the
                // overflow and are merged back.
                for i in (0..300u32).filter(|i| i % 10 == step % 10) {
                    let d = 0.97 + ((i + step) % 7) as f32 * 0.01;
                    bp.set_bounds(i, bounds(d, d, 1.0, 1.0));
                }
                bp.update_with(&mut Vec::<()>::new());
                assert_eq!(found(&bp), brute(&bp));
            }
            assert!(bp.sorts > 2, "sorts {}", bp.sorts);
            assert_eq!(bp.rebuilds, 1, "larger box: {larger}");
        }
    }

    /// Cells about 2^32 apart on both axes: their cell numbers overflow 64 bits, which must
    /// only make them not canonical.
    #[test]
    fn cells_four_billion_apart_find_their_pairs() {
        let mut bp = BroadPhase::new();
        for i in 0..20u32 {
            bp.insert_proxy(i, 0, bounds(i as f32 * 0.5, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
        }
        bp.insert_proxy(20, 0, bounds(-2e9, -2e9, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.insert_proxy(21, 0, bounds(2e9, 2e9, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.update();
        assert_eq!(found(&bp), brute(&bp));
        check_purity(&bp);
    }

    #[test]
    fn saturated_cells_still_find_their_pairs() {
        let mut bp = BroadPhase::new();
        let far = 3.0e38f32;
        bp.insert_proxy(0, 0, bounds(far, far, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.insert_proxy(1, 0, bounds(far, far, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.insert_proxy(2, 0, bounds(-far, -far, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.insert_proxy(3, 0, bounds(0.0, 0.0, 1e-30, 1e-30), u32::MAX, u32::MAX);
        bp.update_with(&mut Vec::<()>::new());
        assert_eq!(found(&bp), brute(&bp));
        assert!(found(&bp).contains(&(0, 1)));
    }
}
