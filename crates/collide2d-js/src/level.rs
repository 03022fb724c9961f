//! Tiled and LDtk maps loaded from JavaScript: the library's loaders read Tiled's JSON (`.tmj`)
//! and LDtk's (`.ldtk`), and the level crosses to JavaScript as JSON text, its tile maps and polygons stored (named by a key)
//! and the simple shapes as their numbers, for `js/index.js` to turn into shape objects.

use std::io;
use std::path::Path;

use collide2d::tiles::ldtk::{self, IntGridRules};
use collide2d::tiles::tiled::{self, LevelObject, Properties, Property};
use collide2d::tiles::{LevelMap, TileRule, TileShape};
use collide2d::world::CollisionFilter;
use collide2d::{Shape, Vec2};
use serde_json::{json, Map, Value};
use wasm_bindgen::prelude::*;

use crate::shapes::{error, store};

#[wasm_bindgen]
extern "C" {
    /// What JavaScript passes to read the files a map refers to (external tilesets): an object
    /// whose `read(path)` gives a file's text, or throws a string saying why not.
    pub type FileReader;
    #[wasm_bindgen(method, catch)]
    fn read(this: &FileReader, path: &str) -> Result<String, JsValue>;
}

/// Loads a Tiled map from its JSON text (`.tmj`), the files it refers to read through `files`,
/// and returns the level as JSON text: `maps` (each `{ layer, key, width, height, cell, origin,
/// oneWay, filter }`, its tile map stored under `key`) and `objects` (each `{ layer, id, name,
/// class, kind, shapes, properties }`, a shape `{ kind, ... }` as `js/index.js` builds it, a
/// polygon stored under its `key`). Errors are the loader's: the file, the layer and the tile or
/// object.
#[wasm_bindgen(js_name = loadTiled)]
pub fn load_tiled(json: &str, files: &FileReader) -> Result<String, JsError> {
    let level = tiled::load_tmj_str(json, reader(files)).map_err(error)?;
    let maps: Vec<Value> = level.maps.into_iter().map(map).collect();
    let objects: Vec<Value> = level.objects.into_iter().map(object).collect();
    Ok(json!({ "maps": maps, "objects": objects }).to_string())
}

/// Loads an LDtk project from its JSON text, levels saved apart read through `files`, its
/// IntGrid values colliding as `rules` says (JSON text: a list of `{ value }` or
/// `{ identifier }` with `shape` (`"solid"`, `"empty"` or `[x, y]` fractions of the cell),
/// `oneWay` (`[x, y]` or null), `layer` and `mask`; every other value solid). Returns the levels
/// as JSON text: each `{ world, identifier, iid, origin, size, maps, entities, fields }`, its
/// maps as `loadTiled`'s, its entities `{ layer, identifier, iid, min, max, tags, fields }`.
#[wasm_bindgen(js_name = loadLdtk)]
pub fn load_ldtk(json: &str, rules: &str, files: &FileReader) -> Result<String, JsError> {
    let rules = int_grid_rules(rules)?;
    let project = ldtk::load_ldtk_str(json, &rules, reader(files)).map_err(error)?;
    let levels: Vec<Value> = project
        .levels
        .into_iter()
        .map(|l| {
            let maps: Vec<Value> = l.maps.into_iter().map(map).collect();
            let entities: Vec<Value> = l
                .entities
                .into_iter()
                .map(|e| {
                    json!({
                        "layer": e.layer, "identifier": e.identifier, "iid": e.iid,
                        "min": xy(e.aabb.min()), "max": xy(e.aabb.max()), "tags": e.tags, "fields": e.fields,
                    })
                })
                .collect();
            json!({
                "world": l.world, "identifier": l.identifier, "iid": l.iid, "origin": xy(l.origin),
                "size": xy(l.size), "maps": maps, "entities": entities, "fields": l.fields,
            })
        })
        .collect();
    Ok(Value::Array(levels).to_string())
}

/// The loaders' reader of the files a map refers to, through JavaScript's `files`.
fn reader(files: &FileReader) -> impl FnMut(&Path) -> io::Result<Vec<u8>> + '_ {
    |path: &Path| {
        let path = path.to_string_lossy();
        files.read(&path).map(String::into_bytes).map_err(|e| {
            let reason = e.as_string().unwrap_or_else(|| format!("{path} could not be read"));
            io::Error::other(reason)
        })
    }
}

/// LDtk's IntGrid rules from the JSON `js/index.js` writes; errors name the rule.
fn int_grid_rules(text: &str) -> Result<IntGridRules, JsError> {
    let list: Vec<Value> = serde_json::from_str(text).map_err(error)?;
    let mut rules = IntGridRules::new();
    for r in &list {
        let name = r.get("identifier").and_then(Value::as_str);
        let value = r.get("value").and_then(Value::as_i64);
        let at = name.map_or_else(|| format!("rules[{}]", value.unwrap_or_default()), |n| format!("rules.{n}"));
        let fail = |what: &str| JsError::new(&format!("{at}: {what}"));
        let shape = match r.get("shape") {
            None | Some(Value::Null) => TileShape::Solid,
            Some(Value::String(s)) if s == "solid" => TileShape::Solid,
            Some(Value::String(s)) if s == "empty" => TileShape::Empty,
            Some(Value::Array(points)) => {
                let points = points.iter().map(|p| number_pair(p).ok_or_else(|| fail("a point is [x, y]")));
                TileShape::convex(&points.collect::<Result<Vec<_>, _>>()?).map_err(|e| fail(&e.to_string()))?
            }
            Some(_) => return Err(fail("shape is 'solid', 'empty' or points in fractions of the cell")),
        };
        let mut rule = TileRule::new(shape);
        if let Some(open) = r.get("oneWay").filter(|o| !o.is_null()) {
            let open = number_pair(open).ok_or_else(|| fail("oneWay is [x, y]"))?;
            rule = rule.one_way(open.try_normalize().ok_or_else(|| fail("oneWay is no direction"))?);
        }
        let bits = |key: &str| r.get(key).and_then(Value::as_u64).map_or(u32::MAX, |b| b as u32);
        rule = rule.filter(CollisionFilter::new(bits("layer"), bits("mask")));
        rules = match (name, value) {
            (Some(name), _) => rules.identifier(name, rule),
            (None, Some(value)) => rules.value(value, rule),
            (None, None) => return Err(fail("a rule names an IntGrid value or identifier")),
        };
    }
    Ok(rules)
}

/// `[x, y]` as a vector.
fn number_pair(v: &Value) -> Option<Vec2> {
    match v.as_array()?.as_slice() {
        [x, y] => Some(Vec2::new(x.as_f64()? as f32, y.as_f64()? as f32)),
        _ => None,
    }
}

fn xy(v: Vec2) -> Value {
    json!([v.x, v.y])
}

/// A layer's map, stored.
fn map(m: LevelMap) -> Value {
    let (width, height, cell, origin) = (m.map.width(), m.map.height(), m.map.cell_size(), m.map.origin());
    json!({
        "layer": m.layer,
        "key": store(Shape::TileMap(m.map)),
        "width": width,
        "height": height,
        "cell": xy(cell),
        "origin": xy(origin),
        "oneWay": m.one_way.map(xy),
        "filter": { "layer": m.filter.layer, "mask": m.filter.mask },
    })
}

fn object(o: LevelObject) -> Value {
    let shapes: Vec<Value> = o.shapes.into_iter().map(shape).collect();
    json!({
        "layer": o.layer,
        "id": o.id,
        "name": o.name,
        "class": o.class,
        "kind": o.kind.name(),
        "shapes": shapes,
        "properties": properties(&o.properties),
    })
}

/// A shape as `js/index.js` makes it: the simple ones by their numbers, polygons stored.
fn shape(s: Shape) -> Value {
    let ring = |points: &[Vec2]| Value::Array(points.iter().map(|p| xy(*p)).collect());
    match s {
        Shape::Point(p) => json!({ "kind": "point", "at": xy(p) }),
        Shape::Segment(s) => json!({ "kind": "segment", "a": xy(s.a()), "b": xy(s.b()) }),
        Shape::Aabb(b) => json!({ "kind": "box", "min": xy(b.min()), "max": xy(b.max()) }),
        Shape::Circle(c) => json!({ "kind": "circle", "center": xy(c.center()), "radius": c.radius() }),
        Shape::Obb(o) => json!({
            "kind": "orientedBox", "center": xy(o.center()), "halfExtents": xy(o.half_extents()), "rotation": o.rotation(),
        }),
        Shape::Capsule(c) => json!({ "kind": "capsule", "a": xy(c.a()), "b": xy(c.b()), "radius": c.radius() }),
        Shape::ConvexPolygon(p) => {
            let points = ring(p.vertices());
            json!({ "kind": "polygon", "points": points, "key": store(Shape::ConvexPolygon(p)) })
        }
        Shape::Polygon(p) => {
            let (outline, holes) = (ring(p.outline()), p.holes().iter().map(|h| ring(h)).collect::<Vec<_>>());
            json!({ "kind": "concavePolygon", "outline": outline, "holes": holes, "key": store(Shape::Polygon(p)) })
        }
        // Tiled objects are none of the others; stored all the same, should a loader make one.
        other => json!({ "kind": "stored", "key": store(other) }),
    }
}

/// Custom properties as plain JSON: colors and files as their text, an object reference as its
/// id, a list as an array, a class as an object of its members.
fn properties(p: &Properties) -> Value {
    Value::Object(p.iter().map(|(name, value)| (name.clone(), property(value))).collect::<Map<_, _>>())
}

fn property(p: &Property) -> Value {
    match p {
        Property::Bool(b) => json!(b),
        Property::Int(i) => json!(i),
        Property::Float(f) => json!(f),
        Property::String(s) | Property::Color(s) | Property::File(s) => json!(s),
        Property::Object(id) => json!(id),
        Property::List(items) => Value::Array(items.iter().map(property).collect()),
        Property::Class { members, .. } => properties(members),
        _ => Value::Null,
    }
}
