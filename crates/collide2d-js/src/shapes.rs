//! How shapes and numbers cross between JavaScript and WebAssembly without an allocation per
//! call: the exchange area (`IO`, numbers JavaScript writes before a call and reads after it)
//! and the store of polygons (built once, named by a key).

use std::cell::RefCell;

use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, Vec2};
use wasm_bindgen::prelude::*;

/// How many numbers the exchange area holds.
pub(crate) const IO_LEN: usize = 32;

/// How many numbers a shape takes in the exchange area: its kind code and five numbers.
pub(crate) const SHAPE_LEN: usize = 6;

/// The kind code of a stored shape (a polygon), whose first number is its key.
const STORED_KIND: f64 = 6.0;

/// `2³²`: a key or an id is a slot plus a generation times this (exact in a JavaScript number).
pub(crate) const GENERATION_UNIT: f64 = 4_294_967_296.0;

/// The stored shapes: each slot with its generation (bumped when freed) and its shape, and the
/// slots freed, to be used again first.
pub(crate) struct Store {
    slots: Vec<(u32, Option<Shape>)>,
    free: Vec<usize>,
}

thread_local! {
    /// The exchange area: shapes and arguments in, results out.
    static IO: RefCell<[f64; IO_LEN]> = const { RefCell::new([0.0; IO_LEN]) };
    /// The error of the last query that failed, until JavaScript takes it.
    static FAILURE: RefCell<Option<JsError>> = const { RefCell::new(None) };
    /// The stored shapes.
    static STORED: RefCell<Store> = const { RefCell::new(Store { slots: Vec::new(), free: Vec::new() }) };
}

/// The byte address of the exchange area in the module's memory (it never moves), so that
/// JavaScript can view it as a `Float64Array` of `IO_LEN` numbers.
#[wasm_bindgen(js_name = ioAddress)]
pub fn io_address() -> usize {
    IO.with(|io| io.as_ptr() as usize)
}

/// How many numbers a call reads from the exchange area at most: two shapes and five more.
pub(crate) const INPUT_LEN: usize = 3 * SHAPE_LEN;

/// The exchange area's first `INPUT_LEN` numbers, the arguments JavaScript wrote.
pub(crate) fn read_io() -> [f64; INPUT_LEN] {
    IO.with_borrow(|io| std::array::from_fn(|i| io[i]))
}

/// Writes `numbers` at the start of the exchange area; how many (at most `IO_LEN`).
pub(crate) fn write_io(numbers: &[f64]) -> usize {
    let count = numbers.len().min(IO_LEN);
    IO.with_borrow_mut(|io| io[..count].copy_from_slice(&numbers[..count]));
    count
}

/// A query's answer as a number for JavaScript: `answer` of what it found, or -1 with the
/// error kept for `takeError` (the query functions return plain numbers, which cross into
/// JavaScript faster than a `Result`).
pub(crate) fn code<T>(found: Result<T, JsError>, answer: impl FnOnce(T) -> i32) -> i32 {
    match found {
        Ok(found) => answer(found),
        Err(e) => {
            keep_failure(e);
            -1
        }
    }
}

/// Keeps a query's error for `takeError`.
pub(crate) fn keep_failure(e: JsError) {
    FAILURE.set(Some(e));
}

/// The error of the last query that answered -1 (or NaN), as a JavaScript `Error`.
#[wasm_bindgen(js_name = takeError)]
pub fn take_error() -> JsValue {
    FAILURE.take().map_or(JsValue::UNDEFINED, JsValue::from)
}

/// The shape JavaScript wrote at `io[at..at + SHAPE_LEN]`, handed to `f`: a stored one borrowed
/// where it is, a simple one built from its numbers.
pub(crate) fn with_shape_at<R>(io: &[f64; INPUT_LEN], at: usize, f: impl FnOnce(&Shape) -> R) -> Result<R, JsError> {
    let numbers = &io[at..at + SHAPE_LEN];
    if numbers[0] != STORED_KIND {
        return Ok(f(&simple(numbers)?));
    }
    let (slot, generation) = split_key(numbers[1]);
    STORED.with_borrow(|stored| match stored.slots.get(slot) {
        Some((g, Some(shape))) if *g == generation => Ok(f(shape)),
        _ => Err(JsError::new("this polygon has been freed")),
    })
}

/// Both shapes JavaScript wrote (at 0 and at `SHAPE_LEN`), handed to `f`.
pub(crate) fn with_two<R>(io: &[f64; INPUT_LEN], f: impl FnOnce(&Shape, &Shape) -> R) -> Result<R, JsError> {
    with_shape_at(io, 0, |a| with_shape_at(io, SHAPE_LEN, |b| f(a, b)))?
}

/// The slot and generation of a key (or a world's id): its low and high 32 bits as an integer
/// (integer operations: `%` on an `f64` is a slow library call in WebAssembly). Keys come from
/// `store` only; a world checks that an id is its collider's whole name.
pub(crate) fn split_key(key: f64) -> (usize, u32) {
    let whole = key as u64;
    ((whole & 0xffff_ffff) as usize, (whole >> 32) as u32)
}

/// A simple shape (kind code, then five numbers of which it uses the first few), or an error
/// that says what is wrong.
fn simple(numbers: &[f64]) -> Result<Shape, JsError> {
    let n: [f32; 5] = std::array::from_fn(|i| numbers[i + 1] as f32);
    let at = |i: usize| Vec2::new(n[i], n[i + 1]);
    match numbers[0] {
        0.0 => {
            let p = at(0);
            if !p.is_finite() {
                return Err(JsError::new(&format!("point: not finite ({}, {})", p.x, p.y)));
            }
            Ok(Shape::Point(p))
        }
        1.0 => Segment::new(at(0), at(2)).map(Shape::from).map_err(error),
        2.0 => Aabb::new(at(0), at(2)).map(Shape::from).map_err(error),
        3.0 => Circle::new(at(0), n[2]).map(Shape::from).map_err(error),
        4.0 => Obb::new(at(0), at(2), n[4]).map(Shape::from).map_err(error),
        5.0 => Capsule::new(at(0), at(2), n[4]).map(Shape::from).map_err(error),
        other => Err(JsError::new(&format!("unknown shape kind {other}"))),
    }
}

/// Checks the shape JavaScript wrote at the start of the exchange area: an error that says
/// what is wrong, else nothing.
#[wasm_bindgen]
pub fn check() -> Result<(), JsError> {
    with_shape_at(&read_io(), 0, |_| ())
}

/// Stores a shape and returns its key.
pub(crate) fn store(shape: Shape) -> f64 {
    STORED.with_borrow_mut(|stored| {
        let slot = stored.free.pop().unwrap_or_else(|| {
            stored.slots.push((0, None));
            stored.slots.len() - 1
        });
        let (generation, place) = &mut stored.slots[slot];
        *place = Some(shape);
        slot as f64 + *generation as f64 * GENERATION_UNIT
    })
}

/// Stores the convex polygon through the points `x0, y0, x1, y1, …` (either winding) and
/// returns its key.
#[wasm_bindgen(js_name = storeConvex)]
pub fn store_convex(points: &[f32]) -> Result<f64, JsError> {
    let polygon = ConvexPolygon::new(&pairs(points, "a polygon")?).map_err(error)?;
    Ok(store(Shape::from(polygon)))
}

/// The stored shape under `key`, handed to `f` to change (a tile map's cells).
pub(crate) fn with_stored_mut<R>(key: f64, f: impl FnOnce(&mut Shape) -> R) -> Result<R, JsError> {
    let (slot, generation) = split_key(key);
    STORED.with_borrow_mut(|stored| match stored.slots.get_mut(slot) {
        Some((g, Some(shape))) if *g == generation => Ok(f(shape)),
        _ => Err(JsError::new("this shape has been freed")),
    })
}

/// Frees the stored shape under `key`; a key already freed is left alone.
#[wasm_bindgen]
pub fn release(key: f64) {
    let (slot, generation) = split_key(key);
    STORED.with_borrow_mut(|stored| {
        if let Some((g, shape)) = stored.slots.get_mut(slot) {
            if *g == generation && shape.is_some() {
                *shape = None;
                *g = g.wrapping_add(1);
                stored.free.push(slot);
            }
        }
    });
}

/// Points from x, y pairs, or an error naming `what` when the count is odd.
pub(crate) fn pairs(n: &[f32], what: &str) -> Result<Vec<Vec2>, JsError> {
    if n.len() % 2 != 0 {
        return Err(JsError::new(&format!("{what} takes x, y pairs, got {} numbers", n.len())));
    }
    Ok(n.chunks_exact(2).map(|p| Vec2::new(p[0], p[1])).collect())
}

/// The library's error as a JavaScript `Error` with its message.
pub(crate) fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
