// initSync: the module loaded at once from its bytes or a WebAssembly.Module (bundlers that inline
// the .wasm, workers handed the module); a shape made before it that cannot be made is named by
// the error it throws, and the others work. (A process of its own: the module starts unloaded.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as c2d from '../pkg/index.js';

test('initSync loads from a WebAssembly.Module and names a shape made before it that is wrong', async () => {
  assert.throws(() => c2d.initSync('collide2d_js_bg.wasm'), /initSync takes the \.wasm's bytes/);
  const ball = c2d.circle([0, 0], 1);
  const bad = c2d.circle([0, 0], -1); // no module yet to say what is wrong
  const bytes = readFileSync(new URL('../pkg/collide2d_js_bg.wasm', import.meta.url));
  const module = new WebAssembly.Module(bytes);
  assert.throws(() => c2d.initSync(module), /a shape made before init\(\) could not be made: .*radius/);
  // The module is loaded all the same: the good shape answers, the bad one says why it cannot.
  assert.equal(c2d.intersects(ball, c2d.point([1, 0])), true);
  assert.throws(() => c2d.intersects(bad, ball), /could not be made/);
  c2d.initSync(bytes); // loaded already: nothing to do
  await c2d.init(); // resolves at once
  assert.throws(() => c2d.circle([0, 0], -1), /radius/); // checked at once now
});

test('a simple shape whose slot in the ring was taken is made again from its numbers', async () => {
  // The module keeps the last 65,536 simple shapes made; older ones are made again when used.
  const first = c2d.circle([0, 0], 1);
  const probe = c2d.point([0.5, 0]);
  for (let i = 0; i < 70_000; i++) c2d.box([i, 0], [i + 1, 1]);
  assert.equal(c2d.intersects(first, probe), true);
  assert.equal(c2d.intersects(probe, c2d.circle([5, 5], 1)), false);
  const hit = c2d.contact(first, c2d.circle([1.5, 0], 1));
  assert.ok(Math.abs(hit.depth - 0.5) < 1e-6, JSON.stringify(hit));
  // Two old shapes in one query: making the second again must not take the first's slot.
  const [a, b] = [c2d.circle([0, 0], 1), c2d.circle([10, 0], 1)];
  for (let i = 0; i < 65_535; i++) c2d.point([i, 0]);
  assert.equal(c2d.intersects(a, b), false);
  assert.equal(c2d.distance(a, b), 8);
  const world = new c2d.World();
  const id = world.insert(first, { position: [3, 0] });
  assert.deepEqual(world.collidersAtPoint([3.5, 0]), [id]);
  world.free();
});
