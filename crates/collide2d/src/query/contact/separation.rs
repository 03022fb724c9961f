//! The separating-axis passes behind every contact of boxes, polygons and segments: for each
//! face of one shape, how far the other's points stay beyond it, and the face that keeps them
//! furthest out (the least penetration when they overlap).

use glam::{Vec2, Vec4};

/// `max_separation`'s answer: the largest separation and its face.
pub(super) type Separation = (f32, usize);

/// Whether a separation `s` is beyond `margin`, where the f32 separations are trusted to say
/// "apart". Its own function so that the exclusion names it: `>=` or `==` only sends a
/// separation exactly on the margin on to the exact tests, which answer the same.
#[inline]
pub(super) fn clearly_apart(s: f32, margin: f32) -> bool {
    s > margin
}

/// For each face of `a` (vertices and outward normals), how far the points `b` stay beyond it
/// (negative: they reach inside): the largest such separation and its face (`-inf` when `a`
/// has no faces: a point). The first face to separate them by more than `enough` ends the
/// search: the caller needs no more to call them apart.
///
/// Against more than [`WALK_FROM`] points (a polygon's vertices, counter-clockwise), the deepest
/// one for each face is walked round from the last face's: as the outward normals turn
/// counter-clockwise, so does the vertex furthest against them, so the faces cost O(n + m) in
/// all rather than O(n·m) ([`walk_deepest`]). Fewer are scanned.
#[inline]
pub(super) fn max_separation(faces: (&[Vec2], &[Vec2]), b: &[Vec2], enough: f32) -> Separation {
    if let ([start, end], [normal, _]) = faces {
        if b.len() > 2 {
            return sides_separation((*start, *end), *normal, b, enough);
        }
    }
    if let [p, q] = b {
        return faces_against_two(faces, *p, *q, enough);
    }
    if b.len() > WALK_FROM {
        let mut at = None;
        separations(faces, enough, |n| walk_deepest(n, b, &mut at))
    } else {
        separations(faces, enough, |n| scan_deepest(n, b).1)
    }
}

/// [`max_separation`] of a segment's two sides (face 0 from `start` with outward `normal`,
/// face 1 back from `end` with `−normal`) against the points `b`: one pass finds the least and
/// the greatest `normal · w`, the deepest point against each side, and the two separations are
/// then taken as [`separations`] takes them.
#[inline]
fn sides_separation((start, end): (Vec2, Vec2), normal: Vec2, b: &[Vec2], enough: f32) -> Separation {
    let (mut least, mut most) = (f32::INFINITY, f32::NEG_INFINITY);
    for w in b {
        let d = normal.dot(*w);
        if d < least {
            least = d;
        }
        if d > most {
            most = d;
        }
    }
    // Face 1's separation, `min((−n) · w) − (−n) · end`, is the same number negated throughout.
    let (right, left) = (least - normal.dot(start), normal.dot(end) - most);
    let mut best = (f32::NEG_INFINITY, 0);
    if right > best.0 {
        best = (right, 0);
        if clearly_apart(right, enough) {
            return best;
        }
    }
    if left > best.0 {
        best = (left, 1);
    }
    best
}

/// [`max_separation`] against two points (a segment's ends), four faces at a time: each lane
/// works out `min(n · p, n · q) − n · v` with the scalar pass's operations in its order, so the
/// separations are bit for bit the same, and the lanes are then taken in face order.
#[inline]
fn faces_against_two((vertices, normals): (&[Vec2], &[Vec2]), p: Vec2, q: Vec2, enough: f32) -> Separation {
    let count = vertices.len().min(normals.len());
    let (px, py, qx, qy) = (Vec4::splat(p.x), Vec4::splat(p.y), Vec4::splat(q.x), Vec4::splat(q.y));
    let unreached = Vec4::splat(f32::INFINITY);
    let (mut best, mut face) = (f32::NEG_INFINITY, 0);
    let mut take = |s: f32, i: usize| {
        if s > best {
            (best, face) = (s, i);
            return clearly_apart(s, enough);
        }
        false
    };
    let whole = count - count % 4;
    for (start, (v, n)) in vertices[..whole].chunks_exact(4).zip(normals[..whole].chunks_exact(4)).enumerate() {
        let xs = |w: &[Vec2]| Vec4::new(w[0].x, w[1].x, w[2].x, w[3].x);
        let ys = |w: &[Vec2]| Vec4::new(w[0].y, w[1].y, w[2].y, w[3].y);
        let (nx, ny) = (xs(n), ys(n));
        let (at_p, at_q) = (nx * px + ny * py, nx * qx + ny * qy);
        // As `scan_deepest` takes them: a NaN is passed over, and infinity when both are.
        let least = Vec4::select(at_p.cmplt(unreached), at_p, unreached);
        let least = Vec4::select(at_q.cmplt(least), at_q, least);
        let separations = least - (nx * xs(v) + ny * ys(v));
        for (k, s) in separations.to_array().into_iter().enumerate() {
            if take(s, start * 4 + k) {
                return (best, face);
            }
        }
    }
    for i in whole..count {
        if take(scan_deepest(normals[i], &[p, q]).1 - normals[i].dot(vertices[i]), i) {
            break;
        }
    }
    (best, face)
}

/// How many points `max_separation` must face for a walk to pay over a scan (a segment's two
/// and a box's four are scanned).
const WALK_FROM: usize = 4;

/// [`max_separation`] with `deepest(n)`, the least `n · w` over the other shape's points.
#[inline(always)]
fn separations(
    (vertices, normals): (&[Vec2], &[Vec2]),
    enough: f32,
    mut deepest: impl FnMut(Vec2) -> f32,
) -> Separation {
    // Plain comparisons rather than `f32::min` and `max`, which also sort out NaNs: this is
    // the contact's inner loop, and a NaN (only from coordinates overflowing) is passed over.
    let (mut best, mut face) = (f32::NEG_INFINITY, 0);
    for (i, (v, n)) in vertices.iter().zip(normals).enumerate() {
        let s = deepest(*n) - n.dot(*v);
        if s > best {
            (best, face) = (s, i);
            if clearly_apart(s, enough) {
                break;
            }
        }
    }
    (best, face)
}

/// The point of `b` with the least `n · w`, as its index and that product (`(0, INFINITY)` for
/// none; the first of equals).
#[inline]
fn scan_deepest(n: Vec2, b: &[Vec2]) -> (usize, f32) {
    let (mut j, mut least) = (0, f32::INFINITY);
    for (k, w) in b.iter().enumerate() {
        let d = n.dot(*w);
        if d < least {
            (j, least) = (k, d);
        }
    }
    (j, least)
}

/// The least `n · w` over the vertices `w` of `b`: a scan when `at` is `None`, else a walk
/// forward from vertex `at` while the product does not grow, which finds the least when `at`
/// was the deepest against the previous face, turned less than half a turn from `n` (within
/// rounding of it where vertices tie to rounding). `at` becomes the vertex found.
#[inline]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // a NaN product stops the walk
fn walk_deepest(n: Vec2, b: &[Vec2], at: &mut Option<usize>) -> f32 {
    let Some(mut j) = *at else {
        let (j, least) = scan_deepest(n, b);
        *at = Some(j);
        return least;
    };
    let m = b.len();
    let mut least = n.dot(b[j]);
    for _ in 1..m {
        let k = if j + 1 == m { 0 } else { j + 1 };
        let d = n.dot(b[k]);
        if !(d <= least) {
            break;
        }
        (j, least) = (k, d);
    }
    *at = Some(j);
    least
}
