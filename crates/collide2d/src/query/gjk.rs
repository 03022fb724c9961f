//! GJK (Gilbert–Johnson–Keerthi) closest points between two convex vertex sets: the general
//! distance fall-back for polygon against polygon, where the vertex-against-feature scan would be
//! O(n·m). It sees only vertices, so `query::core` calls it and it needs nothing from there.
//!
//! It walks a simplex of the Minkowski difference `A − B` towards the origin; the closest point
//! of that difference to the origin, written as a blend of support pairs, gives one closest point
//! on each shape.
//!
//! The walk runs in f64. Near the end, each step improves the distance by far less than f32
//! rounding of `v · w` (whose terms are coordinate-sized, not distance-sized): with nearly
//! parallel edges a few thousandths apart, the f32 stop test fired mid-edge and the distance came
//! out several per cent too large. In f64 the difference of two f32 vertices of comparable size
//! is exact and the products keep ~29 more bits, so the relative stop test measures real
//! progress and the repeated-support check compares exact points. The f32 inputs are widened as
//! they are read; the cost is a handful of conversions (no allocation, no slower on the
//! benchmark), and the closest points are rounded back to f32 only at the end.

use glam::{DVec2, Vec2};

const MAX_ITERATIONS: usize = 48;
/// Stop when a new support point improves the distance by less than this fraction.
const RELATIVE_TOLERANCE: f64 = 1e-6;

#[derive(Clone, Copy, Default)]
struct SimplexVertex {
    /// The point of `A − B`.
    w: DVec2,
    /// Its source on `A`.
    a: DVec2,
    /// Its source on `B`.
    b: DVec2,
}

/// The vertex of the convex set `v` furthest along `d`, widened to f64.
#[inline]
fn support(v: &[Vec2], d: DVec2) -> DVec2 {
    let mut best = v[0].as_dvec2();
    let mut best_dot = best.dot(d);
    for p in &v[1..] {
        let p = p.as_dvec2();
        let dot = p.dot(d);
        if dot > best_dot {
            best = p;
            best_dot = dot;
        }
    }
    best
}

/// Closest points `(on a, on b)` of the convex hulls of two non-empty vertex sets, or `None`
/// when GJK finds them overlapping.
pub(crate) fn gjk_closest_points(a: &[Vec2], b: &[Vec2]) -> Option<(Vec2, Vec2)> {
    let (a0, b0) = (a[0].as_dvec2(), b[0].as_dvec2());
    let first = SimplexVertex { w: a0 - b0, a: a0, b: b0 };
    let mut simplex = [first; 3];
    let mut weights = [1.0f64, 0.0, 0.0];
    let mut count = 1;
    let mut v = first.w;
    for _ in 0..MAX_ITERATIONS {
        let vv = v.length_squared();
        if vv == 0.0 || !vv.is_finite() {
            return None;
        }
        let (sa, sb) = (support(a, -v), support(b, v));
        let w = sa - sb;
        if vv - v.dot(w) <= RELATIVE_TOLERANCE * vv || simplex[..count].iter().any(|s| s.w == w) {
            break;
        }
        simplex[count] = SimplexVertex { w, a: sa, b: sb };
        count += 1;
        let (closest, new_count) = solve(&mut simplex, &mut weights, count);
        count = new_count;
        if count == 3 {
            return None; // the origin is inside the triangle: the cores overlap
        }
        v = closest;
    }
    let blend = |f: fn(&SimplexVertex) -> DVec2| (0..count).map(|i| f(&simplex[i]) * weights[i]).sum::<DVec2>();
    Some((blend(|s| s.a).as_vec2(), blend(|s| s.b).as_vec2()))
}

/// Replaces the simplex by the sub-simplex nearest the origin; returns the nearest point and the
/// new vertex count (3 only when the origin lies inside the triangle).
fn solve(s: &mut [SimplexVertex; 3], weights: &mut [f64; 3], count: usize) -> (DVec2, usize) {
    match count {
        2 => solve_segment(s, weights),
        _ => solve_triangle(s, weights),
    }
}

/// Nearest point of segment `s[0] s[1]` to the origin, keeping only the vertices it needs.
fn solve_segment(s: &mut [SimplexVertex; 3], weights: &mut [f64; 3]) -> (DVec2, usize) {
    let (w0, w1) = (s[0].w, s[1].w);
    let e = w1 - w0;
    let len_sq = e.length_squared();
    let t = if len_sq > 0.0 { (-w0.dot(e) / len_sq).clamp(0.0, 1.0) } else { 0.0 };
    if t <= 0.0 {
        *weights = [1.0, 0.0, 0.0];
        return (w0, 1);
    }
    if t >= 1.0 {
        s[0] = s[1];
        *weights = [1.0, 0.0, 0.0];
        return (w1, 1);
    }
    *weights = [1.0 - t, t, 0.0];
    (w0 + e * t, 2)
}

/// Nearest point of triangle `s[0] s[1] s[2]` to the origin.
fn solve_triangle(s: &mut [SimplexVertex; 3], weights: &mut [f64; 3]) -> (DVec2, usize) {
    let [w0, w1, w2] = [s[0].w, s[1].w, s[2].w];
    let area = (w1 - w0).perp_dot(w2 - w0);
    let inside = |p: DVec2, q: DVec2| (q - p).perp_dot(-p) * area >= 0.0;
    if area != 0.0 && inside(w0, w1) && inside(w1, w2) && inside(w2, w0) {
        return (DVec2::ZERO, 3);
    }
    // Outside: the nearest of the three edges (each solved as a segment) wins.
    let original = *s;
    let mut best_distance = f64::INFINITY;
    let mut best = (w0, 1);
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let mut edge = [original[i], original[j], original[j]];
        let mut w = [0.0; 3];
        let (p, n) = solve_segment(&mut edge, &mut w);
        if p.length_squared() < best_distance {
            best_distance = p.length_squared();
            (*s, *weights, best) = (edge, w, (p, n));
        }
    }
    best
}
