//! The full search for the nearest exposed point of the union's boundary (steps 5 and 6): faces
//! and arcs visited by distance, each candidate confirmed by a walk out. Apart because it is the
//! largest stage, and the shortcuts in `settle.rs` also run it over a few regions.

use std::collections::BinaryHeap;

use glam::Vec2;

use super::budget;
use super::grid::{Grid, Solid, Stamps};
use super::regions::{Regions, ARC, FACE};
use super::stretch::{holds, walk_out, walk_reach, walk_stretch};
use super::Scratch;
use crate::math::slab_range;
use crate::math::Order;
pub(super) use faces::Part;
mod faces;

/// Faces are cleared lazily (see `face_part`) in searches over more regions than this. Over
/// fewer (the small subsets of `settle_by_subsets`), working out each face's exposed stretches
/// at once costs less than the point tests and the heap: on the game bench, lazy in every
/// search cost 1.9 % more instructions in shallow contacts than none; from 10 regions, 0.3 %
/// fewer, and deep contacts keep their gain (-7 % at Optimal, -15 % at Exact).
pub(super) const LAZY_FROM: usize = 10;

/// The search for the nearest exposed boundary point over a set of regions.
pub(super) struct Search<'r> {
    regions: &'r Regions,
    grid: Grid,
    /// Summed-area table over the grid's cells of those that lie wholly inside one region:
    /// a face within such cells has nothing exposed.
    solid: std::cell::RefCell<Solid>,
    seen: std::cell::RefCell<Stamps>,
    /// Per region, the region that last covered one of its faces whole: tried first for the
    /// next face (neighbouring faces are usually covered by the same region).
    cover: std::cell::RefCell<Vec<u32>>,
    /// Per block of the grid, the region that last covered a point in it: tried next.
    block_cover: std::cell::RefCell<Vec<u32>>,
    tolerance: f32,
    /// How far inside another region a point must be to count as covered: rounding must not
    /// let two regions sharing a face line each hide the other's face.
    margin: f32,
    /// The radius of a disc around the origin known to lie inside the union (the deepest piece
    /// pair's region holds it): nothing in it is exposed, so the faces and arcs wholly within it
    /// are skipped, and the grid's cells within it are solid.
    inner: f32,
    /// Whether faces are cleared lazily (see `face_part`): over a few regions, working out a
    /// face's exposed stretches whole at once is cheaper.
    lazy: bool,
    /// Buffers: the faces and arcs to visit, one face's covered stretches, the face parts left
    /// to look at and the candidates (both heaps), one arc's crossings, one walk's stretches.
    elements: std::cell::RefCell<Vec<Element>>,
    /// The faces and arcs by distance: each one's distance bits above its index in `elements`
    /// (sorting plain integers is several times faster than sorting the elements).
    order: std::cell::RefCell<Vec<u64>>,
    stretches: std::cell::RefCell<Vec<(f32, f32)>>,
    parts: std::cell::RefCell<Vec<Part>>,
    candidates: std::cell::RefCell<Vec<Candidate>>,
    crossings: std::cell::RefCell<Vec<(Vec2, usize)>>,
    walk: std::cell::RefCell<Vec<(f32, f32, usize)>>,
}

impl<'r> Search<'r> {
    /// The search over `regions`, with the buffers of `scratch` (see [`give_back`](Self::give_back)).
    pub(super) fn new(regions: &'r Regions, tolerance: f32, margin: f32, inner: f32, scratch: &mut Scratch) -> Self {
        use std::cell::RefCell;
        use std::mem::take;
        let count = regions.info.len();
        let grid = Grid::build(
            regions,
            inner,
            take(&mut scratch.grid_start),
            take(&mut scratch.grid_items),
            &mut scratch.grid_fill,
        );
        let mut marks = take(&mut scratch.marks);
        marks.clear();
        marks.resize(count, 0);
        let mut cover = take(&mut scratch.cover);
        cover.clear();
        cover.resize(count, u32::MAX);
        let mut block_cover = take(&mut scratch.block_cover);
        block_cover.clear();
        block_cover.resize(grid.blocks * grid.blocks, u32::MAX);
        let solid = Solid::new(&grid, inner, take(&mut scratch.cells), take(&mut scratch.blocks));
        Search {
            regions,
            grid,
            solid: RefCell::new(solid),
            seen: RefCell::new(Stamps { marks, stamp: 0 }),
            cover: RefCell::new(cover),
            block_cover: RefCell::new(block_cover),
            tolerance,
            margin,
            inner,
            lazy: count > LAZY_FROM,
            elements: RefCell::new(take(&mut scratch.elements)),
            order: RefCell::new(take(&mut scratch.order)),
            stretches: RefCell::new(take(&mut scratch.stretches)),
            parts: RefCell::new(take(&mut scratch.parts)),
            candidates: RefCell::new(take(&mut scratch.candidates)),
            crossings: RefCell::new(take(&mut scratch.crossings)),
            walk: RefCell::new(take(&mut scratch.walk)),
        }
    }

    /// Returns the buffers to `scratch` for the next query.
    pub(super) fn give_back(self, scratch: &mut Scratch) {
        scratch.grid_start = self.grid.start;
        scratch.grid_items = self.grid.items;
        let solid = self.solid.into_inner();
        (scratch.cells, scratch.blocks) = (solid.cells, solid.blocks);
        scratch.marks = self.seen.into_inner().marks;
        scratch.cover = self.cover.into_inner();
        scratch.block_cover = self.block_cover.into_inner();
        scratch.elements = self.elements.into_inner();
        scratch.order = self.order.into_inner();
        scratch.stretches = self.stretches.into_inner();
        scratch.parts = self.parts.into_inner();
        scratch.candidates = self.candidates.into_inner();
        scratch.crossings = self.crossings.into_inner();
        scratch.walk = self.walk.into_inner();
    }

    /// Whether cell `(x, y)` lies wholly inside one region (worked out on first use).
    fn solid_cell(&self, x: usize, y: usize) -> bool {
        self.grid.n >= 2 && self.solid.borrow_mut().get(self.regions, &self.grid, self.margin, x, y)
    }

    /// Whether every grid cell the box `[lo, hi]` meets lies wholly inside one region.
    fn solid_box(&self, lo: Vec2, hi: Vec2) -> bool {
        if self.grid.n < 2 {
            return false;
        }
        Grid::all_cells(self.grid.cells(lo, hi), |x, y| self.solid_cell(x, y))
    }

    /// `(depth, normal, region left last)`, or `None` when there is no region.
    pub(super) fn run(&self, reach: f32) -> Option<(f32, Vec2, usize)> {
        let regions = self.regions;
        let radius = regions.radius;
        let mut elements = self.elements.borrow_mut();
        elements.clear();
        // Each face measured from the origin: half a unit.
        budget::charge(regions.face_count() as u64 / 2);
        for (k, r) in regions.info.iter().enumerate() {
            let (v, normals) = (regions.verts(k), regions.normals(k));
            for i in 0..r.len {
                let n = normals[i];
                let (a, b) = (v[i] + n * radius, v[if i + 1 == r.len { 0 } else { i + 1 }] + n * radius);
                let exposable = regions.exposable[r.start + i];
                let within = |x: Vec2| inside_disc(x, self.inner);
                if exposable_face(exposable) && !(within(a) && within(b)) {
                    let d = crate::query::core::point_segment_distance_squared(Vec2::ZERO, a, b).sqrt() as f32;
                    if d <= reach {
                        elements.push(Element { distance: d, region: k as u32, index: i as u32, arc: false });
                    }
                }
                if arc_may_be_exposed(radius, exposable, v[i], self.inner) {
                    let d = (v[i].length() - radius).abs();
                    if d <= reach {
                        elements.push(Element { distance: d, region: k as u32, index: i as u32, arc: true });
                    }
                }
            }
        }
        // Distances are never negative (nor NaN, which fails the reach test): their bits sort as
        // they do, and ties by their index, as a stable sort would.
        let mut order = self.order.borrow_mut();
        order.clear();
        order.extend(elements.iter().enumerate().map(|(k, e)| (u64::from(e.distance.to_bits()) << 32) | k as u64));
        order.sort_unstable();

        let seen = &mut *self.seen.borrow_mut();
        let mut stretches = self.stretches.borrow_mut();
        let mut heap = std::mem::take(&mut *self.candidates.borrow_mut());
        heap.clear();
        let mut candidates = BinaryHeap::from(heap);
        let mut parts = std::mem::take(&mut *self.parts.borrow_mut());
        parts.clear();
        let mut parts = BinaryHeap::from(parts);
        let mut best = (f32::INFINITY, Vec2::X, usize::MAX);
        // The nearest point in a gap the other shape fits exactly (see below), if any.
        let mut fit: Option<(f32, Vec2, usize)> = None;
        let mut next = 0;
        budget::charge(elements.len() as u64);
        loop {
            if budget::spent() {
                // Cut short: the best exit so far separates (each is walked through every
                // region that can hold it), but is not proven the shortest.
                break;
            }
            budget::charge(1);
            let face = order.get(next).map_or(f32::INFINITY, |&o| f32::from_bits((o >> 32) as u32));
            let candidate = candidates.peek().map_or(f32::INFINITY, |c: &Candidate| c.distance);
            let part = parts.peek().map_or(f32::INFINITY, |p: &Part| p.distance);
            let limit = best.0.at_most(reach).at_most(fit.map_or(f32::INFINITY, |f| f.0 + self.tolerance));
            if face.at_most(candidate).at_most(part) >= limit {
                break;
            }
            let mut push = |c: Candidate| {
                if nearer(c.distance, best.0) {
                    candidates.push(c)
                }
            };
            if part_goes_first(part, face.at_most(candidate)) {
                let Some(p) = parts.pop() else { break };
                self.face_part(p, seen, &mut stretches, &mut parts, &mut push);
            } else if face <= candidate {
                let e = elements[(order[next] & u64::from(u32::MAX)) as usize];
                next += 1;
                if self.element_in_solid_cells(e) {
                    // Wholly inside one region: nothing of it is exposed.
                    continue;
                }
                if e.arc {
                    self.arc_candidates(e.region as usize, e.index as usize, seen, &mut push);
                } else {
                    let whole = Part {
                        distance: e.distance,
                        region: e.region,
                        index: e.index,
                        from: f32::NEG_INFINITY,
                        to: f32::INFINITY,
                    };
                    self.face_part(whole, seen, &mut stretches, &mut parts, &mut push);
                }
            } else if let Some(c) = candidates.pop() {
                if c.distance >= less_margin(best.0, self.margin) {
                    // Ties (symmetric shapes give many) cannot improve the depth.
                    continue;
                }
                let limit = best.0.at_most(reach);
                let (t, region) = self.escape(c.direction, limit, seen);
                if t < limit {
                    best = (t, c.direction, region);
                }
                if escapes_past(t, c.distance, self.tolerance) {
                    self.probe(&c, &mut best, reach, seen);
                    if fit.is_none()
                        && no_exit_within(best.0, c.distance, self.tolerance)
                        && !regions.flat
                        && self.free(c.point, seen)
                    {
                        // No clean exit near the point, yet no region holds it: moved there,
                        // the shapes touch on two sides at once (in a gap the other shape fits
                        // exactly, or wedged between corners), and any push further along
                        // overlaps again. Nearer points are all held: the answer, unless a clean
                        // exit turns up within the tolerance of it. (Not for a flat shape: lying
                        // along a diagonal between pieces, it touches both pieces' regions and
                        // overlaps neither, inside the union.)
                        fit = Some((c.distance, c.direction, c.region as usize));
                    }
                }
            }
        }
        if let Some(f) = fit.filter(|f| wedge_beats(f.0, self.tolerance, best.0)) {
            best = f;
        }
        if !best.0.is_finite() && !budget::spent() {
            // Nothing found within the bound: from degenerate input, or, for a flat shape,
            // where the only clean exits within it lie along an exposed face a little way from
            // a pinch, past where the probes reach. Walk out along the axes: a push that
            // separates, if not always the shortest.
            for d in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                let (t, region) = self.escape(d, f32::INFINITY, seen);
                if nearer(t, best.0) {
                    best = (t, d, region);
                }
            }
        }
        *self.candidates.borrow_mut() = candidates.into_vec();
        *self.parts.borrow_mut() = parts.into_vec();
        best.0.is_finite().then_some(best)
    }

    /// Whether no region holds `x` by more than twice the margin (see [`holds`]), nor the inner
    /// disc. Twice: a candidate at the end of an exposed stretch lies inside the region that
    /// ends it by about the margin.
    fn free(&self, x: Vec2, seen: &mut Stamps) -> bool {
        x.length_squared() >= self.inner * self.inner && !self.grid.any_in(x, x, seen, |m| self.holds_near(m, x))
    }

    /// Whether region `m` holds `x` by more than twice the margin, its bounds tested first (see
    /// `free`). It stands apart from `free`'s inner-disc test because its threshold's mutants (2 +
    /// margin, 2 / margin) and answering false only make `free` more permissive, which no test
    /// can tell apart (see `free`); its bound tests are caught.
    #[inline]
    fn holds_near(&self, m: usize, x: Vec2) -> bool {
        let regions = self.regions;
        let r = &regions.info[m];
        r.lo.cmple(x).all() && x.cmple(r.hi).all() && holds(regions, m, x, 2.0 * self.margin)
    }

    /// Whether a face or arc lies in cells that are each wholly inside one region.
    fn element_in_solid_cells(&self, e: Element) -> bool {
        let regions = self.regions;
        let (k, i, r) = (e.region as usize, e.index as usize, regions.radius);
        if e.arc {
            let v = regions.verts(k)[i];
            return self.solid_box(v - Vec2::splat(r), v + Vec2::splat(r));
        }
        let (a, b) = regions.face(k, i);
        // Only the cells the face passes through: its bounds meet many more when it is long and
        // slanted, which are more often open, and each costs a test on first use (on two
        // overlapping stars of 1,000 corners, testing the bounds' cells took 43 % of the
        // instructions; the cells along the faces, 11 % fewer in all).
        let mut cells = 0u64;
        let solid = self.grid.all_along(a, b, |x, y| {
            cells += 1;
            self.solid_cell(x, y)
        });
        budget::charge(cells / 4);
        solid
    }

    /// The walk along a candidate's own direction left through a pinch (a corner where regions
    /// meet, which the tolerance treats as closed): try directions aimed to either side of it
    /// along the exposed boundary, a tolerance away and then four times further each time, until
    /// one leaves cleanly or the stretch runs out. The free space beyond a pinch may be a sliver
    /// that widens only slowly (a segment that barely fits into a hole), so a fixed few steps
    /// can stop short of where it opens. A point tried beyond the best exit still counts: the
    /// ray towards it may leave earlier.
    fn probe(&self, c: &Candidate, best: &mut (f32, Vec2, usize), reach: f32, seen: &mut Stamps) {
        for (side, room) in [(-1.0f32, c.room.0), (1.0, c.room.1)] {
            let mut step = if room < self.tolerance { room * 0.5 } else { self.tolerance };
            while step > 0.0 && step <= room {
                let x = c.point + c.along * (side * step);
                step *= 4.0;
                let Some(d) = x.try_normalize() else { continue };
                let limit = best.0.at_most(reach);
                let (t, region) = self.escape(d, limit, seen);
                if t < limit {
                    *best = (t, d, region);
                }
                if t <= probe_reach(x, self.margin) {
                    break;
                }
            }
        }
    }

    /// Visits what the segment `a + s u`, `from ≤ s ≤ to`, runs through, cell by cell: the
    /// stretch of it in each solid cell (`solid(s0, s1)`), and once each region listed in the
    /// other cells (`region(m, out)`), until `region` returns true (then returns true).
    fn along<T>(
        &self,
        (a, u, (from, to)): (Vec2, Vec2, (f32, f32)),
        seen: &mut Stamps,
        mut solid: impl FnMut(f32, f32, &mut T),
        mut region: impl FnMut(usize, &mut T) -> bool,
        out: &mut T,
    ) -> bool {
        let grid = &self.grid;
        let (p, q) = (segment_start(a, u, from), a + u * to);
        if grid.n < 2 || !q.is_finite() {
            // An endless segment along an axis has a NaN coordinate at its far end (0 · ∞):
            // `f32::min` and `max` keep the other end's, where `Vec2`'s would keep the NaN and
            // lose the segment's own row or column (the walk along an axis then misses the
            // regions it starts in).
            let lo = Vec2::new(p.x.at_most(q.x), p.y.at_most(q.y));
            let hi = Vec2::new(p.x.at_least(q.x), p.y.at_least(q.y));
            return grid.any_in(lo, hi, seen, |m| region(m, out));
        }
        let (x0, x1, y0, y1) = grid.cells(p.min(q), p.max(q));
        seen.next();
        // The blocks already listed (a segment meets few).
        let mut listed = [usize::MAX; 8];
        let mut listed_count = 0;
        for y in y0..=y1 {
            for x in x0..=x1 {
                budget::charge(1);
                let (lo, hi) = grid.cell_box(x, y);
                let Some((s0, s1)) = slab(lo, hi, a, u, (from, to)) else { continue };
                if self.solid_cell(x, y) {
                    solid(s0, s1, out);
                    continue;
                }
                let (list, c) = grid.list(x, y);
                if listed.contains(&c) {
                    continue;
                }
                listed[listed_count % listed.len()] = c;
                listed_count += 1;
                for &m in list {
                    if seen.first_visit(m as usize) && region(m as usize, out) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// [`Search::escape`] on its own, for the tests.
    #[cfg(test)]
    pub(super) fn escape_alone(&self, d: Vec2, limit: f32) -> (f32, usize) {
        self.escape(d, limit, &mut self.seen.borrow_mut())
    }

    /// The exit distance along unit `d` and the region it leaves last: start at 0 and, while
    /// inside any region's stretch of the ray, jump to that stretch's end. Exact below `limit`;
    /// at or beyond it, only known to be at least `limit`.
    fn escape(&self, d: Vec2, limit: f32, seen: &mut Stamps) -> (f32, usize) {
        let regions = self.regions;
        let mut stretches = std::mem::take(&mut *self.walk.borrow_mut());
        stretches.clear();
        let (margin, slack) = (self.margin, 0.5 * self.tolerance);
        self.along(
            (Vec2::ZERO, d, (0.0, walk_reach(self.tolerance, limit))),
            seen,
            // A solid cell lies inside one region: the walk goes through it.
            |s0, s1, out: &mut Vec<(f32, f32, usize)>| out.push((s0 - margin, s1 + margin, usize::MAX)),
            |k, out: &mut Vec<(f32, f32, usize)>| {
                if let Some((lo, hi)) = walk_stretch(regions, k, d, margin, slack) {
                    if lo <= hi {
                        out.push((lo, hi, k));
                    }
                }
                false
            },
            &mut stretches,
        );
        let exit = walk_out(&mut stretches, self.tolerance);
        *self.walk.borrow_mut() = stretches;
        exit
    }
}

/// Orders a heap entry by its `distance`, reversed, so that a max-heap yields the nearest first.
macro_rules! nearest_first {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.cmp(other) == std::cmp::Ordering::Equal
            }
        }
        impl Eq for $t {}
        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $t {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                other.distance.total_cmp(&self.distance)
            }
        }
    };
}
pub(super) use nearest_first;

/// A point of the union's boundary: its distance from the origin, the direction to try, and
/// how far one may slide from it along `along` (back, forward) staying on exposed boundary.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    distance: f32,
    direction: Vec2,
    point: Vec2,
    /// The region on whose face or arc the point lies.
    region: u32,
    along: Vec2,
    room: (f32, f32),
}

nearest_first!(Candidate);

/// A boundary element of a region: face `index` (from vertex `index` to the next), or the arc
/// around vertex `index` (rounded regions only).
#[derive(Clone, Copy)]
pub(super) struct Element {
    distance: f32,
    region: u32,
    index: u32,
    arc: bool,
}

/// Whether `x` lies strictly inside the inner disc of radius `inner` (a face with both ends so
/// is not made an element; a face part's nearest point so is cleared by the disc's chord). It
/// stands apart because the deepest pair's region holds that disc, so skipping what lies within
/// only saves work: saving less (never, or not at equality) answers the same, more slowly.
#[inline]
pub(super) fn inside_disc(x: Vec2, inner: f32) -> bool {
    x.length_squared() < inner * inner
}

/// Whether a face is flagged exposable (it is then made an element). It stands apart because
/// every face made an element (`|`, or true) only adds elements, each searched for exposed
/// points (a face that is not exposable is covered).
#[inline]
fn exposable_face(exposable: u8) -> bool {
    exposable & FACE != 0
}

/// Whether the arc at vertex `v` may be exposed: the regions rounded, the arc flagged exposable
/// and reaching out of the inner disc. It stands apart because its mutants only add elements:
/// arcs for unrounded regions (of radius 0) or every arc (`|`), each searched for exposed points;
/// `^` drops only arcs that are never needed (see `regions::both_convex_corners`), and `||` for
/// the disc's `&&` keeps arcs the inner disc covers.
#[inline]
fn arc_may_be_exposed(radius: f32, exposable: u8, v: Vec2, inner: f32) -> bool {
    radius > 0.0 && exposable & ARC != 0 && v.length() + radius >= inner
}

/// Whether distance `d` beats the best so far (a candidate kept, an axis walk's exit taken). It
/// stands apart because a tie (`<=`) only keeps candidates at the best's distance, which cannot
/// improve it, or takes an exit as near.
#[inline]
fn nearer(d: f32, best: f32) -> bool {
    d < best
}

/// Whether the nearest face part goes before the nearest face or candidate (at distance `next`).
/// It stands apart because at the same distance either may go first.
#[inline]
fn part_goes_first(part: f32, next: f32) -> bool {
    part < next
}

/// The best depth less the margin: candidates from there on are ties. It stands apart because
/// with `+` more ties are examined, which cannot improve the depth.
#[inline]
fn less_margin(best: f32, margin: f32) -> f32 {
    best - margin
}

/// Whether a candidate's escape `t` lies past its distance by more than the tolerance (it is then
/// probed). It stands apart because probing on equality or more often (`>=`, `-`, `*` for `+`)
/// only finds exits the walk confirms.
#[inline]
fn escapes_past(t: f32, distance: f32, tolerance: f32) -> bool {
    t > distance + tolerance
}

/// Whether the best exit lies past a blocked candidate by more than the tolerance (it may then
/// be kept as the wedge). It stands apart because keeping it even when its probes found a clean
/// exit within the tolerance (`-`) leaves that exit the best, and the final test (wedge +
/// tolerance < best) keeps the best; `>=` differs only on a tie at exactly the tolerance.
#[inline]
fn no_exit_within(best: f32, distance: f32, tolerance: f32) -> bool {
    best > distance + tolerance
}

/// Whether the kept wedge beats the best clean exit by more than the tolerance. It stands apart
/// because `<=` differs only on a tie at exactly the tolerance.
#[inline]
fn wedge_beats(wedge: f32, tolerance: f32, best: f32) -> bool {
    wedge + tolerance < best
}

/// How far along a probe's direction an exit ends the probing: the probe point's distance and
/// the margin. It stands apart because `-` for `+` only probes further, finding exits the walk
/// confirms.
#[inline]
fn probe_reach(x: Vec2, margin: f32) -> f32 {
    x.length() + margin
}

/// Where `along` starts walking the segment `a + s u`: at `s = from`. It stands apart because
/// its start only bounds the cells walked (for the escape walk it is the origin whatever the
/// mutant): one cell fewer leaves regions and solid cells unvisited, so more of a face exposed,
/// as candidates the walk refutes.
#[inline]
fn segment_start(a: Vec2, u: Vec2, from: f32) -> Vec2 {
    a + u * from
}

/// The stretch `[s0, s1]` of the segment `a + s u`, `from ≤ s ≤ to`, inside the box `[lo, hi]`.
fn slab(lo: Vec2, hi: Vec2, a: Vec2, u: Vec2, (from, to): (f32, f32)) -> Option<(f32, f32)> {
    let (t0, t1, _) = slab_range(a, u, lo, hi)?;
    let (s0, s1) = (t0.at_least(from), t1.at_most(to));
    (s0 <= s1).then_some((s0, s1))
}
