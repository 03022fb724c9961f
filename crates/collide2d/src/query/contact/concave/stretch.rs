//! The geometry every stage asks of a region: where a line runs through it, whether a point lies
//! inside it, and the walk out along a ray through the stretches. Apart so that `settle.rs`,
//! the grid and the search share one copy of it.

use glam::Vec2;

use super::budget;
use super::regions::{Regions, FACE};
use crate::math::Order;

/// Whether `x` lies inside rounded region `k` by more than `margin`.
pub(super) fn inside(regions: &Regions, k: usize, x: Vec2, margin: f32) -> bool {
    budget::charge(1);
    let (v, normals, anchors) = (regions.verts(k), regions.normals(k), regions.anchors(k));
    let r = regions.radius - margin;
    if let Some(answer) = regions.wheels.decide(k, anchors, normals, x, r) {
        return answer;
    }
    budget::charge(v.len() as u64 / 8);
    let mut outside = false;
    for (p, n) in anchors.iter().zip(normals) {
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
    // Outside the core but within `r` of every face line: within `r` of its boundary? (A
    // distance in f64 to each face: half a unit each.)
    let len = v.len();
    budget::charge(len as u64 / 2);
    (0..len).any(|i| {
        crate::query::core::point_segment_distance_squared(x, v[i], v[(i + 1) % len]) < (r as f64) * (r as f64)
    })
}

/// Whether `x` lies inside region `k` by more than `margin`, counting the faces other regions
/// cover (not exposable: from diagonals between pieces, or at reflex corners) as moved out by
/// `margin` instead: a point on such a face lies inside the union, not in a gap between two
/// regions (a flat shape lying on a diagonal between pieces touches both regions along it).
/// Rounded regions overlap their neighbours by twice the radius, so they take [`inside`].
pub(super) fn holds(regions: &Regions, k: usize, x: Vec2, margin: f32) -> bool {
    budget::charge(1);
    if regions.radius > 0.0 {
        return inside(regions, k, x, margin);
    }
    let (anchors, normals, flags) = (regions.anchors(k), regions.normals(k), regions.flags(k));
    budget::charge(anchors.len() as u64 / 16);
    anchors.iter().zip(normals).zip(flags).all(|((p, n), f)| {
        let limit = if f & FACE == 0 { margin } else { -margin };
        n.dot(x - *p) < limit
    })
}

/// Whether the box `[lo, hi]` lies inside rounded region `k` by more than `margin`: each of its
/// corners does (regions are convex). Unrounded, in one pass over the faces: the corner furthest
/// out along a face's normal is the one to test.
pub(super) fn box_inside(regions: &Regions, k: usize, lo: Vec2, hi: Vec2, margin: f32) -> bool {
    budget::charge(1);
    if regions.radius > 0.0 {
        let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
        return corners.iter().all(|c| inside(regions, k, *c, margin));
    }
    let (center, half) = ((lo + hi) * 0.5, (hi - lo) * 0.5);
    let (anchors, normals) = (regions.anchors(k), regions.normals(k));
    budget::charge(anchors.len() as u64 / 16);
    anchors.iter().zip(normals).all(|(p, n)| n.dot(center - *p) + n.abs().dot(half) < -margin)
}

/// Where the line `o + t d` (unit `d`) runs through the open inside of rounded region `k`
/// shrunk by `shrink`: `(lo, hi)`, or `None`.
pub(super) fn line_stretch(regions: &Regions, k: usize, o: Vec2, d: Vec2, shrink: f32) -> Option<(f32, f32)> {
    budget::charge(1);
    stretch_growing_covered(regions, k, o, d, shrink, 0.0)
}

/// [`line_stretch`], with the faces that other regions cover (not exposable: from diagonals
/// between pieces, or at reflex corners) moved out by `covered` more. Unrounded regions only.
fn stretch_growing_covered(
    regions: &Regions,
    k: usize,
    o: Vec2,
    d: Vec2,
    shrink: f32,
    covered: f32,
) -> Option<(f32, f32)> {
    let (v, normals, anchors) = (regions.verts(k), regions.normals(k), regions.anchors(k));
    let r = regions.radius;
    // Rounded, a region is spanned by its discs and bands alone: a line enters and leaves it
    // through them, and the core lies within. That also serves a core with no area (see
    // `round_degenerate`), whose two faces would bound only a line.
    let mut span = if rounded(r) {
        None
    } else {
        let clipped = if covered == 0.0 { regions.wheels.clip(k, v, anchors, normals, (o, d), shrink) } else { None };
        clipped.unwrap_or_else(|| {
            // A pass over the faces: a unit for every eight.
            budget::charge(v.len() as u64 / 8);
            polygon_stretch(anchors, normals, regions.flags(k), o, d, shrink, covered)
        })
    };
    if r > 0.0 {
        // A disc and a band for every face (square roots): a unit each.
        budget::charge(v.len() as u64);
        let r = r - shrink;
        for i in 0..v.len() {
            let (p, q) = (v[i] - o, v[(i + 1) % v.len()] - o);
            for s in [disc_stretch(p, r, d), band_stretch(p, q, anchors[i] - o, r, d)] {
                span = union(span, s);
            }
        }
    }
    span
}

fn union(a: Option<(f32, f32)>, b: Option<(f32, f32)>) -> Option<(f32, f32)> {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.at_most(b0), a1.at_least(b1))),
        (x, None) | (None, x) => x,
    }
}

/// The stretch of the ray from the origin along unit `d` that a walk out treats as inside
/// region `k`. A region ahead (not touching the origin) is grown by `margin`: a walk that grazes
/// it (passes within rounding of its corner, or slides along its face) goes around it, so a push
/// just past the exit leaves the shapes apart, not touching within rounding. A region the origin
/// touches is taken as it is, so that touching shapes keep a depth of 0, except for the faces
/// other regions cover: a flat shape lying on a diagonal between two pieces touches both
/// regions along their shared face, and a walk sliding along that face is inside the union (the
/// shapes overlap all along it, see `SumVertex`), not in the gap rounding leaves between them.
///
/// Such a region is left at its own exit, unless the walk leaves it grazing a face (at a shallow
/// angle): then a push `slack` past the exit would still lie within the regions' `clearance`
/// (the margin, or f32 rounding of the coordinates if more) of that face, touching within
/// rounding, not apart (a segment on a diagonal slid along it into a hole whose side runs 4e-4
/// rad off the diagonal). It is then left where it leaves the region grown by that clearance.
pub(super) fn walk_stretch(regions: &Regions, k: usize, d: Vec2, margin: f32, slack: f32) -> Option<(f32, f32)> {
    let (lo, hi) = match line_stretch(regions, k, Vec2::ZERO, d, -margin)? {
        (lo, hi) if starts_ahead(lo) => return Some((lo, hi)),
        _ => stretch_growing_covered(regions, k, Vec2::ZERO, d, 0.0, margin)?,
    };
    if hi <= 0.0 {
        return Some((lo, hi));
    }
    let clearance = regions.clearance.at_least(margin);
    let grown = line_stretch(regions, k, Vec2::ZERO, d, -clearance).map_or(hi, |s| s.1);
    Some((lo, if grown - hi > slack { grown } else { hi }))
}

/// Cyrus–Beck on the whole line `o + t d`, each face (through its anchor, with its normal) moved
/// in by `shrink`, and those not `exposable` out by `covered`.
pub(super) fn polygon_stretch(
    anchors: &[Vec2],
    normals: &[Vec2],
    exposable: &[u8],
    o: Vec2,
    d: Vec2,
    shrink: f32,
    covered: f32,
) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    for (k, (p, n)) in anchors.iter().zip(normals).enumerate() {
        let mut limit = n.dot(*p - o) - shrink;
        if covered != 0.0 && exposable.get(k).is_some_and(|f| f & FACE == 0) {
            limit += covered;
        }
        (lo, hi) = face_bound((lo, hi), limit, n.dot(d))?;
    }
    Some((lo, hi))
}

/// One step of Cyrus–Beck: the stretch `(lo, hi)` of a line `o + t d` cut by a face whose line
/// lies `limit` ahead of `o` along its normal, which `d` moves along at `speed`. `None` once
/// nothing is left.
#[inline]
pub(super) fn face_bound((lo, hi): (f32, f32), limit: f32, speed: f32) -> Option<(f32, f32)> {
    if speed == 0.0 {
        // Parallel to this face and not strictly inside it: the line at most slides along the
        // region's boundary, which is touching, not overlapping.
        return if limit <= 0.0 { None } else { Some((lo, hi)) };
    }
    // Which bound a face sets depends on the way it faces, which a branch predicts badly: both
    // are worked out, and one kept.
    let t = limit / speed;
    let (ahead, behind) = (hi.at_most(t), lo.at_least(t));
    let (lo, hi) = if speed > 0.0 { (lo, ahead) } else { (behind, hi) };
    if past_each_other(lo, hi) {
        None
    } else {
        Some((lo, hi))
    }
}

/// Where the line `t d` (unit `d`) runs through the open disc of radius `r` around `c`.
fn disc_stretch(c: Vec2, r: f32, d: Vec2) -> Option<(f32, f32)> {
    let b = d.dot(c);
    // From the line's offset from the centre, not `b² − |c|²`: with the disc far along the line
    // (a face's end a huge level's extent away), those two squares cancel to their rounding,
    // which swamps `r²`.
    let disc = r * r - (c - d * b).length_squared();
    (disc > 0.0).then(|| (b - disc.sqrt(), b + disc.sqrt()))
}

/// The rectangle swept by edge `[a, b]` moved up to `r` along its normals; its line measured from
/// `anchor` (one of its ends, see `regions::anchor`), as the region on its other side measures it.
fn band_stretch(a: Vec2, b: Vec2, anchor: Vec2, r: f32, d: Vec2) -> Option<(f32, f32)> {
    let e = b - a;
    let n = e.perp().normalize_or_zero();
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    // 0 ≤ (x − a)·e ≤ |e|², −r ≤ (x − anchor)·n ≤ r, with x = t d.
    let across = anchor.dot(n);
    for (axis, min, max) in [(e, a.dot(e), a.dot(e) + e.length_squared()), (n, across - r, band_side(across, r))] {
        let speed = axis.dot(d);
        if speed == 0.0 {
            if !(min < 0.0 && 0.0 < max) {
                return None;
            }
            continue;
        }
        let (t0, t1) = (min / speed, max / speed);
        lo = lo.at_least(t0.at_most(t1));
        hi = hi.at_most(t0.at_least(t1));
    }
    (lo <= hi).then_some((lo, hi))
}

/// Whether the regions are rounded (radius `r` above 0): a rounded region's stretch is its
/// discs' and bands'. It stands apart from the radius's other tests because `r < 0` is never
/// so: rounded regions then join their core's stretch to their discs' and bands', which
/// already span it.
#[inline]
fn rounded(r: f32) -> bool {
    r > 0.0
}

/// Whether a region's stretch starts ahead of the walk's start (0): `walk_stretch` then takes
/// it as it is. It stands apart because a tie there (a region ahead whose grown stretch starts
/// exactly at 0) is at the very edge of the stretch: the grown stretch answers alike.
#[inline]
fn starts_ahead(lo: f32) -> bool {
    lo > 0.0
}

/// Whether a stretch's ends have crossed, leaving it empty: Cyrus-Beck's early exit. It stands
/// apart from the face's direction test because when `lo` equals `hi` the end test answers
/// alike (`>=`, `==`).
#[inline]
fn past_each_other(lo: f32, hi: f32) -> bool {
    lo > hi
}

/// The side of a band `r` out from its edge's line at `across`, the one away from the core. It
/// stands apart because the band's inner side lies inside the convex core: a line enters and
/// leaves the rounded region through the outer side, discs and bands alike, so with `-` for `+`
/// the stretch is the same.
#[inline]
fn band_side(across: f32, r: f32) -> f32 {
    across + r
}

/// Whether a stretch starting at `lo` counts as entered at `t` (within `within` of it). It
/// stands apart because a tie at the very edge of the tolerance (`<=`) answers alike.
#[inline]
fn starts_within(lo: f32, t: f32, within: f32) -> bool {
    lo < t + within
}

/// The walk out along a ray through `stretches` (`(from, to, region)`): start at 0 and, while
/// inside a stretch, jump to its end. A stretch starting within `tolerance` of the current
/// exit counts as entered. The exit and the region left last.
pub(super) fn walk_out(stretches: &mut [(f32, f32, usize)], tolerance: f32) -> (f32, usize) {
    stretches.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    let (mut t, mut last) = (0.0f32, usize::MAX);
    loop {
        let within = tolerance_at(tolerance, t);
        let inside = stretches.iter().find(|(lo, hi, _)| starts_within(*lo, t, within) && t < *hi);
        match inside {
            Some(&(_, hi, k)) => (t, last) = (hi, k),
            None => return (t, last),
        }
    }
}

/// `tolerance` as it applies at distance `t` along a walk: never below a few units in the last
/// place of `t`, where a smaller one would vanish when added to it (the scene's tolerance is
/// relative to the other shape and the deepest pair, which may be far smaller than the push).
pub(super) fn tolerance_at(tolerance: f32, t: f32) -> f32 {
    tolerance.at_least(4.0 * f32::EPSILON * t.abs())
}

/// How far a walk that may leave at `exit` is built and looked along: two tolerances (at that
/// distance) past it, so that a region starting within the tolerance of the exit is met.
pub(super) fn walk_reach(tolerance: f32, exit: f32) -> f32 {
    exit + 2.0 * tolerance_at(tolerance, exit)
}
