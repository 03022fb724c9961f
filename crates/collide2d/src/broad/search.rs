//! The full pair search: every pair from scratch, entry by entry in array order, in stretches
//! of buckets on one thread or shared with rayon's pool.

use super::cells::{Interior, Level};
use super::entries::{Entry, DEAD};
use super::sink::{PairBudget, PairSink};
use super::BroadPhase;

/// The stretches of buckets a full search is cut into (see [`BroadPhase::find_pairs`]).
const STRETCHES: usize = 64;

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

/// Whether bucket_pairs' scan, at an entry of bucket `bucket`, has overflow entries due (those
/// of its bucket or an earlier one, the next at `next_over`). Only chooses when the scan
/// searches them: an overflow entry searches every level and grid entries never search the
/// overflow, so at its bucket, earlier, or after the scan, the same pairs come out in another
/// order; every mutant of it is equivalent.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn overflow_due(bucket: u32, next_over: u32) -> bool {
    bucket >= next_over
}

impl BroadPhase {
    /// With the `parallel` feature, a full pair search is shared between the calling thread and
    /// rayon's pool from this many boxes (32,768 by default; `usize::MAX`: never).
    pub fn set_parallel_threshold(&mut self, boxes: usize) {
        self.parallel_entries = boxes;
    }

    /// Every pair, from scratch, unless there are more than `budget` allows: then `false`, and
    /// the pair list is incomplete.
    pub(super) fn find_pairs(&mut self, budget: &PairBudget) -> bool {
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
            self.bucket_pairs_any(k0, k1, &order[below(k0)..below(k1)], out, budget);
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
        self.overflow_sweep(&mut order, &mut pairs, budget);
        self.sweep = order;
        self.pairs = pairs;
        !budget.exceeded()
    }

    /// The pairs of the overflow entries `order` with each other, by a sweep along x (the
    /// overflow is short; this avoids sorting the grid). Keys `order` by x and sorts it.
    fn overflow_sweep(&self, order: &mut [u64], out: &mut Vec<(u32, u32)>, budget: &PairBudget) {
        let over = &self.overflow;
        for o in order.iter_mut() {
            let k = overflow_index(*o);
            *o = (ordered_bits(over[k].p.0[0]) as u64) << 32 | k as u64;
        }
        order.sort_unstable();
        let mut sink = PairSink::<true>::new(out, budget);
        for (n, &j) in order.iter().enumerate() {
            if sink.exceeded() {
                break;
            }
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
    fn bucket_pairs_any(&self, k0: usize, k1: usize, over: &[u64], out: &mut Vec<(u32, u32)>, budget: &PairBudget) {
        if self.filtered {
            self.bucket_pairs::<true>(k0, k1, over, out, budget);
        } else {
            self.bucket_pairs::<false>(k0, k1, over, out, budget);
        }
    }

    #[inline(never)]
    fn bucket_pairs<const FILTERED: bool>(
        &self,
        k0: usize,
        k1: usize,
        over: &[u64],
        out: &mut Vec<(u32, u32)>,
        budget: &PairBudget,
    ) {
        let mut sink = PairSink::<FILTERED>::new(out, budget);
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
            // Past the budget the search stops: its answer is only that there are too many.
            while i < end && !sink.exceeded() {
                if finest {
                    i = self.interior_pairs(&l, inner, i..end, next_over, &mut sink);
                }
                let Some(a) = self.entries[..end].get(i) else { break };
                // An entry the run stopped at (the overflow has entries for its bucket or an
                // earlier one, or it is on the level's edges), or any entry of a coarser level.
                if overflow_due(a.bucket, next_over) {
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
            if sink.exceeded() {
                break;
            }
            self.overflow_entry_pairs(a, &mut sink);
        }
        sink.flush();
        let out = sink.out;
        if (k0..k1).contains(&(self.huge as usize)) {
            let huge = self.bucket_entries(self.huge);
            for (n, a) in huge.iter().enumerate() {
                let before = out.len();
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
                if !budget.take(out.len() - before) {
                    break;
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
            // A buried entry needs no test: its NaN box overlaps nothing. Past the budget, the
            // search stops.
            if !(inner.holds(l, a) & (a.bucket < stop)) || out.exceeded() {
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
}
