//! Convex decomposition, made once when a polygon is built: a constrained Delaunay triangulation
//! (spade, exact predicates) of the outline and holes, the triangles inside kept, then merged
//! greedily across diagonals while the union stays convex (Hertel–Mehlhorn: at most four times
//! the fewest possible pieces).

use std::collections::HashMap;

use glam::Vec2;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

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
/// are given, and their vertices' flags (`ON_BOUNDARY`, `CONVEX_CORNER`), piece after piece in
/// vertex order. `None` if the triangulator refused the input (it cannot for a polygon that
/// passed validation).
pub(crate) fn convex_parts(rings: &[Vec<Vec2>]) -> Option<(Vec<ConvexPolygon>, Vec<u8>)> {
    let points: Vec<Vec2> = rings.iter().flatten().copied().collect();
    let mut constraints = Vec::with_capacity(points.len());
    let mut start = 0;
    for ring in rings {
        let n = ring.len();
        constraints.extend((0..n).map(|i| [start + i, start + (i + 1) % n]));
        start += n;
    }
    let vertices: Vec<Point2<f64>> = points.iter().map(|p| Point2::new(p.x as f64, p.y as f64)).collect();
    let mut conflict = false;
    let cdt = ConstrainedDelaunayTriangulation::<Point2<f64>>::try_bulk_load_cdt(vertices, constraints.clone(), |_| {
        conflict = true;
    })
    .ok()?;
    if conflict || cdt.num_vertices() != points.len() {
        return None;
    }
    // Each ring vertex's successor along its ring, and whether the polygon turns left there
    // (its inside is on the left of every ring, so a left turn is a convex corner).
    let mut ring_next = vec![0; points.len()];
    let mut convex = vec![false; points.len()];
    let mut start = 0;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            ring_next[start + i] = start + (i + 1) % n;
            convex[start + i] = orient2d(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) > 0.0;
        }
        start += n;
    }
    let all: Vec<[usize; 3]> = cdt.inner_faces().map(|f| f.vertices().map(|v| v.fix().index())).collect();
    let triangles: Vec<[usize; 3]> = inside_triangles(&all, &constraints, &ring_next)
        .filter(|t| orient2d(points[t[0]], points[t[1]], points[t[2]]) > 0.0)
        .copied()
        .collect();
    let mut parts = Vec::new();
    let mut flags = Vec::new();
    for cycle in merge(&points, &triangles) {
        for (piece, piece_flags) in to_convex(&points, &cycle, &ring_next, &convex) {
            parts.push(piece);
            flags.extend(piece_flags);
        }
    }
    Some((parts, flags))
}

/// The triangles (counter-clockwise) that lie inside the polygon, decided by its topology, not
/// by testing a point of each: every ring edge `u → v` has the inside on its left, so the
/// triangle holding the directed edge `u → v` is inside and the one holding `v → u` is outside,
/// and crossing an edge that is not a ring edge never changes sides. (A point test misjudges
/// slivers along nearly straight stretches of the outline, whose centroids lie within rounding
/// of it.)
fn inside_triangles<'t>(
    triangles: &'t [[usize; 3]],
    ring_edges: &[[usize; 2]],
    ring_next: &[usize],
) -> impl Iterator<Item = &'t [usize; 3]> {
    let mut owner: HashMap<(usize, usize), usize> = HashMap::with_capacity(triangles.len() * 3);
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            owner.insert((tri[k], tri[(k + 1) % 3]), t);
        }
    }
    // None: not reached yet.
    let mut inside: Vec<Option<bool>> = vec![None; triangles.len()];
    let mut stack: Vec<usize> = Vec::new();
    for &[u, v] in ring_edges {
        for (edge, side) in [((u, v), true), ((v, u), false)] {
            if let Some(&t) = owner.get(&edge) {
                if inside[t].is_none() {
                    inside[t] = Some(side);
                    stack.push(t);
                }
            }
        }
        while let Some(t) = stack.pop() {
            let tri = triangles[t];
            for k in 0..3 {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                if ring_next[a] == b || ring_next[b] == a {
                    continue;
                }
                if let Some(&n) = owner.get(&(b, a)) {
                    if inside[n].is_none() {
                        inside[n] = inside[t];
                        stack.push(n);
                    }
                }
            }
        }
    }
    triangles.iter().zip(inside).filter(|(_, side)| *side == Some(true)).map(|(t, _)| t)
}

/// Hertel–Mehlhorn: remove diagonals, longest first, when both pieces' union stays convex.
/// The pieces as cycles of point indices.
fn merge(points: &[Vec2], triangles: &[[usize; 3]]) -> Vec<Vec<usize>> {
    let mut owner: HashMap<(usize, usize), usize> = HashMap::with_capacity(triangles.len() * 3);
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            owner.insert((tri[k], tri[(k + 1) % 3]), t);
        }
    }
    let mut diagonals: Vec<(usize, usize)> =
        owner.keys().filter(|(u, v)| u < v && owner.contains_key(&(*v, *u))).copied().collect();
    diagonals.sort_by(|a, b| {
        let len = |(u, v): &(usize, usize)| points[*u].distance_squared(points[*v]);
        len(b).total_cmp(&len(a)).then(a.cmp(b))
    });
    let mut pieces: Vec<Option<Vec<usize>>> = triangles.iter().map(|t| Some(t.to_vec())).collect();
    let mut parent: Vec<usize> = (0..triangles.len()).collect();
    for (u, v) in diagonals {
        let (p, q) = (find(&mut parent, owner[&(u, v)]), find(&mut parent, owner[&(v, u)]));
        if p == q {
            continue;
        }
        let (Some(a), Some(b)) = (pieces[p].as_ref(), pieces[q].as_ref()) else { continue };
        if let Some(joined) = join_if_convex(points, a, b, u, v) {
            pieces[p] = Some(joined);
            pieces[q] = None;
            parent[q] = p;
        }
    }
    pieces.into_iter().flatten().collect()
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// `a` holds the directed edge u→v and `b` the edge v→u; their union, if convex at u and v.
fn join_if_convex(points: &[Vec2], a: &[usize], b: &[usize], u: usize, v: usize) -> Option<Vec<usize>> {
    let a_from_v = rotate_to(a, v)?; // v … u
    let b_from_u = rotate_to(b, u)?; // u … v
    let joined: Vec<usize> =
        a_from_v[..a_from_v.len() - 1].iter().chain(&b_from_u[..b_from_u.len() - 1]).copied().collect();
    let n = joined.len();
    let convex_at =
        |k: usize| orient2d(points[joined[(k + n - 1) % n]], points[joined[k]], points[joined[(k + 1) % n]]) >= 0.0;
    let (iu, iv) = (joined.iter().position(|x| *x == u)?, joined.iter().position(|x| *x == v)?);
    (convex_at(iu) && convex_at(iv)).then_some(joined)
}

/// The cycle started at `start`.
fn rotate_to(cycle: &[usize], start: usize) -> Option<Vec<usize>> {
    let k = cycle.iter().position(|x| *x == start)?;
    Some(cycle[k..].iter().chain(&cycle[..k]).copied().collect())
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
