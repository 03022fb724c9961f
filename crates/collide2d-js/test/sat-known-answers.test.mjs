// The known answers of SAT.js 0.9.0's own test suite (its test/test.js), re-expressed through
// collide2d. Each case runs SAT.js itself beside collide2d: SAT.js must still give the answer its
// suite expects, and collide2d must give the same answer.
//
// Conventions. SAT.js's `testX(a, b, response)` fills `overlapN`, the unit axis pointing from `a`
// towards `b`; `overlap`, the depth along it; and `overlapV = overlapN * overlap`, which
// separates them when subtracted from `a`'s position (or, the same thing, added to `b`'s).
// collide2d's `contact(a, b)` gives `normal` from `a` towards `b`, `depth`, and `pushOutB`, the
// move of `b` that separates them. So with the same `a` and `b`:
//   normal = overlapN, depth = overlap, pushOutB = overlapV,
//   contains(b, a) = aInB, contains(a, b) = bInA.
// SAT.js shapes sit at a `pos` (plus a circle's `offset`) with polygon points relative to it; the
// helpers below add them up. SAT.js works in y-down screen coordinates and wants polygon points
// counter-clockwise in that frame; collide2d takes either winding and has no "up", so the same
// numbers go in: a mirror image would mirror both answers alike.
//
// Not re-expressed: `Vector.scale` and `Polygon.getCentroid` (collide2d has no counterpart).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import SAT from 'sat';
import * as c2d from '../pkg/index.js';

before(async () => {
  await c2d.init();
});

// collide2d computes in 32-bit floats: a few ulps at these sizes (up to ~1000).
const close = (a, b, tol = 1e-4) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
const near = (v, w) => close(v.x, w.x) && close(v.y, w.y);
const V = (x, y) => new SAT.Vector(x, y);

// collide2d's shape for a SAT.js polygon or circle, placed where SAT.js places it.
function fromSat(shape) {
  if (shape instanceof SAT.Circle) {
    return c2d.circle([shape.pos.x + shape.offset.x, shape.pos.y + shape.offset.y], shape.r);
  }
  return c2d.polygon(shape.calcPoints.map((p) => [shape.pos.x + p.x, shape.pos.y + p.y]));
}

// The same shape moved by `v`.
function moved(s, v) {
  const add = (p) => [p.x + v.x, p.y + v.y];
  switch (s.kind) {
    case 'circle': return c2d.circle(add(s.center), s.radius);
    case 'polygon': return c2d.polygon(s.points.map(add));
    case 'segment': return c2d.segment(add(s.a), add(s.b));
    default: throw new Error(`moved: ${s.kind}`);
  }
}

// Both libraries' answers for `a` against `b`, and their agreement (`exact`: compare the push-out
// too; false where the shortest push-out is not unique and each library may pick another).
function agree(collided, response, a, b, { exact = true } = {}) {
  assert.equal(c2d.intersects(a, b), collided, 'intersects');
  const hit = c2d.contact(a, b);
  if (!collided) {
    assert.equal(hit, null);
    return null;
  }
  const detail = JSON.stringify({ hit, sat: response });
  assert.ok(close(hit.depth, response.overlap), `depth = overlap: ${detail}`);
  if (exact) {
    assert.ok(near(hit.normal, response.overlapN), `normal = overlapN: ${detail}`);
    assert.ok(near(hit.pushOutB, response.overlapV), `pushOutB = overlapV: ${detail}`);
  }
  assert.equal(c2d.contains(b, a), response.aInB, 'contains(b, a) = aInB');
  assert.equal(c2d.contains(a, b), response.bInA, 'contains(a, b) = bInA');
  // Each library's push-out leaves the pair touching, no longer overlapping.
  for (const push of [hit.pushOutB, response.overlapV]) {
    const after = c2d.contact(a, moved(b, push));
    assert.ok(after === null || after.depth < 1e-3, `after the push ${JSON.stringify(push)}: ${JSON.stringify(after)}`);
  }
  return hit;
}

test('SAT.js testCircleCircle: overlap 10 along +x; apart once offset by (-10, -10)', () => {
  const circle1 = new SAT.Circle(V(0, 0), 20);
  const circle2 = new SAT.Circle(V(30, 0), 20);
  const response = new SAT.Response();
  const collided = SAT.testCircleCircle(circle1, circle2, response);
  // SAT.js's known answer.
  assert.ok(collided && response.overlap === 10 && response.overlapV.x === 10 && response.overlapV.y === 0);
  agree(collided, response, fromSat(circle1), fromSat(circle2));

  circle1.offset = V(-10, -10);
  response.clear();
  const apart = SAT.testCircleCircle(circle1, circle2, response);
  assert.equal(apart, false);
  agree(apart, response, fromSat(circle1), fromSat(circle2));
  // Centres (-10, -10) and (30, 0): the gap is the centre distance less both radii.
  assert.ok(close(c2d.distance(fromSat(circle1), fromSat(circle2)), Math.hypot(40, 10) - 40));
});

test('SAT.js testPolygonCircle: the square corner 5.86 into the circle, pushed along the diagonal', () => {
  const circle = new SAT.Circle(V(50, 50), 20);
  const polygon = new SAT.Polygon(V(0, 0), [V(0, 0), V(40, 0), V(40, 40), V(0, 40)]);
  const response = new SAT.Response();
  const collided = SAT.testPolygonCircle(polygon, circle, response);
  assert.ok(collided && response.overlap.toFixed(2) === '5.86');
  assert.ok(response.overlapV.x.toFixed(2) === '4.14' && response.overlapV.y.toFixed(2) === '4.14');
  const hit = agree(collided, response, fromSat(polygon), fromSat(circle));
  // By hand: the corner (40, 40) is 10√2 from the centre, so 20 - 10√2 deep, along (1, 1)/√2.
  assert.ok(close(hit.depth, 20 - 10 * Math.SQRT2));
  assert.ok(near(hit.points[0].onA, { x: 40, y: 40 }), JSON.stringify(hit.points));

  circle.offset = V(10, 10);
  response.clear();
  const apart = SAT.testPolygonCircle(polygon, circle, response);
  assert.equal(apart, false);
  agree(apart, response, fromSat(polygon), fromSat(circle));
});

// SAT.js's Box(pos, 100, 0).toPolygon() is a box of height 0: the points (0,0), (100,0), (100,0),
// (0,0) from `pos`, a line. collide2d's polygon refuses repeated points; its line is `segment`.
const flatBox = (x, y) => new SAT.Box(V(x, y), 100, 0).toPolygon();
const asSegment = (p) => c2d.segment([p.pos.x, p.pos.y], [p.pos.x + 100, p.pos.y]);

test('SAT.js testPolygonCircle with a line far from the circle: no collision', () => {
  const circle = new SAT.Circle(V(50, 50), 20);
  const line = flatBox(1000, 1000);
  const response = new SAT.Response();
  const collided = SAT.testPolygonCircle(line, circle, response);
  assert.equal(collided, false);
  agree(collided, response, asSegment(line), fromSat(circle));
  assert.ok(close(c2d.distance(asSegment(line), fromSat(circle)), Math.hypot(950, 950) - 20));
});

test('SAT.js testPolygonCircle with a line from the circle centre: overlap 20', () => {
  const circle = new SAT.Circle(V(50, 50), 20);
  const line = flatBox(50, 50);
  const response = new SAT.Response();
  const collided = SAT.testPolygonCircle(line, circle, response);
  assert.ok(collided && response.overlap.toFixed(2) === '20.00');
  // The centre is the line's end: a push of 20 across the line or back past its end both
  // separate, so only the depth is compared (agree() still checks each push separates).
  agree(collided, response, asSegment(line), fromSat(circle), { exact: false });
});

test('SAT.js testPolygonPolygon: square and triangle overlap 10 along +x', () => {
  const polygon1 = new SAT.Polygon(V(0, 0), [V(0, 0), V(40, 0), V(40, 40), V(0, 40)]);
  const polygon2 = new SAT.Polygon(V(30, 0), [V(0, 0), V(30, 0), V(0, 30)]);
  const response = new SAT.Response();
  const collided = SAT.testPolygonPolygon(polygon1, polygon2, response);
  assert.ok(collided && response.overlap === 10 && response.overlapV.x === 10 && response.overlapV.y === 0);
  agree(collided, response, fromSat(polygon1), fromSat(polygon2));
});

test('SAT.js "No collision" testPolygonPolygon: boxes 80 apart on each axis', () => {
  const box1 = new SAT.Box(V(0, 0), 20, 20).toPolygon();
  const box2 = new SAT.Box(V(100, 100), 20, 20).toPolygon();
  const response = new SAT.Response();
  // SAT.js's suite makes this call without asserting; its answer is plainly false.
  const collided = SAT.testPolygonPolygon(box1, box2, response);
  assert.equal(collided, false);
  agree(collided, response, fromSat(box1), fromSat(box2));
  assert.ok(close(c2d.distance(fromSat(box1), fromSat(box2)), Math.hypot(80, 80)));
});

test('SAT.js pointInCircle: out, in, and out again once the circle is offset', () => {
  const circle = new SAT.Circle(V(100, 100), 20);
  const cases = [[V(0, 0), false], [V(110, 110), true]];
  for (const [p, inside] of cases) {
    assert.equal(SAT.pointInCircle(p, circle), inside);
    assert.equal(c2d.intersects(c2d.point([p.x, p.y]), fromSat(circle)), SAT.pointInCircle(p, circle));
    assert.equal(c2d.contains(fromSat(circle), c2d.point([p.x, p.y])), SAT.pointInCircle(p, circle));
  }
  circle.offset = V(-10, -10);
  const p = V(110, 110);
  assert.equal(SAT.pointInCircle(p, circle), false);
  assert.equal(c2d.intersects(c2d.point([p.x, p.y]), fromSat(circle)), SAT.pointInCircle(p, circle));
});

test('SAT.js pointInPolygon: a triangle misses the origin and holds (35, 5)', () => {
  const triangle = new SAT.Polygon(V(30, 0), [V(0, 0), V(30, 0), V(0, 30)]);
  const cases = [[V(0, 0), false], [V(35, 5), true]];
  for (const [p, inside] of cases) {
    assert.equal(SAT.pointInPolygon(p, triangle), inside);
    assert.equal(c2d.intersects(c2d.point([p.x, p.y]), fromSat(triangle)), SAT.pointInPolygon(p, triangle));
    assert.equal(c2d.contains(fromSat(triangle), c2d.point([p.x, p.y])), SAT.pointInPolygon(p, triangle));
  }
  // (0, 0) lies 30 left of the triangle's corner (30, 0).
  assert.ok(close(c2d.distance(c2d.point([0, 0]), fromSat(triangle)), 30));
});

test('SAT.js pointInPolygon (small): a hexagon holds (1, 1.1)', () => {
  const p = V(1, 1.1);
  const hexagon = new SAT.Polygon(V(0, 0), [V(2, 1), V(2, 2), V(1, 3), V(0, 2), V(0, 1), V(1, 0)]);
  assert.equal(SAT.pointInPolygon(p, hexagon), true);
  assert.equal(c2d.intersects(c2d.point([p.x, p.y]), fromSat(hexagon)), SAT.pointInPolygon(p, hexagon));
  // By hand: the nearest sides are the two lower slanted ones, x ± y = 1 (the point is 1.1/√2
  // from each; the upright sides are 1 away).
  const hit = c2d.contact(fromSat(hexagon), c2d.point([p.x, p.y]));
  assert.ok(hit && close(hit.depth, 1.1 / Math.SQRT2), JSON.stringify(hit));
});
