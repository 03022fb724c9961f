//! `.tmx` maps (and their `.tsx` tilesets and `.tx` templates) through the `tiled` crate.
//!
//! A short pass over the XML first reads what the crate does not give or would panic on: each
//! tileset's first global id (the crate keeps it to itself), and each tile layer's data,
//! decoded and checked here (the crate indexes a finite layer's data without checking its
//! length). The crate gives the rest: tilesets, templates, objects, properties, groups.

use std::cell::RefCell;
use std::io::{self, Cursor};
use std::path::Path;

use ::tiled::{LayerType, Loader, ObjectData, ObjectShape, Orientation, PropertyValue};
use glam::Vec2;
use quick_xml::events::{BytesStart, Event};

use super::data::{decode, placed, Encoded};
use super::model::{LayerContent, LayerDoc, MapDoc, ObjectDoc, ShapeDoc, TileDoc, TilesetDoc};
use super::{LoadError, Properties, Property};

/// A `.tmx` map's text as a document; `read` gives the files it refers to. `file` is the map's
/// name, in errors and as the path the `tiled` crate is given (files it refers to are asked
/// for relative to it).
pub(super) fn read(file: &str, xml: &str, read: impl FnMut(&Path) -> io::Result<Vec<u8>>) -> Result<MapDoc, LoadError> {
    let parse = |reason: String| LoadError::Parse { file: file.to_string(), reason };
    let scan = scan(xml).map_err(|e| match e {
        ScanError::Xml(reason) => parse(reason),
        ScanError::Layer(layer, reason) => {
            LoadError::Refused { file: file.to_string(), place: format!("layer \"{layer}\""), reason }
        }
    })?;
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
    let mut tile_layers = scan.tile_layers.into_iter();
    let layers = map.layers().map(|l| layer(&l, &mut tile_layers)).collect::<Result<_, String>>().map_err(parse)?;
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
        if asked == path {
            Ok(Cursor::new(bytes.clone()))
        } else {
            Err(io::Error::new(io::ErrorKind::NotFound, "a tileset refers to no other file"))
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
    /// Each tile layer's placed tiles (column, row, global id), in the file's order.
    tile_layers: Vec<Vec<(i64, i64, u32)>>,
}

/// A tile layer's data as the XML holds it.
#[derive(Default)]
struct RawLayer {
    /// Its name, after its groups' names and `/`.
    path: String,
    size: (u32, u32),
    encoding: String,
    compression: String,
    text: String,
    /// An infinite map's chunks.
    chunks: Vec<RawChunk>,
}

/// A chunk of an infinite map's layer: its first cell, its size and its data's text.
struct RawChunk {
    at: (i64, i64),
    size: (u32, u32),
    text: String,
}

/// Why the short pass stopped: bad XML, or a layer whose data cannot be read.
enum ScanError {
    Xml(String),
    Layer(String, String),
}

fn scan(xml: &str) -> Result<Scan, ScanError> {
    let mut reader = quick_xml::Reader::from_str(xml);
    // The open elements: tag and `name` attribute.
    let mut open: Vec<(Vec<u8>, String)> = Vec::new();
    let mut first_gids = Vec::new();
    let mut layers: Vec<RawLayer> = Vec::new();
    let xml_error = |e: &dyn std::fmt::Display| ScanError::Xml(e.to_string());
    loop {
        let event = reader
            .read_event()
            .map_err(|e| xml_error(&format!("XML error near byte {}: {e}", reader.buffer_position())))?;
        let (element, empty) = match &event {
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            // Only tile data's text is read here: other text is the crate's to judge.
            Event::Text(t) if in_data(&open) => {
                let text = t.unescape().map_err(|e| xml_error(&e))?;
                add_text(&open, &mut layers, &text);
                continue;
            }
            Event::CData(t) if in_data(&open) => {
                add_text(&open, &mut layers, &String::from_utf8_lossy(t));
                continue;
            }
            Event::End(_) => {
                open.pop();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let tag = element.name().as_ref().to_vec();
        let name = attribute(element, "name").map_err(|e| xml_error(&e))?.unwrap_or_default();
        let number = |key: &str| -> Result<i64, ScanError> {
            let text = attribute(element, key).map_err(|e| xml_error(&e))?.unwrap_or_default();
            if text.is_empty() {
                return Ok(0);
            }
            text.parse().map_err(|_| xml_error(&format!("{key}=\"{text}\" is not a whole number")))
        };
        let size = |w: i64, h: i64| (u32::try_from(w).unwrap_or(0), u32::try_from(h).unwrap_or(0));
        match &tag[..] {
            b"tileset" if open.len() == 1 => {
                first_gids.push(u32::try_from(number("firstgid")?).map_err(|_| xml_error(&"a firstgid is not a gid"))?)
            }
            b"layer" => {
                let mut names: Vec<&str> = open.iter().filter(|(t, _)| t == b"group").map(|(_, n)| &n[..]).collect();
                names.push(&name);
                layers.push(RawLayer {
                    path: names.join("/"),
                    size: size(number("width")?, number("height")?),
                    ..RawLayer::default()
                });
            }
            b"data" if open.last().is_some_and(|(t, _)| t == b"layer") => {
                if let Some(layer) = layers.last_mut() {
                    layer.encoding = attribute(element, "encoding").map_err(|e| xml_error(&e))?.unwrap_or_default();
                    layer.compression =
                        attribute(element, "compression").map_err(|e| xml_error(&e))?.unwrap_or_default();
                }
            }
            b"chunk" if open.last().is_some_and(|(t, _)| t == b"data") => {
                let chunk = RawChunk {
                    at: (number("x")?, number("y")?),
                    size: size(number("width")?, number("height")?),
                    text: String::new(),
                };
                if let Some(layer) = layers.last_mut() {
                    layer.chunks.push(chunk);
                }
            }
            _ => {}
        }
        if !empty {
            open.push((tag, name));
        }
    }
    let tile_layers = layers
        .iter()
        .map(|l| placed_tiles(l).map_err(|e| ScanError::Layer(l.path.clone(), e)))
        .collect::<Result<_, _>>()?;
    Ok(Scan { first_gids, tile_layers })
}

/// Whether the innermost open element is a layer's `<data>` or one of its chunks.
fn in_data(open: &[(Vec<u8>, String)]) -> bool {
    open.last().is_some_and(|(tag, _)| tag == b"data" || tag == b"chunk")
}

/// Text inside a layer's `<data>` or one of its chunks goes to that.
fn add_text(open: &[(Vec<u8>, String)], layers: &mut [RawLayer], text: &str) {
    let Some(layer) = layers.last_mut() else { return };
    match open.last().map(|(t, _)| &t[..]) {
        Some(b"data") => layer.text.push_str(text),
        Some(b"chunk") => {
            if let Some(chunk) = layer.chunks.last_mut() {
                chunk.text.push_str(text);
            }
        }
        _ => {}
    }
}

/// A layer's placed tiles from its data or its chunks.
fn placed_tiles(layer: &RawLayer) -> Result<Vec<(i64, i64, u32)>, String> {
    let encoded = |text| Encoded::Text { text, encoding: &layer.encoding, compression: &layer.compression };
    if layer.chunks.is_empty() {
        let ids = decode(encoded(&layer.text), layer.size)?;
        return Ok(placed(&ids, 0, 0, layer.size.0).collect());
    }
    let mut cells = Vec::new();
    for RawChunk { at: (x, y), size, text } in &layer.chunks {
        // The `tiled` crate adds a chunk's size to its position in `i32`.
        if i32::try_from(x + size.0 as i64).is_err() || i32::try_from(y + size.1 as i64).is_err() {
            return Err(format!("a chunk at ({x}, {y}) of {} × {} cells reaches too far", size.0, size.1));
        }
        let ids = decode(encoded(text), *size)?;
        cells.extend(placed(&ids, *x, *y, size.0));
    }
    Ok(cells)
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

/// A layer as a document; a tile layer's tiles are the next of `tiles`, which the short pass
/// read in the same order.
fn layer(layer: &::tiled::Layer, tiles: &mut impl Iterator<Item = Vec<(i64, i64, u32)>>) -> Result<LayerDoc, String> {
    let content = match layer.layer_type() {
        LayerType::Tiles(_) => LayerContent::Tiles(
            tiles.next().ok_or_else(|| format!("layer \"{}\" was not found by the first pass", layer.name))?,
        ),
        LayerType::Objects(objects) => LayerContent::Objects(objects.objects().map(|o| object(&o)).collect()),
        LayerType::Group(group) => {
            LayerContent::Group(group.layers().map(|l| self::layer(&l, tiles)).collect::<Result<_, _>>()?)
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
