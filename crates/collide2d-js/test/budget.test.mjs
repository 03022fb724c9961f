// The work budget: no contact or step takes more than about a frame, whatever the shapes. A
// push that the budget cut short still separates, and says it is not proven the shortest.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

// A star of `n` vertices alternating between radii 100 and 50.
function star(n) {
  const points = [];
  for (let k = 0; k < n; k++) {
    const r = k % 2 === 0 ? 100 : 50;
    points.push([r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n)]);
  }
  return c2d.concavePolygon(points);
}

test('a large star on top of its copy gets a flagged push that separates, quickly', () => {
  const big = star(2000);
  const cut = c2d.contact(big, big);
  assert.ok(cut !== null && !cut.exact && cut.depth <= 200.001);
  assert.throws(() => c2d.contact(big, big, { requireExact: true }), /budget of 600000 units/);
  const u = c2d.concavePolygon([[0, 0], [6, 0], [6, 6], [4, 6], [4, 2], [2, 2], [2, 6], [0, 6]]);
  const ball = c2d.circle([1, 4], 0.5);
  const exact = c2d.contact(u, ball, { requireExact: true });
  assert.ok(exact.exact && Math.abs(exact.depth - 1.5) < 1e-4);
  assert.deepEqual(c2d.contact(u, ball, { budget: 0 }), exact);
  const starved = c2d.contact(u, ball, { budget: 1 });
  assert.ok(!starved.exact && starved.depth >= exact.depth);
  assert.throws(() => c2d.contact(u, ball, { budget: -1 }), /budget must be a whole number/);
});

test('a world shares its contact budget and flags the pairs it cuts', () => {
  const world = new c2d.World();
  assert.equal(world.contactBudget, c2d.DEFAULT_CONTACT_BUDGET);
  const u = world.insert(c2d.concavePolygon([[0, 0], [6, 0], [6, 6], [4, 6], [4, 2], [2, 2], [2, 6], [0, 6]]));
  const ball = world.insert(c2d.circle([1, 4], 0.5));
  assert.ok(world.step().started[0].contact.exact);
  assert.deepEqual(world.boundedPairs(), []);
  world.setContactBudget(1);
  assert.equal(world.contactBudget, 1);
  const cut = world.step().ongoing[0];
  assert.ok(!cut.contact.exact);
  assert.deepEqual(world.boundedPairs(), [[u, ball]]);
  assert.ok(!world.contact(u, ball).exact);
  world.setContactBudget(0);
  assert.ok(world.step().ongoing[0].contact.exact);
  assert.throws(() => world.setContactBudget(0.5), /whole number/);
});
