//! Inputs the fuzz targets (`fuzz/` at the workspace root) found breaking a documented promise,
//! kept as plain tests so that `cargo test` guards them without the fuzzer.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use collide2d::{Aabb, Polygon, Shape, Transform, Vec2};

/// Twice the signed area of a ring, exactly enough for these rings (each term is a product of
/// two `f32`s, exact in `f64`, and the terms here do not cancel).
fn twice_area(ring: &[Vec2]) -> f64 {
    let n = ring.len();
    (0..n).map(|i| ring[i].x as f64 * ring[(i + 1) % n].y as f64 - ring[(i + 1) % n].x as f64 * ring[i].y as f64).sum()
}

/// "Any winding is accepted and normalised (outline counter-clockwise)". A thin outline 1e18
/// across with small coordinates was wound by the sign of its area summed relative to its first
/// vertex, which rounding got wrong (the differences to 1e18 lose the small coordinates in
/// `f64`): the outline came out clockwise, and its convex pieces covered 5e35 square units
/// where the polygon has 4.3e19.
#[test]
fn a_thin_outline_far_out_is_wound_counter_clockwise() {
    let v = Vec2::new;
    let ring = [v(35.0, -1e18), v(49.0, 37.0), v(-1e18, 49.0), v(0.0, 0.0)];
    assert!(twice_area(&ring) > 0.0, "the input is counter-clockwise");
    for input in [ring.to_vec(), ring.iter().rev().copied().collect()] {
        let p = Polygon::new(&input).expect("a simple outline");
        assert!(twice_area(p.outline()) > 0.0, "wound clockwise: {:?}", p.outline());
        let pieces: f64 = p.convex_parts().iter().map(|c| c.area() as f64).sum();
        assert!(pieces < 1e21, "the convex pieces cover {pieces}, the polygon about 4.3e19");
    }
}

/// "Errors when … the result cannot be represented": a zero-size box became a point, moved
/// without the check a point gets, so a transform overflowing it gave a point at infinity.
#[test]
fn a_zero_size_box_moved_past_the_range_is_refused() {
    let dot = Aabb::new(Vec2::splat(-8e4), Vec2::splat(-8e4)).expect("zero size is allowed");
    let t = Transform::from_parts(Vec2::ZERO, 0.5, Vec2::new(-1e38, -61.0), Vec2::ZERO);
    match Shape::Aabb(dot).transformed(&t) {
        Ok(s) => panic!("moved to {s:?}"),
        Err(e) => assert!(e.to_string().contains("Point"), "{e}"),
    }
    // In range it is still a point, where the transform puts it.
    let t = Transform::from_parts(Vec2::ZERO, 0.5, Vec2::new(2.0, 3.0), Vec2::ZERO);
    let moved = Shape::Aabb(dot).transformed(&t).expect("in range");
    assert_eq!(moved, Shape::Point(t.transform_point(dot.min())));
}

/// "Symmetric (`intersects(a, b) == intersects(b, a)`)" whatever the numbers: a box 1e38 tall
/// over a small one whose centre it holds answered true one way and false the other, until the
/// pair was always worked in the larger box's frame.
#[test]
fn intersects_is_symmetric_far_out() {
    use collide2d::{intersects, Obb};
    let tall = Obb::new(Vec2::new(0.0, 1e30), Vec2::new(18.25, 1e38), 0.0).expect("finite");
    let small = Obb::new(Vec2::new(0.0, -1.0), Vec2::new(1.0, 90.0), -1e38).expect("finite");
    assert!(intersects(&tall, &small));
    assert!(intersects(&small, &tall));
}

/// A sliver 1.8e38 long and 16 wide with a "hole" 800 across beside it: f32 cannot tell whether
/// the hole is inside (the contract's resolution), but the polygon's bounds must hold every
/// vertex it keeps, or the edge tree and point tests would cull wrongly (found by the `polygon`
/// fuzz target).
#[test]
fn a_polygons_bounds_hold_every_vertex_of_its_holes() {
    use collide2d::Polygon;
    let outline = [Vec2::new(1e-38, 41.0), Vec2::new(16.0, -3.702_330_3e27), Vec2::new(0.0, -1.807_750_7e38)];
    let hole = vec![Vec2::new(-1.0, 1e-7), Vec2::new(-136.75, -768.125), Vec2::new(0.0, 0.0)];
    if let Ok(p) = Polygon::with_holes(&outline, &[hole]) {
        let b = p.aabb();
        for v in p.outline().iter().chain(p.holes().iter().flatten()) {
            assert!(b.min().cmple(*v).all() && v.cmple(b.max()).all(), "{v:?} outside {b:?}");
        }
    }
}

/// Found by the `world` target (`fuzz/known/world-far-ray`): a ray starting 1e18 out, nearly
/// along x. The shapes' own casts hit at 1e18, so the world must too, although a point on the
/// ray there is only known to within 2³⁷ (the rounding step of 1e18 in f32).
#[test]
fn a_world_ray_from_far_out_finds_what_the_shapes_own_casts_find() {
    use collide2d::{cast_ray, Circle, Ray, Transform, World};
    let ray = Ray::new(Vec2::new(-1e18, -640.0), Vec2::new(1.0, 9.6e-19)).unwrap();
    for (centre, radius) in [(Vec2::new(0.0, -639.0), 10.0), (Vec2::new(50.0, -600.0), 45.0), (Vec2::ZERO, 700.0)] {
        let mut world: World<()> = World::new();
        let circle = Shape::Circle(Circle::new(centre, radius).unwrap());
        // Neighbours, so that the broad phase has a grid to march.
        for k in 0..20 {
            world
                .insert(
                    Shape::Circle(Circle::new(Vec2::new(k as f32 * 30.0, 200.0), 5.0).unwrap()),
                    Transform::IDENTITY,
                    (),
                )
                .unwrap();
        }
        world.insert(circle.clone(), Transform::IDENTITY, ()).unwrap();
        world.step();
        let own = cast_ray(&circle, &ray, 1e30).map(|h| h.distance);
        assert!(own.is_some(), "the circle's own cast hits");
        let found = world.cast_ray(&ray, 1e30).map(|(_, h)| h.distance);
        assert_eq!(found, own, "the world's first hit on a circle at {centre} of radius {radius}");
    }
}

/// Found by the `world` target with the case above: the hexagon's own cast, from 1e18 out,
/// reported a hit at 1e18 on a polygon the ray passes 590 below, because measuring the origin
/// against a face rounded the ray's height away. Each kind that rotates or measures against
/// faces, at the same place, on both sides of the ray.
#[test]
fn a_ray_from_far_out_misses_what_it_passes_by_and_hits_what_it_crosses() {
    use collide2d::{cast_ray, Capsule, ConvexPolygon, Obb, Ray};
    let ray = Ray::new(Vec2::new(-1e18, -640.0), Vec2::new(1.0, 9.6e-19)).unwrap();
    // The ray's height near x = 0 is -639.04.
    for (y, hit) in [(0.0, false), (-600.0, false), (-639.04, true), (-680.0, false)] {
        let at = Vec2::new(30.0, y);
        let hexagon = ConvexPolygon::regular(6, at, 30.0, 0.0).unwrap();
        let shapes = [
            Shape::ConvexPolygon(hexagon.clone()),
            Shape::Polygon(Polygon::new(hexagon.vertices()).unwrap()),
            Shape::Obb(Obb::new(at, Vec2::new(30.0, 20.0), 0.3).unwrap()),
            Shape::Capsule(Capsule::new(at - Vec2::new(20.0, 5.0), at + Vec2::new(20.0, 5.0), 10.0).unwrap()),
        ];
        for shape in &shapes {
            let found = cast_ray(shape, &ray, f32::MAX);
            assert_eq!(found.is_some(), hit, "{} at height {y}: {found:?}", shape.kind());
            if let Some(h) = found {
                assert!((h.distance - 1e18).abs() < 1e12, "{} hit at {}", shape.kind(), h.distance);
                assert!((h.normal.length() - 1.0).abs() < 1e-5);
            }
        }
    }
}

/// A convex polygon whose first edge is tiny (1e-4) is measured by that edge, so rays from 0.1
/// away already start near it, by the far path; they must find what the same outline as a
/// `Polygon` (measured by its bounds, so cast directly) finds.
#[test]
fn the_far_path_finds_what_the_direct_cast_finds() {
    use collide2d::{cast_ray, ConvexPolygon, Ray};
    let outline = [Vec2::new(0.0, 0.0), Vec2::new(1e-4, 0.0), Vec2::new(3.0, 1.0), Vec2::new(1.0, 2.5)];
    let convex = Shape::ConvexPolygon(ConvexPolygon::new(&outline).unwrap());
    let concave = Shape::Polygon(Polygon::new(&outline).unwrap());
    let mut hits = 0;
    for i in 0..360 {
        let angle = (i as f32).to_radians();
        let origin = Vec2::new(1.3, 1.0) + Vec2::from_angle(angle) * 40.0;
        // Inside, and outside (some rays miss); never a corner, where touching is a matter of rounding.
        for aim in [Vec2::new(1.3, 1.0), Vec2::new(0.3, 0.2), Vec2::new(2.5, 1.0), Vec2::new(-0.5, 3.0)] {
            let ray = Ray::new(origin, aim - origin).unwrap();
            let (far, direct) = (cast_ray(&convex, &ray, 100.0), cast_ray(&concave, &ray, 100.0));
            assert_eq!(far.is_some(), direct.is_some(), "{ray:?}: {far:?} / {direct:?}");
            if let (Some(f), Some(d)) = (far, direct) {
                hits += 1;
                assert!((f.distance - d.distance).abs() < 1e-4, "{ray:?}: {f:?} / {d:?}");
                // At a corner either face's normal is right.
                if outline.iter().all(|v| v.distance(f.point) > 1e-3) {
                    assert!((f.normal - d.normal).length() < 1e-4, "{ray:?}: {f:?} / {d:?}");
                }
            }
        }
    }
    assert!(hits > 1000, "only {hits} hits");
}

/// The star the `world` target found: five spikes 9 long, 1e-7 wide at the base, around a
/// convex core 2e-7 across.
fn star_with_a_tiny_core() -> [Vec2; 10] {
    [
        (1.1920929e-7, 1e-7),
        (7.281153, 5.290067),
        (3.6837694e-8, 2.1337478e-7),
        (-2.7811532, 8.559508),
        (-9.644235e-8, 1.7006946e-7),
        (-9.0, -6.86805e-7),
        (-9.6442335e-8, 2.9930526e-8),
        (-2.7811499, -8.559509),
        (3.683771e-8, -1.3374766e-8),
        (7.2811527, -5.2900677),
    ]
    .map(|(x, y)| Vec2::new(x, y))
}

/// Found by the `world` target: a star whose convex core is 2e-7 across. A ray passing 48 to
/// its left hit the core, because the core's faces were measured from 48 away in f32.
#[test]
fn a_ray_passing_a_star_misses_its_tiny_core() {
    use collide2d::{cast_ray, Ray};
    let star = star_with_a_tiny_core();
    let polygon = Shape::Polygon(Polygon::new(&star).unwrap());
    let down = Ray::new(Vec2::new(-48.0, 42.5), Vec2::NEG_Y).unwrap();
    assert_eq!(cast_ray(&polygon, &down, 64.0), None);
    // Through the core, it hits (the spikes' tips reach 8.56 up).
    let through = Ray::new(Vec2::new(0.0, 42.5), Vec2::NEG_Y).unwrap();
    let hit = cast_ray(&polygon, &through, 64.0).expect("hits");
    assert!(hit.distance > 42.5 - 1e-3 - 8.6 && hit.distance < 42.5 + 1e-3, "{hit:?}");
}

/// Found by the `world` target with the case above: the same star, a ray going up from left of
/// it. The star's spikes are slivers whose sides cross the ray's line at nearly the same
/// distance 140 beyond a tip, and rounding put the entry before the exit: a hit at 105.
#[test]
fn a_ray_along_a_spikes_extension_misses_it() {
    use collide2d::{cast_ray, Ray};
    let star = star_with_a_tiny_core();
    let polygon = Shape::Polygon(Polygon::new(&star).unwrap());
    let up = Ray::new(Vec2::new(-48.0, 42.5), Vec2::Y).unwrap();
    assert_eq!(cast_ray(&polygon, &up, 2000.0), None);
    // Every spike, from beyond its tip: going further out, or across the tip's extension, the
    // ray misses (the spikes are 1e-7 wide at the base, so a ray aimed down one may miss it by
    // rounding, and is not asked to hit).
    let tips: Vec<Vec2> = star.iter().skip(1).step_by(2).copied().collect();
    assert!(tips.iter().all(|t| t.length() > 8.9), "{tips:?}");
    for tip in tips {
        let out = tip.normalize();
        let outwards = Ray::new(tip + out * 50.0, out).unwrap();
        assert_eq!(cast_ray(&polygon, &outwards, 1e6), None, "{tip}");
        let across = Ray::new(tip + out * 50.0 - out.perp() * 30.0, out.perp()).unwrap();
        assert_eq!(cast_ray(&polygon, &across, 1e6), None, "{tip}");
    }
}

/// "Shapes that touch or overlap at time 0 give a hit at time 0 with started_overlapping set."
/// A capsule whose segment ran from y = 0.0 to y = -0.0 overlapped a large capsule by 5 units,
/// yet the cast found nothing: the walk around the two cores' difference started at the wrong
/// end of that level edge (`total_cmp` puts -0.0 below 0.0), and lost its way.
#[test]
fn a_capsule_ending_at_minus_zero_starts_overlapping_as_one_ending_at_zero() {
    use collide2d::{cast_shape, distance, intersects, Capsule};
    let big = Capsule::new(Vec2::new(0.0, 3469.5), Vec2::new(3469.5, 3469.5), 3469.5).unwrap();
    for end_y in [0.0f32, -0.0] {
        let small = Capsule::new(Vec2::new(3469.5, 0.0), Vec2::new(3886.125, end_y), 5.0).unwrap();
        assert!(intersects(&big, &small));
        for (motion, max_time) in [(Vec2::ZERO, 0.0), (Vec2::new(0.0, -100.0), 1.0), (Vec2::new(50.0, 0.0), 0.5)] {
            let hit = cast_shape(&big, Vec2::ZERO, &small, motion, max_time);
            assert!(hit.is_some_and(|h| h.started_overlapping && h.time == 0.0), "end at {end_y:?}: {hit:?}");
        }
        assert_eq!(distance(&big, &small), 0.0, "end at {end_y:?}");
    }
}

/// Found by the `queries` fuzz target. A 12-point star whose valleys lie 1.2e-5 from its
/// centre, mostly inside a disc of radius 2505.75. Moved into the disc's frame, each top spike's
/// piece rounded onto a segment, and its region (a capsule 5,000 wide once rounded by the
/// radius) was dropped as having no area: `contact` then gave depth 37.38, which left the top
/// spikes inside. The deepest piece pair alone needs 59.64.
#[test]
fn a_star_with_valleys_at_its_centre_is_pushed_out_of_a_large_disc() {
    let (c, inner, outer) = (Vec2::new(-118.375, 34.0), 34.0f32, f32::from_bits(927858766));
    let ring: Vec<Vec2> = (0..24)
        .map(|i| c + Vec2::from_angle(std::f32::consts::PI * i as f32 / 12.0) * if i % 2 == 0 { outer } else { inner })
        .collect();
    let star = Polygon::new(&ring).unwrap();
    let disc = collide2d::Circle::new(Vec2::new(78.0, 2505.75), 2505.75).unwrap();
    let k = collide2d::contact(&disc, &star).expect("overlapping");
    let out = star.transformed(&Transform::from_translation(k.normal * (k.depth + 0.01))).unwrap();
    assert!(!collide2d::intersects(&disc, &out), "pushed out by {k:?}, still overlapping");
    let fast = collide2d::contact_deepest_piece_pair(&disc, &star).unwrap();
    assert!(fast.depth <= k.depth + 1e-3, "deepest piece pair {} deeper than {}", fast.depth, k.depth);
}

/// Found by the `queries` fuzz target (`fuzz/corpus/queries/stop41-star-scaled-beyond-range-vs-point`).
/// A regular 20-gon of radius 1e38, placed by a transform whose scale is the smallest subnormal
/// (-1.4e-45): it lands as a 20-gon about 2e-7 across around the origin. The linear part's
/// cofactor has no normal entries to divide by, so the normal map carried no normal, and the
/// placed piece kept (0, 0) as its normals: `contact_deepest_piece_pair` answered normal (0, 0)
/// for the point at the centre. The normals now come from the placed edges.
#[test]
fn a_polygon_placed_by_a_subnormal_scale_keeps_unit_normals_and_pushes_its_centre_out() {
    let (centre, radius) = (Vec2::new(0.0, 25.0), -1e38f32);
    let ring: Vec<Vec2> =
        (0..20).map(|i| centre + Vec2::from_angle(std::f32::consts::PI * i as f32 / 10.0) * radius).collect();
    let star = Polygon::new(&ring).unwrap();
    let tiny = Transform::from_parts(Vec2::splat(1e-45), 56.0, Vec2::splat(-1e-45), Vec2::new(-1e-45, 0.0));
    let placed = star.transformed(&tiny).unwrap();
    for piece in placed.convex_parts() {
        let (points, normals) = (piece.vertices(), piece.normals());
        for (k, n) in normals.iter().enumerate() {
            assert!((n.length() - 1.0).abs() < 1e-5, "normal {k} is {n}");
            // Each normal faces out of its own edge: perpendicular to it, the polygon on its left.
            let edge = (points[(k + 1) % points.len()] - points[k]).normalize();
            assert!(n.dot(edge).abs() < 1e-3 && n.perp_dot(edge) > 0.999, "normal {k} {n} against edge {edge}");
        }
    }
    // The inradius worked in f64 from the placed vertices: the nearest edge line to the origin.
    let outline = placed.outline();
    let inradius = (0..outline.len())
        .map(|k| {
            let (a, b) = (outline[k].as_dvec2(), outline[(k + 1) % outline.len()].as_dvec2());
            (b - a).perp_dot(-a) / (b - a).length()
        })
        .fold(f64::INFINITY, f64::min);
    assert!(inradius > 1.9e-7 && inradius < 2.0e-7, "inradius {inradius}");
    let centre_point = Shape::Point(Vec2::ZERO);
    let placed = Shape::from(placed);
    for (name, k) in [
        ("deepest piece pair", collide2d::contact_deepest_piece_pair(&placed, &centre_point)),
        ("exact", collide2d::contact(&placed, &centre_point)),
    ] {
        let k = k.unwrap_or_else(|| panic!("{name}: the centre is inside"));
        assert!((k.normal.length() - 1.0).abs() < 1e-5, "{name}: normal {}", k.normal);
        assert!((k.depth as f64 - inradius).abs() < 1e-3 * inradius, "{name}: depth {} against {inradius}", k.depth);
    }
}
