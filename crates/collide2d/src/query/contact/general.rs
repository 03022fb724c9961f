//! Contact between any two cores swollen by radii (rounded convex polygons, with points and
//! segments as polygons of one and two vertices), the way physics engines build manifolds:
//! find the face of least penetration, then clip the other shape's most opposed edge against it.

use glam::Vec2;

use super::approach::{classify, closest_approach, Gap, Segment};
use super::manifold::{Contact, ContactPoint};
use super::separation::{clearly_apart, max_separation, Separation};
use crate::math::Order;
use crate::math::{distance_squared64, saturate};
use crate::query::core::{closest_on_segment, closest_pair_cores, cores_distance_squared, cores_overlap, within, Core};
use crate::query::intersects::intersects_ref;
use crate::query::ShapeRef;

/// Two unit normals count as parallel (for a two-point manifold) within about 2.5°.
pub(super) const PARALLEL: f32 = 0.999;

/// A core with its radius and its faces: the rounded polygon the shape is.
#[derive(Clone, Copy)]
pub(crate) struct Rounded<'a, 'c> {
    core: &'c Core<'a>,
    radius: f32,
    /// The outward unit normal of each face, face `i` running from vertex `i` to the next: a
    /// box's or polygon's own, a segment's two sides (worked out once, where they are needed),
    /// none for a point.
    normals: &'c [Vec2],
}

impl<'a, 'c> Rounded<'a, 'c> {
    /// The core swollen by `radius`; a segment's two face normals are worked out into `store`.
    #[inline]
    fn new(core: &'c Core<'a>, radius: f32, store: &'c mut [Vec2; 2]) -> Self {
        Rounded { core, radius, normals: flat_faces(core, store).1 }
    }

    /// The core swollen by `radius`, with its face normals given (`[right, left]` for a segment).
    #[inline]
    pub(super) fn with_normals(core: &'c Core<'a>, radius: f32, normals: &'c [Vec2]) -> Self {
        Rounded { core, radius, normals }
    }

    /// Face `i` as `(start, end, outward unit normal)`.
    #[inline]
    fn edge(&self, i: usize) -> (Vec2, Vec2, Vec2) {
        let v = self.core.vertices();
        let next = if i + 1 == v.len() { 0 } else { i + 1 };
        (v[i], v[next], self.normals[i])
    }

    /// Its vertices and face normals.
    #[inline]
    pub(super) fn faces(&self) -> (&'c [Vec2], &'c [Vec2]) {
        (self.core.vertices(), self.normals)
    }
}

/// The contact of two shapes by the general path, or `None` when they do not intersect.
pub(crate) fn contact_general(a: ShapeRef, b: ShapeRef) -> Option<Contact> {
    if let (ShapeRef::Point(_), _) | (_, ShapeRef::Point(_)) = (a, b) {
        return contact_with_a_point(a, b);
    }
    Core::with_pair(a, b, contact_cores)
}

/// [`contact_general`] of a pair with a point, held to `intersects`' verdict: that asks whether
/// the other shape holds the point by its own test (a box's in its own frame), not through the
/// cores, and within rounding of touching the two can differ. `intersects` decides; a touch the
/// cores put a hair apart is a contact of depth 0 between their closest points.
#[cold]
fn contact_with_a_point(a: ShapeRef, b: ShapeRef) -> Option<Contact> {
    if !intersects_ref(a, b) {
        return None;
    }
    Core::with_pair(a, b, |(ca, ra), (cb, rb)| {
        contact_cores((ca, ra), (cb, rb)).or_else(|| {
            let (pa, pb, normal) = closest_pair_cores(ca, cb);
            let point = ContactPoint { point_a: pa + normal * ra, point_b: pb - normal * rb, depth: 0.0 };
            Some(Contact::new(normal, 0.0, &[point]))
        })
    })
}

/// [`contact_general`] of the cores `a` and `b` swollen by their radii.
#[inline(never)]
fn contact_cores((ca, ra): (&Core, f32), (cb, rb): (&Core, f32)) -> Option<Contact> {
    let (mut store_a, mut store_b) = ([Vec2::ZERO; 2], [Vec2::ZERO; 2]);
    if let (Some(fa), Some(fb)) = (ca.faces(), cb.faces()) {
        let (a, b) = (Rounded::new(ca, ra, &mut store_a), Rounded::new(cb, rb, &mut store_b));
        // Both cores have area (or are flat boxes, whose faces still include their ends): one
        // separating-axis pass over the faces both decides overlap and finds the reference face.
        // f32 separations are trusted outside a band well above their rounding error; inside it
        // (near touching) the exact test decides, the same one `intersects` uses. A face clearly
        // separating them ends the pass: box and polygon cores are never swollen, so apart
        // means no contact.
        let (scale_a, scale_b) = (size(fa.0), size(fb.0));
        let band = beyond_rounding(scale_a, scale_b, 0.0);
        let (sa, ea) = max_separation(fa, fb.0, band);
        if clearly_apart(sa, band) {
            return None;
        }
        let (sb, eb) = max_separation(fb, fa.0, band);
        let overlap = cores_meet_by(sa.at_least(sb), band, ca, cb);
        return overlap.then(|| pick_reference(a, (sa, ea), b, (sb, eb), scale_a.at_least(scale_b)));
    }
    let both_flat = both_flat(ca, cb);
    let (scale_a, scale_b, reach) = (size(ca.vertices()), size(cb.vertices()), ra + rb);
    let scale = scale_a.at_least(scale_b);
    if both_flat {
        // Points and segments: too few faces for separations to pay; the exact tests at once.
        let (a, b) = (Rounded::new(ca, ra, &mut store_a), Rounded::new(cb, rb, &mut store_b));
        if !cores_overlap(ca, cb) {
            return apart_within_radii(a, b);
        }
        let separations = (max_separation(a.faces(), cb.vertices(), f32::INFINITY), {
            max_separation(b.faces(), ca.vertices(), f32::INFINITY)
        });
        return Some(overlapping(a, separations.0, b, separations.1, scale));
    }
    // A segment or point against a box or polygon. The faces of either core (a segment's two
    // sides count) give a separation that never exceeds the cores' distance: one beyond the
    // radii's reach, clear of rounding, says "apart" without the exact tests. The box's or
    // polygon's faces go first: against two vertices or one they cost least, and often settle
    // it. The segment's sides are normalised before them all the same: the square root and
    // division run while the faces are taken, where after them the sides would wait on them.
    let beyond_reach = reach + beyond_rounding(scale_a, scale_b, reach);
    let a_first = ca.faces().is_some();
    let (first, second) = if a_first { (ca, cb) } else { (cb, ca) };
    let (a, b) = (Rounded::new(ca, ra, &mut store_a), Rounded::new(cb, rb, &mut store_b));
    let first_faces = if a_first { a.faces() } else { b.faces() };
    let first_separation = max_separation(first_faces, second.vertices(), beyond_reach);
    if clearly_apart(first_separation.0, beyond_reach) {
        return None;
    }
    let second_faces = if a_first { b.faces() } else { a.faces() };
    let second_separation = max_separation(second_faces, first.vertices(), beyond_reach);
    let (separation_a, separation_b) =
        if a_first { (first_separation, second_separation) } else { (second_separation, first_separation) };
    let worst = separation_a.0.at_least(separation_b.0);
    if clearly_apart(worst, beyond_reach) {
        return None;
    }
    // A box's or polygon's faces with a segment's two sides, or alone against a point, are
    // every separating axis there is.
    if cores_meet_by(worst, beyond_rounding(scale_a, scale_b, 0.0), ca, cb) {
        Some(overlapping(a, separation_a, b, separation_b, scale))
    } else if reach == 0.0 {
        None // a segment or point apart from a box or polygon, nothing to swell them into contact
    } else {
        let band = beyond_rounding(scale_a, scale_b, reach);
        apart_by_faces(a, separation_a, b, separation_b, (band, (scale_a, scale_b)), || apart_within_radii(a, b))
    }
}

/// Cores apart (a segment or point against a box or polygon) but perhaps within the radii,
/// settled from the faces as Box2D settles them: the closest approach of the face of least
/// separation and the other core's edge most opposed to it (or its lone vertex). The approach
/// is taken for the cores' distance once shown to be ([`approach_is_distance`], given the
/// coordinates' sizes `scales`), and its gap is judged against the reach only clear of the
/// rounding `band`: the answer then, else `unsure()`, the exact scan's. (The answer is not
/// handed back in a wrapper to be unpacked: its copy out of one stalled the caller's reads.)
fn apart_by_faces(
    a: Rounded,
    (sa, ea): Separation,
    b: Rounded,
    (sb, eb): Separation,
    (band, scales): (f32, (f32, f32)),
    unsure: impl FnOnce() -> Option<Contact>,
) -> Option<Contact> {
    let b_reference = sb > sa;
    let (reference, face, incident) = if b_reference { (b, eb, a) } else { (a, ea, b) };
    let (v1, v2, n) = reference.edge(face);
    let Some(face) = Segment::face(v1, v2, n) else { return unsure() };
    let (dist_sq, on_face, on_incident, normal) = match incident_edge(&incident, n) {
        Some((w1, w2, m)) => match Segment::face(w1, w2, m) {
            Some(edge) => closest_approach(&face, &edge),
            None => return unsure(),
        },
        None => {
            let Some(&p) = incident.core.vertices().first() else { return unsure() };
            let (dist_sq, foot, towards_p) = face.approach(p);
            (dist_sq, foot, p, towards_p)
        }
    };
    let gap = dist_sq.sqrt();
    if !approach_is_distance((reference.core, incident.core), normal, gap, sa.at_least(sb), scales) {
        return unsure();
    }
    match classify(gap, a.radius as f64 + b.radius as f64, band as f64) {
        Gap::Beyond => None,
        Gap::Unsure => unsure(),
        Gap::Within(gap) => {
            let (pa, pb, normal) =
                if b_reference { (on_incident, on_face, -normal) } else { (on_face, on_incident, normal) };
            Some(within_radii((a, pa), (b, pb), normal, gap))
        }
    }
}

/// Whether an approach `gap` apart along the unit `normal`, from the core `from` towards `to`,
/// is their distance, to within a millionth of the coordinates' sizes `scales`: as short as
/// `separation`, the reference face's own (which bounds the distance from below), or with the
/// cores' projections along `normal` as far apart (that axis then proves no pair is closer;
/// f64 products of f32 vertices, rounded far below the tolerance). False for NaN.
///
/// A guard against rounding: the face of least separation holds the closest approach, with the
/// other core's vertex deepest against it, which lies on the edge it faces, so the approach is
/// the distance unless rounding picked a face that ties the best to within a few ulps.
#[inline]
pub(super) fn approach_is_distance(
    (from, to): (&Core, &Core),
    normal: Vec2,
    gap: f64,
    separation: f32,
    (scale_a, scale_b): (f32, f32),
) -> bool {
    let least = gap - 1e-6 * (scale_a as f64 + scale_b as f64);
    if separation as f64 >= least {
        return true;
    }
    // An end against an end: the face's separation falls short of the gap.
    let direction = normal.as_dvec2();
    let along = |v: &Vec2| direction.dot(v.as_dvec2());
    let near_from = from.vertices().iter().map(along).fold(f64::NEG_INFINITY, f64::at_least);
    let near_to = to.vertices().iter().map(along).fold(f64::INFINITY, f64::at_most);
    near_to - near_from >= least
}

/// Whether two cores overlap, given `worst`, the largest separation of their faces (which must
/// be every separating axis there is): one clearly above the rounding `band` says they do not,
/// one clearly below it says they do, and near zero the exact test decides.
#[inline]
fn cores_meet_by(worst: f32, band: f32, a: &Core, b: &Core) -> bool {
    if clearly_apart(worst, band) {
        false
    } else if worst < -band {
        true
    } else {
        cores_overlap(a, b)
    }
}

/// Whether neither core is a box or polygon (both are points or segments), for which
/// `contact_rounded` takes the exact tests at once. Every mutant only sends a pair down the
/// other path, which gives the same answer.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn both_flat(a: &Core, b: &Core) -> bool {
    a.faces().is_none() && b.faces().is_none()
}

/// The largest coordinate magnitude of `vertices`: a scale for the rounding of products of them.
#[inline]
pub(super) fn size(vertices: &[Vec2]) -> f32 {
    // Both coordinates at once, one max per vertex: vertices come from validated shapes and
    // are finite (a NaN would be passed over, as `f32::max` does).
    let reach = vertices.iter().fold(Vec2::ZERO, |m, v| m.max(v.abs()));
    reach.max_element()
}

/// How far past the reach a face's f32 separation must be to be trusted: 1e-5 of the
/// coordinates' sizes `scale_a` and `scale_b` and of the reach, far above the few ulps its dot
/// products round by. Its own function so that its mutants are named: another margin only
/// moves how near the reach a separation is left to the exact path (precision, not answers,
/// but where the margin falls below the rounding).
#[inline]
pub(super) fn beyond_rounding(scale_a: f32, scale_b: f32, reach: f32) -> f32 {
    1e-5 * (scale_a + scale_b + reach)
}

/// Cores overlap: the reference face is the one of least penetration over both shapes' faces
/// (`max_separation` of each core's faces against the other's vertices; `scale`, the larger
/// coordinates' size).
fn overlapping(a: Rounded, (sa, ea): Separation, b: Rounded, (sb, eb): Separation, scale: f32) -> Contact {
    if sa == f32::NEG_INFINITY && sb == f32::NEG_INFINITY {
        // Two points on top of each other (concentric discs): every direction is as good; use +x.
        let p = a.core.vertices()[0];
        let depth = a.radius + b.radius;
        let point = ContactPoint { point_a: p + Vec2::X * a.radius, point_b: p - Vec2::X * b.radius, depth };
        return Contact::new(Vec2::X, depth, &[point]);
    }
    pick_reference(a, (sa, ea), b, (sb, eb), scale)
}

/// The faces of any core as (start vertices, outward normals): a segment has one on each side
/// (normals written into `normals`), a point none.
fn flat_faces<'c>(core: &'c Core, normals: &'c mut [Vec2; 2]) -> (&'c [Vec2], &'c [Vec2]) {
    if let Some(faces) = core.faces() {
        return faces;
    }
    let v = core.vertices();
    if v.len() == 2 {
        // Face 1 is face 0 reversed: one direction serves both.
        let right = core.edge(0).2;
        *normals = [right, -right];
        return (v, &normals[..]);
    }
    (v, &[])
}

/// The face of least penetration as the reference: `b`'s only when clearly better (so that a
/// resting contact does not flip between frames), and never a zero-length face (the end of a
/// flat box) when the other shape offers a face as good.
///
/// "Clearly" is relative: 1e-5 of the larger separation, plus 1e-5 of the coordinates' size
/// `scale` (at most 1e-5 in all), so that shapes far smaller than a unit still pick their true
/// best face.
pub(super) fn pick_reference(
    a: Rounded,
    (sa, ea): (f32, usize),
    b: Rounded,
    (sb, eb): (f32, usize),
    scale: f32,
) -> Contact {
    let tie = tie(scale, sa, sb);
    let point_face = |c: &Rounded, e: usize| {
        let (v1, v2, _) = c.edge(e);
        v1 == v2
    };
    // A core without faces (a point) never gives the reference face: its "separation" is −∞,
    // which would make the tie infinite and the depth with it.
    let use_b = if sa == f32::NEG_INFINITY || sb == f32::NEG_INFINITY {
        sa == f32::NEG_INFINITY
    } else if sb > sa + tie {
        true
    } else if sa > sb + tie {
        false
    } else {
        point_face(&a, ea) && !point_face(&b, eb)
    };
    if use_b {
        clip_against_face(b, eb, a, sb).flipped()
    } else {
        clip_against_face(a, ea, b, sa)
    }
}

/// Cores apart but within the sum of the radii: the normal joins the closest points (taken from
/// their features, not their rounded difference, which may be degrees off for cores a hair apart).
fn apart_within_radii(a: Rounded, b: Rounded) -> Option<Contact> {
    let reach = a.radius + b.radius;
    if reach == 0.0 {
        return None; // flat or polygonal cores apart, nothing to swell them into contact
    }
    // Within the radii by `intersects`' own rule, the cores' distance in f64: the closest
    // points rounded to f32 can put a touch a hair beyond them (a capsule's end on a turned
    // box's face), and the gap they give is kept to the reach.
    if !within(cores_distance_squared(a.core, b.core), a.radius, b.radius) {
        return None;
    }
    let (pa, pb, normal) = closest_pair_cores(a.core, b.core);
    let gap = distance_squared64(pa, pb).sqrt().at_most(a.radius as f64 + b.radius as f64);
    Some(within_radii((a, pa), (b, pb), normal, gap))
}

/// The contact of cores apart by `gap` (closest points `pa` on `a`, `pb` on `b`, unit `normal`
/// from `pa` towards `pb`) but within the sum of the radii: one point, or two where an edge lies
/// parallel to an edge (clipped as overlapping faces are).
pub(super) fn within_radii((a, pa): (Rounded, Vec2), (b, pb): (Rounded, Vec2), normal: Vec2, gap: f64) -> Contact {
    let depth = saturate(a.radius as f64 + b.radius as f64 - gap);
    if let (Some(ea), Some(_)) = (best_face(&a, normal, PARALLEL), best_face(&b, -normal, PARALLEL)) {
        let clipped = clip_against_face(a, ea, b, gap as f32);
        if let [p, q] = clipped.points() {
            let cap = |c: &ContactPoint| ContactPoint { depth: c.depth.at_most(depth), ..*c };
            return Contact::new(normal, depth, &[cap(p), cap(q)]);
        }
    }
    let point = ContactPoint { point_a: pa + normal * a.radius, point_b: pb - normal * b.radius, depth };
    Contact::new(normal, depth, &[point])
}

/// The face of `core` whose outward normal is most aligned with `dir`, if aligned above `min_dot`.
fn best_face(core: &Rounded, dir: Vec2, min_dot: f32) -> Option<usize> {
    core.normals
        .iter()
        .map(|n| n.dot(dir))
        .enumerate()
        .filter(|(_, d)| *d >= min_dot)
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(i, _)| i)
}

/// The manifold with face `face` of `reference` as the reference face: the most opposed edge of
/// `incident` (or its lone vertex) is clipped to the face's extent, and the points at or below
/// the swollen surface are kept. `core_separation` is the signed core distance along the face
/// normal (negative when the cores overlap).
pub(super) fn clip_against_face(reference: Rounded, face: usize, incident: Rounded, core_separation: f32) -> Contact {
    let (v1, v2, n) = reference.edge(face);
    let reach = reference.radius as f64 + incident.radius as f64;
    // At least 0: the exact overlap test decided that they meet, and a separation rounded past
    // the reach (coordinates far apart in size) must not report a negative depth.
    let depth = saturate(reach - core_separation as f64).at_least(0.0);
    let make = |p: Vec2| {
        let s = n.dot(p - v1);
        let on_face = p - n * s;
        let depth = saturate(reach - s as f64);
        ContactPoint { point_a: on_face + n * reference.radius, point_b: p - n * incident.radius, depth }
    };
    let mut points = [ContactPoint::default(); 2];
    let mut count = 0;
    if let Some((w1, w2, _)) = incident_edge(&incident, n) {
        // Along the face: its normal turned a quarter left (a zero-length face has no direction).
        let tangent = if v1 == v2 { Vec2::ZERO } else { n.perp() };
        let length = tangent.dot(v2 - v1);
        let (t1, t2) = (tangent.dot(w1 - v1), tangent.dot(w2 - v1));
        if clippable(tangent, t1, t2) {
            // Clip the incident edge to the face's extent [0, length] along the tangent.
            let at = |t: f32| w1 + (w2 - w1) * ((t - t1) / (t2 - t1));
            let (lo, hi) = (t1.at_most(t2).at_least(0.0), t1.at_least(t2).at_most(length));
            if lo <= hi {
                for p in [at(lo), at(hi)] {
                    let cp = make(p);
                    // Clipping a sliver 1e38 long can overflow: such a point is dropped.
                    let finite = both_finite(&cp);
                    if finite && cp.depth >= 0.0 && (count == 0 || points[0].point_b.distance_squared(cp.point_b) > 0.0)
                    {
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
        // The face may be shorter than the incident shape (or a flat box's zero-length end):
        // keep the point on it rather than on its line. (The point's offset along the face's
        // normal, its radius, does not move where it falls along the face.)
        let on_face = closest_on_segment(points[0].point_a, v1, v2);
        points[0].point_a = lifted(on_face, n, reference.radius);
        points[0].depth = points[0].depth.at_least(0.0);
        if !(points[0].point_a.is_finite() && points[0].point_b.is_finite()) {
            // Only where rounding has given up (a sliver 1e38 long): the face's start stands in.
            points[0] = ContactPoint { point_a: v1, point_b: v1, depth: 0.0 };
        }
        count = 1;
    }
    Contact::new(n, depth, &points[..count])
}

/// The edge of `core` most opposed to `n` (its two ends and outward normal), or `None` for a
/// point core.
fn incident_edge(core: &Rounded, n: Vec2) -> Option<(Vec2, Vec2, Vec2)> {
    // One pass, each face's dot product taken once; the first of equally opposed faces, in
    // `total_cmp`'s order, as `min_by` would pick.
    // The edge is read only for the winner.
    let mut best: Option<(f32, usize)> = None;
    for (i, normal) in core.normals.iter().enumerate() {
        let d = normal.dot(n);
        if best.is_none_or(|(least, _)| d.total_cmp(&least).is_lt()) {
            best = Some((d, i));
        }
    }
    best.map(|(_, i)| core.edge(i))
}

/// pick_reference's tie: 1e-5 of the larger separation `sa`, `sb`, plus 1e-5 of the
/// coordinates' size `scale` (at most 1e-5 in all).
#[inline]
fn tie(scale: f32, sa: f32, sb: f32) -> f32 {
    1e-5 * (scale.at_most(1.0) + sa.abs().at_least(sb.abs()))
}

// clip_against_face's tests and point that mutation testing cannot tell apart from others
// beside them, each its own function so that their exclusions name it alone.

/// Whether the incident edge can be clipped to the reference face (direction `tangent`): the
/// face has length and the edge is not square to it (`t1 != t2`). With `||`, or `true`, a
/// zero-length face or an incident edge square to the face gets clipped, dividing by
/// `t2 − t1 = 0`: every point it gives is NaN or infinite, dropped as not finite, and the
/// deepest vertex answers as before.
#[inline]
fn clippable(tangent: Vec2, t1: f32, t2: f32) -> bool {
    tangent != Vec2::ZERO && t1 != t2
}

/// Whether a clipped point is finite on both shapes. Not a strict equivalence, with `||`: the
/// points lie within the reference face's extent and no deeper than the least penetration, so
/// a point's two sides overflow together; one with a single side finite was not found by 10^6
/// cases of extremes.rs's finite-numbers property nor by scans of range-long slivers and
/// diamonds. (Its twin in the fallback, where unclipped vertices do overflow, is pinned by
/// a_segment_as_long_as_the_range_inside_a_tall_box_touches_at_finite_points.)
#[inline]
fn both_finite(cp: &ContactPoint) -> bool {
    cp.point_a.is_finite() && cp.point_b.is_finite()
}

/// The fallback's point on the reference face `on_face`, moved out along `n` to the surface at
/// `radius`. Not a strict equivalence, with `-`: that moves the point only for a rounded
/// reference face (a capsule's side), and a capsule's side reference with no clipped point at
/// or below its surface was not reached in 1.5 million random capsule-and-polygon contacts: the
/// other shape's lowest edge, when the capsule's side is the face of least penetration, crosses
/// the capsule's segment.
#[inline]
fn lifted(on_face: Vec2, n: Vec2, radius: f32) -> Vec2 {
    on_face + n * radius
}

#[cfg(test)]
#[path = "general_tests.rs"]
mod tests;
