//! The character controller for JavaScript: the library's `CharacterController`, which remembers
//! the floor a character ended its last move on so that a moving platform carries it.

use collide2d::world::CharacterController as Inner;
use wasm_bindgen::prelude::*;

use super::scene::{finite, move_numbers, move_options};
use super::shapes::error;
use super::world::{name, World};

/// Moves one character collider frame after frame as a platformer does: `World::move_and_slide`
/// with its options, carried first by how far the floor it stood on has moved since.
#[wasm_bindgen]
pub struct CharacterController {
    inner: Inner,
}

#[wasm_bindgen]
impl CharacterController {
    /// A controller that moves with `options` (`move_options`'s numbers) and has not stood on
    /// anything yet.
    #[wasm_bindgen(constructor)]
    pub fn new(options: &[f32]) -> Result<CharacterController, JsError> {
        Ok(CharacterController { inner: Inner::new(move_options(options)?) })
    }

    /// Sets the options it moves with (`move_options`'s numbers).
    #[wasm_bindgen(js_name = setOptions)]
    pub fn set_options(&mut self, options: &[f32]) -> Result<(), JsError> {
        self.inner.options = move_options(options)?;
        Ok(())
    }

    /// The name of the floor collider the character ended its last move on, if any.
    pub fn floor(&self) -> Option<f64> {
        self.inner.floor().map(name)
    }

    /// Forgets the floor stood on, so that the next move carries the character by nothing.
    #[wasm_bindgen(js_name = forgetFloor)]
    pub fn forget_floor(&mut self) {
        self.inner.forget_floor();
    }

    /// Carries collider `id` of `world` with the floor it stood on, then moves it by `(dx, dy)`:
    /// the result as `move_numbers` lays it out (its `moved` includes the carry).
    #[wasm_bindgen(js_name = moveAndSlide)]
    pub fn move_and_slide(&mut self, world: &mut World, id: f64, dx: f32, dy: f32) -> Result<Vec<f64>, JsError> {
        let h = world.handle(id)?;
        let motion = finite(dx, dy, "motion")?;
        let result = self.inner.move_and_slide(&mut world.inner, h, motion).map_err(error)?;
        Ok(move_numbers(&result))
    }
}
