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
//! Bounded in time: every stage charges a work meter (`budget.rs`) for what it does, in units of
//! about the same cost, and stops when the query's [`ContactBudget`] runs out. The answer is then
//! the shortest push known to separate: the best exit the search had confirmed (each walked out
//! through every region that can hold it), the hulls' push, or the boxes'; `Contact::is_exact`
//! says false. Pairs of pieces are never all listed for large polygons: `pairs.rs` finds those
//! whose bounds can meet what a stage asks about through the polygons' hierarchies of piece
//! bounds, in the order a loop over every pair would take.
//!
//! Scratch space (the regions, the grid's lists and cell marks, per-region marks, the face
//! list, the heaps of face parts and candidates, the walks' stretches) is kept between queries
//! on each thread, so a query allocates nothing once the buffers have grown to the size of the
//! work.
//!
//! The files, in pipeline order:
//! - `mod.rs` (this one): the entry point, the bounds of step 1, the buffers kept per thread
//!   (`Scratch`), the contact point and the answer when the budget runs out;
//! - `budget.rs`: the work meter every stage charges;
//! - `pairs.rs`: which pairs of pieces a stage looks at;
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
//! - `tests.rs` (tests only): this file's cases: hand-made shapes with known answers, the
//!   bounds and fallbacks, the rescale for extreme sizes, and the contact point;
//!   `budget_tests.rs` (tests only): answers that fit the budget are the unbounded ones, and
//!   those cut short separate;
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
mod budget;
#[cfg(test)]
mod budget_tests;
mod grid;
mod pairs;
mod regions;
mod search;
#[cfg(test)]
mod search_tests;
mod settle;
mod stretch;
mod wheel;

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use super::ContactBudget;
use crate::math::Order;
use crate::math::{saturate, unit_or, Transform};
use crate::polygon::Polygon;
use crate::query::core::Core;
use crate::query::intersects::concave_vs;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::{Aabb, ConvexPolygon, Shape};
use regions::{add_regions, box_near, box_within, prepare_others, OtherPieces, Region, Regions, Span};
use search::{Candidate, Element, Part, Search};
use settle::{deepest_pair, deepest_pair_exits, settle_by_subsets, Walker};

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
    /// The polygon's pieces' bounds, and where each one's flags start.
    piece_boxes: Vec<(Vec2, Vec2)>,
    piece_offsets: Vec<usize>,
    /// The pairs of pieces a stage looks at (see `pairs::for_each_pair`).
    pair_list: Vec<(u32, u32)>,
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
/// intersect. Exact when the search fits `budget`; otherwise the shortest push known to
/// separate them, flagged (see [`ContactBudget`]).
pub(crate) fn contact_concave(p: &Polygon, other: ShapeRef, budget: ContactBudget) -> Option<Contact> {
    if !concave_vs(p, other) {
        return None;
    }
    if let Some(exponent) = rescale_exponent(&p.aabb(), &other.aabb()) {
        // Should scaling flatten a part too small to matter, clearing the boxes still separates.
        return Some(
            rescaled(p, other, exponent, budget)
                .unwrap_or_else(|| clearing_contact(&p.aabb(), &other.aabb()).bounded()),
        );
    }
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let (contact, ran_out) = budget::metered(budget, || contact_with(p, other, &mut scratch));
    SCRATCH.with(|s| s.set(Some(scratch)));
    match contact {
        // The search finds an exit whenever the shapes intersect; should rounding ever leave it
        // without one, clearing the bounding boxes is a push that separates (if not the shortest).
        None => Some(clearing_contact(&p.aabb(), &other.aabb()).bounded()),
        Some(c) if ran_out => Some(c.bounded()),
        found => found,
    }
}

/// [`contact_concave`] within the default budget, for the tests.
#[cfg(test)]
fn contact_default(p: &Polygon, other: ShapeRef) -> Option<Contact> {
    contact_concave(p, other, ContactBudget::DEFAULT)
}

/// The search squares coordinates in f32: sound while they lie between 2^-60 and 2^60 (about
/// 1e-18 and 1e18). Beyond, `Some(e)` with `2^e` the size of the largest coordinate: the
/// query is then run on the shapes scaled by `2^-e`, exactly (a power of two), into that range.
fn rescale_exponent(a: &Aabb, b: &Aabb) -> Option<i32> {
    let largest =
        [a.min(), a.max(), b.min(), b.max()].iter().map(|c| c.abs().max_element()).fold(0.0f32, f32::at_least);
    if largest == 0.0 || (2f32.powi(-60)..=2f32.powi(60)).contains(&largest) {
        return None;
    }
    // Scale factors stay normal f32 numbers (at most 2^126 either way).
    Some(crate::math::binary_exponent(largest))
}

/// [`contact_concave`] on both shapes scaled by `2^-exponent`, scaled back. Power-of-two
/// scaling is exact, so the answer is the one the unscaled shapes would get with unbounded
/// exponents. Allocates (the scaled shapes): only extreme sizes come here.
#[cold]
fn rescaled(p: &Polygon, other: ShapeRef, exponent: i32, budget: ContactBudget) -> Option<Contact> {
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
        // Routed to the map's own contact before coming here.
        S::TileMap(_) => return None,
    }
    .ok()?;
    // Scaling may flatten a sliver's pieces (a subnormal width becomes 0): then the boxes.
    let pieces = |s: &Shape| !matches!(s, Shape::Polygon(q) if q.convex_parts().is_empty());
    if p_small.convex_parts().is_empty() || !pieces(&other_small) {
        return None;
    }
    let c = contact_concave(&p_small, other_small.shape_ref(), budget)?;
    // Points are kept within the f32 range: a push as long as the range itself (shapes filling
    // it) may carry a point a rounding past its end.
    let (lo, hi) = (Vec2::splat(f32::MIN), Vec2::splat(f32::MAX));
    let back = |q: ContactPoint| ContactPoint {
        point_a: (q.point_a * up).clamp(lo, hi),
        point_b: (q.point_b * up).clamp(lo, hi),
        depth: saturate(q.depth as f64 * up as f64),
    };
    let points: Vec<ContactPoint> = c.points().iter().copied().map(back).collect();
    let scaled = Contact::new(c.normal, saturate(c.depth as f64 * up as f64), &points);
    Some(if c.is_exact() { scaled } else { scaled.bounded() })
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
    // The hulls' penetration bounds the answer (moving the other shape's hull clear of the
    // polygon's hull separates the shapes), and is much tighter than the boxes' in a game.
    let hulls = p.hull().and_then(|h| {
        let other_hull = match other {
            ShapeRef::Polygon(q) => ShapeRef::ConvexPolygon(q.hull()?),
            convex => convex,
        };
        super::contact_ref(ShapeRef::ConvexPolygon(h), other_hull)
    });
    let hull_depth = hulls.map(|c| c.depth);
    let bound = clearing_bound(&p.aabb(), &other.aabb()).at_most(hull_depth.unwrap_or(f32::INFINITY));
    // What a search cut short by its budget answers at worst: the hulls' push, else the boxes'.
    let fallback = || hulls.unwrap_or_else(|| clearing_contact(&p.aabb(), &other.aabb()));
    // Every stage keeps a bit for each pair of pieces: when clearing those alone is past the
    // budget, nothing is searched.
    budget::charge(p.convex_parts().len() as u64 * other_pieces.len() as u64 / 1024);
    if budget::spent() {
        return Some(fallback());
    }
    let other_flags = match other {
        ShapeRef::Polygon(q) => Some(q.part_flags()),
        _ => None,
    };
    prepare_others(p, other_pieces, other_flags, scratch);
    let deepest = deepest_pair(p, other_pieces, scratch);
    // Walking out, a region that starts within `tolerance` of the current exit counts as entered:
    // the reported push then clears every region by at least that much, so a push slightly past
    // it still separates (an exit exactly at a pinch between two pieces would not). Relative to
    // the scale of the contact (see `local_scale`), so that the answer scales with the shapes: an
    // absolute floor would swamp shapes much smaller than 1, and break ties differently there.
    let scale = local_scale(other, deepest.0.at_most(bound));
    let tolerance = 1e-4 * scale;
    // Beyond the bound by a little (the tolerance, never 0, also covers a bound of 0).
    let reach = bound_with_room(bound) + tolerance;
    // How far inside a region a point must be to count as covered, far finer than the tolerance.
    let margin = 1e-6 * scale;
    if scratch.regions.radius <= 4.0 * margin {
        // Rounded by less than a few margins, two pieces' regions across a diagonal overlap by
        // less than a margin, and a shape lying along it would seem to touch both and overlap
        // neither (a capsule 1e-8 thick on a diagonal got depth 0). The core alone is searched,
        // whose faces along diagonals count as covered: the push is short by the radius at most.
        scratch.regions.radius = 0.0;
    }
    // f32 rounding where the shapes meet (the other shape's coordinates, and the polygon's near
    // it), which the margin falls below when the other shape is small against its coordinates:
    // a walk leaving a region at a shallow angle must clear it by that much (see `walk_stretch`).
    let b = other.aabb();
    let coords = b.min().abs().max(b.max().abs()).max_element() + deepest.0.at_most(bound);
    scratch.regions.clearance = 2.0 * f32::EPSILON * coords;
    let radius = scratch.regions.radius;
    let walk = Walker { p, others: other_pieces, other_flags, tolerance, margin };
    let quick = deepest_pair_exits(deepest, &walk, reach, scratch);
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
                let near = Vec2::splat(reach + radius);
                add_regions(p, (other_pieces, other_flags), scratch, (-near, near), |lo, hi| {
                    box_near(lo, hi, radius, reach) && !box_within(lo, hi, radius, inner)
                });
                if budget::spent() {
                    // Not every region within reach is built: no walk through them is sure.
                    return None;
                }
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
    let found = found.map(|(depth, normal, region)| {
        // The search's directions are unit to f32 rounding, except where rounding has given up
        // (slivers 1e38 long): made unit once, here.
        let normal = unit_or(normal, Vec2::X);
        let point = manifold_point(p, other_pieces, regions.info.get(region), other, normal, depth);
        Contact::new(normal, depth, &[point])
    });
    if !budget::spent() {
        return found;
    }
    // Cut short: the shortest push known to separate (an exit the search confirmed by walking
    // out through every region that can hold it, the hulls', the boxes').
    let fallback = fallback();
    Some(found.filter(|f| f.depth < fallback.depth).unwrap_or(fallback))
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
                return ContactPoint { point_a: point_b + normal * depth, point_b, depth: q.depth.at_most(depth) };
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
    ContactPoint { point_a: pushed_by(point_b, normal, depth), point_b, depth }
}

/// The bound on the push-out with a thousandth of room, the part of the search's reach that
/// grows with it (the tolerance is added). It stands apart from the tolerance's sum, whose
/// mutants are caught: a larger reach (`bound + 1.001`) only builds more regions.
#[inline]
fn bound_with_room(bound: f32) -> f32 {
    bound * 1.001
}

/// `point` moved `depth` along `normal`: the fallback manifold point on the polygon's side. It
/// stands apart because its `-` for `+` is not reached (not claimed equivalent): the fallback
/// with a positive depth needs a walk that leaves last through a solid cell's stretch, i.e. a
/// region's face within the margin of that cell's edge; at depth 0 (touching) it is tested.
#[inline]
fn pushed_by(point: Vec2, normal: Vec2, depth: f32) -> Vec2 {
    point + normal * depth
}

/// What the search's tolerance and margin are relative to: the other shape's size (its bounds'
/// half diagonal), plus `depth` (the deepest piece pair's, a lower bound on the push-out: when the
/// push is long, its own length), plus a hundredth of the other shape's coordinates (so that the
/// tolerance is at least f32 rounding of where the shapes meet, as for a point on an edge).
///
/// Nothing of the polygon's extent: a small shape against a huge level (1e7 across) must get a
/// push as precise as against a small one, and scaled by the level's size the tolerance had grown
/// past the small shape itself (a disc of radius 1 got half its push-out). That takes no more
/// than f32 rounding near the contact, since each face of a region is measured from its end
/// nearer the contact (see `regions::anchor`), not from a vertex the level's extent away.
fn local_scale(other: ShapeRef, depth: f32) -> f32 {
    let b = other.aabb();
    let coords = b.min().abs().max(b.max().abs()).max_element();
    (b.half_extents().length() + depth + 1e-2 * coords).at_least(f32::MIN_POSITIVE)
}

/// The radius of the disc around the origin that the searches may skip, given the deepest piece
/// pair's depth: that pair's region holds the disc of its depth, so everything in it is covered.
/// Less the walk's tolerance, far more than that depth's rounding.
fn inner_radius(deepest: f32, tolerance: f32) -> f32 {
    (deepest - tolerance).at_least(0.0)
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
        ShapeRef::Polygon(q) => q.convex_parts().iter().map(piece).fold(f32::INFINITY, f32::at_most),
        // Routed to the map's own contact before coming here; thin as a point, should it come.
        ShapeRef::TileMap(_) => 0.0,
    }
}

/// A translation known to separate: moving the other shape's bounds clear of the polygon's.
fn clearing_bound(p: &Aabb, s: &Aabb) -> f32 {
    let travel = [p.max().x - s.min().x, s.max().x - p.min().x, p.max().y - s.min().y, s.max().y - p.min().y];
    travel.into_iter().fold(f32::INFINITY, f32::at_most).at_least(0.0)
}

#[cfg(test)]
mod tests;
