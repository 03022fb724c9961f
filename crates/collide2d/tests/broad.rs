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
    // The documented limit (a key near it would make tables of gigabytes, so no box is put there).
    assert_eq!(max, 67_108_863);
    bp.insert(3, &b).unwrap();
    assert!(!bp.is_empty());
    assert_eq!((bp.len(), bp.aabb(3), bp.aabb(2)), (1, Some(b), None));
    assert!(bp.update().is_empty());
    assert!(!bp.remove(2) && bp.remove(3) && !bp.contains(3));
    assert_eq!(bp.stats().rebuilds, 1);
}

/// A seeded xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// `x` moved by up to two steps of f32 either way.
    fn ulps(&mut self, x: f32) -> f32 {
        let mut y = x;
        for _ in 0..self.below(3) {
            y = if self.below(2) == 0 { f32::from_bits(y.to_bits() + 1) } else { f32::from_bits(y.to_bits() - 1) };
        }
        if y.is_finite() {
            y
        } else {
            x
        }
    }
}

/// A full search with many boxes out of their entries' cells: every box drifts a little (a
/// full search), while a few in twenty cross into other cells, where they pair with each
/// other (the overflow's own sweep) and with boxes that stayed (the search around each one).
#[test]
fn boxes_out_of_their_cells_pair_with_each_other_and_the_rest() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut bp = BroadPhase::new();
    let mut model = Model::new();
    let put = |bp: &mut BroadPhase, model: &mut Model, k: u32, b: Aabb| {
        bp.insert(k, &b).unwrap();
        model.insert(k, (b, CollisionFilter::ALL));
    };
    for k in 0..3000 {
        let (w, h) = (r.range(1.0, 4.0), r.range(1.0, 4.0));
        put(&mut bp, &mut model, k, Aabb::from_xywh(r.range(0.0, 100.0), r.range(0.0, 100.0), w, h).unwrap());
    }
    bp.update();
    for step in 0..6 {
        for k in 0..3000 {
            let b = model[&k].0;
            let d = if r.below(20) == 0 {
                glam::Vec2::new(r.range(-3.0, 3.0), r.range(-3.0, 3.0))
            } else {
                glam::Vec2::splat(1e-3)
            };
            put(&mut bp, &mut model, k, Aabb::new(b.min() + d, b.max() + d).unwrap());
        }
        let full = bp.stats().full_searches;
        let got: BTreeSet<(u32, u32)> = bp.update().iter().copied().collect();
        assert_eq!(bp.stats().full_searches, full + 1, "step {step}: a full search");
        assert_eq!(bp.stats().rebuilds, 1, "step {step}: the grid kept");
        assert_eq!(got, brute(&model), "step {step}");
    }
}

/// A side: mostly alike, some zero, tiny or large.
fn soak_side(r: &mut Rng) -> f32 {
    match r.below(20) {
        0 => 0.0,
        1 => 1e-3,
        2 | 3 => r.range(20.0, 200.0),
        _ => r.range(0.5, 4.0),
    }
}

/// One coordinate placed by `mode`: near `at`, on a cell edge (give or take two f32 steps),
/// or with its far side on one.
fn soak_coord(r: &mut Rng, at: f32, side: f32, cell: f64, base: f32) -> f32 {
    let edge = |r: &mut Rng| {
        let k = ((at as f64 - base as f64) / cell).round() + r.range(-2.0, 3.0).floor() as f64;
        r.ulps((base as f64 + k * cell) as f32)
    };
    match r.below(4) {
        0 => at + r.range(-0.05, 0.05) * cell as f32,
        1 => edge(r),
        2 => edge(r) - side,
        _ => base + r.range(-50.0, 50.0),
    }
}

/// Long run (`cargo test --release -p collide2d --test broad -- --ignored --nocapture`): boxes
/// and probes put on the grid's cell edges give or take an f32 step, nudged, far from the
/// origin, tiny and large, inserted, moved, refiltered and removed; pairs and queries against
/// brute force at every update. Every other round shares its full searches with rayon's pool
/// (a zero threshold), so that stretches of buckets end anywhere in a level.
#[test]
#[ignore]
fn soak_boxes_on_cell_edges_match_brute_force() {
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    let (mut updates, mut pairs, mut candidates, mut queries) = (0u64, 0u64, 0u64, 0u64);
    for round in 0..4000u32 {
        let base = [0.0f32, 1e3, -1e5, 1e6][round as usize % 4];
        let n = 50 + r.below(250) as u32;
        let mut bp = BroadPhase::new();
        if round % 2 == 1 {
            bp.set_parallel_threshold(0);
        }
        let mut model = Model::new();
        for k in 0..n {
            let (w, h) = (soak_side(&mut r), soak_side(&mut r));
            let b = Aabb::from_xywh(base + r.range(-50.0, 50.0), base + r.range(-50.0, 50.0), w, h).unwrap();
            bp.insert(k, &b).unwrap();
            model.insert(k, (b, CollisionFilter::ALL));
        }
        bp.update();
        for _ in 0..50 {
            let cell = bp.stats().cell_size as f64;
            for _ in 0..1 + r.below(n as u64) {
                let k = r.below(n as u64 + 5) as u32;
                match r.below(40) {
                    0 => {
                        assert_eq!(bp.remove(k), model.remove(&k).is_some());
                        continue;
                    }
                    1 => {
                        let f = CollisionFilter::new(1 + r.below(3) as u32, 1 + r.below(3) as u32);
                        assert_eq!(bp.set_filter(k, f), model.contains_key(&k));
                        if let Some(e) = model.get_mut(&k) {
                            e.1 = f;
                        }
                        continue;
                    }
                    _ => {}
                }
                let old = model.get(&k).map(|e| e.0);
                let (w, h) = match (old, r.below(8)) {
                    (Some(b), 1..) => (b.max().x - b.min().x, b.max().y - b.min().y),
                    _ => (soak_side(&mut r), soak_side(&mut r)),
                };
                let at = old.map_or(glam::Vec2::splat(base), |b| b.min());
                let x = soak_coord(&mut r, at.x, w, cell, base);
                let y = soak_coord(&mut r, at.y, h, cell, base);
                let Ok(b) = Aabb::from_xywh(x, y, w, h) else { continue };
                bp.insert(k, &b).unwrap();
                let filter = model.get(&k).map_or(CollisionFilter::ALL, |e| e.1);
                model.insert(k, (b, filter));
            }
            // A probe on cell edges, before the update (changes pending) and after.
            let (px, py) = (soak_coord(&mut r, base, 10.0, cell, base), soak_coord(&mut r, base, 10.0, cell, base));
            let probe =
                Aabb::from_xywh(px, py, r.range(0.0, 3.0) * cell as f32, r.range(0.0, 3.0) * cell as f32).unwrap();
            let want: Vec<u32> = model.iter().filter(|(_, (b, _))| overlap(b, &probe)).map(|(&k, _)| k).collect();
            for pending in [true, false] {
                if !pending {
                    let got = bp.update().to_vec();
                    let set: BTreeSet<(u32, u32)> = got.iter().copied().collect();
                    assert_eq!(set.len(), got.len(), "a pair reported twice (round {round})");
                    assert_eq!(set, brute(&model), "pairs (round {round})");
                    updates += 1;
                    pairs += got.len() as u64;
                    candidates += (model.len() * model.len().saturating_sub(1) / 2) as u64;
                }
                let mut got = Vec::new();
                bp.query_aabb(&probe, |k| got.push(k));
                got.sort_unstable();
                assert_eq!(got, want, "query (round {round}, pending {pending})");
                queries += 1;
            }
        }
    }
    println!("{updates} updates, {candidates} box pairs judged by brute force ({pairs} overlapping), {queries} queries: all agree");
}

/// Filters keep pairs apart whichever path applies them: the first fill, and a refresh that
/// refilters two boxes among many unfiltered ones (their entries rewritten in place), then a
/// full search. A layer of 0 meets no mask, even with a full mask (its `layer | mask` and
/// `layer ^ mask` are full, as an unfiltered box's are), and a mask of 0 is met by no layer;
/// boxes on layers 1 and 2 that each take only their own layer never pair, and neither is
/// unfiltered.
#[test]
fn filters_keep_pairs_apart_in_a_fill_and_in_a_refresh() {
    let new = CollisionFilter::new;
    let cases =
        [(new(0, u32::MAX), CollisionFilter::ALL), (new(0, u32::MAX), new(u32::MAX, 0)), (new(1, 1), new(2, 2))];
    let b = Aabb::from_xywh(0.5, 0.5, 1.0, 1.0).unwrap();
    for (fa, fb) in cases {
        let mut bp = BroadPhase::new();
        bp.insert(0, &b).unwrap();
        bp.insert(1, &b).unwrap();
        assert!(bp.set_filter(0, fa) && bp.set_filter(1, fb));
        assert_eq!(bp.update(), [], "fill: {fa:?} and {fb:?}");
        let mut bp = BroadPhase::new();
        bp.insert(0, &b).unwrap();
        bp.insert(1, &b).unwrap();
        for k in 2..200 {
            bp.insert(k, &Aabb::from_xywh(10.0 + 2.0 * k as f32, 0.5, 1.0, 1.0).unwrap()).unwrap();
        }
        assert_eq!(bp.update(), [(0, 1)]);
        assert_eq!(bp.pairs(), [(0, 1)], "the last update's pairs");
        assert!(bp.set_filter(0, fa) && bp.set_filter(1, fb));
        assert_eq!(bp.update(), [], "refresh: {fa:?} and {fb:?}");
        assert_eq!(bp.pairs(), []);
        // Nudge a quarter of the boxes within their cells (away from the cells' lower edges,
        // which their reach leaves out): a full search over the entries as they are, without a
        // fill, which reads the filters only if some box has one.
        for k in 2..52 {
            bp.insert(k, &Aabb::from_xywh(10.01 + 2.0 * k as f32, 0.5, 1.0, 1.0).unwrap()).unwrap();
        }
        assert_eq!(bp.update(), [], "full search after a refresh: {fa:?} and {fb:?}");
        let stats = bp.stats();
        assert_eq!((stats.incremental_updates, stats.full_searches, stats.rebuilds), (1, 2, 1));
    }
}
