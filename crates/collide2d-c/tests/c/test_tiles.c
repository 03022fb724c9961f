/* Tile maps through the C API: a floor's seams give no normal, hit or push; slopes and flips;
 * cells read, set and refused; a world's copy changed by c2d_world_set_tile; a mover over a
 * floor of 100 tiles; bad definitions refused with messages naming them. Run under
 * AddressSanitizer (with its leak checker) and UndefinedBehaviorSanitizer by ci.sh. */

#undef NDEBUG
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

#define NEAR(a, b) (fabsf((float)(a) - (float)(b)) < 1e-3f)

static c2d_Vec2 v(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

static c2d_TileDef solid(uint32_t id) {
    c2d_TileDef d;
    memset(&d, 0, sizeof d);
    d.id = id;
    d.shape.kind = C2D_TILE_SOLID;
    return d;
}

/* Rising to the right on a y-down screen: solid below the diagonal. */
static c2d_TileDef slope(uint32_t id) {
    c2d_TileDef d;
    memset(&d, 0, sizeof d);
    d.id = id;
    d.shape.kind = C2D_TILE_CONVEX;
    d.shape.point_count = 3;
    d.shape.points[0] = v(0, 1);
    d.shape.points[1] = v(1, 0);
    d.shape.points[2] = v(1, 1);
    return d;
}

/* A floor one row thick under an open row, `width` cells of 16: its top at y = 16 (y down). */
static c2d_TileMap *floor_map(int32_t width) {
    static uint32_t ids[2 * 100];
    assert(width <= 100);
    for (int32_t i = 0; i < 2 * width; i++) ids[i] = i < width ? 0 : 1;
    c2d_TileDef tiles[1] = {solid(1)};
    c2d_TileMap *map = NULL;
    assert(c2d_tile_map_create(v(0, 0), v(16, 16), width, 2, ids, tiles, 1, &map) == C2D_OK && map);
    return map;
}

static void seams_give_no_normal_hit_or_push(void) {
    c2d_TileMap *map = floor_map(4);
    c2d_Shape ground = c2d_shape_tile_map(map);
    /* A ball over the seam between cells 0 and 1, 2 deep: pushed straight up. */
    c2d_Shape ball = c2d_shape_circle(v(16, 14), 4);
    c2d_Contact c;
    assert(c2d_contact(&ground, &ball, &c) == C2D_OK);
    assert(c.point_count > 0 && c.normal.x == 0 && c.normal.y == -1 && c.depth == 2 && c.exact);
    bool hit = false;
    c2d_Shape above = c2d_shape_circle(v(16, 11), 4);
    assert(c2d_intersects(&ground, &above, &hit) == C2D_OK && !hit);
    /* A ray down onto the seam, and one slanting onto the corner two cells share. */
    c2d_Ray down = {v(16, 0), v(0, 1)};
    c2d_RayHit r;
    assert(c2d_cast_ray(&ground, &down, INFINITY, &r) == C2D_OK);
    assert(r.hit && r.distance == 16 && r.point.x == 16 && r.point.y == 16 && r.normal.x == 0 && r.normal.y == -1);
    c2d_Ray slant = {v(0, 0), v(1, 1)};
    assert(c2d_cast_ray(&ground, &slant, INFINITY, &r) == C2D_OK);
    assert(r.hit && NEAR(r.point.x, 16) && NEAR(r.point.y, 16) && r.normal.x == 0 && r.normal.y == -1);
    /* Other queries, and the bounds of the whole grid. */
    float d = 0;
    c2d_Shape high = c2d_shape_circle(v(40, 8), 4);
    assert(c2d_distance(&ground, &high, &d) == C2D_OK && NEAR(d, 4));
    c2d_Aabb b;
    assert(c2d_shape_bounds(&ground, &b) == C2D_OK && b.min.x == 0 && b.max.x == 64 && b.max.y == 32);
    c2d_tile_map_destroy(map);
}

static void slopes_flips_and_cells(void) {
    uint32_t ids[] = {2, 2 | C2D_TILE_FLIP_HORIZONTAL, 0, /* a peak */
                      1, 1, 1};
    c2d_TileDef tiles[] = {solid(1), slope(2)};
    c2d_TileMap *map = NULL;
    assert(c2d_tile_map_create(v(0, 0), v(10, 10), 3, 2, ids, tiles, 2, &map) == C2D_OK);
    c2d_Shape peak = c2d_shape_tile_map(map);
    c2d_Shape ball = c2d_shape_circle(v(5, 5), 2);
    c2d_Contact c;
    assert(c2d_contact(&peak, &ball, &c) == C2D_OK && c.point_count > 0);
    assert(NEAR(c.normal.x, -sqrtf(0.5f)) && NEAR(c.normal.y, -sqrtf(0.5f)));

    c2d_Vec2 points[C2D_TILE_MAX_POINTS];
    int32_t n = -1;
    assert(c2d_tile_map_tile_outline(map, 1, 0, points, &n) == C2D_OK && n == 3);
    for (int32_t i = 0; i < n; i++) assert((points[i].x == 10 || points[i].x == 20) && points[i].y >= 0);
    assert(c2d_tile_map_tile_outline(map, 2, 0, points, &n) == C2D_OK && n == 0);
    assert(c2d_tile_map_tile_outline(map, 3, 0, points, &n) == C2D_ERROR_INVALID_ARGUMENT);

    uint32_t id = 0;
    assert(c2d_tile_map_get(map, 1, 0, &id) == C2D_OK && id == (2 | C2D_TILE_FLIP_HORIZONTAL));
    int32_t w = 0, h = 0;
    c2d_Vec2 cell;
    c2d_Aabb bounds;
    assert(c2d_tile_map_info(map, &w, &h, &cell, &bounds) == C2D_OK && w == 3 && h == 2 && cell.x == 10);
    assert(bounds.max.x == 30 && bounds.max.y == 20);
    assert(c2d_tile_map_info(map, NULL, NULL, NULL, NULL) == C2D_OK);
    int32_t col = 0, row = 0;
    bool inside = false;
    assert(c2d_tile_map_cell_at(map, v(25, 15), &col, &row, &inside) == C2D_OK && inside && col == 2 && row == 1);
    assert(c2d_tile_map_cell_at(map, v(-1, 5), &col, &row, &inside) == C2D_OK && !inside && col == -1);

    /* Set a cell; refused cells and ids leave the map as it was. */
    assert(c2d_tile_map_set(map, 2, 0, 1) == C2D_OK);
    assert(c2d_tile_map_get(map, 2, 0, &id) == C2D_OK && id == 1);
    assert(c2d_tile_map_set(map, 2, 0, 7) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "cell (2, 0)") && strstr(c2d_last_error(), "unknown tile id 7"));
    assert(c2d_tile_map_set(map, 3, 0, 1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "cell (3, 0) is outside the grid of 3 × 2 cells"));
    assert(c2d_tile_map_set(map, -1, 0, 1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_tile_map_get(map, 0, 2, &id) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_tile_map_get(map, 2, 0, &id) == C2D_OK && id == 1);
    assert(c2d_tile_map_get(map, 0, 0, NULL) == C2D_ERROR_NULL);
    assert(c2d_tile_map_set(NULL, 0, 0, 1) == C2D_ERROR_NULL);
    c2d_tile_map_destroy(map);
    c2d_tile_map_destroy(NULL);
}

static c2d_Status create(const uint32_t *ids, const c2d_TileDef *tiles, int32_t count) {
    c2d_TileMap *map = NULL;
    c2d_Status s = c2d_tile_map_create(v(0, 0), v(1, 1), 2, 1, ids, tiles, count, &map);
    assert((s == C2D_OK) == (map != NULL));
    c2d_tile_map_destroy(map);
    return s;
}

static void bad_definitions_are_refused_naming_them(void) {
    uint32_t ids[] = {1, 0};
    c2d_TileDef ok[] = {solid(1)};
    assert(create(ids, ok, 1) == C2D_OK);
    assert(create(NULL, NULL, 0) == C2D_OK); /* every cell open */

    uint32_t unknown[] = {1, 5};
    assert(create(unknown, ok, 1) == C2D_ERROR_INVALID_SHAPE);
    assert(strstr(c2d_last_error(), "cell (1, 0)") && strstr(c2d_last_error(), "unknown tile id 5"));

    c2d_TileDef too_many[] = {slope(1)};
    too_many[0].shape.point_count = C2D_TILE_MAX_POINTS + 1;
    assert(create(ids, too_many, 1) == C2D_ERROR_INVALID_SHAPE);
    assert(strstr(c2d_last_error(), "tiles[0] (id 1): point_count 9"));
    c2d_TileDef outside[] = {slope(1)};
    outside[0].shape.points[1] = v(1.5f, 0);
    assert(create(ids, outside, 1) == C2D_ERROR_INVALID_SHAPE);
    assert(strstr(c2d_last_error(), "tiles[0] (id 1): tile shape vertex 1") && strstr(c2d_last_error(), "outside the cell"));
    c2d_TileDef flat[] = {slope(1)};
    flat[0].shape.points[2] = v(0.5f, 0.5f);
    assert(create(ids, flat, 1) == C2D_ERROR_INVALID_SHAPE);
    c2d_TileDef odd[] = {solid(1)};
    odd[0].shape.kind = 9;
    assert(create(ids, odd, 1) == C2D_ERROR_INVALID_SHAPE && strstr(c2d_last_error(), "unknown tile kind 9"));
    c2d_TileDef twice[] = {solid(1), slope(1)};
    assert(create(ids, twice, 2) == C2D_ERROR_INVALID_SHAPE && strstr(c2d_last_error(), "given twice"));
    c2d_TileDef flagged[] = {solid(1 | C2D_TILE_FLIP_VERTICAL)};
    assert(create(ids, flagged, 1) == C2D_ERROR_INVALID_SHAPE && strstr(c2d_last_error(), "flip flags"));
    c2d_TileDef zero[] = {solid(0)};
    assert(create(ids, zero, 1) == C2D_ERROR_INVALID_SHAPE && strstr(c2d_last_error(), "id 0"));
    assert(create(ids, NULL, 1) == C2D_ERROR_NULL);
    assert(create(ids, ok, -1) == C2D_ERROR_INVALID_ARGUMENT);

    c2d_TileMap *map = NULL;
    assert(c2d_tile_map_create(v(0, 0), v(0, 1), 2, 1, ids, ok, 1, &map) == C2D_ERROR_INVALID_SHAPE && !map);
    assert(strstr(c2d_last_error(), "cell width"));
    assert(c2d_tile_map_create(v(0, 0), v(1, 1), 0, 1, ids, ok, 1, &map) == C2D_ERROR_INVALID_SHAPE && !map);
    assert(c2d_tile_map_create(v(0, 0), v(1, 1), -2, 1, ids, ok, 1, &map) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_tile_map_create(v(0, 0), v(1, 1), 65536, 65536, ids, ok, 1, &map) == C2D_ERROR_INVALID_SHAPE);
    assert(c2d_tile_map_create(v(0, 0), v(1, 1), 2, 1, ids, ok, 1, NULL) == C2D_ERROR_NULL);
    c2d_Shape dangling = c2d_shape_tile_map(NULL);
    c2d_Shape point = c2d_shape_point(v(0, 0));
    bool hit;
    assert(c2d_intersects(&dangling, &point, &hit) == C2D_ERROR_NULL);
}

static c2d_ColliderId insert(c2d_World *w, c2d_Shape shape, float x, float y) {
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape;
    def.transform = c2d_make_transform(v(x, y), 0);
    c2d_ColliderId id;
    assert(c2d_world_insert(w, &def, &id) == C2D_OK);
    return id;
}

static void a_world_keeps_its_copy_and_set_tile_digs_it(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_TileMap *map = floor_map(8);
    c2d_ColliderId level = insert(w, c2d_shape_tile_map(map), 0, 0);
    c2d_ColliderId ball = insert(w, c2d_shape_circle(v(0, 0), 4), 40, 14);
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1);
    c2d_Contact c = e.started[0].contact;
    float up = e.started[0].a.index == level.index ? c.normal.y : -c.normal.y;
    assert(up == -1 && NEAR(c.depth, 2));

    /* The handle is the game's: changing or freeing it leaves the world's copy as it was. */
    assert(c2d_tile_map_set(map, 2, 1, 0) == C2D_OK);
    c2d_tile_map_destroy(map);
    assert(c2d_world_step(w, &e) == C2D_OK && e.ongoing_count == 1);

    /* Dig the two cells under the ball: the pair stops. */
    assert(c2d_world_set_tile(w, level, 2, 1, 0) == C2D_OK);
    assert(c2d_world_set_tile(w, level, 3, 1, 0) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.stopped_count == 1);
    c2d_QueryFilter f = c2d_default_query_filter();
    f.ignore = &ball;
    f.ignore_count = 1;
    c2d_Ray down = {v(40, 0), v(0, 1)};
    c2d_WorldRayHit r;
    assert(c2d_world_cast_ray(w, &down, INFINITY, &f, &r) == C2D_OK && !r.hit);
    assert(c2d_world_set_tile(w, level, 2, 1, 1) == C2D_OK);
    assert(c2d_world_cast_ray(w, &down, INFINITY, &f, &r) == C2D_OK && r.hit && r.collider.index == level.index);

    assert(c2d_world_set_tile(w, level, 8, 1, 1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "set_tile on collider (index 0, generation 0)") &&
           strstr(c2d_last_error(), "outside the grid"));
    assert(c2d_world_set_tile(w, level, -1, 1, 1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_world_set_tile(w, level, 0, 1, 3) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "unknown tile id 3"));
    assert(c2d_world_set_tile(w, ball, 0, 0, 1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "not a tile map"));
    assert(c2d_world_set_tile(NULL, level, 0, 0, 1) == C2D_ERROR_NULL);
    c2d_world_destroy(w);
}

static void a_mover_runs_a_hundred_tile_floor_without_snagging(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_TileMap *map = floor_map(100);
    insert(w, c2d_shape_tile_map(map), 0, 0);
    c2d_tile_map_destroy(map);
    /* 12 × 16 standing on the floor's top (y = 16, y down), a skin above it. */
    c2d_ColliderId hero = insert(w, c2d_shape_aabb(v(0, 0), v(12, 16)), 2, -0.01f);
    c2d_MoveOptions o = c2d_default_move_options();
    o.up = v(0, -1);
    c2d_MoveResult r;
    for (int frame = 0; frame < 450; frame++) {
        assert(c2d_world_move_and_slide(w, hero, v(3, 2), &o, &r) == C2D_OK);
        if (!r.on_floor || fabsf(r.moved.x - 3) > 1e-4f) {
            fprintf(stderr, "snagged at frame %d: moved (%g, %g)\n", frame, r.moved.x, r.moved.y);
            assert(0);
        }
    }
    c2d_Aabb b;
    assert(c2d_world_collider_info(w, hero, NULL, &b, NULL) == C2D_OK);
    assert(fabsf(b.min.x - (2 + 3 * 450)) < 0.01f && fabsf(b.max.y - 16) < 0.02f);
    c2d_world_destroy(w);
}

int main(void) {
    seams_give_no_normal_hit_or_push();
    slopes_flips_and_cells();
    bad_definitions_are_refused_naming_them();
    a_world_keeps_its_copy_and_set_tile_digs_it();
    a_mover_runs_a_hundred_tile_floor_without_snagging();
    puts("test_tiles: ok");
    return 0;
}
