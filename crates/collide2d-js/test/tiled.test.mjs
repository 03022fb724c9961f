// Tiled maps loaded from their JSON (.tmj) by the library's loader: the test maps of the core
// crate, their layers as tile maps with their one-way sides and filters, their objects as shapes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as c2d from '../pkg/index.js';

const maps = new URL('../../collide2d/tests/data/maps/', import.meta.url);
const text = (name) => readFileSync(new URL(name, maps), 'utf8');

before(async () => {
  await c2d.init();
});

test('a layer loads as tile maps split by one-way side and filter, and queries take them', () => {
  const level = c2d.loadTiled(text('level.tmj'));
  const ground = level.maps.filter((m) => m.layer === 'Ground');
  assert.deepEqual(ground.map((m) => m.oneWay), [{ x: 0, y: -1 }, null]);
  const solid = ground.find((m) => m.oneWay === null);
  assert.equal(solid.map.kind, 'tileMap');
  assert.deepEqual([solid.map.cellSize, solid.filter], [{ x: 16, y: 16 }, { layer: 0xffffffff, mask: 0xffffffff }]);
  // A ray straight down onto the floor, whose top is at y = 64.
  const hit = c2d.castRay(solid.map, [8, 0], [0, 1], 1000);
  assert.deepEqual([hit.point, hit.normal], [{ x: 8, y: 64 }, { x: 0, y: -1 }]);
  const water = level.maps.find((m) => m.layer === 'Water');
  assert.deepEqual(water.filter, { layer: 4, mask: 1 });
  assert.deepEqual(level.maps.map((m) => m.layer).filter((l) => l.startsWith('Details')), ['Details/Crates']);
  for (const m of level.maps) m.map.free();
});

test('objects come through with their names, classes, shapes and properties', () => {
  const level = c2d.loadTiled(JSON.parse(text('level.tmj')));
  const byName = Object.fromEntries(level.objects.map((o) => [o.name, o]));
  const crate = byName.box;
  assert.deepEqual([crate.layer, crate.id, crate.class, crate.kind], ['Objects', 1, 'crate', 'rectangle']);
  assert.deepEqual(crate.properties, { health: 3, label: 'wooden', heavy: true, weight: 2.5 });
  assert.deepEqual([crate.shapes[0].kind, crate.shapes[0].min, crate.shapes[0].max], ['box', { x: 16, y: 16 }, { x: 48, y: 32 }]);
  assert.ok(c2d.intersects(crate.shapes[0], c2d.point([20, 20])));
  assert.deepEqual(byName.spawn.shapes[0], c2d.point([24, 56]));
  assert.equal(byName.coin.shapes[0].kind, 'circle');
  assert.equal(byName.turned.shapes[0].kind, 'orientedBox');
  assert.equal(byName.tri.shapes[0].kind, 'polygon');
  assert.equal(byName.ell.shapes[0].kind, 'concavePolygon');
  assert.ok(c2d.intersects(byName.ell.shapes[0], c2d.point([135, 75])));
  assert.ok(!c2d.intersects(byName.ell.shapes[0], c2d.point([145, 75])), 'the notch of the L is empty');
  assert.deepEqual(byName.rail.shapes.map((s) => s.kind), ['segment', 'segment']);
  assert.deepEqual([byName.flag.layer, byName.flag.class], ['Details/Markers', 'marker']);
});

test('a loaded one-way map goes into a world with its side: jumped through from below, landed on', () => {
  const level = c2d.loadTiled(text('level.tmj'));
  const ledge = level.maps.find((m) => m.layer === 'Ground' && m.oneWay?.y === -1);
  const world = new c2d.World();
  const id = world.insert(ledge.map, { oneWay: ledge.oneWay, ...ledge.filter });
  // The ledge: the top 4 pixels of cells (6, 1) and (7, 1), y 16 to 20.
  const player = world.insert(c2d.box([-4, -5], [4, 5]), { position: [112, 33] });
  const jump = world.moveAndSlide(player, [0, -30], { up: [0, -1] });
  assert.ok(!jump.onCeiling && world.position(player).y === 3, JSON.stringify(jump));
  const land = world.moveAndSlide(player, [0, 20], { up: [0, -1] });
  assert.ok(land.onFloor && land.floor === id, JSON.stringify(land));
  assert.ok(Math.abs(world.position(player).y - 11) < 0.05, `stands on the ledge: ${world.position(player).y}`);
  // Without its side the ledge blocks the jump.
  world.setOneWay(id, null);
  world.setTransform(player, [112, 33]);
  assert.ok(world.moveAndSlide(player, [0, -30], { up: [0, -1] }).onCeiling);
  world.free();
});

test('external tilesets come through readFile; errors name the file, the layer and the object', () => {
  const level = c2d.loadTiled(text('external.tmj'), { readFile: (path) => readFileSync(new URL(path, maps)) });
  assert.deepEqual(level.maps.map((m) => m.layer), ['Props']);
  assert.ok(c2d.intersects(level.maps[0].map, c2d.point([8, 8])), 'the diamond tile at (0, 0)');
  assert.throws(() => c2d.loadTiled(text('external.tmj')), /props\.tsj: no readFile was given/);
  assert.throws(
    () => c2d.loadTiled(text('external.tmj'), { readFile: () => { throw new Error('gone'); } }),
    /props\.tsj: gone/,
  );
  // The module has the loader's JSON half only (feature tiled-json): a .tsx tileset is refused.
  const xml = text('external.tmj').replace('props.tsj', 'props.tsx');
  assert.throws(() => c2d.loadTiled(xml, { readFile: (path) => readFileSync(new URL(path, maps)) }), /save it as \.tsj/);
  const flat = text('level.tmj').replace('{ "x": 16, "y": 0 }, { "x": 0, "y": 16 }', '{ "x": 16, "y": 0 }, { "x": 32, "y": 0 }');
  assert.throws(() => c2d.loadTiled(flat), /layer "Objects", object 5 "tri"/);
  assert.throws(() => c2d.loadTiled('{ "layers": 3'), /\(\.tmj text\)/);
});

test('an LDtk project loads level by level, its rules making one-way and filtered maps', () => {
  const [first, second] = c2d.loadLdtk(text('level.ldtk'));
  assert.deepEqual([first.identifier, first.origin, first.size, first.fields.music], ['Level_0', { x: 0, y: 0 }, { x: 160, y: 96 }, 'caves']);
  const walls = first.maps[0];
  assert.deepEqual([walls.layer, walls.oneWay, walls.map.origin, walls.map.width], ['Collisions', null, { x: 0, y: 32 }, 10]);
  const hit = c2d.castRay(walls.map, [152, 0], [0, 1], 1000);
  assert.deepEqual([hit.point, hit.normal], [{ x: 152, y: 48 }, { x: 0, y: -1 }]);
  const [player] = first.entities;
  assert.deepEqual([player.identifier, player.tags, player.box.min, player.box.max], ['Player', ['hero'], { x: 16, y: 40 }, { x: 32, y: 64 }]);
  assert.deepEqual(player.fields.checkpoint, { cx: 7, cy: 1 });
  assert.equal(second.identifier, 'Level_1');

  const rules = { platform: { oneWay: [0, -1] }, 3: { shape: [[0, 1], [1, 0], [1, 1]], layer: 2, mask: 3 }, 1: 'empty' };
  const [a, b] = c2d.loadLdtk(JSON.parse(text('level.ldtk')), { rules });
  const [platforms] = a.maps;
  assert.deepEqual([a.maps.length, platforms.oneWay, platforms.map.origin, platforms.map.width], [1, { x: 0, y: -1 }, { x: 96, y: 32 }, 2]);
  assert.deepEqual([b.maps.length, b.maps[0].filter, b.maps[0].map.origin], [1, { layer: 2, mask: 3 }, { x: 212, y: 56 }]);
  const world = new c2d.World();
  world.insert(platforms.map, { oneWay: platforms.oneWay, ...platforms.filter });
  assert.equal(world.castShape(c2d.circle([104, 56], 4), [0, -50]), null, 'up through it');
  assert.ok(world.castShape(c2d.circle([104, 0], 4), [0, 64]), 'lands on it');
  world.free();

  assert.throws(() => c2d.loadLdtk(text('level.ldtk'), { rules: { 3: 'half' } }), /rules\[3\]: shape is/);
  assert.throws(() => c2d.loadLdtk(text('level.ldtk'), { rules: { 3: [[0, 0], [2, 0], [0, 1]] } }), /rules\[3\]/);
  const short = readFileSync(new URL('broken/short_grid.ldtk', maps), 'utf8');
  assert.throws(() => c2d.loadLdtk(short), /level "Short", layer "Solids"/);
  assert.throws(() => c2d.loadLdtk(text('external.ldtk')), /Cave\.ldtkl: no readFile was given/);
  const apart = c2d.loadLdtk(text('external.ldtk'), { readFile: (path) => readFileSync(new URL(path, maps), 'utf8') });
  assert.ok(apart.some((l) => l.identifier === 'Cave' && l.maps.length === 1));
});
