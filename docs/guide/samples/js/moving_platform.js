// Getting started in JavaScript: a character on a moving platform. The level is a collide2d World
// with a ground, a ledge and a lift that ferries across the gap between them; a
// CharacterController moves the character and carries it on the lift. No drawing and nothing
// of Node or of the browser here: getting_started.js plays it in Node and checks the numbers
// that docs/guide/pages/getting-started/javascript.md quotes, and canvas_platform.js draws it in
// a page. The same level as the Python and C samples', so the numbers are the same too.

// --8<-- [start:level]
import { World, CharacterController, box, capsule } from 'collide2d';

export const DT = 1 / 60; // seconds a frame
const GRAVITY = 20; // units a second, each second
const RUN = 4; // units a second
const JUMP = 9; // units a second, upwards

/** A route: wait at `start`, go to `end` at `speed` units a second, wait, come back. */
export class Lift {
  constructor(start, end, speed, wait) {
    Object.assign(this, { start, end, speed, wait });
  }

  /** Where the lift is `t` seconds after the start. */
  at(t) {
    const [[x0, y0], [x1, y1]] = [this.start, this.end];
    const travel = Math.hypot(x1 - x0, y1 - y0) / this.speed;
    t %= 2 * (this.wait + travel);
    const clamp = (s) => Math.min(Math.max(s, 0), travel);
    const k = (clamp(t - this.wait) - clamp(t - 2 * this.wait - travel)) / travel;
    return [x0 + k * (x1 - x0), y0 + k * (y1 - y0)];
  }
}

/** The game without its window: y up, in units (a character is 1.8 tall). */
export class Level {
  constructor() {
    this.world = new World();
    this.ground = this.world.insert(box([0, -1], [4, 0]));
    this.ledge = this.world.insert(box([14, -1], [18, 0]));
    // A lift 3 wide, its top level with the ground and the ledge: it ferries across the gap.
    this.route = new Lift([5.5, -0.25], [12.5, -0.25], 2, 0.5);
    this.lift = this.world.insert(box([-1.5, -0.25], [1.5, 0.25]), { position: this.route.at(0) });
    // A capsule 1.8 tall and 0.8 wide, standing on the lift (its centre 0.9 above its feet).
    this.start = [5.5, 0.91];
    this.player = this.world.insert(capsule([0, -0.5], [0, 0.5], 0.4), { position: this.start });
    // snapDistance keeps the character on a floor that drops away under it.
    this.controller = new CharacterController({ snapDistance: 0.3 });
    this.velocityY = 0;
    this.onFloor = false;
    this.time = 0;
  }

  /** One frame: `run` from -1 (left) to 1 (right), `jump` whether the jump key is down. */
  update(run = 0, jump = false) {
    this.time += DT;
    // The platforms move first...
    this.world.setTransform(this.lift, this.route.at(this.time));
    // ...then the characters: the controller carries the character by as far as its floor
    // moved since its last move, then moves it and slides it along what it meets.
    if (jump && this.onFloor) this.velocityY = JUMP;
    this.velocityY -= GRAVITY * DT;
    const moved = this.controller.moveAndSlide(this.world, this.player, [run * RUN * DT, this.velocityY * DT]);
    this.onFloor = moved.onFloor;
    if (moved.onFloor) this.velocityY = 0;
    // Fell into the gap: back to the start, and the floor it stood on is forgotten.
    if (this.position().y < -10) {
      this.world.setTransform(this.player, this.start);
      this.controller.forgetFloor();
    }
    return moved;
  }

  position() {
    return this.world.position(this.player);
  }
}
// --8<-- [end:level]
