// Types of the collide2d npm package. Vectors go in as `{x, y}` or `[x, y]` and come out as
// `{x, y}`; shapes are frozen plain objects made by the functions below.

/** A 2D vector as the package returns it. */
export interface Vec2 {
  x: number;
  y: number;
}

/** A vector as the package accepts it. */
export type Vec2Like = Vec2 | readonly [number, number];

export interface Point { readonly kind: 'point'; readonly at: Vec2 }
export interface Segment { readonly kind: 'segment'; readonly a: Vec2; readonly b: Vec2 }
export interface Box { readonly kind: 'box'; readonly min: Vec2; readonly max: Vec2 }
export interface Circle { readonly kind: 'circle'; readonly center: Vec2; readonly radius: number }
export interface OrientedBox {
  readonly kind: 'orientedBox';
  readonly center: Vec2;
  readonly halfExtents: Vec2;
  readonly rotation: number;
}
export interface Capsule { readonly kind: 'capsule'; readonly a: Vec2; readonly b: Vec2; readonly radius: number }
/** A convex polygon, held in WebAssembly memory (built once) until collected or freed. */
export interface Polygon {
  readonly kind: 'polygon';
  readonly points: readonly Vec2[];
  /** Frees its WebAssembly memory now; queries on it throw after. */
  free(): void;
}

/** A polygon of any shape with holes, held in WebAssembly memory until collected or freed. */
export interface ConcavePolygon {
  readonly kind: 'concavePolygon';
  readonly outline: readonly Vec2[];
  readonly holes: readonly (readonly Vec2[])[];
  /** Frees its WebAssembly memory now; queries on it throw after. */
  free(): void;
}

/** Any shape the queries take. */
/** A tile map, held in WebAssembly memory until collected or freed. */
export interface TileMap {
  readonly kind: 'tileMap';
  readonly width: number;
  readonly height: number;
  readonly cellSize: Vec2;
  readonly origin: Vec2;
  /** Sets cell (`col`, `row`) to tile `id` (a Tiled global id, flip bits included). */
  setTile(col: number, row: number, id: number): void;
  /** The id in cell (`col`, `row`), flags included; undefined outside the grid. */
  tileId(col: number, row: number): number | undefined;
  /** Frees its WebAssembly memory now; queries on it throw after. */
  free(): void;
}

/** What a tile id stands for: the whole cell, or a convex polygon in fractions of the cell. */
export type TileShape = 'solid' | readonly Vec2Like[];

export type Shape = Point | Segment | Box | Circle | OrientedBox | Capsule | Polygon | ConcavePolygon | TileMap;

/** One point of a contact: on each shape's surface, and how deep there. */
/**
 * One point of a contact. For two convex shapes a manifold point as physics engines clip it:
 * `onA` a point of `a` and `onB` one of `b` (on their surfaces, but where a deep edge-on-edge
 * contact is clipped), each within `depth` of the other shape. For a concave polygon's contact,
 * a point of the other shape and that point moved by the push. Not each shape's deepest point
 * inside the other.
 */
export interface ContactPoint {
  onA: Vec2;
  onB: Vec2;
  /** How far they overlap here along the normal (at most the contact's depth). */
  depth: number;
}

/** How two shapes overlap. */
export interface Contact {
  /** Unit normal from `a` towards `b`. */
  normal: Vec2;
  /** How far they overlap along the normal (0 when touching). */
  depth: number;
  /** Moving `b` by this separates them: the shortest such move. */
  pushOutB: Vec2;
  /** One or two points (two when an edge lies flat against an edge). */
  points: ContactPoint[];
  /** Whether `depth` is proven the shortest push (false when a work budget ran out; it still separates). */
  exact: boolean;
}

/** How much work `contact` may spend on a concave polygon's exact push-out. */
export interface ContactOptions {
  /** Units of work (default `DEFAULT_CONTACT_BUDGET`; 0: no bound). */
  budget?: number;
  /** Throw rather than return a push not proven the shortest. */
  requireExact?: boolean;
}

/** The units of work `contact` may spend unless told: at most about 10 ms. */
export const DEFAULT_CONTACT_BUDGET: number;

/** The closest points of two shapes apart. */
export interface ClosestPoints {
  onA: Vec2;
  onB: Vec2;
  distance: number;
}

/**
 * Loads the WebAssembly module; await it once before queries, worlds and maps (shapes can be
 * made before: they are checked when it loads, and it rejects naming the first that is wrong).
 * By default it is read from the package's folder (Node) or fetched beside the script
 * (browsers); pass where the `.wasm` is, or its bytes, when a bundler or server puts it
 * elsewhere.
 */
export function init(source?: string | URL | Response | BufferSource | WebAssembly.Module): Promise<void>;
/**
 * Loads the WebAssembly module at once from its bytes or a compiled `WebAssembly.Module` (a
 * bundler that inlines the `.wasm`, a worker handed the module). Throws where `init()` would
 * reject; does nothing once the module is loaded.
 */
export function initSync(source: BufferSource | WebAssembly.Module): void;

/** A single point. */
export function point(p: Vec2Like): Point;
/** A line segment from `a` to `b`. */
export function segment(a: Vec2Like, b: Vec2Like): Segment;
/** An axis-aligned box from its lowest corner `min` to its highest `max`. */
export function box(min: Vec2Like, max: Vec2Like): Box;
/** A disc. */
export function circle(center: Vec2Like, radius: number): Circle;
/** A rectangle of half sizes `halfExtents` turned by `rotation` radians about its centre. */
export function orientedBox(center: Vec2Like, halfExtents: Vec2Like, rotation?: number): OrientedBox;
/** The segment from `a` to `b` swollen by `radius` (a stadium). */
export function capsule(a: Vec2Like, b: Vec2Like, radius: number): Capsule;
/** A convex polygon through `points` in order (either winding). */
export function polygon(points: readonly Vec2Like[]): Polygon;

/** A polygon of any shape: the `outline` (a simple ring, either winding) less the `holes`. */
export function concavePolygon(outline: readonly Vec2Like[], holes?: readonly (readonly Vec2Like[])[]): ConcavePolygon;
/** A tile map: `ids` row after row; `tiles` maps ids to shapes (every id but 0 solid by default). */
export function tileMap(options: {
  ids: readonly number[] | Uint32Array;
  width: number;
  height: number;
  cellSize?: Vec2Like;
  origin?: Vec2Like;
  tiles?: Readonly<Record<number, TileShape>>;
}): TileMap;

/** A collision filter's bits, as `World.insert` and `World.setFilter` take them. */
export interface FilterBits {
  layer: number;
  mask: number;
}

/** The colliding tiles of one layer of a loaded map that share a one-way side and a filter. */
export interface LoadedMap {
  /** The layer's name, after its groups' names and `/`. */
  readonly layer: string;
  readonly map: TileMap;
  /** The open side of these one-way tiles (unit, y down: `{x: 0, y: -1}` is landed on from above), or null. */
  readonly oneWay: Vec2 | null;
  /** The filter these tiles share (every bit unless the map says otherwise). */
  readonly filter: FilterBits;
}

/** A custom property's value: colors and files as their text, an object reference as its id, a class as its members. */
export type PropertyValue = boolean | number | string | PropertyValue[] | { [member: string]: PropertyValue };

/** An object of an object layer of a loaded map. */
export interface LoadedObject {
  /** Its layer's name, after its groups' names and `/`. */
  readonly layer: string;
  readonly id: number;
  readonly name: string;
  /** Its class (its type before Tiled 1.9). */
  readonly class: string;
  readonly kind: 'rectangle' | 'ellipse' | 'polygon' | 'polyline' | 'point' | 'capsule' | 'text' | 'tile';
  /** Its shapes: one, or a segment per edge of a polyline. */
  readonly shapes: Shape[];
  readonly properties: { [name: string]: PropertyValue };
}

/** What a loaded Tiled map holds that collides. */
export interface TiledLevel {
  maps: LoadedMap[];
  objects: LoadedObject[];
}

/**
 * Loads a Tiled map from its JSON (a `.tmj` file's text, or the parsed object); `readFile(path)`
 * gives the files it refers to (external `.tsj` tilesets) by their paths relative to the map.
 */
export function loadTiled(
  json: string | object,
  options?: { readFile?: (path: string) => string | Uint8Array | ArrayBuffer },
): TiledLevel;

/** How LDtk IntGrid cells of a value or identifier collide: a tile shape, or one with a side and a filter. */
export type IntGridRule =
  | TileShape
  | 'empty'
  | { shape?: TileShape | 'empty'; oneWay?: Vec2Like | null; layer?: number; mask?: number };

/** An LDtk entity: its box in the world and what LDtk says of it. */
export interface LdtkEntity {
  readonly layer: string;
  readonly identifier: string;
  readonly iid: string;
  readonly box: Box;
  readonly tags: string[];
  /** Field values by identifier, as LDtk writes them. */
  readonly fields: { [identifier: string]: unknown };
}

/** An LDtk level: its IntGrid cells as tile maps and its entities, in world pixels (y down). */
export interface LdtkLevel {
  /** Its world's identifier (empty in a project of one world). */
  readonly world: string;
  readonly identifier: string;
  readonly iid: string;
  readonly origin: Vec2;
  readonly size: Vec2;
  readonly maps: LoadedMap[];
  readonly entities: LdtkEntity[];
  readonly fields: { [identifier: string]: unknown };
}

/**
 * Loads an LDtk project from its JSON; every IntGrid value but 0 is solid unless `rules` (by
 * value or identifier) says otherwise; `readFile(path)` gives levels saved apart.
 */
export function loadLdtk(
  json: string | object,
  options?: {
    readFile?: (path: string) => string | Uint8Array | ArrayBuffer;
    rules?: Readonly<Record<string | number, IntGridRule>>;
  },
): LdtkLevel[];

/** RGBA pixels, as an `ImageData` or the same fields. */
export interface RgbaImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** Traces the solid pixels of a picture into concave polygons (pixel units, y down). */
export function trace(
  image: RgbaImage,
  options?: { detail?: 'exact' | 'optimal' | 'more' | 'less'; alphaAbove?: number; maxVertices?: number },
): ConcavePolygon[];

/** Whether `a` and `b` overlap or touch. */
export function intersects(a: Shape, b: Shape): boolean;
/** Whether `a` holds all of `b`. */
export function contains(a: Shape, b: Shape): boolean;
/** How `a` and `b` overlap, or `null` when they do not. */
export function contact(a: Shape, b: Shape, options?: ContactOptions): Contact | null;
/**
 * `contact` without making objects: fills `out` (from `makeContact()`, or a contact `contact`
 * returned), reusing its vectors and points, and returns true; false when they do not overlap
 * (`out` left as it was).
 */
export function contactInto(a: Shape, b: Shape, out: Contact, options?: ContactOptions): boolean;
/** A contact for `contactInto` to fill. */
export function makeContact(): Contact;
/** The closest points of `a` and `b` and their distance, or `null` when they touch or overlap. */
export function closestPoints(a: Shape, b: Shape): ClosestPoints | null;
/** The distance between `a` and `b` (0 when they touch or overlap). */
export function distance(a: Shape, b: Shape): number;

/** Where a ray first meets a shape. */
export interface RayHit {
  /** From the ray's origin (0 when it starts inside). */
  distance: number;
  point: Vec2;
  /** The shape's outward unit normal there. */
  normal: Vec2;
}

/** The first touch of two moving shapes. */
export interface ShapeCastHit {
  /** In `[0, maxTime]`: the shapes stand at their places plus their motions times this. */
  time: number;
  point: Vec2;
  /** The witness on `a` at that time (its deepest point when they started overlapping). */
  onA: Vec2;
  /** The witness on `b`, likewise. */
  onB: Vec2;
  /** Unit normal from `a` towards `b`. */
  normal: Vec2;
  /** They overlapped at time 0 (and the time is 0). */
  startedOverlapping: boolean;
}

/** Where the ray from `origin` along `direction` first meets `shape` within `maxDistance`. */
export function castRay(shape: Shape, origin: Vec2Like, direction: Vec2Like, maxDistance?: number): RayHit | null;
/** The first touch of `a` moving by `motionA` and `b` by `motionB` over times 0 to `maxTime` (1). */
export function castShape(a: Shape, motionA: Vec2Like, b: Shape, motionB?: Vec2Like, maxTime?: number): ShapeCastHit | null;

/** Which colliders a scene query considers (every solid one by default). */
export interface QueryFilter {
  /** With `mask`: colliders count when their filter pairs with this one (all bits by default). */
  layer?: number;
  mask?: number;
  /** Whether sensors count (false). */
  sensors?: boolean;
  /** Ids to skip, such as the collider that moves. */
  ignore?: ArrayLike<number>;
}

/** What `World.insert` takes besides the shape. */
export interface ColliderOptions {
  /** Where (relative to `parent` when given; [0, 0]). */
  position?: Vec2Like;
  /** Radians (0). */
  rotation?: number;
  /** A number or a vector (1). A disc only scales evenly. */
  scale?: number | Vec2Like;
  /** The layer bits it is in and the mask of layers it collides with (all by default). */
  layer?: number;
  mask?: number;
  /** Reported in events, never given a contact or blocking a mover. */
  sensor?: boolean;
  /** The side it can be passed from (e.g. [0, 1]: a platform jumped through from below). */
  oneWay?: Vec2Like | null;
  /** An id: the transform is then relative to that collider's. */
  parent?: number;
}

/** A pair touching at a step: `a` is the one in the lower slot. */
export interface ContactEvent {
  a: number;
  b: number;
  /** The unit normal from `a` to `b`, the depth and whether it is proven the shortest; null when either is a sensor. */
  contact: { normal: Vec2; depth: number; exact: boolean } | null;
}

/** A step's events. */
export interface StepEvents {
  started: ContactEvent[];
  ongoing: ContactEvent[];
  stopped: [number, number][];
}

/** A step's events as typed arrays: five numbers a touching pair (a, b, normalX, normalY, depth), two a stopped one. */
export interface StepArrays {
  started: Float64Array;
  ongoing: Float64Array;
  stopped: Float64Array;
}

/** A ray's hit on a collider. */
export interface WorldRayHit extends RayHit {
  id: number;
}

/** A moving shape's first touch with a collider; the normal points out of the collider. */
export interface WorldCastHit {
  id: number;
  time: number;
  point: Vec2;
  normal: Vec2;
  startedOverlapping: boolean;
}

/** How `moveAndSlide` moves (defaults for a character about one unit tall, y up). */
export interface MoveOptions {
  /** The gap kept from what it meets (0.01). */
  skin?: number;
  /** The steepest floor, radians from level (π/4). */
  maxSlope?: number;
  /** Which way is up, unit ([0, 1]; [0, -1] on a y-down screen). */
  up?: Vec2Like;
  /** At most this many moves and slides (4). */
  maxSlides?: number;
  /** The highest ledge it steps up onto (0). */
  stepHeight?: number;
  /** How far down it follows the floor (0). */
  snapDistance?: number;
  /** Stand still on slopes and walk them at the motion's length (true). */
  stopOnSlope?: boolean;
}

/** What `moveAndSlide` did. */
export interface MoveResult {
  moved: Vec2;
  /** The part of the motion it did not make. */
  remaining: Vec2;
  onFloor: boolean;
  floorNormal: Vec2 | null;
  floor: number | null;
  onWall: boolean;
  wallNormal: Vec2 | null;
  onCeiling: boolean;
  ceilingNormal: Vec2 | null;
  /** How far the floor stood on carried it first (a `CharacterController`'s; zero otherwise). */
  platformMotion: Vec2;
  /** Each collider met, once, with the surface normal where it met it last. */
  touched: { id: number; normal: Vec2 }[];
}

/** A collision world; colliders are named by numeric ids. Freed when collected, or by `free()`. */
export class World {
  constructor();
  /** Adds `shape` (in its own frame); its id. */
  insert(shape: Shape, options?: ColliderOptions): number;
  /** Removes a collider (its children stay where they are); false when it was not there. */
  remove(id: number): boolean;
  /** How many colliders it holds. */
  readonly size: number;
  /** Places a collider (relative to its parent, if it has one). */
  setTransform(id: number, position: Vec2Like, rotation?: number, scale?: number | Vec2Like): void;
  /** Places many in one call: 3 numbers per id (x, y, rotation) or 5 (and scaleX, scaleY). */
  setTransforms(ids: Float64Array | ArrayLike<number>, poses: Float32Array | ArrayLike<number>): void;
  /** Where a collider is in the world. */
  transform(id: number): { position: Vec2; rotation: number; scale: Vec2 };
  position(id: number): Vec2;
  /** The collider's box in the world. */
  aabb(id: number): { min: Vec2; max: Vec2 };
  setShape(id: number, shape: Shape): void;
  /** Attaches to `parent` or detaches (null); the transform is kept and read relative to it. */
  setParent(id: number, parent: number | null): void;
  setFilter(id: number, filter: { layer?: number; mask?: number }): void;
  setSensor(id: number, sensor?: boolean): void;
  /** Passable from the side `open` points to; null blocks from every side. */
  setOneWay(id: number, open: Vec2Like | null): void;
  /** Sets cell (`col`, `row`) of a tile-map collider to tile `tile` (destructible terrain). */
  setTile(id: number, col: number, row: number, tile: number): void;
  /** Steps the world: pairs that started, go on and stopped touching. */
  step(): StepEvents;
  /** Steps the world: its events as typed arrays, for thousands of colliders a frame. */
  stepArrays(): StepArrays;
  /** The full contact of two colliders as they stand now, or null. */
  contact(a: number, b: number): Contact | null;
  /** The pairs whose contact at the last step is not proven the shortest. */
  boundedPairs(): [number, number][];
  /** Sets the units of work a step may spend on exact concave contacts (0: no bound). */
  setContactBudget(units: number): void;
  /** The step's contact budget in units (0: no bound). */
  readonly contactBudget: number;
  /** The colliders touching `id` at the last step. */
  touching(id: number): number[];
  isColliding(id: number): boolean;
  castRay(origin: Vec2Like, direction: Vec2Like, options?: QueryFilter & { maxDistance?: number }): WorldRayHit | null;
  castRayAll(origin: Vec2Like, direction: Vec2Like, options?: QueryFilter & { maxDistance?: number }): WorldRayHit[];
  castShape(shape: Shape, motion: Vec2Like, options?: QueryFilter & { maxTime?: number }): WorldCastHit | null;
  castShapeAll(shape: Shape, motion: Vec2Like, options?: QueryFilter & { maxTime?: number }): WorldCastHit[];
  collidersAtPoint(point: Vec2Like): number[];
  collidersOverlapping(shape: Shape): number[];
  collidersInBox(min: Vec2Like, max: Vec2Like): number[];
  /** Moves a collider by `motion`, sliding along what it meets. */
  moveAndSlide(id: number, motion: Vec2Like, options?: MoveOptions): MoveResult;
  /** Frees the world's WebAssembly memory now; using it after throws "this world has been freed". */
  free(): void;
}

/** Every option of the mover, as a `CharacterController` reads them back. */
export interface MoveSettings {
  skin: number;
  maxSlope: number;
  up: Vec2;
  maxSlides: number;
  stepHeight: number;
  snapDistance: number;
  stopOnSlope: boolean;
}

/**
 * Moves one character collider frame after frame as a platformer does: `World.moveAndSlide` with
 * its options, carried first by how far the floor it stood on has moved since (a lift, a belt),
 * never into a wall. Move the platforms first in each frame, then the characters. Freed when
 * collected, or by `free()`.
 */
export class CharacterController {
  /** A controller moving with `options` (defaults for those left out). */
  constructor(options?: MoveOptions);
  /** The options it moves with, every one given; set it to change them (defaults for those left out). */
  get options(): MoveSettings;
  set options(options: MoveOptions);
  /** The id of the floor collider the character ended its last move on, or null. */
  readonly floor: number | null;
  /** Forgets the floor stood on: the next move is not carried. */
  forgetFloor(): void;
  /** Carries collider `id` of `world` with its floor, then moves it by `motion`; `moved` includes the carry. */
  moveAndSlide(world: World, id: number, motion: Vec2Like): MoveResult;
  /** Frees its WebAssembly memory now; using it after throws. */
  free(): void;
}
