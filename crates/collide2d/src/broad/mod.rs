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
//!
//! ## Files
//!
//! This file declares [`BroadPhase`] with its fields (the state every part reads and writes),
//! [`BroadPhaseError`], and this map. Each other file adds to `BroadPhase` the methods of one
//! responsibility:
//!
//! - `bounds.rs`: boxes as the broad phase keeps them: plain, and packed as entries hold them
//!   for the four-lane test.
//! - `proxies.rs`: what it knows of each key, by slot: box, reach, flags, level and filter.
//! - `cells.rs`: levels and cells: the cell sides, building the grid and when to build it anew,
//!   and which entries lie in the cells around a box (what every search and query walks).
//! - `entries.rs`: the entry array and the overflow list: filling the array, applying moves
//!   (in place, into the bucket beside, or to the overflow), merging the overflow back.
//! - `sink.rs`: where searches put the pairs they find, without a branch per test.
//! - `search.rs`: the full pair search, on one thread or shared.
//! - `update.rs`: the changes (insert, move, refilter, remove) and [`update`](BroadPhase::update),
//!   which applies them through `cells.rs` and `entries.rs`, then searches every pair
//!   (`search.rs`) or, when few boxes changed, only theirs.
//! - `query.rs`: box and ray queries, which see the boxes as they are now.
//! - `stats.rs`: [`BroadPhaseStats`].
//! - `tests/`: the inner workings checked against brute force, and the grid's policies at their
//!   thresholds.

use thiserror::Error;

mod bounds;
mod cells;
mod entries;
mod proxies;
mod query;
mod search;
mod sink;
mod stats;
#[cfg(test)]
mod tests;
mod update;

pub(crate) use bounds::Bounds;
pub use stats::BroadPhaseStats;

use cells::Level;
use entries::Entry;
use proxies::{Gathered, Proxies};

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
    /// Whether the last update stopped at its pair limit, leaving the pair list incomplete: the
    /// next one searches every pair again.
    pairs_stale: bool,
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

impl BroadPhase {
    /// The largest key, 2²⁶ − 1 (67,108,863): the broad phase keeps a table entry for every key
    /// up to the largest used, so keys should be small and dense (reuse the keys of removed
    /// boxes).
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
}
