//! The character mode (key K): a capsule steered through a small level with the library's
//! [`CharacterController`] (move and slide, snapping down to the floor), as a platform game
//! moves its player.
//!
//! The level is a [`World`] in the demo's coordinates (16 × 10 units, y down like the screen, so
//! the mover's `up` is `-y`): a floor, two walls, a trapezoid hill whose left slope (27°) and
//! right slope (37°) are climbable, a corridor between the hill's top and an upside-down "T"
//! (a concave polygon) hanging over it, and a 60° slope on the right that is too steep to climb.
//! Up on the T's bar (drag the capsule there), stairs of 0.3 climb to the right, under a one-way
//! ledge that the capsule jumps up through and lands on; up on the left, a lift carries the
//! capsule standing on it 2 units right and back, 1 unit a second.
//!
//! Another level may take the built-in one's place ([`Character::with_level`]): any shapes,
//! tile maps from a Tiled file among them, over a region wider than the demo's screen, which the
//! view then follows.
//!
//! Time runs in fixed steps of [`STEP`] seconds, so the same keys and the same ticks always give
//! the same positions: LEFT and RIGHT run while held, UP jumps while held when the capsule stands
//! on floor, and gravity pulls it down every step.
//!
//! ```
//! use collide2d_render::demo::character::{Character, Arrow, STEP};
//! let mut character = Character::new();
//! let start = character.position();
//! character.hold(Arrow::Right, true);
//! for _ in 0..30 {
//!     character.tick(STEP); // half a second in all, a frame at a time
//! }
//! assert!(character.position().x > start.x + 1.5);
//! assert!(character.on_floor());
//! ```

use collide2d::world::{CharacterController, ColliderHandle, MoveOptions, World};
use collide2d::{Aabb, Capsule, ConvexPolygon, Polygon, Shape, Transform, Vec2};

/// The length of one step of the character's motion, in seconds.
pub const STEP: f32 = 1.0 / 60.0;

/// Running speed, units per second.
const RUN: f32 = 4.0;
/// Take-off speed of a jump, units per second (it rises `JUMP² / 2 GRAVITY` = 1.35 units).
const JUMP: f32 = 9.0;
/// Units per second squared, downwards (+y).
const GRAVITY: f32 = 30.0;
/// The fastest fall, units per second.
const MAX_FALL: f32 = 15.0;
/// At most this many steps per tick: a long pause (a hidden browser tab) is not caught up.
const MAX_STEPS: u32 = 8;
/// Half the length of the capsule's inner segment and its radius: 1.2 units tall, 0.6 wide.
const HALF: f32 = 0.3;
const RADIUS: f32 = 0.3;
/// The steepest slope it walks up (and the default of `MoveOptions`).
const MAX_SLOPE: f32 = std::f32::consts::FRAC_PI_4;

/// An arrow key of the character mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Runs left while held.
    Left,
    /// Runs right while held.
    Right,
    /// Jumps while held, whenever the capsule stands on floor.
    Up,
}

/// The capsule, its level and its state: see the [module docs](self).
pub struct Character {
    world: World<&'static str>,
    level: Vec<ColliderHandle>,
    body: ColliderHandle,
    lift: Option<ColliderHandle>,
    bounds: Aabb,
    controller: CharacterController,
    /// Steps run so far: the lift's clock.
    steps: u32,
    velocity: Vec2,
    held: [bool; 3],
    on_floor: bool,
    touched: Vec<ColliderHandle>,
    pending: f32,
}

impl Default for Character {
    fn default() -> Self {
        Self::new()
    }
}

impl Character {
    /// Where the capsule's centre starts: on the floor, left.
    pub const START: Vec2 = Vec2::new(1.5, 9.0 - HALF - RADIUS - 0.01);

    /// The built-in level with the capsule standing at [`START`](Self::START), after one step.
    pub fn new() -> Self {
        let bounds = Aabb::new(Vec2::ZERO, Vec2::new(16.0, 10.0)).expect("a valid box");
        Self::with_level(level_shapes(), bounds).expect("the built-in level is valid")
    }

    /// The capsule at [`START`](Self::START) (dropped onto the floor below it) in a level of
    /// named shapes in world coordinates (y down, units), each with its open side if one-way (a
    /// platform landed on from above is open `-y`), within `bounds` (where the capsule may be
    /// placed, and what the view shows). A shape named `lift` moves as the built-in level's.
    /// Refuses a shape the world refuses.
    pub fn with_level(shapes: Vec<(&'static str, Shape, Option<Vec2>)>, bounds: Aabb) -> Result<Self, String> {
        let mut world = World::new();
        let mut level = Vec::with_capacity(shapes.len());
        for (name, shape, one_way) in shapes {
            let h = world.insert(shape, Transform::IDENTITY, name).map_err(|e| format!("{name}: {e}"))?;
            world.set_one_way(h, one_way).map_err(|e| format!("{name}: {e}"))?;
            level.push(h);
        }
        let lift = level.iter().copied().find(|&h| world.data(h) == Some(&"lift"));
        let capsule = Capsule::new(Vec2::new(0.0, -HALF), Vec2::new(0.0, HALF), RADIUS).expect("a valid capsule");
        let body = world
            .insert(capsule.into(), Transform::from_translation(Self::START), "capsule")
            .expect("the capsule is valid");
        // Snapping down by a slope's drop in a step at full speed keeps it on the floor walking
        // down the hill; steps up to 0.35 are climbed.
        let snap = RUN * STEP * MAX_SLOPE.tan() + 0.02;
        let options = MoveOptions {
            up: Vec2::NEG_Y,
            max_slope: MAX_SLOPE,
            snap_distance: snap,
            step_height: 0.35,
            ..MoveOptions::default()
        };
        let mut character = Self {
            world,
            level,
            body,
            lift,
            bounds,
            controller: CharacterController::new(options),
            steps: 0,
            velocity: Vec2::ZERO,
            held: [false; 3],
            on_floor: false,
            touched: Vec::new(),
            pending: 0.0,
        };
        // Settles it on the floor, so that it starts standing there.
        character.step();
        Ok(character)
    }

    /// The region of the level: where the capsule may be placed, what the view shows.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// The world holding the level and the capsule.
    pub fn world(&self) -> &World<&'static str> {
        &self.world
    }

    /// The level's colliders (everything but the capsule), with their names and world shapes.
    pub fn level(&self) -> impl Iterator<Item = (ColliderHandle, &'static str, &Shape)> + '_ {
        self.level.iter().filter_map(|&h| Some((h, *self.world.data(h)?, self.world.world_shape(h)?)))
    }

    /// The capsule's handle in [`world`](Self::world).
    pub fn body(&self) -> ColliderHandle {
        self.body
    }

    /// The capsule in world coordinates.
    pub fn capsule(&self) -> &Shape {
        self.world.world_shape(self.body).expect("the capsule is never removed")
    }

    /// The capsule's centre.
    pub fn position(&self) -> Vec2 {
        self.world.world_transform(self.body).map_or(Self::START, |t| t.translation())
    }

    /// The capsule's velocity, units per second (y down).
    pub fn velocity(&self) -> Vec2 {
        self.velocity
    }

    /// Whether the capsule stood on floor at the end of the last step.
    pub fn on_floor(&self) -> bool {
        self.on_floor
    }

    /// The colliders the capsule met during the last step.
    pub fn touched(&self) -> &[ColliderHandle] {
        &self.touched
    }

    /// An arrow key went down (`held`) or up.
    pub fn hold(&mut self, arrow: Arrow, held: bool) {
        self.held[arrow as usize] = held;
    }

    /// Whether an arrow key is held.
    pub fn is_held(&self, arrow: Arrow) -> bool {
        self.held[arrow as usize]
    }

    /// Puts the capsule's centre at `at` (kept inside the level's [`bounds`](Self::bounds)), at
    /// rest and in the air until the next step says otherwise; refused (`false`) where the
    /// capsule would overlap the level, which it could then fall through.
    pub fn place(&mut self, at: Vec2) -> bool {
        let at = at.clamp(self.bounds.min(), self.bounds.max());
        let Some(local) = self.world.local_shape(self.body) else { return false };
        let Ok(there) = local.transformed(&Transform::from_translation(at)) else { return false };
        if self.world.colliders_overlapping(&there).iter().any(|&h| h != self.body)
            || self.world.set_transform(self.body, Transform::from_translation(at)).is_err()
        {
            return false;
        }
        (self.velocity, self.on_floor, self.pending) = (Vec2::ZERO, false, 0.0);
        self.touched.clear();
        self.controller.forget_floor();
        true
    }

    /// Time passed: runs the whole steps of [`STEP`] seconds it holds (with what was left over
    /// from the previous ticks), at most 8 at a time.
    pub fn tick(&mut self, seconds: f32) {
        if !seconds.is_finite() || seconds <= 0.0 {
            return;
        }
        self.pending = (self.pending + seconds).min(MAX_STEPS as f32 * STEP);
        while self.pending >= STEP {
            self.pending -= STEP;
            self.step();
        }
    }

    /// One step of [`STEP`] seconds: run, jump, fall, then move and slide.
    pub fn step(&mut self) {
        // The lift first, then the capsule, which it carries when the capsule stands on it.
        self.steps = self.steps.wrapping_add(1);
        let along = lift_offset(self.steps);
        if let Some(lift) = self.lift {
            let _ = self.world.set_transform(lift, Transform::from_translation(Vec2::new(along, 0.0)));
        }
        let run = (f32::from(u8::from(self.held[Arrow::Right as usize]))
            - f32::from(u8::from(self.held[Arrow::Left as usize])))
            * RUN;
        let jumped = self.held[Arrow::Up as usize] && self.on_floor;
        if jumped {
            self.velocity.y = -JUMP;
        }
        self.velocity = Vec2::new(run, (self.velocity.y + GRAVITY * STEP).min(MAX_FALL));
        let motion = self.velocity * STEP;
        let Ok(result) = self.controller.move_and_slide(&mut self.world, self.body, motion) else { return };
        // Walking off the top of a slope down it, the controller snaps the capsule down to the
        // floor (up to a slope's drop in a step); a fall onto a slope too steep to stand on goes
        // on down it, as move_and_slide slides down such slopes itself.
        (self.on_floor, self.touched) = (result.on_floor, result.touched.iter().map(|t| t.collider).collect());
        let bumped_head = motion.y < 0.0 && result.moved.y > motion.y + 1e-4;
        if self.on_floor || bumped_head {
            self.velocity.y = 0.0;
        }
    }
}

/// Where the lift is after `steps` steps: from 0 to [`LIFT_RANGE`] to the right and back, at 1
/// unit a second.
fn lift_offset(steps: u32) -> f32 {
    let travel = (steps as f32 * STEP) % (2.0 * LIFT_RANGE);
    if travel <= LIFT_RANGE {
        travel
    } else {
        2.0 * LIFT_RANGE - travel
    }
}

/// How far the lift goes to the right of where it starts.
const LIFT_RANGE: f32 = 2.0;

/// The level's colliders, named, in world coordinates (y down).
fn level_shapes() -> Vec<(&'static str, Shape, Option<Vec2>)> {
    let v = |pts: &[(f32, f32)]| pts.iter().map(|&(x, y)| Vec2::new(x, y)).collect::<Vec<_>>();
    let aabb = |x0, y0, x1, y1| Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1)).expect("a valid box").into();
    let convex = |pts: &[(f32, f32)]| ConvexPolygon::new(&v(pts)).expect("a valid convex polygon").into();
    // An upside-down "T": the stem hangs from above, the bar's underside is the corridor's roof.
    let tee = [(7.25, 1.5), (8.25, 1.5), (8.25, 4.5), (9.0, 4.5), (9.0, 6.0), (6.5, 6.0), (6.5, 4.5), (7.25, 4.5)];
    let shapes: Vec<(&'static str, Shape)> = vec![
        ("floor", aabb(0.0, 9.0, 16.0, 10.0)),
        ("left wall", aabb(0.0, 1.5, 0.5, 9.0)),
        ("right wall", aabb(15.5, 1.5, 16.0, 9.0)),
        // Rises 1.5 over 3 (27°) on the left, falls 1.5 over 2 (37°) on the right.
        ("hill", convex(&[(3.0, 9.0), (6.0, 7.5), (9.5, 7.5), (11.5, 9.0)])),
        // 1.5 units above the hill's top: the 1.2-unit capsule walks under it, but not jumping.
        ("corridor roof", Polygon::new(&v(&tee)).expect("a valid concave polygon").into()),
        // Rises 2.6 over 1.5: 60°, too steep to climb.
        ("steep slope", convex(&[(12.5, 9.0), (14.0, 6.4), (15.5, 6.4), (15.5, 9.0)])),
        // Up there (drag the capsule onto the T's bar): stairs of 0.3 rising from the bar's top
        // at 4.5, and a one-way ledge to jump up through from the top step.
        ("stairs", aabb(9.0, 4.2, 10.0, 4.5)),
        ("stairs", aabb(10.0, 3.9, 11.0, 4.5)),
        ("stairs", aabb(11.0, 3.6, 12.0, 4.5)),
        ("one-way ledge", aabb(12.4, 2.7, 14.4, 2.9)),
        // Up on the left (drag the capsule onto it): a lift carrying whoever stands on it 2
        // units right and back.
        ("lift", aabb(0.7, 4.0, 1.6, 4.2)),
    ];
    let open = |name: &str| (name == "one-way ledge").then_some(Vec2::NEG_Y);
    shapes.into_iter().map(|(name, shape)| (name, shape, open(name))).collect()
}
