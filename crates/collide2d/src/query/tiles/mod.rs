//! Every query with a [`TileMap`]: the map's solid is the union of its tiles' pieces, and its
//! surface is what of their edges no neighbour covers, so a side two solid cells share (a seam)
//! never gives a normal, a hit or a push.
//!
//! Each query looks only at the cells near the other shape, in a frame whose origin is a
//! corner of one of them (`tiles::Frame`), so that its cost and precision follow the cells, not
//! the map. The files:
//! - `local.rs`: the other shape in that frame (`Body`, convex cores with radii) and what a
//!   core and a cell's piece measure against each other: separation, distance, depth;
//! - `boundary.rs`: the surface near a query (faces and convex corners);
//! - `push.rs`: the minimum push-out, searched over the surface.

mod boundary;
mod cast;
mod contains;
mod distance;
mod local;
mod push;
mod ray;
#[cfg(test)]
mod tests;

use glam::Vec2;

use super::contact::{Contact, ContactBudget, ContactPoint};
use super::distance::ClosestPoints;
use super::ShapeRef;
use crate::tiles::{Frame, TileMap};
pub(crate) use cast::cast_map;
use distance::any_piece_within;
use local::{Body, PieceBuf};
use push::Search;
pub(crate) use ray::ray_map;

/// Buffers kept between queries on each thread, so that a query in steady state allocates
/// nothing.
#[derive(Default)]
struct Scratch {
    body: Body,
    piece: PieceBuf,
    search: Search,
    cast: cast::CastBuffers,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with this thread's buffers (fresh ones if a query is already using them).
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let r = f(&mut scratch);
    SCRATCH.with(|s| s.set(Some(scratch)));
    r
}

/// The frame for a query about `other` (whose bounds are `lo`, `hi`): at the grid cell nearest
/// its least corner.
fn frame_for(map: &TileMap, lo: Vec2) -> Frame {
    let f = (lo.as_dvec2() - map.origin().as_dvec2()) / map.cell_size().as_dvec2();
    let clamp = |v: f64, n: u32| if v.is_nan() { 0 } else { v.floor().clamp(0.0, (n - 1) as f64) as u32 };
    map.frame_at(clamp(f.x, map.width()), clamp(f.y, map.height()))
}

/// Loads `other` into the body, in a frame near it; `None` for a shape that cannot meet
/// anything (a non-finite point).
fn load(scratch: &mut Scratch, map: &TileMap, other: ShapeRef) -> Option<Frame> {
    if let ShapeRef::Point(p) = other {
        if !p.is_finite() {
            return None;
        }
    }
    let bounds = other.aabb();
    let frame = frame_for(map, bounds.min());
    let within = match bounds.intersection(&map.aabb()) {
        Some(b) => (b.min(), b.max()),
        None => (bounds.min(), bounds.max()),
    };
    scratch.body.load(other, &frame, within);
    Some(frame)
}

/// Whether the map's solid and `other` share a point (touching counts).
pub(crate) fn intersects_map(map: &TileMap, other: ShapeRef) -> bool {
    with_scratch(|s| {
        let Some(frame) = load(s, map, other) else { return false };
        any_piece_within(map, &frame, &s.body, &mut s.piece, 0.0)
    })
}

/// The contact of the map (as `a`) with `other`: the minimum push-out of `other` from the
/// map's solid, `None` when they do not intersect.
pub(crate) fn contact_map(map: &TileMap, other: ShapeRef, budget: ContactBudget) -> Option<Contact> {
    with_scratch(|s| {
        let frame = load(s, map, other)?;
        let push = s.search.push_out(map, &frame, &s.body, budget.units())?;
        let depth = push.t.length();
        let point = ContactPoint { point_a: frame.world(push.touch), point_b: frame.world(push.touch - push.t), depth };
        let contact = Contact::new(push.normal, depth, &[point]);
        Some(if push.exact { contact } else { contact.bounded() })
    })
}

/// The closest points of the map's solid (as `a`) and `other`, `None` when they touch. A map
/// with no solid at all is as far as can be: `f32::MAX`, both points `other`'s inner point.
pub(crate) fn closest_map(map: &TileMap, other: ShapeRef) -> Option<ClosestPoints> {
    with_scratch(|s| {
        let frame = load(s, map, other)?;
        if any_piece_within(map, &frame, &s.body, &mut s.piece, 0.0) {
            return None;
        }
        let far = || {
            let p = other.inner_point();
            ClosestPoints { point_a: p, point_b: p, distance: f32::MAX }
        };
        Some(distance::closest_apart(map, &frame, &s.body, &mut s.piece).unwrap_or_else(far))
    })
}

/// Whether every point of `other` lies in the map's solid.
pub(crate) fn map_holds(map: &TileMap, other: ShapeRef) -> bool {
    with_scratch(|s| {
        let Some(frame) = load(s, map, other) else { return false };
        contains::body_in_map(map, &frame, &s.body, &mut s.piece)
    })
}

/// Whether every piece of the map's solid lies in `shape`.
pub(crate) fn holds_map(shape: ShapeRef, map: &TileMap) -> bool {
    contains::map_in_shape(shape, map)
}

/// The point of the map's solid nearest `p` (`p` itself inside it; `p` for a map with none).
pub(crate) fn closest_point_map(map: &TileMap, p: Vec2) -> Vec2 {
    closest_map(map, ShapeRef::Point(p)).map_or(p, |c| if c.distance == f32::MAX { p } else { c.point_a })
}

/// The signed distance from `p` to the map's surface: minus the push out of the solid inside
/// it, the distance to the solid outside (`f32::MAX` for a map with none).
pub(crate) fn signed_distance_map(map: &TileMap, p: Vec2) -> f32 {
    match contact_map(map, ShapeRef::Point(p), ContactBudget::DEFAULT) {
        Some(c) => -c.depth,
        None => closest_map(map, ShapeRef::Point(p)).map_or(0.0, |c| c.distance),
    }
}
