/* collide2d.h: the C API of collide2d, 2D collision detection for games.
 *
 * Generated from crates/collide2d-c by cbindgen (tests/header.rs checks it is current; do not
 * edit by hand). C99 and C++: every name starts with c2d_ (types, functions) or C2D_ (constants).
 *
 * Conventions, once:
 * - Every function returns a c2d_Status: C2D_OK (0), or an error code, with a message for the
 *   calling thread from c2d_last_error(). Results come back through out pointers, written only
 *   on success. No function aborts or unwinds into C: a panic inside becomes C2D_ERROR_INTERNAL.
 * - Value structs (vectors, shapes, contacts, hits) are plain data the caller owns. Shapes are
 *   checked on every call (finite numbers, positive sizes, unit rotations): a bad one is
 *   C2D_ERROR_INVALID_SHAPE, never a wrong answer.
 * - Handles (c2d_ConvexPolygon, c2d_Polygon, c2d_TileMap) are made by a _create function, owned
 *   by the caller, and freed by the matching _destroy (NULL is allowed there). A shape that points
 *   at a handle borrows it for the call only; a world copies it (a tile map's grid is shared
 *   until either copy changes).
 * - NULL where a pointer is required is C2D_ERROR_NULL; a negative count is
 *   C2D_ERROR_INVALID_ARGUMENT.
 * - y may point up or down: nothing here depends on it. Angles are radians, counter-clockwise
 *   when y points up.
 * - Threads. Calls may run at once on different threads when they use different worlds. One
 *   world takes one call at a time, queries included (lock around it if threads share it). A
 *   polygon or traced handle is never changed after it is made: calls on several threads may
 *   read it at once (queries, worlds inserting it), but its _destroy must run alone. A tile map
 *   is read the same way; c2d_tile_map_set changes it, and must run alone as _destroy does.
 *   Each thread has its own c2d_last_error.
 * - No call starts a thread but c2d_world_step, which shares a large step's work with the
 *   world's own threads (c2d_world_set_thread_count; 1: the calling thread alone), joined by
 *   c2d_world_destroy. The events are the same whatever the count.
 */

#ifndef COLLIDE2D_H
#define COLLIDE2D_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// The most vertices a convex tile shape has.
#define C2D_TILE_MAX_POINTS 8

// Tiled's flag on a tile id: the tile is mirrored left to right.
#define C2D_TILE_FLIP_HORIZONTAL 2147483648

// Tiled's flag on a tile id: the tile is mirrored top to bottom.
#define C2D_TILE_FLIP_VERTICAL 1073741824

// Tiled's flag on a tile id: the tile's x and y are swapped (before the other two flips).
#define C2D_TILE_FLIP_DIAGONAL 536870912

// The units of work `c2d_contact` may spend on a concave polygon's exact push-out: 600,000,
// about 10 ms on a 2-core machine of 2026 at worst, below a 60 Hz frame.
#define C2D_DEFAULT_CONTACT_BUDGET 600000

// The index of the id that names no collider (a parent of none, a floor of none).
#define C2D_NULL_INDEX UINT32_MAX

// A convex polygon (an opaque handle): made by `c2d_convex_polygon_create`, freed by
// `c2d_convex_polygon_destroy`.
typedef struct c2d_ConvexPolygon c2d_ConvexPolygon;

// A polygon, concave and with holes allowed (an opaque handle): made by
// `c2d_polygon_create`, freed by `c2d_polygon_destroy`.
typedef struct c2d_Polygon c2d_Polygon;

// A tile map (an opaque handle): made by `c2d_tile_map_create`, changed by
// `c2d_tile_map_set`, freed by `c2d_tile_map_destroy`. As a shape (`c2d_shape_tile_map`) every
// query takes it, and `c2d_world_insert` keeps a copy that shares its grid until either
// changes.
typedef struct c2d_TileMap c2d_TileMap;

// The polygons traced from a picture (an opaque handle): made by `c2d_trace_rgba`, freed by
// `c2d_traced_destroy`, which frees its polygons too.
typedef struct c2d_Traced c2d_Traced;

// A world (an opaque handle): made by `c2d_world_create`, freed by `c2d_world_destroy`.
typedef struct c2d_World c2d_World;

// A rotation as the cosine and sine of its angle (a unit vector: the rotated x axis), as
// Box2D's `b2Rot`. Make one with `c2d_make_rot`; one whose length is not 1 (within 1e-4) is
// refused, and one within that is normalised.
typedef struct c2d_Rot {
  float c;
  float s;
} c2d_Rot;

// Which member of `c2d_ShapeData` a `c2d_Shape` holds: one of the `C2D_SHAPE_` constants.
typedef uint32_t c2d_ShapeKind;

// A 2D vector or point.
typedef struct c2d_Vec2 {
  float x;
  float y;
} c2d_Vec2;

// A segment from `a` to `b`.
typedef struct c2d_Segment {
  struct c2d_Vec2 a;
  struct c2d_Vec2 b;
} c2d_Segment;

// An axis-aligned box from `min` to `max` (`min <= max` on both axes).
typedef struct c2d_Aabb {
  struct c2d_Vec2 min;
  struct c2d_Vec2 max;
} c2d_Aabb;

// A disc.
typedef struct c2d_Circle {
  struct c2d_Vec2 center;
  float radius;
} c2d_Circle;

// An oriented box: `half_extents` along its own axes around `center`, turned by `rotation`.
typedef struct c2d_Obb {
  struct c2d_Vec2 center;
  struct c2d_Vec2 half_extents;
  struct c2d_Rot rotation;
} c2d_Obb;

// The points within `radius` of the segment from `a` to `b`.
typedef struct c2d_Capsule {
  struct c2d_Vec2 a;
  struct c2d_Vec2 b;
  float radius;
} c2d_Capsule;

// The shape itself, by kind.
typedef union c2d_ShapeData {
  struct c2d_Vec2 point;
  struct c2d_Segment segment;
  struct c2d_Aabb aabb;
  struct c2d_Circle circle;
  struct c2d_Obb obb;
  struct c2d_Capsule capsule;
  const struct c2d_ConvexPolygon *convex_polygon;
  const struct c2d_Polygon *polygon;
  const struct c2d_TileMap *tile_map;
} c2d_ShapeData;

// Any shape: `kind` says which member of `data` is set. Make one with the `c2d_shape_`
// functions, or in C99 as `(c2d_Shape){C2D_SHAPE_CIRCLE, {.circle = {{0, 0}, 1}}}`.
typedef struct c2d_Shape {
  c2d_ShapeKind kind;
  union c2d_ShapeData data;
} c2d_Shape;

// What a call did: `C2D_OK`, or one of the `C2D_ERROR_` codes, with a message from
// `c2d_last_error`.
typedef int32_t c2d_Status;

// What a tile is made of: one of the `C2D_TILE_` kinds.
typedef uint32_t c2d_TileKind;

// A tile's shape in its cell: `kind`, and for `C2D_TILE_CONVEX` the first `point_count` of
// `points` (3 to `C2D_TILE_MAX_POINTS`, either winding), each in fractions of the cell: (0, 0)
// is the cell's corner of least x and y, (1, 1) the opposite one (with y down, as Tiled draws,
// the top left and the bottom right). A convex shape covering the whole cell is solid.
typedef struct c2d_TileShape {
  c2d_TileKind kind;
  int32_t point_count;
  struct c2d_Vec2 points[C2D_TILE_MAX_POINTS];
} c2d_TileShape;

// What tile `id` (without flip flags) stands for.
typedef struct c2d_TileDef {
  uint32_t id;
  struct c2d_TileShape shape;
} c2d_TileDef;

// One point of a contact, `depth` (at most the contact's) how far the shapes overlap there.
// For two convex shapes, a manifold point as physics engines clip it: `point_a` a point of `a`
// and `point_b` one of `b` (on their surfaces, but where a deep edge-on-edge contact is
// clipped), each within `depth` of the other shape. For a concave polygon's contact, a point of
// the other shape and that point moved by the push (`point_a - point_b = normal × depth`).
// Not each shape's deepest point inside the other: one may lie outside the other shape.
typedef struct c2d_ContactPoint {
  struct c2d_Vec2 point_a;
  struct c2d_Vec2 point_b;
  float depth;
} c2d_ContactPoint;

// How two shapes overlap: `point_count` is 0 when they do not (the rest is zero), else 1 or
// 2 points. `normal` is the unit vector from `a` towards `b`; moving `a` by `-normal × depth`
// (or `b` by `normal × depth`) separates them. Touching is a contact of depth 0. `exact` is
// true when `depth` is proven the shortest such move: always, but for a concave polygon's
// contact whose work budget ran out (see `c2d_contact`), whose push separates them all the same.
typedef struct c2d_Contact {
  struct c2d_Vec2 normal;
  float depth;
  int32_t point_count;
  struct c2d_ContactPoint points[2];
  bool exact;
} c2d_Contact;

// The closest points of two shapes apart: `found` is false when they intersect (touching
// included), and the rest is zero.
typedef struct c2d_ClosestPoints {
  bool found;
  struct c2d_Vec2 point_a;
  struct c2d_Vec2 point_b;
  float distance;
} c2d_ClosestPoints;

// A half-line from `origin` along `direction` (any non-zero length: it is normalised).
typedef struct c2d_Ray {
  struct c2d_Vec2 origin;
  struct c2d_Vec2 direction;
} c2d_Ray;

// Where a ray meets a shape: `hit` is false when it does not within the distance asked.
// `distance` is along the unit direction (0 when the ray starts inside), `normal` the shape's
// outward unit normal there.
typedef struct c2d_RayHit {
  bool hit;
  float distance;
  struct c2d_Vec2 point;
  struct c2d_Vec2 normal;
} c2d_RayHit;

// When and where two moving shapes first touch: `hit` is false when they do not within the
// time asked. At `time` they stand at their starts plus their motions times `time`; `point`
// is where they touch then, `point_a`/`point_b` the witnesses on each, `normal` the unit
// normal from `a` towards `b`. `started_overlapping`: they already touched at time 0 (then
// `time` is 0 and `normal` is their contact's).
typedef struct c2d_ShapeCastHit {
  bool hit;
  float time;
  struct c2d_Vec2 point;
  struct c2d_Vec2 point_a;
  struct c2d_Vec2 point_b;
  struct c2d_Vec2 normal;
  bool started_overlapping;
} c2d_ShapeCastHit;

// A collider of a world: a slot index (small and dense, usable to index the game's own arrays)
// and the slot's generation, so an id of a removed collider is refused even once its slot is
// reused. An id whose index is `C2D_NULL_INDEX` (`c2d_null_id()`) names none.
typedef struct c2d_ColliderId {
  uint32_t index;
  uint32_t generation;
} c2d_ColliderId;

// A placement: scaled by `scale` along the local axes, turned by `rotation`, then moved by
// `translation`.
typedef struct c2d_Transform {
  struct c2d_Vec2 translation;
  struct c2d_Rot rotation;
  struct c2d_Vec2 scale;
} c2d_Transform;

// Which colliders meet: two meet when each one's `layer` shares a bit with the other's `mask`.
typedef struct c2d_Filter {
  uint32_t layer;
  uint32_t mask;
} c2d_Filter;

// What `c2d_world_insert` makes: start from `c2d_default_collider_def()` and set what
// differs. The shape is in the collider's own frame; a polygon handle it names is copied.
typedef struct c2d_ColliderDef {
  struct c2d_Shape shape;
  struct c2d_Transform transform;
  struct c2d_Filter filter;
  // A sensor reports its pairs (with no contact) but never blocks a mover.
  bool sensor;
  // The game's own pointer, handed back by `c2d_world_user_data`; never read.
  void *user_data;
} c2d_ColliderDef;

// A pair touching at a step, with their contact (`point_count` 0 for a pair with a sensor).
typedef struct c2d_ContactEvent {
  struct c2d_ColliderId a;
  struct c2d_ColliderId b;
  struct c2d_Contact contact;
} c2d_ContactEvent;

// Two colliders.
typedef struct c2d_ColliderPair {
  struct c2d_ColliderId a;
  struct c2d_ColliderId b;
} c2d_ColliderPair;

// A step's events: the pairs that started touching, those still touching, and those that
// stopped. The arrays belong to the world and stay valid until its next call that changes it.
typedef struct c2d_Events {
  const struct c2d_ContactEvent *started;
  int32_t started_count;
  const struct c2d_ContactEvent *ongoing;
  int32_t ongoing_count;
  const struct c2d_ColliderPair *stopped;
  int32_t stopped_count;
} c2d_Events;

// Which colliders a ray or shape query sees: those whose filter meets `filter`, not among the
// `ignore_count` ids of `ignore` (the mover itself, say), and sensors only when `sensors`.
typedef struct c2d_QueryFilter {
  struct c2d_Filter filter;
  const struct c2d_ColliderId *ignore;
  int32_t ignore_count;
  bool sensors;
} c2d_QueryFilter;

// How `c2d_world_move_and_slide` moves: start from `c2d_default_move_options()`.
typedef struct c2d_MoveOptions {
  // The gap kept to what it meets (default 0.01).
  float skin;
  // The steepest slope that counts as floor, in radians (default pi/4).
  float max_slope;
  // Which way is up (default (0, 1); (0, -1) on a y-down screen); normalised.
  struct c2d_Vec2 up;
  // At most this many moves and slides (default 4).
  int32_t max_slides;
  // The highest ledge it steps onto when walking into one on the floor (default 0: never).
  float step_height;
  // How far down it follows the floor when it would leave it (default 0: never).
  float snap_distance;
  // On a floor, gravity does not slide it down the slope (default true).
  bool stop_on_slope;
} c2d_MoveOptions;

// The first collider a ray meets: `hit` false when none within the distance asked.
typedef struct c2d_WorldRayHit {
  bool hit;
  struct c2d_ColliderId collider;
  float distance;
  struct c2d_Vec2 point;
  struct c2d_Vec2 normal;
} c2d_WorldRayHit;

// The first collider a moving shape meets (`cast.hit` false when none), with the cast's hit;
// its normal points out of the collider, towards the moving shape.
typedef struct c2d_WorldShapeHit {
  struct c2d_ColliderId collider;
  struct c2d_ShapeCastHit cast;
} c2d_WorldShapeHit;

// What `c2d_world_move_and_slide` or `c2d_controller_move_and_slide` did: the displacement made
// and the part of the motion it could not make; floor, wall and ceiling met, with their normals
// (zero when not met) and the floor's collider (`c2d_null_id()` when none); how many colliders
// it touched; how far the floor it stood on carried it before it moved (the controller's; zero
// from `c2d_world_move_and_slide`), included in `moved`.
typedef struct c2d_MoveResult {
  struct c2d_Vec2 moved;
  struct c2d_Vec2 remaining;
  bool on_floor;
  struct c2d_Vec2 floor_normal;
  struct c2d_ColliderId floor;
  bool on_wall;
  struct c2d_Vec2 wall_normal;
  bool on_ceiling;
  struct c2d_Vec2 ceiling_normal;
  int32_t touched_count;
  struct c2d_Vec2 platform_motion;
} c2d_MoveResult;

// A placement as its matrix: a point `p` goes to `x_axis * p.x + y_axis * p.y + translation`.
// Any affine map, skew included (a parent's uneven scale under a turn gives one), so that a
// floor's placement is kept to the bit.
typedef struct c2d_Affine {
  struct c2d_Vec2 x_axis;
  struct c2d_Vec2 y_axis;
  struct c2d_Vec2 translation;
} c2d_Affine;

// A character controller, a value the caller owns and keeps from frame to frame: how the
// character moves (`options`), and the floor collider it ended its last move on with that
// floor's placement then, which `c2d_controller_move_and_slide` reads to carry the character
// by how far the floor has moved since, and writes. Start from
// `c2d_make_character_controller`; one controller per character.
typedef struct c2d_CharacterController {
  // How the character moves, as `c2d_world_move_and_slide` takes them.
  struct c2d_MoveOptions options;
  // The floor the last move ended on (`c2d_null_id()`: none; see
  // `c2d_controller_forget_floor`).
  struct c2d_ColliderId floor;
  // Where that floor was then, in world space (the identity when there is no floor).
  struct c2d_Affine floor_placement;
} c2d_CharacterController;

// A rectangle in its own frame (`local_bounds`) placed in the world by `transform`, as a
// sprite is.
typedef struct c2d_RectObject {
  struct c2d_Aabb local_bounds;
  struct c2d_Transform transform;
} c2d_RectObject;

// How far `c2d_collide_tiered` may climb: one of the `C2D_LEVEL_` constants.
typedef uint32_t c2d_Level;

// The answer of `c2d_collide_tiered` and the level whose test settled it.
typedef struct c2d_Verdict {
  bool colliding;
  c2d_Level decided_by;
} c2d_Verdict;

// A detection rule: one of the `C2D_DETECT_` constants.
typedef uint32_t c2d_Detector;

// How closely a traced outline follows the pixels: one of the `C2D_DETAIL_` constants.
typedef uint32_t c2d_Detail;

// The call did what it was asked; its out pointers are written.
#define C2D_OK 0

// A pointer the call needs was NULL.
#define C2D_ERROR_NULL 1

// A shape is not valid: a number is not finite, a size is not positive, a rotation is not a
// unit vector, a kind is unknown, or the points make no such shape.
#define C2D_ERROR_INVALID_SHAPE 2

// Another argument is not valid: a negative count, a ray of zero direction, and so on.
#define C2D_ERROR_INVALID_ARGUMENT 3

// The call would take more work or memory than its bound allows.
#define C2D_ERROR_TOO_LARGE 4

// A bug in collide2d (a panic, caught at the boundary); the message says where.
#define C2D_ERROR_INTERNAL 5

// A point (`data.point`).
#define C2D_SHAPE_POINT 0

// A segment (`data.segment`).
#define C2D_SHAPE_SEGMENT 1

// An axis-aligned box (`data.aabb`).
#define C2D_SHAPE_AABB 2

// A disc (`data.circle`).
#define C2D_SHAPE_CIRCLE 3

// An oriented box (`data.obb`).
#define C2D_SHAPE_OBB 4

// A capsule (`data.capsule`).
#define C2D_SHAPE_CAPSULE 5

// A convex polygon handle (`data.convex_polygon`), borrowed for the call.
#define C2D_SHAPE_CONVEX_POLYGON 6

// A polygon handle, concave and with holes allowed (`data.polygon`), borrowed for the call.
#define C2D_SHAPE_POLYGON 7

// A tile map handle (`data.tile_map`), borrowed for the call.
#define C2D_SHAPE_TILE_MAP 8

// Nothing: the cell is open.
#define C2D_TILE_EMPTY 0

// The whole cell.
#define C2D_TILE_SOLID 1

// A convex part of the cell: `points`, in fractions of the cell.
#define C2D_TILE_CONVEX 2

// Level 0: the world bounding boxes only.
#define C2D_LEVEL_AABB 0

// Level 1: then "a corner of one inside the other" (misses a plus sign: no corner inside).
#define C2D_LEVEL_CORNERS 1

// Level 2: then the exact separating-axis test.
#define C2D_LEVEL_SAT 2

// As far as needed (the same as `C2D_LEVEL_SAT`).
#define C2D_LEVEL_MAXIMUM 3

// Collide when the bounding boxes overlap: fastest, loose for rotated or round shapes.
#define C2D_DETECT_BOUNDING_BOXES 0

// Collide when the bounding circles overlap: loose for long shapes.
#define C2D_DETECT_BOUNDING_CIRCLES 1

// Collide when the shapes really share a point (the default).
#define C2D_DETECT_EXACT 2

// Every step of the pixel outline.
#define C2D_DETAIL_EXACT 0

// The outline's area within 1 % of the pixels'.
#define C2D_DETAIL_OPTIMAL 1

// Within 7.5 %.
#define C2D_DETAIL_MORE 2

// Within 15 %: the fewest vertices.
#define C2D_DETAIL_LESS 3

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The message of the calling thread's last call that did not return `C2D_OK` (an empty
// string before any did). UTF-8, owned by the library: valid until the next failing call on
// this thread; copy it to keep it.
const char *c2d_last_error(void);

// The rotation by `radians` (counter-clockwise when y points up), the same bits on every
// platform (the library's sine and cosine, not the C library's).
struct c2d_Rot c2d_make_rot(float radians);

// A point as a shape.
struct c2d_Shape c2d_shape_point(struct c2d_Vec2 p);

// A segment as a shape.
struct c2d_Shape c2d_shape_segment(struct c2d_Vec2 a, struct c2d_Vec2 b);

// An axis-aligned box as a shape.
struct c2d_Shape c2d_shape_aabb(struct c2d_Vec2 min, struct c2d_Vec2 max);

// A disc as a shape.
struct c2d_Shape c2d_shape_circle(struct c2d_Vec2 center, float radius);

// An oriented box turned by `radians` as a shape.
struct c2d_Shape c2d_shape_obb(struct c2d_Vec2 center, struct c2d_Vec2 half_extents, float radians);

// A capsule as a shape.
struct c2d_Shape c2d_shape_capsule(struct c2d_Vec2 a, struct c2d_Vec2 b, float radius);

// A convex polygon handle as a shape (borrowed by each call it is given to).
struct c2d_Shape c2d_shape_convex_polygon(const struct c2d_ConvexPolygon *polygon);

// A polygon handle as a shape (borrowed by each call it is given to).
struct c2d_Shape c2d_shape_polygon(const struct c2d_Polygon *polygon);

// A tile map handle as a shape (borrowed by each call it is given to).
struct c2d_Shape c2d_shape_tile_map(const struct c2d_TileMap *map);

// Makes the convex polygon of `count` vertices, in either winding (repeated vertices are
// dropped; three points in a line or a crossed outline are `C2D_ERROR_INVALID_SHAPE`). The
// vertices are copied. On success `*out` is a handle the caller frees with
// `c2d_convex_polygon_destroy`.
//
// # Safety
// `points` must hold `count` vectors; `out` must be valid for a write.
c2d_Status c2d_convex_polygon_create(const struct c2d_Vec2 *points,
                                     int32_t count,
                                     struct c2d_ConvexPolygon **out_polygon);

// Frees a convex polygon (NULL is allowed and does nothing).
//
// # Safety
// `polygon` must be NULL or a live handle from `c2d_convex_polygon_create`, not used after.
void c2d_convex_polygon_destroy(struct c2d_ConvexPolygon *polygon);

// Makes the polygon with the outline of `outline_count` vertices and `hole_count` holes, hole
// `i` being `holes[i]` with `hole_counts[i]` vertices (both may be NULL when `hole_count` is
// 0). Either winding; the outline must not cross itself, and each hole must lie inside it.
// The vertices are copied. On success `*out` is a handle the caller frees with
// `c2d_polygon_destroy`.
//
// # Safety
// `outline` must hold `outline_count` vectors, `holes` and `hole_counts` `hole_count` entries,
// and `holes[i]` `hole_counts[i]` vectors; `out` must be valid for a write.
c2d_Status c2d_polygon_create(const struct c2d_Vec2 *outline,
                              int32_t outline_count,
                              const struct c2d_Vec2 *const *holes,
                              const int32_t *hole_counts,
                              int32_t hole_count,
                              struct c2d_Polygon **out_polygon);

// Makes the polygon of a shape: a box's or convex polygon's own corners, a circle's or
// capsule's round ends as `segments` edges a full turn (3 to 4096), a polygon handle copied.
// On success `*out` is a handle the caller frees with `c2d_polygon_destroy`.
//
// # Safety
// `shape` must point at a valid shape (with a live handle); `out_polygon` be valid for a
// write.
c2d_Status c2d_polygon_from_shape(const struct c2d_Shape *shape,
                                  int32_t segments,
                                  struct c2d_Polygon **out_polygon);

// Frees a polygon (NULL is allowed and does nothing).
//
// # Safety
// `polygon` must be NULL or a live handle from `c2d_polygon_create`, not used after.
void c2d_polygon_destroy(struct c2d_Polygon *polygon);

// The polygon's bounding box, area and number of outline vertices.
//
// # Safety
// `polygon` must be a live handle; each out pointer NULL or valid for a write (NULL ones are
// skipped).
c2d_Status c2d_polygon_info(const struct c2d_Polygon *polygon,
                            struct c2d_Aabb *out_bounds,
                            float *out_area,
                            int32_t *out_outline_count);

// Makes the tile map of `width × height` cells of `cell_size`, cell (0, 0) at `origin` (cell
// (col, row) spans `origin + (col, row) × cell_size` to the next), holding `ids` row after
// row, row 0 first as Tiled lists them (`width × height` of them; NULL: every cell 0, open).
// Ids are Tiled's: 0 is no tile, and the `C2D_TILE_FLIP_` bits turn a tile. The `tile_count`
// definitions of `tiles` (NULL when 0) give every other id the map holds, or will be set to, a
// shape, each id once and without flags. A size that is not positive or finite, an id the
// definitions do not give and a shape that is not convex or leaves its cell are
// `C2D_ERROR_INVALID_SHAPE`, the message naming the cell or definition. Everything is copied.
// On success `*out_map` is a handle the caller frees with `c2d_tile_map_destroy`.
//
// # Safety
// A non-NULL `ids` must hold `width × height` ids, a non-NULL `tiles` `tile_count`
// definitions; `out_map` must be valid for a write.
c2d_Status c2d_tile_map_create(struct c2d_Vec2 origin,
                               struct c2d_Vec2 cell_size,
                               int32_t width,
                               int32_t height,
                               const uint32_t *ids,
                               const struct c2d_TileDef *tiles,
                               int32_t tile_count,
                               struct c2d_TileMap **out_map);

// Frees a tile map (NULL is allowed and does nothing). Worlds keep their own copies.
//
// # Safety
// `map` must be NULL or a live handle from `c2d_tile_map_create`, not used after.
void c2d_tile_map_destroy(struct c2d_TileMap *map);

// Sets cell `(col, row)` to tile `id` (flags included), in time independent of the map's
// size (the first change after the grid was shared with a world copies it once). A cell
// outside the grid or an id the map's tiles do not give is `C2D_ERROR_INVALID_ARGUMENT`, and
// the map is unchanged. A world's copy is changed by `c2d_world_set_tile` instead.
//
// # Safety
// `map` must be a live handle that no other call uses meanwhile.
c2d_Status c2d_tile_map_set(struct c2d_TileMap *map, int32_t col, int32_t row, uint32_t id);

// The id in cell `(col, row)`, flags included; a cell outside the grid is
// `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// `map` must be a live handle; `out_id` valid for a write.
c2d_Status c2d_tile_map_get(const struct c2d_TileMap *map,
                            int32_t col,
                            int32_t row,
                            uint32_t *out_id);

// The map's cells across and down, the size of a cell, and its bounds (the whole grid, open
// cells included); each out pointer may be NULL to skip it.
//
// # Safety
// `map` must be a live handle; each out pointer NULL or valid for a write.
c2d_Status c2d_tile_map_info(const struct c2d_TileMap *map,
                             int32_t *out_width,
                             int32_t *out_height,
                             struct c2d_Vec2 *out_cell_size,
                             struct c2d_Aabb *out_bounds);

// The cell holding `point` (a point on a line between cells belongs to the cell after it):
// `*out_inside` false, and the cell (-1, -1), outside the grid.
//
// # Safety
// `map` must be a live handle; the out pointers valid for a write.
c2d_Status c2d_tile_map_cell_at(const struct c2d_TileMap *map,
                                struct c2d_Vec2 point,
                                int32_t *out_col,
                                int32_t *out_row,
                                bool *out_inside);

// The solid part of cell `(col, row)` in world coordinates, counter-clockwise with y up,
// written to `out_points` (room for `C2D_TILE_MAX_POINTS`), with their number (0 for an open
// cell): for drawing. A cell outside the grid is `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// `map` must be a live handle; `out_points` must have room for `C2D_TILE_MAX_POINTS` vectors,
// `out_count` be valid for a write.
c2d_Status c2d_tile_map_tile_outline(const struct c2d_TileMap *map,
                                     int32_t col,
                                     int32_t row,
                                     struct c2d_Vec2 *out_points,
                                     int32_t *out_count);

// Whether `a` and `b` share a point (touching counts).
//
// # Safety
// `a` and `b` must point at valid shapes (with live handles), `out` be valid for a write.
c2d_Status c2d_intersects(const struct c2d_Shape *a, const struct c2d_Shape *b, bool *out);

// Whether `outer` contains all of `inner` (its boundary included).
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_contains(const struct c2d_Shape *outer, const struct c2d_Shape *inner, bool *out);

// The contact of `a` and `b` (see `c2d_Contact`: `point_count` 0 when apart). Exact for
// every pair whose exact push-out fits `C2D_DEFAULT_CONTACT_BUDGET` (every pair without a
// concave polygon, and nearly every game's): the depth is the shortest move that separates
// them. Past it (two large concave polygons deep in each other), a push that separates them
// all the same, no longer than moving one's convex hull out of the other's, with `exact`
// false. Never takes more than about a frame, whatever the shapes.
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_contact(const struct c2d_Shape *a,
                       const struct c2d_Shape *b,
                       struct c2d_Contact *out);

// The exact contact or a refusal: `c2d_contact` with `budget` units of work (0: no bound),
// returning `C2D_ERROR_TOO_LARGE` without writing `out` when the exact push-out needs more.
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_contact_limited(const struct c2d_Shape *a,
                               const struct c2d_Shape *b,
                               int64_t budget,
                               struct c2d_Contact *out);

// The distance between `a` and `b` (0 when they intersect).
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_distance(const struct c2d_Shape *a, const struct c2d_Shape *b, float *out);

// The closest points of `a` and `b` (see `c2d_ClosestPoints`).
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_closest_points(const struct c2d_Shape *a,
                              const struct c2d_Shape *b,
                              struct c2d_ClosestPoints *out);

// The point of `shape` closest to `point` (`point` itself when inside).
//
// # Safety
// `shape` must point at a valid shape (with a live handle), `out` be valid for a write.
c2d_Status c2d_closest_point(const struct c2d_Shape *shape,
                             struct c2d_Vec2 point,
                             struct c2d_Vec2 *out);

// The signed distance from `point` to the boundary of `shape`: negative inside.
//
// # Safety
// As `c2d_closest_point`.
c2d_Status c2d_signed_distance(const struct c2d_Shape *shape, struct c2d_Vec2 point, float *out);

// The bounding box of `shape`.
//
// # Safety
// As `c2d_closest_point`.
c2d_Status c2d_shape_bounds(const struct c2d_Shape *shape, struct c2d_Aabb *out);

// The first point where `ray` meets `shape` within `max_distance` (see `c2d_RayHit`); a NaN
// `max_distance` is `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// `shape` and `ray` must point at valid values (a live handle in the shape), `out` be valid
// for a write.
c2d_Status c2d_cast_ray(const struct c2d_Shape *shape,
                        const struct c2d_Ray *ray,
                        float max_distance,
                        struct c2d_RayHit *out);

// The first time in `[0, max_time]` at which `a`, moving by `motion_a` per unit of time, and
// `b`, moving by `motion_b`, touch (see `c2d_ShapeCastHit`). Shapes touching at the start
// are a hit at time 0. A motion not finite or a NaN `max_time` is `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_cast_shape(const struct c2d_Shape *a,
                          struct c2d_Vec2 motion_a,
                          const struct c2d_Shape *b,
                          struct c2d_Vec2 motion_b,
                          float max_time,
                          struct c2d_ShapeCastHit *out);

// The id that names no collider: index `C2D_NULL_INDEX`, generation 0.
struct c2d_ColliderId c2d_null_id(void);

// The placement at `translation` turned by `radians`, unscaled.
struct c2d_Transform c2d_make_transform(struct c2d_Vec2 translation, float radians);

// A collider of a point at the origin, unmoved, in every layer and meeting every layer, not a
// sensor, with no user data.
struct c2d_ColliderDef c2d_default_collider_def(void);

// Makes an empty world. On success `*out_world` is a handle the caller frees with
// `c2d_world_destroy`.
//
// # Safety
// `out_world` must be valid for a write.
c2d_Status c2d_world_create(struct c2d_World **out_world);

// Frees a world and every collider in it, and joins the threads its steps started (NULL is
// allowed and does nothing).
//
// # Safety
// `world` must be NULL or a live handle from `c2d_world_create`, not used after.
void c2d_world_destroy(struct c2d_World *world);

// Adds a collider made from `def`; its id through `out_id`.
//
// # Safety
// `world` must be a live world, `def` point at a valid definition, `out_id` be valid for a write.
c2d_Status c2d_world_insert(struct c2d_World *world,
                            const struct c2d_ColliderDef *def,
                            struct c2d_ColliderId *out_id);

// Removes a collider (its children lose their parent and keep their world placement).
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_remove(struct c2d_World *world, struct c2d_ColliderId collider);

// Places a collider relative to its parent (to the world when it has none).
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_transform(struct c2d_World *world,
                                   struct c2d_ColliderId collider,
                                   struct c2d_Transform transform);

// Places `count` colliders at once, `colliders[i]` by `transforms[i]`: every id, transform and
// placement (a shape the transform would flatten, a circle under uneven scale, also in the
// colliders' children) is checked before any is applied, so a refused call changes nothing.
//
// # Safety
// `world` must be a live world; `colliders` and `transforms` must hold `count` entries.
c2d_Status c2d_world_set_transforms(struct c2d_World *world,
                                    const struct c2d_ColliderId *colliders,
                                    const struct c2d_Transform *transforms,
                                    int32_t count);

// Makes `parent` the parent of `child` (`c2d_null_id()`: none): the child's transform becomes
// relative to the parent's. A cycle is refused.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_parent(struct c2d_World *world,
                                struct c2d_ColliderId child,
                                struct c2d_ColliderId parent);

// Sets cell `(col, row)` of a tile-map collider to tile `id` (flags included): destructible
// terrain, in time independent of the map's size, seen by the next step and every query. A
// collider that is not a tile map, a cell outside its grid or an id its tiles do not give is
// `C2D_ERROR_INVALID_ARGUMENT`, and the map is unchanged. The world's map is its own copy:
// `c2d_tile_map_set` on the handle given to `c2d_world_insert` does not change it.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_tile(struct c2d_World *world,
                              struct c2d_ColliderId collider,
                              int32_t col,
                              int32_t row,
                              uint32_t id);

// Changes which layers a collider is in and meets.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_filter(struct c2d_World *world,
                                struct c2d_ColliderId collider,
                                struct c2d_Filter filter);

// A collider's user data, bounding box in the world, and whether it touches anything since the
// last step (each out pointer may be NULL to skip it).
//
// # Safety
// `world` must be a live world; each out pointer NULL or valid for a write.
c2d_Status c2d_world_collider_info(struct c2d_World *world,
                                   struct c2d_ColliderId collider,
                                   void **out_user_data,
                                   struct c2d_Aabb *out_bounds,
                                   bool *out_touching);

// Where a collider is in the world: where its own origin lands, through its transform and its
// parents' (the translation of its world transform). A shape may lie off its collider's
// origin: the centre of its bounds (`c2d_world_collider_info`) is then elsewhere.
//
// # Safety
// `world` must be a live world; `out_position` valid for a write.
c2d_Status c2d_world_position(struct c2d_World *world,
                              struct c2d_ColliderId collider,
                              struct c2d_Vec2 *out_position);

// Bounds the pairs of overlapping bounding boxes a step may meet (default 4,194,304): past
// it, `c2d_world_step` returns `C2D_ERROR_TOO_LARGE` at once, as if not called, instead of
// running out of memory.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_max_pairs(struct c2d_World *world, int64_t max_pairs);

// Sets the units of work a step may spend on exact contacts with concave polygons, shared
// evenly by the pairs with one measured at that step (default `C2D_DEFAULT_CONTACT_BUDGET`;
// 0: no bound). A pair whose share runs out gets a push that separates, its contact's `exact`
// false. Every pair is measured again at the next step.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_contact_budget(struct c2d_World *world, int64_t budget);

// Sets how many threads the world's steps use. 1: every step runs on the calling thread, and
// no thread is ever started. 0 (the default): one a core (or `RAYON_NUM_THREADS`). Other than
// 1, a step large enough to share its work (about 1,000 new pairs of overlapping boxes) runs
// on the world's own threads, started at the first such step and joined by
// `c2d_world_destroy`, or here when the count changes; the calling thread waits for them.
// The events are the same, bit for bit, whatever the count.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_thread_count(struct c2d_World *world, int32_t count);

// Finds which pairs touch now, against the last step: through `out_events` (may be NULL) the
// pairs that started touching, those still touching and those that stopped, in an order that
// depends only on the calls made. The arrays belong to the world until its next change.
//
// # Safety
// `world` must be a live world, `out_events` NULL or valid for a write.
c2d_Status c2d_world_step(struct c2d_World *world, struct c2d_Events *out_events);

// Every collider seen by every query: all layers, nothing ignored, sensors left out.
struct c2d_QueryFilter c2d_default_query_filter(void);

// The library's defaults: skin 0.01, floors up to 45 degrees, y up, 4 slides, no steps or
// snapping, standing still on slopes.
struct c2d_MoveOptions c2d_default_move_options(void);

// The first collider `ray` meets within `max_distance`, among those `filter` lets through
// (NULL: the default filter). A NaN `max_distance` is `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// `world` must be a live world; `ray` valid; `filter` NULL or valid; `out` valid for a write.
c2d_Status c2d_world_cast_ray(struct c2d_World *world,
                              const struct c2d_Ray *ray,
                              float max_distance,
                              const struct c2d_QueryFilter *filter,
                              struct c2d_WorldRayHit *out_hit);

// The first collider `shape` (in world coordinates), moving by `motion` per unit of time,
// meets for times in `[0, max_time]`, among those `filter` lets through (NULL: the default).
// A collider it already touches is met at time 0. A motion not finite or a NaN `max_time` is
// `C2D_ERROR_INVALID_ARGUMENT`.
//
// # Safety
// `world` must be a live world; `shape` valid; `filter` NULL or valid; `out` valid for a write.
c2d_Status c2d_world_cast_shape(struct c2d_World *world,
                                const struct c2d_Shape *shape,
                                struct c2d_Vec2 motion,
                                float max_time,
                                const struct c2d_QueryFilter *filter,
                                struct c2d_WorldShapeHit *out_hit);

// The colliders whose world shape meets `shape` (in world coordinates): up to `capacity`
// through `out_ids`, and how many there are through `out_count`.
//
// # Safety
// `world` must be a live world; `shape` valid; `out_ids` hold `capacity` ids; `out_count`
// valid for a write.
c2d_Status c2d_world_overlapping(struct c2d_World *world,
                                 const struct c2d_Shape *shape,
                                 struct c2d_ColliderId *out_ids,
                                 int32_t capacity,
                                 int32_t *out_count);

// The colliders whose world shape contains `point`, as `c2d_world_overlapping`.
//
// # Safety
// As `c2d_world_overlapping`.
c2d_Status c2d_world_at_point(struct c2d_World *world,
                              struct c2d_Vec2 point,
                              struct c2d_ColliderId *out_ids,
                              int32_t capacity,
                              int32_t *out_count);

// The colliders whose bounding box meets `box`, as `c2d_world_overlapping`.
//
// # Safety
// As `c2d_world_overlapping`.
c2d_Status c2d_world_in_aabb(struct c2d_World *world,
                             struct c2d_Aabb aabb,
                             struct c2d_ColliderId *out_ids,
                             int32_t capacity,
                             int32_t *out_count);

// Moves `collider` by `motion`, sliding along what it meets instead of passing into it, as a
// kinematic character does (`options` NULL: the defaults); what it did through `out_result`.
// Sensors never block it. A motion that is not finite, a negative or non-finite skin, step
// height or snap distance, a non-finite `max_slope`, an `up` that is zero or not finite or a
// negative `max_slides` is `C2D_ERROR_INVALID_ARGUMENT`, naming it, and nothing moves.
//
// # Safety
// `world` must be a live world; `options` NULL or valid; `out_result` valid for a write.
c2d_Status c2d_world_move_and_slide(struct c2d_World *world,
                                    struct c2d_ColliderId collider,
                                    struct c2d_Vec2 motion,
                                    const struct c2d_MoveOptions *options,
                                    struct c2d_MoveResult *out_result);

// A controller that moves with `options` and has stood on nothing yet.
struct c2d_CharacterController c2d_make_character_controller(struct c2d_MoveOptions options);

// Forgets the floor the controller remembers (after teleporting the character, say), so that
// its next move carries the character by nothing.
//
// # Safety
// `controller` must be NULL or valid for a read and a write.
c2d_Status c2d_controller_forget_floor(struct c2d_CharacterController *controller);

// Moves `collider` by `motion` as `c2d_world_move_and_slide` does with the controller's
// options, first carrying it with the floor it stood on at the end of its last move (through
// that floor, stopped by anything else, so a platform never pushes it into a wall); then
// remembers the floor it ends on in `*controller`. The result's `moved` includes the carry,
// which `platform_motion` gives alone. Move the platforms first in each frame, then the
// characters. A remembered floor since removed carries it by nothing.
//
// Refused, as `c2d_world_move_and_slide` refuses, for a stale `collider`, a motion that is not
// finite or options it refuses; and for a remembered floor whose placement is not finite: then
// nothing moves and neither `*controller` nor `*out_result` is written.
//
// # Safety
// `world` must be a live world; `controller` valid for a read and a write; `out_result` valid
// for a write.
c2d_Status c2d_controller_move_and_slide(struct c2d_World *world,
                                         struct c2d_CharacterController *controller,
                                         struct c2d_ColliderId collider,
                                         struct c2d_Vec2 motion,
                                         struct c2d_MoveResult *out_result);

// Whether two placed rectangles collide, judged up to `level`, and which level decided.
//
// # Safety
// `a` and `b` must point at valid rectangles; `out` be valid for a write.
c2d_Status c2d_collide_tiered(const struct c2d_RectObject *a,
                              const struct c2d_RectObject *b,
                              c2d_Level level,
                              struct c2d_Verdict *out_verdict);

// Whether `a` and `b` collide by the rule `detector` (polygon handles borrowed, not copied).
//
// # Safety
// As `c2d_intersects`.
c2d_Status c2d_detect(c2d_Detector detector,
                      const struct c2d_Shape *a,
                      const struct c2d_Shape *b,
                      bool *out_colliding);

// The rule the world's step judges pairs by (`C2D_DETECT_EXACT` by default; the bounding
// rules give no contact points). Every pair is judged again at the next step.
//
// # Safety
// `world` must be a live world.
c2d_Status c2d_world_set_detector(struct c2d_World *world, c2d_Detector detector);

// Traces the pixels whose alpha is above `alpha_above` of a `width × height` RGBA picture
// (rows `stride` bytes apart, 4 bytes a pixel, alpha last, as SDL's `ABGR8888` on little-endian
// machines and SFML's `sf::Image` keep them) into polygons at `detail`, one per island of
// solid pixels, each with its holes, in pixel coordinates (y down, as the picture's rows).
// A picture whose exact outlines have more than `max_vertices` vertices is refused with
// `C2D_ERROR_TOO_LARGE`, before the work grows past that. On success `*out_traced` is a
// handle the caller frees with `c2d_traced_destroy`.
//
// # Safety
// `pixels` must hold `stride × (height − 1) + 4 × width` bytes; `out_traced` be valid for a
// write.
c2d_Status c2d_trace_rgba(const uint8_t *pixels,
                          int32_t width,
                          int32_t height,
                          int32_t stride,
                          uint8_t alpha_above,
                          c2d_Detail detail,
                          int32_t max_vertices,
                          struct c2d_Traced **out_traced);

// Frees traced polygons (NULL is allowed and does nothing); the polygons borrowed from it go
// with it.
//
// # Safety
// `traced` must be NULL or a live handle from `c2d_trace_rgba`, not used after.
void c2d_traced_destroy(struct c2d_Traced *traced);

// How many polygons were traced.
//
// # Safety
// `traced` must be a live handle; `out_count` valid for a write.
c2d_Status c2d_traced_count(const struct c2d_Traced *traced, int32_t *out_count);

// Polygon `index` of those traced, borrowed: valid until `c2d_traced_destroy`, never passed
// to `c2d_polygon_destroy`.
//
// # Safety
// `traced` must be a live handle; `out_polygon` valid for a write.
c2d_Status c2d_traced_polygon(const struct c2d_Traced *traced,
                              int32_t index,
                              const struct c2d_Polygon **out_polygon);

// The polygon's outline (`hole` = -1) or hole `hole`, counter-clockwise with y up: the
// vertices borrowed from the polygon (valid while it lives) and their number. Holes are
// counted by `c2d_polygon_counts`.
//
// # Safety
// `polygon` must be a live handle; both out pointers valid for a write.
c2d_Status c2d_polygon_ring(const struct c2d_Polygon *polygon,
                            int32_t hole,
                            const struct c2d_Vec2 **out_points,
                            int32_t *out_count);

// How many holes the polygon has, and how many convex pieces it is cut into (for filling it
// with convex shapes: `c2d_polygon_piece`).
//
// # Safety
// `polygon` must be a live handle; each out pointer NULL or valid for a write.
c2d_Status c2d_polygon_counts(const struct c2d_Polygon *polygon,
                              int32_t *out_holes,
                              int32_t *out_pieces);

// Convex piece `index` of the polygon's cover, its vertices borrowed (valid while the polygon
// lives).
//
// # Safety
// `polygon` must be a live handle; both out pointers valid for a write.
c2d_Status c2d_polygon_piece(const struct c2d_Polygon *polygon,
                             int32_t index,
                             const struct c2d_Vec2 **out_points,
                             int32_t *out_count);

// The convex polygon's vertices, counter-clockwise with y up, borrowed (valid while it lives).
//
// # Safety
// `polygon` must be a live handle; both out pointers valid for a write.
c2d_Status c2d_convex_polygon_points(const struct c2d_ConvexPolygon *polygon,
                                     const struct c2d_Vec2 **out_points,
                                     int32_t *out_count);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* COLLIDE2D_H */
