// The guide's JavaScript samples (docs/guide/samples/js) run in Node against the built package,
// as a reader runs them: copied into a project whose node_modules/collide2d is pkg/. A changed
// API then breaks this suite rather than the guide's page, which includes those files. (The
// page's canvas sample runs in Chromium: test/browser.test.mjs.) Needs pkg/ built (build.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const crate = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const samples = path.join(crate, '..', '..', 'docs', 'guide', 'samples', 'js');
// The scripts Node runs; the others are the level they share and the page that draws it.
const NODE = ['getting_started.js', 'init_sync.js'];
const OTHERS = ['moving_platform.js', 'canvas_platform.html', 'canvas_platform.js', 'package.json', '.gitignore'];
// The "Moving over" and "Guarantees" samples, which test/guide-moving-over.test.mjs runs (with
// SAT.js and detect-collisions beside the package), by the same pattern.
const RUN_ELSEWHERE = /^(moving_over_.*|guarantees)\.mjs$/;
// What a reader's `npm install` in the folder leaves there.
const INSTALLED = ['node_modules', 'package-lock.json'];
const sampleFiles = () => fs.readdirSync(samples).filter((f) => !INSTALLED.includes(f));

let project;

before(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'collide2d-guide-'));
  for (const file of sampleFiles()) fs.copyFileSync(path.join(samples, file), path.join(project, file));
  fs.mkdirSync(path.join(project, 'node_modules'));
  fs.symlinkSync(path.join(crate, 'pkg'), path.join(project, 'node_modules', 'collide2d'), 'dir');
});

after(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

test('every sample is run by this suite or by the browser test', () => {
  // A sample added without a runner would otherwise pass for nothing.
  const here = sampleFiles().filter((f) => !RUN_ELSEWHERE.test(f));
  assert.deepEqual(here.sort(), [...NODE, ...OTHERS].sort());
});

for (const sample of NODE) {
  test(`${sample} runs and prints what it found`, () => {
    // Its asserts check the numbers the page quotes; a failed one exits non-zero, and throws here.
    const out = execFileSync(process.execPath, [sample], { cwd: project, encoding: 'utf8' });
    assert.notEqual(out.trim(), '');
  });
}

test('getting_started.js ends the ride where the canvas page does', () => {
  const out = execFileSync(process.execPath, ['getting_started.js'], { cwd: project, encoding: 'utf8' });
  assert.match(out, /the character rode it from x = 5\.50 to \(12\.50, 0\.91\)/);
});
