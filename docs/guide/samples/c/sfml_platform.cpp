// The moving-platform level (moving_platform.c, C called from C++) drawn with SFML 2: arrow keys
// to run, space to jump, ride the lift across the gap. docs/guide/pages/getting-started/c.md
// shows it.
//
// --frames N plays N frames on its own, as fast as it can, then checks that the lift carried the
// character and that the picture shows it standing on the lift (crates/collide2d-c/ci.sh runs it
// so under xvfb-run).
#include <SFML/Graphics.hpp>

#include <cstdio>
#include <cstring>
#include <memory>

#include "moving_platform.h"

namespace {

// --8<-- [start:draw]
const float kScale = 35;  // pixels a unit
const sf::Color kBackground(24, 26, 38), kBlock(90, 110, 150), kLift(120, 200, 120), kPlayer(255, 200, 40);

// A point of the level (y up, in units) on the screen (y down, in pixels).
sf::Vector2f toScreen(float x, float y) { return {5 + x * kScale, 300 - y * kScale}; }

// A box of the level: its top on screen is its max y.
sf::RectangleShape boxShape(c2d_Aabb box, sf::Color colour) {
    sf::RectangleShape shape(toScreen(box.max.x, box.min.y) - toScreen(box.min.x, box.max.y));
    shape.setPosition(toScreen(box.min.x, box.max.y));
    shape.setFillColor(colour);
    return shape;
}

void draw(sf::RenderTarget &target, const Level &level) {
    target.clear(kBackground);
    target.draw(boxShape(level_bounds(&level, level.ground), kBlock));
    target.draw(boxShape(level_bounds(&level, level.ledge), kBlock));
    target.draw(boxShape(level_bounds(&level, level.lift), kLift));
    // The capsule from its box: a circle at each end and the box between their centres.
    c2d_Aabb box = level_bounds(&level, level.player);
    float radius = (box.max.x - box.min.x) / 2;
    for (float y : {box.min.y + radius, box.max.y - radius}) {
        sf::CircleShape end(radius * kScale);
        end.setOrigin(radius * kScale, radius * kScale);
        end.setPosition(toScreen((box.min.x + box.max.x) / 2, y));
        end.setFillColor(kPlayer);
        target.draw(end);
    }
    c2d_Aabb middle = {{box.min.x, box.min.y + radius}, {box.max.x, box.max.y - radius}};
    target.draw(boxShape(middle, kPlayer));
}
// --8<-- [end:draw]

}  // namespace

int main(int argc, char **argv) {
    int frames = -1;
    if (argc == 3 && !std::strcmp(argv[1], "--frames")) frames = std::atoi(argv[2]);
    // --8<-- [start:loop]
    sf::RenderWindow window(sf::VideoMode(640, 360), "collide2d: ride the lift");
    window.setFramerateLimit(frames < 0 ? 60 : 0);  // 60 frames a second, the level's step
    // The world is freed with the level, however main returns.
    std::unique_ptr<Level, void (*)(Level *)> level(new Level, [](Level *l) {
        level_destroy(l);
        delete l;
    });
    level_create(level.get());
    for (int frame = 0; window.isOpen() && frame != frames; frame++) {
        sf::Event event;
        while (window.pollEvent(event)) {
            if (event.type == sf::Event::Closed) window.close();
        }
        using Key = sf::Keyboard;
        double run = Key::isKeyPressed(Key::Right) - Key::isKeyPressed(Key::Left);
        level_update(level.get(), run, Key::isKeyPressed(Key::Space));
        draw(window, *level);
        window.display();
    }
    // --8<-- [end:loop]
    if (frames < 0) return 0;
    // Carried: on the lift, as far along as it went, and drawn there.
    c2d_Vec2 at = level_position(level.get());
    bool onLift = same_collider(level->controller.floor, level->lift);
    std::printf("after %d frames the character is at (%.2f, %.2f), on the lift: %s\n", frames, at.x, at.y,
                onLift ? "true" : "false");
    sf::RenderTexture picture;
    if (!picture.create(640, 360)) return 1;
    draw(picture, *level);
    picture.display();
    sf::Image image = picture.getTexture().copyToImage();
    auto shows = [&](float x, float y, sf::Color colour) {
        sf::Vector2f p = toScreen(x, y);
        return image.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y)) == colour;
    };
    if (!onLift || !shows(at.x, at.y, kPlayer) || !shows(at.x, -0.1f, kLift) || !shows(9, 1, kBackground)) {
        std::fprintf(stderr, "sfml_platform: not on the lift, or not drawn there\n");
        return 1;
    }
    return 0;
}
