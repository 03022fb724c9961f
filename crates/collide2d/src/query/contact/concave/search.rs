//! The full search for the nearest exposed point of the union's boundary (steps 5 and 6): faces
//! and arcs visited by distance, each candidate confirmed by a walk out. Apart because it is the
//! largest stage, and the shortcuts in `settle.rs` also run it over a few regions.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::Vec2;

use super::grid::{Grid, Solid, Stamps};
use super::regions::{Region, Regions, ARC, FACE};
use super::stretch::{inside, line_stretch, walk_out, walk_stretch};
use super::Scratch;
use crate::math::slab_range;

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
    tolerance: f32,
    /// How far inside another region a point must be to count as covered: rounding must not
    /// let two regions sharing a face line each hide the other's face.
    margin: f32,
    /// The radius of a disc around the origin known to lie inside the union (the deepest piece
    /// pair's region holds it): nothing in it is exposed, so the faces and arcs wholly within it
    /// are skipped, and the grid's cells within it are solid.
    inner: f32,
    /// Buffers: the faces and arcs to visit, one face's covered stretches, the candidates, one
    /// arc's crossings, one walk's stretches.
    elements: std::cell::RefCell<Vec<Element>>,
    /// The faces and arcs by distance: each one's distance bits above its index in `elements`
    /// (sorting plain integers is several times faster than sorting the elements).
    order: std::cell::RefCell<Vec<u64>>,
    stretches: std::cell::RefCell<Vec<(f32, f32)>>,
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
        let solid = Solid::new(&grid, inner, take(&mut scratch.cells), take(&mut scratch.blocks));
        Search {
            regions,
            grid,
            solid: RefCell::new(solid),
            seen: RefCell::new(Stamps { marks, stamp: 0 }),
            cover: RefCell::new(cover),
            tolerance,
            margin,
            inner,
            elements: RefCell::new(take(&mut scratch.elements)),
            order: RefCell::new(take(&mut scratch.order)),
            stretches: RefCell::new(take(&mut scratch.stretches)),
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
        scratch.elements = self.elements.into_inner();
        scratch.order = self.order.into_inner();
        scratch.stretches = self.stretches.into_inner();
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
        let (x0, x1, y0, y1) = self.grid.cells(lo, hi);
        (y0..=y1).all(|y| (x0..=x1).all(|x| self.solid_cell(x, y)))
    }

    /// `(depth, normal, region left last)`, or `None` when there is no region.
    pub(super) fn run(&self, reach: f32) -> Option<(f32, Vec2, usize)> {
        let regions = self.regions;
        let radius = regions.radius;
        let mut elements = self.elements.borrow_mut();
        elements.clear();
        for (k, r) in regions.info.iter().enumerate() {
            let (v, normals) = (regions.verts(k), regions.normals(k));
            for i in 0..r.len {
                let n = normals[i];
                let (a, b) = (v[i] + n * radius, v[if i + 1 == r.len { 0 } else { i + 1 }] + n * radius);
                let exposable = regions.exposable[r.start + i];
                let within = |x: Vec2| x.length_squared() < self.inner * self.inner;
                if exposable & FACE != 0 && !(within(a) && within(b)) {
                    let d = crate::query::core::point_segment_distance_squared(Vec2::ZERO, a, b).sqrt() as f32;
                    if d <= reach {
                        elements.push(Element { distance: d, region: k as u32, index: i as u32, arc: false });
                    }
                }
                if radius > 0.0 && exposable & ARC != 0 && v[i].length() + radius >= self.inner {
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
        let mut best = (f32::INFINITY, Vec2::X, usize::MAX);
        let mut next = 0;
        loop {
            let face = order.get(next).map_or(f32::INFINITY, |&o| f32::from_bits((o >> 32) as u32));
            let candidate = candidates.peek().map_or(f32::INFINITY, |c: &Candidate| c.distance);
            let limit = best.0.min(reach);
            if face.min(candidate) >= limit {
                break;
            }
            if face <= candidate {
                let e = elements[(order[next] & u64::from(u32::MAX)) as usize];
                next += 1;
                if self.element_in_solid_cells(e) {
                    // Wholly inside one region: nothing of it is exposed.
                    continue;
                }
                let mut push = |c: Candidate| {
                    if c.distance < best.0 {
                        candidates.push(c)
                    }
                };
                if e.arc {
                    self.arc_candidates(e.region as usize, e.index as usize, seen, &mut push);
                } else {
                    self.face_candidates(e.region as usize, e.index as usize, seen, &mut stretches, &mut push);
                }
            } else if let Some(c) = candidates.pop() {
                if c.distance >= best.0 - self.margin {
                    // Ties (symmetric shapes give many) cannot improve the depth.
                    continue;
                }
                let limit = best.0.min(reach);
                let (t, region) = self.escape(c.direction, limit, seen);
                if t < limit {
                    best = (t, c.direction, region);
                }
                if t > c.distance + self.tolerance {
                    self.probe(&c, &mut best, reach, seen);
                }
            }
        }
        if !best.0.is_finite() {
            // Nothing found within the bound (only from degenerate input): walk out along the axes.
            for d in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                let (t, region) = self.escape(d, f32::INFINITY, seen);
                if t < best.0 {
                    best = (t, d, region);
                }
            }
        }
        *self.candidates.borrow_mut() = candidates.into_vec();
        best.0.is_finite().then_some(best)
    }

    /// Whether a face or arc lies in cells that are each wholly inside one region.
    fn element_in_solid_cells(&self, e: Element) -> bool {
        let regions = self.regions;
        let (k, i, r) = (e.region as usize, e.index as usize, regions.radius);
        let (v, normals) = (regions.verts(k), regions.normals(k));
        if e.arc {
            return self.solid_box(v[i] - Vec2::splat(r), v[i] + Vec2::splat(r));
        }
        let (a, b) = (v[i] + normals[i] * r, v[(i + 1) % v.len()] + normals[i] * r);
        self.solid_box(a.min(b), a.max(b))
    }

    /// Candidates on face `i` of region `k` (offset by the radius): the nearest point of each
    /// stretch of it no other region covers.
    fn face_candidates(
        &self,
        k: usize,
        i: usize,
        seen: &mut Stamps,
        stretches: &mut Vec<(f32, f32)>,
        push: &mut impl FnMut(Candidate),
    ) {
        let regions = self.regions;
        let (v, normals) = (regions.verts(k), regions.normals(k));
        let n = normals[i];
        let (a, b) = (v[i] + n * regions.radius, v[(i + 1) % v.len()] + n * regions.radius);
        let length = (b - a).length();
        let Some(u) = (b - a).try_normalize() else { return };
        stretches.clear();
        let mut cover = self.cover.borrow_mut();
        let whole =
            |m: usize| matches!(line_stretch(regions, m, a, u, self.margin), Some((lo, hi)) if lo < 0.0 && hi > length);
        let cached = cover[k] as usize;
        if cached < regions.info.len() && whole(cached) {
            return;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let test = |m: usize, stretches: &mut Vec<(f32, f32)>| {
            if m == k || !boxes_meet(&regions.info[m], lo, hi) {
                return false;
            }
            match line_stretch(regions, m, a, u, self.margin) {
                Some((s0, s1)) if s0 < s1 => {
                    if s0 < 0.0 && s1 > length {
                        cover[k] = m as u32;
                        return true;
                    }
                    if s1 > 0.0 && s0 < length {
                        stretches.push((s0, s1));
                    }
                    false
                }
                _ => false,
            }
        };
        let margin = self.margin;
        let solid = |s0: f32, s1: f32, out: &mut Vec<(f32, f32)>| out.push((s0 - margin, s1 + margin));
        if self.along((a, u, length), seen, solid, test, stretches) {
            return;
        }
        stretches.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        let foot = -a.dot(u);
        let side = n.dot(a);
        let mut emit = |from: f32, to: f32| {
            let s = foot.clamp(from, to);
            let x = a + u * s;
            let direction = if from < foot && foot < to {
                // The foot of the origin: straight along the face's normal.
                if side >= 0.0 {
                    n
                } else {
                    -n
                }
            } else {
                x.try_normalize().unwrap_or(n)
            };
            push(Candidate { distance: x.length(), direction, point: x, along: u, room: (s - from, to - s) });
        };
        let mut pos = 0.0f32;
        for &(lo, hi) in stretches.iter() {
            if hi <= pos {
                continue;
            }
            if lo >= pos {
                emit(pos, lo.min(length));
            }
            pos = hi;
            if pos > length {
                return;
            }
        }
        emit(pos, length);
    }

    /// Candidates on the arc around vertex `i` of rounded region `k`: its point nearest the
    /// origin and its crossings with other regions' arcs, where no other region covers them.
    /// (Crossings with other regions' faces are found from those faces.)
    fn arc_candidates(&self, k: usize, i: usize, seen: &mut Stamps, push: &mut impl FnMut(Candidate)) {
        let regions = self.regions;
        let r = regions.radius;
        let (v, normals) = (regions.verts(k), regions.normals(k));
        let c = v[i];
        let cone = (normals[(i + v.len() - 1) % v.len()], normals[i]);
        let on_arc = |x: Vec2| in_cone(cone, x - c);
        let mut consider = |x: Vec2, skip: usize, seen: &mut Stamps| {
            if !on_arc(x) || self.covered(x, k, skip, seen) {
                return;
            }
            let direction = x.try_normalize().unwrap_or(cone.0);
            let along = (x - c).perp().normalize_or_zero();
            let room = self.tolerance * 16.0;
            push(Candidate { distance: x.length(), direction, point: x, along, room: (room, room) });
        };
        if let Some(toward) = c.try_normalize() {
            consider(c - toward * r, usize::MAX, seen);
        }
        let mut crossings = std::mem::take(&mut *self.crossings.borrow_mut());
        crossings.clear();
        let (lo, hi) = (c - Vec2::splat(r), c + Vec2::splat(r));
        self.grid.any_in(lo, hi, seen, |m| {
            if m == k || !boxes_meet(&regions.info[m], lo, hi) {
                return false;
            }
            let (w, wn) = (regions.verts(m), regions.normals(m));
            for j in 0..w.len() {
                let other_cone = (wn[(j + w.len() - 1) % w.len()], wn[j]);
                for x in circle_crossings(c, w[j], r) {
                    if in_cone(other_cone, x - w[j]) {
                        crossings.push((x, m));
                    }
                }
            }
            false
        });
        for &(x, m) in &crossings {
            consider(x, m, seen);
        }
        *self.crossings.borrow_mut() = crossings;
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
                let limit = best.0.min(reach);
                let (t, region) = self.escape(d, limit, seen);
                if t < limit {
                    *best = (t, d, region);
                }
                if t <= x.length() + self.margin {
                    break;
                }
            }
        }
    }

    /// Whether `x` lies strictly inside a region other than `k` and `skip`.
    fn covered(&self, x: Vec2, k: usize, skip: usize, seen: &mut Stamps) -> bool {
        let regions = self.regions;
        self.grid.any_in(x, x, seen, |m| m != k && m != skip && inside(regions, m, x, self.margin))
    }

    /// Visits what the segment `a + s u`, `0 ≤ s ≤ length`, runs through, cell by cell: the
    /// stretch of it in each solid cell (`solid(s0, s1)`), and once each region listed in the
    /// other cells (`region(m, out)`), until `region` returns true (then returns true).
    fn along<T>(
        &self,
        (a, u, length): (Vec2, Vec2, f32),
        seen: &mut Stamps,
        mut solid: impl FnMut(f32, f32, &mut T),
        mut region: impl FnMut(usize, &mut T) -> bool,
        out: &mut T,
    ) -> bool {
        let grid = &self.grid;
        let b = a + u * length;
        if grid.n < 2 || !b.is_finite() {
            return grid.any_in(a.min(b), a.max(b), seen, |m| region(m, out));
        }
        let (x0, x1, y0, y1) = grid.cells(a.min(b), a.max(b));
        let size = Vec2::ONE / grid.inv_cell;
        // Grown a little, so that every point of the segment is in the cell the grid files it
        // under.
        let slack = size * 1e-3;
        seen.next();
        // The blocks already listed (a segment meets few).
        let mut listed = [usize::MAX; 8];
        let mut listed_count = 0;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let lo = grid.origin + Vec2::new(x as f32, y as f32) * size - slack;
                let Some((s0, s1)) = slab(lo, lo + size + slack * 2.0, a, u, length) else { continue };
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

    /// The exit distance along unit `d` and the region it leaves last: start at 0 and, while
    /// inside any region's stretch of the ray, jump to that stretch's end. Exact below `limit`;
    /// at or beyond it, only known to be at least `limit`.
    fn escape(&self, d: Vec2, limit: f32, seen: &mut Stamps) -> (f32, usize) {
        let regions = self.regions;
        let mut stretches = std::mem::take(&mut *self.walk.borrow_mut());
        stretches.clear();
        let margin = self.margin;
        self.along(
            (Vec2::ZERO, d, limit + 2.0 * self.tolerance),
            seen,
            // A solid cell lies inside one region: the walk goes through it.
            |s0, s1, out: &mut Vec<(f32, f32, usize)>| out.push((s0 - margin, s1 + margin, usize::MAX)),
            |k, out: &mut Vec<(f32, f32, usize)>| {
                if let Some((lo, hi)) = walk_stretch(regions, k, d, margin) {
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

/// A point of the union's boundary: its distance from the origin, the direction to try, and
/// how far one may slide from it along `along` (back, forward) staying on exposed boundary.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    distance: f32,
    direction: Vec2,
    point: Vec2,
    along: Vec2,
    room: (f32, f32),
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Candidate {}
impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Candidate {
    /// Reversed, so that the max-heap yields the nearest first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.distance.total_cmp(&self.distance)
    }
}

/// A boundary element of a region: face `index` (from vertex `index` to the next), or the arc
/// around vertex `index` (rounded regions only).
#[derive(Clone, Copy)]
pub(super) struct Element {
    distance: f32,
    region: u32,
    index: u32,
    arc: bool,
}

/// The stretch `[s0, s1]` of the segment `a + s u`, `0 ≤ s ≤ length`, inside the box `[lo, hi]`.
fn slab(lo: Vec2, hi: Vec2, a: Vec2, u: Vec2, length: f32) -> Option<(f32, f32)> {
    let (t0, t1, _) = slab_range(a, u, lo, hi)?;
    let (s0, s1) = (t0.max(0.0), t1.min(length));
    (s0 <= s1).then_some((s0, s1))
}

fn boxes_meet(r: &Region, lo: Vec2, hi: Vec2) -> bool {
    r.lo.x <= hi.x && lo.x <= r.hi.x && r.lo.y <= hi.y && lo.y <= r.hi.y
}

/// Whether direction `x` lies within the normal cone `(from, to)` (counter-clockwise, less than
/// a half turn), with a little slack for rounding.
fn in_cone(cone: (Vec2, Vec2), x: Vec2) -> bool {
    let slack = -1e-6 * x.length();
    cone.0.perp_dot(x) >= slack && x.perp_dot(cone.1) >= slack
}

/// The points where the circles of radius `r` around `a` and `b` cross (none when they
/// coincide or miss).
fn circle_crossings(a: Vec2, b: Vec2, r: f32) -> impl Iterator<Item = Vec2> {
    let d = b - a;
    let len2 = d.length_squared();
    let h2 = r * r - len2 * 0.25;
    let pts = if len2 > 0.0 && h2 >= 0.0 {
        let mid = a + d * 0.5;
        let off = d.perp() * (h2 / len2).sqrt();
        [Some(mid + off), Some(mid - off)]
    } else {
        [None, None]
    };
    pts.into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_circles_cross_at_two_points_on_both() {
        let (a, b, r) = (Vec2::new(1.0, 2.0), Vec2::new(4.0, 6.0), 3.0);
        let points: Vec<Vec2> = circle_crossings(a, b, r).collect();
        assert_eq!(points.len(), 2, "{points:?}");
        for x in &points {
            assert!((x.distance(a) - r).abs() < 1e-5 && (x.distance(b) - r).abs() < 1e-5, "{x}");
        }
        assert!(points[0].distance(points[1]) > 1.0, "two distinct points: {points:?}");
        assert_eq!(circle_crossings(a, a, r).count(), 0, "the same circle");
        assert_eq!(circle_crossings(a, b, 2.4).count(), 0, "too far apart (5 > 4.8)");
    }

    #[test]
    fn a_direction_on_a_cones_edge_is_inside_it_within_a_millionth_of_its_length() {
        let cone = (Vec2::X, Vec2::Y);
        assert!(in_cone(cone, Vec2::new(1.0, 1.0)));
        assert!(!in_cone(cone, Vec2::new(-1.0, 1.0)));
        // Just outside either edge, far out: within the slack, and then beyond it.
        for length in [1e-3f32, 1.0, 1e3] {
            assert!(in_cone(cone, Vec2::new(length, -5e-7 * length)), "{length}");
            assert!(in_cone(cone, Vec2::new(-5e-7 * length, length)), "{length}");
            assert!(!in_cone(cone, Vec2::new(length, -2e-6 * length)), "{length}");
            assert!(!in_cone(cone, Vec2::new(-2e-6 * length, length)), "{length}");
        }
    }
}
