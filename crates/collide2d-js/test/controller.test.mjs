// The character controller: moving platforms carry the character (a lift rising and moving
// sideways, a belt), as the Rust suite's scenarios (crates/collide2d/tests/common/
// controller_suite.rs) check for the library's controller, here through the package.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

// The Rust suite's platformer (tests/common/platformer.rs): 60 frames a second, gravity 20,
// steps of 0.4, snapping 0.5 down, slopes up to 50°.
const DT = 1 / 60;
const GRAVITY = 20;
const OPTIONS = { stepHeight: 0.4, snapDistance: 0.5, maxSlope: (50 * Math.PI) / 180 };
const SKIN = 0.01;

// A capsule 1.8 tall and 0.8 wide, or a box of that size, standing with its bottom at `feet`.
function character(boxy, [x, y]) {
  return boxy ? c2d.box([x - 0.4, y], [x + 0.4, y + 1.8]) : c2d.capsule([x, y + 0.4], [x, y + 1.4], 0.4);
}

// One character in a world with its controller and vertical speed, moved a frame at a time.
class Sim {
  constructor(boxy, options = OPTIONS) {
    this.world = new c2d.World();
    this.player = this.world.insert(character(boxy, [0, 0.01]));
    this.controller = new c2d.CharacterController(options);
    this.fall = 0;
    this.last = null;
  }

  // A frame: running at `run` units/s along x, under gravity (y up).
  frame(run = 0) {
    if (this.last?.onFloor) this.fall = 0;
    this.fall -= GRAVITY * DT;
    this.last = this.controller.moveAndSlide(this.world, this.player, [run * DT, this.fall * DT]);
    return this.last;
  }

  bounds() {
    return this.world.aabb(this.player);
  }

  // How deep the character is in collider `id` (0 when apart).
  depthIn(id) {
    const c = this.world.contact(id, this.player);
    return c === null ? 0 : c.depth;
  }

  free() {
    this.world.free();
    this.controller.free();
  }
}

test('a character rides a lift up and down without sinking or dropping, and sideways without being left behind', () => {
  for (const boxy of [false, true]) {
    const sim = new Sim(boxy);
    const lift = sim.world.insert(c2d.box([-3, -0.5], [3, 0]));
    sim.frame();
    // ±2 units/s, turning every second, for 10 s.
    let height = 0;
    for (let frame = 0; frame < 600; frame++) {
      height += Math.floor(frame / 60) % 2 === 0 ? 2 * DT : -2 * DT;
      sim.world.setTransform(lift, [0, height]);
      const moved = sim.frame();
      const gap = sim.bounds().min.y - height;
      const where = `boxy ${boxy}, frame ${frame}: ${gap} above the lift`;
      assert.ok(moved.onFloor && moved.floor === lift, `off the lift; ${where}`);
      assert.ok(sim.depthIn(lift) <= SKIN && gap > -SKIN, `into the lift; ${where}`);
      assert.ok(gap < 3 * SKIN, where);
    }
    // Sideways at 5 units/s: it rides along, the carry reported as the platform's motion.
    let x = 0;
    for (let frame = 0; frame < 120; frame++) {
      x += 5 * DT;
      sim.world.setTransform(lift, [x, height]);
      const moved = sim.frame();
      assert.ok(moved.onFloor, `boxy ${boxy}, frame ${frame}`);
      const b = sim.bounds();
      assert.ok(Math.abs((b.min.x + b.max.x) / 2 - x) < 1e-3, `boxy ${boxy}, frame ${frame}: left behind`);
      if (frame > 0) assert.ok(Math.abs(moved.platformMotion.x - 5 * DT) < 1e-4, JSON.stringify(moved));
    }
    sim.free();
  }
});

test('a belt carries the character, and never into a wall', () => {
  const sim = new Sim(false);
  const wall = sim.world.insert(c2d.box([3, -5], [4, 10]));
  const belt = sim.world.insert(c2d.box([-3, -0.5], [3, 0]));
  sim.frame();
  for (let frame = 1; frame <= 120; frame++) {
    sim.world.setTransform(belt, [frame * 0.1, 0]);
    const moved = sim.frame();
    assert.equal(sim.depthIn(wall), 0, `frame ${frame}: in the wall`);
    // Carried by the belt's 0.1 a frame until the wall stops it.
    if (frame === 1) assert.ok(Math.abs(moved.platformMotion.x - 0.1) < 1e-5, JSON.stringify(moved));
  }
  const b = sim.bounds();
  assert.ok(b.max.x <= 3 && b.max.x > 2.9, JSON.stringify(b));
  sim.free();
});

test('a platform carries as a plain slide: a belt stops the character at a ledge lower than a step', () => {
  const sim = new Sim(true);
  const belt = sim.world.insert(c2d.box([-3, -0.5], [3, 0]));
  sim.world.insert(c2d.box([1, 0], [2, 0.2]));
  sim.frame();
  for (let frame = 1; frame <= 20; frame++) {
    sim.world.setTransform(belt, [frame * 0.1, 0]);
    sim.frame();
  }
  const b = sim.bounds();
  assert.ok(b.max.x <= 1 && b.max.x > 0.9 && b.min.y < 0.05, JSON.stringify(b));
  sim.free();
});

test('the controller remembers the floor it ended on and forgets it when told', () => {
  const sim = new Sim(true);
  const lift = sim.world.insert(c2d.box([-3, -0.5], [3, 0]));
  assert.equal(sim.controller.floor, null);
  sim.frame();
  assert.equal(sim.controller.floor, lift);
  // Told to forget, the lift's move sideways does not carry it.
  sim.world.setTransform(lift, [0.3, 0]);
  sim.controller.forgetFloor();
  assert.equal(sim.controller.floor, null);
  const x = sim.bounds().min.x;
  assert.deepEqual(sim.frame().platformMotion, { x: 0, y: 0 });
  assert.equal(sim.bounds().min.x, x);
  // Remembered again, the next move carries it; the floor took the fall, so the carry is all it moved.
  sim.world.setTransform(lift, [0.5, 0]);
  const r = sim.frame();
  assert.ok(Math.abs(r.platformMotion.x - 0.2) < 1e-5 && Math.abs(r.platformMotion.y) < 1e-5, JSON.stringify(r));
  assert.ok(Math.abs(r.moved.x - r.platformMotion.x) < 1e-5 && Math.abs(r.moved.y - r.platformMotion.y) < 1e-5);
  sim.free();
});

test('options are read back with their defaults, changed, and refused when wrong', () => {
  const controller = new c2d.CharacterController({ stepHeight: 0.4, up: [0, -1] });
  assert.deepEqual(controller.options, {
    skin: 0.01, maxSlope: Math.PI / 4, up: { x: 0, y: -1 }, maxSlides: 4, stepHeight: 0.4, snapDistance: 0, stopOnSlope: true,
  });
  controller.options = { snapDistance: 0.5 };
  assert.equal(controller.options.snapDistance, 0.5);
  assert.equal(controller.options.stepHeight, 0); // left out: the default again
  assert.throws(() => (controller.options = { maxSlides: 0 }), /maxSlides must be a whole number/);
  assert.equal(controller.options.snapDistance, 0.5); // a refused change changes nothing
  assert.throws(() => new c2d.CharacterController({ up: [0, 2] }), /up must be a unit vector/);
  const world = new c2d.World();
  assert.throws(() => controller.moveAndSlide({}, 0, [0, 0]), /world must be a World/);
  assert.throws(() => controller.moveAndSlide(world, 12345, [0, 0]), /no collider 12345/);
  const id = world.insert(c2d.circle([0, 0], 0.5));
  assert.throws(() => controller.moveAndSlide(world, id, [NaN, 0]), /motion must be finite/);
  controller.free();
  assert.throws(() => controller.moveAndSlide(world, id, [0, 0]), /this character controller has been freed/);
  controller.free(); // a second free is harmless
  world.free();
});
