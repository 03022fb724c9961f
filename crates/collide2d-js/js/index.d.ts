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
export interface Polygon { readonly kind: 'polygon'; readonly points: readonly Vec2[] }

/** A polygon of any shape with holes, held in WebAssembly memory until collected or freed. */
export interface ConcavePolygon {
  readonly kind: 'concavePolygon';
  readonly outline: readonly Vec2[];
  readonly holes: readonly (readonly Vec2[])[];
  /** Frees its WebAssembly memory now; queries on it throw after. */
  free(): void;
}

/** Any shape the queries take. */
export type Shape = Point | Segment | Box | Circle | OrientedBox | Capsule | Polygon | ConcavePolygon;

/** One point of a contact: on each shape's surface, and how deep there. */
export interface ContactPoint {
  onA: Vec2;
  onB: Vec2;
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
}

/** The closest points of two shapes apart. */
export interface ClosestPoints {
  onA: Vec2;
  onB: Vec2;
  distance: number;
}

/** Loads the WebAssembly module; await it once before anything else. */
export function init(): Promise<void>;

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
export function contact(a: Shape, b: Shape): Contact | null;
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

/** A collision world; ids are numbers, events pairs of ids. */
export class World {
  constructor();
  /** Adds `shape` (in its own frame) at `position` turned by `rotation` radians; its id. */
  insert(shape: Shape, position?: Vec2Like, rotation?: number): number;
  /** Removes a collider; false when it was not there. */
  remove(id: number): boolean;
  /** Places a collider at `position` turned by `rotation` radians. */
  setTransform(id: number, position: Vec2Like, rotation?: number): void;
  /** Places many colliders in one call: `ids[i]` at `poses[3i]`, `poses[3i + 1]`, turned `poses[3i + 2]`. */
  setTransforms(ids: ArrayLike<number>, poses: Float32Array | ArrayLike<number>): void;
  /** Steps the world: the pairs of ids that started and stopped touching since the last step. */
  step(): { started: [number, number][]; stopped: [number, number][] };
  /** Moves a collider by `motion`, sliding along what it meets. */
  moveAndSlide(id: number, motion: Vec2Like): { moved: Vec2; onFloor: boolean; onWall: boolean; onCeiling: boolean };
  /** Where a collider is. */
  position(id: number): Vec2;
  /** Frees the world's WebAssembly memory now. */
  free(): void;
}
