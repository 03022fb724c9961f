// What the package's modules share: loading the WebAssembly module, and turning JavaScript's
// vectors and shapes into the module's numbers.

import load, * as wasm from './collide2d_js.js';

export { wasm };

let loading = null;

/**
 * Loads the WebAssembly module; await it once before anything else. In Node it is read from the
 * package's own folder, in a browser fetched beside this file (bundlers follow the URL).
 */
export function init() {
  loading ??= (async () => {
    const url = new URL('./collide2d_js_bg.wasm', import.meta.url);
    if (url.protocol === 'file:') {
      const { readFile } = await import('node:fs/promises');
      await load({ module_or_path: await readFile(url) });
    } else {
      await load({ module_or_path: url });
    }
  })();
  return loading;
}

/** Throws when `init()` has not been called, naming what needed it. */
export function loaded(what) {
  if (loading === null) throw new Error(`collide2d: await init() before ${what}`);
}

export const KIND = { point: 0, segment: 1, box: 2, circle: 3, orientedBox: 4, capsule: 5, polygon: 6, concavePolygon: 7 };
export const NUMBERS = Symbol('collide2d numbers');

/** `[x, y]` from `{x, y}` or `[x, y]`, or a TypeError naming `what`. */
export function xy(v, what) {
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  if (v !== null && typeof v === 'object' && 'x' in v && 'y' in v) return [v.x, v.y];
  throw new TypeError(`${what} must be {x, y} or [x, y], got ${JSON.stringify(v)}`);
}

// `+ 0` turns the -0 a normal's zero component can carry into 0, which prints as users expect.
export const point2 = (x, y) => ({ x: x + 0, y: y + 0 });

/** A shape's kind code and numbers, or a TypeError naming `what`. */
export function shapeOf(s, what = 'shape') {
  if (s === null || typeof s !== 'object' || !(NUMBERS in s)) {
    throw new TypeError(`${what} must be a shape made by collide2d (circle, box, polygon, ...)`);
  }
  return [KIND[s.kind], s[NUMBERS]];
}

/** A contact from the module's numbers (`contact`'s layout), or null for none. */
export function contactFrom(n) {
  if (n === undefined) return null;
  const points = [];
  for (let i = 5; i + 5 <= n.length; i += 5) {
    points.push({ onA: point2(n[i], n[i + 1]), onB: point2(n[i + 2], n[i + 3]), depth: n[i + 4] });
  }
  return { normal: point2(n[0], n[1]), depth: n[2], pushOutB: point2(n[3], n[4]), points };
}
