//! The regions: each difference `piece − other piece`, rounded by the other shape's radius, as a
//! convex polygon built by merging the two pieces' edge walks by angle, with what of it may hold
//! the union's boundary (steps 2 and 3). Apart because building them is a stage of its own:
//! every later stage only reads them, and asks for more by bounds.

use std::ops::Range;

use glam::Vec2;

use super::budget;
use super::pairs::for_each_pair;
use super::wheel::{pseudo_angle, Wheels};
use super::Scratch;
use crate::polygon::{Polygon, CONVEX_CORNER, ON_BOUNDARY, UNKNOWN};
use crate::query::core::Core;
use crate::query::minkowski::lowest;
use crate::query::ShapeRef;

/// The convex regions `piece ⊕ (−other piece) ⊕ disc(radius)`, their vertices and outward edge
/// normals stored back to back.
#[derive(Default)]
pub(super) struct Regions {
    verts: Vec<Vec2>,
    normals: Vec<Vec2>,
    /// Per face: the point its line is measured from (see `anchor`).
    anchors: Vec<Vec2>,
    /// Per vertex: `FACE` if a point of the face from it to the next vertex may lie on the
    /// union's boundary, `ARC` likewise for the arc around it (see `exposable`).
    pub(super) exposable: Vec<u8>,
    pub(super) info: Vec<Region>,
    pub(super) radius: f32,
    /// Whether the other shape is flat (a point, a segment, a box without width or height, to
    /// within a few margins): then the regions of two pieces sharing a diagonal meet face to
    /// face along it, overlapping by less than the margins, and a point between them lies inside
    /// the union, not in a gap.
    pub(super) flat: bool,
    /// How far a walk leaving a region the origin lies in must clear it (see
    /// `stretch::walk_stretch`): at least the margin, and at least f32 rounding of the
    /// coordinates where the shapes meet, which the margin (relative to the other shape's size)
    /// may fall below.
    pub(super) clearance: f32,
    /// The wheels of the regions with many faces, for point tests in logarithmic time.
    pub(super) wheels: Wheels,
}

/// One region: `verts[start..start + len]`, counter-clockwise, its bounds (radius included) and
/// the two pieces it comes from.
pub(super) struct Region {
    pub(super) start: usize,
    pub(super) len: usize,
    pub(super) lo: Vec2,
    pub(super) hi: Vec2,
    pub(super) piece: usize,
    pub(super) other_piece: usize,
}

impl Regions {
    /// Empty, keeping the buffers.
    fn clear(&mut self, radius: f32) {
        self.verts.clear();
        self.normals.clear();
        self.anchors.clear();
        self.exposable.clear();
        self.info.clear();
        self.wheels.clear();
        self.radius = radius;
    }

    /// Becomes a copy of the regions of `from` that `chosen` marks (regions past its end are
    /// not), with `ids` each one's index in `from`. Every face and arc of the copy is searched:
    /// a face is skipped because the regions next to it cover it, and those may not be chosen.
    pub(super) fn copy_chosen(&mut self, from: &Regions, chosen: &[bool], ids: &mut Vec<u32>) {
        self.clear(from.radius);
        self.flat = from.flat;
        self.clearance = from.clearance;
        ids.clear();
        for (k, r) in from.info.iter().enumerate() {
            if !chosen.get(k).copied().unwrap_or(false) {
                continue;
            }
            let (start, range) = (self.verts.len(), r.start..r.start + r.len);
            self.verts.extend_from_slice(&from.verts[range.clone()]);
            self.normals.extend_from_slice(&from.normals[range.clone()]);
            self.anchors.extend_from_slice(&from.anchors[range.clone()]);
            self.exposable.extend(std::iter::repeat_n(FACE | ARC, r.len));
            self.wheels.add(&self.verts[start..], &self.normals[start..]);
            self.info.push(Region { start, ..*r });
            ids.push(k as u32);
        }
    }

    pub(super) fn verts(&self, k: usize) -> &[Vec2] {
        let r = &self.info[k];
        &self.verts[r.start..r.start + r.len]
    }

    pub(super) fn normals(&self, k: usize) -> &[Vec2] {
        let r = &self.info[k];
        &self.normals[r.start..r.start + r.len]
    }

    /// Region `k`'s anchors: per face, the point of its line that the signed distance
    /// `n · (x − anchor)` is measured from (see `anchor`).
    pub(super) fn anchors(&self, k: usize) -> &[Vec2] {
        let r = &self.info[k];
        &self.anchors[r.start..r.start + r.len]
    }

    /// Face `i` of region `k` (between vertex `i` and the next), moved out along its normal by
    /// the radius: where the rounded region's boundary runs. From its anchor's end (see
    /// `anchor`), so that the points along it, worked out from that end, are as precise as the
    /// features near the contact, not as a vertex far away.
    pub(super) fn face(&self, k: usize, i: usize) -> (Vec2, Vec2) {
        let (v, out) = (self.verts(k), self.normals(k)[i] * self.radius);
        let (p, q) = (v[i], v[if i + 1 == v.len() { 0 } else { i + 1 }]);
        let (a, b) = if anchor(p, q) == p { (p, q) } else { (q, p) };
        (a + out, b + out)
    }

    /// Region `k`'s flags per vertex (`FACE`, `ARC`: see `exposable`).
    /// How many faces all the regions have.
    pub(super) fn face_count(&self) -> usize {
        self.verts.len()
    }

    pub(super) fn flags(&self, k: usize) -> &[u8] {
        let r = &self.info[k];
        &self.exposable[r.start..r.start + r.len]
    }

    /// Adds `a ⊕ b` by merging their edges by angle: O(|a| + |b|). Each face's normal is its
    /// source edge's, and each face and arc is marked exposable or not from the pieces' flags.
    fn push_sum(&mut self, a: &Walk, b: &Walk, piece: usize, other_piece: usize) {
        let start = self.verts.len();
        merge_walks(a, b, self, None);
        let mut len = self.verts.len() - start;
        // A face merged, anchored and (on a large region) given its spoke: three units.
        budget::charge(1 + 3 * len as u64);
        if len < 3 {
            if self.radius > 0.0 && len > 0 {
                self.round_degenerate(start);
                len = 2;
            } else {
                // Without rounding, a sum with no area has no inside to overlap.
                self.verts.truncate(start);
                self.normals.truncate(start);
                self.exposable.truncate(start);
                return;
            }
        }
        let v = &self.verts[start..];
        self.anchors.extend((0..len).map(|i| anchor(v[i], v[if i + 1 == len { 0 } else { i + 1 }])));
        let (lo, hi) = v.iter().fold((v[0], v[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
        let r = Vec2::splat(self.radius);
        self.wheels.add(&self.verts[start..], &self.normals[start..]);
        self.info.push(Region { start, len, lo: lo - r, hi: hi + r, piece, other_piece });
    }

    /// Makes the sum from `start` on, which rounding has collapsed onto a point or a segment
    /// (a piece a few units in the last place across, far from the origin), a two-vertex region:
    /// rounded, it is still a disc or a capsule as wide as the radius, and dropping it would
    /// open a false gap in the union. Its faces are the segment's two sides (none for a point,
    /// whose two vertices coincide), so that the two arcs are half turns that make up the
    /// whole round end; everything of it may be exposed.
    fn round_degenerate(&mut self, start: usize) {
        let first = self.verts[start];
        let last = *self.verts.last().unwrap_or(&first);
        self.verts.truncate(start);
        self.verts.extend([first, last]);
        // Outward for a counter-clockwise walk: the arc around the first vertex turns from
        // the second face's normal to the first's, away from the other vertex.
        let n = (-(last - first).perp()).try_normalize().unwrap_or(Vec2::NEG_Y);
        self.normals.truncate(start);
        self.normals.extend([n, -n]);
        self.exposable.truncate(start);
        self.exposable.extend([FACE | ARC; 2]);
    }
}

/// The point a face from `a` to `b` is measured from: of its two ends, the one nearer the origin
/// (the nearer in a fixed order on a tie), whichever way round the face runs.
///
/// Why not the face's first vertex: a point's signed distance to a face line, rounded in f32, is
/// off by about f32 rounding of its distance from the point measured from. Measured from the
/// nearer end, that is the rounding of the features near the contact (the origin is the other
/// shape's placement), not of a vertex a huge polygon's extent away. And the two regions on
/// either side of a diagonal between pieces (whose faces along it run opposite ways, with
/// opposite normals) then measure it from the same point, so that they agree exactly on which
/// side a point lies: no gap opens between them that the margin would have to cover, however
/// long the diagonal (an L 1e7 across has one 1.4e6 long through its outer corner).
fn anchor(a: Vec2, b: Vec2) -> Vec2 {
    let key = |p: Vec2| (p.length_squared(), p.x, p.y);
    if key(a) <= key(b) {
        a
    } else {
        b
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
        keys.push(pseudo_angle(v[next] - v[i]));
        i = next;
    }
}

/// Whether either walk has no vertices (`merge_walks` then adds nothing). It stands apart
/// because pieces and the other shape's cores are never empty: `&&` for `||` answers alike.
#[inline]
fn either_empty(n: usize, m: usize) -> bool {
    n == 0 || m == 0
}

/// Whether both walks' vertices at a sum vertex are convex corners (flags `fa`, `fb`): the sum
/// vertex then gets an arc. It stands apart because an arc flagged at a convex corner whose next
/// edge is a diagonal is never needed: each piece at a corner has a normal cone holding the
/// polygon's whole cone there (a piece's angle is the smaller one), and the piece whose next
/// edge is the boundary has the arc. `|` flags more arcs (coverage filters them), `^` drops
/// exactly those.
#[inline]
fn both_convex_corners(fa: u8, fb: u8) -> bool {
    fa & fb & CONVEX_CORNER != 0
}

/// `bit` of the second walk's flags `fb`, as `merge_walks` tests them where a boundary edge
/// meets a convex corner (the first walk's bits are tested in place: those mutants are caught).
/// It stands apart because a face where a boundary edge meets a convex corner whose next edge is
/// a diagonal also comes from the piece across that diagonal, which has the same corner, its
/// normal cone holding the polygon's whole cone there (as for arcs). `|` marks more faces
/// (coverage filters them), `^` drops exactly those.
#[inline]
fn second_bit(fb: u8, bit: u8) -> u8 {
    fb & bit
}

/// Appends `a ⊕ b` to the regions' vertices, without repeated vertices, with each face's
/// normal (its source edge's) and what is exposable (see [`SumVertex`]); and with `tags`, for
/// the tests, what each vertex is.
fn merge_walks(a: &Walk, b: &Walk, regions: &mut Regions, mut tags: Option<&mut Vec<SumVertex>>) {
    let (n, m) = (a.verts.len(), b.verts.len());
    if either_empty(n, m) {
        return;
    }
    let flag = |flags: &[u8], k: usize| flags.get(k).copied().unwrap_or(UNKNOWN);
    let arc = |ia: usize, jb: usize| if both_convex_corners(flag(a.flags, ia), flag(b.flags, jb)) { ARC } else { 0 };
    let Regions { verts, normals, exposable, .. } = regions;
    let first = verts.len();
    // Each step of the walk advances at least one of the two: at most one vertex per edge, and
    // the first. Written in place, then cut to length.
    let (edges_a, edges_b) = (a.keys.len(), b.keys.len());
    let most = edges_a + edges_b + 1;
    verts.resize(first + most, Vec2::ZERO);
    normals.resize(first + most, Vec2::ZERO);
    exposable.resize(first + most, 0);
    let (out_verts, out_normals, out_flags) = (&mut verts[first..], &mut normals[first..], &mut exposable[first..]);
    let (mut ia, mut jb) = (a.start, b.start);
    out_verts[0] = a.verts[ia] + b.verts[jb];
    out_flags[0] = arc(ia, jb);
    if let Some(t) = tags.as_mut() {
        t.clear();
        t.push(SumVertex { a: ia as u32, b: jb as u32, edge: Walked::First(u32::MAX) });
    }
    let mut len = 1;
    let (mut i, mut j) = (0, 0);
    let step = |k: usize, len: usize| if k + 1 == len { 0 } else { k + 1 };
    while i < edges_a || j < edges_b {
        let ka = a.keys.get(i).copied().unwrap_or(f32::INFINITY);
        let kb = b.keys.get(j).copied().unwrap_or(f32::INFINITY);
        // A face is exposable where a boundary edge of one shape meets a convex corner of the
        // other. NaN keys (never from valid input) fall to the `else`: both advance, so it ends.
        let (edge, normal, face) = if ka < kb {
            let face = flag(a.flags, ia) & ON_BOUNDARY != 0 && second_bit(flag(b.flags, jb), CONVEX_CORNER) != 0;
            let walked = (Walked::First(ia as u32), a.normals[ia], face);
            (i, ia) = (i + 1, step(ia, n));
            walked
        } else if kb < ka {
            let face = second_bit(flag(b.flags, jb), ON_BOUNDARY) != 0 && flag(a.flags, ia) & CONVEX_CORNER != 0;
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
        if out_verts[len - 1] != p {
            // The face just walked starts at the previous vertex: its normal and flag go there.
            out_normals[len - 1] = normal;
            out_flags[len - 1] |= if face { FACE } else { 0 };
            out_verts[len] = p;
            out_flags[len] = arc(ia, jb);
            len += 1;
            if let Some(t) = tags.as_mut() {
                t.push(SumVertex { a: ia as u32, b: jb as u32, edge });
            }
        }
    }
    // The walk closes on the first vertex, which is then not repeated (the face into it already
    // sits on the vertex before).
    if len > 1 && out_verts[len - 1] == out_verts[0] {
        len -= 1;
        if let Some(t) = tags.as_mut() {
            if let Some(c) = t.pop() {
                t[0].edge = c.edge;
            }
        }
    }
    verts.truncate(first + len);
    normals.truncate(first + len);
    exposable.truncate(first + len);
}

/// Flag of a region's vertex: a point of its face to the next vertex may lie on the union's
/// boundary.
pub(super) const FACE: u8 = 1;
/// Flag of a region's vertex: a point of its arc (rounded regions) may lie on the boundary.
pub(super) const ARC: u8 = 2;

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
struct SumVertex {
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
        let start = lowest(v, false);
        walk_keys(v, start, keys);
        start
    };
    let (mut ka, mut kb) = (Vec::new(), Vec::new());
    let (sa, sb) = (walk(a, &mut ka), walk(b, &mut kb));
    let (na, nb) = (edge_normals(a), edge_normals(b));
    let a = Walk { verts: a, normals: &na, flags: &[], start: sa, keys: &ka };
    let b = Walk { verts: b, normals: &nb, flags: &[], start: sb, keys: &kb };
    let mut regions = Regions::default();
    merge_walks(&a, &b, &mut regions, Some(tags));
    regions
}

/// The outward unit normal of each edge of counter-clockwise `v`, for the tests.
#[cfg(test)]
fn edge_normals(v: &[Vec2]) -> Vec<Vec2> {
    (0..v.len()).map(|i| (v[(i + 1) % v.len()] - v[i]).perp().normalize_or_zero() * -1.0).collect()
}

/// The other shape's convex pieces: a polygon's, or the shape itself.
#[derive(Clone, Copy)]
pub(super) enum OtherPieces<'a> {
    /// A concave polygon's pieces.
    Pieces(&'a Polygon),
    One(ShapeRef<'a>),
}

impl<'a> OtherPieces<'a> {
    pub(super) fn of(other: ShapeRef<'a>) -> Self {
        match other {
            ShapeRef::Polygon(q) => OtherPieces::Pieces(q),
            _ => OtherPieces::One(other),
        }
    }

    pub(super) fn len(self) -> usize {
        match self {
            OtherPieces::Pieces(p) => p.convex_parts().len(),
            OtherPieces::One(_) => 1,
        }
    }

    pub(super) fn get(self, j: usize) -> ShapeRef<'a> {
        match self {
            OtherPieces::Pieces(p) => ShapeRef::ConvexPolygon(&p.convex_parts()[j]),
            OtherPieces::One(s) => s,
        }
    }
}

/// One other piece in `add_regions`: its range in the negated vertices (and normals), its
/// range in the walk keys, its walk's start, its range in the other shape's flags (empty when
/// they do not match its vertices), and its negated bounds.
pub(super) type Span = (Range<usize>, Range<usize>, usize, Range<usize>, Vec2, Vec2);

/// Whether the other shape's flags from `offset` match a piece of `n` vertices whose core has
/// `core_len` (none dropped as repeated) and fit in the `len` flags. It stands apart because a
/// validated polygon's pieces never repeat a vertex and the ranges fit; without the flags
/// (`false`, or a range refused) every face and arc counts as exposable, which only adds work.
#[inline]
fn flags_fit(n: usize, core_len: usize, offset: usize, len: usize) -> bool {
    n == core_len && offset + n <= len
}

/// Prepares the pieces for `add_regions`, in `scratch`: the polygon's pieces' bounds; the other
/// shape's pieces negated (still
/// counter-clockwise), without repeated vertices, with their normals, walk keys and spans; and
/// empties the regions. `other_flags` are the other shape's piece flags when it is a polygon
/// (`None`: a convex shape, whose every edge is boundary and every vertex convex).
pub(super) fn prepare_others(p: &Polygon, others: OtherPieces, other_flags: Option<&[u8]>, scratch: &mut Scratch) {
    let Scratch { regions, negated, negated_normals, keys, spans, piece_boxes, piece_offsets, built, .. } = scratch;
    built.clear();
    built.resize((p.convex_parts().len() * others.len()).div_ceil(64), 0);
    piece_boxes.clear();
    piece_boxes.extend(p.convex_parts().iter().map(|c| {
        let b = c.aabb();
        (b.min(), b.max())
    }));
    piece_offsets.clear();
    piece_offsets.extend(p.convex_parts().iter().scan(0, |offset, c| {
        let start = *offset;
        *offset += c.vertices().len();
        Some(start)
    }));
    // A polygon's pieces are never swollen (and a polygon that rounding flattened may have
    // none).
    regions.clear(match others {
        OtherPieces::Pieces(_) => 0.0,
        OtherPieces::One(s) => Core::of(s).1,
    });
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
        let walk = lowest(v, false);
        let key_start = keys.len();
        walk_keys(v, walk, keys);
        // The flags match the vertices only when none was dropped as repeated.
        let core_len = core.vertices().len();
        let flags = match other_flags {
            Some(f) if flags_fit(n, core_len, flag_offset, f.len()) => flag_offset..flag_offset + n,
            _ => 0..0,
        };
        flag_offset += core_len;
        let (lo, hi) = v.iter().fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(l, h), v| (l.min(*v), h.max(*v)));
        spans.push((start..start + n, key_start..keys.len(), walk, flags, lo, hi));
    }
}

/// Adds to `scratch.regions` every region `piece − other piece` not built yet whose bounds
/// `[lo, hi]` (the radius not included) `wanted(lo, hi)` accepts, after `prepare_others`. Every
/// box `wanted` accepts meets `within`: only the pairs whose bounds can meet it are looked at
/// (see `for_each_pair`). Stops when the meter is spent (the caller checks it).
pub(super) fn add_regions(
    p: &Polygon,
    (others, other_flags): (OtherPieces, Option<&[u8]>),
    scratch: &mut Scratch,
    within: (Vec2, Vec2),
    wanted: impl Fn(Vec2, Vec2) -> bool,
) {
    let Scratch {
        regions,
        negated,
        negated_normals,
        keys,
        spans,
        piece_keys,
        piece_boxes,
        piece_offsets,
        built,
        pair_list,
        ..
    } = scratch;
    let count = spans.len();
    let piece_flags = p.part_flags();
    let other_flags = other_flags.unwrap_or(&[]);
    // The piece whose walk `piece_keys` holds (pairs come piece by piece).
    let mut walked = None;
    for_each_pair(p, others, (piece_boxes, spans), within, pair_list, |i, j| {
        let (verts, key_range, walk, flags, lo, hi) = &spans[j];
        let (a_lo, a_hi) = piece_boxes[i];
        let (lo, hi) = (a_lo + *lo, a_hi + *hi);
        let pair = i * count + j;
        let (word, bit) = (pair / 64, 1u64 << (pair % 64));
        if built[word] & bit != 0 || !wanted(lo, hi) || budget::spent() {
            return;
        }
        built[word] |= bit;
        let piece = &p.convex_parts()[i];
        let start = match walked {
            Some((k, start)) if k == i => start,
            _ => {
                let start = lowest(piece.vertices(), false);
                piece_keys.clear();
                walk_keys(piece.vertices(), start, piece_keys);
                walked = Some((i, start));
                start
            }
        };
        let n = piece.vertices().len();
        let a = Walk {
            verts: piece.vertices(),
            normals: piece.normals(),
            flags: piece_flags.get(piece_offsets[i]..piece_offsets[i] + n).unwrap_or(&[]),
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
    });
}

/// Whether the box `[lo, hi]`, grown by `radius`, comes within `reach` of the origin.
pub(super) fn box_near(lo: Vec2, hi: Vec2, radius: f32, reach: f32) -> bool {
    let gap = (lo.max(-hi)).max(Vec2::ZERO) - Vec2::splat(radius);
    gap.max(Vec2::ZERO).length_squared() <= reach * reach
}

/// Whether the box `[lo, hi]` grown by `radius` lies within the open disc of radius `inner`
/// around the origin (its farthest corner does).
pub(super) fn box_within(lo: Vec2, hi: Vec2, radius: f32, inner: f32) -> bool {
    let farthest = lo.abs().max(hi.abs()) + Vec2::splat(radius);
    farthest.length_squared() < inner * inner
}

#[cfg(test)]
pub(super) mod tests;
