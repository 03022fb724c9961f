//! Unit tests of the broad phase's inner workings, against brute force: every pair, query and
//! kept result after random changes, and the scenes that once broke a search. `grid.rs` pins
//! the grid's policies at their thresholds; `moves.rs` the incremental path of a few boxes moving
//! among many; `rays.rs` rays through the grid.

use std::collections::BTreeSet;

use glam::Vec2;
use proptest::prelude::*;

use super::entries::DEAD;
use super::proxies::Meta;
use super::{Bounds, BroadPhase};
use crate::query::ray::Ray;
#[cfg(feature = "parallel")]
use crate::shape::Aabb;

mod grid;
mod moves;
mod rays;

fn brute(bp: &BroadPhase) -> BTreeSet<(u32, u32)> {
    let px = &bp.proxies;
    let live: Vec<(u32, Meta, Bounds)> = px.live().map(|i| (i as u32, px.meta[i], px.tight[i])).collect();
    let mut out = BTreeSet::new();
    for (n, (i, a, ab)) in live.iter().enumerate() {
        for (j, b, bb) in &live[n + 1..] {
            let allowed = (a.layer & b.mask) != 0 && (b.layer & a.mask) != 0;
            if allowed && ab.overlaps(bb) {
                out.insert((*i, *j));
            }
        }
    }
    out
}

fn found(bp: &BroadPhase) -> BTreeSet<(u32, u32)> {
    let set: BTreeSet<(u32, u32)> = bp.pairs.iter().copied().collect();
    assert_eq!(set.len(), bp.pairs.len(), "a pair reported twice");
    assert!(bp.pairs.iter().all(|&(a, b)| a < b));
    set
}

/// A level marked pure holds only entries of canonical cells (what its searches assume);
/// every grid entry is in the bucket it names, and every live collider has one entry at most
/// (in the grid or the overflow).
fn check_purity(bp: &BroadPhase) {
    for l in bp.levels.iter().filter(|l| l.pure) {
        let r = l.buckets();
        for e in &bp.entries[bp.starts[r.start] as usize..bp.starts[r.end] as usize] {
            assert!(l.canonical(e.cx, e.cy), "pure level with cell ({}, {}): {l:?}", e.cx, e.cy);
        }
    }
    let mut entries = vec![0u32; bp.proxies.len()];
    for (k, w) in bp.starts.windows(2).enumerate() {
        for e in bp.entries[w[0] as usize..w[1] as usize].iter().filter(|e| e.idx != DEAD) {
            assert_eq!(e.bucket as usize, k, "the entry of collider {} in another bucket", e.idx);
            entries[e.idx as usize] += 1;
        }
    }
    for e in bp.overflow.iter().filter(|e| e.idx != DEAD) {
        entries[e.idx as usize] += 1;
    }
    for i in bp.proxies.live() {
        assert!(entries[i] <= 1, "collider {i} has {} entries", entries[i]);
    }
}

/// A box of side `s` at `(x, y)`; huge and tiny sides included.
fn bounds(x: f32, y: f32, w: f32, h: f32) -> Bounds {
    Bounds { min: Vec2::new(x, y), max: Vec2::new(x + w, y + h) }
}

#[derive(Clone, Debug)]
enum Op {
    Insert(f32, f32, f32, f32),
    Move(usize, f32, f32, f32, f32),
    Nudge(usize, f32, f32),
    Remove(usize),
    Filter(usize, u32, u32),
    Update,
}

fn side() -> impl Strategy<Value = f32> {
    prop_oneof![8 => 0.0f32..4.0, 2 => 4.0f32..40.0, 1 => Just(0.0), 1 => 100.0f32..3000.0, 1 => Just(3e38)]
}

fn op() -> impl Strategy<Value = Op> {
    let c = || -50.0f32..50.0;
    prop_oneof![
        4 => (c(), c(), side(), side()).prop_map(|(x, y, w, h)| Op::Insert(x, y, w, h)),
        3 => (any::<usize>(), c(), c(), side(), side()).prop_map(|(i, x, y, w, h)| Op::Move(i, x, y, w, h)),
        6 => (any::<usize>(), -1.0f32..1.0, -1.0f32..1.0).prop_map(|(i, dx, dy)| Op::Nudge(i, dx, dy)),
        1 => any::<usize>().prop_map(Op::Remove),
        1 => (any::<usize>(), 1u32..4, 1u32..4).prop_map(|(i, l, m)| Op::Filter(i, l, m)),
        3 => Just(Op::Update),
    ]
}

/// Runs the ops, checking pairs, queries and the carried-over results against brute force
/// at every update. `results[k]` is the pair itself, so a misplaced result shows.
fn run(ops: &[Op]) -> (usize, usize, usize) {
    let mut bp = BroadPhase::new();
    let mut results: Vec<(u32, u32)> = Vec::new();
    let mut live: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let check = |bp: &BroadPhase, live: &[u32]| {
        let probe = bounds(-10.0, -5.0, 20.0, 12.0);
        let mut got = Vec::new();
        bp.query(&probe, |i| got.push(i));
        let mut want: Vec<u32> =
            live.iter().copied().filter(|&i| bp.proxies.tight[i as usize].overlaps(&probe)).collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "query");
    };
    for op in ops {
        let pick = |i: &usize| live.get(i % live.len().max(1)).copied();
        match *op {
            Op::Insert(x, y, w, h) => {
                bp.insert_proxy(next, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
                live.push(next);
                next += 1;
            }
            Op::Move(i, x, y, w, h) => {
                if let Some(i) = pick(&i) {
                    bp.set_bounds(i, bounds(x, y, w, h));
                }
            }
            Op::Nudge(i, dx, dy) => {
                if let Some(i) = pick(&i) {
                    let b = bp.proxies.tight[i as usize];
                    let d = Vec2::new(dx, dy);
                    bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
                }
            }
            Op::Remove(i) => {
                if let Some(i) = pick(&i) {
                    bp.remove_proxy(i, 1);
                    live.retain(|&k| k != i);
                }
            }
            Op::Filter(i, l, m) => {
                if let Some(i) = pick(&i) {
                    bp.set_layer_mask(i, l, m);
                }
            }
            Op::Update => {
                check(&bp, &live);
                bp.update_with(&mut results, usize::MAX);
                check_purity(&bp);
                assert_eq!(found(&bp), brute(&bp), "pairs");
                assert!(results.len() <= bp.pairs.len());
                assert_eq!(results[..], bp.pairs[..results.len()], "results kept in place");
                results.clone_from(&bp.pairs);
                check(&bp, &live);
            }
        }
    }
    (bp.full_searches, bp.incremental_updates, bp.sorts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn pairs_queries_and_kept_results_match_brute_force(ops in proptest::collection::vec(op(), 1..200)) {
        run(&ops);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A cluster and one box far away: the table has fewer buckets than the extent has
    /// cells, so the cluster's cells share buckets (its level is not pure), and the
    /// searches must still find each pair once, before and after nudges.
    #[test]
    fn clusters_in_wrapped_tables_match_brute_force(
        far in (30.0f32..3000.0, 30.0f32..3000.0),
        cluster in proptest::collection::vec((0.0f32..12.0, 0.0f32..12.0, 0.5f32..3.0, 0.5f32..3.0), 8..60),
        nudges in proptest::collection::vec((any::<usize>(), -1.0f32..1.0, -1.0f32..1.0), 0..40),
    ) {
        let mut bp = BroadPhase::new();
        for (i, &(x, y, w, h)) in cluster.iter().enumerate() {
            bp.insert_proxy(i as u32, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
        }
        bp.insert_proxy(cluster.len() as u32, 0, bounds(far.0, far.1, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.update();
        prop_assert!(!bp.levels[0].pure);
        prop_assert_eq!(found(&bp), brute(&bp));
        for chunk in nudges.chunks(4) {
            for &(i, dx, dy) in chunk {
                let i = (i % cluster.len()) as u32;
                let b = bp.proxies.tight[i as usize];
                let d = Vec2::new(dx, dy);
                bp.set_bounds(i, Bounds { min: b.min + d, max: b.max + d });
            }
            bp.update();
            check_purity(&bp);
            prop_assert_eq!(found(&bp), brute(&bp));
        }
    }
}

use crate::test_rng::uniform;

#[test]
fn many_colliders_use_both_kinds_of_update_and_rebuild_when_grown() {
    let mut ops: Vec<Op> = Vec::new();
    let mut rand = uniform(0x2545_F491_4F6C_DD1D);
    for round in 0..6 {
        for _ in 0..300 * (round + 1) {
            ops.push(Op::Insert(rand() * 200.0 - 100.0, rand() * 200.0 - 100.0, rand() * 4.0, rand() * 4.0));
        }
        ops.push(Op::Update);
        // Few moves at a time (incremental, filling the overflow), then many (full search).
        for moved in [25; 30].into_iter().chain([2000]) {
            for _ in 0..moved {
                ops.push(Op::Nudge((rand() * 1e6) as usize, rand() * 6.0 - 3.0, rand() * 6.0 - 3.0));
            }
            ops.push(Op::Update);
        }
    }
    let (full, incremental, sorts) = run(&ops);
    assert!(full >= 6 && incremental >= 100 && sorts >= 6, "full {full}, incremental {incremental}, sorts {sorts}");
}

/// Every box drifts a little at every step (a full search each time); those crossing a
/// cell edge go to the overflow, searched apart and merged now and then.
#[test]
fn drifting_boxes_keep_their_entries_and_all_their_pairs() {
    // One thread, then (with the `parallel` feature) the search shared with rayon's pool.
    for threshold in [usize::MAX, 0] {
        drift(threshold);
    }
}

fn drift(parallel_threshold: usize) {
    let mut rand = uniform(0x9E37_79B9_7F4A_7C15);
    let n = 3000u32;
    let mut boxes: Vec<(Bounds, Vec2)> = (0..n)
        .map(|_| {
            let (x, y, w, h) = (rand() * 150.0, rand() * 150.0, 1.0 + rand() * 3.0, 1.0 + rand() * 3.0);
            (bounds(x, y, w, h), Vec2::new(rand() - 0.5, rand() - 0.5) * 0.4)
        })
        .collect();
    let mut bp = BroadPhase::new();
    bp.set_parallel_threshold(parallel_threshold);
    for (i, (b, _)) in boxes.iter().enumerate() {
        bp.insert_proxy(i as u32, 0, *b, u32::MAX, u32::MAX);
    }
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    for _ in 0..60 {
        for (i, (b, v)) in boxes.iter_mut().enumerate() {
            (b.min, b.max) = (b.min + *v, b.max + *v);
            bp.set_bounds(i as u32, *b);
        }
        bp.update_with(&mut Vec::<()>::new(), usize::MAX);
        check_purity(&bp);
        assert_eq!(found(&bp), brute(&bp));
        let probe = bounds(40.0, 40.0, 30.0, 30.0);
        let mut got = Vec::new();
        bp.query(&probe, |i| got.push(i));
        got.sort_unstable();
        let want: Vec<u32> = (0..n).filter(|&i| boxes[i as usize].0.overlaps(&probe)).collect();
        assert_eq!(got, want);
    }
    let (fills, over) = (bp.fills, bp.overflow_searches);
    assert!(fills == 1 && over >= 5 && bp.sorts >= 5, "fills {fills}, overflow searches {over}, sorts {}", bp.sorts);
}

/// The pair list comes in the same order whether the search ran on one thread or was
/// shared: boxes of several levels, some in the overflow, 20,000 of them so that a helper
/// wakes in time to take stretches.
#[cfg(feature = "parallel")]
#[test]
fn pairs_come_in_the_same_order_with_or_without_threads() {
    let mut rand = uniform(0x0DE7_E2A1);
    let n = 20_000u32;
    let mut boxes: Vec<(Bounds, Vec2)> = (0..n)
        .map(|i| {
            let side = if i % 50 == 0 { 8.0 + rand() * 40.0 } else { 1.0 + rand() * 3.0 };
            let (x, y) = (rand() * 450.0, rand() * 450.0);
            (bounds(x, y, side, side * (0.5 + rand())), Vec2::new(rand() - 0.5, rand() - 0.5) * 0.2)
        })
        .collect();
    let mut sides = [BroadPhase::new(), BroadPhase::new()];
    sides[0].set_parallel_threshold(usize::MAX);
    sides[1].set_parallel_threshold(0);
    // One side on threads from the first box, the other never (the default is 32,768).
    assert_eq!([sides[0].parallel_entries, sides[1].parallel_entries], [usize::MAX, 0]);
    for step in 0..20 {
        for bp in &mut sides {
            for (i, (b, _)) in boxes.iter().enumerate() {
                bp.insert(i as u32, &Aabb::from_min_max_unchecked(b.min, b.max)).unwrap();
            }
            bp.update();
        }
        assert!(sides[0].levels.iter().filter(|l| l.count > 0).count() > 1);
        assert_eq!(sides[0].pairs, sides[1].pairs, "step {step}");
        for (b, v) in &mut boxes {
            (b.min, b.max) = (b.min + *v, b.max + *v);
        }
    }
    assert!(sides[1].overflow_searches > 2, "{} overflow searches", sides[1].overflow_searches);
}

/// Boxes that jump by the table's size in cells land in their old bucket but in another
/// cell: their entries must leave the bucket (a pure level holds one cell per bucket), and
/// the level that takes them in at the next sort is no longer pure.
#[test]
fn boxes_leaving_the_table_make_their_level_impure() {
    // At the origin, and far from it on both axes (cell numbers count from the extent's corner).
    for (x0, y0) in [(0.0, 0.0), (2000.0, 3000.0)] {
        leaving_the_table(x0, y0);
    }
}

fn leaving_the_table(x0: f32, y0: f32) {
    let mut rand = uniform(0x5EED_0007);
    let mut bp = BroadPhase::new();
    for i in 0..1000u32 {
        bp.insert_proxy(i, 0, bounds(x0 + rand() * 30.0, y0 + rand() * 30.0, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.update();
    let l = bp.levels[0];
    assert!(l.pure);
    let jump = Vec2::new((l.mask + 1) as f32 * l.cell as f32, 0.0);
    for i in 0..100u32 {
        let b = bp.proxies.tight[i as usize];
        bp.set_bounds(i, Bounds { min: b.min + jump, max: b.max + jump });
    }
    bp.update();
    check_purity(&bp);
    assert_eq!(found(&bp), brute(&bp));
    assert!(bp.sorts >= 1 && !bp.levels[0].pure, "sorts {}", bp.sorts);
}

/// The colliders visited by a ray going down the line `x` from high above.
fn met_going_down(bp: &BroadPhase, x: f32) -> Vec<u32> {
    let ray = Ray::new(Vec2::new(x, 1e4), Vec2::new(0.0, -1.0)).unwrap();
    let mut met = Vec::new();
    bp.ray(&ray, f32::INFINITY, |i, reach| {
        met.push(i);
        reach
    });
    met
}

/// A box that drifts past the boxes' union of the last fill, within its reach (so its entry
/// stays), is still met by a ray that passes only through the part outside that union.
#[test]
fn rays_meet_boxes_that_drifted_past_the_last_extent() {
    let mut bp = BroadPhase::new();
    bp.insert_proxy(0, 0, bounds(0.0, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.insert_proxy(1, 0, bounds(10.0, 10.0, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.update();
    bp.set_bounds(1, bounds(10.01, 10.0, 1.0, 1.0));
    assert!(bp.shifted.contains(&1), "the box should keep its entry");
    bp.update();
    let met = met_going_down(&bp, 11.005);
    assert!(met.contains(&1), "met {met:?}");
}

/// A large box moved to the far edge of its reach sticks out of the last fill's union by
/// several units: a ray through that part alone still meets it (the reach margin covers it).
#[test]
fn rays_meet_boxes_at_the_far_edge_of_their_reach() {
    stuck_out_box_is_met(0.0, 91.0, 10.0);
    // The union ending at x = 0: its growth by the margin is added, not scaled.
    stuck_out_box_is_met(-101.0, -10.0, 10.0);
    // Cells smaller than a unit: the margin adds the cell and the side, not multiplies them.
    stuck_out_box_is_met(0.0, 0.91, 0.1);
}

fn stuck_out_box_is_met(first: f32, second: f32, size: f32) {
    let mut bp = BroadPhase::new();
    bp.insert_proxy(0, 0, bounds(first, first, size, size), u32::MAX, u32::MAX);
    bp.insert_proxy(1, 0, bounds(second, second, size, size), u32::MAX, u32::MAX);
    bp.update();
    let r = bp.proxies.reach[1];
    let moved = Bounds { min: r.max - size, max: r.max };
    bp.set_bounds(1, moved);
    assert!(bp.shifted.contains(&1), "the box should keep its entry");
    bp.update();
    let out = moved.max.x - (second + size);
    assert!(out > 0.2 * size, "the reach should let it stick out by a fifth of its side: {r:?}");
    let met = met_going_down(&bp, moved.max.x - 0.001 * size);
    assert!(met.contains(&1), "met {met:?}");
}

/// The same when every level is in use, the coarsest by a box grown into it since the grid was
/// built: the margin is the coarsest used level's, not an empty one's.
#[test]
fn rays_meet_boxes_stuck_out_of_the_coarsest_level_in_use() {
    let mut bp = BroadPhase::new();
    for i in 0..3u32 {
        bp.insert_proxy(i, 0, bounds(5.0 * i as f32, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.update();
    let fits: Vec<f64> = bp.levels.iter().map(|l| l.fits).collect();
    assert_eq!(fits.len(), 3, "one level in use and two spare: {fits:?}");
    bp.set_bounds(1, bounds(5.0, 0.0, 1.5, 1.5));
    bp.set_bounds(2, bounds(10.0, 0.0, 3.0, 3.0));
    bp.update();
    assert_eq!(bp.rebuilds, 1, "growing boxes fill the spare levels");
    assert!(bp.levels.iter().all(|l| l.count == 1), "every level in use");
    let r = bp.proxies.reach[2];
    let moved = Bounds { min: r.max - 3.0, max: r.max };
    bp.set_bounds(2, moved);
    assert!(bp.shifted.contains(&2), "the box should keep its entry");
    bp.update();
    assert!(moved.max.x > 14.0, "the box should stick out by a unit: {r:?}");
    let met = met_going_down(&bp, moved.max.x - 0.01);
    assert!(met.contains(&2), "met {met:?}");
}

/// The same after a sort, which recomputes the spread from the boxes.
#[test]
fn rays_meet_boxes_that_drifted_past_the_extent_of_a_sort() {
    let mut bp = BroadPhase::new();
    for i in 0..1000u32 {
        bp.insert_proxy(i, 0, bounds(2.0 * i as f32 + 0.5, 0.5, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.update();
    for i in 0..100u32 {
        bp.set_bounds(i, bounds(2.0 * i as f32, 1000.0, 1.0, 1.0));
    }
    bp.update();
    assert_eq!((bp.sorts, bp.fills), (1, 1));
    let last = bp.proxies.tight[999];
    let nudged = Bounds { min: last.min + Vec2::new(0.01, 0.0), max: last.max + Vec2::new(0.01, 0.0) };
    bp.set_bounds(999, nudged);
    assert!(bp.shifted.contains(&999), "the box should keep its entry");
    bp.update();
    assert_eq!((bp.sorts, bp.fills), (1, 1));
    let met = met_going_down(&bp, last.max.x + 0.005);
    assert!(met.contains(&999), "met {met:?}");
}

/// A box resting exactly on the lower edge (or the upper limit) of its entry's reach is
/// still found by a query or a box touching it there.
#[test]
fn boxes_at_the_edges_of_their_reach_are_found() {
    let mut bp = BroadPhase::new();
    for i in 0..40u32 {
        let f = i as f32;
        bp.insert_proxy(i, 0, bounds(f * 3.7 - 70.0, f * 2.3 - 45.0, 1.0, 0.5), u32::MAX, u32::MAX);
    }
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    for i in 0..40u32 {
        let r = bp.proxies.reach[i as usize];
        for b in [Bounds { min: r.min, max: r.min + 0.5 }, Bounds { min: r.max - 0.5, max: r.max }] {
            bp.set_bounds(i, b);
            bp.update_with(&mut Vec::<()>::new(), usize::MAX);
            assert_eq!(bp.moved.len() + bp.fills, 1, "the box stays in its entry");
            for probe in [Bounds { min: b.min - 2.0, max: b.min }, Bounds { min: b.max, max: b.max + 2.0 }] {
                let mut got = Vec::new();
                bp.query(&probe, |k| got.push(k));
                assert!(got.contains(&i), "box {i} at {b:?}, probe {probe:?}");
                bp.insert_proxy(99, 0, probe, u32::MAX, u32::MAX);
                bp.update_with(&mut Vec::<()>::new(), usize::MAX);
                assert!(found(&bp).contains(&(i, 99)));
                assert_eq!(found(&bp), brute(&bp));
                bp.remove_proxy(99, 1);
            }
        }
    }
}

#[test]
fn a_box_moved_many_times_between_updates_is_listed_boundedly_and_found_once() {
    let mut bp = BroadPhase::new();
    // In a row, 1.5 apart (away from cell edges, where a box may leave its reach).
    for i in 0..100u32 {
        bp.insert_proxy(i, 0, bounds(0.2 + i as f32 * 1.5, 0.5, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    assert!(bp.pairs.is_empty());
    // Back and forth within its reach, onto its neighbour and off again.
    let moves = |bp: &mut BroadPhase, n: usize| {
        for k in 0..n {
            let x = if k % 2 == 0 { 0.8 } else { 0.2 };
            bp.set_bounds(0, bounds(x, 0.5, 1.0, 1.0));
            assert!(bp.moved.is_empty(), "the box should keep its entry");
            // Listed again at each move, until the list passes 2 · 100 + 64 and drops its
            // duplicates (to the one box).
            assert_eq!(bp.shifted.len(), if k < 264 { k + 1 } else { (k - 264) % 264 + 1 });
            let mut met = Vec::new();
            bp.query(&bounds(1.7, 0.5, 0.1, 0.1), |i| met.push(i));
            met.sort();
            assert_eq!(met, if x > 0.5 { vec![0, 1] } else { vec![1] });
        }
    };
    moves(&mut bp, 10_000);
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    assert!(bp.pairs.is_empty());
    // 49 moves of one box of 100 are one change, not 49: an incremental update.
    moves(&mut bp, 49);
    let before = bp.stats().incremental_updates;
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    assert_eq!(bp.pairs, vec![(0, 1)]);
    assert_eq!(bp.stats().incremental_updates, before + 1);
    assert!(bp.shifted.is_empty());
    // Duplicates are dropped only from a list shorter than half the boxes: 50 listings of one
    // box of 100 make a full search.
    moves(&mut bp, 50);
    let before = bp.stats().full_searches;
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    assert_eq!(bp.stats().full_searches, before + 1);
}

#[test]
fn a_dense_pile_is_not_rebuilt_at_every_update() {
    // Alone, and with a larger box on a coarser level, whose reach spans more cells of the
    // finer level than its table has buckets.
    for larger in [false, true] {
        let mut bp = BroadPhase::new();
        for i in 0..300u32 {
            let d = (i % 7) as f32 * 0.01;
            bp.insert_proxy(i, 0, bounds(d, d, 1.0, 1.0), u32::MAX, u32::MAX);
        }
        if larger {
            bp.insert_proxy(300, 0, bounds(0.0, 0.0, 1.6, 1.6), u32::MAX, u32::MAX);
        }
        for step in 0..20 {
            // A tenth of the pile, about the edge of a cell: boxes change cells, go to the
            // overflow and are merged back.
            for i in (0..300u32).filter(|i| i % 10 == step % 10) {
                let d = 0.97 + ((i + step) % 7) as f32 * 0.01;
                bp.set_bounds(i, bounds(d, d, 1.0, 1.0));
            }
            bp.update_with(&mut Vec::<()>::new(), usize::MAX);
            assert_eq!(found(&bp), brute(&bp));
        }
        assert!(bp.sorts > 2, "sorts {}", bp.sorts);
        assert_eq!(bp.rebuilds, 1, "larger box: {larger}");
    }
}

/// Cells about 2^32 apart on both axes: their cell numbers overflow 64 bits, which must
/// only make them not canonical.
#[test]
fn cells_four_billion_apart_find_their_pairs() {
    let mut bp = BroadPhase::new();
    for i in 0..20u32 {
        bp.insert_proxy(i, 0, bounds(i as f32 * 0.5, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.insert_proxy(20, 0, bounds(-2e9, -2e9, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.insert_proxy(21, 0, bounds(2e9, 2e9, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.update();
    assert_eq!(found(&bp), brute(&bp));
    check_purity(&bp);
}

#[test]
fn saturated_cells_still_find_their_pairs() {
    let mut bp = BroadPhase::new();
    let far = 3.0e38f32;
    bp.insert_proxy(0, 0, bounds(far, far, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.insert_proxy(1, 0, bounds(far, far, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.insert_proxy(2, 0, bounds(-far, -far, 1.0, 1.0), u32::MAX, u32::MAX);
    bp.insert_proxy(3, 0, bounds(0.0, 0.0, 1e-30, 1e-30), u32::MAX, u32::MAX);
    bp.update_with(&mut Vec::<()>::new(), usize::MAX);
    assert_eq!(found(&bp), brute(&bp));
    assert!(found(&bp).contains(&(0, 1)));
}
