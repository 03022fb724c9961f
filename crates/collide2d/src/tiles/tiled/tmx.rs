//! `.tmx` maps (and their `.tsx` tilesets and `.tx` templates) through the `tiled` crate.
//!
//! The crate resolves global ids to a tileset and a local id but keeps each tileset's first
//! global id to itself, so a short pass over the XML reads them (and names any layer stored
//! with zstd, which the crate reads only with its C code, left out here).

use std::cell::RefCell;
use std::io::{self, Cursor};
use std::path::Path;

use ::tiled::{LayerTileData, LayerType, Loader, ObjectData, ObjectShape, Orientation, PropertyValue, TileLayer};
use glam::Vec2;
use quick_xml::events::{BytesStart, Event};

use super::model::{LayerContent, LayerDoc, MapDoc, ObjectDoc, ShapeDoc, TileDoc, TilesetDoc};
use super::{LoadError, Properties, Property};

/// A `.tmx` map's text as a document; `read` gives the files it refers to. `file` is the map's
/// name, in errors and as the path the `tiled` crate is given (files it refers to are asked
/// for relative to it).
pub(super) fn read(file: &str, xml: &str, read: impl FnMut(&Path) -> io::Result<Vec<u8>>) -> Result<MapDoc, LoadError> {
    let parse = |reason: String| LoadError::Parse { file: file.to_string(), reason };
    let scan = scan(xml).map_err(parse)?;
    if let Some(layer) = scan.zstd_layer {
        return Err(LoadError::Refused {
            file: file.to_string(),
            place: format!("layer \"{layer}\""),
            reason: "zstd compression is not supported (it needs C code): save the map with zlib or gzip".into(),
        });
    }
    // The crate's readers are `Fn`; the caller's is `FnMut`.
    let read = RefCell::new(read);
    let map_path = Path::new(file);
    let reader = |path: &Path| -> io::Result<Cursor<Vec<u8>>> {
        if path == map_path {
            return Ok(Cursor::new(xml.as_bytes().to_vec()));
        }
        (read.borrow_mut())(path).map(Cursor::new)
    };
    let map = Loader::with_reader(reader).load_tmx_map(map_path).map_err(|e| match e {
        ::tiled::Error::ResourceLoadingError { path, err } => LoadError::Read { path, reason: err.to_string() },
        e => parse(e.to_string()),
    })?;
    if scan.first_gids.len() != map.tilesets().len() {
        return Err(parse(format!(
            "{} tilesets read, {} firstgid attributes found",
            map.tilesets().len(),
            scan.first_gids.len()
        )));
    }
    let tilesets = map.tilesets().iter().zip(&scan.first_gids).map(|(t, first)| tileset(t, *first)).collect();
    let layers = map.layers().map(|l| layer(&l, &scan.first_gids)).collect::<Result<_, String>>().map_err(parse)?;
    let orientation = match map.orientation {
        Orientation::Orthogonal => "orthogonal",
        Orientation::Isometric => "isometric",
        Orientation::Staggered => "staggered",
        Orientation::Hexagonal => "hexagonal",
        Orientation::Oblique => "oblique",
    };
    let cell = Vec2::new(map.tile_width as f32, map.tile_height as f32);
    Ok(MapDoc { orientation: orientation.to_string(), cell, tilesets, layers })
}

/// A `.tsx` tileset that a `.tmj` map refers to, `source` its path and `bytes` its text.
pub(super) fn read_tsx(source: &str, bytes: Vec<u8>, first_gid: u32) -> Result<TilesetDoc, LoadError> {
    let path = Path::new(source);
    let reader = |asked: &Path| -> io::Result<Cursor<Vec<u8>>> {
        match asked == path {
            true => Ok(Cursor::new(bytes.clone())),
            false => Err(io::Error::new(io::ErrorKind::NotFound, "a tileset refers to no other file")),
        }
    };
    let read = Loader::with_reader(reader).load_tsx_tileset(path);
    let t = read.map_err(|e| LoadError::Parse { file: source.to_string(), reason: e.to_string() })?;
    Ok(tileset(&t, first_gid))
}

/// What the short pass over the XML finds.
struct Scan {
    /// The `firstgid` of each of the map's tilesets, in order.
    first_gids: Vec<u32>,
    /// The first layer stored with zstd, named after its groups.
    zstd_layer: Option<String>,
}

fn scan(xml: &str) -> Result<Scan, String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    // The open elements: tag and `name` attribute.
    let mut open: Vec<(Vec<u8>, String)> = Vec::new();
    let mut found = Scan { first_gids: Vec::new(), zstd_layer: None };
    loop {
        let event = reader.read_event().map_err(|e| format!("XML error at byte {}: {e}", reader.buffer_position()))?;
        let (element, empty) = match &event {
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::End(_) => {
                open.pop();
                continue;
            }
            Event::Eof => return Ok(found),
            _ => continue,
        };
        let tag = element.name().as_ref().to_vec();
        let in_map = open.len() == 1 && open[0].0 == b"map";
        if tag == b"tileset" && in_map {
            let first = attribute(element, "firstgid")?.unwrap_or_default();
            found.first_gids.push(first.parse().map_err(|_| format!("tileset firstgid \"{first}\" is not a gid"))?);
        }
        if tag == b"data" && found.zstd_layer.is_none() && attribute(element, "compression")?.as_deref() == Some("zstd")
        {
            let names: Vec<&str> =
                open.iter().filter(|(t, _)| t == b"layer" || t == b"group").map(|(_, n)| &n[..]).collect();
            found.zstd_layer = Some(names.join("/"));
        }
        if !empty {
            let name = attribute(element, "name")?.unwrap_or_default();
            open.push((tag, name));
        }
    }
}

fn attribute(element: &BytesStart, name: &str) -> Result<Option<String>, String> {
    match element.try_get_attribute(name) {
        Ok(Some(a)) => Ok(Some(a.unescape_value().map_err(|e| e.to_string())?.into_owned())),
        Ok(None) => Ok(None),
        Err(e) => Err(format!("XML attribute error: {e}")),
    }
}

fn tileset(t: &::tiled::Tileset, first_gid: u32) -> TilesetDoc {
    let tiles = t
        .tiles()
        .map(|(id, tile)| {
            let collision =
                tile.collision.as_ref().map_or_else(Vec::new, |c| c.object_data().iter().map(object).collect());
            (id, TileDoc { properties: properties(&tile.properties), collision })
        })
        .collect();
    TilesetDoc {
        name: t.name.clone(),
        first_gid,
        count: t.tilecount,
        collection: t.image.is_none(),
        tile_size: Vec2::new(t.tile_width as f32, t.tile_height as f32),
        tiles,
    }
}

fn layer(layer: &::tiled::Layer, first_gids: &[u32]) -> Result<LayerDoc, String> {
    let content = match layer.layer_type() {
        LayerType::Tiles(TileLayer::Finite(tiles)) => {
            let (w, h) = (tiles.width() as i32, tiles.height() as i32);
            let at = |x, y| tiles.get_tile_data(x, y).map(|d| (x as i64, y as i64, d));
            let cells = (0..h).flat_map(|y| (0..w).filter_map(move |x| at(x, y)));
            LayerContent::Tiles(cells.map(|(x, y, d)| Ok((x, y, gid(d, first_gids)?))).collect::<Result<_, String>>()?)
        }
        LayerType::Tiles(TileLayer::Infinite(tiles)) => {
            let (cw, ch) = (::tiled::ChunkData::WIDTH as i32, ::tiled::ChunkData::HEIGHT as i32);
            let mut cells = Vec::new();
            for ((cx, cy), chunk) in tiles.chunks() {
                for (x, y) in (0..ch).flat_map(|y| (0..cw).map(move |x| (x, y))) {
                    if let Some(d) = chunk.get_tile_data(x, y) {
                        let (col, row) = (cx as i64 * cw as i64 + x as i64, cy as i64 * ch as i64 + y as i64);
                        cells.push((col, row, gid(d, first_gids)?));
                    }
                }
            }
            LayerContent::Tiles(cells)
        }
        LayerType::Objects(objects) => LayerContent::Objects(objects.objects().map(|o| object(&o)).collect()),
        LayerType::Group(group) => {
            LayerContent::Group(group.layers().map(|l| self::layer(&l, first_gids)).collect::<Result<_, _>>()?)
        }
        LayerType::Image(_) => LayerContent::Image,
    };
    Ok(LayerDoc {
        name: layer.name.clone(),
        offset: Vec2::new(layer.offset_x, layer.offset_y),
        properties: properties(&layer.properties),
        content,
    })
}

/// The global id of a placed tile, its flip flags included.
fn gid(tile: &LayerTileData, first_gids: &[u32]) -> Result<u32, String> {
    let first = first_gids.get(tile.tileset_index()).copied().unwrap_or_default();
    let id = first.checked_add(tile.id()).filter(|id| *id <= crate::tiles::TILE_ID_BITS);
    let id = id.ok_or_else(|| format!("tile {} of tileset {} has no valid gid", tile.id(), tile.tileset_index()))?;
    let flag = |on: bool, bit: u32| if on { bit } else { 0 };
    use crate::tiles::{FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL};
    Ok(id | flag(tile.flip_h, FLIP_HORIZONTAL) | flag(tile.flip_v, FLIP_VERTICAL) | flag(tile.flip_d, FLIP_DIAGONAL))
}

fn object(o: &ObjectData) -> ObjectDoc {
    let size = |w: f32, h: f32| Vec2::new(w, h);
    let points = |p: &[(f32, f32)]| p.iter().map(|(x, y)| Vec2::new(*x, *y)).collect();
    let shape = match &o.shape {
        ObjectShape::Rect { width, height } if o.tile_data().is_some() => ShapeDoc::Tile(size(*width, *height)),
        ObjectShape::Rect { width, height } => ShapeDoc::Rectangle(size(*width, *height)),
        ObjectShape::Ellipse { width, height } => ShapeDoc::Ellipse(size(*width, *height)),
        ObjectShape::Capsule { width, height } => ShapeDoc::Capsule(size(*width, *height)),
        ObjectShape::Polyline { points: p } => ShapeDoc::Polyline(points(p)),
        ObjectShape::Polygon { points: p } => ShapeDoc::Polygon(points(p)),
        ObjectShape::Point(..) => ShapeDoc::Point,
        ObjectShape::Text { width, height, .. } => ShapeDoc::Text(size(*width, *height)),
    };
    ObjectDoc {
        id: o.id(),
        name: o.name.clone(),
        class: o.user_type.clone(),
        position: Vec2::new(o.x, o.y),
        rotation: o.rotation,
        shape,
        properties: properties(&o.properties),
    }
}

fn properties(from: &::tiled::Properties) -> Properties {
    from.iter().map(|(name, value)| (name.clone(), property(value))).collect()
}

fn property(value: &PropertyValue) -> Property {
    match value {
        PropertyValue::BoolValue(b) => Property::Bool(*b),
        PropertyValue::FloatValue(f) => Property::Float(*f as f64),
        PropertyValue::IntValue(i) => Property::Int(*i as i64),
        PropertyValue::ColorValue(c) => {
            Property::Color(format!("#{:02x}{:02x}{:02x}{:02x}", c.alpha, c.red, c.green, c.blue))
        }
        PropertyValue::StringValue(s) => Property::String(s.clone()),
        PropertyValue::FileValue(s) => Property::File(s.clone()),
        PropertyValue::ObjectValue(id) => Property::Object(*id),
        PropertyValue::ListValue(values) => Property::List(values.iter().map(property).collect()),
        PropertyValue::ClassValue { property_type, properties: members } => {
            Property::Class { class: property_type.clone(), members: properties(members) }
        }
    }
}
