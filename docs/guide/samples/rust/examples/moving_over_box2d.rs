//! Moving over from Box2D v3's collision routines: the same tasks through Box2D's C API (the
//! `boxdd-sys` crate, which compiles Box2D 3's own C sources) and in collide2d, each pair
//! asserted to agree, or to differ as the page says. The guide's page
//! (docs/guide/pages/moving-over/box2d.md) shows this file's marked sections side by side.

use boxdd_sys::ffi as b2;
use collide2d::prelude::*;

/// Box2D's vector from ours and back (the same two `f32`s).
fn b2v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}
fn ours(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// Box2D's contact of two boxes given in the world frame (half extents, centre): its manifold,
/// made as a world's contact update makes it (B's pose in A's frame, here no turn and no move).
fn box2d_boxes(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> b2::b2LocalManifold {
    const NO_TURN: b2::b2Rot = b2::b2Rot { c: 1.0, s: 0.0 };
    // SAFETY: plain value functions of Box2D's C API; the polygons live for the call.
    unsafe {
        let pa = b2::b2MakeOffsetBox(a.0.x, a.0.y, b2v(a.1), NO_TURN);
        let pb = b2::b2MakeOffsetBox(b.0.x, b.0.y, b2v(b.1), NO_TURN);
        b2::b2CollidePolygons(&pa, &pb, b2::b2Transform { p: b2v(Vec2::ZERO), q: NO_TURN })
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let v = Vec2::new;

    // A crate sunk 0.1 into the ground, y up.
    // --8<-- [start:theirs-contact]
    // b2CollidePolygons: a manifold whose normal points from A to B, and one or two points
    // whose `separation` is negative where they overlap.
    let ground = (v(5.0, 0.5), v(5.0, 0.5)); // half extents, centre
    let crate_ = (v(0.5, 0.5), v(3.0, 1.4));
    let m = box2d_boxes(ground, crate_);
    let their_normal = ours(m.normal);
    let their_depths: Vec<f32> = m.points[..m.pointCount as usize].iter().map(|p| -p.separation).collect();
    // --8<-- [end:theirs-contact]
    // --8<-- [start:ours-contact]
    // contact: the normal from the first shape to the second, the depth of the shortest push,
    // and one or two points, each with its own depth.
    let ground = Aabb::from_center_half_extents(v(5.0, 0.5), v(5.0, 0.5))?;
    let crate_ = Aabb::from_center_half_extents(v(3.0, 1.4), v(0.5, 0.5))?;
    let c = contact(&ground, &crate_).expect("they overlap");
    let our_normal = c.normal;
    let our_depths: Vec<f32> = c.points().iter().map(|p| p.depth).collect();
    // --8<-- [end:ours-contact]
    assert!(their_normal.abs_diff_eq(our_normal, 1e-6) && their_depths.len() == 2 && our_depths.len() == 2);
    assert!(their_depths.iter().chain(&our_depths).all(|d| (d - 0.1).abs() < 1e-5));
    println!("contact: Box2D {their_normal} {their_depths:.3?}, collide2d {our_normal} {our_depths:.3?}");

    // Where they differ: a crate hovering 0.01 above the ground.
    // --8<-- [start:speculative]
    // Box2D's manifold keeps points a little apart (speculative contacts, for its solver):
    // here two points with a positive separation. collide2d's contact is only for shapes that
    // touch; the gap is the distance.
    let m = box2d_boxes((v(5.0, 0.5), v(5.0, 0.5)), (v(0.5, 0.5), v(3.0, 1.51)));
    assert!(m.pointCount == 2 && (m.points[0].separation - 0.01).abs() < 1e-5);
    let hovering = Aabb::from_center_half_extents(v(3.0, 1.51), v(0.5, 0.5))?;
    assert!(contact(&ground, &hovering).is_none() && (distance(&ground, &hovering) - 0.01).abs() < 1e-5);
    // --8<-- [end:speculative]
    println!("hovering 0.01 apart: Box2D {} speculative points, collide2d no contact", m.pointCount);

    // A ray from the left along +x, against a crate turned by 0.3 radians.
    // --8<-- [start:theirs-ray]
    // A rotation is a cosine and a sine. `translation` is the whole ray, and the hit's
    // `fraction` a part of it.
    let (sin, cos) = collide2d::math::sin_cos(0.3);
    let rot = b2::b2Rot { c: cos, s: sin };
    // SAFETY: plain value functions of Box2D's C API.
    let hit = unsafe {
        let crate_ = b2::b2MakeOffsetBox(0.5, 0.5, b2v(v(4.0, 2.0)), rot);
        let input = b2::b2RayCastInput { origin: b2v(v(0.0, 2.0)), translation: b2v(v(100.0, 0.0)), maxFraction: 1.0 };
        b2::b2RayCastPolygon(&crate_, &input)
    };
    assert!(hit.hit);
    let (their_distance, their_normal) = (hit.fraction * 100.0, ours(hit.normal));
    // --8<-- [end:theirs-ray]
    // --8<-- [start:ours-ray]
    let crate_ = Obb::new(v(4.0, 2.0), v(0.5, 0.5), 0.3)?;
    let hit = cast_ray(&crate_, &Ray::new(v(0.0, 2.0), v(1.0, 0.0))?, 100.0).expect("a hit");
    let (our_distance, our_normal) = (hit.distance, hit.normal);
    // --8<-- [end:ours-ray]
    assert!((their_distance - our_distance).abs() < 1e-4 && their_normal.abs_diff_eq(our_normal, 1e-5));
    println!("ray: Box2D {their_distance:.4}, collide2d {our_distance:.4}");
    // Box2D's own cosine and sine of an angle (b2ComputeCosSin, behind b2MakeRot) are an
    // approximation: for 0.3 radians, the box turns about a thousandth of a radian less.
    // SAFETY: a plain value function.
    let approx = unsafe { b2::b2ComputeCosSin(0.3) };
    let off = approx.sine.atan2(approx.cosine) - 0.3;
    assert!(off.abs() > 5e-4 && off.abs() < 2e-3);

    // --8<-- [start:sides]
    // Box2D's polygons hold at most 8 vertices: the hull of a 12-gon's corners comes back
    // empty. collide2d's convex polygons take up to 4,096, and concave ones any number.
    let corners: Vec<Vec2> = ConvexPolygon::regular(12, Vec2::ZERO, 1.0, 0.0)?.vertices().to_vec();
    let b2_corners: Vec<b2::b2Vec2> = corners.iter().copied().map(b2v).collect();
    // SAFETY: `b2_corners` holds the count of points given.
    let hull = unsafe { b2::b2ComputeHull(b2_corners.as_ptr(), b2_corners.len() as i32) };
    assert_eq!(hull.count, 0);
    assert_eq!(ConvexPolygon::new(&corners)?.vertices().len(), 12);
    assert_eq!(ConvexPolygon::MAX_SIDES, 4096);
    // --8<-- [end:sides]
    Ok(())
}
