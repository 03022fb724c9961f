// The package's queries in Node, against answers worked out by hand.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

const close = (a, b, tol = 1e-5) => Math.abs(a - b) <= tol;
const near = (v, x, y) => close(v.x, x) && close(v.y, y);

test('a disc half into a wall is pushed out along the wall normal by the overlap', () => {
  const player = c2d.circle({ x: 1.5, y: 0 }, 1);
  const wall = c2d.box([2, -5], [3, 5]);
  assert.equal(c2d.intersects(player, wall), true);
  const hit = c2d.contact(wall, player);
  assert.ok(near(hit.normal, -1, 0), JSON.stringify(hit));
  assert.equal(hit.depth, 0.5);
  assert.ok(near(hit.pushOutB, -0.5, 0));
  assert.equal(hit.points.length, 1);
  assert.ok(close(hit.points[0].onA.x, 2) && close(hit.points[0].onB.x, 2.5));
});

test('vectors go in as objects or arrays and come out as objects', () => {
  const a = c2d.segment([0, 0], { x: 4, y: 0 });
  assert.deepEqual(a.b, { x: 4, y: 0 });
  assert.equal(Object.isFrozen(a), true);
  assert.throws(() => c2d.circle('here', 1), TypeError);
});

test('touching counts as intersecting, with a contact of depth 0', () => {
  const a = c2d.box([0, 0], [1, 1]);
  const b = c2d.box([1, 0], [2, 1]);
  assert.equal(c2d.intersects(a, b), true);
  assert.equal(c2d.contact(a, b).depth, 0);
  assert.equal(c2d.closestPoints(a, b), null);
  assert.equal(c2d.distance(a, b), 0);
});

test('two squares flat against each other touch at two points', () => {
  const a = c2d.polygon([[0, 0], [2, 0], [2, 2], [0, 2]]);
  const b = c2d.orientedBox([2.5, 1], [1, 0.5]);
  const hit = c2d.contact(a, b);
  assert.ok(near(hit.normal, 1, 0), JSON.stringify(hit));
  assert.ok(close(hit.depth, 0.5));
  assert.equal(hit.points.length, 2);
});

test('distances and closest points of shapes apart', () => {
  const player = c2d.circle([1.5, 0], 1);
  const rock = c2d.polygon([[6, 0], [8, 0], [7, 2]]);
  assert.ok(close(c2d.distance(player, rock), 3.5));
  const p = c2d.closestPoints(player, rock);
  assert.ok(close(p.distance, 3.5) && close(p.onA.x, 2.5) && close(p.onB.x, 6));
  const pill = c2d.capsule([0, 5], [4, 5], 0.5);
  assert.ok(close(c2d.distance(pill, c2d.point([2, 7])), 1.5));
  assert.equal(c2d.contains(c2d.box([0, 0], [7.5, 10]), rock), false);
  assert.equal(c2d.contains(c2d.box([0, -1], [10, 10]), rock), true);
});

test('shapes that cannot be built throw the library message; foreign objects are refused', () => {
  assert.throws(() => c2d.circle([0, 0], -1), /radius/);
  assert.throws(() => c2d.circle([0, Number.NaN], 1), /not finite/);
  assert.throws(() => c2d.polygon([[0, 0], [1, 0], [0.2, 0.2], [0, 1]]), Error);
  assert.throws(() => c2d.polygon([[0, 0], [1, 1]]), Error);
  assert.throws(() => c2d.intersects({ kind: 'circle', center: { x: 0, y: 0 }, radius: 1 }, c2d.point([0, 0])), TypeError);
});

test('a ray meets the nearest face, misses what it passes, and starts inside at 0', () => {
  const wall = c2d.box([2, -5], [3, 5]);
  const hit = c2d.castRay(wall, [0, 0], [10, 0]);
  assert.ok(close(hit.distance, 2) && near(hit.point, 2, 0) && near(hit.normal, -1, 0));
  assert.equal(c2d.castRay(wall, [0, 0], [1, 0], 1.5), null);
  assert.equal(c2d.castRay(wall, [0, 6], [1, 0]), null);
  assert.equal(c2d.castRay(wall, [2.5, 0], [1, 0]).distance, 0);
  assert.throws(() => c2d.castRay(wall, [0, 0], [0, 0]), /direction/);
});

test('a disc cast at a box touches when the gap closes', () => {
  const ball = c2d.circle([0, 0], 1);
  const wall = c2d.box([3, -5], [4, 5]);
  const hit = c2d.castShape(ball, [4, 0], wall);
  assert.ok(close(hit.time, 0.5) && near(hit.normal, 1, 0) && near(hit.point, 3, 0), JSON.stringify(hit));
  assert.equal(hit.startedOverlapping, false);
  assert.equal(c2d.castShape(ball, [0, 4], wall), null);
  assert.equal(c2d.castShape(ball, [2, 0], wall, [-2, 0]).time, 0.5);
  assert.equal(c2d.castShape(c2d.circle([3.5, 0], 1), [1, 0], wall).startedOverlapping, true);
});

test('a concave polygon: a box in its notch is apart, pushed out of an arm the short way', () => {
  // A U whose notch (x from 1 to 2, above y = 1) is a corridor one unit wide.
  const u = c2d.concavePolygon([[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]]);
  assert.equal(c2d.intersects(u, c2d.box([1.1, 1.5], [1.9, 2.5])), false);
  assert.equal(c2d.intersects(c2d.circle([1.5, 2], 0.4), u), false);
  // A box as wide as the corridor, 0.2 into the left arm: back into the corridor.
  const hit = c2d.contact(u, c2d.box([0.8, 1.5], [1.8, 2.5]));
  assert.ok(near(hit.normal, 1, 0) && close(hit.depth, 0.2), JSON.stringify(hit));
  assert.ok(close(c2d.castRay(u, [1.5, 2], [-1, 0]).distance, 0.5));
  u.free();
  assert.throws(() => c2d.intersects(u, c2d.point([0.5, 0.5])), /freed/);
  u.free(); // twice is harmless
});

test('a polygon with a hole holds what is in the hole apart', () => {
  const frame = c2d.concavePolygon([[0, 0], [4, 0], [4, 4], [0, 4]], [[[1, 1], [3, 1], [3, 3], [1, 3]]]);
  assert.equal(c2d.intersects(frame, c2d.circle([2, 2], 0.5)), false);
  assert.equal(c2d.intersects(frame, c2d.circle([2, 2], 1.5)), true);
  assert.equal(c2d.contains(frame, c2d.point([0.5, 2])), true);
  assert.ok(close(c2d.distance(c2d.circle([2, 2], 0.5), frame), 0.5));
  assert.throws(() => c2d.concavePolygon([[0, 0], [1, 1], [1, 0], [0, 1]]), Error);
  frame.free();
});

test('a traced ring of pixels is one polygon with a hole, which holds a disc in it apart', () => {
  // 6 × 6 pixels, the border two pixels wide solid, the middle 2 × 2 empty.
  const width = 6, height = 6;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= 2 && x < 4 && y >= 2 && y < 4;
      data[(y * width + x) * 4 + 3] = inside ? 0 : 255;
    }
  }
  const [ring, ...others] = c2d.trace({ data, width, height }, { detail: 'exact' });
  assert.equal(others.length, 0);
  assert.equal(ring.outline.length, 4);
  assert.equal(ring.holes.length, 1);
  assert.equal(c2d.intersects(ring, c2d.circle([3, 3], 0.5)), false);
  assert.equal(c2d.intersects(ring, c2d.circle([3, 3], 1.5)), true);
  assert.throws(() => c2d.trace({ data, width, height: 7 }), Error);
  assert.throws(() => c2d.trace({ data, width, height }, { detail: 'fine' }), /detail/);
  ring.free();
});

test('errors from a query are thrown with the library message, and the next query is unaffected', () => {
  const rock = c2d.polygon([[0, 0], [2, 0], [1, 2]]);
  const pebble = c2d.circle([1, 0.5], 0.25);
  assert.equal(c2d.intersects(rock, pebble), true);
  rock.free();
  rock.free(); // a second free is harmless
  for (const query of [c2d.intersects, c2d.contains, c2d.contact, c2d.closestPoints, c2d.distance]) {
    assert.throws(() => query(rock, pebble), /freed/, query.name);
    assert.throws(() => query(pebble, rock), /freed/, query.name);
  }
  assert.throws(() => c2d.castRay(pebble, [0, 0], [1, 0], NaN), /maxDistance/);
  assert.throws(() => c2d.castShape(pebble, [NaN, 0], pebble), /finite/);
  // A polygon made after the free takes the freed slot; the old object still refuses.
  const other = c2d.polygon([[5, 5], [6, 5], [5, 6]]);
  assert.throws(() => c2d.distance(rock, pebble), /freed/);
  assert.ok(Math.abs(c2d.distance(other, c2d.point([5, 4])) - 1) < 1e-6);
  assert.equal(c2d.intersects(pebble, pebble), true);
});

test('the module reuses a freed polygon slot under a new generation', async () => {
  const module = await import('../pkg/collide2d_js.js');
  const triangle = Float32Array.of(0, 0, 1, 0, 0, 1);
  const first = module.storeConvex(triangle);
  module.release(first);
  const second = module.storeConvex(triangle);
  assert.equal(second % 2 ** 32, first % 2 ** 32); // the same slot
  assert.equal(Math.floor(second / 2 ** 32), Math.floor(first / 2 ** 32) + 1); // the next generation
  module.release(second);
});
