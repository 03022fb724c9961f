//! Figures of the broad phase: how many pairs, how large the cells, how often each kind of
//! update ran.

use super::BroadPhase;

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

impl BroadPhase {
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

    /// The finest cell side of the current grid (0 before the first update).
    fn cell_size(&self) -> f32 {
        self.levels.first().map_or(0.0, |l| l.cell as f32)
    }
}
