//! The broad phase: a dynamic AABB tree of fattened boxes and a persistent set of candidate
//! pairs, updated incrementally from the colliders that moved out of their fat boxes.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use glam::Vec2;

use super::tree::{Bounds, Tree, NULL};

/// A multiplicative hasher for the `u64` pair keys (the keys are already well spread indices).
#[derive(Default)]
pub(crate) struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u64(&mut self, k: u64) {
        let x = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 29);
    }
}

type PairSet = HashSet<u64, BuildHasherDefault<PairHasher>>;

const ALIVE: u8 = 1;
const MOVED: u8 = 2;
const PENDING: u8 = 4;

/// What the broad phase knows of one collider (indexed by the collider's slot).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proxy {
    pub fat: Bounds,
    pub tight: Bounds,
    pub generation: u32,
    pub leaf: u32,
    pub layer: u32,
    pub mask: u32,
    flags: u8,
}

impl Proxy {
    const DEAD: Proxy = Proxy {
        fat: Bounds { min: Vec2::ZERO, max: Vec2::ZERO },
        tight: Bounds { min: Vec2::ZERO, max: Vec2::ZERO },
        generation: 0,
        leaf: NULL,
        layer: 0,
        mask: 0,
        flags: 0,
    };

    #[inline(always)]
    pub fn alive(&self) -> bool {
        self.flags & ALIVE != 0
    }

    #[inline(always)]
    pub fn allows(&self, other: &Proxy) -> bool {
        (self.layer & other.mask) != 0 && (other.layer & self.mask) != 0
    }
}

/// A candidate pair: both colliders (slot index and generation), `a < b`, and whether the narrow
/// phase found them touching at the last step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair {
    pub a: u32,
    pub b: u32,
    pub ga: u32,
    pub gb: u32,
    pub touching: bool,
}

#[inline(always)]
fn key(a: u32, b: u32) -> u64 {
    ((a as u64) << 32) | b as u64
}

/// How the fat box is grown around the tight one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Margin {
    pub relative: f32,
    pub absolute: f32,
}

/// Above this share of the colliders waiting to enter the tree, the tree is rebuilt top-down
/// instead of taking them one at a time.
const REBUILD_SHARE: f32 = 0.25;

#[derive(Debug)]
pub(crate) struct BroadPhase {
    pub tree: Tree,
    pub proxies: Vec<Proxy>,
    /// Live colliders not in the tree yet (new, or moved out of their fat box).
    pending: Vec<u32>,
    /// Colliders whose fat box changed since the last pair update: their new pairs are sought.
    moved: Vec<u32>,
    pub pairs: Vec<Pair>,
    set: PairSet,
    pub margin: Margin,
    filters_changed: bool,
    stack: Vec<u32>,
    /// Rebuilds done (for tests and tuning).
    pub rebuilds: usize,
    /// Colliders that looked for new partners at the last update.
    pub last_moved: usize,
}

impl BroadPhase {
    pub fn new() -> Self {
        Self {
            tree: Tree::new(),
            proxies: Vec::new(),
            pending: Vec::new(),
            moved: Vec::new(),
            pairs: Vec::new(),
            set: PairSet::default(),
            margin: Margin { relative: 0.25, absolute: 0.0 },
            filters_changed: false,
            stack: Vec::new(),
            rebuilds: 0,
            last_moved: 0,
        }
    }

    fn fatten(&self, b: &Bounds) -> Bounds {
        let d = b.max - b.min;
        let m = Vec2::splat(self.margin.absolute + self.margin.relative * d.x.max(d.y));
        Bounds { min: b.min - m, max: b.max + m }
    }

    /// Registers a new collider in slot `idx`.
    pub fn insert(&mut self, idx: u32, generation: u32, tight: Bounds, layer: u32, mask: u32) {
        let i = idx as usize;
        if self.proxies.len() <= i {
            self.proxies.resize(i + 1, Proxy::DEAD);
        }
        let fat = self.fatten(&tight);
        self.proxies[i] = Proxy { fat, tight, generation, leaf: NULL, layer, mask, flags: ALIVE | MOVED | PENDING };
        self.pending.push(idx);
        self.moved.push(idx);
    }

    /// Forgets the collider in slot `idx`; `next_generation` is the slot's new generation, so that
    /// pairs naming the old one are dropped at the next update.
    pub fn remove(&mut self, idx: u32, next_generation: u32) {
        let p = &mut self.proxies[idx as usize];
        if p.leaf != NULL {
            let leaf = p.leaf;
            p.leaf = NULL;
            self.tree.remove(leaf);
        }
        let p = &mut self.proxies[idx as usize];
        p.flags = 0;
        p.generation = next_generation;
    }

    /// The collider's world box changed.
    #[inline]
    pub fn set_bounds(&mut self, idx: u32, tight: Bounds) {
        let p = &mut self.proxies[idx as usize];
        p.tight = tight;
        if p.fat.contains(&tight) {
            return;
        }
        let fat = self.fatten(&tight);
        let p = &mut self.proxies[idx as usize];
        p.fat = fat;
        if p.leaf != NULL {
            let leaf = p.leaf;
            p.leaf = NULL;
            self.tree.remove(leaf);
        }
        let p = &mut self.proxies[idx as usize];
        if p.flags & PENDING == 0 {
            p.flags |= PENDING;
            self.pending.push(idx);
        }
        if p.flags & MOVED == 0 {
            p.flags |= MOVED;
            self.moved.push(idx);
        }
    }

    /// The collider's filter changed: pairs are checked against filters at the next update, and
    /// its new pairs are sought.
    pub fn set_filter(&mut self, idx: u32, layer: u32, mask: u32) {
        let p = &mut self.proxies[idx as usize];
        p.layer = layer;
        p.mask = mask;
        self.filters_changed = true;
        if p.flags & MOVED == 0 {
            p.flags |= MOVED;
            self.moved.push(idx);
        }
    }

    /// Puts the waiting colliders into the tree (one by one, or by a rebuild when many wait).
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let waiting = self.pending.len();
        let total = self.tree.leaf_count() + waiting;
        if waiting >= 64 && waiting as f32 >= REBUILD_SHARE * total as f32 {
            let items: Vec<(u32, Bounds)> =
                self.proxies.iter().enumerate().filter(|(_, p)| p.alive()).map(|(i, p)| (i as u32, p.fat)).collect();
            let proxies = &mut self.proxies;
            self.tree.rebuild(&items, &mut |item, leaf| {
                let p = &mut proxies[item as usize];
                p.leaf = leaf;
                p.flags &= !PENDING;
            });
            self.rebuilds += 1;
        } else {
            for &idx in &self.pending {
                let p = self.proxies[idx as usize];
                if p.alive() && p.leaf == NULL {
                    let leaf = self.tree.insert(p.fat, idx);
                    self.proxies[idx as usize].leaf = leaf;
                }
                self.proxies[idx as usize].flags &= !PENDING;
            }
        }
        self.pending.clear();
    }

    /// Brings the tree and the pair set up to date. Fills `candidates` with the indices (in
    /// `self.pairs`) of the pairs whose tight boxes overlap, and `lost` with the pairs that were
    /// touching but whose boxes no longer overlap (or whose collider was removed or filtered out);
    /// their `touching` flag is cleared.
    pub fn update(&mut self, candidates: &mut Vec<u32>, lost: &mut Vec<Pair>) {
        self.flush();
        // New pairs: query the tree with each moved fat box.
        {
            self.last_moved = self.moved.len();
            let Self { tree, proxies, moved, pairs, set, stack, .. } = self;
            for &m in moved.iter() {
                let pm = proxies[m as usize];
                if !pm.alive() {
                    continue;
                }
                tree.query(&pm.fat, stack, |o| {
                    if o == m {
                        return true;
                    }
                    let po = &proxies[o as usize];
                    // When both moved, the pair is taken from the query of the smaller index.
                    if po.flags & MOVED != 0 && o < m {
                        return true;
                    }
                    if !pm.allows(po) {
                        return true;
                    }
                    let (a, b, ga, gb) =
                        if m < o { (m, o, pm.generation, po.generation) } else { (o, m, po.generation, pm.generation) };
                    if set.insert(key(a, b)) {
                        pairs.push(Pair { a, b, ga, gb, touching: false });
                    }
                    true
                });
            }
            for &m in moved.iter() {
                proxies[m as usize].flags &= !MOVED;
            }
            moved.clear();
        }
        // Drop the pairs whose fat boxes separated; keep the rest, noting the tight overlaps.
        candidates.clear();
        let check_filters = std::mem::take(&mut self.filters_changed);
        let Self { proxies, pairs, set, .. } = self;
        let mut w = 0;
        for r in 0..pairs.len() {
            let mut p = pairs[r];
            let (pa, pb) = (&proxies[p.a as usize], &proxies[p.b as usize]);
            let valid = pa.generation == p.ga
                && pb.generation == p.gb
                && pa.fat.overlaps(&pb.fat)
                && (!check_filters || pa.allows(pb))
                && pa.alive()
                && pb.alive();
            if !valid {
                set.remove(&key(p.a, p.b));
                if p.touching {
                    lost.push(p);
                }
                continue;
            }
            if pa.tight.overlaps(&pb.tight) {
                candidates.push(w as u32);
            } else if p.touching {
                p.touching = false;
                lost.push(p);
            }
            pairs[w] = p;
            w += 1;
        }
        pairs.truncate(w);
    }

    /// Calls `f(idx)` for every live collider whose tight box overlaps `b`.
    pub fn query(&self, b: &Bounds, mut f: impl FnMut(u32)) {
        let mut stack = Vec::new();
        self.tree.query(b, &mut stack, |i| {
            if self.proxies[i as usize].tight.overlaps(b) {
                f(i);
            }
            true
        });
        for &i in &self.pending {
            let p = &self.proxies[i as usize];
            if p.alive() && p.leaf == NULL && p.tight.overlaps(b) {
                f(i);
            }
        }
    }

    /// The live colliders not in the tree (a query must also look at these).
    pub fn waiting(&self) -> impl Iterator<Item = u32> + '_ {
        self.pending.iter().copied().filter(|&i| {
            let p = &self.proxies[i as usize];
            p.alive() && p.leaf == NULL
        })
    }
}
