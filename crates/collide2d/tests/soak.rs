//! The long soak: 10⁶ random pairs for every family of kinds (28 unordered pairs), each checked
//! against the independent oracles in `common`, with the rules of the property tests:
//!
//! - `intersects` (both orders) against the clipping oracle where it decides;
//! - `contains` (both directions) against the point-in-polygon oracle where it decides;
//! - `contact`: exists exactly when `intersects` says so where the oracle decides, and is well
//!   formed (finite depth ≥ 0, unit normal, one or two points, same depth in the other order);
//! - push-out: moving `b` by the push-out vector plus the slack (or `a` by its opposite) leaves
//!   the shapes apart, for the library and for the oracle's inner bracket;
//! - depth: not above the f64 support-function overlap along the contact's own normal (plus the
//!   slack), and 99% of it not above the smallest overlap over 360 directions (the oracle's
//!   bound on the penetration depth of convex shapes);
//! - `distance`: 0 exactly when `intersects`, symmetric, and within 1e-4 (relative) of the
//!   brute-force f64 distance between the cores;
//! - `cast`: `b` thrown at `a` with a random velocity (shapes of these kinds are convex, so the
//!   f64 distance along the path is a convex function of time). A hit at 0 exactly when they
//!   intersect; a later hit touches (distance within the tolerance) and is not late (apart a
//!   little earlier, which by convexity rules out any earlier touch); a miss stays apart (the
//!   smallest distance over the path, by golden-section search, is not below the tolerance);
//! - `ray`: from `a`'s centre at `b`'s, a hit on `b`'s surface with a unit normal facing the ray,
//!   nothing surely inside `b` before it, and a hit whenever `b`'s centre is surely inside it.
//!
//! Ignored by default; run with
//! `cargo test --release -p collide2d --test soak -- --ignored --nocapture`
//! (`SOAK_PAIRS=N` to change the count per family).
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use collide2d::{cast_ray, cast_shape, contact, contains, distance, intersects, Ray, Shape, Vec2};
use common::{
    contact_is_well_formed, distance_agrees, oracle_contains, oracle_depth_bound, oracle_distance, oracle_intersects,
    oracle_overlap_along, push_out_with_slack, shape_of, surely_inside, try_moved, CONTACT_SLACK, KINDS,
    MINIMAL_FRACTION,
};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

/// The queries checked, one disagreement counter each.
const QUERIES: [&str; 8] = ["intersects", "contains", "contact", "push-out", "depth", "distance", "cast", "ray"];
const INTERSECTS: usize = 0;
const CONTAINS: usize = 1;
const CONTACT: usize = 2;
const PUSH_OUT: usize = 3;
const DEPTH: usize = 4;
const DISTANCE: usize = 5;
const CAST: usize = 6;
const RAY: usize = 7;

/// Directions sampled for the oracle's bound on the penetration depth.
const DEPTH_DIRECTIONS: u32 = 360;
/// Disagreements printed per family and query.
const SHOWN: u64 = 3;

#[derive(Default, Debug)]
struct Tally {
    pairs: u64,
    hits: u64,
    decided: u64,
    contacts: u64,
    disagreements: [u64; QUERIES.len()],
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.pairs += other.pairs;
        self.hits += other.hits;
        self.decided += other.decided;
        self.contacts += other.contacts;
        for (mine, theirs) in self.disagreements.iter_mut().zip(other.disagreements) {
            *mine += theirs;
        }
    }
}

/// Every query on one pair: for each of [`QUERIES`], `Some(reason)` when it disagrees.
fn check_pair(a: &Shape, b: &Shape, motion: Vec2, t: &mut Tally) -> [Option<String>; QUERIES.len()] {
    let mut wrong: [Option<String>; QUERIES.len()] = Default::default();
    let hit = intersects(a, b);
    t.hits += hit as u64;
    let expected = oracle_intersects(a, b);
    t.decided += expected.is_some() as u64;
    if hit != intersects(b, a) {
        wrong[INTERSECTS] = Some(format!("intersects(a, b) = {hit} but intersects(b, a) = {}", !hit));
    } else if expected.is_some_and(|e| e != hit) {
        wrong[INTERSECTS] = Some(format!("intersects = {hit}, oracle {expected:?}"));
    }
    for (name, x, y) in [("a ⊇ b", a, b), ("b ⊇ a", b, a)] {
        if let Some(e) = oracle_contains(x, y) {
            if contains(x, y) != e {
                wrong[CONTAINS] = Some(format!("{name}: contains = {}, oracle {e}", !e));
            }
        }
    }

    let c = contact(a, b);
    if expected.is_some() && c.is_some() != hit {
        wrong[CONTACT] = Some(format!("contact {c:?} but intersects = {hit} (oracle {expected:?})"));
    }
    if let Some(c) = c {
        t.contacts += 1;
        if let Err(why) = contact_is_well_formed(a, b, &c) {
            wrong[CONTACT] = Some(format!("{why}; contact {c:?}"));
        }
        let out = push_out_with_slack(&c);
        match (try_moved(b, out), try_moved(a, -out)) {
            (Ok(b_out), Ok(a_out)) => {
                if intersects(a, &b_out) || intersects(&a_out, b) || oracle_intersects(a, &b_out) == Some(true) {
                    wrong[PUSH_OUT] = Some(format!(
                        "moved by {out:?} still hits: library b-moved {}, a-moved {}, oracle {:?}; contact {c:?}",
                        intersects(a, &b_out),
                        intersects(&a_out, b),
                        oracle_intersects(a, &b_out)
                    ));
                }
            }
            (b_out, a_out) => {
                wrong[PUSH_OUT] = Some(format!(
                    "translating by the push-out vector {out:?} failed: b {:?}, a {:?}; contact {c:?}",
                    b_out.err(),
                    a_out.err()
                ));
            }
        }
        let depth = c.depth as f64;
        let along_normal = oracle_overlap_along(a, b, c.normal.as_dvec2().normalize());
        let bound = oracle_depth_bound(a, b, DEPTH_DIRECTIONS);
        let slack = CONTACT_SLACK as f64 * (1.0 + depth);
        if depth > along_normal + slack || MINIMAL_FRACTION as f64 * depth > bound + common::ABS {
            wrong[DEPTH] = Some(format!(
                "depth {depth}, oracle overlap along the normal {along_normal}, smallest over \
                 {DEPTH_DIRECTIONS} directions {bound}; contact {c:?}"
            ));
        }
    }

    let d = distance(a, b);
    let expected_d = oracle_distance(a, b);
    if (d == 0.0) != hit || d != distance(b, a) || !distance_agrees(d, expected_d) {
        wrong[DISTANCE] = Some(format!(
            "distance(a, b) = {d}, distance(b, a) = {}, intersects = {hit}, oracle {expected_d}",
            distance(b, a)
        ));
    }
    wrong[CAST] = check_cast(a, b, motion, hit);
    wrong[RAY] = check_ray(a, b);
    wrong
}

/// A ray from `a`'s centre aimed at `b`'s: a hit lies on `b` with a unit normal facing the ray,
/// no sampled point before it is surely inside `b`, and when `b`'s centre is surely inside `b`
/// the ray hits no later than it.
fn check_ray(a: &Shape, b: &Shape) -> Option<String> {
    let (from, to) = (a.aabb().center(), b.aabb().center());
    let ray = Ray::new(from, to - from).ok()?;
    let hit = cast_ray(b, &ray, 1e3);
    let end = hit.map_or(1e3f32.min((to - from).length()), |h| h.distance);
    if let Some(i) = (0..16).map(|i| end * i as f32 / 16.0).find(|&t| t < end - 1e-3 && surely_inside(b, ray.at(t))) {
        return Some(format!("passes inside at {i} before {hit:?}; ray {ray:?}"));
    }
    match hit {
        Some(h) if (h.normal.length() - 1.0).abs() > 1e-4 || common::distance_to(b, h.point) > 3e-3 => {
            Some(format!("{h:?} off the shape or not unit; ray {ray:?}"))
        }
        Some(h) if h.distance > 0.0 && h.normal.dot(ray.direction()) > 1e-4 => {
            Some(format!("{h:?} faces along the ray {ray:?}"))
        }
        None if surely_inside(b, to) => Some(format!("missed, aimed at its inside; ray {ray:?}")),
        _ => None,
    }
}

/// The cast of `b` moving at `motion` for times in `[0, 1]` against a still `a`: `Some(reason)`
/// when it disagrees (see the module docs).
fn check_cast(a: &Shape, b: &Shape, motion: Vec2, hit_now: bool) -> Option<String> {
    let cast = cast_shape(a, Vec2::ZERO, b, motion, 1.0);
    let apart_at = |t: f64| oracle_distance(a, &common::moved(b, motion * t as f32));
    let speed = motion.length() as f64;
    let tol = 1e-4 * (1.0 + speed + 40.0);
    match cast {
        Some(h) if h.started_overlapping != hit_now || (h.started_overlapping && h.time != 0.0) => {
            Some(format!("{h:?} but intersects = {hit_now}"))
        }
        None if hit_now => Some("no hit, but they intersect at 0".into()),
        Some(h) if h.started_overlapping => None,
        Some(h) => {
            let (at, before) = (apart_at(h.time as f64), apart_at(h.time as f64 - tol / speed));
            (at > tol || (h.time as f64 > tol / speed && before <= 0.0))
                .then(|| format!("{h:?}: {at} apart then, {before} a little before"))
        }
        None if speed == 0.0 => None,
        None => {
            // The smallest distance over [0, 1], by golden-section search on a convex function.
            let (mut lo, mut hi) = (0.0f64, 1.0f64);
            let g = (5f64.sqrt() - 1.0) / 2.0;
            for _ in 0..40 {
                let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
                if apart_at(x1) <= apart_at(x2) {
                    hi = x2;
                } else {
                    lo = x1;
                }
            }
            let closest = apart_at((lo + hi) / 2.0).min(apart_at(1.0));
            (closest < -tol || closest == 0.0 && apart_at((lo + hi) / 2.0 + tol / speed) == 0.0)
                .then(|| format!("no hit, but they come within {closest} near t = {lo}"))
        }
    }
}

fn soak_family(ka: &'static str, kb: &'static str, pairs: u64, seed: u8) -> Tally {
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]);
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let motion = (-60.0f32..60.0, -60.0f32..60.0).prop_map(|(x, y)| Vec2::new(x, y));
    let strategy = (shape_of(ka), shape_of(kb), motion);
    let mut t = Tally::default();
    while t.pairs < pairs {
        let Ok(tree) = strategy.new_tree(&mut runner) else { continue };
        let (a, b, motion) = tree.current();
        t.pairs += 1;
        for (q, why) in check_pair(&a, &b, motion, &mut t).into_iter().enumerate() {
            let Some(why) = why else { continue };
            t.disagreements[q] += 1;
            if t.disagreements[q] <= SHOWN {
                eprintln!(
                    "DISAGREEMENT {} {ka} vs {kb}: {why}\n  a = {a:?}\n  b = {b:?}\n  motion = {motion}",
                    QUERIES[q]
                );
            }
        }
    }
    t
}

fn print_row(family: &str, t: &Tally) {
    let counts: String = t.disagreements.iter().map(|n| format!(" {n:>10}")).collect();
    println!("{family:<20} {:>9} {:>9} {:>9} {:>9}{counts}", t.pairs, t.hits, t.decided, t.contacts);
}

#[test]
#[ignore = "long soak: 10^6 pairs per family; run in release with --ignored"]
fn a_million_random_pairs_per_family_agree_with_the_oracle() {
    let pairs: u64 = std::env::var("SOAK_PAIRS").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let families: Vec<(&str, &str)> =
        KINDS.iter().enumerate().flat_map(|(i, a)| KINDS[i..].iter().map(move |b| (*a, *b))).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // One queue for all threads, the last families (the polygon ones, slowest by far) first, so
    // that no thread is left alone with them at the end. Each family's seed is its place in the
    // list, whatever the number of threads.
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let taken = next.fetch_add(1, Relaxed);
                        let Some(i) = families.len().checked_sub(taken + 1) else { break done };
                        let (a, b) = families[i];
                        let started = Instant::now();
                        let tally = soak_family(a, b, pairs, i as u8 + 1);
                        // Each family as it ends, so that a run cut short still tells.
                        print_row(&format!("{a} vs {b} ({:.0} s)", started.elapsed().as_secs_f64()), &tally);
                        done.push((i, tally));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("soak thread panicked")).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    println!("disagreements per query; decided = the intersects oracle decided; contacts = contact(a, b) is Some");
    let header: String = QUERIES.iter().map(|q| format!(" {q:>10}")).collect();
    println!("{:<20} {:>9} {:>9} {:>9} {:>9}{header}", "family", "pairs", "hits", "decided", "contacts");
    let mut total = Tally::default();
    for (i, t) in &results {
        let (a, b) = families[*i];
        print_row(&format!("{a} vs {b}"), t);
        total.add(t);
    }
    print_row("total", &total);
    assert_eq!(total.disagreements, [0; QUERIES.len()], "disagreements per query: {QUERIES:?}");
}
