//! The full search run on its own, over every region, without the shortcuts of `settle.rs`
//! that settle most cases before it: a disc pushed out of a concave polygon, against a
//! brute-force answer in f64. With the shortcuts skipped, every kind of candidate the search
//! proposes (a face's foot or stretch end, an arc's nearest point, two arcs' crossing) has to be
//! found by the search itself.

use glam::{DVec2, Vec2};

use super::regions::tests::Rng;
use super::regions::{add_regions, box_within, prepare_others, OtherPieces, Regions};
use super::search::Search;
use super::{inner_radius, Scratch};
use crate::polygon::Polygon;
use crate::query::contact::contact_ref;
use crate::query::contact::deepest::tests::star as spiky_star;
use crate::query::ShapeRef;
use crate::shape::Circle;

/// The depth the search alone finds for the disc against the polygon (with the tolerances
/// `contact_with` uses), or `None` when it finds no exit. With `skip_inner`, as the full search
/// runs after the shortcuts: the deepest piece's disc (less the tolerance) is known to be
/// covered, and the regions within it are not built.
fn search_depth(p: &Polygon, disc: &Circle, skip_inner: bool) -> Option<(f32, f32)> {
    let scale = 2.0 * (p.aabb().half_extents().length() + disc.radius()) + disc.center().length();
    search_depth_against(p, ShapeRef::Circle(disc), scale, skip_inner)
}

/// A fresh scratch holding the regions of `p` against `other` (with the other polygon's piece
/// flags, as a query has them) whose bounds `keep(lo, hi, radius)` admits.
pub(super) fn regions_of(p: &Polygon, other: ShapeRef, keep: impl Fn(Vec2, Vec2, f32) -> bool) -> Scratch {
    let mut scratch = Scratch::default();
    let flags = match other {
        ShapeRef::Polygon(q) => Some(q.part_flags()),
        _ => None,
    };
    prepare_others(p, OtherPieces::of(other), flags, &mut scratch);
    let radius = scratch.regions.radius;
    // Every box: the test's own `keep` decides.
    let all = (Vec2::splat(f32::NEG_INFINITY), Vec2::splat(f32::INFINITY));
    add_regions(p, (OtherPieces::of(other), flags), &mut scratch, all, |lo, hi| keep(lo, hi, radius));
    scratch
}

/// [`search_depth`] against any shape, the tolerances `1e-4` and `1e-6` times `scale`.
pub(super) fn search_depth_against(p: &Polygon, other: ShapeRef, scale: f32, skip_inner: bool) -> Option<(f32, f32)> {
    let (tolerance, margin) = (1e-4 * scale, 1e-6 * scale);
    let others = OtherPieces::of(other);
    let deepest = p
        .convex_parts()
        .iter()
        .flat_map(|c| (0..others.len()).filter_map(move |j| contact_ref(ShapeRef::ConvexPolygon(c), others.get(j))))
        .map(|c| c.depth)
        .fold(0.0f32, f32::max);
    let inner = if skip_inner { inner_radius(deepest, tolerance) } else { 0.0 };
    let mut scratch = regions_of(p, other, |lo, hi, radius| !box_within(lo, hi, radius, inner));
    search_alone(&mut scratch, (tolerance, margin), inner, f32::MAX).map(|(depth, _, _)| (depth, tolerance))
}

/// The search over the regions in `scratch`, as `contact_with` runs it: the tolerance and margin,
/// the skipped disc's radius and the reach. Its depth, direction and the region left last.
fn search_alone(
    scratch: &mut Scratch,
    (tolerance, margin): (f32, f32),
    inner: f32,
    reach: f32,
) -> Option<(f32, Vec2, usize)> {
    let regions = std::mem::take(&mut scratch.regions);
    let search = Search::new(&regions, tolerance, margin, inner, scratch);
    let found = search.run(reach);
    search.give_back(scratch);
    scratch.regions = regions;
    found
}

fn distance_to_ring(y: DVec2, ring: &[DVec2]) -> f64 {
    let n = ring.len();
    let mut inside = false;
    let mut best = f64::INFINITY;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        let d = b - a;
        let t = ((y - a).dot(d) / d.length_squared()).clamp(0.0, 1.0);
        best = best.min((a + d * t - y).length());
        if (a.y > y.y) != (b.y > y.y) && y.x < a.x + (y.y - a.y) / (b.y - a.y) * d.x {
            inside = !inside;
        }
    }
    if inside {
        0.0
    } else {
        best
    }
}

/// The shortest move of the disc's centre `c` to where the disc of radius `r` no longer
/// overlaps the polygon `ring` (counter-clockwise), in f64: the nearest point of the set
/// `{y : dist(y, ring) ≥ r}`. Its boundary is made of the edges' outward offsets by `r` and the
/// circles of radius `r` around the vertices, so its nearest point is the foot of `c` on one of
/// them or where two of them cross; every such point that is free is tried.
pub(super) fn oracle_depth(ring: &[DVec2], c: DVec2, r: f64) -> f64 {
    let n = ring.len();
    // Offset lines (a point, a unit direction) and circles (their centres).
    let lines: Vec<(DVec2, DVec2)> = (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let u = (b - a).normalize();
            (a + DVec2::new(u.y, -u.x) * r, u)
        })
        .collect();
    let mut points = Vec::new();
    for &(a, u) in &lines {
        points.push(a + u * (c - a).dot(u));
    }
    for &v in ring {
        points.push(v + (c - v).normalize_or(DVec2::X) * r);
    }
    for (i, &(a, u)) in lines.iter().enumerate() {
        for &(b, w) in &lines[i + 1..] {
            let det = u.perp_dot(w);
            if det.abs() > 1e-12 {
                points.push(a + u * ((b - a).perp_dot(w) / det));
            }
        }
        for &v in ring {
            // a + u s at distance r from v.
            let f = a - v;
            let (half_b, q) = (f.dot(u), f.length_squared() - r * r);
            let disc = half_b * half_b - q;
            if disc >= 0.0 {
                points.extend([-1.0, 1.0].map(|sign| a + u * (-half_b + sign * disc.sqrt())));
            }
        }
    }
    for (i, &v) in ring.iter().enumerate() {
        for &w in &ring[i + 1..] {
            let d = w - v;
            let h2 = r * r - d.length_squared() / 4.0;
            if h2 >= 0.0 {
                let off = d.perp() * (h2 / d.length_squared()).sqrt();
                points.extend([v + d / 2.0 + off, v + d / 2.0 - off]);
            }
        }
    }
    points
        .into_iter()
        .filter(|y| distance_to_ring(*y, ring) >= r * (1.0 - 1e-9))
        .map(|y| (y - c).length())
        .fold(f64::INFINITY, f64::min)
}

/// A star-shaped polygon: `n` vertices at random radii between `0.3` and `1` times `size` from
/// the origin (concave in general).
fn star(rng: &mut Rng, n: usize, size: f32) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let angle = (i as f32 + rng.range(-0.3, 0.3)) * std::f32::consts::TAU / n as f32;
            Vec2::from_angle(angle) * size * rng.range(0.3, 1.0)
        })
        .collect()
}

/// Checks the search's depth for the disc against the brute force; `false` when they do not
/// overlap.
fn agrees(p: &Polygon, c: Vec2, r: f32, what: &str) -> bool {
    let ring: Vec<DVec2> = p.outline().iter().map(|v| v.as_dvec2()).collect();
    if distance_to_ring(c.as_dvec2(), &ring) >= r as f64 {
        return false;
    }
    let expected = oracle_depth(&ring, c.as_dvec2(), r as f64);
    let disc = Circle::new(c, r).unwrap();
    for skip_inner in [false, true] {
        let (depth, tolerance) = search_depth(p, &disc, skip_inner).expect("an exit from an overlap");
        let slack = 3.0 * tolerance as f64;
        assert!(
            (depth as f64 - expected).abs() <= slack,
            "{what} (inner disc skipped: {skip_inner}): depth {depth}, brute force {expected}, slack {slack}: \
             {:?}, disc at {c} radius {r}",
            p.outline()
        );
    }
    true
}

#[test]
fn the_search_alone_pushes_discs_out_of_stars_as_far_as_the_brute_force_answer() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for case in 0..400 {
        let size = [1.0, 1e-3, 1e3][case % 3];
        let ring = star(&mut rng, 5 + case % 8, size);
        let Ok(p) = Polygon::new(&ring) else { continue };
        let c = Vec2::new(rng.range(-0.8, 0.8), rng.range(-0.8, 0.8)) * size;
        let r = rng.range(0.02, 0.6) * size;
        checked += usize::from(agrees(&p, c, r, &format!("case {case}")));
    }
    assert!(checked > 200, "only {checked} overlapping cases");
}

/// As above, with stars of many more corners: more than `LAZY_FROM` regions, so that the search
/// clears faces a part at a time, and the answer often lies on what a cover left of a face.
#[test]
fn the_search_alone_clears_faces_part_by_part_as_far_as_the_brute_force_answer() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let (mut checked, mut lazy) = (0, 0);
    for case in 0..240 {
        let size = [1.0, 1e-3, 1e3][case % 3];
        let ring = star(&mut rng, 24 + case % 24, size);
        let Ok(p) = Polygon::new(&ring) else { continue };
        let c = Vec2::new(rng.range(-0.6, 0.6), rng.range(-0.6, 0.6)) * size;
        let r = rng.range(0.1, 0.5) * size;
        if agrees(&p, c, r, &format!("many corners, case {case}")) {
            checked += 1;
            lazy += usize::from(p.convex_parts().len() > super::search::LAZY_FROM);
        }
    }
    assert!(checked > 150 && lazy > 100, "only {checked} overlapping cases, {lazy} searched lazily");
}

/// Checks the search alone over every region of `p` against `q`, with and without the deepest
/// pair's disc skipped, against the exits along 720 directions walked through every region: no
/// exit is shorter than the depth found (beyond the tolerance). A face part dropped, or cleared
/// by a cover that does not hold it, loses the nearest exposed point and makes the depth too
/// deep. `None` when they do not overlap; else how many regions there are, and how many have a
/// wheel.
fn never_deeper_than_an_exit(p: &Polygon, q: &Polygon, what: &str) -> Option<(usize, usize)> {
    use super::stretch::{walk_out, walk_stretch};
    let other = ShapeRef::Polygon(q);
    // Both callers' shapes lie within about 1.5 of the origin: the scale `contact` would take
    // for such a pair, fixed (from their bounds it came out near 5, a looser tolerance).
    let scale = 4.0;
    let scratch = regions_of(p, other, |_, _, _| true);
    let regions = &scratch.regions;
    let (tolerance, margin) = (1e-4 * scale, 1e-6 * scale);
    let mut stretches = Vec::new();
    let least_exit = (0..720)
        .map(|k| {
            let d = Vec2::from_angle(k as f32 * std::f32::consts::TAU / 720.0);
            stretches.clear();
            stretches.extend(
                (0..regions.info.len())
                    .filter_map(|m| walk_stretch(regions, m, d, margin, 0.5 * tolerance).map(|(lo, hi)| (lo, hi, m))),
            );
            walk_out(&mut stretches, tolerance).0
        })
        .fold(f32::INFINITY, f32::min);
    if least_exit <= 0.0 {
        return None;
    }
    for skip_inner in [false, true] {
        let (depth, _) = search_depth_against(p, other, scale, skip_inner).expect("an exit from an overlap");
        assert!(
            depth <= least_exit + 3.0 * tolerance,
            "{what} (inner disc skipped: {skip_inner}): depth {depth}, yet an exit at {least_exit}"
        );
    }
    Some((regions.info.len(), regions.wheels.count()))
}

/// Two concave stars (hundreds of regions: faces cleared a part at a time): see
/// [`never_deeper_than_an_exit`].
#[test]
fn the_search_alone_is_never_deeper_than_an_exit_between_two_concave_stars() {
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    let (mut checked, mut lazy) = (0, 0);
    for case in 0..60 {
        let Ok(p) = Polygon::new(&star(&mut rng, 16 + case % 16, 1.0)) else { continue };
        let offset = Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
        let ring: Vec<Vec2> = star(&mut rng, 12 + case % 12, 0.8).iter().map(|v| *v + offset).collect();
        let Ok(q) = Polygon::new(&ring) else { continue };
        if let Some((regions, _)) = never_deeper_than_an_exit(&p, &q, &format!("case {case}")) {
            checked += 1;
            lazy += usize::from(regions > super::search::LAZY_FROM);
        }
    }
    assert!(checked > 40 && lazy > 30, "only {checked} overlapping pairs, {lazy} searched lazily");
}

/// As above with stars of 48 to 58 points, whose middle pieces' regions have a wheel (see
/// `wheel.rs`), and with discs against the brute force: the point tests the wheels answer give
/// the depth a pass over every face gives.
#[test]
fn the_search_alone_answers_as_far_as_the_brute_force_through_regions_with_wheels() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let (mut pairs, mut discs) = (0, 0);
    for case in 0..6 {
        let n = 48 + 2 * case;
        let p = spiky_star(Vec2::ZERO, n, 1.0, rng.range(0.5, 0.8), rng.range(0.0, 1.0));
        let offset = Vec2::new(rng.range(-0.4, 0.4), rng.range(-0.4, 0.4));
        let q = spiky_star(offset, n - 3, 0.9, rng.range(0.5, 0.7), rng.range(0.0, 1.0));
        let (_, wheels) =
            never_deeper_than_an_exit(&p, &q, &format!("spiky stars, case {case}")).expect("they overlap");
        assert!(wheels > 0, "spiky stars, case {case}: no region has a wheel");
        pairs += 1;
        for _ in 0..8 {
            let c = Vec2::new(rng.range(-0.7, 0.7), rng.range(-0.7, 0.7));
            let r = rng.range(0.05, 0.6);
            discs += usize::from(agrees(&p, c, r, &format!("spiky star, case {case}")));
        }
        let disc = Circle::new(Vec2::ZERO, 0.3).unwrap();
        let against_disc = regions_of(&p, ShapeRef::Circle(&disc), |_, _, _| true).regions;
        assert!(against_disc.wheels.count() > 0, "spiky star, case {case}: no region against a disc has a wheel");
        // Each wheel is its own region's (its centre the average of that region's corners),
        // in the regions as built and in copies of every other one into the same buffers (as
        // `settle_by_subsets` copies its rounds'), the odd ones and then the even ones.
        let against_star = regions_of(&p, ShapeRef::Polygon(&q), |_, _, _| true).regions;
        let mut copy = Regions::default();
        for parity in [1, 0] {
            let chosen: Vec<bool> = (0..against_star.info.len()).map(|k| k % 2 == parity).collect();
            copy.copy_chosen(&against_star, &chosen, &mut Vec::new());
            assert!(copy.wheels.count() > 0, "spiky stars, case {case}: no copied region has a wheel");
            for regions in [&against_disc, &against_star, &copy] {
                for k in 0..regions.info.len() {
                    let v = regions.verts(k);
                    let average = v.iter().copied().sum::<Vec2>() / v.len() as f32;
                    let expected = (v.len() >= super::wheel::WHEEL_FROM).then_some(average);
                    assert_eq!(regions.wheels.centre_of(k), expected, "spiky star, case {case}, region {k}");
                }
            }
        }
    }
    assert!(pairs == 6 && discs > 30, "{pairs} pairs, {discs} discs overlapping");
}

/// Discs between two spike tips of a star, wider than the gap between them: the way out is
/// past both tips at once, where the circles around them cross.
#[test]
fn the_search_alone_pushes_discs_out_between_spike_tips_where_their_arcs_cross() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for case in 0..300 {
        let n = 3 + case % 6;
        let ring: Vec<Vec2> = (0..2 * n)
            .map(|i| {
                let angle = (i as f32 + rng.range(-0.2, 0.2)) * std::f32::consts::PI / n as f32;
                let radius = if i % 2 == 0 { rng.range(0.8, 1.0) } else { rng.range(0.15, 0.4) };
                Vec2::from_angle(angle) * radius
            })
            .collect();
        let Ok(p) = Polygon::new(&ring) else { continue };
        let (tip, next_tip) = (ring[0], ring[2]);
        let gap = tip.distance(next_tip);
        let c = (tip + next_tip) * 0.5 * rng.range(0.6, 1.0);
        let r = gap * 0.5 * rng.range(1.02, 1.6);
        checked += usize::from(agrees(&p, c, r, &format!("tips, case {case}")));
    }
    assert!(checked > 200, "only {checked} overlapping cases");
}

/// A grid cell counts as solid when `box_inside` says one region holds it: it must hold every
/// corner (or faces in the cell would be skipped while exposed), and, unrounded, it must not
/// miss a box whose corners are all inside (it is the one-pass form of the corner test).
#[test]
fn the_search_alone_finds_a_way_out_through_a_face_two_pieces_share() {
    // A U, 3 wide and tall, its notch x in (1, 2) above y = 1; a flat box across a straight
    // side of it, over the corner of two pieces (whichever way the U is cut, two pieces share
    // a line along its bottom or its outer left side). Against the box, the two pieces'
    // regions have faces on one line that overlap as wide as the box: the way out through
    // them, 0.2, must not be hidden by each region taking the other's face as covered.
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u = Polygon::new(&outline.map(|(x, y)| Vec2::new(x, y))).unwrap();
    for (lo, hi) in [((0.5, 0.0), (1.5, 0.2)), ((2.5, 0.0), (1.5, 0.2)), ((0.0, 0.5), (0.2, 1.5))] {
        let (lo, hi) = (Vec2::new(lo.0, lo.1), Vec2::new(hi.0, hi.1));
        let flat = crate::shape::Aabb::new(lo.min(hi), lo.max(hi)).unwrap();
        let (depth, tolerance) = search_depth_against(&u, ShapeRef::Aabb(&flat), 10.0, false).expect("a way out");
        assert!((depth - 0.2).abs() <= 2.0 * tolerance, "{flat:?}: {depth}");
    }
}

#[test]
fn a_box_is_inside_a_region_exactly_when_its_corners_are() {
    use super::stretch::{box_inside, inside};
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (mut held, mut missed) = (0, 0);
    for case in 0..60 {
        let Ok(p) = Polygon::new(&star(&mut rng, 5 + case % 7, 2.0)) else { continue };
        let centre = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let square = [-0.4f32, 0.4].map(|x| centre + Vec2::splat(x));
        let convex = crate::shape::Aabb::new(square[0], square[1]).unwrap();
        let disc = Circle::new(centre, 0.4).unwrap();
        for other in [ShapeRef::Aabb(&convex), ShapeRef::Circle(&disc)] {
            let scratch = regions_of(&p, other, |_, _, _| true);
            let regions = &scratch.regions;
            let margin = 1e-3;
            for k in 0..regions.info.len() {
                let (lo, hi) = (regions.info[k].lo, regions.info[k].hi);
                for _ in 0..200 {
                    let c = Vec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y));
                    let half = Vec2::new(rng.range(0.0, 0.3), rng.range(0.0, 0.3)) * (hi - lo);
                    let (a, b) = (c - half, c + half);
                    let corners = [a, Vec2::new(b.x, a.y), b, Vec2::new(a.x, b.y)];
                    let all_inside = |m: f32| corners.iter().all(|x| inside(regions, k, *x, m));
                    let boxed = box_inside(regions, k, a, b, margin);
                    if regions.radius > 0.0 {
                        assert_eq!(boxed, all_inside(margin), "rounded region {k}: box {a} {b}");
                    } else {
                        // Up to rounding, in a band a thousandth of the margin wide.
                        assert!(!boxed || all_inside(margin * 0.999), "region {k}: box {a} {b} is not inside");
                        assert!(boxed || !all_inside(margin * 1.001), "region {k}: box {a} {b} is inside");
                    }
                    held += usize::from(boxed);
                    missed += usize::from(!boxed);
                }
            }
        }
    }
    assert!(held > 1000 && missed > 1000, "{held} boxes held, {missed} not");
}

/// The disc the searches skip must lie inside the deepest pair's region: the other shape moved
/// anywhere within it still overlaps that piece.
#[test]
fn the_skipped_disc_lies_inside_the_deepest_pieces_region() {
    let mut rng = Rng(0x0ddb_a11c_afe5_eed5);
    let mut checked = 0;
    for case in 0..200 {
        let Ok(p) = Polygon::new(&star(&mut rng, 5 + case % 8, 1.0)) else { continue };
        let disc = Circle::new(Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)), rng.range(0.05, 0.5)).unwrap();
        let tolerance = 1e-4 * 4.0;
        let deepest = p
            .convex_parts()
            .iter()
            .filter_map(|c| contact_ref(ShapeRef::ConvexPolygon(c), ShapeRef::Circle(&disc)).map(|k| (k.depth, c)))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        let Some((depth, piece)) = deepest else { continue };
        let inner = inner_radius(depth, tolerance);
        if inner <= 0.0 {
            continue;
        }
        for k in 0..64 {
            let moved =
                Circle::new(disc.center() + Vec2::from_angle(k as f32 * 0.0982) * inner, disc.radius()).unwrap();
            let overlap =
                contact_ref(ShapeRef::ConvexPolygon(piece), ShapeRef::Circle(&moved)).map_or(0.0, |k| k.depth);
            assert!(overlap > 0.5 * tolerance, "case {case}: moved by {inner} along {k}, the overlap is {overlap}");
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} cases");
}

/// The search skips what the grid files under a solid cell: every such point must lie inside a
/// region (or inside the skipped disc, which the deepest pair's region holds). Points are drawn
/// over all the regions' bounds, so that a cell's box, the mapping of points to cells and the
/// grid's extent must all agree.
#[test]
fn a_point_the_grid_files_under_a_solid_cell_lies_inside_a_region() {
    use super::grid::{Grid, Solid};
    use super::stretch::inside;
    let mut rng = Rng(0x005e_ed0f_9e1d_cafe);
    let (mut solid_points, mut blocks, mut solid_blocks) = (0, false, 0);
    for case in 0..40 {
        let Ok(p) = Polygon::new(&star(&mut rng, 24 + case % 24, 2.0)) else { continue };
        let centre = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let square = crate::shape::Aabb::new(centre - Vec2::splat(0.5), centre + Vec2::splat(0.5)).unwrap();
        let disc = Circle::new(centre, 0.5).unwrap();
        // Another star gives hundreds of regions, enough for the grid's blocks of cells.
        let Ok(q) = Polygon::new(&star(&mut rng, 40, 1.0)) else { continue };
        let shapes = [ShapeRef::Aabb(&square), ShapeRef::Circle(&disc), ShapeRef::Aabb(&square), ShapeRef::Polygon(&q)];
        for (other, inner) in shapes.into_iter().zip([0.0, 0.0, 0.3, 0.3]) {
            let scratch = regions_of(&p, other, |_, _, _| true);
            let regions = &scratch.regions;
            blocks |= regions.info.len() >= 16 * 15;
            let grid = Grid::build(regions, inner, Vec::new(), Vec::new(), &mut Vec::new());
            let mut solid = Solid::new(&grid, inner, Vec::new(), Vec::new());
            let (lo, hi) =
                regions.info.iter().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(l, h), r| (l.min(r.lo), h.max(r.hi)));
            let margin = 1e-5;
            let cell = Vec2::ONE / grid.inv_cell;
            for _ in 0..3000 {
                let x = Vec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y));
                let (x0, x1, y0, y1) = grid.cells(x, x);
                assert!(x0 == x1 && y0 == y1, "case {case}: a point in cells {x0}..{x1}, {y0}..{y1}");
                if grid.n >= 2 {
                    // The box a walk along a face clips by holds the point, and not much more
                    // than its cell (a solid cell's stretch of a face counts as covered).
                    let (box_lo, box_hi) = grid.cell_box(x0, y0);
                    assert!(box_lo.cmple(x).all() && x.cmple(box_hi).all(), "case {case}: {x} outside its cell's box");
                    let size = box_hi - box_lo;
                    assert!(size.cmpge(cell).all() && size.cmple(cell * 1.003).all(), "case {case}: a box of {size}");
                }
                if grid.n >= 2 && solid.get(regions, &grid, margin, x0, y0) {
                    let covered = x.length() < inner || (0..regions.info.len()).any(|m| inside(regions, m, x, 0.0));
                    assert!(covered, "case {case}: {x} is filed under solid cell ({x0}, {y0}) but lies in no region");
                    solid_points += 1;
                }
            }
            // A block found solid whole must lie inside one region (or the disc): its true box,
            // from its cells, by its corners (regions are convex).
            let size = (Vec2::ONE / grid.inv_cell) * (grid.block as f32);
            for (k, _) in solid.blocks.iter().enumerate().filter(|(_, state)| **state == 1) {
                let lo = grid.origin + Vec2::new((k % grid.blocks) as f32, (k / grid.blocks) as f32) * size;
                let hi = (lo + size).min(grid.origin + Vec2::ONE / grid.inv_cell * grid.n as f32);
                let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
                let held = (0..regions.info.len()).any(|m| corners.iter().all(|c| inside(regions, m, *c, 0.0)));
                let in_disc = corners.iter().all(|c| c.length() < inner);
                assert!(held || in_disc, "case {case}: block {k} ({lo} to {hi}) is not inside one region");
                solid_blocks += 1;
            }
        }
    }
    assert!(solid_points > 20_000 && blocks, "only {solid_points} points in solid cells (blocks: {blocks})");
    assert!(solid_blocks >= 5, "only {solid_blocks} blocks found solid whole");
}

/// With nothing exposed within the bound it is given, the search walks out along the axes: a
/// push that separates, if not always the shortest (a point in the U's left arm, 0.5 from
/// either side, searched with a bound of 0.1).
#[test]
fn a_search_that_finds_nothing_within_its_bound_walks_out_along_the_axes() {
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    let u = Polygon::new(&outline.map(|(x, y)| Vec2::new(x, y))).unwrap();
    let other = ShapeRef::Point(Vec2::new(0.5, 2.0));
    let mut scratch = regions_of(&u, other, |_, _, _| true);
    let (depth, normal, _) = search_alone(&mut scratch, (1e-4, 1e-6), 0.0, 0.1).expect("the axes' walks");
    assert!((depth - 0.5).abs() < 1e-5 && (normal - Vec2::X).length() < 1e-6, "{depth} {normal}");
}

#[test]
fn a_way_out_at_a_faces_foot_goes_along_its_normal_not_towards_the_rounded_foot() {
    // A triangle 2,000 across, turned 30°, and a point 0.05 inside its long side, near the
    // middle: the way out is the side's foot, straight along its outward normal. The foot is
    // found as the side's far end plus a step along it, both about 1,000 long, so it carries
    // their rounding (about 1e-4): aimed at the foot, the push would be off the normal by
    // some 1e-3 radians. The region's face normal is exact.
    let turn = Vec2::from_angle(30f32.to_radians());
    let corners = [(-1000.0, 0.0), (1000.0, 0.0), (0.0, 800.0)].map(|(x, y)| turn.rotate(Vec2::new(x, y)));
    let p = Polygon::new(&corners).unwrap();
    let side = (corners[1] - corners[0]).as_dvec2();
    let outward = DVec2::new(side.y, -side.x).normalize().as_vec2();
    let point = turn.rotate(Vec2::new(3.7, 0.05));
    let mut scratch = regions_of(&p, ShapeRef::Point(point), |_, _, _| true);
    // The tolerances `contact_with` gives shapes of this size.
    let scale = p.aabb().half_extents().length();
    let (depth, normal, _) =
        search_alone(&mut scratch, (1e-4 * scale, 1e-6 * scale), 0.0, f32::MAX).expect("a way out");
    assert!((depth - 0.05).abs() < 1e-3, "{depth}");
    assert!((normal - outward).length() < 1e-5, "{normal}, the side's outward normal is {outward}");
}
