// The character controller: World.moveAndSlide plus the one thing a single call cannot know, the
// floor the character ended its last move on, so that moving platforms carry it. The library's
// CharacterController does the work; this file turns options and results into plain objects.

import { wasm, loaded, xy } from './wasm.js';
import { MOVE_DEFAULTS, moveOptionNumbers, moveResultFrom, worldInside } from './world.js';

/**
 * Moves one character collider frame after frame as a platformer does: `World.moveAndSlide`
 * with its `options`, plus moving platforms. It remembers the floor collider the character ended
 * on and where that collider was; at the next move, before the character's own motion, it
 * carries the character by how far that floor has moved since (turns included), passing through
 * the platform but stopped by anything else, so a platform never pushes the character into a
 * wall, and one moving up or down fast neither sinks into it nor drops it. Move the platforms
 * first in each frame, then the characters. It holds WebAssembly memory: freed when it is
 * garbage collected, or at once by `free()`.
 */
export class CharacterController {
  // The controller in WebAssembly memory; null once freed.
  #inner;
  // The options as given, with the defaults for those left out.
  #options;

  /** A controller moving with `options` (`World.moveAndSlide`'s; defaults for those left out). */
  constructor(options = {}) {
    loaded('making a character controller');
    const numbers = moveOptionNumbers(options);
    this.#inner = new wasm.CharacterController(numbers);
    this.#options = settled(options);
  }

  // The controller to call, or an error that says what is wrong once it is freed.
  get #controller() {
    if (this.#inner === null) throw new Error('this character controller has been freed: make a new one');
    return this.#inner;
  }

  /** The options it moves with, every one given (a copy: set `options` to change them). */
  get options() {
    return { ...this.#options, up: { ...this.#options.up } };
  }

  /** Sets the options it moves with; those left out take their defaults. */
  set options(options) {
    this.#controller.setOptions(moveOptionNumbers(options));
    this.#options = settled(options);
  }

  /** The id of the floor collider the character ended its last move on, or null. */
  get floor() {
    return this.#controller.floor() ?? null;
  }

  /** Forgets the floor stood on (after teleporting the character, say): the next move is not carried. */
  forgetFloor() {
    this.#controller.forgetFloor();
  }

  /**
   * Carries collider `id` of `world` with the floor it stood on, then moves it by `motion` as
   * `world.moveAndSlide` does. The result is `moveAndSlide`'s; its `moved` includes the carry,
   * which `platformMotion` gives alone (divide it by the frame's time for the platform's speed).
   */
  moveAndSlide(world, id, motion) {
    const inner = worldInside(world, 'world');
    const [x, y] = xy(motion, 'motion');
    return moveResultFrom(this.#controller.moveAndSlide(inner, id, x, y));
  }

  /** Frees its WebAssembly memory now; using it after throws (a second free does nothing). */
  free() {
    this.#inner?.free();
    this.#inner = null;
  }
}

// Options with the defaults filled in, `up` as `{x, y}`.
function settled(options) {
  const o = { ...MOVE_DEFAULTS, ...options };
  const [x, y] = xy(o.up, 'up');
  return { ...o, up: { x, y } };
}
