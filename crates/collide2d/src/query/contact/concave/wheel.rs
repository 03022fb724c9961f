//! Wheels: point tests in logarithmic time for the regions with many faces.
//!
//! A point test against a region is a pass over its faces, and which region holds a point is the
//! search's most frequent question. Most regions have a handful of faces, but a large piece's
//! differences have as many faces as the piece has corners (a star's middle piece has half the
//! star's), and testing points against them made two overlapping stars cost about n⁴.
//!
//! A region of at least [`WHEEL_FROM`] faces gets a *wheel*: a centre `c` well inside it, the
//! least distance `ρ` from `c` to a face line (its clearance), and the directions of the spokes
//! from `c` to its vertices, which turn once around `c` in order. A point `x` is then placed in
//! the wedge between two spokes by a binary search, and only that wedge's face `j` is tested:
//! - `s_j(x) ≥ r` (the signed distance to the face line, as the pass over the faces computes it)
//!   means the pass would say "outside" too, at face `j` if not before;
//! - otherwise the ray from `c` through `x` leaves the region through face `j`'s line, at `q`.
//!   Each face's signed distance `s_i` is affine, `s_i(c) ≤ −ρ` and `s_i(q) ≤ 0`, so for
//!   `x = c + λ (q − c)` every `s_i(x) ≤ −(1 − λ) ρ`, where `1 − λ = s_j(x) / s_j(c)`. When that
//!   bound clears the test's threshold by more than rounding can reach (`rounding_allowance`,
//!   which also covers a point placed in the wedge next to its own, within rounding of a spoke),
//!   the pass would say "inside".
//!
//! Only the points between those two cases, within about the margin of face `j`, fall back to
//! the pass: the answer is the pass's in every case, only found sooner.

use crate::math::Order;
use glam::Vec2;

mod clip;

/// No region's wheel: the marker in `Wheels::of`.
const NONE: u32 = u32::MAX;

/// The fewest faces a region needs for a wheel: below it, a pass over the faces costs no more
/// than the search and the wheel's building.
pub(super) const WHEEL_FROM: usize = 32;

/// What rounding may move the bound by, relative to the distances from the centre involved
/// (about a hundred times the f32 rounding of the sums and products).
const SLACK: f32 = 1e-5;

/// One region's wheel.
#[derive(Clone, Copy, Debug)]
struct Wheel {
    centre: Vec2,
    /// The least distance from the centre to a face line.
    clearance: f32,
    /// The greatest distance from the centre to a vertex.
    reach: f32,
    /// Where the region's spoke keys start in `Wheels::keys` (one per vertex, in vertex order).
    keys: u32,
    /// The vertex whose spoke has the least key: the keys increase from it, around once.
    first: u32,
    /// The face whose normal has the least key (see `clip.rs`).
    normal_first: u32,
    /// The greatest shrink the line clips take (see `clip.rs`); −∞ for none.
    clip_shrink: f32,
}

/// The wheels of the regions that have one, kept with the regions.
#[derive(Default)]
pub(super) struct Wheels {
    /// Per region: its wheel's index in `list`, or `NONE`.
    of: Vec<u32>,
    list: Vec<Wheel>,
    /// The spokes' pseudo-angles (see [`pseudo_angle`]), in turning order (from `Wheel::first`).
    keys: Vec<f32>,
    /// Per face, its normal's pseudo-angle (in turning order, from `Wheel::normal_first`), and
    /// per vertex, how it moves as the faces move in (see `clip.rs`): both from the same start
    /// as the spokes' keys.
    normal_keys: Vec<f32>,
    bisectors: Vec<Vec2>,
}

/// The pseudo-angle of direction `d`: monotone in its angle counter-clockwise from +x, in
/// [0, 4), without a trigonometric function (the regions' edge walks are merged by it too).
/// NaN for a zero `d` (and for some non-finite ones).
pub(super) fn pseudo_angle(d: Vec2) -> f32 {
    let p = d.x / (d.x.abs() + d.y.abs());
    if d.y < 0.0 {
        3.0 + p
    } else {
        1.0 - p
    }
}

/// Puts `keys` in turning order, from the least, and returns where it was: when from it they
/// increase around once. `None` when rounding has broken that order (or a key is NaN).
fn turn_to_start(keys: &mut [f32]) -> Option<usize> {
    let first = (0..keys.len()).min_by(|&i, &j| keys[i].total_cmp(&keys[j]))?;
    keys.rotate_left(first);
    keys.windows(2).all(|w| w[0] < w[1]).then_some(first)
}

/// How many of `keys` (in turning order) are at or before `at`.
#[inline]
fn turned_to(keys: &[f32], at: f32) -> usize {
    keys.partition_point(|k| *k <= at)
}

/// How far rounding may move the bound for a point `ahead` of the centre of `wheel`: `SLACK` of
/// the distances involved, the farthest corner's and the point's.
fn rounding_allowance(wheel: &Wheel, ahead: Vec2) -> f32 {
    SLACK * (wheel.reach + ahead.length())
}

impl Wheels {
    /// None, keeping the buffers.
    pub(super) fn clear(&mut self) {
        self.of.clear();
        self.list.clear();
        self.keys.clear();
        self.normal_keys.clear();
        self.bisectors.clear();
    }

    /// Adds the next region's wheel if it has enough faces: `verts` counter-clockwise,
    /// `normals` the outward unit normals of the faces from each vertex to the next.
    #[inline]
    pub(super) fn add(&mut self, verts: &[Vec2], normals: &[Vec2]) {
        self.of.push(NONE);
        if verts.len() >= WHEEL_FROM {
            self.build(verts, normals);
        }
    }

    fn build(&mut self, verts: &[Vec2], normals: &[Vec2]) {
        let centre = verts.iter().copied().sum::<Vec2>() / verts.len() as f32;
        let clearance = verts.iter().zip(normals).map(|(p, n)| -n.dot(centre - *p)).fold(f32::INFINITY, f32::at_most);
        let reach = verts.iter().map(|p| p.distance(centre)).fold(0.0, f32::at_least);
        // A centre hardly inside (a sliver) or numbers out of range: the pass is the safe answer.
        if !(clearance > 1e-3 * reach && reach.is_finite()) {
            return;
        }
        let start = self.keys.len();
        self.keys.extend(verts.iter().map(|p| pseudo_angle(*p - centre)));
        // The spokes must turn once around the centre in order; rounding that breaks it on a
        // nearly flat corner leaves the region to the pass.
        let Some(first) = turn_to_start(&mut self.keys[start..]) else {
            self.keys.truncate(start);
            return;
        };
        self.normal_keys.extend(normals.iter().map(|n| pseudo_angle(*n)));
        let (normal_first, clip_shrink) = match turn_to_start(&mut self.normal_keys[start..]) {
            Some(normal_first) => (normal_first, self.add_bisectors(verts, normals)),
            None => {
                self.bisectors.resize(self.keys.len(), Vec2::ZERO);
                (0, f32::NEG_INFINITY)
            }
        };
        *self.of.last_mut().expect("pushed by `add`") = self.list.len() as u32;
        self.list.push(Wheel {
            centre,
            clearance,
            reach,
            keys: start as u32,
            first: first as u32,
            normal_first: normal_first as u32,
            clip_shrink,
        });
    }

    /// Whether `x` lies inside region `k` with every face's signed distance `n · (x − p)` below
    /// `r`, and below 0 as well (the core test of `stretch::inside`), when the wheel can tell:
    /// `None` for a region without a wheel or a point the pass over the faces must decide. `p` is
    /// the face's anchor, a point of its line (the pass's, `regions::anchor`): the clearance,
    /// measured from the faces' first vertices, differs from it by rounding of the region's own
    /// size, far below the allowance.
    #[inline]
    pub(super) fn decide(&self, k: usize, anchors: &[Vec2], normals: &[Vec2], x: Vec2, r: f32) -> Option<bool> {
        if anchors.len() < WHEEL_FROM {
            return None;
        }
        let wheel = &self.list[self.find(k)?];
        let n = anchors.len();
        let keys = &self.keys[wheel.keys as usize..wheel.keys as usize + n];
        let first = wheel.first as usize;
        // The wedge: the last spoke (in turning order from `first`) at or before x's direction;
        // before the first spoke, the wedge that closes the turn. A point at the centre (no
        // direction: NaN) falls in that one too, where the bound holds as in any other wedge.
        let ahead = x - wheel.centre;
        let j = (first + turned_to(keys, pseudo_angle(ahead)) + n - 1) % n;
        let s = normals[j].dot(x - anchors[j]);
        if s >= r {
            return Some(false);
        }
        let from_centre = normals[j].dot(wheel.centre - anchors[j]);
        let bound = wheel.clearance * (s / from_centre);
        (bound > rounding_allowance(wheel, ahead) - r.at_most(0.0)).then_some(true)
    }

    /// Where region `k`'s wheel is in the list.
    fn find(&self, k: usize) -> Option<usize> {
        self.of.get(k).filter(|&&w| w != NONE).map(|&w| w as usize)
    }

    /// How many regions have a wheel.
    #[cfg(test)]
    pub(super) fn count(&self) -> usize {
        self.list.len()
    }

    /// Region `k`'s wheel's centre, if it has one.
    #[cfg(test)]
    pub(super) fn centre_of(&self, k: usize) -> Option<Vec2> {
        Some(self.list[self.find(k)?].centre)
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{Wheels, WHEEL_FROM};
    use crate::shape::ConvexPolygon;

    /// The pass over the faces that `decide` stands in for: whether some face's signed distance
    /// reaches `r` (then the point is outside), and whether every one is below 0 as well (then
    /// it is inside).
    fn pass(verts: &[Vec2], normals: &[Vec2], x: Vec2, r: f32) -> (bool, bool) {
        let s = || verts.iter().zip(normals).map(|(p, n)| n.dot(x - *p));
        (s().any(|s| s >= r), s().all(|s| s < r && s < 0.0))
    }

    /// A convex polygon of at least `WHEEL_FROM` corners: points at random angles on an
    /// ellipse (some close together, making short faces), turned and moved, at scale `size`.
    /// No face is shorter than `1e-5 · size`: two angles a hair apart can give corners a step
    /// or two of `f32` apart, whose spokes' keys round to one, and such a region rightly gets
    /// no wheel (`a_region_whose_spokes_round_together_gets_no_wheel`); the proptests ask for a
    /// wheel on every polygon they draw.
    fn ellipse_hull(angles: &[f32], stretch: f32, turn: f32, centre: Vec2, size: f32) -> Option<ConvexPolygon> {
        let points: Vec<Vec2> = angles
            .iter()
            .map(|a| centre + Vec2::from_angle(turn).rotate(Vec2::new(a.cos(), stretch * a.sin())) * size)
            .collect();
        let polygon = ConvexPolygon::from_hull(&points).ok()?;
        let v = polygon.vertices();
        let shortest = (0..v.len()).map(|i| v[i].distance(v[(i + 1) % v.len()])).fold(f32::INFINITY, f32::min);
        (v.len() >= WHEEL_FROM && shortest >= 1e-5 * size).then_some(polygon)
    }

    /// Round polygons for the proptests: [`ellipse_hull`] of 48–160 random angles, stretched,
    /// turned and moved, at scale 1e-3, 1 or 1e3; with that scale and its centre.
    pub(super) fn round_polygons() -> impl Strategy<Value = Option<(ConvexPolygon, f32, Vec2)>> {
        (
            prop::collection::vec(0.0f32..std::f32::consts::TAU, 48..160),
            0.2f32..1.0,
            0.0f32..std::f32::consts::TAU,
            (-3.0f32..3.0, -3.0f32..3.0),
            prop::sample::select(vec![1e-3f32, 1.0, 1e3]),
        )
            .prop_map(|(angles, stretch, turn, centre, size)| {
                let centre = Vec2::from(centre) * size;
                ellipse_hull(&angles, stretch, turn, centre, size).map(|p| (p, size, centre))
            })
    }

    proptest! {
        /// Wherever the wheel answers, it answers as the pass over the faces: at random points
        /// about the polygon, its corners, points on its faces, on the spokes through its
        /// corners and within rounding beside them, and its centre, for margins from none to a
        /// thousandth of its size, unrounded (`r` the margin below 0) and rounded (`r` above 0).
        /// And it answers for most points well inside and well outside: it is not a pass in
        /// disguise.
        #[test]
        fn the_wheel_answers_as_the_pass_over_the_faces(
            polygon in round_polygons(),
            margin in prop::sample::select(vec![0.0f32, 1e-6, 1e-4, 1e-3]),
            radius in prop::sample::select(vec![0.0f32, 0.01, 0.3]),
            points in prop::collection::vec((-1.5f32..1.5, -1.5f32..1.5), 64),
        ) {
            let Some((polygon, size, centre)) = polygon else { return Ok(()) };
            let (verts, normals) = (polygon.vertices(), polygon.normals());
            let mut wheels = Wheels::default();
            wheels.add(verts, normals);
            prop_assert_eq!(wheels.count(), 1, "a round polygon gets a wheel");
            let r = (radius - margin) * size;
            let hub = wheels.list[0].centre;
            let mut tried: Vec<Vec2> = points.iter().map(|p| centre + Vec2::from(*p) * size).collect();
            for (i, v) in verts.iter().enumerate() {
                let mid = (*v + verts[(i + 1) % verts.len()]) * 0.5;
                // Corners, a face's middle on it and as far from it as the threshold, points on
                // the spoke just inside and outside the corner, and points beside the spoke
                // within rounding of it (which the binary search may place in either wedge).
                let (spoke, aside) = (*v - hub, (*v - hub).perp() * 1e-7);
                tried.extend([*v, mid, mid + normals[i] * r, hub + spoke * 0.999, hub + spoke * 1.001]);
                tried.extend([hub + spoke * 0.5 + aside, hub + spoke * 0.5 - aside, *v + aside, *v - aside]);
            }
            tried.push(hub);
            let (mut inside, mut outside) = ((0, 0), (0, 0));
            for x in tried {
                let (reaches, within) = pass(verts, normals, x, r);
                match wheels.decide(0, verts, normals, x, r) {
                    Some(true) => prop_assert!(within, "{x}: the wheel says inside, the pass does not"),
                    Some(false) => prop_assert!(reaches, "{x}: the wheel says outside, the pass does not"),
                    None => {}
                }
                let answered = wheels.decide(0, verts, normals, x, r).is_some();
                // Well inside: every face line 2 % of the size away or more; well outside: 2 %
                // of the size beyond the nearest face line's reach.
                let least = verts.iter().zip(normals).map(|(p, n)| n.dot(x - *p)).fold(f32::NEG_INFINITY, f32::max);
                if least < -0.02 * size {
                    inside = (inside.0 + 1, inside.1 + usize::from(answered));
                } else if least > r.max(0.0) + 0.02 * size {
                    outside = (outside.0 + 1, outside.1 + usize::from(answered));
                }
            }
            prop_assert!(inside.1 * 4 >= inside.0 * 3, "answered {} of {} points well inside", inside.1, inside.0);
            // A hundredth of the way in from a corner along its spoke, every face line is at
            // least a hundredth of the clearance away: inside, whenever the threshold is below
            // that, and the wheel says so (its allowance for rounding is far smaller).
            let clearance = wheels.list[0].clearance;
            if -r.min(0.0) < 0.005 * clearance {
                for v in verts {
                    let x = hub + (*v - hub) * 0.99;
                    prop_assert_eq!(wheels.decide(0, verts, normals, x, r), Some(true), "{}", x);
                }
            }
            prop_assert!(outside.1 * 2 >= outside.0, "answered {} of {} points well outside", outside.1, outside.0);
        }
    }

    /// Few faces, or a centre hardly inside (a sliver): no wheel, and nothing decided.
    #[test]
    fn small_and_thin_regions_get_no_wheel() {
        let square = ConvexPolygon::regular(WHEEL_FROM - 1, Vec2::ZERO, 1.0, 0.0).unwrap();
        let round = ConvexPolygon::regular(WHEEL_FROM, Vec2::ZERO, 1.0, 0.0).unwrap();
        let sliver: Vec<Vec2> = round.vertices().iter().map(|v| Vec2::new(v.x, v.y * 1e-4)).collect();
        let sliver = ConvexPolygon::new(&sliver).unwrap();
        let mut wheels = Wheels::default();
        for p in [&square, &round, &sliver] {
            wheels.add(p.vertices(), p.normals());
        }
        assert_eq!(wheels.count(), 1);
        assert_eq!(wheels.decide(0, square.vertices(), square.normals(), Vec2::ZERO, 0.0), None);
        assert_eq!(wheels.decide(1, round.vertices(), round.normals(), Vec2::ZERO, 0.0), Some(true));
        assert_eq!(wheels.decide(1, round.vertices(), round.normals(), Vec2::splat(2.0), 0.0), Some(false));
        assert_eq!(wheels.decide(2, sliver.vertices(), sliver.normals(), Vec2::ZERO, 0.0), None);
    }

    /// Two corners one `f32` step apart, as two random angles a hair apart gave the clip's
    /// proptest (issue 73): their spokes' keys round to one, so the turn is not strictly in
    /// order, and the region gets no wheel; neither `decide` nor `clip` answers, the pass does.
    #[test]
    fn a_region_whose_spokes_round_together_gets_no_wheel() {
        let round = ConvexPolygon::regular(48, Vec2::ZERO, 1e-3, 0.0).unwrap();
        let mut corners = round.vertices().to_vec();
        // Corner 36 is the lowest: a step along x there keeps the outline convex.
        corners.insert(37, Vec2::new(corners[36].x.next_up(), corners[36].y));
        let polygon = ConvexPolygon::new(&corners).unwrap();
        let (verts, normals) = (polygon.vertices(), polygon.normals());
        let mut wheels = Wheels::default();
        wheels.add(verts, normals);
        assert_eq!(wheels.count(), 0);
        assert_eq!(wheels.decide(0, verts, normals, Vec2::ZERO, 0.0), None);
        assert_eq!(wheels.clip(0, verts, verts, normals, (Vec2::ZERO, Vec2::X), 0.0), None);
    }
}
