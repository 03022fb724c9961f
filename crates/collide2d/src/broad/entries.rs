//! The entries and the overflow: one array sorted by bucket, the moves applied to it (in place,
//! into the bucket beside, or to the overflow list), and the overflow merged back.

use super::bounds::{include, Bounds, Packed, NOWHERE};
use super::cells::{locate, Level};
use super::proxies::{ALIVE, PLACED};
use super::BroadPhase;

/// `Entry::idx` of a removed collider's entry (dropped at the next sort).
pub(super) const DEAD: u32 = u32::MAX;

/// `pos` flag of a collider whose entry is in the overflow list.
const IN_OVERFLOW: u32 = 1 << 31;

const BLANK: Entry = Entry { p: Packed([0.0; 4]), cx: 0, cy: 0, idx: DEAD, layer: 0, mask: 0, bucket: 0 };

/// One collider in its cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) p: Packed,
    pub(super) cx: i32,
    pub(super) cy: i32,
    pub(super) idx: u32,
    pub(super) layer: u32,
    pub(super) mask: u32,
    pub(super) bucket: u32,
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
    pub(super) fn allows(&self, o: &Entry) -> bool {
        (self.layer & o.mask) != 0 && (o.layer & self.mask) != 0
    }

    #[inline(always)]
    pub(super) fn pair(&self, o: &Entry) -> (u32, u32) {
        (self.idx.min(o.idx), self.idx.max(o.idx))
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

impl BroadPhase {
    /// Every entry anew from the colliders: a counting sort by bucket, in slot order. (Reading
    /// the colliders in the grid's last order instead, so that the writes go nearly in order,
    /// measured twice as slow: random reads cost more than random writes here.)
    pub(super) fn fill(&mut self) {
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
    pub(super) fn entry(&self, i: u32) -> &Entry {
        let pos = self.pos[i as usize];
        if pos & IN_OVERFLOW != 0 {
            &self.overflow[(pos & !IN_OVERFLOW) as usize]
        } else {
            &self.entries[pos as usize]
        }
    }

    pub(super) fn entry_mut(&mut self, i: u32) -> &mut Entry {
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
    pub(super) fn refresh(&mut self) {
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
            } else if placed && same_level(s.level, level) && self.slide(pos, level, e) {
                // Now first or last of the bucket beside.
            } else {
                if placed {
                    self.entry_mut(i).bury();
                }
                self.pos[i as usize] = overflow_pos(self.overflow.len());
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
        let beside = same_row(e.cy, old.cy) && e.bucket.abs_diff(old.bucket) == 1;
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
    pub(super) fn sort(&mut self) {
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
        let impure = impure_levels(&self.levels);
        for e in over.iter().filter(|e| e.idx != DEAD) {
            if let Some(l) = self.levels.iter_mut().find(|l| l.buckets().contains(&(e.bucket as usize))) {
                l.pure &= l.canonical(e.cx, e.cy);
            }
        }
        let union = [f32::INFINITY; 4];
        let mut merged = Merged { spare: &mut spare, pos: &mut self.pos, starts: &mut self.starts, union };
        let mut o = 0;
        for e in &self.entries {
            while o < over.len() && goes_before(over[o].bucket, e.bucket) {
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
        for n in (0..self.levels.len()).filter(|&n| was_impure(impure, n)) {
            let l = self.levels[n];
            let r = l.buckets();
            let mut entries = self.entries[self.starts[r.start] as usize..self.starts[r.end] as usize].iter();
            self.levels[n].pure = entries.all(|e| l.canonical(e.cx, e.cy));
        }
    }

    #[inline(always)]
    pub(super) fn bucket_entries(&self, k: u32) -> &[Entry] {
        &self.entries[self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize]
    }

    /// The colliders too large for every level.
    pub(super) fn huge_entries(&self) -> &[Entry] {
        if self.huge_count > 0 {
            self.bucket_entries(self.huge)
        } else {
            &[]
        }
    }
}

// refresh's and sort's choices that cannot change an answer, each its own function so that it
// can be skipped for mutation testing (or its exclusion can name it alone).

/// Whether a moved entry stays in its level, so that [`BroadPhase::slide`] is tried. Only a
/// shortcut: slide checks every condition it needs itself (the same level, row and way), and
/// an entry not slid goes to the overflow, which every search reads.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn same_level(a: u8, b: u8) -> bool {
    a == b
}

/// Whether a moved entry stays in its cell row, for [`BroadPhase::slide`]. Only chooses when a
/// slide is tried: with `!=` the only move between buckets one apart is the wrap from a row's
/// end to the next row's start, still the entry's own bucket, and an entry not slid goes to
/// the overflow.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn same_row(a: i32, b: i32) -> bool {
    a == b
}

/// The position of overflow entry `len`: the flag bit 31 with the index, which stays below it.
/// Its own function so that the mutation exclusion for `^` (the same as `|` on those disjoint
/// bits) names it alone.
#[inline]
fn overflow_pos(len: usize) -> u32 {
    IN_OVERFLOW | len as u32
}

/// The levels that are impure, one bit each (at most MAX_LEVELS = 48). This and its reading,
/// [`was_impure`], only choose which levels sort re-examines: a level left out keeps its
/// flag, which is right for a pure one (its joining entries were checked) and safe for an
/// impure one (searched the general way); a level re-examined gets its exact flag.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn impure_levels(levels: &[Level]) -> u64 {
    levels.iter().enumerate().fold(0u64, |m, (n, l)| m | ((!l.pure as u64) << n))
}

/// Whether level `n` is among the `impure` ones (see [`impure_levels`]).
#[cfg_attr(test, mutants::skip)]
#[inline]
fn was_impure(impure: u64, n: usize) -> bool {
    impure >> n & 1 != 0
}

/// Whether an overflow entry of bucket `a` goes into the entries before an old entry of bucket
/// `b`. Its own function so that the mutation exclusion for `<=` names it alone: overflow
/// entries then go in before their bucket's old entries instead of after, and a bucket's
/// entries are in no particular order.
#[inline]
fn goes_before(a: u32, b: u32) -> bool {
    a < b
}
