//! The public broad phase against brute force: pairs after random inserts, moves, filter
//! changes and removals under caller-chosen keys, queries, and refused keys.

use std::collections::{BTreeMap, BTreeSet};

use collide2d::broad::{BroadPhase, BroadPhaseError};
use collide2d::world::CollisionFilter;
use collide2d::Aabb;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    /// Insert or move key `k`.
    Put {
        k: u32,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Remove {
        k: u32,
    },
    Filter {
        k: u32,
        layer: u32,
        mask: u32,
    },
    Update,
}

fn op() -> impl Strategy<Value = Op> {
    // Keys collide often (moves) and leave gaps (sparse tables).
    let key = prop_oneof![0u32..40, 1000u32..1010];
    let side = prop_oneof![4 => 0.0f32..5.0, 1 => 20.0f32..200.0];
    prop_oneof![
        6 => (key.clone(), -60.0f32..60.0, -60.0f32..60.0, side.clone(), side)
            .prop_map(|(k, x, y, w, h)| Op::Put { k, x, y, w, h }),
        1 => key.clone().prop_map(|k| Op::Remove { k }),
        1 => (key, 1u32..4, 1u32..4).prop_map(|(k, layer, mask)| Op::Filter { k, layer, mask }),
        2 => Just(Op::Update),
    ]
}

type Model = BTreeMap<u32, (Aabb, CollisionFilter)>;

/// Closed boxes share a point.
fn overlap(a: &Aabb, b: &Aabb) -> bool {
    a.min().cmple(b.max()).all() && b.min().cmple(a.max()).all()
}

fn brute(model: &Model) -> BTreeSet<(u32, u32)> {
    let mut out = BTreeSet::new();
    for (&a, (ba, fa)) in model {
        for (&b, (bb, fb)) in model.range(a + 1..) {
            if fa.allows(fb) && overlap(ba, bb) {
                out.insert((a, b));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn pairs_and_queries_match_brute_force(ops in proptest::collection::vec(op(), 1..150)) {
        let mut bp = BroadPhase::new();
        let mut model = Model::new();
        for op in ops {
            match op {
                Op::Put { k, x, y, w, h } => {
                    let b = Aabb::from_xywh(x, y, w, h).unwrap();
                    bp.insert(k, &b).unwrap();
                    let filter = model.get(&k).map_or(CollisionFilter::ALL, |e| e.1);
                    model.insert(k, (b, filter));
                }
                Op::Remove { k } => prop_assert_eq!(bp.remove(k), model.remove(&k).is_some()),
                Op::Filter { k, layer, mask } => {
                    let f = CollisionFilter::new(layer, mask);
                    prop_assert_eq!(bp.set_filter(k, f), model.contains_key(&k));
                    if let Some(e) = model.get_mut(&k) {
                        e.1 = f;
                    }
                }
                Op::Update => {
                    let pairs = bp.update().to_vec();
                    let set: BTreeSet<(u32, u32)> = pairs.iter().copied().collect();
                    prop_assert_eq!(set.len(), pairs.len(), "a pair reported twice");
                    prop_assert_eq!(set, brute(&model));
                }
            }
            // Queries see every change at once.
            let probe = Aabb::from_xywh(-10.0, -20.0, 25.0, 30.0).unwrap();
            let mut got = Vec::new();
            bp.query_aabb(&probe, |k| got.push(k));
            got.sort_unstable();
            let want: Vec<u32> = model.iter().filter(|(_, (b, _))| overlap(b, &probe)).map(|(&k, _)| k).collect();
            prop_assert_eq!(got, want);
            prop_assert_eq!(bp.len(), model.len());
        }
    }
}

#[test]
fn keys_above_the_maximum_are_refused_and_accessors_follow_the_boxes() {
    let mut bp = BroadPhase::new();
    let b = Aabb::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap();
    let max = BroadPhase::MAX_KEY;
    assert_eq!(bp.insert(max + 1, &b), Err(BroadPhaseError::KeyTooLarge { key: max + 1, max }));
    assert_eq!(bp.insert(u32::MAX, &b), Err(BroadPhaseError::KeyTooLarge { key: u32::MAX, max }));
    assert!(bp.is_empty() && !bp.contains(max + 1));
    bp.insert(3, &b).unwrap();
    assert_eq!((bp.len(), bp.aabb(3), bp.aabb(2)), (1, Some(b), None));
    assert!(bp.update().is_empty());
    assert!(!bp.remove(2) && bp.remove(3) && !bp.contains(3));
    assert_eq!(bp.stats().rebuilds, 1);
}
