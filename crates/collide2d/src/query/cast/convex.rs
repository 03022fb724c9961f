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

use crate::math::Order;
use crate::math::{saturate, unit_or};
use crate::query::core::Core;
use crate::query::minkowski::{for_each_sum_edge, SumVertex};

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

/// How far past an edge's end (relative to the edge) a ray may cross its line and still meet
/// it at that end, if it passes the end within rounding ([`passes_end_within`]): far more than
/// rounding moves a crossing along an edge, far less than an edge.
const BEYOND_END: f32 = 1e-3;

/// How far inside an edge's line the origin may start, relative to the numbers making up the
/// edge (the cores' coordinates its vertices are differences of, and the radius), and still be
/// met by the ray at once: the walk rounds each vertex of the sum, so a start the exact test
/// calls apart (the caller asks it first) may read as inside by that much, and a ray into the
/// shape from there must hit at time 0, not pass by.
pub(super) const START_SLACK: f32 = 4.0 * f32::EPSILON;

/// How far apart two cores' shapes start, as a cast's walk around their difference saw it: the
/// distance from the origin to the difference's polygon (0 inside it) less the radii, and how far
/// rounding may have moved that.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    gap: f32,
    band: f32,
}

impl Start {
    /// Whether the shapes intersect at the start (touching counts): decided by the gap where it
    /// is clear, else by `exact` (the test `intersects` runs), so that the two always agree.
    pub(super) fn overlaps(self, exact: impl FnOnce() -> bool) -> bool {
        if self.gap > self.band {
            false
        } else if self.gap < -self.band {
            true
        } else {
            exact()
        }
    }
}

/// The first touch of `(core_b ⊕ disc(rb))` moving by `t · v` with `(core_a ⊕ disc(ra))`, for
/// `t` in `[0, t_max]`, and how far apart they start. The touch means nothing when they start
/// intersecting: ask the [`Start`] first.
///
/// The walk squares positions in f32, which is sound while its numbers (the difference's
/// vertices, the radii) lie between 2^-60 and 2^60. Beyond, the cast runs again on the cores
/// scaled by a power of two into that range (exact), and its answer is scaled back: only a
/// comparison is added to the usual sizes' path.
pub(super) fn cast_cores(a: &Core, ra: f32, b: &Core, rb: f32, v: Vec2, t_max: f32) -> (Option<Touch>, Start) {
    let (touch, start, largest) = cast_cores_here(a, ra, b, rb, v, t_max);
    if largest == 0.0 || (2f32.powi(-60)..=2f32.powi(60)).contains(&largest) {
        return (touch, start);
    }
    cast_cores_rescaled(a, ra, b, rb, v, t_max, largest)
}

/// [`cast_cores`] on the cores scaled by the power of two that brings `largest` near 1.
#[cold]
fn cast_cores_rescaled(
    a: &Core,
    ra: f32,
    b: &Core,
    rb: f32,
    v: Vec2,
    t_max: f32,
    largest: f32,
) -> (Option<Touch>, Start) {
    let (down, up) = crate::math::power_of_two_scale(largest);
    let (mut store_a, mut store_b) = (Vec::new(), Vec::new());
    let (a, b) = (a.scaled(down, &mut store_a), b.scaled(down, &mut store_b));
    // Times do not change: positions and motion shrink (or grow) alike.
    let (touch, start, _) = cast_cores_here(&a, ra * down, &b, rb * down, v * down, t_max);
    let back = |x: f32| scale_back(x, up);
    let touch = touch.map(|t| Touch { point: t.point * up, ..t });
    (touch, Start { gap: back(start.gap), band: back(start.band) })
}

/// [`cast_cores`] as it stands, and the largest number its walk met (a coordinate of the
/// difference, or the radii).
fn cast_cores_here(a: &Core, ra: f32, b: &Core, rb: f32, v: Vec2, t_max: f32) -> (Option<Touch>, Start, f32) {
    let (va, vb) = (a.vertices(), b.vertices());
    // The cores' own unit face normals, where they have them, spare a square root per edge.
    let normals = FaceNormals { a: a.faces().map(|f| f.1), b: b.faces().map(|f| f.1) };
    let radius = ra + rb;
    // Cast along `v` scaled to its largest coordinate, so that squares of huge speeds stay
    // finite; times scale back at the end. Without motion, only the start is measured.
    let unit = v.abs().max_element();
    let moving = is_moving(unit);
    let v = if moving { v / unit } else { Vec2::ZERO };
    let speed2 = v.length_squared();
    let mut best: Best = None;
    // Sharp cores meeting vertex to vertex head on, kept apart from `best`: where the sum has
    // area, a ray that enters it at a vertex meets an edge there too, whose face normal bounds
    // both shapes, while the head-on test also takes rays that pass a hair outside, with the
    // reversed motion for a normal, which may cut into them. Only a sum without area (two
    // segments in line) needs it.
    let mut head_on: Best = None;
    let mut limit = t_max * unit;
    // The sum's vertices are differences of the cores' coordinates and carry their rounding: a
    // vertex 0.6 from the origin made of points 12 out is rounded as 12 is, not as 0.6.
    let coords = va.iter().chain(vb).fold(0.0f32, |m, p| m.at_least(p.abs().max_element()));
    let slack = START_SLACK * (2.0 * coords + radius);
    // The start: the nearest facing edge of the sum, whether the origin is inside it, its area
    // (twice), and how large its numbers are.
    let (mut nearest2, mut inside, mut area2, mut scale) = (f32::INFINITY, true, 0.0f32, coords);
    for_each_sum_edge(va, vb, |p, q| {
        area2 += p.at.perp_dot(q.at);
        scale = scale.at_least(p.at.abs().max_element());
        let e = q.at - p.at;
        let facing = e.perp_dot(-p.at);
        if facing <= 0.0 {
            // Facing the origin (or in line with it, as both sides of a segment may be).
            inside &= facing == 0.0;
            let len2 = e.length_squared();
            let t = if len2 > 0.0 { (-p.at.dot(e) / len2).clamp(0.0, 1.0) } else { 0.0 };
            nearest2 = nearest2.at_most((p.at + e * t).length_squared());
        }
        if !moving {
            return;
        }
        if let Some((t, normal)) = ray_disc(v, speed2, p.at, radius) {
            if radius == 0.0 {
                if t <= limit && head_on.is_none_or(|h| t < h.0) {
                    head_on = Some((t, normal, p, p, 0.0));
                }
            } else if t <= limit {
                limit = t;
                best = Some((t, normal, p, p, 0.0));
            }
        }
        if p.i != q.i || p.j != q.j {
            ray_edge(v, p, q, (radius, slack), &normals, &mut best, &mut limit);
        }
    });
    // A sum without area (a point or a segment, as two flat boxes may give) has no inside.
    let inside = inside && area2 > 0.0;
    let distance = if inside { 0.0 } else { nearest2.sqrt() };
    let start = Start { gap: distance - radius, band: start_band(radius, scale) };
    // An edge met is exact where a head-on vertex may be a hair off the ray: it comes first.
    let best = best.or(head_on.filter(|_| area2 == 0.0));
    let touch = best.map(|(time, normal, k0, k1, s)| {
        // An arc's normal is its offset over the radius, which rounding leaves off unit length
        // when the radius is tiny beside the coordinates: made unit once, here.
        // (`v` is scaled to its largest coordinate, not to unit length.)
        let normal = unit_or(normal, unit_or(-v, Vec2::NEG_X));
        let on_core = va[k0.i] + (va[k1.i] - va[k0.i]) * s;
        Touch { time: time / unit, normal, point: on_core + normal * ra }
    });
    (touch, start, scale.at_least(radius))
}

/// The soonest touch so far: time, unit normal, and where on the sum: at `s` from the first
/// vertex to the second (the same vertex twice for an arc).
type Best = Option<(f32, Vec2, SumVertex, SumVertex, f32)>;

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
/// no later than `limit`; an origin inside the edge's line by less than `slack` (rounding, see
/// [`START_SLACK`]) is met at once.
#[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN must read as "no hit"
fn ray_edge(
    v: Vec2,
    p: SumVertex,
    q: SumVertex,
    (radius, slack): (f32, f32),
    normals: &FaceNormals,
    best: &mut Best,
    limit: &mut f32,
) {
    let e = q.at - p.at;
    let n = normals.of(p, q, e);
    let approach = n.dot(v);
    if !(approach < 0.0) {
        return;
    }
    let offset = n.dot(p.at) + radius;
    // The origin must start outside the edge's line, or the ray does not cross it inwards;
    // inside it by rounding, the ray meets the edge at once (if the foot lies on the edge).
    if !(offset < slack) {
        return;
    }
    let t = (offset / approach).at_least(0.0);
    if !(t <= *limit) {
        return;
    }
    let s = (v * t - p.at).dot(e) / e.length_squared();
    if within_ends(s) || passes_end_within(v * t, if s < 0.5 { p.at } else { q.at }, (v, s, slack)) {
        *limit = t;
        *best = Some((t, n, p, q, s.clamp(0.0, 1.0)));
    }
}

/// Whether a ray crossing an edge's line at `at`, a hair beyond the edge's `end` (`s` along
/// the edge, at most [`BEYOND_END`] past either end), passes that end within `slack`.
///
/// The sum's vertices carry the rounding of the coordinates they are made of (a box's corners
/// 5 out make a vertex 0.5 out), and a ray meeting an edge at a grazing angle turns that into
/// far more along the edge: a ray through a vertex can then cross both edges' lines just
/// beyond their ends, and meet neither (a segment cast at a box's corner with large, nearly
/// equal motions missed a hit that went 0.039 deep). Within the slack, it meets the edge at
/// its end, as it does in exact arithmetic.
#[inline]
fn passes_end_within(at: Vec2, end: Vec2, (v, s, slack): (Vec2, f32, f32)) -> bool {
    let past = if s < 0.0 { -s } else { s - 1.0 };
    past <= BEYOND_END && (end - at).perp_dot(v).abs() <= slack * v.length()
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
        return Some((t, head_on_normal(v, speed2)));
    }
    if passes_wide(across, reach2) {
        return None;
    }
    let t = (along - (reach2 - across * across).sqrt()) / speed2;
    if t.is_nan() {
        return None;
    }
    // Below 0 only when the origin starts in the disc, which the caller has ruled out but for
    // rounding (the exact test said apart): heading into it, they touch at once.
    let t = t.at_least(0.0);
    Some((t, disc_normal(v, t, c, radius)))
}

// The casts' steps that mutation testing cannot tell apart from others beside them, each its
// own function so that their exclusions name it alone.

/// cast_cores_rescaled's scaling of the start's gap and band back by `up`. `+ up` or `/ up` for
/// `* up` alike: the gap and band's comparisons keep their order, and `+ up` only sends more
/// starts to the exact test.
#[inline]
fn scale_back(x: f32, up: f32) -> f32 {
    saturate(x as f64 * up as f64)
}

/// Whether cast_cores_here's motion, scaled to its largest coordinate `unit`, moves at all.
/// `unit >= 0` (or `true`) with no motion: `v` becomes NaN, which meets no edge or disc, so there
/// is no touch either way and the start is measured the same.
#[inline]
fn is_moving(unit: f32) -> bool {
    unit > 0.0
}

/// The start's band, 1e-5 (1 + radius + scale). `+` widens it (more exact tests); `1 * radius`
/// or `(1 + radius) * scale` narrow it only while it stays at least 1e-5 of the scale, about
/// 100 times the gap's rounding.
#[inline]
fn start_band(radius: f32, scale: f32) -> f32 {
    1e-5 * (1.0 + radius + scale)
}

/// Whether ray_edge's crossing at `s` along the edge lies on it, with a slack at both ends. The
/// slack on one side only (`-`): a ray entering at a vertex faces both edges there (the inside
/// cone), so the other edge meets it at the same time, and a ray along an edge meets the
/// vertex's disc.
#[inline]
fn within_ends(s: f32) -> bool {
    (-END_SLACK..=1.0 + END_SLACK).contains(&s)
}

/// Whether ray_disc's ray passes the disc wide, `across` it with `reach2` its squared reach
/// (both scaled by the speed).
#[inline]
fn passes_wide(across: f32, reach2: f32) -> bool {
    across * across > reach2
}

/// ray_disc's normal for a head-on hit on a vertex, `-v / |v|`, made unit at the end: `* |v|`
/// and `% |v|` give the same direction (|v| > 1 leaves v's coordinates, at most 1, as they are;
/// for |v| = 1 it zeroes a unit v, and the fallback is -v again).
#[inline]
fn head_on_normal(v: Vec2, speed2: f32) -> Vec2 {
    -v / speed2.sqrt()
}

/// ray_disc's normal at the hit at `t`, the offset from the disc's centre `c` over `radius`,
/// made unit at the end: `* radius` gives the same direction.
#[inline]
fn disc_normal(v: Vec2, t: f32, c: Vec2, radius: f32) -> Vec2 {
    (v * t - c) / radius
}
