//! Rays through the grid against brute force: every box the ray meets within its reach is
//! visited, so the nearest hit is found, whatever changed since the last update.

use std::collections::BTreeSet;

use glam::Vec2;
use proptest::prelude::*;

use super::super::{Bounds, BroadPhase};
use super::{bounds, side};
use crate::math::slab_range;
use crate::query::ray::Ray;

/// Where the ray from `o` along `d` first meets `b` within `max_t`, if it does.
fn hit(o: Vec2, d: Vec2, b: &Bounds, max_t: f32) -> Option<f32> {
    let (t0, t1, _) = slab_range(o, d, b.min, b.max)?;
    let t = t0.max(0.0);
    (t <= t1 && t <= max_t).then_some(t)
}

/// The boxes `0..n` the ray from `o` along `d` meets within `max_t` (by brute force), and those
/// the broad phase's march visits.
fn met_and_visited(bp: &BroadPhase, o: Vec2, d: Vec2, max_t: f32, n: usize) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let met = (0..n as u32).filter(|&i| hit(o, d, &bp.proxies.tight[i as usize], max_t).is_some()).collect();
    let mut visited = BTreeSet::new();
    bp.ray(&Ray::new(o, d).unwrap(), max_t, |i, reach| {
        visited.insert(i);
        reach
    });
    (met, visited)
}

fn placed() -> impl Strategy<Value = (f32, f32, f32, f32)> {
    (-50.0f32..50.0, -50.0f32..50.0, side(), side())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Boxes placed and updated, some then moved (by a little, or anywhere) without an update;
    /// a ray from anywhere near, in any direction, with or without a reach.
    #[test]
    fn rays_visit_every_box_they_meet(
        boxes in proptest::collection::vec(placed(), 1..40),
        moves in proptest::collection::vec((any::<usize>(), -1.0f32..1.0, -1.0f32..1.0, proptest::option::of(placed())), 0..8),
        origin in (-120.0f32..120.0, -120.0f32..120.0),
        angle in 0.0f32..std::f32::consts::TAU,
        max_t in prop_oneof![Just(f32::INFINITY), 0.0f32..300.0],
    ) {
        let mut bp = BroadPhase::new();
        for (i, &(x, y, w, h)) in boxes.iter().enumerate() {
            bp.insert_proxy(i as u32, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
        }
        bp.update();
        // The moves twice: once updated (leaving buried entries behind), then pending.
        for pending in [false, true] {
            for &(i, dx, dy, anywhere) in &moves {
                let i = (i % boxes.len()) as u32;
                let b = bp.proxies.tight[i as usize];
                let moved = match anywhere {
                    Some((x, y, w, h)) => bounds(x, y, w, h),
                    None => Bounds { min: b.min + Vec2::new(dx, dy), max: b.max + Vec2::new(dx, dy) },
                };
                bp.set_bounds(i, moved);
            }
            if !pending {
                bp.update();
            }
        }
        let (o, d) = (Vec2::new(origin.0, origin.1), Vec2::from_angle(angle));
        let ray = Ray::new(o, d).unwrap();
        let (want, visited) = met_and_visited(&bp, o, d, max_t, boxes.len());
        prop_assert!(want.is_subset(&visited), "missed {:?}", want.difference(&visited).collect::<Vec<_>>());
        prop_assert!(visited.iter().all(|&i| (i as usize) < boxes.len()), "a buried entry visited");
        // As a caller does: each hit shortens the reach, and the nearest is still found.
        let nearest = want.iter().filter_map(|&i| hit(o, d, &bp.proxies.tight[i as usize], max_t)).reduce(f32::min);
        let mut found: Option<f32> = None;
        bp.ray(&ray, max_t, |i, reach| match hit(o, d, &bp.proxies.tight[i as usize], reach) {
            Some(t) => {
                found = Some(found.map_or(t, |f| f.min(t)));
                t
            }
            None => reach,
        });
        prop_assert_eq!(found, nearest);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A ray from hundreds of thousands of units away into a cluster of small boxes about the
    /// origin: the points of the march, `origin + t·direction` in f32, are off by a good part
    /// of a cell there, and each stretch's box must grow by that rounding; from millions, the
    /// rounding passes a cell and every collider is visited (but no buried entry).
    #[test]
    fn rays_from_afar_visit_every_box_they_meet(
        boxes in proptest::collection::vec((-4.0f32..4.0, -4.0f32..4.0, 0.05f32..0.4, 0.05f32..0.4), 20..60),
        far in prop_oneof![5.0e4f32..3.0e5, 3.0e5f32..3.0e6],
        angle in 0.0f32..std::f32::consts::TAU,
        aim in (-3.0f32..3.0, -3.0f32..3.0),
    ) {
        let mut bp = BroadPhase::new();
        for (i, &(x, y, w, h)) in boxes.iter().enumerate() {
            bp.insert_proxy(i as u32, 0, bounds(x, y, w, h), u32::MAX, u32::MAX);
        }
        bp.update();
        // Three boxes moved away for good, leaving buried entries behind.
        for i in 0..3 {
            bp.set_bounds(i, bounds(100.0 + i as f32, 100.0, 0.1, 0.1));
        }
        bp.update();
        let o = Vec2::from_angle(angle) * far;
        let d = (Vec2::new(aim.0, aim.1) - o).normalize();
        let (want, visited) = met_and_visited(&bp, o, d, f32::INFINITY, boxes.len());
        prop_assert!(want.is_subset(&visited), "missed {:?} of {}", want.difference(&visited).collect::<Vec<_>>(), boxes.len());
        prop_assert!(visited.iter().all(|&i| (i as usize) < boxes.len()), "a buried entry visited");
    }
}

/// A box the ray meets exactly at the end of its reach is visited (the last stretch's box is
/// grown outwards at both ends).
#[test]
fn rays_visit_a_box_met_at_the_end_of_their_reach() {
    for (o, d, b) in [
        (Vec2::new(0.0, 0.5), Vec2::X, bounds(5.0, 0.0, 1.0, 1.0)),
        (Vec2::new(0.5, 0.0), Vec2::Y, bounds(0.0, 5.0, 1.0, 1.0)),
        (Vec2::new(6.0, 0.5), Vec2::NEG_X, bounds(0.0, 0.0, 1.0, 1.0)),
    ] {
        let mut bp = BroadPhase::new();
        bp.insert_proxy(0, 0, b, u32::MAX, u32::MAX);
        bp.insert_proxy(1, 0, bounds(20.0, 20.0, 1.0, 1.0), u32::MAX, u32::MAX);
        bp.update();
        let mut visited = Vec::new();
        bp.ray(&Ray::new(o, d).unwrap(), 5.0, |i, reach| {
            visited.push(i);
            reach
        });
        assert!(visited.contains(&0), "{o} along {d}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// A short ray (a reach under 2) far from the origin, among small boxes around its start:
    /// the march's points round as far as at any reach.
    #[test]
    fn short_rays_far_out_visit_every_box_they_meet(
        boxes in proptest::collection::vec((-1.0f32..1.0, -1.0f32..1.0, 0.02f32..0.3, 0.02f32..0.3), 10..40),
        far in (1.0e4f32..2.0e6, -2.0e6f32..2.0e6),
        angle in 0.0f32..std::f32::consts::TAU,
        max_t in 0.0f32..2.0,
    ) {
        let c = Vec2::new(far.0, far.1);
        let mut bp = BroadPhase::new();
        for (i, &(x, y, w, h)) in boxes.iter().enumerate() {
            bp.insert_proxy(i as u32, 0, bounds(c.x + x, c.y + y, w, h), u32::MAX, u32::MAX);
        }
        bp.update();
        let (want, visited) = met_and_visited(&bp, c, Vec2::from_angle(angle), max_t, boxes.len());
        prop_assert!(want.is_subset(&visited), "missed {:?}", want.difference(&visited).collect::<Vec<_>>());
    }
}
