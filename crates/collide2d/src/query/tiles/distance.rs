//! How far a shape is from a map's solid, and which cells hold it.

use glam::Vec2;

use super::local::{closest, depth, separation, Body, PieceBuf};
use crate::math::Order;
use crate::query::distance::ClosestPoints;
use crate::tiles::{CellRange, Frame, TileMap, CHUNK};

/// Calls `visit(col, row)` for each cell in `cells` that is not empty, skipping blocks of
/// `CHUNK × CHUNK` cells that hold none; stops early when `visit` returns false.
pub(crate) fn for_filled(map: &TileMap, cells: CellRange, mut visit: impl FnMut(u32, u32) -> bool) {
    if cells.is_empty() {
        return;
    }
    for by in cells.rows.0 / CHUNK..=cells.rows.1 / CHUNK {
        for bx in cells.cols.0 / CHUNK..=cells.cols.1 / CHUNK {
            if map.filled_in_chunk(bx, by) == 0 {
                continue;
            }
            let rows = (by * CHUNK).max(cells.rows.0)..=(by * CHUNK + CHUNK - 1).min(cells.rows.1);
            let cols = (bx * CHUNK).max(cells.cols.0)..=(bx * CHUNK + CHUNK - 1).min(cells.cols.1);
            for row in rows {
                for col in cols.clone() {
                    if map.kind_index(col, row) != 0 && !visit(col, row) {
                        return;
                    }
                }
            }
        }
    }
}

/// The closest points of the map's solid (as `a`) and `body` (in `frame`), which must not
/// touch: `None` when the map has no solid at all.
///
/// The cells are visited in rings around those the body meets, nearest first: a cell `k`
/// rings out lies at least `k − 1` cells from the body, so once a piece nearer than that is
/// known, no further ring can hold a nearer one.
pub(crate) fn closest_apart(map: &TileMap, frame: &Frame, body: &Body, piece: &mut PieceBuf) -> Option<ClosestPoints> {
    // Bounds that are not finite numbers see the whole map at once.
    let finite = body.lo.is_finite() && body.hi.is_finite();
    let span = finite.then(|| map.span_meeting(frame.world(body.lo), frame.world(body.hi))).flatten();
    let span = span.unwrap_or([0, map.width() as i64 - 1, 0, map.height() as i64 - 1]);
    let [c0, c1, r0, r1] = span;
    let (width, height) = (map.width() as i64, map.height() as i64);
    // A ring's least distance from the body, less a margin for the frame's rounding.
    let step = frame.cell().min_element();
    let slack = 1e-5 * (step + body.size());
    // (gap, point of the solid, point of the body), in the frame.
    let mut best: Option<(f32, Vec2, Vec2)> = None;
    let mut visit = |best: &mut Option<(f32, Vec2, Vec2)>, col: u32, row: u32| {
        let kind = &map.kinds()[map.kind_index(col, row)].piece;
        piece.load(frame, kind, col, row);
        for core in body.cores() {
            if separation(core, Vec2::ZERO, &piece.vertices, &piece.normals)
                >= best.map_or(f32::INFINITY, |b| b.0) + core.radius
            {
                continue;
            }
            let (on_core, on_piece, d2) = closest(core, Vec2::ZERO, &piece.vertices);
            let gap = d2.sqrt() - core.radius;
            if best.is_none_or(|b| gap < b.0) {
                let toward = crate::math::unit_or(on_piece - on_core, Vec2::ZERO);
                *best = Some((gap, on_piece, on_core + toward * core.radius));
            }
        }
        true
    };
    for k in 0i64.. {
        if best.is_some_and(|b| (k - 1) as f32 * step - slack > b.0) {
            break;
        }
        let (a0, a1, b0, b1) = (c0 - k, c1 + k, r0 - k, r1 + k);
        if k == 0 {
            for_filled(map, map.clip(span), |col, row| visit(&mut best, col, row));
        } else {
            for strip in [[a0, a1, b0, b0], [a0, a1, b1, b1], [a0, a0, b0 + 1, b1 - 1], [a1, a1, b0 + 1, b1 - 1]] {
                for_filled(map, map.clip(strip), |col, row| visit(&mut best, col, row));
            }
        }
        // Every cell seen.
        if a0 <= 0 && b0 <= 0 && a1 >= width - 1 && b1 >= height - 1 {
            break;
        }
    }
    let (_, a, b) = best?;
    let (point_a, point_b) = (frame.world(a), frame.world(b));
    let distance =
        crate::math::saturate(crate::math::distance_squared64(point_a, point_b).sqrt()).at_least(f32::MIN_POSITIVE);
    Some(ClosestPoints { point_a, point_b, distance })
}

/// Whether some core of `body` comes within `gap` of some piece (touching counts at 0).
pub(crate) fn any_piece_within(map: &TileMap, frame: &Frame, body: &Body, piece: &mut PieceBuf, gap: f32) -> bool {
    for core in body.cores() {
        let (lo, hi) = core_bounds(core.vertices, core.radius + gap);
        let mut found = false;
        for_filled(map, map.cells_meeting(frame.world(lo), frame.world(hi)), |col, row| {
            let kind = &map.kinds()[map.kind_index(col, row)].piece;
            piece.load(frame, kind, col, row);
            found = depth(core, Vec2::ZERO, &piece.vertices, &piece.normals) >= -gap;
            !found
        });
        if found {
            return true;
        }
    }
    false
}

/// The bounds of `vertices` grown by `margin`, and by a rounding's worth so that cells the
/// frame's conversion might put a hair away are still visited.
pub(crate) fn core_bounds(vertices: &[Vec2], margin: f32) -> (Vec2, Vec2) {
    let (lo, hi) = vertices.iter().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(l, h), p| (l.min(*p), h.max(*p)));
    let slack = (lo.abs().max(hi.abs()).max_element() * 1e-6).at_least(f32::MIN_POSITIVE);
    (lo - margin - slack, hi + margin + slack)
}
