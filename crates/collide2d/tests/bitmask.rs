//! Bitmasks against an independent per-pixel reference (a `Vec<bool>` grid, no words), on random
//! masks at random offsets, and hand cases.

use collide2d::bitmask::{Bitmask, Connectivity, PixelRect, ScanOrder};
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::{intersects, Aabb, Capsule, Circle, Obb, Shape, Transform, Vec2};
use proptest::prelude::*;

/// The reference: one bool a pixel, row-major.
#[derive(Clone, Debug)]
struct Grid {
    w: u32,
    h: u32,
    cells: Vec<bool>,
}

impl Grid {
    fn get(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.w as i64 && y < self.h as i64 && self.cells[(y * self.w as i64 + x) as usize]
    }

    fn mask(&self) -> Bitmask {
        Bitmask::from_fn(self.w, self.h, |x, y| self.get(x as i64, y as i64))
    }

    fn of(m: &Bitmask) -> Grid {
        let mut cells = Vec::new();
        for y in 0..m.height() {
            for x in 0..m.width() {
                cells.push(m.get(x, y));
            }
        }
        Grid { w: m.width(), h: m.height(), cells }
    }

    /// Pixels of self (in self's space) set in both, other at offset.
    fn both(&self, other: &Grid, (dx, dy): (i32, i32)) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for y in 0..self.h as i64 {
            for x in 0..self.w as i64 {
                if self.get(x, y) && other.get(x - dx as i64, y - dy as i64) {
                    out.push((x as u32, y as u32));
                }
            }
        }
        out
    }

    fn first(&self, other: &Grid, offset: (i32, i32), order: ScanOrder) -> Option<(u32, u32)> {
        let hits = self.both(other, offset);
        let key = |&(x, y): &(u32, u32)| -> (i64, i64) {
            let (x, y) = (x as i64, y as i64);
            match order {
                ScanOrder::TopLeft => (y, x),
                ScanOrder::TopRight => (y, -x),
                ScanOrder::BottomLeft => (-y, x),
                ScanOrder::BottomRight => (-y, -x),
                ScanOrder::LeftTop => (x, y),
                ScanOrder::LeftBottom => (x, -y),
                ScanOrder::RightTop => (-x, y),
                ScanOrder::RightBottom => (-x, -y),
            }
        };
        hits.into_iter().min_by_key(key)
    }

    /// Components by flood fill, each as its sorted pixel list, ordered by first pixel.
    fn components(&self, eight: bool) -> Vec<Vec<(u32, u32)>> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for y in 0..self.h as i64 {
            for x in 0..self.w as i64 {
                let i = (y * self.w as i64 + x) as usize;
                if !self.cells[i] || seen[i] {
                    continue;
                }
                seen[i] = true;
                let mut stack = vec![(x, y)];
                let mut pixels = Vec::new();
                while let Some((px, py)) = stack.pop() {
                    pixels.push((px as u32, py as u32));
                    for ny in -1..=1i64 {
                        for nx in -1..=1i64 {
                            if (nx == 0 && ny == 0) || (!eight && nx != 0 && ny != 0) {
                                continue;
                            }
                            let (qx, qy) = (px + nx, py + ny);
                            if self.get(qx, qy) {
                                let j = (qy * self.w as i64 + qx) as usize;
                                if !seen[j] {
                                    seen[j] = true;
                                    stack.push((qx, qy));
                                }
                            }
                        }
                    }
                }
                pixels.sort_by_key(|&(x, y)| (y, x));
                out.push(pixels);
            }
        }
        out
    }

    fn outline(&self) -> Vec<bool> {
        let mut out = vec![false; self.cells.len()];
        for y in 0..self.h as i64 {
            for x in 0..self.w as i64 {
                let inner = self.get(x - 1, y) && self.get(x + 1, y) && self.get(x, y - 1) && self.get(x, y + 1);
                out[(y * self.w as i64 + x) as usize] = self.get(x, y) && !inner;
            }
        }
        out
    }
}

fn grid(max_w: u32, max_h: u32) -> impl Strategy<Value = Grid> {
    (0..=max_w, 0..=max_h, 0.0f64..1.0).prop_flat_map(|(w, h, density)| {
        proptest::collection::vec(proptest::bool::weighted(density), (w * h) as usize).prop_map(move |cells| Grid {
            w,
            h,
            cells,
        })
    })
}

fn offset() -> impl Strategy<Value = (i32, i32)> {
    let coord = prop_oneof![
        6 => -220i32..220,
        1 => prop_oneof![Just(i32::MIN), Just(i32::MAX), Just(i32::MIN + 1), Just(i32::MAX - 1)],
        1 => (-4i32..4).prop_map(|k| k * 64),
        1 => any::<i32>(),
    ];
    (coord.clone(), coord)
}

const ORDERS: [ScanOrder; 8] = [
    ScanOrder::TopLeft,
    ScanOrder::TopRight,
    ScanOrder::BottomLeft,
    ScanOrder::BottomRight,
    ScanOrder::LeftTop,
    ScanOrder::LeftBottom,
    ScanOrder::RightTop,
    ScanOrder::RightBottom,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn overlap_queries_match_the_per_pixel_reference(a in grid(200, 24), b in grid(150, 24), off in offset()) {
        let (ma, mb) = (a.mask(), b.mask());
        let both = a.both(&b, off);
        prop_assert_eq!(ma.overlaps(&mb, off), !both.is_empty());
        prop_assert_eq!(ma.overlap_area(&mb, off), both.len() as u64);
        let m = ma.overlap_mask(&mb, off);
        prop_assert_eq!((m.width(), m.height()), (a.w, a.h));
        let expected: Vec<(u32, u32)> = both.clone();
        let got: Vec<(u32, u32)> =
            (0..a.h).flat_map(|y| (0..a.w).map(move |x| (x, y))).filter(|&(x, y)| m.get(x, y)).collect();
        prop_assert_eq!(got, expected);
        for order in ORDERS {
            prop_assert_eq!(ma.first_overlap(&mb, off, order), a.first(&b, off, order), "{:?}", order);
        }
    }

    #[test]
    fn mask_measures_match_the_reference(a in grid(200, 30)) {
        let m = a.mask();
        prop_assert_eq!(m.count(), a.cells.iter().filter(|c| **c).count() as u64);
        let set: Vec<(u32, u32)> =
            (0..a.h).flat_map(|y| (0..a.w).map(move |x| (x, y))).filter(|&(x, y)| a.get(x as i64, y as i64)).collect();
        let rect = (!set.is_empty()).then(|| {
            let x0 = set.iter().map(|p| p.0).min().unwrap();
            let x1 = set.iter().map(|p| p.0).max().unwrap();
            let y0 = set.iter().map(|p| p.1).min().unwrap();
            let y1 = set.iter().map(|p| p.1).max().unwrap();
            PixelRect { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }
        });
        prop_assert_eq!(m.bounding_rect(), rect);
        prop_assert_eq!(Grid::of(&m.outline()).cells, a.outline());
        // Runs cover exactly the set pixels.
        let mut from_runs = vec![false; a.cells.len()];
        for (y, s, e) in m.runs() {
            for x in s..e {
                from_runs[(y * a.w + x) as usize] = true;
            }
        }
        prop_assert_eq!(from_runs, a.cells.clone());
        if let Some(c) = m.centroid() {
            let n = set.len() as f64;
            let cx = set.iter().map(|p| p.0 as f64 + 0.5).sum::<f64>() / n;
            let cy = set.iter().map(|p| p.1 as f64 + 0.5).sum::<f64>() / n;
            prop_assert!((c.x as f64 - cx).abs() < 1e-3 && (c.y as f64 - cy).abs() < 1e-3);
        } else {
            prop_assert!(set.is_empty());
        }
    }

    #[test]
    fn components_match_a_flood_fill(a in grid(150, 20)) {
        let m = a.mask();
        for (conn, eight) in [(Connectivity::Four, false), (Connectivity::Eight, true)] {
            let expected = a.components(eight);
            let got: Vec<Vec<(u32, u32)>> = m
                .components(conn)
                .iter()
                .map(|c| {
                    prop_assert_eq!(c.count, c.mask.count());
                    prop_assert_eq!(c.mask.bounding_rect(), Some(PixelRect { x: 0, y: 0, width: c.rect.width, height: c.rect.height }));
                    Ok((0..c.rect.height)
                        .flat_map(|y| (0..c.rect.width).map(move |x| (x, y)))
                        .filter(|&(x, y)| c.mask.get(x, y))
                        .map(|(x, y)| (x + c.rect.x, y + c.rect.y))
                        .collect())
                })
                .collect::<Result<_, TestCaseError>>()?;
            prop_assert_eq!(got, expected, "{:?}", conn);
        }
    }

    #[test]
    fn transformed_masks_sample_source_pixels_at_destination_centres(
        a in grid(40, 20),
        angle in -3.2f32..3.2,
        sx in prop_oneof![0.3f32..3.0, -3.0f32..-0.3],
        sy in 0.3f32..3.0,
        tx in -50.0f32..50.0,
        ty in -50.0f32..50.0,
    ) {
        let t = Transform::from_parts(Vec2::new(tx, ty), angle, Vec2::new(sx, sy), Vec2::new(3.0, 2.0));
        let (m, (ox, oy)) = a.mask().transformed(&t).unwrap();
        let inv = t.inverse().unwrap().affine().as_daffine2();
        // Every destination pixel agrees with point sampling of the source at its centre, also in a
        // margin around the result, where sampling must find nothing.
        for y in -3..m.height() as i64 + 3 {
            for x in -3..m.width() as i64 + 3 {
                let c = glam::DVec2::new((ox as i64 + x) as f64 + 0.5, (oy as i64 + y) as f64 + 0.5);
                let p = inv.transform_point2(c);
                let sampled = a.get(p.x.floor() as i64, p.y.floor() as i64);
                let inside = x >= 0 && y >= 0 && x < m.width() as i64 && y < m.height() as i64;
                let got = inside && m.get(x as u32, y as u32);
                prop_assert_eq!(got, sampled, "pixel {} {}", x, y);
            }
        }
    }

    #[test]
    fn masks_against_shapes_match_per_pixel_tests(
        a in grid(100, 30),
        cx in -10.0f32..110.0, cy in -10.0f32..40.0,
        r in 0.1f32..20.0, hw in 0.1f32..30.0, angle in -3.2f32..3.2,
        kind in 0usize..3,
    ) {
        let shape: Shape = match kind {
            0 => Circle::new(Vec2::new(cx, cy), r).unwrap().into(),
            1 => Obb::new(Vec2::new(cx, cy), Vec2::new(hw, r), angle).unwrap().into(),
            _ => Capsule::new(Vec2::new(cx, cy), Vec2::new(cx + hw, cy + r), r * 0.5).unwrap().into(),
        };
        let m = a.mask();
        // Exact: some set pixel's closed square meets the shape.
        let exact = (0..a.h).any(|y| (0..a.w).any(|x| a.get(x as i64, y as i64) && {
            let square = Aabb::from_xywh(x as f32, y as f32, 1.0, 1.0).unwrap();
            intersects(&square, &shape)
        }));
        prop_assert_eq!(m.overlaps_shape(&shape), exact);
        // Sampled: some set pixel's centre lies in the shape.
        let sampled = (0..a.h).any(|y| (0..a.w).any(|x| a.get(x as i64, y as i64)
            && collide2d::contains(&shape, &Vec2::new(x as f32 + 0.5, y as f32 + 0.5))));
        let mut scratch = Bitmask::new(3, 3);
        prop_assert_eq!(m.overlaps_shape_sampled(&shape, &mut scratch), sampled);
        // The rasterised shape, placed at its offset, holds exactly the centres inside.
        let (raster, (ox, oy)) = Bitmask::from_shape(&shape, 1.0).unwrap();
        let g = Grid::of(&raster);
        for y in -12..45i64 {
            for x in -12..135i64 {
                let inside = collide2d::contains(&shape, &Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                prop_assert_eq!(g.get(x - ox as i64, y - oy as i64), inside, "pixel {} {}", x, y);
            }
        }
    }

    #[test]
    fn push_out_axis_move_is_the_shortest_clearing_one(a in grid(40, 12), b in grid(30, 12), dx in -30i32..40, dy in -12i32..12) {
        let (ma, mb) = (a.mask(), b.mask());
        let push = ma.push_out(&mb, (dx, dy));
        if a.both(&b, (dx, dy)).is_empty() {
            prop_assert!(push.is_none());
        } else {
            let p = push.unwrap();
            let clears = |k: i32, (sx, sy): (i32, i32)| a.both(&b, (dx + k * sx, dy + k * sy)).is_empty();
            let shortest = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(|d| ((1..200).find(|&k| clears(k, d)).unwrap(), d))
                .min_by_key(|(k, _)| *k)
                .unwrap();
            prop_assert_eq!(p.axis_move, (shortest.0 * shortest.1 .0, shortest.0 * shortest.1 .1));
            prop_assert!((p.normal.length() - 1.0).abs() < 1e-4);
            let step = (p.normal * p.depth).round();
            prop_assert!(!ma.overlaps(&mb, (dx + step.x as i32, dy + step.y as i32)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Hand cases.

fn disc(size: u32, c: f32, r: f32) -> Bitmask {
    Bitmask::from_fn(size, size, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - c, y as f32 + 0.5 - c);
        dx * dx + dy * dy <= r * r
    })
}

fn ring(size: u32, c: f32, r_in: f32, r_out: f32) -> Bitmask {
    Bitmask::from_fn(size, size, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - c, y as f32 + 0.5 - c);
        let d2 = dx * dx + dy * dy;
        d2 >= r_in * r_in && d2 <= r_out * r_out
    })
}

#[test]
fn a_disc_inside_a_ring_hole_misses_until_it_reaches_the_ring() {
    let ring = ring(200, 100.0, 60.0, 80.0);
    let disc = disc(60, 30.0, 25.0);
    // Centred in the hole: the disc (radius 25) sits inside the inner radius 60.
    assert!(!ring.overlaps(&disc, (70, 70)));
    assert_eq!(ring.overlap_area(&disc, (70, 70)), 0);
    // Moved right by 36 its edge reaches radius 61: inside the ring band.
    assert!(ring.overlaps(&disc, (106, 70)));
    // The first overlap from the right is on the horizontal centre line, at the disc's right edge.
    let (x, y) = ring.first_overlap(&disc, (106, 70), ScanOrder::RightTop).unwrap();
    assert_eq!(x, 160);
    assert_eq!(y, 95); // the disc's rightmost column spans rows 95..=104
                       // Outside the ring entirely: nothing.
    assert!(!ring.overlaps(&disc, (200, 70)));
    assert_eq!(ring.components(Connectivity::Four).len(), 1);
}

#[test]
fn one_pixel_lines_crossing_meet_in_one_pixel() {
    let horizontal = Bitmask::full(300, 1);
    let vertical = Bitmask::full(1, 300);
    for (x, y) in [(0, -299), (63, -150), (64, -1), (65, 0), (299, -5)] {
        assert_eq!(horizontal.overlap_area(&vertical, (x, y)), 1, "{x} {y}");
        assert_eq!(horizontal.first_overlap(&vertical, (x, y), ScanOrder::BottomRight), Some((x as u32, 0)));
    }
    assert!(!horizontal.overlaps(&vertical, (300, -5)));
    assert!(!horizontal.overlaps(&vertical, (-1, -5)));
    assert!(!horizontal.overlaps(&vertical, (5, 1)));
    assert!(!horizontal.overlaps(&vertical, (5, -300)));
    // Diagonal lines crossing at a corner only: eight-connected as one, four-connected apart.
    let x = Bitmask::from_fn(9, 9, |x, y| x == y || x + y == 8);
    assert_eq!(x.components(Connectivity::Eight).len(), 1);
    assert_eq!(x.components(Connectivity::Four).len(), 17);
}

#[test]
fn a_checkerboard_misses_its_own_shift_by_one_and_hits_by_two() {
    let board = Bitmask::from_fn(130, 70, |x, y| (x + y) % 2 == 0);
    assert_eq!(board.count(), 130 * 70 / 2);
    assert!(!board.overlaps(&board, (1, 0)));
    assert!(!board.overlaps(&board, (0, -1)));
    assert!(!board.overlaps(&board, (65, 0)));
    assert!(board.overlaps(&board, (1, 1)));
    assert_eq!(board.overlap_area(&board, (2, 0)), 128 * 70 / 2);
    assert_eq!(board.overlap_area(&board, (64, 2)), 66 * 68 / 2);
    // Every square touches its neighbours at corners only.
    assert_eq!(board.components(Connectivity::Four).len(), 130 * 70 / 2);
    assert_eq!(board.components(Connectivity::Eight).len(), 1);
    assert_eq!(board.outline(), board);
}

#[test]
fn full_and_empty_masks() {
    let full = Bitmask::full(100, 50);
    let empty = Bitmask::new(100, 50);
    let nothing = Bitmask::new(0, 0);
    assert_eq!(full.overlap_area(&full, (-30, 20)), 70 * 30);
    assert!(!full.overlaps(&empty, (0, 0)));
    assert!(!full.overlaps(&nothing, (0, 0)));
    assert!(!nothing.overlaps(&full, (0, 0)));
    assert_eq!(empty.bounding_rect(), None);
    assert_eq!(nothing.bounding_rect(), None);
    assert!(empty.components(Connectivity::Eight).is_empty());
    assert_eq!(full.components(Connectivity::Four).len(), 1);
    assert_eq!(full.outline().count(), 2 * 100 + 2 * 48);
    assert!(full.push_out(&empty, (0, 0)).is_none());
    assert_eq!(full.centroid(), Some(Vec2::new(50.0, 25.0)));
    assert!(nothing.transformed(&Transform::from_rotation(0.4)).is_some());
}

#[test]
fn a_sprite_like_rgba_buffer_becomes_its_opaque_pixels() {
    // A generated 70×20 sprite: a translucent-edged opaque blob on a transparent background, with a
    // magenta key-colour band that a rule may ignore.
    let (w, h) = (70u32, 20u32);
    let mut px = vec![0u8; (w * h * 4) as usize];
    for y in 0..h {
        for x in 0..w {
            let i = ((y * w + x) * 4) as usize;
            let (dx, dy) = (x as f32 - 35.0, (y as f32 - 10.0) * 3.0);
            let d = (dx * dx + dy * dy).sqrt();
            let alpha = if d < 25.0 {
                255
            } else if d < 30.0 {
                100
            } else {
                0
            };
            px[i..i + 4].copy_from_slice(&[40, 80, 120, alpha]);
            if y == 10 && x < 5 {
                px[i..i + 4].copy_from_slice(&[255, 0, 255, 255]);
            }
        }
    }
    let image = Rgba8::new(w, h, &px).unwrap();
    let any = Bitmask::from_rgba(&image, &Solidity::default());
    let opaque = Bitmask::from_rgba(&image, &Solidity::alpha_above(200).ignoring([255, 0, 255, 255]));
    for y in 0..h {
        for x in 0..w {
            let p = image.pixel(x, y);
            assert_eq!(any.get(x, y), p[3] > 0);
            assert_eq!(opaque.get(x, y), p[3] > 200 && p != [255, 0, 255, 255]);
        }
    }
    assert!(any.count() > opaque.count());
    assert_eq!(opaque.components(Connectivity::Eight).len(), 1);
    assert_eq!(any.components(Connectivity::Four).len(), 2); // the blob, and the magenta band
}

#[test]
fn transformed_masks_collide_where_their_pictures_do() {
    // A 1×30 stick rotated by 45° about its centre crosses a horizontal bar at its centre only.
    let stick = Bitmask::full(30, 1);
    let bar = Bitmask::full(40, 3);
    let place =
        |x: f32, y: f32, angle: f32| Transform::from_parts(Vec2::new(x, y), angle, Vec2::ONE, Vec2::new(15.0, 0.5));
    let bar_at = Transform::from_translation(Vec2::new(0.0, 20.0));
    assert_eq!(bar.overlaps_placed(&bar_at, &stick, &place(20.0, 21.5, 0.785)), Some(true));
    assert_eq!(bar.overlaps_placed(&bar_at, &stick, &place(20.0, 35.0, 0.785)), Some(false));
    // 45° turn: 30 long reaches ±10.6 vertically, so 31.0 still crosses the bar's bottom (23)…
    assert_eq!(bar.overlaps_placed(&bar_at, &stick, &place(20.0, 31.0, 0.785)), Some(true));
    // …and 34.5 does not.
    assert_eq!(bar.overlaps_placed(&bar_at, &stick, &place(20.0, 34.5, 0.785)), Some(false));
    assert_eq!(bar.overlaps_placed(&Transform::from_scale(Vec2::ZERO), &stick, &bar_at), None);
}

#[test]
fn push_out_moves_along_the_shallow_side() {
    let wall = Bitmask::full(20, 100);
    let ball = disc(16, 8.0, 8.0);
    // Ball pushed 4 pixels into the wall's right side.
    let p = wall.push_out(&ball, (16, 40)).unwrap();
    assert_eq!(p.axis_move, (4, 0));
    // Moving up or down changes nothing: the normal is exactly horizontal.
    assert_eq!(p.normal, Vec2::X);
    assert_eq!(p.depth, 4.0);
    // A crate sunk 3 into a floor's top: pushed straight up (y down).
    let floor = Bitmask::full(100, 10);
    let crate_ = Bitmask::full(10, 10);
    let p = floor.push_out(&crate_, (40, -7)).unwrap();
    assert_eq!((p.axis_move, p.normal, p.depth), ((0, -3), Vec2::NEG_Y, 3.0));
}

/// Which way the estimate points, case by case: the fall of the overlap area when it has one,
/// else from one centroid to the other, else the axis move's own direction.
#[test]
fn push_out_normal_follows_the_area_then_the_centroids_then_the_axis() {
    let square = |side: u32| Bitmask::full(side, side);
    // Corner over corner, 3 × 5 deep: one step right takes 5 pixels off, one down 3, so the
    // normal leans (5, 3) over (and the axis move is the 3 to the right).
    let p = square(20).push_out(&square(20), (17, 15)).unwrap();
    assert_eq!(p.axis_move, (3, 0));
    assert!(p.normal.abs_diff_eq(Vec2::new(5.0, 3.0).normalize(), 1e-6), "{:?}", p.normal);
    // Wholly inside, away from every edge: the area does not change one step away, so the
    // normal runs from the big square's centroid (50, 50) to the small one's (75, 25).
    let p = square(100).push_out(&square(10), (70, 20)).unwrap();
    assert!(p.normal.abs_diff_eq(Vec2::new(1.0, -1.0).normalize(), 1e-6), "{:?}", p.normal);
    assert!(!square(100).overlaps(&square(10), (70 + 30, 20 - 30)));
    assert_eq!(p.depth, 42.0); // round(42 × 0.7071) = 30: the first step that clears
                               // Centred inside: the centroids agree too, so the axis move's direction (right, on ties).
    let p = square(30).push_out(&square(10), (10, 10)).unwrap();
    assert_eq!((p.axis_move, p.normal, p.depth), ((20, 0), Vec2::X, 20.0));
}

/// Two posts one pixel wide, one half sunk into the other's bottom: the push runs the posts'
/// length, farther than their widths and the other's height together.
#[test]
fn push_out_depth_can_run_a_long_thin_mask_s_length() {
    let post = Bitmask::full(1, 40);
    let p = post.push_out(&post, (0, 20)).unwrap();
    assert_eq!((p.axis_move, p.normal, p.depth), ((1, 0), Vec2::Y, 20.0));
}

/// A slanted push can run a mask's diagonal, √2 times its side: further than half the content
/// rectangles' widths and heights together, so the search for the depth must reach that far.
#[test]
fn push_out_depth_can_run_a_mask_s_diagonal() {
    // The diagonal (1, 1) ..= (30, 30), with a pixel left of and above its first one, so that a
    // pixel on that first one loses the overlap moving right or down and keeps it moving left or
    // up: the area falls along (1, 1).
    let line = Bitmask::from_fn(31, 31, |x, y| (x == y && x >= 1) || (x, y) == (0, 1) || (x, y) == (1, 0));
    let p = line.push_out(&Bitmask::full(1, 1), (1, 1)).unwrap();
    assert_eq!(p.axis_move, (1, 0));
    assert!(p.normal.abs_diff_eq(Vec2::ONE.normalize(), 1e-6), "{:?}", p.normal);
    // Steps of the normal, rounded, stay on the diagonal until they reach (31, 31): 42 × 0.7071 =
    // 29.7 is the first to round to 30. Half the rectangles' sides together is only 32.
    assert_eq!(p.depth, 42.0);
}

/// Content away from the masks' origins: each direction's search runs up to the move that takes
/// the content rectangles apart, and the shortest move is found right at that limit, one way or
/// the other along each axis.
#[test]
fn push_out_finds_the_move_at_the_content_rectangles_edge() {
    // A bar filling x 4..44 and y 3..13 of its mask, and a post filling x 5..10, y 2..12 of its.
    let bar = Bitmask::from_fn(50, 20, |x, y| (4..44).contains(&x) && (3..13).contains(&y));
    let post = Bitmask::from_fn(20, 20, |x, y| (5..10).contains(&x) && (2..12).contains(&y));
    let push = |offset: (i32, i32)| bar.push_out(&post, offset).unwrap().axis_move;
    // The post at x 35..40 of the bar's 4..44: 9 to the right clears it (36 to the left, 10 up
    // or down).
    assert_eq!(push((30, 1)), (9, 0));
    // At x 8..13: 9 to the left (36 to the right).
    assert_eq!(push((3, 1)), (-9, 0));
    // A beam lying across the bar's bottom or top edge, further out in its own mask.
    let beam = Bitmask::from_fn(80, 30, |x, y| (6..70).contains(&x) && (7..10).contains(&y));
    let push = |offset: (i32, i32)| bar.push_out(&beam, offset).unwrap().axis_move;
    // The beam's rows 7..10 at 12..15 of the bar's 3..13: 1 down clears, 12 up.
    assert_eq!(push((-2, 5)), (0, 1));
    // At 4..7: 4 up clears it (9 down).
    assert_eq!(push((-2, -3)), (0, -4));
}

/// A mask covers the cells whose centres lie in the shape's bounds, edges included; a shape
/// reaching past the range a mask can cover, or not finite, gets none (and nothing overflows on
/// the way).
#[test]
fn from_shape_covers_the_centres_in_the_bounds_and_refuses_what_no_mask_can_hold() {
    use collide2d::Aabb;
    // Centres 2.5 ..= 5.5 across and 3.5 ..= 7.5 down: 4 × 5 cells, from cell (2, 3).
    let edges_on_centres = Aabb::new(Vec2::new(2.5, 3.5), Vec2::new(5.5, 7.5)).unwrap();
    let (mask, offset) = Bitmask::from_shape(&edges_on_centres, 1.0).unwrap();
    assert_eq!((offset, mask.width(), mask.height(), mask.count()), ((2, 3), 4, 5, 20));
    // At 2 pixels a unit the same box covers centres 5.5 ..= 10.5 and 7.5 ..= 14.5.
    let (mask, offset) = Bitmask::from_shape(&edges_on_centres, 2.0).unwrap();
    assert_eq!((offset, mask.width(), mask.height(), mask.count()), ((5, 7), 6, 8, 48));
    // Each cell is tested at its centre scaled back: a disc of radius 1 at 4 pixels a unit.
    let disc = collide2d::Circle::new(Vec2::new(1.0, 1.0), 1.0).unwrap();
    let (mask, offset) = Bitmask::from_shape(&disc, 4.0).unwrap();
    assert_eq!((offset, mask.width(), mask.count()), ((0, 0), 8, 52));
    for (lo, hi) in [
        ((-5.0, 0.0), (1e30, 1.0)),
        ((0.0, -5.0), (1.0, 1e30)),
        ((-1e30, 0.0), (5.0, 1.0)),
        ((-1e30, -1e30), (1e30, 1e30)),
    ] {
        let b = Aabb::new(Vec2::from(lo), Vec2::from(hi)).unwrap();
        assert!(Bitmask::from_shape(&b, 1.0).is_none(), "{b:?}");
    }
    // Sides and pixel counts past the limits, either way round.
    let side = collide2d::bitmask::MAX_SIDE as f32;
    for (w, h) in [(side + 16.0, 1.0), (1.0, side + 16.0), (40_000.0, 40_000.0)] {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(w, h)).unwrap();
        assert!(Bitmask::from_shape(&b, 1.0).is_none(), "{b:?}");
    }
    // Scales that are not positive and finite.
    for scale in [0.0, -1.0, f32::INFINITY, f32::NAN] {
        assert!(Bitmask::from_shape(&edges_on_centres, scale).is_none(), "{scale}");
    }
    // A unit box at a scale whose cells overflow.
    let unit = Aabb::new(Vec2::new(-1.0, -1.0), Vec2::ONE).unwrap();
    assert!(Bitmask::from_shape(&unit, 1e30).is_none());
    assert!(Bitmask::from_shape(&Vec2::new(f32::NAN, 1.0), 1.0).is_none());
    assert!(Bitmask::from_shape(&Vec2::new(1.0, f32::INFINITY), 1.0).is_none());
}

/// The exact shape test's shortcuts (rows, columns and words it skips) never skip a pixel that
/// touches: at the mask's four edges, at word boundaries, runs reaching the end of a row, and
/// shapes that pass the mask's box but meet a row only beyond its end.
#[test]
fn overlaps_shape_skips_nothing_that_touches() {
    use collide2d::Segment;
    let block = |x0: f32, y0: f32, x1: f32, y1: f32| Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)).unwrap();
    let full = Bitmask::full(130, 3);
    // Touching each edge from outside, and a hair away.
    for (touching, apart) in [
        (block(-2.0, 1.0, 0.0, 2.0), block(-2.0, 1.0, -0.01, 2.0)),
        (block(1.0, -2.0, 2.0, 0.0), block(1.0, -2.0, 2.0, -0.01)),
        (block(130.0, 1.0, 132.0, 2.0), block(130.01, 1.0, 132.0, 2.0)),
        (block(1.0, 3.0, 2.0, 5.0), block(1.0, 3.01, 2.0, 5.0)),
    ] {
        assert!(full.overlaps_shape(&touching), "{touching:?}");
        assert!(!full.overlaps_shape(&apart), "{apart:?}");
    }
    // Far beyond a small mask, right or below.
    let small = Bitmask::full(20, 3);
    assert!(!small.overlaps_shape(&block(200.0, 1.0, 210.0, 2.0)));
    assert!(!small.overlaps_shape(&block(1.0, 200.0, 2.0, 210.0)));
    // Inside a row's second word, and at the very end of the row (a run to the mask's edge).
    assert!(full.overlaps_shape(&block(100.2, 1.2, 100.8, 1.8)));
    assert!(Bitmask::full(128, 3).overlaps_shape(&block(127.3, 1.2, 127.7, 1.8)));
    // One pixel just before a word boundary, touched from the next word's first column; one at
    // the end of the second word, with the shape inside it.
    let before_64 = Bitmask::from_fn(200, 3, |x, _| x == 63);
    assert!(before_64.overlaps_shape(&block(64.0, 1.0, 65.0, 2.0)));
    let at_127 = Bitmask::from_fn(200, 3, |x, _| x == 127);
    assert!(at_127.overlaps_shape(&block(127.2, 1.2, 127.8, 1.8)));
    // A shape ending exactly where a pixel's row or run starts.
    let dot = Bitmask::from_fn(80, 10, |x, y| (x == 5 || x == 64) && y == 5);
    assert!(dot.overlaps_shape(&block(4.5, 4.0, 5.5, 5.0)));
    assert!(dot.overlaps_shape(&block(63.5, 5.2, 64.0, 5.8)));
    assert!(!dot.overlaps_shape(&block(63.5, 5.2, 63.99, 5.8)));
    // Within the mask's box, but meeting rows 0 and 1 only past the mask's right end.
    let slant = Segment::new(Vec2::new(120.0, -2.0), Vec2::new(200.0, 1.5)).unwrap();
    assert!(!Bitmask::full(128, 3).overlaps_shape(&slant));
}

#[test]
fn masks_against_thin_shapes_and_polygons() {
    use collide2d::{Polygon, Segment};
    let m = Bitmask::from_fn(130, 10, |x, y| x == 100 && y == 4); // one pixel: [100, 101] × [4, 5]
    let mut scratch = Bitmask::default();
    // A point on the pixel's corner touches it (closed squares); no pixel centre is a point's.
    assert!(m.overlaps_shape(&Vec2::new(101.0, 5.0)));
    assert!(!m.overlaps_shape(&Vec2::new(101.01, 5.0)));
    assert!(m.overlaps_shape_sampled(&Vec2::new(100.5, 4.5), &mut scratch));
    assert!(!m.overlaps_shape_sampled(&Vec2::new(100.4, 4.5), &mut scratch));
    // A segment across the row, and one stopping short of the pixel.
    assert!(m.overlaps_shape(&Segment::new(Vec2::new(-5.0, 4.5), Vec2::new(200.0, 4.5)).unwrap()));
    assert!(!m.overlaps_shape(&Segment::new(Vec2::new(-5.0, 4.5), Vec2::new(99.9, 4.5)).unwrap()));
    // A concave L whose notch holds the pixel misses it; filled in, it hits.
    let l = Polygon::new(&[
        Vec2::new(90.0, 0.0),
        Vec2::new(110.0, 0.0),
        Vec2::new(110.0, 3.0),
        Vec2::new(93.0, 3.0),
        Vec2::new(93.0, 9.0),
        Vec2::new(90.0, 9.0),
    ])
    .unwrap();
    assert!(!m.overlaps_shape(&l));
    assert!(!m.overlaps_shape_sampled(&l, &mut scratch));
    let (raster, offset) = Bitmask::from_shape(&l, 1.0).unwrap();
    assert_eq!(offset, (90, 0));
    assert_eq!(raster.count(), 20 * 3 + 3 * 6);
    assert!(!m.overlaps(&raster, offset));
    let block = Aabb::from_xywh(90.0, 0.0, 20.0, 9.0).unwrap();
    assert!(m.overlaps_shape(&block) && m.overlaps_shape_sampled(&block, &mut scratch));
    // Shapes far away or with huge coordinates never panic.
    assert!(!m.overlaps_shape(&Circle::new(Vec2::new(1e30, -1e30), 1e29).unwrap()));
    assert!(!m.overlaps_shape_sampled(&Circle::new(Vec2::new(-1e30, 1e30), 1e29).unwrap(), &mut scratch));
    assert!(Bitmask::from_shape(&Circle::new(Vec2::ZERO, 1e20).unwrap(), 1.0).is_none());
}
