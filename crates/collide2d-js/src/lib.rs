//! The WebAssembly side of the `collide2d` npm package: flat functions over shape codes and
//! `f32` arrays, which `js/index.js` wraps in JavaScript's terms (camelCase, `{x, y}` or
//! `[x, y]`, plain result objects, thrown `Error`s). The library computes every answer; this
//! crate only decodes shapes and lays results out.
//!
//! A shape crosses as a kind code and its numbers:
//!
//! | code | kind | numbers |
//! |---|---|---|
//! | 0 | point | x, y |
//! | 1 | segment | ax, ay, bx, by |
//! | 2 | box (axis-aligned) | minX, minY, maxX, maxY |
//! | 3 | circle | x, y, radius |
//! | 4 | oriented box | x, y, halfWidth, halfHeight, rotation |
//! | 5 | capsule | ax, ay, bx, by, radius |
//! | 6 | convex polygon | x0, y0, x1, y1, … |
//! | 7 | a stored shape (a concave polygon) | slot, generation |
//!
//! Shapes costly to build (concave polygons, split into convex pieces once) are stored here
//! and named by a slot and a generation, so that a freed slot's old name is refused.

mod scene;
mod world;

use std::cell::RefCell;

use collide2d::{Aabb, Capsule, Circle, Contact, ConvexPolygon, Obb, Polygon, Segment, Shape, Vec2};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The stored shapes: each slot with its generation (bumped when freed) and its shape.
    static STORED: RefCell<Vec<(u32, Option<Shape>)>> = const { RefCell::new(Vec::new()) };
}

/// Stores a concave polygon (`outline` as x, y pairs; `holes` likewise, one after another, with
/// their vertex counts in `hole_lengths`) and returns its name, `[slot, generation]`.
#[wasm_bindgen(js_name = storePolygon)]
pub fn store_polygon(outline: &[f32], holes: &[f32], hole_lengths: &[u32]) -> Result<Vec<f32>, JsError> {
    let outline = pairs(outline, "the outline")?;
    let all = pairs(holes, "the holes")?;
    let mut rings = Vec::with_capacity(hole_lengths.len());
    let mut at = 0usize;
    for (i, &count) in hole_lengths.iter().enumerate() {
        let end = at.checked_add(count as usize).filter(|end| *end <= all.len());
        let end =
            end.ok_or_else(|| JsError::new(&format!("hole {i} runs past the {} hole points given", all.len())))?;
        rings.push(&all[at..end]);
        at = end;
    }
    if at != all.len() {
        return Err(JsError::new(&format!("{} hole points given, the hole lengths add up to {at}", all.len())));
    }
    let polygon = Polygon::with_holes(&outline, &rings).map_err(error)?;
    Ok(store(Shape::Polygon(polygon)).to_vec())
}

/// Stores a shape and returns its name, `[slot, generation]`.
fn store(shape: Shape) -> [f32; 2] {
    STORED.with_borrow_mut(|stored| {
        let slot = match stored.iter().position(|(_, s)| s.is_none()) {
            Some(free) => free,
            None => {
                stored.push((0, None));
                stored.len() - 1
            }
        };
        stored[slot].1 = Some(shape);
        [slot as f32, stored[slot].0 as f32]
    })
}

/// Traces the solid pixels of an RGBA picture (`width × height`, 4 bytes a pixel; solid where
/// alpha is above `alpha_above`) into concave polygons at `detail` (`exact`, `optimal`, `more`
/// or `less`), at most `max_vertices` vertices in the exact outlines. Each polygon is stored and
/// laid out as `slot, generation, ring count, then each ring: its vertex count and x, y pairs`
/// (the outline first, then the holes), in pixel units with y down.
#[wasm_bindgen]
pub fn trace(
    rgba: &[u8],
    width: u32,
    height: u32,
    alpha_above: u8,
    detail: &str,
    max_vertices: u32,
) -> Result<Vec<f32>, JsError> {
    use collide2d::pixels::{Rgba8, Solidity};
    use collide2d::trace::{trace_limited, Detail};
    let detail = match detail {
        "exact" => Detail::Exact,
        "optimal" => Detail::Optimal,
        "more" => Detail::More,
        "less" => Detail::Less,
        other => return Err(JsError::new(&format!("detail must be exact, optimal, more or less, got {other:?}"))),
    };
    let image = Rgba8::new(width, height, rgba).map_err(error)?;
    let solidity = Solidity { alpha_above, ..Solidity::default() };
    let polygons = trace_limited(&image, &solidity, detail, max_vertices as usize).map_err(error)?;
    let mut out = Vec::new();
    for polygon in polygons {
        let rings: Vec<Vec<Vec2>> =
            std::iter::once(polygon.outline().to_vec()).chain(polygon.holes().iter().cloned()).collect();
        out.extend(store(Shape::Polygon(polygon)));
        out.push(rings.len() as f32);
        for ring in rings {
            out.push(ring.len() as f32);
            out.extend(ring.iter().flat_map(|p| [p.x, p.y]));
        }
    }
    Ok(out)
}

/// Frees the stored shape named `[slot, generation]`; a name already freed is left alone.
#[wasm_bindgen]
pub fn release(slot: u32, generation: u32) {
    STORED.with_borrow_mut(|stored| {
        if let Some((g, shape)) = stored.get_mut(slot as usize) {
            if *g == generation && shape.is_some() {
                *shape = None;
                *g = g.wrapping_add(1);
            }
        }
    });
}

/// Calls `f` with the shape of kind `kind` from its numbers (a stored one borrowed where it is).
fn with_shape<R>(kind: u8, n: &[f32], f: impl FnOnce(&Shape) -> R) -> Result<R, JsError> {
    if kind != 7 {
        return Ok(f(&shape(kind, n)?));
    }
    let [slot, generation] = n else {
        return Err(JsError::new(&format!("a stored shape takes 2 numbers, got {}", n.len())));
    };
    STORED.with_borrow(|stored| match stored.get(*slot as usize) {
        Some((g, Some(shape))) if *g as f32 == *generation => Ok(f(shape)),
        _ => Err(JsError::new("this polygon has been freed")),
    })
}

/// Calls `f` with both shapes.
fn with_shapes<R>(
    kind_a: u8,
    a: &[f32],
    kind_b: u8,
    b: &[f32],
    f: impl FnOnce(&Shape, &Shape) -> R,
) -> Result<R, JsError> {
    with_shape(kind_a, a, |sa| with_shape(kind_b, b, |sb| f(sa, sb)))?
}

/// The shape of kind `kind` from its numbers, or an error that says what is wrong.
fn shape(kind: u8, n: &[f32]) -> Result<Shape, JsError> {
    let need = |count: usize, name: &str| {
        if n.len() == count {
            Ok(())
        } else {
            Err(JsError::new(&format!("a {name} takes {count} numbers, got {}", n.len())))
        }
    };
    let at = |i: usize| Vec2::new(n[i], n[i + 1]);
    match kind {
        0 => {
            need(2, "point")?;
            let p = at(0);
            if !p.is_finite() {
                return Err(JsError::new(&format!("point: not finite ({}, {})", p.x, p.y)));
            }
            Ok(Shape::Point(p))
        }
        1 => need(4, "segment").and_then(|()| Segment::new(at(0), at(2)).map(Shape::from).map_err(error)),
        2 => need(4, "box").and_then(|()| Aabb::new(at(0), at(2)).map(Shape::from).map_err(error)),
        3 => need(3, "circle").and_then(|()| Circle::new(at(0), n[2]).map(Shape::from).map_err(error)),
        4 => need(5, "oriented box").and_then(|()| Obb::new(at(0), at(2), n[4]).map(Shape::from).map_err(error)),
        5 => need(5, "capsule").and_then(|()| Capsule::new(at(0), at(2), n[4]).map(Shape::from).map_err(error)),
        6 => ConvexPolygon::new(&pairs(n, "a polygon")?).map(Shape::from).map_err(error),
        other => Err(JsError::new(&format!("unknown shape kind {other}"))),
    }
}

/// Points from x, y pairs, or an error naming `what` when the count is odd.
fn pairs(n: &[f32], what: &str) -> Result<Vec<Vec2>, JsError> {
    if n.len() % 2 != 0 {
        return Err(JsError::new(&format!("{what} takes x, y pairs, got {} numbers", n.len())));
    }
    Ok(n.chunks_exact(2).map(|p| Vec2::new(p[0], p[1])).collect())
}

/// The library's error as a JavaScript `Error` with its message.
fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Checks the numbers of a shape of kind `kind`: an error that says what is wrong, else nothing.
#[wasm_bindgen]
pub fn check(kind: u8, numbers: &[f32]) -> Result<(), JsError> {
    shape(kind, numbers).map(|_| ())
}

/// Whether the two shapes overlap or touch.
#[wasm_bindgen]
pub fn intersects(kind_a: u8, a: &[f32], kind_b: u8, b: &[f32]) -> Result<bool, JsError> {
    with_shapes(kind_a, a, kind_b, b, collide2d::intersects)
}

/// Whether `a` holds all of `b`.
#[wasm_bindgen]
pub fn contains(kind_a: u8, a: &[f32], kind_b: u8, b: &[f32]) -> Result<bool, JsError> {
    with_shapes(kind_a, a, kind_b, b, collide2d::contains)
}

/// The contact of `a` and `b`, or nothing when they do not intersect, laid out as
/// `[normalX, normalY, depth, pushOutBX, pushOutBY, then for each point: onAX, onAY, onBX,
/// onBY, depth]`.
#[wasm_bindgen]
pub fn contact(kind_a: u8, a: &[f32], kind_b: u8, b: &[f32]) -> Result<Option<Vec<f32>>, JsError> {
    let found = with_shapes(kind_a, a, kind_b, b, collide2d::contact)?;
    Ok(found.map(|c| contact_numbers(&c)))
}

/// A contact as `contact` lays it out.
fn contact_numbers(c: &Contact) -> Vec<f32> {
    let push = c.push_out_b();
    let mut out = vec![c.normal.x, c.normal.y, c.depth, push.x, push.y];
    for p in c.points() {
        out.extend_from_slice(&[p.point_a.x, p.point_a.y, p.point_b.x, p.point_b.y, p.depth]);
    }
    out
}

/// The closest points of `a` and `b` and their distance, `[onAX, onAY, onBX, onBY, distance]`,
/// or nothing when they touch or overlap.
#[wasm_bindgen(js_name = closestPoints)]
pub fn closest_points(kind_a: u8, a: &[f32], kind_b: u8, b: &[f32]) -> Result<Option<Vec<f32>>, JsError> {
    let found = with_shapes(kind_a, a, kind_b, b, collide2d::closest_points)?;
    Ok(found.map(|c| vec![c.point_a.x, c.point_a.y, c.point_b.x, c.point_b.y, c.distance]))
}

/// The distance between `a` and `b` (0 when they touch or overlap).
#[wasm_bindgen]
pub fn distance(kind_a: u8, a: &[f32], kind_b: u8, b: &[f32]) -> Result<f32, JsError> {
    with_shapes(kind_a, a, kind_b, b, collide2d::distance)
}

/// Where the ray from `(ox, oy)` along `(dx, dy)` first meets the shape within `max_distance`:
/// `[distance, pointX, pointY, normalX, normalY]`, or nothing when it misses.
#[wasm_bindgen(js_name = castRay)]
pub fn cast_ray(kind: u8, s: &[f32], ray: &[f32], max_distance: f32) -> Result<Option<Vec<f32>>, JsError> {
    let [ox, oy, dx, dy] = ray else {
        return Err(JsError::new(&format!("a ray takes 4 numbers, got {}", ray.len())));
    };
    if max_distance.is_nan() {
        return Err(JsError::new("maxDistance is not a number"));
    }
    let ray = collide2d::Ray::new(Vec2::new(*ox, *oy), Vec2::new(*dx, *dy)).map_err(error)?;
    let found = with_shape(kind, s, |s| collide2d::cast_ray(s, &ray, max_distance))?;
    Ok(found.map(|h| vec![h.distance, h.point.x, h.point.y, h.normal.x, h.normal.y]))
}

/// The first touch of `a` moving by `motions[0..2]` and `b` by `motions[2..4]` over times
/// `[0, max_time]`: `[time, pointX, pointY, onAX, onAY, onBX, onBY, normalX, normalY,
/// startedOverlapping (1 or 0)]`, or nothing when they never touch.
#[wasm_bindgen(js_name = castShape)]
pub fn cast_shape(
    kind_a: u8,
    a: &[f32],
    kind_b: u8,
    b: &[f32],
    motions: &[f32],
    max_time: f32,
) -> Result<Option<Vec<f32>>, JsError> {
    let [max, may, mbx, mby] = motions else {
        return Err(JsError::new(&format!("two motions take 4 numbers, got {}", motions.len())));
    };
    let (motion_a, motion_b) = (Vec2::new(*max, *may), Vec2::new(*mbx, *mby));
    if !motion_a.is_finite() || !motion_b.is_finite() || max_time.is_nan() {
        return Err(JsError::new("motions and maxTime must be finite numbers"));
    }
    let found = with_shapes(kind_a, a, kind_b, b, |a, b| collide2d::cast_shape(a, motion_a, b, motion_b, max_time))?;
    Ok(found.map(|h| {
        let started = if h.started_overlapping { 1.0 } else { 0.0 };
        let (p, pa, pb, n) = (h.point, h.point_a, h.point_b, h.normal);
        vec![h.time, p.x, p.y, pa.x, pa.y, pb.x, pb.y, n.x, n.y, started]
    }))
}
