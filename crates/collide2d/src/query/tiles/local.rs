//! The other shape in a query's frame, as convex cores swollen by radii, and the few exact
//! measures every tile query asks of a core and a cell's piece: separation, distance, overlap.

use glam::Vec2;

use crate::math::Order;
use crate::query::ShapeRef;
use crate::tiles::{CellRange, Frame, Piece, TileMap, SQUARE_NORMALS};

/// One convex core of a [`Body`]: its vertices (counter-clockwise with y up; one for a point,
/// two for a segment), the outward normal of each face (none for a point, both sides for a
/// segment), and the radius it is swollen by.
#[derive(Clone, Copy)]
pub(crate) struct CoreRef<'a> {
    pub(crate) vertices: &'a [Vec2],
    pub(crate) normals: &'a [Vec2],
    pub(crate) radius: f32,
    /// The least and greatest coordinates of the vertices (the radius left out).
    pub(crate) lo: Vec2,
    pub(crate) hi: Vec2,
}

#[derive(Clone, Copy, Default)]
struct Span {
    vertices: (u32, u32),
    normals: (u32, u32),
    radius: f32,
    lo: Vec2,
    hi: Vec2,
}

/// A shape in a query's frame: one core for a convex shape, one per piece for a concave
/// polygon or another map's cells.
#[derive(Default)]
pub(crate) struct Body {
    points: Vec<Vec2>,
    normals: Vec<Vec2>,
    spans: Vec<Span>,
    /// Bounds of the cores swollen by their radii.
    pub(crate) lo: Vec2,
    pub(crate) hi: Vec2,
}

/// The outward normal of an edge from `a` to `b` of a counter-clockwise outline (zero for a
/// point).
#[inline]
pub(crate) fn outward(a: Vec2, b: Vec2) -> Vec2 {
    let d = b - a;
    crate::math::unit_or(Vec2::new(d.y, -d.x), Vec2::ZERO)
}

impl Body {
    /// Loads `shape` into `frame`; for another tile map, its pieces in the cells meeting the
    /// world box `within`.
    pub(crate) fn load(&mut self, shape: ShapeRef, frame: &Frame, within: (Vec2, Vec2)) {
        self.points.clear();
        self.normals.clear();
        self.spans.clear();
        match shape {
            ShapeRef::Polygon(p) => {
                for part in p.convex_parts() {
                    self.push_polygon(part.vertices().iter().map(|v| frame.local(*v)), 0.0);
                }
            }
            ShapeRef::TileMap(m) => self.push_cells(m, m.cells_meeting(within.0, within.1), frame),
            other => crate::query::core::Core::with(other, |core, radius| {
                self.push_polygon(core.vertices().iter().map(|v| frame.local(*v)), radius)
            }),
        }
        self.bound();
    }

    /// Loads the pieces of `map`'s cells in `cells`, in `frame` (which may be another map's).
    fn push_cells(&mut self, map: &TileMap, cells: CellRange, frame: &Frame) {
        if cells.is_empty() {
            return;
        }
        let mut store = Vec::new();
        let own = map.frame_at(cells.cols.0, cells.rows.0);
        for row in cells.rows.0..=cells.rows.1 {
            for col in cells.cols.0..=cells.cols.1 {
                let piece = &map.kinds()[map.kind_index(col, row)].piece;
                own.piece_vertices(piece, col, row, &mut store);
                self.push_polygon(store.iter().map(|v| frame.local(own.world(*v))), 0.0);
            }
        }
    }

    fn push_polygon(&mut self, vertices: impl Iterator<Item = Vec2>, radius: f32) {
        let start = self.points.len();
        self.points.extend(vertices);
        let end = self.points.len();
        if end == start {
            return;
        }
        let n_start = self.normals.len();
        if end - start >= 2 {
            for i in start..end {
                let next = if i + 1 == end { start } else { i + 1 };
                self.normals.push(outward(self.points[i], self.points[next]));
            }
        }
        let span = |a: usize, b: usize| (a as u32, b as u32);
        let (lo, hi) = self.points[start..end]
            .iter()
            .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
        self.spans.push(Span {
            vertices: span(start, end),
            normals: span(n_start, self.normals.len()),
            radius,
            lo,
            hi,
        });
    }

    fn bound(&mut self) {
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for s in &self.spans {
            for p in &self.points[s.vertices.0 as usize..s.vertices.1 as usize] {
                lo = lo.min(*p - s.radius);
                hi = hi.max(*p + s.radius);
            }
        }
        (self.lo, self.hi) = (lo, hi);
    }

    /// How many cores.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Core `k`.
    #[inline]
    pub(crate) fn core(&self, k: usize) -> CoreRef<'_> {
        let s = self.spans[k];
        CoreRef {
            vertices: &self.points[s.vertices.0 as usize..s.vertices.1 as usize],
            normals: &self.normals[s.normals.0 as usize..s.normals.1 as usize],
            radius: s.radius,
            lo: s.lo,
            hi: s.hi,
        }
    }

    /// Every core.
    pub(crate) fn cores(&self) -> impl Iterator<Item = CoreRef<'_>> {
        (0..self.len()).map(|k| self.core(k))
    }

    /// The largest extent of the body (for tolerances).
    pub(crate) fn size(&self) -> f32 {
        (self.hi - self.lo).max_element().at_least(0.0)
    }
}

/// A cell's piece in a frame: its vertices counter-clockwise and their outward normals.
#[derive(Default)]
pub(crate) struct PieceBuf {
    pub(crate) vertices: Vec<Vec2>,
    pub(crate) normals: Vec<Vec2>,
}

impl PieceBuf {
    /// Loads `piece` of cell `(col, row)`; false for an empty one.
    pub(crate) fn load(&mut self, frame: &Frame, piece: &Piece, col: u32, row: u32) -> bool {
        frame.piece_vertices(piece, col, row, &mut self.vertices);
        self.normals.clear();
        self.normals.extend_from_slice(piece.normals());
        !self.vertices.is_empty()
    }
}

/// The largest separation along a face normal of either, moved by `t`: negative when the
/// core (moved) and the piece overlap, then minus the depth the pieces' faces see; at most
/// their distance when apart.
pub(crate) fn separation(core: CoreRef, t: Vec2, vertices: &[Vec2], normals: &[Vec2]) -> f32 {
    match rectangle(vertices, normals) {
        Some((lo, hi)) => rectangle_separation(core, t, lo, hi),
        None => polygon_separation(core, t, vertices, normals),
    }
}

/// [`separation`] for any convex piece.
fn polygon_separation(core: CoreRef, t: Vec2, vertices: &[Vec2], normals: &[Vec2]) -> f32 {
    let mut best = f32::NEG_INFINITY;
    for (p, n) in vertices.iter().zip(normals) {
        let s = core.vertices.iter().map(|c| n.dot(*c + t - *p)).fold(f32::INFINITY, f32::at_most);
        best = best.at_least(s);
    }
    for (i, m) in core.normals.iter().enumerate() {
        let c = core.vertices[i] + t;
        let s = vertices.iter().map(|p| m.dot(*p - c)).fold(f32::INFINITY, f32::at_most);
        best = best.at_least(s);
    }
    best
}

/// A piece that is a rectangle with the cell's sides (a solid cell, a half block): its least
/// and greatest corners. Its vertices run from the least corner, counter-clockwise, and its
/// normals are [`SQUARE_NORMALS`], so the closed forms below give the same numbers as the
/// general loops (every difference is monotone in each coordinate, so the least over the
/// vertices is at the corner each sign picks).
#[inline]
fn rectangle(vertices: &[Vec2], normals: &[Vec2]) -> Option<(Vec2, Vec2)> {
    (vertices.len() == 4 && normals == SQUARE_NORMALS).then(|| (vertices[0], vertices[2]))
}

/// How far the core moved by `t` lies beyond each face of the rectangle `lo`..`hi` (the least
/// over its vertices), in the order of [`SQUARE_NORMALS`].
#[inline]
fn rectangle_faces(core: CoreRef, t: Vec2, lo: Vec2, hi: Vec2) -> [f32; 4] {
    let (clo, chi) = (core.lo + t, core.hi + t);
    [lo.y - chi.y, clo.x - hi.x, clo.y - hi.y, lo.x - chi.x]
}

/// The least of `m · (p − c)` over the rectangle's corners `p`.
#[inline]
fn least_over_rectangle(m: Vec2, c: Vec2, lo: Vec2, hi: Vec2) -> f32 {
    let p = Vec2::new(if m.x < 0.0 { hi.x } else { lo.x }, if m.y < 0.0 { hi.y } else { lo.y });
    m.dot(p - c)
}

/// [`separation`] for a rectangular piece.
fn rectangle_separation(core: CoreRef, t: Vec2, lo: Vec2, hi: Vec2) -> f32 {
    let mut best = f32::NEG_INFINITY;
    for s in rectangle_faces(core, t, lo, hi) {
        best = best.at_least(s);
    }
    for (i, m) in core.normals.iter().enumerate() {
        best = best.at_least(least_over_rectangle(*m, core.vertices[i] + t, lo, hi));
    }
    best
}

/// The closest points of a core (moved by `t`, its radius ignored) and a piece that are
/// apart (as `separation` > 0 says), and the squared distance between them.
pub(crate) fn closest(core: CoreRef, t: Vec2, vertices: &[Vec2]) -> (Vec2, Vec2, f32) {
    let mut best = (Vec2::ZERO, Vec2::ZERO, f32::INFINITY);
    let mut consider = |on_core: Vec2, on_piece: Vec2| {
        let d = on_core.distance_squared(on_piece);
        if d < best.2 {
            best = (on_core, on_piece, d);
        }
    };
    let n = vertices.len();
    for c in core.vertices {
        let c = *c + t;
        for i in 0..n {
            consider(c, nearest_on_segment(c, vertices[i], vertices[(i + 1) % n]));
        }
    }
    let m = core.vertices.len();
    if m >= 2 {
        let edges = if m == 2 { 1 } else { m };
        for i in 0..edges {
            let (a, b) = (core.vertices[i] + t, core.vertices[(i + 1) % m] + t);
            for p in vertices {
                consider(nearest_on_segment(*p, a, b), *p);
            }
        }
    }
    best
}

/// The point of segment `[a, b]` nearest `p`.
#[inline]
pub(crate) fn nearest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let d = b - a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        return a;
    }
    let s = (d.dot(p - a) / len2).clamp(0.0, 1.0);
    if s == 1.0 {
        b
    } else {
        a + d * s
    }
}

/// How deep the core (swollen by its radius) goes into the piece and which way is out, from
/// the piece towards the core: the pair's own minimum push (a depth of 0 or less when they
/// touch or are apart).
pub(crate) fn deepest_way_out(core: CoreRef, vertices: &[Vec2], normals: &[Vec2]) -> (f32, Vec2) {
    let best = match rectangle(vertices, normals) {
        Some((lo, hi)) => rectangle_axis(core, lo, hi, normals),
        None => polygon_axis(core, vertices, normals),
    };
    if core.radius == 0.0 || best.0 < 0.0 {
        return (core.radius - best.0, best.1);
    }
    let (on_core, on_piece, d2) = closest(core, Vec2::ZERO, vertices);
    (core.radius - d2.sqrt(), crate::math::unit_or(on_core - on_piece, best.1))
}

/// The largest separation of the core (its radius left out) and a piece along a face normal of
/// either, and the way out it gives (from the piece towards the core); the first of equals.
fn polygon_axis(core: CoreRef, vertices: &[Vec2], normals: &[Vec2]) -> (f32, Vec2) {
    let mut best = (f32::NEG_INFINITY, Vec2::ZERO);
    for (p, n) in vertices.iter().zip(normals) {
        let s = core.vertices.iter().map(|c| n.dot(*c - *p)).fold(f32::INFINITY, f32::at_most);
        if s > best.0 {
            best = (s, *n);
        }
    }
    for (i, m) in core.normals.iter().enumerate() {
        let c = core.vertices[i];
        let s = vertices.iter().map(|p| m.dot(*p - c)).fold(f32::INFINITY, f32::at_most);
        if s > best.0 {
            best = (s, -*m);
        }
    }
    best
}

/// [`polygon_axis`] for the rectangle `lo`..`hi` with `normals` (its own: a convex piece's may
/// hold a `-0.0` where [`SQUARE_NORMALS`] has `0.0`).
fn rectangle_axis(core: CoreRef, lo: Vec2, hi: Vec2, normals: &[Vec2]) -> (f32, Vec2) {
    let mut best = (f32::NEG_INFINITY, Vec2::ZERO);
    for (s, n) in rectangle_faces(core, Vec2::ZERO, lo, hi).into_iter().zip(normals) {
        if s > best.0 {
            best = (s, *n);
        }
    }
    for (i, m) in core.normals.iter().enumerate() {
        let s = least_over_rectangle(*m, core.vertices[i], lo, hi);
        if s > best.0 {
            best = (s, -*m);
        }
    }
    best
}

/// How deep the core moved by `t` (swollen by its radius) goes into the piece: positive
/// when they overlap, 0 or less when they touch or are apart (minus the gap).
pub(crate) fn depth(core: CoreRef, t: Vec2, vertices: &[Vec2], normals: &[Vec2]) -> f32 {
    let s = separation(core, t, vertices, normals);
    if core.radius == 0.0 || s < 0.0 {
        return core.radius - s;
    }
    core.radius - closest(core, t, vertices).2.sqrt()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::query::ShapeLike;
    use crate::shape::{Capsule, Obb};

    /// A core from a shape: a box turned by `angle`, a capsule, a point.
    fn with_core<R>(kind: u8, at: Vec2, half: Vec2, angle: f32, f: impl FnOnce(CoreRef) -> R) -> R {
        let mut body = Body::default();
        let frame = crate::tiles::TileMap::new(Vec2::ZERO, Vec2::ONE, 1, 1, crate::tiles::TileSet::solid(1))
            .unwrap()
            .frame_at(0, 0);
        let shape: crate::Shape = match kind % 3 {
            0 => Obb::new(at, half, angle).unwrap().into(),
            1 => Capsule::new(at, at + half, half.x.abs() * 0.5).unwrap().into(),
            _ => at.into(),
        };
        body.load(shape.shape_ref(), &frame, (Vec2::splat(-1e3), Vec2::splat(1e3)));
        f(body.core(0))
    }

    proptest! {
        /// The closed forms for a rectangle give the general loops' numbers, bit for bit.
        #[test]
        fn rectangles_agree_with_the_general_loops(
            kind in 0u8..3,
            at in (-3.0f32..3.0, -3.0f32..3.0),
            half in (0.01f32..2.0, 0.01f32..2.0),
            angle in prop_oneof![Just(0.0f32), Just(std::f32::consts::FRAC_PI_4), -3.2f32..3.2],
            lo in (-2.0f32..2.0, -2.0f32..2.0),
            size in (0.1f32..2.0, 0.1f32..2.0),
            t in (-1.0f32..1.0, -1.0f32..1.0),
        ) {
            let (lo, t) = (Vec2::from(lo), Vec2::from(t));
            let hi = lo + Vec2::from(size);
            let vertices = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
            with_core(kind, at.into(), half.into(), angle, |core| {
                let bits = |x: f32| x.to_bits();
                prop_assert_eq!(
                    bits(rectangle_separation(core, t, lo, hi)),
                    bits(polygon_separation(core, t, &vertices, &SQUARE_NORMALS))
                );
                let (a, b) = (rectangle_axis(core, lo, hi, &SQUARE_NORMALS), polygon_axis(core, &vertices, &SQUARE_NORMALS));
                prop_assert_eq!((bits(a.0), bits(a.1.x), bits(a.1.y)), (bits(b.0), bits(b.1.x), bits(b.1.y)));
                Ok(())
            })?;
        }
    }
}
