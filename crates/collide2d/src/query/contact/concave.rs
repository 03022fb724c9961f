//! Contact with concave polygons: the true minimum translation vector.
//!
//! Moving the other shape `S` by `x` makes it overlap convex piece `C` of the polygon exactly
//! when `x` lies in the Minkowski difference `C − S`. The shortest separating translation is
//! therefore the shortest way from the origin out of the *union* of those differences — not the
//! largest or the sum of the pieces' own vectors, which can push into a neighbouring piece or
//! further than needed. Along any direction the exit distance is exact (intersect the ray with
//! each convex difference, then walk out through overlapping stretches); the directions tried
//! are those where the minimum can lie — every face normal, the direction of every vertex, the
//! corners where two differences' boundaries cross — plus a fan of directions refined by
//! golden-section search for the rounded corners of discs and capsules.

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::polygon::Polygon;
use crate::query::core::Core;
use crate::query::intersects::concave_vs;
use crate::query::{ShapeLike, ShapeRef};
use crate::shape::{Aabb, ConvexPolygon};

/// Directions in the fan that backs up the exact candidates.
const FAN: usize = 64;

/// One convex piece of the union: `core ⊕ disc(radius)`, from polygon piece `piece` and the
/// other shape's piece `other_piece`.
struct Region {
    core: ConvexPolygon,
    radius: f32,
    piece: usize,
    other_piece: usize,
}

/// The contact of polygon `p` (as `a`) with `other` (as `b`).
pub(crate) fn contact_concave(p: &Polygon, other: ShapeRef) -> Option<Contact> {
    if !concave_vs(p, other) {
        return None;
    }
    let other_pieces: Vec<ShapeRef> = match other {
        ShapeRef::Polygon(q) => q.convex_parts().iter().map(ShapeRef::ConvexPolygon).collect(),
        _ => vec![other],
    };
    let flat = is_flat(other);
    let bound = clearing_bound(&p.aabb(), &other.aabb());
    let reach = other.aabb().expanded(bound * 1.001 + 1e-6);
    let mut regions = Vec::new();
    for (i, piece) in p.convex_parts().iter().enumerate() {
        if !piece.aabb().intersects(&reach) {
            continue;
        }
        for (j, o) in other_pieces.iter().enumerate() {
            if piece.aabb().intersects(&o.aabb().expanded(bound * 1.001 + 1e-6)) {
                if let Some(r) = difference(piece, *o, i, j) {
                    regions.push(r);
                }
            }
        }
    }
    // Walking out, a region that starts within `tolerance` of the current exit counts as entered:
    // the reported push then clears every region by at least that much, so a push slightly past
    // it still separates (an exit exactly at a pinch between two pieces would not).
    let scale = 1.0 + bound + p.aabb().half_extents().length() + other.aabb().half_extents().length();
    let tolerance = 1e-4 * scale;
    let escape = |d: Vec2| escape_along(&regions, d, flat, tolerance);

    let mut best = (f32::INFINITY, Vec2::X, usize::MAX);
    let consider = |d: Vec2, best: &mut (f32, Vec2, usize)| {
        if let Some(d) = d.try_normalize() {
            let (t, region) = escape(d);
            if t < best.0 {
                *best = (t, d, region);
            }
        }
    };
    for d in candidate_directions(&regions) {
        consider(d, &mut best);
    }
    for d in crossing_directions(&regions, best.0) {
        consider(d, &mut best);
    }
    let step = std::f32::consts::TAU / FAN as f32;
    let mut fan: Vec<(f32, f32)> =
        (0..FAN).map(|k| (k as f32 * step, escape(Vec2::from_angle(k as f32 * step)).0)).collect();
    fan.sort_by(|a, b| a.1.total_cmp(&b.1));
    for &(angle, _) in fan.iter().take(3) {
        let d = refine(angle, step, |a| escape(Vec2::from_angle(a)).0);
        consider(d, &mut best);
    }
    if !best.0.is_finite() {
        return None;
    }
    let (depth, normal, region) = best;
    Some(Contact::new(normal, depth, &[manifold_point(p, &other_pieces, regions.get(region), other, normal, depth)]))
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

/// `piece − other` as a rounded convex region.
fn difference(piece: &ConvexPolygon, other: ShapeRef, i: usize, j: usize) -> Option<Region> {
    let (core, radius) = Core::of(other);
    let mut points = Vec::with_capacity(piece.vertices().len() * core.vertices().len());
    for c in piece.vertices() {
        points.extend(core.vertices().iter().map(|t| *c - *t));
    }
    let core = ConvexPolygon::from_hull(&points).ok()?;
    Some(Region { core, radius, piece: i, other_piece: j })
}

/// Face normals and vertex directions of every region.
fn candidate_directions(regions: &[Region]) -> Vec<Vec2> {
    let mut dirs = Vec::new();
    for r in regions {
        dirs.extend_from_slice(r.core.normals());
        for v in r.core.vertices() {
            dirs.push(*v);
            dirs.push(-*v);
        }
    }
    dirs
}

/// Where the (radius-offset) faces of two different regions cross within `limit` of the
/// origin: the corners of the union, where its nearest point often lies.
fn crossing_directions(regions: &[Region], limit: f32) -> Vec<Vec2> {
    let faces: Vec<(usize, Vec2, Vec2)> = regions
        .iter()
        .enumerate()
        .flat_map(|(k, r)| {
            r.core.edges().zip(r.core.normals()).map(move |((a, b), n)| (k, a + *n * r.radius, b + *n * r.radius))
        })
        .filter(|(_, a, b)| crate::query::core::point_segment_distance_squared(Vec2::ZERO, *a, *b) <= limit * limit)
        .collect();
    let mut dirs = Vec::new();
    for (i, (ri, a, b)) in faces.iter().enumerate() {
        for (rj, c, d) in &faces[i + 1..] {
            if ri == rj {
                continue;
            }
            let (r, s) = (*b - *a, *d - *c);
            let denom = r.perp_dot(s);
            if denom == 0.0 {
                continue;
            }
            let t = (*c - *a).perp_dot(s) / denom;
            let u = (*c - *a).perp_dot(r) / denom;
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                dirs.push(*a + r * t);
            }
        }
    }
    dirs
}

/// The exit distance along unit `d` and the region it leaves last: start at 0 and, while inside
/// any region's stretch of the ray, jump to that stretch's end.
fn escape_along(regions: &[Region], d: Vec2, flat: bool, tolerance: f32) -> (f32, usize) {
    let mut stretches: Vec<(f32, f32, usize)> =
        regions.iter().enumerate().filter_map(|(k, r)| line_stretch(r, d).map(|(lo, hi)| (lo, hi, k))).collect();
    stretches.sort_by(|a, b| a.0.total_cmp(&b.0));
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

/// Where the line `t d` runs through a rounded convex region: `[lo, hi]`, or `None`.
fn line_stretch(r: &Region, d: Vec2) -> Option<(f32, f32)> {
    let mut span = polygon_stretch(&r.core, d);
    if r.radius > 0.0 {
        let v = r.core.vertices();
        for i in 0..v.len() {
            for s in [disc_stretch(v[i], r.radius, d), band_stretch(v[i], v[(i + 1) % v.len()], r.radius, d)] {
                span = union(span, s);
            }
        }
    }
    span.filter(|(lo, hi)| lo <= hi)
}

fn union(a: Option<(f32, f32)>, b: Option<(f32, f32)>) -> Option<(f32, f32)> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (x, None) | (None, x) => x,
    }
}

/// Cyrus–Beck on the whole line.
fn polygon_stretch(core: &ConvexPolygon, d: Vec2) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    for (v, n) in core.vertices().iter().zip(core.normals()) {
        let (speed, limit) = (n.dot(d), n.dot(*v));
        if speed > 0.0 {
            hi = hi.min(limit / speed);
        } else if speed < 0.0 {
            lo = lo.max(limit / speed);
        } else if limit <= 0.0 {
            // Parallel to this face and not strictly inside it: the line at most slides along
            // the region's boundary, which is touching, not overlapping.
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

/// Golden-section search for the angle of least exit distance within `center ± half_width`.
fn refine(center: f32, half_width: f32, f: impl Fn(f32) -> f32) -> Vec2 {
    let g = 0.618_034f32;
    let (mut a, mut b) = (center - half_width, center + half_width);
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - g * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    Vec2::from_angle(if fc < fd { c } else { d })
}

/// Where they touch: the convex contact of the two pieces whose region was left last, else the
/// other shape's deepest point against the normal.
fn manifold_point(
    p: &Polygon,
    others: &[ShapeRef],
    region: Option<&Region>,
    other: ShapeRef,
    normal: Vec2,
    depth: f32,
) -> ContactPoint {
    if let Some(r) = region {
        let piece = ShapeRef::ConvexPolygon(&p.convex_parts()[r.piece]);
        if let Some(c) = super::contact_ref(piece, others[r.other_piece]) {
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
