//! The minimum push-out of a shape from a map's solid: the shortest translation after which
//! the shape overlaps no piece, searched over the surface alone, so that seams never count.
//!
//! Moving the shape `S` by `t` makes it overlap the solid `U` exactly when `t` lies in
//! `U ⊕ (−S)`. The answer is the nearest point of that set's boundary to the origin, and the
//! boundary lies on a few kinds of curve (`Curve`), for `S` a convex core swollen by a radius:
//! - a surface face moved so that the core's vertex furthest against its normal lies on it
//!   (`S` resting on the face);
//! - a core face moved so that it passes through a convex corner of the surface (`S`'s side
//!   against the corner), for the faces whose normal the corner's turn holds;
//! - for a radius, a circle around each corner less each core vertex (`S`'s round end on the
//!   corner).
//!
//! The nearest point of the boundary is the foot of some curve or a crossing of two. Curves
//! are taken in order of their distance from the origin, and their feet and crossings with the
//! curves taken before in order of theirs, and each point is tested (`Search::clear`): the
//! first whose translation leaves `S` overlapping no piece (deeper than a rounding tolerance) is
//! the answer, since everything after it is at least as far. Only the cells near `S` are seen
//! at first; when the answer might lie further, the window grows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::Vec2;

use super::boundary::{Corner, Face, Surface};
use super::distance::{core_bounds, for_filled};
use super::local::{deepest_way_out, depth, Body, CoreRef, PieceBuf};
use crate::math::{unit_or, Order};
use crate::tiles::{CellRange, Frame, TileMap};

/// How many times the window may grow: from a cell, 2^300 covers any map `f32` can hold.
pub(crate) const MAX_ROUNDS: usize = 300;

/// A curve holding part of the boundary of the translations that overlap, in a query's frame.
#[derive(Clone, Copy, Debug)]
struct Curve {
    /// The segment's ends; for an arc, `a` is the centre and `b.x` the radius.
    a: Vec2,
    b: Vec2,
    arc: bool,
    /// The outward normal (of a segment; unused for an arc).
    normal: Vec2,
    /// Where the shape touches the solid once moved by `t` on this curve: `touch + t` when
    /// `moves` (a point of the shape), else `touch` (a corner of the surface).
    touch: Vec2,
    moves: bool,
    /// The least distance of the curve from the origin.
    reach: f32,
}

/// A translation to test: its length, the order it was found in, the point, the curve.
type Candidate = Reverse<(u32, u32, u32)>;

/// The push found: the translation, the direction to report when it is zero, where the shape
/// then touches the solid (all in the frame), and whether it is proven the shortest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Push {
    pub(crate) t: Vec2,
    pub(crate) normal: Vec2,
    pub(crate) touch: Vec2,
    pub(crate) exact: bool,
}

/// What the deepest pair of a core and a piece says.
enum Deepest {
    /// No piece touches the shape.
    Apart,
    /// Pushing out of the deepest pair clears every piece: the answer.
    Exits(Push),
    /// The search must decide.
    Search,
}

/// Buffers kept between queries.
#[derive(Default)]
pub(crate) struct Search {
    surface: Surface,
    curves: Vec<Curve>,
    points: Vec<(Vec2, Vec2)>,
    heap: BinaryHeap<Candidate>,
    /// The window's pieces: vertices and normals, flat, with each piece's range and bounds.
    vertices: Vec<Vec2>,
    normals: Vec<Vec2>,
    pieces: Vec<(u32, u32, Vec2, Vec2)>,
    buf: PieceBuf,
    /// Work done, in units of about one piece test.
    pub(crate) work: u64,
}

impl Search {
    /// The shortest push of `body` (in `frame`) out of `map`'s solid, `None` when they do not
    /// touch (as `intersects` judges). Within `budget` units of work, else the shortest push
    /// known to clear, flagged.
    pub(crate) fn push_out(&mut self, map: &TileMap, frame: &Frame, body: &Body, budget: u64) -> Option<Push> {
        self.work = 0;
        let tol = 1e-5 * body.size().at_least(frame.cell().max_element());
        match self.deepest_exits(map, frame, body, tol) {
            Deepest::Apart => return None,
            Deepest::Exits(push) => return Some(push),
            Deepest::Search => {}
        }
        let mut reach = frame.cell().max_element().at_least(body.size() * 0.5);
        // The window at least doubles each time: within f32's range, a few dozen rounds reach
        // the whole map. Bounds that are not finite numbers never do, and are cleared.
        for _ in 0..MAX_ROUNDS {
            if !reach.is_finite() || !tol.is_finite() {
                break;
            }
            let (lo, hi) = (body.lo - reach - tol, body.hi + reach + tol);
            let cells = map.cells_meeting(frame.world(lo), frame.world(hi));
            let whole = cells.count() == map.width() as u64 * map.height() as u64;
            self.work += cells.count();
            if self.work > budget {
                return Some(clearing(map, frame, body));
            }
            self.load(map, cells, frame);
            let limit = if whole { f32::INFINITY } else { reach };
            match self.search(body, limit, tol, budget) {
                Some(Some(push)) => return Some(push),
                Some(None) if !whole => reach *= 2.0,
                // Nothing clears with the whole map in view, which rounding alone could cause,
                // or the budget ran out: moving clear of the map's bounds always does.
                _ => return Some(clearing(map, frame, body)),
            }
        }
        Some(clearing(map, frame, body))
    }

    /// The common case without the search. Every pair of a core and a piece that overlap
    /// bounds the answer from below by its own depth, since a push out of the solid pushes out
    /// of each piece: when pushing out of the deepest pair along its own way out clears every
    /// piece, that push is the answer. Not for shapes that only touch (no deeper than `tol`),
    /// whose pairs' ways out may lie along a seam: the search names the surface's normal. The
    /// same pass says whether they touch at all (a depth of 0 or more, as `intersects` finds).
    fn deepest_exits(&mut self, map: &TileMap, frame: &Frame, body: &Body, tol: f32) -> Deepest {
        let mut deepest = (f32::NEG_INFINITY, Vec2::ZERO, 0);
        for (k, core) in body.cores().enumerate() {
            let (lo, hi) = core_bounds(core.vertices, core.radius);
            for_filled(map, map.cells_meeting(frame.world(lo), frame.world(hi)), |col, row| {
                let piece = &map.kinds()[map.kind_index(col, row)].piece;
                self.buf.load(frame, piece, col, row);
                self.work += 1;
                let (depth, normal) = deepest_way_out(core, &self.buf.vertices, &self.buf.normals);
                if depth > deepest.0 {
                    deepest = (depth, normal, k);
                }
                true
            });
        }
        let (depth, normal, k) = deepest;
        // NaN too: no piece touches.
        if depth.is_nan() || depth < 0.0 {
            return Deepest::Apart;
        }
        if depth <= tol || !depth.is_finite() {
            return Deepest::Search;
        }
        let t = normal * depth;
        if !self.clear_of_cells(map, frame, body, t, tol) {
            return Deepest::Search;
        }
        let core = body.core(k);
        Deepest::Exits(Push { t, normal, touch: support(core, normal) - normal * core.radius + t, exact: true })
    }

    fn load(&mut self, map: &TileMap, cells: CellRange, frame: &Frame) {
        self.surface.build(map, cells, frame);
        self.load_pieces(map, cells, frame);
    }

    /// The window's pieces, for [`clear`](Self::clear).
    fn load_pieces(&mut self, map: &TileMap, cells: CellRange, frame: &Frame) {
        self.vertices.clear();
        self.normals.clear();
        self.pieces.clear();
        if cells.is_empty() {
            return;
        }
        for row in cells.rows.0..=cells.rows.1 {
            for col in cells.cols.0..=cells.cols.1 {
                let piece = &map.kinds()[map.kind_index(col, row)].piece;
                if self.buf.load(frame, piece, col, row) {
                    let start = self.vertices.len() as u32;
                    let (lo, hi) = self
                        .buf
                        .vertices
                        .iter()
                        .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(l, h), p| (l.min(*p), h.max(*p)));
                    self.vertices.extend_from_slice(&self.buf.vertices);
                    self.normals.extend_from_slice(&self.buf.normals);
                    self.pieces.push((start, self.vertices.len() as u32, lo, hi));
                }
            }
        }
    }

    /// Whether `body` moved by `t` overlaps no piece of the window deeper than `tol`.
    fn clear(&mut self, body: &Body, t: Vec2, tol: f32) -> bool {
        let (lo, hi) = (body.lo + t - tol, body.hi + t + tol);
        for &(start, end, plo, phi) in &self.pieces {
            if plo.x > hi.x || plo.y > hi.y || phi.x < lo.x || phi.y < lo.y {
                continue;
            }
            let range = start as usize..end as usize;
            let (v, n) = (&self.vertices[range.clone()], &self.normals[range]);
            for core in body.cores() {
                self.work += 1;
                if depth(core, t, v, n) > tol {
                    return false;
                }
            }
        }
        true
    }

    /// [`clear`](Self::clear) straight from the map's cells, without loading a window.
    fn clear_of_cells(&mut self, map: &TileMap, frame: &Frame, body: &Body, t: Vec2, tol: f32) -> bool {
        let (lo, hi) = (body.lo + t - tol, body.hi + t + tol);
        let mut clear = true;
        for_filled(map, map.cells_meeting(frame.world(lo), frame.world(hi)), |col, row| {
            let piece = &map.kinds()[map.kind_index(col, row)].piece;
            self.buf.load(frame, piece, col, row);
            for core in body.cores() {
                self.work += 1;
                if depth(core, t, &self.buf.vertices, &self.buf.normals) > tol {
                    clear = false;
                }
            }
            clear
        });
        clear
    }

    /// The search within `limit` of the origin: `Some(Some(push))` when found, `Some(None)`
    /// when nothing within `limit` clears, `None` when the budget ran out.
    fn search(&mut self, body: &Body, limit: f32, tol: f32, budget: u64) -> Option<Option<Push>> {
        self.curves.clear();
        for core in body.cores() {
            add_curves(&mut self.curves, &self.surface.faces, &self.surface.corners, core, tol);
        }
        // Faces before corners, then arcs, where they are as near: a shape resting on a floor
        // at a corner reports the floor.
        self.curves.sort_by(|x, y| x.reach.total_cmp(&y.reach).then((x.arc as u8).cmp(&(y.arc as u8))));
        self.heap.clear();
        self.points.clear();
        let mut next = 0;
        loop {
            if self.work > budget {
                return None;
            }
            let curve_reach = self.curves.get(next).map_or(f32::INFINITY, |c| c.reach);
            let pending = self.heap.peek().map(|Reverse((d, _, _))| f32::from_bits(*d));
            match pending {
                Some(d) if d <= curve_reach => {
                    if d > limit {
                        return Some(None);
                    }
                    let Reverse((_, point, curve)) = self.heap.pop()?;
                    let (t, normal) = self.points[point as usize];
                    if self.clear(body, t, tol) {
                        let c = self.curves[curve as usize];
                        let touch = if c.moves { c.touch + t } else { c.touch };
                        return Some(Some(Push { t, normal, touch, exact: true }));
                    }
                }
                _ if next == self.curves.len() || curve_reach > limit => return Some(None),
                _ => {
                    self.activate(next);
                    next += 1;
                }
            }
        }
    }

    /// Adds curve `i`'s foot, and its crossings with the curves before it, to the heap.
    fn activate(&mut self, i: usize) {
        let c = self.curves[i];
        if let Some((x, normal)) = foot(&c) {
            self.candidate(x, normal, i);
        }
        for j in 0..i {
            self.work += 1;
            let d = self.curves[j];
            let mut found = [Vec2::NAN; 2];
            crossings(&c, &d, &mut found);
            for x in found.into_iter().filter(|x| x.is_finite()) {
                let normal = unit_or(x, c.normal);
                self.candidate(x, normal, i);
            }
        }
    }

    fn candidate(&mut self, x: Vec2, normal: Vec2, curve: usize) {
        let normal = unit_or(x, normal);
        let d = x.length();
        self.heap.push(Reverse((d.to_bits(), self.points.len() as u32, curve as u32)));
        self.points.push((x, normal));
    }
}

/// The first of the core's vertices furthest against `normal`.
fn support(core: CoreRef, normal: Vec2) -> Vec2 {
    let least = core.vertices.iter().map(|c| normal.dot(*c)).fold(f32::INFINITY, f32::at_most);
    core.vertices.iter().find(|c| normal.dot(**c) == least).copied().unwrap_or_default()
}

/// The curves of one core against the surface.
fn add_curves(curves: &mut Vec<Curve>, faces: &[Face], corners: &[Corner], core: CoreRef, tol: f32) {
    let r = core.radius;
    for f in faces {
        // The core's vertices furthest against the face's normal (two when an edge lies flat).
        let least = core.vertices.iter().map(|c| f.normal.dot(*c)).fold(f32::INFINITY, f32::at_most);
        for c in core.vertices.iter().filter(|c| f.normal.dot(**c) <= least + tol) {
            let shift = f.normal * r - *c;
            curves.push(segment(f.a + shift, f.b + shift, f.normal, *c - f.normal * r, true));
        }
    }
    let m = core.vertices.len();
    for corner in corners {
        let u = corner.at;
        for (i, normal) in core.normals.iter().enumerate() {
            let w = -*normal;
            if let Some((n_in, n_out)) = corner.normals {
                if n_in.perp_dot(w) < -1e-6 || w.perp_dot(n_out) < -1e-6 {
                    continue;
                }
            }
            let (c0, c1) = (core.vertices[i], core.vertices[(i + 1) % m]);
            let shift = w * r;
            curves.push(segment(u - c0 + shift, u - c1 + shift, w, u, false));
        }
        if r > 0.0 {
            for c in core.vertices {
                let centre = u - *c;
                let reach = (centre.length() - r).abs();
                curves.push(Curve {
                    a: centre,
                    b: Vec2::new(r, 0.0),
                    arc: true,
                    normal: Vec2::ZERO,
                    touch: u,
                    moves: false,
                    reach,
                });
            }
        }
    }
}

fn segment(a: Vec2, b: Vec2, normal: Vec2, touch: Vec2, moves: bool) -> Curve {
    let reach = super::local::nearest_on_segment(Vec2::ZERO, a, b).length();
    Curve { a, b, arc: false, normal, touch, moves, reach }
}

/// The point of a curve nearest the origin, where it is a foot (inside a segment, anywhere on
/// a circle), with the curve's outward normal there.
fn foot(c: &Curve) -> Option<(Vec2, Vec2)> {
    if c.arc {
        let (centre, r) = (c.a, c.b.x);
        let out = unit_or(-centre, Vec2::Y);
        return Some((centre + out * r, out));
    }
    let d = c.b - c.a;
    let len2 = d.dot(d);
    if len2 == 0.0 {
        return None;
    }
    let s = -c.a.dot(d) / len2;
    (0.0..=1.0).contains(&s).then(|| (c.a + d * s, c.normal))
}

/// Where two curves cross, into `out` (NaN where they do not).
fn crossings(p: &Curve, q: &Curve, out: &mut [Vec2; 2]) {
    match (p.arc, q.arc) {
        (false, false) => out[0] = segments_cross(p.a, p.b, q.a, q.b).unwrap_or(Vec2::NAN),
        (false, true) => segment_circle(p.a, p.b, q.a, q.b.x, out),
        (true, false) => segment_circle(q.a, q.b, p.a, p.b.x, out),
        (true, true) => circles(p.a, p.b.x, q.a, q.b.x, out),
    }
}

fn segments_cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<Vec2> {
    let (r, s) = (b - a, d - c);
    let denom = r.perp_dot(s);
    if denom == 0.0 {
        return None;
    }
    let u = (c - a).perp_dot(s) / denom;
    let v = (c - a).perp_dot(r) / denom;
    ((0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v)).then(|| a + r * u)
}

fn segment_circle(a: Vec2, b: Vec2, centre: Vec2, r: f32, out: &mut [Vec2; 2]) {
    let d = b - a;
    let f = a - centre;
    let (qa, qb, qc) = (d.dot(d), 2.0 * f.dot(d), f.dot(f) - r * r);
    let disc = qb * qb - 4.0 * qa * qc;
    if qa == 0.0 || disc < 0.0 {
        return;
    }
    let root = disc.sqrt();
    for (k, s) in [(-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)].into_iter().enumerate() {
        if (0.0..=1.0).contains(&s) {
            out[k] = a + d * s;
        }
    }
}

fn circles(c0: Vec2, r0: f32, c1: Vec2, r1: f32, out: &mut [Vec2; 2]) {
    let d = c1 - c0;
    let dist = d.length();
    if dist == 0.0 || dist > r0 + r1 || dist < (r0 - r1).abs() {
        return;
    }
    let a = (r0 * r0 - r1 * r1 + dist * dist) / (2.0 * dist);
    let h = (r0 * r0 - a * a).at_least(0.0).sqrt();
    let mid = c0 + d * (a / dist);
    let off = d.perp() * (h / dist);
    out[0] = mid + off;
    out[1] = mid - off;
}

/// The push that moves the body clear of the map's bounds the shortest way: it always
/// separates, and is flagged as not proven the shortest.
fn clearing(map: &TileMap, frame: &Frame, body: &Body) -> Push {
    let bounds = map.aabb();
    let (lo, hi) = (frame.local(bounds.min()), frame.local(bounds.max()));
    let options = [
        (hi.x - body.lo.x, Vec2::X),
        (body.hi.x - lo.x, Vec2::NEG_X),
        (hi.y - body.lo.y, Vec2::Y),
        (body.hi.y - lo.y, Vec2::NEG_Y),
    ];
    let (d, n) = options.into_iter().fold((f32::INFINITY, Vec2::X), |best, o| if o.0 < best.0 { o } else { best });
    let t = n * d.at_least(0.0).at_most(f32::MAX);
    Push { t, normal: n, touch: (body.lo + body.hi) * 0.5 + t, exact: false }
}
