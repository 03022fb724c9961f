//! Convex decomposition, made once when a polygon is built: the triangles inside the rings of
//! their constrained Delaunay triangulation (made when the rings were checked, see
//! `triangulate.rs`), merged greedily across diagonals while the union stays convex
//! (Hertel–Mehlhorn: at most four times the fewest possible pieces), then fewer again where
//! three pieces make two.

use glam::Vec2;

use super::edge_owners::EdgeOwners;
use super::triangulate::{ring_next, Triangulation, NONE};
use crate::math::orient2d;
use crate::shape::ConvexPolygon;

/// Flag of a piece's vertex: the piece's edge from it to the next vertex lies on the polygon's
/// boundary (it is a ring edge, not a diagonal between pieces).
pub(crate) const ON_BOUNDARY: u8 = 1;
/// Flag of a piece's vertex: it is a convex corner of the polygon (not a reflex one).
pub(crate) const CONVEX_CORNER: u8 = 2;
/// Both flags, for the vertices of a piece that could not be traced back to the rings: nothing
/// is ruled out about them.
pub(crate) const UNKNOWN: u8 = ON_BOUNDARY | CONVEX_CORNER;

/// Convex pieces covering the polygon whose rings (outline counter-clockwise, holes clockwise)
/// are given, triangulated as `triangulation` says, and their vertices' flags (`ON_BOUNDARY`,
/// `CONVEX_CORNER`), piece after piece in vertex order.
pub(crate) fn convex_parts(rings: &[Vec<Vec2>], triangulation: Triangulation) -> (Vec<ConvexPolygon>, Vec<u8>) {
    let (all, all_twins) = match triangulation {
        Triangulation::Convex => return convex_outline(&rings[0]),
        Triangulation::Triangles { triangles, twins } => (triangles, twins),
    };
    let points: Vec<Vec2> = rings.iter().flatten().copied().collect();
    let ring_next = ring_next(rings);
    // Whether the polygon turns left at each ring vertex (its inside is on the left of every
    // ring, so a left turn is a convex corner).
    let mut convex = vec![false; points.len()];
    let mut start = 0;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            convex[start + i] = orient2d(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) > 0.0;
        }
        start += n;
    }
    let inside = inside_flags(&all, &all_twins, &ring_next);
    // The inside triangles, renumbered, and their neighbours across diagonals among them.
    let mut renumber = vec![NONE; all.len()];
    let mut triangles: Vec<[usize; 3]> = Vec::with_capacity(all.len());
    for (t, tri) in all.iter().enumerate() {
        if inside[t] == Some(true) && orient2d(points[tri[0]], points[tri[1]], points[tri[2]]) > 0.0 {
            renumber[t] = triangles.len() as u32;
            triangles.push(*tri);
        }
    }
    let mut twin = vec![NONE; triangles.len() * 3];
    for (t, &new) in renumber.iter().enumerate() {
        if new == NONE {
            continue;
        }
        for k in 0..3 {
            let h = all_twins[3 * t + k];
            if h != NONE && renumber[h as usize / 3] != NONE {
                twin[3 * new as usize + k] = 3 * renumber[h as usize / 3] + h % 3;
            }
        }
    }
    let mut parts = Vec::new();
    let mut flags = Vec::new();
    for cycle in repartition(&points, &ring_next, merge(&points, &triangles, &twin)) {
        for (piece, piece_flags) in to_convex(&points, &cycle, &ring_next, &convex) {
            parts.push(piece);
            flags.extend(piece_flags);
        }
    }
    (parts, flags)
}

/// A convex outline without holes (simple, turning left at every vertex) is its own single
/// piece, every edge on the boundary and every corner convex, without triangulating it (which
/// costs a traced checkerboard's half a million unit squares most of their time).
fn convex_outline(ring: &[Vec2]) -> (Vec<ConvexPolygon>, Vec<u8>) {
    let n = ring.len();
    let mut vertices = Vec::with_capacity(2 * n);
    vertices.extend_from_slice(ring);
    (vec![ConvexPolygon::from_valid_ccw(vertices)], vec![ON_BOUNDARY | CONVEX_CORNER; n])
}

/// Which triangles lie inside the polygon (`None`: cut off from every ring edge), decided by
/// its topology, not by testing a point of each: every ring edge `u → v` has the inside on its
/// left, so the triangle holding the directed edge `u → v` is inside and the one holding
/// `v → u` is outside, and crossing an edge that is not a ring edge never changes sides. (A
/// point test misjudges slivers along nearly straight stretches of the outline, whose
/// centroids lie within rounding of it.)
fn inside_flags(triangles: &[[usize; 3]], twin: &[u32], ring_next: &[usize]) -> Vec<Option<bool>> {
    let ring_edge = |a: usize, b: usize| ring_next[a] == b || ring_next[b] == a;
    let mut inside: Vec<Option<bool>> = vec![None; triangles.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (seed, tri) in triangles.iter().enumerate() {
        if inside[seed].is_some() {
            continue;
        }
        let side = (0..3).find_map(|k| {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            (ring_next[a] == b).then_some(true).or((ring_next[b] == a).then_some(false))
        });
        let Some(side) = side else { continue };
        inside[seed] = Some(side);
        stack.push(seed);
        while let Some(t) = stack.pop() {
            let tri = triangles[t];
            for k in 0..3 {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                if ring_edge(a, b) || twin[3 * t + k] == NONE {
                    continue;
                }
                let n = twin[3 * t + k] as usize / 3;
                if inside[n].is_none() {
                    inside[n] = inside[t];
                    stack.push(n);
                }
            }
        }
    }
    inside
}

/// Hertel–Mehlhorn: remove diagonals, longest first, when both pieces' union stays convex.
/// The pieces as cycles of point indices.
///
/// The pieces' boundaries are kept as linked directed edges, so that removing a diagonal splices
/// two cycles and checks the two corners it opens in constant time, however large the pieces
/// grow (a row of holes makes pieces of hundreds of vertices, and joining them by copying was
/// quadratic).
fn merge(points: &[Vec2], triangles: &[[usize; 3]], twin: &[u32]) -> Vec<Vec<usize>> {
    // Half-edges and triangles as u32 (see `convex_parts`), used as indices.
    let from = |h: u32| triangles[h as usize / 3][h as usize % 3];
    let count = triangles.len() as u32;
    let mut next: Vec<u32> = (0..count * 3).map(|h| h - h % 3 + (h + 1) % 3).collect();
    let mut prev: Vec<u32> = (0..count * 3).map(|h| h - h % 3 + (h + 2) % 3).collect();
    // Longest first, then by their ends (u < v): (length², u, v, u → v, v → u).
    let mut diagonals: Vec<(f32, u32, u32, u32, u32)> = (0..count * 3)
        .filter(|&h| twin[h as usize] != NONE && from(h) < from(twin[h as usize]))
        .map(|h| {
            let (g, u) = (twin[h as usize], from(h));
            let v = from(g);
            (points[u].distance_squared(points[v]), u as u32, v as u32, h, g)
        })
        .collect();
    diagonals.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    // Where each piece's cycle starts (a directed edge on it), by the triangle naming the piece.
    let mut start: Vec<u32> = (0..count).map(|t| 3 * t).collect();
    let mut parent: Vec<u32> = (0..count).collect();
    for (_, _, _, h, g) in diagonals {
        // h: u → v in piece p, g: v → u in piece q.
        let (p, q) = (find(&mut parent, h / 3), find(&mut parent, g / 3));
        if p == q {
            continue;
        }
        let (u, v) = (from(h), from(g));
        let convex_at =
            |before: usize, corner: usize, after: usize| orient2d(points[before], points[corner], points[after]) >= 0.0;
        // The corner opened at u joins p's edge into u with q's edge out of u (g's successor);
        // the one at v, q's edge into v with p's edge out of v.
        let end = |e: u32| from(next[e as usize]);
        let (hp, hn, gp, gn) = (prev[h as usize], next[h as usize], prev[g as usize], next[g as usize]);
        if !(convex_at(from(hp), u, end(gn)) && convex_at(from(gp), v, end(hn))) {
            continue;
        }
        next[hp as usize] = gn;
        prev[gn as usize] = hp;
        next[gp as usize] = hn;
        prev[hn as usize] = gp;
        start[p as usize] = hn; // the joined cycle as before: from v along p, then from u along q
        parent[q as usize] = p;
    }
    (0..count)
        .filter(|&t| parent[t as usize] == t)
        .map(|t| {
            let mut cycle = Vec::new();
            let first = start[t as usize];
            let mut e = first;
            loop {
                cycle.push(from(e));
                e = next[e as usize];
                if e == first {
                    break cycle;
                }
            }
        })
        .collect()
}

/// `repartition` looks at two pieces only when their vertices add up to at most this many, and
/// at three when they make a piece of at most this many. Fewer pieces make fewer regions in a
/// concave contact, but long ones (a traced staircase joined into one sliver) make its grid
/// coarse and its regions slow to cover: on the game bench's traced sprites, 16 gave the
/// fastest contacts (at 64, contacts at the Exact level were 30 % slower than with no joining
/// at all). It also bounds the work per join.
const LARGEST_JOINED: usize = 16;

/// Fewer pieces than Hertel–Mehlhorn leaves: where three pieces in a chain (one sharing a
/// diagonal with each of the other two) together form a polygon that one diagonal splits into
/// two convex pieces (or that is convex itself), they are replaced by those; and two pieces
/// that make one convex piece are joined. Every concave query builds a region per pair of
/// pieces, so each piece saved matters twice over. A work list of pieces to look at: each
/// success removes a piece and puts the new pieces on it, so an improvement that opens
/// another through them is found too. (Putting their other neighbours on it as well finds 2 %
/// fewer pieces again on traced sprites, for three times the looking.)
///
/// Only pieces small enough to join a triangle are looked at, and only their diagonals are
/// kept in the map from edges to pieces: a piece across a ring edge is never found (that side
/// is outside), and one too large to join adds nothing. (A star of a million vertices has two
/// million directed edges, half of them on its outline, and one piece of half a million
/// vertices in the middle.)
fn repartition(points: &[Vec2], ring_next: &[usize], cycles: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let small = |c: &[usize]| c.len() + 3 <= LARGEST_JOINED;
    let mut pieces: Vec<Option<Vec<usize>>> = Vec::with_capacity(cycles.len());
    // Which piece walks each diagonal of the small pieces.
    let mut owner = EdgeOwners::new(points.len(), cycles.iter().filter(|c| small(c)).map(|c| c.len()).sum());
    let mut work: Vec<usize> = Vec::new();
    for c in cycles {
        if small(&c) {
            diagonals(&c, ring_next).for_each(|e| owner.insert(e, pieces.len()));
            work.push(pieces.len());
        }
        pieces.push(Some(c));
    }
    work.reverse();
    // Per piece looked at: its neighbours across diagonals, with the diagonal as it walks it
    // and the diagonal's ends where joining that neighbour alone turns right.
    let mut across: Vec<(usize, usize, usize, [Option<usize>; 2])> = Vec::new();
    let mut marks = vec![false; points.len()];
    // Two pieces joined, and three: reused, as most joins are looked at and dropped.
    let (mut two, mut three) = (Vec::new(), Vec::new());
    let right = |a: usize, b: usize, c: usize| orient2d(points[a], points[b], points[c]) < 0.0;
    while let Some(q) = work.pop() {
        let Some(c) = pieces[q].as_deref() else { continue };
        across.clear();
        for (u, v) in edges(c) {
            let Some(p) = owner.get((v, u)) else { continue };
            let Some(other) = pieces[p].as_deref() else { continue };
            if c.len() + other.len() > LARGEST_JOINED {
                continue;
            }
            // Only the diagonal's ends can turn right once joined (the other corners are the
            // pieces' own): read off the two cycles, without joining them.
            let (Some((before_u, _)), Some((_, after_v))) = (neighbours(c, u), neighbours(c, v)) else { continue };
            let (Some((_, after_u)), Some((before_v, _))) = (neighbours(other, u), neighbours(other, v)) else {
                continue;
            };
            across.push((
                u,
                v,
                p,
                [right(before_v, v, after_v).then_some(v), right(before_u, u, after_u).then_some(u)],
            ));
        }
        // Two pieces that make one (left so by the chains below, not by Hertel–Mehlhorn).
        let mut found = across
            .iter()
            .filter(|a| a.3 == [None, None])
            .find(|&&(u, v, p, _)| pieces[p].as_deref().is_some_and(|o| splice(c, o, u, v, &mut marks, &mut two)))
            .map(|&(_, _, p, _)| (vec![q, p], vec![two.clone()]));
        'chains: for (x, &(u1, v1, p1, reflex1)) in across.iter().enumerate() {
            for &(u2, v2, p2, reflex2) in &across[x + 1..] {
                if found.is_some() {
                    break 'chains;
                }
                // Corners that stay reflex whatever the third piece adds: more than two, and no
                // one diagonal resolves them.
                let stays =
                    |r: [Option<usize>; 2], ends: [usize; 2]| r.iter().flatten().filter(|i| !ends.contains(i)).count();
                if stays(reflex1, [u2, v2]) + stays(reflex2, [u1, v1]) > 2 {
                    continue;
                }
                let (Some(first), Some(second)) = (pieces[p1].as_deref(), pieces[p2].as_deref()) else { continue };
                if !(splice(c, first, u1, v1, &mut marks, &mut two)
                    && splice(&two, second, u2, v2, &mut marks, &mut three))
                {
                    continue;
                }
                if three.len() <= LARGEST_JOINED {
                    found = split_in_two(points, &three, &[u1, v1, u2, v2]).map(|new| (vec![q, p1, p2], new));
                }
            }
        }
        let Some((old, new)) = found else { continue };
        for o in old {
            let Some(c) = pieces[o].take() else { continue };
            for e in edges(&c) {
                owner.remove(e);
            }
        }
        for c in new {
            if small(&c) {
                diagonals(&c, ring_next).for_each(|e| owner.insert(e, pieces.len()));
                work.push(pieces.len());
            }
            pieces.push(Some(c));
        }
    }
    pieces.into_iter().flatten().collect()
}

/// A piece's directed edges that are not ring edges.
fn diagonals<'a>(c: &'a [usize], ring_next: &'a [usize]) -> impl Iterator<Item = (usize, usize)> + 'a {
    edges(c).filter(|&(u, v)| ring_next[u] != v)
}

/// A cycle's directed edges.
fn edges(c: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..c.len()).map(move |i| (c[i], c[(i + 1) % c.len()]))
}

/// The cycle of `a` joined with `b` across the diagonal `a` walks `u → v` (and `b` walks
/// `v → u`), written to `joined`; false when the joined cycle would pass a point twice (pieces
/// around a hole, or sharing another edge). `marks` (one per point, all false) is left as it
/// was found.
fn splice(a: &[usize], b: &[usize], u: usize, v: usize, marks: &mut [bool], joined: &mut Vec<usize>) -> bool {
    let (n, m) = (a.len(), b.len());
    let (Some(at_v), Some(at_u)) = (
        (0..n).find(|&i| a[i] == v && a[(i + n - 1) % n] == u),
        (0..m).find(|&i| b[i] == u && b[(i + m - 1) % m] == v),
    ) else {
        return false;
    };
    // From v around a to u, then from after u around b to before v.
    let rest = (1..m - 1).map(|k| b[(at_u + k) % m]);
    for &x in a {
        marks[x] = true;
    }
    let twice = rest.clone().any(|x| marks[x]);
    for &x in a {
        marks[x] = false;
    }
    if twice {
        return false;
    }
    joined.clear();
    joined.extend((0..n).map(|k| a[(at_v + k) % n]));
    joined.extend(rest);
    true
}

/// The polygon `cycle` as one convex piece, or two split by one diagonal; `None` if neither.
/// Only its corners at the points `maybe_reflex` may turn right.
fn split_in_two(points: &[Vec2], cycle: &[usize], maybe_reflex: &[usize]) -> Option<Vec<Vec<usize>>> {
    let n = cycle.len();
    let at = |i: usize| points[cycle[i % n]];
    let turn = |a: usize, b: usize, c: usize| orient2d(at(a), at(b), at(c));
    // The reflex corners, up to three (more are no better).
    let mut reflex = [0; 3];
    let mut count = 0;
    for i in (0..n).filter(|&i| maybe_reflex.contains(&cycle[i]) && turn(i + n - 1, i, i + 1) < 0.0) {
        reflex[count] = i;
        count += 1;
        if count == reflex.len() {
            break;
        }
    }
    if count == 0 {
        return Some(vec![cycle.to_vec()]);
    }
    // Cutting along i → j (i < j) changes the turns at i and j only, in both halves. (One of
    // them is reflex, so a cut along an edge fails at its own corner.)
    let cuts = |i: usize, j: usize| {
        is_diagonal(i, j)
            && turn(j, i, i + 1) >= 0.0
            && turn(j - 1, j, i) >= 0.0
            && turn(i, j, j + 1) >= 0.0
            && turn(i + n - 1, i, j) >= 0.0
    };
    let (i, j) = match reflex[..count] {
        [r] => (0..n).map(|j| (r.min(j), r.max(j))).find(|&(i, j)| cuts(i, j))?,
        [r, s] if cuts(r, s) => (r, s),
        _ => return None,
    };
    let first: Vec<usize> = cycle[i..=j].to_vec();
    let second: Vec<usize> = cycle[j..].iter().chain(&cycle[..=i]).copied().collect();
    neither_flat(points, &first, &second).then(|| vec![first, second])
}

/// The vertices before and after `x` in `cycle`, if it is there.
#[inline]
fn neighbours(cycle: &[usize], x: usize) -> Option<(usize, usize)> {
    let i = cycle.iter().position(|&y| y == x)?;
    Some((cycle[(i + cycle.len() - 1) % cycle.len()], cycle[(i + 1) % cycle.len()]))
}

/// Whether the cut `i → j` (`i < j`) of a cycle skips a vertex, so is not one of its edges.
/// Its own function so that the mutation exclusions for `j >= i + 1` and `j > i * 1` name it
/// alone: a cut along an edge fails at the reflex corner it starts or ends at.
#[inline]
fn is_diagonal(i: usize, j: usize) -> bool {
    j > i + 1
}

/// Whether neither half of a split is flat (straight at every corner). Its own function so that
/// the mutation exclusions name it alone: a flat half has no area, so to_convex drops it, and
/// the other half, which passed every turn test, is the whole union; a mutant that lets one
/// through (`||`, `true`, `>=`, `/` for `%`) gives the same pieces.
#[inline]
fn neither_flat(points: &[Vec2], first: &[usize], second: &[usize]) -> bool {
    let bends = |c: &[usize]| {
        let k = c.len();
        (0..k).any(|m| orient2d(points[c[(m + k - 1) % k]], points[c[m]], points[c[(m + 1) % k]]) > 0.0)
    };
    bends(first) && bends(second)
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        parent[i as usize] = parent[parent[i as usize] as usize];
        i = parent[i as usize];
    }
    i
}

/// A convex cycle as a polygon with its vertices' flags; if rounding made it unacceptable, its
/// fan of triangles instead (flat slivers are dropped: they cover no area). A piece that lost a
/// vertex lying straight between its neighbours, and the fan's triangles, get `UNKNOWN` flags:
/// an edge that spans such a vertex may lie partly on the boundary.
fn to_convex(points: &[Vec2], cycle: &[usize], ring_next: &[usize], convex: &[bool]) -> Vec<(ConvexPolygon, Vec<u8>)> {
    let pts: Vec<Vec2> = cycle.iter().map(|i| points[*i]).collect();
    if let Ok(p) = ConvexPolygon::new(&pts) {
        let flags = if p.vertices() == pts.as_slice() {
            let next = cycle.iter().skip(1).chain(cycle.first());
            cycle
                .iter()
                .zip(next)
                .map(|(&g, &h)| {
                    let on_boundary = if ring_next[g] == h { ON_BOUNDARY } else { 0 };
                    on_boundary | if convex[g] { CONVEX_CORNER } else { 0 }
                })
                .collect()
        } else {
            vec![UNKNOWN; p.vertices().len()]
        };
        return vec![(p, flags)];
    }
    (1..pts.len().saturating_sub(1))
        .filter_map(|i| ConvexPolygon::new(&[pts[0], pts[i], pts[i + 1]]).ok())
        .map(|p| {
            let n = p.vertices().len();
            (p, vec![UNKNOWN; n])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polygon::tests::{square, v};

    #[test]
    fn a_convex_outline_is_its_own_piece_without_triangulating() {
        let ring = square(1.0, 2.0, 3.0);
        let (parts, flags) = convex_parts(std::slice::from_ref(&ring), Triangulation::Convex);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].vertices(), ring.as_slice());
        assert_eq!(flags, [ON_BOUNDARY | CONVEX_CORNER; 4]);
    }

    #[test]
    fn a_piece_that_lost_a_straight_vertex_rules_nothing_out() {
        // A cycle whose second vertex lies straight between its neighbours: the piece drops it,
        // and the edge spanning it may lie on the boundary, so every flag is set.
        let points = [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)];
        let ring_next = [1, 2, 3, 4, 0];
        let pieces = to_convex(&points, &[0, 1, 2, 3, 4], &ring_next, &[true, false, true, true, true]);
        assert!(!pieces.is_empty());
        for (piece, flags) in pieces {
            assert_eq!(flags.len(), piece.vertices().len());
            assert!(flags.iter().all(|&f| f & ON_BOUNDARY != 0 && f & CONVEX_CORNER != 0), "{flags:?}");
        }
    }

    #[test]
    fn a_cycle_that_is_not_convex_falls_back_to_its_fan_of_triangles() {
        // A dart, reflex at (1, 1): refused as one convex piece, it becomes the two triangles
        // fanning from its first vertex, which cover it, with nothing ruled out about them.
        let points = [v(0.0, 0.0), v(4.0, 0.0), v(1.0, 1.0), v(0.0, 4.0)];
        let pieces = to_convex(&points, &[0, 1, 2, 3], &[1, 2, 3, 0], &[true, true, false, true]);
        let triangles: Vec<&[Vec2]> = pieces.iter().map(|(p, _)| p.vertices()).collect();
        assert_eq!(triangles, [&[points[0], points[1], points[2]][..], &[points[0], points[2], points[3]][..]]);
        assert!(pieces.iter().all(|(_, flags)| flags == &[UNKNOWN; 3]));
    }
}
