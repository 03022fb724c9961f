/* The moving-platform level (moving_platform.c) drawn with SDL2, in C: arrow keys to run, space to
 * jump, ride the lift across the gap. docs/guide/pages/getting-started/c.md shows it.
 *
 * --frames N plays N frames on its own, then checks that the lift carried the
 * character and that the picture shows it standing on the lift (crates/collide2d-c/ci.sh runs it
 * so with SDL_VIDEODRIVER=dummy: no window). */
#include <SDL.h>
#include <string.h>

#include "moving_platform.h"

/* --8<-- [start:draw] */
#define WIDTH 640
#define HEIGHT 360
#define SCALE 35 /* pixels a unit */
static const SDL_Color BACKGROUND = {24, 26, 38, 255}, BLOCK = {90, 110, 150, 255}, LIFT = {120, 200, 120, 255},
                       PLAYER = {255, 200, 40, 255};

/* A point of the level (y up, in units) on the screen (y down, in pixels). */
static SDL_FPoint to_screen(float x, float y) {
    SDL_FPoint p = {5 + x * SCALE, 300 - y * SCALE};
    return p;
}

/* A box of the level: its top on screen is its max y. */
static void fill_box(SDL_Renderer *r, c2d_Aabb box, SDL_Color c) {
    SDL_FPoint top_left = to_screen(box.min.x, box.max.y), bottom_right = to_screen(box.max.x, box.min.y);
    SDL_FRect rect = {top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y};
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRectF(r, &rect);
}

static void draw(SDL_Renderer *r, const Level *level) {
    SDL_SetRenderDrawColor(r, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    SDL_RenderClear(r);
    fill_box(r, level_bounds(level, level->ground), BLOCK);
    fill_box(r, level_bounds(level, level->ledge), BLOCK);
    fill_box(r, level_bounds(level, level->lift), LIFT);
    /* The character as its bounding box: SDL2 draws no round shapes. */
    fill_box(r, level_bounds(level, level->player), PLAYER);
}
/* --8<-- [end:draw] */

/* Whether the pixel at a point of the level is colour `c`. */
static bool shows(SDL_Renderer *r, float x, float y, SDL_Color c) {
    SDL_FPoint p = to_screen(x, y);
    SDL_Rect pixel = {(int)p.x, (int)p.y, 1, 1};
    Uint8 rgba[4];
    if (SDL_RenderReadPixels(r, &pixel, SDL_PIXELFORMAT_ABGR8888, rgba, 4) != 0) return false;
    return rgba[0] == c.r && rgba[1] == c.g && rgba[2] == c.b;
}

int main(int argc, char **argv) {
    int frames = -1;
    if (argc == 3 && !strcmp(argv[1], "--frames")) frames = atoi(argv[2]);
    /* --8<-- [start:loop] */
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("collide2d: ride the lift", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          WIDTH, HEIGHT, 0);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (!renderer) {
        fprintf(stderr, "no window: %s\n", SDL_GetError());
        return 1;
    }
    Level level;
    level_create(&level);
    bool running = true;
    for (int frame = 0; running && frame != frames; frame++) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_QUIT) running = false;
        }
        const Uint8 *keys = SDL_GetKeyboardState(NULL);
        int run = keys[SDL_SCANCODE_RIGHT] - keys[SDL_SCANCODE_LEFT];
        level_update(&level, run, keys[SDL_SCANCODE_SPACE]); /* the level's own step of 1/60 s */
        draw(renderer, &level);
        SDL_RenderPresent(renderer); /* waits for the display's refresh (vsync) */
    }
    /* --8<-- [end:loop] */
    int failed = 0;
    if (frames >= 0) {
        /* Carried: on the lift, as far along as it went, and drawn there. */
        c2d_Vec2 at = level_position(&level);
        bool on_lift = same_collider(level.controller.floor, level.lift);
        printf("after %d frames the character is at (%.2f, %.2f), on the lift: %s\n", frames, at.x, at.y,
               on_lift ? "true" : "false");
        draw(renderer, &level); /* SDL may have discarded the presented picture: read a fresh one */
        failed = !on_lift || !shows(renderer, at.x, at.y, PLAYER) || !shows(renderer, at.x, -0.1f, LIFT) ||
                 !shows(renderer, 9, 1, BACKGROUND);
        if (failed) fprintf(stderr, "sdl_platform: not on the lift, or not drawn there\n");
    }
    level_destroy(&level);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return failed;
}
