//! Contact with concave polygons: the true minimum translation vector.
//!
//! Moving the other shape `S` by `x` makes it overlap convex piece `C` of the polygon exactly
//! when `x` lies in the Minkowski difference `C − S`. The shortest separating translation is
//! therefore the shortest way from the origin out of the *union* of those differences — not the
//! largest or the sum of the pieces' own vectors, which can push into a neighbouring piece or
//! further than needed.
//!
//! First the common case, settled without the search (`deepest_pair_exits`): every pair of
//! overlapping pieces bounds the answer from below by its own depth, so when the walk out along
//! the deepest pair's normal leaves at that depth, that is the answer. Only the regions along
//! that walk are built. It settles about half of the shallow overlaps a game sees and a third of
//! the deep ones. When another region blocks that walk, a search over a few regions (those the
//! walk passed through) gives a lower bound and a direction, checked the same way by a walk
//! through all regions; the blockers join, up to a few rounds and a few dozen regions
//! (`settle_by_subsets`). That settles most of the remaining shallow overlaps.
//!
//! Otherwise, the search, exact up to f32 rounding:
//! 1. Translations known to separate bound the answer by `T`: clearing the bounding boxes, and
//!    pushing the other shape's convex hull out of the polygon's (within 10 % of the answer on
//!    overlapping game sprites, where the boxes give twice it). Piece pairs whose difference lies
//!    further than `T` from the origin are never built.
//! 2. Each remaining difference is built in linear time by merging the two pieces' edge
//!    sequences by angle (a Minkowski sum of convex polygons), rounded by the other shape's
//!    radius (discs, capsules). Each piece's walk (start vertex, edge angles) is prepared once
//!    per query, and each face takes its source edge's normal.
//! 3. A face can only hold the union's boundary where a boundary edge of one shape meets a
//!    convex corner of the other (see `SumVertex`): faces from diagonals between pieces or at
//!    reflex corners (about three in four) are never searched, only used as cover.
//! 4. A uniform grid lists the regions by block of cells; a cell found to lie wholly inside one
//!    region (its corners are, and regions are convex) is *solid*: nothing in it can be on the
//!    union's boundary. Cells are tested on first use.
//! 5. The nearest point of the union's boundary is the nearest point of some *exposed* stretch
//!    of a region's face (what no other region covers) — its foot, an end, or a crossing with
//!    another region — or, for rounded regions, a point of a vertex arc. Faces are visited in
//!    increasing distance from the origin (a lower bound for everything on them), interleaved
//!    with the candidates found so far, and the search stops once neither can beat the best. A
//!    face's coverage only asks the regions listed where it runs through non-solid cells.
//! 6. Each candidate direction is confirmed by walking out along it through the regions along
//!    the ray (the exit distance along a direction is exact), which also applies the tolerance
//!    that makes a push slightly longer than the depth always separate, even at pinches between
//!    pieces; where the walk jumps at such a pinch, directions aimed slightly to either side
//!    along the exposed boundary are tried.
//!
//! Scratch space (the regions, the grid's lists and cell marks, per-region marks, the face
//! list, the candidate heap, the walks' stretches) is kept between queries on each thread, so a
//! query allocates nothing once the buffers have grown to the size of the work.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::Range;

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::math::slab_range;
use crate::polygon::{Polygon, CONVEX_CORNER, ON_BOUNDARY, UNKNOWN};
use crate::query::core::Core;
use crate::query::intersects::concave_vs;
use crate::query::ShapeRef;
use crate::shape::{Aabb, ConvexPolygon};

/// At most this many grid cells along each axis (about twice the square root of the region
/// count below that). Finer cells are more often wholly inside one region, which leaves fewer
/// faces to examine; the cost is the per-cell certification.
const GRID: usize = 128;

/// The convex regions `piece ⊕ (−other piece) ⊕ disc(radius)`, their vertices and outward edge
/// normals stored back to back.
#[derive(Default)]
struct Regions {
    verts: Vec<Vec2>,
    normals: Vec<Vec2>,
    /// Per vertex: `FACE` if a point of the face from it to the next vertex may lie on the
    /// union's boundary, `ARC` likewise for the arc around it (see `exposable`).
    exposable: Vec<u8>,
    info: Vec<Region>,
    radius: f32,
}

/// One region: `verts[start..start + len]`, counter-clockwise, its bounds (radius included) and
/// the two pieces it comes from.
struct Region {
    start: usize,
    len: usize,
    lo: Vec2,
    hi: Vec2,
    piece: usize,
    other_piece: usize,
}

impl Regions {
    /// Empty, keeping the buffers.
    fn clear(&mut self, radius: f32) {
        self.verts.clear();
        self.normals.clear();
        self.exposable.clear();
        self.info.clear();
        self.radius = radius;
    }

    /// Becomes a copy of the regions of `from` that `chosen` marks (regions past its end are
    /// not), with `ids` each one's index in `from`. Every face and arc of the copy is searched:
    /// a face is skipped because the regions next to it cover it, and those may not be chosen.
    fn copy_chosen(&mut self, from: &Regions, chosen: &[bool], ids: &mut Vec<u32>) {
        self.clear(from.radius);
        ids.clear();
        for (k, r) in from.info.iter().enumerate() {
            if !chosen.get(k).copied().unwrap_or(false) {
                continue;
            }
            let (start, range) = (self.verts.len(), r.start..r.start + r.len);
            self.verts.extend_from_slice(&from.verts[range.clone()]);
            self.normals.extend_from_slice(&from.normals[range.clone()]);
            self.exposable.extend(std::iter::repeat_n(FACE | ARC, r.len));
            self.info.push(Region { start, ..*r });
            ids.push(k as u32);
        }
    }

    fn verts(&self, k: usize) -> &[Vec2] {
        let r = &self.info[k];
        &self.verts[r.start..r.start + r.len]
    }

    fn normals(&self, k: usize) -> &[Vec2] {
        let r = &self.info[k];
        &self.normals[r.start..r.start + r.len]
    }

    /// Adds `a ⊕ b` by merging their edges by angle: O(|a| + |b|). Each face's normal is its
    /// source edge's, and each face and arc is marked exposable or not from the pieces' flags.
    fn push_sum(&mut self, a: &Walk, b: &Walk, piece: usize, other_piece: usize) {
        let start = self.verts.len();
        merge_walks(a, b, self, None);
        let len = self.verts.len() - start;
        if len < 3 {
            self.verts.truncate(start);
            self.normals.truncate(start);
            self.exposable.truncate(start);
            return;
        }
        let v = &self.verts[start..];
        let (lo, hi) = v.iter().fold((v[0], v[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
        let r = Vec2::splat(self.radius);
        self.info.push(Region { start, len, lo: lo - r, hi: hi + r, piece, other_piece });
    }
}

/// A convex polygon (counter-clockwise, no repeated vertices) ready to be merged: its vertices
/// with their outward edge normals and flags, the vertex its walk starts from (the lowest), and
/// the pseudo-angle of each edge along the walk. Made once per piece per query, used for every
/// region the piece is in.
struct Walk<'a> {
    verts: &'a [Vec2],
    normals: &'a [Vec2],
    flags: &'a [u8],
    start: usize,
    keys: &'a [f32],
}

/// The lowest vertex (then leftmost) of `v`, where the merge by angle starts.
fn walk_start(v: &[Vec2]) -> usize {
    (0..v.len()).min_by(|&i, &j| v[i].y.total_cmp(&v[j].y).then(v[i].x.total_cmp(&v[j].x))).unwrap_or(0)
}

/// Appends the pseudo-angles of the edges of `v` walked from vertex `start` (none for a single
/// vertex; both ways for a segment). Edge directions from the lowest vertex turn
/// counter-clockwise through [0, 2π): the key is monotone in that angle, in [0, 4).
fn walk_keys(v: &[Vec2], start: usize, keys: &mut Vec<f32>) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mut i = start;
    for _ in 0..n {
        let next = if i + 1 == n { 0 } else { i + 1 };
        let d = v[next] - v[i];
        let p = d.x / (d.x.abs() + d.y.abs());
        keys.push(if d.y < 0.0 { 3.0 + p } else { 1.0 - p });
        i = next;
    }
}

/// Appends `a ⊕ b` to the regions' vertices, without repeated vertices, with each face's
/// normal (its source edge's) and what is exposable (see [`SumVertex`]); and with `tags`, for
/// the tests, what each vertex is.
fn merge_walks(a: &Walk, b: &Walk, regions: &mut Regions, mut tags: Option<&mut Vec<SumVertex>>) {
    let (n, m) = (a.verts.len(), b.verts.len());
    if n == 0 || m == 0 {
        return;
    }
    let flag = |flags: &[u8], k: usize| flags.get(k).copied().unwrap_or(UNKNOWN);
    let convex = |ia: usize, jb: usize| flag(a.flags, ia) & flag(b.flags, jb) & CONVEX_CORNER != 0;
    let Regions { verts, normals, exposable, .. } = regions;
    let first = verts.len();
    let (mut ia, mut jb) = (a.start, b.start);
    // While walking, each vertex gets the normal of the face that ends at it, and in its flags
    // that face's exposability (high half) and its own arc's (low half); the faces move to the
    // vertex they start from at the end.
    let arc = |ia: usize, jb: usize| if convex(ia, jb) { ARC } else { 0 };
    verts.push(a.verts[ia] + b.verts[jb]);
    normals.push(Vec2::ZERO);
    exposable.push(arc(ia, jb));
    if let Some(t) = tags.as_mut() {
        t.clear();
        t.push(SumVertex { a: ia as u32, b: jb as u32, edge: Walked::First(u32::MAX) });
    }
    let (edges_a, edges_b) = (a.keys.len(), b.keys.len());
    let (mut i, mut j) = (0, 0);
    let step = |k: usize, len: usize| if k + 1 == len { 0 } else { k + 1 };
    while i < edges_a || j < edges_b {
        let ka = a.keys.get(i).copied().unwrap_or(f32::INFINITY);
        let kb = b.keys.get(j).copied().unwrap_or(f32::INFINITY);
        // A face is exposable where a boundary edge of one shape meets a convex corner of the
        // other. NaN keys (never from valid input) fall to the `else`: both advance, so it ends.
        let (edge, normal, face) = if ka < kb {
            let face = flag(a.flags, ia) & ON_BOUNDARY != 0 && flag(b.flags, jb) & CONVEX_CORNER != 0;
            let walked = (Walked::First(ia as u32), a.normals[ia], face);
            (i, ia) = (i + 1, step(ia, n));
            walked
        } else if kb < ka {
            let face = flag(b.flags, jb) & ON_BOUNDARY != 0 && flag(a.flags, ia) & CONVEX_CORNER != 0;
            let walked = (Walked::Second(jb as u32), b.normals[jb], face);
            (j, jb) = (j + 1, step(jb, m));
            walked
        } else {
            let face = flag(a.flags, ia) & flag(b.flags, jb) & ON_BOUNDARY != 0;
            let walked = (Walked::Both(ia as u32, jb as u32), a.normals[ia], face);
            (i, ia) = (i + 1, step(ia, n));
            (j, jb) = (j + 1, step(jb, m));
            walked
        };
        let p = a.verts[ia] + b.verts[jb];
        if verts.last() != Some(&p) {
            verts.push(p);
            normals.push(normal);
            exposable.push(if face { FACE << 4 } else { 0 } | arc(ia, jb));
            if let Some(t) = tags.as_mut() {
                t.push(SumVertex { a: ia as u32, b: jb as u32, edge });
            }
        }
    }
    // The walk closes on the first vertex: its face becomes the first vertex's incoming one.
    while verts.len() > first + 1 && verts.last() == verts.get(first) {
        verts.pop();
        let closing = normals.pop().unwrap_or(Vec2::ZERO);
        let face = exposable.pop().unwrap_or(0) & (FACE << 4);
        normals[first] = closing;
        exposable[first] = (exposable[first] & 0x0f) | face;
        if let Some(t) = tags.as_mut() {
            if let Some(c) = t.pop() {
                t[0].edge = c.edge;
            }
        }
    }
    // Each face to the vertex it starts from.
    let len = verts.len() - first;
    if len > 0 {
        normals[first..].rotate_left(1);
        let faces_in_first = exposable[first] >> 4;
        for k in first..first + len {
            let next_face = if k + 1 < first + len { exposable[k + 1] >> 4 } else { faces_in_first };
            exposable[k] = (exposable[k] & 0x0f) | next_face;
        }
    }
}

/// Flag of a region's vertex: a point of its face to the next vertex may lie on the union's
/// boundary.
const FACE: u8 = 1;
/// Flag of a region's vertex: a point of its arc (rounded regions) may lie on the boundary.
const ARC: u8 = 2;

/// What a vertex of a Minkowski sum `a ⊕ b` is: the sum of vertex `a` of the first polygon and
/// vertex `b` of the second, reached along `edge`.
///
/// Why regions keep this: a point `x` on a face of piece `P` minus piece `Q` is a placement
/// where a vertex of one shape touches an edge of the other. If that edge is a diagonal between
/// pieces (not the boundary), or that vertex is a reflex corner of its shape, the shapes'
/// insides overlap around the touching point, so `x` lies inside the union of the regions: such
/// faces (and the arcs around such vertices) never hold the nearest boundary point, and the
/// search skips them. They still count as covering others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SumVertex {
    a: u32,
    b: u32,
    edge: Walked,
}

/// The edge of the sum that ends at a vertex: parallel to edge `i` (from vertex `i` to the
/// next) of the first polygon, of the second, or of both.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Walked {
    First(u32),
    Second(u32),
    Both(u32, u32),
}

/// `a ⊕ b` (its vertices, normals and flags) and its tags, for the tests.
#[cfg(test)]
fn minkowski_sum(a: &[Vec2], b: &[Vec2], tags: &mut Vec<SumVertex>) -> Regions {
    let walk = |v: &'_ [Vec2], keys: &'_ mut Vec<f32>| {
        let start = walk_start(v);
        walk_keys(v, start, keys);
        start
    };
    let normals = |v: &[Vec2]| -> Vec<Vec2> {
        (0..v.len()).map(|i| (v[(i + 1) % v.len()] - v[i]).perp().normalize_or_zero() * -1.0).collect()
    };
    let (mut ka, mut kb) = (Vec::new(), Vec::new());
    let (sa, sb) = (walk(a, &mut ka), walk(b, &mut kb));
    let (na, nb) = (normals(a), normals(b));
    let a = Walk { verts: a, normals: &na, flags: &[], start: sa, keys: &ka };
    let b = Walk { verts: b, normals: &nb, flags: &[], start: sb, keys: &kb };
    let mut regions = Regions::default();
    merge_walks(&a, &b, &mut regions, Some(tags));
    regions
}

/// A uniform grid over the regions' bounds: each cell lists the regions whose bounds meet it.
struct Grid {
    origin: Vec2,
    inv_cell: Vec2,
    /// Cells along each axis.
    n: usize,
    /// Cells along each axis of a list block: the region lists are kept per `block × block`
    /// cells (regions are often large, and each is listed in every block it meets).
    block: usize,
    /// Blocks along each axis.
    blocks: usize,
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Grid {
    /// The grid over `regions`, its lists in `start` and `items` (reused buffers, as is `fill`).
    fn build(regions: &Regions, mut start: Vec<u32>, mut items: Vec<u32>, fill: &mut Vec<u32>) -> Grid {
        let info = &regions.info;
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        for r in info {
            lo = lo.min(r.lo);
            hi = hi.max(r.hi);
        }
        let size = hi - lo;
        let n = if size.is_finite() && size.min_element() > 0.0 {
            ((2.0 * (info.len() as f32).sqrt()).ceil() as usize).clamp(1, GRID)
        } else {
            1
        };
        let block = if n >= 16 { 4 } else { 1 };
        let blocks = n.div_ceil(block);
        let inv_cell = if n > 1 { Vec2::splat(n as f32) / size } else { Vec2::ZERO };
        let cells = blocks * blocks;
        start.clear();
        start.resize(cells + 1, 0);
        let mut grid = Grid { origin: lo, inv_cell, n, block, blocks, start, items: Vec::new() };
        for r in info {
            let (x0, x1, y0, y1) = grid.blocks_of(r.lo, r.hi);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    grid.start[y * blocks + x + 1] += 1;
                }
            }
        }
        for c in 0..cells {
            grid.start[c + 1] += grid.start[c];
        }
        fill.clear();
        fill.extend_from_slice(&grid.start);
        items.clear();
        items.resize(grid.start[cells] as usize, 0);
        for (k, r) in info.iter().enumerate() {
            let (x0, x1, y0, y1) = grid.blocks_of(r.lo, r.hi);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y * blocks + x;
                    items[fill[c] as usize] = k as u32;
                    fill[c] += 1;
                }
            }
        }
        grid.items = items;
        grid
    }

    /// The cell ranges `(x0, x1, y0, y1)` a box meets (clamped; NaN lands in cell 0).
    fn cells(&self, lo: Vec2, hi: Vec2) -> (usize, usize, usize, usize) {
        let last = (self.n - 1) as f32;
        let cell = |v: f32| (v.max(0.0).min(last)) as usize;
        let (a, b) = ((lo - self.origin) * self.inv_cell, (hi - self.origin) * self.inv_cell);
        (cell(a.x), cell(b.x).max(cell(a.x)), cell(a.y), cell(b.y).max(cell(a.y)))
    }

    /// The block ranges a box meets.
    fn blocks_of(&self, lo: Vec2, hi: Vec2) -> (usize, usize, usize, usize) {
        let (x0, x1, y0, y1) = self.cells(lo, hi);
        let b = self.block;
        (x0 / b, x1 / b, y0 / b, y1 / b)
    }

    /// The regions listed for the block holding cell `(x, y)`, and that block's index.
    fn list(&self, x: usize, y: usize) -> (&[u32], usize) {
        let c = (y / self.block) * self.blocks + x / self.block;
        (&self.items[self.start[c] as usize..self.start[c + 1] as usize], c)
    }

    /// Calls `f(region)` once for each region whose cell list meets the box `[lo, hi]` until it
    /// returns true; `seen` (one stamp per region) filters repeats.
    fn any_in(&self, lo: Vec2, hi: Vec2, seen: &mut Stamps, mut f: impl FnMut(usize) -> bool) -> bool {
        let (x0, x1, y0, y1) = self.blocks_of(lo, hi);
        seen.next();
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = y * self.blocks + x;
                for &k in &self.items[self.start[c] as usize..self.start[c + 1] as usize] {
                    if seen.first_visit(k as usize) && f(k as usize) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Per-region visit marks, reset in O(1) per query by bumping the stamp.
struct Stamps {
    marks: Vec<u32>,
    stamp: u32,
}

impl Stamps {
    fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    fn first_visit(&mut self, k: usize) -> bool {
        let fresh = self.marks[k] != self.stamp;
        self.marks[k] = self.stamp;
        fresh
    }
}

/// A point of the union's boundary: its distance from the origin, the direction to try, and
/// how far one may slide from it along `along` (back, forward) staying on exposed boundary.
#[derive(Clone, Copy)]
struct Candidate {
    distance: f32,
    direction: Vec2,
    point: Vec2,
    along: Vec2,
    room: (f32, f32),
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Candidate {}
impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Candidate {
    /// Reversed, so that the max-heap yields the nearest first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.distance.total_cmp(&self.distance)
    }
}

/// A boundary element of a region: face `index` (from vertex `index` to the next), or the arc
/// around vertex `index` (rounded regions only).
#[derive(Clone, Copy)]
struct Element {
    distance: f32,
    region: u32,
    index: u32,
    arc: bool,
}

/// The other shape's convex pieces: a polygon's, or the shape itself.
#[derive(Clone, Copy)]
enum OtherPieces<'a> {
    Pieces(&'a [ConvexPolygon]),
    One(ShapeRef<'a>),
}

impl<'a> OtherPieces<'a> {
    fn of(other: ShapeRef<'a>) -> Self {
        match other {
            ShapeRef::Polygon(q) => OtherPieces::Pieces(q.convex_parts()),
            _ => OtherPieces::One(other),
        }
    }

    fn len(self) -> usize {
        match self {
            OtherPieces::Pieces(p) => p.len(),
            OtherPieces::One(_) => 1,
        }
    }

    fn get(self, j: usize) -> ShapeRef<'a> {
        match self {
            OtherPieces::Pieces(p) => ShapeRef::ConvexPolygon(&p[j]),
            OtherPieces::One(s) => s,
        }
    }
}

/// Every buffer a query needs, kept between queries on each thread, so that a query in steady
/// state allocates nothing.
#[derive(Default)]
struct Scratch {
    regions: Regions,
    /// `build_regions`'s: the other pieces negated, their normals, walk keys and spans; one
    /// piece's walk keys.
    negated: Vec<Vec2>,
    negated_normals: Vec<Vec2>,
    keys: Vec<f32>,
    spans: Vec<Span>,
    piece_keys: Vec<f32>,
    /// The polygon's pieces' bounds.
    piece_boxes: Vec<(Vec2, Vec2)>,
    /// One bit per pair of pieces (polygon piece major): its region is built.
    built: Vec<u64>,
    /// The regions a round of `settle_by_subsets` searches, which of the built ones they are,
    /// and whether each built one is among them.
    subset: Regions,
    subset_ids: Vec<u32>,
    chosen: Vec<bool>,
    grid_start: Vec<u32>,
    grid_items: Vec<u32>,
    grid_fill: Vec<u32>,
    marks: Vec<u32>,
    cover: Vec<u32>,
    cells: Vec<u8>,
    blocks: Vec<u8>,
    elements: Vec<Element>,
    stretches: Vec<(f32, f32)>,
    candidates: Vec<Candidate>,
    crossings: Vec<(Vec2, usize)>,
    walk: Vec<(f32, f32, usize)>,
}

thread_local! {
    /// Taken out for a query and put back after it (a query nested in another, should one ever
    /// be, simply starts with empty buffers).
    static SCRATCH: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// The contact of polygon `p` (as `a`) with `other` (as `b`).
pub(crate) fn contact_concave(p: &Polygon, other: ShapeRef) -> Option<Contact> {
    if !concave_vs(p, other) {
        return None;
    }
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let contact = contact_with(p, other, &mut scratch);
    SCRATCH.with(|s| s.set(Some(scratch)));
    contact
}

fn contact_with(p: &Polygon, other: ShapeRef, scratch: &mut Scratch) -> Option<Contact> {
    let other_pieces = OtherPieces::of(other);
    let flat = is_flat(other);
    let bound = clearing_bound(&p.aabb(), &other.aabb());
    // Walking out, a region that starts within `tolerance` of the current exit counts as entered:
    // the reported push then clears every region by at least that much, so a push slightly past
    // it still separates (an exit exactly at a pinch between two pieces would not).
    let scale = 1.0 + bound + p.aabb().half_extents().length() + other.aabb().half_extents().length();
    let tolerance = 1e-4 * scale;
    // The hulls' penetration bounds the answer too (moving the other shape's hull clear of the
    // polygon's hull separates the shapes), and is much tighter than the boxes' in a game.
    let hull_depth = p.hull().and_then(|h| {
        let other_hull = match other {
            ShapeRef::Polygon(q) => ShapeRef::ConvexPolygon(q.hull()?),
            convex => convex,
        };
        super::contact_ref(ShapeRef::ConvexPolygon(h), other_hull).map(|c| c.depth)
    });
    let bound = bound.min(hull_depth.unwrap_or(f32::INFINITY));
    let reach = bound * 1.001 + tolerance + 1e-6;
    let other_flags = match other {
        ShapeRef::Polygon(q) => Some(q.part_flags()),
        _ => None,
    };
    prepare_others(p, other_pieces, other_flags, scratch);
    let radius = scratch.regions.radius;
    // Relative to the shapes' own size (the tolerance is not: its `1 +` keeps it from vanishing
    // for tiny shapes, but it would swamp them as a coverage margin).
    let margin = 1e-6 * (scale - 1.0);
    let walk = Walker { p, other_flags, flat, tolerance, margin };
    let quick = deepest_pair_exits(p, other_pieces, &walk, reach, scratch);
    let found = match quick {
        Ok(found) => Some(found),
        Err(blocked) => {
            let settled = if blocked { settle_by_subsets(&walk, reach, scratch) } else { None };
            settled.or_else(|| {
                // The rest of the regions within reach, then the search over them all.
                add_regions(p, other_flags, scratch, |lo, hi| box_near(lo, hi, radius, reach));
                let regions = std::mem::take(&mut scratch.regions);
                let search = Search::new(&regions, flat, tolerance, margin, scratch);
                let found = search.run(reach);
                search.give_back(scratch);
                scratch.regions = regions;
                found
            })
        }
    };
    let regions = &scratch.regions;
    found.map(|(depth, normal, region)| {
        let point = manifold_point(p, other_pieces, regions.info.get(region), other, normal, depth);
        Contact::new(normal, depth, &[point])
    })
}

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
}

/// What a walk out along a ray needs: the shapes, and the search's tolerances.
struct Walker<'a> {
    p: &'a Polygon,
    other_flags: Option<&'a [u8]>,
    flat: bool,
    tolerance: f32,
    margin: f32,
}

impl Walker<'_> {
    /// Builds the regions the walk out along unit `d` may meet up to `length` (those not built
    /// yet), and walks through every built region that meets it: the stretches it passed through
    /// are left in `scratch.walk`. The exit and the region left last, exact up to `length`.
    fn walk(&self, d: Vec2, length: f32, scratch: &mut Scratch) -> (f32, usize) {
        let ray = RayBox { d, length, radius: scratch.regions.radius };
        add_regions(self.p, self.other_flags, scratch, |lo, hi| ray.meets(lo, hi));
        let Scratch { regions, walk: stretches, .. } = scratch;
        stretches.clear();
        for (k, r) in regions.info.iter().enumerate() {
            if ray.meets(r.lo + Vec2::splat(ray.radius), r.hi - Vec2::splat(ray.radius)) {
                if let Some((s0, s1)) = line_stretch(regions, k, Vec2::ZERO, d, 0.0) {
                    if s0 <= s1 {
                        stretches.push((s0, s1, k));
                    }
                }
            }
        }
        walk_out(stretches, self.flat, self.tolerance)
    }

    /// Whether a walk's exit `t` is no later than a lower bound `lower` on the answer.
    fn settles(&self, t: f32, lower: f32) -> bool {
        t <= lower + self.margin + 1e-6 * lower
    }
}

/// The common case, settled with few regions and without the search. Every pair of pieces that
/// overlap bounds the answer from below by its own depth (moving less than that in any
/// direction leaves those two overlapping). If the walk out along the deepest pair's normal
/// leaves no later than that depth, that is the answer: `(depth, normal, region left last)`.
/// Only the regions that walk may meet are built. `Err(true)` when the walk is blocked (another
/// region covers that way out), `Err(false)` when no pair overlaps by a positive depth within
/// reach.
fn deepest_pair_exits(
    p: &Polygon,
    others: OtherPieces,
    walk: &Walker,
    reach: f32,
    scratch: &mut Scratch,
) -> Result<(f32, Vec2, usize), bool> {
    let radius = scratch.regions.radius;
    let mut deepest = (0.0f32, Vec2::X);
    for (piece, &(a_lo, a_hi)) in p.convex_parts().iter().zip(&scratch.piece_boxes) {
        for (j, span) in scratch.spans.iter().enumerate() {
            // The pair's region holds the origin only if its bounds do.
            if box_near(a_lo + span.4, a_hi + span.5, radius, 0.0) {
                if let Some(c) = super::contact_ref(ShapeRef::ConvexPolygon(piece), others.get(j)) {
                    if c.depth > deepest.0 {
                        deepest = (c.depth, c.normal);
                    }
                }
            }
        }
    }
    let (lower, d) = deepest;
    if !(lower > 0.0 && lower < reach) {
        return Err(false);
    }
    let (t, last) = walk.walk(d, lower + 2.0 * walk.tolerance, scratch);
    if walk.settles(t, lower) {
        Ok((t, d, last))
    } else {
        Err(true)
    }
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
/// stops growing: the full search then decides.
fn settle_by_subsets(walk: &Walker, reach: f32, scratch: &mut Scratch) -> Option<(f32, Vec2, usize)> {
    // The regions the deepest pair's walk passed through.
    let Scratch { walk: stretches, chosen, regions, .. } = scratch;
    chosen.clear();
    chosen.resize(regions.info.len(), false);
    let exit = walk_out(stretches, walk.flat, walk.tolerance).0;
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
        let search = Search::new(&subset, walk.flat, walk.tolerance, walk.margin, scratch);
        let found = search.run(reach);
        search.give_back(scratch);
        (scratch.subset, scratch.subset_ids) = (subset, ids);
        let (lower, d, _) = found?;
        let (t, last) = walk.walk(d, lower + 2.0 * walk.tolerance, scratch);
        if walk.settles(t, lower) {
            return Some((t, d, last));
        }
        let Scratch { walk: stretches, chosen, regions, .. } = scratch;
        chosen.resize(regions.info.len(), false);
        let mut grew = false;
        for &(s0, s1, k) in stretches.iter() {
            if s0 < t && s1 > 0.0 && !chosen[k] {
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

/// The walk out along a ray through `stretches` (`(from, to, region)`): start at 0 and, while
/// inside a stretch, jump to its end. A stretch starting within `tolerance` of the current
/// exit counts as entered (only from its very start for flat shapes, see `escape`). The exit
/// and the region left last.
fn walk_out(stretches: &mut [(f32, f32, usize)], flat: bool, tolerance: f32) -> (f32, usize) {
    stretches.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    let (mut t, mut last) = (0.0f32, usize::MAX);
    loop {
        let inside = stretches.iter().find(|(lo, hi, _)| {
            let entered = if flat { *lo <= t + tolerance } else { *lo < t + tolerance };
            entered && t < *hi
        });
        match inside {
            Some(&(_, hi, k)) => (t, last) = (hi, k),
            None => return (t, last),
        }
    }
}

/// One other piece in `build_regions`: its range in the negated vertices (and normals), its
/// range in the walk keys, its walk's start, its range in the other shape's flags (empty when
/// they do not match its vertices), and its negated bounds.
type Span = (Range<usize>, Range<usize>, usize, Range<usize>, Vec2, Vec2);

/// Prepares the pieces for `add_regions`, in `scratch`: the polygon's pieces' bounds; the other
/// shape's pieces negated (still
/// counter-clockwise), without repeated vertices, with their normals, walk keys and spans; and
/// empties the regions. `other_flags` are the other shape's piece flags when it is a polygon
/// (`None`: a convex shape, whose every edge is boundary and every vertex convex).
fn prepare_others(p: &Polygon, others: OtherPieces, other_flags: Option<&[u8]>, scratch: &mut Scratch) {
    let Scratch { regions, negated, negated_normals, keys, spans, piece_boxes, built, .. } = scratch;
    built.clear();
    built.resize((p.convex_parts().len() * others.len()).div_ceil(64), 0);
    piece_boxes.clear();
    piece_boxes.extend(p.convex_parts().iter().map(|c| {
        let b = c.aabb();
        (b.min(), b.max())
    }));
    regions.clear(Core::of(others.get(0)).1);
    negated.clear();
    negated_normals.clear();
    keys.clear();
    spans.clear();
    let mut flag_offset = 0;
    for j in 0..others.len() {
        let start = negated.len();
        let (core, _) = Core::of(others.get(j));
        for v in core.vertices() {
            if negated.len() == start || negated.last() != Some(&-*v) {
                negated.push(-*v);
            }
        }
        while negated.len() > start + 1 && negated.last() == negated.get(start) {
            negated.pop();
        }
        let v = &negated[start..];
        let n = v.len();
        for i in 0..n {
            let d = v[if i + 1 == n { 0 } else { i + 1 }].as_dvec2() - v[i].as_dvec2();
            negated_normals.push(glam::DVec2::new(d.y, -d.x).normalize_or_zero().as_vec2());
        }
        let walk = walk_start(v);
        let key_start = keys.len();
        walk_keys(v, walk, keys);
        // The flags match the vertices only when none was dropped as repeated.
        let core_len = core.vertices().len();
        let flags = match other_flags {
            Some(f) if n == core_len && flag_offset + n <= f.len() => flag_offset..flag_offset + n,
            _ => 0..0,
        };
        flag_offset += core_len;
        let (lo, hi) = v.iter().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(l, h), v| (l.min(*v), h.max(*v)));
        spans.push((start..start + n, key_start..keys.len(), walk, flags, lo, hi));
    }
}

/// Adds to `scratch.regions` every region `piece − other piece` not built yet whose bounds
/// `[lo, hi]` (the radius not included) `wanted(lo, hi)` accepts, after `prepare_others`.
/// `wanted` must accept a box whenever it accepts a larger one containing it.
fn add_regions(p: &Polygon, other_flags: Option<&[u8]>, scratch: &mut Scratch, wanted: impl Fn(Vec2, Vec2) -> bool) {
    let Scratch { regions, negated, negated_normals, keys, spans, piece_keys, piece_boxes, built, .. } = scratch;
    let others = spans.len();
    let (mut all_lo, mut all_hi) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
    for s in spans.iter() {
        all_lo = all_lo.min(s.4);
        all_hi = all_hi.max(s.5);
    }
    let piece_flags = p.part_flags();
    let other_flags = other_flags.unwrap_or(&[]);
    let mut offset = 0;
    for (i, piece) in p.convex_parts().iter().enumerate() {
        let n = piece.vertices().len();
        let piece_flags = piece_flags.get(offset..offset + n).unwrap_or(&[]);
        offset += n;
        let (a_lo, a_hi) = piece_boxes[i];
        if !wanted(a_lo + all_lo, a_hi + all_hi) {
            continue;
        }
        // The piece's walk, made when a first region needs it.
        let mut walk_a = None;
        for (j, (verts, key_range, walk, flags, lo, hi)) in spans.iter().enumerate() {
            let (lo, hi) = (a_lo + *lo, a_hi + *hi);
            let pair = i * others + j;
            let (word, bit) = (pair / 64, 1u64 << (pair % 64));
            if built[word] & bit == 0 && wanted(lo, hi) {
                built[word] |= bit;
                let start = *walk_a.get_or_insert_with(|| {
                    let start = walk_start(piece.vertices());
                    piece_keys.clear();
                    walk_keys(piece.vertices(), start, piece_keys);
                    start
                });
                let a = Walk {
                    verts: piece.vertices(),
                    normals: piece.normals(),
                    flags: piece_flags,
                    start,
                    keys: piece_keys,
                };
                let b = Walk {
                    verts: &negated[verts.clone()],
                    normals: &negated_normals[verts.clone()],
                    flags: &other_flags[flags.clone()],
                    start: *walk,
                    keys: &keys[key_range.clone()],
                };
                regions.push_sum(&a, &b, i, j);
            }
        }
    }
}

/// Whether the box `[lo, hi]`, grown by `radius`, comes within `reach` of the origin.
fn box_near(lo: Vec2, hi: Vec2, radius: f32, reach: f32) -> bool {
    let gap = (lo.max(-hi)).max(Vec2::ZERO) - Vec2::splat(radius);
    gap.max(Vec2::ZERO).length_squared() <= reach * reach
}

/// The search for the nearest exposed boundary point over a set of regions.
struct Search<'r> {
    regions: &'r Regions,
    grid: Grid,
    /// Summed-area table over the grid's cells of those that lie wholly inside one region:
    /// a face within such cells has nothing exposed.
    solid: std::cell::RefCell<Solid>,
    seen: std::cell::RefCell<Stamps>,
    /// Per region, the region that last covered one of its faces whole: tried first for the
    /// next face (neighbouring faces are usually covered by the same region).
    cover: std::cell::RefCell<Vec<u32>>,
    flat: bool,
    tolerance: f32,
    /// How far inside another region a point must be to count as covered: rounding must not
    /// let two regions sharing a face line each hide the other's face.
    margin: f32,
    /// Buffers: the faces and arcs to visit, one face's covered stretches, the candidates, one
    /// arc's crossings, one walk's stretches.
    elements: std::cell::RefCell<Vec<Element>>,
    stretches: std::cell::RefCell<Vec<(f32, f32)>>,
    candidates: std::cell::RefCell<Vec<Candidate>>,
    crossings: std::cell::RefCell<Vec<(Vec2, usize)>>,
    walk: std::cell::RefCell<Vec<(f32, f32, usize)>>,
}

impl<'r> Search<'r> {
    /// The search over `regions`, with the buffers of `scratch` (see [`give_back`](Self::give_back)).
    fn new(regions: &'r Regions, flat: bool, tolerance: f32, margin: f32, scratch: &mut Scratch) -> Self {
        use std::cell::RefCell;
        use std::mem::take;
        let count = regions.info.len();
        let grid =
            Grid::build(regions, take(&mut scratch.grid_start), take(&mut scratch.grid_items), &mut scratch.grid_fill);
        let mut marks = take(&mut scratch.marks);
        marks.clear();
        marks.resize(count, 0);
        let mut cover = take(&mut scratch.cover);
        cover.clear();
        cover.resize(count, u32::MAX);
        let solid = Solid::new(&grid, take(&mut scratch.cells), take(&mut scratch.blocks));
        Search {
            regions,
            grid,
            solid: RefCell::new(solid),
            seen: RefCell::new(Stamps { marks, stamp: 0 }),
            cover: RefCell::new(cover),
            flat,
            tolerance,
            margin,
            elements: RefCell::new(take(&mut scratch.elements)),
            stretches: RefCell::new(take(&mut scratch.stretches)),
            candidates: RefCell::new(take(&mut scratch.candidates)),
            crossings: RefCell::new(take(&mut scratch.crossings)),
            walk: RefCell::new(take(&mut scratch.walk)),
        }
    }

    /// Returns the buffers to `scratch` for the next query.
    fn give_back(self, scratch: &mut Scratch) {
        scratch.grid_start = self.grid.start;
        scratch.grid_items = self.grid.items;
        let solid = self.solid.into_inner();
        (scratch.cells, scratch.blocks) = (solid.cells, solid.blocks);
        scratch.marks = self.seen.into_inner().marks;
        scratch.cover = self.cover.into_inner();
        scratch.elements = self.elements.into_inner();
        scratch.stretches = self.stretches.into_inner();
        scratch.candidates = self.candidates.into_inner();
        scratch.crossings = self.crossings.into_inner();
        scratch.walk = self.walk.into_inner();
    }

    /// Whether cell `(x, y)` lies wholly inside one region (worked out on first use).
    fn solid_cell(&self, x: usize, y: usize) -> bool {
        self.grid.n >= 2 && self.solid.borrow_mut().get(self.regions, &self.grid, self.margin, x, y)
    }

    /// Whether every grid cell the box `[lo, hi]` meets lies wholly inside one region.
    fn solid_box(&self, lo: Vec2, hi: Vec2) -> bool {
        if self.grid.n < 2 {
            return false;
        }
        let (x0, x1, y0, y1) = self.grid.cells(lo, hi);
        (y0..=y1).all(|y| (x0..=x1).all(|x| self.solid_cell(x, y)))
    }

    /// `(depth, normal, region left last)`, or `None` when there is no region.
    fn run(&self, reach: f32) -> Option<(f32, Vec2, usize)> {
        let regions = self.regions;
        let radius = regions.radius;
        let mut elements = self.elements.borrow_mut();
        elements.clear();
        for (k, r) in regions.info.iter().enumerate() {
            let (v, normals) = (regions.verts(k), regions.normals(k));
            for i in 0..r.len {
                let n = normals[i];
                let (a, b) = (v[i] + n * radius, v[if i + 1 == r.len { 0 } else { i + 1 }] + n * radius);
                let exposable = regions.exposable[r.start + i];
                if exposable & FACE != 0 {
                    let d = crate::query::core::point_segment_distance_squared(Vec2::ZERO, a, b).sqrt();
                    if d <= reach {
                        elements.push(Element { distance: d, region: k as u32, index: i as u32, arc: false });
                    }
                }
                if radius > 0.0 && exposable & ARC != 0 {
                    let d = (v[i].length() - radius).abs();
                    if d <= reach {
                        elements.push(Element { distance: d, region: k as u32, index: i as u32, arc: true });
                    }
                }
            }
        }
        elements.sort_unstable_by(|a, b| a.distance.total_cmp(&b.distance));

        let seen = &mut *self.seen.borrow_mut();
        let mut stretches = self.stretches.borrow_mut();
        let mut heap = std::mem::take(&mut *self.candidates.borrow_mut());
        heap.clear();
        let mut candidates = BinaryHeap::from(heap);
        let mut best = (f32::INFINITY, Vec2::X, usize::MAX);
        let mut next = 0;
        loop {
            let face = elements.get(next).map_or(f32::INFINITY, |e| e.distance);
            let candidate = candidates.peek().map_or(f32::INFINITY, |c: &Candidate| c.distance);
            let limit = best.0.min(reach);
            if face.min(candidate) >= limit {
                break;
            }
            if face <= candidate {
                let e = elements[next];
                next += 1;
                if self.element_in_solid_cells(e) {
                    // Wholly inside one region: nothing of it is exposed.
                    continue;
                }
                let mut push = |c: Candidate| {
                    if c.distance < best.0 {
                        candidates.push(c)
                    }
                };
                if e.arc {
                    self.arc_candidates(e.region as usize, e.index as usize, seen, &mut push);
                } else {
                    self.face_candidates(e.region as usize, e.index as usize, seen, &mut stretches, &mut push);
                }
            } else if let Some(c) = candidates.pop() {
                if c.distance >= best.0 - self.margin {
                    // Ties (symmetric shapes give many) cannot improve the depth.
                    continue;
                }
                let limit = best.0.min(reach);
                let (t, region) = self.escape(c.direction, limit, seen);
                if t < limit {
                    best = (t, c.direction, region);
                }
                if t > c.distance + self.tolerance {
                    self.probe(&c, &mut best, reach, seen);
                }
            }
        }
        if !best.0.is_finite() {
            // Nothing found within the bound (only from degenerate input): walk out along the axes.
            for d in [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                let (t, region) = self.escape(d, f32::INFINITY, seen);
                if t < best.0 {
                    best = (t, d, region);
                }
            }
        }
        *self.candidates.borrow_mut() = candidates.into_vec();
        best.0.is_finite().then_some(best)
    }

    /// Whether a face or arc lies in cells that are each wholly inside one region.
    fn element_in_solid_cells(&self, e: Element) -> bool {
        let regions = self.regions;
        let (k, i, r) = (e.region as usize, e.index as usize, regions.radius);
        let (v, normals) = (regions.verts(k), regions.normals(k));
        if e.arc {
            return self.solid_box(v[i] - Vec2::splat(r), v[i] + Vec2::splat(r));
        }
        let (a, b) = (v[i] + normals[i] * r, v[(i + 1) % v.len()] + normals[i] * r);
        self.solid_box(a.min(b), a.max(b))
    }

    /// Candidates on face `i` of region `k` (offset by the radius): the nearest point of each
    /// stretch of it no other region covers.
    fn face_candidates(
        &self,
        k: usize,
        i: usize,
        seen: &mut Stamps,
        stretches: &mut Vec<(f32, f32)>,
        push: &mut impl FnMut(Candidate),
    ) {
        let regions = self.regions;
        let (v, normals) = (regions.verts(k), regions.normals(k));
        let n = normals[i];
        let (a, b) = (v[i] + n * regions.radius, v[(i + 1) % v.len()] + n * regions.radius);
        let length = (b - a).length();
        let Some(u) = (b - a).try_normalize() else { return };
        stretches.clear();
        let mut cover = self.cover.borrow_mut();
        let whole =
            |m: usize| matches!(line_stretch(regions, m, a, u, self.margin), Some((lo, hi)) if lo < 0.0 && hi > length);
        let cached = cover[k] as usize;
        if cached < regions.info.len() && whole(cached) {
            return;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let test = |m: usize, stretches: &mut Vec<(f32, f32)>| {
            if m == k || !boxes_meet(&regions.info[m], lo, hi) {
                return false;
            }
            match line_stretch(regions, m, a, u, self.margin) {
                Some((s0, s1)) if s0 < s1 => {
                    if s0 < 0.0 && s1 > length {
                        cover[k] = m as u32;
                        return true;
                    }
                    if s1 > 0.0 && s0 < length {
                        stretches.push((s0, s1));
                    }
                    false
                }
                _ => false,
            }
        };
        let margin = self.margin;
        let solid = |s0: f32, s1: f32, out: &mut Vec<(f32, f32)>| out.push((s0 - margin, s1 + margin));
        if self.along((a, u, length), seen, solid, test, stretches) {
            return;
        }
        stretches.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
        let foot = -a.dot(u);
        let side = n.dot(a);
        let mut emit = |from: f32, to: f32| {
            let s = foot.clamp(from, to);
            let x = a + u * s;
            let direction = if from < foot && foot < to {
                // The foot of the origin: straight along the face's normal.
                if side >= 0.0 {
                    n
                } else {
                    -n
                }
            } else {
                x.try_normalize().unwrap_or(n)
            };
            push(Candidate { distance: x.length(), direction, point: x, along: u, room: (s - from, to - s) });
        };
        let mut pos = 0.0f32;
        for &(lo, hi) in stretches.iter() {
            if hi <= pos {
                continue;
            }
            if lo >= pos {
                emit(pos, lo.min(length));
            }
            pos = hi;
            if pos > length {
                return;
            }
        }
        emit(pos, length);
    }

    /// Candidates on the arc around vertex `i` of rounded region `k`: its point nearest the
    /// origin and its crossings with other regions' arcs, where no other region covers them.
    /// (Crossings with other regions' faces are found from those faces.)
    fn arc_candidates(&self, k: usize, i: usize, seen: &mut Stamps, push: &mut impl FnMut(Candidate)) {
        let regions = self.regions;
        let r = regions.radius;
        let (v, normals) = (regions.verts(k), regions.normals(k));
        let c = v[i];
        let cone = (normals[(i + v.len() - 1) % v.len()], normals[i]);
        let on_arc = |x: Vec2| in_cone(cone, x - c);
        let mut consider = |x: Vec2, skip: usize, seen: &mut Stamps| {
            if !on_arc(x) || self.covered(x, k, skip, seen) {
                return;
            }
            let direction = x.try_normalize().unwrap_or(cone.0);
            let along = (x - c).perp().normalize_or_zero();
            let room = self.tolerance * 16.0;
            push(Candidate { distance: x.length(), direction, point: x, along, room: (room, room) });
        };
        if let Some(toward) = c.try_normalize() {
            consider(c - toward * r, usize::MAX, seen);
        }
        let mut crossings = std::mem::take(&mut *self.crossings.borrow_mut());
        crossings.clear();
        let (lo, hi) = (c - Vec2::splat(r), c + Vec2::splat(r));
        self.grid.any_in(lo, hi, seen, |m| {
            if m == k || !boxes_meet(&regions.info[m], lo, hi) {
                return false;
            }
            let (w, wn) = (regions.verts(m), regions.normals(m));
            for j in 0..w.len() {
                let other_cone = (wn[(j + w.len() - 1) % w.len()], wn[j]);
                for x in circle_crossings(c, w[j], r) {
                    if in_cone(other_cone, x - w[j]) {
                        crossings.push((x, m));
                    }
                }
            }
            false
        });
        for &(x, m) in &crossings {
            consider(x, m, seen);
        }
        *self.crossings.borrow_mut() = crossings;
    }

    /// The walk along a candidate's own direction left through a pinch (a corner where regions
    /// meet, which the tolerance treats as closed): try directions aimed a little to either
    /// side of it along the exposed boundary, nearest first, until one leaves cleanly.
    fn probe(&self, c: &Candidate, best: &mut (f32, Vec2, usize), reach: f32, seen: &mut Stamps) {
        for (side, room) in [(-1.0f32, c.room.0), (1.0, c.room.1)] {
            let mut steps = [1.0f32, 4.0, 16.0].map(|k| k * self.tolerance);
            if room < steps[0] {
                steps = [room * 0.5; 3];
            }
            for step in steps.into_iter().filter(|s| *s <= room && *s > 0.0) {
                let x = c.point + c.along * (side * step);
                let Some(d) = x.try_normalize() else { continue };
                let limit = best.0.min(reach);
                let (t, region) = self.escape(d, limit, seen);
                if t < limit {
                    *best = (t, d, region);
                }
                if t <= x.length() + self.margin {
                    break;
                }
            }
        }
    }

    /// Whether `x` lies strictly inside a region other than `k` and `skip`.
    fn covered(&self, x: Vec2, k: usize, skip: usize, seen: &mut Stamps) -> bool {
        let regions = self.regions;
        self.grid.any_in(x, x, seen, |m| m != k && m != skip && inside(regions, m, x, self.margin))
    }

    /// Visits what the segment `a + s u`, `0 ≤ s ≤ length`, runs through, cell by cell: the
    /// stretch of it in each solid cell (`solid(s0, s1)`), and once each region listed in the
    /// other cells (`region(m, out)`), until `region` returns true (then returns true).
    fn along<T>(
        &self,
        (a, u, length): (Vec2, Vec2, f32),
        seen: &mut Stamps,
        mut solid: impl FnMut(f32, f32, &mut T),
        mut region: impl FnMut(usize, &mut T) -> bool,
        out: &mut T,
    ) -> bool {
        let grid = &self.grid;
        let b = a + u * length;
        if grid.n < 2 || !b.is_finite() {
            return grid.any_in(a.min(b), a.max(b), seen, |m| region(m, out));
        }
        let (x0, x1, y0, y1) = grid.cells(a.min(b), a.max(b));
        let size = Vec2::ONE / grid.inv_cell;
        // Grown a little, so that every point of the segment is in the cell the grid files it
        // under.
        let slack = size * 1e-3;
        seen.next();
        // The blocks already listed (a segment meets few).
        let mut listed = [usize::MAX; 8];
        let mut listed_count = 0;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let lo = grid.origin + Vec2::new(x as f32, y as f32) * size - slack;
                let Some((s0, s1)) = slab(lo, lo + size + slack * 2.0, a, u, length) else { continue };
                if self.solid_cell(x, y) {
                    solid(s0, s1, out);
                    continue;
                }
                let (list, c) = grid.list(x, y);
                if listed.contains(&c) {
                    continue;
                }
                listed[listed_count % listed.len()] = c;
                listed_count += 1;
                for &m in list {
                    if seen.first_visit(m as usize) && region(m as usize, out) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The exit distance along unit `d` and the region it leaves last: start at 0 and, while
    /// inside any region's stretch of the ray, jump to that stretch's end. Exact below `limit`;
    /// at or beyond it, only known to be at least `limit`.
    fn escape(&self, d: Vec2, limit: f32, seen: &mut Stamps) -> (f32, usize) {
        let regions = self.regions;
        let mut stretches = std::mem::take(&mut *self.walk.borrow_mut());
        stretches.clear();
        let margin = self.margin;
        self.along(
            (Vec2::ZERO, d, limit + 2.0 * self.tolerance),
            seen,
            // A solid cell lies inside one region: the walk goes through it.
            |s0, s1, out: &mut Vec<(f32, f32, usize)>| out.push((s0 - margin, s1 + margin, usize::MAX)),
            |k, out: &mut Vec<(f32, f32, usize)>| {
                if let Some((lo, hi)) = line_stretch(regions, k, Vec2::ZERO, d, 0.0) {
                    if lo <= hi {
                        out.push((lo, hi, k));
                    }
                }
                false
            },
            &mut stretches,
        );
        let exit = walk_out(&mut stretches, self.flat, self.tolerance);
        *self.walk.borrow_mut() = stretches;
        exit
    }
}

/// The stretch `[s0, s1]` of the segment `a + s u`, `0 ≤ s ≤ length`, inside the box `[lo, hi]`.
fn slab(lo: Vec2, hi: Vec2, a: Vec2, u: Vec2, length: f32) -> Option<(f32, f32)> {
    let (t0, t1, _) = slab_range(a, u, lo, hi)?;
    let (s0, s1) = (t0.max(0.0), t1.min(length));
    (s0 <= s1).then_some((s0, s1))
}

fn boxes_meet(r: &Region, lo: Vec2, hi: Vec2) -> bool {
    r.lo.x <= hi.x && lo.x <= r.hi.x && r.lo.y <= hi.y && lo.y <= r.hi.y
}

/// Whether direction `x` lies within the normal cone `(from, to)` (counter-clockwise, less than
/// a half turn), with a little slack for rounding.
fn in_cone(cone: (Vec2, Vec2), x: Vec2) -> bool {
    let slack = -1e-6 * x.length();
    cone.0.perp_dot(x) >= slack && x.perp_dot(cone.1) >= slack
}

/// The points where the circles of radius `r` around `a` and `b` cross (none when they
/// coincide or miss).
fn circle_crossings(a: Vec2, b: Vec2, r: f32) -> impl Iterator<Item = Vec2> {
    let d = b - a;
    let len2 = d.length_squared();
    let h2 = r * r - len2 * 0.25;
    let pts = if len2 > 0.0 && h2 >= 0.0 {
        let mid = a + d * 0.5;
        let off = d.perp() * (h2 / len2).sqrt();
        [Some(mid + off), Some(mid - off)]
    } else {
        [None, None]
    };
    pts.into_iter().flatten()
}

/// Which grid cells lie wholly inside one region by more than `margin`, found by testing
/// corners (regions are convex) on first use: a cell's whole block of cells first, then the cell,
/// each time trying the region that held the previous box before the block's list.
struct Solid {
    /// Per cell and per block: `UNTESTED`, `INSIDE` or `OPEN`.
    cells: Vec<u8>,
    blocks: Vec<u8>,
    last: usize,
}

const UNTESTED: u8 = 0;
const INSIDE: u8 = 1;
const OPEN: u8 = 2;

impl Solid {
    fn new(grid: &Grid, mut cells: Vec<u8>, mut blocks: Vec<u8>) -> Self {
        cells.clear();
        cells.resize(grid.n * grid.n, UNTESTED);
        blocks.clear();
        blocks.resize(grid.blocks * grid.blocks, UNTESTED);
        Solid { cells, blocks, last: usize::MAX }
    }

    fn get(&mut self, regions: &Regions, grid: &Grid, margin: f32, x: usize, y: usize) -> bool {
        let n = grid.n;
        let cell = y * n + x;
        if self.cells[cell] == UNTESTED {
            let size = Vec2::ONE / grid.inv_cell;
            // Cells are grown a little so that a point the grid files under a cell surely lies in it.
            let slack = size * 1e-3;
            let corner = |x: usize, y: usize| grid.origin + Vec2::new(x as f32, y as f32) * size;
            let (list, block) = grid.list(x, y);
            let b = grid.block;
            if b > 1 && self.blocks[block] == UNTESTED {
                let (x0, y0) = (x / b * b, y / b * b);
                let (x1, y1) = ((x0 + b).min(n), (y0 + b).min(n));
                let whole = self.held(regions, margin, corner(x0, y0) - slack, corner(x1, y1) + slack, list);
                self.blocks[block] = if whole { INSIDE } else { OPEN };
            }
            let inside = self.blocks[block] == INSIDE
                || self.held(regions, margin, corner(x, y) - slack, corner(x + 1, y + 1) + slack, list);
            self.cells[cell] = if inside { INSIDE } else { OPEN };
        }
        self.cells[cell] == INSIDE
    }

    /// Whether one region of `list` holds the box `[lo, hi]`.
    fn held(&mut self, regions: &Regions, margin: f32, lo: Vec2, hi: Vec2, list: &[u32]) -> bool {
        let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
        let holds = |m: usize| {
            let r = &regions.info[m];
            r.lo.cmple(lo).all() && hi.cmple(r.hi).all() && corners.iter().all(|c| inside(regions, m, *c, margin))
        };
        if self.last < regions.info.len() && holds(self.last) {
            return true;
        }
        match list.iter().find(|&&m| holds(m as usize)) {
            Some(&m) => {
                self.last = m as usize;
                true
            }
            None => false,
        }
    }
}

/// Whether `x` lies inside rounded region `k` by more than `margin`.
fn inside(regions: &Regions, k: usize, x: Vec2, margin: f32) -> bool {
    let (v, normals) = (regions.verts(k), regions.normals(k));
    let r = regions.radius - margin;
    let mut outside = false;
    for (p, n) in v.iter().zip(normals) {
        let s = n.dot(x - *p);
        if s >= r {
            return false;
        }
        if s >= 0.0 {
            outside = true;
        }
    }
    if !outside {
        return true;
    }
    // Outside the core but within `r` of every face line: within `r` of its boundary?
    let len = v.len();
    (0..len).any(|i| crate::query::core::point_segment_distance_squared(x, v[i], v[(i + 1) % len]) < r * r)
}

/// Shapes without an inside: they may rest along an internal diagonal of the polygon, so only
/// an exit onto the true boundary counts.
fn is_flat(s: ShapeRef) -> bool {
    match s {
        ShapeRef::Point(_) | ShapeRef::Segment(_) => true,
        ShapeRef::Aabb(b) => b.width() == 0.0 || b.height() == 0.0,
        _ => false,
    }
}

/// A translation known to separate: moving the other shape's bounds clear of the polygon's.
fn clearing_bound(p: &Aabb, s: &Aabb) -> f32 {
    let travel = [p.max().x - s.min().x, s.max().x - p.min().x, p.max().y - s.min().y, s.max().y - p.min().y];
    travel.into_iter().fold(f32::INFINITY, f32::min).max(0.0)
}

/// Where the line `o + t d` (unit `d`) runs through the open inside of rounded region `k`
/// shrunk by `shrink`: `(lo, hi)`, or `None`.
fn line_stretch(regions: &Regions, k: usize, o: Vec2, d: Vec2, shrink: f32) -> Option<(f32, f32)> {
    let (v, normals) = (regions.verts(k), regions.normals(k));
    let r = regions.radius;
    let mut span = polygon_stretch(v, normals, o, d, if r > 0.0 { 0.0 } else { shrink });
    if r > 0.0 {
        let r = r - shrink;
        for i in 0..v.len() {
            let (p, q) = (v[i] - o, v[(i + 1) % v.len()] - o);
            for s in [disc_stretch(p, r, d), band_stretch(p, q, r, d)] {
                span = union(span, s);
            }
        }
    }
    span
}

fn union(a: Option<(f32, f32)>, b: Option<(f32, f32)>) -> Option<(f32, f32)> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (x, None) | (None, x) => x,
    }
}

/// Cyrus–Beck on the whole line `o + t d`, each face moved in by `shrink`.
fn polygon_stretch(v: &[Vec2], normals: &[Vec2], o: Vec2, d: Vec2, shrink: f32) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    for (v, n) in v.iter().zip(normals) {
        let (speed, limit) = (n.dot(d), n.dot(*v - o) - shrink);
        if speed > 0.0 {
            hi = hi.min(limit / speed);
        } else if speed < 0.0 {
            lo = lo.max(limit / speed);
        } else if limit <= 0.0 {
            // Parallel to this face and not strictly inside it: the line at most slides along
            // the region's boundary, which is touching, not overlapping.
            return None;
        }
        if lo > hi {
            return None;
        }
    }
    (lo <= hi).then_some((lo, hi))
}

fn disc_stretch(c: Vec2, r: f32, d: Vec2) -> Option<(f32, f32)> {
    let b = d.dot(c);
    let disc = b * b - (c.length_squared() - r * r);
    (disc > 0.0).then(|| (b - disc.sqrt(), b + disc.sqrt()))
}

/// The rectangle swept by edge `[a, b]` moved up to `r` along its normals.
fn band_stretch(a: Vec2, b: Vec2, r: f32, d: Vec2) -> Option<(f32, f32)> {
    let e = b - a;
    let n = e.perp().normalize_or_zero();
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    // 0 ≤ (x − a)·e ≤ |e|², −r ≤ (x − a)·n ≤ r, with x = t d.
    for (axis, min, max) in [(e, a.dot(e), a.dot(e) + e.length_squared()), (n, a.dot(n) - r, a.dot(n) + r)] {
        let speed = axis.dot(d);
        if speed == 0.0 {
            if !(min < 0.0 && 0.0 < max) {
                return None;
            }
            continue;
        }
        let (t0, t1) = (min / speed, max / speed);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    (lo <= hi).then_some((lo, hi))
}

/// Where they touch: the convex contact of the two pieces whose region was left last, else the
/// other shape's deepest point against the normal.
fn manifold_point(
    p: &Polygon,
    others: OtherPieces,
    region: Option<&Region>,
    other: ShapeRef,
    normal: Vec2,
    depth: f32,
) -> ContactPoint {
    if let Some(r) = region {
        let piece = ShapeRef::ConvexPolygon(&p.convex_parts()[r.piece]);
        if let Some(c) = super::contact_ref(piece, others.get(r.other_piece)) {
            if let Some(q) = c.points().first() {
                let point_b = q.point_b;
                return ContactPoint { point_a: point_b + normal * depth, point_b, depth: q.depth.min(depth) };
            }
        }
    }
    let (core, radius) = Core::of(other);
    let deepest = core.vertices().iter().copied().min_by(|a, b| a.dot(normal).total_cmp(&b.dot(normal)));
    let point_b = deepest.unwrap_or(other.inner_point()) - normal * radius;
    ContactPoint { point_a: point_b + normal * depth, point_b, depth }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::ShapeLike;
    use crate::shape::ConvexPolygon;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// A U, 3 wide and 3 tall, open upwards (its notch is x in (1, 2), y > 1), scaled.
    fn u_shape(scale: f32) -> Polygon {
        let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
        Polygon::new(&outline.map(|(x, y)| v(x, y) * scale)).unwrap()
    }

    /// A small deterministic generator (xorshift), so the tests need no extra crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 40) as f32 / (1u64 << 24) as f32
        }
        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * self.next()
        }
    }

    fn random_convex(rng: &mut Rng) -> ConvexPolygon {
        loop {
            let n = 3 + (rng.next() * 12.0) as usize;
            let c = v(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
            let pts: Vec<Vec2> = (0..n).map(|_| c + v(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0))).collect();
            if let Ok(p) = ConvexPolygon::from_hull(&pts) {
                return p;
            }
        }
    }

    /// The vertices of `poly` with those lying straight between their neighbours dropped.
    fn corners(poly: &[Vec2]) -> Vec<Vec2> {
        let n = poly.len();
        (0..n)
            .filter(|&i| crate::math::orient2d(poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]) != 0.0)
            .map(|i| poly[i])
            .collect()
    }

    #[test]
    fn minkowski_merge_matches_the_hull_of_all_differences() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..2000 {
            let a = random_convex(&mut rng);
            let b = random_convex(&mut rng);
            // b as a point, a segment or a polygon.
            let b_verts: Vec<Vec2> = match case % 4 {
                0 => vec![b.vertices()[0]],
                1 => vec![b.vertices()[0], b.vertices()[1]],
                _ => b.vertices().to_vec(),
            };
            let mut tags = Vec::new();
            let sum = minkowski_sum(a.vertices(), &b_verts, &mut tags);
            let merged = sum.verts.clone();
            // Each face's normal is unit, square to it and outward.
            for k in 0..merged.len() {
                let (p, q, n) = (merged[k], merged[(k + 1) % merged.len()], sum.normals[k]);
                assert!(
                    (n.length() - 1.0).abs() < 1e-4 && n.dot(q - p).abs() <= 1e-4 * (q - p).length(),
                    "case {case}"
                );
                assert!(merged.iter().all(|w| n.dot(*w - p) <= 1e-4 * (1.0 + w.length())), "case {case}");
            }
            // Each vertex is the sum its tag names, reached along an edge parallel to the one
            // its tag names.
            assert_eq!(tags.len(), merged.len(), "case {case}");
            let edge_of = |v: &[Vec2], i: u32| v[(i as usize + 1) % v.len()] - v[i as usize];
            for (k, t) in tags.iter().enumerate() {
                assert_eq!(merged[k], a.vertices()[t.a as usize] + b_verts[t.b as usize], "case {case}");
                let walked = merged[k] - merged[(k + merged.len() - 1) % merged.len()];
                let along = match t.edge {
                    Walked::First(e) => edge_of(a.vertices(), e),
                    Walked::Second(f) | Walked::Both(_, f) => edge_of(&b_verts, f),
                };
                assert!(walked.perp_dot(along).abs() <= 1e-4 * walked.length() * along.length(), "case {case}");
                assert!(walked.dot(along) > 0.0, "case {case}");
                if let Walked::Both(e, _) = t.edge {
                    assert!(edge_of(a.vertices(), e).perp_dot(along).abs() <= 1e-4 * along.length_squared().max(1.0));
                }
            }
            let all: Vec<Vec2> = a.vertices().iter().flat_map(|p| b_verts.iter().map(move |q| *p + *q)).collect();
            let hull = ConvexPolygon::from_hull(&all).unwrap();
            let got = corners(&merged);
            // Same vertices in the same cyclic order (both counter-clockwise).
            assert_eq!(got.len(), hull.vertices().len(), "case {case}: {got:?} vs {:?}", hull.vertices());
            let shift = got.iter().position(|p| *p == hull.vertices()[0]).expect("same start vertex");
            for (i, h) in hull.vertices().iter().enumerate() {
                assert_eq!(got[(shift + i) % got.len()], *h, "case {case}");
            }
        }
    }

    fn contact_of(p: &Polygon, other: ShapeRef) -> Contact {
        let c = contact_concave(p, other).expect("they overlap");
        // The push separates (touching after it), and a slightly longer one clears.
        let out = c.push_out_b() + c.normal * 1e-3;
        let moved = |by: Vec2| match other {
            ShapeRef::Aabb(b) => crate::query::intersects::intersects_ref(
                p.shape_ref(),
                ShapeRef::Aabb(&Aabb::new(b.min() + by, b.max() + by).unwrap()),
            ),
            ShapeRef::Circle(d) => crate::query::intersects::intersects_ref(
                p.shape_ref(),
                ShapeRef::Circle(&crate::shape::Circle::new(d.center() + by, d.radius()).unwrap()),
            ),
            _ => unreachable!(),
        };
        assert!(!moved(out), "{c:?} does not separate");
        assert!(moved(c.push_out_b() * 0.99), "{c:?} is longer than needed");
        c
    }

    #[test]
    fn minimum_at_a_crossing_of_two_regions_boundaries() {
        // An L; a box over its inner corner. Leaving along either arm runs into the other arm
        // (4.5 to go), but moving diagonally by (0.5, 0.5) leaves the box touching the corner
        // only. That point is where the grown top face of the horizontal arm crosses the grown
        // right face of the vertical arm: two different pieces (a convex piece cannot hold
        // both edges of a reflex corner), neither one's vertex nor foot.
        let l = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(2.0, 2.0), v(2.0, 6.0), v(0.0, 6.0)]).unwrap();
        let b = Aabb::new(v(1.5, 1.5), v(3.5, 3.5)).unwrap();
        let c = contact_of(&l, ShapeRef::Aabb(&b));
        let diagonal = Vec2::ONE.normalize();
        assert!((c.depth - 0.5f32.hypot(0.5)).abs() < 1e-5, "{c:?}");
        assert!((c.normal - diagonal).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn disc_wedged_in_a_concave_notch_leaves_along_the_bisector() {
        // A square with a V notch down to (2, 1); the disc must rise until tangent to both
        // sides: centre at height 1 + √13 / 2 (the sides have slope ±3/2).
        let p = Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(2.0, 1.0), v(0.0, 4.0)]).unwrap();
        let disc = crate::shape::Circle::new(v(2.0, 1.5), 1.0).unwrap();
        let c = contact_of(&p, ShapeRef::Circle(&disc));
        let expected = 1.0 + 13f32.sqrt() / 2.0 - 1.5;
        assert!((c.depth - expected).abs() < 1e-4, "{c:?}, expected {expected}");
        assert!((c.normal - Vec2::Y).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn disc_over_a_convex_corner_leaves_along_the_corner_arc() {
        // The U's outer corner (3, 3): the nearest exit is on the arc around it.
        let u = u_shape(1.0);
        let disc = crate::shape::Circle::new(v(3.2, 3.2), 0.5).unwrap();
        let c = contact_of(&u, ShapeRef::Circle(&disc));
        let expected = 0.5 - 0.2f32.hypot(0.2);
        assert!((c.depth - expected).abs() < 1e-5, "{c:?}, expected {expected}");
        assert!((c.normal - Vec2::ONE.normalize()).length() < 1e-4, "{c:?}");
    }

    #[test]
    fn tiny_shapes_get_the_same_push_as_unit_ones() {
        // The walk's tolerance has an absolute floor (1e-4); the coverage margin must not, or
        // a U 3e-6 across loses its true exits. A segment across the U's floor leaves downwards
        // by half its height, at any scale.
        for scale in [1.0f32, 1e-3, 1e-6] {
            let u = u_shape(scale);
            let seg = crate::shape::Segment::new(v(0.5, 0.5) * scale, v(2.5, 0.5) * scale).unwrap();
            let c = contact_concave(&u, ShapeRef::Segment(&seg)).unwrap();
            assert!((c.depth / scale - 0.5).abs() < 1e-3, "scale {scale}: {c:?}");
            assert!(c.normal.y.abs() > 0.999, "scale {scale}: {c:?}");
            let pill = crate::shape::Capsule::new(v(0.5, 2.0) * scale, v(2.5, 2.0) * scale, 0.3 * scale).unwrap();
            let c = contact_concave(&u, ShapeRef::Capsule(&pill)).unwrap();
            assert!((c.depth / scale - 1.3).abs() < 1e-3, "scale {scale}: {c:?}");
        }
    }
}
