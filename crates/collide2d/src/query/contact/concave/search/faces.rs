//! Which stretches of a region's face or arc no other region covers: a face is cleared a part at
//! a time, nearest first, by the region (or the inner disc, or a solid cell) holding the part's
//! nearest point, and only where no single one does are its exposed stretches worked out in
//! full, as candidates for the search. Apart from the search's `mod.rs`, which orders the work.

use std::collections::BinaryHeap;

use glam::Vec2;

use super::super::budget;
use super::super::grid::Stamps;
use super::super::regions::Region;
use super::super::stretch::{inside, line_stretch};
use super::{inside_disc, nearest_first, segment_start, slab, Candidate, Search};
use crate::math::Order;

impl Search<'_> {
    /// The part `[from, to]` of a face (offset by the radius), whose nearer parts are covered:
    /// when the point of it nearest the origin is covered, by another region, the inner disc or
    /// a solid cell, what that cover leaves of the part goes back on `parts`, to be looked at when its turn
    /// comes; otherwise the candidates on the part (see [`face_candidates`](Self::face_candidates)).
    /// A face deep inside the union is thus cleared a region at a time, and only as far as the
    /// search gets, not against every region it runs through.
    pub(super) fn face_part(
        &self,
        part: Part,
        seen: &mut Stamps,
        stretches: &mut Vec<(f32, f32)>,
        parts: &mut BinaryHeap<Part>,
        push: &mut impl FnMut(Candidate),
    ) {
        let regions = self.regions;
        let (k, i) = (part.region as usize, part.index as usize);
        let n = regions.normals(k)[i];
        let Some((a, u, (start, end))) = face_line(regions.face(k, i), n) else { return };
        let (from, to) = (part.from.at_least(start), part.to.at_most(end));
        if !self.lazy {
            return self.face_candidates(k, (a, u, n), (from, to), seen, stretches, push);
        }
        let foot = -a.dot(u);
        let s = foot.clamp(from, to);
        let x = lookup_point(a, u, s);
        // A cover must reach past the nearest point into the part, or the part would come back
        // unchanged (the point at the end of a stretch cleared before, which rounding may still
        // find inside that region).
        let reaches = |(s0, s1): (f32, f32)| holds_at(s0, s1, s) && reaches_into(s0, s1, s, (from, to));
        let inner = self.inner;
        let cover = if inside_disc(x, inner) {
            chord(a, u, inner).filter(|&c| reaches(c))
        } else {
            self.region_at(x, k, |m| line_stretch(regions, m, a, u, self.margin).filter(|&c| reaches(c)))
                // Where two regions meet, neither holds the point by the margin: the cell may.
                .or_else(|| self.solid_stretch(x, (a, u, (start, end))).filter(|&c| reaches(c)))
        };
        match cover {
            Some((s0, s1)) => {
                let mut keep = |from: f32, to: f32| {
                    let distance = (a + u * foot.clamp(from, to)).length();
                    parts.push(Part { distance, region: part.region, index: part.index, from, to });
                };
                if s0 > from {
                    keep(from, s0);
                }
                if s1 < to {
                    keep(s1, to);
                }
            }
            None => self.face_candidates(k, (a, u, n), (from, to), seen, stretches, push),
        }
    }

    /// When the grid cell holding `x` lies wholly inside one region: the stretch of the face
    /// `(a, u, (start, end))` through that cell, grown by the margin (as in `face_candidates`).
    fn solid_stretch(&self, x: Vec2, (a, u, ends): (Vec2, Vec2, (f32, f32))) -> Option<(f32, f32)> {
        let grid = &self.grid;
        if grid.n < 2 {
            return None;
        }
        let (cx, _, cy, _) = grid.cells(x, x);
        if !self.solid_cell(cx, cy) {
            return None;
        }
        let (lo, hi) = grid.cell_box(cx, cy);
        let (s0, s1) = slab(lo, hi, a, u, ends)?;
        Some((s0 - self.margin, s1 + self.margin))
    }

    /// Whether region `m`, not the face's own `k`, may hold `x`: its bounds hold it and it is
    /// inside by the margin (`region_at`'s test of a holder). It stands apart because every
    /// holder `region_at` can return passes the same inside test of the stretch it gives: a
    /// mutant (`==` for `!=`, `||` for `&&`, or false) only changes how much of the face one cover
    /// clears, and `face_candidates` works out what none clears.
    #[inline]
    fn may_hold(&self, m: usize, k: usize, x: Vec2) -> bool {
        budget::charge(1);
        let regions = self.regions;
        let r = &regions.info[m];
        m != k && r.lo.cmple(x).all() && x.cmple(r.hi).all() && inside(regions, m, x, self.margin)
    }

    /// `stretch(m)` for a region `m` other than `k` that holds `x` by more than the margin and
    /// for which it is `Some`. Tried in turn: the region that last covered a face of `k`, the
    /// one that last covered a point in `x`'s block of the grid, then the block's list from
    /// `k`'s place in it outwards.
    ///
    /// Why outwards: regions are built piece by piece, so `k`'s neighbours in the list are
    /// mostly the same piece against the other shape's neighbouring pieces, and such a region
    /// tends to hold a long stretch of `k`'s face, not just the point (its faces from the same
    /// piece's edges are short moves of `k`'s). The first holder the list happens to give
    /// is often a region the face crosses, which leaves the face in many short parts: on two
    /// overlapping stars of 1,000 corners, trying the list in order gave 6 times the parts and
    /// 200 times the regions tried.
    fn region_at(&self, x: Vec2, k: usize, stretch: impl Fn(usize) -> Option<(f32, f32)>) -> Option<(f32, f32)> {
        let count = self.regions.info.len();
        let holds = |m: usize| self.may_hold(m, k, x);
        let held = |m: usize| if m < count && holds(m) { stretch(m) } else { None };
        let mut cover = self.cover.borrow_mut();
        let cached = cover[k] as usize;
        if let Some(c) = held(cached) {
            return Some(c);
        }
        let (list, block) = self.grid.list_at(x);
        let mut block_cover = self.block_cover.borrow_mut();
        let last = block_cover[block] as usize;
        if last != cached {
            if let Some(c) = held(last) {
                cover[k] = last as u32;
                return Some(c);
            }
        }
        // The list holds each region once, in increasing order.
        let place = list.partition_point(|&m| before_face(m, k));
        let (before, after) = list.split_at(place);
        let mut before = before.iter().rev();
        let mut after = after.iter();
        loop {
            let (next, previous) = (after.next(), before.next());
            if both_sides_done(&next, &previous) {
                return None;
            }
            for &m in next.into_iter().chain(previous) {
                if let Some(c) = held(m as usize) {
                    cover[k] = m;
                    block_cover[block] = m;
                    return Some(c);
                }
            }
        }
    }

    /// Candidates on the part `[from, to]` of a face of region `k` (from `a` along unit `u`,
    /// normal `n`): the nearest point of each stretch of it no other region covers.
    fn face_candidates(
        &self,
        k: usize,
        (a, u, n): (Vec2, Vec2, Vec2),
        (from, to): (f32, f32),
        seen: &mut Stamps,
        stretches: &mut Vec<(f32, f32)>,
        push: &mut impl FnMut(Candidate),
    ) {
        let regions = self.regions;
        stretches.clear();
        let mut cover = self.cover.borrow_mut();
        let whole = |m: usize| line_stretch(regions, m, a, u, self.margin).is_some_and(|s| covers_part(s, (from, to)));
        let cached = cover[k];
        if names_region(cached, regions.info.len()) && whole(cached as usize) {
            return;
        }
        let (start, end) = (segment_start(a, u, from), a + u * to);
        let (lo, hi) = (start.min(end), start.max(end));
        let test = |m: usize, stretches: &mut Vec<(f32, f32)>| {
            if m == k || !boxes_meet(&regions.info[m], lo, hi) {
                return false;
            }
            match line_stretch(regions, m, a, u, self.margin) {
                Some((s0, s1)) if s0 < s1 => {
                    if covers_part((s0, s1), (from, to)) {
                        cover[k] = m as u32;
                        return true;
                    }
                    if meets_part((s0, s1), (from, to)) {
                        stretches.push((s0, s1));
                    }
                    false
                }
                _ => false,
            }
        };
        let margin = self.margin;
        let solid = |s0: f32, s1: f32, out: &mut Vec<(f32, f32)>| push_grown(out, (s0, s1), margin);
        if self.along((a, u, (from, to)), seen, solid, test, stretches) {
            return;
        }
        stretches.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        let foot = -a.dot(u);
        let mut emit = |from: f32, to: f32| push(face_candidate(k, (a, u, n), foot, (from, to)));
        let mut pos = from;
        for &(lo, hi) in stretches.iter() {
            if hi <= pos {
                continue;
            }
            if lo >= pos {
                emit(pos, lo.at_most(to));
            }
            pos = hi;
            if pos > to {
                return;
            }
        }
        emit(pos, to);
    }

    /// Candidates on the arc around vertex `i` of rounded region `k`: its point nearest the
    /// origin and its crossings with other regions' arcs, where no other region covers them.
    /// (Crossings with other regions' faces are found from those faces.)
    pub(super) fn arc_candidates(&self, k: usize, i: usize, seen: &mut Stamps, push: &mut impl FnMut(Candidate)) {
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
            push(arc_candidate(k, (c, cone), x, self.tolerance));
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

    /// Whether `x` lies strictly inside a region other than `k` and `skip`.
    fn covered(&self, x: Vec2, k: usize, skip: usize, seen: &mut Stamps) -> bool {
        let regions = self.regions;
        self.grid.any_in(x, x, seen, |m| m != k && m != skip && inside(regions, m, x, self.margin))
    }
}

/// Whether list entry `m` comes before the face's own region `k` (`region_at` starts from there
/// in the list, which holds each region once, in increasing order).
// Every mutant only starts the list from another place: each holder passes the same inside test.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn before_face(m: u32, k: usize) -> bool {
    (m as usize) < k
}

/// Whether `region_at`'s walk out from the face's own place in the list has run out on both
/// sides. It stands apart because giving up once one side runs out (`||`), or at once (true),
/// only changes how much of the face one cover clears: `face_candidates` works out what none
/// clears.
#[inline]
fn both_sides_done<T>(next: &Option<T>, previous: &Option<T>) -> bool {
    next.is_none() && previous.is_none()
}

/// Whether a face's cached cover names a region (`u32::MAX` until one covers the face).
// It stands apart because a cache never used (`==` for `<`, or false) gives the same answers
// (`<=` is `<` here: no cover equals the count); only where it is used for none is it caught.
#[inline]
fn names_region(cover: u32, count: usize) -> bool {
    (cover as usize) < count
}

/// Whether the stretch `(s0, s1)` of a face's line covers the part `(from, to)` of it whole,
/// past both ends.
// It stands apart because a stricter test (`==`, `<=` or `>=` for either comparison, or false)
// only leaves a part for `face_candidates` to work out from the stretches, which finds it
// covered just the same.
#[inline]
fn covers_part((s0, s1): (f32, f32), (from, to): (f32, f32)) -> bool {
    s0 < from && s1 > to
}

/// Whether the stretch `(s0, s1)` of a face's line reaches into the part `(from, to)`.
// It stands apart because a looser test (`||` for `&&`, `>=` or `<=`, or true) only keeps
// stretches that lie wholly before the part, which the sweep over the sorted stretches skips,
// or wholly after it, where the sweep ends at the part's end as it does without them.
#[inline]
fn meets_part((s0, s1): (f32, f32), (from, to): (f32, f32)) -> bool {
    s1 > from && s0 < to
}

/// Keeps a solid cell's stretch `(s0, s1)` of a face's line, grown by the margin at both ends
/// (as `solid_stretch` grows it).
// It stands apart because a shrunk stretch (`+` for `-`, `-` or `*` for `+`), or one sent to
// minus infinity where it already starts before the part (`/` for `-`), only leaves more of the
// face exposed, as candidates the walk refutes.
#[inline]
fn push_grown(stretches: &mut Vec<(f32, f32)>, (s0, s1): (f32, f32), margin: f32) {
    stretches.push((s0 - margin, s1 + margin));
}

/// The candidate on the stretch `[from, to]` of face `k`'s line `a + s u` (normal `n`): its point
/// nearest the origin, whose foot on the line is at `s = foot`.
// Its arithmetic that only aims the probes (see .cargo/mutants.toml: the room back and forward
// along the face, and the direction at the foot when the face faces the origin, which then lies
// outside its region, nearer another region's face that covers this one) is named there by this
// function and its operators.
fn face_candidate(k: usize, (a, u, n): (Vec2, Vec2, Vec2), foot: f32, (from, to): (f32, f32)) -> Candidate {
    let s = foot.clamp(from, to);
    let x = a + u * s;
    let direction = if from < foot && foot < to {
        // The foot of the origin: straight along the face's normal.
        if n.dot(a) >= 0.0 {
            n
        } else {
            -n
        }
    } else {
        x.try_normalize().unwrap_or(n)
    };
    Candidate { distance: x.length(), direction, point: x, region: k as u32, along: u, room: (s - from, to - s) }
}

/// The candidate at point `x` of the arc around vertex `c` of rounded region `k`, between the
/// cone's normals.
// Its arithmetic only aims the probes (the tangent along the arc, the room along it): see
// .cargo/mutants.toml, where this function and its operators name them.
fn arc_candidate(k: usize, (c, cone): (Vec2, (Vec2, Vec2)), x: Vec2, tolerance: f32) -> Candidate {
    let room = tolerance * 16.0;
    Candidate {
        distance: x.length(),
        direction: x.try_normalize().unwrap_or(cone.0),
        point: x,
        region: k as u32,
        along: (x - c).perp().normalize_or_zero(),
        room: (room, room),
    }
}

// The lazy clearing's steps in `face_part` that mutation testing cannot tell apart from others
// beside them (see the reason in .cargo/mutants.toml: a cover tried elsewhere, or admitted less
// often, gives the same candidates), each its own function so that its exclusions name it.

/// Where `face_part` looks for a cover: the point at `s` along `a + s u`.
// Every mutant only looks for a cover at another point: one found elsewhere is admitted only if
// it holds and reaches past the part's nearest point, and none found gives the same candidates.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn lookup_point(a: Vec2, u: Vec2, s: f32) -> Vec2 {
    a + u * s
}

/// Whether the cover `(s0, s1)` holds the part's nearest point `s` (ends included).
// Every mutant is the same answer: each cover comes from a region, the inner disc or a grid cell
// that holds the point, so it holds it but for rounding, which `reaches_into` then rules on.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn holds_at(s0: f32, s1: f32, s: f32) -> bool {
    s0 <= s && s <= s1
}

/// Whether the cover `(s0, s1)`, holding the part's nearest point `s`, reaches past it into the
/// part `(from, to)` on both sides (or to the part's end): otherwise the part would come back
/// unchanged.
#[inline]
fn reaches_into(s0: f32, s1: f32, s: f32, (from, to): (f32, f32)) -> bool {
    (s0 < s || s0 <= from) && (s < s1 || s1 >= to)
}

/// What is left to look at of a face: the stretch `[from, to]` along face `index` of region
/// `region` (its nearer stretches covered), and its distance from the origin.
#[derive(Clone, Copy)]
pub(in super::super) struct Part {
    pub(super) distance: f32,
    pub(super) region: u32,
    pub(super) index: u32,
    pub(super) from: f32,
    pub(super) to: f32,
}

nearest_first!(Part);

/// A face `(a, b)` with normal `n` as the line `base + s u` (unit `u`), with its ends at `s` in
/// `(start, end)`. The line is measured from `base`, the foot of the origin on it, not from an
/// end: a face running a huge level's whole width has both ends its extent away, and a point near
/// the contact worked out from an end is placed only to f32 rounding of that distance (0.25 at
/// 5e6), where from the foot it is as precise as the features near the contact.
fn face_line((a, b): (Vec2, Vec2), n: Vec2) -> Option<(Vec2, Vec2, (f32, f32))> {
    let u = (b - a).try_normalize()?;
    let base = n * n.dot(a);
    // `a`'s place along the line from `base`, which lies across it (`base · u` is 0).
    let start = a.dot(u);
    Some((base, u, (start, start + (b - a).length())))
}

/// The stretch `(s0, s1)` of the line `a + s u` (unit `u`) inside the disc of radius `r` around
/// the origin, `None` when the line misses it.
fn chord(a: Vec2, u: Vec2, r: f32) -> Option<(f32, f32)> {
    let foot = -a.dot(u);
    let h2 = (a + u * foot).length_squared();
    (h2 < r * r).then(|| {
        let half = (r * r - h2).sqrt();
        (foot - half, foot + half)
    })
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
    fn a_chord_runs_between_the_points_where_a_line_crosses_the_circle() {
        for (a, angle, r) in
            [(Vec2::new(-3.0, 1.0), 0.0f32, 2.0f32), (Vec2::new(5.0, -4.0), 2.2, 3.5), (Vec2::new(0.3, 0.2), 1.0, 1.0)]
        {
            let u = Vec2::from_angle(angle);
            let (s0, s1) = chord(a, u, r).expect("the line crosses the circle");
            assert!(s0 < s1, "{a} {angle} {r}: {s0} {s1}");
            for s in [s0, s1] {
                assert!(((a + u * s).length() - r).abs() < 1e-5 * r, "{a} {angle} {r}: {s} is not on the circle");
            }
            assert!((a + u * ((s0 + s1) * 0.5)).length() < r, "the middle lies inside");
        }
        // A line passing the circle at exactly its radius, or beyond, misses it, for large and
        // small circles alike.
        assert_eq!(chord(Vec2::new(-3.0, 2.0), Vec2::X, 2.0), None);
        assert_eq!(chord(Vec2::new(-3.0, -2.5), Vec2::X, 2.0), None);
        assert_eq!(chord(Vec2::new(-3.0, 0.6), Vec2::X, 0.5), None);
        assert!(chord(Vec2::new(-30.0, 8.0), Vec2::X, 10.0).is_some());
    }

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
