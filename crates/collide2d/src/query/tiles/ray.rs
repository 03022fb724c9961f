//! Rays through a map: cell by cell along the ray (a grid walk), each non-empty cell's piece
//! met by clipping the ray against its faces, in f64 from the cell's own corner.

use glam::{DVec2, Vec2};

use crate::math::{ray_in_box64, Order};
use crate::query::ray::{Ray, RayHit};
use crate::tiles::{Piece, Side, TileMap};

/// The first hit of `ray` on the map's solid (a ray starting in it hits at once).
pub(crate) fn ray_map(map: &TileMap, ray: &Ray) -> Option<RayHit> {
    if starts_inside(map, ray.origin()) {
        return Some(RayHit::inside(ray));
    }
    let (origin, cell) = (map.origin().as_dvec2(), map.cell_size().as_dvec2());
    // The ray in grid units: cell (i, j) spans [i, i + 1] × [j, j + 1].
    let o = (ray.origin().as_dvec2() - origin) / cell;
    let d = ray.direction().as_dvec2() / cell;
    let size = DVec2::new(map.width() as f64, map.height() as f64);
    let (enter, exit) = ray_in_box64(o, d, DVec2::ZERO, size)?;
    let start = o + d * enter;
    let clamp = |v: f64, n: u32| (v.floor().at_least(0.0) as u32).min(n - 1);
    let (mut i, mut j) = (clamp(start.x, map.width()), clamp(start.y, map.height()));
    // Distance along the ray to the next column and row line, and between lines.
    let next = |p: f64, dir: f64, k: u32| {
        if dir > 0.0 {
            (k as f64 + 1.0 - p) / dir
        } else if dir < 0.0 {
            (k as f64 - p) / dir
        } else {
            f64::INFINITY
        }
    };
    let (mut tx, mut ty) = (enter + next(start.x, d.x, i), enter + next(start.y, d.y, j));
    let (dx, dy) = ((1.0 / d.x).abs(), (1.0 / d.y).abs());
    loop {
        let kind = map.kind_index(i, j);
        if kind != 0 {
            if let Some((t, normal)) = hit_piece(map, i, j, &map.kinds()[kind].piece, o, d) {
                let distance = t as f32;
                return Some(RayHit { distance, point: ray.at(distance), normal });
            }
        }
        // Step to the next cell the ray enters; at a corner, across both lines.
        let t = tx.at_most(ty);
        if t > exit {
            return None;
        }
        if tx <= ty {
            if d.x > 0.0 && i + 1 < map.width() {
                i += 1;
            } else if d.x < 0.0 && i > 0 {
                i -= 1;
            } else {
                return None;
            }
            tx += dx;
        } else {
            if d.y > 0.0 && j + 1 < map.height() {
                j += 1;
            } else if d.y < 0.0 && j > 0 {
                j -= 1;
            } else {
                return None;
            }
            ty += dy;
        }
    }
}

/// Whether `p` lies in the map's solid (touching counts). Most rays start in an open cell:
/// when every cell within a ten-thousandth of one of `p` is empty, no piece can touch it;
/// otherwise the exact test decides, so that a ray starting on the surface agrees with
/// `intersects`.
fn starts_inside(map: &TileMap, p: Vec2) -> bool {
    let margin = map.cell_size() * 1e-4;
    let mut near = false;
    super::distance::for_filled(map, map.cells_meeting(p - margin, p + margin), |_, _| {
        near = true;
        false
    });
    near && super::intersects_map(map, crate::query::ShapeRef::Point(p))
}

/// Where the ray (in grid units) enters `piece` of cell `(i, j)`, with the outward normal of
/// the face it enters by, in world units. Where it enters through a corner, a face a
/// neighbour covers there (a seam) gives way to the other.
fn hit_piece(map: &TileMap, i: u32, j: u32, piece: &Piece, o: DVec2, d: DVec2) -> Option<(f64, Vec2)> {
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    let points: &[Vec2] = match piece {
        Piece::Empty => return None,
        Piece::Solid => &square,
        Piece::Convex { points, .. } => points,
    };
    let cell = map.cell_size().as_dvec2();
    // The ray from the cell's corner, in world units along each axis.
    let (o, d) = ((o - DVec2::new(i as f64, j as f64)) * cell, d * cell);
    let n = points.len();
    let (mut enter, mut exit) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut by: Option<(usize, bool)> = None;
    for k in 0..n {
        let (fa, fb) = (points[k], points[(k + 1) % n]);
        let (a, b) = (fa.as_dvec2() * cell, fb.as_dvec2() * cell);
        let normal = DVec2::new(b.y - a.y, a.x - b.x);
        let (num, den) = (normal.dot(a - o), normal.dot(d));
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
            continue;
        }
        let t = num / den;
        if den < 0.0 {
            let seam = covered(map, i, j, fa, fb, (o + d * t) / cell);
            let better = match by {
                None => true,
                Some((_, by_seam)) => t > enter || (t == enter && by_seam && !seam),
            };
            if better {
                enter = t;
                by = Some((k, seam));
            }
        } else {
            exit = exit.at_most(t);
        }
    }
    let (k, _) = by?;
    if enter > exit || exit < 0.0 {
        return None;
    }
    let (a, b) = (points[k].as_dvec2() * cell, points[(k + 1) % n].as_dvec2() * cell);
    let normal = DVec2::new(b.y - a.y, a.x - b.x).normalize_or_zero().as_vec2();
    Some((enter.at_least(0.0), normal))
}

/// Whether the edge from `fa` to `fb` (fractions of cell `(i, j)`) lies on a side of the cell
/// that the neighbour across it covers at `at` (fractions too).
fn covered(map: &TileMap, i: u32, j: u32, fa: Vec2, fb: Vec2, at: DVec2) -> bool {
    let Some(side) = Side::of_edge(fa, fb) else { return false };
    let (facing, (dx, dy)) = side.across();
    let (c, r) = (i as i64 + dx, j as i64 + dy);
    if c < 0 || r < 0 || c >= map.width() as i64 || r >= map.height() as i64 {
        return false;
    }
    let along = side.along(at.x, at.y);
    map.kinds()[map.kind_index(c as u32, r as u32)]
        .piece
        .side(facing)
        .is_some_and(|(lo, hi)| (lo as f64..=hi as f64).contains(&along))
}
