/* sdl_boxes: boxes and circles drawn red while they collide and green while apart, with a key to
 * swap the detection method, in SDL2 through collide2d's C API. The founding SDL document's demo.
 *
 * Keys: 1 bounding boxes, 2 bounding circles, 3-5 the levelled rectangle test stopped at level
 * 0 (boxes), 1 (a corner inside) or 2 (separating axes), 6 exact with the push-out drawn
 * (yellow: how to move the first shape out of the second); space pauses; Escape quits.
 * The levelled test is for rectangles: pairs with a circle use the exact test under it.
 *
 * Headless, for CI: --frames N plays N frames and quits, --method K starts with key K,
 * --screenshot out.bmp saves the last frame, --report prints each shape's centre and whether
 * it collides. */

#include <SDL.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"

#define WIDTH 800
#define HEIGHT 600
#define BODIES 14

enum Method { BOXES, CIRCLES, LEVEL_AABB, LEVEL_CORNERS, LEVEL_SAT, EXACT, METHODS };
static const char *const method_names[METHODS] = {
    "bounding boxes", "bounding circles", "levelled: boxes", "levelled: a corner inside", "levelled: separating axes",
    "exact, with push-out"};

typedef struct Body {
    int round; /* a circle, else a turned box */
    float x, y, vx, vy, angle, spin;
    float hw, hh, r;
    int colliding;
} Body;

typedef struct Push {
    c2d_Vec2 from, by;
} Push;

static unsigned seed = 12345u;
static float random_between(float lo, float hi) {
    seed = seed * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(seed >> 8) / (float)(1u << 24);
}

static c2d_Vec2 v(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

static c2d_Shape shape_of(const Body *b) {
    return b->round ? c2d_shape_circle(v(b->x, b->y), b->r) : c2d_shape_obb(v(b->x, b->y), v(b->hw, b->hh), b->angle);
}

static c2d_RectObject rect_of(const Body *b) {
    c2d_RectObject r;
    r.local_bounds.min = v(-b->hw, -b->hh);
    r.local_bounds.max = v(b->hw, b->hh);
    r.transform = c2d_make_transform(v(b->x, b->y), b->angle);
    return r;
}

static void fail(const char *what) {
    fprintf(stderr, "sdl_boxes: %s: %s\n", what, c2d_last_error());
    exit(1);
}

/* Whether a and b collide by `method`; for the exact method, the push-out of a from b. */
static int collide(enum Method method, const Body *a, const Body *b, Push *push, int *pushed) {
    c2d_Shape sa = shape_of(a), sb = shape_of(b);
    bool hit = false;
    *pushed = 0;
    if (method == BOXES || method == CIRCLES) {
        c2d_Detector rule = method == BOXES ? C2D_DETECT_BOUNDING_BOXES : C2D_DETECT_BOUNDING_CIRCLES;
        if (c2d_detect(rule, &sa, &sb, &hit) != C2D_OK) fail("c2d_detect");
        return hit;
    }
    if (method != EXACT && !a->round && !b->round) {
        c2d_RectObject ra = rect_of(a), rb = rect_of(b);
        c2d_Verdict verdict;
        c2d_Level level = method == LEVEL_AABB ? C2D_LEVEL_AABB : method == LEVEL_CORNERS ? C2D_LEVEL_CORNERS : C2D_LEVEL_SAT;
        if (c2d_collide_tiered(&ra, &rb, level, &verdict) != C2D_OK) fail("c2d_collide_tiered");
        return verdict.colliding;
    }
    c2d_Contact contact;
    if (c2d_contact(&sa, &sb, &contact) != C2D_OK) fail("c2d_contact");
    if (contact.point_count > 0 && method == EXACT) {
        push->from = contact.points[0].point_a;
        push->by = v(-contact.normal.x * contact.depth, -contact.normal.y * contact.depth);
        *pushed = 1;
    }
    return contact.point_count > 0;
}

static void fill_polygon(SDL_Renderer *r, const c2d_Vec2 *p, int n, SDL_Color c) {
    SDL_Vertex vs[3 * 48];
    int k = 0;
    for (int i = 1; i + 1 < n && k + 3 <= 3 * 48; i++) {
        const c2d_Vec2 tri[3] = {p[0], p[i], p[i + 1]};
        for (int j = 0; j < 3; j++) {
            vs[k].position.x = tri[j].x;
            vs[k].position.y = tri[j].y;
            vs[k].color = c;
            vs[k].tex_coord.x = vs[k].tex_coord.y = 0;
            k++;
        }
    }
    SDL_RenderGeometry(r, NULL, vs, k, NULL, 0);
    SDL_SetRenderDrawColor(r, 250, 250, 250, 255);
    for (int i = 0; i < n; i++) {
        SDL_RenderDrawLineF(r, p[i].x, p[i].y, p[(i + 1) % n].x, p[(i + 1) % n].y);
    }
}

static void draw_body(SDL_Renderer *r, const Body *b) {
    SDL_Color c = b->colliding ? (SDL_Color){215, 45, 45, 255} : (SDL_Color){45, 170, 75, 255};
    c2d_Vec2 p[40];
    int n = 0;
    if (b->round) {
        for (n = 0; n < 40; n++) {
            float t = 6.2831853f * (float)n / 40.0f;
            p[n] = v(b->x + b->r * cosf(t), b->y + b->r * sinf(t));
        }
    } else {
        float c0 = cosf(b->angle), s0 = sinf(b->angle);
        const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (n = 0; n < 4; n++) {
            float lx = corners[n][0] * b->hw, ly = corners[n][1] * b->hh;
            p[n] = v(b->x + c0 * lx - s0 * ly, b->y + s0 * lx + c0 * ly);
        }
    }
    fill_polygon(r, p, n, c);
}

static void step_bodies(Body *bodies, float dt) {
    for (int i = 0; i < BODIES; i++) {
        Body *b = &bodies[i];
        b->x += b->vx * dt;
        b->y += b->vy * dt;
        b->angle += b->spin * dt;
        float reach = b->round ? b->r : sqrtf(b->hw * b->hw + b->hh * b->hh);
        if ((b->x < reach && b->vx < 0) || (b->x > WIDTH - reach && b->vx > 0)) b->vx = -b->vx;
        if ((b->y < reach && b->vy < 0) || (b->y > HEIGHT - reach && b->vy > 0)) b->vy = -b->vy;
    }
}

static int save_bmp(SDL_Renderer *r, const char *path) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return 0;
    int ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0 && SDL_SaveBMP(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}

int main(int argc, char **argv) {
    int frames = -1, report = 0;
    enum Method method = EXACT;
    const char *screenshot = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--method") && i + 1 < argc) method = (enum Method)((atoi(argv[++i]) - 1 + METHODS) % METHODS);
        else if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) screenshot = argv[++i];
        else if (!strcmp(argv[i], "--report")) report = 1;
        else {
            fprintf(stderr, "usage: sdl_boxes [--frames N] [--method 1-6] [--screenshot out.bmp] [--report]\n");
            return 2;
        }
    }
    Body bodies[BODIES];
    for (int i = 0; i < BODIES; i++) {
        Body *b = &bodies[i];
        b->round = i % 3 == 2;
        b->x = random_between(80, WIDTH - 80);
        b->y = random_between(80, HEIGHT - 80);
        b->vx = random_between(-90, 90);
        b->vy = random_between(-90, 90);
        b->angle = random_between(0, 3.14159f);
        b->spin = random_between(-1, 1);
        b->hw = random_between(25, 70);
        b->hh = random_between(10, 35);
        b->r = random_between(20, 45);
        b->colliding = 0;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl_boxes: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("collide2d: boxes and circles", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer) {
        fprintf(stderr, "sdl_boxes: no window: %s\n", SDL_GetError());
        return 1;
    }
    int running = 1, paused = 0;
    for (int frame = 0; running && frame != frames; frame++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT) running = 0;
            if (e.type == SDL_KEYDOWN) {
                SDL_Keycode k = e.key.keysym.sym;
                if (k == SDLK_ESCAPE) running = 0;
                if (k == SDLK_SPACE) paused = !paused;
                if (k >= SDLK_1 && k < SDLK_1 + METHODS) method = (enum Method)(k - SDLK_1);
            }
        }
        if (!paused) step_bodies(bodies, 1.0f / 60.0f);
        Push pushes[BODIES * BODIES];
        int push_count = 0;
        for (int i = 0; i < BODIES; i++) bodies[i].colliding = 0;
        for (int i = 0; i < BODIES; i++) {
            for (int j = i + 1; j < BODIES; j++) {
                int pushed = 0;
                if (collide(method, &bodies[i], &bodies[j], &pushes[push_count], &pushed)) {
                    bodies[i].colliding = bodies[j].colliding = 1;
                }
                push_count += pushed;
            }
        }
        char title[96];
        snprintf(title, sizeof title, "collide2d: %s (keys 1-6)", method_names[method]);
        SDL_SetWindowTitle(window, title);
        SDL_SetRenderDrawColor(renderer, 24, 26, 34, 255);
        SDL_RenderClear(renderer);
        for (int i = 0; i < BODIES; i++) draw_body(renderer, &bodies[i]);
        SDL_SetRenderDrawColor(renderer, 250, 220, 40, 255);
        for (int i = 0; i < push_count; i++) {
            /* Three pixels wide: the line and its neighbours. */
            const Push *p = &pushes[i];
            for (int d = -1; d <= 1; d++) {
                float ox = fabsf(p->by.x) < fabsf(p->by.y) ? (float)d : 0, oy = ox == 0 ? (float)d : 0;
                SDL_RenderDrawLineF(renderer, p->from.x + ox, p->from.y + oy, p->from.x + p->by.x + ox, p->from.y + p->by.y + oy);
            }
        }
        SDL_RenderPresent(renderer);
        if (frames < 0) SDL_Delay(16);
    }
    if (screenshot && !save_bmp(renderer, screenshot)) {
        fprintf(stderr, "sdl_boxes: could not save %s: %s\n", screenshot, SDL_GetError());
        return 1;
    }
    if (report) {
        printf("method %s\n", method_names[method]);
        for (int i = 0; i < BODIES; i++) {
            printf("%s %.1f %.1f %s\n", bodies[i].round ? "circle" : "box", bodies[i].x, bodies[i].y,
                   bodies[i].colliding ? "colliding" : "apart");
        }
    }
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
