// sfml_sprites: polygons from vertices, from shapes and traced from sprites, colliding concave
// against concave in a collide2d world, drawn red while they touch with the push-out drawn, in
// SFML 2 through collide2d's C API. The founding SFML document's demo.
//
// Keys: L cycles the level of detail the sprites are traced at (exact, optimal, more, less) and
// traces them again; space pauses; Escape quits. The window's title shows the level and the
// traced polygons' vertex counts.
//
// Headless, for CI: --frames N plays N frames and quits, --level K starts at level K (0-3),
// --screenshot out.bmp saves the last frame, --report prints a point inside each collider and
// whether it touches anything. --sprites DIR reads the sprites from DIR.

#include <SFML/Graphics.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "collide2d.h"

namespace {

const unsigned kWidth = 900, kHeight = 600;
const char *const kLevelNames[] = {"exact", "optimal", "more", "less"};

[[noreturn]] void fail(const char *what) {
    std::fprintf(stderr, "sfml_sprites: %s: %s\n", what, c2d_last_error());
    std::exit(1);
}

void check(c2d_Status status, const char *what) {
    if (status != C2D_OK) fail(what);
}

c2d_Vec2 vec(float x, float y) {
    c2d_Vec2 p = {x, y};
    return p;
}

// A collider on screen: its polygon (owned, or borrowed from a trace), where it is, and the
// sprite drawn under it (if any).
struct Body {
    std::string name;
    const c2d_Polygon *polygon = nullptr;
    c2d_Polygon *owned = nullptr;
    const sf::Texture *texture = nullptr;
    float x = 0, y = 0, angle = 0, scale = 1;
    c2d_ColliderId id = c2d_null_id();
    bool touching = false;
};

c2d_Transform placement(const Body &b) {
    c2d_Transform t = c2d_make_transform(vec(b.x, b.y), b.angle);
    t.scale = vec(b.scale, b.scale);
    return t;
}

sf::Vector2f place(const Body &b, c2d_Vec2 p) {
    float c = std::cos(b.angle) * b.scale, s = std::sin(b.angle) * b.scale;
    return {b.x + c * p.x - s * p.y, b.y + s * p.x + c * p.y};
}

// A point inside the collider on screen: the middle of its first convex piece.
sf::Vector2f inside(const Body &b) {
    const c2d_Vec2 *pts;
    int32_t n;
    check(c2d_polygon_piece(b.polygon, 0, &pts, &n), "c2d_polygon_piece");
    float x = 0, y = 0;
    for (int32_t i = 0; i < n; i++) {
        x += pts[i].x / n;
        y += pts[i].y / n;
    }
    return place(b, vec(x, y));
}

void draw(sf::RenderWindow &window, const Body &b) {
    if (b.texture) {
        sf::Sprite sprite(*b.texture);
        sprite.setPosition(b.x, b.y);
        sprite.setRotation(b.angle * 180.0f / 3.14159265f);
        sprite.setScale(b.scale, b.scale);
        window.draw(sprite);
    }
    const sf::Color fill = b.touching ? sf::Color(230, 30, 30, 150) : sf::Color(30, 190, 70, 150);
    int32_t holes, pieces;
    check(c2d_polygon_counts(b.polygon, &holes, &pieces), "c2d_polygon_counts");
    for (int32_t k = 0; k < pieces; k++) {
        const c2d_Vec2 *pts;
        int32_t n;
        check(c2d_polygon_piece(b.polygon, k, &pts, &n), "c2d_polygon_piece");
        sf::ConvexShape piece(static_cast<std::size_t>(n));
        for (int32_t i = 0; i < n; i++) piece.setPoint(static_cast<std::size_t>(i), place(b, pts[i]));
        piece.setFillColor(fill);
        window.draw(piece);
    }
    for (int32_t ring = -1; ring < holes; ring++) {
        const c2d_Vec2 *pts;
        int32_t n;
        check(c2d_polygon_ring(b.polygon, ring, &pts, &n), "c2d_polygon_ring");
        sf::VertexArray line(sf::LineStrip, static_cast<std::size_t>(n) + 1);
        for (int32_t i = 0; i <= n; i++) {
            line[static_cast<std::size_t>(i)] = sf::Vertex(place(b, pts[i % n]), sf::Color::White);
        }
        window.draw(line);
    }
}

struct Scene {
    c2d_World *world = nullptr;
    std::vector<Body> bodies;
    c2d_Traced *traced[2] = {nullptr, nullptr};
    sf::Texture textures[2];
    sf::Image images[2];
    int level = 1;

    void add(Body b) {
        c2d_ColliderDef def = c2d_default_collider_def();
        def.shape = c2d_shape_polygon(b.polygon);
        def.transform = placement(b);
        check(c2d_world_insert(world, &def, &b.id), "c2d_world_insert");
        bodies.push_back(b);
    }

    // Traces both sprites at the current level; their bodies are the first polygon of each.
    void trace_sprites(std::string &counts) {
        const c2d_Detail details[] = {C2D_DETAIL_EXACT, C2D_DETAIL_OPTIMAL, C2D_DETAIL_MORE, C2D_DETAIL_LESS};
        for (int k = 0; k < 2; k++) {
            c2d_traced_destroy(traced[k]);
            const sf::Vector2u size = images[k].getSize();
            check(c2d_trace_rgba(images[k].getPixelsPtr(), static_cast<int32_t>(size.x), static_cast<int32_t>(size.y),
                                 static_cast<int32_t>(size.x * 4), 127, details[level], 1000000, &traced[k]),
                  "c2d_trace_rgba");
            const c2d_Polygon *first;
            check(c2d_traced_polygon(traced[k], 0, &first), "c2d_traced_polygon");
            bodies[static_cast<std::size_t>(k)].polygon = first;
            int32_t n;
            check(c2d_polygon_info(first, nullptr, nullptr, &n), "c2d_polygon_info");
            counts += (k ? ", " : "") + std::to_string(n);
            // The world keeps its own copy of the shape: insert it again.
            Body &b = bodies[static_cast<std::size_t>(k)];
            if (b.id.index != C2D_NULL_INDEX) check(c2d_world_remove(world, b.id), "c2d_world_remove");
            c2d_ColliderDef def = c2d_default_collider_def();
            def.shape = c2d_shape_polygon(first);
            def.transform = placement(b);
            check(c2d_world_insert(world, &def, &b.id), "c2d_world_insert");
        }
    }
};

}  // namespace

int main(int argc, char **argv) {
    int frames = -1;
    bool report = false;
    const char *screenshot = nullptr;
    std::string sprites = SPRITES_DIR;
    Scene scene;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) frames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--level") && i + 1 < argc) scene.level = std::atoi(argv[++i]) & 3;
        else if (!std::strcmp(argv[i], "--screenshot") && i + 1 < argc) screenshot = argv[++i];
        else if (!std::strcmp(argv[i], "--sprites") && i + 1 < argc) sprites = argv[++i];
        else if (!std::strcmp(argv[i], "--report")) report = true;
        else {
            std::fprintf(stderr, "usage: sfml_sprites [--frames N] [--level 0-3] [--screenshot out.bmp] [--report] [--sprites DIR]\n");
            return 2;
        }
    }
    const char *files[2] = {"playerShip2_orange.png", "meteorGrey_big3.png"};
    for (int k = 0; k < 2; k++) {
        if (!scene.images[k].loadFromFile(sprites + "/" + files[k]) || !scene.textures[k].loadFromImage(scene.images[k])) {
            std::fprintf(stderr, "sfml_sprites: could not load %s/%s\n", sprites.c_str(), files[k]);
            return 1;
        }
    }
    check(c2d_world_create(&scene.world), "c2d_world_create");

    // The traced sprites: the player's ship (moving) and a meteor.
    Body ship, meteor;
    ship.name = "ship (traced)";
    ship.texture = &scene.textures[0];
    meteor.name = "meteor (traced)";
    meteor.texture = &scene.textures[1];
    meteor.x = 560;
    meteor.y = 40;
    meteor.scale = 1.6f;
    ship.scale = 1.3f;
    scene.bodies = {ship, meteor};
    std::string counts;
    scene.trace_sprites(counts);

    // From vertices: a concave U, open at the top, whose notch the ship flies into.
    c2d_Vec2 u[] = {{0, 0}, {60, 0}, {60, 150}, {240, 150}, {240, 0}, {300, 0}, {300, 210}, {0, 210}};
    Body cup;
    cup.name = "U (from vertices)";
    check(c2d_polygon_create(u, 8, nullptr, nullptr, 0, &cup.owned), "c2d_polygon_create");
    cup.polygon = cup.owned;
    cup.x = 60;
    cup.y = 360;
    scene.add(cup);
    // From shapes: a circle and a capsule made polygons.
    Body disc, pill;
    c2d_Shape circle = c2d_shape_circle(vec(0, 0), 55);
    check(c2d_polygon_from_shape(&circle, 24, &disc.owned), "c2d_polygon_from_shape");
    disc.name = "disc (from a circle)";
    disc.polygon = disc.owned;
    disc.x = 500;
    disc.y = 470;
    scene.add(disc);
    c2d_Shape capsule = c2d_shape_capsule(vec(-70, 0), vec(70, 0), 30);
    check(c2d_polygon_from_shape(&capsule, 16, &pill.owned), "c2d_polygon_from_shape");
    pill.name = "capsule (from a capsule)";
    pill.polygon = pill.owned;
    pill.x = 760;
    pill.y = 420;
    pill.angle = 0.6f;
    scene.add(pill);

    sf::RenderWindow window(sf::VideoMode(kWidth, kHeight), "collide2d: sprites");
    window.setFramerateLimit(frames < 0 ? 60 : 0);
    bool paused = false;
    float t = 0;
    std::vector<std::pair<sf::Vector2f, sf::Vector2f>> pushes;
    for (int frame = 0; window.isOpen() && frame != frames; frame++) {
        sf::Event e;
        while (window.pollEvent(e)) {
            if (e.type == sf::Event::Closed) window.close();
            if (e.type == sf::Event::KeyPressed) {
                if (e.key.code == sf::Keyboard::Escape) window.close();
                if (e.key.code == sf::Keyboard::Space) paused = !paused;
                if (e.key.code == sf::Keyboard::L) {
                    scene.level = (scene.level + 1) % 4;
                    counts.clear();
                    scene.trace_sprites(counts);
                }
            }
        }
        if (!paused) t += 1.0f / 60.0f;
        // The ship sweeps a figure of eight over the scene, turning a little as it goes.
        Body &s = scene.bodies[0];
        s.x = 380 + 300 * std::sin(t * 0.5f);
        s.y = 250 + 160 * std::sin(t);
        s.angle = 0.3f * std::sin(t * 0.7f);
        check(c2d_world_set_transform(scene.world, s.id, placement(s)), "c2d_world_set_transform");
        c2d_Events events;
        check(c2d_world_step(scene.world, &events), "c2d_world_step");
        pushes.clear();
        for (Body &b : scene.bodies) {
            bool touching;
            check(c2d_world_collider_info(scene.world, b.id, nullptr, nullptr, &touching), "c2d_world_collider_info");
            b.touching = touching;
        }
        // The pairs touching now (started or still touching): the push-out of each pair's first
        // collider out of the second, drawn from its deepest point.
        for (int pass = 0; pass < 2; pass++) {
            const c2d_ContactEvent *list = pass ? events.ongoing : events.started;
            int32_t n = pass ? events.ongoing_count : events.started_count;
            for (int32_t i = 0; i < n; i++) {
                const c2d_Contact &c = list[i].contact;
                if (c.point_count == 0) continue;
                sf::Vector2f from(c.points[0].point_a.x, c.points[0].point_a.y);
                pushes.push_back({from, from + sf::Vector2f(-c.normal.x * c.depth, -c.normal.y * c.depth)});
            }
        }
        window.setTitle("collide2d: sprites traced at level " + std::string(kLevelNames[scene.level]) + " (" + counts +
                        " vertices; L to change)");
        window.clear(sf::Color(24, 26, 34));
        for (const Body &b : scene.bodies) draw(window, b);
        for (const auto &p : pushes) {
            // A yellow bar three pixels wide from the deepest point along the push-out.
            sf::Vector2f along = p.second - p.first;
            float length = std::sqrt(along.x * along.x + along.y * along.y);
            sf::RectangleShape bar(sf::Vector2f(length, 3));
            bar.setOrigin(0, 1.5f);
            bar.setPosition(p.first);
            bar.setRotation(std::atan2(along.y, along.x) * 180.0f / 3.14159265f);
            bar.setFillColor(sf::Color(250, 220, 40));
            window.draw(bar);
        }
        window.display();
    }
    if (screenshot) {
        sf::Texture shot;
        shot.create(kWidth, kHeight);
        shot.update(window);
        if (!shot.copyToImage().saveToFile(screenshot)) {
            std::fprintf(stderr, "sfml_sprites: could not save %s\n", screenshot);
            return 1;
        }
    }
    if (report) {
        std::printf("level %s vertices %s\n", kLevelNames[scene.level], counts.c_str());
        for (const Body &b : scene.bodies) {
            sf::Vector2f p = inside(b);
            std::printf("%s|%.1f %.1f %s\n", b.name.c_str(), p.x, p.y, b.touching ? "colliding" : "apart");
        }
    }
    for (Body &b : scene.bodies) c2d_polygon_destroy(b.owned);
    c2d_traced_destroy(scene.traced[0]);
    c2d_traced_destroy(scene.traced[1]);
    c2d_world_destroy(scene.world);
    return 0;
}
