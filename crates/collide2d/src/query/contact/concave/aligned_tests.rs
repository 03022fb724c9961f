//! The search on tile-like shapes: axis-aligned faces that line up with the grid's cells and
//! with each other, notches that a shape fits exactly, and walks along the axes. Random shapes,
//! which the other tests use, never meet these; a game's tiles meet them all the time.

use glam::{DVec2, Vec2};

use super::regions::tests::Rng;
use super::search::Search;
use super::search_tests::{oracle_depth, regions_of, search_depth_against};
use crate::polygon::Polygon;
use crate::query::ShapeRef;
use crate::shape::Circle;

/// A comb lying on the edge of a square, overlapping it by 0.15: the way out is 0.15 to the
/// left. The grid's extent starts exactly at the left and bottom edges of one region (the
/// square against the comb's top-right piece, which holds both its rightmost and topmost
/// points), and the answer lies on that region's left face, in a cell (and block) along the
/// grid's left edge. A cell or block is solid only when its box *grown* by the slack lies inside
/// a region: tested shrunk, that cell (or block) would count as inside that region, the face's
/// stretch there as covered, and the search would find a way out 1 or more units long. With
/// 3 teeth the grid has cells only; with 300 (about as many regions) it has blocks of 4 × 4.
/// Turned a half turn, the same holds at the grid's right and top edges.
#[test]
fn a_cell_along_the_grids_edge_is_not_solid_where_the_answer_lies() {
    let corners = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
    let square = Polygon::new(&corners.map(|(x, y)| Vec2::new(x, y))).unwrap();
    for teeth in [3usize, 300] {
        // Teeth of width w with gaps of w, on a base 0.1 tall, 0.4 tall in all.
        let w = 0.4 / (2 * teeth - 1) as f32;
        let (left, bottom) = (-0.25f32, 2.0f32);
        let mut outline = vec![Vec2::new(left, bottom), Vec2::new(left + 0.4, bottom)];
        for k in (0..teeth).rev() {
            let x0 = left + 2.0 * k as f32 * w;
            outline.extend([Vec2::new(x0 + w, bottom + 0.4), Vec2::new(x0, bottom + 0.4)]);
            if k > 0 {
                outline.extend([Vec2::new(x0, bottom + 0.1), Vec2::new(x0 - w, bottom + 0.1)]);
            }
        }
        // The first tooth's left side runs down the base's left end. Turned a half turn about
        // the square's centre, the comb lies on its right edge, teeth down: the same case at the
        // grid's far (right and top) edges.
        for turned in [false, true] {
            let points: Vec<Vec2> = outline.iter().map(|&q| if turned { Vec2::splat(10.0) - q } else { q }).collect();
            let comb = Polygon::new(&points).unwrap();
            let (depth, tolerance) = search_depth_against(&square, ShapeRef::Polygon(&comb), 20.0, false).unwrap();
            assert!((depth - 0.15).abs() <= 2.0 * tolerance, "{teeth} teeth, turned {turned}: depth {depth}");
        }
    }
}

/// The walk out along a direction is exact below its limit: an exit just short of the limit
/// still sees a region that starts within the tolerance past it (here across a notch narrower
/// than the tolerance, which the walk treats as closed), so the walk goes on through it. A
/// U whose notch lies on the grid's middle line: the regions past the notch are listed in the
/// grid's other column only, which the walk reaches only by looking a little beyond the limit.
#[test]
fn an_exit_just_short_of_the_walks_limit_goes_on_through_a_region_within_the_tolerance() {
    let gap = 4e-4;
    let outline = [
        (-3.0, -2.0),
        (5.0 + gap, -2.0),
        (5.0 + gap, 2.0),
        (1.0 + gap, 2.0),
        (1.0 + gap, -1.0),
        (1.0, -1.0),
        (1.0, 2.0),
        (-3.0, 2.0),
    ];
    let u = Polygon::new(&outline.map(|(x, y)| Vec2::new(x, y))).unwrap();
    // A point in the left arm: the regions are the pieces, moved by the point.
    let mut scratch = regions_of(&u, ShapeRef::Point(Vec2::new(0.0, 0.5)), |_, _, _| true);
    let regions = std::mem::take(&mut scratch.regions);
    let (tolerance, margin) = (1e-3, 1e-5);
    let search = Search::new(&regions, tolerance, margin, 0.0, &mut scratch);
    for limit in [1.0 + tolerance, 1.0 + 0.5 * tolerance, 5.0] {
        let (t, _) = search.escape_alone(Vec2::X, limit);
        // Through the left arm (to 1), across the notch, through the right arm (to 5 + gap).
        assert!(t >= limit.min(5.0), "limit {limit}: the walk left at {t}");
    }
    let (t, _) = search.escape_alone(Vec2::NEG_X, 5.0);
    assert!((t - 3.0).abs() < 1e-5, "leftwards: {t}");
    search.give_back(&mut scratch);
}

/// A skyline: `heights.len()` columns one unit wide on a base, each as tall as its height.
fn skyline(heights: &[f32]) -> Polygon {
    let k = heights.len() as f32;
    let mut outline = vec![Vec2::ZERO, Vec2::new(k, 0.0)];
    for (i, &h) in heights.iter().enumerate().rev() {
        outline.extend([Vec2::new(i as f32 + 1.0, h), Vec2::new(i as f32, h)]);
    }
    Polygon::new(&outline).unwrap()
}

/// Tile-like shapes: skylines of whole units against discs, boxes, capsules and L-shaped
/// polygons on a half-unit grid. Their faces line up, notches fit a shape exactly, and walks run
/// along the axes, where random shapes never go. Every push must leave the shapes touching at
/// most, and a disc's may not be shorter than the exact answer (brute force, in f64).
#[test]
fn pushes_out_of_tile_like_skylines_separate_and_are_never_too_short() {
    let (checked, discs) = push_out_of_skylines(1500, 0x1357_9bdf_2468_ace0);
    assert!(checked > 4000 && discs > 1000, "only {checked} pairs, {discs} discs");
}

/// The same over a million skylines (`SOAK_PAIRS` to change), in a release build:
/// `cargo test --release -p collide2d --lib -- --ignored --nocapture skylines_soak`.
#[test]
#[ignore]
fn skylines_soak() {
    let skylines = std::env::var("SOAK_PAIRS").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let (checked, discs) = push_out_of_skylines(skylines, 0x2468_ace0_1357_9bdf);
    eprintln!("{skylines} skylines: {checked} overlapping pairs checked, {discs} of them discs, no failure");
}

/// Checks the pushes out of `skylines` random skylines; the pairs checked, and how many were
/// discs (checked against the exact answer too).
fn push_out_of_skylines(skylines: usize, seed: u64) -> (usize, usize) {
    use crate::query::intersects::intersects_ref;
    use crate::shape::{Aabb, Capsule};
    let mut rng = Rng(seed);
    let mut pick = |n: u32| (rng.range(0.0, n as f32) as u32).min(n - 1) as f32;
    let (mut checked, mut discs) = (0, 0);
    for case in 0..skylines {
        let k = 3 + pick(6) as usize;
        let heights: Vec<f32> = (0..k).map(|_| 1.0 + pick(5)).collect();
        let p = skyline(&heights);
        let at = Vec2::new(pick(2 * k as u32 + 2), pick(12)) * 0.5 - Vec2::splat(0.5);
        let size = Vec2::new(1.0 + pick(8), 1.0 + pick(8)) * 0.5;
        let radius = (1.0 + pick(3)) * 0.5;
        let boxed = Aabb::new(at, at + size).unwrap();
        let disc = Circle::new(at, radius).unwrap();
        let pill = Capsule::new(at, at + Vec2::new(size.x, 0.0), radius.min(1.0)).unwrap();
        // An L of three squares of side 0.5 or 1 in one of four turns: the boxes [0, 2] × [0, 1]
        // and [0, 1] × [1, 2] of its own frame, turned by quarter turns (exact), moved to `at`.
        let (side, turn) = ((1.0 + pick(2)) * 0.5, pick(4) as usize);
        let place = |x: f32, y: f32| {
            let v = Vec2::new(x, y) * side;
            at + [v, v.perp(), -v, -v.perp()][turn]
        };
        let corners = [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (1.0, 2.0), (0.0, 2.0)];
        let l = Polygon::new(&corners.map(|(x, y)| place(x, y))).unwrap();
        let l_boxes = [((0.0, 0.0), (2.0, 1.0)), ((0.0, 1.0), (1.0, 2.0))].map(|((x0, y0), (x1, y1))| {
            let (a, b) = (place(x0, y0), place(x1, y1));
            (a.min(b), a.max(b))
        });
        let others = [ShapeRef::Aabb(&boxed), ShapeRef::Circle(&disc), ShapeRef::Capsule(&pill), ShapeRef::Polygon(&l)];
        for other in others {
            let Some(c) = super::contact_default(&p, other) else { continue };
            // Moved by the push, they touch at most: the moved shape shrunk by 1e-4 meets
            // nothing.
            let (push, hair) = (c.normal * c.depth, 1e-4);
            let meets = |moved: ShapeRef| intersects_ref(crate::query::ShapeLike::shape_ref(&p), moved);
            let still = match other {
                ShapeRef::Aabb(b) => meets(ShapeRef::Aabb(
                    &Aabb::new(b.min() + push + Vec2::splat(hair), b.max() + push - Vec2::splat(hair)).unwrap(),
                )),
                ShapeRef::Circle(d) => {
                    meets(ShapeRef::Circle(&Circle::new(d.center() + push, d.radius() - hair).unwrap()))
                }
                ShapeRef::Capsule(q) => {
                    meets(ShapeRef::Capsule(&Capsule::new(q.a() + push, q.b() + push, q.radius() - hair).unwrap()))
                }
                // The L by its two boxes.
                _ => l_boxes.iter().any(|&(lo, hi)| {
                    let inset = Vec2::splat(hair);
                    meets(ShapeRef::Aabb(&Aabb::new(lo + push + inset, hi + push - inset).unwrap()))
                }),
            };
            assert!(!still, "case {case}: {other:?} pushed by {c:?} still overlaps {heights:?}");
            if let ShapeRef::Circle(d) = other {
                let ring: Vec<DVec2> = p.outline().iter().map(|v| v.as_dvec2()).collect();
                let exact = oracle_depth(&ring, d.center().as_dvec2(), d.radius() as f64);
                // And it stays there: at rest (even in a gap it fits exactly), the contact asks
                // for no more than rounding.
                let rest = Circle::new(d.center() + push, d.radius()).unwrap();
                let again = super::contact_default(&p, ShapeRef::Circle(&rest)).map_or(0.0, |k| k.depth);
                assert!(again < 1e-3, "case {case}: pushed by {c:?}, then by {again} more: {heights:?} {d:?}");
                assert!(c.depth as f64 >= exact - 1e-4, "case {case}: depth {} below the exact {exact}", c.depth);
                // No longer than the exact answer by more than the search's tolerance (1e-4 of
                // the shapes' size and the bound on the depth), even where the push ends in a
                // gap the disc fits exactly.
                let size = p.aabb().half_extents().length() + d.radius() * std::f32::consts::SQRT_2;
                let tolerance = 3e-4 * size as f64;
                assert!(
                    c.depth as f64 <= exact + tolerance,
                    "case {case}: depth {} above the exact {exact}: {heights:?} {d:?} {c:?}",
                    c.depth
                );
                discs += 1;
            }
            checked += 1;
        }
    }
    (checked, discs)
}

/// Checks that a box from (0.8, 1.5) to (1.8, 2.5), exactly as wide as the gap x in (1, 2) of
/// `outline` and overlapping its left wall by 0.2, goes back into the gap by 0.2, where it
/// touches both walls (and any longer push overlaps the far wall), as a box a thousandth
/// narrower does. At scales 1e-3, 1 and 1e6 (the tolerance grows with the scale).
fn assert_a_box_as_wide_as_the_gap_goes_back_into_it(outline: &[(f32, f32)]) {
    use crate::shape::Aabb;
    for scale in [1e-3f32, 1.0, 1e6] {
        let ring: Vec<Vec2> = outline.iter().map(|&(x, y)| Vec2::new(x, y) * scale).collect();
        let p = Polygon::new(&ring).unwrap();
        for right in [1.8, 1.799] {
            let b = Aabb::new(Vec2::new(0.8, 1.5) * scale, Vec2::new(right, 2.5) * scale).unwrap();
            let c = super::contact_default(&p, ShapeRef::Aabb(&b)).unwrap();
            let ok = (c.depth / scale - 0.2).abs() < 1e-5 && (c.normal - Vec2::X).length() < 1e-5;
            assert!(ok, "{scale} {right}: {c:?}");
        }
    }
}

/// In a corridor one tile wide and two deep: back in by 0.2, not 1.5 out of its open end.
#[test]
fn a_box_as_wide_as_a_corridor_is_pushed_back_into_it_as_a_narrower_one_is() {
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    assert_a_box_as_wide_as_the_gap_goes_back_into_it(&outline);
}

/// In a deep slot whose right wall is thin, the walk right from the wedge leaves through that
/// wall after 1.5, a clean exit shorter than any other, yet the box goes back into the slot by
/// 0.2. The wedge is compared with the exit by the tolerance added, which at 1e6 (a tolerance
/// of hundreds) is not the same as multiplied.
#[test]
fn a_box_as_wide_as_a_slot_goes_back_into_it_rather_than_through_its_thin_wall() {
    let outline = [
        (0.0, 0.0),
        (4.0, 0.0),
        (4.0, 1.0),
        (2.3, 1.0),
        (2.3, 10.0),
        (2.0, 10.0),
        (2.0, 1.0),
        (1.0, 1.0),
        (1.0, 10.0),
        (0.0, 10.0),
    ];
    assert_a_box_as_wide_as_the_gap_goes_back_into_it(&outline);
}
