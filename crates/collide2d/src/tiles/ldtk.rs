//! LDtk projects (<https://ldtk.io>, `.ldtk` files) as colliders, with the feature `ldtk`.
//!
//! Each level's **IntGrid layers** become [`LevelMap`]s: tile maps whose ids are the IntGrid
//! values (0 is empty), in world pixels (y down): the level's `worldX`/`worldY` plus the
//! layer's total offset. Every value other than 0 is a solid cell unless [`IntGridRules`] say
//! otherwise: a value, or the identifier LDtk gives it, may be any [`TileShape`], one-way, or
//! filtered ([`TileRule`]); a layer's cells that share a one-way side and filter make one map.
//!
//! **Entities** become [`Entity`]s: a box from their position, pivot and size, with their
//! identifier, tags and field values (as JSON, as LDtk writes them).
//!
//! Projects of several worlds (`worlds[]`) and levels saved in their own files
//! (`externalRelPath`, read relative to the project) load; other layer kinds (Tiles,
//! AutoLayer) are drawing and are left out. In the `LinearHorizontal` and `LinearVertical`
//! layouts LDtk gives levels no place in a world: each level is then at the origin.
//!
//! ```
//! use collide2d::tiles::ldtk::{self, IntGridRules};
//! use collide2d::tiles::{no_files, TileRule, TileShape};
//! use collide2d::{contact, Circle, Vec2};
//! // Value 2 ("platform") lets movers up through it.
//! let rules = IntGridRules::new().identifier("platform", TileRule::new(TileShape::Solid).one_way(Vec2::new(0.0, -1.0)));
//! let project = ldtk::load_ldtk_str(include_str!("../../tests/data/maps/level.ldtk"), &rules, no_files)?;
//! let level = &project.levels[0];
//! let walls = level.maps.iter().find(|m| m.one_way.is_none()).expect("solid cells");
//! // A ball sunk 2 pixels into the floor, whose top is at y = 64, is pushed straight up.
//! let ball = Circle::new(Vec2::new(24.0, 58.0), 8.0)?;
//! let c = contact(&walls.map, &ball).expect("it overlaps the floor");
//! assert_eq!((c.normal, c.depth), (Vec2::new(0.0, -1.0), 2.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::rc::Rc;

use glam::Vec2;
use serde::Deserialize;
use serde_json::Value;

use super::level::{files_in, group_tiles, read_map, Placed};
use super::{LevelMap, LoadError, TileRule, TileShape};
use crate::shape::Aabb;

/// How the values of IntGrid layers collide: by identifier first, then by value, then the rule
/// for all others (the whole cell, unless changed with [`others`](Self::others)).
///
/// ```
/// use collide2d::tiles::ldtk::IntGridRules;
/// use collide2d::tiles::{TileRule, TileShape};
/// use collide2d::Vec2;
/// let slope = TileShape::convex(&[Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0)])?;
/// let rules = IntGridRules::new()
///     .value(3, TileRule::new(slope))
///     .identifier("water", TileRule::new(TileShape::Empty)); // not a collider
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct IntGridRules {
    by_value: BTreeMap<i64, TileRule>,
    by_identifier: BTreeMap<String, TileRule>,
    others: TileRule,
}

impl Default for IntGridRules {
    fn default() -> Self {
        Self { by_value: BTreeMap::new(), by_identifier: BTreeMap::new(), others: TileRule::new(TileShape::Solid) }
    }
}

impl IntGridRules {
    /// Every value other than 0 a solid cell.
    pub fn new() -> Self {
        Self::default()
    }

    /// These rules with cells of IntGrid value `value` colliding by `rule`.
    pub fn value(mut self, value: i64, rule: TileRule) -> Self {
        self.by_value.insert(value, rule);
        self
    }

    /// These rules with cells of the value LDtk names `identifier` colliding by `rule`.
    pub fn identifier(mut self, identifier: impl Into<String>, rule: TileRule) -> Self {
        self.by_identifier.insert(identifier.into(), rule);
        self
    }

    /// These rules with the values named by neither colliding by `rule`
    /// (`TileRule::new(TileShape::Empty)` leaves them out).
    pub fn others(mut self, rule: TileRule) -> Self {
        self.others = rule;
        self
    }

    fn rule(&self, value: i64, identifier: Option<&str>) -> &TileRule {
        identifier.and_then(|i| self.by_identifier.get(i)).or_else(|| self.by_value.get(&value)).unwrap_or(&self.others)
    }
}

/// What an LDtk project holds that collides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LdtkProject {
    /// Every level of every world, in the file's order.
    pub levels: Vec<LdtkLevel>,
}

/// A level: its IntGrid cells as tile maps and its entities, in world pixels (y down).
#[derive(Clone, Debug, PartialEq)]
pub struct LdtkLevel {
    /// The identifier of its world (empty in a project of one world).
    pub world: String,
    /// Its identifier, e.g. `Level_0`.
    pub identifier: String,
    /// Its unique id.
    pub iid: String,
    /// Its top-left corner in the world.
    pub origin: Vec2,
    /// Its size in pixels.
    pub size: Vec2,
    /// Its IntGrid layers' colliding cells, layer after layer (top-most first, as LDtk lists
    /// them), each split by one-way side and collision filter.
    pub maps: Vec<LevelMap>,
    /// The entities of its entity layers.
    pub entities: Vec<Entity>,
    /// Its own fields' values by identifier.
    pub fields: Fields,
}

/// An entity instance: a box and what LDtk says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    /// The identifier of its layer.
    pub layer: String,
    /// The identifier of its kind, e.g. `Player`.
    pub identifier: String,
    /// Its unique id.
    pub iid: String,
    /// Its box in the world: its position less its pivot's share of its size, plus its layer's
    /// offset and its level's place.
    pub aabb: Aabb,
    /// Its kind's tags.
    pub tags: Vec<String>,
    /// Its fields' values by identifier.
    pub fields: Fields,
}

/// Field values by identifier, as LDtk writes them (a point is `{"cx", "cy"}`, an entity
/// reference `{"entityIid", ...}`, a colour `"#rrggbb"`, an array a JSON array).
pub type Fields = BTreeMap<String, Value>;

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonProject {
    levels: Vec<JsonLevel>,
    worlds: Vec<JsonWorld>,
    defs: JsonDefs,
    world_layout: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonWorld {
    identifier: String,
    levels: Vec<JsonLevel>,
    world_layout: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonDefs {
    layers: Vec<JsonLayerDef>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonLayerDef {
    uid: i64,
    int_grid_values: Vec<JsonIntGridValue>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonIntGridValue {
    value: i64,
    identifier: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonLevel {
    identifier: String,
    iid: String,
    world_x: f32,
    world_y: f32,
    px_wid: f32,
    px_hei: f32,
    field_instances: Vec<JsonField>,
    layer_instances: Option<Vec<JsonLayer>>,
    external_rel_path: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonLayer {
    #[serde(rename = "__type")]
    kind: String,
    #[serde(rename = "__identifier")]
    identifier: String,
    layer_def_uid: i64,
    #[serde(rename = "__cWid")]
    columns: u32,
    #[serde(rename = "__cHei")]
    rows: u32,
    #[serde(rename = "__gridSize")]
    grid_size: f32,
    #[serde(rename = "__pxTotalOffsetX")]
    offset_x: f32,
    #[serde(rename = "__pxTotalOffsetY")]
    offset_y: f32,
    int_grid_csv: Vec<i64>,
    entity_instances: Vec<JsonEntity>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct JsonEntity {
    #[serde(rename = "__identifier")]
    identifier: String,
    iid: String,
    px: [f32; 2],
    #[serde(rename = "__pivot")]
    pivot: [f32; 2],
    width: f32,
    height: f32,
    #[serde(rename = "__tags")]
    tags: Vec<String>,
    field_instances: Vec<JsonField>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonField {
    #[serde(rename = "__identifier")]
    identifier: String,
    #[serde(rename = "__value")]
    value: Value,
}

/// The name errors give a project loaded from a string.
const LDTK_TEXT: &str = "(.ldtk text)";

/// Loads an `.ldtk` project, its levels saved apart (`.ldtkl`) read from its folder.
pub fn load_ldtk(path: impl AsRef<Path>, rules: &IntGridRules) -> Result<LdtkProject, LoadError> {
    let (name, text, dir) = read_map(path.as_ref())?;
    load(&name, &text, rules, files_in(dir))
}

/// Loads an `.ldtk` project from its text; `read` gives its levels saved apart by their paths
/// relative to the project: [`files_in`] a folder, or
/// [`no_files`](super::no_files).
pub fn load_ldtk_str(
    json: &str,
    rules: &IntGridRules,
    read: impl FnMut(&Path) -> io::Result<Vec<u8>>,
) -> Result<LdtkProject, LoadError> {
    load(LDTK_TEXT, json, rules, read)
}

fn load(
    file: &str,
    json: &str,
    rules: &IntGridRules,
    mut read: impl FnMut(&Path) -> io::Result<Vec<u8>>,
) -> Result<LdtkProject, LoadError> {
    let project: JsonProject =
        serde_json::from_str(json).map_err(|e| LoadError::Parse { file: file.to_string(), reason: e.to_string() })?;
    let single = JsonWorld { identifier: String::new(), levels: project.levels, world_layout: project.world_layout };
    let mut levels = Vec::new();
    for world in std::iter::once(single).chain(project.worlds) {
        let linear = world.world_layout.as_deref().is_some_and(|l| l.starts_with("Linear"));
        for level in world.levels {
            // A level saved apart has no layers here, and its file in `externalRelPath`.
            let level = match level.external_rel_path.clone().filter(|_| level.layer_instances.is_none()) {
                Some(rel) => {
                    let path = Path::new(&rel);
                    let name = &level.identifier;
                    let reason = |e: &dyn std::fmt::Display| format!("level \"{name}\", saved apart: {e}");
                    let bytes =
                        read(path).map_err(|e| LoadError::Read { path: path.to_path_buf(), reason: reason(&e) })?;
                    serde_json::from_slice(&bytes)
                        .map_err(|e| LoadError::Parse { file: rel.clone(), reason: reason(&e) })?
                }
                None => level,
            };
            let origin = if linear { Vec2::ZERO } else { Vec2::new(level.world_x, level.world_y) };
            levels.push(self::level(file, &world.identifier, origin, &level, &project.defs, rules)?);
        }
    }
    Ok(LdtkProject { levels })
}

fn level(
    file: &str,
    world: &str,
    origin: Vec2,
    level: &JsonLevel,
    defs: &JsonDefs,
    rules: &IntGridRules,
) -> Result<LdtkLevel, LoadError> {
    let mut out = LdtkLevel {
        world: world.to_string(),
        identifier: level.identifier.clone(),
        iid: level.iid.clone(),
        origin,
        size: Vec2::new(level.px_wid, level.px_hei),
        maps: Vec::new(),
        entities: Vec::new(),
        fields: fields(&level.field_instances),
    };
    let Some(layers) = &level.layer_instances else {
        return Err(LoadError::Refused {
            file: file.to_string(),
            place: format!("level \"{}\"", level.identifier),
            reason: "it has no layers and no file of its own (externalRelPath)".into(),
        });
    };
    for layer in layers {
        let place = |what: String| format!("level \"{}\", layer \"{}\"{what}", level.identifier, layer.identifier);
        let at = origin + Vec2::new(layer.offset_x, layer.offset_y);
        match layer.kind.as_str() {
            "IntGrid" => {
                let refused = |what, reason| LoadError::Refused { file: file.to_string(), place: place(what), reason };
                let tiles = int_grid(layer, defs, rules).map_err(|(what, reason)| refused(what, reason))?;
                let cell = Vec2::splat(layer.grid_size);
                let maps = group_tiles(&layer.identifier, at, cell, tiles).map_err(|(_, source)| LoadError::Shape {
                    file: file.to_string(),
                    place: place(String::new()),
                    source,
                })?;
                out.maps.extend(maps);
            }
            "Entities" => {
                for e in &layer.entity_instances {
                    let corner = at + Vec2::from(e.px) - Vec2::from(e.pivot) * Vec2::new(e.width, e.height);
                    let aabb =
                        Aabb::from_xywh(corner.x, corner.y, e.width, e.height).map_err(|source| LoadError::Shape {
                            file: file.to_string(),
                            place: place(format!(", entity \"{}\" ({})", e.identifier, e.iid)),
                            source,
                        })?;
                    out.entities.push(Entity {
                        layer: layer.identifier.clone(),
                        identifier: e.identifier.clone(),
                        iid: e.iid.clone(),
                        aabb,
                        tags: e.tags.clone(),
                        fields: fields(&e.field_instances),
                    });
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// An IntGrid layer's colliding cells, or where and why one is refused.
fn int_grid(layer: &JsonLayer, defs: &JsonDefs, rules: &IntGridRules) -> Result<Vec<Placed>, (String, String)> {
    let (columns, rows) = (layer.columns as usize, layer.rows as usize);
    if layer.int_grid_csv.len() as u64 != columns as u64 * rows as u64 {
        let reason = format!("{} IntGrid values for {columns} × {rows} cells", layer.int_grid_csv.len());
        return Err((String::new(), reason));
    }
    let names = defs.layers.iter().find(|d| d.uid == layer.layer_def_uid).map_or(&[][..], |d| &d.int_grid_values[..]);
    let mut placed = Vec::new();
    // Each value's rule, shared by its cells.
    let mut kinds: BTreeMap<i64, Rc<TileRule>> = BTreeMap::new();
    for (i, &value) in layer.int_grid_csv.iter().enumerate() {
        if value == 0 {
            continue;
        }
        let (col, row) = ((i % columns) as i64, (i / columns) as i64);
        let Some(id) = u32::try_from(value).ok().filter(|id| *id <= super::TILE_ID_BITS) else {
            return Err((format!(", cell ({col}, {row})"), format!("IntGrid value {value} is not a tile id")));
        };
        let identifier = names.iter().find(|n| n.value == value).and_then(|n| n.identifier.as_deref());
        let rule = kinds.entry(value).or_insert_with(|| Rc::new(rules.rule(value, identifier).clone()));
        if rule.shape != TileShape::Empty {
            placed.push(Placed { col, row, id, rule: Rc::clone(rule) });
        }
    }
    Ok(placed)
}

fn fields(list: &[JsonField]) -> Fields {
    list.iter().map(|f| (f.identifier.clone(), f.value.clone())).collect()
}
