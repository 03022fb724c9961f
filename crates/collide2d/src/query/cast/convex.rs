//! The linear cast of one convex core pair: a ray cast against their Minkowski difference.
//!
//! Shape `b` moving by `t · v` touches a fixed shape `a` exactly when `t · v` lies in
//! `K = (core_a ⊕ −core_b) ⊕ disc(ra + rb)`, so the time of impact is where the ray from the origin
//! along `v` first meets `K`. `K`'s polygon is the merge of the two cores' edges by angle (at most
//! `n + m` vertices), walked here without storing it, so a cast allocates nothing. Its rounded
//! boundary is made of the polygon's edges pushed out by the radius and of arcs around its
//! vertices; every one of those pieces lies inside `K`, so the first time the ray meets any of
//! them is the first time it meets `K`. That is exact up to rounding: no iteration, no tolerance.

use glam::Vec2;

use crate::query::core::Core;

/// Where a cast first touched, in the frame where `a` stands still.
#[derive(Clone, Copy, Debug)]
pub(super) struct Touch {
    pub(super) time: f32,
    /// Unit, from `a` towards `b`.
    pub(super) normal: Vec2,
    /// On the surface of `a` (at its starting place).
    pub(super) point: Vec2,
}

/// How far past an edge's ends a ray may meet its line and still count as meeting the edge,
/// relative to the edge: rounding must not let a ray through the shared vertex of two edges.
const END_SLACK: f32 = 1e-6;

/// A vertex of `core_a ⊕ −core_b`: `a[i] − b[j]`.
#[derive(Clone, Copy)]
struct SumVertex {
    at: Vec2,
    i: usize,
    j: usize,
}

/// The first touch of `(core_b ⊕ disc(rb))` moving by `t · v` with `(core_a ⊕ disc(ra))`, for
/// `t` in `[0, t_max]`, or `None`. The shapes must not intersect at `t = 0` (the caller checks).
pub(super) fn cast_cores(a: &Core, ra: f32, b: &Core, rb: f32, v: Vec2, t_max: f32) -> Option<Touch> {
    let (va, vb) = (a.vertices(), b.vertices());
    // The cores' own unit face normals, where they have them, spare a square root per edge.
    let normals = FaceNormals { a: a.faces().map(|f| f.1), b: b.faces().map(|f| f.1) };
    let radius = ra + rb;
    // Cast along `v` scaled to its largest coordinate, so that squares of huge speeds stay
    // finite; times scale back at the end.
    let unit = v.abs().max_element();
    if va.is_empty() || vb.is_empty() || unit.is_nan() || unit == 0.0 {
        return None;
    }
    let v = v / unit;
    let speed2 = v.length_squared();
    let mut best: Best = None;
    let mut limit = t_max * unit;
    let mut first: Option<SumVertex> = None;
    let mut prev: Option<SumVertex> = None;
    for k in sum_vertices(va, vb) {
        if let Some((t, normal)) = ray_disc(v, speed2, k.at, radius) {
            if t <= limit {
                limit = t;
                best = Some((t, normal, k, k, 0.0));
            }
        }
        if let Some(p) = prev {
            ray_edge(v, p, k, radius, &normals, &mut best, &mut limit);
        }
        first.get_or_insert(k);
        prev = Some(k);
    }
    if let (Some(p), Some(f)) = (prev, first) {
        // The closing edge (for a two-vertex sum, the segment's other side).
        if p.i != f.i || p.j != f.j {
            ray_edge(v, p, f, radius, &normals, &mut best, &mut limit);
        }
    }
    let (time, normal, k0, k1, s) = best?;
    let on_core = va[k0.i] + (va[k1.i] - va[k0.i]) * s;
    Some(Touch { time: time / unit, normal, point: on_core + normal * ra })
}

/// The soonest touch so far: time, unit normal, and where on the sum: at `s` from the first
/// vertex to the second (the same vertex twice for an arc).
type Best = Option<(f32, Vec2, SumVertex, SumVertex, f32)>;

/// Where the ray `t · v` (`t ≥ 0`) meets the edge `p → q` of the sum pushed out by `radius`, if
/// no later than `limit`.
/// The unit outward face normals of the two cores, for those that are boxes or polygons.
struct FaceNormals<'c> {
    a: Option<&'c [Vec2]>,
    b: Option<&'c [Vec2]>,
}

impl FaceNormals<'_> {
    /// The outward unit normal of the sum's edge `p → q` (direction `e`): the face of `a` it
    /// runs along, or the reversed face of `b`, or else worked out from `e`.
    fn of(&self, p: SumVertex, q: SumVertex, e: Vec2) -> Vec2 {
        let stored = if p.i != q.i { self.a.map(|n| n[p.i]) } else { self.b.map(|n| -n[p.j]) };
        stored.unwrap_or_else(|| Vec2::new(e.y, -e.x).normalize_or_zero())
    }
}

/// Where the ray `t · v` (`t ≥ 0`) meets the edge `p → q` of the sum pushed out by `radius`, if
/// no later than `limit`.
#[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN must read as "no hit"
fn ray_edge(v: Vec2, p: SumVertex, q: SumVertex, radius: f32, normals: &FaceNormals, best: &mut Best, limit: &mut f32) {
    let e = q.at - p.at;
    let n = normals.of(p, q, e);
    let approach = n.dot(v);
    if !(approach < 0.0) {
        return;
    }
    let offset = n.dot(p.at) + radius;
    // The origin must start outside the edge's line, or the ray does not cross it inwards.
    if !(offset < 0.0) {
        return;
    }
    let t = offset / approach;
    if !(t <= *limit) {
        return;
    }
    let s = (v * t - p.at).dot(e) / e.length_squared();
    if (-END_SLACK..=1.0 + END_SLACK).contains(&s) {
        *limit = t;
        *best = Some((t, n, p, q, s.clamp(0.0, 1.0)));
    }
}

/// Where the ray `t · v` (`t ≥ 0`) first meets the disc of `radius` around `c`, and the outward
/// normal there. A zero radius (sharp cores) meets only a vertex straight ahead.
#[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN must read as "no hit"
fn ray_disc(v: Vec2, speed2: f32, c: Vec2, radius: f32) -> Option<(f32, Vec2)> {
    let along = v.dot(c);
    if !(along > 0.0) {
        return None;
    }
    let across = v.perp_dot(c);
    let reach2 = radius * radius * speed2;
    if radius == 0.0 {
        // Head-on into a vertex (a point or segment core sliding along another's line).
        if across.abs() > 1e-6 * along {
            return None;
        }
        let t = along / speed2;
        return Some((t, -v / speed2.sqrt()));
    }
    if across * across > reach2 {
        return None;
    }
    let t = (along - (reach2 - across * across).sqrt()) / speed2;
    if !(t >= 0.0) {
        return None;
    }
    Some((t, (v * t - c) / radius))
}

/// The pseudo-angle of direction `d`, monotone in its angle over `[0, 2π)` from +x, in `[0, 4)`;
/// −1 for a zero edge (a repeated vertex, as in a flat box), which is walked at once since it
/// adds nothing to the sum.
fn angle_key(d: Vec2) -> f32 {
    let size = d.x.abs() + d.y.abs();
    if size == 0.0 {
        return -1.0;
    }
    let p = d.x / size;
    if d.y < 0.0 {
        3.0 + p
    } else {
        1.0 - p
    }
}

/// The lowest vertex (then leftmost) of `v`, where a walk by edge angle starts; with `flip`, of
/// `−v`.
fn lowest(v: &[Vec2], flip: bool) -> usize {
    let key = |p: Vec2| if flip { -p } else { p };
    (0..v.len())
        .min_by(|&i, &j| {
            let (p, q) = (key(v[i]), key(v[j]));
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0)
}

/// The vertices of `a ⊕ −b` counter-clockwise (both counter-clockwise; one or two vertices
/// allowed), each with the vertices it sums, by merging the two edge walks by angle.
fn sum_vertices<'v>(a: &'v [Vec2], b: &'v [Vec2]) -> impl Iterator<Item = SumVertex> + 'v {
    let (n, m) = (a.len(), b.len());
    let (mut i, mut j) = (lowest(a, false), lowest(b, true));
    // Edges left to walk on each side (a single vertex has none).
    let (mut left_a, mut left_b) = (if n > 1 { n } else { 0 }, if m > 1 { m } else { 0 });
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let here = SumVertex { at: a[i] - b[j], i, j };
        let next_a = if i + 1 == n { 0 } else { i + 1 };
        let next_b = if j + 1 == m { 0 } else { j + 1 };
        let key_a = (left_a > 0).then(|| angle_key(a[next_a] - a[i]));
        let key_b = (left_b > 0).then(|| angle_key(b[j] - b[next_b]));
        match (key_a, key_b) {
            (None, None) => done = true,
            (Some(ka), Some(kb)) if ka == kb => {
                (i, j, left_a, left_b) = (next_a, next_b, left_a - 1, left_b - 1);
            }
            (Some(ka), Some(kb)) if ka < kb => (i, left_a) = (next_a, left_a - 1),
            (Some(_), None) => (i, left_a) = (next_a, left_a - 1),
            _ => (j, left_b) = (next_b, left_b - 1),
        }
        if left_a == 0 && left_b == 0 {
            // Back at the start: the last vertex was the one before it.
            done = true;
        }
        Some(here)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(c: Vec2, h: f32) -> [Vec2; 4] {
        [c + Vec2::new(-h, -h), c + Vec2::new(h, -h), c + Vec2::new(h, h), c + Vec2::new(-h, h)]
    }

    #[test]
    fn the_sum_of_two_squares_is_a_square_of_both_sizes() {
        let a = square(Vec2::ZERO, 1.0);
        let b = square(Vec2::new(5.0, 0.0), 0.5);
        let sum: Vec<Vec2> = sum_vertices(&a, &b).map(|k| k.at).collect();
        assert_eq!(sum, square(Vec2::new(-5.0, 0.0), 1.5).to_vec());
    }

    #[test]
    fn the_sum_with_a_point_is_the_other_shape_moved() {
        let a = [Vec2::new(2.0, 3.0)];
        let b = square(Vec2::ZERO, 1.0);
        let sum: Vec<Vec2> = sum_vertices(&a, &b).map(|k| k.at).collect();
        // −b is the same square; walked from its lowest-leftmost vertex.
        assert_eq!(sum, square(Vec2::new(2.0, 3.0), 1.0).to_vec());
    }

    #[test]
    fn a_triangle_and_a_segment_sum_to_five_vertices() {
        let a = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)];
        let b = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)];
        let sum: Vec<Vec2> = sum_vertices(&a, &b).map(|k| k.at).collect();
        assert_eq!(sum.len(), 5, "{sum:?}");
        let area: f32 = (0..sum.len()).map(|k| sum[k].perp_dot(sum[(k + 1) % sum.len()])).sum::<f32>() / 2.0;
        // The triangle (area 2) swept along the segment (length √2) across its width 2√2.
        assert!((area - 6.0).abs() < 1e-5, "{area} {sum:?}");
    }
}
