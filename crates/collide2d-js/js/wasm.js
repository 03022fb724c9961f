// What the package's modules share: loading the WebAssembly module, and turning JavaScript's
// vectors and shapes into the module's numbers.

import load, * as wasm from './collide2d_js.js';

export { wasm };

let loading = null;
let memory = null;
let io = new Float64Array(0);

/**
 * Loads the WebAssembly module; await it once before anything else. In Node it is read from the
 * package's own folder, in a browser fetched beside this file. Where a bundler or server puts
 * the `.wasm` elsewhere, pass where it is (a URL or its path as a string), its bytes, a
 * `Response` or a compiled `WebAssembly.Module`. Later calls return the first call's promise.
 */
export function init(source) {
  loading ??= (async () => {
    let exports;
    const url = new URL('./collide2d_js_bg.wasm', import.meta.url);
    if (source !== undefined) {
      exports = await load({ module_or_path: source });
    } else if (url.protocol === 'file:') {
      // Only Node takes this branch. The specifier is not a literal so that bundlers building
      // for the browser leave the import alone instead of failing to resolve a Node module.
      const fsModule = 'node:fs/promises';
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
      exports = await load({ module_or_path: await readFile(url) });
    } else {
      exports = await load({ module_or_path: url });
    }
    memory = exports.memory;
  })();
  return loading;
}

/**
 * The exchange area: a view of the numbers the module reads its arguments from and writes its
 * answers to (made again when the module's memory has grown, which detaches the old view).
 */
export function exchange() {
  if (io.length === 0) io = new Float64Array(memory.buffer, wasm.ioAddress(), 32);
  return io;
}

/** Writes a shape's six numbers into the exchange area at `at`. */
export function put(area, at, s) {
  const n = s[NUMBERS];
  area[at] = n[0];
  area[at + 1] = n[1];
  area[at + 2] = n[2];
  area[at + 3] = n[3];
  area[at + 4] = n[4];
  area[at + 5] = n[5];
}

/** Throws when `init()` has not been called, naming what needed it. */
export function loaded(what) {
  if (loading === null) throw new Error(`collide2d: await init() before ${what}`);
}

// A shape's kind code in the exchange area; polygons are stored (code 6, then their key).
export const KIND = { point: 0, segment: 1, box: 2, circle: 3, orientedBox: 4, capsule: 5, stored: 6 };
export const NUMBERS = Symbol('collide2d numbers');

/** `[x, y]` from `{x, y}` or `[x, y]`, or a TypeError naming `what`. */
export function xy(v, what) {
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  if (v !== null && typeof v === 'object' && 'x' in v && 'y' in v) return [v.x, v.y];
  throw new TypeError(`${what} must be {x, y} or [x, y], got ${JSON.stringify(v)}`);
}

// `+ 0` turns the -0 a normal's zero component can carry into 0, which prints as users expect.
export const point2 = (x, y) => ({ x: x + 0, y: y + 0 });

/** Writes a shape into the exchange area at `at` (0 or 6), or throws a TypeError naming `what`. */
export function shapeInto(s, at = 0, what = 'shape') {
  if (s === null || typeof s !== 'object' || !(NUMBERS in s)) {
    throw new TypeError(`${what} must be a shape made by collide2d (circle, box, polygon, ...)`);
  }
  const area = exchange();
  put(area, at, s);
  return area;
}

/** A query's numeric answer, or the module's error thrown when it failed (-1 or NaN). */
export function answer(code) {
  if (code < 0 || Number.isNaN(code)) throw wasm.takeError();
  return code;
}

/** A contact from the `count` numbers the module wrote (`contact`'s layout), or null for none. */
export function contactFrom(count) {
  if (answer(count) === 0) return null;
  const n = exchange();
  const points = [];
  for (let i = 5; i + 5 < count; i += 5) {
    points.push({ onA: point2(n[i], n[i + 1]), onB: point2(n[i + 2], n[i + 3]), depth: n[i + 4] });
  }
  const exact = n[count - 1] === 1;
  return { normal: point2(n[0], n[1]), depth: n[2], pushOutB: point2(n[3], n[4]), points, exact };
}
