// Moving over from SAT.js: the same tasks in SAT.js 0.9 and in collide2d, each pair asserted to
// agree, or to differ as the page says. The guide's page (docs/guide/pages/moving-over/sat-js.md)
// shows this file's marked sections side by side; crates/collide2d-js/test/guide-moving-over.test.mjs
// runs it.
import assert from 'node:assert/strict';
import SAT from 'sat';
import * as c2d from 'collide2d';

await c2d.init();
const close = (a, b) => Math.abs(a - b) < 1e-5;

// A player box walks into a wall, y down (as on a canvas).
// --8<-- [start:theirs-push]
// A Box is placed by its top-left corner and turned into a polygon; testPolygonPolygon fills a
// Response whose overlapV, subtracted from the first shape's position, pushes it out.
const V = (x, y) => new SAT.Vector(x, y);
const player = new SAT.Box(V(90, 40), 20, 40).toPolygon();
const wall = new SAT.Box(V(100, 0), 50, 200).toPolygon();
const response = new SAT.Response();
assert.ok(SAT.testPolygonPolygon(player, wall, response));
player.pos.sub(response.overlapV); // the player steps back out of the wall
const theirs = { normal: response.overlapN, depth: response.overlap, playerX: player.pos.x };
// --8<-- [end:theirs-push]
// --8<-- [start:ours-push]
// A box is made from its two corners; contact(a, b) gives the normal from a to b, the depth,
// and pushOutB, the shortest move of b out of a (so a moves by its opposite).
let me = c2d.box([90, 40], [110, 80]);
const brick = c2d.box([100, 0], [150, 200]);
const hit = c2d.contact(me, brick);
const back = { x: -hit.pushOutB.x, y: -hit.pushOutB.y };
me = c2d.box([90 + back.x, 40 + back.y], [110 + back.x, 80 + back.y]);
const ours = { normal: hit.normal, depth: hit.depth, playerX: 90 + back.x };
// --8<-- [end:ours-push]
assert.ok(close(theirs.normal.x, ours.normal.x) && close(theirs.normal.y, ours.normal.y));
assert.ok(close(theirs.depth, 10) && close(ours.depth, 10) && close(theirs.playerX, 80) && close(ours.playerX, 80));
assert.ok(c2d.intersects(me, brick) && c2d.contact(me, brick).depth === 0); // now only touching
console.log(`push: SAT.js ${theirs.depth} back to x = ${theirs.playerX}, collide2d ${ours.depth} to x = ${ours.playerX}`);

// A coin (a circle) and whether the player's box holds it whole.
// --8<-- [start:theirs-coin]
const coin = new SAT.Circle(V(100, 60), 5);
const box = new SAT.Box(V(80, 40), 40, 40).toPolygon();
const r = new SAT.Response();
const touches = SAT.testPolygonCircle(box, coin, r);
const holds = r.bInA; // the second shape lies wholly in the first
// --8<-- [end:theirs-coin]
// --8<-- [start:ours-coin]
const coin2 = c2d.circle([100, 60], 5);
const box2 = c2d.box([80, 40], [120, 80]);
const touches2 = c2d.intersects(box2, coin2);
const holds2 = c2d.contains(box2, coin2);
// --8<-- [end:ours-coin]
assert.ok(touches && touches2 && holds && holds2);

// Where they differ: a concave shape. SAT.js takes convex polygons only; given an L it answers
// for something else. collide2d's concavePolygon is the L itself.
// --8<-- [start:concave]
const L = [[0, 0], [10, 0], [10, 2], [2, 2], [2, 10], [0, 10]];
const inTheBend = [6, 6]; // a point in the open corner of the L, outside it
const satL = new SAT.Polygon(V(0, 0), L.map(([x, y]) => V(x, y)));
assert.equal(SAT.pointInPolygon(V(...inTheBend), satL), true); // wrong: not in the L
const ourL = c2d.concavePolygon(L);
assert.equal(c2d.intersects(ourL, c2d.point(inTheBend)), false); // right
// --8<-- [end:concave]
console.log('concave L: SAT.js says the point in its bend is inside; collide2d says it is not');
