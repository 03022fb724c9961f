//! The grid's policies, pinned at their thresholds: when it is built anew, how many buckets a
//! level gets, which boxes keep their entries when they move, and where a cell's reach starts.
//! Only speed depends on most of them, but a policy that drifts unnoticed is a slowdown
//! nobody measured.

use super::super::cells::locate;
use super::super::{Bounds, BroadPhase};
use super::bounds;

/// A level gets one bucket per cell of its extent while that is at most two per box, else
/// two per box (rounded up to a power of two): 5 × 13 cells away from the origin and 65 boxes
/// take 128 buckets, where 64 would be too few; 6 × 10 cells and 40 boxes take 64, not 128;
/// 20 × 20 cells and 40 boxes take 128 (80 rounded up), not 64.
#[test]
fn levels_get_a_bucket_for_every_cell_of_their_extent_up_to_two_per_box() {
    let ((count, buckets), pure) = buckets_for(5, 13, 65);
    assert_eq!((count, buckets), (65, 128));
    assert!(pure, "one cell per bucket");
    assert_eq!(buckets_for(6, 10, 40).0, (40, 64));
    assert_eq!(buckets_for(20, 20, 40).0, (40, 128));
}

/// The finest level's boxes and buckets, and whether it is pure, for `n` boxes in a grid of
/// `cols` × `rows` cells from cell (7, −20): the first `n − 1` cells in rows, and the last.
fn buckets_for(cols: i32, rows: i32, n: i32) -> ((u32, u32), bool) {
    let side = 0.75f32;
    let mut probe = BroadPhase::new();
    probe.insert_proxy(0, 0, bounds(0.0, 0.0, side, side), u32::MAX, u32::MAX);
    probe.update();
    let cell = probe.levels[0].cell;
    let mut bp = BroadPhase::new();
    for k in 0..n {
        let c = if k == n - 1 { cols * rows - 1 } else { k };
        // Inside cell (cx, cy): the box is a little narrower than the cell.
        let at = |c: i32| ((c as f64 + 0.0005) * cell) as f32;
        bp.insert_proxy(k as u32, 0, bounds(at(7 + c % cols), at(c / cols - 20), side, side), u32::MAX, u32::MAX);
    }
    bp.update();
    let l = bp.levels[0];
    assert_eq!(l.cell, cell);
    ((l.count, l.mask + 1), l.pure)
}

/// The lower corner of a cell's reach is in that cell by the function that places boxes,
/// for cells whose edges are exact in f32 (where nothing but the reach's inward rounding
/// keeps the corner off the cell below: 49 · 2⁻³⁰ is one such side) and ordinary ones.
#[test]
fn reaches_start_inside_their_cells() {
    let narrow = 49.0 * 511.0 * 2f32.powi(-39);
    for side in [narrow, 103.0 * 511.0 * 2f32.powi(-39), 0.37, 1.0, 3.0e-6, 7.5e4] {
        let mut bp = BroadPhase::new();
        bp.insert_proxy(0, 0, bounds(0.0, 0.0, side, side), u32::MAX, u32::MAX);
        bp.update();
        let l = bp.levels[0];
        if side == narrow {
            assert_eq!(l.cell, 49.0 * 2f64.powi(-30));
        }
        for c in (-300..300).chain([1 << 20, -(1 << 20), 12_345, -54_321]) {
            let r = l.reach(c, c);
            let (_, cx, cy, _) = locate(&bp.levels, 0, &Bounds { min: r.min, max: r.min });
            assert_eq!((cx, cy), (c, c), "side {side}, reach {r:?}");
        }
    }
}

/// Unit boxes `keys`, two apart in rows of 50.
fn add_units(bp: &mut BroadPhase, keys: std::ops::Range<u32>) {
    for i in keys {
        bp.insert_proxy(i, 0, bounds((i % 50) as f32 * 2.0, (i / 50) as f32 * 2.0, 1.0, 1.0), u32::MAX, u32::MAX);
    }
}

/// 100 unit boxes (the finest level) and key 100, of side 1.5 (the next level).
fn units_and_one_larger() -> BroadPhase {
    let mut bp = BroadPhase::new();
    add_units(&mut bp, 0..100);
    bp.insert_proxy(100, 0, bounds(0.5, 10.5, 1.5, 1.5), u32::MAX, u32::MAX);
    bp
}

/// Updates twice: levels count their boxes as an update applies the changes, and the next one
/// (which has a change to apply: one without any returns at once) judges whether to build anew
/// from those counts.
fn settle(bp: &mut BroadPhase) -> usize {
    bp.update();
    bp.touch(0);
    bp.update();
    bp.rebuilds
}

#[test]
fn the_grid_is_built_anew_when_the_count_more_than_doubles_plus_64() {
    let mut bp = BroadPhase::new();
    add_units(&mut bp, 0..100);
    assert_eq!(settle(&mut bp), 1);
    add_units(&mut bp, 100..264);
    assert_eq!(settle(&mut bp), 1, "264 = 2 · 100 + 64 boxes");
    add_units(&mut bp, 264..265);
    assert_eq!(settle(&mut bp), 2, "265 boxes");
}

#[test]
fn the_grid_is_built_anew_when_fewer_than_a_quarter_less_16_remain() {
    let mut bp = BroadPhase::new();
    add_units(&mut bp, 0..1000);
    assert_eq!(settle(&mut bp), 1);
    for i in 234..1000 {
        bp.remove_proxy(i, 0);
    }
    assert_eq!(settle(&mut bp), 1, "234 boxes: 4 · 234 + 64 = 1000");
    bp.remove_proxy(233, 0);
    assert_eq!(settle(&mut bp), 2, "233 boxes");
}

/// A level's boxes outnumber its buckets four to one, plus 16, while its extent has more cells
/// than buckets: boxes that grew into a level built for one box.
#[test]
fn the_grid_is_built_anew_when_a_level_outgrows_its_table() {
    let mut bp = units_and_one_larger();
    assert_eq!(settle(&mut bp), 1);
    assert_eq!((bp.levels[1].count, bp.levels[1].mask + 1), (1, 2), "one box, two buckets");
    let grow = |bp: &mut BroadPhase, keys: std::ops::Range<u32>| {
        for i in keys {
            let b = bp.proxies.tight[i as usize];
            bp.set_bounds(i, bounds(b.min.x, b.min.y, 1.5, 1.5));
        }
    };
    grow(&mut bp, 0..23);
    assert_eq!(settle(&mut bp), 1, "24 boxes: 4 · 2 + 16 = 24");
    assert_eq!(bp.levels[1].count, 24);
    grow(&mut bp, 23..24);
    assert_eq!(settle(&mut bp), 2, "25 boxes");
}

/// A pile in one cell has one bucket: as many buckets as cells, however many boxes, so
/// building anew would gain nothing.
#[test]
fn a_pile_in_one_cell_is_not_built_anew() {
    let mut bp = BroadPhase::new();
    for i in 0..30 {
        bp.insert_proxy(i, 0, bounds(1e-4, 1e-4, 0.5, 0.5), u32::MAX, u32::MAX);
    }
    assert_eq!(settle(&mut bp), 1);
    assert_eq!((bp.levels[0].count, bp.levels[0].mask), (30, 0));
    bp.set_bounds(3, bounds(2e-4, 1e-4, 0.5, 0.5));
    assert_eq!(settle(&mut bp), 1);
}

/// Boxes too large for every level: more than twice as many as at the last build, plus 16.
#[test]
fn the_grid_is_built_anew_when_boxes_too_large_for_every_level_pile_up() {
    let mut bp = BroadPhase::new();
    add_units(&mut bp, 0..10);
    assert_eq!(settle(&mut bp), 1);
    let huge = |bp: &mut BroadPhase, keys: std::ops::Range<u32>| {
        for i in keys {
            bp.insert_proxy(i, 0, bounds(i as f32, -200.0, 100.0, 100.0), u32::MAX, u32::MAX);
        }
    };
    huge(&mut bp, 10..26);
    assert_eq!(settle(&mut bp), 1, "16 huge boxes");
    assert_eq!(bp.huge_count, 16);
    huge(&mut bp, 26..27);
    assert_eq!(settle(&mut bp), 2, "17 huge boxes");
}

/// A moving box keeps its entry while its side stays within its level's: any side on the
/// finest level, more than a quarter of the level's largest on the others (else it moves to
/// a finer level).
#[test]
fn moving_boxes_keep_their_entries_at_their_levels_sizes() {
    let mut bp = units_and_one_larger();
    bp.update();
    assert_eq!(bp.proxies.state[100].level, 1);
    let keeps = |bp: &mut BroadPhase, i: u32, b: Bounds| {
        bp.set_bounds(i, b);
        let kept = bp.shifted.contains(&i);
        assert_ne!(kept, bp.moved.contains(&i));
        bp.update();
        kept
    };
    assert!(keeps(&mut bp, 0, bounds(0.01, 0.01, 0.0, 0.0)), "a point on the finest level");
    assert!(keeps(&mut bp, 100, bounds(0.51, 10.5, 1.5, 1.5)), "the same side on level 1");
    assert!(!keeps(&mut bp, 100, bounds(0.51, 10.5, 0.4, 0.4)), "a fifth of level 1's largest side");
    // At the bounds: exactly the largest side keeps the entry, exactly a quarter of it does not.
    let (least, most) = bp.levels[1].keeps;
    bp.set_bounds(100, bounds(0.5, 10.5, 1.5, 1.5));
    bp.update();
    assert!(keeps(&mut bp, 100, bounds(0.5, 10.5, most, most)), "level 1's largest side");
    assert!(!keeps(&mut bp, 100, bounds(0.5, 10.5, least, least)), "a quarter of it");
}

/// The finest cell fits the box side below which nine in ten boxes lie, or the largest side
/// when that is within a quarter of it (then one level holds every box).
#[test]
fn the_finest_cell_fits_nine_boxes_in_ten_or_all_of_them() {
    assert_eq!(BroadPhase::new().stats().cell_size, 0.0, "no cell before the first update");
    // The side at index ⌊(n − 1) · 0.9⌋ of the n sides in order: of 11, the tenth; of 10, the
    // ninth (so one box in ten larger does not set it).
    let cases =
        [(10, 0.5f32, 1.0, 0.5f32), (10, 0.5, 0.6, 0.6), (10, 2.0, 2.4, 2.4), (10, 2.0, 3.0, 2.0), (9, 0.5, 1.0, 0.5)];
    for (count, common, largest, base) in cases {
        let mut bp = BroadPhase::new();
        for i in 0..count {
            bp.insert_proxy(i, 0, bounds(3.0 * i as f32, 0.0, common, common), u32::MAX, u32::MAX);
        }
        bp.insert_proxy(count, 0, bounds(0.0, 5.0, largest, largest), u32::MAX, u32::MAX);
        bp.update();
        let want = f64::from(base) / (1.0 - 2.0 / 1024.0);
        assert_eq!(bp.levels[0].cell, want, "{common} and {largest}");
        assert_eq!(bp.stats().cell_size, want as f32);
    }
}

/// Points have no side to fit: they spread over about one cell each (the extent's larger side
/// over the root of their count), and points all in one place get cells of side 1.
#[test]
fn points_spread_over_a_cell_each() {
    for (gap, cell) in [(3.0, 45.0 / 4.0), (0.0, 1.0)] {
        let mut bp = BroadPhase::new();
        for i in 0..16 {
            bp.insert_proxy(i, 0, bounds(gap * i as f32, 1.0, 0.0, 0.0), u32::MAX, u32::MAX);
        }
        bp.update();
        assert_eq!(bp.levels[0].cell, cell, "points {gap} apart");
    }
}

/// Levels double their cells up to the first that fits the largest box, and two more.
#[test]
fn levels_reach_the_largest_box_and_two_more() {
    // Cells of 0.1 (and a hair): 0.8 is too small for a box of 1, 1.6 fits it.
    assert_eq!(levels_for(1.0), (7, 4));
    // A box a hair larger than what level 3 takes (its cell less the margin) needs level 4.
    let fits_3 = f64::from(0.1f32) / (1.0 - 2.0 / 1024.0) * 8.0 * (1.0 - 1.0 / 1024.0);
    assert_eq!(levels_for((fits_3 * (1.0 + 1.0 / 2048.0)) as f32), (7, 4));
    assert_eq!(levels_for((fits_3 * (1.0 - 1.0 / 2048.0)) as f32), (6, 3));
}

/// How many levels ten boxes of side 0.1 and one of side `largest` get, and the level of that one.
fn levels_for(largest: f32) -> (usize, u8) {
    let mut bp = BroadPhase::new();
    for i in 0..10 {
        bp.insert_proxy(i, 0, bounds(i as f32, 0.0, 0.1, 0.1), u32::MAX, u32::MAX);
    }
    bp.insert_proxy(10, 0, bounds(0.0, 2.0, largest, largest), u32::MAX, u32::MAX);
    bp.update();
    (bp.levels.len(), bp.proxies.state[10].level)
}

/// A crowd on one spot scattering far in one update: the fill that places the boxes finds
/// their new spread, and the grid is built anew for it before the search (in the old tables,
/// thousands of boxes shared each bucket and the search cost the square of them).
#[test]
fn a_crowd_scattering_is_searched_in_a_grid_built_for_its_new_spread() {
    let mut bp = BroadPhase::new();
    for k in 0..2000u32 {
        bp.insert_proxy(k, 0, bounds(0.0, 0.0, 1.0, 1.0), u32::MAX, u32::MAX);
    }
    bp.update_with(&mut Vec::<()>::new(), 0);
    assert_eq!(bp.rebuilds, 1);
    for k in 0..2000u32 {
        let at = crate::Vec2::new(3.0 * k as f32, 0.0);
        bp.insert(k, &crate::Aabb::new(at, at + crate::Vec2::ONE).unwrap()).unwrap();
    }
    assert!(bp.update().is_empty());
    assert_eq!(bp.rebuilds, 2);
    assert!(bp.levels[0].mask as usize + 1 >= 2000, "a bucket a box at least: {}", bp.levels[0].mask + 1);
}
