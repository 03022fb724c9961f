//! Whether a shape lies in a map's solid, and whether a map's solid lies in a shape.

use glam::Vec2;

use super::distance::{core_bounds, for_filled};
use super::local::{depth, outward, Body, PieceBuf};
use crate::query::contains::contains_ref;
use crate::query::ShapeRef;
use crate::shape::{Aabb, ConvexPolygon};
use crate::tiles::{Frame, Piece, TileMap};

/// Whether every point of `body` (in `frame`) lies in the map's solid: no core reaches into
/// the open part of any cell, nor off the grid.
pub(crate) fn body_in_map(map: &TileMap, frame: &Frame, body: &Body, open: &mut PieceBuf) -> bool {
    let bounds = map.aabb();
    let (lo, hi) = (frame.local(bounds.min()), frame.local(bounds.max()));
    if body.len() == 0 || body.lo.cmplt(lo).any() || body.hi.cmpgt(hi).any() {
        return false;
    }
    for core in body.cores() {
        let (clo, chi) = core_bounds(core.vertices, core.radius);
        let cells = map.cells_meeting(frame.world(clo), frame.world(chi));
        if cells.is_empty() {
            return false;
        }
        for row in cells.rows.0..=cells.rows.1 {
            for col in cells.cols.0..=cells.cols.1 {
                let piece = &map.kinds()[map.kind_index(col, row)].piece;
                let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y].map(|f| frame.at(col, row, f));
                match piece {
                    Piece::Solid => {}
                    Piece::Empty => {
                        open.vertices.clear();
                        open.vertices.extend(square);
                        if reaches_into(core, open) {
                            return false;
                        }
                    }
                    Piece::Convex { points, .. } => {
                        let n = points.len();
                        for i in 0..n {
                            let (a, b) = (frame.at(col, row, points[i]), frame.at(col, row, points[(i + 1) % n]));
                            // Each face inside the cell leaves open what of the cell lies beyond it.
                            clip_beyond(&square, a, outward(a, b), &mut open.vertices);
                            if open.vertices.len() >= 3 && reaches_into(core, open) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
    }
    true
}

/// Whether `core` overlaps the open region in `open.vertices` (touching does not count).
fn reaches_into(core: super::local::CoreRef, open: &mut PieceBuf) -> bool {
    let v = &open.vertices;
    open.normals.clear();
    open.normals.extend((0..v.len()).map(|i| outward(v[i], v[(i + 1) % v.len()])));
    depth(core, Vec2::ZERO, &open.vertices, &open.normals) > 0.0
}

/// The part of the convex `square` on the side of the line through `a` that `normal` points
/// to, counter-clockwise, into `out` (fewer than 3 points when it has no area).
fn clip_beyond(square: &[Vec2; 4], a: Vec2, normal: Vec2, out: &mut Vec<Vec2>) {
    out.clear();
    let side = |p: Vec2| normal.dot(p - a);
    for i in 0..4 {
        let (p, q) = (square[i], square[(i + 1) % 4]);
        let (sp, sq) = (side(p), side(q));
        if sp >= 0.0 {
            out.push(p);
        }
        if (sp > 0.0 && sq < 0.0) || (sp < 0.0 && sq > 0.0) {
            out.push(p + (q - p) * (sp / (sp - sq)));
        }
    }
    out.dedup();
}

/// Whether every piece of the map's solid lies in `shape` (true for a map with none).
pub(crate) fn map_in_shape(shape: ShapeRef, map: &TileMap) -> bool {
    let mut inside = true;
    let mut corners = Vec::new();
    for_filled(map, map.all_cells(), |col, row| {
        let frame = map.frame_at(col, row);
        let piece = &map.kinds()[map.kind_index(col, row)].piece;
        frame.piece_vertices(piece, col, row, &mut corners);
        let world: Vec<Vec2> = corners.iter().map(|p| frame.world(*p)).collect();
        inside = match piece {
            Piece::Solid => Aabb::from_points(&world).is_ok_and(|b| contains_ref(shape, ShapeRef::Aabb(&b))),
            _ => ConvexPolygon::new(&world).is_ok_and(|p| contains_ref(shape, ShapeRef::ConvexPolygon(&p))),
        };
        inside
    });
    inside
}
