//! The founding documents' two rules made callable from C: the levelled test for transformed
//! rectangles (bounding boxes, then a corner inside, then the separating axes), and the
//! swappable detectors (bounding boxes, bounding circles, exact), alone or for a world's step.

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::tiered::{collide_verdict, Level, RectObject};
use collide2d::{Aabb, Transform};

use crate::status::{arg, c2d_Status, guard, out, write, Error};
use crate::values::{c2d_Aabb, c2d_Shape, checked};
use crate::world::{c2d_Transform, c2d_World, transform, with_world};

/// A rectangle in its own frame (`local_bounds`) placed in the world by `transform`, as a
/// sprite is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_RectObject {
    pub local_bounds: c2d_Aabb,
    pub transform: c2d_Transform,
}

/// How far `c2d_collide_tiered` may climb: one of the `C2D_LEVEL_` constants.
pub type c2d_Level = u32;

/// Level 0: the world bounding boxes only.
pub const C2D_LEVEL_AABB: c2d_Level = 0;
/// Level 1: then "a corner of one inside the other" (misses a plus sign: no corner inside).
pub const C2D_LEVEL_CORNERS: c2d_Level = 1;
/// Level 2: then the exact separating-axis test.
pub const C2D_LEVEL_SAT: c2d_Level = 2;
/// As far as needed (the same as `C2D_LEVEL_SAT`).
pub const C2D_LEVEL_MAXIMUM: c2d_Level = 3;

/// The answer of `c2d_collide_tiered` and the level whose test settled it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct c2d_Verdict {
    pub colliding: bool,
    pub decided_by: c2d_Level,
}

/// A detection rule: one of the `C2D_DETECT_` constants.
pub type c2d_Detector = u32;

/// Collide when the bounding boxes overlap: fastest, loose for rotated or round shapes.
pub const C2D_DETECT_BOUNDING_BOXES: c2d_Detector = 0;
/// Collide when the bounding circles overlap: loose for long shapes.
pub const C2D_DETECT_BOUNDING_CIRCLES: c2d_Detector = 1;
/// Collide when the shapes really share a point (the default).
pub const C2D_DETECT_EXACT: c2d_Detector = 2;

struct Rect {
    bounds: Aabb,
    transform: Transform,
}

impl RectObject for Rect {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.bounds
    }
}

fn rect(r: &c2d_RectObject) -> Result<Rect, Error> {
    let bounds = Aabb::new(r.local_bounds.min.into(), r.local_bounds.max.into())?;
    Ok(Rect { bounds, transform: transform(&r.transform)? })
}

fn level(level: c2d_Level) -> Result<Level, Error> {
    Ok(match level {
        C2D_LEVEL_AABB => Level::Aabb,
        C2D_LEVEL_CORNERS => Level::Corners,
        C2D_LEVEL_SAT => Level::Sat,
        C2D_LEVEL_MAXIMUM => Level::Maximum,
        other => return Err(Error::invalid_argument(format!("unknown level {other}"))),
    })
}

fn detector(kind: c2d_Detector) -> Result<&'static dyn Detector, Error> {
    Ok(match kind {
        C2D_DETECT_BOUNDING_BOXES => &BoundingBoxes,
        C2D_DETECT_BOUNDING_CIRCLES => &BoundingCircles,
        C2D_DETECT_EXACT => &Exact,
        other => return Err(Error::invalid_argument(format!("unknown detector {other}"))),
    })
}

/// Whether two placed rectangles collide, judged up to `level`, and which level decided.
///
/// # Safety
/// `a` and `b` must point at valid rectangles; `out` be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_tiered(
    a: *const c2d_RectObject,
    b: *const c2d_RectObject,
    level: c2d_Level,
    out_verdict: *mut c2d_Verdict,
) -> c2d_Status {
    guard(|| {
        let out_verdict = out(out_verdict, "out_verdict")?;
        // SAFETY: the caller's contract.
        let (a, b) = unsafe { (rect(arg(a, "a")?)?, rect(arg(b, "b")?)?) };
        let v = collide_verdict(&a, &b, self::level(level)?);
        let decided_by = match v.decided_by {
            Level::Aabb => C2D_LEVEL_AABB,
            Level::Corners => C2D_LEVEL_CORNERS,
            Level::Sat => C2D_LEVEL_SAT,
            Level::Maximum => C2D_LEVEL_MAXIMUM,
        };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_verdict, c2d_Verdict { colliding: v.colliding, decided_by }) };
        Ok(())
    })
}

/// Whether `a` and `b` collide by the rule `detector` (polygon handles borrowed, not copied).
///
/// # Safety
/// As `c2d_intersects`.
#[no_mangle]
pub unsafe extern "C" fn c2d_detect(
    detector: c2d_Detector,
    a: *const c2d_Shape,
    b: *const c2d_Shape,
    out_colliding: *mut bool,
) -> c2d_Status {
    guard(|| {
        let out_colliding = out(out_colliding, "out_colliding")?;
        let rule = self::detector(detector)?;
        // SAFETY: the caller's contract.
        let (a, b) = unsafe { (checked(a, "shape a")?, checked(b, "shape b")?) };
        // SAFETY: checked not NULL; the caller's contract.
        unsafe { write(out_colliding, rule.detect(a.get(), b.get())) };
        Ok(())
    })
}

/// The rule the world's step judges pairs by (`C2D_DETECT_EXACT` by default; the bounding
/// rules give no contact points). Every pair is judged again at the next step.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_detector(world: *mut c2d_World, detector: c2d_Detector) -> c2d_Status {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        with_world(world, |w| {
            match detector {
                C2D_DETECT_BOUNDING_BOXES => w.inner.set_detector(BoundingBoxes),
                C2D_DETECT_BOUNDING_CIRCLES => w.inner.set_detector(BoundingCircles),
                C2D_DETECT_EXACT => w.inner.set_detector(Exact),
                other => return Err(Error::invalid_argument(format!("unknown detector {other}"))),
            }
            Ok(())
        })
    }
}
