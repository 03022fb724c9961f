// Guarantees in JavaScript: a bad input throws where the shape is made (or at init, for a shape
// made before it), and a contact whose exact push-out would need more than its budget says so,
// or throws when asked to. The guide's page (docs/guide/pages/guarantees.md) shows this file's
// marked sections; crates/collide2d-js/test/guide-moving-over.test.mjs runs it.
import assert from 'node:assert/strict';
import * as c2d from 'collide2d';

await c2d.init();

// --8<-- [start:refused]
// A NaN (from a division by zero upstream, say) is refused where the shape is made.
assert.throws(() => c2d.circle([NaN, 0], 1), { message: 'Circle: center.x is not finite (NaN)' });
// --8<-- [end:refused]

// --8<-- [start:budget]
// A 2,000-point star spawned on its copy: the push is bounded in time, and flagged.
const star = c2d.concavePolygon(
  Array.from({ length: 2000 }, (_, k) => {
    const r = k % 2 === 0 ? 100 : 50;
    return [r * Math.cos((2 * Math.PI * k) / 2000), r * Math.sin((2 * Math.PI * k) / 2000)];
  }),
);
assert.equal(c2d.contact(star, star).exact, false); // a push that separates, not proven the shortest
assert.throws(() => c2d.contact(star, star, { requireExact: true }), /budget/); // or throw instead
// --8<-- [end:budget]
console.log('guarantees: a NaN circle throws; a bounded push is flagged, or throws on request');
