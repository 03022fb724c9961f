// Loading: shapes can be made before init() (the module checks and stores them when it loads),
// queries and worlds cannot; init() takes the module's bytes when a bundler or server keeps the
// .wasm somewhere else. (Each test file runs in a process of its own: here the module starts
// unloaded.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as c2d from '../pkg/index.js';

test('shapes made before init() answer once it has loaded; queries and worlds wait for it', async () => {
  const disc = c2d.circle([0, 0], 1);
  const rock = c2d.polygon([[0.5, 0], [3, 0], [3, 2]]);
  const cave = c2d.concavePolygon([[0, 0], [6, 0], [6, 6], [4, 6], [4, 2], [2, 2], [2, 6], [0, 6]]);
  const grid = c2d.tileMap({ ids: [1, 0], width: 2, height: 1 });
  const gone = c2d.polygon([[0, 0], [1, 0], [0, 1]]);
  gone.free(); // freed before it was ever made: never made
  assert.throws(() => c2d.intersects(disc, rock), /await init\(\)/);
  assert.throws(() => c2d.contact(disc, rock), /await init\(\)/);
  assert.throws(() => c2d.castRay(disc, [0, 0], [1, 0]), /await init\(\)/);
  assert.throws(() => grid.setTile(0, 0, 0), /await init\(\)/);
  assert.throws(() => new c2d.World(), /await init\(\)/);
  assert.throws(() => new c2d.CharacterController(), /await init\(\)/);
  const bytes = await readFile(new URL('../pkg/collide2d_js_bg.wasm', import.meta.url));
  const loading = c2d.init(bytes);
  assert.equal(c2d.init(), loading); // later calls share the first
  await loading;
  assert.equal(c2d.intersects(disc, rock), true);
  assert.equal(c2d.intersects(c2d.circle([1, 3], 0.5), cave), true);
  assert.equal(c2d.intersects(c2d.point([0.5, 0.5]), grid), true);
  assert.equal(grid.tileId(1, 0), 0);
  assert.throws(() => c2d.intersects(gone, disc), /has been freed/);
  const world = new c2d.World();
  world.insert(rock);
  assert.deepEqual(world.collidersOverlapping(disc).length, 1);
  world.free();
});
