/* The threads of a world's step: a step large enough to share its work gives the same events on
 * the calling thread alone as on the world's own threads, and c2d_world_destroy joins those
 * threads, so that nothing is left running. ci.sh runs this under valgrind, whose leak check
 * fails on the memory of a thread still alive at exit. */

#undef NDEBUG
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

/* 64 discs heaped on one spot: 2,016 pairs, past the 1,024 from which a step shares its work. */
#define DISCS 64
#define PAIRS (DISCS * (DISCS - 1) / 2)

static c2d_ContactEvent events[3][PAIRS];

/* Steps a new world of DISCS discs on `threads` threads (-1: the default) into `out`. */
static void step_heap(int32_t threads, c2d_ContactEvent *out) {
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    if (threads >= 0) assert(c2d_world_set_thread_count(w, threads) == C2D_OK);
    for (int i = 0; i < DISCS; i++) {
        c2d_ColliderDef def = c2d_default_collider_def();
        c2d_Vec2 at = {0.01f * (float)i, 0};
        def.shape = c2d_shape_circle(at, 1);
        c2d_ColliderId id;
        assert(c2d_world_insert(w, &def, &id) == C2D_OK);
    }
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK);
    assert(e.started_count == PAIRS);
    memcpy(out, e.started, sizeof(c2d_ContactEvent) * PAIRS);
    c2d_world_destroy(w);
}

/* Whether two events are the same bit for bit (member by member: `exact` leaves padding). */
static bool same(const c2d_ContactEvent *x, const c2d_ContactEvent *y) {
    const c2d_Contact *a = &x->contact, *b = &y->contact;
    return memcmp(&x->a, &y->a, sizeof x->a) == 0 && memcmp(&x->b, &y->b, sizeof x->b) == 0 &&
           memcmp(&a->normal, &b->normal, sizeof a->normal) == 0 && memcmp(&a->depth, &b->depth, sizeof a->depth) == 0 &&
           a->point_count == b->point_count && memcmp(a->points, b->points, sizeof a->points) == 0 && a->exact == b->exact;
}

int main(void) {
    step_heap(-1, events[0]);
    step_heap(1, events[1]);
    step_heap(3, events[2]);
    /* The same pairs in the same order with the same contacts, bit for bit. */
    for (int k = 0; k < PAIRS; k++) assert(same(&events[0][k], &events[1][k]) && same(&events[0][k], &events[2][k]));

    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    assert(c2d_world_set_thread_count(w, -1) == C2D_ERROR_INVALID_ARGUMENT);
    assert(strstr(c2d_last_error(), "thread count -1"));
    assert(c2d_world_set_thread_count(NULL, 1) == C2D_ERROR_NULL);
    c2d_world_destroy(w);
    puts("test_threads: ok");
    return 0;
}
