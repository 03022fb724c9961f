//! `.tmj` maps (Tiled's JSON) and their `.tsj` tilesets, through serde: lenient structs, every
//! field defaulted, unknown ones ignored, so that files of Tiled versions since 1.2 all read.

use std::io;
use std::path::Path;

use glam::Vec2;
use serde::Deserialize;
use serde_json::Value;

use super::data::{decode, placed, Encoded};
use super::model::{LayerContent, LayerDoc, MapDoc, ObjectDoc, ShapeDoc, TileDoc, TilesetDoc};
use super::{LoadError, Properties, Property};

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonMap {
    orientation: String,
    tilewidth: u32,
    tileheight: u32,
    tilesets: Vec<JsonTileset>,
    layers: Vec<JsonLayer>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonTileset {
    firstgid: u32,
    /// An external tileset's file, relative to the map: the rest is then in that file.
    source: Option<String>,
    name: String,
    tilewidth: u32,
    tileheight: u32,
    tilecount: u32,
    image: Option<String>,
    tiles: Vec<JsonTile>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonTile {
    id: u32,
    properties: Vec<JsonProperty>,
    objectgroup: Option<JsonLayer>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonLayer {
    #[serde(rename = "type")]
    kind: String,
    name: String,
    offsetx: f32,
    offsety: f32,
    properties: Vec<JsonProperty>,
    width: u32,
    height: u32,
    data: Option<JsonData>,
    encoding: String,
    compression: String,
    chunks: Vec<JsonChunk>,
    objects: Vec<JsonObject>,
    layers: Vec<JsonLayer>,
}

/// Tile data: a list of global ids, or base64 text (of little-endian ids, compressed or not).
#[derive(Deserialize)]
#[serde(untagged)]
enum JsonData {
    Ids(Vec<u32>),
    Encoded(String),
}

#[derive(Deserialize)]
struct JsonChunk {
    x: i64,
    y: i64,
    width: u32,
    height: u32,
    data: JsonData,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonObject {
    id: u32,
    name: String,
    /// The class: `type` before Tiled 1.9 and again since 1.10, `class` in 1.9.
    #[serde(rename = "type")]
    kind: String,
    class: String,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
    rotation: f32,
    gid: Option<u32>,
    ellipse: bool,
    point: bool,
    capsule: bool,
    polygon: Option<Vec<JsonPoint>>,
    polyline: Option<Vec<JsonPoint>>,
    text: Option<Value>,
    template: Option<String>,
    properties: Vec<JsonProperty>,
}

#[derive(Deserialize, Default, Clone, Copy)]
#[serde(default)]
struct JsonPoint {
    x: f32,
    y: f32,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JsonProperty {
    name: String,
    #[serde(rename = "type")]
    kind: String,
    propertytype: String,
    value: Value,
}

/// A `.tmj` map's text as a document; `read` gives its external tilesets. `file` names it in
/// errors.
pub(super) fn read(
    file: &str,
    json: &str,
    mut read: impl FnMut(&Path) -> io::Result<Vec<u8>>,
) -> Result<MapDoc, LoadError> {
    let map: JsonMap = serde_json::from_str(json).map_err(|e| parse_error(file, e))?;
    let mut tilesets = Vec::new();
    for entry in map.tilesets {
        let tileset = match &entry.source {
            None => tileset(entry),
            Some(source) => external_tileset(source, entry.firstgid, &mut read)?,
        };
        tilesets.push(tileset);
    }
    let layers = map.layers.iter().map(|l| layer(file, "", l)).collect::<Result<_, _>>()?;
    let cell = Vec2::new(map.tilewidth as f32, map.tileheight as f32);
    Ok(MapDoc { orientation: map.orientation, cell, tilesets, layers })
}

fn parse_error(file: &str, e: impl std::fmt::Display) -> LoadError {
    LoadError::Parse { file: file.to_string(), reason: e.to_string() }
}

/// A tileset in its own file: `.tsx` through the `tiled` crate, else Tiled's JSON.
fn external_tileset(
    source: &str,
    first_gid: u32,
    read: &mut impl FnMut(&Path) -> io::Result<Vec<u8>>,
) -> Result<TilesetDoc, LoadError> {
    let path = Path::new(source);
    let bytes = read(path).map_err(|e| LoadError::Read { path: path.to_path_buf(), reason: e.to_string() })?;
    if source.ends_with(".tsx") {
        #[cfg(feature = "tiled")]
        return super::tmx::read_tsx(source, bytes, first_gid);
        #[cfg(not(feature = "tiled"))]
        return Err(LoadError::Refused {
            file: source.to_string(),
            place: "tileset".to_string(),
            reason: "a .tsx tileset needs the feature `tiled` (this build has `tiled-json`): save it as .tsj".into(),
        });
    }
    let mut tileset: JsonTileset = serde_json::from_slice(&bytes).map_err(|e| parse_error(source, e))?;
    tileset.firstgid = first_gid;
    Ok(self::tileset(tileset))
}

fn tileset(t: JsonTileset) -> TilesetDoc {
    let tiles = t
        .tiles
        .iter()
        .map(|tile| {
            let collision = tile.objectgroup.as_ref().map_or_else(Vec::new, |g| g.objects.iter().map(object).collect());
            (tile.id, TileDoc { properties: properties(&tile.properties), collision })
        })
        .collect();
    TilesetDoc {
        name: t.name,
        first_gid: t.firstgid,
        count: t.tilecount,
        collection: t.image.is_none(),
        tile_size: Vec2::new(t.tilewidth as f32, t.tileheight as f32),
        tiles,
    }
}

fn layer(file: &str, prefix: &str, l: &JsonLayer) -> Result<LayerDoc, LoadError> {
    let path = format!("{prefix}{}", l.name);
    let refused =
        |reason: String| LoadError::Refused { file: file.to_string(), place: format!("layer \"{path}\""), reason };
    let content = match l.kind.as_str() {
        "tilelayer" => {
            let mut cells = Vec::new();
            if let Some(data) = &l.data {
                let ids = decode(encoded(data, l), (l.width, l.height)).map_err(refused)?;
                cells.extend(placed(&ids, 0, 0, l.width));
            }
            for chunk in &l.chunks {
                let ids = decode(encoded(&chunk.data, l), (chunk.width, chunk.height)).map_err(&refused)?;
                cells.extend(placed(&ids, chunk.x, chunk.y, chunk.width));
            }
            LayerContent::Tiles(cells)
        }
        "objectgroup" => {
            if let Some(o) = l.objects.iter().find(|o| o.template.is_some()) {
                let reason = "object templates are not supported in .tmj maps: detach them in Tiled".to_string();
                let place = format!("layer \"{path}\", object {} \"{}\"", o.id, o.name);
                return Err(LoadError::Refused { file: file.to_string(), place, reason });
            }
            LayerContent::Objects(l.objects.iter().map(object).collect())
        }
        "group" => {
            let inner = format!("{path}/");
            LayerContent::Group(l.layers.iter().map(|l| layer(file, &inner, l)).collect::<Result<_, _>>()?)
        }
        "imagelayer" => LayerContent::Image,
        other => return Err(refused(format!("unknown layer type \"{other}\""))),
    };
    Ok(LayerDoc {
        name: l.name.clone(),
        offset: Vec2::new(l.offsetx, l.offsety),
        properties: properties(&l.properties),
        content,
    })
}

/// Tile data as the layer stores it: a list, or text its `encoding` names.
fn encoded<'a>(data: &'a JsonData, l: &'a JsonLayer) -> Encoded<'a> {
    match data {
        JsonData::Ids(ids) => Encoded::Ids(ids),
        JsonData::Encoded(text) => Encoded::Text { text, encoding: &l.encoding, compression: &l.compression },
    }
}

fn object(o: &JsonObject) -> ObjectDoc {
    let size = Vec2::new(o.width, o.height);
    let points = |p: &[JsonPoint]| p.iter().map(|p| Vec2::new(p.x, p.y)).collect();
    let shape = match () {
        _ if o.gid.is_some() => ShapeDoc::Tile(size),
        _ if o.point => ShapeDoc::Point,
        _ if o.ellipse => ShapeDoc::Ellipse(size),
        _ if o.capsule => ShapeDoc::Capsule(size),
        _ if o.text.is_some() => ShapeDoc::Text(size),
        _ => match (&o.polygon, &o.polyline) {
            (Some(p), _) => ShapeDoc::Polygon(points(p)),
            (None, Some(p)) => ShapeDoc::Polyline(points(p)),
            (None, None) => ShapeDoc::Rectangle(size),
        },
    };
    let class = if o.class.is_empty() { o.kind.clone() } else { o.class.clone() };
    ObjectDoc {
        id: o.id,
        name: o.name.clone(),
        class,
        position: Vec2::new(o.x, o.y),
        rotation: o.rotation,
        shape,
        properties: properties(&o.properties),
    }
}

fn properties(list: &[JsonProperty]) -> Properties {
    list.iter().map(|p| (p.name.clone(), property(&p.kind, &p.propertytype, &p.value))).collect()
}

/// A property of a declared type; a value that is not of its type is kept as what it is.
fn property(kind: &str, class: &str, value: &Value) -> Property {
    match (kind, value) {
        ("bool", Value::Bool(b)) => Property::Bool(*b),
        ("int", Value::Number(n)) if n.as_i64().is_some() => Property::Int(n.as_i64().unwrap_or_default()),
        ("float", Value::Number(n)) => Property::Float(n.as_f64().unwrap_or_default()),
        ("color", Value::String(s)) => Property::Color(s.clone()),
        ("file", Value::String(s)) => Property::File(s.clone()),
        ("object", Value::Number(n)) => {
            Property::Object(n.as_u64().and_then(|n| u32::try_from(n).ok()).unwrap_or_default())
        }
        ("class", Value::Object(members)) => Property::Class {
            class: class.to_string(),
            members: members.iter().map(|(name, v)| (name.clone(), property("", "", v))).collect(),
        },
        ("list", Value::Array(items)) => Property::List(items.iter().map(list_item).collect()),
        _ => untyped(value),
    }
}

/// A list's item: `{type, value, propertytype}` as Tiled writes them, or a bare value.
fn list_item(item: &Value) -> Property {
    match item {
        Value::Object(o) if o.contains_key("value") => {
            let text = |key| o.get(key).and_then(Value::as_str).unwrap_or_default();
            property(text("type"), text("propertytype"), &o["value"])
        }
        other => untyped(other),
    }
}

/// A value whose type is not given (a class's members are written bare).
fn untyped(value: &Value) -> Property {
    match value {
        Value::Bool(b) => Property::Bool(*b),
        Value::Number(n) => n.as_i64().map_or_else(|| Property::Float(n.as_f64().unwrap_or_default()), Property::Int),
        Value::String(s) => Property::String(s.clone()),
        Value::Array(items) => Property::List(items.iter().map(untyped).collect()),
        Value::Object(members) => Property::Class {
            class: String::new(),
            members: members.iter().map(|(name, v)| (name.clone(), untyped(v))).collect(),
        },
        Value::Null => Property::String(String::new()),
    }
}
