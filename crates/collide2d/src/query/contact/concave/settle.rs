//! The common case, settled before the full search: the walk out along the deepest overlapping
//! pair's normal, then searches over a few regions, each checked by a walk through all of them.
//! Apart from the search, which it only runs over subsets of the regions.

use glam::Vec2;

use super::budget;
use super::pairs::for_each_pair;
use super::regions::{add_regions, OtherPieces};
use super::search::Search;
use super::stretch::{walk_out, walk_reach, walk_stretch};
use super::Scratch;
use crate::polygon::Polygon;
use crate::query::contact::contact_ref;
use crate::query::ShapeRef;

/// The regions a walk from the origin along `d` up to `length` may meet: their bounds, grown by
/// `radius`, meet the walk's.
#[derive(Clone, Copy)]
struct RayBox {
    d: Vec2,
    length: f32,
    radius: f32,
}

impl RayBox {
    fn meets(self, lo: Vec2, hi: Vec2) -> bool {
        let end = self.d * self.length;
        let r = Vec2::splat(self.radius);
        (lo - r).cmple(end.max(Vec2::ZERO)).all() && end.min(Vec2::ZERO).cmple(hi + r).all()
    }

    /// The box every box it `meets` meets: the walk's bounds grown by the radius.
    fn bounds(self) -> (Vec2, Vec2) {
        let end = self.d * self.length;
        let r = Vec2::splat(self.radius);
        (end.min(Vec2::ZERO) - r, end.max(Vec2::ZERO) + r)
    }
}

/// What a walk out along a ray needs: the shapes, and the search's tolerances.
pub(super) struct Walker<'a> {
    pub(super) p: &'a Polygon,
    pub(super) others: OtherPieces<'a>,
    pub(super) other_flags: Option<&'a [u8]>,
    pub(super) tolerance: f32,
    pub(super) margin: f32,
}

impl Walker<'_> {
    /// Builds the regions the walk out along unit `d` may meet up to `length` (those not built
    /// yet), and walks through every built region that meets it: the stretches it passed through
    /// are left in `scratch.walk`. The exit and the region left last, exact up to `length`.
    fn walk(&self, d: Vec2, length: f32, scratch: &mut Scratch) -> (f32, usize) {
        // Regions ahead are grown by the margin (see `walk_stretch`).
        let ray = RayBox { d, length, radius: scratch.regions.radius + self.margin };
        add_regions(self.p, (self.others, self.other_flags), scratch, ray.bounds(), |lo, hi| ray.meets(lo, hi));
        let Scratch { regions, walk: stretches, .. } = scratch;
        stretches.clear();
        if budget::spent() {
            // Some region along the ray may be missing: no exit is sure.
            return (f32::INFINITY, usize::MAX);
        }
        budget::charge(regions.info.len() as u64 / 4);
        for (k, r) in regions.info.iter().enumerate() {
            let radius = Vec2::splat(regions.radius);
            let (lo, hi) = shrunk_by(r.lo, r.hi, radius);
            if ray.meets(lo, hi) {
                if let Some((s0, s1)) = walk_stretch(regions, k, d, self.margin, 0.5 * self.tolerance) {
                    if s0 <= s1 {
                        stretches.push((s0, s1, k));
                    }
                }
            }
        }
        walk_out(stretches, self.tolerance)
    }

    /// Whether a walk's exit `t` is no later than a lower bound `lower` on the answer.
    fn settles(&self, t: f32, lower: f32) -> bool {
        t <= lower + self.margin + 1e-6 * lower
    }
}

/// The deepest overlapping pair of pieces, after `prepare_others`: its depth and normal, or a
/// depth of 0 when none overlaps by more. Every pair of pieces that overlap bounds the answer
/// from below by its own depth (moving less than that in any direction leaves those two
/// overlapping).
pub(super) fn deepest_pair(p: &Polygon, others: OtherPieces, scratch: &mut Scratch) -> (f32, Vec2) {
    let radius = scratch.regions.radius;
    // The pairs whose region's bounds hold the origin (no other region does), each with how far
    // the origin lies inside those bounds: moving that far along an axis leaves them, so the
    // pair's depth is at most that.
    let Scratch { pairs, piece_boxes, spans, pair_list, .. } = &mut *scratch;
    pairs.clear();
    let r = Vec2::splat(radius);
    for_each_pair(p, others, (piece_boxes, spans), (-r, r), pair_list, |i, j| {
        let (a_lo, a_hi) = piece_boxes[i];
        let span = &spans[j];
        let (lo, hi) = (a_lo + span.4 - r, a_hi + span.5 + r);
        let inside = hi.min(-lo).min_element();
        if inside >= 0.0 {
            pairs.push((inside, i as u32, j as u32));
        }
    });
    // Deepest bounds first, so that the pairs whose bound cannot beat the deepest depth found are
    // skipped; of pairs equally deep, the first in piece order (as a plain loop over them would).
    budget::charge(budget::sorting(pairs.len()));
    if budget::spent() {
        return (0.0, Vec2::X);
    }
    pairs.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    let mut deepest = (0.0f32, Vec2::X, (u32::MAX, u32::MAX));
    for &(bound, i, j) in pairs.iter() {
        // (With a little room: a depth along an axis may round a hair above its bound.)
        if bound < deepest.0 * (1.0 - 1e-5) {
            break;
        }
        if budget::spent() {
            break;
        }
        let (piece, other) = (&p.convex_parts()[i as usize], others.get(j as usize));
        budget::charge(1 + (piece.vertices().len() + other_vertices(other)) as u64 / 8);
        if let Some(c) = contact_ref(ShapeRef::ConvexPolygon(piece), other) {
            if c.depth > deepest.0 || (c.depth == deepest.0 && c.depth > 0.0 && (i, j) < deepest.2) {
                deepest = (c.depth, c.normal, (i, j));
            }
        }
    }
    (deepest.0, deepest.1)
}

/// The common case, settled with few regions and without the search: if the walk out along the
/// deepest pair's normal `d` leaves no later than its depth `lower` (see `deepest_pair`), that is
/// the answer: `(depth, normal, region left last)`. Only the regions that walk may meet are
/// built. `Err(Some(depth))` when the walk is blocked (another region covers that way out), with
/// the deepest pair's depth; `Err(None)` when no pair overlaps by a positive depth within reach.
pub(super) fn deepest_pair_exits(
    (lower, d): (f32, Vec2),
    walk: &Walker,
    reach: f32,
    scratch: &mut Scratch,
) -> Result<(f32, Vec2, usize), Option<f32>> {
    if !(lower > 0.0 && lower < reach) {
        return Err(None);
    }
    let (t, last) = walk.walk(d, walk_reach(walk.tolerance, lower), scratch);
    if walk.settles(t, lower) {
        Ok((t, d, last))
    } else {
        Err(Some(lower))
    }
}

/// How many vertices a convex piece of the other shape has (its core's), for the meter.
fn other_vertices(other: ShapeRef) -> usize {
    crate::query::core::Core::of(other).0.vertices().len()
}

/// A built region's bounds `lo`, `hi` shrunk by the regions' `radius`, the box the walk's ray
/// must meet. It stands apart because its bounds grown instead (`lo - radius`, `hi + radius`)
/// only add regions, each a true one.
#[inline]
fn shrunk_by(lo: Vec2, hi: Vec2, radius: Vec2) -> (Vec2, Vec2) {
    (lo + radius, hi - radius)
}

/// Whether the region of stretch `(s0, s1)`, not yet `chosen[k]`, blocked a walk that left at
/// `t`: it joins the next round's subset.
// Every mutant only changes which regions a round searches: the search over any subset bounds
// the answer from below and the walk through all confirms it (see `settle_by_subsets`).
#[cfg_attr(test, mutants::skip)]
#[inline]
fn joins_subset((s0, s1): (f32, f32), t: f32, chosen: &[bool], k: usize) -> bool {
    s0 < t && s1 > 0.0 && !chosen[k]
}

/// At most this many rounds of `settle_by_subsets`, over at most this many regions, before the
/// full search. Its rounds search every face of their regions (the skipped faces' cover may be
/// missing from a subset), so only small subsets beat the full search, which skips three
/// faces in four; deep overlaps need large ones.
const ROUNDS: usize = 6;
const SUBSET: usize = 24;

/// The answer from a few of the regions, when they settle it. The search over a subset of the
/// regions finds the nearest boundary point of a smaller union, which lies no further out than
/// the whole union's: a lower bound, with its direction. If the walk out along that direction
/// through every region leaves no later, that is the answer. If not, the regions that walk was
/// blocked by join the subset, and the search runs again. It starts from the regions the deepest
/// pair's walk passed through (left in `scratch.walk`). `None` when the rounds run out or the subset
/// stops growing: the full search then decides. The searches skip the disc of radius `inner`.
pub(super) fn settle_by_subsets(
    walk: &Walker,
    reach: f32,
    inner: f32,
    scratch: &mut Scratch,
) -> Option<(f32, Vec2, usize)> {
    // The regions the deepest pair's walk passed through.
    let Scratch { walk: stretches, chosen, regions, .. } = scratch;
    chosen.clear();
    chosen.resize(regions.info.len(), false);
    let exit = walk_out(stretches, walk.tolerance).0;
    for &(s0, s1, k) in stretches.iter() {
        if s0 < exit && s1 > 0.0 {
            chosen[k] = true;
        }
    }
    for _ in 0..ROUNDS {
        if scratch.chosen.iter().filter(|c| **c).count() > SUBSET {
            return None;
        }
        let mut subset = std::mem::take(&mut scratch.subset);
        let mut ids = std::mem::take(&mut scratch.subset_ids);
        subset.copy_chosen(&scratch.regions, &scratch.chosen, &mut ids);
        let search = Search::new(&subset, walk.tolerance, walk.margin, inner, scratch);
        let found = search.run(reach);
        search.give_back(scratch);
        (scratch.subset, scratch.subset_ids) = (subset, ids);
        let (lower, d, _) = found?;
        let (t, last) = walk.walk(d, walk_reach(walk.tolerance, lower), scratch);
        if walk.settles(t, lower) {
            return Some((t, d, last));
        }
        let Scratch { walk: stretches, chosen, regions, .. } = scratch;
        chosen.resize(regions.info.len(), false);
        let mut grew = false;
        for &(s0, s1, k) in stretches.iter() {
            if joins_subset((s0, s1), t, chosen, k) {
                chosen[k] = true;
                grew = true;
            }
        }
        if !grew {
            return None;
        }
    }
    None
}
