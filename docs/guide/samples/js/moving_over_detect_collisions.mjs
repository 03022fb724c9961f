// Moving over from detect-collisions: the same tasks in detect-collisions 9 and in collide2d,
// each pair asserted to agree, or to differ as the page says. The guide's page
// (docs/guide/pages/moving-over/detect-collisions.md) shows this file's marked sections side by
// side; crates/collide2d-js/test/guide-moving-over.test.mjs runs it.
import assert from 'node:assert/strict';
import { System } from 'detect-collisions';
import * as c2d from 'collide2d';

await c2d.init();
const close = (a, b) => Math.abs(a - b) < 1e-4;

// A level: a wall and a coin; a player box that walked into both. y down, as on a canvas.
// --8<-- [start:theirs-world]
// Bodies go into a System; a Box is placed by its top-left corner. checkOne calls back once for
// each body the player overlaps, with a Response whose overlapV pushes the player out.
const system = new System();
const wall = system.createBox({ x: 100, y: 0 }, 50, 200, { isStatic: true });
const coin = system.createCircle({ x: 95, y: 30 }, 4, { isTrigger: true });
const player = system.createBox({ x: 90, y: 20 }, 20, 40);
const theirs = new Map();
system.checkOne(player, ({ b, overlapV }) => {
  theirs.set(b === wall ? 'wall' : 'coin', { x: overlapV.x, y: overlapV.y });
});
// --8<-- [end:theirs-world]
// --8<-- [start:ours-world]
// Colliders go into a World, each shape in its own frame at a position; a step reports the pairs
// that started touching, with the contact (normal from a to b, depth), none for a sensor.
const world = new c2d.World();
const brick = world.insert(c2d.box([0, 0], [50, 200]), { position: [100, 0] });
const gem = world.insert(c2d.circle([0, 0], 4), { position: [95, 30], sensor: true });
const me = world.insert(c2d.box([0, 0], [20, 40]), { position: [90, 20] });
const ours = new Map();
for (const { a, b, contact } of world.step().started) {
  const other = a === me ? b : a;
  // The push that moves `me` out: along the normal when `me` is b, against it when it is a.
  const sign = a === me ? -1 : 1;
  ours.set(other === brick ? 'wall' : 'coin', contact && { x: sign * contact.normal.x * contact.depth, y: sign * contact.normal.y * contact.depth });
}
// --8<-- [end:ours-world]
assert.deepEqual([...theirs.keys()].sort(), ['coin', 'wall']);
assert.deepEqual([...ours.keys()].sort(), ['coin', 'wall']);
// detect-collisions' overlapV is subtracted from the player; ours is added to it.
assert.ok(close(theirs.get('wall').x, 10) && close(ours.get('wall').x, -10) && close(ours.get('wall').y, 0));
assert.equal(ours.get('coin'), null); // a sensor reports the touch, with no push
console.log(`wall: detect-collisions overlapV ${JSON.stringify(theirs.get('wall'))}, collide2d push ${JSON.stringify(ours.get('wall'))}`);

// A ray across the level, from the left.
// --8<-- [start:theirs-ray]
const ray = system.raycast({ x: 0, y: 100 }, { x: 300, y: 100 });
const theirHit = ray && ray.point.x;
// --8<-- [end:theirs-ray]
// --8<-- [start:ours-ray]
const ourHit = world.castRay([0, 100], [1, 0], { maxDistance: 300 });
// --8<-- [end:ours-ray]
assert.ok(close(theirHit, 100) && ourHit.id === brick && close(ourHit.point.x, 100));

// Where they differ: a concave body. detect-collisions cuts a concave polygon into convex parts
// and adds up the pushes out of each part; collide2d answers for the whole outline.
// --8<-- [start:concave]
// A cup (a U, 80 wide, its walls 20 thick) and a crate spawned inside its bottom-right corner,
// across the line where detect-collisions cuts the floor from the right wall.
const cupOutline = [[0, 0], [80, 0], [80, 50], [60, 50], [60, 20], [20, 20], [20, 50], [0, 50]];
const crateCorners = [[70, 8], [74, 8], [74, 12], [70, 12]];
const dc = new System();
const theirCup = dc.createPolygon({ x: 0, y: 0 }, cupOutline.map(([x, y]) => ({ x, y })));
const theirCrate = dc.createPolygon({ x: 0, y: 0 }, crateCorners.map(([x, y]) => ({ x, y })));
assert.ok(dc.checkCollision(theirCrate, theirCup));
const theirPush = { x: -dc.response.overlapV.x, y: -dc.response.overlapV.y }; // moves the crate
const ourCup = c2d.concavePolygon(cupOutline);
const ourCrate = c2d.polygon(crateCorners);
const ourPush = c2d.contact(ourCup, ourCrate).pushOutB; // moves the crate
// --8<-- [end:concave]
assert.equal(theirCup.isConvex, false);
// The floor part pushes it 1 one way along the cut, the wall part 3 the other: the sum, (-2, -2),
// moves it along the corner and leaves it as stuck as it was. The whole cup's shortest way out
// is 10 to the right.
assert.ok(close(theirPush.x, -2) && close(theirPush.y, -2));
assert.ok(close(ourPush.x, 10) && close(ourPush.y, 0));
const at = (push) => c2d.polygon(crateCorners.map(([x, y]) => [x + push.x, y + push.y]));
assert.ok(close(c2d.contact(ourCup, at(theirPush)).depth, 10)); // still 10 deep
assert.equal(c2d.contact(ourCup, at(ourPush)).depth, 0); // free, touching the cup
const show = ({ x, y }) => `(${x.toFixed(2)}, ${y.toFixed(2)})`;
console.log(`crate in the corner: detect-collisions pushes by ${show(theirPush)}, collide2d by ${show(ourPush)}`);
