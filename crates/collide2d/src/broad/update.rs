//! Changes and updates: inserting, moving, refiltering and removing boxes marks them; an update
//! applies the marks and brings the pair list up to date, by a full search or incrementally.

use crate::filter::CollisionFilter;
use crate::shape::Aabb;

use super::bounds::{Bounds, Packed};
use super::proxies::{Meta, State, ALIVE, MOVED, PLACED};
use super::sink::PairBudget;
use super::{BroadPhase, BroadPhaseError};

/// Incremental pair updates when at most one box in this many changed. On the 100,000-box
/// scene (measured again once entries kept their cells): for the pairs alone, a full search is
/// cheaper above about one in 20 (8.3 % changed: 5.5 ms full, 6.2 incremental); for a World
/// step, which keeps the narrow-phase results of unchanged pairs, incremental wins at least up
/// to one in 8 (27.0 ms against 32.6). One in 10 serves both.
pub(crate) const INCREMENTAL_SHARE: usize = 10;

/// Whether `n` changed colliders of `live` are few enough for an incremental update.
fn few(n: usize, live: usize) -> bool {
    n * INCREMENTAL_SHARE <= live
}

/// Whether update_with drops the shifted list's duplicates, with `moved` and `shifted` listed
/// and `live` colliders: only where that can tip the choice to an incremental update (few
/// moved, too many listed, under half the boxes: pinned by a test). Its own function so that
/// the mutation exclusions for its `||`s name it alone: dropping duplicates never changes a
/// pair, and dropping them also before the first build (`built ||`), when the changes were
/// few already (`… || few(moved)`) or when many moved (`… || 2·s < n`; a fill follows) leaves
/// every choice as it was.
#[inline]
fn worth_dedup(built: bool, moved: usize, shifted: usize, live: usize) -> bool {
    built && !few(moved + shifted, live) && few(moved, live) && 2 * shifted < live
}

/// What each overflow entry costs in an update of `changed` colliders (`incremental`) or in a
/// full search, against the cost of a sort. Its own function so that the mutation exclusion
/// for `changed * 16` (a cost estimate: when to sort is speed only) names it alone.
#[inline]
fn overflow_cost(incremental: bool, changed: usize) -> usize {
    if incremental {
        changed + 16
    } else {
        128
    }
}

/// Whether, of a pair of two changed boxes found from both, the one with key `a` reports it
/// (to `b`). Its own function so that the mutation exclusions name it alone: either one may
/// (`>`: the larger key; `<=`: the keys differ), as a pair ordered by key all the same.
#[inline]
fn reports(a: u32, b: u32) -> bool {
    a < b
}

/// Sets bit `i`: `false` if it was set already.
#[inline(always)]
fn mark(bits: &mut [u64], i: u32) -> bool {
    let (word, bit) = (&mut bits[(i / 64) as usize], 1 << (i % 64));
    let new = *word & bit == 0;
    *word |= bit;
    new
}

impl BroadPhase {
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
        self.update_with(&mut Vec::<()>::new(), usize::MAX);
        &self.pairs
    }

    /// The pair list of the last [`update`](Self::update).
    pub fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }

    pub(super) fn count(&mut self, level: u8, delta: i32) {
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

    /// Brings the grid and the pair list up to date. `results` holds the narrow phase's results
    /// for a prefix of the old pairs: on return it holds those still valid, for a prefix of the
    /// new pairs (unchanged pairs between unchanged colliders keep their place and results).
    ///
    /// With more than `max_pairs` pairs, it stops searching and returns `false`: the pair list
    /// and `results` are then empty, and the next update searches every pair again.
    pub(crate) fn update_with<R: Copy>(&mut self, results: &mut Vec<R>, max_pairs: usize) -> bool {
        if self.built && self.moved.is_empty() && self.shifted.is_empty() && !self.pairs_stale {
            return self.pairs.len() <= max_pairs;
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
        if worth_dedup(self.built, moved, shifted, self.live) {
            self.dedup_shifted();
        }
        let changed = self.moved.len() + self.shifted.len();
        let incremental = self.built && few(changed, self.live) && !self.pairs_stale;
        if !self.built || self.crowded() {
            self.build();
        } else if few(self.moved.len(), self.live) {
            self.refresh();
        } else {
            self.fill();
            // The boxes' spread is known again once filled: if most of them moved far (a
            // crowd scattering), the tables are too small for it now, and a search over them
            // would cost about the square of the boxes per bucket.
            if self.crowded() {
                self.build();
            }
        }
        // Sort once the overflow costs more than a sort: each changed collider scans it in an
        // incremental update; in a full search, each overflow entry searches the grid around it.
        let cost = overflow_cost(incremental, changed);
        if self.overflow.len() * cost > 4 * self.entries.len() + 1024 {
            self.sort();
        }
        let budget = PairBudget::new(max_pairs);
        let within = if incremental {
            self.incremental_updates += 1;
            self.update_pairs(results, &budget)
        } else {
            self.full_searches += 1;
            results.clear();
            self.find_pairs(&budget)
        };
        for &i in &self.moved {
            self.proxies.state[i as usize].flags &= !MOVED;
        }
        self.moved.clear();
        self.shifted.clear();
        self.built = true;
        self.pairs_stale = !within;
        if !within {
            self.pairs.clear();
            results.clear();
        }
        within
    }

    #[inline(always)]
    fn moved_bit(bits: &[u64], i: u32) -> bool {
        bits[(i / 64) as usize] & (1 << (i % 64)) != 0
    }

    /// Keeps the old pairs between unchanged colliders (and their results) and adds the pairs of
    /// the changed ones; `false` (and the list incomplete) past the budget.
    fn update_pairs<R: Copy>(&mut self, results: &mut Vec<R>, budget: &PairBudget) -> bool {
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
        let mut within = budget.take(kept);
        for &i in self.moved.iter().chain(&self.shifted) {
            if !within {
                break;
            }
            if self.proxies.state[i as usize].flags & PLACED == 0 {
                continue;
            }
            let before = pairs.len();
            let a = *self.entry(i);
            let probe = a.p.probe();
            self.visit(&a.p.bounds(), |b| {
                // Tombstones overlap nothing, so `b.idx` names a collider below.
                if b.idx != a.idx
                    && b.p.meets(&probe)
                    && a.allows(b)
                    && (!Self::moved_bit(&bits, b.idx) || reports(a.idx, b.idx))
                {
                    pairs.push(a.pair(b));
                }
            });
            within = budget.take(pairs.len() - before);
        }
        self.pairs = pairs;
        self.moved_bits = bits;
        within
    }
}
