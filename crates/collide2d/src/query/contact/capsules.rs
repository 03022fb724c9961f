//! Discs and capsules against capsules: the closest approach of their cores found directly, as
//! Box2D collides capsules (in f64 here), and the general path's exact tests left to decide what
//! lies within rounding of touching or of the cores meeting.

use glam::{DVec2, Vec2};

use super::approach::{classify, closest_approach, Gap, Segment};

use super::general::{beyond_rounding, contact_general, pick_reference, size, within_radii, Rounded, PARALLEL};
use super::manifold::{Contact, ContactPoint};
use super::separation::max_separation;
use crate::math::saturate;
use crate::math::Order;
use crate::query::core::Core;
use crate::query::ShapeRef;
use crate::shape::{Capsule, Circle};

/// A disc against a capsule: along the perpendicular from the disc's centre to the capsule's
/// segment, or the line to the nearer end. Decided as `intersects_circle_capsule` decides.
///
/// ```
/// use collide2d::{query::contact::contact_circle_capsule, Capsule, Circle, Vec2};
/// let pill = Capsule::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0), 1.0)?;
/// let ball = Circle::new(Vec2::new(1.0, 1.5), 1.0)?;
/// let c = contact_circle_capsule(&ball, &pill).expect("they overlap");
/// assert_eq!((c.normal, c.depth), (Vec2::NEG_Y, 0.5));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_circle_capsule(c: &Circle, k: &Capsule) -> Option<Contact> {
    circle_capsule(c, k, true)
}

/// [`contact_circle_capsule`], or with `circle_first` false the contact of the capsule with the
/// disc: the general path, where it decides, takes them in the order asked (two point cores on
/// top of each other push along +x whichever comes first).
#[inline(always)]
pub(super) fn circle_capsule(c: &Circle, k: &Capsule, circle_first: bool) -> Option<Contact> {
    match disc_directly(c, k) {
        Some(answer) if circle_first => answer,
        Some(answer) => answer.map(|contact| contact.flipped()),
        None if circle_first => contact_general(ShapeRef::Circle(c), ShapeRef::Capsule(k)),
        None => contact_general(ShapeRef::Capsule(k), ShapeRef::Circle(c)),
    }
}

/// The disc's contact with the capsule from the perpendicular or the line to an end, or `None`
/// where that is not clear of rounding (or the capsule is a disc) and the general path decides.
#[inline(always)]
fn disc_directly(c: &Circle, k: &Capsule) -> Option<Option<Contact>> {
    let (p, rc, rk) = (c.center(), c.radius(), k.radius());
    let segment = Segment::new(k.a(), k.b())?;
    let reach = rc as f64 + rk as f64;
    let band = beyond_rounding(size(&[p]), size(&[segment.start, segment.end]), reach as f32) as f64;
    let (dist_sq, foot, normal) = segment.approach(p);
    match classify(dist_sq.sqrt(), reach, band) {
        Gap::Beyond => Some(None),
        Gap::Within(gap) => {
            // From the disc's centre towards the segment: the reverse of `approach`'s.
            let normal = -normal;
            let depth = saturate(reach - gap);
            let point = ContactPoint { point_a: p + normal * rc, point_b: foot - normal * rk, depth };
            Some(Some(Contact::new(normal, depth, &[point])))
        }
        Gap::Unsure => None,
    }
}

/// Capsules: the closest approach of their segments, with two points where the segments lie
/// parallel and side by side. Decided as `intersects_capsule_capsule` decides.
///
/// ```
/// use collide2d::{query::contact::contact_capsule_capsule, Capsule, Vec2};
/// let floor = Capsule::new(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0), 0.5)?;
/// let log = Capsule::new(Vec2::new(-1.0, 0.8), Vec2::new(1.0, 0.8), 0.5)?;
/// let c = contact_capsule_capsule(&floor, &log).expect("they overlap");
/// assert_eq!(c.normal, Vec2::Y);
/// assert!((c.depth - 0.2).abs() < 1e-6);
/// assert_eq!(c.points().len(), 2, "lying side by side");
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_capsule_capsule(a: &Capsule, b: &Capsule) -> Option<Contact> {
    capsules_directly(a, b).unwrap_or_else(|| contact_general(ShapeRef::Capsule(a), ShapeRef::Capsule(b)))
}

/// The capsules' contact from their segments' closest approach, or `None` where that is not
/// clear of rounding (or a capsule is a disc) and the general path decides.
#[inline(always)]
fn capsules_directly(a: &Capsule, b: &Capsule) -> Option<Option<Contact>> {
    let (sa, sb) = (Segment::new(a.a(), a.b())?, Segment::new(b.a(), b.b())?);
    let reach = a.radius() as f64 + b.radius() as f64;
    let (size_a, size_b) = (size(&[sa.start, sa.end]), size(&[sb.start, sb.end]));
    let band = beyond_rounding(size_a, size_b, reach as f32) as f64;
    // Each segment's ends against the other's line: both clearly on one side of either line
    // means the segments do not meet, and their closest approach has an end of one of them.
    let b_sides = [sa.side(sb.start), sa.side(sb.end)];
    let a_sides = [sb.side(sa.start), sb.side(sa.end)];
    let (b_off, a_off) = (off_line(b_sides, band), off_line(a_sides, band));
    if clearly_beyond(b_off.at_least(a_off), reach + band) {
        return Some(None); // one beyond the other's line by more than the reach
    }
    let (ca, cb) = (Core::Segment([sa.start, sa.end]), Core::Segment([sb.start, sb.end]));
    let (normals_a, normals_b) = ([-sa.left, sa.left].map(|n| n.as_vec2()), [-sb.left, sb.left].map(|n| n.as_vec2()));
    let ra = Rounded::with_normals(&ca, a.radius(), &normals_a);
    let rb = Rounded::with_normals(&cb, b.radius(), &normals_b);
    if b_off.at_least(a_off) <= band {
        if crossing(b_sides, a_sides, band) {
            // Crossing, clear of rounding: out through the side of least penetration, found
            // and clipped as the general path finds and clips it.
            let sep_a = max_separation(ra.faces(), cb.vertices(), f32::INFINITY);
            let sep_b = max_separation(rb.faces(), ca.vertices(), f32::INFINITY);
            return Some(Some(pick_reference(ra, sep_a, rb, sep_b, size_a.at_least(size_b))));
        }
        return None; // within rounding of crossing, or of touching end to end
    }
    let (dist_sq, pa, pb, normal) = closest_approach(&sa, &sb);
    match classify(dist_sq.sqrt(), reach, band) {
        Gap::Beyond => Some(None),
        Gap::Within(gap) => {
            if side_by_side(sa.left, sb.left, normal) {
                // Side by side: perhaps two points, clipped as the general path clips them.
                return Some(Some(within_radii((ra, pa), (rb, pb), normal, gap)));
            }
            let depth = saturate(reach - gap);
            let point = ContactPoint { point_a: pa + normal * a.radius(), point_b: pb - normal * b.radius(), depth };
            Some(Some(Contact::new(normal, depth, &[point])))
        }
        Gap::Unsure => None,
    }
}

/// Whether an offset from a line (a lower bound on the segments' distance) is beyond `limit`.
/// Its own function so that the exclusions name it: `>=` or `==` only sends a pair on to the
/// closest approach, which finds it beyond the reach all the same (or, exactly on the limit,
/// leaves it to the exact path, which does).
#[inline]
fn clearly_beyond(offset: f64, limit: f64) -> bool {
    offset > limit
}

/// Whether both segments (their left normals) lie square to the contact `normal`, as the
/// general path asks before it clips two points. Its own function so that the exclusion names
/// it: with `||`, `within_radii` asks again for both and answers the same.
#[inline]
fn side_by_side(left_a: DVec2, left_b: DVec2, normal: Vec2) -> bool {
    let square = |left: DVec2| left.as_vec2().dot(normal).abs() >= PARALLEL;
    square(left_a) && square(left_b)
}

/// How far a segment's ends (their signed offsets `sides` from the other's line) lie off that
/// line on one side: the nearer one's distance when both are beyond `band` on the same side,
/// else 0 (the segment reaches the line, or within rounding of it).
#[inline]
fn off_line([s0, s1]: [f64; 2], band: f64) -> f64 {
    let near = s0.abs().at_most(s1.abs());
    if (s0 > band && s1 > band) || (s0 < -band && s1 < -band) {
        near
    } else {
        0.0
    }
}

/// Whether two segments cross clear of rounding: each one's ends (their signed offsets from
/// the other's line) lie on both sides of that line. Its own function so that the exclusion
/// names it: not a strict equivalence, with `||`, one segment crossing the other's line with
/// the other's ends within rounding of its own (a T) goes to the reference face rather than
/// the general path, whose answer the separations give there too (its 120,000 pairs in the
/// unit test, T-junctions among them, did not tell them apart).
#[inline]
fn crossing(b_sides: [f64; 2], a_sides: [f64; 2], band: f64) -> bool {
    straddles(b_sides, band) && straddles(a_sides, band)
}

/// Whether a segment's ends (their signed offsets `sides` from the other's line) lie on both
/// sides of it, each beyond `band`.
#[inline]
fn straddles([s0, s1]: [f64; 2], band: f64) -> bool {
    (s0 > band && s1 < -band) || (s0 < -band && s1 > band)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::contact::agree;
    use crate::test_rng::signed_uniform;

    #[test]
    fn the_fast_paths_answer_as_the_general_path_at_every_scale() {
        let mut r = signed_uniform(0x2545_f491_4f6c_dd1d);
        // Pairs each fast path answered (capsules, disc), apart and in contact.
        let mut answered = [[0; 2]; 2];
        for scale in [1e-12f32, 1e-3, 1.0, 7.5, 1e4, 1e12] {
            for i in 0..20_000 {
                let mut v = || Vec2::new(r(), r()) * 4.0 * scale;
                let (a0, mut b0, c) = (v(), v(), v());
                let (mut a1, mut b1) = (a0 + v() * 0.5, b0 + v() * 0.5);
                if i % 4 == 2 {
                    // Crossing near a's middle.
                    let (middle, half) = ((a0 + a1) * 0.5, v() * 0.3);
                    (b0, b1) = (middle - half, middle + half);
                }
                if i % 4 == 0 {
                    // Side by side: b parallel to a, or a hair off it.
                    b1 = b0 + (a1 - a0) * (1.0 + r() * 1e-4 * (i % 8) as f32);
                }
                if i % 16 == 1 {
                    a1 = a0; // a capsule with both ends on one point
                }
                let (ra, rb) = ((r() + 1.5) * scale, (r() + 1.5) * scale);
                let ka = Capsule::new(a0, a1, ra).unwrap();
                let kb = Capsule::new(b0, b1, rb).unwrap();
                let disc = Circle::new(c, ra).unwrap();
                let size = 20.0 * scale;
                // Each fast path where it answers, against the general path; then both orders
                // of the disc and capsule as `contact` takes them.
                let direct = [
                    (0, capsules_directly(&ka, &kb), contact_general(ShapeRef::Capsule(&ka), ShapeRef::Capsule(&kb))),
                    (1, disc_directly(&disc, &kb), contact_general(ShapeRef::Circle(&disc), ShapeRef::Capsule(&kb))),
                ];
                for (kind, fast, general) in direct {
                    let Some(fast) = fast else { continue };
                    // Only segments set crossing may tie out either side.
                    if let Err(why) = agree(fast, general, size, kind == 0 && i % 4 == 2) {
                        panic!("{why}\na = {ka:?}\nb = {kb:?}\ndisc = {disc:?}");
                    }
                    answered[kind][fast.is_some() as usize] += 1;
                }
                let swapped = contact_general(ShapeRef::Capsule(&kb), ShapeRef::Circle(&disc));
                if let Err(why) = agree(circle_capsule(&disc, &kb, false), swapped, size, false) {
                    panic!("{why}\nb = {kb:?}\ndisc = {disc:?}");
                }
            }
        }
        // Each fast path answered most of the 120,000 pairs, both in contact and apart: the
        // comparison cannot pass by leaving them to the general path, or by never meeting one.
        for [apart, touching] in answered {
            assert!(apart > 30_000 && touching > 30_000 && apart + touching > 100_000, "{answered:?}");
        }
    }
}
