//! Casts of concave polygons: each convex piece of one against each of the other's, keeping the
//! soonest touch.
//!
//! The pieces are taken in one fixed order (the other shape's piece, then the moving frame's),
//! each cast looking no further than the soonest touch so far, and pieces whose swept bounds
//! miss are skipped; a later touch at the same time wins. Two polygons of many pieces would
//! make that every pair of pieces near the path, so the soonest time is found first, by branch
//! and bound over both hierarchies of piece bounds, and only the pairs that touch by then (and
//! a little after) go through the loop, in its order, so that a tie goes the same way.

use std::cell::Cell;

use glam::{DVec2, Vec2};

use super::convex::{cast_cores, Touch};
use crate::math::Order;
use crate::polygon::{Polygon, PIECES_INDEXED_FROM};
use crate::query::core::Core;
use crate::query::intersects::intersects_ref;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::{Aabb, ConvexPolygon};

/// How far past the soonest time (relative to it) a pair is still cast again in order: far
/// above the rounding of a time handed to a pair's cast and back, which decides ties.
const PAST_SOONEST: f32 = 1.0 / 4096.0;

/// The soonest touch of any convex piece of `a` with any of `b` (a concave polygon's pieces, or
/// the shape itself) whose swept bounds meet, `b` moving at `v` and `a` standing still; with
/// `apart_only`, of those that do not intersect at the start.
pub(super) fn cast_pieces(a: ShapeRef, b: ShapeRef, v: Vec2, max_time: f32, apart_only: bool) -> Option<Touch> {
    if let (ShapeRef::Polygon(pa), ShapeRef::Polygon(pb)) = (a, b) {
        if pa.convex_parts().len().min(pb.convex_parts().len()) > PIECES_INDEXED_FROM {
            return cast_many_pieces(pa, pb, v, max_time, apart_only);
        }
    }
    cast_in_order(a, b, v, max_time, apart_only)
}

/// [`cast_pieces`] by the loop over the pieces of `b`, then those of `a` whose bounds meet its
/// swept bounds.
fn cast_in_order(a: ShapeRef, b: ShapeRef, v: Vec2, max_time: f32, apart_only: bool) -> Option<Touch> {
    let bounds_a = a.aabb();
    parts_of(b).fold(None::<Touch>, |best, pb| {
        let swept = swept_box(&pb.aabb(), v, best.map_or(max_time, |t| t.time));
        if misses(swept, &bounds_a) {
            return best;
        }
        let cast = |best, pa| cast_pair(best, (pa, pb), swept, (v, max_time), apart_only);
        match (a, swept) {
            // Only the pieces the swept box meets, in the same order as the loop below.
            (ShapeRef::Polygon(p), Some(s)) if p.convex_parts().len() > PIECES_INDEXED_FROM => {
                let mut best = best;
                p.pieces_meeting(s.min(), s.max(), |k| {
                    best = cast(best, ShapeRef::ConvexPolygon(&p.convex_parts()[k]));
                });
                best
            }
            _ => parts_of(a).fold(best, cast),
        }
    })
}

/// One step of the loop: the touch of `pb` (whose bounds swept as far as the soonest touch so
/// far are `swept`) with `pa`, if sooner than `best` (or as soon), else `best`.
fn cast_pair(
    best: Option<Touch>,
    (pa, pb): (ShapeRef, ShapeRef),
    swept: Option<Aabb>,
    (v, max_time): (Vec2, f32),
    apart_only: bool,
) -> Option<Touch> {
    if misses(swept, &pa.aabb()) || (apart_only && intersects_ref(pa, pb)) {
        return best;
    }
    let limit = best.map_or(max_time, |t| t.time);
    let ((ca, ra), (cb, rb)) = (Core::of(pa), Core::of(pb));
    cast_cores(&ca, ra, &cb, rb, v, limit).0.or(best)
}

/// [`cast_pieces`] of two polygons of many pieces: the soonest time by branch and bound, then
/// the pairs that touch by a little after it, again in the loop's order.
fn cast_many_pieces(a: &Polygon, b: &Polygon, v: Vec2, max_time: f32, apart_only: bool) -> Option<Touch> {
    thread_local! {
        /// Pairs of pieces found to touch, as (piece of `b`, piece of `a`, time): kept on the
        /// thread, so that a cast in steady state allocates nothing.
        static TOUCHES: Cell<Vec<(u32, u32, f32)>> = const { Cell::new(Vec::new()) };
    }
    let mut touches = TOUCHES.with(Cell::take);
    touches.clear();
    let soonest = soonest_pairs(a, b, (v, max_time), apart_only, &mut touches);
    let limit = max_time.at_most(soonest + soonest * PAST_SOONEST);
    touches.retain(|t| t.2 <= limit);
    touches.sort_unstable_by_key(|&(j, i, _)| (j, i));
    let (pieces_a, pieces_b, bounds_a) = (a.convex_parts(), b.convex_parts(), a.aabb());
    let (mut best, mut swept, mut skipped, mut last) = (None::<Touch>, None, false, None);
    for &(j, i, _) in &touches {
        let pb = ShapeRef::ConvexPolygon(&pieces_b[j as usize]);
        if last != Some(j) {
            swept = swept_box(&pb.aabb(), v, best.map_or(limit, |t| t.time));
            (skipped, last) = (misses(swept, &bounds_a), Some(j));
        }
        if !skipped {
            best = cast_pair(best, (ShapeRef::ConvexPolygon(&pieces_a[i as usize]), pb), swept, (v, limit), apart_only);
        }
    }
    TOUCHES.with(|t| t.set(touches));
    best
}

/// The soonest time in `[0, max_time]` at which a convex piece of `b` moving at `v` touches one
/// of `a` standing still (with `apart_only`, of those apart at the start), `f32::INFINITY` if
/// none; `touches` gets every pair found to touch no later than a little after it (and some
/// later ones). Pairs of pieces are taken by branch and bound, on when their bounds first meet
/// and then on when their faces let them.
fn soonest_pairs(
    a: &Polygon,
    b: &Polygon,
    (v, max_time): (Vec2, f32),
    apart_only: bool,
    touches: &mut Vec<(u32, u32, f32)>,
) -> f32 {
    // A touch within rounding comes a little before the bounds or faces meet: they are grown
    // by far more than the casts' rounding of coordinates of this size.
    let size =
        [a.aabb(), b.aabb()].iter().fold(0.0f32, |m, b| m.at_least(b.min().abs().max(b.max().abs()).max_element()));
    let grow = 16.0 * f32::EPSILON * size + f32::MIN_POSITIVE;
    // Bounds taken as met a little sooner, so that pairs touching a little after the soonest
    // are visited too.
    let sooner = 1.0 - 2.0 * PAST_SOONEST;
    let meet = |(a_lo, a_hi): (Vec2, Vec2), (b_lo, b_hi): (Vec2, Vec2)| {
        let grow = f64::from(grow);
        let (a_lo, a_hi) = (a_lo.as_dvec2() - grow, a_hi.as_dvec2() + grow);
        first_meeting((a_lo, a_hi), (b_lo.as_dvec2(), b_hi.as_dvec2()), v.as_dvec2()) * sooner
    };
    let (pieces_a, pieces_b) = (a.convex_parts(), b.convex_parts());
    let mut soonest = max_time;
    a.piece_pairs_under(b, meet, &mut soonest, |i, j, soonest| {
        let (pa, pb) = (&pieces_a[i], &pieces_b[j]);
        let limit = *soonest / sooner;
        if faces_meeting(pa, pb, v, grow) > limit
            || (apart_only && intersects_ref(ShapeRef::ConvexPolygon(pa), ShapeRef::ConvexPolygon(pb)))
        {
            return;
        }
        let ((ca, ra), (cb, rb)) = (Core::of(ShapeRef::ConvexPolygon(pa)), Core::of(ShapeRef::ConvexPolygon(pb)));
        if let Some(touch) = cast_cores(&ca, ra, &cb, rb, v, limit.at_most(max_time)).0 {
            touches.push((j as u32, i as u32, touch.time));
            *soonest = soonest.at_most(touch.time);
        }
    });
    // Each touch is no later than `max_time` and lowers the cutoff to itself: the cutoff is the
    // soonest of them.
    if touches.is_empty() {
        f32::INFINITY
    } else {
        soonest
    }
}

/// A lower bound of the first time `t ≥ 0` at which the box `b` moved by `v · t` meets the box
/// `a` (both as `(min, max)`), rounded down to f32; infinite if it never does.
fn first_meeting((a_lo, a_hi): (DVec2, DVec2), (b_lo, b_hi): (DVec2, DVec2), v: DVec2) -> f32 {
    let (mut enter, mut leave) = (0.0f64, f64::INFINITY);
    for k in 0..2 {
        let (ahead, behind) = (a_lo[k] - b_hi[k], a_hi[k] - b_lo[k]);
        let (from, to) = match v[k] {
            s if s > 0.0 => (ahead / s, behind / s),
            s if s < 0.0 => (behind / s, ahead / s),
            _ if ahead <= 0.0 && behind >= 0.0 => (f64::NEG_INFINITY, f64::INFINITY),
            _ => return f32::INFINITY,
        };
        (enter, leave) = (enter.at_least(from), leave.at_most(to));
    }
    if enter > leave {
        return f32::INFINITY;
    }
    // f64's rounding is far below a step of f32: one step down covers it and the conversion.
    (enter as f32) * (1.0 - f32::EPSILON)
}

/// A lower bound of the first time `t ≥ 0` at which convex `b` moved by `v · t` touches convex
/// `a`, from their faces: along each face's normal, the gap between them (less `grow`, for
/// rounding) must close first. Infinite if along some face it never closes.
fn faces_meeting(a: &ConvexPolygon, b: &ConvexPolygon, v: Vec2, grow: f32) -> f32 {
    let mut enter = 0.0f32;
    // Along `a`'s normal `n` the gap shrinks at `-n · v`; along `b`'s normal `m` at `m · v`.
    for (faces, others, towards) in [(a, b, -1.0f32), (b, a, 1.0)] {
        for (&p, &n) in faces.vertices().iter().zip(faces.normals()) {
            let gap = others.vertices().iter().fold(f32::INFINITY, |g, &q| g.at_most(n.dot(q - p))) - grow;
            if gap <= 0.0 {
                continue;
            }
            let closing = towards * n.dot(v);
            if closing <= 0.0 {
                return f32::INFINITY;
            }
            enter = enter.at_least(gap / closing);
        }
    }
    enter * (1.0 - 2.0 * f32::EPSILON)
}

/// Whether bounds swept to `swept` (`None`: unbounded, so anything) miss `bounds`.
fn misses(swept: Option<Aabb>, bounds: &Aabb) -> bool {
    swept.is_some_and(|s| !s.intersects(bounds))
}

/// The convex parts a cast runs on: a concave polygon's pieces, else the shape itself.
fn parts_of(s: ShapeRef<'_>) -> impl Iterator<Item = ShapeRef<'_>> {
    let (whole, pieces) = match s {
        ShapeRef::Polygon(p) => (None, p.convex_parts()),
        convex => (Some(convex), &[][..]),
    };
    whole.into_iter().chain(pieces.iter().map(ShapeRef::ConvexPolygon))
}

/// The box swept by `bounds` moving by `v · t` for `t` in `[0, time]`; `None` (no pruning)
/// when that is unbounded.
fn swept_box(bounds: &Aabb, v: Vec2, time: f32) -> Option<Aabb> {
    let end = v * time;
    if !end.is_finite() {
        return None;
    }
    let (lo, hi) = (bounds.min(), bounds.max());
    Some(Aabb::from_min_max_unchecked(lo.min(lo + end), hi.max(hi + end)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A star of `n` vertices whose radii go from `radii` in turn, turned by `turn`, at `at`.
    fn star(n: usize, radii: &[f32], turn: f32, at: Vec2) -> Polygon {
        let points: Vec<Vec2> = (0..n)
            .map(|k| {
                let angle = turn + k as f32 * std::f32::consts::TAU / n as f32;
                let (sin, cos) = crate::math::sin_cos(angle);
                at + Vec2::new(cos, sin) * radii[k % radii.len()]
            })
            .collect();
        Polygon::new(&points).expect("a star is simple")
    }

    /// Both ways of casting give the same bits, or both nothing.
    fn same(a: &Polygon, b: &Polygon, v: Vec2, max_time: f32, apart_only: bool) -> Result<(), TestCaseError> {
        assert!(a.convex_parts().len().min(b.convex_parts().len()) > PIECES_INDEXED_FROM);
        let bits = |t: Option<Touch>| {
            t.map(|t| (t.time.to_bits(), t.normal.to_array().map(f32::to_bits), t.point.to_array().map(f32::to_bits)))
        };
        let (ra, rb) = (ShapeRef::Polygon(a), ShapeRef::Polygon(b));
        let fast = cast_many_pieces(a, b, v, max_time, apart_only);
        prop_assert_eq!(bits(fast), bits(cast_in_order(ra, rb, v, max_time, apart_only)), "v {} max {}", v, max_time);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random jagged stars cast towards each other: the branch and bound finds the same touch
        /// as the loop over every pair, ties included.
        #[test]
        fn many_pieces_cast_as_the_loop_does(
            n in 35usize..80,
            radii in prop::collection::vec((6.0f32..10.0, 2.0f32..4.0), 1..4),
            turn in 0.0f32..6.3,
            gap in -3.0f32..30.0,
            dy in -8.0f32..8.0,
            v in (-40.0f32..-1.0, -5.0f32..5.0),
            apart_only in any::<bool>(),
        ) {
            // Spikes (out, in) in turn, so that every other vertex is a reflex corner.
            let radii: Vec<f32> = radii.iter().flat_map(|&(out, inner)| [out, inner]).collect();
            let a = star(2 * n, &radii, 0.0, Vec2::ZERO);
            let b = star(2 * n + 2, &radii, turn, Vec2::new(20.0 + gap, dy));
            same(&a, &b, Vec2::new(v.0, v.1), 1.0, apart_only)?;
            same(&a, &b, Vec2::new(v.0, v.1), f32::INFINITY, apart_only)?;
        }

        /// A copy moved straight along a line at its own piece boundaries: many pairs touch at
        /// the same time.
        #[test]
        fn ties_go_the_loop_s_way(n in 35usize..80, dx in 12.0f32..25.0, dy in prop::sample::select(vec![0.0f32, 0.5, 1.0])) {
            let a = star(2 * n, &[10.0, 5.0], 0.0, Vec2::ZERO);
            let b = star(2 * n, &[10.0, 5.0], 0.0, Vec2::new(dx + 10.0, dy));
            same(&a, &b, Vec2::new(-10.0, 0.0), 4.0, false)?;
            same(&a, &b, Vec2::new(-10.0, 0.0), 4.0, true)?;
        }
    }

    #[test]
    fn a_cast_that_never_meets_finds_nothing_either_way() {
        let a = star(80, &[10.0, 5.0], 0.0, Vec2::ZERO);
        let b = star(80, &[10.0, 5.0], 0.0, Vec2::new(30.0, 0.0));
        for (v, max_time) in
            [(Vec2::new(0.0, 1.0), f32::INFINITY), (Vec2::new(-1.0, 0.0), 5.0), (Vec2::new(1.0, 0.0), 9.0)]
        {
            assert!(cast_many_pieces(&a, &b, v, max_time, false).is_none(), "{v} {max_time}");
        }
        let hit = cast_many_pieces(&a, &b, Vec2::new(-1.0, 0.0), 20.0, false).expect("meets after 10");
        assert!((hit.time - 10.0).abs() < 1e-4, "{}", hit.time);
    }
}
