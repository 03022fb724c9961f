//! The live demo's state and its picture, shared by the desktop window and the web page: one
//! fixed and one moving shape, keys to switch the pair (circles, boxes, oriented boxes, concave
//! polygons, traced sprites, sprite bitmasks) and the detection method, automatic movement,
//! dragging and turning; and a [character mode](character) (key K), a capsule steered with the
//! arrow keys through a small level.
//!
//! Nothing here knows about windows: a front end feeds [`Demo::key`] and
//! [`Demo::key_released`], the pointer and wheel methods and [`Demo::tick`], and shows
//! [`Demo::render`]'s pixels.
//!
//! ```
//! use collide2d::Vec2;
//! use collide2d_render::demo::{Demo, Key, Pair};
//! let mut demo = Demo::new(640, 400);
//! assert!(!demo.verdict().colliding); // they start apart
//! demo.key(Key::Show(Pair::Circles));
//! demo.place_moving(demo.fixed_position()); // right on top of the fixed one
//! assert!(demo.verdict().colliding);
//! let picture = demo.render();
//! assert_eq!(picture.rgba().len(), 640 * 400 * 4);
//! ```

use collide2d::bitmask::Bitmask;
use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::tiered::{collide, Level, RectObject};
use collide2d::trace::{trace, Detail};
use collide2d::{contact, contains, Aabb, Circle, Contact, Obb, Polygon, Shape, ShapeLike, Transform, Vec2};

use crate::{Picture, Style, View};

pub mod character;

pub use character::Arrow;
use character::Character;

/// The sprite used by the traced pair (Kenney's slimeGreen.png, CC0). `assets/` links to the
/// library's test copy, and the package carries the file itself.
const SPRITE: &[u8] = include_bytes!("../assets/slimeGreen.png");

/// What the demo's keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// C, R, O, P, T, B: show that pair (see [`Pair`]), leaving the character mode.
    Show(Pair),
    /// D: the next detection method.
    NextDetector,
    /// SPACE: automatic movement on or off.
    ToggleAuto,
    /// K: the character mode on or off.
    ToggleCharacter,
    /// An arrow key, held from [`Demo::key`] until [`Demo::key_released`]: it steers the
    /// capsule in the character mode.
    Arrow(Arrow),
}

/// The pair on show, with the key that picks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    /// C: two circles.
    Circles,
    /// R: two axis-aligned boxes (they do not turn).
    Boxes,
    /// O: two oriented boxes.
    Oriented,
    /// P: two concave polygons.
    Polygons,
    /// T: two traced sprites.
    Traced,
    /// B: two sprite bitmasks, pixel-perfect (the exact method tests the masks themselves).
    Bitmask,
}

impl Pair {
    /// The pair a key letter picks (either case), if any.
    pub fn from_letter(c: char) -> Option<Pair> {
        Some(match c.to_ascii_uppercase() {
            'C' => Pair::Circles,
            'R' => Pair::Boxes,
            'O' => Pair::Oriented,
            'P' => Pair::Polygons,
            'T' => Pair::Traced,
            'B' => Pair::Bitmask,
            _ => return None,
        })
    }
}

impl Key {
    /// The key a letter stands for: a pair's letter, D, K, or space.
    pub fn from_letter(c: char) -> Option<Key> {
        match c.to_ascii_uppercase() {
            'D' => Some(Key::NextDetector),
            'K' => Some(Key::ToggleCharacter),
            ' ' => Some(Key::ToggleAuto),
            c => Pair::from_letter(c).map(Key::Show),
        }
    }
}

/// The detection methods D cycles through, coarsest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// World bounding boxes.
    BoundingBoxes,
    /// Bounding circles.
    BoundingCircles,
    /// Tiered rectangle test, level 0.
    TieredAabb,
    /// Tiered, level 1 (corners inside).
    TieredCorners,
    /// Tiered, level 2 (SAT on the rectangles).
    TieredSat,
    /// The exact test of the shapes.
    Exact,
}

impl Method {
    const ALL: [Method; 6] = [
        Method::BoundingBoxes,
        Method::BoundingCircles,
        Method::TieredAabb,
        Method::TieredCorners,
        Method::TieredSat,
        Method::Exact,
    ];

    /// Its name in the status line.
    pub fn name(self) -> &'static str {
        match self {
            Method::BoundingBoxes => "bounding boxes",
            Method::BoundingCircles => "bounding circles",
            Method::TieredAabb => "tiered L0 (boxes)",
            Method::TieredCorners => "tiered L1 (corners)",
            Method::TieredSat => "tiered L2 (SAT)",
            Method::Exact => "exact",
        }
    }
}

/// A shape in its local space placed by a transform.
struct Placed {
    local: Shape,
    transform: Transform,
}

impl RectObject for Placed {
    fn transform(&self) -> Transform {
        self.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.local.aabb()
    }
}

impl Placed {
    /// The world shape; a failure (which the demo's transforms never cause) shows the local one.
    fn world(&self) -> Shape {
        self.local.transformed(&self.transform).unwrap_or_else(|_| self.local.clone())
    }
}

/// What the current method says about the pair, and the exact contact when they touch.
#[derive(Clone, Copy, Debug)]
pub struct Verdict {
    /// Whether the method says they collide.
    pub colliding: bool,
    /// The exact contact, when the shapes really touch.
    pub contact: Option<Contact>,
}

/// The demo: see the [module docs](self).
pub struct Demo {
    view: View,
    pair: Pair,
    method: Method,
    auto: bool,
    time: f32,
    fixed: Vec2,
    moving: Vec2,
    turn: f32,
    drag: Option<Vec2>,
    sprite: Option<Polygon>,
    pixels: Option<(Polygon, Bitmask)>,
    character: Character,
    in_character: bool,
}

/// The world the demo shows: 16 × 10 units, y down like the screen.
const WORLD: Vec2 = Vec2::new(16.0, 10.0);

impl Demo {
    /// A demo drawing into `width × height` pixels, showing two circles apart, judged exactly.
    pub fn new(width: u32, height: u32) -> Self {
        let region = Aabb::new(Vec2::ZERO, WORLD).expect("a fixed, valid box");
        let sprite = sprite_polygon(Detail::Optimal);
        let pixels = sprite_polygon(Detail::Exact).zip(sprite_mask());
        Self {
            view: View::fit(&region, width, height, 8.0, false),
            pair: Pair::Circles,
            method: Method::Exact,
            auto: false,
            time: 0.0,
            fixed: Vec2::new(6.0, 5.5),
            moving: Vec2::new(11.5, 5.5),
            turn: 0.0,
            drag: None,
            sprite,
            pixels,
            character: Character::new(),
            in_character: false,
        }
    }

    /// Where the fixed shape sits (world units).
    pub fn fixed_position(&self) -> Vec2 {
        self.fixed
    }

    /// Where the moving shape sits; in the character mode, the capsule's centre.
    pub fn moving_position(&self) -> Vec2 {
        match self.character() {
            Some(c) => c.position(),
            None => self.moving,
        }
    }

    /// The character mode's state while it is on.
    pub fn character(&self) -> Option<&Character> {
        self.in_character.then_some(&self.character)
    }

    /// The view (to turn pixels into world points). In the character mode on a level wider than
    /// the screen, it follows the capsule across (kept within the level).
    pub fn view(&self) -> View {
        let mut view = self.view;
        if let Some(c) = self.character() {
            let (bounds, half) = (c.bounds(), view.width as f32 / view.scale / 2.0);
            if bounds.max().x - bounds.min().x > 2.0 * half {
                view.center.x = c.position().x.clamp(bounds.min().x + half, bounds.max().x - half);
            }
        }
        view
    }

    /// Plays the character mode on `character`'s level from now on.
    pub fn set_character(&mut self, character: Character) {
        self.character = character;
    }

    /// The pair on show.
    pub fn pair(&self) -> Pair {
        self.pair
    }

    /// The detection method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Reacts to a key going down.
    pub fn key(&mut self, key: Key) {
        match key {
            Key::Show(pair) => (self.pair, self.in_character) = (pair, false),
            Key::NextDetector => {
                let i = Method::ALL.iter().position(|m| *m == self.method).unwrap_or(0);
                self.method = Method::ALL[(i + 1) % Method::ALL.len()];
            }
            Key::ToggleAuto => self.auto = !self.auto,
            Key::ToggleCharacter => self.in_character = !self.in_character,
            Key::Arrow(arrow) => self.character.hold(arrow, true),
        }
    }

    /// Reacts to a key going up: releases an arrow key (other keys act when they go down).
    pub fn key_released(&mut self, key: Key) {
        if let Key::Arrow(arrow) = key {
            self.character.hold(arrow, false);
        }
    }

    /// Moves the moving shape's centre (in the character mode, the capsule's) to a world point,
    /// kept inside the world.
    pub fn place_moving(&mut self, at: Vec2) {
        if self.in_character {
            // Refused where the capsule would overlap the level.
            self.character.place(at);
        } else {
            self.moving = at.clamp(Vec2::ZERO, WORLD);
        }
    }

    /// The pointer went down at a pixel: starts dragging when it is on the moving shape.
    pub fn pointer_down(&mut self, pixel: Vec2) {
        let p = self.view().to_world(pixel);
        let world = match self.character() {
            Some(c) => c.capsule().clone(),
            None => self.moving_placed().world(),
        };
        let grab = contains(&world, &p) || contains(&world.aabb(), &p);
        self.drag = grab.then(|| self.moving_position() - p);
    }

    /// The pointer moved to a pixel: drags when dragging.
    pub fn pointer_move(&mut self, pixel: Vec2) {
        if let Some(offset) = self.drag {
            let p = self.view().to_world(pixel);
            self.place_moving(p + offset);
        }
    }

    /// The pointer went up: stops dragging.
    pub fn pointer_up(&mut self) {
        self.drag = None;
    }

    /// The wheel turned: turns the moving shape (radians per unit of `delta`: 0.1).
    pub fn wheel(&mut self, delta: f32) {
        if delta.is_finite() {
            self.turn = (self.turn + delta * 0.1) % std::f32::consts::TAU;
        }
    }

    /// Time passed: in the character mode, the capsule moves in fixed steps (see
    /// [`character::STEP`]); otherwise, with automatic movement on, the moving shape circles the
    /// fixed one and turns.
    pub fn tick(&mut self, seconds: f32) {
        if self.in_character {
            // Not while it is dragged: the drag places it.
            if self.drag.is_none() {
                self.character.tick(seconds);
            }
            return;
        }
        if !self.auto || !seconds.is_finite() {
            return;
        }
        self.time += seconds;
        let reach = 3.0 + 1.5 * (self.time * 0.7).sin();
        self.moving = self.fixed + Vec2::from_angle(self.time * 0.9) * reach;
        self.turn = self.time * 0.5;
    }

    fn local_shape(&self, moving: bool) -> Shape {
        let s = |r: Result<Shape, collide2d::ShapeError>| r.expect("the demo's shapes are valid");
        match self.pair {
            Pair::Circles => s(Circle::new(Vec2::ZERO, if moving { 1.2 } else { 1.8 }).map(Into::into)),
            Pair::Boxes => {
                let half = if moving { Vec2::new(1.4, 0.9) } else { Vec2::new(2.0, 1.2) };
                s(Aabb::from_center_half_extents(Vec2::ZERO, half).map(Into::into))
            }
            Pair::Oriented => {
                let half = if moving { Vec2::new(1.6, 0.6) } else { Vec2::new(2.0, 1.0) };
                s(Obb::new(Vec2::ZERO, half, 0.0).map(Into::into))
            }
            Pair::Polygons => s(concave(moving).map(Into::into)),
            Pair::Traced => match &self.sprite {
                Some(p) => Shape::Polygon(p.clone()),
                None => s(concave(moving).map(Into::into)),
            },
            // Drawn as its exact outline: the same pixels the mask holds.
            Pair::Bitmask => match &self.pixels {
                Some((p, _)) => Shape::Polygon(p.clone()),
                None => s(concave(moving).map(Into::into)),
            },
        }
    }

    fn placed(&self, moving: bool) -> Placed {
        let (at, turn) = if moving { (self.moving, self.turn) } else { (self.fixed, 0.0) };
        // Axis-aligned boxes stay axis-aligned; the traced sprite is 128 px, shown 5 units wide.
        let turn = if self.pair == Pair::Boxes { 0.0 } else { turn };
        let (scale, origin) = match self.pair {
            Pair::Traced | Pair::Bitmask => (Vec2::splat(5.0 / 128.0), Vec2::splat(64.0)),
            _ => (Vec2::ONE, Vec2::ZERO),
        };
        Placed { local: self.local_shape(moving), transform: Transform::from_parts(at, turn, scale, origin) }
    }

    fn moving_placed(&self) -> Placed {
        self.placed(true)
    }

    /// What the current method says, with the exact contact.
    pub fn verdict(&self) -> Verdict {
        let (a, b) = (self.placed(false), self.placed(true));
        let (wa, wb) = (a.world(), b.world());
        let colliding = match self.method {
            Method::BoundingBoxes => BoundingBoxes.detect(wa.shape_ref(), wb.shape_ref()),
            Method::BoundingCircles => BoundingCircles.detect(wa.shape_ref(), wb.shape_ref()),
            Method::TieredAabb => collide(&a, &b, Level::Aabb),
            Method::TieredCorners => collide(&a, &b, Level::Corners),
            Method::TieredSat => collide(&a, &b, Level::Sat),
            Method::Exact => match (&self.pixels, self.pair) {
                // Pixel-perfect: the moving mask resampled into the fixed one's pixels.
                (Some((_, mask)), Pair::Bitmask) => {
                    mask.overlaps_placed(&a.transform, mask, &b.transform).unwrap_or(false)
                }
                _ => Exact.detect(wa.shape_ref(), wb.shape_ref()),
            },
        };
        Verdict { colliding, contact: contact(&wa, &wb) }
    }

    /// The picture: both shapes (red when the method says they collide, else green), their
    /// bounding boxes under the box-based methods, the contact points and push-out arrow when
    /// they touch, the key help and a status line (pair, method, depth).
    pub fn render(&self) -> Picture {
        let mut picture = Picture::new(self.view(), Style::default()).expect("the demo's size is valid");
        if let Some(c) = self.character() {
            draw_character(&mut picture, c);
            return picture;
        }
        let (a, b) = (self.placed(false).world(), self.placed(true).world());
        let verdict = self.verdict();
        picture.shape(&a, verdict.colliding);
        picture.shape(&b, verdict.colliding);
        if matches!(self.method, Method::BoundingBoxes | Method::TieredAabb) {
            picture.aabb(&a.aabb());
            picture.aabb(&b.aabb());
        }
        if let Some(c) = &verdict.contact {
            picture.contact(c, true);
        }
        let depth = verdict.contact.map_or("apart".to_owned(), |c| format!("depth {:.3}", c.depth));
        let status = format!(
            "{:?} | {} | {} | {}",
            self.pair,
            self.method.name(),
            if verdict.colliding { "COLLIDING" } else { "apart" },
            depth
        );
        picture.text(8.0, 8.0, &status, 1);
        picture.text(
            8.0,
            20.0,
            "C R O P T B: pair   D: detector   SPACE: auto   K: character   drag, wheel: move, turn",
            1,
        );
        picture
    }
}

/// The character mode's picture: the level (red where the capsule touched it during the last
/// step, else green), the capsule (red when it touched anything), the key help and a status
/// line (on floor or in the air, what it touched).
fn draw_character(picture: &mut Picture, c: &Character) {
    for (h, _, shape) in c.level() {
        picture.shape(shape, c.touched().contains(&h));
    }
    picture.shape(c.capsule(), !c.touched().is_empty());
    let names: Vec<&str> = c.level().filter(|(h, ..)| c.touched().contains(h)).map(|(_, name, _)| name).collect();
    let status = format!(
        "Character | {} | touching: {}",
        if c.on_floor() { "ON FLOOR" } else { "in the air" },
        if names.is_empty() { "nothing".to_owned() } else { names.join(", ") }
    );
    picture.text(8.0, 8.0, &status, 1);
    picture.text(8.0, 20.0, "LEFT RIGHT: run   UP: jump   K or C R O P T B: leave   drag: place", 1);
}

/// A concave "C" shape about the origin, smaller for the moving one.
fn concave(moving: bool) -> Result<Polygon, collide2d::ShapeError> {
    let k = if moving { 0.6 } else { 1.0 };
    let pts = [(-2.0, -2.0), (2.0, -2.0), (2.0, -1.0), (-1.0, -1.0), (-1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (-2.0, 2.0)];
    Polygon::new(&pts.map(|(x, y)| Vec2::new(x * k, y * k)))
}

/// The built-in sprite's pixels (premultiplied RGBA; only alpha matters for solidity).
fn sprite_pixels() -> Option<tiny_skia::Pixmap> {
    tiny_skia::Pixmap::decode_png(SPRITE).ok()
}

/// The built-in sprite traced at `detail` (its largest island).
fn sprite_polygon(detail: Detail) -> Option<Polygon> {
    let pixmap = sprite_pixels()?;
    let image = Rgba8::new(pixmap.width(), pixmap.height(), pixmap.data()).ok()?;
    let polygons = trace(&image, &Solidity::default(), detail).ok()?;
    polygons.into_iter().max_by(|a, b| a.area().total_cmp(&b.area()))
}

/// The built-in sprite as a bitmask.
fn sprite_mask() -> Option<Bitmask> {
    let pixmap = sprite_pixels()?;
    let image = Rgba8::new(pixmap.width(), pixmap.height(), pixmap.data()).ok()?;
    Some(Bitmask::from_rgba(&image, &Solidity::default()))
}

#[cfg(test)]
mod tests;
