//! Hand cases at seams, corners, slopes and the edge of the grid.

use glam::Vec2;

use crate::query::ray::Ray;
use crate::shape::{Aabb, Capsule, Circle, Obb};
use crate::tiles::{TileMap, TileSet, TileShape};
use crate::{cast_ray, cast_shape, closest_points, contact, contains, distance, intersects, signed_distance};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A map from rows of characters: `#` solid, `/` a slope rising to the right (y down: solid
/// below the diagonal from the bottom left to the top right), `\` one rising to the left, `_` a
/// half block (the lower half), `.` open. Row 0 is the first line; cells are 1 × 1 at `origin`.
fn map_at(origin: Vec2, cell: f32, rows: &[&str]) -> TileMap {
    let slope = TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap();
    let back = TileShape::convex(&[v(0.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
    let half = TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.5), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
    let tiles = TileSet::solid(1).with(2, slope).with(3, back).with(4, half);
    let ids: Vec<u32> = rows
        .iter()
        .flat_map(|r| {
            r.chars().map(|c| match c {
                '#' => 1,
                '/' => 2,
                '\\' => 3,
                '_' => 4,
                _ => 0,
            })
        })
        .collect();
    TileMap::from_ids(origin, Vec2::splat(cell), rows[0].len() as u32, rows.len() as u32, &ids, tiles).unwrap()
}

fn map(rows: &[&str]) -> TileMap {
    map_at(Vec2::ZERO, 1.0, rows)
}

fn close(a: Vec2, b: Vec2) -> bool {
    a.distance(b) < 1e-5
}

#[test]
fn a_box_sunk_into_a_floor_across_seams_goes_straight_up() {
    let floor = map(&["....", "....", "####"]);
    // Its sides on the cell lines, and off them.
    for x in [1.0, 1.3] {
        let b = Aabb::new(v(x, 1.5), v(x + 1.0, 2.25)).unwrap();
        let c = contact(&floor, &b).unwrap();
        assert!(close(c.normal, v(0.0, -1.0)) && (c.depth - 0.25).abs() < 1e-6, "{x}: {c:?}");
        assert!(close(c.points()[0].point_a - c.points()[0].point_b, c.normal * c.depth));
    }
    // Resting on it: touching, depth 0, still straight up.
    let resting = Aabb::new(v(1.0, 1.0), v(2.0, 2.0)).unwrap();
    let c = contact(&floor, &resting).unwrap();
    assert_eq!((c.normal, c.depth), (v(0.0, -1.0), 0.0));
    assert!(intersects(&floor, &resting) && !intersects(&floor, &Aabb::new(v(1.0, 1.0), v(2.0, 1.99)).unwrap()));
}

#[test]
fn a_box_in_a_wall_across_a_seam_goes_out_sideways() {
    let wall = map(&["..#", "..#", "..#"]);
    let b = Aabb::new(v(1.25, 0.5), v(2.25, 1.5)).unwrap();
    let c = contact(&wall, &b).unwrap();
    assert!(close(c.normal, v(-1.0, 0.0)) && (c.depth - 0.25).abs() < 1e-6, "{c:?}");
}

#[test]
fn a_disc_deep_in_a_block_takes_the_nearest_way_out() {
    let block = map(&["......", ".####.", ".####.", ".####.", ".####.", "......"]);
    let ball = Circle::new(v(2.2, 3.0), 0.1).unwrap();
    let c = contact(&block, &ball).unwrap();
    assert!(close(c.normal, v(-1.0, 0.0)) && (c.depth - 1.3).abs() < 1e-5, "{c:?}");
    // Off the map's edge the open grid lets it out too.
    let edge = map(&["##", "##"]);
    let c = contact(&edge, &Circle::new(v(1.5, 0.9), 0.25).unwrap()).unwrap();
    assert!(close(c.normal, v(1.0, 0.0)) && (c.depth - 0.75).abs() < 1e-5, "{c:?}");
}

#[test]
fn a_box_as_wide_as_a_corridor_goes_back_into_it() {
    let u = map(&["#.#", "#.#", "###"]);
    let b = Aabb::new(v(0.8, 0.5), v(1.8, 1.5)).unwrap();
    let c = contact(&u, &b).unwrap();
    assert!(close(c.normal, v(1.0, 0.0)) && (c.depth - 0.2).abs() < 1e-5, "{c:?}");
}

#[test]
fn a_disc_on_a_slope_is_pushed_along_its_normal() {
    let hill = map(&["...", "./#", "###"]);
    let n = v(-1.0, -1.0).normalize();
    // The slope runs from (1, 2) to (2, 1); a disc sunk 0.1 into its middle.
    let centre = v(1.5, 1.5) + n * 0.2;
    let c = contact(&hill, &Circle::new(centre, 0.3).unwrap()).unwrap();
    assert!(close(c.normal, n) && (c.depth - 0.1).abs() < 1e-5, "{c:?}");
}

#[test]
fn rays_hit_the_surface_never_a_seam() {
    let floor = map(&["....", "....", "####"]);
    // Straight down onto the line between two cells.
    let hit = cast_ray(&floor, &Ray::new(v(2.0, 0.0), v(0.0, 1.0)).unwrap(), 10.0).unwrap();
    assert_eq!((hit.distance, hit.normal), (2.0, v(0.0, -1.0)));
    // Down and across, through the corner two cells share.
    let hit = cast_ray(&floor, &Ray::new(v(1.0, 1.0), v(1.0, 1.0)).unwrap(), 10.0).unwrap();
    assert!(close(hit.point, v(2.0, 2.0)) && hit.normal == v(0.0, -1.0), "{hit:?}");
    let hit = cast_ray(&floor, &Ray::new(v(3.0, 1.0), v(-1.0, 1.0)).unwrap(), 10.0).unwrap();
    assert!(close(hit.point, v(2.0, 2.0)) && hit.normal == v(0.0, -1.0), "{hit:?}");
    // From the side, into the end of the floor; from inside; past it.
    let hit = cast_ray(&floor, &Ray::new(v(-3.0, 2.5), v(1.0, 0.0)).unwrap(), 10.0).unwrap();
    assert_eq!((hit.distance, hit.normal), (3.0, v(-1.0, 0.0)));
    let inside = cast_ray(&floor, &Ray::new(v(1.5, 2.5), v(1.0, 0.0)).unwrap(), 10.0).unwrap();
    assert_eq!((inside.distance, inside.normal), (0.0, v(-1.0, 0.0)));
    assert!(cast_ray(&floor, &Ray::new(v(1.5, 1.5), v(0.0, -1.0)).unwrap(), 10.0).is_none());
    assert!(cast_ray(&floor, &Ray::new(v(1.5, 1.5), v(0.0, 1.0)).unwrap(), 0.4).is_none());
    // Onto a slope.
    let hill = map(&["...", "./#", "###"]);
    let hit = cast_ray(&hill, &Ray::new(v(1.5, -1.0), v(0.0, 1.0)).unwrap(), 10.0).unwrap();
    assert!((hit.distance - 2.5).abs() < 1e-6 && close(hit.normal, v(-1.0, -1.0).normalize()), "{hit:?}");
}

#[test]
fn casts_land_on_the_surface_never_a_seam() {
    let floor = map(&["....", "....", "####"]);
    let b = Aabb::new(v(0.5, 0.0), v(1.0, 0.5)).unwrap();
    // Its corner comes down exactly on the corner two floor cells share.
    let hit = cast_shape(&b, v(1.0, 1.5), &floor, Vec2::ZERO, 10.0).unwrap();
    assert!((hit.time - 1.0).abs() < 1e-6 && close(hit.normal, v(0.0, 1.0)), "{hit:?}");
    // Sliding along the floor's top it touches from the start.
    let sliding = Aabb::new(v(0.2, 1.0), v(0.8, 2.0)).unwrap();
    let hit = cast_shape(&sliding, v(1.0, 0.0), &floor, Vec2::ZERO, 10.0).unwrap();
    assert!(hit.started_overlapping && hit.time == 0.0);
    // A disc falling far onto it; a wall ahead.
    let ball = Circle::new(v(2.0, -50.0), 0.5).unwrap();
    let hit = cast_shape(&floor, Vec2::ZERO, &ball, v(0.0, 1.0), 100.0).unwrap();
    assert!((hit.time - 51.5).abs() < 1e-4 && close(hit.normal, v(0.0, -1.0)), "{hit:?}");
    let wall = map(&["...#", "...#"]);
    // A capsule as tall as the two wall cells, its round ends on the seam's level.
    let capsule = Capsule::new(v(0.5, 0.5), v(0.5, 1.5), 0.25).unwrap();
    let hit = cast_shape(&capsule, v(4.0, 0.0), &wall, Vec2::ZERO, 1.0).unwrap();
    assert!((hit.time - 0.5625).abs() < 1e-6 && close(hit.normal, v(1.0, 0.0)), "{hit:?}");
    assert!(cast_shape(&capsule, v(2.0, 0.0), &wall, Vec2::ZERO, 1.0).is_none());
    assert!(cast_shape(&ball, v(1.0, 0.0), &floor, Vec2::ZERO, 100.0).is_none());
}

#[test]
fn distances_contains_and_points_follow_the_solid() {
    let floor = map(&["....", "....", "####"]);
    let ball = Circle::new(v(2.0, 1.0), 0.5).unwrap();
    assert!((distance(&floor, &ball) - 0.5).abs() < 1e-6);
    let c = closest_points(&floor, &ball).unwrap();
    assert!(close(c.point_a, v(2.0, 2.0)) && close(c.point_b, v(2.0, 1.5)), "{c:?}");
    assert!(closest_points(&floor, &Circle::new(v(2.0, 1.5), 0.5).unwrap()).is_none());
    assert!(contains(&floor, &Aabb::new(v(0.5, 2.0), v(3.5, 3.0)).unwrap()));
    assert!(!contains(&floor, &Aabb::new(v(0.5, 1.9), v(3.5, 3.0)).unwrap()));
    assert!(!contains(&floor, &Aabb::new(v(0.5, 2.0), v(4.5, 3.0)).unwrap()));
    assert!(contains(&Aabb::new(v(-1.0, 1.0), v(5.0, 4.0)).unwrap(), &floor));
    assert!(!contains(&Aabb::new(v(-1.0, 1.0), v(3.5, 4.0)).unwrap(), &floor));
    assert_eq!(signed_distance(&floor, v(1.5, 2.25)), -0.25);
    assert_eq!(signed_distance(&floor, v(1.5, 1.25)), 0.75);
    let hill = map(&["...", "./#", "###"]);
    // In the open half of the slope's cell, not in the solid.
    assert!(!contains(&hill, &Circle::new(v(1.25, 1.25), 0.1).unwrap()));
    assert!(contains(&hill, &Circle::new(v(1.75, 1.75), 0.1).unwrap()));
    assert!(contains(&hill, &Obb::new(v(1.0, 2.5), v(0.9, 0.4), 0.0).unwrap()));
    let empty = map(&["..", ".."]);
    assert_eq!(distance(&empty, &ball), f32::MAX);
    assert!(contact(&empty, &ball).is_none());
}

#[test]
fn far_out_on_a_large_map_the_answers_are_the_ones_near_its_origin() {
    let rows = ["....", "....", "####"];
    let cell = 16.0;
    let near = map_at(Vec2::ZERO, cell, &rows);
    let far_origin = v(50_000.0 * cell, 3.0 * cell);
    let far = map_at(far_origin, cell, &rows);
    let probe = |m: &TileMap, at: Vec2| {
        let b = Aabb::new(at + v(17.0, 20.0), at + v(30.0, 34.0)).unwrap();
        contact(m, &b).map(|c| (c.normal, c.depth))
    };
    assert_eq!(probe(&near, Vec2::ZERO), probe(&far, far_origin));
    assert_eq!(probe(&near, Vec2::ZERO), Some((v(0.0, -1.0), 2.0)));
}

#[test]
fn closest_points_reach_past_the_first_rings_and_from_off_the_grid() {
    // One solid cell in the far corner of a 40 × 40 map.
    let mut rows = vec!["........................................"; 40];
    rows[39] = ".......................................#";
    let lone = map(&rows);
    let c = closest_points(&lone, &v(0.5, 0.5)).unwrap();
    assert!(close(c.point_a, v(39.0, 39.0)) && (c.distance - (38.5f32 * 38.5 * 2.0).sqrt()).abs() < 1e-3, "{c:?}");
    // From 100 cells left of the grid, level with a row of the cell.
    let c = closest_points(&lone, &v(-100.0, 39.5)).unwrap();
    assert!(close(c.point_a, v(39.0, 39.5)) && (c.distance - 139.0).abs() < 1e-3, "{c:?}");
    // The piece found first (in the first ring to hold one) is not the nearest: a later one is.
    let near = map(&["#.....", "......", "......", "......", ".....#"]);
    let c = closest_points(&near, &v(1.5, 1.5)).unwrap();
    assert!(close(c.point_a, v(1.0, 1.0)), "{c:?}");
    // From (3.9, 2.5): cell (1, 4), two rings out, is 2.42 away; cell (6, 2), three out, 2.1.
    let later = map(&["........", "........", "......#.", "........", ".#......"]);
    let c = closest_points(&later, &v(3.9, 2.5)).unwrap();
    assert!(close(c.point_a, v(6.0, 2.5)) && (c.distance - 2.1).abs() < 1e-5, "{c:?}");
    // No solid at all: as far as can be.
    assert_eq!(distance(&map(&["...", "..."]), &v(1.0, 1.0)), f32::MAX);
}
