//! Guarantees: what "exact" means, the time bound every call keeps, the same bits everywhere,
//! and what a bad input gets. The guide's page (docs/guide/pages/guarantees.md) shows this
//! file's marked sections; every claim the page makes is asserted here.

use std::f32::consts::TAU;

use collide2d::math::sin_cos;
use collide2d::prelude::*;
use collide2d::{contact_with_budget, contact_work, ContactBudget, Polygon, World};

/// A star of `n` points, alternately 100 and 50 from the origin (made with the library's own
/// sines and cosines, so that its vertices are the same bits on every target).
fn star(n: usize) -> Result<Polygon, ShapeError> {
    let points: Vec<Vec2> = (0..n)
        .map(|k| {
            let (s, c) = sin_cos(k as f32 * TAU / n as f32);
            Vec2::new(c, s) * if k % 2 == 0 { 100.0 } else { 50.0 }
        })
        .collect();
    Polygon::new(&points)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    exactness()?;
    bounded_time()?;
    determinism()?;
    bad_input();
    Ok(())
}

fn exactness() -> Result<(), ShapeError> {
    let v = Vec2::new;
    // --8<-- [start:exact-touch]
    // Two crates side by side: touching counts, and one step of f32 apart does not.
    let left = Aabb::new(v(0.0, 0.0), v(1.0, 1.0))?;
    let touching = Aabb::new(v(1.0, 0.0), v(2.0, 1.0))?;
    let next_after_1 = f32::from_bits(1.0f32.to_bits() + 1); // 1.0000001
    let apart = Aabb::new(v(next_after_1, 0.0), v(2.0, 1.0))?;
    assert!(intersects(&left, &touching) && contact(&left, &touching).is_some_and(|c| c.depth == 0.0));
    assert!(!intersects(&left, &apart) && contact(&left, &apart).is_none() && distance(&left, &apart) > 0.0);

    // A laser 16 million units long, and two points by it. One is exactly on it; the other is
    // one unit off, where f32's cross product rounds to zero and would call it on the line.
    let laser = Segment::new(v(0.0, 0.0), v(16_777_216.0, 16_777_215.0))?;
    let on = v(8_388_608.0, 8_388_607.5);
    let off = v(16_777_215.0, 16_777_214.0);
    let f32_cross = laser.b().x * off.y - laser.b().y * off.x;
    assert_eq!(f32_cross, 0.0); // rounded: the naive test is wrong here
    assert!(intersects(&laser, &on) && !intersects(&laser, &off));
    println!("point on the laser: {}, point one unit off: {}", intersects(&laser, &on), intersects(&laser, &off));
    // --8<-- [end:exact-touch]

    // --8<-- [start:exact-push]
    // A comb: a bar 3 thick with three teeth pointing up. A crate dropped between two teeth
    // and into the bar overlaps the bar and both teeth at once; the exact push is the whole comb's.
    let comb = Polygon::new(&[
        v(0.0, 0.0),
        v(7.0, 0.0),
        v(7.0, 4.5),
        v(6.0, 4.5),
        v(6.0, 3.0),
        v(4.0, 3.0),
        v(4.0, 4.5),
        v(3.0, 4.5),
        v(3.0, 3.0),
        v(1.0, 3.0),
        v(1.0, 4.5),
        v(0.0, 4.5),
    ])?;
    let dropped = Aabb::new(v(0.9, 2.6), v(3.2, 4.0))?;
    let c = contact(&comb, &dropped).expect("they overlap");
    // Wider than the gap (2.3 in a gap of 2), it cannot fit between the teeth: the shortest
    // way out is up, over them, by 4.5 − 2.6 (left, out of the comb, would be 3.2).
    assert!(c.is_exact() && (c.depth - 1.9).abs() < 1e-5 && c.normal.abs_diff_eq(Vec2::Y, 1e-6));
    let out = dropped.transformed(&Transform::from_translation(c.push_out_b()))?;
    assert!(contact(&comb, &out).is_none_or(|t| t.depth < 1e-5));
    // The deepest overlap of any one convex piece pair is shorter, and leaves it stuck.
    let piece = collide2d::contact_deepest_piece_pair(&comb, &dropped).expect("they overlap");
    let still = dropped.transformed(&Transform::from_translation(piece.push_out_b()))?;
    assert!((piece.depth - 0.4).abs() < 1e-5 && contact(&comb, &still).is_some_and(|t| t.depth > 0.05));
    println!("exact push-out {:.2} up; one piece's push {:.2} leaves it stuck", c.depth, piece.depth);
    // --8<-- [end:exact-push]
    Ok(())
}

fn bounded_time() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:budget]
    // The hardest case there is: a 2,000-point star spawned on top of its copy. Its exact
    // push-out would visit millions of vertex pairs; every call stops within its budget.
    let big = star(2000)?;
    assert_eq!(contact_work(&big, &big), 2000 * 2000);
    let c = contact(&big, &big).expect("they overlap");
    assert!(!c.is_exact()); // flagged: a push that separates, not proven the shortest
    let pushed = big.transformed(&Transform::from_translation(c.push_out_b() * 1.001))?;
    assert!(!intersects(&big, &pushed)); // ... but it does separate them
    assert!(c.depth <= 200.0 * 1.00001); // and is no longer than the hulls' push
    println!("2,000-point stars: a push of {:.1} that separates, exact: {}", c.depth, c.is_exact());

    // A smaller pair fits the default budget: the same bits as with no bound at all.
    let small = star(40)?;
    let moved = small.transformed(&Transform::from_translation(Vec2::new(30.0, 10.0)))?;
    let bounded = contact(&small, &moved).expect("they overlap");
    let unbounded = contact_with_budget(&small, &moved, ContactBudget::UNBOUNDED).expect("they overlap");
    assert!(bounded.is_exact() && bounded == unbounded);

    // A world's step shares one budget among its concave pairs, and flags the same way.
    let mut world = World::new();
    world.insert(big.clone().into(), Transform::IDENTITY, "star")?;
    world.insert(big.into(), Transform::IDENTITY, "its copy")?;
    let flagged = world.step().started()[0].contact.expect("a contact");
    assert!(!flagged.is_exact());
    // --8<-- [end:budget]
    Ok(())
}

fn determinism() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:same-bits]
    // Every answer of a scene, as bits: contacts, distances, a ray, and a world's events.
    fn answers(parallel: bool) -> Result<Vec<u32>, Box<dyn std::error::Error>> {
        let mut bits = Vec::new();
        let mut world = World::new();
        // Every pair of 400 shapes in a ring measured by the world on many threads, or on one.
        world.set_parallel_threshold(if parallel { 0 } else { usize::MAX });
        for k in 0..400 {
            let (s, c) = collide2d::math::sin_cos(k as f32 * 0.05);
            let at = Vec2::new(c, s) * (10.0 + k as f32 * 0.01);
            let shape: Shape = match k % 3 {
                0 => Circle::new(at, 0.4)?.into(),
                1 => Obb::new(at, Vec2::new(0.5, 0.2), k as f32)?.into(),
                _ => ConvexPolygon::regular(5, at, 0.45, k as f32)?.into(),
            };
            world.insert(shape, Transform::IDENTITY, k)?;
        }
        for e in world.step().started() {
            let c = e.contact.expect("a contact");
            bits.extend([e.a.index(), e.b.index(), c.normal.x.to_bits(), c.normal.y.to_bits(), c.depth.to_bits()]);
        }
        let ray = Ray::new(Vec2::ZERO, Vec2::new(1.0, 0.3))?;
        let (_, hit) = world.cast_ray(&ray, 100.0).expect("the ring is hit");
        bits.extend([hit.distance.to_bits(), hit.normal.x.to_bits(), hit.normal.y.to_bits()]);
        Ok(bits)
    }
    // The same scene in two threads of its own, one measuring in parallel, one alone.
    let threads =
        [true, false].map(|parallel| std::thread::spawn(move || answers(parallel).map_err(|e| e.to_string())));
    let [a, b] = threads.map(|t| t.join().expect("no panic"));
    let (a, b) = (a?, b?);
    assert!(a.len() > 100);
    assert_eq!(a, b); // bit for bit
    println!("two threads, {} numbers each: the same bits", a.len());
    // --8<-- [end:same-bits]
    Ok(())
}

fn bad_input() {
    let v = Vec2::new;
    // --8<-- [start:refused]
    // A NaN from a division by zero upstream: refused where the shape is made, naming it.
    let e = Circle::new(v(f32::NAN, 0.0), 1.0).unwrap_err();
    assert_eq!(e.to_string(), "Circle: center.x is not finite (NaN)");
    println!("refused: {e}");

    // An outline that crosses itself (a bow tie) names the edges that cross.
    let e = Polygon::new(&[v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)]).unwrap_err();
    println!("refused: {e}");
    assert!(e.to_string().contains("crosses"));

    // A circle squashed by an uneven scale would no longer be a circle: an error, not a guess.
    let ball = Circle::new(Vec2::ZERO, 1.0).expect("a valid circle");
    assert!(ball.transformed(&Transform::from_scale(v(2.0, 1.0))).is_err());

    // Queries never panic: a point with a NaN coordinate (which no constructor makes) simply
    // touches nothing.
    assert!(!intersects(&ball, &v(f32::NAN, 0.0)) && contact(&ball, &v(0.0, f32::NAN)).is_none());
    // --8<-- [end:refused]
}
