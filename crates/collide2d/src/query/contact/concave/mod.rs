//! Contact with concave polygons: the true minimum translation vector.
//!
//! Moving the other shape `S` by `x` makes it overlap convex piece `C` of the polygon exactly
//! when `x` lies in the Minkowski difference `C − S`. The shortest separating translation is
//! therefore the shortest way from the origin out of the *union* of those differences — not the
//! largest or the sum of the pieces' own vectors, which can push into a neighbouring piece or
//! further than needed.
//!
//! First the common case, settled without the search (`deepest_pair_exits`): every pair of
//! overlapping pieces bounds the answer from below by its own depth, so when the walk out along
//! the deepest pair's normal leaves at that depth, that is the answer. Only the regions along
//! that walk are built. It settles about half of the shallow overlaps a game sees and a third of
//! the deep ones. When another region blocks that walk, a search over a few regions (those the
//! walk passed through) gives a lower bound and a direction, checked the same way by a walk
//! through all regions; the blockers join, up to a few rounds and a few dozen regions
//! (`settle_by_subsets`). That settles most of the remaining shallow overlaps.
//!
//! Otherwise, the search, exact up to f32 rounding:
//! 1. Translations known to separate bound the answer by `T`: clearing the bounding boxes, and
//!    pushing the other shape's convex hull out of the polygon's (within 10 % of the answer on
//!    overlapping game sprites, where the boxes give twice it). Piece pairs whose difference lies
//!    further than `T` from the origin are never built. From below, the deepest pair's region
//!    holds the disc of its depth around the origin: nothing in that disc is exposed, so the
//!    pairs whose difference lies within it are not built either, and the search skips what
//!    lies in it (on the game bench it is about two thirds of the answer).
//! 2. Each remaining difference is built in linear time by merging the two pieces' edge
//!    sequences by angle (a Minkowski sum of convex polygons), rounded by the other shape's
//!    radius (discs, capsules). Each piece's walk (start vertex, edge angles) is prepared once
//!    per query, and each face takes its source edge's normal.
//! 3. A face can only hold the union's boundary where a boundary edge of one shape meets a
//!    convex corner of the other (see `SumVertex`): faces from diagonals between pieces or at
//!    reflex corners (about three in four) are never searched, only used as cover.
//! 4. A uniform grid lists the regions by block of cells; a cell found to lie wholly inside one
//!    region (its corners are, and regions are convex) is *solid*: nothing in it can be on the
//!    union's boundary. Cells are tested on first use.
//! 5. The nearest point of the union's boundary is the nearest point of some *exposed* stretch
//!    of a region's face (what no other region covers) — its foot, an end, or a crossing with
//!    another region — or, for rounded regions, a point of a vertex arc. Faces are visited in
//!    increasing distance from the origin (a lower bound for everything on them), interleaved
//!    with the candidates found so far, and the search stops once neither can beat the best. A
//!    face is cleared lazily, nearest part first: the region (or the inner disc, or a solid
//!    cell) holding the nearest point of what is left of it removes its stretch, and the rest
//!    waits its turn by distance, so a face deep inside the union costs a few point tests, not
//!    a clip against every region it runs through (on the game bench's traced sprites a tenth
//!    of the clips, 7 % fewer instructions in all). Only a part whose nearest point no single
//!    cover holds has its exposed stretches worked out, against the regions listed where it
//!    runs through non-solid cells.
//! 6. Each candidate direction is confirmed by walking out along it through the regions along
//!    the ray (the exit distance along a direction is exact), which also applies the tolerance
//!    that makes a push slightly longer than the depth always separate, even at pinches between
//!    pieces; where the walk jumps at such a pinch, directions aimed slightly to either side
//!    along the exposed boundary are tried. Where none leaves cleanly within the tolerance, the
//!    candidate itself is the answer if no region holds it: the other shape ends wedged there,
//!    touching two sides at once (in a gap it fits exactly, or between corners). Not for a flat
//!    shape, whose regions meet face to face along the diagonals between pieces.
//!
//! Scratch space (the regions, the grid's lists and cell marks, per-region marks, the face
//! list, the heaps of face parts and candidates, the walks' stretches) is kept between queries
//! on each thread, so a query allocates nothing once the buffers have grown to the size of the
//! work.
//!
//! The files, in pipeline order:
//! - `mod.rs` (this one): the entry point, the bounds of step 1, the buffers kept per thread
//!   (`Scratch`) and the contact point;
//! - `regions.rs`: the regions and how they are built (steps 2 and 3), only those a stage asks
//!   for;
//! - `settle.rs`: the common case without the full search (`deepest_pair_exits`,
//!   `settle_by_subsets`);
//! - `grid.rs`: the grid over the regions and its solid cells (step 4);
//! - `search/`: the search over the exposed faces and arcs (steps 5 and 6): its `mod.rs`
//!   orders the work and confirms candidates, `faces.rs` finds what of a face or arc no other
//!   region covers;
//! - `stretch.rs`: the geometry every stage asks of a region: where a line runs through it,
//!   whether a point lies inside it, and the walk out along a ray;
//! - `wheel.rs`: for a region of many faces (a large piece's differences), a centre and its
//!   spokes, which decide most point tests with one face found by binary search; `wheel/clip.rs`
//!   finds where a line runs through such a region by binary searches too;
//! - `search_tests.rs` (tests only): the search run on its own, without the shortcuts, against
//!   a brute-force answer; `aligned_tests.rs` (tests only): the same on tile-like shapes, whose
//!   faces line up and whose notches a shape fits exactly.
//!
//! How they depend on each other: `settle.rs` runs the search (over subsets of the regions),
//! which asks `grid.rs`; those three ask `stretch.rs`, and all of them read `regions.rs`, which
//! builds each region's wheel (`wheel.rs`) with it. None uses one that uses it, except for the
//! buffers: this file owns `Scratch` and lends each stage its part.

#[cfg(test)]
mod aligned_tests;
mod grid;
mod regions;
mod search;
#[cfg(test)]
mod search_tests;
mod settle;
mod stretch;
mod wheel;

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::{saturate, unit_or, Transform};
use crate::polygon::Polygon;
use crate::query::core::Core;
use crate::query::intersects::concave_vs;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::{Aabb, ConvexPolygon, Shape};
use regions::{add_regions, box_near, box_within, prepare_others, OtherPieces, Region, Regions, Span};
use search::{Candidate, Element, Part, Search};
use settle::{deepest_pair_exits, settle_by_subsets, Walker};

/// Every buffer a query needs, kept between queries on each thread, so that a query in steady
/// state allocates nothing.
#[derive(Default)]
struct Scratch {
    regions: Regions,
    /// For `prepare_others` and `add_regions`: the other pieces negated, their normals, walk
    /// keys and spans; one piece's walk keys.
    negated: Vec<Vec2>,
    negated_normals: Vec<Vec2>,
    keys: Vec<f32>,
    spans: Vec<Span>,
    piece_keys: Vec<f32>,
    /// The polygon's pieces' bounds.
    piece_boxes: Vec<(Vec2, Vec2)>,
    /// For `deepest_pair_exits`: the piece pairs whose bounds hold the origin, with how deep.
    pairs: Vec<(f32, u32, u32)>,
    /// One bit per pair of pieces (polygon piece major): its region is built.
    built: Vec<u64>,
    /// The regions a round of `settle_by_subsets` searches, which of the built ones they are,
    /// and whether each built one is among them.
    subset: Regions,
    subset_ids: Vec<u32>,
    chosen: Vec<bool>,
    grid_start: Vec<u32>,
    grid_items: Vec<u32>,
    grid_fill: Vec<u32>,
    marks: Vec<u32>,
    cover: Vec<u32>,
    block_cover: Vec<u32>,
    cells: Vec<u8>,
    blocks: Vec<u8>,
    elements: Vec<Element>,
    order: Vec<u64>,
    stretches: Vec<(f32, f32)>,
    parts: Vec<Part>,
    candidates: Vec<Candidate>,
    crossings: Vec<(Vec2, usize)>,
    walk: Vec<(f32, f32, usize)>,
}

thread_local! {
    /// Taken out for a query and put back after it (a query nested in another, should one ever
    /// be, simply starts with empty buffers).
    static SCRATCH: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// The contact of polygon `p` (as `a`) with `other` (as `b`): `Some` exactly when they
/// intersect.
pub(crate) fn contact_concave(p: &Polygon, other: ShapeRef) -> Option<Contact> {
    if !concave_vs(p, other) {
        return None;
    }
    if let Some(exponent) = rescale_exponent(&p.aabb(), &other.aabb()) {
        // Should scaling flatten a part too small to matter, clearing the boxes still separates.
        return Some(rescaled(p, other, exponent).unwrap_or_else(|| clearing_contact(&p.aabb(), &other.aabb())));
    }
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let contact = contact_with(p, other, &mut scratch);
    SCRATCH.with(|s| s.set(Some(scratch)));
    // The search finds an exit whenever the shapes intersect; should rounding ever leave it
    // without one, clearing the bounding boxes is a push that separates (if not the shortest).
    contact.or_else(|| Some(clearing_contact(&p.aabb(), &other.aabb())))
}

/// The search squares coordinates in f32: sound while they lie between 2^-60 and 2^60 (about
/// 1e-18 and 1e18). Beyond, `Some(e)` with `2^e` the size of the largest coordinate: the
/// query is then run on the shapes scaled by `2^-e`, exactly (a power of two), into that range.
fn rescale_exponent(a: &Aabb, b: &Aabb) -> Option<i32> {
    let largest = [a.min(), a.max(), b.min(), b.max()].iter().map(|c| c.abs().max_element()).fold(0.0f32, f32::max);
    if largest == 0.0 || (2f32.powi(-60)..=2f32.powi(60)).contains(&largest) {
        return None;
    }
    // Scale factors stay normal f32 numbers (at most 2^126 either way).
    Some((largest.log2().floor() as i32).clamp(-126, 126))
}

/// [`contact_concave`] on both shapes scaled by `2^-exponent`, scaled back. Power-of-two
/// scaling is exact, so the answer is the one the unscaled shapes would get with unbounded
/// exponents. Allocates (the scaled shapes): only extreme sizes come here.
#[cold]
fn rescaled(p: &Polygon, other: ShapeRef, exponent: i32) -> Option<Contact> {
    use ShapeRef as S;
    let (down, up) = (2f32.powi(-exponent), 2f32.powi(exponent));
    let t = Transform::from_scale(Vec2::splat(down));
    let p_small = p.transformed(&t).ok()?;
    let other_small = match other {
        S::Point(q) => Ok(Shape::Point(q * down)),
        S::Segment(s) => s.transformed(&t),
        S::Aabb(b) => b.transformed(&t),
        S::Circle(c) => c.transformed(&t),
        S::Obb(o) => o.transformed(&t),
        S::Capsule(k) => k.transformed(&t),
        S::ConvexPolygon(c) => c.transformed(&t),
        S::Polygon(q) => q.transformed(&t).map(Shape::Polygon),
    }
    .ok()?;
    // Scaling may flatten a sliver's pieces (a subnormal width becomes 0): then the boxes.
    let pieces = |s: &Shape| !matches!(s, Shape::Polygon(q) if q.convex_parts().is_empty());
    if p_small.convex_parts().is_empty() || !pieces(&other_small) {
        return None;
    }
    let c = contact_concave(&p_small, other_small.shape_ref())?;
    // Points are kept within the f32 range: a push as long as the range itself (shapes filling
    // it) may carry a point a rounding past its end.
    let (lo, hi) = (Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
    let back = |q: ContactPoint| ContactPoint {
        point_a: (q.point_a * up).clamp(lo, hi),
        point_b: (q.point_b * up).clamp(lo, hi),
        depth: saturate(q.depth as f64 * up as f64),
    };
    let points: Vec<ContactPoint> = c.points().iter().copied().map(back).collect();
    Some(Contact::new(c.normal, saturate(c.depth as f64 * up as f64), &points))
}

/// The push that moves `b`'s bounds clear of `a`'s along the shortest of the four ways.
fn clearing_contact(a: &Aabb, b: &Aabb) -> Contact {
    let travel = [a.max().x - b.min().x, b.max().x - a.min().x, a.max().y - b.min().y, b.max().y - a.min().y];
    let normals = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];
    let (depth, normal) =
        travel
            .iter()
            .zip(normals)
            .fold((f32::INFINITY, Vec2::X), |best, (t, n)| if *t < best.0 { (*t, n) } else { best });
    // Within the f32 range, for boxes at its two ends.
    let depth = depth.clamp(0.0, f32::MAX);
    let point_b = b.center().clamp(a.min(), a.max());
    let point_a = (point_b + normal * depth).clamp(Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
    Contact::new(normal, depth, &[ContactPoint { point_a, point_b, depth }])
}

fn contact_with(p: &Polygon, other: ShapeRef, scratch: &mut Scratch) -> Option<Contact> {
    let other_pieces = OtherPieces::of(other);
    let bound = clearing_bound(&p.aabb(), &other.aabb());
    // Walking out, a region that starts within `tolerance` of the current exit counts as entered:
    // the reported push then clears every region by at least that much, so a push slightly past
    // it still separates (an exit exactly at a pinch between two pieces would not). Relative to
    // the shapes' size (a polygon's is never 0), so that the answer scales with the shapes: an
    // absolute floor would swamp shapes much smaller than 1, and break ties differently there.
    let scale = bound + p.aabb().half_extents().length() + other.aabb().half_extents().length();
    let tolerance = 1e-4 * scale;
    // The hulls' penetration bounds the answer too (moving the other shape's hull clear of the
    // polygon's hull separates the shapes), and is much tighter than the boxes' in a game.
    let hull_depth = p.hull().and_then(|h| {
        let other_hull = match other {
            ShapeRef::Polygon(q) => ShapeRef::ConvexPolygon(q.hull()?),
            convex => convex,
        };
        super::contact_ref(ShapeRef::ConvexPolygon(h), other_hull).map(|c| c.depth)
    });
    let bound = bound.min(hull_depth.unwrap_or(f32::INFINITY));
    // Beyond the bound by a little (the tolerance, never 0, also covers a bound of 0).
    let reach = bound * 1.001 + tolerance;
    let other_flags = match other {
        ShapeRef::Polygon(q) => Some(q.part_flags()),
        _ => None,
    };
    prepare_others(p, other_pieces, other_flags, scratch);
    // How far inside a region a point must be to count as covered, far finer than the tolerance.
    let margin = 1e-6 * scale;
    if scratch.regions.radius <= 4.0 * margin {
        // Rounded by less than a few margins, two pieces' regions across a diagonal overlap by
        // less than a margin, and a shape lying along it would seem to touch both and overlap
        // neither (a capsule 1e-8 thick on a diagonal got depth 0). The core alone is searched,
        // whose faces along diagonals count as covered: the push is short by the radius at most.
        scratch.regions.radius = 0.0;
    }
    let radius = scratch.regions.radius;
    let walk = Walker { p, other_flags, tolerance, margin };
    let quick = deepest_pair_exits(p, other_pieces, &walk, reach, scratch);
    let found = match quick {
        Ok(found) => Some(found),
        Err(lower) => {
            // Thin enough that the regions of two pieces sharing a diagonal may overlap by less
            // than the free test's twice the margin (see `Search::free`), whatever the
            // estimate's factor. Only the searches read it (a pass over the other's pieces).
            scratch.regions.flat = thickness(other) <= 8.0 * margin;
            let inner = lower.map_or(0.0, |lower| inner_radius(lower, tolerance));
            let settled = if lower.is_some() { settle_by_subsets(&walk, reach, inner, scratch) } else { None };
            settled.or_else(|| {
                // The rest of the regions within reach, then the search over them all.
                add_regions(p, other_flags, scratch, |lo, hi| {
                    box_near(lo, hi, radius, reach) && !box_within(lo, hi, radius, inner)
                });
                let regions = std::mem::take(&mut scratch.regions);
                let search = Search::new(&regions, tolerance, margin, inner, scratch);
                let found = search.run(reach);
                search.give_back(scratch);
                scratch.regions = regions;
                found
            })
        }
    };
    let regions = &scratch.regions;
    found.map(|(depth, normal, region)| {
        // The search's directions are unit to f32 rounding, except where rounding has given up
        // (slivers 1e38 long): made unit once, here.
        let normal = unit_or(normal, Vec2::X);
        let point = manifold_point(p, other_pieces, regions.info.get(region), other, normal, depth);
        Contact::new(normal, depth, &[point])
    })
}

/// Where they touch: the convex contact of the two pieces whose region was left last, else the
/// other shape's deepest point against the normal.
fn manifold_point(
    p: &Polygon,
    others: OtherPieces,
    region: Option<&Region>,
    other: ShapeRef,
    normal: Vec2,
    depth: f32,
) -> ContactPoint {
    if let Some(r) = region {
        let piece = ShapeRef::ConvexPolygon(&p.convex_parts()[r.piece]);
        if let Some(c) = super::contact_ref(piece, others.get(r.other_piece)) {
            if let Some(q) = c.points().first() {
                let point_b = q.point_b;
                return ContactPoint { point_a: point_b + normal * depth, point_b, depth: q.depth.min(depth) };
            }
        }
    }
    let (core, radius) = Core::of(other);
    // A concave polygon has no core: its outline's vertices.
    let vertices = match other {
        ShapeRef::Polygon(q) => q.outline(),
        _ => core.vertices(),
    };
    let deepest = vertices.iter().copied().min_by(|a, b| a.dot(normal).total_cmp(&b.dot(normal)));
    let point_b = deepest.unwrap_or(other.inner_point()) - normal * radius;
    ContactPoint { point_a: point_b + normal * depth, point_b, depth }
}

/// The radius of the disc around the origin that the searches may skip, given the deepest piece
/// pair's depth: that pair's region holds the disc of its depth, so everything in it is covered.
/// Less the walk's tolerance, far more than that depth's rounding.
fn inner_radius(deepest: f32, tolerance: f32) -> f32 {
    (deepest - tolerance).max(0.0)
}

/// The other shape's least width, to within a factor of 2 either way (a concave polygon's, of
/// its thinnest piece): a convex core's area over its bounds' diagonal, twice, plus twice the
/// radius. Costs a pass over a polygon's vertices.
fn thickness(other: ShapeRef) -> f32 {
    let piece = |c: &ConvexPolygon| {
        let diagonal = 2.0 * c.aabb().half_extents().length();
        if diagonal > 0.0 {
            2.0 * c.area() / diagonal
        } else {
            0.0
        }
    };
    match other {
        ShapeRef::Point(_) | ShapeRef::Segment(_) => 0.0,
        ShapeRef::Aabb(b) => 2.0 * b.half_extents().min_element(),
        ShapeRef::Obb(b) => 2.0 * b.half_extents().min_element(),
        ShapeRef::Circle(c) => 2.0 * c.radius(),
        ShapeRef::Capsule(c) => 2.0 * c.radius(),
        ShapeRef::ConvexPolygon(c) => piece(c),
        ShapeRef::Polygon(q) => q.convex_parts().iter().map(piece).fold(f32::INFINITY, f32::min),
    }
}

/// A translation known to separate: moving the other shape's bounds clear of the polygon's.
fn clearing_bound(p: &Aabb, s: &Aabb) -> f32 {
    let travel = [p.max().x - s.min().x, s.max().x - p.min().x, p.max().y - s.min().y, s.max().y - p.min().y];
    travel.into_iter().fold(f32::INFINITY, f32::min).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::ShapeLike;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// A U, 3 wide and 3 tall, open upwards (its notch is x in (1, 2), y > 1), scaled.
    fn u_shape(scale: f32) -> Polygon {
        let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
        Polygon::new(&outline.map(|(x, y)| v(x, y) * scale)).unwrap()
    }

    fn contact_of(p: &Polygon, other: ShapeRef) -> Contact {
        use crate::query::intersects::intersects_ref;
        use crate::shape::{Circle, Shape};
        let c = contact_concave(p, other).expect("they overlap");
        let moved = |by: Vec2| -> Shape {
            match other {
                ShapeRef::Aabb(b) => Aabb::new(b.min() + by, b.max() + by).unwrap().into(),
                ShapeRef::Circle(d) => Circle::new(d.center() + by, d.radius()).unwrap().into(),
                _ => unreachable!(),
            }
        };
        let meets = |by: Vec2| intersects_ref(p.shape_ref(), moved(by).shape_ref());
        // The push leaves them touching at most: a slightly longer one clears, or, where it ends
        // wedged (in a gap the shape fits exactly, or between corners), no piece of the polygon
        // overlaps the moved shape by more than a hair.
        let pushed = moved(c.push_out_b());
        let wedged = || {
            p.convex_parts().iter().all(|piece| {
                super::super::contact_ref(ShapeRef::ConvexPolygon(piece), pushed.shape_ref())
                    .is_none_or(|k| k.depth < 1e-5 * (1.0 + c.depth))
            })
        };
        assert!(!meets(c.push_out_b() + c.normal * 1e-3) || wedged(), "{c:?} does not separate");
        assert!(meets(c.push_out_b() * 0.99), "{c:?} is longer than needed");
        c
    }

    #[test]
    fn minimum_at_a_crossing_of_two_regions_boundaries() {
        // An L; a box over its inner corner. Leaving along either arm runs into the other arm
        // (4.5 to go), but moving diagonally by (0.5, 0.5) leaves the box touching the corner
        // only. That point is where the grown top face of the horizontal arm crosses the grown
        // right face of the vertical arm: two different pieces (a convex piece cannot hold
        // both edges of a reflex corner), neither one's vertex nor foot.
        let l = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(2.0, 2.0), v(2.0, 6.0), v(0.0, 6.0)]).unwrap();
        let b = Aabb::new(v(1.5, 1.5), v(3.5, 3.5)).unwrap();
        let c = contact_of(&l, ShapeRef::Aabb(&b));
        let diagonal = Vec2::ONE.normalize();
        assert!((c.depth - 0.5f32.hypot(0.5)).abs() < 1e-5, "{c:?}");
        assert!((c.normal - diagonal).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn disc_wedged_in_a_concave_notch_leaves_along_the_bisector() {
        // A square with a V notch down to (2, 1); the disc must rise until tangent to both
        // sides: centre at height 1 + √13 / 2 (the sides have slope ±3/2).
        let p = Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(2.0, 1.0), v(0.0, 4.0)]).unwrap();
        let disc = crate::shape::Circle::new(v(2.0, 1.5), 1.0).unwrap();
        let c = contact_of(&p, ShapeRef::Circle(&disc));
        let expected = 1.0 + 13f32.sqrt() / 2.0 - 1.5;
        assert!((c.depth - expected).abs() < 1e-4, "{c:?}, expected {expected}");
        assert!((c.normal - Vec2::Y).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn disc_over_a_convex_corner_leaves_along_the_corner_arc() {
        // The U's outer corner (3, 3): the nearest exit is on the arc around it.
        let u = u_shape(1.0);
        let disc = crate::shape::Circle::new(v(3.2, 3.2), 0.5).unwrap();
        let c = contact_of(&u, ShapeRef::Circle(&disc));
        let expected = 0.5 - 0.2f32.hypot(0.2);
        assert!((c.depth - expected).abs() < 1e-5, "{c:?}, expected {expected}");
        assert!((c.normal - Vec2::ONE.normalize()).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn tiny_shapes_get_the_same_push_as_unit_ones() {
        // The walk's tolerance has an absolute floor (1e-4); the coverage margin must not, or
        // a U 3e-6 across loses its true exits. A segment across the U's floor leaves downwards
        // by half its height, at any scale.
        for scale in [1.0f32, 1e-3, 1e-6] {
            let u = u_shape(scale);
            let seg = crate::shape::Segment::new(v(0.5, 0.5) * scale, v(2.5, 0.5) * scale).unwrap();
            let c = contact_concave(&u, ShapeRef::Segment(&seg)).unwrap();
            assert!((c.depth / scale - 0.5).abs() < 1e-3, "scale {scale}: {c:?}");
            assert!(c.normal.y.abs() > 0.999, "scale {scale}: {c:?}");
            let pill = crate::shape::Capsule::new(v(0.5, 2.0) * scale, v(2.5, 2.0) * scale, 0.3 * scale).unwrap();
            let c = contact_concave(&u, ShapeRef::Capsule(&pill)).unwrap();
            assert!((c.depth / scale - 1.3).abs() < 1e-3, "scale {scale}: {c:?}");
        }
    }

    #[test]
    fn a_push_out_through_a_slanted_hull_face_is_found_when_the_hulls_depth_is_the_answer() {
        // Turned by 30°, a point just inside the U's floor leaves through the floor, which is
        // also a face of the hull: the hulls' depth (the bound on the search) is the answer
        // itself, so the search must reach exactly that far (an exit at the bound is not
        // beyond it), not fall back to the axes.
        let turn = crate::math::Transform::from_rotation(30f32.to_radians());
        let u = u_shape(1.0).transformed(&turn).unwrap();
        let floor_normal = Vec2::from_angle(30f32.to_radians()).perp() * -1.0;
        let point = turn.transform_point(v(1.5, 0.2));
        let c = contact_concave(&u, ShapeRef::Point(point)).unwrap();
        assert!((c.depth - 0.2).abs() < 1e-5, "{c:?}");
        assert!((c.normal - floor_normal).length() < 1e-4, "{c:?}, expected normal {floor_normal}");
    }

    #[test]
    fn touching_shapes_get_their_contact_point_on_both_surfaces() {
        // Depth 0, and no region left by the walk: the point comes from the other shape's
        // deepest point against the normal, moved out by its radius.
        let u = u_shape(1.0);
        let down = Vec2::NEG_Y;
        let point = contact_concave(&u, ShapeRef::Point(v(1.5, 0.0))).unwrap();
        let disc = crate::shape::Circle::new(v(1.5, -0.5), 0.5).unwrap();
        let disc = contact_concave(&u, ShapeRef::Circle(&disc)).unwrap();
        let pill = crate::shape::Capsule::new(v(0.5, -0.25), v(2.5, -0.25), 0.25).unwrap();
        let pill = contact_concave(&u, ShapeRef::Capsule(&pill)).unwrap();
        for (c, x) in [(point, 1.5), (disc, 1.5), (pill, 0.5)] {
            assert_eq!(c.depth, 0.0, "{c:?}");
            assert!((c.normal - down).length() < 1e-6, "{c:?}");
            let q = c.points()[0];
            for at in [q.point_a, q.point_b] {
                assert!((at - v(x, 0.0)).length() < 1e-5, "{c:?}: expected the point ({x}, 0)");
            }
        }
    }

    #[test]
    fn a_box_that_misses_fitting_the_notch_by_less_than_the_tolerance_is_pushed_back_out() {
        // The box overlaps the left arm by 1, so the deepest pair's way out is 1 to the right,
        // into the notch, which is 5e-4 narrower than the box: the right arm's region starts
        // within the walk's tolerance of that exit (a pinch), so the box goes out to the left.
        // The walk must look beyond the exit for that region, not stop short of it.
        let outline =
            [(0.0, 0.0), (5.0, 0.0), (5.0, 10.0), (3.5, 10.0), (3.5, 2.0), (1.5, 2.0), (1.5, 10.0), (0.0, 10.0)];
        let u = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
        let b = Aabb::new(v(0.5, 5.0), v(2.5005, 6.0)).unwrap();
        let c = contact_of(&u, ShapeRef::Aabb(&b));
        assert!((c.depth - 2.5005).abs() < 1e-4, "{c:?}");
        assert!((c.normal - Vec2::NEG_X).length() < 1e-6, "{c:?}");
    }

    #[test]
    fn a_wide_disc_over_a_narrow_notch_is_not_pushed_into_the_far_arm() {
        // A U with a notch 4 wide; a disc of radius 2.5 (5 across) in its left arm. The arm
        // alone would push it 3.5 to the right, into the notch, where it overlaps the right arm
        // (its region, 2.5 wider than its core, starts 2.5 along that way): the way out is 4 up.
        // The walk must grow the regions' cores by the radius it counts them by.
        let outline =
            [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (7.0, 10.0), (7.0, 3.0), (3.0, 3.0), (3.0, 10.0), (0.0, 10.0)];
        let u = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
        let disc = crate::shape::Circle::new(v(2.0, 8.5), 2.5).unwrap();
        let c = contact_of(&u, ShapeRef::Circle(&disc));
        assert!((c.depth - 4.0).abs() < 1e-4, "{c:?}");
        assert!((c.normal - Vec2::Y).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn a_box_level_with_an_overhang_is_pushed_out_tilted_away_from_it() {
        // A Γ: the box overlaps the upright by 0.8, its top level with the overhang's
        // underside, clear of it. Pushed 0.8 straight to the right it would slide along that
        // underside, touching all the way, so a slightly longer push would not clear: the walk
        // counts a slide along the face of a region ahead as inside it. The way out is 0.8 to
        // the right tilted down by a hair. The overhang's region only grazes the walk's bounds
        // (its box starts exactly on the ray), so the walk must look that far.
        let outline = [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (4.0, 2.0), (4.0, 3.0), (0.0, 3.0)];
        let gamma = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
        let b = Aabb::new(v(0.2, 0.5), v(0.9, 2.0)).unwrap();
        let c = contact_of(&gamma, ShapeRef::Aabb(&b));
        assert!((c.depth - 0.8).abs() < 1e-5, "{c:?}");
        assert!(c.normal.x > 0.999 && c.normal.y < 0.0, "{c:?}");
    }

    #[test]
    fn thickness_is_the_least_width_within_a_factor_of_two() {
        use crate::shape::{Capsule, Circle, ConvexPolygon, Obb, Segment};
        let (aabb, obb) =
            (Aabb::new(v(0.0, 0.0), v(3.0, 0.5)).unwrap(), Obb::new(v(1.0, 1.0), v(0.2, 3.0), 0.7).unwrap());
        let (disc, pill) =
            (Circle::new(v(1.0, 2.0), 0.75).unwrap(), Capsule::new(v(0.0, 0.0), v(5.0, 1.0), 0.3).unwrap());
        let segment = Segment::new(v(0.0, 0.0), v(2.0, 1.0)).unwrap();
        // A triangle 4 by 1: its least width is its height over the long side, 4 / √17.
        let triangle = ConvexPolygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(0.0, 1.0)]).unwrap();
        // An L of two arms 0.5 wide, cut into two quadrilaterals along its inner corner's
        // diagonal: the upright one, 1.875 in area and 4.03 across its bounds, gives 0.93.
        let corners = [(0.0, 0.0), (5.0, 0.0), (5.0, 0.5), (0.5, 0.5), (0.5, 4.0), (0.0, 4.0)];
        let l = Polygon::new(&corners.map(|(x, y)| v(x, y))).unwrap();
        let exact = [
            (ShapeRef::Point(v(1.0, 1.0)), 0.0),
            (ShapeRef::Segment(&segment), 0.0),
            (ShapeRef::Aabb(&aabb), 0.5),
            (ShapeRef::Obb(&obb), 0.4),
            (ShapeRef::Circle(&disc), 1.5),
            (ShapeRef::Capsule(&pill), 0.6),
        ];
        for (shape, width) in exact {
            assert!((thickness(shape) - width).abs() < 1e-6, "{shape:?}: {}", thickness(shape));
        }
        let t = thickness(ShapeRef::ConvexPolygon(&triangle));
        assert!((t - 4.0 / 17f32.sqrt()).abs() < 1e-5, "{t}");
        let t = thickness(ShapeRef::Polygon(&l));
        assert!((0.9..=0.95).contains(&t), "{t}");
    }

    #[test]
    fn a_disc_on_a_column_beside_a_notch_is_pushed_to_rest_on_three_corners() {
        // Columns of heights 4, 2 (the middle block) and 4 (x from 2 to 5), a notch 1 wide
        // between the last two; a disc of radius 1 centred above the notch's left edge, on the
        // right column's top. Left by 0.5 it rests on three corners, (2, 4), (3, 3) and (4, 4),
        // touching each, and any push further left overlaps again: the shortest way out, shorter
        // than up clear of the right column's corner (√0.75). (The search once found no exit
        // within its bound here and walked out along the axes, where the walk up and down missed
        // the regions it starts in, an endless segment's NaN end, and answered 0.)
        let outline = [
            (0.0, 0.0),
            (5.0, 0.0),
            (5.0, 4.0),
            (4.0, 4.0),
            (4.0, 1.0),
            (3.0, 1.0),
            (3.0, 3.0),
            (2.0, 3.0),
            (2.0, 4.0),
            (0.0, 4.0),
        ];
        let p = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
        let disc = crate::shape::Circle::new(v(3.5, 4.0), 1.0).unwrap();
        let c = contact_of(&p, ShapeRef::Circle(&disc));
        assert!((c.depth - 0.5).abs() < 1e-4 && (c.normal - Vec2::NEG_X).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn a_disc_between_two_spike_tips_is_pushed_out_where_their_arcs_cross() {
        // Two spikes with tips at (±w, 2) over a common base, and a disc centred between and
        // above the tips, overlapping both. Pushed away from either tip it runs into the other,
        // so the way out is straight up until both tips are a radius away, the crossing of the
        // two tips' arcs. With the narrow pair, the disc resting on a spike's outer side (0.33
        // away) is a way out found before the arcs: the arcs' distance from the origin must be
        // |v| − r, so that they are searched first.
        for (w, r, above) in [(0.5f32, 0.6f32, 0.2f32), (0.15, 0.2, 0.05)] {
            let outline = [
                (-2.0, 0.0),
                (2.0, 0.0),
                (2.0, 0.5),
                (1.0, 0.5),
                (w, 2.0),
                (0.0, 0.5),
                (-w, 2.0),
                (-1.0, 0.5),
                (-2.0, 0.5),
            ];
            let comb = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
            let disc = crate::shape::Circle::new(v(0.0, 2.0 + above), r).unwrap();
            let c = contact_of(&comb, ShapeRef::Circle(&disc));
            let expected = (r * r - w * w).sqrt() - above;
            assert!((c.depth - expected).abs() < 1e-4, "{c:?}, expected {expected}");
            assert!((c.normal - Vec2::Y).length() < 1e-3, "{c:?}");
        }
    }
}
