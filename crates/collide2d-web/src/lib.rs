//! The web demo: the shared demo state of `collide2d-render`, compiled to WebAssembly for
//! `wasm32-unknown-unknown` and driven by `www/index.html`.
//!
//! Plain exported functions and a hand-written loader, no `wasm-bindgen`: the page needs a
//! dozen calls taking numbers and one pointer to the pixels, so a generated glue layer (and the
//! exact-version `wasm-bindgen-cli` it needs at build time) would add more than it saves. The
//! module imports nothing.
//!
//! Every function takes the handle [`demo_new`] returned; a null handle is ignored.

use collide2d::Vec2;
use collide2d_render::demo::{Arrow, Demo, Key};

/// The demo and its last picture, which the page reads straight from linear memory.
pub struct Handle {
    demo: Demo,
    pixels: Vec<u8>,
}

fn with<R>(h: *mut Handle, default: R, f: impl FnOnce(&mut Handle) -> R) -> R {
    // SAFETY: the page passes back the pointer `demo_new` gave it, from this module's own
    // single-threaded memory, and never frees it; null is refused.
    match unsafe { h.as_mut() } {
        Some(h) => f(h),
        None => default,
    }
}

/// A new demo drawing `width × height` pixels (at least 1×1, at most 4096×4096).
#[no_mangle]
pub extern "C" fn demo_new(width: u32, height: u32) -> *mut Handle {
    let (w, h) = (width.clamp(1, 4096), height.clamp(1, 4096));
    Box::into_raw(Box::new(Handle { demo: Demo::new(w, h), pixels: Vec::new() }))
}

/// A key, by its ASCII code (`C R O P T B D K`, either case, and space).
#[no_mangle]
pub extern "C" fn demo_key(h: *mut Handle, code: u32) {
    let Some(key) = char::from_u32(code).and_then(Key::from_letter) else { return };
    with(h, (), |h| h.demo.key(key));
}

/// An arrow key (`arrow` 0 left, 1 right, 2 up) went down (`down` 1) or up (0).
#[no_mangle]
pub extern "C" fn demo_arrow(h: *mut Handle, arrow: u32, down: u32) {
    let Some(arrow) = [Arrow::Left, Arrow::Right, Arrow::Up].get(arrow as usize).copied() else { return };
    with(h, (), |h| match down {
        0 => h.demo.key_released(Key::Arrow(arrow)),
        _ => h.demo.key(Key::Arrow(arrow)),
    });
}

/// The character mode: 0 when it is off, 1 when the capsule is in the air, 2 when it stands on
/// floor.
#[no_mangle]
pub extern "C" fn demo_character(h: *mut Handle) -> u32 {
    with(h, 0, |h| h.demo.character().map_or(0, |c| 1 + u32::from(c.on_floor())))
}

/// The pointer went down at canvas pixel `(x, y)`.
#[no_mangle]
pub extern "C" fn demo_pointer_down(h: *mut Handle, x: f32, y: f32) {
    with(h, (), |h| h.demo.pointer_down(Vec2::new(x, y)));
}

/// The pointer moved to canvas pixel `(x, y)`.
#[no_mangle]
pub extern "C" fn demo_pointer_move(h: *mut Handle, x: f32, y: f32) {
    with(h, (), |h| h.demo.pointer_move(Vec2::new(x, y)));
}

/// The pointer went up.
#[no_mangle]
pub extern "C" fn demo_pointer_up(h: *mut Handle) {
    with(h, (), |h| h.demo.pointer_up());
}

/// The wheel turned by `delta` notches.
#[no_mangle]
pub extern "C" fn demo_wheel(h: *mut Handle, delta: f32) {
    with(h, (), |h| h.demo.wheel(delta));
}

/// `seconds` passed.
#[no_mangle]
pub extern "C" fn demo_tick(h: *mut Handle, seconds: f32) {
    with(h, (), |h| h.demo.tick(seconds));
}

/// Draws the current state and returns a pointer to its RGBA pixels (`width × height × 4`
/// bytes, opaque), valid until the next call.
#[no_mangle]
pub extern "C" fn demo_render(h: *mut Handle) -> *const u8 {
    with(h, std::ptr::null(), |h| {
        let picture = h.demo.render();
        h.pixels.clear();
        h.pixels.extend_from_slice(picture.rgba());
        h.pixels.as_ptr()
    })
}

/// 1 when the current detector says the shapes collide, else 0.
#[no_mangle]
pub extern "C" fn demo_colliding(h: *mut Handle) -> u32 {
    with(h, 0, |h| u32::from(h.demo.verdict().colliding))
}

/// Canvas pixel x (`axis` 0) or y (1) of the fixed (`which` 0) or moving (1) shape's centre (in
/// the character mode, the capsule's).
#[no_mangle]
pub extern "C" fn demo_position(h: *mut Handle, which: u32, axis: u32) -> f32 {
    with(h, f32::NAN, |h| {
        let world = if which == 0 { h.demo.fixed_position() } else { h.demo.moving_position() };
        let p = h.demo.view().to_pixel(world);
        if axis == 0 {
            p.x
        } else {
            p.y
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exports_drive_the_demo_and_refuse_a_null_handle() {
        let h = demo_new(320, 200);
        assert_eq!(demo_colliding(h), 0);
        let (fx, fy) = (demo_position(h, 0, 0), demo_position(h, 0, 1));
        let (mx, my) = (demo_position(h, 1, 0), demo_position(h, 1, 1));
        demo_pointer_down(h, mx, my);
        demo_pointer_move(h, fx, fy);
        demo_pointer_up(h);
        assert_eq!(demo_colliding(h), 1);
        let pixels = demo_render(h);
        assert!(!pixels.is_null());
        demo_key(h, 'd' as u32);
        demo_key(h, 0x1F600); // not a key: ignored
        assert_eq!(demo_character(h), 0);
        demo_key(h, 'k' as u32);
        assert_eq!(demo_character(h), 2, "standing on the floor");
        let x = demo_position(h, 1, 0);
        demo_arrow(h, 1, 1);
        demo_arrow(h, 7, 1); // not an arrow: ignored
        demo_tick(h, 0.1);
        assert!(demo_position(h, 1, 0) > x + 5.0, "RIGHT runs the capsule right");
        demo_arrow(h, 1, 0);
        let x = demo_position(h, 1, 0);
        demo_arrow(h, 2, 1);
        demo_tick(h, 0.1);
        assert_eq!((demo_character(h), demo_position(h, 1, 0)), (1, x), "UP jumps straight up");
        demo_render(std::ptr::null_mut());
        demo_arrow(std::ptr::null_mut(), 0, 1);
        assert_eq!(demo_colliding(std::ptr::null_mut()), 0);
        assert_eq!(demo_character(std::ptr::null_mut()), 0);
        // SAFETY: the handle came from demo_new and is not used again.
        drop(unsafe { Box::from_raw(h) });
    }
}
