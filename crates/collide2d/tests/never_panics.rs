//! "Never panic, never lie on bad input": constructors fed any f32 either refuse or give a
//! shape made only of finite numbers, and every query on every pair returns without panicking,
//! whatever the numbers (NaN, ±inf, subnormals, 1e30, zero sizes).

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::query::intersects::segment_intersection;
use collide2d::tiered::{collide, Level, RectObject};
use collide2d::tiles::{TileMap, TileSet, TileShape};
use collide2d::{
    contains, intersects, Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, ShapeLike, Transform, Vec2,
};
use proptest::prelude::*;

fn wild() -> impl Strategy<Value = f32> {
    prop_oneof![
        4 => -50.0f32..50.0,
        1 => any::<f32>(),
        1 => prop::sample::select(vec![
            f32::NAN, f32::INFINITY, f32::NEG_INFINITY, f32::MAX, f32::MIN, f32::MIN_POSITIVE,
            1e-45, -1e-45, 1e30, -1e30, 1e18, 0.0, -0.0, 1e-3, 1e5,
        ]),
    ]
}

fn wild_vec() -> impl Strategy<Value = Vec2> {
    (wild(), wild()).prop_map(|(x, y)| Vec2::new(x, y))
}

fn finite_all(values: &[f32]) -> bool {
    values.iter().all(|v| v.is_finite())
}

/// Builds a shape of a random kind from wild numbers, checking that the constructor refused
/// every non-finite input and that what it built is made of finite numbers.
fn wild_shape() -> impl Strategy<Value = Option<Shape>> {
    (0..9usize, wild_vec(), wild_vec(), wild(), wild(), prop::collection::vec(wild_vec(), 0..8)).prop_map(
        |(kind, p, q, s, t, pts)| {
            let used: &[f32] = match kind {
                1 | 2 | 8 => &[p.x, p.y, q.x, q.y],
                3 => &[p.x, p.y, s],
                4 => &[p.x, p.y, q.x, q.y, t],
                _ => &[p.x, p.y, q.x, q.y, s],
            };
            let inputs_finite = finite_all(used);
            let built: Result<Shape, _> = match kind {
                0 => return Some(Shape::Point(p)),
                1 => Segment::new(p, q).map(Shape::from),
                2 => Aabb::new(p, q).map(Shape::from),
                3 => Circle::new(p, s).map(Shape::from),
                4 => Obb::new(p, q, t).map(Shape::from),
                5 => Capsule::new(p, q, s).map(Shape::from),
                6 => ConvexPolygon::new(&pts).map(Shape::from),
                7 => ConvexPolygon::from_hull(&pts).map(Shape::from),
                // Origin p, cells of q: a floor, a slope and an open cell.
                _ => {
                    let slope = TileShape::convex(&[Vec2::new(0.0, 1.0), Vec2::X, Vec2::ONE]).unwrap();
                    let tiles = TileSet::solid(1).with(2, slope);
                    TileMap::from_ids(p, q, 3, 2, &[0, 2, 1, 1, 1, 1], tiles).map(Shape::from)
                }
            };
            let inputs_finite = if kind == 6 || kind == 7 { pts.iter().all(|v| v.is_finite()) } else { inputs_finite };
            match built {
                Ok(shape) => {
                    assert!(inputs_finite, "constructor accepted non-finite input: {shape:?}");
                    assert!(shape_is_finite(&shape), "constructor built a non-finite shape: {shape:?}");
                    Some(shape)
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    None
                }
            }
        },
    )
}

fn shape_is_finite(s: &Shape) -> bool {
    match s {
        Shape::Point(p) => p.is_finite(),
        Shape::Segment(x) => x.a().is_finite() && x.b().is_finite(),
        Shape::Aabb(b) => b.min().is_finite() && b.max().is_finite(),
        Shape::Circle(c) => c.center().is_finite() && c.radius().is_finite() && c.radius() > 0.0,
        Shape::Obb(o) => o.center().is_finite() && o.half_extents().is_finite() && o.rotation().is_finite(),
        Shape::Capsule(k) => k.a().is_finite() && k.b().is_finite() && k.radius() > 0.0,
        Shape::ConvexPolygon(p) => p.vertices().iter().chain(p.normals()).all(|v| v.is_finite()),
        Shape::Polygon(p) => p.edges().iter().all(|(a, b)| a.is_finite() && b.is_finite()),
        Shape::TileMap(m) => m.aabb().min().is_finite() && m.aabb().max().is_finite(),
    }
}

fn wild_transform() -> impl Strategy<Value = Transform> {
    (wild_vec(), wild(), wild_vec(), wild_vec()).prop_map(|(t, r, s, o)| Transform::from_parts(t, r, s, o))
}

struct Rect(Transform, Aabb);

impl RectObject for Rect {
    fn transform(&self) -> Transform {
        self.0
    }
    fn local_bounds(&self) -> Aabb {
        self.1
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn every_query_on_every_pair_returns_for_any_numbers(a in wild_shape(), b in wild_shape(), t in wild_transform()) {
        let shapes: Vec<Shape> = [a, b].into_iter().flatten().collect();
        for x in &shapes {
            let _ = (x.aabb(), x.bounding_circle(), x.kind());
            if let Ok(moved) = x.transformed(&t) {
                prop_assert!(shape_is_finite(&moved), "transform made a non-finite shape: {:?}", moved);
            }
            for y in &shapes {
                let _ = (intersects(x, y), contains(x, y), intersects(y, x), contains(y, x));
                for d in [&BoundingBoxes as &dyn Detector, &BoundingCircles, &Exact] {
                    let _ = d.detect(x.shape_ref(), y.shape_ref());
                }
                if let (Shape::Segment(s1), Shape::Segment(s2)) = (x, y) {
                    let _ = segment_intersection(s1, s2);
                }
                if let (Shape::Aabb(b1), Shape::Aabb(b2)) = (x, y) {
                    let _ = b1.intersection(b2);
                    prop_assert_eq!(b1.intersection(b2).is_some(), intersects(b1, b2));
                }
            }
        }
    }

    #[test]
    fn a_nan_point_touches_and_holds_nothing(b in wild_shape(), nan_x in any::<bool>()) {
        let p = if nan_x { Vec2::new(f32::NAN, 0.0) } else { Vec2::new(1.0, f32::INFINITY) };
        if let Some(b) = b {
            prop_assert!(!intersects(&p, &b) && !intersects(&b, &p));
            prop_assert!(!contains(&b, &p) && !contains(&p, &b));
        }
    }

    #[test]
    fn the_tiered_test_returns_for_any_transform(t1 in wild_transform(), t2 in wild_transform(), w in wild(), h in wild()) {
        let Ok(local) = Aabb::from_xywh(0.0, 0.0, w, h) else { return Ok(()) };
        let (a, b) = (Rect(t1, local), Rect(t2, local));
        for level in [Level::Aabb, Level::Corners, Level::Sat, Level::Maximum] {
            let _ = collide(&a, &b, level);
        }
        let _ = (t1.inverse(), t1.compose(&t2), t1.transform_point(Vec2::ONE));
    }

    #[test]
    fn a_character_moves_without_panicking_for_any_numbers(
        level in prop::collection::vec(wild_shape(), 1..6),
        body in wild_shape(),
        motions in prop::collection::vec(wild_vec(), 1..4),
        (skin, slope, step, snap) in (wild(), wild(), wild(), wild()),
        (up, one_way, slides, platform) in (wild_vec(), wild_vec(), 0usize..6, wild_vec()),
    ) {
        use collide2d::world::{CharacterController, MoveOptions, World};
        let Some(body) = body else { return Ok(()) };
        let mut world: World = World::new();
        let handles: Vec<_> =
            level.into_iter().flatten().filter_map(|s| world.insert(s, Transform::IDENTITY, ()).ok()).collect();
        if let Some(&first) = handles.first() {
            let _ = world.set_one_way(first, Some(one_way));
        }
        let Ok(me) = world.insert(body, Transform::IDENTITY, ()) else { return Ok(()) };
        let options =
            MoveOptions { skin, max_slope: slope, up, max_slides: slides, step_height: step, snap_distance: snap, stop_on_slope: true };
        let mut controller = CharacterController::new(options);
        for motion in motions {
            if let Some(&lift) = handles.last() {
                let _ = world.set_transform(lift, Transform::from_translation(platform));
            }
            if let Ok(r) = controller.move_and_slide(&mut world, me, motion) {
                prop_assert!(r.moved.is_finite() || !motion.is_finite(), "{r:?}");
            }
            let _ = world.cast_shape_all(world.world_shape(me).expect("still there"), motion, 1.0, &Default::default());
        }
    }
}
