// Single calls beside SAT.js 0.9.0, in one Node process: for circle–circle, polygon–circle
// (4-gon and 8-gon) and polygon–polygon (4-gons and 8-gons), whether they intersect (SAT.js's
// test without a Response) and their contact with the push-out (SAT.js's test filling a Response
// the caller reuses; collide2d's contactInto filling a contact the caller reuses, which also
// gives the contact points, and contact, which makes a new one). Then the floor of a call into
// WebAssembly (intersects of two points: the shapes read, the call, the answer).
//
//   node bench/calls.mjs            the table (about a minute and a half)
//   node bench/calls.mjs --smoke    a short run, as CI does, to keep this working
//
// COLLIDE2D_PKG=<folder> measures the package built in another folder (an older build, say).

import SAT from 'sat';

const smoke = process.argv.includes('--smoke');
const c2d = await import(process.env.COLLIDE2D_PKG ? `${process.env.COLLIDE2D_PKG}/index.js` : '../pkg/index.js');

/**
 * Nanoseconds a call of `theirs` and of `ours` take: batches of each in turn, after a warm-up,
 * the fastest batch of each (on a shared machine, the one least disturbed; taking turns lets a
 * busy spell slow both alike).
 */
function compare(theirs, ours) {
  const n = smoke ? 1000 : 200_000;
  let sink = 0;
  const batch = (f) => {
    const start = performance.now();
    for (let i = 0; i < n; i++) sink ^= f() ? 1 : 0;
    return ((performance.now() - start) * 1e6) / n;
  };
  batch(theirs);
  batch(ours);
  let [best, ourBest] = [Infinity, Infinity];
  for (let s = 0; s < (smoke ? 1 : 25); s++) {
    best = Math.min(best, batch(theirs));
    ourBest = Math.min(ourBest, batch(ours));
  }
  if (sink === 2) console.log(''); // keeps the calls from being optimised away
  return [best, ourBest];
}

/** The corners of a regular `n`-gon of circumradius `r` about `(cx, cy)`, turned by `turn`. */
function regular(n, r, cx, cy, turn = 0) {
  return Array.from({ length: n }, (_, i) => {
    const t = turn + (2 * Math.PI * i) / n;
    return [cx + r * Math.cos(t), cy + r * Math.sin(t)];
  });
}

const satPolygon = (points) => new SAT.Polygon(new SAT.Vector(0, 0), points.map(([x, y]) => new SAT.Vector(x, y)));

await c2d.init();
const response = new SAT.Response();
// Older builds have no contactInto: they measure contact there.
const reused = c2d.contactInto ? c2d.makeContact() : null;
const contactInto = c2d.contactInto ? (a, b) => c2d.contactInto(a, b, reused) : c2d.contact;
const rows = [];
const row = (label, ...fs) => {
  const [theirs, ours] = compare(...fs);
  rows.push({ label, theirs, ours });
  console.log(`${label}: SAT.js ${theirs.toFixed(1)} ns, collide2d ${ours.toFixed(1)} ns, ${(ours / theirs).toFixed(2)}×`);
};

/**
 * The rows of one pair: `test(response?)` is SAT.js's test, `a` and `b` collide2d's shapes.
 * Both must see the overlap and agree on its depth first.
 */
function pair(label, test, a, b) {
  response.clear();
  if (!test(response)) throw new Error(`${label}: SAT.js sees no overlap`);
  const hit = c2d.contact(a, b);
  if (hit === null || Math.abs(hit.depth - response.overlap) > 1e-5) {
    throw new Error(`${label}: depths differ: ${hit?.depth} ${response.overlap}`);
  }
  const filled = () => (response.clear(), test(response));
  row(`${label} intersects`, () => test(), () => c2d.intersects(a, b));
  row(`${label} contact`, filled, () => contactInto(a, b));
  row(`${label} contact, a new object`, filled, () => c2d.contact(a, b));
}

const [sc, sd] = [new SAT.Circle(new SAT.Vector(0, 0), 1), new SAT.Circle(new SAT.Vector(1.5, 0.4), 0.8)];
pair('circle–circle', (r) => SAT.testCircleCircle(sc, sd, r), c2d.circle([0, 0], 1), c2d.circle([1.5, 0.4], 0.8));
for (const n of [4, 8]) {
  // Overlapping, turned against each other.
  const a = regular(n, 1, 0, 0, 0.1), b = regular(n, 1, 1.5, 0.3, 0.5);
  const [sa, sb] = [satPolygon(a), satPolygon(b)];
  const [ca, cb] = [c2d.polygon(a), c2d.polygon(b)];
  const disc = [new SAT.Circle(new SAT.Vector(1.1, 0.4), 0.5), c2d.circle([1.1, 0.4], 0.5)];
  pair(`polygon–circle, ${n}-gon`, (r) => SAT.testPolygonCircle(sa, disc[0], r), ca, disc[1]);
  pair(`polygon–polygon, ${n}-gons`, (r) => SAT.testPolygonPolygon(sa, sb, r), ca, cb);
}
const [p, q] = [c2d.point([0, 0]), c2d.point([0, 0])];
const [, floor] = compare(() => true, () => c2d.intersects(p, q));
console.log(`a call's floor (intersects of two points): ${floor.toFixed(1)} ns`);
if (!smoke) {
  console.log('\n| call | SAT.js | collide2d | ratio |\n|---|---:|---:|---:|');
  for (const { label, theirs, ours } of rows) {
    console.log(`| ${label} | ${theirs.toFixed(1)} ns | ${ours.toFixed(1)} ns | ${(ours / theirs).toFixed(2)} |`);
  }
  console.log(`| a call's floor: intersects of two points | | ${floor.toFixed(1)} ns | |`);
}
