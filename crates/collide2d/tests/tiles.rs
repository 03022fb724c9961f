//! Tile maps against an independent oracle: the same grid traced as a picture into one polygon
//! (the island, with its holes), queried through the concave polygon's own exact paths. The
//! map must give the same answers, and no normal it reports may be a seam's: a surface normal
//! at a point has no solid on its side of the point.

// The inputs and the oracle's checks may use the platform's trigonometry; the library may not.
#![allow(clippy::disallowed_methods)]

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::query::ray::Ray;
use collide2d::tiles::{TileMap, TileSet};
use collide2d::trace::{trace, Detail};
use collide2d::{
    cast_ray, cast_shape, contact, contact_with_budget, distance, intersects, signed_distance, Aabb, Capsule, Circle,
    ContactBudget, ConvexPolygon, Obb, Polygon, Shape, Vec2,
};
use proptest::prelude::*;

const SIDE: u32 = 7;

/// A connected island grown by a walk from the middle of a `SIDE × SIDE` grid; `None` when two
/// cells meet only at a corner (the traced outline would pinch there) or it traces to more than
/// one polygon.
fn island(steps: &[u8]) -> Option<(Vec<u32>, Polygon)> {
    let mut solid = vec![0u32; (SIDE * SIDE) as usize];
    let (mut x, mut y) = (SIDE as i32 / 2, SIDE as i32 / 2);
    solid[(y * SIDE as i32 + x) as usize] = 1;
    for s in steps {
        let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][(*s % 4) as usize];
        (x, y) = ((x + dx).clamp(0, SIDE as i32 - 1), (y + dy).clamp(0, SIDE as i32 - 1));
        solid[(y * SIDE as i32 + x) as usize] = 1;
    }
    let at = |x: u32, y: u32| solid[(y * SIDE + x) as usize] == 1;
    for y in 0..SIDE - 1 {
        for x in 0..SIDE - 1 {
            let (a, b, c, d) = (at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1));
            if (a && d && !b && !c) || (b && c && !a && !d) {
                return None;
            }
        }
    }
    let pixels: Vec<u8> = solid.iter().flat_map(|s| [0, 0, 0, if *s == 1 { 255 } else { 0 }]).collect();
    let image = Rgba8::new(SIDE, SIDE, &pixels).ok()?;
    let mut polygons = trace(&image, &Solidity::default(), Detail::Exact).ok()?;
    (polygons.len() == 1).then(|| (solid, polygons.remove(0)))
}

fn shape() -> impl Strategy<Value = Shape> {
    let at = (-1.0f32..8.0, -1.0f32..8.0).prop_map(|(x, y)| Vec2::new(x, y));
    (0..5usize, at, 0.1f32..2.0, 0.1f32..2.0, 0.0f32..6.3).prop_map(|(kind, c, w, h, turn)| match kind {
        0 => Circle::new(c, w * 0.5).unwrap().into(),
        1 => Aabb::from_center_half_extents(c, Vec2::new(w, h) * 0.5).unwrap().into(),
        2 => Obb::new(c, Vec2::new(w, h) * 0.5, turn).unwrap().into(),
        3 => Capsule::new(c, c + Vec2::from_angle(turn) * w, h * 0.3).unwrap().into(),
        _ => ConvexPolygon::regular(5, c, w * 0.6, turn).unwrap().into(),
    })
}

fn moved(s: &Shape, by: Vec2) -> Shape {
    s.transformed(&collide2d::Transform::from_translation(by)).unwrap()
}

/// Whether `normal` at `point` is a normal of the oracle's surface: nothing of the solid lies
/// on its side of the point, within a small half disc around it that reaches no corner (at a
/// corner itself, within 1e-4, any normal of the faces there will do, and it is not checked).
fn surface_normal(oracle: &Polygon, point: Vec2, normal: Vec2) -> bool {
    let corner = oracle.outline().iter().chain(oracle.holes().iter().flatten()).map(|v| v.distance(point));
    let reach = corner.fold(1e-3f32, f32::min) * 0.5;
    reach < 5e-5
        || (-8..=8).all(|k| {
            let turned = Vec2::from_angle(k as f32 * 0.18).rotate(normal);
            signed_distance(oracle, point + turned * reach) >= -reach * 2e-2
        })
}

fn map_of(ids: &[u32]) -> TileMap {
    TileMap::from_ids(Vec2::ZERO, Vec2::ONE, SIDE, SIDE, ids, TileSet::solid(1)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Overlap, the minimum push-out and distance are the traced polygon's.
    #[test]
    fn a_map_answers_as_its_traced_island(steps in prop::collection::vec(any::<u8>(), 1..30), s in shape()) {
        let Some((ids, oracle)) = island(&steps) else { return Ok(()) };
        let map = map_of(&ids);
        prop_assert_eq!(intersects(&map, &s), intersects(&oracle, &s));
        match (contact(&map, &s), contact_with_budget(&oracle, &s, ContactBudget::UNBOUNDED)) {
            (None, None) => {
                let (d, e) = (distance(&map, &s), distance(&oracle, &s));
                prop_assert!((d - e).abs() <= 1e-4, "distance {} against {}", d, e);
            }
            (Some(c), Some(o)) => {
                prop_assert!(c.is_exact());
                // Never longer than the minimum; shorter only where the oracle takes a clean
                // push over one that leaves the shape wedged, within 1e-4 of the shapes' size
                // (see `contact`), which the check below confirms clears.
                prop_assert!(c.depth <= o.depth + 2e-4 && c.depth >= o.depth - 1e-3, "depth {:?} against {:?}", c, o);
                // The push really clears the island (wedged at most within rounding).
                let out = moved(&s, c.push_out_b());
                let left = contact_with_budget(&oracle, &out, ContactBudget::UNBOUNDED).map_or(0.0, |k| k.depth);
                prop_assert!(left <= 2e-4, "{:?} leaves {} in", c, left);
            }
            (c, o) => prop_assert!(false, "map {:?}, oracle {:?}", c, o),
        }
    }

    /// Rays hit where the polygon's do, with a normal of its surface.
    #[test]
    fn rays_hit_as_the_traced_island(steps in prop::collection::vec(any::<u8>(), 1..30),
        from in (-2.0f32..9.0, -2.0f32..9.0), turn in 0.0f32..6.3) {
        let Some((ids, oracle)) = island(&steps) else { return Ok(()) };
        let map = map_of(&ids);
        let ray = Ray::new(Vec2::new(from.0, from.1), Vec2::from_angle(turn)).unwrap();
        match (cast_ray(&map, &ray, 20.0), cast_ray(&oracle, &ray, 20.0)) {
            (None, None) => {}
            (Some(h), Some(o)) => {
                prop_assert!((h.distance - o.distance).abs() <= 1e-4, "{:?} against {:?}", h, o);
                if h.distance > 0.0 {
                    prop_assert!(surface_normal(&oracle, h.point, h.normal), "{:?}", h);
                }
            }
            (h, o) => prop_assert!(false, "map {:?}, oracle {:?}", h, o),
        }
    }

    /// Casts meet the island when the polygon's do, with a normal of its surface.
    #[test]
    fn casts_meet_the_traced_island(steps in prop::collection::vec(any::<u8>(), 1..30), s in shape(),
        turn in 0.0f32..6.3, speed in 0.5f32..6.0) {
        let Some((ids, oracle)) = island(&steps) else { return Ok(()) };
        let map = map_of(&ids);
        let v = Vec2::from_angle(turn) * speed;
        match (cast_shape(&s, v, &map, Vec2::ZERO, 2.0), cast_shape(&s, v, &oracle, Vec2::ZERO, 2.0)) {
            (None, None) => {}
            (Some(h), Some(o)) => {
                prop_assert_eq!(h.started_overlapping, o.started_overlapping);
                prop_assert!((h.time - o.time).abs() <= 1e-4, "{:?} against {:?}", h, o);
                if !h.started_overlapping {
                    // Seen from the map, the normal points from it towards the mover.
                    prop_assert!(surface_normal(&oracle, h.point, -h.normal), "{:?}", h);
                }
            }
            (h, o) => prop_assert!(false, "map {:?}, oracle {:?}", h, o),
        }
    }
}

/// A world holding a map: a ball sunk into the floor across a seam gets a contact straight up
/// at the step, and none once the tiles under it are blown away.
#[test]
fn a_world_steps_over_a_map_without_seams() {
    use collide2d::{Transform, World};
    let ids = [0, 0, 0, 0, 1, 1, 1, 1];
    let floor = TileMap::from_ids(Vec2::new(10.0, 0.0), Vec2::ONE, 4, 2, &ids, TileSet::solid(1)).unwrap();
    let mut world = World::new();
    let level = world.insert(floor.into(), Transform::from_translation(Vec2::new(-10.0, 0.0)), ()).unwrap();
    let ball = world.insert(Circle::new(Vec2::new(2.0, 0.75), 0.5).unwrap().into(), Transform::IDENTITY, ()).unwrap();
    let events = world.step();
    let [event] = events.started() else { panic!("{events:?}") };
    let c = event.contact.unwrap();
    let normal = if event.a == level { c.normal } else { -c.normal };
    assert_eq!((normal, c.depth), (Vec2::new(0.0, -1.0), 0.25));
    for col in [1, 2] {
        world.set_tile(level, col, 1, 0).unwrap();
    }
    assert_eq!(world.step().stopped(), [(level, ball)]);
    assert!(world.set_tile(ball, 0, 0, 1).is_err());
    assert!(world.set_tile(level, 0, 0, 2).is_err());
}
