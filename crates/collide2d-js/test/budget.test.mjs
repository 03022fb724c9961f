// The work budget: no contact or step takes more than about a frame, whatever the shapes. A
// push that the budget cut short still separates, and says it is not proven the shortest.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

// The outline of a star of `n` vertices alternating between radii 100 and 50.
function starOutline(n) {
  const points = [];
  for (let k = 0; k < n; k++) {
    const r = k % 2 === 0 ? 100 : 50;
    points.push([r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n)]);
  }
  return points;
}

const star = (n) => c2d.concavePolygon(starOutline(n));

// The inputs that froze a call before the budget and the O(n log n) build, each answered now.
// Not timed here (the Rust crate's adversarial bench measures the times): each took from 9 s
// to more than 30 s before (the builds alone, quadratic then, minutes), so the timeout of 30 s
// a test would have failed them; each takes 1 to 3 s now.
const FROZE_BEFORE = { timeout: 30_000 };

test('an 80,000-vertex star is built, and a disc deep inside a 400,000-vertex one gets its push', FROZE_BEFORE, () => {
  // Before: the build 9.1 s at 80,000 vertices; contact with the disc more than 30 s.
  const built = star(80_000);
  assert.ok(c2d.intersects(built, c2d.circle([99.99, 0], 0.001)));
  const big = star(400_000);
  const disc = c2d.circle([3, 1], 0.4);
  const push = c2d.contact(big, disc);
  // The core's inner vertices lie 50 out, so the disc is at least 46.4 from leaving it; a cut
  // push is no shorter than the shortest and still separates.
  assert.ok(push !== null && push.depth >= 46.4 && push.depth <= 100.5, JSON.stringify(push));
  const moved = c2d.circle([3 + push.pushOutB.x * 1.001, 1 + push.pushOutB.y * 1.001], 0.4);
  assert.ok(!c2d.intersects(big, moved));
});

test('a world holding a 300,000-vertex collider with a disc inside steps', FROZE_BEFORE, () => {
  // Before: World.step 24 to more than 30 s.
  const world = new c2d.World();
  const big = world.insert(star(300_000));
  const disc = world.insert(c2d.circle([3, 1], 0.4));
  const { started } = world.step();
  assert.equal(started.length, 1);
  assert.deepEqual([started[0].a, started[0].b].sort(), [big, disc].sort());
  assert.ok(started[0].contact.depth >= 46.4, JSON.stringify(started[0].contact));
  world.free();
});

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
