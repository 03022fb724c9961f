//! The character controller for C: `c2d_world_move_and_slide` plus the floor the character
//! ended its last move on, kept in a plain struct the caller owns, so that a moving platform
//! carries the character. The library's `CharacterController` does the work; this module only
//! carries its state in and out of C's struct.

use collide2d::glam::Affine2;
use collide2d::world::CharacterController;
use collide2d::{ColliderHandle, Transform};

use crate::scene::{c2d_MoveOptions, c2d_MoveResult, move_options, result_to_c};
use crate::status::{c2d_Status, guard, out, write, Error};
use crate::values::c2d_Vec2;
use crate::world::{c2d_ColliderId, c2d_World, id, with_world, world_error, C2D_NULL_INDEX, NULL_ID};

/// A placement as its matrix: a point `p` goes to `x_axis * p.x + y_axis * p.y + translation`.
/// Any affine map, skew included (a parent's uneven scale under a turn gives one), so that a
/// floor's placement is kept to the bit.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Affine {
    pub x_axis: c2d_Vec2,
    pub y_axis: c2d_Vec2,
    pub translation: c2d_Vec2,
}

/// A character controller, a value the caller owns and keeps from frame to frame: how the
/// character moves (`options`), and the floor collider it ended its last move on with that
/// floor's placement then, which `c2d_controller_move_and_slide` reads to carry the character
/// by how far the floor has moved since, and writes. Start from
/// `c2d_make_character_controller`; one controller per character.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_CharacterController {
    /// How the character moves, as `c2d_world_move_and_slide` takes them.
    pub options: c2d_MoveOptions,
    /// The floor the last move ended on (`c2d_null_id()`: none; see
    /// `c2d_controller_forget_floor`).
    pub floor: c2d_ColliderId,
    /// Where that floor was then, in world space (the identity when there is no floor).
    pub floor_placement: c2d_Affine,
}

/// The identity placement, of a controller that remembers no floor.
const NO_PLACEMENT: c2d_Affine = c2d_Affine {
    x_axis: c2d_Vec2 { x: 1.0, y: 0.0 },
    y_axis: c2d_Vec2 { x: 0.0, y: 1.0 },
    translation: c2d_Vec2 { x: 0.0, y: 0.0 },
};

/// A controller that moves with `options` and has stood on nothing yet.
#[no_mangle]
pub extern "C" fn c2d_make_character_controller(options: c2d_MoveOptions) -> c2d_CharacterController {
    c2d_CharacterController { options, floor: NULL_ID, floor_placement: NO_PLACEMENT }
}

/// Forgets the floor the controller remembers (after teleporting the character, say), so that
/// its next move carries the character by nothing.
///
/// # Safety
/// `controller` must be NULL or valid for a read and a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_controller_forget_floor(controller: *mut c2d_CharacterController) -> c2d_Status {
    guard(|| {
        // SAFETY: the caller's contract.
        let c = unsafe { controller.as_mut() }.ok_or_else(|| Error::null("controller"))?;
        (c.floor, c.floor_placement) = (NULL_ID, NO_PLACEMENT);
        Ok(())
    })
}

/// Moves `collider` by `motion` as `c2d_world_move_and_slide` does with the controller's
/// options, first carrying it with the floor it stood on at the end of its last move (through
/// that floor, stopped by anything else, so a platform never pushes it into a wall); then
/// remembers the floor it ends on in `*controller`. The result's `moved` includes the carry,
/// which `platform_motion` gives alone. Move the platforms first in each frame, then the
/// characters. A remembered floor since removed carries it by nothing.
///
/// Refused, as `c2d_world_move_and_slide` refuses, for a stale `collider`, a motion that is not
/// finite or options it refuses; and for a remembered floor whose placement is not finite: then
/// nothing moves and neither `*controller` nor `*out_result` is written.
///
/// # Safety
/// `world` must be a live world; `controller` valid for a read and a write; `out_result` valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_controller_move_and_slide(
    world: *mut c2d_World,
    controller: *mut c2d_CharacterController,
    collider: c2d_ColliderId,
    motion: c2d_Vec2,
    out_result: *mut c2d_MoveResult,
) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            let out_result = out(out_result, "out_result")?;
            let c = controller.as_mut().ok_or_else(|| Error::null("controller"))?;
            let h = w.handle(collider)?;
            let mut inner = CharacterController::new(move_options(&c.options)?);
            inner.remember_floor(remembered(w, c)?);
            let r = inner.move_and_slide(&mut w.inner, h, motion.into()).map_err(world_error)?;
            (c.floor, c.floor_placement) = match inner.remembered_floor() {
                Some((floor, then)) => (id(floor), placement_to_c(&then)),
                None => (NULL_ID, NO_PLACEMENT),
            };
            write(out_result, result_to_c(&r));
            Ok(())
        })
    }
}

/// The floor `c` remembers in the library's form: none for the null id or a collider no longer
/// in the world (the library carries by nothing then too); an error for a placement that is not
/// finite, which no move wrote.
fn remembered(w: &c2d_World, c: &c2d_CharacterController) -> Result<Option<(ColliderHandle, Transform)>, Error> {
    if c.floor.index == C2D_NULL_INDEX {
        return Ok(None);
    }
    let p = &c.floor_placement;
    let matrix = Affine2::from_cols(p.x_axis.into(), p.y_axis.into(), p.translation.into());
    if !matrix.is_finite() {
        return Err(Error::invalid_argument("controller.floor_placement is not finite"));
    }
    Ok(w.handle(c.floor).ok().map(|floor| (floor, Transform::from_affine(matrix))))
}

/// A placement in C's form, its matrix as it is.
fn placement_to_c(t: &Transform) -> c2d_Affine {
    let m = t.affine();
    c2d_Affine { x_axis: m.matrix2.x_axis.into(), y_axis: m.matrix2.y_axis.into(), translation: m.translation.into() }
}
