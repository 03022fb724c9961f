// The moving-platform level (moving_platform.js) drawn on a canvas: arrow keys to run, space to
// jump, ride the lift across the gap. docs/guide/pages/getting-started/javascript.md shows it.
// With ?frames=N in the address it plays N frames on its own, prints where the character ended
// and sets the title to "done" (or to the error), for crates/collide2d-js/test/browser.test.mjs.

// --8<-- [start:draw]
import { init } from 'collide2d';
import { Level } from './moving_platform.js';

const SCALE = 35; // pixels a unit
const [BACKGROUND, BLOCK, LIFT, PLAYER] = ['#181a26', '#5a6e96', '#78c878', '#ffc828'];
const canvas = document.getElementById('game');
const ctx = canvas.getContext('2d');

/** A point of the level (y up, in units) on the canvas (y down, in pixels). */
const toScreen = ({ x, y }) => [5 + x * SCALE, 300 - y * SCALE];

/** A box of the level: its top on the canvas is its max y. */
function fillBox({ min, max }, colour) {
  const [left, top] = toScreen({ x: min.x, y: max.y });
  const [right, bottom] = toScreen({ x: max.x, y: min.y });
  ctx.fillStyle = colour;
  ctx.fillRect(left, top, right - left, bottom - top);
}

function draw(level) {
  const { world } = level;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const id of [level.ground, level.ledge]) fillBox(world.aabb(id), BLOCK);
  fillBox(world.aabb(level.lift), LIFT);
  // The capsule is its bounding box with rounded ends: as wide as its two end circles.
  const { min, max } = world.aabb(level.player);
  const [left, top] = toScreen({ x: min.x, y: max.y });
  const [right, bottom] = toScreen({ x: max.x, y: min.y });
  ctx.fillStyle = PLAYER;
  ctx.beginPath();
  ctx.roundRect(left, top, right - left, bottom - top, (right - left) / 2);
  ctx.fill();
}
// --8<-- [end:draw]

// --8<-- [start:loop]
const keys = new Set();
addEventListener('keydown', (e) => keys.add(e.code));
addEventListener('keyup', (e) => keys.delete(e.code));
const frames = Number(new URLSearchParams(location.search).get('frames')) || Infinity;
// Played for a number of frames (in CI), as fast as it can rather than at the display's pace.
const nextFrame = Number.isFinite(frames) ? (f) => setTimeout(f) : requestAnimationFrame;

await init(); // fetches collide2d_js_bg.wasm from beside the package's index.js
const level = new Level();
let frame = 0;
// The level steps 1/60 s a frame, as the display refreshes (most screens: 60 times a second).
function tick() {
  const run = keys.has('ArrowRight') - keys.has('ArrowLeft');
  level.update(run, keys.has('Space'));
  draw(level);
  if (++frame < frames) nextFrame(tick);
  else finish(level);
}
nextFrame(tick);
// --8<-- [end:loop]

function finish(level) {
  const { x, y } = level.position();
  const onLift = level.controller.floor === level.lift;
  document.getElementById('out').textContent = `after ${frame} frames the character is at (${x.toFixed(2)}, ${y.toFixed(2)}), on the lift: ${onLift}`;
  document.title = 'done';
}
