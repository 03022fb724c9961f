//! A step and its events: the broad phase brought up to date, the narrow phase on the candidate
//! pairs, and which pairs started, went on or stopped touching since the step before.

use std::any::TypeId;

use crate::detector::{Detector, Exact};
use crate::query::contact::{Contact, ContactBudget, ContactMethod};
use crate::query::intersects::intersects;
use crate::query::ShapeLike;
use crate::shape::Shape;

use super::{BroadPhaseStats, ColliderHandle, World, WorldError};

/// A partner remembered for the next step, and the generations of both colliders (for the
/// stopped event when one is removed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Partner {
    b: u32,
    ga: u32,
    gb: u32,
}

/// The pairs touching at the last step, grouped by their first collider `a`:
/// `partners[start[a]..start[a + 1]]` (a few per collider, so a lookup is a short scan of
/// nearby memory, where a hash map's probes land anywhere in a large table).
#[derive(Clone, Debug, Default)]
pub(super) struct TouchList {
    start: Vec<u32>,
    partners: Vec<Partner>,
    /// Which partners were found touching again at this step.
    seen: Vec<bool>,
}

impl TouchList {
    /// Where the partner `b` of `a` is, if the pair was touching.
    #[inline]
    fn find(&self, a: u32, b: u32) -> Option<usize> {
        let a = a as usize;
        if a + 1 >= self.start.len() {
            return None;
        }
        let (s, e) = (self.start[a] as usize, self.start[a + 1] as usize);
        self.partners[s..e].iter().position(|p| p.b == b).map(|k| s + k)
    }

    /// The remembered pairs not seen again, as handles (few, so each finds its first collider
    /// by a binary search rather than the scan walking every collider's group).
    fn unseen(&self) -> impl Iterator<Item = (ColliderHandle, ColliderHandle)> + '_ {
        self.seen.iter().enumerate().filter(|(_, &seen)| !seen).map(|(k, _)| {
            let a = self.start.partition_point(|&s| s as usize <= k) - 1;
            let p = self.partners[k];
            (ColliderHandle { index: a as u32, generation: p.ga }, ColliderHandle { index: p.b, generation: p.gb })
        })
    }

    /// Remembers `now` (pairs `(a, partner)`) for the next step, for slots below `slots`.
    fn rebuild(&mut self, now: &[(u32, Partner)], slots: usize) {
        self.start.clear();
        self.start.resize(slots + 1, 0);
        for &(a, _) in now {
            self.start[a as usize + 1] += 1;
        }
        for k in 0..slots {
            self.start[k + 1] += self.start[k];
        }
        self.partners.resize(now.len(), Partner { b: 0, ga: 0, gb: 0 });
        // Fill each group from its end (keeping the order), counting `start[a + 1]` down to the
        // group's first slot, which is where `start[a]` belongs: then shift by one.
        for &(a, p) in now.iter().rev() {
            let end = &mut self.start[a as usize + 1];
            *end -= 1;
            self.partners[*end as usize] = p;
        }
        self.start.rotate_left(1);
        self.start[slots] = now.len() as u32;
        self.seen.clear();
        self.seen.resize(now.len(), false);
    }
}

/// A pair of colliders touching at a step: `a`'s slot index is below `b`'s, and the contact
/// (normal from `a` to `b`) is `None` when either is a sensor, or when a custom detector accepted
/// a pair whose shapes do not really touch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactEvent {
    /// The first collider.
    pub a: ColliderHandle,
    /// The second collider.
    pub b: ColliderHandle,
    /// How they touch.
    pub contact: Option<Contact>,
}

/// What changed at a step; see the module documentation for the order.
#[derive(Clone, Debug, Default)]
pub struct StepEvents {
    started: Vec<ContactEvent>,
    ongoing: Vec<ContactEvent>,
    stopped: Vec<(ColliderHandle, ColliderHandle)>,
}

impl StepEvents {
    /// Pairs touching now that were not touching at the previous step.
    pub fn started(&self) -> &[ContactEvent] {
        &self.started
    }

    /// Pairs touching now and at the previous step, with their current contact.
    pub fn ongoing(&self) -> &[ContactEvent] {
        &self.ongoing
    }

    /// Pairs that touched at the previous step and do not now (also when one of them was removed
    /// or its filter changed); the handles may be stale.
    pub fn stopped(&self) -> &[(ColliderHandle, ColliderHandle)] {
        &self.stopped
    }

    /// Every pair touching now: [`started`](Self::started) then [`ongoing`](Self::ongoing).
    pub fn touching(&self) -> impl Iterator<Item = &ContactEvent> {
        self.started.iter().chain(&self.ongoing)
    }
}

impl<T> World<T> {
    /// Whether the collider touched another at the last [`step`](Self::step).
    pub fn is_colliding(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.colliding[h.index as usize])
    }

    /// Whether the collider touched another at the step before the last one.
    pub fn was_colliding(&self, h: ColliderHandle) -> Option<bool> {
        self.get(h).map(|_| self.was_colliding[h.index as usize])
    }

    /// Replaces the detector deciding which candidate pairs touch ([`Exact`] by default). It
    /// judges only the pairs the broad phase finds, whose bounding boxes overlap: a detector
    /// looser than bounding boxes (one adding a margin) sees no more pairs than those, and
    /// [`BoundingCircles`](crate::detector::BoundingCircles) in a world means "the boxes and the
    /// circles both overlap". A `Box<dyn Detector>` chosen at run time is taken too.
    pub fn set_detector<D: Detector + 'static>(&mut self, detector: D) {
        self.detector = if TypeId::of::<D>() == TypeId::of::<Exact>() { None } else { Some(Box::new(detector)) };
        // Every pair is judged again.
        self.results.clear();
    }

    /// How the narrow phase measures the contacts of the pairs that touch:
    /// [`ContactMethod::Exact`] (the minimum translation) by default.
    pub fn contact_method(&self) -> ContactMethod {
        self.contact_method
    }

    /// Sets [`contact_method`](Self::contact_method).
    /// [`ContactMethod::DeepestPiecePair`] is faster on concave polygons (traced sprites) but
    /// not minimal: see [`contact_deepest_piece_pair`](crate::contact_deepest_piece_pair).
    /// Only the step's contacts change: [`move_and_slide`](Self::move_and_slide) stays exact.
    pub fn set_contact_method(&mut self, method: ContactMethod) {
        self.contact_method = method;
        // Every pair is measured again.
        self.results.clear();
    }

    /// The work a step may spend on exact contacts with concave polygons, shared evenly by the
    /// pairs with a concave polygon measured at that step: [`ContactBudget::DEFAULT`] unless
    /// set. A pair whose share runs out gets a push that separates, flagged by
    /// [`Contact::is_exact`] in its event. [`move_and_slide`](Self::move_and_slide) takes it for
    /// each collider it starts overlapping.
    pub fn contact_budget(&self) -> ContactBudget {
        self.contact_budget
    }

    /// Sets [`contact_budget`](Self::contact_budget) ([`ContactBudget::UNBOUNDED`]: always the
    /// minimum, however long a step takes). Every pair is measured again at the next step.
    ///
    /// ```
    /// use collide2d::{ContactBudget, Polygon, Transform, Vec2, World};
    /// let star: Vec<Vec2> = (0..2000)
    ///     .map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 2000.0) * if k % 2 == 0 { 100.0 } else { 50.0 })
    ///     .collect();
    /// let star = Polygon::new(&star)?;
    /// let mut world = World::new();
    /// world.insert(star.clone().into(), Transform::IDENTITY, ())?;
    /// world.insert(star.into(), Transform::IDENTITY, ())?; // spawned on top of its copy
    /// let bounded = world.step().started()[0].contact.expect("a contact");
    /// assert!(!bounded.is_exact()); // a few milliseconds: a push that separates them
    /// world.set_contact_budget(ContactBudget::from_units(1));
    /// assert_eq!(world.contact_budget().units(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_contact_budget(&mut self, budget: ContactBudget) {
        self.contact_budget = budget;
        self.results.clear();
    }

    /// The number of candidate pairs from which the narrow phase runs on several threads (with
    /// the `parallel` feature); the broad phase's full pair search does from 32 times as many
    /// colliders (it keeps one grid entry per collider).
    pub fn parallel_threshold(&self) -> usize {
        self.parallel_threshold
    }

    /// Sets [`parallel_threshold`](Self::parallel_threshold); `usize::MAX` keeps the narrow phase
    /// on the calling thread.
    pub fn set_parallel_threshold(&mut self, pairs: usize) {
        self.parallel_threshold = pairs;
        self.broad.parallel_entries = pairs.saturating_mul(32);
    }

    /// Figures of the broad phase: see [`BroadPhaseStats`].
    pub fn broad_phase_stats(&self) -> BroadPhaseStats {
        self.broad.stats()
    }

    /// Brings the broad phase up to date (applies the changes since the last update), so that queries
    /// need not look one by one at colliders that moved far or were inserted since.
    /// [`step`](Self::step) does it too.
    pub fn update(&mut self) {
        self.broad.update_with(&mut self.results, usize::MAX);
        self.release_slots();
    }

    /// Freed slots may be reused once no remembered touching pair can name them.
    fn release_slots(&mut self) {
        if self.touching.partners.is_empty() {
            self.free.append(&mut self.freed);
        }
    }

    /// Brings the broad phase up to date and returns the pairs of colliders whose world boxes
    /// overlap and whose filters allow them to collide (the candidates of the narrow phase), in a
    /// deterministic order, `a`'s slot index below `b`'s.
    pub fn aabb_pairs(&mut self) -> impl ExactSizeIterator<Item = (ColliderHandle, ColliderHandle)> + '_ {
        self.update();
        let meta = &self.broad.proxies.meta;
        self.broad.pairs.iter().map(move |&(a, b)| {
            (
                ColliderHandle { index: a, generation: meta[a as usize].generation },
                ColliderHandle { index: b, generation: meta[b as usize].generation },
            )
        })
    }

    /// Runs the broad and narrow phases and returns what changed since the previous step.
    ///
    /// Its memory and time grow with the pairs of colliders whose bounding boxes overlap: with
    /// every one of n colliders overlapping every other, n·(n−1)/2. Where the colliders come
    /// from outside the program (a level file, a player, a script), [`try_step`](Self::try_step)
    /// bounds them.
    pub fn step(&mut self) -> &StepEvents {
        self.broad.update_with(&mut self.results, usize::MAX);
        self.judge()
    }

    /// [`step`](Self::step), unless more than `max_pairs` pairs of colliders have overlapping
    /// bounding boxes (and filters that allow them): then [`WorldError::TooManyPairs`], found
    /// with work and memory in proportion to `max_pairs` (not to the pairs), and the world is as
    /// if the step had not been asked for: the next step reports its events against the last
    /// step that succeeded.
    ///
    /// ```
    /// use collide2d::{Circle, Transform, Vec2, World, WorldError};
    ///
    /// let mut world = World::<()>::new();
    /// for _ in 0..100 {
    ///     world.insert(Circle::new(Vec2::ZERO, 1.0).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    /// }
    /// // 100 colliders in one place: 4,950 pairs.
    /// assert!(matches!(world.try_step(1000), Err(WorldError::TooManyPairs { limit: 1000 })));
    /// assert_eq!(world.try_step(4950).unwrap().started().len(), 4950);
    /// ```
    pub fn try_step(&mut self, max_pairs: usize) -> Result<&StepEvents, WorldError> {
        if !self.broad.update_with(&mut self.results, max_pairs) {
            return Err(WorldError::TooManyPairs { limit: max_pairs });
        }
        Ok(self.judge())
    }

    /// The narrow phase on the broad phase's pairs, and the events against the last step.
    fn judge(&mut self) -> &StepEvents {
        self.narrow_phase();
        std::mem::swap(&mut self.colliding, &mut self.was_colliding);
        self.colliding.fill(false);
        let ev = &mut self.events;
        ev.started.clear();
        ev.ongoing.clear();
        ev.stopped.clear();
        let meta = &self.broad.proxies.meta;
        let mut now = std::mem::take(&mut self.touch_now);
        now.clear();
        for (&(a, b), &(hit, contact)) in self.broad.pairs.iter().zip(&self.results) {
            if !hit {
                continue;
            }
            self.colliding[a as usize] = true;
            self.colliding[b as usize] = true;
            let (ga, gb) = (meta[a as usize].generation, meta[b as usize].generation);
            let e = ContactEvent {
                a: ColliderHandle { index: a, generation: ga },
                b: ColliderHandle { index: b, generation: gb },
                contact,
            };
            // Slots are reused only after a step, so indices name the same two colliders in
            // consecutive steps.
            match self.touching.find(a, b) {
                Some(k) => {
                    self.touching.seen[k] = true;
                    ev.ongoing.push(e);
                }
                None => ev.started.push(e),
            }
            now.push((a, Partner { b, ga, gb }));
        }
        ev.stopped.extend(self.touching.unseen());
        self.touching.rebuild(&now, self.slots.len());
        self.touch_now = now;
        // The pairs naming removed colliders are settled: their slots may be reused.
        self.free.append(&mut self.freed);
        &self.events
    }

    /// The events of the last step.
    pub fn events(&self) -> &StepEvents {
        &self.events
    }

    fn narrow_phase(&mut self) {
        let shapes = &self.shapes;
        let sensors = &self.sensors;
        let detector = self.detector.as_deref();
        let method = self.contact_method;
        // The first results are still valid: pairs between colliders unchanged since then.
        let fresh = &self.broad.pairs[self.results.len()..];
        let concave = |i: u32| matches!(shapes[i as usize], Shape::Polygon(_) | Shape::TileMap(_));
        let budget = self.contact_budget.shared_by(fresh.iter().filter(|(a, b)| concave(*a) || concave(*b)).count());
        let judge = |&(ia, ib): &(u32, u32)| -> (bool, Option<Contact>) {
            let (a, b) = (&shapes[ia as usize], &shapes[ib as usize]);
            let sensor = sensors[ia as usize] || sensors[ib as usize];
            match (detector, sensor) {
                (None, true) => (intersects(a, b), None),
                (None, false) => {
                    let k = method.contact_within(a, b, budget);
                    (k.is_some(), k)
                }
                (Some(d), true) => (d.detect(a.shape_ref(), b.shape_ref()), None),
                (Some(d), false) => {
                    if d.detect(a.shape_ref(), b.shape_ref()) {
                        (true, method.contact_within(a, b, budget))
                    } else {
                        (false, None)
                    }
                }
            }
        };
        #[cfg(feature = "parallel")]
        if fresh.len() >= self.parallel_threshold {
            // In stretches shared with the pool, about 16 per thread, joined in order (a
            // panicking detector leaves the results as they were).
            let per = stretch_len(fresh.len());
            crate::share::share_in_order(fresh.len().div_ceil(per), &mut self.parts, &mut self.results, |c, out| {
                out.extend(fresh[c * per..fresh.len().min((c + 1) * per)].iter().map(judge));
            });
            return;
        }
        self.results.extend(fresh.iter().map(judge));
    }
}

/// The length of the stretches `n` pairs are judged in on the pool, about 16 a thread. Its
/// own function so that the mutation exclusions name it alone: the results are joined in
/// order, the same pairs with the same answers for stretches of any size (`16 + threads`,
/// `16 / threads`, or 1).
#[cfg(feature = "parallel")]
#[inline]
fn stretch_len(n: usize) -> usize {
    n.div_ceil(16 * crate::share::participants()).max(1)
}
