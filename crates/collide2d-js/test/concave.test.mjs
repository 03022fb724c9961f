// Concave polygons, where the anchors go wrong. SAT.js tests only convex shapes (sat-js issues
// #28, #68, #69): fed a concave polygon it answers for something like its convex hull.
// detect-collisions 9.27.6 splits a concave polygon into convex pieces and adds up the pieces'
// overlap vectors (the remedy its maintainers give in check2d #69), which can leave a shape still
// overlapping, and then reports `overlap` as the length of the already normalised sum: always 1.
//
// Each case works the right answer out by hand and asserts collide2d gives it, then asserts what
// each anchor answers. Where an anchor is wrong the test pins the wrong answer, so that it
// documents the difference: such an assertion fails if a later release of the anchor is fixed,
// and should then be turned into an agreement.
//
// Moves: SAT.js's and detect-collisions' `check(a, b)` separate by subtracting `overlapV` from
// `a`'s position (adding it to `b`'s); collide2d's `contact(poly, shape).pushOutB` moves `shape`.
// The coordinates are y-up here except where copied from an issue; none of the libraries'
// answers depends on it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import SAT from 'sat';
import { System, Polygon as DcPolygon, Circle as DcCircle } from 'detect-collisions';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

const close = (a, b, tol = 1e-4) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
const near = (v, w) => close(v.x, w.x) && close(v.y, w.y);
const len = (v) => Math.hypot(v.x, v.y);
const neg = (v) => ({ x: -v.x, y: -v.y });

const V = (x, y) => new SAT.Vector(x, y);
const satPolygon = (points) => new SAT.Polygon(V(0, 0), points.map(([x, y]) => V(x, y)));
const boxPoints = ([x0, y0], [x1, y1]) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];

// SAT.js: whether the box (or circle) meets the polygon, and the move that SAT.js says separates
// the box (circle) from it.
function satBox(polygon, min, max) {
  const response = new SAT.Response();
  const hit = SAT.testPolygonPolygon(satPolygon(boxPoints(min, max)), satPolygon(polygon), response);
  return { hit, move: neg(response.overlapV), response };
}
function satCircle(polygon, center, radius) {
  const response = new SAT.Response();
  const hit = SAT.testPolygonCircle(satPolygon(polygon), new SAT.Circle(V(...center), radius), response);
  return { hit, move: { x: response.overlapV.x, y: response.overlapV.y }, response };
}

// detect-collisions: the same, with the polygon as one concave body in a fresh system.
function dc(polygon, body) {
  const system = new System();
  const concave = new DcPolygon({ x: 0, y: 0 }, polygon.map(([x, y]) => ({ x, y })));
  system.insert(concave);
  system.insert(body);
  const hit = system.checkCollision(body, concave);
  const r = system.response;
  return { hit, move: { x: -r.overlapV.x, y: -r.overlapV.y }, overlap: r.overlap, concave, system, body };
}
const dcBox = (polygon, min, max) =>
  dc(polygon, new DcPolygon({ x: 0, y: 0 }, boxPoints(min, max).map(([x, y]) => ({ x, y }))));
const dcCircle = (polygon, [x, y], radius) => dc(polygon, new DcCircle({ x, y }, radius));
// Whether detect-collisions still finds the body overlapping after its own move.
function dcStillHits({ system, body, concave, move }) {
  body.setPosition(body.pos.x + move.x, body.pos.y + move.y);
  return system.checkCollision(body, concave);
}

// collide2d: the box or circle moved by `v`, and the depth left against `poly` (0 when apart).
const shifted = ([x0, y0], [x1, y1], v) => c2d.box([x0 + v.x, y0 + v.y], [x1 + v.x, y1 + v.y]);
const depthLeft = (poly, shape) => c2d.contact(poly, shape)?.depth ?? 0;

// sat-js #68's L (points as in the issue, y down, the first repeated at the end).
const L = [[185, 0], [185, 160], [0, 160], [0, 270], [500, 270], [500, 0], [185, 0]];

test('sat-js #68: a box in the L\'s missing corner, 40 clear of it, is not touching', () => {
  const [min, max] = [[50, 40], [130, 120]];
  // By hand: the L's lower arm starts at y = 160 (40 below the box's 120), its upright arm at
  // x = 185 (55 right of the box's 130); the box is in neither.
  const poly = c2d.concavePolygon(L);
  const box = c2d.box(min, max);
  assert.equal(c2d.intersects(poly, box), false);
  assert.ok(close(c2d.distance(poly, box), 160 - 120));
  // SAT.js: colliding, and the box wholly inside the L (aInB). Both wrong.
  const sat = satBox(L, min, max);
  assert.equal(sat.hit, true);
  assert.equal(sat.response.aInB, true);
  assert.equal(c2d.contains(poly, box), false);
  // detect-collisions decomposes the L and gets this right.
  assert.equal(dcBox(L, min, max).hit, c2d.intersects(poly, box));
});

// A U opening upwards: floor 0..10 high, walls x 0..10 and 20..30 up to 30; the notch between.
const U = [[0, 0], [30, 0], [30, 30], [20, 30], [20, 10], [10, 10], [10, 30], [0, 30]];

test('a box in the U\'s notch, 2 clear of the floor and both walls, is not touching', () => {
  const [min, max] = [[12, 12], [18, 18]];
  const poly = c2d.concavePolygon(U);
  assert.equal(c2d.intersects(poly, c2d.box(min, max)), false);
  assert.ok(close(c2d.distance(poly, c2d.box(min, max)), 12 - 10));
  // SAT.js: colliding, 18 deep (the hull's top is at 30, the box's bottom at 12).
  const sat = satBox(U, min, max);
  assert.equal(sat.hit, true);
  assert.ok(close(sat.response.overlap, 30 - 12), JSON.stringify(sat.response));
  assert.equal(dcBox(U, min, max).hit, false);
});

test('a box sunk 2 into the notch floor is pushed up 2; SAT.js pushes it 12 down through the floor', () => {
  const [min, max] = [[12, 8], [18, 12]];
  const poly = c2d.concavePolygon(U);
  const hit = c2d.contact(poly, c2d.box(min, max));
  // By hand: up 2 puts it on the floor; any way out sideways or down is longer.
  assert.ok(close(hit.depth, 10 - 8) && near(hit.pushOutB, { x: 0, y: 10 - 8 }), JSON.stringify(hit));
  assert.equal(depthLeft(poly, shifted(min, max, hit.pushOutB)), 0);
  // SAT.js: out through the hull's bottom, 12 down (the box's top 12 to y = 0).
  const sat = satBox(U, min, max);
  assert.ok(sat.hit && near(sat.move, { x: 0, y: -12 }), JSON.stringify(sat.move));
  assert.ok(len(sat.move) > 5 * hit.depth);
  // detect-collisions moves it as collide2d does, but reports an overlap of 1, not 2.
  const d = dcBox(U, min, max);
  assert.ok(d.hit && near(d.move, hit.pushOutB), JSON.stringify(d.move));
  assert.notEqual(d.overlap, hit.depth);
  assert.ok(close(d.overlap, 1), `overlap ${d.overlap}`);
});

test('a box inside the U\'s right wall by the notch\'s corner leaves diagonally into the notch; detect-collisions\' summed move drives it deeper', () => {
  const [min, max] = [[21, 8], [25, 12]];
  const poly = c2d.concavePolygon(U);
  const box = c2d.box(min, max);
  const hit = c2d.contact(poly, box);
  // By hand: the box lies in the right wall (x 20..30), beside the notch's floor (y 0..10 under
  // x 10..20). Left 5 (off the wall at x = 20) and up 2 (onto the floor): √29. Right 9 clears
  // the U, down 12 too, up 22 over the wall; √29 is the shortest.
  assert.ok(near(hit.pushOutB, { x: 20 - 25, y: 10 - 8 }) && close(hit.depth, Math.sqrt(29)), JSON.stringify(hit));
  assert.equal(depthLeft(poly, shifted(min, max, hit.pushOutB)), 0);
  assert.equal(c2d.contains(poly, box), true);
  // SAT.js: inside, rightly, but out right by 9: it separates, but is not the shortest way.
  const sat = satBox(U, min, max);
  assert.equal(sat.response.aInB, c2d.contains(poly, box));
  assert.ok(sat.hit && near(sat.move, { x: 30 - 21, y: 0 }), JSON.stringify(sat.move));
  assert.ok(len(sat.move) > hit.depth + 3);
  // detect-collisions: the pieces' overlap vectors summed move the box down-left, deeper in.
  const d = dcBox(U, min, max);
  assert.ok(d.hit);
  assert.ok(d.move.y < 0, JSON.stringify(d.move));
  assert.ok(depthLeft(poly, shifted(min, max, d.move)) > 1);
  assert.equal(dcStillHits(d), true);
});

test('a box wider than the notch leaves downwards: SAT.js\'s hull answer is right here, detect-collisions\' is not', () => {
  const [min, max] = [[8, 8], [22, 12]];
  const poly = c2d.concavePolygon(U);
  const hit = c2d.contact(poly, c2d.box(min, max));
  // By hand: 14 wide, it cannot drop into the 10-wide notch: down 12 (its top to y = 0) beats
  // up 22 or sideways 22.
  assert.ok(near(hit.pushOutB, { x: 0, y: -12 }), JSON.stringify(hit));
  const sat = satBox(U, min, max);
  assert.ok(sat.hit && near(sat.move, hit.pushOutB) && close(sat.response.overlap, hit.depth));
  const d = dcBox(U, min, max);
  assert.ok(d.hit && !near(d.move, hit.pushOutB), JSON.stringify(d.move));
  assert.ok(depthLeft(poly, shifted(min, max, d.move)) > 1);
  assert.equal(dcStillHits(d), true);
});

// check2d #33's arrow (as in the issue): a square-ish body with a notch cut into its right
// side, the notch's corner at (-3, 0.41). Circles of radius 1 against it.
const ARROW = [[-13.25, -7.51], [-13.25, 7.51], [0.77, 7.51], [-3, 0.41], [0.77, -7.51]];

test('check2d #33: a circle half into the arrow\'s left edge is pushed out; SAT.js lets it through', () => {
  const center = [-13.75, 0];
  const poly = c2d.concavePolygon(ARROW);
  const hit = c2d.contact(poly, c2d.circle(center, 1));
  // By hand: the centre is 0.5 left of the edge x = -13.25, so 0.5 deep, out to the left.
  assert.ok(close(hit.depth, 0.5) && near(hit.pushOutB, { x: -0.5, y: 0 }), JSON.stringify(hit));
  // SAT.js misses it in either winding; without the notch's corner it finds it, 0.5 deep.
  assert.equal(satCircle(ARROW, center, 1).hit, false);
  assert.equal(satCircle([...ARROW].reverse(), center, 1).hit, false);
  const convex = ARROW.filter(([x]) => x !== -3).reverse();
  const hull = satCircle(convex, center, 1);
  assert.ok(hull.hit && close(hull.response.overlap, hit.depth), JSON.stringify(hull.response));
  // detect-collisions: the right move, but overlap 1.
  const d = dcCircle(ARROW, center, 1);
  assert.ok(d.hit && near(d.move, hit.pushOutB) && close(d.overlap, 1), JSON.stringify([d.move, d.overlap]));
});

test('check2d #33: a circle inside the arrow by the notch leaves into the notch\'s tip', () => {
  const center = [-5, 0.41];
  const poly = c2d.concavePolygon(ARROW);
  const hit = c2d.contact(poly, c2d.circle(center, 1));
  // By hand: the nearest free place is where the circle fits in the notch touching both of its
  // sides: on the bisector of the notch's corner, 1 / sin(half its angle) from the corner.
  const corner = { x: -3, y: 0.41 };
  const up = Math.atan2(7.51 - 0.41, 0.77 + 3), down = Math.atan2(-7.51 - 0.41, 0.77 + 3);
  const along = 1 / Math.sin((up - down) / 2), bisector = (up + down) / 2;
  const tip = { x: corner.x + along * Math.cos(bisector), y: corner.y + along * Math.sin(bisector) };
  const expected = { x: tip.x - center[0], y: tip.y - center[1] };
  assert.ok(near(hit.pushOutB, expected) && close(hit.depth, len(expected)), JSON.stringify({ hit, expected }));
  // SAT.js: no collision, though the circle is wholly inside.
  assert.equal(c2d.contains(poly, c2d.circle(center, 1)), true);
  assert.equal(satCircle([...ARROW].reverse(), center, 1).hit, false);
  // detect-collisions: the summed move leaves it overlapping.
  const d = dcCircle(ARROW, center, 1);
  assert.ok(d.hit && depthLeft(poly, c2d.circle([center[0] + d.move.x, center[1] + d.move.y], 1)) > 0.5);
  assert.equal(dcStillHits(d), true);
  assert.ok(close(d.overlap, 1));
});

// A 10 square with a 4 square hole in its middle. SAT.js has no holes: it sees the outline.
// detect-collisions takes a hole only as a slit from the outline (0.2 wide here) into it.
const OUTER = [[0, 0], [10, 0], [10, 10], [0, 10]];
const HOLE = [[3, 3], [7, 3], [7, 7], [3, 7]];
const SLIT = [[0, 0], [4.9, 0], [4.9, 3], [3, 3], [3, 7], [7, 7], [7, 3], [5.1, 3], [5.1, 0], [10, 0], [10, 10], [0, 10]];

test('a circle in a polygon\'s hole is clear of it; SAT.js calls it contained', () => {
  const poly = c2d.concavePolygon(OUTER, [HOLE]);
  const circle = c2d.circle([5, 5], 1);
  // By hand: the circle reaches 4..6, the hole 3..7: 1 clear on every side.
  assert.equal(c2d.intersects(poly, circle), false);
  assert.ok(close(c2d.distance(poly, circle), 1));
  const sat = satCircle(OUTER, [5, 5], 1);
  assert.ok(sat.hit && sat.response.bInA);
  assert.equal(dcCircle(SLIT, [5, 5], 1).hit, false);
});

test('a circle 0.5 into a hole\'s side goes back into the hole; SAT.js pushes it 4.5 out through the outer wall', () => {
  const poly = c2d.concavePolygon(OUTER, [HOLE]);
  const hit = c2d.contact(poly, c2d.circle([3.5, 5], 1));
  assert.ok(close(hit.depth, 0.5) && near(hit.pushOutB, { x: 0.5, y: 0 }), JSON.stringify(hit));
  const sat = satCircle(OUTER, [3.5, 5], 1);
  assert.ok(sat.hit && near(sat.move, { x: -(3.5 + 1), y: 0 }), JSON.stringify(sat.move));
  const d = dcCircle(SLIT, [3.5, 5], 1);
  assert.ok(d.hit && near(d.move, hit.pushOutB) && close(d.overlap, 1), JSON.stringify(d.move));
});

test('sat-js #69: a self-crossing outline is refused; SAT.js puts a point outside it inside', () => {
  const [a, b, c, d] = [
    [958.465800982533, 115.41687755787399], [1565.7857895122002, 690.9971131309669],
    [536.2902104877998, 560.8728868690332], [1143.610199017467, 1136.4531224421262],
  ];
  const p = [1529.4582839066827, 1132.463424278371];
  assert.throws(() => c2d.concavePolygon([a, b, c, d]), /crosses/);
  // The point is outside even the four points' convex hull (a, b, d, c in order).
  assert.equal(c2d.intersects(c2d.polygon([a, b, d, c]), c2d.point(p)), false);
  assert.equal(SAT.pointInPolygon(V(...p), satPolygon([a, b, c, d])), true);
});
