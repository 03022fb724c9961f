// The package as a browser user gets it: pkg/ packed and the tarball installed in a fresh
// project, then the README's example run in Debian's headless Chromium (through playwright-core)
// from pages served on loopback, twice: bundled by esbuild as the README's "Bundlers" says (the
// .wasm copied beside the bundle), and imported as it is installed by a plain
// <script type="module"> with an import map naming 'collide2d'. Each page prints what the
// example logs into a <pre>; it must match what the same example prints in Node. Then the guide's
// page (docs/guide/samples/js/canvas_platform.html), served from beside the installed package as
// the guide says, plays its moving platform on a canvas for a fixed number of frames.
// Needs pkg/ built (build.sh) and Chromium at /usr/bin/chromium or $CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const crate = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const guideSamples = path.join(crate, '..', '..', 'docs', 'guide', 'samples', 'js');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Lines logged, objects as JSON: the same in Node and in a page.
const SHIM = `
const shown = (v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
const logged = (globalThis.collide2dLogged = []);
console.log = (...args) => logged.push(args.map(shown).join(' '));
`;

let work, app, server, origin, browser;
const requested = [];

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'collide2d-browser-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: path.join(crate, 'pkg') });
  const tarball = fs.readdirSync(work).find((f) => /^collide2d-.*\.tgz$/.test(f));
  app = path.join(work, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "version": "1.0.0", "type": "module", "private": true }\n');
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--offline', path.join(work, tarball)], { cwd: app });

  // The README's first js block, as a user would paste it.
  const readme = fs.readFileSync(path.join(crate, 'js', 'README.md'), 'utf8');
  fs.writeFileSync(path.join(app, 'example.js'), readme.match(/^```js\n([\s\S]*?)^```$/m)[1]);

  // Bundled as the README's "Bundlers" section says.
  execFileSync(path.join(crate, 'node_modules', '.bin', 'esbuild'),
    ['example.js', '--bundle', '--format=esm', '--platform=browser', '--outfile=dist/app.js', '--log-level=warning'], { cwd: app });
  fs.copyFileSync(path.join(app, 'node_modules', 'collide2d', 'collide2d_js_bg.wasm'), path.join(app, 'dist', 'collide2d_js_bg.wasm'));

  const page = (head, script) => `<!doctype html><meta charset="utf-8"><title></title>
<pre id="out"></pre>
<script>${SHIM}
const push = logged.push.bind(logged);
logged.push = (line) => { document.getElementById('out').textContent += line + '\\n'; return push(line); };
</script>
${head}
<script type="module">
try { await import(${JSON.stringify(script)}); document.title = 'done'; } catch (e) { document.title = 'error: ' + e; }
</script>
`;
  fs.writeFileSync(path.join(app, 'bundled.html'), page('', './dist/app.js'));
  fs.writeFileSync(path.join(app, 'module.html'), page(
    '<script type="importmap">{ "imports": { "collide2d": "./node_modules/collide2d/index.js" } }</script>', './example.js'));

  // The guide's samples, as a reader copies them into a project with the package installed.
  for (const file of fs.readdirSync(guideSamples)) {
    if (/\.(js|html)$/.test(file)) fs.copyFileSync(path.join(guideSamples, file), path.join(app, file));
  }

  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url.split('?')[0]);
    requested.push(url);
    const file = path.join(app, path.normalize(url));
    if (!file.startsWith(app + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${server.address().port}`;

  assert.ok(fs.existsSync(chromiumPath), `no Chromium at ${chromiumPath}: install Debian's chromium or set CHROMIUM`);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

// What the example prints in Node, from the installed package, through the same shim.
function printedInNode() {
  const code = `${SHIM}\nawait import('./example.js');\nprocess.stdout.write(JSON.stringify(logged));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' }));
}

// Opens `page`, waits for its example to finish, and returns the lines it printed; `inspect`,
// if given, is called with the tab before it closes.
async function printedIn(page, inspect) {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  try {
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction(() => /^(done|error)/.test(document.title), null, { timeout: 20000 });
    assert.equal(await tab.title(), 'done', errors.join('\n'));
    assert.deepEqual(errors, []);
    await inspect?.(tab);
    return (await tab.textContent('#out')).split('\n').filter((l) => l !== '');
  } finally {
    await tab.close();
  }
}

test('the README example bundled by esbuild runs in Chromium, loading the .wasm copied beside the bundle', async () => {
  requested.length = 0;
  const lines = await printedIn('bundled.html');
  assert.equal(lines.length, 3, lines.join('\n'));
  assert.deepEqual(lines, printedInNode());
  assert.ok(requested.includes('/dist/collide2d_js_bg.wasm'), requested.join(' '));
  assert.ok(!requested.some((u) => u.startsWith('/node_modules/')), `the bundle reached into node_modules: ${requested.join(' ')}`);
});

test('the installed package imported by a plain <script type="module"> runs the README example in Chromium', async () => {
  requested.length = 0;
  const lines = await printedIn('module.html');
  assert.equal(lines.length, 3, lines.join('\n'));
  assert.deepEqual(lines, printedInNode());
  assert.ok(requested.includes('/node_modules/collide2d/collide2d_js_bg.wasm'), requested.join(' '));
});

test("the guide's moving platform plays on a canvas in Chromium and ends where it does in Node", async () => {
  // The colour of the canvas's pixel at a point of the level (y up, in units), as the page maps it.
  const colourAt = (tab, [x, y]) =>
    tab.evaluate(([sx, sy]) => [...document.getElementById('game').getContext('2d').getImageData(sx, sy, 1, 1).data.slice(0, 3)],
      [Math.round(5 + x * 35), Math.round(300 - y * 35)]);
  const lines = await printedIn('canvas_platform.html?frames=240', async (tab) => {
    assert.deepEqual(await colourAt(tab, [12.5, 0.91]), [255, 200, 40]); // the character, drawn where it ended
    assert.deepEqual(await colourAt(tab, [12.5, -0.1]), [120, 200, 120]); // on the lift
    assert.deepEqual(await colourAt(tab, [9, 1]), [24, 26, 38]); // over the gap, nothing
  });
  // getting_started.js says the same after 240 frames in Node (test/guide.test.mjs).
  assert.deepEqual(lines, ['after 240 frames the character is at (12.50, 0.91), on the lift: true']);
});
