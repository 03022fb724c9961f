/* Tracing a picture into polygons and reading their vertices back; the levelled rectangle test
 * and the swappable detectors, alone and in a world. Run under AddressSanitizer (with its leak
 * checker) by ci.sh. */

#undef NDEBUG
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"

#define NEAR(a, b) (fabsf((float)(a) - (float)(b)) < 1e-3f)

static c2d_Vec2 v(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

static float ring_area(const c2d_Vec2 *p, int32_t n) {
    float twice = 0;
    for (int32_t i = 0; i < n; i++) {
        const c2d_Vec2 a = p[i], b = p[(i + 1) % n];
        twice += a.x * b.y - b.x * a.y;
    }
    return twice / 2;
}

enum { W = 20, H = 12, STRIDE = W * 4 + 12 };

/* A 20 x 12 picture, rows padded to STRIDE bytes: a 10 x 10 frame with a 4 x 4 hole at (1, 1),
 * and a 5 x 3 block at (14, 2); the padding is opaque garbage, which must not be read. */
static unsigned char *picture(void) {
    unsigned char *px = malloc(STRIDE * H);
    memset(px, 0xFF, STRIDE * H);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            int frame = x >= 1 && x < 11 && y >= 1 && y < 11 && !(x >= 4 && x < 8 && y >= 4 && y < 8);
            int block = x >= 14 && x < 19 && y >= 2 && y < 5;
            px[y * STRIDE + x * 4 + 3] = (frame || block) ? 255 : 0;
        }
    }
    return px;
}

static void a_picture_traces_into_its_islands(void) {
    unsigned char *px = picture();
    c2d_Traced *t = NULL;
    assert(c2d_trace_rgba(px, W, H, STRIDE, 0, C2D_DETAIL_EXACT, 1000, &t) == C2D_OK && t);
    int32_t n = 0;
    assert(c2d_traced_count(t, &n) == C2D_OK && n == 2);
    const c2d_Polygon *frame = NULL, *block = NULL;
    assert(c2d_traced_polygon(t, 0, &frame) == C2D_OK && c2d_traced_polygon(t, 1, &block) == C2D_OK);
    float area = 0;
    assert(c2d_polygon_info(frame, NULL, &area, NULL) == C2D_OK && NEAR(area, 100 - 16));
    assert(c2d_polygon_info(block, NULL, &area, NULL) == C2D_OK && NEAR(area, 15));
    int32_t holes = -1, pieces = 0;
    assert(c2d_polygon_counts(frame, &holes, &pieces) == C2D_OK && holes == 1 && pieces >= 4);
    const c2d_Vec2 *pts = NULL;
    int32_t count = 0;
    assert(c2d_polygon_ring(frame, -1, &pts, &count) == C2D_OK && count == 4 && NEAR(ring_area(pts, count), 100));
    assert(c2d_polygon_ring(frame, 0, &pts, &count) == C2D_OK && count == 4 && NEAR(fabsf(ring_area(pts, count)), 16));
    assert(c2d_polygon_ring(frame, 1, &pts, &count) == C2D_ERROR_INVALID_ARGUMENT);
    /* The convex pieces cover the polygon exactly. */
    float covered = 0;
    for (int32_t i = 0; i < pieces; i++) {
        assert(c2d_polygon_piece(frame, i, &pts, &count) == C2D_OK && count >= 3);
        covered += ring_area(pts, count);
    }
    assert(NEAR(covered, 84));
    assert(c2d_polygon_piece(frame, pieces, &pts, &count) == C2D_ERROR_INVALID_ARGUMENT);

    /* The traced polygons collide in pixel space: a ball in the frame's hole touches nothing. */
    c2d_Shape shape = c2d_shape_polygon(frame), ball = c2d_shape_circle(v(6, 6), 1.9f);
    bool hit = true;
    assert(c2d_intersects(&shape, &ball, &hit) == C2D_OK && !hit);
    assert(c2d_traced_polygon(t, 2, &frame) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_traced_polygon(t, -1, &frame) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_traced_destroy(t);

    /* Coarser levels keep the islands, with no more vertices. */
    assert(c2d_trace_rgba(px, W, H, STRIDE, 0, C2D_DETAIL_LESS, 1000, &t) == C2D_OK);
    assert(c2d_traced_count(t, &n) == C2D_OK && n == 2);
    c2d_traced_destroy(t);

    /* Refusals: the vertex bound, sizes, strides, levels. */
    t = NULL;
    assert(c2d_trace_rgba(px, W, H, STRIDE, 0, C2D_DETAIL_EXACT, 11, &t) == C2D_ERROR_TOO_LARGE && !t);
    assert(strstr(c2d_last_error(), "11"));
    assert(c2d_trace_rgba(px, W, H, W * 4 - 1, 0, C2D_DETAIL_EXACT, 1000, &t) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_trace_rgba(px, -1, H, STRIDE, 0, C2D_DETAIL_EXACT, 1000, &t) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_trace_rgba(px, W, H, STRIDE, 0, 9, 1000, &t) == C2D_ERROR_INVALID_ARGUMENT);
    assert(c2d_trace_rgba(NULL, W, H, STRIDE, 0, C2D_DETAIL_EXACT, 1000, &t) == C2D_ERROR_NULL);
    /* No solid pixel: no polygon. */
    assert(c2d_trace_rgba(px, W, H, STRIDE, 255, C2D_DETAIL_EXACT, 1000, &t) == C2D_OK);
    assert(c2d_traced_count(t, &n) == C2D_OK && n == 0);
    c2d_traced_destroy(t);
    c2d_traced_destroy(NULL);
    free(px);
}

static void the_levelled_test_climbs_as_far_as_asked(void) {
    /* A plus sign: a 4 x 1 bar, and the same turned a quarter about its centre. */
    c2d_RectObject a = {{{0, 0}, {4, 1}}, c2d_make_transform(v(0, 0), 0)};
    c2d_RectObject b = a;
    /* Turned about (2, 0.5): rotate, then move the centre back. */
    b.transform = c2d_make_transform(v(2.5f, -1.5f), 1.5707963f);
    c2d_Verdict verdict;
    assert(c2d_collide_tiered(&a, &b, C2D_LEVEL_AABB, &verdict) == C2D_OK);
    assert(verdict.colliding && verdict.decided_by == C2D_LEVEL_AABB);
    assert(c2d_collide_tiered(&a, &b, C2D_LEVEL_CORNERS, &verdict) == C2D_OK);
    assert(!verdict.colliding && verdict.decided_by == C2D_LEVEL_CORNERS); /* no corner inside */
    assert(c2d_collide_tiered(&a, &b, C2D_LEVEL_MAXIMUM, &verdict) == C2D_OK);
    assert(verdict.colliding && verdict.decided_by == C2D_LEVEL_SAT);
    b.transform = c2d_make_transform(v(10, 0), 0);
    assert(c2d_collide_tiered(&a, &b, C2D_LEVEL_MAXIMUM, &verdict) == C2D_OK);
    assert(!verdict.colliding && verdict.decided_by == C2D_LEVEL_AABB);
    assert(c2d_collide_tiered(&a, &b, 7, &verdict) == C2D_ERROR_INVALID_ARGUMENT);
    b.local_bounds.min.x = 5; /* min past max */
    assert(c2d_collide_tiered(&a, &b, C2D_LEVEL_SAT, &verdict) == C2D_ERROR_INVALID_SHAPE);
}

static void detectors_judge_by_their_own_rules(void) {
    /* A diamond and balls that the three rules tell apart, loosest to tightest. */
    c2d_Shape diamond = c2d_shape_obb(v(0, 0), v(1, 1), 0.78539816f);
    c2d_Shape balls[] = {c2d_shape_circle(v(1.6f, 1.6f), 0.3f), c2d_shape_circle(v(1.1f, 1.1f), 0.3f),
                         c2d_shape_circle(v(0.8f, 0), 0.3f)};
    c2d_Detector rules[] = {C2D_DETECT_BOUNDING_BOXES, C2D_DETECT_BOUNDING_CIRCLES, C2D_DETECT_EXACT};
    for (int ball = 0; ball < 3; ball++) {
        for (int rule = 0; rule < 3; rule++) {
            bool hit = false;
            assert(c2d_detect(rules[rule], &diamond, &balls[ball], &hit) == C2D_OK);
            assert(hit == (rule <= ball)); /* ball 0: boxes only; 1: circles too; 2: all */
        }
    }
    bool hit;
    assert(c2d_detect(3, &diamond, &balls[0], &hit) == C2D_ERROR_INVALID_ARGUMENT);

    /* A polygon handle, borrowed: a square frame around a ball in its hole. The bounding
       rules see the ball inside, the exact rule sees it clear of the frame. */
    c2d_Vec2 outline[] = {v(-4, -4), v(4, -4), v(4, 4), v(-4, 4)};
    c2d_Vec2 hole[] = {v(-2, -2), v(2, -2), v(2, 2), v(-2, 2)};
    const c2d_Vec2 *holes[] = {hole};
    int32_t counts[] = {4};
    c2d_Polygon *frame = NULL;
    assert(c2d_polygon_create(outline, 4, holes, counts, 1, &frame) == C2D_OK);
    c2d_Shape framed = c2d_shape_polygon(frame), ball = c2d_shape_circle(v(0, 0), 1);
    for (int rule = 0; rule < 3; rule++) {
        assert(c2d_detect(rules[rule], &framed, &ball, &hit) == C2D_OK);
        assert(hit == (rules[rule] != C2D_DETECT_EXACT));
    }
    c2d_polygon_destroy(frame);

    /* In a world: the step judges by the rule set. */
    c2d_World *w = NULL;
    assert(c2d_world_create(&w) == C2D_OK);
    c2d_ColliderDef def = c2d_default_collider_def();
    def.shape = diamond;
    c2d_ColliderId d;
    assert(c2d_world_insert(w, &def, &d) == C2D_OK);
    def.shape = balls[0];
    assert(c2d_world_insert(w, &def, &d) == C2D_OK);
    c2d_Events e;
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 0);
    assert(c2d_world_set_detector(w, C2D_DETECT_BOUNDING_BOXES) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.started_count == 1);
    assert(c2d_world_set_detector(w, C2D_DETECT_EXACT) == C2D_OK);
    assert(c2d_world_step(w, &e) == C2D_OK && e.stopped_count == 1);
    assert(c2d_world_set_detector(w, 5) == C2D_ERROR_INVALID_ARGUMENT);
    c2d_world_destroy(w);
}

int main(void) {
    a_picture_traces_into_its_islands();
    the_levelled_test_climbs_as_far_as_asked();
    detectors_judge_by_their_own_rules();
    puts("test_trace_tiered: ok");
    return 0;
}
