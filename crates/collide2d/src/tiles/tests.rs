use glam::Vec2;

use super::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn half_block() -> TileShape {
    TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.5), v(1.0, 1.0), v(0.0, 1.0)]).unwrap()
}

#[test]
fn a_map_is_refused_for_sizes_it_cannot_hold_naming_them() {
    let tiles = TileSet::solid(1);
    let err = |r: Result<TileMap, ShapeError>| r.unwrap_err().to_string();
    assert!(err(TileMap::new(Vec2::ZERO, v(0.0, 1.0), 2, 2, tiles.clone())).contains("cell width"));
    assert!(err(TileMap::new(Vec2::ZERO, v(1.0, -1.0), 2, 2, tiles.clone())).contains("cell height"));
    assert!(err(TileMap::new(v(f32::NAN, 0.0), Vec2::ONE, 2, 2, tiles.clone())).contains("origin.x"));
    assert!(err(TileMap::new(Vec2::ZERO, Vec2::ONE, 0, 2, tiles.clone())).contains("cells"));
    assert!(err(TileMap::new(Vec2::ZERO, Vec2::ONE, 65536, 65536, tiles.clone())).contains("cells"));
    assert!(err(TileMap::new(Vec2::ZERO, Vec2::splat(1e38), 100, 1, tiles.clone())).contains("far corner"));
    let ids = [1, 0, 0];
    assert!(err(TileMap::from_ids(Vec2::ZERO, Vec2::ONE, 2, 2, &ids, tiles.clone())).contains("ids"));
    let ids = [1, 0, 7, 0];
    let e = err(TileMap::from_ids(Vec2::ZERO, Vec2::ONE, 2, 2, &ids, tiles.clone()));
    assert!(e.contains("cell (0, 1)") && e.contains("unknown tile id 7"), "{e}");
    let ids = [1, 0, 0, 1 | ROTATE_HEXAGONAL];
    let e = err(TileMap::from_ids(Vec2::ZERO, Vec2::ONE, 2, 2, &ids, tiles));
    assert!(e.contains("cell (1, 1)") && e.contains("hexagonal"), "{e}");
}

#[test]
fn ids_are_kept_with_their_flags_and_cells_count_per_block() {
    let tiles = TileSet::solid(1).with(2, half_block());
    let mut map = TileMap::new(v(-3.0, 5.0), v(2.0, 4.0), 40, 20, tiles).unwrap();
    map.set(17, 3, 2 | FLIP_VERTICAL).unwrap();
    map.set(18, 3, 1).unwrap();
    map.set(39, 19, 2).unwrap();
    assert_eq!(map.id(17, 3), Some(2 | FLIP_VERTICAL));
    assert_eq!(map.id(40, 0), None);
    assert_eq!((map.filled_in_chunk(1, 0), map.filled_in_chunk(0, 0), map.filled_in_chunk(2, 1)), (2, 0, 1));
    map.set(18, 3, 0).unwrap();
    map.set(18, 3, 0).unwrap();
    assert_eq!(map.filled_in_chunk(1, 0), 1);
    // A refused id leaves the cell as it was.
    assert!(map.set(17, 3, 5).is_err());
    assert_eq!(map.id(17, 3), Some(2 | FLIP_VERTICAL));
    // The flipped half block is the top half of its cell.
    let Piece::Convex { sides, .. } = &map.kinds()[map.kind_index(17, 3)].piece else { panic!() };
    assert_eq!(*sides, [Some((0.0, 0.5)), Some((0.0, 0.5)), Some((0.0, 1.0)), None]);
    assert_eq!(map.aabb(), Aabb::new(v(-3.0, 5.0), v(77.0, 85.0)).unwrap());
}

#[test]
fn a_clone_is_untouched_by_a_change_to_the_original() {
    let mut map = TileMap::new(Vec2::ZERO, Vec2::ONE, 4, 4, TileSet::solid(1)).unwrap();
    let before = map.clone();
    map.set(1, 1, 1).unwrap();
    assert_eq!((before.id(1, 1), map.id(1, 1)), (Some(0), Some(1)));
    assert_ne!(before, map);
    map.set(1, 1, 0).unwrap();
    assert_eq!(before, map);
}

#[test]
fn cells_at_points_and_under_boxes_count_touching() {
    let map = TileMap::new(v(10.0, 20.0), v(2.0, 3.0), 5, 4, TileSet::solid(1)).unwrap();
    assert_eq!(map.cell_at(v(10.0, 20.0)), Some((0, 0)));
    assert_eq!(map.cell_at(v(12.0, 22.9)), Some((1, 0)));
    assert_eq!(map.cell_at(v(19.99, 31.99)), Some((4, 3)));
    assert_eq!(map.cell_at(v(20.0, 25.0)), None);
    assert_eq!(map.cell_at(v(f32::NAN, 25.0)), None);
    // A box whose edges lie on cell lines touches the cells on both sides.
    let r = map.cells_meeting(v(12.0, 23.0), v(14.0, 26.0));
    assert_eq!((r.cols, r.rows), ((0, 2), (0, 2)));
    let r = map.cells_meeting(v(12.5, 23.5), v(13.5, 25.5));
    assert_eq!((r.cols, r.rows, r.count()), ((1, 1), (1, 1), 1));
    // Clamped to the grid; off it, nothing.
    let r = map.cells_meeting(v(-100.0, -100.0), v(100.0, 21.0));
    assert_eq!((r.cols, r.rows), ((0, 4), (0, 0)));
    assert!(map.cells_meeting(v(-5.0, 0.0), v(9.0, 100.0)).is_empty());
    assert!(map.cells_meeting(v(20.5, 0.0), v(30.0, 100.0)).is_empty());
    assert!(!map.cells_meeting(v(20.0, 0.0), v(30.0, 100.0)).is_empty());
    assert!(map.cells_meeting(v(f32::NAN, 0.0), v(30.0, 100.0)).is_empty());
    assert!(map.cells_meeting(v(10.0, 20.0), v(12.0, f32::NAN)).is_empty());
    // A point, or a box with no width or height, meets the cell it is in.
    let r = map.cells_meeting(v(13.0, 24.0), v(13.0, 24.0));
    assert_eq!((r.cols, r.rows), ((1, 1), (1, 1)));
    let r = map.cells_meeting(v(13.0, 24.0), v(13.5, 24.0));
    assert_eq!((r.cols, r.rows), ((1, 1), (1, 1)));
    // An inverted box meets nothing, even within one cell.
    assert!(map.cells_meeting(v(13.5, 24.0), v(13.2, 25.0)).is_empty());
    assert!(map.cells_meeting(v(13.0, 25.0), v(13.5, 24.5)).is_empty());
}

#[test]
fn a_frame_puts_shared_corners_in_the_same_place_from_either_cell() {
    let map = TileMap::new(v(1000.0, 0.0), v(0.7, 0.3), 8, 8, TileSet::solid(1)).unwrap();
    let frame = map.frame_at(2, 3);
    assert_eq!(frame.corner(2, 3), Vec2::ZERO);
    assert_eq!(frame.at(3, 4, Vec2::ZERO), frame.at(2, 3, Vec2::ONE));
    assert_eq!(frame.at(4, 3, v(0.0, 0.5)), frame.at(3, 3, v(1.0, 0.5)));
    // The frame's origin is the cell's corner, worked out in f64 from the map's numbers.
    assert_eq!(frame.world(Vec2::ZERO), glam::DVec2::new(1000.0 + 2.0 * 0.7f32 as f64, 3.0 * 0.3f32 as f64).as_vec2());
    assert_eq!(frame.local(v(1001.5, 1.0)), v((1.5 - 2.0 * 0.7f32 as f64) as f32, (1.0 - 3.0 * 0.3f32 as f64) as f32));
}

#[test]
fn a_map_moves_only_by_translation() {
    let map = TileMap::new(Vec2::ZERO, Vec2::ONE, 2, 2, TileSet::solid(1)).unwrap();
    let moved = map.transformed(&Transform::from_translation(v(3.0, -1.0))).unwrap();
    assert_eq!(moved.origin(), v(3.0, -1.0));
    assert!(map.transformed(&Transform::from_rotation(0.5)).is_err());
    assert!(map.transformed(&Transform::from_scale(v(2.0, 2.0))).is_err());
    let far = TileMap::new(v(3e38, 0.0), Vec2::ONE, 2, 2, TileSet::solid(1)).unwrap();
    assert!(far.transformed(&Transform::from_translation(v(1e38, 0.0))).is_err());
}

#[test]
fn a_large_map_costs_about_two_bytes_a_cell() {
    let map = TileMap::new(Vec2::ZERO, Vec2::ONE, 1000, 1000, TileSet::solid(3)).unwrap();
    let per_cell = map.heap_bytes() as f64 / 1e6;
    assert!((2.0..2.05).contains(&per_cell), "{per_cell}");
}

proptest::proptest! {
    /// The cells under a box are those whose closed squares meet it, as `floor` and `ceil`
    /// in `f64` find them, whole or fractional, on the grid's lines, partly or wholly off it.
    #[test]
    #[allow(clippy::disallowed_methods)]
    fn cells_meeting_is_floor_and_ceil_clipped(
        lo in (-12.0f32..30.0, -12.0f32..30.0),
        size in (0.0f32..20.0, 0.0f32..20.0),
        snap in proptest::bool::ANY,
    ) {
        let map = TileMap::new(v(-2.0, 1.0), v(0.5, 2.0), 9, 7, TileSet::solid(1)).unwrap();
        let (mut lo, mut hi) = (v(lo.0, lo.1), v(lo.0 + size.0, lo.1 + size.1));
        if snap {
            // On the grid's lines.
            (lo, hi) = (lo.round(), hi.round());
        }
        let cells = |lo: f64, hi: f64, n: i64| {
            let (a, b) = ((lo.ceil() - 1.0).max(0.0) as i64, hi.floor().min(n as f64 - 1.0) as i64);
            (hi >= 0.0 && lo <= n as f64 && a <= b).then_some((a as u32, b as u32))
        };
        let g = |p: Vec2| (p.as_dvec2() - glam::DVec2::new(-2.0, 1.0)) / glam::DVec2::new(0.5, 2.0);
        let (glo, ghi) = (g(lo), g(hi));
        let expected = cells(glo.x, ghi.x, 9).zip(cells(glo.y, ghi.y, 7));
        let r = map.cells_meeting(lo, hi);
        proptest::prop_assert_eq!(expected, (!r.is_empty()).then_some((r.cols, r.rows)));
    }
}
