//! What the broad phase knows of each key, by slot: its box, reach, flags, level and filter.

use super::bounds::{Bounds, NOWHERE};

pub(super) const ALIVE: u8 = 1;
/// In `BroadPhase::moved`.
pub(super) const MOVED: u8 = 2;
/// Has an entry at `BroadPhase::pos`.
pub(super) const PLACED: u8 = 4;

/// What the broad phase knows of the colliders, indexed by slot, one array per part: moving a
/// box within its reach reads its state and reach and writes its box, and a step that moves
/// every box is bound by the bytes its passes walk (one 48-byte record per collider had cost
/// about 6 % of the bare step).
#[derive(Debug, Default)]
pub(crate) struct Proxies {
    /// The colliders' boxes now.
    pub tight: Vec<Bounds>,
    /// Where each box may go while its entry stays in its cell (see
    /// [`Level::reach`](super::cells::Level::reach)).
    pub(super) reach: Vec<Bounds>,
    pub(super) state: Vec<State>,
    /// What moves do not read.
    pub meta: Vec<Meta>,
}

/// A collider's flags and level.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct State {
    pub(super) flags: u8,
    pub(super) level: u8,
}

/// What [`BroadPhase::refresh`](super::BroadPhase::refresh) reads of a moved collider first:
/// state, box, filter and cell. (Not its entry's position, which a slide of another collider's
/// entry may change.)
pub(super) type Gathered = (State, Bounds, Meta, (i32, i32));

/// A collider's generation and filter.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Meta {
    pub generation: u32,
    pub(super) layer: u32,
    pub(super) mask: u32,
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
    pub(super) fn cover(&mut self, i: usize) {
        if self.len() <= i {
            self.tight.resize(i + 1, Bounds::default());
            self.reach.resize(i + 1, NOWHERE);
            self.state.resize(i + 1, State::default());
            self.meta.resize(i + 1, Meta::default());
        }
    }

    /// The live slots.
    pub(super) fn live(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.state[i].flags & ALIVE != 0)
    }
}
