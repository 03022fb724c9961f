// The package's World in Node: events, layers, sensors, transforms, scene queries and the mover,
// against answers worked out by hand.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

const close = (a, b, tol = 1e-5) => Math.abs(a - b) <= tol;
const near = (v, x, y, tol = 1e-5) => close(v.x, x, tol) && close(v.y, y, tol);
const unit = () => c2d.box([-0.5, -0.5], [0.5, 0.5]);

test('a step reports pairs that start, go on and stop touching, with the normal from a to b', () => {
  const world = new c2d.World();
  const floor = world.insert(c2d.box([-10, -1], [10, 0]));
  const ball = world.insert(c2d.circle([0, 0], 0.5), { position: [0, 5] });
  assert.deepEqual(world.step(), { started: [], ongoing: [], stopped: [] });
  world.setTransform(ball, [0, 0.4]);
  let events = world.step();
  assert.equal(events.started.length, 1);
  const [hit] = events.started;
  assert.deepEqual([hit.a, hit.b], [floor, ball]);
  assert.ok(near(hit.contact.normal, 0, 1) && close(hit.contact.depth, 0.1), JSON.stringify(hit));
  assert.deepEqual(world.touching(ball), [floor]);
  assert.equal(world.isColliding(ball), true);
  world.setTransform(ball, [0, 0.3]);
  events = world.step();
  assert.equal(events.started.length, 0);
  assert.ok(close(events.ongoing[0].contact.depth, 0.2), JSON.stringify(events));
  // The full contact, without a step: the point on the floor's top and on the ball's bottom.
  const full = world.contact(floor, ball);
  assert.ok(near(full.pushOutB, 0, 0.2) && near(full.points[0].onB, 0, -0.2), JSON.stringify(full));
  assert.equal(world.remove(ball), true);
  assert.deepEqual(world.step().stopped, [[floor, ball]]);
  assert.equal(world.remove(ball), false);
  assert.throws(() => world.setTransform(ball, [0, 0]), /no collider/);
  for (const junk of [-1, 0.5, NaN, Infinity, 2 ** 53, floor + 2 ** 32]) {
    assert.throws(() => world.position(junk), /no collider/, String(junk));
  }
  world.free();
});

test('stepArrays gives the same events as step, as typed arrays', () => {
  const world = new c2d.World();
  const ids = [];
  for (let i = 0; i < 20; i++) ids.push(world.insert(unit(), { position: [i * 0.9, 0] }));
  const arrays = world.stepArrays();
  assert.ok(arrays.started instanceof Float64Array);
  assert.equal(arrays.started.length, 19 * 5); // neighbours overlap by 0.1, no one else
  world.setTransform(ids[0], [-5, 0]);
  const objects = world.step();
  assert.deepEqual(objects.stopped, [[ids[0], ids[1]]]);
  // Back within 0.85 of its neighbour at 0.9: they overlap by 0.15.
  world.setTransforms(Float64Array.of(ids[0]), Float32Array.of(0.05, 0, 0));
  const again = world.stepArrays();
  assert.deepEqual(Array.from(again.started.subarray(0, 2)), [ids[0], ids[1]]);
  assert.ok(close(again.started[4], 0.15), String(again.started));
  assert.equal(again.ongoing.length, 18 * 5);
  assert.equal(again.stopped.length, 0);
  world.free();
});

test('layers and masks decide which pairs meet; sensors meet without a contact', () => {
  const world = new c2d.World();
  const PLAYER = 1, ENEMY = 2, PICKUP = 4;
  const player = world.insert(unit(), { layer: PLAYER, mask: ENEMY | PICKUP });
  const enemy = world.insert(unit(), { position: [0.5, 0], layer: ENEMY, mask: PLAYER });
  const other = world.insert(unit(), { position: [-0.5, 0], layer: ENEMY, mask: PLAYER });
  const coin = world.insert(c2d.circle([0, 0], 0.2), { position: [0, 0.6], layer: PICKUP, sensor: true });
  const pairs = world.step().started.map((e) => [e.a, e.b, e.contact === null]);
  // The enemies overlap each other but neither's mask holds ENEMY.
  assert.deepEqual(pairs.sort(), [[player, enemy, false], [player, other, false], [player, coin, true]].sort());
  world.setFilter(enemy, { layer: ENEMY, mask: ENEMY });
  assert.deepEqual(world.step().stopped.sort(), [[player, enemy]]);
  assert.throws(() => world.insert(unit(), { scale: [Infinity, 1] }), /finite/);
  assert.equal(world.size, 4); // the refused insert left nothing behind
  world.free();
});

test('transforms: scale, rotation, parents, and many at once', () => {
  const world = new c2d.World();
  const crate = world.insert(unit(), { position: [3, 0] });
  world.setTransform(crate, [3, 0], Math.PI / 4, 2);
  const t = world.transform(crate);
  assert.ok(near(t.position, 3, 0) && close(t.rotation, Math.PI / 4) && near(t.scale, 2, 2), JSON.stringify(t));
  const half = Math.SQRT2; // a 2 × 2 square turned 45° reaches √2 from its centre
  const box = world.aabb(crate);
  assert.ok(near(box.min, 3 - half, -half, 1e-5) && near(box.max, 3 + half, half, 1e-5), JSON.stringify(box));
  const lamp = world.insert(c2d.circle([0, 0], 0.1), { position: [0, 1], parent: crate });
  assert.ok(near(world.position(lamp), 3 - half, half, 1e-5), JSON.stringify(world.position(lamp)));
  world.setTransforms([crate], [10, 0, 0, 1, 1]);
  assert.ok(near(world.position(lamp), 10, 1), JSON.stringify(world.position(lamp)));
  // Detached, its transform is what it was relative to the parent, now relative to the world.
  world.setParent(lamp, null);
  world.setTransform(crate, [20, 0]);
  assert.ok(near(world.position(lamp), 0, 1), JSON.stringify(world.position(lamp)));
  assert.throws(() => world.setTransforms([crate, lamp], [1, 2, 3, 4]), /2 ids take 6 pose numbers/);
  assert.throws(() => world.setTransform(lamp, [0, 0], 0, [2, 1]), Error); // a disc stretched is no disc
  assert.throws(() => world.setTransform(crate, [NaN, 0]), /finite/);
  world.setShape(crate, c2d.circle([0, 0], 3));
  assert.deepEqual(world.collidersAtPoint([22.5, 0]), [crate]);
  world.free();
});

test('rays and casts find the nearest collider first, and filters skip what they should', () => {
  const world = new c2d.World();
  const far = world.insert(c2d.box([8, -1], [9, 1]), { layer: 2 });
  const near_ = world.insert(c2d.box([3, -1], [4, 1]));
  const ghost = world.insert(c2d.box([1, -1], [2, 1]), { sensor: true });
  const first = world.castRay([0, 0], [1, 0]);
  assert.deepEqual(first, { id: near_, distance: 3, point: { x: 3, y: 0 }, normal: { x: -1, y: 0 } });
  assert.deepEqual(world.castRayAll([0, 0], [2, 0]).map((h) => [h.id, h.distance]), [[near_, 3], [far, 8]]);
  assert.deepEqual(world.castRayAll([0, 0], [1, 0], { sensors: true }).map((h) => h.id), [ghost, near_, far]);
  assert.equal(world.castRay([0, 0], [1, 0], { ignore: [near_] }).id, far);
  assert.equal(world.castRay([0, 0], [1, 0], { mask: 1, layer: 1 }).id, near_);
  assert.equal(world.castRay([0, 0], [1, 0], { ignore: [near_], mask: 1 }), null); // far is on layer 2
  assert.equal(world.castRay([0, 0], [1, 0], { maxDistance: 2.5 }), null);
  assert.throws(() => world.castRay([0, 0], [0, 0]), Error);
  // A disc of radius 0.5 moving 10 right touches the near box when its centre reaches 2.5.
  const hit = world.castShape(c2d.circle([0, 0], 0.5), [10, 0]);
  assert.ok(hit.id === near_ && close(hit.time, 0.25) && near(hit.normal, -1, 0), JSON.stringify(hit));
  assert.deepEqual(world.castShapeAll(c2d.circle([0, 0], 0.5), [10, 0]).map((h) => h.id), [near_, far]);
  assert.equal(world.castShape(c2d.circle([0, 0], 0.5), [1, 0]), null);
  const inside = world.castShape(c2d.circle([3.5, 0], 0.1), [1, 0]);
  assert.ok(inside.startedOverlapping && inside.time === 0);
  assert.deepEqual(world.collidersAtPoint([8.5, 0.5]), [far]);
  assert.deepEqual(world.collidersOverlapping(c2d.segment([0, 0], [3.5, 0])).sort(), [near_, ghost].sort());
  assert.deepEqual(world.collidersInBox([4.5, -5], [7.9, 5]), []);
  world.free();
});

test('moveAndSlide lands, walks, steps up ledges and reports what it met, y up or y down', () => {
  const world = new c2d.World();
  const floor = world.insert(c2d.box([-10, -1], [10, 0]));
  const crate = world.insert(unit(), { position: [3, 0.5] });
  const player = world.insert(c2d.box([-0.4, -0.9], [0.4, 0.9]), { position: [0, 3] });
  const fall = world.moveAndSlide(player, [0, -5]);
  assert.ok(fall.onFloor && fall.floor === floor && near(fall.floorNormal, 0, 1), JSON.stringify(fall));
  assert.ok(close(world.position(player).y, 0.91, 1e-3) && close(fall.remaining.y, -2.91, 1e-3));
  const walk = world.moveAndSlide(player, [5, 0]);
  assert.ok(walk.onWall && near(walk.wallNormal, -1, 0) && walk.touched[0].id === crate, JSON.stringify(walk));
  assert.ok(close(world.position(player).x, 2.09, 1e-3));
  // With steps a crate high allowed, the same walk climbs it and stands on its top.
  const climb = world.moveAndSlide(player, [1, 0], { stepHeight: 1.1 });
  assert.ok(climb.onFloor && climb.floor === crate, JSON.stringify(climb));
  assert.ok(near(world.position(player), 3.09, 1.91, 1e-3), JSON.stringify(world.position(player)));
  assert.throws(() => world.moveAndSlide(player, [1, 0], { up: [0, 2] }), /unit/);
  assert.throws(() => world.moveAndSlide(player, [1, 0], { skin: -1 }), /skin/);
  world.free();

  // On a screen, y points down: the floor is below (larger y) and up is [0, -1].
  const screen = new c2d.World();
  const ground = screen.insert(c2d.box([0, 400], [800, 420]));
  const hero = screen.insert(c2d.box([-10, -20], [10, 20]), { position: [100, 300] });
  const down = screen.moveAndSlide(hero, [0, 100], { up: [0, -1], skin: 0.5 });
  assert.ok(down.onFloor && down.floor === ground && near(down.floorNormal, 0, -1), JSON.stringify(down));
  const wrongUp = screen.moveAndSlide(hero, [0, 10], { skin: 0.5 });
  assert.ok(!wrongUp.onFloor && wrongUp.onCeiling, JSON.stringify(wrongUp));
  screen.free();
});

test('a one-way platform lets a character jump up through it and land on it', () => {
  const world = new c2d.World();
  const ledge = world.insert(c2d.box([-5, 2], [5, 2.5]), { oneWay: [0, 1] });
  const player = world.insert(c2d.box([-0.4, -0.9], [0.4, 0.9]), { position: [0, 0] });
  const jump = world.moveAndSlide(player, [0, 4]);
  assert.ok(!jump.onCeiling && close(world.position(player).y, 4), JSON.stringify(jump));
  const land = world.moveAndSlide(player, [0, -3]);
  assert.ok(land.onFloor && land.floor === ledge && close(world.position(player).y, 3.41, 1e-3), JSON.stringify(land));
  world.setOneWay(ledge, null);
  world.setTransform(player, [0, 0]);
  assert.ok(world.moveAndSlide(player, [0, 4]).onCeiling);
  world.free();
});

test('on a 30° slope, stopOnSlope holds a character still under gravity; off, it slides down', () => {
  const world = new c2d.World();
  const rise = Math.tan(Math.PI / 6);
  world.insert(c2d.polygon([[-20, -20 * rise], [20, -20 * rise], [20, 20 * rise]]));
  const player = world.insert(c2d.box([-0.4, -0.9], [0.4, 0.9]), { position: [0, 3] });
  world.moveAndSlide(player, [0, -10]); // lands on the slope
  const still = world.moveAndSlide(player, [0, -0.2]);
  assert.ok(still.onFloor && Math.abs(still.moved.x) < 1e-4 && Math.abs(still.moved.y) < 1e-4, JSON.stringify(still));
  const slide = world.moveAndSlide(player, [0, -0.2], { stopOnSlope: false });
  assert.ok(slide.moved.x < -0.01 && slide.moved.y < -0.005, JSON.stringify(slide)); // down to the left
  world.free();
});

test('the module answers a first-hit ray with one hit, not all of them', async () => {
  const module = await import('../pkg/collide2d_js.js');
  const { keyOf } = await import('../pkg/wasm.js');
  const inner = new module.World();
  for (const x of [3, 6, 9]) inner.insert(keyOf(c2d.box([x, -1], [x + 1, 1]), 'box'), 0, 0, 0);
  const ray = Float32Array.of(0, 0, 1, 0);
  const filter = Float64Array.of(0xffffffff, 0xffffffff, 0);
  assert.deepEqual(Array.from(inner.castRay(ray, Infinity, false, filter).slice(0, 2)), [0, 3]);
  assert.equal(inner.castRay(ray, Infinity, false, filter).length, 6);
  assert.equal(inner.castRay(ray, Infinity, true, filter).length, 18);
  inner.free();
});

test('a refused setTransforms moves nothing', () => {
  const world = new c2d.World();
  const a = world.insert(c2d.circle([0, 0], 1));
  const b = world.insert(c2d.circle([0, 0], 1));
  // The second circle flattened by a zero scale: the first must stay where it was.
  assert.throws(() => world.setTransforms([a, b], [5, 0, 0, 1, 1, 0, 0, 0, 0, 1]), /zero size/);
  assert.deepEqual(world.position(a), { x: 0, y: 0 });
  world.free();
});

test('a NaN limit is refused by rays and casts alike', () => {
  const world = new c2d.World();
  const pebble = c2d.circle([0, 0], 0.1);
  world.insert(c2d.box([3, -1], [4, 1]));
  assert.throws(() => world.castRay([0, 0], [1, 0], { maxDistance: NaN }), /maxDistance/);
  assert.throws(() => world.castRayAll([0, 0], [1, 0], { maxDistance: NaN }), /maxDistance/);
  assert.throws(() => world.castShape(pebble, [10, 0], { maxTime: NaN }), /maxTime/);
  assert.throws(() => world.castShapeAll(pebble, [10, 0], { maxTime: NaN }), /maxTime/);
  assert.throws(() => c2d.castRay(pebble, [-5, 0], [1, 0], NaN), /maxDistance/);
  assert.throws(() => c2d.castShape(pebble, [1, 0], pebble, [0, 0], NaN), /maxTime/);
  world.free();
});

test('a freed world says so, as a freed polygon does', () => {
  const world = new c2d.World();
  const id = world.insert(unit());
  world.free();
  const uses = {
    insert: () => world.insert(unit()),
    size: () => world.size,
    setTransforms: () => world.setTransforms([id], [1, 2, 0]),
    step: () => world.step(),
    castRay: () => world.castRay([0, 0], [1, 0]),
    moveAndSlide: () => world.moveAndSlide(id, [1, 0]),
  };
  for (const [name, use] of Object.entries(uses)) assert.throws(use, /this world has been freed/, name);
  world.free(); // a second free is harmless
});
