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
