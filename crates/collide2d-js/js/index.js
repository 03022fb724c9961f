// collide2d for JavaScript: shapes as plain objects, queries as functions, answers as plain
// objects. Every answer is computed by the collide2d library compiled to WebAssembly; this file
// only converts between JavaScript's terms and the module's numbers.
//
// Vectors go in as `{x, y}` or `[x, y]` and come out as `{x, y}`.

import load, * as wasm from './collide2d_js.js';

let loading = null;

/**
 * Loads the WebAssembly module; await it once before anything else. In Node it is read from the
 * package's own folder, in a browser fetched beside this file (bundlers follow the URL).
 */
export function init() {
  loading ??= (async () => {
    const url = new URL('./collide2d_js_bg.wasm', import.meta.url);
    if (url.protocol === 'file:') {
      // Only Node takes this branch. The specifier is not a literal so that bundlers building
      // for the browser leave the import alone instead of failing to resolve a Node module.
      const fsModule = 'node:fs/promises';
      const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fsModule);
      await load({ module_or_path: await readFile(url) });
    } else {
      await load({ module_or_path: url });
    }
  })();
  return loading;
}

const KIND = { point: 0, segment: 1, box: 2, circle: 3, orientedBox: 4, capsule: 5, polygon: 6, concavePolygon: 7 };
const NUMBERS = Symbol('collide2d numbers');

function xy(v, what) {
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  if (v !== null && typeof v === 'object' && 'x' in v && 'y' in v) return [v.x, v.y];
  throw new TypeError(`${what} must be {x, y} or [x, y], got ${JSON.stringify(v)}`);
}

function made(kind, fields, numbers) {
  if (typeof wasm.check !== 'function' || loading === null) {
    throw new Error('collide2d: await init() before making shapes');
  }
  const packed = Float32Array.from(numbers);
  wasm.check(KIND[kind], packed);
  const shape = { kind, ...fields };
  Object.defineProperty(shape, NUMBERS, { value: packed });
  return Object.freeze(shape);
}

// `+ 0` turns the -0 a normal's zero component can carry into 0, which prints as users expect.
const point2 = (x, y) => ({ x: x + 0, y: y + 0 });

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
  if (typeof wasm.storePolygon !== 'function' || loading === null) {
    throw new Error('collide2d: await init() before making shapes');
  }
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
  for (const [s, name] of [[a, 'a'], [b, 'b']]) {
    if (s === null || typeof s !== 'object' || !(NUMBERS in s)) {
      throw new TypeError(`${name} must be a shape made by collide2d (circle, box, polygon, ...)`);
    }
  }
  return [KIND[a.kind], a[NUMBERS], KIND[b.kind], b[NUMBERS]];
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
  const n = wasm.contact(...args(a, b));
  if (n === undefined) return null;
  const points = [];
  for (let i = 5; i + 5 <= n.length; i += 5) {
    points.push({ onA: point2(n[i], n[i + 1]), onB: point2(n[i + 2], n[i + 3]), depth: n[i + 4] });
  }
  return { normal: point2(n[0], n[1]), depth: n[2], pushOutB: point2(n[3], n[4]), points };
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
  const [kind, numbers] = args(shape, shape).slice(0, 2);
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

function shapeOf(s) {
  if (s === null || typeof s !== 'object' || !(NUMBERS in s)) {
    throw new TypeError('shape must be made by collide2d (circle, box, polygon, ...)');
  }
  return [KIND[s.kind], s[NUMBERS]];
}

/**
 * A collision world: colliders named by numbers, placed by position and rotation, stepped for
 * the pairs that start and stop touching, and moved through it by `moveAndSlide`. It holds
 * WebAssembly memory: freed when it is garbage collected, or at once by `free()`.
 */
export class World {
  #inner;

  constructor() {
    if (typeof wasm.World !== 'function' || loading === null) {
      throw new Error('collide2d: await init() before making a world');
    }
    this.#inner = new wasm.World();
  }

  /** Adds `shape` (in its own frame) at `position` turned by `rotation` radians; its id. */
  insert(shape, position = [0, 0], rotation = 0) {
    const [x, y] = xy(position, 'position');
    return this.#inner.insert(...shapeOf(shape), x, y, rotation);
  }

  /** Removes a collider; false when it was not there. */
  remove(id) {
    return this.#inner.remove(id);
  }

  /** Places a collider at `position` turned by `rotation` radians. */
  setTransform(id, position, rotation = 0) {
    const [x, y] = xy(position, 'position');
    this.#inner.setTransform(id, x, y, rotation);
  }

  /** Places many colliders in one call: `ids[i]` at `poses[3i]`, `poses[3i + 1]`, turned `poses[3i + 2]`. */
  setTransforms(ids, poses) {
    this.#inner.setTransforms(Float64Array.from(ids), poses instanceof Float32Array ? poses : Float32Array.from(poses));
  }

  /** Steps the world: the pairs of ids that `started` and `stopped` touching since the last step. */
  step() {
    const n = this.#inner.step();
    const pairs = (from, to) => {
      const out = [];
      for (let i = from; i + 1 < to; i += 2) out.push([n[i], n[i + 1]]);
      return out;
    };
    const end = 1 + 2 * n[0];
    return { started: pairs(1, end), stopped: pairs(end, n.length) };
  }

  /** Moves a collider by `motion`, sliding along what it meets; how far it went and what it met. */
  moveAndSlide(id, motion) {
    const [dx, dy] = xy(motion, 'motion');
    const r = this.#inner.moveAndSlide(id, dx, dy);
    return { moved: point2(r[0], r[1]), onFloor: r[2] === 1, onWall: r[3] === 1, onCeiling: r[4] === 1 };
  }

  /** Where a collider is. */
  position(id) {
    const p = this.#inner.position(id);
    return point2(p[0], p[1]);
  }

  /** Frees the world's WebAssembly memory now; it cannot be used after. */
  free() {
    this.#inner.free();
  }
}
