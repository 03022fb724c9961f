//! Small shapes against huge concave polygons (1e5 to 1e7 across): a platformer's level traced
//! from a large picture or built from a tile map. The push-out's precision must follow the small
//! shape and the features near the contact, not the level's extent (issue 54, defect 5). Judged
//! against the convolution oracle, which knows nothing of the level's size.

use super::*;
use collide2d::{Capsule, ConvexPolygon};
use common::convolution::{exact_push_out, exact_push_out_of};

/// Sides of the polygons that bracket a disc (inscribed and circumscribed): their push-outs
/// bound the disc's, 1.2e-3 of the radius apart.
const ROUND_SIDES: usize = 64;

/// The bounds `(lo, hi)` of the exact push-out of `s` from `p`, equal but for round shapes
/// (bracketed by polygons inside and around them, since a larger shape needs at least as long a
/// push) and segments (a rectangle `thin` wide around them, pushed a hair more). `None` where the
/// oracle's chain is degenerate and no bracket stands in.
fn exact_bounds(p: &Polygon, s: &Shape, thin: f32) -> Option<(f64, f64)> {
    let push = |q: &[Vec2]| exact_push_out(p, &Polygon::new(q).expect("bracket"));
    let round = |ends: &[Vec2], r: f32| {
        let ring = |radius: f64| -> Vec<Vec2> {
            let mut pts = Vec::new();
            // Around the first end the half facing away from the second, then the other half.
            let axis = (ends[ends.len() - 1] - ends[0]).as_dvec2().normalize_or(glam::DVec2::X);
            for (k, end) in ends.iter().enumerate() {
                // (Turned off the axes, whose edges would lie along the tiles'.)
                let start = axis.to_angle() + 1.6 + std::f64::consts::PI * k as f64;
                let half = if ends.len() == 1 { ROUND_SIDES } else { ROUND_SIDES / 2 + 1 };
                for i in 0..half {
                    let t = start + std::f64::consts::TAU * i as f64 / ROUND_SIDES as f64;
                    pts.push((end.as_dvec2() + glam::DVec2::from_angle(t) * radius).as_vec2());
                }
            }
            pts
        };
        let r = r as f64;
        Some((push(&ring(r))?, push(&ring(r / (std::f64::consts::PI / ROUND_SIDES as f64).cos()))?))
    };
    let convex = |vs: &[Vec2]| {
        let exact = exact_push_out(p, &Polygon::new(vs).expect("convex"));
        exact.map(|d| (d, d)).or_else(|| turned_bounds(p, vs))
    };
    match s {
        Shape::Circle(c) => round(&[c.center()], c.radius()),
        Shape::Capsule(k) => round(&[k.a(), k.b()], k.radius()),
        Shape::Obb(o) => convex(&o.corners()),
        Shape::Aabb(b) => convex(&b.corners()),
        Shape::ConvexPolygon(c) => convex(c.vertices()),
        Shape::Segment(g) => {
            let n = (g.b() - g.a()).perp().normalize() * thin;
            convex(&[g.a() - n, g.b() - n, g.b() + n, g.a() + n])
        }
        other => exact_push_out_of(p, other).map(|d| (d, d)),
    }
}

/// Bounds on the push-out of convex `vs` from copies of it turned by a hair about its centre,
/// shrunk to fit inside it and grown to hold it: edges along the level's (a box on tiles) make the
/// oracle's chain overlap itself along a line, which it refuses. Turning by `θ` moves a point at
/// most `θ R` (`R` the farthest corner), and a convex shape grown by that lies within it scaled
/// by `1 + θ R / ρ` (`ρ` the centre's least distance to an edge).
fn turned_bounds(p: &Polygon, vs: &[Vec2]) -> Option<(f64, f64)> {
    let vs: Vec<glam::DVec2> = vs.iter().map(|v| v.as_dvec2()).collect();
    let c = vs.iter().sum::<glam::DVec2>() / vs.len() as f64;
    let far = vs.iter().map(|v| v.distance(c)).fold(0.0, f64::max);
    let edge = |i: usize| (vs[i], vs[(i + 1) % vs.len()]);
    let near = (0..vs.len())
        .map(|i| {
            let (a, b) = edge(i);
            (b - a).normalize().perp_dot(c - a).abs()
        })
        .fold(f64::INFINITY, f64::min);
    let theta = 1e-5;
    let grow = 1.0 + theta * far / near;
    let turned = |scale: f64| -> Option<f64> {
        let q: Vec<Vec2> =
            vs.iter().map(|v| (c + glam::DVec2::from_angle(theta).rotate(*v - c) * scale).as_vec2()).collect();
        exact_push_out(p, &Polygon::new(&q).ok()?)
    };
    Some((turned(1.0 / grow)?, turned(grow)?))
}

/// How close to the exact push-out the contact must come: about 1e-4 of the small shape's size
/// (its bounds' half diagonal) and of the push itself, as `contact` promises, and f32 rounding of
/// the coordinates where they meet (the small shape's and the push's). Nothing of the huge
/// polygon's extent. "About" is 1.5e-4: a flat shape is never left wedged in a reflex corner,
/// and goes past it by the walk's tolerance (1.15e-4 of the push in
/// `a_point_under_a_tiles_corner_goes_past_the_corner_by_the_tolerance`).
fn tolerance(s: &Shape, depth: f64) -> f64 {
    let b = s.aabb();
    let size = b.half_extents().length() as f64;
    let coords = b.min().abs().max(b.max().abs()).max_element() as f64;
    1.5e-4 * (size + depth) + 16.0 * f32::EPSILON as f64 * (coords + depth)
}

/// Ground `half` to either side of the origin, a tenth as deep, its top at y = 0, with one tile
/// standing on it from `left` to `right`, `top` high.
fn tiled_level(half: f32, (left, right): (f32, f32), top: f32) -> Polygon {
    let ground = [v(-half, -half / 10.0), v(half, -half / 10.0), v(half, 0.0)];
    let tile = [v(right, 0.0), v(right, top), v(left, top), v(left, 0.0)];
    Polygon::new(&[&ground[..], &tile[..], &[v(-half, 0.0)]].concat()).unwrap()
}

/// Found by `small_shapes_against_huge_levels_get_the_exact_push_out` when its tolerance was
/// 1e-4: a point under the ground, nearest the foot of a tile's wall. Pushed exactly to that
/// reflex corner it would be wedged (touching the ground and the wall, any further push along
/// overlapping again), which a flat shape never is: it goes a little up the wall instead, and
/// the push is longer by about the walk's tolerance, the same at every size of level.
#[test]
fn a_point_under_a_tiles_corner_goes_past_the_corner_by_the_tolerance() {
    let point = v(102.47625, -43.173225);
    let exact = (point - v(102.09098, 0.0)).as_dvec2().length();
    for half in [1e3, 1e5, 1e6] {
        let level = tiled_level(half, (102.09098, 116.67541), 14.584426);
        let c = contact(&level, &point).expect("inside the ground");
        let over = c.depth as f64 - exact;
        assert!((0.0..=1.5e-4 * exact).contains(&over), "{half}: {c:?}, {over} past {exact}");
        // Where it ends, the point is out of the ground and touches the tile's wall.
        let out = point + c.push_out_b();
        assert!(out.y > 0.0 && (out.x - 102.09098).abs() < 1e-4, "{half}: {out:?}");
        assert!(push_out_is_exact(&level, &Shape::Point(point)).is_ok(), "{half}");
    }
}

/// What [`push_out_is_exact`] answers when the oracle cannot judge the pair.
const DEGENERATE: &str = "the oracle's chain is degenerate";

/// The contact of `s` against `p` is the exact push-out within [`tolerance`], and moving `s` by it
/// (and a little more) separates them.
fn push_out_is_exact(p: &Polygon, s: &Shape) -> Result<(), String> {
    let rough = tolerance(s, 0.0);
    let Some((lo, hi)) = exact_bounds(p, s, (rough / 8.0) as f32) else {
        return Err(DEGENERATE.into());
    };
    let tol = tolerance(s, hi);
    let c = contact(p, s);
    let depth = c.map_or(0.0, |c| c.depth as f64);
    if depth < lo - tol || depth > hi + tol {
        return Err(format!("depth {depth} (normal {:?}), exact in [{lo}, {hi}] ± {tol}", c.map(|c| c.normal)));
    }
    if let Some(c) = c.filter(|c| c.depth > 0.0) {
        let slack = (hi - lo + 2.0 * tol) as f32;
        let moved = |by: Vec2| s.transformed(&Transform::from_translation(by)).unwrap();
        // Where the push ends wedged (in a V between a slope and a wall, say), going further
        // overlaps again; then, pushed, no piece of one overlaps a piece of the other by more
        // than the tolerance.
        if intersects(p, &moved(c.push_out_b() + c.normal * slack)) && !touches(p, &moved(c.push_out_b()), tol) {
            return Err(format!("moving by {c:?} does not separate"));
        }
    }
    Ok(())
}

/// Whether no convex piece of `p` overlaps one of `s` by more than `hair`.
fn touches(p: &Polygon, s: &Shape, hair: f64) -> bool {
    let pieces: Vec<Shape> = match s {
        Shape::Polygon(q) => q.convex_parts().iter().cloned().map(Shape::from).collect(),
        s => vec![s.clone()],
    };
    p.convex_parts().iter().all(|x| pieces.iter().all(|y| contact(x, y).is_none_or(|k| k.depth as f64 <= hair)))
}

fn right_triangle(size: f32) -> Polygon {
    Polygon::new(&[v(0.0, 0.0), v(size, 0.0), v(0.0, size)]).unwrap()
}

/// An L `size` across, its arms a tenth as thick, the outer corner at `corner`.
fn l_shape(size: f32, corner: Vec2) -> Polygon {
    let w = size / 10.0;
    let outline = [v(0.0, 0.0), v(size, 0.0), v(size, w), v(w, w), v(w, size), v(0.0, size)];
    Polygon::new(&outline.map(|p| p + corner)).unwrap()
}

#[test]
fn a_unit_disc_in_the_corner_of_a_huge_triangle_is_pushed_out_by_its_diameter() {
    let disc = Shape::from(Circle::new(v(1.0, 1.0), 1.0).unwrap());
    for size in [1e5f32, 1e6, 1e7] {
        let c = contact(&right_triangle(size), &disc).unwrap();
        assert!((c.depth - 2.0).abs() < 1e-4, "triangle {size} across: {c:?}");
        assert!(c.normal.abs_diff_eq(Vec2::NEG_X, 1e-4) || c.normal.abs_diff_eq(Vec2::NEG_Y, 1e-4), "{c:?}");
        assert_eq!(push_out_is_exact(&right_triangle(size), &disc), Ok(()), "triangle {size} across");
    }
    // The convex triangle agrees.
    let convex = ConvexPolygon::new(&[v(0.0, 0.0), v(1e6, 0.0), v(0.0, 1e6)]).unwrap();
    assert!((contact(&convex, &disc).unwrap().depth - 2.0).abs() < 1e-4);
}

#[test]
fn a_disc_in_the_corner_of_an_l_1e7_across_leaves_along_an_axis() {
    // Touching both outer sides: out through either is 32; through the corner, 16 + 16·√2 along
    // the diagonal; everything else is 1e6 away.
    let l = l_shape(1e7, Vec2::ZERO);
    let disc = Shape::from(Circle::new(v(16.0, 16.0), 16.0).unwrap());
    let c = contact(&l, &disc).unwrap();
    assert!((c.depth - 32.0).abs() < 1e-3, "{c:?}");
    assert!(c.normal.abs_diff_eq(Vec2::NEG_X, 1e-4) || c.normal.abs_diff_eq(Vec2::NEG_Y, 1e-4), "{c:?}");
    assert_eq!(push_out_is_exact(&l, &disc), Ok(()));
}

#[test]
fn every_kind_of_small_shape_in_the_corner_of_a_huge_l_gets_the_exact_push_out() {
    // Each with the push by hand: (shape, depth, normal).
    let small = Polygon::new(&[v(1.0, 1.0), v(5.0, 1.0), v(5.0, 2.0), v(2.0, 2.0), v(2.0, 5.0), v(1.0, 5.0)]).unwrap();
    let diamond = ConvexPolygon::new(&[v(3.0, 1.0), v(5.0, 3.0), v(3.0, 5.0), v(1.0, 3.0)]).unwrap();
    let root2 = std::f32::consts::SQRT_2;
    let cases: [(Shape, f32, Vec2); 8] = [
        (Shape::Point(v(0.5, 2.0)), 0.5, Vec2::NEG_X),
        (Segment::new(v(1.0, 3.0), v(1.5, 9.0)).unwrap().into(), 1.5, Vec2::NEG_X),
        (Aabb::new(v(1.0, 0.5), v(3.0, 4.0)).unwrap().into(), 3.0, Vec2::NEG_X),
        (Obb::new(v(3.0, 5.0), v(1.0, 1.0), std::f32::consts::FRAC_PI_4).unwrap().into(), 3.0 + root2, Vec2::NEG_X),
        (Circle::new(v(2.0, 3.0), 1.5).unwrap().into(), 3.5, Vec2::NEG_X),
        (Capsule::new(v(2.5, 2.0), v(6.0, 2.0), 1.0).unwrap().into(), 3.0, Vec2::NEG_Y),
        (diamond.into(), 5.0, Vec2::NEG_X),
        // Out along the diagonal by (2, 2), each arm past the L's side along it.
        (small.into(), 2.0 * root2, Vec2::new(-1.0, -1.0) / root2),
    ];
    for size in [1e5f32, 1e6, 1e7] {
        let l = l_shape(size, Vec2::ZERO);
        for (s, depth, normal) in &cases {
            let c = contact(&l, s).unwrap();
            let near = (c.depth - depth).abs() < 1e-4 * depth;
            // A tie between the two axes may go either way.
            let tie = matches!(s, Shape::ConvexPolygon(_));
            let along = c.normal.abs_diff_eq(*normal, 1e-4) || (tie && c.normal.abs_diff_eq(normal.perp(), 1e-4));
            assert!(near && along, "L {size} across, {s:?}: {c:?}");
            assert_eq!(push_out_is_exact(&l, s), Ok(()), "L {size} across, {s:?}");
        }
    }
}

/// A tile-map level `size` across: ground below y = 0 from −size to size, and on it, from x = 0,
/// columns `tile` wide of the given heights in tiles, each with a flat top or a slope of one tile
/// up (1) or down (−1) to its right.
fn tile_level(size: f32, tile: f32, columns: &[(u8, i8)]) -> Polygon {
    let mut outline = vec![v(-size, -size / 10.0), v(size, -size / 10.0), v(size, 0.0)];
    let mut push = |p: Vec2| {
        if outline.last() != Some(&p) {
            outline.push(p);
        }
    };
    // Right to left along the tops: down or up the right side of each column, then across.
    let mut height = 0.0;
    for (k, &(h, slope)) in columns.iter().enumerate().rev() {
        let left = h as f32 * tile;
        let right = (left + slope as f32 * tile).max(0.0);
        push(v((k + 1) as f32 * tile, height));
        push(v((k + 1) as f32 * tile, right));
        push(v(k as f32 * tile, left));
        height = left;
    }
    push(v(0.0, 0.0));
    push(v(-size, 0.0));
    Polygon::new(&outline).unwrap()
}

/// A huge level: a right triangle with its corner at the origin, an L with its outer or inner
/// corner there, or a tile map, 1e5 to 1e7 across.
fn huge_polygon() -> impl Strategy<Value = Polygon> {
    let size = (5.0f32..7.0).prop_map(|e| 10f32.powf(e));
    let columns = prop::collection::vec((0u8..4, -1i8..2), 4..20);
    prop_oneof![
        size.clone().prop_map(right_triangle),
        (size.clone(), any::<bool>())
            .prop_map(|(s, inner)| l_shape(s, if inner { Vec2::splat(-s / 10.0) } else { Vec2::ZERO })),
        (size, 8.0f32..32.0, columns).prop_map(|(s, tile, columns)| tile_level(s, tile, &columns)),
    ]
}

/// A small shape of any kind, 0.5 to 48 in size, where the levels' features near the origin are.
fn small_shape() -> impl Strategy<Value = Shape> {
    let at = (-48.0f32..640.0, -48.0f32..160.0).prop_map(|(x, y)| v(x, y));
    let size = 0.5f32..48.0;
    let turn = 0.0f32..std::f32::consts::TAU;
    prop_oneof![
        at.clone().prop_map(Shape::Point),
        (at.clone(), size.clone(), turn.clone()).prop_map(|(c, s, t)| Segment::new(
            c - Vec2::from_angle(t) * s,
            c + Vec2::from_angle(t) * s
        )
        .unwrap()
        .into()),
        (at.clone(), size.clone(), 0.2f32..1.0)
            .prop_map(|(c, s, k)| Aabb::from_center_half_extents(c, v(s, s * k)).unwrap().into()),
        (at.clone(), size.clone(), 0.2f32..1.0, turn.clone())
            .prop_map(|(c, s, k, t)| Obb::new(c, v(s, s * k), t).unwrap().into()),
        (at.clone(), size.clone()).prop_map(|(c, s)| Circle::new(c, s).unwrap().into()),
        (at.clone(), size.clone(), 0.2f32..1.0, turn.clone()).prop_map(|(c, s, k, t)| {
            let d = Vec2::from_angle(t) * s * (1.0 - k);
            Capsule::new(c - d, c + d, s * k).unwrap().into()
        }),
        (at.clone(), size.clone(), 3usize..9, turn)
            .prop_map(|(c, s, n, t)| ConvexPolygon::regular(n, c, s, t).unwrap().into()),
        (at, size, common::polygons::random_polygon()).prop_map(|(c, s, p)| {
            let place = Transform::from_translation(c) * Transform::from_scale(Vec2::splat(s / 14.0));
            p.transformed(&place).unwrap().into()
        }),
    ]
}

#[test]
fn small_shapes_against_huge_levels_get_the_exact_push_out() {
    let config = Config { cases: 1000, ..Config::with_source_file(file!()) };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&(huge_polygon(), small_shape()), |(p, s)| {
        prop_assume!(common::convolution::supported(
            &p,
            &match &s {
                Shape::Polygon(q) => q.clone(),
                _ => p.clone(),
            }
        ));
        match push_out_is_exact(&p, &s) {
            Err(e) if e == DEGENERATE => Err(TestCaseError::reject(e)),
            result => result.map_err(|e| TestCaseError::fail(format!("{e}\np = {:?}\ns = {s:?}", p.outline()))),
        }
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The top of the ground piece runs the level's whole width, so both its ends are the level's
/// extent away. Where the push ends at that face's crossing with a corner's arc, a crossing
/// worked out from one of those ends was placed only to f32 rounding of that distance (0.25 at
/// 5.5e6), and the push leaned by it: 31.689 where the exact minimum lies in [31.609, 31.650].
/// Faces are now measured from the foot of the origin on them.
#[test]
fn a_capsule_on_the_ground_of_a_level_5e6_across_leaves_past_a_tile_as_precisely_as_on_a_small_one() {
    let s = 5513046.5;
    let level = tiled_level(s, (349.32928, 372.6179), 23.288618);
    let capsule: Shape = Capsule::new(v(378.12683, 0.0), v(401.2567, 0.0), 24.978483).unwrap().into();
    assert_eq!(push_out_is_exact(&level, &capsule), Ok(()));
}
