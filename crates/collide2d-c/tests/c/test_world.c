/* The world through the C API: events as colliders meet and part, layers and sensors, parents,
 * stale ids, positions, bulk moves, scene queries, move_and_slide, and the step's bound. Run under
 * AddressSanitizer (with its leak checker) by ci.sh. */

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

static bool same(c2d_ColliderId a, c2d_ColliderId b) {
    return a.index == b.index && a.generation == b.generation;
}

static c2d_ColliderId insert(c2d_World *w, c2d_Shape shape, float x, float y) {
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape;
    def.transform = c2d_make_transform(v(x, y), 0);
    c2d_ColliderId id;
    assert(c2d_world_insert(w, &def, &id) == C2D_OK);
    return id;
}

static void events_as_colliders_meet_and_part(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK && w);
    c2d_ColliderId floor_ = insert(w, c2d_shape_aabb(v(-10, -1), v(10, 0)), 0, 0);
    c2d_ColliderId ball = insert(w, c2d_shape_circle(v(0, 0), 1), 0, 1); /* touching the floor */
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK);
    assert(e.started_count == 1 && e.ongoing_count == 0 && e.stopped_count == 0);
    bool a_is_floor = same(e.started[0].a, floor_);
    assert(a_is_floor ? same(e.started[0].b, ball) : same(e.started[0].a, ball));
    assert(e.started[0].contact.point_count > 0 && NEAR(e.started[0].contact.depth, 0));
    bool touching = false;
    assert(c2d_world_collider_info(w, ball, NULL, NULL, &touching) == C2D_OK && touching);

    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 0 && e.ongoing_count == 1);
    assert(c2d_world_set_transform(w, ball, c2d_make_transform(v(0, 5), 0)) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.stopped_count == 1 && e.ongoing_count == 0);

    /* Layers: with the floor in layer 1 meeting layer 1, a ball in layer 2 makes no pair with it
     * (the hero, in every layer, still does). */
    c2d_Filter ground_only = {1, 1};
    assert(c2d_world_set_filter(w, floor_, ground_only) == C2D_OK);
    c2d_ColliderDef ghost = c2d_default_collider_def();
    ghost.shape = c2d_shape_circle(v(0, 0), 1);
    ghost.transform = c2d_make_transform(v(3, 0.5f), 0);
    ghost.filter.layer = 2;
    ghost.filter.mask = 2;
    c2d_ColliderId g;
    assert(c2d_world_insert(w, &ghost, &g) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 0);
    c2d_Filter both = {3, 3};
    assert(c2d_world_set_filter(w, g, both) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1);

    /* A removed collider's pairs stop, and its id is refused from then on. */
    assert(c2d_world_remove(w, g) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.stopped_count == 1);
    assert(c2d_world_remove(w, g) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "not in this world"));
    c2d_ColliderId reused = insert(w, c2d_shape_point(v(0, 0)), 50, 50);
    assert(reused.index == g.index && reused.generation != g.generation);
    assert(c2d_world_set_transform(w, g, c2d_make_transform(v(0, 0), 0)) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_world_destroy(w);
}

static void parents_sensors_and_user_data(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_ColliderId ship = insert(w, c2d_shape_aabb(v(-1, -1), v(1, 1)), 10, 0);
    c2d_ColliderId gun = insert(w, c2d_shape_circle(v(0, 0), 0.25f), 2, 0);
    assert(c2d_world_set_parent(w, gun, ship) == C2D_OK);
    c2d_Aabb b;
    assert(c2d_world_collider_info(w, gun, NULL, &b, NULL) == C2D_OK && NEAR(b.min.x, 11.75f));
    assert(c2d_world_set_transform(w, ship, c2d_make_transform(v(20, 0), 1.5707963f)) == C2D_OK);
    assert(c2d_world_collider_info(w, gun, NULL, &b, NULL) == C2D_OK && NEAR(b.min.x, 19.75f) && NEAR(b.min.y, 1.75f));
    assert(c2d_world_set_parent(w, ship, gun) == C2D_ERROR_INVALID_ARGUMENT); /* a cycle */
    assert(strstr(c2d_last_error(), "cycle"));
    assert(c2d_world_set_parent(w, gun, c2d_null_id()) == C2D_OK);
    /* A rotation a little off unit length is normalised: a pure turn, no scale. */
    c2d_Transform nearly = c2d_make_transform(v(0, 0), 0);
    nearly.rotation.c = 1.00004f;
    c2d_ColliderId far_point = insert(w, c2d_shape_point(v(1000, 0)), 0, 0);
    assert(c2d_world_set_transform(w, far_point, nearly) == C2D_OK);
    assert(c2d_world_collider_info(w, far_point, NULL, &b, NULL) == C2D_OK && fabsf(b.min.x - 1000) < 0.01f);
    nearly.rotation.c = 0;
    nearly.rotation.s = 0.99996f;
    assert(c2d_world_set_transform(w, far_point, nearly) == C2D_OK);
    assert(c2d_world_collider_info(w, far_point, NULL, &b, NULL) == C2D_OK && fabsf(b.min.y - 1000) < 0.01f);
    /* Scale along the local axes, then the turn: (10, 20) scaled (2, 3) is (20, 60); turned a
     * quarter, (0, 1000) goes to (-1000, 0). */
    c2d_Transform scaled = c2d_make_transform(v(0, 0), 0);
    scaled.scale = v(2, 3);
    c2d_ColliderId dot = insert(w, c2d_shape_point(v(10, 20)), 0, 0);
    assert(c2d_world_set_transform(w, dot, scaled) == C2D_OK);
    assert(c2d_world_collider_info(w, dot, NULL, &b, NULL) == C2D_OK && NEAR(b.min.x, 20) && NEAR(b.min.y, 60));
    c2d_ColliderId up = insert(w, c2d_shape_point(v(0, 1000)), 0, 0);
    assert(c2d_world_set_transform(w, up, c2d_make_transform(v(0, 0), 1.5707963f)) == C2D_OK);
    assert(c2d_world_collider_info(w, up, NULL, &b, NULL) == C2D_OK && fabsf(b.min.x + 1000) < 0.01f);
    scaled.translation = v(NAN, 0);
    assert(c2d_world_set_transform(w, dot, scaled) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "finite"));
    scaled.translation = v(0, 0);
    scaled.scale = v(INFINITY, 1);
    assert(c2d_world_set_transform(w, dot, scaled) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_Transform skewed = c2d_make_transform(v(0, 0), 0);
    skewed.rotation.c = 2;
    assert(c2d_world_set_transform(w, gun, skewed) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "c2d_make_rot"));

    int coin_value = 5;
    c2d_ColliderDef coin = c2d_default_collider_def();
    coin.shape = c2d_shape_circle(v(0, 0), 0.5f);
    coin.transform = c2d_make_transform(v(20, 0), 0);
    coin.sensor = true;
    coin.user_data = &coin_value;
    c2d_ColliderId c;
    assert(c2d_world_insert(w, &coin, &c) == C2D_OK);
    void *data = NULL;
    assert(c2d_world_collider_info(w, c, &data, NULL, NULL) == C2D_OK && data == &coin_value);
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1);
    assert(e.started[0].contact.point_count == 0); /* a sensor's pair has no contact */

    /* A ray sees the ship, not the sensor, unless sensors are asked for. */
    c2d_Ray ray = {{20, -10}, {0, 1}};
    c2d_WorldRayHit hit;
    assert(c2d_world_cast_ray(w, &ray, 100, NULL, &hit) == C2D_OK && hit.hit && same(hit.collider, ship));
    assert(NEAR(hit.distance, 9));
    c2d_QueryFilter f = c2d_default_query_filter();
    f.sensors = true;
    assert(c2d_world_cast_ray(w, &ray, 100, &f, &hit) == C2D_OK && same(hit.collider, ship));
    f.ignore = &ship;
    f.ignore_count = 1;
    assert(c2d_world_cast_ray(w, &ray, 100, &f, &hit) == C2D_OK && same(hit.collider, c) && NEAR(hit.distance, 9.5f));
    /* A NaN limit is refused alike by rays and casts, never read as "no hit". */
    assert(c2d_world_cast_ray(w, &ray, NAN, NULL, &hit) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "max_distance"));
    c2d_Shape pebble = c2d_shape_circle(v(0, 0), 0.1f);
    c2d_WorldShapeHit sh;
    assert(c2d_world_cast_shape(w, &pebble, v(1, 0), NAN, NULL, &sh) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "max_time"));
    c2d_world_destroy(w);
}

static void positions_follow_moves_and_parents(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    /* The position is where the collider's origin is, not the centre of its shape's bounds. */
    c2d_ColliderId crate = insert(w, c2d_shape_aabb(v(3, 4), v(5, 6)), 1, 2);
    c2d_Vec2 at = v(-1, -1);
    assert(c2d_world_position(w, crate, &at) == C2D_OK && at.x == 1 && at.y == 2);
    c2d_Aabb b;
    assert(c2d_world_collider_info(w, crate, NULL, &b, NULL) == C2D_OK && NEAR(b.min.x, 4) && NEAR(b.min.y, 6));
    c2d_Transform turned = c2d_make_transform(v(-3, 7), 1.5707963f);
    turned.scale = v(2, 2);
    assert(c2d_world_set_transform(w, crate, turned) == C2D_OK);
    assert(c2d_world_position(w, crate, &at) == C2D_OK && at.x == -3 && at.y == 7);

    /* A child's position follows its parent's: local (2, 0) on a ship at (10, 0) is (12, 0);
     * the ship turned a quarter and scaled by 2 at (20, 0) puts it at (20, 4). */
    c2d_ColliderId ship = insert(w, c2d_shape_aabb(v(-1, -1), v(1, 1)), 10, 0);
    c2d_ColliderId gun = insert(w, c2d_shape_circle(v(0, 0), 0.25f), 2, 0);
    assert(c2d_world_set_parent(w, gun, ship) == C2D_OK);
    assert(c2d_world_position(w, gun, &at) == C2D_OK && NEAR(at.x, 12) && NEAR(at.y, 0));
    c2d_Transform moved = c2d_make_transform(v(20, 0), 1.5707963f);
    moved.scale = v(2, 2);
    assert(c2d_world_set_transform(w, ship, moved) == C2D_OK);
    assert(c2d_world_position(w, ship, &at) == C2D_OK && at.x == 20 && at.y == 0);
    assert(c2d_world_position(w, gun, &at) == C2D_OK && NEAR(at.x, 20) && NEAR(at.y, 4));
    c2d_Transform pose = c2d_make_transform(v(0, 0), 0);
    c2d_ColliderId both[] = {ship, gun};
    c2d_Transform poses[] = {c2d_make_transform(v(30, 0), 0), c2d_make_transform(v(0, 1), 0)};
    assert(c2d_world_set_transforms(w, both, poses, 2) == C2D_OK);
    assert(c2d_world_position(w, gun, &at) == C2D_OK && NEAR(at.x, 30) && NEAR(at.y, 1));
    /* A removed parent's child keeps its place in the world. */
    assert(c2d_world_remove(w, ship) == C2D_OK);
    assert(c2d_world_position(w, gun, &at) == C2D_OK && NEAR(at.x, 30) && NEAR(at.y, 1));
    assert(c2d_world_set_transform(w, gun, pose) == C2D_OK);
    assert(c2d_world_position(w, gun, &at) == C2D_OK && at.x == 0 && at.y == 0);

    /* A stale id is refused as every call refuses it, and nothing is written; so is a NULL. */
    at = v(99, 99);
    assert(c2d_world_position(w, ship, &at) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "not in this world") && at.x == 99 && at.y == 99);
    assert(c2d_world_step(w, NULL) == C2D_OK); /* frees the removed slot for the next insert */
    c2d_ColliderId reused = insert(w, c2d_shape_point(v(0, 0)), 5, 5);
    assert(reused.index == ship.index && reused.generation != ship.generation);
    assert(c2d_world_position(w, ship, &at) == C2D_ERROR_INVALID_ARGUMENT && at.x == 99);
    assert(c2d_world_position(w, c2d_null_id(), &at) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_world_position(w, gun, NULL) == C2D_ERROR_NULL);
    assert(strstr(c2d_last_error(), "out_position"));
    assert(c2d_world_position(NULL, gun, &at) == C2D_ERROR_NULL);
    c2d_world_destroy(w);
}

static void bulk_moves_and_scene_queries(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_ColliderId ids[8];
    c2d_Transform poses[8];
    for (int i = 0; i < 8; i++) {
        ids[i] = insert(w, c2d_shape_circle(v(0, 0), 0.4f), (float)i, 0);
        poses[i] = c2d_make_transform(v((float)i, 10), 0);
    }
    /* One stale id: nothing moves. */
    c2d_ColliderId kept = ids[7];
    ids[7].generation += 1;
    assert(c2d_world_set_transforms(w, ids, poses, 8) == C2D_ERROR_INVALID_ARGUMENT);
    int32_t n = -1;
    assert(c2d_world_at_point(w, v(3, 0), NULL, 0, &n) == C2D_OK && n == 1);
    ids[7] = kept;
    /* One placement refused (the last circle flattened): nothing moves either. */
    c2d_Transform pose = poses[7];
    poses[7].scale = v(0, 1);
    assert(c2d_world_set_transforms(w, ids, poses, 8) == C2D_ERROR_INVALID_SHAPE);
    assert(strstr(c2d_last_error(), "zero size"));
    assert(c2d_world_at_point(w, v(0, 0), NULL, 0, &n) == C2D_OK && n == 1);
    poses[7] = pose;
    assert(c2d_world_set_transforms(w, ids, poses, 8) == C2D_OK);
    assert(c2d_world_at_point(w, v(3, 0), NULL, 0, &n) == C2D_OK && n == 0);

    c2d_Shape strip = c2d_shape_aabb(v(1.5f, 9), v(4.5f, 11));
    c2d_ColliderId found[2];
    assert(c2d_world_overlapping(w, &strip, found, 2, &n) == C2D_OK && n == 3); /* 2, 3, 4 */
    c2d_Aabb box = {{-1, 9}, {0.5f, 11}};
    assert(c2d_world_in_aabb(w, box, found, 2, &n) == C2D_OK && n == 1 && same(found[0], ids[0]));

    c2d_Shape ball = c2d_shape_circle(v(-5, 10), 0.5f);
    c2d_WorldShapeHit sh;
    assert(c2d_world_cast_shape(w, &ball, v(10, 0), 1, NULL, &sh) == C2D_OK);
    assert(sh.cast.hit && same(sh.collider, ids[0]) && NEAR(sh.cast.time, 0.41f) && NEAR(sh.cast.normal.x, -1));
    assert(c2d_world_overlapping(w, &strip, NULL, 1, &n) == C2D_ERROR_NULL);
    assert(c2d_world_overlapping(w, &strip, found, -1, &n) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_world_destroy(w);
}

static void a_character_lands_and_walks(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    /* The ground is a concave polygon (a step up on the right), copied into the world. */
    c2d_Vec2 ground[] = {{-20, -2}, {20, -2}, {20, 3}, {10, 3}, {10, 0}, {-20, 0}};
    c2d_Polygon *p = NULL;
    assert(c2d_polygon_create(ground, 6, NULL, NULL, 0, &p) == C2D_OK);
    c2d_ColliderId floor_ = insert(w, c2d_shape_polygon(p), 0, 0);
    c2d_polygon_destroy(p);
    c2d_ColliderId hero = insert(w, c2d_shape_capsule(v(0, -0.5f), v(0, 0.5f), 0.5f), 0, 3);
    c2d_MoveResult r;
    assert(c2d_world_move_and_slide(w, hero, v(1, -5), NULL, &r) == C2D_OK);
    assert(r.on_floor && same(r.floor, floor_) && NEAR(r.floor_normal.y, 1) && NEAR(r.moved.x, 1));
    assert(r.touched_count == 1);
    c2d_Aabb b;
    assert(c2d_world_collider_info(w, hero, NULL, &b, NULL) == C2D_OK && NEAR(b.min.y, 0.01f));
    /* Walking right into the step: a wall. */
    assert(c2d_world_move_and_slide(w, hero, v(20, 0), NULL, &r) == C2D_OK);
    assert(r.on_wall && NEAR(r.wall_normal.x, -1) && r.moved.x < 9);
    c2d_MoveOptions o = c2d_default_move_options();
    o.skin = -1;
    assert(c2d_world_move_and_slide(w, hero, v(1, 0), &o, &r) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "skin") != NULL);
    o = c2d_default_move_options();
    o.up = v(0, 0);
    assert(c2d_world_move_and_slide(w, hero, v(1, 0), &o, &r) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "up") != NULL);
    assert(c2d_world_collider_info(w, hero, NULL, &b, NULL) == C2D_OK && NEAR(b.min.y, 0.01f));
    c2d_world_destroy(w);
}

static void the_step_is_bounded(void) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    for (int i = 0; i < 100; i++) {
        insert(w, c2d_shape_circle(v(0, 0), 1), 0, 0);
    }
    assert(c2d_world_set_max_pairs(w, 1000) == C2D_OK);
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_ERROR_TOO_LARGE); /* 4,950 pairs */
    assert(strstr(c2d_last_error(), "c2d_world_set_max_pairs"));
    assert(c2d_world_set_max_pairs(w, 5000) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 4950);
    assert(c2d_world_set_max_pairs(w, -1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_world_step(NULL, &e) == C2D_ERROR_NULL);
    c2d_world_destroy(w);
    c2d_world_destroy(NULL);

    /* A 2,000-point star spawned on top of its copy: the default budget cuts the exact search
     * short with a push that separates them, flagged; a ball in a U fits any budget but 1. */
    static c2d_Vec2 star[2000];
    for (int i = 0; i < 2000; i++) {
        float r = i % 2 ? 50.0f : 100.0f, t = (float)i * 6.2831853f / 2000.0f;
        star[i] = v(r * cosf(t), r * sinf(t));
    }
    c2d_Polygon *p = NULL;
    assert(c2d_polygon_create(star, 2000, NULL, NULL, 0, &p) == C2D_OK);
    assert(c2d_world_create(&w) == C2D_OK);
    insert(w, c2d_shape_polygon(p), 0, 0);
    insert(w, c2d_shape_polygon(p), 0, 0);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1);
    c2d_Contact c = e.started[0].contact;
    assert(c.point_count > 0 && !c.exact && c.depth <= 200.01f);
    c2d_world_destroy(w);
    c2d_polygon_destroy(p);
    c2d_Vec2 u[] = {{0, 0}, {6, 0}, {6, 6}, {4, 6}, {4, 2}, {2, 2}, {2, 6}, {0, 6}};
    assert(c2d_polygon_create(u, 8, NULL, NULL, 0, &p) == C2D_OK);
    assert(c2d_world_create(&w) == C2D_OK);
    insert(w, c2d_shape_polygon(p), 0, 0);
    insert(w, c2d_shape_circle(v(1, 4), 0.5f), 0, 0);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1 && e.started[0].contact.exact);
    assert(c2d_world_set_contact_budget(w, 1) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.ongoing_count == 1 && !e.ongoing[0].contact.exact);
    assert(c2d_world_set_contact_budget(w, 0) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.ongoing_count == 1 && e.ongoing[0].contact.exact);
    assert(c2d_world_set_contact_budget(w, -1) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_world_destroy(w);
    c2d_polygon_destroy(p);
}

int main(void) {
    events_as_colliders_meet_and_part();
    parents_sensors_and_user_data();
    positions_follow_moves_and_parents();
    bulk_moves_and_scene_queries();
    a_character_lands_and_walks();
    the_step_is_bounded();
    puts("test_world: ok");
    return 0;
}
