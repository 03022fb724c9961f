//! The scene file: named colliders, each a shape in its own local space, placed by a transform
//! and optionally attached to a parent. JSON, read with serde; its JSON Schema is generated from
//! these types (`collide2d schema`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use collide2d::pixels::Solidity;
use collide2d::polygon::Polygon;
use collide2d::trace::{trace_limited, Detail};
use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Segment, Shape, Transform, Vec2};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::CliError;
use crate::output::printable;

/// A point or vector as `[x, y]`.
pub type XY = [f32; 2];

fn v([x, y]: XY) -> Vec2 {
    Vec2::new(x, y)
}

/// A collision scene.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SceneFile {
    /// Which way +y points in pictures: "down" (screens, the default) or "up" (mathematics).
    #[serde(default)]
    pub y_axis: YAxis,
    /// The colliders; names must be unique.
    pub colliders: Vec<ColliderSpec>,
}

/// Which way +y points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum YAxis {
    /// +y down the picture.
    #[default]
    Down,
    /// +y up the picture.
    Up,
}

/// One collider.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ColliderSpec {
    /// Its name, used in reports and by children's `parent`.
    pub name: String,
    /// Its shape, in local space.
    pub shape: ShapeSpec,
    /// Local space to the parent's space (or the world's, without a parent).
    #[serde(default)]
    pub transform: TransformSpec,
    /// The name of the collider this one moves with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
}

/// A shape, by kind.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ShapeSpec {
    /// A single point.
    Point {
        /// Where.
        at: XY,
    },
    /// A line segment.
    Segment {
        /// One end.
        a: XY,
        /// The other end.
        b: XY,
    },
    /// An axis-aligned box (in local space; a rotated transform turns it).
    Aabb {
        /// Lowest corner.
        min: XY,
        /// Highest corner.
        max: XY,
    },
    /// A disc.
    Circle {
        /// Centre (default the origin).
        #[serde(default)]
        center: XY,
        /// Radius (> 0).
        radius: f32,
    },
    /// An oriented box.
    Obb {
        /// Centre (default the origin).
        #[serde(default)]
        center: XY,
        /// Half width and half height (> 0).
        half_extents: XY,
        /// Its own rotation in degrees, from +x towards +y (default 0).
        #[serde(default)]
        rotation_deg: f32,
    },
    /// A segment swollen by a radius.
    Capsule {
        /// One end of the core segment.
        a: XY,
        /// The other end.
        b: XY,
        /// Radius (> 0).
        radius: f32,
    },
    /// A convex polygon, either winding.
    ConvexPolygon {
        /// Its vertices in order.
        vertices: Vec<XY>,
    },
    /// A simple polygon, possibly concave, with optional holes.
    Polygon {
        /// The outline's vertices in order.
        outline: Vec<XY>,
        /// Each hole's vertices in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        holes: Vec<Vec<XY>>,
    },
    /// The polygon traced from a picture's solid pixels (the first island, the largest if
    /// several), one unit per pixel, y down from the picture's top-left corner.
    Traced {
        /// The PNG, relative to the scene file (or `builtin:slime` for the sprite built into the
        /// command).
        path: String,
        /// "exact", "optimal", "more" or "less" (default "optimal").
        #[serde(default)]
        detail: DetailSpec,
    },
    /// The colliding tiles of one layer of a level file, as one tile map with no seams: a Tiled
    /// map (`.tmx`, `.tmj`; tiles collide by their collision shapes or the `solid` property) or
    /// an LDtk project (`.ldtk`; every IntGrid value but 0 a solid cell). In the file's pixels,
    /// its top-left corner at the local origin and its rows going towards +y, as in the file (a
    /// transform may only move it). One-way sides and collision filters are not kept: the
    /// command has neither.
    TileMap {
        /// The file, relative to the scene file.
        path: String,
        /// The layer: a Tiled layer's name (after its groups' names and `/`), or an LDtk level's
        /// identifier, `/` and its layer's (`Level_0/Collisions`). Default: the first layer with
        /// colliding tiles.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        layer: Option<String>,
    },
}

/// Level of detail for traced shapes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DetailSpec {
    /// Every pixel step.
    Exact,
    /// Within 1 % of the area.
    #[default]
    Optimal,
    /// Within 7.5 %.
    More,
    /// Within 15 %.
    Less,
}

impl From<DetailSpec> for Detail {
    fn from(d: DetailSpec) -> Self {
        match d {
            DetailSpec::Exact => Detail::Exact,
            DetailSpec::Optimal => Detail::Optimal,
            DetailSpec::More => Detail::More,
            DetailSpec::Less => Detail::Less,
        }
    }
}

/// A sprite-like transform: scale, then rotate, about `origin`, then move to `translation`.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct TransformSpec {
    /// Where the origin goes (default [0, 0]).
    pub translation: XY,
    /// Rotation in degrees, from +x towards +y (default 0).
    pub rotation_deg: f32,
    /// Per-axis scale (default [1, 1]).
    pub scale: XY,
    /// The local point that rotation and scale turn about, placed at `translation` (default [0, 0]).
    pub origin: XY,
}

impl Default for TransformSpec {
    fn default() -> Self {
        Self { translation: [0.0; 2], rotation_deg: 0.0, scale: [1.0; 2], origin: [0.0; 2] }
    }
}

impl TransformSpec {
    fn transform(&self) -> Transform {
        Transform::from_parts(v(self.translation), self.rotation_deg.to_radians(), v(self.scale), v(self.origin))
    }
}

/// A collider ready for queries: its world shape and what it was built from.
#[derive(Clone, Debug)]
pub struct Collider {
    /// Its name.
    pub name: String,
    /// Local to world.
    pub transform: Transform,
    /// The shape in local space.
    pub local: Shape,
    /// The shape in the world.
    pub world: Shape,
}

/// A loaded scene.
#[derive(Clone, Debug)]
pub struct Scene {
    /// Which way +y points in pictures.
    pub y_axis: YAxis,
    /// The colliders, in file order.
    pub colliders: Vec<Collider>,
}

/// The scene built into the command.
pub const DEMO: &str = include_str!("demo_scene.json");

/// The sprite built into the command (Kenney's slimeGreen.png, CC0). `assets/` links to the
/// library's test copy, and the package carries the file itself.
const SLIME: &[u8] = include_bytes!("../assets/slimeGreen.png");

/// Reads and builds the scene at `path`, or the built-in demo when `path` is `None`.
pub fn load(path: Option<&Path>) -> Result<Scene, CliError> {
    let (text, name, base) = match path {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| CliError::new(format!("{}: {e}", p.display())))?;
            (text, p.display().to_string(), p.parent().map(Path::to_path_buf).unwrap_or_default())
        }
        None => (DEMO.to_owned(), "<built-in demo scene>".to_owned(), PathBuf::new()),
    };
    parse(&text, &name, &base)
}

/// Builds the scene written in `text`: the file's contents, named `name` in errors, with traced
/// pictures found relative to the folder `base`. Apart from [`load`] so that the fuzz targets
/// (`fuzz/`) feed the reader text without files.
pub fn parse(text: &str, name: &str, base: &Path) -> Result<Scene, CliError> {
    // A byte order mark, as some editors write, is not part of the JSON.
    let json = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file: SceneFile = serde_json::from_str(json).map_err(|e| json_error(name, &e))?;
    build(&file, name, base)
}

/// `file:line:column: what`, without serde's own trailing position.
fn json_error(name: &str, e: &serde_json::Error) -> CliError {
    let text = e.to_string();
    let what = text.rsplit_once(" at line ").map_or(text.as_str(), |(w, _)| w);
    CliError::new(format!("{name}:{}:{}: {what}", e.line(), e.column()))
}

fn build(file: &SceneFile, name: &str, base: &Path) -> Result<Scene, CliError> {
    let mut index = HashMap::new();
    for (i, c) in file.colliders.iter().enumerate() {
        if index.insert(c.name.as_str(), i).is_some() {
            return Err(CliError::new(format!("{name}: two colliders are named \"{}\"", printable(&c.name))));
        }
    }
    let transforms = world_transforms(file, &index, name)?;
    let mut colliders = Vec::with_capacity(file.colliders.len());
    for (c, transform) in file.colliders.iter().zip(transforms) {
        let local = local_shape(&c.shape, base)
            .map_err(|e| CliError::new(format!("{name}: collider \"{}\": {e}", printable(&c.name))))?;
        let world = local
            .transformed(&transform)
            .map_err(|e| CliError::new(format!("{name}: collider \"{}\": {e}", printable(&c.name))))?;
        colliders.push(Collider { name: c.name.clone(), transform, local, world });
    }
    Ok(Scene { y_axis: file.y_axis, colliders })
}

/// Every collider's transform composed with its ancestors', refusing unknown parents and
/// cycles: one pass, each transform composed once from its parent's, so a chain of `n` parents
/// costs `O(n)` (walking every collider's ancestors took `O(n²)` compositions and an `O(n³)`
/// cycle check: 229 s for a 10,000-level chain).
fn world_transforms(file: &SceneFile, index: &HashMap<&str, usize>, name: &str) -> Result<Vec<Transform>, CliError> {
    let specs = &file.colliders;
    let mut world: Vec<Option<Transform>> = vec![None; specs.len()];
    // Whether a collider is on the walk being resolved (to see a cycle), and that walk.
    let mut on_walk = vec![false; specs.len()];
    let mut walk = Vec::new();
    for start in 0..specs.len() {
        // Walk up to a collider already placed, or to the top.
        let mut i = start;
        let mut above = Transform::IDENTITY;
        while world[i].is_none() {
            on_walk[i] = true;
            walk.push(i);
            let Some(p) = specs[i].parent.as_deref() else { break };
            let Some(&j) = index.get(p) else {
                let child = printable(&specs[i].name);
                return Err(CliError::new(format!(
                    "{name}: collider \"{child}\" has unknown parent \"{}\"",
                    printable(p)
                )));
            };
            if on_walk[j] {
                let at = walk.iter().position(|&k| k == j).unwrap_or(0);
                let names: Vec<&str> = walk[at..].iter().chain([&j]).map(|&k| specs[k].name.as_str()).collect();
                return Err(CliError::new(format!("{name}: parent cycle: {}", printable(&names.join(" -> ")))));
            }
            if let Some(t) = world[j] {
                above = t;
                break;
            }
            i = j;
        }
        // Back down, each from its parent's.
        for k in walk.drain(..).rev() {
            above = above.compose(&specs[k].transform.transform());
            world[k] = Some(above);
            on_walk[k] = false;
        }
    }
    Ok(world.into_iter().map(|t| t.unwrap_or(Transform::IDENTITY)).collect())
}

fn local_shape(spec: &ShapeSpec, base: &Path) -> Result<Shape, String> {
    let pts = |p: &[XY]| p.iter().copied().map(v).collect::<Vec<_>>();
    let shape: Shape = match spec {
        ShapeSpec::Point { at } => {
            let p = v(*at);
            if !p.is_finite() {
                return Err(format!("point {p} is not finite"));
            }
            p.into()
        }
        ShapeSpec::Segment { a, b } => Segment::new(v(*a), v(*b)).map_err(|e| e.to_string())?.into(),
        ShapeSpec::Aabb { min, max } => Aabb::new(v(*min), v(*max)).map_err(|e| e.to_string())?.into(),
        ShapeSpec::Circle { center, radius } => Circle::new(v(*center), *radius).map_err(|e| e.to_string())?.into(),
        ShapeSpec::Obb { center, half_extents, rotation_deg } => {
            Obb::new(v(*center), v(*half_extents), rotation_deg.to_radians()).map_err(|e| e.to_string())?.into()
        }
        ShapeSpec::Capsule { a, b, radius } => Capsule::new(v(*a), v(*b), *radius).map_err(|e| e.to_string())?.into(),
        ShapeSpec::ConvexPolygon { vertices } => ConvexPolygon::new(&pts(vertices)).map_err(|e| e.to_string())?.into(),
        ShapeSpec::Polygon { outline, holes } => {
            let holes: Vec<Vec<Vec2>> = holes.iter().map(|h| pts(h)).collect();
            Polygon::with_holes(&pts(outline), &holes).map_err(|e| e.to_string())?.into()
        }
        ShapeSpec::Traced { path, detail } => traced(path, *detail, base)?.into(),
        ShapeSpec::TileMap { path, layer } => Shape::TileMap(crate::tiles::layer_map(path, layer.as_deref(), base)?),
    };
    Ok(shape)
}

/// The largest island of a picture, traced.
fn traced(path: &str, detail: DetailSpec, base: &Path) -> Result<Polygon, String> {
    let picture = if path == "builtin:slime" {
        image::load_from_memory(SLIME).map_err(|e| format!("built-in sprite: {e}"))?.into_rgba8()
    } else {
        crate::files::read_picture(&base.join(path))?
    };
    // The same bound as `collide2d trace` by default: a scene is no way around it.
    let limit = crate::trace_cmd::DEFAULT_MAX_VERTICES;
    let polygons =
        trace_limited(&(&picture).into(), &Solidity::default(), detail.into(), limit).map_err(|e| e.to_string())?;
    polygons
        .into_iter()
        .max_by(|a, b| a.area().total_cmp(&b.area()))
        .ok_or_else(|| format!("{path}: the picture has no solid pixel"))
}

/// The bounds of all colliders (a unit box around the origin when there are none).
pub fn bounds(scene: &Scene) -> Aabb {
    let mut boxes = scene.colliders.iter().map(|c| c.world.aabb());
    let first = boxes.next().unwrap_or_else(|| Aabb::from_center_half_extents(Vec2::ZERO, Vec2::ONE).expect("unit"));
    boxes.fold(first, |acc, b| acc.union(&b))
}
