//! The work meter that bounds the exact search in time (see [`ContactBudget`]).
//!
//! Every stage charges the meter for what it does, as it does it, in units of about the same
//! cost: a region's face built, a point or line tested against a region, a grid list entry
//! visited, a step of the search's loop, and a sixteenth of a unit for each pair of pieces
//! whose bounds are compared. A stage checks the meter before its next step and stops when it
//! is spent; a stage that would leave its results incomplete (building regions, walking out
//! along a ray) then reports nothing, so that only walks through every region that can hold
//! the push count as separating. The meter lives on the thread, as the buffers do, so that the
//! deep loops need no extra argument: the count, and so where it stops, depends only on the
//! inputs, never on the thread or the build.

use std::cell::Cell;

pub use crate::query::contact::ContactBudget;

thread_local! {
    /// The units left to the query running on this thread (`u64::MAX`: none running, or
    /// unbounded).
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Takes `units` from the meter (never below empty).
#[inline]
pub(super) fn charge(units: u64) {
    LEFT.with(|left| left.set(left.get().saturating_sub(units)));
}

/// Whether the meter is empty: the stage stops.
#[inline]
pub(super) fn spent() -> bool {
    LEFT.with(|left| left.get() == 0)
}

/// Runs `query` with the meter set to `budget`, then puts back the meter of any query it runs
/// within (the rescaled query runs inside its caller). Also returns whether the meter ran out.
pub(super) fn metered<T>(budget: ContactBudget, query: impl FnOnce() -> T) -> (T, bool) {
    let outer = LEFT.with(|left| left.replace(budget.units().max(1)));
    let answer = query();
    let ran_out = spent();
    LEFT.with(|left| left.set(outer));
    (answer, ran_out)
}

/// The cost of comparing the bounds of `pairs` pairs of pieces: a sixteenth of a unit each, as
/// such a test is a few instructions against the few dozen of a unit.
#[inline]
pub(super) fn pair_scan(pairs: u64) -> u64 {
    pairs / 16 + 1
}

/// The cost of sorting `n` items: a sixteenth of a unit per comparison, `n log2 n` of them.
#[inline]
pub(super) fn sorting(n: usize) -> u64 {
    let n = n as u64;
    n * u64::from(64 - n.leading_zeros()) / 16
}
