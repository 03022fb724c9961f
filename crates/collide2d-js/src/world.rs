//! The `World` for JavaScript: colliders named by numbers (`index + generation × 2³²`, exact in
//! a JavaScript number), transforms as x, y and rotation, and each step's events as flat arrays
//! of those names, so that a frame's work crosses into WebAssembly in a few calls.

use collide2d::world::{MoveOptions, World as Inner};
use collide2d::{ColliderHandle, Transform, Vec2};
use wasm_bindgen::prelude::*;

use super::{error, with_shape};

/// A collision world: colliders placed by transforms, stepped for the pairs that start and stop
/// touching, and characters moved through it by `move_and_slide`.
#[wasm_bindgen]
pub struct World {
    inner: Inner<()>,
    /// The live handle in each slot, to check the generation of a name JavaScript passes.
    live: Vec<Option<ColliderHandle>>,
}

/// The JavaScript name of a collider.
fn name(h: ColliderHandle) -> f64 {
    h.index() as f64 + h.generation() as f64 * 4_294_967_296.0
}

#[wasm_bindgen]
impl World {
    /// An empty world.
    #[wasm_bindgen(constructor)]
    pub fn new() -> World {
        World { inner: Inner::new(), live: Vec::new() }
    }

    /// The handle a JavaScript name stands for, or an error for one removed or never given.
    fn handle(&self, id: f64) -> Result<ColliderHandle, JsError> {
        let index = id % 4_294_967_296.0;
        let found = self.live.get(index as usize).copied().flatten().filter(|h| name(*h) == id);
        found.ok_or_else(|| JsError::new(&format!("no collider {id} in this world (removed, or from another)")))
    }

    /// Inserts a shape (kind code and numbers, in its own frame) placed at `(x, y)` turned by
    /// `rotation` radians; its name.
    pub fn insert(&mut self, kind: u8, numbers: &[f32], x: f32, y: f32, rotation: f32) -> Result<f64, JsError> {
        let shape = with_shape(kind, numbers, |s| s.clone())?;
        let placed = placement(x, y, rotation)?;
        let h = self.inner.insert(shape, placed, ()).map_err(error)?;
        let slot = h.index() as usize;
        if self.live.len() <= slot {
            self.live.resize(slot + 1, None);
        }
        self.live[slot] = Some(h);
        Ok(name(h))
    }

    /// Removes a collider; false when it was not there.
    pub fn remove(&mut self, id: f64) -> bool {
        let Ok(h) = self.handle(id) else { return false };
        self.live[h.index() as usize] = None;
        self.inner.remove(h).is_some()
    }

    /// Places a collider at `(x, y)` turned by `rotation` radians.
    #[wasm_bindgen(js_name = setTransform)]
    pub fn set_transform(&mut self, id: f64, x: f32, y: f32, rotation: f32) -> Result<(), JsError> {
        let h = self.handle(id)?;
        self.inner.set_transform(h, placement(x, y, rotation)?).map_err(error)
    }

    /// Places many colliders at once: `ids[i]` at `poses[3i..3i + 3]` (x, y, rotation).
    #[wasm_bindgen(js_name = setTransforms)]
    pub fn set_transforms(&mut self, ids: &[f64], poses: &[f32]) -> Result<(), JsError> {
        if poses.len() != 3 * ids.len() {
            return Err(JsError::new(&format!(
                "{} ids take {} pose numbers, got {}",
                ids.len(),
                3 * ids.len(),
                poses.len()
            )));
        }
        for (id, p) in ids.iter().zip(poses.chunks_exact(3)) {
            self.set_transform(*id, p[0], p[1], p[2])?;
        }
        Ok(())
    }

    /// Steps the world: `[startedCount, then the started pairs' names, then the stopped pairs']`.
    pub fn step(&mut self) -> Vec<f64> {
        let events = self.inner.step();
        let mut out = vec![events.started().len() as f64];
        out.extend(events.started().iter().flat_map(|e| [name(e.a), name(e.b)]));
        out.extend(events.stopped().iter().flat_map(|(a, b)| [name(*a), name(*b)]));
        out
    }

    /// Moves a collider by `(dx, dy)`, sliding along what it meets (default options):
    /// `[movedX, movedY, onFloor, onWall, onCeiling]` (flags 1 or 0).
    #[wasm_bindgen(js_name = moveAndSlide)]
    pub fn move_and_slide(&mut self, id: f64, dx: f32, dy: f32) -> Result<Vec<f32>, JsError> {
        let h = self.handle(id)?;
        let r = self.inner.move_and_slide(h, Vec2::new(dx, dy), &MoveOptions::default()).map_err(error)?;
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        Ok(vec![r.moved.x, r.moved.y, flag(r.on_floor), flag(r.on_wall), flag(r.on_ceiling)])
    }

    /// Where a collider is: `[x, y]` of its transform's translation.
    pub fn position(&self, id: f64) -> Result<Vec<f32>, JsError> {
        let t = self.inner.world_transform(self.handle(id)?).ok_or_else(|| JsError::new("no transform"))?;
        Ok(vec![t.translation().x, t.translation().y])
    }
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}

/// A translation and rotation, refused when not finite.
fn placement(x: f32, y: f32, rotation: f32) -> Result<Transform, JsError> {
    if !(x.is_finite() && y.is_finite() && rotation.is_finite()) {
        return Err(JsError::new(&format!("a transform must be finite, got ({x}, {y}) turned {rotation}")));
    }
    Ok(Transform::from_translation_rotation_scale(Vec2::new(x, y), rotation, Vec2::ONE))
}
