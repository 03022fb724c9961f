//! Tiled maps loaded from JavaScript: the library's loader reads Tiled's JSON (`.tmj`), and the
//! level crosses to JavaScript as JSON text, its tile maps and polygons stored (named by a key)
//! and the simple shapes as their numbers, for `js/index.js` to turn into shape objects.

use std::io;
use std::path::Path;

use collide2d::tiles::tiled::{self, LevelObject, Properties, Property};
use collide2d::tiles::LevelMap;
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
    let read = |path: &Path| -> io::Result<Vec<u8>> {
        let path = path.to_string_lossy();
        files.read(&path).map(String::into_bytes).map_err(|e| {
            let reason = e.as_string().unwrap_or_else(|| format!("{path} could not be read"));
            io::Error::other(reason)
        })
    };
    let level = tiled::load_tmj_str(json, read).map_err(error)?;
    let maps: Vec<Value> = level.maps.into_iter().map(map).collect();
    let objects: Vec<Value> = level.objects.into_iter().map(object).collect();
    Ok(json!({ "maps": maps, "objects": objects }).to_string())
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
