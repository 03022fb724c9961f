//! `CharacterController`: `World.move_and_slide` plus the floor the character ended its last move
//! on, remembered between moves, so that moving platforms carry the character. The library's
//! controller does the work; this class holds it.

use collide2d::world::{CharacterController, MoveOptions};
use collide2d::Vec2;
use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;

use crate::convert::{hold, tuple, V2};
use crate::world::{world_error, PyHandle, PyMoveResult, PyWorld};

/// Moves one character frame after frame as a platformer does: `World.move_and_slide` with the
/// controller's options (steps, snapping, slopes, one-way colliders), plus moving platforms. It
/// remembers the floor collider the character ended on and where that collider was; at the
/// next move it first carries the character by how far that floor has moved since (through
/// the floor itself, stopped by anything else, so a platform never pushes it into a wall).
/// Move the platforms first in each frame, then the characters. The options are read and set
/// as attributes; bad ones raise `ValueError` at the move, as `World.move_and_slide` does.
#[pyclass(frozen, module = "collide2d", name = "CharacterController")]
pub struct PyCharacterController {
    inner: Mutex<CharacterController>,
}

impl PyCharacterController {
    /// The controller for this call (see `convert::hold`).
    fn held(&self, py: Python<'_>) -> MutexGuard<'_, CharacterController> {
        hold(py, &self.inner)
    }

    /// Changes one of the options.
    fn set(&self, py: Python<'_>, change: impl FnOnce(&mut MoveOptions)) {
        change(&mut self.held(py).options);
    }
}

#[pymethods]
impl PyCharacterController {
    /// A controller with the options of `World.move_and_slide` (the same defaults) that has
    /// stood on nothing yet.
    #[new]
    #[pyo3(signature = (
        skin = 0.01, max_slope = std::f32::consts::FRAC_PI_4, up = V2(Vec2::Y), max_slides = 4,
        *, step_height = 0.0, snap_distance = 0.0, stop_on_slope = true
    ))]
    fn new(
        skin: f32,
        max_slope: f32,
        up: V2,
        max_slides: usize,
        step_height: f32,
        snap_distance: f32,
        stop_on_slope: bool,
    ) -> Self {
        let options = MoveOptions { skin, max_slope, up: up.0, max_slides, step_height, snap_distance, stop_on_slope };
        Self { inner: Mutex::new(CharacterController::new(options)) }
    }

    /// The gap kept to what it meets.
    #[getter]
    fn skin(&self, py: Python<'_>) -> f32 {
        self.held(py).options.skin
    }

    #[setter]
    fn set_skin(&self, py: Python<'_>, value: f32) {
        self.set(py, |o| o.skin = value);
    }

    /// The steepest slope, in radians from level, that counts as floor.
    #[getter]
    fn max_slope(&self, py: Python<'_>) -> f32 {
        self.held(py).options.max_slope
    }

    #[setter]
    fn set_max_slope(&self, py: Python<'_>, value: f32) {
        self.set(py, |o| o.max_slope = value);
    }

    /// Which way is up: (0, 1) unless set; (0, -1) on a y-down screen.
    #[getter]
    fn up(&self, py: Python<'_>) -> (f32, f32) {
        tuple(self.held(py).options.up)
    }

    #[setter]
    fn set_up(&self, py: Python<'_>, value: V2) {
        self.set(py, |o| o.up = value.0);
    }

    /// At most this many moves and slides a move.
    #[getter]
    fn max_slides(&self, py: Python<'_>) -> usize {
        self.held(py).options.max_slides
    }

    #[setter]
    fn set_max_slides(&self, py: Python<'_>, value: usize) {
        self.set(py, |o| o.max_slides = value);
    }

    /// The highest ledge it steps up onto, walking into it on the floor (0: never).
    #[getter]
    fn step_height(&self, py: Python<'_>) -> f32 {
        self.held(py).options.step_height
    }

    #[setter]
    fn set_step_height(&self, py: Python<'_>, value: f32) {
        self.set(py, |o| o.step_height = value);
    }

    /// How far down it follows the floor when it would leave it (0: never).
    #[getter]
    fn snap_distance(&self, py: Python<'_>) -> f32 {
        self.held(py).options.snap_distance
    }

    #[setter]
    fn set_snap_distance(&self, py: Python<'_>, value: f32) {
        self.set(py, |o| o.snap_distance = value);
    }

    /// On a floor, gravity does not slide it down the slope and walking goes along it.
    #[getter]
    fn stop_on_slope(&self, py: Python<'_>) -> bool {
        self.held(py).options.stop_on_slope
    }

    #[setter]
    fn set_stop_on_slope(&self, py: Python<'_>, value: bool) {
        self.set(py, |o| o.stop_on_slope = value);
    }

    /// The floor collider the character ended its last move on, or None.
    #[getter]
    fn floor(&self, py: Python<'_>) -> Option<PyHandle> {
        self.held(py).floor().map(|inner| PyHandle { inner })
    }

    /// Forgets the floor (after teleporting the character, say), so that the next move carries
    /// it by nothing.
    fn forget_floor(&self, py: Python<'_>) {
        self.held(py).forget_floor();
    }

    /// Moves collider `h` of `world` by `motion` as `World.move_and_slide` does, first carrying
    /// it with the floor it stood on; the result's `moved` includes the carry, which
    /// `platform_motion` gives alone. A refused move (a stale handle, a motion or option that
    /// is no number a mover goes by) raises `ValueError`, moves nothing and keeps the floor.
    fn move_and_slide(&self, py: Python<'_>, world: &PyWorld, h: &PyHandle, motion: V2) -> PyResult<PyMoveResult> {
        // The controller first, then the world: no other call takes both.
        let mut controller = self.held(py);
        let mut w = world.world(py);
        controller.move_and_slide(&mut w, h.inner, motion.0).map(PyMoveResult::from).map_err(world_error)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let floor = self.floor(py).map_or_else(|| "None".to_string(), |h| h.__repr__());
        format!("CharacterController(floor={floor})")
    }
}
