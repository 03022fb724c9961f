// What the package's modules share: loading the WebAssembly module, the shapes made before it
// loads, and turning JavaScript's vectors and shapes into the module's numbers.

import load, { initSync as instantiateSync } from './collide2d_js.js';
import * as wasm from './collide2d_js.js';

export { wasm };

// The module's own exports, once loaded (null before).
let exports = null;
let loading = null;
let io = new Float64Array(0);
// What was made before the module loaded, to check or build once it has (null after).
let pending = [];

// Stands in for the queries' exports until the module has loaded: each call says what to do.
const notLoaded = () => {
  throw new Error('collide2d: await init() (or call initSync()) before queries');
};

/**
 * The queries called most, taken straight from the module's exports: calling them skips
 * wasm-bindgen's wrappers. Each takes two shapes' keys (`keyOf`) and returns a plain number
 * (see `src/lib.rs`).
 */
export let calls = {
  intersects: notLoaded,
  contains: notLoaded,
  contact: notLoaded,
  closestPoints: notLoaded,
  distance: notLoaded,
};

// Takes the loaded module into use: the fast calls, then what was made before it.
function ready(loaded) {
  exports = loaded;
  calls = {
    intersects: loaded.intersects,
    contains: loaded.contains,
    contact: loaded.contact,
    closestPoints: loaded.closestPoints,
    distance: loaded.distance,
  };
  const waiting = pending;
  pending = null;
  let first = null;
  for (const build of waiting) {
    try {
      build();
    } catch (e) {
      first ??= e;
    }
  }
  if (first !== null) {
    throw new Error(`collide2d: a shape made before init() could not be made: ${first.message}`, { cause: first });
  }
}

/**
 * Loads the WebAssembly module; await it once before queries (shapes can be made before: they
 * are checked when it loads, and it rejects naming the first that is wrong). In Node it is read
 * from the package's own folder, in a browser fetched beside this file. Where a bundler or
 * server puts the `.wasm` elsewhere, pass where it is (a URL or its path as a string), its bytes,
 * a `Response` or a compiled `WebAssembly.Module`. Later calls return the first call's promise.
 */
export function init(source) {
  if (loading === null && exports !== null) loading = Promise.resolve();
  loading ??= (async () => {
    const url = new URL('./collide2d_js_bg.wasm', import.meta.url);
    let from = source;
    if (from === undefined && url.protocol === 'file:') {
      // Only Node takes this branch. The specifier is not a literal so that bundlers building
      // for the browser leave the import alone instead of failing to resolve a Node module.
      const fsModule = 'node:fs/promises';
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
      from = await readFile(url);
    }
    const loaded = await load({ module_or_path: from ?? url });
    if (exports === null) ready(loaded);
  })();
  return loading;
}

/**
 * Loads the WebAssembly module at once, from its bytes (an `ArrayBuffer` or a typed array) or a
 * compiled `WebAssembly.Module`: for bundlers that inline the `.wasm`, and workers handed the
 * module. Throws where `init()` rejects; does nothing once the module is loaded.
 */
export function initSync(source) {
  if (exports !== null) return;
  const bytes = source instanceof ArrayBuffer || ArrayBuffer.isView(source);
  if (!bytes && !(source instanceof WebAssembly.Module)) {
    throw new TypeError("initSync takes the .wasm's bytes (an ArrayBuffer or a typed array) or a WebAssembly.Module");
  }
  ready(instantiateSync({ module: source }));
}

/**
 * Runs `build` now when the module is loaded, else once it loads (what a shape made before
 * `init()` does to be checked or built).
 */
export function whenLoaded(build) {
  if (pending === null) build();
  else pending.push(build);
}

/**
 * The exchange area: a view of the numbers the module reads its arguments from and writes its
 * answers to (made again when the module's memory has grown, which detaches the old view).
 */
export function exchange() {
  if (io.length === 0) {
    loaded('queries');
    io = new Float64Array(exports.memory.buffer, exports.ioAddress(), 32);
  }
  return io;
}

/** Throws when the module has not loaded, naming what needed it. */
export function loaded(what) {
  if (exports === null) throw new Error(`collide2d: await init() before ${what}`);
}

// A simple shape's kind code, as the module's `storeShape` takes it.
export const KIND = { point: 0, segment: 1, box: 2, circle: 3, orientedBox: 4, capsule: 5 };
/**
 * The key of a shape's hidden holder: a `Float64Array` of its key in the module's store, its
 * turn in the ring of simple shapes (Infinity for a polygon or tile map, and for a shape not
 * made), and for a simple shape its kind code and five numbers, to make it again. Its key is
 * NaN until it is made (before `init()`, or when that failed), so that the frozen shape object
 * can learn its key after it is made.
 */
export const KEY = Symbol('collide2d key');

// How many simple shapes the module's ring holds (`RING_LEN` in src/shapes.rs), and the turn
// the next one takes: a simple shape whose slot a later one took (its turn more than `RING`
// behind) is made again, from its numbers, when the module refuses its key (`retried`) or
// before a call that does not answer with a code (`keyOf`).
const RING = 65536;
let turn = 0;

// Stores a simple shape's holder in the ring at the next turn (taken only once it is made: the
// module fills the ring in turn).
function putInRing(h) {
  const t = turn;
  h[0] = wasm.storeSimple(t, h[2], h[3], h[4], h[5], h[6], h[7]);
  h[1] = t;
  turn = t + 1;
}

/**
 * Gives `shape` (not yet frozen) a holder for its key and stores it in the module's ring of
 * simple shapes, with its `kind` code and five numbers: now when the module is loaded, else
 * once it loads.
 */
export function simpleStored(shape, kind, numbers) {
  const holder = Float64Array.of(NaN, Infinity, kind, 0, 0, 0, 0, 0);
  holder.set(numbers, 3);
  Object.defineProperty(shape, KEY, { value: holder });
  whenLoaded(() => putInRing(holder));
}

// Stored shapes are freed when their objects are collected (or at once by a polygon's free()).
const collected = new FinalizationRegistry((key) => exports.release(key));

/**
 * Gives `shape` (not yet frozen) a holder for its key and has `make()` store it: now when the
 * module is loaded, else once it loads. Returns the holder. `token` unregisters the shape from
 * being freed when it is collected (after its own `free()`); `freed()` says whether that came
 * first, in which case the key is released at once.
 */
export function storedAs(shape, make, token = undefined, freed = () => false) {
  const holder = Float64Array.of(NaN, Infinity);
  Object.defineProperty(shape, KEY, { value: holder });
  whenLoaded(() => {
    const key = make();
    if (freed()) return exports.release(key);
    holder[0] = key;
    collected.register(shape, key, token);
  });
  return holder;
}

/** Stops freeing a shape when it is collected, and frees its key now (its `free()`). */
export function release(holder, token) {
  if (!(holder[0] >= 0)) return;
  collected.unregister(token);
  exports.release(holder[0]);
  holder[0] = NaN;
}

/** `[x, y]` from `{x, y}` or `[x, y]`, or a TypeError naming `what`. */
export function xy(v, what) {
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  if (v !== null && typeof v === 'object' && 'x' in v && 'y' in v) return [v.x, v.y];
  throw new TypeError(`${what} must be {x, y} or [x, y], got ${JSON.stringify(v)}`);
}

// `+ 0` turns the -0 a normal's zero component can carry into 0, which prints as users expect.
export const point2 = (x, y) => ({ x: x + 0, y: y + 0 });

/** A shape's holder (`KEY`), or a TypeError naming `what` when it is not a shape. */
export function holderOf(s, what) {
  const holder = s?.[KEY];
  if (holder === undefined) throw new TypeError(`${what} must be a shape made by collide2d (circle, box, polygon, ...)`);
  return holder;
}

/** A shape's key in the module's store (made again first if its slot was taken), or a TypeError naming `what`. */
export function keyOf(s, what) {
  const h = holderOf(s, what);
  if (turn - h[1] > RING) putInRing(h);
  return h[0];
}

/**
 * What a query of two shapes (holders `ha` and `hb`) answers when the module refused it (code
 * -1 or NaN): `query(keyA, keyB, more)` again once they are made again, when one's slot in the
 * ring was taken (the first again should the second's making have taken its slot); else the
 * module's error, thrown. The check is here, where a query failed, and not before each call: it
 * would cost a tenth of a circle pair's. (The query is passed, not a closure over the holders,
 * which the engine would allocate at every call.)
 */
export function retried(ha, hb, query, more) {
  const error = wasm.takeError();
  if (!(turn - ha[1] > RING || turn - hb[1] > RING)) throw error;
  if (turn - ha[1] > RING) putInRing(ha);
  if (turn - hb[1] > RING) putInRing(hb);
  if (turn - ha[1] > RING) putInRing(ha);
  return answer(query(ha[0], hb[0], more));
}

/** A query's numeric answer, or the module's error thrown when it failed (-1 or NaN). */
export function answer(code) {
  if (code < 0 || Number.isNaN(code)) throw wasm.takeError();
  return code;
}

/** A contact from the `count` numbers the module wrote (`contact`'s layout), or null for none. */
export function contactFrom(count) {
  if (answer(count) === 0) return null;
  return contactInto(newContact(), count);
}

/** A contact to be filled (`contactInto`), its fields in the order every contact has them. */
export function newContact() {
  return { normal: { x: 0, y: 0 }, depth: 0, pushOutB: { x: 0, y: 0 }, points: [], exact: true };
}

/**
 * Fills `out` from the `count` numbers the module wrote (`contact`'s layout), reusing its
 * vectors and points; returns it.
 */
export function contactInto(out, count) {
  const n = exchange();
  const normal = (out.normal ??= { x: 0, y: 0 }), push = (out.pushOutB ??= { x: 0, y: 0 });
  normal.x = n[0] + 0;
  normal.y = n[1] + 0;
  out.depth = n[2];
  push.x = n[3] + 0;
  push.y = n[4] + 0;
  const points = (out.points ??= []);
  let k = 0;
  for (let i = 5; i + 5 < count; i += 5, k++) {
    const p = (points[k] ??= { onA: { x: 0, y: 0 }, onB: { x: 0, y: 0 }, depth: 0 });
    p.onA.x = n[i] + 0;
    p.onA.y = n[i + 1] + 0;
    p.onB.x = n[i + 2] + 0;
    p.onB.y = n[i + 3] + 0;
    p.depth = n[i + 4];
  }
  // Only when it changes: setting an array's length is a call into the engine.
  if (points.length !== k) points.length = k;
  out.exact = n[count - 1] === 1;
  return out;
}
