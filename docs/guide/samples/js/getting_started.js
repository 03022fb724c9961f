// Getting started in JavaScript, in Node: a first query between two shapes, a first world of
// colliders that reports which pairs start and stop touching, then four seconds of a character
// riding a lift (moving_platform.js). The guide's page
// (docs/guide/pages/getting-started/javascript.md) shows this file's marked sections; the
// asserts make CI fail (crates/collide2d-js/test/guide.test.mjs runs it) when an answer drifts
// from the page.
import assert from 'node:assert/strict';

// --8<-- [start:load]
import { init, circle, box, orientedBox, intersects, contact, World } from 'collide2d';
import { Level } from './moving_platform.js';

// Loads the WebAssembly module once, before the first query: in Node from the package's folder.
await init();
// --8<-- [end:load]

// --8<-- [start:query]
// Shapes are checked when they are made: a negative radius throws at once.
const player = circle([3, 1.4], 0.5);
const floor = box([0, 0], [10, 1]);
try {
  circle([0, 0], -1);
} catch (e) {
  console.log('refused:', e.message);
}

// Do they touch? Touching counts: shapes are closed.
assert.equal(intersects(player, floor), true);

// Which way and how far to push the player out, and where they touch.
const hit = contact(floor, player);
assert.deepEqual(hit.normal, { x: 0, y: 1 }); // from the first shape (the floor) towards the second
assert.ok(Math.abs(hit.depth - 0.1) < 1e-6);
const restsAt = player.center.y + hit.pushOutB.y;
console.log(`push the player up by ${hit.depth.toFixed(2)}: it rests at y = ${restsAt.toFixed(2)}`);
// --8<-- [end:query]

// --8<-- [start:world]
// A world holds many colliders, each with a transform; the game keeps its own data by id.
const world = new World();
const ball = world.insert(circle([0, 0], 0.5), { position: [3, 1.4] });
const names = new Map([[ball, 'ball']]);
names.set(world.insert(floor), 'floor');
names.set(world.insert(orientedBox([8, 3], [0.5, 0.5], 0.3)), 'crate');

// Each step reports the pairs that started touching, still touch, and stopped.
let events = world.step();
for (const e of events.started) {
  console.log(`${names.get(e.a)} and ${names.get(e.b)} started touching, ${e.contact.depth.toFixed(2)} deep`);
}
assert.equal(events.started.length, 1);

// Move the ball onto the crate: the ball leaves the floor and meets the crate.
world.setTransform(ball, [8, 3.8]);
events = world.step();
assert.deepEqual([events.started.length, events.stopped.length], [1, 1]);
const [e] = events.started;
assert.deepEqual(new Set([names.get(e.a), names.get(e.b)]), new Set(['ball', 'crate']));
// Its memory is the module's: free it now rather than when it is collected.
world.free();
// --8<-- [end:world]

// --8<-- [start:ride]
const level = new Level();
const x0 = level.position().x;
let carried = 0;
let framesOnLift = 0;
// 4 seconds, nobody at the keys.
for (let frame = 0; frame < 240; frame++) {
  const moved = level.update();
  carried += moved.platformMotion.x;
  if (level.controller.floor === level.lift) framesOnLift++;
}
const { x, y } = level.position();
const liftX = level.world.position(level.lift).x;
console.log(`the lift is at x = ${liftX.toFixed(2)}; the character rode it from x = ${x0.toFixed(2)} to (${x.toFixed(2)}, ${y.toFixed(2)})`);
console.log(`the lift carried it ${carried.toFixed(2)} units; it stood on the lift ${framesOnLift} frames of 240`);
// --8<-- [end:ride]

// The numbers the page quotes.
assert.ok(Math.abs(liftX - 12.5) < 1e-4 && Math.abs(x - 12.5) < 1e-3 && Math.abs(y - 0.91) < 0.01);
assert.ok(Math.abs(carried - 7) < 1e-3 && framesOnLift === 240);
