/* Getting started in C: a first query between two shapes, a first world of colliders that reports
 * which pairs start and stop touching, then four seconds of a character riding a lift
 * (moving_platform.c). The guide's page (docs/guide/pages/getting-started/c.md) shows this file's
 * marked sections; the EXPECT lines stop the program (crates/collide2d-c/ci.sh runs it, built
 * with CMake and with pkg-config) when an answer drifts from the page. */
#include <math.h>
#include <string.h>

#include "moving_platform.h"

/* assert(), but kept in release builds too. */
#define EXPECT(condition)                                                  \
    do {                                                                   \
        if (!(condition)) {                                                \
            fprintf(stderr, "%s:%d: not so: %s\n", __FILE__, __LINE__, #condition); \
            exit(1);                                                       \
        }                                                                  \
    } while (0)

static void first_query(void) {
    /* --8<-- [start:query] */
    c2d_Vec2 center = {3.0f, 1.4f}, floor_min = {0, 0}, floor_max = {10, 1};
    c2d_Shape player = c2d_shape_circle(center, 0.5f);
    c2d_Shape floor = c2d_shape_aabb(floor_min, floor_max);

    /* Shapes are plain values, checked by every call: a negative radius is refused with a message. */
    c2d_Shape bad = c2d_shape_circle(center, -1);
    bool touching = false;
    c2d_Status status = c2d_intersects(&bad, &floor, &touching);
    EXPECT(status == C2D_ERROR_INVALID_SHAPE);
    printf("refused: %s\n", c2d_last_error());

    /* Do they touch? Touching counts: shapes are closed. */
    CHECK(c2d_intersects(&player, &floor, &touching));
    EXPECT(touching);

    /* Which way and how far to push the player out, and where they touch. */
    c2d_Contact hit;
    CHECK(c2d_contact(&floor, &player, &hit));
    EXPECT(hit.point_count > 0); /* 0: apart */
    EXPECT(hit.normal.x == 0 && hit.normal.y == 1); /* from the first shape (the floor) towards the second */
    EXPECT(fabsf(hit.depth - 0.1f) < 1e-6f);
    float rests_at = center.y + hit.normal.y * hit.depth; /* moved by normal × depth */
    printf("push the player up by %.2f: it rests at y = %.2f\n", hit.depth, rests_at);
    /* --8<-- [end:query] */
    EXPECT(fabsf(rests_at - 1.5f) < 1e-6f);
}

/* --8<-- [start:world] */
static const char *name_of(c2d_World *world, c2d_ColliderId id) {
    void *data = NULL;
    CHECK(c2d_world_collider_info(world, id, &data, NULL, NULL));
    return (const char *)data;
}

static c2d_ColliderId insert_named(c2d_World *world, c2d_Shape shape, c2d_Vec2 position, const char *name) {
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape; /* in the collider's own frame */
    def.transform = c2d_make_transform(position, 0);
    def.user_data = (void *)name; /* the game's own pointer, handed back, never read */
    c2d_ColliderId id;
    CHECK(c2d_world_insert(world, &def, &id));
    return id;
}

static void first_world(void) {
    /* A world holds many colliders, each with a transform and your own data (here a name). */
    c2d_World *world;
    CHECK(c2d_world_create(&world));
    c2d_Vec2 origin = {0, 0}, start = {3.0f, 1.4f}, floor_max = {10, 1}, crate_at = {8, 3}, half = {0.5f, 0.5f};
    c2d_ColliderId ball = insert_named(world, c2d_shape_circle(origin, 0.5f), start, "ball");
    insert_named(world, c2d_shape_aabb(origin, floor_max), origin, "floor");
    insert_named(world, c2d_shape_obb(crate_at, half, 0.3f), origin, "crate");

    /* Each step reports the pairs that started touching, still touch, and stopped. The arrays
     * are the world's, valid until its next change. */
    c2d_Events events;
    CHECK(c2d_world_step(world, &events));
    for (int i = 0; i < events.started_count; i++) {
        const c2d_ContactEvent *e = &events.started[i];
        printf("%s and %s started touching, %.2f deep\n", name_of(world, e->a), name_of(world, e->b),
               e->contact.depth);
    }
    EXPECT(events.started_count == 1);

    /* Move the ball onto the crate: the ball leaves the floor and meets the crate. */
    c2d_Vec2 on_crate = {8, 3.8f};
    CHECK(c2d_world_set_transform(world, ball, c2d_make_transform(on_crate, 0)));
    CHECK(c2d_world_step(world, &events));
    EXPECT(events.started_count == 1 && events.stopped_count == 1);
    const c2d_ContactEvent *e = &events.started[0];
    EXPECT(!strcmp(name_of(world, e->a), "crate") || !strcmp(name_of(world, e->b), "crate"));
    c2d_world_destroy(world); /* frees every collider in it */
}
/* --8<-- [end:world] */

static void ride(void) {
    /* --8<-- [start:ride] */
    Level level;
    level_create(&level);
    float x0 = level_position(&level).x, carried = 0;
    int frames_on_lift = 0;
    for (int frame = 0; frame < 240; frame++) { /* 4 seconds, nobody at the keys */
        c2d_MoveResult moved = level_update(&level, 0, false);
        carried += moved.platform_motion.x;
        if (same_collider(level.controller.floor, level.lift)) frames_on_lift++;
    }
    c2d_Vec2 at = level_position(&level);
    c2d_Aabb lift = level_bounds(&level, level.lift);
    float lift_x = (lift.min.x + lift.max.x) / 2;
    printf("the lift is at x = %.2f; the character rode it from x = %.2f to (%.2f, %.2f)\n", lift_x, x0, at.x, at.y);
    printf("the lift carried it %.2f units; it stood on the lift %d frames of 240\n", carried, frames_on_lift);
    level_destroy(&level);
    /* --8<-- [end:ride] */
    /* The numbers the page quotes. */
    EXPECT(fabsf(lift_x - 12.5f) < 1e-4f && fabsf(at.x - 12.5f) < 1e-3f && fabsf(at.y - 0.91f) < 0.01f);
    EXPECT(fabsf(carried - 7) < 1e-3f && frames_on_lift == 240);
}

int main(void) {
    first_query();
    first_world();
    ride();
    return 0;
}
