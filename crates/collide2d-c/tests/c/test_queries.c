/* The queries through the C API: hand cases at the edges (touching, inside, crossing with no
 * corner inside, 45 degrees, concave and holed polygons), and every way a call can be refused.
 * Plain assert; run under AddressSanitizer (with its leak checker) by ci.sh. */

#undef NDEBUG
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

#define NEAR(a, b) (fabsf((float)(a) - (float)(b)) < 1e-4f)

static c2d_Vec2 v(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

static void circles_touching_and_overlapping(void) {
    c2d_Shape a = c2d_shape_circle(v(0, 0), 1);
    c2d_Shape b = c2d_shape_circle(v(2, 0), 1);
    bool hit = false;
    assert(c2d_intersects(&a, &b, &hit) == C2D_OK && hit); /* touching counts */
    c2d_Contact c;
    assert(c2d_contact(&a, &b, &c) == C2D_OK);
    assert(c.point_count >= 1 && NEAR(c.depth, 0) && NEAR(c.normal.x, 1) && NEAR(c.normal.y, 0));

    b = c2d_shape_circle(v(1.5f, 0), 1);
    assert(c2d_contact(&a, &b, &c) == C2D_OK);
    assert(c.point_count == 1 && NEAR(c.depth, 0.5f) && NEAR(c.normal.x, 1));

    b = c2d_shape_circle(v(2.001f, 0), 1);
    assert(c2d_intersects(&a, &b, &hit) == C2D_OK && !hit);
    assert(c2d_contact(&a, &b, &c) == C2D_OK && c.point_count == 0 && c.depth == 0);
    float d = -1;
    assert(c2d_distance(&a, &b, &d) == C2D_OK && NEAR(d, 0.001f));
}

static void boxes_crossing_with_no_corner_inside(void) {
    /* A plus sign: a wide box and a tall one, neither has a corner inside the other. */
    c2d_Shape wide = c2d_shape_aabb(v(-3, -1), v(3, 1));
    c2d_Shape tall = c2d_shape_obb(v(0, 0), v(1, 3), 0);
    bool hit = false, inside = true;
    assert(c2d_intersects(&wide, &tall, &hit) == C2D_OK && hit);
    assert(c2d_contains(&wide, &tall, &inside) == C2D_OK && !inside);
    c2d_Contact c;
    assert(c2d_contact(&wide, &tall, &c) == C2D_OK && c.point_count > 0 && NEAR(c.depth, 4));

    /* A diamond (45 degrees) whose tip, at x = sqrt(2), just reaches a wall at x = 1.4142. */
    c2d_Shape diamond = c2d_shape_obb(v(0, 0), v(1, 1), 0.78539816f);
    c2d_Shape wall = c2d_shape_aabb(v(1.41421f, -5), v(3, 5));
    assert(c2d_intersects(&diamond, &wall, &hit) == C2D_OK && hit);
    wall = c2d_shape_aabb(v(1.4143f, -5), v(3, 5));
    assert(c2d_intersects(&diamond, &wall, &hit) == C2D_OK && !hit);

    /* Inside, and tiny and huge scales. */
    c2d_Shape small = c2d_shape_circle(v(0.5f, 0.5f), 1e-6f);
    c2d_Shape huge = c2d_shape_aabb(v(-1e6f, -1e6f), v(1e6f, 1e6f));
    assert(c2d_contains(&huge, &small, &inside) == C2D_OK && inside);
}

static void concave_polygons_and_holes(void) {
    /* A U: the notch between its arms is outside it. */
    c2d_Vec2 u[] = {{0, 0}, {6, 0}, {6, 6}, {4, 6}, {4, 2}, {2, 2}, {2, 6}, {0, 6}};
    c2d_Polygon *cup = NULL;
    assert(c2d_polygon_create(u, 8, NULL, NULL, 0, &cup) == C2D_OK && cup);
    c2d_Shape shape = c2d_shape_polygon(cup);
    c2d_Shape in_notch = c2d_shape_circle(v(3, 4), 0.9f);
    c2d_Shape on_arm = c2d_shape_circle(v(1, 4), 0.5f);
    bool hit = true;
    assert(c2d_intersects(&shape, &in_notch, &hit) == C2D_OK && !hit);
    assert(c2d_intersects(&shape, &on_arm, &hit) == C2D_OK && hit);
    c2d_Contact c;
    /* The ball in the arm (1 unit from each side) leaves by the nearest side: 1.5 deep. */
    assert(c2d_contact(&on_arm, &shape, &c) == C2D_OK && c.point_count > 0 && NEAR(c.depth, 1.5f) && c.exact);
    float area = 0;
    int32_t n = 0;
    c2d_Aabb bounds;
    assert(c2d_polygon_info(cup, &bounds, &area, &n) == C2D_OK);
    assert(NEAR(area, 28) && n == 8 && NEAR(bounds.max.x, 6) && NEAR(bounds.max.y, 6));
    assert(c2d_polygon_info(cup, NULL, NULL, NULL) == C2D_OK);
    /* The exact push-out's work is bounded: one unit is too few for the ball in the U, and the
     * refusal leaves the answer as it was; the default and no bound (0) are exact. */
    c.depth = -7;
    assert(c2d_contact_limited(&on_arm, &shape, 1, &c) == C2D_ERROR_TOO_LARGE && c.depth == -7);
    assert(strstr(c2d_last_error(), "budget of 1 units"));
    assert(c2d_contact_limited(&on_arm, &shape, C2D_DEFAULT_CONTACT_BUDGET, &c) == C2D_OK && NEAR(c.depth, 1.5f));
    assert(c2d_contact_limited(&on_arm, &shape, 0, &c) == C2D_OK && NEAR(c.depth, 1.5f) && c.exact);
    assert(c2d_contact_limited(&on_arm, &shape, -1, &c) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_Shape far_ball = c2d_shape_circle(v(100, 100), 1); /* apart: nothing to search */
    assert(c2d_contact_limited(&far_ball, &shape, 1, &c) == C2D_OK && c.point_count == 0);
    c2d_polygon_destroy(cup);

    /* A square with a square hole: a ball in the hole touches nothing. */
    c2d_Vec2 outline[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    c2d_Vec2 hole[] = {{3, 3}, {7, 3}, {7, 7}, {3, 7}};
    const c2d_Vec2 *holes[] = {hole};
    int32_t counts[] = {4};
    c2d_Polygon *frame = NULL;
    assert(c2d_polygon_create(outline, 4, holes, counts, 1, &frame) == C2D_OK);
    shape = c2d_shape_polygon(frame);
    c2d_Shape ball = c2d_shape_circle(v(5, 5), 1.9f);
    assert(c2d_intersects(&shape, &ball, &hit) == C2D_OK && !hit);
    ball = c2d_shape_circle(v(5, 5), 2.1f);
    assert(c2d_intersects(&shape, &ball, &hit) == C2D_OK && hit);
    c2d_polygon_destroy(frame);

    /* Polygons from shapes: a circle as 24 edges (a regular 24-gon's area), a box's corners. */
    c2d_Shape disc = c2d_shape_circle(v(0, 0), 2);
    c2d_Polygon *made = NULL;
    assert(c2d_polygon_from_shape(&disc, 24, &made) == C2D_OK);
    assert(c2d_polygon_info(made, NULL, &area, &n) == C2D_OK && n == 24 && NEAR(area, 12 * 4 * sinf(6.2831853f / 24)));
    c2d_polygon_destroy(made);
    c2d_Shape box = c2d_shape_obb(v(1, 1), v(2, 1), 0.5f);
    assert(c2d_polygon_from_shape(&box, 8, &made) == C2D_OK);
    assert(c2d_polygon_info(made, NULL, &area, &n) == C2D_OK && n == 4 && NEAR(area, 8));
    c2d_polygon_destroy(made);
    made = NULL;
    assert(c2d_polygon_from_shape(&disc, 2, &made) == C2D_ERROR_INVALID_SHAPE && !made);
    assert(c2d_polygon_from_shape(&disc, -3, &made) == C2D_ERROR_INVALID_ARGUMENT);

    /* A convex polygon, either winding. */
    c2d_Vec2 tri[] = {{0, 0}, {0, 4}, {4, 0}};
    c2d_ConvexPolygon *t = NULL;
    assert(c2d_convex_polygon_create(tri, 3, &t) == C2D_OK && t);
    shape = c2d_shape_convex_polygon(t);
    c2d_Shape point = c2d_shape_point(v(1, 1));
    assert(c2d_contains(&shape, &point, &hit) == C2D_OK && hit);
    float sd = 0;
    assert(c2d_signed_distance(&shape, v(1, 1), &sd) == C2D_OK && NEAR(sd, -1));
    c2d_convex_polygon_destroy(t);
}

static void rays_and_casts(void) {
    c2d_Shape box = c2d_shape_aabb(v(5, -1), v(7, 1));
    c2d_Ray ray = {{0, 0}, {2, 0}}; /* any length: normalised */
    c2d_RayHit h;
    assert(c2d_cast_ray(&box, &ray, 100, &h) == C2D_OK && h.hit);
    assert(NEAR(h.distance, 5) && NEAR(h.point.x, 5) && NEAR(h.normal.x, -1));
    assert(c2d_cast_ray(&box, &ray, 4.9f, &h) == C2D_OK && !h.hit);

    /* A ball falling 10 onto a floor 3 below its bottom: it lands at 0.3 of its motion. */
    c2d_Shape ball = c2d_shape_circle(v(0, 4), 1);
    c2d_Shape floor_ = c2d_shape_aabb(v(-10, -1), v(10, 0));
    c2d_ShapeCastHit s;
    assert(c2d_cast_shape(&ball, v(0, -10), &floor_, v(0, 0), 1, &s) == C2D_OK);
    assert(s.hit && !s.started_overlapping && NEAR(s.time, 0.3f) && NEAR(s.normal.y, -1));
    /* Touching at the start is a hit at time 0, never a miss. */
    ball = c2d_shape_circle(v(0, 1), 1);
    assert(c2d_cast_shape(&ball, v(5, 0), &floor_, v(0, 0), 1, &s) == C2D_OK);
    assert(s.hit && s.started_overlapping && s.time == 0);

    c2d_ClosestPoints cp;
    c2d_Shape far_ball = c2d_shape_circle(v(0, 5), 1);
    assert(c2d_closest_points(&far_ball, &floor_, &cp) == C2D_OK && cp.found && NEAR(cp.distance, 4));
    assert(c2d_closest_points(&ball, &floor_, &cp) == C2D_OK && !cp.found);
    c2d_Vec2 q;
    assert(c2d_closest_point(&floor_, v(20, 5), &q) == C2D_OK && NEAR(q.x, 10) && NEAR(q.y, 0));
    c2d_Aabb b;
    c2d_Shape cap = c2d_shape_capsule(v(0, 0), v(4, 0), 1);
    assert(c2d_shape_bounds(&cap, &b) == C2D_OK && NEAR(b.min.x, -1) && NEAR(b.max.x, 5) && NEAR(b.max.y, 1));
}

/* --8<-- [start:guide-refused] (shown in the guide: docs/guide/pages/guarantees.md) */
/* A refused call returns its code, says why, and leaves the out value as it was. */
static void refused(c2d_Status got, c2d_Status want, const char *mentions) {
    assert(got == want);
    const char *message = c2d_last_error();
    assert(message && strstr(message, mentions));
}
/* --8<-- [end:guide-refused] */

static void bad_input_is_refused(void) {
    c2d_Shape ok = c2d_shape_circle(v(0, 0), 1);
    bool hit = true;
    refused(c2d_intersects(NULL, &ok, &hit), C2D_ERROR_NULL, "shape a");
    refused(c2d_intersects(&ok, &ok, NULL), C2D_ERROR_NULL, "out");
    c2d_Shape bad = c2d_shape_circle(v(0, 0), -1);
    refused(c2d_intersects(&ok, &bad, &hit), C2D_ERROR_INVALID_SHAPE, "radius");
    /* --8<-- [start:guide-nan] */
    bad = c2d_shape_circle(v(NAN, 0), 1);
    refused(c2d_intersects(&ok, &bad, &hit), C2D_ERROR_INVALID_SHAPE, "finite");
    /* --8<-- [end:guide-nan] */
    bad = c2d_shape_aabb(v(1, 0), v(0, 1));
    refused(c2d_contact(&ok, &bad, NULL), C2D_ERROR_NULL, "out");
    c2d_Contact c = {{7, 7}, 7, 7, {{{0, 0}, {0, 0}, 0}, {{0, 0}, {0, 0}, 0}}, true};
    refused(c2d_contact(&ok, &bad, &c), C2D_ERROR_INVALID_SHAPE, "Aabb");
    assert(c.depth == 7 && c.point_count == 7); /* untouched */
    bad = c2d_shape_obb(v(0, 0), v(1, 1), 0);
    bad.data.obb.rotation.c = 2;
    refused(c2d_intersects(&ok, &bad, &hit), C2D_ERROR_INVALID_SHAPE, "c2d_make_rot");
    bad.kind = 99;
    refused(c2d_intersects(&ok, &bad, &hit), C2D_ERROR_INVALID_SHAPE, "unknown shape kind 99");
    bad = c2d_shape_polygon(NULL);
    refused(c2d_intersects(&ok, &bad, &hit), C2D_ERROR_NULL, "polygon");
    assert(hit); /* untouched by every refusal */

    c2d_Ray zero = {{0, 0}, {0, 0}};
    c2d_RayHit h;
    refused(c2d_cast_ray(&ok, &zero, 1, &h), C2D_ERROR_INVALID_ARGUMENT, "direction");
    c2d_ShapeCastHit s;
    refused(c2d_cast_shape(&ok, v(INFINITY, 0), &ok, v(0, 0), 1, &s), C2D_ERROR_INVALID_ARGUMENT, "motion");
    /* A NaN limit is refused alike by rays and casts, never read as "no hit". */
    c2d_Ray right = {{-5, 0}, {1, 0}};
    refused(c2d_cast_ray(&ok, &right, NAN, &h), C2D_ERROR_INVALID_ARGUMENT, "max_distance");
    refused(c2d_cast_shape(&ok, v(1, 0), &ok, v(0, 0), NAN, &s), C2D_ERROR_INVALID_ARGUMENT, "max_time");
    float d;
    refused(c2d_signed_distance(&ok, v(0, NAN), &d), C2D_ERROR_INVALID_ARGUMENT, "point");

    c2d_Vec2 line[] = {{0, 0}, {1, 1}, {2, 2}};
    c2d_ConvexPolygon *p = (c2d_ConvexPolygon *)&ok; /* must stay as it was */
    refused(c2d_convex_polygon_create(line, 3, &p), C2D_ERROR_INVALID_SHAPE, "ConvexPolygon");
    assert(p == (c2d_ConvexPolygon *)&ok);
    refused(c2d_convex_polygon_create(line, -1, &p), C2D_ERROR_INVALID_ARGUMENT, "negative");
    refused(c2d_convex_polygon_create(NULL, 3, &p), C2D_ERROR_NULL, "points");
    refused(c2d_convex_polygon_create(line, 3, NULL), C2D_ERROR_NULL, "out_polygon");
    c2d_Polygon *q = NULL;
    refused(c2d_polygon_create(line, 3, NULL, NULL, 1, &q), C2D_ERROR_NULL, "holes");
    /* --8<-- [start:guide-bowtie] */
    c2d_Vec2 bowtie[] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    refused(c2d_polygon_create(bowtie, 4, NULL, NULL, 0, &q), C2D_ERROR_INVALID_SHAPE, "Polygon");
    assert(q == NULL);
    /* --8<-- [end:guide-bowtie] */
    c2d_convex_polygon_destroy(NULL);
    c2d_polygon_destroy(NULL);
}

int main(void) {
    assert(strcmp(c2d_last_error(), "") == 0);
    circles_touching_and_overlapping();
    boxes_crossing_with_no_corner_inside();
    concave_polygons_and_holes();
    rays_and_casts();
    bad_input_is_refused();
    puts("test_queries: ok");
    return 0;
}
