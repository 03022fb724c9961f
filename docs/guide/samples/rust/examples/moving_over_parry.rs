//! Moving over from parry2d: the same tasks in parry2d 0.31 and in collide2d, each pair
//! asserted to agree, or, for a concave shape, asserted to differ as the page says. The guide's
//! page (docs/guide/pages/moving-over/parry2d.md) shows this file's marked sections side by side.

use collide2d::prelude::*;
use collide2d::Polygon;
use parry2d::math::Pose;
use parry2d::query::{self as pq, RayCast, ShapeCastOptions};
use parry2d::shape::{Ball, Compound, Cuboid, SharedShape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let v = Vec2::new;

    // A ball resting 0.1 deep in a floor, y up.
    // --8<-- [start:theirs-contact]
    // Shapes live in their own frame; a Pose places them. The contact's `dist` is negative
    // when they overlap, and `normal1` points out of the first shape.
    let floor_at = Pose::from_translation(v(5.0, 0.5));
    let floor = Cuboid::new(v(5.0, 0.5)); // half extents
    let ball_at = Pose::from_translation(v(3.0, 1.4));
    let ball = Ball::new(0.5);
    let theirs = pq::contact(&floor_at, &floor, &ball_at, &ball, 0.0)?.expect("they overlap");
    let (their_normal, their_depth) = (theirs.normal1, -theirs.dist);
    // --8<-- [end:theirs-contact]
    // --8<-- [start:ours-contact]
    // Shapes are made where they are (a Transform moves them when needed). `depth` is positive
    // when they overlap, and `normal` points from the first shape towards the second.
    let floor = Aabb::from_xywh(0.0, 0.0, 10.0, 1.0)?;
    let ball = Circle::new(v(3.0, 1.4), 0.5)?;
    let ours = contact(&floor, &ball).expect("they overlap");
    let (our_normal, our_depth) = (ours.normal, ours.depth);
    // --8<-- [end:ours-contact]
    assert!(their_normal.abs_diff_eq(our_normal, 1e-6) && (their_depth - our_depth).abs() < 1e-6);
    println!("contact: parry2d {their_normal} {their_depth:.3}, collide2d {our_normal} {our_depth:.3}");

    // A ray from the left along +x, against a crate turned by 0.3 radians.
    // --8<-- [start:theirs-ray]
    let crate_at = Pose::new(v(4.0, 2.0), 0.3);
    let crate_ = Cuboid::new(v(0.5, 0.5));
    let ray = pq::Ray::new(v(0.0, 2.0), v(1.0, 0.0));
    let theirs = crate_.cast_ray_and_get_normal(&crate_at, &ray, 100.0, true).expect("a hit");
    let (their_distance, their_normal) = (theirs.time_of_impact, theirs.normal);
    // --8<-- [end:theirs-ray]
    // --8<-- [start:ours-ray]
    let crate_ = Obb::new(v(4.0, 2.0), v(0.5, 0.5), 0.3)?;
    let ray = Ray::new(v(0.0, 2.0), v(1.0, 0.0))?;
    let ours = cast_ray(&crate_, &ray, 100.0).expect("a hit");
    let (our_distance, our_normal) = (ours.distance, ours.normal);
    // --8<-- [end:ours-ray]
    assert!((their_distance - our_distance).abs() < 1e-5 && their_normal.abs_diff_eq(our_normal, 1e-5));
    println!("ray: parry2d {their_distance:.4}, collide2d {our_distance:.4}");

    // A bullet (a small ball) flying at a wall: when does it first touch?
    // --8<-- [start:theirs-cast]
    let bullet_at = Pose::from_translation(v(0.0, 0.0));
    let wall_at = Pose::from_translation(v(10.0, 0.0));
    let (bullet, wall) = (Ball::new(0.1), Cuboid::new(v(0.5, 3.0)));
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    let theirs = pq::cast_shapes(&bullet_at, v(40.0, 0.0), &bullet, &wall_at, v(0.0, 0.0), &wall, options)?;
    let their_time = theirs.expect("it hits").time_of_impact;
    // --8<-- [end:theirs-cast]
    // --8<-- [start:ours-cast]
    let bullet = Circle::new(v(0.0, 0.0), 0.1)?;
    let wall = Obb::new(v(10.0, 0.0), v(0.5, 3.0), 0.0)?;
    let ours = cast_shape(&bullet, v(40.0, 0.0), &wall, v(0.0, 0.0), 1.0);
    let our_time = ours.expect("it hits").time;
    // --8<-- [end:ours-cast]
    assert!((their_time - 0.235).abs() < 1e-4 && (our_time - 0.235).abs() < 1e-6);
    println!("cast: parry2d {their_time:.4}, collide2d {our_time:.4}");

    // A cup (a U: a floor and two walls) and a crate that fell in crooked, into the floor and the
    // left wall at once. y up.
    // --8<-- [start:theirs-concave]
    // A concave shape is a Compound of convex parts, here three boxes placed by hand.
    let part = |x: f32, y: f32, hx: f32, hy: f32| (Pose::from_translation(v(x, y)), SharedShape::cuboid(hx, hy));
    let cup = Compound::new(vec![part(4.0, 1.0, 4.0, 1.0), part(1.0, 3.5, 1.0, 1.5), part(7.0, 3.5, 1.0, 1.5)]);
    let crate_at = Pose::from_translation(v(2.7, 2.5));
    let theirs = pq::contact(&Pose::IDENTITY, &cup, &crate_at, &Cuboid::new(v(1.0, 1.0)), 0.0)?.expect("overlap");
    // The deepest part's push: out of the floor.
    let their_push = theirs.normal1 * -theirs.dist;
    // --8<-- [end:theirs-concave]
    // --8<-- [start:ours-concave]
    // A concave shape is one Polygon, made from its outline.
    let cup = Polygon::new(&[
        v(0.0, 0.0),
        v(8.0, 0.0),
        v(8.0, 5.0),
        v(6.0, 5.0),
        v(6.0, 2.0),
        v(2.0, 2.0),
        v(2.0, 5.0),
        v(0.0, 5.0),
    ])?;
    let crate_ = Aabb::new(v(1.7, 1.5), v(3.7, 3.5))?;
    let ours = contact(&cup, &crate_).expect("overlap");
    // The whole cup's shortest push: up and right, into the slot.
    let our_push = ours.push_out_b();
    // --8<-- [end:ours-concave]
    // parry2d pushes the crate 0.5 up, out of the floor, and into the wall it still overlaps;
    // collide2d pushes it by (0.3, 0.5), out of both, the shortest move that frees it.
    let after = |push: Vec2| crate_.transformed(&Transform::from_translation(push));
    assert!(their_push.abs_diff_eq(v(0.0, 0.5), 1e-5));
    assert!(contact(&cup, &after(their_push)?).is_some_and(|c| (c.depth - 0.3).abs() < 1e-5));
    assert!(our_push.abs_diff_eq(v(0.3, 0.5), 1e-5) && ours.is_exact());
    assert!(contact(&cup, &after(our_push)?).is_none_or(|c| c.depth < 1e-5));
    println!("concave: parry2d pushes by {their_push:.2} and the crate still overlaps the wall by 0.30;");
    println!("         collide2d pushes by {our_push:.2} (length {:.3}): free, touching", ours.depth);
    Ok(())
}
