//! Line clips in logarithmic time for the regions with a wheel.
//!
//! Where a line runs through a region shrunk by `s` (each face moved in by `s`, or out for a
//! negative `s`) is the search's other frequent question: a face part is covered by the region
//! holding its nearest point only as far as the line through it stays inside that region. The
//! pass over the faces (Cyrus–Beck) costs a step per face. For a convex polygon, the line
//! enters through one face and leaves through another, and both can be found by binary search:
//! - moving the faces in by `s` moves vertex `i` to `w_i = v_i − s b_i`, with `b_i` the sum of
//!   its two faces' normals over one plus their dot product (so that `n · b_i = 1` for both);
//!   while no face shrinks to nothing, the shrunk region is the polygon of the `w_i`, with the
//!   same faces in the same order;
//! - the faces' normals turn once around in order, so the vertex furthest to the line's left
//!   (and the one furthest to its right) is found by binary search over the normals' angles;
//! - from the leftmost vertex to the rightmost, counter-clockwise, the vertices' side of the
//!   line only falls, and back it only rises: one binary search along each chain finds the
//!   face that crosses the line there.
//!
//! The stretch is then worked out as the pass does, from those two faces and their neighbours
//! (which settles a line through a vertex, where rounding may pick either face): each face's
//! bound is the pass's, so the answer is the pass's whenever the faces that bind it are among
//! those, which is the case up to rounding of the vertices' sides.
//!
//! A shrink is taken up to half the least that makes a face vanish (growing never does).

use glam::Vec2;

use super::{pseudo_angle, turned_to, Wheels, WHEEL_FROM};
use crate::math::Order;

impl Wheels {
    /// Adds the bisectors of the newest wheel's vertices; returns the greatest shrink its line
    /// clips take: half the least shrink that makes a face vanish.
    pub(super) fn add_bisectors(&mut self, verts: &[Vec2], normals: &[Vec2]) -> f32 {
        let n = verts.len();
        let start = self.bisectors.len();
        self.bisectors.extend((0..n).map(|i| {
            let (before, at) = (normals[(i + n - 1) % n], normals[i]);
            (before + at) / (1.0 + before.dot(at))
        }));
        let bisectors = &self.bisectors[start..];
        // Shrinking by s moves face i's ends towards each other by s (b_{i+1} − b_i) · e_i, e_i
        // its direction: it vanishes at its length over that.
        let vanish = (0..n)
            .map(|i| {
                let (j, along) = ((i + 1) % n, normals[i].perp());
                (verts[j] - verts[i]).dot(along) / (bisectors[j] - bisectors[i]).dot(along)
            })
            .fold(f32::INFINITY, f32::at_most);
        // Not above 0 (a face of no length, or turning back) or not finite: no clip.
        if vanish > 0.0 && vanish.is_finite() {
            0.5 * vanish
        } else {
            f32::NEG_INFINITY
        }
    }

    /// Where the line `o + t d` (unit `d`) runs through the open inside of region `k` with its
    /// faces moved in by `shrink`, as `polygon_stretch` works it out (each face's line measured
    /// from its anchor): `Some(stretch)` when the region's wheel can tell, `None` for the pass to
    /// do it.
    #[inline]
    pub(in super::super) fn clip(
        &self,
        k: usize,
        verts: &[Vec2],
        anchors: &[Vec2],
        normals: &[Vec2],
        (o, d): (Vec2, Vec2),
        shrink: f32,
    ) -> Option<Option<(f32, f32)>> {
        if too_few_faces(verts.len()) {
            return None;
        }
        let wheel = &self.list[self.find(k)?];
        if shrink > wheel.clip_shrink || shrink.is_nan() {
            return None;
        }
        let n = verts.len();
        let start = wheel.keys as usize;
        let (keys, bisectors) = (&self.normal_keys[start..start + n], &self.bisectors[start..start + n]);
        let first = wheel.normal_first as usize;
        // The vertex furthest along `u`: where the faces turn from facing behind `u` to ahead.
        let furthest = |u: Vec2| (first + turned_to(keys, pseudo_angle(u))) % n;
        let left = d.perp();
        let side = |i: usize| left.dot(verts[i] - bisectors[i] * shrink - o);
        let (leftmost, rightmost) = (furthest(left), furthest(-left));
        let (most, least) = (side(leftmost), side(rightmost));
        if sides_unusable(most, least, leftmost, rightmost) {
            return None;
        }
        if line_misses(most, least) {
            // The line misses the shrunk region, or touches it only.
            return Some(None);
        }
        let entry = crossing(leftmost, rightmost, n, |i| side(i) > 0.0);
        let exit = crossing(rightmost, leftmost, n, |i| side(i) < 0.0);
        let mut span = (f32::NEG_INFINITY, f32::INFINITY);
        for face in [entry, exit] {
            for i in [face_before(face, n), face, face_after(face)] {
                let i = i % n;
                let limit = normals[i].dot(anchors[i] - o) - shrink;
                span = match super::super::stretch::face_bound(span, limit, normals[i].dot(d)) {
                    Some(span) => span,
                    None => return Some(None),
                };
            }
        }
        Some(Some(span))
    }
}

/// Along the vertices from `from` to `to` (counter-clockwise, cyclic over `n`), where `before`
/// holds at `from`, fails at `to` and changes once: the last vertex where it holds, which starts
/// the face that crosses over.
fn crossing(from: usize, to: usize, n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, steps_between(from, to, n));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if before((from + mid) % n) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    vertex_after(from, lo, n)
}

/// Whether a region has too few faces for a wheel (`clip` then leaves it to the pass). It stands
/// apart from `clip`'s other comparisons because it only skips the lookup: a region of exactly
/// `WHEEL_FROM` faces, or of any other count, that has no wheel is not found, and the pass
/// answers alike.
#[inline]
fn too_few_faces(faces: usize) -> bool {
    faces < WHEEL_FROM
}

/// Whether the sides of the leftmost and rightmost vertices cannot place the line (not finite,
/// or one vertex): `clip` then leaves the region to the pass. It stands apart because its `&&`
/// and `||` meet no case that differs: the sides are finite (the regions' vertices are) and the
/// leftmost and rightmost vertices of a region with area differ, so it never holds.
#[inline]
fn sides_unusable(most: f32, least: f32, leftmost: usize, rightmost: usize) -> bool {
    !(most.is_finite() && least.is_finite()) || leftmost == rightmost
}

/// Whether the line misses the shrunk region, or touches it only: all its vertices on one side.
/// It stands apart because its `||` only saves steps: a line that misses the region has all its
/// vertices on one side, and the faces tried then include the two at the nearest vertex, whose
/// wedge lies wholly beyond the line, so `&&` answers alike.
#[inline]
fn line_misses(most: f32, least: f32) -> bool {
    most <= 0.0 || least >= 0.0
}

/// The face before a crossing face, cyclic over `n` (taken modulo `n` by the caller). It stands
/// apart because that neighbour is rounding insurance (a vertex's side rounded to the wrong
/// sign): `face + n + 1` is the face after, tried anyway, and `face + n / 1` the face itself;
/// without the neighbour the stretch moves by rounding only, which the clip's test allows.
#[inline]
fn face_before(face: usize, n: usize) -> usize {
    face + n - 1
}

/// The face after a crossing face (taken modulo `n` by the caller). It stands apart because that
/// neighbour is rounding insurance, as in `face_before`: `face * 1` is the face itself, and
/// without the neighbour the stretch moves by rounding only, which the clip's test allows.
#[inline]
fn face_after(face: usize) -> usize {
    face + 1
}

/// How many steps counter-clockwise from vertex `from` to vertex `to`, cyclic over `n`. It
/// stands apart because `crossing` over `to - from + 2n` steps (`+` for the `%`) walks the
/// chain and then the whole turn again, whose only step from true to false is the same vertex,
/// n steps on.
#[inline]
fn steps_between(from: usize, to: usize, n: usize) -> usize {
    (to + n - from) % n
}

/// The vertex `steps` on from `from`, cyclic over `n`: `crossing`'s answer. It stands apart
/// from the `%` inside `crossing`'s search because its answer n more (`+` for the `%`) is the
/// same face: the caller takes its faces modulo n.
#[inline]
fn vertex_after(from: usize, steps: usize, n: usize) -> usize {
    (from + steps) % n
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::super::super::stretch::polygon_stretch;
    use super::super::tests::round_polygons;
    use super::Wheels;
    use crate::shape::ConvexPolygon;

    /// Where a line runs through a region, if it does.
    type Stretch = Option<(f32, f32)>;

    /// Whether two stretches `a` and `b` of the line `o + t d` through a region shrunk by
    /// `shrink` differ only by rounding: every point where one has the line inside and the
    /// other not lies within `tolerance` of the shrunk region's boundary (sampled).
    fn differ_only_by_rounding(
        (verts, normals): (&[Vec2], &[Vec2]),
        (o, d, shrink): (Vec2, Vec2, f32),
        (a, b): (Stretch, Stretch),
        tolerance: f32,
    ) -> bool {
        let beyond = |t: f32| {
            let x = o + d * t;
            verts.iter().zip(normals).map(|(p, n)| n.dot(x - *p)).fold(f32::NEG_INFINITY, f32::max) + shrink
        };
        let differing = match (a, b) {
            (None, None) => vec![],
            (Some(s), None) | (None, Some(s)) => vec![s],
            (Some((lo, hi)), Some((lo2, hi2))) => vec![(lo.min(lo2), lo.max(lo2)), (hi.min(hi2), hi.max(hi2))],
        };
        differing
            .iter()
            .all(|&(from, to)| (0..=4).all(|i| beyond(from + (to - from) * i as f32 / 4.0).abs() <= tolerance))
    }

    proptest! {
        /// The clip answers as the pass over the faces, up to rounding: for random lines about a
        /// round polygon, lines through its corners, along its faces and through points just
        /// inside and outside them, with the faces moved in or out by up to a thousandth of its
        /// size. And it answers every line while no face is near vanishing: it is not a pass
        /// in disguise.
        #[test]
        fn the_clip_answers_as_the_pass_over_the_faces(
            polygon in round_polygons(),
            shrink in prop::sample::select(vec![0.0f32, 1e-6, -1e-6, 1e-4, -1e-3, 1e-3]),
            lines in prop::collection::vec(((-1.5f32..1.5, -1.5f32..1.5), 0.0f32..std::f32::consts::TAU), 32),
        ) {
            let Some((polygon, size, centre)) = polygon else { return Ok(()) };
            let (verts, normals) = (polygon.vertices(), polygon.normals());
            let mut wheels = Wheels::default();
            wheels.add(verts, normals);
            prop_assert_eq!(wheels.count(), 1, "a round polygon gets a wheel");
            let shrink = shrink * size;
            let mut tried: Vec<(Vec2, Vec2)> =
                lines.iter().map(|(o, a)| (centre + Vec2::from(*o) * size, Vec2::from_angle(*a))).collect();
            for (i, v) in verts.iter().enumerate() {
                let next = verts[(i + 1) % verts.len()];
                let along = (next - *v).normalize();
                let aside = normals[i] * (shrink + 1e-5 * size);
                tried.extend([(*v, along), (*v, Vec2::from_angle(1.0)), (*v, (centre - *v).normalize())]);
                tried.extend([(*v - aside, along), (*v + aside, along), ((*v + next) * 0.5, normals[i])]);
            }
            let answers_all = shrink <= wheels.list[0].clip_shrink;
            for (o, d) in tried {
                let pass = polygon_stretch(verts, normals, &[], o, d, shrink, 0.0);
                let clip = wheels.clip(0, verts, verts, normals, (o, d), shrink);
                prop_assert!(clip.is_some() || !answers_all, "{o} {d}: no answer");
                if let Some(clip) = clip {
                    let tolerance = 1e-5 * (size + o.distance(centre));
                    prop_assert!(
                        differ_only_by_rounding((verts, normals), (o, d, shrink), (clip, pass), tolerance),
                        "{o} {d}: the clip says {clip:?}, the pass {pass:?}"
                    );
                }
            }
        }
    }

    /// A regular polygon: the clip of lines through it, beside and grazing it, at a shrink up
    /// to half the least that makes a face vanish, none beyond.
    #[test]
    fn lines_through_a_regular_polygon() {
        let polygon = ConvexPolygon::regular(64, Vec2::new(3.0, -2.0), 2.0, 0.3).unwrap();
        let (verts, normals) = (polygon.vertices(), polygon.normals());
        let mut wheels = Wheels::default();
        wheels.add(verts, normals);
        // A face of a regular 64-gon of radius 2 is 2 · 2 sin(π/64) long, and loses
        // 2 tan(π/64) per unit of shrink: it vanishes at 2 cos(π/64), the inradius.
        let inradius = 2.0 * (std::f32::consts::PI / 64.0).cos();
        assert!((wheels.list[0].clip_shrink - 0.5 * inradius).abs() < 1e-4, "{}", wheels.list[0].clip_shrink);
        let through = wheels.clip(0, verts, verts, normals, (Vec2::new(3.0, -2.0), Vec2::X), 0.0).unwrap().unwrap();
        let pass = polygon_stretch(verts, normals, &[], Vec2::new(3.0, -2.0), Vec2::X, 0.0, 0.0).unwrap();
        assert_eq!(through, pass);
        assert!(through.0 < -1.99 && through.0 > -2.0 && through.1 > 1.99 && through.1 < 2.0, "{through:?}");
        let shrunk = wheels.clip(0, verts, verts, normals, (Vec2::new(3.0, -2.0), Vec2::Y), 0.5).unwrap().unwrap();
        assert!(shrunk.0 < -1.49 && shrunk.0 > -1.5 && shrunk.1 > 1.49 && shrunk.1 < 1.5, "{shrunk:?}");
        let grown = wheels.clip(0, verts, verts, normals, (Vec2::new(3.0, -2.0), Vec2::Y), -0.5).unwrap().unwrap();
        assert!(grown.0 < -2.49 && grown.0 > -2.5 && grown.1 > 2.49 && grown.1 < 2.5, "{grown:?}");
        // Beside it, and along a face 1e-3 inside it, which a shrink by 2e-3 puts outside.
        assert_eq!(wheels.clip(0, verts, verts, normals, (Vec2::new(3.0, 1.0), Vec2::X), 0.0), Some(None));
        let (near, along) = (verts[5] - normals[5] * 1e-3, (verts[6] - verts[5]).normalize());
        assert!(wheels.clip(0, verts, verts, normals, (near, along), 0.0).unwrap().is_some());
        assert_eq!(wheels.clip(0, verts, verts, normals, (near, along), 2e-3), Some(None));
        assert_eq!(wheels.clip(0, verts, verts, normals, (Vec2::new(3.0, -2.0), Vec2::X), inradius * 0.6), None);
    }
}
