// Single calls beside SAT.js 0.9.0, in one Node process: a polygon–polygon and a
// circle–polygon test with the push-out (SAT.js's testPolygonPolygon / testPolygonCircle
// filling a Response; collide2d's contact, which also gives the contact points), and the floor
// of a call into WebAssembly (intersects of two points: the shapes written, the call, the
// answer read).
//
//   node bench/calls.mjs            the table (about half a minute)
//   node bench/calls.mjs --smoke    a short run, as CI does, to keep this working

import SAT from 'sat';
import * as c2d from '../pkg/index.js';

const smoke = process.argv.includes('--smoke');

/** Nanoseconds a call of `f` takes: the median of 7 batches, after a warm-up. */
function nanoseconds(f) {
  const n = smoke ? 1000 : 1_000_000;
  let sink = 0;
  for (let i = 0; i < n / 10; i++) sink ^= f() ? 1 : 0;
  const times = [];
  for (let s = 0; s < (smoke ? 1 : 7); s++) {
    const start = performance.now();
    for (let i = 0; i < n; i++) sink ^= f() ? 1 : 0;
    times.push(((performance.now() - start) * 1e6) / n);
  }
  times.sort((a, b) => a - b);
  if (sink === 2) console.log(''); // keeps the calls from being optimised away
  return times[times.length >> 1];
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
const rows = [];
const row = (label, theirs, ours) => {
  rows.push({ label, theirs, ours });
  console.log(`${label}: SAT.js ${theirs.toFixed(1)} ns, collide2d ${ours.toFixed(1)} ns, ${(ours / theirs).toFixed(2)}×`);
};
for (const n of [4, 8]) {
  // Overlapping, turned against each other: SAT.js and collide2d must agree on the push-out.
  const a = regular(n, 1, 0, 0, 0.1), b = regular(n, 1, 1.5, 0.3, 0.5);
  const [sa, sb] = [satPolygon(a), satPolygon(b)];
  const [ca, cb] = [c2d.polygon(a), c2d.polygon(b)];
  response.clear();
  if (!SAT.testPolygonPolygon(sa, sb, response)) throw new Error('SAT.js sees no overlap');
  const hit = c2d.contact(ca, cb);
  if (Math.abs(hit.depth - response.overlap) > 1e-5) throw new Error(`depths differ: ${hit.depth} ${response.overlap}`);
  row(
    `polygon–polygon contact, ${n}-gons`,
    nanoseconds(() => (response.clear(), SAT.testPolygonPolygon(sa, sb, response))),
    nanoseconds(() => c2d.contact(ca, cb)),
  );
  const disc = [new SAT.Circle(new SAT.Vector(1.1, 0.4), 0.5), c2d.circle([1.1, 0.4], 0.5)];
  row(
    `polygon–circle contact, ${n}-gon`,
    nanoseconds(() => (response.clear(), SAT.testPolygonCircle(sa, disc[0], response))),
    nanoseconds(() => c2d.contact(ca, disc[1])),
  );
}
const [p, q] = [c2d.point([0, 0]), c2d.point([0, 0])];
const floor = nanoseconds(() => c2d.intersects(p, q));
console.log(`a call's floor (intersects of two points): ${floor.toFixed(1)} ns`);
if (!smoke) {
  console.log('\n| call | SAT.js | collide2d | ratio |\n|---|---:|---:|---:|');
  for (const { label, theirs, ours } of rows) {
    console.log(`| ${label} | ${theirs.toFixed(0)} ns | ${ours.toFixed(0)} ns | ${(ours / theirs).toFixed(2)} |`);
  }
  console.log(`| a call's floor: intersects of two points | | ${floor.toFixed(0)} ns | |`);
}
