/* The character controller through the C API: a character riding a lift up, down and sideways
 * and a belt, the library's moving-platform scenarios (crates/collide2d/tests/common/
 * controller_suite.rs) ported, and refusals that move nothing. 60 frames a second, gravity 20
 * units/s². Run under AddressSanitizer and UndefinedBehaviorSanitizer by ci.sh. */

#undef NDEBUG
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

#define DT (1.0f / 60.0f)
#define GRAVITY 20.0f

static c2d_Vec2 v(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

static bool same(c2d_ColliderId a, c2d_ColliderId b) {
    return a.index == b.index && a.generation == b.generation;
}

static c2d_ColliderId insert(c2d_World *w, c2d_Shape shape) {
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape;
    c2d_ColliderId id;
    assert(c2d_world_insert(w, &def, &id) == C2D_OK);
    return id;
}

static void place(c2d_World *w, c2d_ColliderId id, float x, float y) {
    assert(c2d_world_set_transform(w, id, c2d_make_transform(v(x, y), 0)) == C2D_OK);
}

static c2d_Aabb bounds(c2d_World *w, c2d_ColliderId id) {
    c2d_Aabb b;
    assert(c2d_world_collider_info(w, id, NULL, &b, NULL) == C2D_OK);
    return b;
}

/* The scenarios' character: a capsule 1.8 tall and 0.8 wide or a box of that size, its bottom
 * at 0.01. */
static c2d_Shape character(bool boxy) {
    if (boxy) {
        return c2d_shape_aabb(v(-0.4f, 0.01f), v(0.4f, 1.81f));
    }
    return c2d_shape_capsule(v(0, 0.41f), v(0, 1.41f), 0.4f);
}

/* The scenarios' options: steps of 0.4, snapping by 0.5, floors up to 50 degrees. */
static c2d_CharacterController controller(void) {
    c2d_MoveOptions o = c2d_default_move_options();
    o.step_height = 0.4f;
    o.snap_distance = 0.5f;
    o.max_slope = 50.0f * 3.14159265f / 180.0f;
    return c2d_make_character_controller(o);
}

/* One character falling under gravity, moved a frame at a time. */
typedef struct Sim {
    c2d_World *world;
    c2d_ColliderId player;
    c2d_CharacterController controller;
    float fall;
    c2d_MoveResult last;
} Sim;

static Sim sim_new(bool boxy) {
    Sim s;
    memset(&s, 0, sizeof s);
    assert(c2d_world_create(&s.world) == C2D_OK);
    s.player = insert(s.world, character(boxy));
    s.controller = controller();
    return s;
}

static c2d_MoveResult frame(Sim *s) {
    if (s->last.on_floor) {
        s->fall = 0;
    }
    s->fall -= GRAVITY * DT;
    assert(c2d_controller_move_and_slide(s->world, &s->controller, s->player, v(0, s->fall * DT), &s->last) ==
           C2D_OK);
    return s->last;
}

static void a_lift_carries_the_character_up_down_and_sideways_without_sinking_or_dropping_it(void) {
    float skin = c2d_default_move_options().skin;
    for (int boxy = 0; boxy < 2; boxy++) {
        Sim s = sim_new(boxy);
        c2d_ColliderId lift = insert(s.world, c2d_shape_aabb(v(-3, -0.5f), v(3, 0)));
        assert(frame(&s).on_floor && same(s.controller.floor, lift));
        /* ±2 units/s, turning every second, for 10 s. */
        float height = 0;
        for (int f = 0; f < 600; f++) {
            height += (f / 60) % 2 == 0 ? 2 * DT : -2 * DT;
            place(s.world, lift, 0, height);
            c2d_MoveResult r = frame(&s);
            float gap = bounds(s.world, s.player).min.y - height;
            if (!r.on_floor || gap <= -skin || gap >= 3 * skin || fabsf(r.platform_motion.y) > 2 * DT + 1e-4f) {
                fprintf(stderr, "boxy %d, frame %d: %g above the lift, on floor %d\n", boxy, f, gap, r.on_floor);
                assert(0);
            }
        }
        /* Sideways at 5 units/s: it rides along, carried by the lift's step each frame. */
        float x = 0;
        for (int f = 0; f < 120; f++) {
            x += 5 * DT;
            place(s.world, lift, x, height);
            c2d_MoveResult r = frame(&s);
            c2d_Aabb b = bounds(s.world, s.player);
            assert(r.on_floor && fabsf((b.min.x + b.max.x) / 2 - x) < 1e-3f);
            assert(fabsf(r.platform_motion.x - 5 * DT) < 1e-4f && fabsf(r.moved.x - r.platform_motion.x) < 1e-4f);
        }
        c2d_world_destroy(s.world);
    }
}

static void a_belt_carries_the_character_but_never_into_a_wall(void) {
    Sim s = sim_new(false);
    insert(s.world, c2d_shape_aabb(v(3, -5), v(4, 10))); /* the wall, its face at x = 3 */
    c2d_ColliderId belt = insert(s.world, c2d_shape_aabb(v(-3, -0.5f), v(3, 0)));
    frame(&s);
    for (int f = 1; f <= 120; f++) {
        place(s.world, belt, (float)f * 0.1f, 0);
        c2d_MoveResult r = frame(&s);
        c2d_Aabb b = bounds(s.world, s.player);
        /* The wall is a box: the character is out of it while its box is. */
        assert(b.max.x <= 3.0f);
        /* Until it reaches the wall, carried by the belt's 0.1 a frame. */
        if (f < 20) {
            assert(fabsf(r.platform_motion.x - 0.1f) < 1e-4f && r.on_floor);
        }
    }
    c2d_Aabb b = bounds(s.world, s.player);
    assert(b.max.x <= 3.0f && b.max.x > 2.9f);
    c2d_world_destroy(s.world);
}

static void the_floor_is_remembered_forgotten_and_lost_with_its_collider(void) {
    Sim s = sim_new(true);
    assert(same(s.controller.floor, c2d_null_id()));
    c2d_ColliderId lift = insert(s.world, c2d_shape_aabb(v(-3, -0.5f), v(3, 0)));
    frame(&s);
    assert(same(s.controller.floor, lift) && s.controller.floor_placement.x_axis.x == 1);
    /* Told to forget, the lift's move does not carry it. */
    place(s.world, lift, 0.3f, 0);
    assert(c2d_controller_forget_floor(&s.controller) == C2D_OK);
    assert(same(s.controller.floor, c2d_null_id()));
    c2d_MoveResult r = frame(&s);
    assert(r.platform_motion.x == 0 && r.platform_motion.y == 0 && r.moved.x == 0);
    assert(same(s.controller.floor, lift) && s.controller.floor_placement.translation.x == 0.3f);
    /* A floor removed since carries nothing, and is no error. */
    place(s.world, lift, 0.5f, 0);
    c2d_CharacterController kept = s.controller;
    assert(c2d_world_remove(s.world, lift) == C2D_OK);
    assert(c2d_controller_move_and_slide(s.world, &kept, s.player, v(0, -0.1f), &r) == C2D_OK);
    assert(r.platform_motion.x == 0 && !r.on_floor && same(kept.floor, c2d_null_id()));
    assert(c2d_controller_forget_floor(NULL) == C2D_ERROR_NULL);
    c2d_world_destroy(s.world);
}

static void a_refused_move_moves_nothing_and_writes_nothing(void) {
    Sim s = sim_new(true);
    c2d_ColliderId lift = insert(s.world, c2d_shape_aabb(v(-3, -0.5f), v(3, 0)));
    frame(&s);
    place(s.world, lift, 0.5f, 0); /* a carry is due */
    c2d_Aabb before = bounds(s.world, s.player);
    c2d_CharacterController kept = s.controller;
    c2d_MoveResult r, untouched;
    memset(&r, 0x5a, sizeof r);
    untouched = r;

    /* A motion that is no number: refused before the carry. */
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(NAN, 0), &r) ==
           C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "motion") != NULL);
    /* Options the move refuses. */
    s.controller.options.skin = -1;
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(0, -0.1f), &r) ==
           C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "skin") != NULL);
    s.controller.options = kept.options;
    s.controller.options.max_slides = -1;
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(0, -0.1f), &r) ==
           C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "max_slides") != NULL);
    s.controller.options = kept.options;
    /* A remembered placement no move wrote. */
    s.controller.floor_placement.translation.x = INFINITY;
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(0, -0.1f), &r) ==
           C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "floor_placement") != NULL);
    s.controller.floor_placement = kept.floor_placement;
    /* A stale character, and NULLs. */
    c2d_ColliderId stale = insert(s.world, c2d_shape_point(v(50, 50)));
    assert(c2d_world_remove(s.world, stale) == C2D_OK);
    assert(c2d_controller_move_and_slide(s.world, &s.controller, stale, v(0, -0.1f), &r) ==
           C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_controller_move_and_slide(s.world, NULL, s.player, v(0, -0.1f), &r) == C2D_ERROR_NULL);
    assert(c2d_controller_move_and_slide(NULL, &s.controller, s.player, v(0, -0.1f), &r) == C2D_ERROR_NULL);
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(0, -0.1f), NULL) == C2D_ERROR_NULL);

    c2d_Aabb after = bounds(s.world, s.player);
    assert(memcmp(&before, &after, sizeof before) == 0);
    /* Field by field: the structs' padding is not theirs to compare. */
    assert(same(kept.floor, s.controller.floor));
    assert(memcmp(&kept.floor_placement, &s.controller.floor_placement, sizeof kept.floor_placement) == 0);
    assert(kept.options.skin == s.controller.options.skin && kept.options.max_slides == s.controller.options.max_slides);
    assert(memcmp(&r.moved, &untouched.moved, sizeof r.moved) == 0 && r.touched_count == untouched.touched_count);
    /* The same call with a motion that is a number carries it by the lift's 0.5. */
    assert(c2d_controller_move_and_slide(s.world, &s.controller, s.player, v(0, -0.1f), &r) == C2D_OK);
    assert(fabsf(r.platform_motion.x - 0.5f) < 1e-5f && r.on_floor && same(r.floor, lift));
    c2d_world_destroy(s.world);
}

int main(void) {
    a_lift_carries_the_character_up_down_and_sideways_without_sinking_or_dropping_it();
    a_belt_carries_the_character_but_never_into_a_wall();
    the_floor_is_remembered_forgotten_and_lost_with_its_collider();
    a_refused_move_moves_nothing_and_writes_nothing();
    puts("test_controller: ok");
    return 0;
}
