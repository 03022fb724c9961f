//! The `World` for JavaScript: colliders named by numbers (`index + generation × 2³²`, exact in
//! a JavaScript number), transforms as x, y, rotation and scale, and each step's events as one
//! flat array, so that a frame's work crosses into WebAssembly in a few calls. The scene
//! queries and the mover are in `scene.rs`.

use collide2d::world::World as Inner;
use collide2d::{ColliderHandle, CollisionFilter, Contact, Shape, Transform, Vec2};
use wasm_bindgen::prelude::*;

use super::shapes::{error, split_key, with_shape, GENERATION_UNIT};
use super::write_contact;

/// A collision world: colliders placed by transforms, stepped for the pairs that start, go on
/// and stop touching, asked what is where, and characters moved through it by `move_and_slide`.
#[wasm_bindgen]
pub struct World {
    pub(crate) inner: Inner<()>,
    /// The live handle in each slot, to check the generation of a name JavaScript passes.
    live: Vec<Option<ColliderHandle>>,
}

/// The JavaScript name of a collider.
pub(crate) fn name(h: ColliderHandle) -> f64 {
    h.index() as f64 + h.generation() as f64 * GENERATION_UNIT
}

/// The numbers of an event's contact: normal and depth, NaN when it has none (a sensor's pair).
fn contact_summary(contact: Option<Contact>) -> [f64; 3] {
    contact.map_or([f64::NAN; 3], |c| [c.normal.x as f64, c.normal.y as f64, c.depth as f64])
}

#[wasm_bindgen]
impl World {
    /// An empty world.
    #[wasm_bindgen(constructor)]
    pub fn new() -> World {
        World { inner: Inner::new(), live: Vec::new() }
    }

    /// The handle a JavaScript name stands for, or an error for one removed or never given.
    pub(crate) fn handle(&self, id: f64) -> Result<ColliderHandle, JsError> {
        let index = split_key(id).map_or(usize::MAX, |(index, _)| index);
        let found = self.live.get(index).copied().flatten().filter(|h| name(*h) == id);
        found.ok_or_else(|| JsError::new(&format!("no collider {id} in this world (removed, or from another)")))
    }

    /// The handles JavaScript names stand for.
    pub(crate) fn handles(&self, ids: &[f64]) -> Result<Vec<ColliderHandle>, JsError> {
        ids.iter().map(|id| self.handle(*id)).collect()
    }

    /// Inserts the shape under `key` (in its own frame) placed at `(x, y)` turned by `rotation`
    /// radians; its name.
    pub fn insert(&mut self, key: f64, x: f32, y: f32, rotation: f32) -> Result<f64, JsError> {
        let shape = with_shape(key, Shape::clone)?;
        let placed = placement(&[x, y, rotation])?;
        let h = self.inner.insert(shape, placed, ()).map_err(error)?;
        let slot = h.index() as usize;
        if self.live.len() <= slot {
            self.live.resize(slot + 1, None);
        }
        self.live[slot] = Some(h);
        Ok(name(h))
    }

    /// Removes a collider (its children become roots where they are); false when it was not there.
    pub fn remove(&mut self, id: f64) -> bool {
        let Ok(h) = self.handle(id) else { return false };
        self.live[h.index() as usize] = None;
        self.inner.remove(h).is_some()
    }

    /// The number of colliders.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.len()
    }

    /// Places a collider (relative to its parent, if any): `pose` is `x, y, rotation` or `x, y,
    /// rotation, scaleX, scaleY`.
    #[wasm_bindgen(js_name = setTransform)]
    pub fn set_transform(&mut self, id: f64, pose: &[f32]) -> Result<(), JsError> {
        let h = self.handle(id)?;
        self.inner.set_transform(h, placement(pose)?).map_err(error)
    }

    /// Places many colliders at once: `ids[i]` at `poses[3i..3i + 3]` (x, y, rotation), or at
    /// `poses[5i..5i + 5]` (with scaleX, scaleY) when there are five numbers per id. Every id,
    /// pose and placement is checked before any collider moves: an error moves nothing.
    #[wasm_bindgen(js_name = setTransforms)]
    pub fn set_transforms(&mut self, ids: &[f64], poses: &[f32]) -> Result<(), JsError> {
        let stride = match ids.len() {
            0 if poses.is_empty() => return Ok(()),
            n if poses.len() == 3 * n => 3,
            n if poses.len() == 5 * n => 5,
            n => {
                return Err(JsError::new(&format!(
                    "{n} ids take {} pose numbers (x, y, rotation) or {} (with scaleX, scaleY), got {}",
                    3 * n,
                    5 * n,
                    poses.len()
                )))
            }
        };
        let moves = ids
            .iter()
            .zip(poses.chunks_exact(stride))
            .map(|(&id, pose)| Ok((self.handle(id)?, placement(pose)?)))
            .collect::<Result<Vec<_>, JsError>>()?;
        self.inner.set_transforms(&moves).map_err(error)
    }

    /// Where a collider is, in the world: `[x, y, rotation, scaleX, scaleY]`.
    pub fn transform(&self, id: f64) -> Result<Vec<f32>, JsError> {
        let t = self.inner.world_transform(self.handle(id)?).ok_or_else(|| JsError::new("no transform"))?;
        let (scale, angle, at) = t.affine().to_scale_angle_translation();
        Ok(vec![at.x, at.y, angle, scale.x, scale.y])
    }

    /// The collider's box in the world: `[minX, minY, maxX, maxY]`.
    pub fn aabb(&self, id: f64) -> Result<Vec<f32>, JsError> {
        let b = self.inner.aabb(self.handle(id)?).ok_or_else(|| JsError::new("no box"))?;
        Ok(vec![b.min().x, b.min().y, b.max().x, b.max().y])
    }

    /// Gives a collider the shape under `key` (in its own frame).
    #[wasm_bindgen(js_name = setShape)]
    pub fn set_shape(&mut self, id: f64, key: f64) -> Result<(), JsError> {
        let h = self.handle(id)?;
        let shape = with_shape(key, Shape::clone)?;
        self.inner.set_shape(h, shape).map_err(error)
    }

    /// Attaches a collider to a parent (its transform becomes relative to the parent's), or
    /// detaches it when `parent` is undefined.
    #[wasm_bindgen(js_name = setParent)]
    pub fn set_parent(&mut self, id: f64, parent: Option<f64>) -> Result<(), JsError> {
        let child = self.handle(id)?;
        let parent = parent.map(|p| self.handle(p)).transpose()?;
        self.inner.set_parent(child, parent).map_err(error)
    }

    /// The layer bits a collider is in and the mask of layers it collides with.
    #[wasm_bindgen(js_name = setFilter)]
    pub fn set_filter(&mut self, id: f64, layer: u32, mask: u32) -> Result<(), JsError> {
        let h = self.handle(id)?;
        self.inner.set_filter(h, CollisionFilter::new(layer, mask)).map_err(error)
    }

    /// Makes a collider a sensor (reported in events, never given a contact, never blocking a
    /// mover) or solid again.
    #[wasm_bindgen(js_name = setSensor)]
    pub fn set_sensor(&mut self, id: f64, sensor: bool) -> Result<(), JsError> {
        let h = self.handle(id)?;
        self.inner.set_sensor(h, sensor).map_err(error)
    }

    /// Sets cell (`col`, `row`) of a tile-map collider to tile `tile`: destructible terrain.
    #[wasm_bindgen(js_name = setTile)]
    pub fn set_tile(&mut self, id: f64, col: u32, row: u32, tile: u32) -> Result<(), JsError> {
        let h = self.handle(id)?;
        self.inner.set_tile(h, col, row, tile).map_err(error)
    }

    /// Makes a collider one-way, blocking casts and movers only when met from the side
    /// `(x, y)` points to; `(0, 0)` makes it block from every side again.
    #[wasm_bindgen(js_name = setOneWay)]
    pub fn set_one_way(&mut self, id: f64, x: f32, y: f32) -> Result<(), JsError> {
        let h = self.handle(id)?;
        let open = Vec2::new(x, y);
        self.inner.set_one_way(h, (open != Vec2::ZERO).then_some(open)).map_err(error)
    }

    /// Steps the world. One array: `[startedCount, ongoingCount, stoppedCount]`, then for each
    /// started and each ongoing pair `a, b, normalX, normalY, depth` (the normal from `a` to
    /// `b`; NaN when either is a sensor), then for each stopped pair `a, b`.
    pub fn step(&mut self) -> Vec<f64> {
        let events = self.inner.step();
        let (started, ongoing, stopped) = (events.started(), events.ongoing(), events.stopped());
        let mut out = Vec::with_capacity(3 + 5 * (started.len() + ongoing.len()) + 2 * stopped.len());
        out.extend([started.len() as f64, ongoing.len() as f64, stopped.len() as f64]);
        for e in started.iter().chain(ongoing) {
            out.extend([name(e.a), name(e.b)]);
            out.extend(contact_summary(e.contact));
        }
        out.extend(stopped.iter().flat_map(|(a, b)| [name(*a), name(*b)]));
        out
    }

    /// The full contact of two colliders as they stand now, written to the exchange area in
    /// `contact`'s layout; how many numbers (0 when they do not touch). Unlike the events, this
    /// does not need a step. Within the world's contact budget, whole.
    pub fn contact(&self, a: f64, b: f64) -> Result<usize, JsError> {
        let shape = |id| self.inner.world_shape(self.handle(id)?).ok_or_else(|| JsError::new("no shape"));
        let budget = self.inner.contact_budget();
        Ok(collide2d::contact_with_budget(shape(a)?, shape(b)?, budget).map_or(0, |c| write_contact(&c)))
    }

    /// The pairs whose contact at the last step is not proven the shortest (their share of the
    /// contact budget ran out), as `a, b` each; empty in nearly every step.
    #[wasm_bindgen(js_name = boundedPairs)]
    pub fn bounded_pairs(&self) -> Vec<f64> {
        let events = self.inner.events();
        let bounded = events.touching().filter(|e| e.contact.is_some_and(|c| !c.is_exact()));
        bounded.flat_map(|e| [name(e.a), name(e.b)]).collect()
    }

    /// Sets the units of work a step may spend on exact contacts with concave polygons, shared
    /// evenly by the pairs with one measured at that step (0: no bound).
    #[wasm_bindgen(js_name = setContactBudget)]
    pub fn set_contact_budget(&mut self, units: f64) -> Result<(), JsError> {
        self.inner.set_contact_budget(crate::budget_of(units)?);
        Ok(())
    }

    /// The step's contact budget in units (0: no bound).
    #[wasm_bindgen(js_name = contactBudget)]
    pub fn contact_budget(&self) -> f64 {
        let budget = self.inner.contact_budget();
        if budget.is_unbounded() {
            0.0
        } else {
            budget.units() as f64
        }
    }

    /// The colliders touching `id` at the last step.
    pub fn touching(&self, id: f64) -> Result<Vec<f64>, JsError> {
        let h = self.handle(id)?;
        let others = self.inner.events().touching().filter_map(|e| match (e.a == h, e.b == h) {
            (true, _) => Some(name(e.b)),
            (_, true) => Some(name(e.a)),
            _ => None,
        });
        Ok(others.collect())
    }

    /// Whether the collider touched another at the last step.
    #[wasm_bindgen(js_name = isColliding)]
    pub fn is_colliding(&self, id: f64) -> Result<bool, JsError> {
        Ok(self.inner.is_colliding(self.handle(id)?).unwrap_or(false))
    }
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}

/// A transform from `x, y, rotation` (scale 1) or `x, y, rotation, scaleX, scaleY`, refused
/// when not finite or of another length.
fn placement(pose: &[f32]) -> Result<Transform, JsError> {
    let (at, rotation, scale) = match *pose {
        [x, y, r] => (Vec2::new(x, y), r, Vec2::ONE),
        [x, y, r, sx, sy] => (Vec2::new(x, y), r, Vec2::new(sx, sy)),
        _ => return Err(JsError::new(&format!("a pose takes 3 or 5 numbers, got {}", pose.len()))),
    };
    if !(at.is_finite() && rotation.is_finite() && scale.is_finite()) {
        return Err(JsError::new(&format!("a transform must be finite, got {pose:?}")));
    }
    Ok(Transform::from_translation_rotation_scale(at, rotation, scale))
}
