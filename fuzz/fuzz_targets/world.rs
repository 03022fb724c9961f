//! Sequences of `World` operations (insert, remove, move, reshape, parent, filter, sensor, step,
//! update and queries, on live and stale handles), each answer checked against brute force over
//! every collider: the pairs a step reports against every pair whose boxes overlap judged alone
//! (`contact` for solid pairs, `intersects` with a sensor, as the world's docs say the exact
//! detector does on the candidates, the pairs whose world boxes overlap),
//! the started / ongoing / stopped events against the step before, the broad phase's candidate
//! pairs against every pair of boxes, and the scene queries against every collider.
//!
//! Pairs whose numbers are out of the range where the crate's docs promise exact answers (see
//! `collide2d_fuzz::Range`) are left out of the comparisons: there a narrow-phase test may say
//! true for shapes whose boxes are apart, which the broad phase rightly never asks about.

#![no_main]

use std::collections::{BTreeMap, BTreeSet};

use arbitrary::Arbitrary;
use collide2d::world::{ColliderHandle, CollisionFilter, QueryFilter, World};
use collide2d::{cast_ray, contact, intersects, Aabb, Ray, Shape, Transform, Vec2};
use collide2d_fuzz::{numbers, range_of, ArbShape, ArbTransform, Num, Range, Scale, P};
use libfuzzer_sys::fuzz_target;

/// At most this many colliders at once, so that brute force stays cheap.
const MAX_COLLIDERS: usize = 40;

#[derive(Arbitrary, Debug)]
enum Op {
    Insert(ArbShape, ArbTransform),
    Remove(u8),
    SetTransform(u8, ArbTransform),
    SetShape(u8, ArbShape),
    SetParent(u8, Option<u8>),
    SetFilter(u8, u8, u8),
    SetSensor(u8, bool),
    /// Run the narrow phase on threads (threshold 0) or never.
    Threads(bool),
    Step,
    Update,
    AabbPairs,
    AtPoint(P),
    InAabb(P, P),
    Overlapping(ArbShape),
    CastRay(P, P, Num, bool),
}

#[derive(Arbitrary, Debug)]
struct Input {
    scale: Scale,
    ops: Vec<Op>,
}

/// The touching pairs of the last step, as `(a, b)` handles.
type Pairs = BTreeSet<(Key, Key)>;
/// A handle, orderable.
type Key = (u32, u32);

fn key(h: ColliderHandle) -> Key {
    (h.index(), h.generation())
}

struct Model {
    world: World<u32>,
    /// Every handle ever returned, live or stale.
    handles: Vec<ColliderHandle>,
    /// The pairs touching at the last step, and the colliders touching then and at the one before.
    touching: Pairs,
    colliding: BTreeSet<Key>,
    was_colliding: BTreeSet<Key>,
}

fuzz_target!(|input: Input| {
    let scale = input.scale.get();
    let mut m = Model {
        world: World::new(),
        handles: Vec::new(),
        touching: Pairs::new(),
        colliding: BTreeSet::new(),
        was_colliding: BTreeSet::new(),
    };
    for op in input.ops.iter().take(64) {
        m.apply(op, scale);
        m.check_tree();
    }
    m.step();
});

impl Model {
    fn live(&self) -> Vec<ColliderHandle> {
        self.world.iter().map(|(h, _)| h).collect()
    }

    fn shape(&self, h: ColliderHandle) -> &Shape {
        self.world.world_shape(h).expect("live")
    }

    /// The live colliders that, with `other`, are in the documented range.
    fn live_with(&self, other: &Shape) -> Vec<ColliderHandle> {
        self.live().into_iter().filter(|&h| in_range(self.shape(h), other)).collect()
    }

    fn apply(&mut self, op: &Op, scale: f32) {
        // A handle named by the fuzzer: any handle ever made, stale ones included.
        let handles = self.handles.clone();
        let pick = |i: u8| (!handles.is_empty()).then(|| handles[i as usize % handles.len()]);
        let w = &mut self.world;
        match op {
            Op::Insert(s, t) => {
                if w.len() < MAX_COLLIDERS {
                    if let Some(shape) = s.build(scale) {
                        if let Ok(h) = w.insert(shape, t.get(scale), self.handles.len() as u32) {
                            assert!(!self.handles.contains(&h), "a new collider got an old handle {h:?}");
                            self.handles.push(h);
                        }
                    }
                }
            }
            Op::Remove(i) => {
                let Some(h) = pick(*i) else { return };
                let live = w.contains(h);
                let children = w.children(h);
                let worlds: Vec<Transform> = children.iter().map(|&c| w.world_transform(c).expect("child")).collect();
                assert_eq!(w.remove(h).is_some(), live, "remove of {h:?}");
                assert!(!w.contains(h) && w.data(h).is_none(), "removed, yet still there");
                // "Its children are detached and keep their world transform."
                for (c, t) in children.iter().zip(worlds) {
                    assert_eq!(w.parent(*c), None, "a child of a removed collider kept its parent");
                    assert_eq!(w.world_transform(*c), Some(t), "a child moved when its parent was removed");
                }
            }
            Op::SetTransform(i, t) => {
                let Some(h) = pick(*i) else { return };
                let before = w.world_transform(h);
                let result = w.set_transform(h, t.get(scale));
                if result.is_err() {
                    // "Nothing is changed when an operation fails."
                    assert_eq!(w.world_transform(h), before, "a failed move changed the transform");
                } else {
                    assert_eq!(w.local_transform(h), Some(t.get(scale)), "moved elsewhere");
                }
            }
            Op::SetShape(i, s) => {
                let (Some(h), Some(shape)) = (pick(*i), s.build(scale)) else { return };
                let before = w.local_shape(h).cloned();
                if w.set_shape(h, shape.clone()).is_ok() {
                    assert_eq!(w.local_shape(h), Some(&shape), "reshaped to something else");
                } else {
                    assert_eq!(w.local_shape(h).cloned(), before, "a failed reshape changed the shape");
                }
            }
            Op::SetParent(c, p) => {
                let Some(child) = pick(*c) else { return };
                let parent = p.and_then(pick);
                let before = w.parent(child);
                let local = w.local_transform(child);
                if w.set_parent(child, parent).is_ok() {
                    assert_eq!(w.parent(child), parent, "attached elsewhere");
                    assert_eq!(w.local_transform(child), local, "attaching changed the local transform");
                } else {
                    assert_eq!(w.parent(child), before, "a failed attach changed the parent");
                }
            }
            Op::SetFilter(i, layer, mask) => {
                let Some(h) = pick(*i) else { return };
                let filter = CollisionFilter::new(*layer as u32, *mask as u32);
                let live = w.contains(h);
                assert_eq!(w.set_filter(h, filter).is_ok(), live, "set_filter on {h:?}");
                assert_eq!(w.filter(h), live.then_some(filter), "the filter read back");
            }
            Op::SetSensor(i, sensor) => {
                let Some(h) = pick(*i) else { return };
                let live = w.contains(h);
                assert_eq!(w.set_sensor(h, *sensor).is_ok(), live, "set_sensor on {h:?}");
            }
            Op::Threads(on) => w.set_parallel_threshold(if *on { 0 } else { usize::MAX }),
            Op::Step => self.step(),
            Op::Update => w.update(),
            Op::AabbPairs => self.aabb_pairs(),
            Op::AtPoint(p) => {
                let p = p.get(scale);
                let judged: BTreeSet<Key> = self.live_with(&Shape::Point(p)).into_iter().map(key).collect();
                let mut found: Vec<Key> =
                    self.world.colliders_at_point(p).into_iter().map(key).filter(|k| judged.contains(k)).collect();
                found.sort_unstable();
                let expected: Vec<Key> = if p.is_finite() {
                    self.live_with(&Shape::Point(p))
                        .into_iter()
                        .filter(|&h| point_in_box(p, &self.shape(h).aabb()) && intersects(self.shape(h), &p))
                        .map(key)
                        .collect()
                } else {
                    Vec::new()
                };
                assert_eq!(found, expected, "colliders at {p:?}");
            }
            Op::InAabb(a, b) => {
                let Ok(area) = Aabb::new(a.get(scale), b.get(scale)) else { return };
                let mut found: Vec<Key> = self.world.colliders_in_aabb(&area).into_iter().map(key).collect();
                found.sort_unstable();
                let expected: Vec<Key> =
                    self.live().into_iter().filter(|&h| boxes_overlap(&self.shape(h).aabb(), &area)).map(key).collect();
                assert_eq!(found, expected, "colliders in {area:?}");
            }
            Op::Overlapping(s) => {
                let Some(shape) = s.build(scale) else { return };
                let judged: BTreeSet<Key> = self.live_with(&shape).into_iter().map(key).collect();
                let mut found: Vec<Key> = self
                    .world
                    .colliders_overlapping(&shape)
                    .into_iter()
                    .map(key)
                    .filter(|k| judged.contains(k))
                    .collect();
                found.sort_unstable();
                let bounded = shape.aabb().min().is_finite() && shape.aabb().max().is_finite();
                let expected: Vec<Key> = self
                    .live_with(&shape)
                    .into_iter()
                    .filter(|&h| {
                        let s = self.shape(h);
                        bounded && boxes_overlap(&s.aabb(), &shape.aabb()) && intersects(s, &shape)
                    })
                    .map(key)
                    .collect();
                assert_eq!(found, expected, "colliders overlapping {shape:?}");
            }
            Op::CastRay(o, d, max, sensors) => {
                let Ok(ray) = Ray::new(o.get(scale), d.get(1.0)) else { return };
                self.cast_ray(&ray, max.get() * scale, *sensors);
            }
        }
    }

    /// Every collider's world transform is its parent's composed with its own.
    fn check_tree(&self) {
        for h in self.live() {
            let local = self.world.local_transform(h).expect("live");
            let expected = match self.world.parent(h) {
                Some(p) => self.world.world_transform(p).expect("a live parent").compose(&local),
                None => local,
            };
            assert_eq!(self.world.world_transform(h), Some(expected), "world transform of {h:?}");
            assert!(self.world.children(h).iter().all(|&c| self.world.parent(c) == Some(h)), "children of {h:?}");
        }
    }

    /// Whether the world's rule lets two colliders pair.
    fn allowed(&self, a: ColliderHandle, b: ColliderHandle) -> bool {
        self.world.filter(a).expect("live").allows(&self.world.filter(b).expect("live"))
    }

    fn step(&mut self) {
        let live = self.live();
        let events = self.world.step().clone();
        // Brute force: every allowed pair, judged as the exact detector does.
        let mut expected = Pairs::new();
        let mut judged = Pairs::new();
        let mut contacts = BTreeMap::new();
        for (i, &a) in live.iter().enumerate() {
            for &b in &live[i + 1..] {
                let (sa, sb) = (self.shape(a), self.shape(b));
                // Only boxes that overlap are judged: past the range where answers are exact, a
                // shape may test as touching beyond its own box.
                if !self.allowed(a, b) || !boxes_overlap(&sa.aabb(), &sb.aabb()) {
                    continue;
                }
                if in_range(sa, sb) {
                    judged.insert((key(a), key(b)));
                }
                let sensor = self.world.is_sensor(a) == Some(true) || self.world.is_sensor(b) == Some(true);
                let c = if sensor { None } else { contact(sa, sb) };
                if if sensor { intersects(sa, sb) } else { c.is_some() } {
                    expected.insert((key(a), key(b)));
                }
                contacts.insert((key(a), key(b)), c);
            }
        }
        let mut now = Pairs::new();
        for e in events.touching() {
            assert!(now.insert((key(e.a), key(e.b))), "pair {:?} reported twice", (e.a, e.b));
            let expected = contacts.get(&(key(e.a), key(e.b)));
            match (expected, &e.contact) {
                // A step shares its budget among the pairs with a polygon or tile map it measures
                // (`World::contact_budget`), so a pair `contact` answers exactly may run out of its
                // share: it then gets a push that separates, flagged, at least as deep.
                (Some(Some(alone)), Some(shared)) if alone.is_exact() && !shared.is_exact() => {
                    assert!(
                        shared.depth.partial_cmp(&alone.depth) != Some(std::cmp::Ordering::Less),
                        "the shared-budget push of {:?} is shallower",
                        (e.a, e.b)
                    );
                }
                // As text, so that NaN (out of the documented range) equals NaN.
                _ => assert_eq!(
                    expected.map(|c| format!("{c:?}")),
                    Some(format!("{:?}", e.contact)),
                    "the contact of {:?}",
                    (e.a, e.b)
                ),
            }
        }
        assert_eq!(&now & &judged, &expected & &judged, "touching pairs");
        let started: Pairs = events.started().iter().map(|e| (key(e.a), key(e.b))).collect();
        let ongoing: Pairs = events.ongoing().iter().map(|e| (key(e.a), key(e.b))).collect();
        let stopped: Pairs = events.stopped().iter().map(|&(a, b)| (key(a), key(b))).collect();
        assert_eq!(started, &now - &self.touching, "started pairs");
        assert_eq!(ongoing, &now & &self.touching, "ongoing pairs");
        assert_eq!(stopped, &self.touching - &now, "stopped pairs");
        assert_eq!(stopped.len(), events.stopped().len(), "a stopped pair reported twice");
        self.was_colliding = std::mem::take(&mut self.colliding);
        self.colliding = now.iter().flat_map(|&(a, b)| [a, b]).collect();
        for &h in &live {
            assert_eq!(self.world.is_colliding(h), Some(self.colliding.contains(&key(h))), "is_colliding {h:?}");
            let was = self.was_colliding.contains(&key(h));
            assert_eq!(self.world.was_colliding(h), Some(was), "was_colliding {h:?}");
        }
        self.touching = now;
    }

    fn aabb_pairs(&mut self) {
        let live = self.live();
        let mut found: Vec<(Key, Key)> = self.world.aabb_pairs().map(|(a, b)| (key(a), key(b))).collect();
        let n = found.len();
        found.sort_unstable();
        found.dedup();
        assert_eq!(found.len(), n, "a candidate pair listed twice");
        let mut expected = Vec::new();
        for (i, &a) in live.iter().enumerate() {
            for &b in &live[i + 1..] {
                if self.allowed(a, b) && boxes_overlap(&self.shape(a).aabb(), &self.shape(b).aabb()) {
                    expected.push((key(a), key(b)));
                }
            }
        }
        assert_eq!(found, expected, "candidate pairs");
    }

    fn cast_ray(&self, ray: &Ray, max: f32, sensors: bool) {
        if self.live_with(&Shape::Point(ray.origin())).len() < self.world.len() {
            return;
        }
        let hits: Vec<(ColliderHandle, f32)> = self
            .live()
            .into_iter()
            .filter_map(|h| cast_ray(self.shape(h), ray, max).map(|hit| (h, hit.distance)))
            .collect();
        let nearest = hits.iter().map(|h| h.1).min_by(f32::total_cmp);
        let first = self.world.cast_ray(ray, max);
        assert_eq!(first.map(|f| f.1.distance), nearest, "the first hit of {ray:?} within {max}");
        if let Some((h, hit)) = first {
            assert!(hits.contains(&(h, hit.distance)), "the first hit is not that collider's own");
        }
        let filter = QueryFilter { sensors, ..QueryFilter::default() };
        let all: Vec<(Key, f32)> =
            self.world.cast_ray_all(ray, max, &filter).iter().map(|(h, x)| (key(*h), x.distance)).collect();
        assert!(all.windows(2).all(|w| w[0].1 <= w[1].1), "cast_ray_all not nearest first");
        let mut all_sorted = all.clone();
        all_sorted.sort_by_key(|h| h.0);
        let mut expected: Vec<(Key, f32)> = hits
            .iter()
            .filter(|(h, _)| {
                (sensors || self.world.is_sensor(*h) == Some(false))
                    && filter.filter.allows(&self.world.filter(*h).expect("live"))
            })
            .map(|&(h, d)| (key(h), d))
            .collect();
        expected.sort_by_key(|h| h.0);
        assert_eq!(all_sorted, expected, "every hit of {ray:?} within {max}");
    }
}

/// Whether the docs promise exact answers for a pair of shapes.
fn in_range(a: &Shape, b: &Shape) -> bool {
    range_of(&[numbers(a), numbers(b)].concat()) != Range::Wild
}

/// Whether `p` is in the box (its edges included).
fn point_in_box(p: Vec2, b: &Aabb) -> bool {
    b.min().x <= p.x && p.x <= b.max().x && b.min().y <= p.y && p.y <= b.max().y
}

/// Whether two boxes share a point (touching counts).
fn boxes_overlap(a: &Aabb, b: &Aabb) -> bool {
    a.min().x <= b.max().x && b.min().x <= a.max().x && a.min().y <= b.max().y && b.min().y <= a.max().y
}
