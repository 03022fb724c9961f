//! Which piece walks each directed edge, as the decomposition's joining looks them up: a map
//! from an edge `(u, v)` to a piece, kept by the edge's first vertex.
//!
//! Each vertex's few edges sit in a short list in one pool, so that pieces near each other,
//! taken one after another, read memory near each other; a hash map of a million edges spread
//! every look-up over memory (three quarters of the joining's time on a star of a million
//! vertices). Edges beyond [`LISTED`] at one vertex (a fan of thin pieces round it) go to a
//! hash map, so that no look-up walks a long list.

use rustc_hash::FxHashMap;

/// Edges kept in a vertex's list; more go to the hash map.
const LISTED: u8 = 8;

/// The end of a list.
const END: u32 = u32::MAX;

/// One edge in a list: its second vertex, its piece and the next entry.
#[derive(Clone, Copy)]
struct Entry {
    to: u32,
    piece: u32,
    next: u32,
}

/// The map from directed edges to pieces.
pub(super) struct EdgeOwners {
    /// Per vertex: its list's first entry in `pool`, or `END`.
    first: Vec<u32>,
    /// Per vertex: how many edges its list holds, and whether any went to `spilled`.
    listed: Vec<(u8, bool)>,
    pool: Vec<Entry>,
    /// Entries freed by removals, linked through `next`.
    free: u32,
    spilled: FxHashMap<(u32, u32), u32>,
}

impl EdgeOwners {
    /// An empty map for edges between `vertices` vertices, with room for `edges` of them.
    pub(super) fn new(vertices: usize, edges: usize) -> Self {
        Self {
            first: vec![END; vertices],
            listed: vec![(0, false); vertices],
            pool: Vec::with_capacity(edges),
            free: END,
            spilled: FxHashMap::default(),
        }
    }

    /// The piece walking `u → v`, if any.
    pub(super) fn get(&self, (u, v): (usize, usize)) -> Option<usize> {
        let mut e = self.first[u];
        while e != END {
            let entry = self.pool[e as usize];
            if entry.to as usize == v {
                return Some(entry.piece as usize);
            }
            e = entry.next;
        }
        if !self.listed[u].1 {
            return None;
        }
        self.spilled.get(&(u as u32, v as u32)).map(|&p| p as usize)
    }

    /// Makes `piece` the one walking `u → v`.
    pub(super) fn insert(&mut self, (u, v): (usize, usize), piece: usize) {
        let (to, piece) = (v as u32, piece as u32);
        let mut e = self.first[u];
        while e != END {
            let entry = &mut self.pool[e as usize];
            if entry.to == to {
                entry.piece = piece;
                return;
            }
            e = entry.next;
        }
        if self.listed[u].1 {
            if let Some(p) = self.spilled.get_mut(&(u as u32, to)) {
                *p = piece;
                return;
            }
        }
        let (count, spilled) = &mut self.listed[u];
        if *count == LISTED {
            *spilled = true;
            self.spilled.insert((u as u32, to), piece);
            return;
        }
        *count += 1;
        let entry = Entry { to, piece, next: self.first[u] };
        let slot = if self.free == END {
            self.pool.push(entry);
            (self.pool.len() - 1) as u32
        } else {
            let slot = self.free;
            self.free = self.pool[slot as usize].next;
            self.pool[slot as usize] = entry;
            slot
        };
        self.first[u] = slot;
    }

    /// Forgets `u → v` (nothing if it is not there).
    pub(super) fn remove(&mut self, (u, v): (usize, usize)) {
        let to = v as u32;
        let (mut before, mut e) = (END, self.first[u]);
        while e != END {
            let entry = self.pool[e as usize];
            if entry.to == to {
                if before == END {
                    self.first[u] = entry.next;
                } else {
                    self.pool[before as usize].next = entry.next;
                }
                self.pool[e as usize].next = self.free;
                self.free = e;
                self.listed[u].0 -= 1;
                return;
            }
            (before, e) = (e, entry.next);
        }
        if self.listed[u].1 {
            self.spilled.remove(&(u as u32, to));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_vertex_whose_edges_come_and_go_keeps_a_few_in_its_list() {
        // Edges removed leave room in the list: a vertex that never holds more than `LISTED`
        // at once never spills, however many come and go.
        let mut owners = EdgeOwners::new(1, 0);
        for round in 0..100 {
            (0..usize::from(LISTED)).for_each(|v| owners.insert((0, v), round));
            (0..usize::from(LISTED)).for_each(|v| owners.remove((0, v)));
        }
        (0..usize::from(LISTED)).for_each(|v| owners.insert((0, v), v));
        assert!(owners.spilled.is_empty() && owners.listed[0] == (LISTED, false));
        assert_eq!(owners.get((0, 3)), Some(3));
    }

    proptest! {
        /// Any run of inserts and removals, on few vertices (so that some spill), answers as a
        /// hash map does.
        #[test]
        fn answers_as_a_hash_map(ops in prop::collection::vec((any::<bool>(), 0usize..3, 0usize..40, 0usize..1000), 0..400)) {
            let mut owners = EdgeOwners::new(3, 0);
            let mut reference = std::collections::HashMap::new();
            for (insert, u, v, piece) in ops {
                if insert {
                    owners.insert((u, v), piece);
                    reference.insert((u, v), piece);
                } else {
                    owners.remove((u, v));
                    reference.remove(&(u, v));
                }
                for u in 0..3 {
                    for v in 0..40 {
                        prop_assert_eq!(owners.get((u, v)), reference.get(&(u, v)).copied(), "{} → {}", u, v);
                    }
                }
            }
        }
    }
}
