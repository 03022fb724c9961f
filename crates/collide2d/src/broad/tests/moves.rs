//! A few boxes moving at a time among many on a dense grid: the incremental path (entries
//! rewritten in place, slid into the bucket beside, or sent to the overflow, moved twice or
//! more) against brute force.

use glam::Vec2;
use proptest::prelude::*;

use super::super::{Bounds, BroadPhase};
use super::{bounds, brute, check_purity, found};

/// 400 boxes of side 0.8, one per unit square of a 20 × 20 square about the origin (sorting
/// by x must then order negative and positive values): the finest level is pure.
fn dense_scene() -> BroadPhase {
    let mut bp = BroadPhase::new();
    for i in 0..400u32 {
        let (x, y) = ((i % 20) as f32 - 9.9, (i / 20) as f32 - 9.9);
        bp.insert_proxy(i, 0, bounds(x, y, 0.8, 0.8), u32::MAX, u32::MAX);
    }
    bp.update();
    bp
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Each round moves up to 11 boxes (half of them from the first 30, which then move again
    /// and again) by up to a cell and a half (half of the moves along a row, where an entry can
    /// slide into the bucket beside; one time in five, ten times as far), then updates: an incremental update each time, with the pairs of brute
    /// force and pure levels holding only their own cells.
    #[test]
    fn few_moves_in_a_dense_scene_match_brute_force(
        rounds in proptest::collection::vec(
            proptest::collection::vec((prop_oneof![0u32..400, 0u32..30], -1.5f32..1.5, prop_oneof![Just(0.0f32), -1.5f32..1.5], proptest::bool::weighted(0.2)), 1..12),
            1..12,
        )
    ) {
        let mut bp = dense_scene();
        prop_assert!(bp.levels[0].pure);
        for round in &rounds {
            for &(i, dx, dy, jump) in round {
                let b = bp.proxies.tight[i as usize];
                let d = Vec2::new(dx, dy) * if jump { 10.0 } else { 1.0 };
                bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
            }
            let incremental = bp.incremental_updates;
            bp.update();
            prop_assert_eq!(bp.incremental_updates, incremental + 1);
            check_purity(&bp);
            prop_assert_eq!(found(&bp), brute(&bp));
        }
        // Then a full search with the overflow as it is (its entries pair among themselves by
        // a sweep along x): a nudge to half the boxes, within their cells.
        for i in (0..400u32).step_by(2) {
            let b = bp.proxies.tight[i as usize];
            let d = Vec2::splat(1e-4);
            bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
        }
        let full = bp.full_searches;
        bp.update();
        prop_assert_eq!(bp.full_searches, full + 1);
        prop_assert_eq!(found(&bp), brute(&bp));
    }
}

/// Overflow entries pair among themselves by a sweep along x, in the order of their lower x:
/// a box from x = −2.5 reaching past x = 1 meets one at x = 1 though one at x = 2 (which it
/// does not meet) lies between them in the order of distance from 0.
#[test]
fn the_overflow_sweep_orders_negative_and_positive_x() {
    let mut bp = dense_scene();
    bp.set_bounds(0, bounds(1.0, 50.0, 0.1, 1.0));
    bp.set_bounds(1, bounds(2.0, 50.0, 1.0, 1.0));
    bp.set_bounds(2, bounds(-2.5, 50.0, 3.55, 1.0));
    bp.update();
    assert_eq!(bp.overflow.len(), 3);
    for i in (4..400u32).step_by(2) {
        let b = bp.proxies.tight[i as usize];
        bp.set_bounds(i, Bounds { min: b.min + 1e-4, max: b.max + 1e-4 });
    }
    let (full, searches) = (bp.full_searches, bp.overflow_searches);
    bp.update();
    assert_eq!((bp.full_searches, bp.overflow.len()), (full + 1, 3));
    assert_eq!((searches, bp.overflow_searches), (0, 1), "the overflow searched in a full search");
    assert!(found(&bp).contains(&(0, 2)));
    assert_eq!(found(&bp), brute(&bp));
}

/// A pile of 300 boxes in one inner cell of a pure level, nothing in the cells after it: each
/// box's search finds up to 299 pairs at once, more than the pair buffer holds, so the buffer
/// must be emptied as it fills, though the row above adds no candidate.
#[test]
fn a_pile_finds_more_pairs_at_once_than_the_buffer_holds() {
    let mut bp = BroadPhase::new();
    for i in 0..300u32 {
        bp.insert_proxy(i, 0, bounds(5.2, 5.2, 0.5, 0.5), u32::MAX, u32::MAX);
    }
    bp.insert_proxy(300, 0, bounds(0.1, 0.1, 0.5, 0.5), u32::MAX, u32::MAX);
    bp.insert_proxy(301, 0, bounds(10.2, 10.2, 0.5, 0.5), u32::MAX, u32::MAX);
    bp.update();
    assert!(bp.levels[0].pure);
    assert_eq!(found(&bp).len(), 300 * 299 / 2);
}

/// An incremental update keeps the results of the pairs whose boxes did not change, in the
/// order of those pairs, and drops the others' (the caller judges them again).
#[test]
fn incremental_updates_keep_the_results_of_unchanged_pairs() {
    let mut bp = dense_scene();
    for (i, x) in [(0u32, 0.0f32), (1, 0.5), (2, 1.0)] {
        bp.set_bounds(i, bounds(x - 9.0, 20.0, 0.8, 0.8));
    }
    bp.set_bounds(3, bounds(-9.0, 30.0, 0.8, 0.8));
    bp.set_bounds(4, bounds(-8.5, 30.0, 0.8, 0.8));
    let mut results: Vec<(u32, u32)> = Vec::new();
    bp.update_with(&mut results, usize::MAX);
    results.clone_from(&bp.pairs);
    assert_eq!(found(&bp), [(0, 1), (1, 2), (3, 4)].into_iter().collect());
    // Box 0 moves away: the pairs (1, 2) and (3, 4) keep their results.
    bp.set_bounds(0, bounds(-9.0, 40.0, 0.8, 0.8));
    let incremental = bp.incremental_updates;
    bp.update_with(&mut results, usize::MAX);
    assert_eq!(bp.incremental_updates, incremental + 1);
    let mut kept = results.clone();
    kept.sort_unstable();
    assert_eq!(kept, [(1, 2), (3, 4)]);
    assert_eq!(results[..], bp.pairs[..2]);
}
