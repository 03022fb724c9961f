//! Which pairs of pieces a stage looks at: every pair for small shapes; for a polygon of many
//! pieces, only those whose difference's bounds can meet the box the stage asks about, found
//! through the polygon's hierarchy of piece bounds. Either way in the order of a loop over every
//! pair (the polygon's piece, then the other's), so that the regions, and so the answers, are
//! the same bits; the callers keep their own exact test of each pair's bounds, which the
//! hierarchy's only narrows down to a few, conservatively.

use glam::Vec2;

use super::budget;
use super::regions::{OtherPieces, Span};
use crate::math::Order;
use crate::polygon::{Polygon, PIECES_INDEXED_FROM};

/// Calls `visit(i, j)` for each pair of the polygon's piece `i` (bounds `piece_boxes[i]`) and
/// the other shape's piece `j` (negated bounds in `spans[j]`) whose difference's bounds may meet
/// `[lo, hi]`, in increasing order of `(i, j)`; `found` holds the pairs found when the polygon's
/// own hierarchy is asked. The meter is charged for the scan.
pub(super) fn for_each_pair(
    p: &Polygon,
    others: OtherPieces,
    (piece_boxes, spans): (&[(Vec2, Vec2)], &[Span]),
    (lo, hi): (Vec2, Vec2),
    found: &mut Vec<(u32, u32)>,
    mut visit: impl FnMut(usize, usize),
) {
    let (many, several) = (piece_boxes.len(), spans.len());
    // The bounds are sums and differences of f32 numbers of at most this size: a query box
    // grown by a few roundings of it holds every pair the callers' own sums accept.
    let size = [lo, hi, p.aabb().min(), p.aabb().max()]
        .into_iter()
        .chain(spans.iter().flat_map(|s| [s.4, s.5]))
        .fold(0.0f32, |m, v| m.at_least(v.abs().max_element()));
    let slack = Vec2::splat(8.0 * f32::EPSILON * size + f32::MIN_POSITIVE);
    let (lo, hi) = (lo - slack, hi + slack);
    match others {
        // The other polygon's pieces near each of the polygon's: each query in order.
        OtherPieces::Pieces(q) if several > PIECES_INDEXED_FROM => {
            for (i, &(a_lo, a_hi)) in piece_boxes.iter().enumerate() {
                if budget::spent() {
                    return;
                }
                // Its piece `j`'s negated bounds are `-q_hi..-q_lo`: the difference meets the
                // box when `q_hi >= a_lo - hi` and `q_lo <= a_hi - lo`.
                let met = q.pieces_meeting(a_lo - hi, a_hi - lo, |j| visit(i, j));
                budget::charge(found_cost(met, several));
            }
        }
        // The polygon's pieces near each of the other's few, then put in order.
        _ if many > PIECES_INDEXED_FROM => {
            found.clear();
            for (j, span) in spans.iter().enumerate() {
                if budget::spent() {
                    return;
                }
                let (s_lo, s_hi) = (span.4, span.5);
                let met = p.pieces_meeting(lo - s_hi, hi - s_lo, |i| found.push((i as u32, j as u32)));
                budget::charge(found_cost(met, many));
            }
            if several > 1 {
                budget::charge(budget::sorting(found.len()));
                if budget::spent() {
                    return;
                }
                found.sort_unstable();
            }
            for &(i, j) in found.iter() {
                visit(i as usize, j as usize);
            }
        }
        _ => {
            budget::charge(budget::pair_scan(many as u64 * several as u64));
            if budget::spent() {
                return;
            }
            for i in 0..many {
                for j in 0..several {
                    visit(i, j);
                }
            }
        }
    }
}

/// The units for a query of a hierarchy over `pieces` pieces that found `count`, in order: the
/// walk down, half a unit a piece found (gathering and ordering it), and the bit set's words.
#[inline]
fn found_cost(count: usize, pieces: usize) -> u64 {
    2 + count as u64 / 2 + pieces as u64 / 1024
}
