//! The WebAssembly side of the `collide2d` npm package, which `js/` wraps in JavaScript's
//! terms (camelCase, `{x, y}` or `[x, y]`, plain result objects, thrown `Error`s). The library
//! computes every answer; this crate only decodes shapes and lays results out.
//!
//! A query allocates nothing. Every shape is built and checked once, when JavaScript makes it,
//! and stored here under a key (a slot plus its generation times 2³², so that a freed slot's
//! old key is refused); a query takes its shapes' keys as arguments (two numbers are what
//! crosses into WebAssembly cheapest: see `bench/calls.mjs`) and writes its answer's numbers into
//! the exchange area (`shapes::IO`, a `Float64Array` view of the module's memory), where
//! JavaScript also writes a query's other numbers (a ray, motions). Simple shapes are stored in
//! a ring (`shapes::Store`) from their kind code and five numbers (unused ones are ignored):
//!
//! | code | kind | numbers |
//! |---|---|---|
//! | 0 | point | x, y |
//! | 1 | segment | ax, ay, bx, by |
//! | 2 | box (axis-aligned) | minX, minY, maxX, maxY |
//! | 3 | circle | x, y, radius |
//! | 4 | oriented box | x, y, halfWidth, halfHeight, rotation |
//! | 5 | capsule | ax, ay, bx, by, radius |
//!
//! Polygons are built once too (a convex one's normals, a concave one's convex pieces), and tile
//! maps.

mod controller;
mod level;
mod scene;
mod shapes;
mod tiles;
mod world;

use collide2d::{Contact, Polygon, Shape, Vec2};
use shapes::{code, error, keep_failure, pairs, read_io, store, with_pair, with_shape, write_io};
use wasm_bindgen::prelude::*;

/// Stores a concave polygon (`outline` as x, y pairs; `holes` likewise, one after another, with
/// their vertex counts in `hole_lengths`) and returns its key.
#[wasm_bindgen(js_name = storePolygon)]
pub fn store_polygon(outline: &[f32], holes: &[f32], hole_lengths: &[u32]) -> Result<f64, JsError> {
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
    Ok(store(Shape::Polygon(polygon)))
}

/// Traces the solid pixels of an RGBA picture (`width × height`, 4 bytes a pixel; solid where
/// alpha is above `alpha_above`) into concave polygons at `detail` (`exact`, `optimal`, `more`
/// or `less`), at most `max_vertices` vertices in the exact outlines. Each polygon is stored and
/// laid out as `key, ring count, then each ring: its vertex count and x, y pairs`
/// (the outline first, then the holes), in pixel units with y down.
#[wasm_bindgen]
pub fn trace(
    rgba: &[u8],
    width: u32,
    height: u32,
    alpha_above: u8,
    detail: &str,
    max_vertices: u32,
) -> Result<Vec<f64>, JsError> {
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
        out.push(store(Shape::Polygon(polygon)));
        out.push(rings.len() as f64);
        for ring in rings {
            out.push(ring.len() as f64);
            out.extend(ring.iter().flat_map(|p| [p.x as f64, p.y as f64]));
        }
    }
    Ok(out)
}

/// Whether the shapes under keys `a` and `b` overlap or touch: 1 or 0 (-1: `takeError`).
#[wasm_bindgen]
pub fn intersects(a: f64, b: f64) -> i32 {
    code(with_pair(a, b, intersects_shapes), i32::from)
}

/// `collide2d::intersects`, the commonest pairs first: the library's run-time dispatch tests tile
/// maps, concave polygons and points before them, a fifth of a circle pair's call (measured with
/// `bench/calls.mjs`); here the pair's types are known, and the call folds to their path.
#[inline]
fn intersects_shapes(a: &Shape, b: &Shape) -> bool {
    use collide2d::intersects as meet;
    use Shape::{Aabb as B, Circle as C, ConvexPolygon as P};
    match (a, b) {
        (C(a), C(b)) => meet(a, b),
        (B(a), B(b)) => meet(a, b),
        (C(a), B(b)) => meet(a, b),
        (B(a), C(b)) => meet(a, b),
        (P(a), C(b)) => meet(a, b),
        (C(a), P(b)) => meet(a, b),
        (P(a), P(b)) => meet(a, b),
        _ => meet(a, b),
    }
}

/// Whether the shape under `a` holds all of the one under `b`: 1 or 0 (-1: `takeError`).
#[wasm_bindgen]
pub fn contains(a: f64, b: f64) -> i32 {
    code(with_pair(a, b, collide2d::contains), i32::from)
}

/// The contact of the shapes under `a` and `b` within `budget` units of work (0: no bound; see
/// `ContactBudget`), written into the exchange area as `normalX, normalY, depth, pushOutBX,
/// pushOutBY, then for each point: onAX, onAY, onBX, onBY, depth, then 1 if exact else 0`; how
/// many numbers (0 when they do not intersect; -1: `takeError`).
#[wasm_bindgen]
pub fn contact(a: f64, b: f64, budget: f64) -> i32 {
    let found = budget_of(budget).and_then(|budget| with_pair(a, b, |a, b| contact_shapes(a, b, budget)));
    code(found, |found| found.map_or(0, |c| write_contact(&c) as i32))
}

/// `collide2d::contact_with_budget`, the commonest pairs first (as `intersects_shapes`, for the
/// same reason; only a concave polygon spends the budget).
#[inline]
fn contact_shapes(a: &Shape, b: &Shape, budget: collide2d::ContactBudget) -> Option<Contact> {
    use collide2d::contact as touch;
    use Shape::{Circle as C, ConvexPolygon as P};
    match (a, b) {
        (C(a), C(b)) => touch(a, b),
        (P(a), C(b)) => touch(a, b),
        (C(a), P(b)) => touch(a, b),
        (P(a), P(b)) => touch(a, b),
        _ => collide2d::contact_with_budget(a, b, budget),
    }
}

/// A budget from JavaScript: a whole number of units from 0 (no bound) up.
pub(crate) fn budget_of(units: f64) -> Result<collide2d::ContactBudget, JsError> {
    if !(units >= 0.0 && units.fract() == 0.0) {
        return Err(JsError::new(&format!("budget must be a whole number of units, 0 or more, got {units}")));
    }
    Ok(match units as u64 {
        0 => collide2d::ContactBudget::UNBOUNDED,
        units => collide2d::ContactBudget::from_units(units),
    })
}

/// Writes a contact into the exchange area as `contact` lays it out; how many numbers (at most 16).
pub(crate) fn write_contact(c: &Contact) -> usize {
    let push = c.push_out_b();
    let mut out = [0.0f32; 16];
    let head = [c.normal.x, c.normal.y, c.depth, push.x, push.y];
    let mut count = 0;
    // Number by number: a slice copy here is a `memory.copy`, which costs a call into the host.
    for n in head {
        out[count] = n;
        count += 1;
    }
    for p in c.points() {
        for n in [p.point_a.x, p.point_a.y, p.point_b.x, p.point_b.y, p.depth] {
            out[count] = n;
            count += 1;
        }
    }
    out[count] = f32::from(u8::from(c.is_exact()));
    write_io(&out[..count + 1])
}

/// The closest points of the shapes under `a` and `b`, written into the exchange area as `onAX,
/// onAY, onBX, onBY, distance`: 1, or 0 when they touch or overlap (-1: `takeError`).
#[wasm_bindgen(js_name = closestPoints)]
pub fn closest_points(a: f64, b: f64) -> i32 {
    code(with_pair(a, b, collide2d::closest_points), |found| {
        found.map_or(0, |c| written(&[c.point_a.x, c.point_a.y, c.point_b.x, c.point_b.y, c.distance]))
    })
}

/// Writes `numbers` into the exchange area: 1, the code of an answer found.
fn written(numbers: &[f32]) -> i32 {
    write_io(numbers);
    1
}

/// The distance between the shapes under `a` and `b` (0 when they touch or overlap; NaN:
/// `takeError`).
#[wasm_bindgen]
pub fn distance(a: f64, b: f64) -> f64 {
    match with_pair(a, b, collide2d::distance) {
        Ok(d) => f64::from(d),
        Err(e) => {
            keep_failure(e);
            f64::NAN
        }
    }
}

/// Where the ray written into the exchange area (`originX, originY, directionX, directionY,
/// maxDistance`) first meets the shape under `key`: written there as `distance, pointX, pointY,
/// normalX, normalY`: 1, or 0 when it misses (-1: `takeError`).
#[wasm_bindgen(js_name = castRay)]
pub fn cast_ray(key: f64) -> i32 {
    let [ox, oy, dx, dy, max_distance] = read_io::<5>().map(|n| n as f32);
    let found = if max_distance.is_nan() {
        Err(JsError::new("maxDistance is not a number"))
    } else {
        collide2d::Ray::new(Vec2::new(ox, oy), Vec2::new(dx, dy))
            .map_err(error)
            .and_then(|ray| with_shape(key, |s| collide2d::cast_ray(s, &ray, max_distance)))
    };
    code(found, |hit| hit.map_or(0, |h| written(&[h.distance, h.point.x, h.point.y, h.normal.x, h.normal.y])))
}

/// The first touch of the shape under `a` moving by `motionA` and the one under `b` by
/// `motionB`, written into the exchange area as `motionAX, motionAY, motionBX, motionBY,
/// maxTime`, over times 0 to `maxTime`: written there as `time, pointX, pointY, onAX, onAY,
/// onBX, onBY, normalX, normalY, startedOverlapping (1 or 0)`: 1, or 0 when they never touch
/// (-1: `takeError`).
#[wasm_bindgen(js_name = castShape)]
pub fn cast_shape(a: f64, b: f64) -> i32 {
    let [max, may, mbx, mby, max_time] = read_io::<5>().map(|n| n as f32);
    let (motion_a, motion_b) = (Vec2::new(max, may), Vec2::new(mbx, mby));
    let found = if !motion_a.is_finite() || !motion_b.is_finite() || max_time.is_nan() {
        Err(JsError::new("motions and maxTime must be finite numbers"))
    } else {
        with_pair(a, b, |a, b| collide2d::cast_shape(a, motion_a, b, motion_b, max_time))
    };
    code(found, |hit| {
        hit.map_or(0, |h| {
            let started = if h.started_overlapping { 1.0 } else { 0.0 };
            let (p, pa, pb, n) = (h.point, h.point_a, h.point_b, h.normal);
            written(&[h.time, p.x, p.y, pa.x, pa.y, pb.x, pb.y, n.x, n.y, started])
        })
    })
}
