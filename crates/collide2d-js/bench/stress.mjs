// detect-collisions' own stress scene (src/demo/stress.js in detect-collisions 9.27.6), run
// with detect-collisions as it is and with collide2d, in one Node process.
//
// The scene: four static walls round a 1024 × 768 field (the demo's size outside a browser) and
// `count` bodies (circles, ellipses, boxes, lines, four-point polygons in turn, one in twenty
// large) from the demo's seeded stream. Each update turns, rescales and moves every body, finds
// what it overlaps, pushes it out by the sum of its overlaps and turns it away. detect-collisions
// does that body by body (`checkOne`); collide2d in bulk: one `setTransforms` with every pose, one
// `stepArrays`, then the pushes summed from the contacts in JavaScript. The demo scales its time
// by the wall clock; here every update is one unit of time, so both runs are the same work.
//
//   node bench/stress.mjs            the table (about a minute)
//   node bench/stress.mjs --smoke    one short run of each, as CI does, to keep this working
//
// COLLIDE2D_PKG=<folder> measures the package built in another folder (an older build, say).

import { performance } from 'node:perf_hooks';
import randomSeed from 'random-seed';
import { System, createEllipse } from 'detect-collisions';
const c2d = await import(process.env.COLLIDE2D_PKG ? `${process.env.COLLIDE2D_PKG}/index.js` : '../pkg/index.js');

const WIDTH = 1024;
const HEIGHT = 768;
const TIME_SCALE = 1;
const smoke = process.argv.includes('--smoke');

/** The demo's stream and its `random(min, max)`: `floor(r · max) + min`, as the demo has it. */
function stream() {
  const next = randomSeed.create('@Prozi').random;
  return { next, int: (min, max) => Math.floor(next() * max) + min };
}

/** The bodies of the scene, as the demo makes them, drawing from the stream in its order. */
function sceneOf(count, rnd) {
  const size = Math.sqrt((WIDTH * HEIGHT) / (count * 50));
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const large = !rnd.int(0, 20);
    const minSize = size * 1.0 * (large ? rnd.next() + 1 : 1);
    const maxSize = size * 1.25 * (large ? rnd.next() * 2 + 1 : 1);
    const x = rnd.int(0, WIDTH);
    const y = rnd.int(0, HEIGHT);
    const direction = (rnd.int(0, 360) * Math.PI) / 180;
    const r = () => rnd.int(minSize, maxSize);
    const variant = i % 5;
    let shape;
    if (variant === 0) shape = { kind: 'circle', radius: r() / 2 };
    else if (variant === 1) shape = { kind: 'ellipse', radiusX: r(), radiusY: r() };
    else if (variant === 2) shape = { kind: 'box', width: r(), height: r() };
    else if (variant === 3) shape = { kind: 'line', dx: r(), dy: r() };
    else shape = { kind: 'polygon', points: [[-r(), r()], [r(), r()], [r(), -r()], [-r(), -r()]] };
    const rotationSpeed = (rnd.next() - rnd.next()) * 0.1;
    const angle = (rnd.int(0, 360) * Math.PI) / 180;
    bodies.push({
      shape,
      x,
      y,
      angle,
      rotationSpeed,
      scaleX: 1,
      scaleY: 1,
      targetScale: { x: 1, y: 1 },
      size: (minSize + maxSize) / 2,
      directionX: Math.cos(direction),
      directionY: Math.sin(direction),
    });
  }
  return bodies;
}

/** The demo's bounce: the direction reflected off the overlap, as its `getBounceDirection`. */
function bounceDirection(body, towardX, towardY) {
  let v2x = towardX - body.x, v2y = towardY - body.y;
  const v2len = Math.hypot(v2x, v2y) || 1;
  v2x /= v2len;
  v2y /= v2len;
  const v1x = body.x - towardX, v1y = body.y - towardY;
  const len = (v1x * v2x + v1y * v2y) * 2;
  return [v2x * len - v1x, v2y * len - v1y];
}

/** One body's turn, rescale and move, as the demo's `updateBody` before its bounce. */
function advance(body, rnd) {
  body.angle += body.rotationSpeed * TIME_SCALE;
  if (rnd.next() < 0.05 * TIME_SCALE) body.targetScale.x = 0.5 + rnd.next();
  if (rnd.next() < 0.05 * TIME_SCALE) body.targetScale.y = 0.5 + rnd.next();
  if (Math.abs(body.targetScale.x - body.scaleX) > 0.01) {
    body.scaleX += Math.sign(body.targetScale.x - body.scaleX) * 0.02 * TIME_SCALE;
    body.scaleY += Math.sign(body.targetScale.y - body.scaleY) * 0.02 * TIME_SCALE;
  }
  body.x += body.directionX * TIME_SCALE;
  body.y += body.directionY * TIME_SCALE;
}

/** The demo's bounce of a body that overlapped by the sum `(bx, by)` (from it into the others). */
function bounce(body, bx, by, rnd) {
  const size = 0.5 * (body.scaleX + body.scaleY);
  const [dx, dy] = bounceDirection(body, body.x + bx, body.y + by);
  const x = dx * body.size + body.directionX * size;
  const y = dy * body.size + body.directionY * size;
  const length = Math.hypot(x, y) || 1;
  body.directionX = x / length;
  body.directionY = y / length;
  body.rotationSpeed = (rnd.next() - rnd.next()) * 0.1;
  body.x -= bx;
  body.y -= by;
}

/** detect-collisions: its System with the demo's bodies, updated body by body. */
function detectCollisionsScene(count) {
  const rnd = stream();
  const physics = new System(5);
  for (const [x, y, w, h] of [[0, 0, WIDTH, 10], [WIDTH - 10, 0, 10, HEIGHT], [0, HEIGHT - 10, WIDTH, 10], [0, 0, 10, HEIGHT]]) {
    physics.createBox({ x, y }, w, h, { isStatic: true });
  }
  const bodies = sceneOf(count, rnd).map((b) => {
    const s = b.shape;
    const options = { isCentered: true, padding: b.size * 0.4 };
    const at = { x: b.x, y: b.y };
    let body;
    if (s.kind === 'circle') body = physics.createCircle(at, s.radius, options);
    else if (s.kind === 'ellipse') body = physics.createEllipse(at, s.radiusX, s.radiusY, 2, options);
    else if (s.kind === 'box') body = physics.createBox(at, s.width, s.height, options);
    else if (s.kind === 'line') body = physics.createLine(at, { x: b.x + s.dx, y: b.y + s.dy }, options);
    else body = physics.createPolygon(at, s.points.map(([x, y]) => ({ x, y })), options);
    body.setAngle(b.angle);
    return Object.assign(body, { state: b });
  });
  let overlaps = 0;
  const update = () => {
    overlaps = 0;
    for (const body of bodies) {
      const b = body.state;
      b.x = body.x;
      b.y = body.y;
      advance(b, rnd);
      body.setAngle(b.angle, false);
      body.setScale(b.scaleX, b.scaleY, false);
      body.setPosition(b.x, b.y);
      let bx = 0, by = 0;
      physics.checkOne(body, ({ overlapV }) => {
        bx += overlapV.x;
        by += overlapV.y;
        overlaps++;
      });
      if (bx || by) {
        bounce(b, bx, by, rnd);
        body.setPosition(b.x, b.y);
      }
    }
  };
  return { update, overlaps: () => overlaps, done: () => physics.clear() };
}

/** collide2d: a World with the same bodies, updated in bulk. */
function collide2dScene(count) {
  const rnd = stream();
  const world = new c2d.World();
  for (const [x, y, w, h] of [[0, 0, WIDTH, 10], [WIDTH - 10, 0, 10, HEIGHT], [0, HEIGHT - 10, WIDTH, 10], [0, 0, 10, HEIGHT]]) {
    world.insert(c2d.box([x, y], [x + w, y + h]));
  }
  const bodies = sceneOf(count, rnd);
  const ids = new Float64Array(count);
  const indexOf = []; // body index by id; the walls have none
  bodies.forEach((b, i) => {
    ids[i] = world.insert(shapeOf(b.shape), { position: [b.x, b.y], rotation: b.angle });
    indexOf[ids[i]] = i;
  });
  const poses = new Float32Array(5 * count);
  const pushX = new Float64Array(count), pushY = new Float64Array(count);
  let overlaps = 0;
  const update = () => {
    for (let i = 0; i < count; i++) {
      const b = bodies[i];
      advance(b, rnd);
      const at = 5 * i;
      poses[at] = b.x;
      poses[at + 1] = b.y;
      poses[at + 2] = b.angle;
      poses[at + 3] = b.scaleX;
      poses[at + 4] = b.shape.kind === 'circle' ? b.scaleX : b.scaleY; // a disc scales evenly, as there
    }
    world.setTransforms(ids, poses);
    const { started, ongoing } = world.stepArrays();
    pushX.fill(0);
    pushY.fill(0);
    overlaps = 0;
    for (const events of [started, ongoing]) {
      for (let e = 0; e < events.length; e += 5) {
        // The normal points from a to b: a overlaps b by normal × depth, b overlaps a by its opposite.
        const ox = events[e + 2] * events[e + 4], oy = events[e + 3] * events[e + 4];
        const a = indexOf[events[e]], b = indexOf[events[e + 1]];
        if (a !== undefined) (pushX[a] += ox), (pushY[a] += oy), overlaps++;
        if (b !== undefined) (pushX[b] -= ox), (pushY[b] -= oy), overlaps++;
      }
    }
    for (let i = 0; i < count; i++) {
      if (pushX[i] || pushY[i]) bounce(bodies[i], pushX[i], pushY[i], rnd);
    }
  };
  return { update, overlaps: () => overlaps, done: () => world.free() };
}

/** The collide2d shape of a body's shape, centred on the body as the demo centres it. */
function shapeOf(s) {
  if (s.kind === 'circle') return c2d.circle([0, 0], s.radius);
  if (s.kind === 'ellipse') return c2d.polygon(createEllipse(s.radiusX, s.radiusY, 2).map(({ x, y }) => [x, y]));
  if (s.kind === 'box') return c2d.box([-s.width / 2, -s.height / 2], [s.width / 2, s.height / 2]);
  if (s.kind === 'line') return c2d.segment([-s.dx / 2, -s.dy / 2], [s.dx / 2, s.dy / 2]);
  const [cx, cy] = centroid(s.points);
  const points = s.points.map(([x, y]) => [x - cx, y - cy]);
  try {
    return c2d.polygon(points);
  } catch {
    return c2d.concavePolygon(points); // one corner pulled in past its neighbours' line
  }
}

/** The area centroid of a simple polygon, where the demo centres polygons. */
function centroid(points) {
  let area = 0, x = 0, y = 0;
  points.forEach(([ax, ay], i) => {
    const [bx, by] = points[(i + 1) % points.length];
    const cross = ax * by - bx * ay;
    area += cross;
    x += (ax + bx) * cross;
    y += (ay + by) * cross;
  });
  return [x / (3 * area), y / (3 * area)];
}

/** Milliseconds an update takes: the median of `samples` runs of `frames` updates, after a warm-up. */
function measure(scene, { warmup, frames, samples }) {
  for (let i = 0; i < warmup; i++) scene.update();
  const times = [];
  let overlaps = 0;
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    for (let i = 0; i < frames; i++) {
      scene.update();
      overlaps += scene.overlaps();
    }
    times.push((performance.now() - start) / frames);
  }
  times.sort((a, b) => a - b);
  return { ms: times[samples >> 1], spread: times[samples - 1] - times[0], overlaps: overlaps / (frames * samples) };
}

await c2d.init();
const counts = smoke ? [1000] : [1000, 5000, 10000];
const plan = smoke ? { warmup: 1, frames: 2, samples: 1 } : { warmup: 20, frames: 20, samples: 5 };
const rows = [];
for (const count of counts) {
  const dc = detectCollisionsScene(count);
  const theirs = measure(dc, plan);
  dc.done();
  const ours = collide2dScene(count);
  const mine = measure(ours, plan);
  ours.done();
  rows.push({ count, theirs, mine });
  const f = (r) => `${r.ms.toFixed(2)} ms (±${(r.spread / 2).toFixed(2)}), ${Math.round(r.overlaps)} overlaps`;
  console.log(`${count} bodies: detect-collisions ${f(theirs)}; collide2d ${f(mine)}; ${(theirs.ms / mine.ms).toFixed(1)}× faster`);
}
if (!smoke) {
  console.log('\n| bodies | detect-collisions | collide2d | collide2d faster by |\n|---:|---:|---:|---:|');
  for (const { count, theirs, mine } of rows) {
    console.log(`| ${count} | ${theirs.ms.toFixed(2)} ms | ${mine.ms.toFixed(2)} ms | ${(theirs.ms / mine.ms).toFixed(1)}× |`);
  }
}
