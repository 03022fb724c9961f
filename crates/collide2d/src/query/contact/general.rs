//! Contact between any two cores swollen by radii (rounded convex polygons, with points and
//! segments as polygons of one and two vertices), the way physics engines build manifolds:
//! find the face of least penetration, then clip the other shape's most opposed edge against it.

use glam::Vec2;

use super::manifold::{Contact, ContactPoint};
use crate::query::core::{closest_points_cores, cores_overlap, within, Core};
use crate::query::ShapeRef;

/// Two unit normals count as parallel (for a two-point manifold) within about 2.5°.
const PARALLEL: f32 = 0.999;

/// A core with its radius: the rounded polygon the shape is.
#[derive(Clone, Copy)]
pub(crate) struct Rounded<'a, 'c> {
    core: &'c Core<'a>,
    radius: f32,
}

/// The contact of two shapes by the general path, or `None` when they do not intersect.
pub(crate) fn contact_general(a: ShapeRef, b: ShapeRef) -> Option<Contact> {
    let ((ca, ra), (cb, rb)) = (Core::of(a), Core::of(b));
    contact_rounded(Rounded { core: &ca, radius: ra }, Rounded { core: &cb, radius: rb })
}

pub(crate) fn contact_rounded(a: Rounded, b: Rounded) -> Option<Contact> {
    if cores_overlap(a.core, b.core) {
        Some(overlapping(a, b))
    } else {
        apart_within_radii(a, b)
    }
}

/// Cores overlap: the reference face is the one of least penetration over both shapes' faces.
fn overlapping(a: Rounded, b: Rounded) -> Contact {
    let (sa, ea) = max_separation(a.core, b.core);
    let (sb, eb) = max_separation(b.core, a.core);
    if sa == f32::NEG_INFINITY && sb == f32::NEG_INFINITY {
        // Two points on top of each other (concentric discs): every direction is as good; use +x.
        let p = a.core.vertices()[0];
        let depth = a.radius + b.radius;
        let point = ContactPoint { point_a: p + Vec2::X * a.radius, point_b: p - Vec2::X * b.radius, depth };
        return Contact::new(Vec2::X, depth, &[point]);
    }
    if sb > sa {
        clip_against_face(b, eb, a, sb).flipped()
    } else {
        clip_against_face(a, ea, b, sa)
    }
}

/// Cores apart but within the sum of the radii: the normal joins the closest points.
fn apart_within_radii(a: Rounded, b: Rounded) -> Option<Contact> {
    let reach = a.radius + b.radius;
    if reach == 0.0 {
        return None; // flat or polygonal cores apart, nothing to swell them into contact
    }
    let (pa, pb) = closest_points_cores(a.core, b.core);
    let gap_sq = pa.distance_squared(pb);
    if !within(gap_sq, reach) {
        return None;
    }
    let gap = gap_sq.sqrt();
    let normal = (pb - pa) / gap;
    let depth = reach - gap;
    // Edge against a parallel edge gives two points: clip as for overlapping faces.
    if let (Some(ea), Some(_)) = (best_face(a.core, normal, PARALLEL), best_face(b.core, -normal, PARALLEL)) {
        let clipped = clip_against_face(a, ea, b, gap);
        if let [p, q] = clipped.points() {
            let cap = |c: &ContactPoint| ContactPoint { depth: c.depth.min(depth), ..*c };
            return Some(Contact::new(normal, depth, &[cap(p), cap(q)]));
        }
    }
    let point = ContactPoint { point_a: pa + normal * a.radius, point_b: pb - normal * b.radius, depth };
    Some(Contact::new(normal, depth, &[point]))
}

/// The face of `core` whose outward normal is most aligned with `dir`, if aligned above `min_dot`.
fn best_face(core: &Core, dir: Vec2, min_dot: f32) -> Option<usize> {
    (0..core.edge_count())
        .map(|i| (i, core.edge(i).2.dot(dir)))
        .filter(|(_, d)| *d >= min_dot)
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(i, _)| i)
}

/// For each face of `a`, how far `b`'s vertices stay beyond it (negative: they reach inside);
/// the largest such separation and its face. `-inf` when `a` has no faces (a point).
fn max_separation(a: &Core, b: &Core) -> (f32, usize) {
    let mut best = (f32::NEG_INFINITY, 0);
    for i in 0..a.edge_count() {
        let (v, _, n) = a.edge(i);
        let s = b.vertices().iter().map(|w| n.dot(*w - v)).fold(f32::INFINITY, f32::min);
        if s > best.0 {
            best = (s, i);
        }
    }
    best
}

/// The manifold with face `face` of `reference` as the reference face: the most opposed edge of
/// `incident` (or its lone vertex) is clipped to the face's extent, and the points at or below
/// the swollen surface are kept. `core_separation` is the signed core distance along the face
/// normal (negative when the cores overlap).
fn clip_against_face(reference: Rounded, face: usize, incident: Rounded, core_separation: f32) -> Contact {
    let (v1, v2, n) = reference.core.edge(face);
    let reach = reference.radius + incident.radius;
    let depth = reach - core_separation;
    let make = |p: Vec2| {
        let s = n.dot(p - v1);
        let on_face = p - n * s;
        ContactPoint { point_a: on_face + n * reference.radius, point_b: p - n * incident.radius, depth: reach - s }
    };
    let mut points = [ContactPoint::default(); 2];
    let mut count = 0;
    if let Some((w1, w2)) = incident_edge(incident.core, n) {
        let tangent = (v2 - v1).normalize_or_zero();
        let length = tangent.dot(v2 - v1);
        let (t1, t2) = (tangent.dot(w1 - v1), tangent.dot(w2 - v1));
        if tangent != Vec2::ZERO && t1 != t2 {
            // Clip the incident edge to the face's extent [0, length] along the tangent.
            let at = |t: f32| w1 + (w2 - w1) * ((t - t1) / (t2 - t1));
            let (lo, hi) = (t1.min(t2).max(0.0), t1.max(t2).min(length));
            if lo <= hi {
                for p in [at(lo), at(hi)] {
                    let cp = make(p);
                    if cp.depth >= 0.0 && (count == 0 || points[0].point_b.distance_squared(cp.point_b) > 0.0) {
                        points[count] = cp;
                        count += 1;
                    }
                }
            }
        }
    }
    if count == 0 {
        // No clipped point reached the face (corner against corner): the deepest vertex speaks.
        let deepest = incident.core.vertices().iter().copied().min_by(|x, y| n.dot(*x).total_cmp(&n.dot(*y)));
        points[0] = make(deepest.unwrap_or(v1));
        points[0].depth = points[0].depth.max(0.0);
        count = 1;
    }
    Contact::new(n, depth, &points[..count])
}

/// The edge of `core` most opposed to `n` (its two ends), or `None` for a point core.
fn incident_edge(core: &Core, n: Vec2) -> Option<(Vec2, Vec2)> {
    let best = (0..core.edge_count()).min_by(|i, j| core.edge(*i).2.dot(n).total_cmp(&core.edge(*j).2.dot(n)))?;
    let (w1, w2, _) = core.edge(best);
    Some((w1, w2))
}
