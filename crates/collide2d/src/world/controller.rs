//! A character controller: [`World::move_and_slide`] with the one thing it cannot know from a
//! single call, the floor the character stood on at the end of the last one, so that a moving
//! platform carries the character.

use glam::Vec2;

use crate::math::Transform;

use super::mover::checked_move;
use super::{ColliderHandle, MoveOptions, MoveResult, World, WorldError};

/// Moves one character collider frame after frame as a platformer does: [`World::move_and_slide`]
/// with its `options` (steps, snapping to the floor, slopes, one-way colliders), plus moving
/// platforms. It remembers the floor collider the character ended on and where that collider
/// was; at the next move, before the character's own motion, it carries the character by how
/// far that floor has moved since (turns included, taken at the centre of the character's box),
/// passing through the platform itself but stopped by anything else, so a platform never pushes
/// the character into a wall and one moving up or down fast neither sinks into it nor drops it.
///
/// Move the platforms first in each frame, then the characters.
///
/// ```
/// use collide2d::world::{CharacterController, MoveOptions, World};
/// use collide2d::{Aabb, Transform, Vec2};
/// let mut world: World = World::new();
/// let lift = world.insert(Aabb::from_xywh(-2.0, -0.5, 4.0, 0.5)?.into(), Transform::IDENTITY, ())?;
/// let player = world.insert(Aabb::from_xywh(-0.5, 0.01, 1.0, 2.0)?.into(), Transform::IDENTITY, ())?;
/// let mut controller = CharacterController::new(MoveOptions::default());
/// let gravity = Vec2::new(0.0, -0.1);
/// assert!(controller.move_and_slide(&mut world, player, gravity)?.on_floor);
/// // The lift rises by 0.5 in one frame: the player rises with it and stays on it.
/// world.set_transform(lift, Transform::from_translation(Vec2::new(0.0, 0.5)))?;
/// let result = controller.move_and_slide(&mut world, player, gravity)?;
/// assert!(result.on_floor && (result.platform_motion - Vec2::new(0.0, 0.5)).length() < 1e-5);
/// let bottom = world.world_shape(player).expect("there").aabb().min().y;
/// assert!((bottom - 0.51).abs() < 1e-4); // a skin above the lift's top, now at 0.5
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CharacterController {
    /// How the character moves.
    pub options: MoveOptions,
    /// The floor the character ended the last move on, and that floor's world transform then.
    floor: Option<(ColliderHandle, Transform)>,
}

impl CharacterController {
    /// A controller that moves with `options` and has not stood on anything yet.
    pub fn new(options: MoveOptions) -> Self {
        Self { options, floor: None }
    }

    /// The floor collider the character ended its last move on, if any.
    pub fn floor(&self) -> Option<ColliderHandle> {
        self.floor.map(|(h, _)| h)
    }

    /// Forgets the floor stood on (after teleporting the character, say), so that the next move
    /// carries it by nothing.
    pub fn forget_floor(&mut self) {
        self.floor = None;
    }

    /// The floor remembered with its world transform at the end of the last move: besides the
    /// options, all the controller keeps between moves, for a binding that stores it in a value
    /// of its own (C's plain struct) and hands it back with [`remember_floor`](Self::remember_floor).
    pub fn remembered_floor(&self) -> Option<(ColliderHandle, Transform)> {
        self.floor
    }

    /// Sets what [`remembered_floor`](Self::remembered_floor) gave: the next move carries the
    /// character by how far that floor has moved since it was at that transform (a floor no
    /// longer in the world carries it by nothing).
    pub fn remember_floor(&mut self, floor: Option<(ColliderHandle, Transform)>) {
        self.floor = floor;
    }

    /// Carries collider `h` with the floor it stood on (see the type's documentation), then moves
    /// it by `motion` with [`World::move_and_slide`]. The result's `moved` includes the carry,
    /// which `platform_motion` gives alone; divide it by the frame's time for the platform's
    /// velocity.
    ///
    /// Refused as [`World::move_and_slide`] refuses (a stale handle, a motion or options that
    /// are not numbers a mover goes by), and then nothing moves and the floor stays remembered.
    pub fn move_and_slide<T>(
        &mut self,
        world: &mut World<T>,
        h: ColliderHandle,
        motion: Vec2,
    ) -> Result<MoveResult, WorldError> {
        // Checked before the carry, which would otherwise move the character for a call that is
        // then refused.
        let start = world.local_transform(h).ok_or(WorldError::StaleHandle(h))?;
        checked_move(motion, &self.options)?;
        let carried = match self.floor {
            Some((floor, then)) => self.carry(world, h, floor, &then)?,
            None => Vec2::ZERO,
        };
        let mut result = match world.move_and_slide(h, motion, &self.options) {
            Ok(result) => result,
            Err(e) => {
                // Only a shape that cannot be placed on the way gets here: the carry is undone.
                if carried != Vec2::ZERO {
                    world.set_transform(h, start)?;
                }
                return Err(e);
            }
        };
        result.moved += carried;
        result.platform_motion = carried;
        self.floor = result.floor.and_then(|f| world.world_transform(f).map(|t| (f, t)));
        Ok(result)
    }

    /// Moves `h` by how far the point under it on `floor` moved since the floor was at `then`,
    /// passing through the floor itself. What it moved by.
    fn carry<T>(
        &self,
        world: &mut World<T>,
        h: ColliderHandle,
        floor: ColliderHandle,
        then: &Transform,
    ) -> Result<Vec2, WorldError> {
        let (Some(now), Some(shape)) = (world.world_transform(floor), world.world_shape(h)) else {
            return Ok(Vec2::ZERO);
        };
        let Some(back) = then.inverse() else { return Ok(Vec2::ZERO) };
        let at = shape.aabb().center();
        let carry = now.transform_point(back.transform_point(at)) - at;
        if carry == Vec2::ZERO || !carry.is_finite() {
            return Ok(Vec2::ZERO);
        }
        // A plain slide: no steps or snapping, and a wall met stops the carry along it.
        let plain = MoveOptions { step_height: 0.0, snap_distance: 0.0, stop_on_slope: false, ..self.options };
        Ok(world.move_and_slide_ignoring(h, carry, &plain, &[floor])?.moved)
    }
}
