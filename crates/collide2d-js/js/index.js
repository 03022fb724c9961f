// collide2d for JavaScript: shapes as plain objects, queries as functions, answers as plain
// objects. Every answer is computed by the collide2d library compiled to WebAssembly; this file
// only converts between JavaScript's terms and the module's numbers.
//
// Vectors go in as `{x, y}` or `[x, y]` and come out as `{x, y}`.

import { wasm, init, loaded, KIND, NUMBERS, xy, point2, shapeOf, contactFrom } from './wasm.js';

export { init };
export { World } from './world.js';

function made(kind, fields, numbers) {
  loaded('making shapes');
  const packed = Float32Array.from(numbers);
  wasm.check(KIND[kind], packed);
  const shape = { kind, ...fields };
  Object.defineProperty(shape, NUMBERS, { value: packed });
  return Object.freeze(shape);
}

/** A single point. */
export function point(p) {
  const [x, y] = xy(p, 'point');
  return made('point', { at: point2(x, y) }, [x, y]);
}

/** A line segment from `a` to `b`. */
export function segment(a, b) {
  const [ax, ay] = xy(a, 'a'), [bx, by] = xy(b, 'b');
  return made('segment', { a: point2(ax, ay), b: point2(bx, by) }, [ax, ay, bx, by]);
}

/** An axis-aligned box from its lowest corner `min` to its highest `max`. */
export function box(min, max) {
  const [x0, y0] = xy(min, 'min'), [x1, y1] = xy(max, 'max');
  return made('box', { min: point2(x0, y0), max: point2(x1, y1) }, [x0, y0, x1, y1]);
}

/** A disc. */
export function circle(center, radius) {
  const [x, y] = xy(center, 'center');
  return made('circle', { center: point2(x, y), radius }, [x, y, radius]);
}

/** A rectangle of half sizes `halfExtents` turned by `rotation` radians about its centre. */
export function orientedBox(center, halfExtents, rotation = 0) {
  const [x, y] = xy(center, 'center'), [hx, hy] = xy(halfExtents, 'halfExtents');
  return made('orientedBox', { center: point2(x, y), halfExtents: point2(hx, hy), rotation }, [x, y, hx, hy, rotation]);
}

/** The segment from `a` to `b` swollen by `radius` (a stadium). */
export function capsule(a, b, radius) {
  const [ax, ay] = xy(a, 'a'), [bx, by] = xy(b, 'b');
  return made('capsule', { a: point2(ax, ay), b: point2(bx, by), radius }, [ax, ay, bx, by, radius]);
}

/** A convex polygon through `points` in order (either winding). */
export function polygon(points) {
  if (!Array.isArray(points)) throw new TypeError('points must be an array of {x, y} or [x, y]');
  const flat = points.flatMap((p, i) => xy(p, `points[${i}]`));
  return made('polygon', { points: points.map((p) => point2(...xy(p, 'point'))) }, flat);
}

// A concave polygon lives in WebAssembly memory (it is split into convex pieces once); it is
// freed when its object is collected, or at once by its `free()`.
const collected = new FinalizationRegistry(([slot, generation]) => wasm.release(slot, generation));

/**
 * A polygon of any shape: the `outline` (a simple ring, either winding) less the `holes`.
 * Queries take it like any other shape. It holds WebAssembly memory: freed when it is garbage
 * collected, or at once by `free()` (after which queries on it throw).
 */
export function concavePolygon(outline, holes = []) {
  loaded('making shapes');
  const ring = (points, what) => {
    if (!Array.isArray(points)) throw new TypeError(`${what} must be an array of {x, y} or [x, y]`);
    return points.flatMap((p, i) => xy(p, `${what}[${i}]`));
  };
  const flatHoles = holes.map((h, i) => ring(h, `holes[${i}]`));
  const name = wasm.storePolygon(
    Float32Array.from(ring(outline, 'outline')),
    Float32Array.from(flatHoles.flat()),
    Uint32Array.from(flatHoles.map((h) => h.length / 2)),
  );
  const points = (ring) => ring.map((p) => point2(...xy(p, 'point')));
  return stored(name[0], name[1], points(outline), holes.map(points));
}

// The JavaScript object for the polygon stored under `[slot, generation]`.
function stored(slot, generation, outline, holes) {
  const token = {};
  const shape = {
    kind: 'concavePolygon',
    outline,
    holes,
    free() {
      collected.unregister(token);
      wasm.release(slot, generation);
    },
  };
  Object.defineProperty(shape, NUMBERS, { value: Float32Array.of(slot, generation) });
  collected.register(shape, [slot, generation], token);
  return Object.freeze(shape);
}

/**
 * Traces the solid pixels of a picture (an `ImageData`, or `{ data, width, height }` with RGBA
 * bytes) into concave polygons, one per island with its holes, in pixel units (y down).
 * `detail`: `'exact'`, `'optimal'` (at most 1 % area difference; the default), `'more'` or
 * `'less'`. A pixel is solid when its alpha is above `alphaAbove` (0). Pictures whose exact
 * outlines pass `maxVertices` (1,000,000) are refused with an `Error`.
 */
export function trace(image, { detail = 'optimal', alphaAbove = 0, maxVertices = 1_000_000 } = {}) {
  if (image === null || typeof image !== 'object' || !('data' in image)) {
    throw new TypeError('image must be an ImageData or { data, width, height } of RGBA bytes');
  }
  const bytes = image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data.buffer ?? image.data);
  const n = wasm.trace(bytes, image.width, image.height, alphaAbove, detail, maxVertices);
  const out = [];
  for (let i = 0; i < n.length; ) {
    const [slot, generation, rings] = [n[i], n[i + 1], n[i + 2]];
    i += 3;
    const all = [];
    for (let r = 0; r < rings; r++) {
      const count = n[i++];
      const ring = [];
      for (let k = 0; k < count; k++, i += 2) ring.push(point2(n[i], n[i + 1]));
      all.push(ring);
    }
    out.push(stored(slot, generation, all[0], all.slice(1)));
  }
  return out;
}

function args(a, b) {
  return [...shapeOf(a, 'a'), ...shapeOf(b, 'b')];
}

/** Whether `a` and `b` overlap or touch. */
export function intersects(a, b) {
  return wasm.intersects(...args(a, b));
}

/** Whether `a` holds all of `b`. */
export function contains(a, b) {
  return wasm.contains(...args(a, b));
}

/**
 * How `a` and `b` overlap, or `null` when they do not: the unit `normal` from `a` towards `b`,
 * the `depth`, `pushOutB` (moving `b` by it separates them, the shortest such move) and up to
 * two contact `points`.
 */
export function contact(a, b) {
  return contactFrom(wasm.contact(...args(a, b)));
}

/** The closest points of `a` and `b` and their distance, or `null` when they touch or overlap. */
export function closestPoints(a, b) {
  const n = wasm.closestPoints(...args(a, b));
  return n === undefined ? null : { onA: point2(n[0], n[1]), onB: point2(n[2], n[3]), distance: n[4] };
}

/** The distance between `a` and `b` (0 when they touch or overlap). */
export function distance(a, b) {
  return wasm.distance(...args(a, b));
}

/**
 * Where the ray from `origin` along `direction` (any length) first meets `shape` within
 * `maxDistance`: the `distance`, the `point` and the outward unit `normal` there, or `null`. A
 * ray starting inside hits at once.
 */
export function castRay(shape, origin, direction, maxDistance = Infinity) {
  const [kind, numbers] = shapeOf(shape);
  const ray = Float32Array.of(...xy(origin, 'origin'), ...xy(direction, 'direction'));
  const n = wasm.castRay(kind, numbers, ray, maxDistance);
  return n === undefined ? null : { distance: n[0], point: point2(n[1], n[2]), normal: point2(n[3], n[4]) };
}

/**
 * The first touch of `a` moving by `motionA` and `b` by `motionB`, over times `0` to `maxTime`
 * (the shapes stand at their places plus their motions times the time): the `time`, the
 * `point`, each shape's witness `onA` and `onB`, the unit `normal` from `a` towards `b`, and
 * whether they `startedOverlapping` (then the time is 0); or `null` when they never touch.
 */
export function castShape(a, motionA, b, motionB = [0, 0], maxTime = 1) {
  const motions = Float32Array.of(...xy(motionA, 'motionA'), ...xy(motionB, 'motionB'));
  const n = wasm.castShape(...args(a, b), motions, maxTime);
  if (n === undefined) return null;
  return {
    time: n[0],
    point: point2(n[1], n[2]),
    onA: point2(n[3], n[4]),
    onB: point2(n[5], n[6]),
    normal: point2(n[7], n[8]),
    startedOverlapping: n[9] === 1,
  };
}
