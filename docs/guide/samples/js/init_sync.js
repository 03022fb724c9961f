// Getting started in JavaScript: initSync, the module loaded at once from bytes already in hand,
// where an `await` does not fit (a bundler that inlined the .wasm, a worker handed the compiled
// module by its page). Here, in Node, the bytes are read from the installed package. The guide's
// page (docs/guide/pages/getting-started/javascript.md) shows the marked section;
// crates/collide2d-js/test/guide.test.mjs runs it.
import assert from 'node:assert/strict';

// --8<-- [start:load]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initSync, circle, box, intersects } from 'collide2d';

// The .wasm lies beside the package's index.js.
const index = createRequire(import.meta.url).resolve('collide2d');
const bytes = readFileSync(path.join(path.dirname(index), 'collide2d_js_bg.wasm'));
// Compiled once here, the module could go to workers (worker.postMessage(module)), each
// calling initSync(module) in turn.
const module = new WebAssembly.Module(bytes);
initSync(module);
console.log('loaded at once:', intersects(circle([0, 0], 1), box([1, -1], [2, 1])));
// --8<-- [end:load]

assert.equal(intersects(circle([0, 0], 1), box([1.01, -1], [2, 1])), false);
