//! Tile maps against an independent oracle: the same grid traced as a picture into one polygon
//! (the island, with its holes), queried through the concave polygon's own exact paths. The
//! map must give the same answers, and no normal it reports may be a seam's: a surface normal
//! at a point has no solid on its side of the point.

// The inputs and the oracle's checks may use the platform's trigonometry; the library may not.
#![allow(clippy::disallowed_methods)]

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::query::ray::Ray;
use collide2d::tiles::{TileMap, TileSet, TileShape, FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL};
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

/// A grid of `SIDE × SIDE` cells of random tiles: open, solid, slopes of 45° and of 1 in 2,
/// half blocks, each flipped or turned at random; with the union of its tiles (by `geo`'s
/// boolean operations) as one polygon, `None` when that union is not one simple polygon.
fn sloped(steps: &[u8], cells: &[(u8, u8)]) -> Option<(TileMap, Polygon)> {
    use geo::{unary_union, Coord, LineString};
    let v = |x: f32, y: f32| Vec2::new(x, y);
    let tiles = TileSet::solid(1)
        .with(2, TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap())
        .with(3, TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.5), v(1.0, 1.0)]).unwrap())
        .with(4, TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap())
        .with(5, TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.5), v(1.0, 1.0), v(0.0, 1.0)]).unwrap());
    let flips = [0, FLIP_HORIZONTAL, FLIP_VERTICAL, FLIP_DIAGONAL, FLIP_DIAGONAL | FLIP_HORIZONTAL];
    // The cells of a walk's island, each of a random kind, half of them solid.
    let (solid, _) = island(steps)?;
    let ids: Vec<u32> = solid
        .iter()
        .zip(cells)
        .map(|(s, (kind, flip))| match (s, kind % 8) {
            (0, _) => 0,
            (_, k) if k < 4 => 1,
            (_, k) => (k - 2) as u32 | flips[*flip as usize % 5],
        })
        .collect();
    let map = TileMap::from_ids(Vec2::ZERO, Vec2::ONE, SIDE, SIDE, &ids, tiles).unwrap();
    let pieces: Vec<geo::Polygon<f64>> = (0..SIDE)
        .flat_map(|row| (0..SIDE).map(move |col| (col, row)))
        .filter_map(|(col, row)| map.tile_outline(col, row))
        .map(|outline| {
            let ring: Vec<Coord<f64>> = outline.iter().map(|p| Coord { x: p.x as f64, y: p.y as f64 }).collect();
            geo::Polygon::new(LineString::new(ring), vec![])
        })
        .collect();
    let union = unary_union(&pieces);
    let [island] = union.0.as_slice() else { return None };
    let ring = |r: &LineString<f64>| -> Vec<Vec2> {
        let mut points: Vec<Vec2> = r.coords().map(|c| Vec2::new(c.x as f32, c.y as f32)).collect();
        points.pop();
        points
    };
    let holes: Vec<Vec<Vec2>> = island.interiors().iter().map(ring).collect();
    let oracle = Polygon::with_holes(&ring(island.exterior()), &holes).ok()?;
    Some((map, oracle))
}

proptest! {
    // About one case in seven makes one island: some 700 islands checked.
    #![proptest_config(ProptestConfig { cases: 5000, ..ProptestConfig::default() })]

    /// With slopes and half blocks, flipped and turned: the push-out, overlap and distance of
    /// the union of the tiles, and the rays and casts, with normals of its surface.
    #[test]
    fn slopes_and_half_blocks_answer_as_their_union(steps in prop::collection::vec(any::<u8>(), 1..30),
        cells in prop::collection::vec((any::<u8>(), any::<u8>()), (SIDE * SIDE) as usize),
        s in shape(), turn in 0.0f32..6.3, from in (-2.0f32..9.0, -2.0f32..9.0)) {
        let Some((map, oracle)) = sloped(&steps, &cells) else { return Ok(()) };
        prop_assert_eq!(intersects(&map, &s), intersects(&oracle, &s));
        match (contact(&map, &s), contact_with_budget(&oracle, &s, ContactBudget::UNBOUNDED)) {
            (None, None) => {
                let (d, e) = (distance(&map, &s), distance(&oracle, &s));
                prop_assert!((d - e).abs() <= 1e-4, "distance {} against {}", d, e);
            }
            (Some(c), Some(o)) => {
                prop_assert!(c.depth <= o.depth + 2e-4 && c.depth >= o.depth - 1e-3, "depth {:?} against {:?}", c, o);
                let out = moved(&s, c.push_out_b());
                let left = contact_with_budget(&oracle, &out, ContactBudget::UNBOUNDED).map_or(0.0, |k| k.depth);
                prop_assert!(left <= 2e-4, "{:?} leaves {} in", c, left);
            }
            (c, o) => prop_assert!(false, "map {:?}, oracle {:?}", c, o),
        }
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
        let v = Vec2::from_angle(turn + 1.0) * 3.0;
        match (cast_shape(&s, v, &map, Vec2::ZERO, 2.0), cast_shape(&s, v, &oracle, Vec2::ZERO, 2.0)) {
            (None, None) => {}
            (Some(h), Some(o)) => {
                prop_assert!((h.time - o.time).abs() <= 1e-4, "{:?} against {:?}", h, o);
                if !h.started_overlapping {
                    prop_assert!(surface_normal(&oracle, h.point, -h.normal), "{:?}", h);
                }
            }
            (h, o) => prop_assert!(false, "map {:?}, oracle {:?}", h, o),
        }
    }
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
