//! How shapes and numbers cross between JavaScript and WebAssembly without an allocation per
//! call: the store of shapes (each built and checked once, named by a key), and the exchange
//! area (`IO`, numbers JavaScript writes before a call and reads after it).

use std::cell::RefCell;

use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, Vec2};
use wasm_bindgen::prelude::*;

/// How many numbers the exchange area holds.
pub(crate) const IO_LEN: usize = 32;

/// `2³²`: a key or an id is a slot plus a generation times this (exact in a JavaScript number).
pub(crate) const GENERATION_UNIT: f64 = 4_294_967_296.0;

/// How many simple shapes the ring holds (48 bytes each), a power of two: JavaScript makes one
/// again, from its numbers, when its slot has been taken since (`js/wasm.js`).
const RING_LEN: u64 = 65_536;

/// The stored shapes. Polygons and tile maps: each slot with its generation (bumped when freed)
/// and its shape, and the slots freed, to be used again first; JavaScript frees them when their
/// objects are collected. Simple shapes: a ring JavaScript writes in turn, each slot with the
/// turn that wrote it, overwritten when the ring comes round, so that making one needs no
/// tracking of when it is collected (that tracking cost three times the rest of making a
/// circle).
pub(crate) struct Store {
    slots: Vec<(u32, Option<Shape>)>,
    free: Vec<usize>,
    ring: Vec<(u64, Shape)>,
}

impl Store {
    /// The shape under `key`, if it is still there: for a negative key (`-1 - turn`) the ring's,
    /// if no later turn has taken its slot; else a stored shape's.
    #[inline]
    fn get(&self, key: f64) -> Option<&Shape> {
        if key < 0.0 {
            let turn = (-1.0 - key) as u64;
            return match self.ring.get((turn % RING_LEN) as usize) {
                Some((t, shape)) if *t == turn => Some(shape),
                _ => None,
            };
        }
        let (slot, generation) = split_key(key)?;
        match self.slots.get(slot) {
            Some((g, Some(shape))) if *g == generation => Some(shape),
            _ => None,
        }
    }
}

thread_local! {
    /// The exchange area: arguments in, results out.
    static IO: RefCell<[f64; IO_LEN]> = const { RefCell::new([0.0; IO_LEN]) };
    /// The error of the last query that failed, until JavaScript takes it.
    static FAILURE: RefCell<Option<JsError>> = const { RefCell::new(None) };
    /// The stored shapes.
    static STORED: RefCell<Store> =
        const { RefCell::new(Store { slots: Vec::new(), free: Vec::new(), ring: Vec::new() }) };
}

/// The byte address of the exchange area in the module's memory (it never moves), so that
/// JavaScript can view it as a `Float64Array` of `IO_LEN` numbers.
#[wasm_bindgen(js_name = ioAddress)]
pub fn io_address() -> usize {
    IO.with(|io| io.as_ptr() as usize)
}

/// The exchange area's first `N` numbers, the arguments JavaScript wrote.
pub(crate) fn read_io<const N: usize>() -> [f64; N] {
    IO.with_borrow(|io| std::array::from_fn(|i| io[i]))
}

/// Writes `numbers` at the start of the exchange area; how many (at most `IO_LEN`). Number by
/// number, widened as they go: never a `memory.copy`, which costs a call into the host.
pub(crate) fn write_io(numbers: &[f32]) -> usize {
    IO.with_borrow_mut(|io| {
        for (to, n) in io.iter_mut().zip(numbers) {
            *to = f64::from(*n);
        }
    });
    numbers.len().min(IO_LEN)
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

/// Why a key names no shape.
fn gone() -> JsError {
    JsError::new("this shape has been freed (or, made before init(), could not be made: see what init() threw)")
}

/// The shape stored under `key`, handed to `f`.
pub(crate) fn with_shape<R>(key: f64, f: impl FnOnce(&Shape) -> R) -> Result<R, JsError> {
    STORED.with_borrow(|stored| stored.get(key).map(f).ok_or_else(gone))
}

/// The shapes stored under `a` and `b`, handed to `f`: the whole cost of finding them is a
/// borrow and two slot lookups, which is what makes a call cheap.
#[inline]
pub(crate) fn with_pair<R>(a: f64, b: f64, f: impl FnOnce(&Shape, &Shape) -> R) -> Result<R, JsError> {
    STORED.with_borrow(|stored| match (stored.get(a), stored.get(b)) {
        (Some(a), Some(b)) => Ok(f(a, b)),
        _ => Err(gone()),
    })
}

/// The slot and generation of a key (or a world's id): its low and high 32 bits as an integer
/// (integer operations: `%` on an `f64` is a slow library call in WebAssembly); none for a
/// negative or NaN key (a simple shape's, or one not made). Keys come from `store` only; a world
/// checks that an id is its collider's whole name.
#[inline]
pub(crate) fn split_key(key: f64) -> Option<(usize, u32)> {
    if key.is_nan() || key < 0.0 {
        return None;
    }
    let whole = key as u64;
    Some(((whole & 0xffff_ffff) as usize, (whole >> 32) as u32))
}

/// Stores a simple shape, `kind` (0 point, 1 segment, 2 box, 3 circle, 4 oriented box, 5
/// capsule) with its numbers (the table in `lib.rs`), at `turn` of the ring (JavaScript's count
/// of the simple shapes made, a whole number), and returns its key; an error that says what is
/// wrong when it cannot be built.
#[wasm_bindgen(js_name = storeSimple)]
pub fn store_simple(turn: f64, kind: u32, n1: f32, n2: f32, n3: f32, n4: f32, n5: f32) -> Result<f64, JsError> {
    let (a, b) = (Vec2::new(n1, n2), Vec2::new(n3, n4));
    let shape = match kind {
        0 if a.is_finite() => Shape::Point(a),
        0 => return Err(JsError::new(&format!("point: not finite ({n1}, {n2})"))),
        1 => Segment::new(a, b).map_err(error)?.into(),
        2 => Aabb::new(a, b).map_err(error)?.into(),
        3 => Circle::new(a, n3).map_err(error)?.into(),
        4 => Obb::new(a, b, n5).map_err(error)?.into(),
        5 => Capsule::new(a, b, n5).map_err(error)?.into(),
        other => return Err(JsError::new(&format!("unknown shape kind {other}"))),
    };
    if !(turn >= 0.0 && turn.fract() == 0.0 && turn < 9.0e15) {
        return Err(JsError::new(&format!("a turn is a whole number from 0, got {turn}")));
    }
    let t = turn as u64;
    STORED.with_borrow_mut(|stored| {
        let ring = &mut stored.ring;
        match (t % RING_LEN) as usize {
            at if at < ring.len() => ring[at] = (t, shape),
            at if at == ring.len() => ring.push((t, shape)),
            at => return Err(JsError::new(&format!("slot {at} is past the ring's {} shapes", ring.len()))),
        }
        Ok(-1.0 - turn)
    })
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
    let (slot, generation) = split_key(key).ok_or_else(gone)?;
    STORED.with_borrow_mut(|stored| match stored.slots.get_mut(slot) {
        Some((g, Some(shape))) if *g == generation => Ok(f(shape)),
        _ => Err(gone()),
    })
}

/// Frees the stored shape under `key`; a key already freed is left alone.
#[wasm_bindgen]
pub fn release(key: f64) {
    let Some((slot, generation)) = split_key(key) else { return };
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
