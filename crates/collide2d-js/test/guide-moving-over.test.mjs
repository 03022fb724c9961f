// The guide's JavaScript samples for its "Moving over" pages (docs/guide/samples/js/moving_over_*.mjs:
// SAT.js or detect-collisions beside collide2d) and its "Guarantees" page (guarantees.mjs); each
// asserts what its page says.
// They import 'collide2d', 'sat' and 'detect-collisions' as a game would; a resolve hook sends
// those names to the package built in ../pkg and to this crate's dev-dependencies.
import { test } from 'node:test';
import { register } from 'node:module';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = new URL('./', import.meta.url);
const samples = new URL('../../../docs/guide/samples/js/', import.meta.url);
const hook = `
const names = new Set(['sat', 'detect-collisions']);
export async function resolve(specifier, context, next) {
  if (specifier === 'collide2d') return { url: ${JSON.stringify(new URL('../pkg/index.js', here).href)}, shortCircuit: true };
  if (names.has(specifier)) return next(specifier, { ...context, parentURL: ${JSON.stringify(here.href)} });
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const files = readdirSync(fileURLToPath(samples)).filter((f) => /^(moving_over_.*|guarantees)\.mjs$/.test(f)).sort();

test('the moving-over and guarantees samples are there', (t) => {
  // A moved folder would otherwise leave nothing to run, and this file passing for nothing.
  if (files.length < 3) throw new Error(`samples: ${files.join(', ') || 'none'}`);
});

for (const file of files) {
  test(`guide sample ${file}`, async () => {
    await import(pathToFileURL(fileURLToPath(new URL(file, samples))).href);
  });
}
