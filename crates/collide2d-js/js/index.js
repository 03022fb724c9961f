// collide2d for JavaScript: shapes as plain objects, queries as functions, answers as plain
// objects. Every answer is computed by the collide2d library compiled to WebAssembly; this file
// only converts between JavaScript's terms and the module's numbers.
//
// Vectors go in as `{x, y}` or `[x, y]` and come out as `{x, y}`.

import {
  wasm, calls, init, initSync, loaded, exchange, answer, KIND, xy, point2, keyOf, holderOf, retried, simpleStored,
  storedAs, release, contactInto as fill, newContact,
} from './wasm.js';

export { init, initSync };
export { World } from './world.js';
export { CharacterController } from './controller.js';

// A simple shape: its fields, and hidden, its key in the module's store, where it is built and
// checked once (now, or when the module loads) so that queries only pass keys.
function made(kind, fields, numbers) {
  const shape = { kind, ...fields };
  simpleStored(shape, KIND[kind], numbers);
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

/** `[x, y, x, y, ...]` from a ring of points, or a TypeError naming `what`. */
function flatRing(points, what) {
  if (!Array.isArray(points)) throw new TypeError(`${what} must be an array of {x, y} or [x, y]`);
  return points.flatMap((p, i) => xy(p, `${what}[${i}]`));
}

/** `{x, y}` objects from x, y pairs. */
function pointsOf(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push(point2(flat[i], flat[i + 1]));
  return out;
}

/**
 * A convex polygon through `points` in order (either winding). It holds WebAssembly memory:
 * freed when it is garbage collected, or at once by `free()` (after which queries on it throw).
 */
export function polygon(points) {
  const flat = flatRing(points, 'points');
  return stored(() => wasm.storeConvex(Float32Array.from(flat)), { kind: 'polygon', points: pointsOf(flat) });
}

/**
 * A polygon of any shape: the `outline` (a simple ring, either winding) less the `holes`.
 * Queries take it like any other shape. It holds WebAssembly memory: freed when it is garbage
 * collected, or at once by `free()` (after which queries on it throw).
 */
export function concavePolygon(outline, holes = []) {
  const flatOutline = flatRing(outline, 'outline');
  const flatHoles = holes.map((h, i) => flatRing(h, `holes[${i}]`));
  const build = () =>
    wasm.storePolygon(
      Float32Array.from(flatOutline),
      Float32Array.from(flatHoles.flat()),
      Uint32Array.from(flatHoles.map((h) => h.length / 2)),
    );
  return stored(build, { kind: 'concavePolygon', outline: pointsOf(flatOutline), holes: flatHoles.map(pointsOf) });
}

/**
 * A tile map: `width × height` cells of `cellSize` from `origin`, holding `ids` row after row
 * (Tiled's global ids: 0 is no tile; the top bits flip and turn it). `tiles` says what each id
 * is: `'solid'` (the whole cell) or a convex polygon of points in fractions of the cell (0 to 1,
 * y as the rows go); by default every id but 0 is solid. Queries take it like any other shape,
 * and no answer ever comes from a side two solid cells share. `setTile(col, row, id)` changes a
 * cell; `tileId(col, row)` reads one. It holds WebAssembly memory: freed when it is garbage
 * collected, or at once by `free()`.
 */
export function tileMap({ ids, width, height, cellSize = [1, 1], origin = [0, 0], tiles }) {
  const [ox, oy] = xy(origin, 'origin'), [cw, ch] = xy(cellSize, 'cellSize');
  const table = tiles ?? Object.fromEntries([...new Set(ids)].filter((id) => id !== 0).map((id) => [id, 'solid']));
  const entries = Object.entries(table).map(([id, shape]) => {
    if (shape === 'solid') return [Number(id), []];
    return [Number(id), flatRing(shape, `tiles[${id}]`)];
  });
  const build = () =>
    wasm.storeTileMap(
      ox, oy, cw, ch, width, height,
      Uint32Array.from(ids),
      Uint32Array.from(entries.map(([id]) => id)),
      Uint32Array.from(entries.map(([, points]) => points.length / 2)),
      Float32Array.from(entries.flatMap(([, points]) => points)),
    );
  return tileMapObject(build, width, height, point2(cw, ch), point2(ox, oy));
}

// The frozen object of a tile map: stored under `key`, or by `key()` (now or once the module
// loads).
function tileMapObject(key, width, height, cellSize, origin) {
  const map = stored(key, {
    kind: 'tileMap', width, height, cellSize, origin,
    setTile(col, row, id) {
      loaded('changing a tile');
      wasm.setTile(keyOf(map), col, row, id);
    },
    tileId(col, row) {
      loaded('reading a tile');
      const id = wasm.tileId(keyOf(map), col, row);
      return id < 0 ? undefined : id;
    },
  });
  return map;
}

/**
 * Loads a Tiled map from its JSON text (a `.tmj` file, or the object `JSON.parse` made of one).
 * `readFile(path)` gives the text (or bytes) of a file the map refers to (an external `.tsj`
 * tileset), by its path relative to the map; without it such a map is refused. Returns
 * `{ maps, objects }`: each layer's colliding tiles as tile maps, one per one-way side and
 * collision filter (`{ layer, map, oneWay, filter: { layer, mask } }`, insert one with
 * `world.insert(m.map, { oneWay: m.oneWay, ...m.filter })`), and each object as
 * `{ layer, id, name, class, kind, shapes, properties }` (`shapes`: one, or a segment per edge
 * of a polyline). Coordinates are the map's pixels, y down. Errors name the layer and the tile
 * or object.
 */
export function loadTiled(json, { readFile } = {}) {
  loaded('loading maps');
  const level = JSON.parse(wasm.loadTiled(jsonText(json), fileReader(readFile)));
  return {
    maps: level.maps.map(loadedMap),
    objects: level.objects.map((o) => ({ ...o, shapes: o.shapes.map(loadedShape) })),
  };
}

/**
 * Loads an LDtk project from its JSON text (a `.ldtk` file's, or the parsed object);
 * `readFile(path)` gives levels saved in their own files. Every IntGrid value but 0 is a solid
 * cell unless `rules` says otherwise: by value (`3`) or identifier (`platform`), a tile shape
 * (`'solid'`, `'empty'`, or points in fractions of the cell) or `{ shape, oneWay, layer, mask }`.
 * Returns the levels: `{ world, identifier, iid, origin, size, maps, entities, fields }`, the maps
 * as `loadTiled`'s, each entity `{ layer, identifier, iid, box, tags, fields }` (fields as LDtk
 * writes them), in world pixels, y down.
 */
export function loadLdtk(json, { readFile, rules = {} } = {}) {
  loaded('loading maps');
  const list = Object.entries(rules).map(([name, rule]) => {
    const key = /^-?\d+$/.test(name) ? { value: Number(name) } : { identifier: name };
    const { shape = 'solid', oneWay = null, layer = 0xffffffff, mask = 0xffffffff } =
      typeof rule === 'string' || Array.isArray(rule) ? { shape: rule } : rule;
    const points = Array.isArray(shape) ? shape.map((p, i) => xy(p, `rules.${name}[${i}]`)) : shape;
    const open = oneWay === null ? null : xy(oneWay, `rules.${name}.oneWay`);
    return { ...key, shape: points, oneWay: open, layer: layer >>> 0, mask: mask >>> 0 };
  });
  const levels = JSON.parse(wasm.loadLdtk(jsonText(json), JSON.stringify(list), fileReader(readFile)));
  return levels.map((l) => ({
    ...l,
    origin: point2(...l.origin),
    size: point2(...l.size),
    maps: l.maps.map(loadedMap),
    entities: l.entities.map(({ min, max, ...e }) => ({ ...e, box: box(min, max) })),
  }));
}

// A map file's JSON as text for the module.
function jsonText(json) {
  return typeof json === 'string' ? json : JSON.stringify(json);
}

// What the module calls to read the files a map refers to: `readFile`'s answer as text, or a
// string thrown that says why not.
function fileReader(readFile) {
  return {
    read(path) {
      if (readFile === undefined) throw `${path}: no readFile was given to read it`;
      let got;
      try {
        got = readFile(path);
      } catch (e) {
        throw `${path}: ${e?.message ?? e}`;
      }
      if (typeof got === 'string') return got;
      if (got instanceof ArrayBuffer || ArrayBuffer.isView(got)) return new TextDecoder().decode(got);
      throw `${path}: readFile must return a string or bytes, got ${typeof got}`;
    },
  };
}

// A loaded layer's map, stored by the module.
function loadedMap(m) {
  return {
    layer: m.layer,
    map: tileMapObject(m.key, m.width, m.height, point2(...m.cell), point2(...m.origin)),
    oneWay: m.oneWay === null ? null : point2(...m.oneWay),
    filter: m.filter,
  };
}

// A shape of a loaded object: simple ones made here, polygons already stored.
function loadedShape(s) {
  switch (s.kind) {
    case 'point': return point(s.at);
    case 'segment': return segment(s.a, s.b);
    case 'box': return box(s.min, s.max);
    case 'circle': return circle(s.center, s.radius);
    case 'orientedBox': return orientedBox(s.center, s.halfExtents, s.rotation);
    case 'capsule': return capsule(s.a, s.b, s.radius);
    case 'polygon': return stored(s.key, { kind: 'polygon', points: s.points.map((p) => point2(...p)) });
    case 'concavePolygon':
      return stored(s.key, {
        kind: 'concavePolygon',
        outline: s.outline.map((p) => point2(...p)),
        holes: s.holes.map((h) => h.map((p) => point2(...p))),
      });
    default: return stored(s.key, { kind: s.kind });
  }
}

// The frozen JavaScript object with `fields` for a polygon or tile map stored in the module:
// under `key`, or under what `key()` returns (now, or once the module loads). `free()` frees
// it at once.
function stored(key, fields) {
  const token = {};
  let freed = false;
  const shape = {
    ...fields,
    free() {
      freed = true;
      release(holder, token);
    },
  };
  const holder = storedAs(shape, typeof key === 'number' ? () => key : key, token, () => freed);
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
  loaded('tracing');
  if (image === null || typeof image !== 'object' || !('data' in image)) {
    throw new TypeError('image must be an ImageData or { data, width, height } of RGBA bytes');
  }
  const bytes = image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data.buffer ?? image.data);
  const n = wasm.trace(bytes, image.width, image.height, alphaAbove, detail, maxVertices);
  const out = [];
  for (let i = 0; i < n.length; ) {
    const [key, rings] = [n[i], n[i + 1]];
    i += 2;
    const all = [];
    for (let r = 0; r < rings; r++) {
      const count = n[i++];
      const ring = [];
      for (let k = 0; k < count; k++, i += 2) ring.push(point2(n[i], n[i + 1]));
      all.push(ring);
    }
    out.push(stored(key, { kind: 'concavePolygon', outline: all[0], holes: all.slice(1) }));
  }
  return out;
}

/** Whether `a` and `b` overlap or touch. */
export function intersects(a, b) {
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  const found = calls.intersects(ha[0], hb[0]);
  if (found < 0) return retried(ha, hb, calls.intersects) === 1;
  return found === 1;
}

/** Whether `a` holds all of `b`. */
export function contains(a, b) {
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  const found = calls.contains(ha[0], hb[0]);
  if (found < 0) return retried(ha, hb, calls.contains) === 1;
  return found === 1;
}

/** The units of work `contact` may spend on a concave polygon's exact push-out unless told. */
export const DEFAULT_CONTACT_BUDGET = 600000;

// The contact's numbers written into the exchange area: how many (0: none), or the module's
// error or the budget's thrown.
function contactNumbers(a, b, options) {
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  const budget = options?.budget ?? DEFAULT_CONTACT_BUDGET;
  let count = calls.contact(ha[0], hb[0], budget);
  if (count < 0) count = retried(ha, hb, calls.contact, budget);
  if (options?.requireExact && count > 0 && exchange()[count - 1] !== 1) {
    throw new Error(`the exact contact needs more than the budget of ${budget} units of work: raise it (0: no bound)`);
  }
  return count;
}

/**
 * How `a` and `b` overlap, or `null` when they do not: the unit `normal` from `a` towards `b`,
 * the `depth`, `pushOutB` (moving `b` by it separates them, the shortest such move), up to two
 * contact `points`, and `exact`. A concave polygon's exact push-out is searched within `budget`
 * units of work (`DEFAULT_CONTACT_BUDGET`, at most about 10 ms; 0: no bound): past it the push
 * separates them all the same but is not proven the shortest, and `exact` is false; with
 * `requireExact` it throws instead. `contactInto` fills a contact you keep instead.
 */
export function contact(a, b, options) {
  const count = contactNumbers(a, b, options);
  return count === 0 ? null : fill(newContact(), count);
}

/**
 * `contact` without making objects: fills `out` (from `makeContact()`, or a contact `contact`
 * returned) with the contact of `a` and `b`, its vectors and points reused, and returns true;
 * or returns false when they do not overlap, `out` left as it was. The options of `contact`.
 */
export function contactInto(a, b, out, options) {
  const count = contactNumbers(a, b, options);
  if (count === 0) return false;
  fill(out, count);
  return true;
}

/** A contact for `contactInto` to fill (until then a zero depth along a zero normal). */
export function makeContact() {
  return newContact();
}

/** The closest points of `a` and `b` and their distance, or `null` when they touch or overlap. */
export function closestPoints(a, b) {
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  let found = calls.closestPoints(ha[0], hb[0]);
  if (found < 0) found = retried(ha, hb, calls.closestPoints);
  if (found === 0) return null;
  const n = exchange();
  return { onA: point2(n[0], n[1]), onB: point2(n[2], n[3]), distance: n[4] };
}

/** The distance between `a` and `b` (0 when they touch or overlap). */
export function distance(a, b) {
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  const d = calls.distance(ha[0], hb[0]);
  return Number.isNaN(d) ? retried(ha, hb, calls.distance) : d;
}

// Writes a query's five numbers into the exchange area, where the module reads them.
function fiveNumbers(a, b, c, d, e) {
  const io = exchange();
  io[0] = a;
  io[1] = b;
  io[2] = c;
  io[3] = d;
  io[4] = e;
}

/**
 * Where the ray from `origin` along `direction` (any length) first meets `shape` within
 * `maxDistance`: the `distance`, the `point` and the outward unit `normal` there, or `null`. A
 * ray starting inside hits at once.
 */
export function castRay(shape, origin, direction, maxDistance = Infinity) {
  const [ox, oy] = xy(origin, 'origin'), [dx, dy] = xy(direction, 'direction');
  const key = keyOf(shape, 'shape');
  fiveNumbers(ox, oy, dx, dy, maxDistance);
  if (answer(wasm.castRay(key)) === 0) return null;
  const n = exchange();
  return { distance: n[0], point: point2(n[1], n[2]), normal: point2(n[3], n[4]) };
}

/**
 * The first touch of `a` moving by `motionA` and `b` by `motionB`, over times `0` to `maxTime`
 * (the shapes stand at their places plus their motions times the time): the `time`, the
 * `point`, each shape's witness `onA` and `onB`, the unit `normal` from `a` towards `b`, and
 * whether they `startedOverlapping` (then the time is 0); or `null` when they never touch.
 */
export function castShape(a, motionA, b, motionB = [0, 0], maxTime = 1) {
  const [max, may] = xy(motionA, 'motionA'), [mbx, mby] = xy(motionB, 'motionB');
  const ha = holderOf(a, 'a'), hb = holderOf(b, 'b');
  fiveNumbers(max, may, mbx, mby, maxTime);
  let found = wasm.castShape(ha[0], hb[0]);
  if (found < 0) found = retried(ha, hb, wasm.castShape);
  if (found === 0) return null;
  const n = exchange();
  return {
    time: n[0],
    point: point2(n[1], n[2]),
    onA: point2(n[3], n[4]),
    onB: point2(n[5], n[6]),
    normal: point2(n[7], n[8]),
    startedOverlapping: n[9] === 1,
  };
}
