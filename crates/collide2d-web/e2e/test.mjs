// End-to-end: serves www/ on loopback, opens it in Debian's headless Chromium through
// playwright-core, drags the moving shape onto the fixed one and away again, and checks the
// canvas turns red and then green there; then K and the arrow keys: RIGHT held runs the capsule
// away from where it stood, UP makes it jump and land. Saves screenshots beside this file.
// Prints "N passed, N failed" and exits non-zero on any failure.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.join(here, "..", "www");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(www, path.normalize(decodeURIComponent(req.url.split("?")[0])).replace(/^(\.\.[/\\])+/, ""));
  const target = file.endsWith(path.sep) || file === www ? path.join(www, "index.html") : file;
  fs.readFile(target, (err, data) => {
    if (err) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { "content-type": types[path.extname(target)] ?? "application/octet-stream" });
    res.end(data);
  });
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let passed = 0, failed = 0;
const check = (name, ok, detail) => {
  if (ok) { passed++; console.log(`ok   ${name}`); } else { failed++; console.log(`FAIL ${name}: ${detail}`); }
};
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 20000 });
  check("page loads the wasm demo", await page.getAttribute("body", "data-ready") === "yes", "loader failed");
  const canvas = await page.locator("#demo").boundingBox();
  const toPage = ([x, y]) => [canvas.x + x * canvas.width / 800, canvas.y + y * canvas.height / 500];
  // The colour the canvas shows at a canvas pixel (away from the arrow drawn through the centre).
  const colourAt = ([x, y]) => page.evaluate(([x, y]) =>
    Array.from(document.getElementById("demo").getContext("2d").getImageData(x, y, 1, 1).data), [x, y]);
  const isRed = ([r, g, b]) => r > g + 40 && r > b + 40;
  const isGreen = ([r, g, b]) => g > r + 30 && g > b + 20;
  const fixed = await page.evaluate(() => window.collide2d.fixed());
  const probe = [fixed[0] - 40, fixed[1] + 20];

  const before = await colourAt(probe);
  check("apart at first: fixed shape green", isGreen(before), JSON.stringify(before));

  const drag = async (to) => {
    const from = await page.evaluate(() => window.collide2d.moving());
    await page.mouse.move(...toPage(from));
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(...toPage([from[0] + (to[0] - from[0]) * k / 10, from[1] + (to[1] - from[1]) * k / 10]));
    }
    await page.mouse.up();
    await page.waitForTimeout(150); // a couple of animation frames
  };
  await drag([fixed[0] + 15, fixed[1] + 10]);
  const on = await colourAt(probe);
  check("dragged onto the fixed shape: red", isRed(on) && await page.evaluate(() => window.collide2d.colliding()), JSON.stringify(on));
  await page.screenshot({ path: path.join(here, "colliding.png") });

  await drag([700, 80]);
  const away = await colourAt(probe);
  check("dragged away: green again", isGreen(away) && !(await page.evaluate(() => window.collide2d.colliding())), JSON.stringify(away));
  await page.screenshot({ path: path.join(here, "apart.png") });

  await page.keyboard.press("o");
  await drag([fixed[0], fixed[1]]);
  check("oriented boxes (key O) collide when dragged together", await page.evaluate(() => window.collide2d.colliding()), "not colliding");

  // The character mode: the capsule stands on the floor, red as it touches it.
  await page.keyboard.press("k");
  await page.waitForTimeout(150);
  const character = () => page.evaluate(() => window.collide2d.character());
  const start = await page.evaluate(() => window.collide2d.moving());
  const standing = await colourAt(start);
  check("K: the capsule stands on the floor, red", await character() === "on floor" && isRed(standing),
    `${await character()} ${JSON.stringify(standing)}`);
  await page.keyboard.down("ArrowRight");
  await page.waitForFunction((x) => window.collide2d.moving()[0] > x + 100, start[0], { timeout: 5000 });
  await page.keyboard.up("ArrowRight");
  await page.waitForTimeout(150);
  const ran = await page.evaluate(() => window.collide2d.moving());
  const left = await colourAt(start);
  check("RIGHT held runs the capsule right: where it stood is background again",
    left.join() === "250,250,246,255" && isRed(await colourAt(ran)), `${JSON.stringify(left)} at ${start}, now at ${ran}`);
  await page.screenshot({ path: path.join(here, "character.png") });
  // Held until the capsule is off: a press and release within one frame would give no step.
  const until = (state, timeout) =>
    page.waitForFunction((s) => window.collide2d.character() === s, state, { timeout }).then(() => true, () => false);
  await page.keyboard.down("ArrowUp");
  const jumped = await until("in the air", 2000);
  await page.keyboard.up("ArrowUp");
  const landed = jumped && await until("on floor", 3000);
  check("UP: the capsule jumps and lands", jumped && landed, `jumped ${jumped}, landed ${landed}`);
} catch (e) {
  check("no exception", false, e.stack ?? e);
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
