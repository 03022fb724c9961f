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
        for &(i, dx, dy, anywhere) in &moves {
            let i = (i % boxes.len()) as u32;
            let b = bp.proxies.tight[i as usize];
            let moved = match anywhere {
                Some((x, y, w, h)) => bounds(x, y, w, h),
                None => Bounds { min: b.min + Vec2::new(dx, dy), max: b.max + Vec2::new(dx, dy) },
            };
            bp.set_bounds(i, moved);
        }
        let (o, d) = (Vec2::new(origin.0, origin.1), Vec2::from_angle(angle));
        let ray = Ray::new(o, d).unwrap();
        let want: BTreeSet<u32> = (0..boxes.len() as u32)
            .filter(|&i| hit(o, d, &bp.proxies.tight[i as usize], max_t).is_some())
            .collect();
        let mut visited = BTreeSet::new();
        bp.ray(&ray, max_t, |i, reach| {
            visited.insert(i);
            reach
        });
        prop_assert!(want.is_subset(&visited), "missed {:?}", want.difference(&visited).collect::<Vec<_>>());
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
