// Loading: shapes refuse to be made before init(), and init() takes the module's bytes when a
// bundler or server keeps the .wasm somewhere else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as c2d from '../pkg/index.js';

test('nothing works before init(), and init(bytes) loads the module from them', async () => {
  assert.throws(() => c2d.circle([0, 0], 1), /await init\(\)/);
  assert.throws(() => new c2d.World(), /await init\(\)/);
  const bytes = await readFile(new URL('../pkg/collide2d_js_bg.wasm', import.meta.url));
  const loading = c2d.init(bytes);
  assert.equal(c2d.init(), loading); // later calls share the first
  await loading;
  assert.equal(c2d.intersects(c2d.circle([0, 0], 1), c2d.point([1, 0])), true);
});
