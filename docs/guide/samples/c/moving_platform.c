/* The moving-platform level of moving_platform.h: made, played a frame at a time, freed. */
#include "moving_platform.h"

#include <math.h>

static const double GRAVITY = 20; /* units a second, each second */
static const double RUN = 4;      /* units a second */
static const double JUMP = 9;     /* units a second, upwards */

static c2d_Vec2 v(double x, double y) {
    c2d_Vec2 p = {(float)x, (float)y};
    return p;
}

static double clamp(double s, double lo, double hi) { return s < lo ? lo : s > hi ? hi : s; }

c2d_Vec2 lift_at(const Lift *route, double t) {
    double dx = route->end.x - route->start.x, dy = route->end.y - route->start.y;
    double travel = hypot(dx, dy) / route->speed;
    t = fmod(t, 2 * (route->wait + travel));
    double there = clamp(t - route->wait, 0, travel) - clamp(t - 2 * route->wait - travel, 0, travel);
    double k = there / travel;
    return v(route->start.x + k * dx, route->start.y + k * dy);
}

/* --8<-- [start:create] */
static c2d_ColliderId insert(c2d_World *world, c2d_Shape shape, c2d_Vec2 position) {
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape; /* in the collider's own frame */
    def.transform = c2d_make_transform(position, 0);
    c2d_ColliderId id;
    CHECK(c2d_world_insert(world, &def, &id));
    return id;
}

void level_create(Level *level) {
    CHECK(c2d_world_create(&level->world));
    c2d_World *world = level->world;
    level->ground = insert(world, c2d_shape_aabb(v(0, -1), v(4, 0)), v(0, 0));
    level->ledge = insert(world, c2d_shape_aabb(v(14, -1), v(18, 0)), v(0, 0));
    /* A lift 3 wide, its top level with the ground and the ledge: it ferries across the gap. */
    Lift route = {{5.5f, -0.25f}, {12.5f, -0.25f}, 2, 0.5};
    level->route = route;
    level->lift = insert(world, c2d_shape_aabb(v(-1.5, -0.25), v(1.5, 0.25)), lift_at(&route, 0));
    /* A capsule 1.8 tall and 0.8 wide, standing on the lift (its centre 0.9 above its feet). */
    level->start = v(5.5, 0.91);
    level->player = insert(world, c2d_shape_capsule(v(0, -0.5), v(0, 0.5), 0.4f), level->start);
    /* snap_distance keeps the character on a floor that drops away under it. */
    c2d_MoveOptions options = c2d_default_move_options();
    options.snap_distance = 0.3f;
    level->controller = c2d_make_character_controller(options);
    level->velocity_y = 0;
    level->time = 0;
    level->on_floor = false;
}
/* --8<-- [end:create] */

/* --8<-- [start:update] */
c2d_MoveResult level_update(Level *level, double run, bool jump) {
    level->time += DT;
    /* The platforms move first... */
    c2d_Transform lift = c2d_make_transform(lift_at(&level->route, level->time), 0);
    CHECK(c2d_world_set_transform(level->world, level->lift, lift));
    /* ...then the characters: the controller carries the character by as far as its floor moved
     * since its last move, then moves it and slides it along what it meets. */
    if (jump && level->on_floor) level->velocity_y = JUMP;
    level->velocity_y -= GRAVITY * DT;
    c2d_MoveResult moved;
    c2d_Vec2 motion = v(run * RUN * DT, level->velocity_y * DT);
    CHECK(c2d_controller_move_and_slide(level->world, &level->controller, level->player, motion, &moved));
    level->on_floor = moved.on_floor;
    if (moved.on_floor) level->velocity_y = 0;
    /* Fell into the gap: back to the start, and the floor it stood on is forgotten. */
    if (level_position(level).y < -10) {
        CHECK(c2d_world_set_transform(level->world, level->player, c2d_make_transform(level->start, 0)));
        CHECK(c2d_controller_forget_floor(&level->controller));
    }
    return moved;
}
/* --8<-- [end:update] */

c2d_Aabb level_bounds(const Level *level, c2d_ColliderId id) {
    c2d_Aabb box;
    CHECK(c2d_world_collider_info(level->world, id, NULL, &box, NULL));
    return box;
}

c2d_Vec2 level_position(const Level *level) {
    c2d_Vec2 at;
    CHECK(c2d_world_position(level->world, level->player, &at));
    return at;
}

bool same_collider(c2d_ColliderId a, c2d_ColliderId b) { return a.index == b.index && a.generation == b.generation; }

void level_destroy(Level *level) {
    c2d_world_destroy(level->world);
    level->world = NULL;
}
