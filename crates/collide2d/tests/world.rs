//! The world against brute force: pairs, touching pairs, events and queries after random
//! inserts, moves, reshapes, re-parentings, filter changes and removals.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, BTreeSet};

use collide2d::detector::BoundingBoxes;
use collide2d::world::{ColliderHandle, CollisionFilter, QueryFilter, World, WorldError};
use collide2d::{cast_ray, contact, intersects, Aabb, Capsule, Circle, Obb, Ray, Shape, ShapeLike, Transform, Vec2};
use proptest::prelude::*;

type Pairs = BTreeSet<(ColliderHandle, ColliderHandle)>;

fn ordered(a: ColliderHandle, b: ColliderHandle) -> (ColliderHandle, ColliderHandle) {
    if a.index() < b.index() {
        (a, b)
    } else {
        (b, a)
    }
}

fn live(w: &World<u32>) -> Vec<ColliderHandle> {
    w.iter().map(|(h, _)| h).collect()
}

/// All pairs whose world boxes overlap and whose filters allow them, by testing every pair.
fn brute_aabb_pairs(w: &World<u32>) -> Pairs {
    let hs = live(w);
    let mut out = Pairs::new();
    for (i, &a) in hs.iter().enumerate() {
        for &b in &hs[i + 1..] {
            if w.filter(a).unwrap().allows(&w.filter(b).unwrap()) && w.aabb(a).unwrap().intersects(&w.aabb(b).unwrap())
            {
                out.insert(ordered(a, b));
            }
        }
    }
    out
}

/// All touching pairs by brute force (the exact test on world shapes).
fn brute_touching(w: &World<u32>) -> Pairs {
    brute_aabb_pairs(w)
        .into_iter()
        .filter(|&(a, b)| {
            let (sa, sb) = (w.world_shape(a).unwrap(), w.world_shape(b).unwrap());
            if w.is_sensor(a).unwrap() || w.is_sensor(b).unwrap() {
                intersects(sa, sb)
            } else {
                contact(sa, sb).is_some()
            }
        })
        .collect()
}

#[derive(Clone, Debug)]
enum Op {
    Insert { kind: u8, x: f32, y: f32, size: f32, angle: f32 },
    Move { pick: usize, x: f32, y: f32, angle: f32 },
    Nudge { pick: usize, dx: f32, dy: f32 },
    Reshape { pick: usize, size: f32 },
    Remove { pick: usize },
    Parent { pick: usize, parent: usize },
    Filter { pick: usize, layer: u32, mask: u32 },
    Sensor { pick: usize, on: bool },
    Step,
}

fn op() -> impl Strategy<Value = Op> {
    let coord = -20.0f32..20.0;
    prop_oneof![
        4 => (0u8..6, coord.clone(), coord.clone(), 0.2f32..4.0, 0.0f32..6.3)
            .prop_map(|(kind, x, y, size, angle)| Op::Insert { kind, x, y, size, angle }),
        4 => (any::<usize>(), coord.clone(), coord.clone(), 0.0f32..6.3)
            .prop_map(|(pick, x, y, angle)| Op::Move { pick, x, y, angle }),
        6 => (any::<usize>(), -0.5f32..0.5, -0.5f32..0.5).prop_map(|(pick, dx, dy)| Op::Nudge { pick, dx, dy }),
        1 => (any::<usize>(), 0.2f32..4.0).prop_map(|(pick, size)| Op::Reshape { pick, size }),
        2 => any::<usize>().prop_map(|pick| Op::Remove { pick }),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(pick, parent)| Op::Parent { pick, parent }),
        1 => (any::<usize>(), 1u32..4, 1u32..4).prop_map(|(pick, layer, mask)| Op::Filter { pick, layer, mask }),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(pick, on)| Op::Sensor { pick, on }),
        3 => Just(Op::Step),
    ]
}

fn shape(kind: u8, size: f32) -> Shape {
    match kind {
        0 => Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(size, size * 0.5)).unwrap().into(),
        1 => Circle::new(Vec2::ZERO, size * 0.5).unwrap().into(),
        2 => Obb::new(Vec2::ZERO, Vec2::new(size * 0.5, size), 0.3).unwrap().into(),
        // A floor: many cells long.
        4 => Aabb::from_center_half_extents(Vec2::ZERO, Vec2::new(size * 10.0, 0.5)).unwrap().into(),
        // A concave L, placed by every move without being built again.
        5 => collide2d::Polygon::new(
            &[(0.0, 0.0), (2.0, 0.0), (2.0, 0.6), (0.6, 0.6), (0.6, 2.0), (0.0, 2.0)]
                .map(|(x, y)| Vec2::new(x, y) * size),
        )
        .unwrap()
        .into(),
        _ => Capsule::new(Vec2::new(-size, 0.0), Vec2::new(size, 0.0), 0.3).unwrap().into(),
    }
}

/// Checks one step's events against the touching pairs of the previous step and brute force.
fn check_step(w: &mut World<u32>, previous: &mut Pairs) {
    let expected_now = brute_touching(w);
    w.step();
    let ev = w.events().clone();
    let started: Pairs = ev.started().iter().map(|e| (e.a, e.b)).collect();
    let ongoing: Pairs = ev.ongoing().iter().map(|e| (e.a, e.b)).collect();
    let stopped: Pairs = ev.stopped().iter().copied().collect();
    assert_eq!(started.len(), ev.started().len(), "a pair started twice");
    assert_eq!(stopped.len(), ev.stopped().len(), "a pair stopped twice");
    for p in &started {
        assert!(!previous.contains(p), "{p:?} started while already touching");
    }
    for p in ongoing.iter().chain(&stopped) {
        assert!(previous.contains(p), "{p:?} goes on or stops without having started");
    }
    let now: Pairs = started.union(&ongoing).copied().collect();
    let expected_stopped: Pairs = previous.difference(&now).copied().collect();
    assert_eq!(stopped, expected_stopped, "stopped pairs");
    assert_eq!(now, expected_now, "touching pairs differ from brute force");
    for e in ev.touching() {
        let sensor = w.is_sensor(e.a).unwrap() || w.is_sensor(e.b).unwrap();
        assert_eq!(e.contact.is_none(), sensor, "contacts for solid pairs only");
        if let Some(c) = e.contact {
            let direct = contact(w.world_shape(e.a).unwrap(), w.world_shape(e.b).unwrap()).unwrap();
            assert_eq!(c, direct, "contact normal from a to b");
        }
    }
    // Per collider: colliding now, and the previous step's answer.
    for h in live(w) {
        let touching = now.iter().any(|&(a, b)| a == h || b == h);
        let was = previous.iter().any(|&(a, b)| a == h || b == h);
        assert_eq!(w.is_colliding(h), Some(touching));
        assert_eq!(w.was_colliding(h), Some(was));
    }
    *previous = now;
}

/// What the test remembers of a collider's filter, sensor flag and links, to check the world's
/// (the brute-force pairs read the world's filters and flags, so these must be right).
#[derive(Clone, Debug)]
struct Node {
    filter: CollisionFilter,
    sensor: bool,
    parent: Option<ColliderHandle>,
    children: Vec<ColliderHandle>,
}

impl Node {
    const NEW: Node = Node { filter: CollisionFilter::ALL, sensor: false, parent: None, children: Vec::new() };
}

fn check_nodes(w: &World<u32>, nodes: &BTreeMap<ColliderHandle, Node>) {
    assert_eq!(live(w).len(), nodes.len());
    for (&h, n) in nodes {
        assert_eq!(w.filter(h), Some(n.filter), "{h:?}");
        assert_eq!(w.is_sensor(h), Some(n.sensor), "{h:?}");
        assert_eq!(w.parent(h), n.parent, "{h:?}");
        assert_eq!(w.children(h), n.children, "{h:?}: children in the order attached");
    }
}

/// World transforms equal the composition down the parent chain, and cached world boxes match.
fn check_transforms(w: &World<u32>, locals: &BTreeMap<ColliderHandle, (Shape, Transform)>) {
    for h in live(w) {
        let mut t = locals[&h].1;
        let mut up = w.parent(h);
        while let Some(p) = up {
            t = locals[&p].1.compose(&t);
            up = w.parent(p);
        }
        let got = w.world_transform(h).unwrap();
        let (g, e) = (got.affine(), t.affine());
        assert!(g.abs_diff_eq(e, 1e-3 * (1.0 + e.translation.length())), "{h:?}: {got:?} vs {t:?}");
        let expected = locals[&h].0.transformed(&got).unwrap().aabb();
        assert_eq!(w.aabb(h).unwrap(), expected, "cached world box of {h:?}");
    }
}

fn run(ops: Vec<Op>, parallel_threshold: usize) {
    let mut w: World<u32> = World::new();
    w.set_parallel_threshold(parallel_threshold);
    let mut locals: BTreeMap<ColliderHandle, (Shape, Transform)> = BTreeMap::new();
    let mut nodes: BTreeMap<ColliderHandle, Node> = BTreeMap::new();
    let mut previous = Pairs::new();
    let mut next = 0u32;
    for op in ops {
        let hs = live(&w);
        let pick = |i: usize| hs.get(i % hs.len().max(1)).copied();
        match op {
            Op::Insert { kind, x, y, size, angle } => {
                let s = shape(kind, size);
                let t = Transform::from_translation_rotation_scale(Vec2::new(x, y), angle, Vec2::ONE);
                let h = w.insert(s.clone(), t, next).unwrap();
                next += 1;
                locals.insert(h, (s, t));
                nodes.insert(h, Node::NEW);
            }
            Op::Move { pick: p, x, y, angle } => {
                if let Some(h) = pick(p) {
                    let t = Transform::from_translation_rotation_scale(Vec2::new(x, y), angle, Vec2::ONE);
                    w.set_transform(h, t).unwrap();
                    locals.get_mut(&h).unwrap().1 = t;
                }
            }
            Op::Nudge { pick: p, dx, dy } => {
                if let Some(h) = pick(p) {
                    let t = Transform::from_translation(Vec2::new(dx, dy)).compose(&locals[&h].1);
                    w.set_transform(h, t).unwrap();
                    locals.get_mut(&h).unwrap().1 = t;
                }
            }
            Op::Reshape { pick: p, size } => {
                if let Some(h) = pick(p) {
                    let s = shape((h.index() % 4) as u8, size);
                    w.set_shape(h, s.clone()).unwrap();
                    locals.get_mut(&h).unwrap().0 = s;
                }
            }
            Op::Remove { pick: p } => {
                if let Some(h) = pick(p) {
                    let children = w.children(h);
                    let worlds: Vec<Transform> = children.iter().map(|&c| w.world_transform(c).unwrap()).collect();
                    assert!(w.remove(h).is_some());
                    assert!(!w.contains(h));
                    locals.remove(&h);
                    let gone = nodes.remove(&h).unwrap();
                    if let Some(p) = gone.parent {
                        nodes.get_mut(&p).unwrap().children.retain(|&k| k != h);
                    }
                    for &c in &gone.children {
                        nodes.get_mut(&c).unwrap().parent = None;
                    }
                    for (c, t) in children.into_iter().zip(worlds) {
                        assert_eq!(w.parent(c), None);
                        assert_eq!(w.world_transform(c), Some(t), "a detached child stays where it was");
                        locals.get_mut(&c).unwrap().1 = t;
                    }
                }
            }
            Op::Parent { pick: p, parent } => {
                if let (Some(c), Some(pa)) = (pick(p), pick(parent)) {
                    let target = if c == pa { None } else { Some(pa) };
                    match w.set_parent(c, target) {
                        Ok(()) => {
                            let old = nodes[&c].parent;
                            if old != target {
                                if let Some(o) = old {
                                    nodes.get_mut(&o).unwrap().children.retain(|&k| k != c);
                                }
                                if let Some(t) = target {
                                    nodes.get_mut(&t).unwrap().children.push(c);
                                }
                                nodes.get_mut(&c).unwrap().parent = target;
                            }
                        }
                        Err(WorldError::ParentCycle { .. }) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
            }
            Op::Filter { pick: p, layer, mask } => {
                if let Some(h) = pick(p) {
                    w.set_filter(h, CollisionFilter::new(layer, mask)).unwrap();
                    nodes.get_mut(&h).unwrap().filter = CollisionFilter::new(layer, mask);
                }
            }
            Op::Sensor { pick: p, on } => {
                if let Some(h) = pick(p) {
                    w.set_sensor(h, on).unwrap();
                    nodes.get_mut(&h).unwrap().sensor = on;
                }
            }
            Op::Step => {
                check_nodes(&w, &nodes);
                check_transforms(&w, &locals);
                let expected = brute_aabb_pairs(&w);
                let got: Vec<_> = w.aabb_pairs().collect();
                let set: Pairs = got.iter().copied().collect();
                assert_eq!(set.len(), got.len(), "a pair reported twice");
                assert_eq!(set, expected, "broad phase differs from brute force");
                check_step(&mut w, &mut previous);
            }
        }
    }
    check_nodes(&w, &nodes);
    check_transforms(&w, &locals);
    check_step(&mut w, &mut previous);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn pairs_and_events_match_brute_force(ops in proptest::collection::vec(op(), 1..120)) {
        run(ops, usize::MAX);
    }

    #[test]
    fn parallel_narrow_phase_gives_the_same(ops in proptest::collection::vec(op(), 1..80)) {
        run(ops, 0);
    }

    #[test]
    fn queries_match_a_scan(
        boxes in proptest::collection::vec((-30.0f32..30.0, -30.0f32..30.0, 0.2f32..5.0, 0u8..5), 0..80),
        q in (-30.0f32..30.0, -30.0f32..30.0, 0.0f32..10.0, 0.0f32..10.0),
        dir in 0.0f32..6.3,
    ) {
        let mut w: World<u32> = World::new();
        for (i, &(x, y, s, kind)) in boxes.iter().enumerate() {
            let t = Transform::from_translation_rotation_scale(Vec2::new(x, y), s, Vec2::ONE);
            w.insert(shape(kind, s), t, i as u32).unwrap();
            if i % 3 == 0 {
                w.step(); // some colliders in the tree, some still waiting
            }
        }
        let hs = live(&w);
        let area = Aabb::from_xywh(q.0, q.1, q.2, q.3).unwrap();
        let sort = |mut v: Vec<ColliderHandle>| { v.sort(); v };
        let scan_box: Vec<_> = hs.iter().copied().filter(|&h| w.aabb(h).unwrap().intersects(&area)).collect();
        prop_assert_eq!(sort(w.colliders_in_aabb(&area)), scan_box);
        let scan_shape: Vec<_> = hs.iter().copied().filter(|&h| intersects(w.world_shape(h).unwrap(), &area)).collect();
        prop_assert_eq!(sort(w.colliders_overlapping(&area)), scan_shape);
        let p = Vec2::new(q.0, q.1);
        let scan_point: Vec<_> = hs.iter().copied().filter(|&h| intersects(w.world_shape(h).unwrap(), &p)).collect();
        prop_assert_eq!(sort(w.colliders_at_point(p)), scan_point);
        let ray = Ray::new(p, Vec2::from_angle(dir)).unwrap();
        let best = hs.iter().filter_map(|&h| cast_ray(w.world_shape(h).unwrap(), &ray, 40.0).map(|hit| hit.distance))
            .fold(f32::INFINITY, f32::min);
        match w.cast_ray(&ray, 40.0) {
            Some((h, hit)) => {
                prop_assert_eq!(hit.distance, best);
                prop_assert_eq!(cast_ray(w.world_shape(h).unwrap(), &ray, 40.0), Some(hit));
            }
            None => prop_assert!(best.is_infinite()),
        }
        // Filtered: every third collider ignored, odd slots a sensor, a layer no one else has.
        for (k, &h) in hs.iter().enumerate() {
            w.set_sensor(h, k % 2 == 1).unwrap();
            if k % 5 == 4 {
                w.set_filter(h, CollisionFilter::new(0b10, 0b10)).unwrap();
            }
        }
        let ignore: Vec<ColliderHandle> = hs.iter().copied().step_by(3).collect();
        for sensors in [false, true] {
            let filter = QueryFilter { filter: CollisionFilter::new(0b01, 0b01), ignore: &ignore, sensors };
            let counts = |k: usize| k % 3 != 0 && (sensors || k % 2 == 0) && k % 5 != 4;
            let best = hs.iter().enumerate().filter(|&(k, _)| counts(k))
                .filter_map(|(_, &h)| cast_ray(w.world_shape(h).unwrap(), &ray, 40.0).map(|hit| hit.distance))
                .fold(f32::INFINITY, f32::min);
            match w.cast_ray_filtered(&ray, 40.0, &filter) {
                Some((h, hit)) => {
                    prop_assert_eq!(hit.distance, best);
                    prop_assert!(counts(hs.iter().position(|&x| x == h).unwrap()));
                    prop_assert_eq!(cast_ray(w.world_shape(h).unwrap(), &ray, 40.0), Some(hit));
                }
                None => prop_assert!(best.is_infinite()),
            }
        }
    }
}

fn unit_square_at(x: f32, y: f32) -> (Shape, Transform) {
    (Aabb::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap().into(), Transform::from_translation(Vec2::new(x, y)))
}

#[test]
fn events_follow_a_pair_through_start_ongoing_and_stop() {
    let mut w: World = World::new();
    let (s, t) = unit_square_at(0.0, 0.0);
    let a = w.insert(s.clone(), t, ()).unwrap();
    let b = w.insert(s, Transform::from_translation(Vec2::new(5.0, 0.0)), ()).unwrap();
    assert!(w.step().touching().next().is_none());
    w.set_transform(b, Transform::from_translation(Vec2::new(0.5, 0.0))).unwrap();
    let ev = w.step();
    assert_eq!(ev.started().len(), 1);
    let c = ev.started()[0].contact.unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 0.5));
    assert_eq!((w.is_colliding(a), w.was_colliding(a)), (Some(true), Some(false)));
    let ev = w.step();
    assert_eq!((ev.started().len(), ev.ongoing().len()), (0, 1));
    assert_eq!((w.is_colliding(a), w.was_colliding(a)), (Some(true), Some(true)));
    // Touching edges count.
    w.set_transform(b, Transform::from_translation(Vec2::new(1.0, 0.0))).unwrap();
    assert_eq!(w.step().ongoing().len(), 1);
    w.set_transform(b, Transform::from_translation(Vec2::new(1.01, 0.0))).unwrap();
    assert_eq!(w.step().stopped(), &[(a, b)]);
    assert_eq!((w.is_colliding(a), w.was_colliding(a)), (Some(false), Some(true)));
}

#[test]
fn sensors_report_without_contacts_and_filters_exclude() {
    let mut w: World = World::new();
    let (s, t) = unit_square_at(0.0, 0.0);
    let a = w.insert(s.clone(), t, ()).unwrap();
    let b = w.insert(s.clone(), t, ()).unwrap();
    let c = w.insert(s, t, ()).unwrap();
    w.set_sensor(b, true).unwrap();
    w.set_filter(c, CollisionFilter::new(0b10, 0)).unwrap(); // collides with nothing
    let ev = w.step();
    let pairs: Vec<_> = ev.touching().map(|e| (e.a, e.b, e.contact.is_some())).collect();
    assert_eq!(pairs, vec![(a, b, false)]);
    // Changing the filter lets c in.
    w.set_filter(c, CollisionFilter::ALL).unwrap();
    let ev = w.step();
    let mut started: Vec<_> = ev.started().iter().map(|e| (e.a, e.b)).collect();
    started.sort();
    assert_eq!(started, vec![(a, c), (b, c)]);
    // And out again: the pairs stop.
    w.set_filter(c, CollisionFilter::new(0, 0)).unwrap();
    let mut stopped = w.step().stopped().to_vec();
    stopped.sort();
    assert_eq!(stopped, vec![(a, c), (b, c)]);
}

#[test]
fn moving_a_parent_moves_its_children_and_removal_detaches_them() {
    let mut w: World = World::new();
    let (s, _) = unit_square_at(0.0, 0.0);
    let parent = w.insert(s.clone(), Transform::from_translation(Vec2::new(10.0, 0.0)), ()).unwrap();
    let child = w.insert(s.clone(), Transform::from_translation(Vec2::new(2.0, 0.0)), ()).unwrap();
    let grandchild = w.insert(s.clone(), Transform::from_translation(Vec2::new(0.0, 3.0)), ()).unwrap();
    w.set_parent(child, Some(parent)).unwrap();
    w.set_parent(grandchild, Some(child)).unwrap();
    assert_eq!(w.aabb(grandchild).unwrap().min(), Vec2::new(12.0, 3.0));
    w.set_transform(parent, Transform::from_translation(Vec2::new(20.0, 5.0))).unwrap();
    assert_eq!(w.aabb(grandchild).unwrap().min(), Vec2::new(22.0, 8.0));
    assert_eq!(w.colliders_at_point(Vec2::new(22.5, 8.5)), vec![grandchild]);
    w.remove(child);
    assert_eq!(w.parent(grandchild), None);
    assert_eq!(w.aabb(grandchild).unwrap().min(), Vec2::new(22.0, 8.0));
    assert_eq!(w.local_transform(grandchild), Some(Transform::from_translation(Vec2::new(22.0, 8.0))));
    w.set_transform(parent, Transform::IDENTITY).unwrap();
    assert_eq!(w.aabb(grandchild).unwrap().min(), Vec2::new(22.0, 8.0));
}

/// A box without children moved without turning is rewritten where it lies, a quick path that
/// must not be taken for a box with a parent: its local transform is then relative to the parent.
#[test]
fn moving_a_child_box_places_it_relative_to_its_parent() {
    let mut w: World = World::new();
    let (s, _) = unit_square_at(0.0, 0.0);
    let parent = w.insert(s.clone(), Transform::from_translation(Vec2::new(10.0, 0.0)), ()).unwrap();
    let child = w.insert(s, Transform::IDENTITY, ()).unwrap();
    w.set_parent(child, Some(parent)).unwrap();
    w.set_transform(child, Transform::from_translation(Vec2::new(2.0, 3.0))).unwrap();
    assert_eq!(w.aabb(child).unwrap().min(), Vec2::new(12.0, 3.0));
    assert_eq!(w.world_transform(child), Some(Transform::from_translation(Vec2::new(12.0, 3.0))));
    assert_eq!(w.colliders_at_point(Vec2::new(12.5, 3.5)), vec![child]);
}

#[test]
fn a_custom_detector_decides_and_contacts_may_be_missing() {
    let mut w: World = World::new();
    let disc: Shape = Circle::new(Vec2::ZERO, 1.0).unwrap().into();
    let a = w.insert(disc.clone(), Transform::IDENTITY, ()).unwrap();
    // Boxes overlap at the corner, discs do not.
    let b = w.insert(disc, Transform::from_translation(Vec2::new(1.8, 1.8)), ()).unwrap();
    assert!(w.step().touching().next().is_none());
    w.set_detector(BoundingBoxes);
    let ev = w.step();
    assert_eq!(ev.started().len(), 1);
    assert_eq!((ev.started()[0].a, ev.started()[0].b, ev.started()[0].contact), (a, b, None));
}

#[test]
fn stale_handles_and_bad_query_inputs_are_harmless() {
    let mut w: World = World::new();
    let (s, t) = unit_square_at(0.0, 0.0);
    let h = w.insert(s, t, ()).unwrap();
    w.remove(h);
    assert_eq!(w.set_filter(h, CollisionFilter::ALL), Err(WorldError::StaleHandle(h)));
    assert_eq!(w.set_parent(h, None), Err(WorldError::StaleHandle(h)));
    assert_eq!(w.world_shape(h), None);
    assert!(w.cast_ray(&Ray::new(Vec2::ZERO, Vec2::X).unwrap(), f32::NAN).is_none());
    assert!(w.colliders_at_point(Vec2::NAN).is_empty());
}

#[test]
fn far_flung_worlds_and_endless_rays_terminate() {
    let mut w: World = World::new();
    let (s, _) = unit_square_at(0.0, 0.0);
    let near = w.insert(s.clone(), Transform::from_translation(Vec2::new(5.0, -0.5)), ()).unwrap();
    w.insert(s.clone(), Transform::from_translation(Vec2::new(1e30, 1e30)), ()).unwrap();
    w.insert(s, Transform::from_translation(Vec2::new(-1e30, 3.0)), ()).unwrap();
    w.update();
    let ray = Ray::new(Vec2::ZERO, Vec2::X).unwrap();
    assert_eq!(w.cast_ray(&ray, f32::INFINITY).map(|(h, _)| h), Some(near));
    let far = Ray::new(Vec2::new(-2e30, 3.5), Vec2::X).unwrap();
    assert!(w.cast_ray(&far, f32::INFINITY).is_some());
    assert_eq!(w.colliders_at_point(Vec2::new(5.5, 0.0)), vec![near]);
}

#[test]
fn a_mostly_static_scene_updates_incrementally_and_stays_exact() {
    // 900 resting unit squares in a touching grid and a few squares sliding through them.
    let mut w: World<u32> = World::new();
    for i in 0..900u32 {
        let (s, t) = unit_square_at((i % 30) as f32, (i / 30) as f32);
        w.insert(s, t, i).unwrap();
    }
    let movers: Vec<ColliderHandle> = (0..5u32)
        .map(|k| {
            let (s, t) = unit_square_at(0.3, 3.0 * k as f32 + 0.5);
            w.insert(s, t, 1000 + k).unwrap()
        })
        .collect();
    let mut previous = Pairs::new();
    check_step(&mut w, &mut previous);
    let before = w.broad_phase_stats();
    for step in 1..=40 {
        for (k, &h) in movers.iter().enumerate() {
            let t = Transform::from_translation(Vec2::new(0.3 + 0.7 * step as f32, 3.0 * k as f32 + 0.5));
            w.set_transform(h, t).unwrap();
        }
        check_step(&mut w, &mut previous);
    }
    let after = w.broad_phase_stats();
    assert_eq!(after.incremental_updates - before.incremental_updates, 40);
    assert_eq!((after.full_searches, after.rebuilds), (before.full_searches, before.rebuilds));
}

/// The exact test, or a panic while its flag is set.
struct Fragile(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl collide2d::detector::Detector for Fragile {
    fn name(&self) -> &str {
        "fragile"
    }

    fn detect(&self, a: collide2d::ShapeRef<'_>, b: collide2d::ShapeRef<'_>) -> bool {
        assert!(!self.0.load(std::sync::atomic::Ordering::Relaxed), "the detector fails");
        intersects(&a, &b)
    }
}

/// A detector that panics in a narrow phase shared between threads leaves no made-up results
/// behind: the next step judges the pairs it did not, and finds what a world that never
/// panicked finds.
#[test]
fn a_panicking_detector_leaves_the_world_consistent() {
    let fail = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (mut w, mut calm): (World<u32>, World<u32>) = (World::new(), World::new());
    w.set_detector(Fragile(fail.clone()));
    calm.set_detector(Fragile(Default::default()));
    w.set_parallel_threshold(0);
    for i in 0..400u32 {
        let (s, t) = unit_square_at((i % 20) as f32 * 0.9, (i / 20) as f32 * 0.9);
        w.insert(s.clone(), t, i).unwrap();
        calm.insert(s, t, i).unwrap();
    }
    fail.store(true, std::sync::atomic::Ordering::Relaxed);
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        w.step();
    }));
    assert!(failed.is_err());
    fail.store(false, std::sync::atomic::Ordering::Relaxed);
    let touching = |w: &mut World<u32>| -> Pairs { w.step().touching().map(|e| ordered(e.a, e.b)).collect() };
    let want = touching(&mut calm);
    assert!(want.len() > 700, "{} touching pairs", want.len());
    assert_eq!(touching(&mut w), want);
}
