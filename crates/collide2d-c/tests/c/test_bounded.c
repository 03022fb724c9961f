/* The inputs that once froze a C call, each answered now: not timed here (the Rust crate's
 * adversarial bench measures the times), but each took from 9 s to minutes before the work
 * budget and the O(n log n) build, so this program would hang on them. Each answer is checked
 * for what it must be. Run under AddressSanitizer (with its leak checker) by ci.sh. */

#undef NDEBUG
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "collide2d.h"

#define PI 3.14159265358979323846

/* A star of `n` vertices alternating between radii 100 and 50, made into a polygon. */
static c2d_Polygon *star(int32_t n) {
    c2d_Vec2 *points = malloc(sizeof(c2d_Vec2) * (size_t)n);
    assert(points);
    for (int32_t k = 0; k < n; k++) {
        double angle = 2.0 * PI * k / n, r = k % 2 == 0 ? 100.0 : 50.0;
        points[k].x = (float)(r * cos(angle));
        points[k].y = (float)(r * sin(angle));
    }
    c2d_Polygon *p = NULL;
    assert(c2d_polygon_create(points, n, NULL, NULL, 0, &p) == C2D_OK && p);
    free(points);
    return p;
}

static void a_star_on_its_copy_gets_a_flagged_push_or_a_refusal(void) {
    /* Before: c2d_contact took 99 s on two 2,000-vertex stars in one place. */
    c2d_Polygon *p = star(2000);
    c2d_Shape shape = c2d_shape_polygon(p);
    c2d_Contact c;
    assert(c2d_contact(&shape, &shape, &c) == C2D_OK && c.point_count > 0 && !c.exact);
    /* No shorter than the core (radius 50) must move to clear the other's, no longer than the
     * hull (radius 100) must. */
    assert(c.depth >= 100.0f && c.depth <= 200.01f);
    c2d_Contact untouched = c;
    assert(c2d_contact_limited(&shape, &shape, C2D_DEFAULT_CONTACT_BUDGET, &c) == C2D_ERROR_TOO_LARGE);
    assert(c.depth == untouched.depth && !c.exact);

    /* The same pair in a world: the step answers, its contact flagged. */
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = shape;
    c2d_ColliderId a, b;
    assert(c2d_world_insert(w, &def, &a) == C2D_OK && c2d_world_insert(w, &def, &b) == C2D_OK);
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1 && !e.started[0].contact.exact);
    c2d_world_destroy(w);
    c2d_polygon_destroy(p);
}

static void a_100_000_vertex_star_is_built(void) {
    /* Before: quadratic, about 15 s at this size (27.6 s at 10^6 in release; the million takes
     * under 3 s now, too long for a debug build under the sanitizers). */
    c2d_Polygon *p = star(100000);
    int32_t n = 0;
    float area = 0;
    c2d_Aabb bounds;
    assert(c2d_polygon_info(p, &bounds, &area, &n) == C2D_OK && n == 100000);
    /* The star's area lies between its core's and its hull's. */
    assert(area > (float)(PI * 50 * 50) && area < (float)(PI * 100 * 100));
    c2d_Shape shape = c2d_shape_polygon(p);
    c2d_Shape deep = c2d_shape_circle((c2d_Vec2){3, 1}, 0.4f);
    c2d_Contact c;
    assert(c2d_contact(&shape, &deep, &c) == C2D_OK && c.point_count > 0 && c.depth >= 46.4f);
    c2d_polygon_destroy(p);
}

int main(void) {
    a_star_on_its_copy_gets_a_flagged_push_or_a_refusal();
    a_100_000_vertex_star_is_built();
    puts("test_bounded: ok");
    return 0;
}
