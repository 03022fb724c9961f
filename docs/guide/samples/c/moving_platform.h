/* Getting started in C and C++: a character on a moving platform. The level is a collide2d world
 * with a ground, a ledge and a lift that ferries across the gap between them; a
 * c2d_CharacterController moves the character and carries it on the lift. No drawing here:
 * getting_started.c plays it and checks the numbers docs/guide/pages/getting-started/c.md
 * quotes, sdl_platform.c (C, SDL2) and sfml_platform.cpp (C++, SFML) draw it. The same level as
 * the Python and JavaScript samples', so the numbers are the same too. */
#ifndef MOVING_PLATFORM_H
#define MOVING_PLATFORM_H

/* --8<-- [start:level] */
#include <stdio.h>
#include <stdlib.h>

#include "collide2d.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every call returns a status: anything but C2D_OK stops the program with the library's message. */
#define CHECK(call)                                                                   \
    do {                                                                              \
        if ((call) != C2D_OK) {                                                       \
            fprintf(stderr, "%s failed: %s\n", #call, c2d_last_error());              \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

#define DT (1.0 / 60.0) /* seconds a frame */

/* A route: wait at `start`, go to `end` at `speed` units a second, wait, come back. */
typedef struct Lift {
    c2d_Vec2 start, end;
    double speed, wait;
} Lift;

/* The game without its window: y up, in units (a character is 1.8 tall). */
typedef struct Level {
    c2d_World *world;
    c2d_ColliderId ground, ledge, lift, player;
    Lift route;
    c2d_Vec2 start;
    c2d_CharacterController controller;
    double velocity_y, time;
    bool on_floor;
} Level;

/* Where the lift is `t` seconds after the start. */
c2d_Vec2 lift_at(const Lift *route, double t);
/* Makes the level (level_destroy frees its world). */
void level_create(Level *level);
/* One frame: `run` from -1 (left) to 1 (right), `jump` whether the jump key is down. */
c2d_MoveResult level_update(Level *level, double run, bool jump);
/* A collider's box in the world, and where the character is (its origin, its capsule's centre). */
c2d_Aabb level_bounds(const Level *level, c2d_ColliderId id);
c2d_Vec2 level_position(const Level *level);
/* Whether two ids name the same collider. */
bool same_collider(c2d_ColliderId a, c2d_ColliderId b);
void level_destroy(Level *level);
/* --8<-- [end:level] */

#ifdef __cplusplus
}
#endif

#endif
