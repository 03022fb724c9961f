// Tile maps from JavaScript: the library answers, the binding only carries ids and tile shapes.
// A floor four cells wide is four solid cells with three seams between them; no answer may come
// from a seam.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

// Two open rows, then a floor (y down, as Tiled draws): 4 × 3 cells of 16 pixels.
const floorIds = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1];
const floor = () => c2d.tileMap({ ids: floorIds, width: 4, height: 3, cellSize: [16, 16] });

test('a ball sunk into a floor across a seam is pushed straight up', () => {
  const map = floor();
  const c = c2d.contact(map, c2d.circle([32, 30], 4));
  assert.deepEqual([c.normal.x, c.normal.y, c.depth], [0, -1, 2]);
  assert.equal(c2d.intersects(map, c2d.circle([32, 20], 4)), false);
  map.free();
});

test('a ray down onto the line between two cells hits the top, and a slope tile turns it', () => {
  const map = floor();
  const hit = c2d.castRay(map, [32, 0], [0, 1], 100);
  assert.deepEqual([hit.distance, hit.normal.x, hit.normal.y], [32, 0, -1]);
  // A 45° slope (solid below the diagonal rising to the right), flipped left to right.
  const hill = c2d.tileMap({ ids: [2 | 0x80000000], width: 1, height: 1, tiles: { 2: [[0, 1], [1, 0], [1, 1]] } });
  const down = c2d.castRay(hill, [0.75, -1], [0, 1], 10);
  assert.ok(Math.abs(down.distance - 1.75) < 1e-6, JSON.stringify(down));
  assert.ok(Math.abs(down.normal.x - Math.SQRT1_2) < 1e-6 && Math.abs(down.normal.y + Math.SQRT1_2) < 1e-6);
  hill.free();
  map.free();
});

test('cells change one at a time, in a shape and in a world', () => {
  const map = floor();
  assert.equal(map.tileId(1, 2), 1);
  map.setTile(1, 2, 0);
  assert.equal(map.tileId(1, 2), 0);
  assert.equal(map.tileId(9, 9), undefined);
  assert.equal(c2d.intersects(map, c2d.point([24, 40])), false);
  assert.throws(() => map.setTile(1, 2, 7), /unknown tile id 7/);
  const world = new c2d.World();
  const level = world.insert(floor());
  const ball = world.insert(c2d.circle([32, 30], 4));
  assert.equal(world.step().started.length, 1);
  world.setTile(level, 1, 2, 0);
  world.setTile(level, 2, 2, 0);
  assert.deepEqual(world.step().stopped, [[level, ball]]);
  assert.throws(() => world.setTile(ball, 0, 0, 1), /not a tile map/);
  map.free();
});

test('a character runs over a floor of 200 tiles without snagging', () => {
  const ids = [...Array(200).fill(0), ...Array(200).fill(1)];
  const world = new c2d.World();
  world.insert(c2d.tileMap({ ids, width: 200, height: 2 }));
  const me = world.insert(c2d.box([0.6, 0.2], [1.4, 0.99]));
  for (let frame = 0; frame < 100; frame++) {
    const before = world.aabb(me).min.x;
    const r = world.moveAndSlide(me, [0.1, 0.02], { up: [0, -1] });
    assert.ok(Math.abs(world.aabb(me).min.x - before - 0.1) < 1e-4, `frame ${frame}: ${JSON.stringify(r)}`);
  }
});

test('bad maps are refused saying what is wrong', () => {
  assert.throws(() => c2d.tileMap({ ids: [1, 0], width: 3, height: 1 }), /ids/);
  assert.throws(() => c2d.tileMap({ ids: [1], width: 1, height: 1, tiles: { 1: [[0, 0], [2, 0], [0, 1]] } }), /tile 1.*outside the cell/);
  assert.throws(() => c2d.tileMap({ ids: [1], width: 1, height: 1, cellSize: [0, 1] }), /cell width/);
});
