//! The kinematic character mover: [`World::move_and_slide`] moves a collider straight until it
//! would touch something, then along what it met, keeping a skin clear, and does what a
//! platformer needs of it: stepping up ledges, snapping down to the floor, standing still on
//! slopes, one-way colliders. Its options and result are here too; the state kept from one frame
//! to the next (the moving platform stood on) is the [`CharacterController`]'s.
//!
//! [`CharacterController`]: super::CharacterController

use glam::Vec2;

use crate::broad::Bounds;
use crate::math::Transform;
use crate::query::cast::ShapeCastHit;
use crate::query::contact::contact_with_budget;
use crate::query::intersects::intersects;
use crate::query::ShapeLike;
use crate::shape::Shape;

use super::motion::{Candidates, Sweep};
use super::tree::bounds_of;
use super::{ColliderHandle, CollisionFilter, QueryFilter, World, WorldError};
use crate::math::Order;

/// How [`World::move_and_slide`] moves a collider. The default suits a capsule or box about one
/// unit tall that walks, with steps and snapping off; a platformer sets `step_height` and
/// `snap_distance` to its tile's scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveOptions {
    /// The gap kept between the collider and what it meets (in world units; default 0.01). Casts
    /// of shapes that touch hit at once, so a mover that kept no gap would stick. It is raised to
    /// at least [`MoveOptions::SKIN_FLOOR`] times the largest coordinate in play (of the mover's
    /// box and the motion), below which `f32` cannot keep a gap at all.
    pub skin: f32,
    /// The steepest slope, in radians from level, that counts as floor (default 45°). Steeper
    /// surfaces are walls: the mover slides along them but never up them. Surfaces facing down
    /// as steeply (from the other side) are ceilings.
    pub max_slope: f32,
    /// Which way is up (unit; default +y, so pass `Vec2::NEG_Y` on a y-down screen).
    pub up: Vec2,
    /// At most this many moves and slides (default 4).
    pub max_slides: usize,
    /// The highest ledge it steps up onto when it walks into one while on the floor (default 0:
    /// never). The ledge's top must be floor and have room for the mover.
    pub step_height: f32,
    /// How far down it follows the floor when, having been on the floor and not moving up, it
    /// would leave it: off a step or down a slope steeper than its motion (default 0: never).
    pub snap_distance: f32,
    /// On floor, the motion along `up` (gravity) does not slide it down the slope, and the
    /// motion across `up` goes along the slope, up or down, at its own length (so a character
    /// walks at one speed on slopes and on the level; default true). Off, it slides along floors
    /// as along walls.
    pub stop_on_slope: bool,
}

impl MoveOptions {
    /// The smallest skin, relative to the largest coordinate in play: 2⁻¹⁷ (about 7.6e-6, or
    /// 64 units in the last place of an `f32`), so 7.6e-4 at 100 units from the origin.
    pub const SKIN_FLOOR: f32 = 1.0 / 131_072.0;
}

impl Default for MoveOptions {
    fn default() -> Self {
        Self {
            skin: 0.01,
            max_slope: std::f32::consts::FRAC_PI_4,
            up: Vec2::Y,
            max_slides: 4,
            step_height: 0.0,
            snap_distance: 0.0,
            stop_on_slope: true,
        }
    }
}

/// One collider a move met, with the surface normal (out of the collider) where it met it last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveTouch {
    /// What it met.
    pub collider: ColliderHandle,
    /// The unit surface normal there, out of the collider towards the mover.
    pub normal: Vec2,
}

/// What [`World::move_and_slide`] did. Floor, wall and ceiling are told apart by
/// [`MoveOptions::max_slope`] against [`MoveOptions::up`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveResult {
    /// The displacement applied to the collider (its world transform moved by it), a moving
    /// platform's carry included.
    pub moved: Vec2,
    /// The part of the motion asked for that it did not make, blocked by what it met (a
    /// walkable slope taking the fall under gravity included).
    pub remaining: Vec2,
    /// Whether it is on floor: it met floor on the way, or ends within a skin of it (stood on, or
    /// snapped down to).
    pub on_floor: bool,
    /// The floor's normal, when on floor.
    pub floor_normal: Option<Vec2>,
    /// The floor collider, when on floor.
    pub floor: Option<ColliderHandle>,
    /// Whether it met a wall (a surface steeper than the maximum slope) on the way.
    pub on_wall: bool,
    /// The last wall's normal, when it met one.
    pub wall_normal: Option<Vec2>,
    /// Whether it met a ceiling (a surface facing down, no steeper than the maximum slope).
    pub on_ceiling: bool,
    /// The last ceiling's normal, when it met one.
    pub ceiling_normal: Option<Vec2>,
    /// How far the floor it stood on carried it before it moved (set by the
    /// [`CharacterController`](super::CharacterController); zero otherwise).
    pub platform_motion: Vec2,
    /// Every collider it met, in the order it first met them, each once.
    pub touched: Vec<MoveTouch>,
}

impl MoveResult {
    /// Records a surface met: what it is, and the collider among those touched.
    fn met(&mut self, collider: ColliderHandle, normal: Vec2, surface: Surface) {
        match surface {
            Surface::Floor => (self.on_floor, self.floor_normal, self.floor) = (true, Some(normal), Some(collider)),
            Surface::Wall => (self.on_wall, self.wall_normal) = (true, Some(normal)),
            Surface::Ceiling => (self.on_ceiling, self.ceiling_normal) = (true, Some(normal)),
        }
        match self.touched.iter_mut().find(|t| t.collider == collider) {
            Some(t) => t.normal = normal,
            None => self.touched.push(MoveTouch { collider, normal }),
        }
    }
}

/// What a surface is to the mover, by how its normal stands to `up`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Surface {
    Floor,
    Wall,
    Ceiling,
}

impl<T> World<T> {
    /// Moves collider `h` by `motion` as a kinematic character does: straight until it would
    /// touch something, then along the surface it met, for at most `options.max_slides` moves,
    /// always keeping `options.skin` from what it meets. Surfaces no steeper than
    /// `options.max_slope` are floor; steeper ones are walls, which it slides along (down a steep
    /// slope too) but never up. A corner between two surfaces stops it. It never ends overlapping
    /// a collider it did not start overlapping (those it starts in do not block it). A motion left
    /// over that is shorter than a millionth of one plus the distance already moved is dropped,
    /// as rounding (it stops a slide along a wall met square on). Only solid colliders whose
    /// filter pairs with its own block it, and [one-way](World::set_one_way) ones only from
    /// their open side. The collider's transform is moved by the result's `moved` (a child's
    /// local transform is changed to match).
    ///
    /// A motion, skin, step height, snap distance or slope limit that is not a finite number, a
    /// negative length, or an `up` that is zero or not finite is refused with
    /// [`WorldError::BadMove`] naming it, and nothing moves.
    ///
    /// On the floor (it was within two skins of floor before the move): it steps up ledges no
    /// higher than `options.step_height` that it walks into, and unless it moves up, it follows
    /// the floor down by up to `options.snap_distance` when it would leave it. With
    /// `options.stop_on_slope`, standing on a slope under gravity does not slide it. A moving
    /// platform's carry is the [`CharacterController`](super::CharacterController)'s.
    ///
    /// ```
    /// use collide2d::world::{MoveOptions, World};
    /// use collide2d::{Aabb, Transform, Vec2};
    /// let mut world: World = World::new();
    /// let floor = world.insert(Aabb::from_xywh(-50.0, -1.0, 100.0, 1.0)?.into(), Transform::IDENTITY, ())?;
    /// let player = world.insert(Aabb::from_xywh(-0.5, 2.0, 1.0, 2.0)?.into(), Transform::IDENTITY, ())?;
    /// // Falling and running right: it lands and keeps running along the floor.
    /// let result = world.move_and_slide(player, Vec2::new(3.0, -4.0), &MoveOptions::default())?;
    /// assert!(result.on_floor);
    /// assert_eq!(result.floor, Some(floor));
    /// assert_eq!(result.touched[0].collider, floor);
    /// assert!((result.moved.y + 2.0 - 0.01).abs() < 1e-4); // down to the floor, less the skin
    /// assert!((result.moved.x - 3.0).abs() < 1e-4); // all the way right
    /// assert!((result.remaining.y + 2.01).abs() < 1e-3); // the floor took the rest of the fall
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_and_slide(
        &mut self,
        h: ColliderHandle,
        motion: Vec2,
        options: &MoveOptions,
    ) -> Result<MoveResult, WorldError> {
        self.move_and_slide_ignoring(h, motion, options, &[])
    }

    /// [`World::move_and_slide`], with the colliders in `ignore` passed through as if absent.
    pub(super) fn move_and_slide_ignoring(
        &mut self,
        h: ColliderHandle,
        motion: Vec2,
        options: &MoveOptions,
        ignore: &[ColliderHandle],
    ) -> Result<MoveResult, WorldError> {
        let i = self.index_of(h)?;
        let up = checked_move(motion, options)?;
        let mut result = MoveResult::default();
        let start = self.shapes[i as usize].clone();
        let bounds = start.aabb();
        let in_play = bounds.min().abs().max(bounds.max().abs()).max_element() + motion.abs().max_element();
        let skin = options.skin.at_least(MoveOptions::SKIN_FLOOR * in_play);
        // One broad-phase query for the whole move: every cast below looks only at the colliders
        // about it, unless its sweep leaves the box they were gathered in (then it asks the broad
        // phase itself), and the buffers are the world's, so a move allocates nothing.
        let frame = gathering_box(&bounds, motion, options, skin);
        let mut nearby = std::mem::take(&mut self.nearby);
        nearby.clear();
        if frame.min.is_finite() && frame.max.is_finite() {
            self.broad.query(&frame, |j| nearby.push((j, bounds_of(&self.shapes[j as usize]))));
        }
        // The broad phase may visit a collider more than once.
        nearby.sort_unstable_by_key(|n| n.0);
        nearby.dedup_by_key(|n| n.0);
        let mut passed = std::mem::take(&mut self.passed);
        passed.clear();
        passed.extend_from_slice(ignore);
        passed.push(h);
        let filter = self.broad.filter(i);
        // What it starts deep in does not block it (added to `passed`); nor does it block itself.
        let recovered = self.recover(&start, &nearby, filter, &mut passed, skin, motion);
        let mover = Mover {
            world: self,
            handle: h,
            start: &start,
            gathered: Candidates::Gathered { nearby: &nearby, frame },
            query: QueryFilter { filter, ignore: &passed, sensors: false },
            skin,
            up,
            floor_cos: crate::math::cos(options.max_slope),
            options,
        };
        // On the floor before the move (within two skins of it): the condition for steps and
        // snapping.
        let grounded = mover.floor_below(recovered, 2.0 * skin)?.is_some();
        let offset = mover.slide(recovered, motion, grounded, &mut result)?;
        result.remaining = motion - (offset - recovered);
        let offset = mover.settle(offset, grounded, motion.dot(mover.up) > 0.0, &mut result)?;
        result.moved = offset;
        (self.nearby, self.passed) = (nearby, passed);
        if offset != Vec2::ZERO {
            let world = Transform::from_translation(offset).compose(&self.col(i).world_transform);
            let local = match self.parent(h) {
                Some(p) => self.world_transform(p).and_then(|t| t.inverse()).map(|inv| inv.compose(&world)),
                None => Some(world),
            };
            if let Some(local) = local {
                self.set_transform(h, local)?;
            }
        }
        Ok(result)
    }

    /// Before a move: the push that takes `shape` a skin clear of the colliders about it
    /// (`nearby`) that it touches or barely overlaps (by up to two skins, as rounding may leave
    /// it); the colliders it overlaps deeper, which it is then free to leave, go to `passed`. A
    /// one-way collider is pushed clear of only when the mover rests on its open side and is not
    /// moving away through it; else the mover passes through it.
    fn recover(
        &self,
        shape: &Shape,
        nearby: &[(u32, Bounds)],
        filter: CollisionFilter,
        passed: &mut Vec<ColliderHandle>,
        skin: f32,
        motion: Vec2,
    ) -> Vec2 {
        let (mut push, ignored) = (Vec2::ZERO, passed.len());
        let own = bounds_of(shape);
        for &(j, bounds) in nearby {
            if !bounds.overlaps(&own)
                || !self.counts(j, &QueryFilter { filter, ignore: &passed[..ignored], sensors: false })
                || !intersects(&self.shapes[j as usize], shape)
            {
                continue;
            }
            let other = self.handle(j);
            let open = self.one_way[other.index() as usize];
            match contact_with_budget(&self.shapes[other.index() as usize], shape, self.contact_budget) {
                Some(c)
                    if c.depth <= 2.0 * skin && open.is_none_or(|o| c.normal.dot(o) > 0.0 && motion.dot(o) <= 0.0) =>
                {
                    // Out along the normal (from the collider towards the mover) by what is
                    // still needed after the pushes so far.
                    let needed = c.depth + skin - push.dot(c.normal);
                    push += c.normal * needed.at_least(0.0);
                }
                Some(_) => passed.push(other),
                // Touching by `intersects` but not by `contact`, within rounding: let the cast
                // meet it at once.
                None => {}
            }
        }
        let query = QueryFilter { filter, ignore: passed, sensors: false };
        if push == Vec2::ZERO || !self.push_meets_another(shape, push, nearby, &query) {
            return push;
        }
        // Squeezed: no push clears what it barely overlaps without entering something it does
        // not (a gap narrower than the mover and two skins). It is then free to leave what it
        // overlaps, as what it starts deep in, and the casts keep it out of everything else.
        for &(j, bounds) in nearby {
            let other = self.handle(j);
            if bounds.overlaps(&own)
                && self.counts(j, &QueryFilter { filter, ignore: &passed[..ignored], sensors: false })
                && !passed.contains(&other)
                && intersects(&self.shapes[j as usize], shape)
            {
                passed.push(other);
            }
        }
        Vec2::ZERO
    }

    /// Whether `shape` moved by `push` would overlap a collider about it (`nearby`, those the
    /// `query` counts) that it does not overlap where it is. True when it cannot be moved.
    fn push_meets_another(&self, shape: &Shape, push: Vec2, nearby: &[(u32, Bounds)], query: &QueryFilter) -> bool {
        let Ok(pushed) = shape.transformed(&Transform::from_translation(push)) else { return true };
        let reach = bounds_of(&pushed);
        nearby.iter().any(|&(j, bounds)| {
            let other = &self.shapes[j as usize];
            bounds.overlaps(&reach) && self.counts(j, query) && intersects(other, &pushed) && !intersects(other, shape)
        })
    }
}

/// The unit `up` of a move whose motion and options are numbers a mover can go by, or what is
/// wrong with them.
pub(super) fn checked_move(motion: Vec2, o: &MoveOptions) -> Result<Vec2, WorldError> {
    let bad = |what: String| Err(WorldError::BadMove(what));
    if !motion.is_finite() {
        return bad(format!("motion {motion} is not finite"));
    }
    for (name, x) in [("skin", o.skin), ("step_height", o.step_height), ("snap_distance", o.snap_distance)] {
        if !(x >= 0.0 && x.is_finite()) {
            return bad(format!("{name} {x} must be a finite length, not negative"));
        }
    }
    if !o.max_slope.is_finite() {
        return bad(format!("max_slope {} is not finite", o.max_slope));
    }
    // In f64, so that any finite non-zero `up`, however long or short, has a direction.
    match o.up.as_dvec2().try_normalize() {
        Some(up) => Ok(up.as_vec2()),
        None => bad(format!("up {} is zero or not finite", o.up)),
    }
}

/// The box a move's colliders are gathered from: the mover's box grown by every slide's
/// motion, a step, a snap and a few skins (the recovery's push). Its size sets only how often a
/// cast asks the broad phase again (when its sweep leaves the box), never an answer.
fn gathering_box(bounds: &crate::shape::Aabb, motion: Vec2, options: &MoveOptions, skin: f32) -> Bounds {
    let reach = (options.max_slides.max(1) + 1) as f32 * motion.length()
        + options.step_height
        + options.snap_distance
        + 8.0 * skin
        + bounds.half_extents().max_element();
    Bounds { min: bounds.min() - reach, max: bounds.max() + reach }
}

/// One move's fixed parts: the world, the mover's shape where it started, what blocks it, and
/// the options with the skin and `up` made ready.
struct Mover<'a, T> {
    world: &'a World<T>,
    handle: ColliderHandle,
    start: &'a Shape,
    /// The colliders about the move and the box they were gathered in.
    gathered: Candidates<'a>,
    query: QueryFilter<'a>,
    skin: f32,
    up: Vec2,
    floor_cos: f32,
    options: &'a MoveOptions,
}

/// Where a straight move ends: the offset reached, and what stopped it with the hit.
type Reached = (Vec2, Option<(ColliderHandle, ShapeCastHit)>);

impl<T> Mover<'_, T> {
    /// What a surface with this normal is.
    fn surface(&self, normal: Vec2) -> Surface {
        let rise = normal.dot(self.up);
        if rise >= self.floor_cos {
            Surface::Floor
        } else if rise <= -self.floor_cos {
            Surface::Ceiling
        } else {
            Surface::Wall
        }
    }

    /// Moves straight from `offset` by `motion` until a skin short of what it would touch.
    fn reach(&self, offset: Vec2, motion: Vec2) -> Result<Reached, WorldError> {
        let length = motion.length();
        if !(length > 0.0 && length.is_finite()) {
            return Ok((offset, None));
        }
        let placed = self
            .start
            .transformed(&Transform::from_translation(offset))
            .map_err(|source| WorldError::Placement { collider: Some(self.handle), source })?;
        // Cast a skin further than the move, so that it also stops a skin short of what it
        // would end up touching.
        let sweep = Sweep { moving: placed.shape_ref(), motion, max_time: 1.0 + self.skin / length };
        let found = self.world.soonest_hit(self.gathered, sweep, &self.query);
        let Some((other, hit)) = found else {
            return Ok((offset + motion, None));
        };
        let direction = motion / length;
        // Back off so that the gap along the normal is the skin.
        let approach = -direction.dot(hit.normal);
        let travel = (length * hit.time - self.skin / approach.at_least(1e-3)).clamp(0.0, length);
        Ok((offset + direction * travel, Some((other, hit))))
    }

    /// The floor within `distance` below `offset` beyond the skin: the collider, the hit (its
    /// point and normal) and how far down it is less the skin.
    fn floor_below(
        &self,
        offset: Vec2,
        distance: f32,
    ) -> Result<Option<(ColliderHandle, ShapeCastHit, f32)>, WorldError> {
        // `reach` casts a skin further, so floor up to `distance` below the skin is found.
        let (end, hit) = self.reach(offset, -self.up * distance)?;
        Ok(hit
            .filter(|(_, h)| self.surface(h.normal) == Surface::Floor)
            .map(|(other, h)| (other, h, (offset - end).dot(self.up))))
    }

    /// The slides: straight until it meets something, then along it, stepping up ledges when
    /// `grounded` (or once it has met floor).
    fn slide(
        &self,
        mut offset: Vec2,
        motion: Vec2,
        grounded: bool,
        result: &mut MoveResult,
    ) -> Result<Vec2, WorldError> {
        let mut remaining = motion;
        let mut on_floor = grounded;
        for _ in 0..self.options.max_slides {
            let length = remaining.length();
            // Done; or a motion so large that its length overflows, which is refused.
            if !length.is_finite() || length <= 1e-6 * (1.0 + offset.length()) {
                break;
            }
            let (reached, hit) = self.reach(offset, remaining)?;
            let rest = remaining - (reached - offset);
            offset = reached;
            let Some((other, hit)) = hit else { break };
            let surface = self.surface(hit.normal);
            result.met(other, hit.normal, surface);
            on_floor |= surface == Surface::Floor;
            if surface == Surface::Wall && on_floor && self.options.step_height > 0.0 {
                if let Some((stepped, left)) = self.step_up(offset, rest, result)? {
                    (offset, remaining) = (stepped, left);
                    continue;
                }
            }
            remaining = self.along(rest, hit.normal, surface);
        }
        Ok(offset)
    }

    /// What is left of `rest` after meeting a surface with `normal`: along the surface; but a
    /// wall (or a slope too steep) must not lift the mover more than its own motion did, so
    /// there the slide goes level instead (falling onto a steep slope still slides down it);
    /// and with `stop_on_slope`, a floor keeps only the motion across `up`, turned along it.
    fn along(&self, rest: Vec2, normal: Vec2, surface: Surface) -> Vec2 {
        let up = self.up;
        if surface == Surface::Floor && self.options.stop_on_slope {
            let across = rest - up * rest.dot(up);
            // Rises or falls with the floor, (across + up·k)·normal = 0, as fast as across.
            let along = across - up * (across.dot(normal) / normal.dot(up).at_least(1e-3));
            return along.normalize_or_zero() * across.length();
        }
        let along = rest - normal * rest.dot(normal).at_most(0.0);
        let lifts = along.dot(up) > rest.dot(up).at_least(0.0) + 1e-6 * rest.length();
        let blocking = if surface == Surface::Floor || !lifts {
            normal
        } else {
            (normal - up * normal.dot(up)).normalize_or(normal)
        };
        // No corner test against the surface met before: in a corner the next cast meets that
        // surface at once and the move backs off to nothing, while a surface that has ended (the
        // mover slid off its end) must not stop the slide along this one.
        rest - blocking * rest.dot(blocking).at_most(0.0)
    }

    /// Up a ledge met as a wall: up by the step height (less if a ceiling is lower), across by
    /// what is left of the motion across `up`, then down onto floor. A round bottom that far
    /// over the ledge may still meet only its edge, too steep to stand on: then it goes on across
    /// until its middle is over the ledge (at most half its width more). `None` (and nothing
    /// changed) when it makes no headway up there or finds no floor to land on within the rise.
    fn step_up(&self, offset: Vec2, rest: Vec2, result: &mut MoveResult) -> Result<Option<(Vec2, Vec2)>, WorldError> {
        let across = rest - self.up * rest.dot(self.up);
        let direction = across.normalize_or_zero();
        // A skin higher than the step, as a slide at a shallow angle may have left the mover
        // nearer the floor than the skin: a ledge exactly the step height still has room.
        let (raised, _) = self.reach(offset, self.up * (self.options.step_height + self.skin))?;
        let rise = (raised - offset).dot(self.up);
        if rise <= self.skin || direction == Vec2::ZERO {
            return Ok(None);
        }
        let bounds = self.start.aabb();
        let half_width = bounds.half_extents().dot(direction.abs());
        let bottom = bounds.corners().map(|c| c.dot(self.up)).into_iter().fold(f32::INFINITY, f32::at_most);
        for length in [across.length(), across.length().at_least(half_width)] {
            let (ahead, _) = self.reach(raised, direction * length)?;
            let headway = (ahead - raised).dot(direction);
            if headway <= self.skin {
                return Ok(None);
            }
            if let Some((floor, hit, drop)) = self.floor_below(ahead, rise)? {
                // Where it stands must be no higher than the step above its lowest point: a
                // round bottom can rest on the edge of a ledge higher than that.
                if hit.point.dot(self.up) - (bottom + offset.dot(self.up)) > self.options.step_height {
                    return Ok(None);
                }
                result.met(floor, hit.normal, Surface::Floor);
                let landed = ahead - self.up * drop;
                let left = (across.length() - headway).at_least(0.0);
                return Ok(Some((landed, direction * left)));
            }
        }
        Ok(None)
    }

    /// After the slides: on floor if it ends within two skins of floor (and down to a skin above
    /// it, unless it moves up); and if it was `grounded` and does not move up, down onto floor
    /// within the snap distance.
    fn settle(&self, offset: Vec2, grounded: bool, rising: bool, result: &mut MoveResult) -> Result<Vec2, WorldError> {
        if grounded && !rising {
            return self.snap_down(offset, self.options.snap_distance.at_least(2.0 * self.skin), result);
        }
        let Some((floor, hit, drop)) = self.floor_below(offset, 2.0 * self.skin)? else {
            return Ok(offset);
        };
        result.met(floor, hit.normal, Surface::Floor);
        // Moving up (a jump's first frame), it stays where it is, about to leave.
        Ok(if rising { offset } else { offset - self.up * drop })
    }

    /// Down onto floor within `distance` beyond the skin, sliding off what is too steep to stand
    /// on on the way (a round bottom past a ledge's edge meets the edge first); where it ends if
    /// it finds floor, else `offset` unchanged.
    fn snap_down(&self, offset: Vec2, distance: f32, result: &mut MoveResult) -> Result<Vec2, WorldError> {
        let (mut at, mut left) = (offset, -self.up * distance);
        for _ in 0..self.options.max_slides.max(1) {
            let (end, hit) = self.reach(at, left)?;
            let Some((other, hit)) = hit else { break };
            if self.surface(hit.normal) == Surface::Floor {
                result.met(other, hit.normal, Surface::Floor);
                return Ok(end);
            }
            let rest = left - (end - at);
            // Only down and away along it: never up a wall or back over the edge.
            (at, left) = (end, rest - hit.normal * rest.dot(hit.normal).at_most(0.0));
            if left.dot(self.up) >= 0.0 {
                break;
            }
        }
        Ok(offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Aabb;

    /// A cast whose sweep leaves the box the move's colliders were gathered in asks the broad
    /// phase itself; one within it looks only at the gathered colliders.
    #[test]
    fn a_sweep_beyond_the_gathered_box_asks_the_broad_phase() {
        let mut world: World = World::new();
        let wall =
            world.insert(Aabb::from_xywh(10.0, -5.0, 1.0, 10.0).unwrap().into(), Transform::IDENTITY, ()).unwrap();
        let start: Shape = Aabb::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap().into();
        let options = MoveOptions::default();
        let mover = |frame: Bounds| Mover {
            world: &world,
            handle: wall,
            start: &start,
            gathered: Candidates::Gathered { nearby: &[], frame },
            query: QueryFilter::default(),
            skin: 0.01,
            up: Vec2::Y,
            floor_cos: 0.7,
            options: &options,
        };
        let small = Bounds { min: Vec2::splat(-1.0), max: Vec2::splat(5.0) };
        let (end, hit) = mover(small).reach(Vec2::ZERO, Vec2::new(20.0, 0.0)).unwrap();
        assert_eq!(hit.map(|h| h.0), Some(wall));
        assert!((end.x - 8.99).abs() < 1e-4, "{end}");
        // Within a box that holds the sweep, only the gathered colliders (none here) count.
        let large = Bounds { min: Vec2::splat(-100.0), max: Vec2::splat(100.0) };
        assert_eq!(mover(large).reach(Vec2::ZERO, Vec2::new(20.0, 0.0)).unwrap(), (Vec2::new(20.0, 0.0), None));
    }
}
