// Loads collide2d_web.wasm (plain exports, no imports) and drives it from a canvas.
(async () => {
  const canvas = document.getElementById("demo");
  const status = document.getElementById("status");
  const ctx = canvas.getContext("2d");
  const { instance } = await WebAssembly.instantiate(await (await fetch("collide2d_web.wasm")).arrayBuffer(), {});
  const w = instance.exports;
  const handle = w.demo_new(canvas.width, canvas.height);
  const size = canvas.width * canvas.height * 4;

  const pixel = (e) => {
    const r = canvas.getBoundingClientRect();
    return [(e.clientX - r.left) * canvas.width / r.width, (e.clientY - r.top) * canvas.height / r.height];
  };
  canvas.addEventListener("mousedown", (e) => { w.demo_pointer_down(handle, ...pixel(e)); draw(); });
  window.addEventListener("mousemove", (e) => { w.demo_pointer_move(handle, ...pixel(e)); });
  window.addEventListener("mouseup", () => { w.demo_pointer_up(handle); });
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); w.demo_wheel(handle, Math.sign(e.deltaY)); }, { passive: false });
  // Arrow keys steer the character mode's capsule while held. A held key's repeats are ignored,
  // as in the desktop window (else K held would switch the mode on and off).
  const arrows = new Map([["ArrowLeft", 0], ["ArrowRight", 1], ["ArrowUp", 2]]);
  window.addEventListener("keydown", (e) => {
    if (arrows.has(e.key)) { e.preventDefault(); if (!e.repeat) w.demo_arrow(handle, arrows.get(e.key), 1); return; }
    if (e.key.length === 1) { if (e.key === " ") e.preventDefault(); if (!e.repeat) w.demo_key(handle, e.key.charCodeAt(0)); }
  });
  window.addEventListener("keyup", (e) => { if (arrows.has(e.key)) w.demo_arrow(handle, arrows.get(e.key), 0); });
  // Keys released while the page had no focus never send keyup: let go of them all.
  window.addEventListener("blur", () => { for (const a of arrows.values()) w.demo_arrow(handle, a, 0); });

  function draw() {
    const ptr = w.demo_render(handle);
    // Re-wrap each frame: memory.buffer changes when the module's memory grows.
    const pixels = new Uint8ClampedArray(w.memory.buffer, ptr, size);
    ctx.putImageData(new ImageData(pixels.slice(), canvas.width, canvas.height), 0, 0);
    const character = w.demo_character(handle);
    status.textContent = character ? ["", "character: in the air", "character: on floor"][character]
      : w.demo_colliding(handle) ? "colliding" : "apart";
  }
  let last = performance.now();
  function frame(now) {
    w.demo_tick(handle, (now - last) / 1000);
    last = now;
    draw();
    requestAnimationFrame(frame);
  }
  // For tests and the curious: where the shapes are, in canvas pixels.
  window.collide2d = {
    fixed: () => [w.demo_position(handle, 0, 0), w.demo_position(handle, 0, 1)],
    moving: () => [w.demo_position(handle, 1, 0), w.demo_position(handle, 1, 1)],
    colliding: () => w.demo_colliding(handle) === 1,
    character: () => ["off", "in the air", "on floor"][w.demo_character(handle)],
  };
  draw();
  requestAnimationFrame(frame);
  document.body.dataset.ready = "yes";
})().catch((e) => {
  document.getElementById("status").textContent = "failed: " + e;
  document.body.dataset.ready = "failed";
});
