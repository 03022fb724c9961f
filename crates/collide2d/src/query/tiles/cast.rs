//! Shapes cast at a map: the soonest touch of any piece, found stretch by stretch along the
//! motion so that a long cast sees only the cells it sweeps, with the normal of the surface,
//! never of a seam.

use glam::Vec2;

use super::boundary::Surface;
use super::distance::for_filled;
use crate::math::Order;
use crate::query::cast::{cast_ref, ShapeCastHit};
use crate::query::ShapeRef;
use crate::shape::{Aabb, ConvexPolygon};
use crate::tiles::{Piece, TileMap};

/// A cell's piece in world coordinates, as a shape the casts take.
enum WorldPiece {
    Square(Aabb),
    Convex(ConvexPolygon),
}

/// Buffers kept between casts on each thread, so that a cast in steady state allocates
/// nothing.
#[derive(Default)]
pub(super) struct CastBuffers {
    /// A convex piece's vertices, in the frame and then in the world; a polygon's storage.
    store: Vec<Vec2>,
    /// Every hit: (time, normal, point on the map, column, row).
    hits: Vec<(f32, Vec2, Vec2, u32, u32)>,
    /// The vertices of the pieces touched soonest, one after another, and where each ends.
    vertices: Vec<Vec2>,
    ends: Vec<usize>,
    surface: Surface,
}

impl WorldPiece {
    /// The piece of cell `(col, row)`; a convex one's polygon takes `store`'s storage (give it
    /// back with [`release`](Self::release)).
    fn of(map: &TileMap, col: u32, row: u32, store: &mut Vec<Vec2>) -> Option<WorldPiece> {
        let frame = map.frame_at(col, row);
        let piece = &map.kinds()[map.kind_index(col, row)].piece;
        let corner = |f: Vec2| frame.world(frame.at(col, row, f));
        match piece {
            Piece::Empty => None,
            Piece::Solid => Aabb::new(corner(Vec2::ZERO), corner(Vec2::ONE)).ok().map(WorldPiece::Square),
            Piece::Convex { .. } => {
                frame.piece_vertices(piece, col, row, store);
                store.iter_mut().for_each(|p| *p = frame.world(*p));
                // A tile's shape is strictly convex and counter-clockwise; in the world, rounding
                // can only break that for cells too small for their distance from the origin,
                // which the full check then refuses or mends.
                let n = store.len();
                let strict = n >= 3
                    && (0..n).all(|i| {
                        let (a, b, c) = (store[i], store[(i + 1) % n], store[(i + 2) % n]);
                        (b - a).perp_dot(c - b) > 0.0
                    });
                let polygon = if strict {
                    Some(ConvexPolygon::from_valid_ccw(std::mem::take(store)))
                } else {
                    ConvexPolygon::new(store).ok()
                };
                polygon.map(WorldPiece::Convex)
            }
        }
    }

    /// Gives a convex piece's storage back to `store`.
    fn release(self, store: &mut Vec<Vec2>) {
        if let WorldPiece::Convex(p) = self {
            *store = p.into_points();
        }
    }

    /// Its bounds: a square's own, a polygon's vertices'.
    fn aabb(&self) -> Aabb {
        match self {
            WorldPiece::Square(b) => *b,
            WorldPiece::Convex(p) => ShapeRef::ConvexPolygon(p).aabb(),
        }
    }

    fn shape(&self) -> ShapeRef<'_> {
        match self {
            WorldPiece::Square(b) => ShapeRef::Aabb(b),
            WorldPiece::Convex(p) => ShapeRef::ConvexPolygon(p),
        }
    }

    /// Appends its vertices to `out`.
    fn extend_vertices(&self, out: &mut Vec<Vec2>) {
        match self {
            WorldPiece::Square(b) => out.extend(b.corners()),
            WorldPiece::Convex(p) => out.extend_from_slice(p.vertices()),
        }
    }
}

/// The soonest time within `max_time` at which `other`, moving at `v`, touches the map's
/// solid (which it must not touch at the start): the time, the unit normal from the map
/// towards `other`, and the point of the map touched.
pub(crate) fn cast_map(map: &TileMap, other: ShapeRef, v: Vec2, max_time: f32) -> Option<(f32, Vec2, Vec2)> {
    super::with_scratch(|s| cast_with(map, other, v, max_time, &mut s.cast))
}

fn cast_with(
    map: &TileMap,
    other: ShapeRef,
    v: Vec2,
    max_time: f32,
    bufs: &mut CastBuffers,
) -> Option<(f32, Vec2, Vec2)> {
    let bounds = other.aabb();
    let speed = v.length();
    if speed.is_nan() || speed <= 0.0 {
        return None;
    }
    // When the moving bounds are over the map at all.
    let (t_in, t_out) = window(&bounds, &map.aabb(), v)?;
    let (t_in, t_out) = (t_in.at_least(0.0), t_out.at_most(max_time));
    if t_in > t_out {
        return None;
    }
    // Stretches of about a cell or the shape's size each (from the start, not added up, so that
    // rounding cannot stall them), and never more than the grid has cells across and down.
    let reach = map.cell_size().max_element().at_least((bounds.max() - bounds.min()).max_element());
    let most = 2 * (map.width() as u64 + map.height() as u64) + 2;
    let stretches = ((t_out - t_in) * speed / reach).ceil();
    let stretches = if stretches.is_finite() { (stretches as u64).clamp(1, most) } else { most };
    let step = (t_out - t_in) / stretches as f32;
    let CastBuffers { store, hits, vertices, ends, surface } = bufs;
    hits.clear();
    let mut best = f32::INFINITY;
    for k in 0..stretches {
        let from = t_in + step * k as f32;
        let to = if k + 1 == stretches { t_out } else { t_in + step * (k + 1) as f32 };
        let (a, b) = (bounds.min() + v * from, bounds.max() + v * from);
        let (c, d) = (bounds.min() + v * to, bounds.max() + v * to);
        let cells = map.cells_meeting(a.min(c), b.max(d));
        for_filled(map, cells, |col, row| {
            if hits.iter().any(|h| (h.3, h.4) == (col, row)) {
                return true;
            }
            if let Some(piece) = WorldPiece::of(map, col, row, store) {
                // Only a piece whose box the moving box meets in time can be touched.
                let meets = window(&bounds, &piece.aabb(), v).is_some_and(|(a, b)| a <= max_time && b >= 0.0);
                if let Some(hit) = meets.then(|| cast_ref(piece.shape(), Vec2::ZERO, other, v, max_time)).flatten() {
                    let hit: ShapeCastHit = hit;
                    best = best.at_most(hit.time);
                    hits.push((hit.time, hit.normal, hit.point_a, col, row));
                }
                piece.release(store);
            }
            true
        });
        if best <= to {
            break;
        }
    }
    if !best.is_finite() {
        return None;
    }
    // The pieces touched at that time, in the order found; the first whose normal no other of
    // them reaches beyond at its point is the surface's.
    let slack = 1e-6 * (1.0 + best.abs());
    hits.retain(|h| h.0 <= best + slack);
    hits.sort_by_key(|h| (h.4, h.3));
    let size = map.cell_size().max_element().at_least((bounds.max() - bounds.min()).max_element());
    let tol = 1e-5 * size;
    vertices.clear();
    ends.clear();
    for h in hits.iter() {
        if let Some(piece) = WorldPiece::of(map, h.3, h.4, store) {
            piece.extend_vertices(vertices);
            piece.release(store);
        }
        ends.push(vertices.len());
    }
    let pieces = || ends.iter().scan(0, |start, &end| Some(&vertices[std::mem::replace(start, end)..end]));
    let valid =
        |normal: Vec2, at: Vec2| pieces().all(|q| !holds(q, at, tol) || q.iter().all(|p| normal.dot(*p - at) <= tol));
    let (time, normal, point) = (hits[0].0, hits[0].1, hits[0].2);
    if let Some(h) = hits.iter().find(|h| valid(h.1, h.2)) {
        return Some((h.0.at_least(0.0), h.1, h.2));
    }
    // Each touched at a corner with the normal of a seam: the surface's faces there decide,
    // the one most against the motion.
    let frame = map.frame_at(hits[0].3, hits[0].4);
    let near = map.cells_meeting(point - tol, point + tol);
    surface.build(map, near, &frame);
    let at = frame.local(point);
    let face = surface
        .faces
        .iter()
        .filter(|f| super::local::nearest_on_segment(at, f.a, f.b).distance(at) <= tol)
        .map(|f| f.normal)
        .min_by(|x, y| x.dot(v).total_cmp(&y.dot(v)));
    Some((time.at_least(0.0), face.unwrap_or(normal), point))
}

/// When bounds moving at `v` overlap `grid`: the times they start and stop doing so.
fn window(bounds: &Aabb, grid: &Aabb, v: Vec2) -> Option<(f32, f32)> {
    let (mut enter, mut exit) = (f32::NEG_INFINITY, f32::INFINITY);
    for axis in 0..2 {
        let (lo, hi) = (grid.min()[axis] - bounds.max()[axis], grid.max()[axis] - bounds.min()[axis]);
        if v[axis] == 0.0 {
            if lo > 0.0 || hi < 0.0 {
                return None;
            }
            continue;
        }
        let (a, b) = (lo / v[axis], hi / v[axis]);
        enter = enter.at_least(a.at_most(b));
        exit = exit.at_most(a.at_least(b));
    }
    (enter <= exit).then_some((enter, exit))
}

/// Whether the convex polygon `q` (counter-clockwise) holds `p` within `tol`.
fn holds(q: &[Vec2], p: Vec2, tol: f32) -> bool {
    let n = q.len();
    (0..n).all(|i| {
        let (a, b) = (q[i], q[(i + 1) % n]);
        let normal = super::local::outward(a, b);
        normal.dot(p - a) <= tol
    })
}
