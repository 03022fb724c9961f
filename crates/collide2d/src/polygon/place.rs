//! Placing a built polygon by an affine transform without building it again.
//!
//! Everything a polygon derives at construction survives any invertible affine map: a simple
//! outline stays simple, holes stay inside it and apart, convex pieces stay convex and still
//! tile it, and an edge hierarchy keeps its shape (only its boxes change). So placing maps the
//! rings at once, and the edges, the pieces and the tree's boxes when a query first asks for
//! them, each in one linear pass; it never validates, triangulates or decomposes. A mirroring
//! map (negative determinant) reverses every ring and piece, to keep the outline
//! counter-clockwise.

use std::sync::{Arc, OnceLock};

use glam::{Mat2, Vec2};

use super::{Derived, Polygon, PolygonData, CONVEX_CORNER, NAME, ON_BOUNDARY, UNKNOWN};
use crate::math::{orient2d, unit_or, Transform};
use crate::shape::{check_transform, overflowed, Aabb, ConvexPolygon, Shape, ShapeError};

/// `data` moved by `t`.
pub(super) fn place(data: &Arc<PolygonData>, t: &Transform) -> Result<Polygon, ShapeError> {
    // Always from the polygon as built, so that the rings and the derived data, mapped at
    // different times, are mapped by the same numbers.
    let (source, t) = match &data.source {
        Some((source, first)) => (source, t.compose(first)),
        None => (data, *t),
    };
    check_transform(NAME, &t)?;
    let mirrored = t.determinant64() < 0.0;
    let mut rings = Vec::with_capacity(source.rings.len());
    let mut collapsed = false;
    for ring in &source.rings {
        let mapped = map_ring(ring, &t, mirrored, ring.len());
        collapsed |= cyclic_pairs(&mapped).any(|(a, b)| a == b);
        rings.push(mapped);
    }
    // Every ring: holes lie inside the outline, but at sizes f32 cannot resolve (a sliver 1e38
    // long beside a hole 800 across) the check that they do is rounding, and the bounds must
    // still hold every vertex.
    let (lo, hi) =
        rings.iter().flatten().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    if !(hi - lo).is_finite() {
        return Err(overflowed(NAME));
    }
    if collapsed || squashes(&t) {
        // Rounding merged two neighbouring vertices, or may have moved them across each other's
        // edges: the full constructor cleans that up or says what is wrong.
        return Polygon::with_holes(&rings[0], &rings[1..]);
    }
    let data = PolygonData {
        rings,
        aabb: Aabb::from_min_max_unchecked(lo, hi),
        area: (source.area as f64 * t.determinant64().abs()) as f32,
        centroid: t.transform_point(source.centroid),
        derived: OnceLock::new(),
        source: Some((source.clone(), t)),
    };
    Ok(Polygon { data: Arc::new(data) })
}

/// How far apart a transform's largest and smallest stretch may be for the polygon to be mapped
/// without checking it again: mapped coordinates round to within about `f32::EPSILON` of the
/// largest stretch, and a direction squashed `MAX_SQUASH` times holds that as 1e-4 of its own
/// size. Rigid moves, uniform scales and mirrors are 1; a sprite stretched 3 : 1 is 3.
const MAX_SQUASH: f64 = 1e3;

/// Whether transform `t` squashes one direction about `MAX_SQUASH` times another or more (a
/// star squashed 1e41 times flat rounded into a ring that crosses itself). With `s` the sum of
/// the squares of its linear part and `d` its determinant, the two stretches' ratio `r` has
/// `r + 1/r = s / |d|`: `s > MAX_SQUASH |d|` is `r` above `MAX_SQUASH` less a millionth.
pub(super) fn squashes(t: &Transform) -> bool {
    let m = t.linear();
    let (a, b, c, d) = (m.x_axis.x as f64, m.x_axis.y as f64, m.y_axis.x as f64, m.y_axis.y as f64);
    let squares = a * a + b * b + c * c + d * d;
    squares > MAX_SQUASH * t.determinant64().abs()
}

/// The edges, tree and pieces of a placed polygon, mapped from its source's.
pub(super) fn derive(data: &PolygonData) -> Derived {
    let Some((source, t)) = &data.source else {
        unreachable!("a polygon as built has its derived data from the start")
    };
    let from = source.derived.get().expect("a polygon as built has its derived data from the start");
    let mirrored = t.determinant64() < 0.0;
    let edges: Vec<(Vec2, Vec2)> = data.rings.iter().flat_map(|r| cyclic_pairs(r)).collect();
    let tree = if mirrored {
        // Edge `j` of a ring of `n` becomes edge `n − 1 − j` of the reversed ring.
        let mut renumber = Vec::with_capacity(edges.len());
        let mut start = 0u32;
        for r in &data.rings {
            let n = r.len() as u32;
            renumber.extend((0..n).map(|j| start + n - 1 - j));
            start += n;
        }
        from.tree.placed(&edges, |e| renumber[e as usize])
    } else {
        from.tree.placed(&edges, |e| e)
    };
    let normals = normal_map(t);
    let mut parts = Vec::with_capacity(from.parts.len());
    let mut part_flags = Vec::with_capacity(from.part_flags.len());
    let mut start = 0;
    for piece in &from.parts {
        let n = piece.vertices().len();
        let flags = &from.part_flags[start..start + n];
        start += n;
        match place_piece(piece, t, normals, mirrored) {
            Some(placed) if placed.vertices().len() == n => {
                if mirrored {
                    // Vertex k of the re-wound piece is old vertex (n − k) mod n, and its edge
                    // is old edge n − 1 − k.
                    part_flags.extend(
                        (0..n).map(|k| (flags[(n - k) % n] & CONVEX_CORNER) | (flags[n - 1 - k] & ON_BOUNDARY)),
                    );
                } else {
                    part_flags.extend_from_slice(flags);
                }
                parts.push(placed);
            }
            Some(placed) => {
                // Rounding dropped a corner: its vertices no longer match the flags.
                part_flags.extend(std::iter::repeat_n(UNKNOWN, placed.vertices().len()));
                parts.push(placed);
            }
            None => {}
        }
    }
    let hull = from.hull.as_ref().and_then(|h| place_piece(h, t, normals, mirrored));
    Derived { edges, tree, parts, part_flags, hull, piece_tree: OnceLock::new() }
}

/// A ring's vertices mapped; under a mirror, reversed from its first vertex on (`v0, vn−1, …,
/// v1`), so that it keeps its winding and its first vertex. `capacity` leaves room for a
/// piece's normals after its vertices (see `ConvexPolygon`).
fn map_ring(ring: &[Vec2], t: &Transform, mirrored: bool, capacity: usize) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(capacity);
    if mirrored {
        out.extend(ring[..1].iter().chain(ring[1..].iter().rev()).map(|p| t.transform_point(*p)));
    } else {
        out.extend(ring.iter().map(|p| t.transform_point(*p)));
    }
    out
}

/// Each point with the one after it, the last with the first. (No `%` per step: a division
/// costs more than the rest of a placement's work per vertex.)
fn cyclic_pairs(ring: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    ring.iter().copied().zip(ring.iter().skip(1).chain(ring.first()).copied())
}

/// A matrix taking an outward normal to a multiple of the mapped outward normal: the inverse
/// transpose of the linear part, up to a positive factor chosen to keep its entries near 1 (so
/// that a tiny or huge scale neither underflows nor overflows the normals before they are
/// made unit again).
fn normal_map(t: &Transform) -> Mat2 {
    let m = t.linear();
    let cofactor = Mat2::from_cols(Vec2::new(m.y_axis.y, -m.y_axis.x), Vec2::new(-m.x_axis.y, m.x_axis.x));
    let largest = cofactor.x_axis.abs().max(cofactor.y_axis.abs()).max_element();
    cofactor * (t.determinant64().signum() as f32 / largest)
}

/// The capacity for a piece's `n` vertices and then its normals. Only sets when the vector
/// grows, never what it holds, so every mutant of it is equivalent.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn room_with_normals(n: usize) -> usize {
    2 * n
}

/// A convex piece mapped. Rounding can leave a nearly straight corner straight or slightly
/// reflex; such a piece goes through the convex polygon's own placement, which drops the
/// corner. `None` for a piece that rounding flattens to a line: it covers nothing.
fn place_piece(piece: &ConvexPolygon, t: &Transform, normal_map: Mat2, mirrored: bool) -> Option<ConvexPolygon> {
    let (vertices, normals) = (piece.vertices(), piece.normals());
    let n = vertices.len();
    let mut points = map_ring(vertices, t, mirrored, room_with_normals(n));
    let mut before = points[n - 1];
    let convex = cyclic_pairs(&points).all(|(corner, after)| {
        let turn = orient2d(before, corner, after);
        before = corner;
        turn > 0.0
    });
    if convex {
        // Under a mirror, edge k of the re-wound piece is old edge n − 1 − k, turned around.
        let old_edge = |k: usize| if mirrored { n - 1 - k } else { k };
        for k in 0..n {
            let mapped = normal_map * normals[old_edge(k)];
            // A scale uneven by more than about 1e19 underflows the f32 length of the shorter
            // normals: those go the careful way. A linear part beyond the f32 range leaves the
            // map no finite entries: then the mapped edge's own normal.
            let unit = match mapped.normalize_or_zero() {
                Vec2::ZERO => {
                    let e = points[(k + 1) % n] - points[k];
                    unit_or(mapped, unit_or(Vec2::new(e.y, -e.x), Vec2::ZERO))
                }
                unit => unit,
            };
            points.push(unit);
        }
        return Some(ConvexPolygon::from_vertices_then_normals(points));
    }
    match piece.transformed(t) {
        Ok(Shape::ConvexPolygon(p)) => Some(p),
        _ => None,
    }
}
