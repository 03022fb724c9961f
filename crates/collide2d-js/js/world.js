// The World: colliders named by numbers, placed by position, rotation and scale, stepped for the
// pairs that start, go on and stop touching, asked what is where, and characters moved through
// it. Every answer is the library's; this file turns options and results into plain objects.

import { wasm, loaded, xy, point2, keyOf, contactFrom } from './wasm.js';

const ALL = 0xffffffff;

// A query filter's numbers: layer, mask, sensors, and the ids to skip.
function filterOf({ layer = ALL, mask = ALL, sensors = false, ignore = [] } = {}) {
  return Float64Array.of(layer >>> 0, mask >>> 0, sensors ? 1 : 0, ...ignore);
}

// `x, y, rotation` or, with a scale (a number, `{x, y}` or `[x, y]`), five numbers.
function pose(position, rotation, scale) {
  const [x, y] = xy(position, 'position');
  if (scale === undefined) return Float32Array.of(x, y, rotation);
  const [sx, sy] = typeof scale === 'number' ? [scale, scale] : xy(scale, 'scale');
  return Float32Array.of(x, y, rotation, sx, sy);
}

// A normal from two numbers, or null when they are NaN (nothing met).
const normalOr = (x, y) => (Number.isNaN(x) ? null : point2(x, y));

// Pairs with their contact summaries, five numbers each, as event objects.
function eventsFrom(n, from, count) {
  const out = new Array(count);
  for (let k = 0, i = from; k < count; k++, i += 5) {
    const contact = Number.isNaN(n[i + 2]) ? null : { normal: point2(n[i + 2], n[i + 3]), depth: n[i + 4], exact: true };
    out[k] = { a: n[i], b: n[i + 1], contact };
  }
  return out;
}

/** The mover's options left out: for a character about one unit tall, y up. */
export const MOVE_DEFAULTS = Object.freeze({
  skin: 0.01,
  maxSlope: Math.PI / 4,
  up: Object.freeze([0, 1]),
  maxSlides: 4,
  stepHeight: 0,
  snapDistance: 0,
  stopOnSlope: true,
});

/** The mover's options (`MOVE_DEFAULTS` for those left out) as the module reads them. */
export function moveOptionNumbers(options) {
  const o = { ...MOVE_DEFAULTS, ...options };
  const [upX, upY] = xy(o.up, 'up');
  return Float32Array.of(o.skin, o.maxSlope, upX, upY, o.maxSlides, o.stepHeight, o.snapDistance, o.stopOnSlope ? 1 : 0);
}

/** A move's result from the numbers the module gave (`move_numbers` in `src/scene.rs`). */
export function moveResultFrom(n) {
  const touched = [];
  for (let i = 17; i + 3 <= n.length; i += 3) touched.push({ id: n[i], normal: point2(n[i + 1], n[i + 2]) });
  return {
    moved: point2(n[0], n[1]),
    remaining: point2(n[2], n[3]),
    onFloor: n[4] === 1,
    floorNormal: normalOr(n[5], n[6]),
    floor: Number.isNaN(n[13]) ? null : n[13],
    onWall: n[7] === 1,
    wallNormal: normalOr(n[8], n[9]),
    onCeiling: n[10] === 1,
    ceilingNormal: normalOr(n[11], n[12]),
    platformMotion: point2(n[14], n[15]),
    touched,
  };
}

// The module's world inside a `World`, for the character controller (set in the class's static
// block, which alone can read the private field).
let innerOf;

/** The module's world inside `world`, or a TypeError naming `what` when it is no `World`. */
export function worldInside(world, what) {
  if (!(world instanceof World)) throw new TypeError(`${what} must be a World`);
  return innerOf(world);
}

/**
 * A collision world. It holds WebAssembly memory: freed when it is garbage collected, or at once
 * by `free()`.
 */
export class World {
  // The world in WebAssembly memory; null once freed.
  #inner;

  static {
    innerOf = (world) => world.#world;
  }

  constructor() {
    loaded('making a world');
    this.#inner = new wasm.World();
  }

  // The world to call, or an error that says what is wrong once it is freed (wasm-bindgen's own
  // would be "null pointer passed to rust").
  get #world() {
    if (this.#inner === null) throw new Error('this world has been freed: make a new World');
    return this.#inner;
  }

  /**
   * Adds `shape` (in its own frame) and returns its id. Options: `position` ([0, 0]),
   * `rotation` (radians, 0), `scale` (a number or a vector, 1), `layer` and `mask` (bits; a
   * pair collides when each one's layer meets the other's mask; all by default), `sensor`
   * (reported in events, never pushed or blocking), `oneWay` (the side it can be passed from,
   * e.g. [0, 1] for a platform jumped through from below), `parent` (an id: the transform is
   * then relative to it).
   */
  insert(shape, { position = [0, 0], rotation = 0, scale, layer, mask, sensor, oneWay, parent } = {}) {
    const [x, y] = xy(position, 'position');
    const id = this.#world.insert(keyOf(shape, 'shape'), x, y, rotation);
    try {
      if (scale !== undefined) this.#world.setTransform(id, pose(position, rotation, scale));
      if (layer !== undefined || mask !== undefined) this.setFilter(id, { layer, mask });
      if (sensor) this.#world.setSensor(id, true);
      if (oneWay) this.setOneWay(id, oneWay);
      if (parent !== undefined && parent !== null) this.#world.setParent(id, parent);
    } catch (e) {
      this.#world.remove(id);
      throw e;
    }
    return id;
  }

  /** Removes a collider (its children stay where they are); false when it was not there. */
  remove(id) {
    return this.#world.remove(id);
  }

  /** How many colliders it holds. */
  get size() {
    return this.#world.size;
  }

  /** Places a collider (relative to its parent, if it has one). */
  setTransform(id, position, rotation = 0, scale = undefined) {
    this.#world.setTransform(id, pose(position, rotation, scale));
  }

  /**
   * Places many colliders in one call: `ids[i]` at `poses[3i]`, `poses[3i + 1]`, turned by
   * `poses[3i + 2]`; or, with five numbers per id, also scaled by `poses[5i + 3]`,
   * `poses[5i + 4]`. Pass a `Float32Array` (and a `Float64Array` of ids) to copy nothing.
   */
  setTransforms(ids, poses) {
    const idArray = ids instanceof Float64Array ? ids : Float64Array.from(ids);
    this.#world.setTransforms(idArray, poses instanceof Float32Array ? poses : Float32Array.from(poses));
  }

  /** Where a collider is in the world: `{ position, rotation, scale }`. */
  transform(id) {
    const t = this.#world.transform(id);
    return { position: point2(t[0], t[1]), rotation: t[2], scale: point2(t[3], t[4]) };
  }

  /** Where a collider is in the world. */
  position(id) {
    const t = this.#world.transform(id);
    return point2(t[0], t[1]);
  }

  /** The collider's box in the world: `{ min, max }`. */
  aabb(id) {
    const b = this.#world.aabb(id);
    return { min: point2(b[0], b[1]), max: point2(b[2], b[3]) };
  }

  /** Gives a collider a new shape (in its own frame). */
  setShape(id, shape) {
    this.#world.setShape(id, keyOf(shape, 'shape'));
  }

  /**
   * Attaches a collider to `parent`, or detaches it (null). Its transform is kept as it is and
   * read relative to the new parent (or the world), so it moves with what it is attached to.
   */
  setParent(id, parent) {
    this.#world.setParent(id, parent ?? undefined);
  }

  /** Sets the layer bits a collider is in and the mask of layers it collides with (all when left out). */
  setFilter(id, { layer = ALL, mask = ALL } = {}) {
    this.#world.setFilter(id, layer >>> 0, mask >>> 0);
  }

  /** Makes a collider a sensor (reported in events, never given a contact or blocking a mover). */
  setSensor(id, sensor = true) {
    this.#world.setSensor(id, Boolean(sensor));
  }

  /** Sets cell (`col`, `row`) of a tile-map collider to tile `id` (destructible terrain). */
  setTile(id, col, row, tile) {
    this.#world.setTile(id, col, row, tile);
  }

  /** Makes a collider one-way, passable from the side `open` points to; null blocks from every side again. */
  setOneWay(id, open) {
    const [x, y] = open === null || open === undefined ? [0, 0] : xy(open, 'open');
    this.#world.setOneWay(id, x, y);
  }

  /**
   * Steps the world: the pairs that `started` touching, those still touching (`ongoing`), each
   * as `{ a, b, contact }` (the contact's unit `normal` from `a` to `b` and its `depth`; null when
   * either is a sensor), and the pairs that `stopped`, as `[a, b]`. In a pair, `a` is the one
   * inserted into the lower slot.
   */
  step() {
    const n = this.#world.step();
    const [started, ongoing, stopped] = [n[0], n[1], n[2]];
    const end = 3 + 5 * (started + ongoing);
    const pairs = new Array(stopped);
    for (let k = 0, i = end; k < stopped; k++, i += 2) pairs[k] = [n[i], n[i + 1]];
    const events = { started: eventsFrom(n, 3, started), ongoing: eventsFrom(n, 3 + 5 * started, ongoing), stopped: pairs };
    const bounded = this.#world.boundedPairs();
    for (let i = 0; i < bounded.length; i += 2) {
      for (const e of events.started.concat(events.ongoing)) {
        if (e.contact !== null && e.a === bounded[i] && e.b === bounded[i + 1]) e.contact.exact = false;
      }
    }
    return events;
  }

  /** The pairs whose contact at the last step is not proven the shortest (see `setContactBudget`), as `[a, b]`. */
  boundedPairs() {
    const n = this.#world.boundedPairs();
    const out = [];
    for (let i = 0; i < n.length; i += 2) out.push([n[i], n[i + 1]]);
    return out;
  }

  /**
   * Sets the units of work a step may spend on exact contacts with concave polygons (default
   * 600000, 0: no bound), shared evenly by the pairs with one measured at that step. A pair whose
   * share runs out gets a push that separates, its contact's `exact` false.
   */
  setContactBudget(units) {
    this.#world.setContactBudget(units);
  }

  /** The step's contact budget in units (0: no bound). */
  get contactBudget() {
    return this.#world.contactBudget();
  }

  /**
   * Steps the world and gives its events as typed arrays, for thousands of colliders a frame:
   * `started` and `ongoing` hold five numbers a pair (`a, b, normalX, normalY, depth`; NaN
   * normal and depth for a sensor's pair), `stopped` two (`a, b`). They are views of one array,
   * made afresh at each step.
   */
  stepArrays() {
    const n = this.#world.step();
    const touchingEnd = 3 + 5 * (n[0] + n[1]);
    return {
      started: n.subarray(3, 3 + 5 * n[0]),
      ongoing: n.subarray(3 + 5 * n[0], touchingEnd),
      stopped: n.subarray(touchingEnd),
    };
  }

  /** The full contact of two colliders as they stand now (as `contact(a, b)` gives), or null. */
  contact(a, b) {
    return contactFrom(this.#world.contact(a, b));
  }

  /** The ids of the colliders touching `id` at the last step. */
  touching(id) {
    return Array.from(this.#world.touching(id));
  }

  /** Whether the collider touched another at the last step. */
  isColliding(id) {
    return this.#world.isColliding(id);
  }

  /**
   * The nearest collider the ray from `origin` along `direction` hits within `maxDistance`:
   * `{ id, distance, point, normal }` (the collider's outward normal), or null. Filter options:
   * `layer` and `mask` (colliders count when their filter pairs with these), `sensors` (false:
   * sensors are passed through), `ignore` (ids).
   */
  castRay(origin, direction, { maxDistance = Infinity, ...filter } = {}) {
    return this.#rays(origin, direction, maxDistance, false, filter)[0] ?? null;
  }

  /** Every collider the ray hits within `maxDistance`, nearest first; the options of `castRay`. */
  castRayAll(origin, direction, { maxDistance = Infinity, ...filter } = {}) {
    return this.#rays(origin, direction, maxDistance, true, filter);
  }

  #rays(origin, direction, maxDistance, all, filter) {
    const [ox, oy] = xy(origin, 'origin'), [dx, dy] = xy(direction, 'direction');
    const n = this.#world.castRay(Float32Array.of(ox, oy, dx, dy), maxDistance, all, filterOf(filter));
    const hits = [];
    for (let i = 0; i < n.length; i += 6) {
      hits.push({ id: n[i], distance: n[i + 1], point: point2(n[i + 2], n[i + 3]), normal: point2(n[i + 4], n[i + 5]) });
    }
    return hits;
  }

  /**
   * The first collider `shape` (in world coordinates) would hit moving by `motion` over times
   * 0 to `maxTime` (1): `{ id, time, point, normal, startedOverlapping }` (the normal out of
   * the collider, towards the moving shape), or null. A collider it already touches is hit at
   * time 0. The filter options of `castRay`.
   */
  castShape(shape, motion, { maxTime = 1, ...filter } = {}) {
    return this.#casts(shape, motion, maxTime, false, filter)[0] ?? null;
  }

  /** Every collider `shape` would hit moving by `motion`, soonest first; the options of `castShape`. */
  castShapeAll(shape, motion, { maxTime = 1, ...filter } = {}) {
    return this.#casts(shape, motion, maxTime, true, filter);
  }

  #casts(shape, motion, maxTime, all, filter) {
    const [mx, my] = xy(motion, 'motion');
    const filterNumbers = filterOf(filter);
    const n = this.#world.castShape(keyOf(shape, 'shape'), Float32Array.of(mx, my, maxTime), all, filterNumbers);
    const hits = [];
    for (let i = 0; i < n.length; i += 7) {
      hits.push({
        id: n[i],
        time: n[i + 1],
        point: point2(n[i + 2], n[i + 3]),
        normal: point2(n[i + 4], n[i + 5]),
        startedOverlapping: n[i + 6] === 1,
      });
    }
    return hits;
  }

  /** The ids of the colliders whose shape holds `point` (edges included). */
  collidersAtPoint(point) {
    return Array.from(this.#world.collidersAtPoint(...xy(point, 'point')));
  }

  /** The ids of the colliders whose shape meets `shape` (in world coordinates; touching counts). */
  collidersOverlapping(shape) {
    return Array.from(this.#world.collidersOverlapping(keyOf(shape, 'shape')));
  }

  /** The ids of the colliders whose box meets the box from `min` to `max`. */
  collidersInBox(min, max) {
    return Array.from(this.#world.collidersInBox(...xy(min, 'min'), ...xy(max, 'max')));
  }

  /**
   * Moves a collider by `motion`, straight until it would touch something, then along what it
   * met, keeping a `skin` clear. Options (defaults for a character about one unit tall, y up):
   * `skin` (0.01), `maxSlope` (radians from level that still count as floor, π/4), `up`
   * ([0, 1]; [0, -1] on a y-down screen), `maxSlides` (4), `stepHeight` (ledges it steps up,
   * 0), `snapDistance` (how far down it follows the floor, 0), `stopOnSlope` (true: it stands
   * still on slopes and walks them at its own speed). Returns `{ moved, remaining, onFloor,
   * floorNormal, floor, onWall, wallNormal, onCeiling, ceilingNormal, platformMotion, touched }`,
   * normals and the floor's id null when not met, `touched` the `{ id, normal }` of each
   * collider met; `platformMotion` is zero here (a `CharacterController` rides platforms).
   */
  moveAndSlide(id, motion, options = {}) {
    return moveResultFrom(this.#world.moveAndSlide(id, ...xy(motion, 'motion'), moveOptionNumbers(options)));
  }

  /** Frees the world's WebAssembly memory now; using it after throws (a second free does nothing). */
  free() {
    this.#inner?.free();
    this.#inner = null;
  }
}
