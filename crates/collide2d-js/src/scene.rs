//! The `World`'s scene queries and its mover for JavaScript. Hits come back as flat arrays of
//! `f64` (a collider's name needs more than an `f32`), a fixed number of numbers per hit.

use collide2d::world::{MoveOptions, MoveResult};
use collide2d::{Aabb, CollisionFilter, QueryFilter, Ray, RayHit, ShapeCastHit, Vec2};
use wasm_bindgen::prelude::*;

use super::shapes::{error, with_shape};
use super::world::{name, World};

/// A ray hit: `id, distance, pointX, pointY, normalX, normalY`.
fn ray_numbers(id: f64, hit: &RayHit) -> [f64; 6] {
    let (p, n) = (hit.point, hit.normal);
    [id, hit.distance as f64, p.x as f64, p.y as f64, n.x as f64, n.y as f64]
}

/// A cast hit: `id, time, pointX, pointY, normalX, normalY, startedOverlapping (1 or 0)`.
fn cast_numbers(id: f64, hit: &ShapeCastHit) -> [f64; 7] {
    let (p, n) = (hit.point, hit.normal);
    let started = if hit.started_overlapping { 1.0 } else { 0.0 };
    [id, hit.time as f64, p.x as f64, p.y as f64, n.x as f64, n.y as f64, started]
}

/// A vector, or an error naming `what` when it is not finite.
pub(crate) fn finite(x: f32, y: f32, what: &str) -> Result<Vec2, JsError> {
    let v = Vec2::new(x, y);
    if !v.is_finite() {
        return Err(JsError::new(&format!("{what} must be finite, got ({x}, {y})")));
    }
    Ok(v)
}

/// A distance or time limit, or an error when it is NaN or negative (infinity is allowed).
fn limit(value: f32, what: &str) -> Result<f32, JsError> {
    if value.is_nan() || value < 0.0 {
        return Err(JsError::new(&format!("{what} must be a number at least 0, got {value}")));
    }
    Ok(value)
}

#[wasm_bindgen]
impl World {
    /// Runs `f` with the query filter laid out as `layer, mask, sensors (1 or 0)`, then the
    /// names of the colliders to skip.
    fn filtered<R>(&self, numbers: &[f64], f: impl FnOnce(&QueryFilter) -> R) -> Result<R, JsError> {
        let [layer, mask, sensors, ignore @ ..] = numbers else {
            return Err(JsError::new(&format!("a query filter takes at least 3 numbers, got {}", numbers.len())));
        };
        let ignore = self.handles(ignore)?;
        let filter = CollisionFilter::new(*layer as u32, *mask as u32);
        Ok(f(&QueryFilter { filter, ignore: &ignore, sensors: *sensors != 0.0 }))
    }

    /// Every collider the ray `ray` (`originX, originY, directionX, directionY`) hits within
    /// `max_distance`, nearest first (`all`) or only the nearest, among those `filter` lets
    /// through (`filtered`'s layout): six numbers a hit (`ray_numbers`).
    #[wasm_bindgen(js_name = castRay)]
    pub fn cast_ray(&self, ray: &[f32], max_distance: f32, all: bool, filter: &[f64]) -> Result<Vec<f64>, JsError> {
        let &[ox, oy, dx, dy] = ray else {
            return Err(JsError::new(&format!("a ray takes 4 numbers, got {}", ray.len())));
        };
        let ray = Ray::new(finite(ox, oy, "origin")?, finite(dx, dy, "direction")?).map_err(error)?;
        let max_distance = limit(max_distance, "maxDistance")?;
        let hits = self.filtered(filter, |f| match all {
            true => self.inner.cast_ray_all(&ray, max_distance, f),
            false => self.inner.cast_ray_filtered(&ray, max_distance, f).into_iter().collect(),
        })?;
        Ok(hits.iter().flat_map(|(h, hit)| ray_numbers(name(*h), hit)).collect())
    }

    /// The colliders the shape under `key` (in world coordinates) would hit moving by
    /// `sweep[0..2]` over times 0 to `sweep[2]`, soonest first (`all`) or only the soonest, among
    /// those `filter` lets through (`filtered`'s layout): seven numbers a hit (`cast_numbers`;
    /// the normal points out of the collider hit).
    #[wasm_bindgen(js_name = castShape)]
    pub fn cast_shape(&self, key: f64, sweep: &[f32], all: bool, filter: &[f64]) -> Result<Vec<f64>, JsError> {
        let &[mx, my, max_time] = sweep else {
            return Err(JsError::new(&format!("a sweep takes 3 numbers, got {}", sweep.len())));
        };
        let motion = finite(mx, my, "motion")?;
        let max_time = limit(max_time, "maxTime")?;
        let hits = with_shape(key, |s| {
            self.filtered(filter, |f| match all {
                true => self.inner.cast_shape_all(s, motion, max_time, f),
                false => self.inner.cast_shape(s, motion, max_time, f).into_iter().collect(),
            })
        })??;
        Ok(hits.iter().flat_map(|(h, hit)| cast_numbers(name(*h), hit)).collect())
    }

    /// The colliders whose shape holds the point `(x, y)`.
    #[wasm_bindgen(js_name = collidersAtPoint)]
    pub fn colliders_at_point(&self, x: f32, y: f32) -> Result<Vec<f64>, JsError> {
        let found = self.inner.colliders_at_point(finite(x, y, "point")?);
        Ok(found.into_iter().map(name).collect())
    }

    /// The colliders whose shape meets the shape under `key` (in world coordinates).
    #[wasm_bindgen(js_name = collidersOverlapping)]
    pub fn colliders_overlapping(&self, key: f64) -> Result<Vec<f64>, JsError> {
        let found = with_shape(key, |s| self.inner.colliders_overlapping(s))?;
        Ok(found.into_iter().map(name).collect())
    }

    /// The colliders whose box meets the box from `(x0, y0)` to `(x1, y1)`.
    #[wasm_bindgen(js_name = collidersInBox)]
    pub fn colliders_in_box(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> Result<Vec<f64>, JsError> {
        let b = Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)).map_err(error)?;
        Ok(self.inner.colliders_in_aabb(&b).into_iter().map(name).collect())
    }

    /// Moves a collider by `(dx, dy)`, sliding along what it meets, with `options` as
    /// `move_options` reads them; the result as `move_numbers` lays it out.
    #[wasm_bindgen(js_name = moveAndSlide)]
    pub fn move_and_slide(&mut self, id: f64, dx: f32, dy: f32, options: &[f32]) -> Result<Vec<f64>, JsError> {
        let h = self.handle(id)?;
        let motion = finite(dx, dy, "motion")?;
        let options = move_options(options)?;
        let result = self.inner.move_and_slide(h, motion, &options).map_err(error)?;
        Ok(move_numbers(&result))
    }
}

/// The mover's options from their numbers (`skin, maxSlope, upX, upY, maxSlides, stepHeight,
/// snapDistance, stopOnSlope (1 or 0)`), refused when one is out of its range.
pub(crate) fn move_options(n: &[f32]) -> Result<MoveOptions, JsError> {
    let [skin, max_slope, up_x, up_y, max_slides, step_height, snap_distance, stop_on_slope] = *n else {
        return Err(JsError::new(&format!("the mover's options take 8 numbers, got {}", n.len())));
    };
    let up = finite(up_x, up_y, "up")?;
    if (up.length() - 1.0).abs() > 1e-3 {
        return Err(JsError::new(&format!("up must be a unit vector, got ({up_x}, {up_y})")));
    }
    if !(0.0..=std::f32::consts::FRAC_PI_2).contains(&max_slope) {
        return Err(JsError::new(&format!("maxSlope must be between 0 and π/2 radians, got {max_slope}")));
    }
    if !((1.0..=64.0).contains(&max_slides) && max_slides.fract() == 0.0) {
        return Err(JsError::new(&format!("maxSlides must be a whole number from 1 to 64, got {max_slides}")));
    }
    Ok(MoveOptions {
        skin: limit(skin, "skin")?,
        max_slope,
        up,
        max_slides: max_slides as usize,
        step_height: limit(step_height, "stepHeight")?,
        snap_distance: limit(snap_distance, "snapDistance")?,
        stop_on_slope: stop_on_slope != 0.0,
    })
}

/// The mover's result as numbers: `movedX, movedY, remainingX, remainingY`, then floor, wall and
/// ceiling as `met (1 or 0), normalX, normalY` each (NaN normals when not met), the floor's name
/// (NaN when none), `platformMotionX, platformMotionY`, then the colliders met as a count and
/// `name, normalX, normalY` each.
pub(crate) fn move_numbers(r: &MoveResult) -> Vec<f64> {
    let surface = |met: bool, normal: Option<Vec2>| {
        let n = normal.unwrap_or(Vec2::NAN);
        [if met { 1.0 } else { 0.0 }, n.x as f64, n.y as f64]
    };
    let mut out = vec![r.moved.x as f64, r.moved.y as f64, r.remaining.x as f64, r.remaining.y as f64];
    out.extend(surface(r.on_floor, r.floor_normal));
    out.extend(surface(r.on_wall, r.wall_normal));
    out.extend(surface(r.on_ceiling, r.ceiling_normal));
    out.push(r.floor.map_or(f64::NAN, name));
    out.extend([r.platform_motion.x as f64, r.platform_motion.y as f64]);
    out.push(r.touched.len() as f64);
    out.extend(r.touched.iter().flat_map(|t| [name(t.collider), t.normal.x as f64, t.normal.y as f64]));
    out
}
