//! A disc against a convex polygon, the pair a ball meets most in a level: the general path's
//! own steps for a point core swollen by a radius against a polygon's faces, taken directly
//! (one pass over the faces, then the centre clipped to the face of least penetration or its
//! approach to that face), without the dispatch over every kind of core. Whatever lies within
//! rounding of the centre crossing a face, or of the disc touching the polygon, is left to the
//! general path's exact tests, so the answers are the general path's bit for bit.

use super::approach::{classify, Gap, Segment};
use super::general::{
    approach_is_distance, beyond_rounding, clip_against_face, contact_general, size, within_radii, Rounded,
};
use super::manifold::Contact;
use super::separation::{clearly_apart, max_separation};
use crate::query::core::Core;
use crate::query::ShapeRef;
use crate::shape::{Circle, ConvexPolygon};

/// A disc against a convex polygon: out through the face of least penetration when the centre
/// is inside, else along the line from the polygon's nearest point to the centre. Decided as
/// `intersects` decides, touching included.
///
/// ```
/// use collide2d::{query::contact::contact_circle_polygon, Circle, ConvexPolygon, Vec2};
/// let ramp = ConvexPolygon::new(&[Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 2.0)])?;
/// let ball = Circle::new(Vec2::new(3.0, -0.5), 1.0)?;
/// let c = contact_circle_polygon(&ball, &ramp).expect("they overlap");
/// assert_eq!((c.normal, c.depth), (Vec2::Y, 0.5));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[inline]
pub fn contact_circle_polygon(c: &Circle, g: &ConvexPolygon) -> Option<Contact> {
    disc_polygon(c, g, true)
}

/// [`contact_circle_polygon`], or with `circle_first` false the contact of the polygon with the
/// disc: the general path, where it decides, takes them in the order asked.
#[inline(always)]
pub(super) fn disc_polygon(c: &Circle, g: &ConvexPolygon, circle_first: bool) -> Option<Contact> {
    match disc_polygon_directly(c, g) {
        Some(answer) if circle_first => answer,
        // Both orders take the same steps on the same numbers, the second with the shapes'
        // roles swapped: its contact is the first's flipped, bit for bit.
        Some(answer) => answer.map(|contact| contact.flipped()),
        None if circle_first => contact_general(ShapeRef::Circle(c), ShapeRef::ConvexPolygon(g)),
        None => contact_general(ShapeRef::ConvexPolygon(g), ShapeRef::Circle(c)),
    }
}

/// The disc's contact with the polygon as the general path finds it, or `None` where the
/// general path's exact tests decide (the centre within rounding of a face's line, the gap
/// within rounding of the radius, an approach not shown to be the distance, coordinates that
/// overflow).
#[inline(always)]
fn disc_polygon_directly(c: &Circle, g: &ConvexPolygon) -> Option<Option<Contact>> {
    let (p, r) = (c.center(), c.radius());
    let (disc, gon) = (Core::Point([p]), Core::Polygon(g.vertices(), g.normals()));
    let (scale_disc, scale_gon) = (size(&[p]), size(g.vertices()));
    let beyond_reach = r + beyond_rounding(scale_disc, scale_gon, r);
    // The face of least penetration, with the general path's pass and early end.
    let (s, face) = max_separation((g.vertices(), g.normals()), &[p], beyond_reach);
    if clearly_apart(s, beyond_reach) {
        return Some(None);
    }
    let (ball, polygon) = (Rounded::with_normals(&disc, r, &[]), Rounded::with_normals(&gon, 0.0, g.normals()));
    let band = beyond_rounding(scale_disc, scale_gon, 0.0);
    if s < -band {
        // The centre inside: clipped to that face, as the general path's reference face.
        return Some(Some(clip_against_face(polygon, face, ball, s).flipped()));
    }
    if s.is_nan() || s <= band {
        return None; // the centre on a face's line to within rounding (or NaN): the exact test
    }
    // Apart: the centre's approach to that face, within the radius by the general path's rule
    // (a disc's radius is positive, so its "no radius, no contact" is never taken here, and its
    // reach, the radius plus the polygon's 0, is the radius).
    let vertices = g.vertices();
    let end = if face + 1 == vertices.len() { 0 } else { face + 1 };
    let segment = Segment::face(vertices[face], vertices[end], g.normals()[face])?;
    let (dist_sq, foot, towards_centre) = segment.approach(p);
    let gap = dist_sq.sqrt();
    if !approach_is_distance((&gon, &disc), towards_centre, gap, s, (scale_disc, scale_gon)) {
        return None;
    }
    let within = beyond_rounding(scale_disc, scale_gon, r);
    match classify(gap, r as f64, within as f64) {
        Gap::Beyond => Some(None),
        Gap::Unsure => None,
        Gap::Within(gap) => Some(Some(within_radii((ball, p), (polygon, foot), -towards_centre, gap))),
    }
}

#[cfg(test)]
#[path = "disc_polygon_tests.rs"]
mod tests;
