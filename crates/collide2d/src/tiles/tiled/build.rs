//! A map into a level: each tile layer's colliding tiles into tile maps, grouped by one-way side
//! and filter, and each object into shapes.

use std::collections::HashMap;
use std::rc::Rc;

use glam::Vec2;

use super::model::{LayerContent, LayerDoc, MapDoc, TileDoc, TilesetDoc};
use super::objects::{object_shapes, tile_outline};
use super::{LevelObject, LoadError, Properties, Property, TiledLevel};
use crate::filter::CollisionFilter;
use crate::tiles::level::{group_tiles, Placed, TileRule};
use crate::tiles::{TileShape, FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL, TILE_ID_BITS};

/// The level a map makes. `file` names the map in errors.
pub(super) fn level(file: &str, doc: &MapDoc) -> Result<TiledLevel, LoadError> {
    if doc.orientation != "orthogonal" {
        return Err(LoadError::Refused {
            file: file.to_string(),
            place: "map".to_string(),
            reason: format!("{} maps are not supported, only orthogonal ones", doc.orientation),
        });
    }
    let mut builder = Builder { file, doc, shapes: HashMap::new(), level: TiledLevel::default() };
    builder.layers(&doc.layers, "", Vec2::ZERO, &[])?;
    Ok(builder.level)
}

struct Builder<'a> {
    file: &'a str,
    doc: &'a MapDoc,
    /// Each colliding tile's shape, by global id without flags, made once.
    shapes: HashMap<u32, TileShape>,
    level: TiledLevel,
}

/// The properties a tile's behaviour is looked up in, nearest first: the tile's, its layer's,
/// then its groups'.
type Chain<'p> = [&'p Properties];

impl Builder<'_> {
    fn refused(&self, place: String, reason: String) -> LoadError {
        LoadError::Refused { file: self.file.to_string(), place, reason }
    }

    fn layers(&mut self, layers: &[LayerDoc], prefix: &str, offset: Vec2, groups: &Chain) -> Result<(), LoadError> {
        for layer in layers {
            let name = format!("{prefix}{}", layer.name);
            let offset = offset + layer.offset;
            let chain: Vec<&Properties> = std::iter::once(&layer.properties).chain(groups.iter().copied()).collect();
            match &layer.content {
                LayerContent::Tiles(cells) => self.tile_layer(&name, offset, cells, &chain)?,
                LayerContent::Objects(objects) => {
                    for object in objects {
                        let (kind, shapes) = object_shapes(object, offset).map_err(|source| LoadError::Shape {
                            file: self.file.to_string(),
                            place: format!("layer \"{name}\", object {} \"{}\"", object.id, object.name),
                            source,
                        })?;
                        self.level.objects.push(LevelObject {
                            layer: name.clone(),
                            id: object.id,
                            name: object.name.clone(),
                            class: object.class.clone(),
                            kind,
                            shapes,
                            properties: object.properties.clone(),
                        });
                    }
                }
                LayerContent::Group(inner) => self.layers(inner, &format!("{name}/"), offset, &chain)?,
                LayerContent::Image => {}
            }
        }
        Ok(())
    }

    fn tile_layer(
        &mut self,
        name: &str,
        offset: Vec2,
        cells: &[(i64, i64, u32)],
        layer: &Chain,
    ) -> Result<(), LoadError> {
        let mut placed = Vec::new();
        // A layer uses few distinct ids over many cells: each one's rule is worked out once.
        let mut rules: HashMap<u32, Option<Rc<TileRule>>> = HashMap::new();
        for &(col, row, gid) in cells {
            let rule = match rules.get(&gid) {
                Some(rule) => rule.clone(),
                None => {
                    let place = || format!("layer \"{name}\", cell ({col}, {row}), gid {}", gid & TILE_ID_BITS);
                    let rule = self.rule(gid, layer).map_err(|reason| self.refused(place(), reason))?.map(Rc::new);
                    rules.insert(gid, rule.clone());
                    rule
                }
            };
            if let Some(rule) = rule {
                placed.push(Placed { col, row, id: gid, rule });
            }
        }
        let maps = group_tiles(name, offset, self.doc.cell, placed).map_err(|(place, source)| LoadError::Shape {
            file: self.file.to_string(),
            place,
            source,
        })?;
        self.level.maps.extend(maps);
        Ok(())
    }

    /// How the tile of `gid` (flags included) collides on a layer, or `None` if it does not.
    fn rule(&mut self, gid: u32, layer: &Chain) -> Result<Option<TileRule>, String> {
        let doc = self.doc;
        let (tileset, local) = tile_of(doc, gid)?;
        let tile = tileset.tiles.get(&local);
        let empty = Properties::new();
        let chain: Vec<&Properties> =
            std::iter::once(tile.map_or(&empty, |t| &t.properties)).chain(layer.iter().copied()).collect();
        let has_shape = tile.is_some_and(|t| !t.collision.is_empty());
        match lookup_bool(&chain, "solid")? {
            Some(false) => return Ok(None),
            None if !has_shape => return Ok(None),
            _ => {}
        }
        let describe = || format!("tile {local} of tileset \"{}\"", tileset.name);
        if tileset.tile_size != doc.cell {
            let (t, c) = (tileset.tile_size, doc.cell);
            return Err(format!(
                "{}: its size {}×{} differs from the map's cells, {}×{}",
                describe(),
                t.x,
                t.y,
                c.x,
                c.y
            ));
        }
        let key = gid & TILE_ID_BITS;
        let shape = match self.shapes.get(&key) {
            Some(shape) => shape.clone(),
            None => {
                let shape =
                    tile_shape(tile, tileset.tile_size).map_err(|reason| format!("{}: {reason}", describe()))?;
                self.shapes.insert(key, shape.clone());
                shape
            }
        };
        let mut filter = CollisionFilter::ALL;
        if let Some(bits) = lookup_int(&chain, "collision_layers")? {
            filter.layer = bits as u32;
        }
        if let Some(bits) = lookup_int(&chain, "collision_mask")? {
            filter.mask = bits as u32;
        }
        let one_way = match lookup(&chain, "one_way") {
            None => None,
            Some(Property::String(word)) => match side_named(word) {
                Some(side) => Some(flipped(side, gid)),
                None => return Err(format!("one_way is \"{word}\": it must be up, down, left or right")),
            },
            Some(other) => return Err(format!("one_way must be a string (up, down, left or right), not {other:?}")),
        };
        Ok(Some(TileRule { shape, one_way, filter }))
    }
}

/// The tileset of a global id and the tile's id in it; refuses an id no tileset has.
fn tile_of(doc: &MapDoc, gid: u32) -> Result<(&TilesetDoc, u32), String> {
    let id = gid & TILE_ID_BITS;
    let Some(tileset) = doc.tilesets.iter().filter(|t| t.first_gid <= id).max_by_key(|t| t.first_gid) else {
        return Err(format!("unknown gid {id}: no tileset has it"));
    };
    let local = id - tileset.first_gid;
    let known = if tileset.collection { tileset.tiles.contains_key(&local) } else { local < tileset.count };
    if !known {
        return Err(format!("unknown gid {id}: tileset \"{}\" has no tile {local}", tileset.name));
    }
    Ok((tileset, local))
}

/// A tile's shape from its collision editor (the whole cell when it has none), in fractions of
/// the tile.
fn tile_shape(tile: Option<&TileDoc>, size: Vec2) -> Result<TileShape, String> {
    let shapes = tile.map_or(&[][..], |t| &t.collision[..]);
    match shapes {
        [] => Ok(TileShape::Solid),
        [one] => {
            let outline = tile_outline(one)?;
            let fractions: Vec<Vec2> = outline.iter().map(|p| snap(*p / size)).collect();
            TileShape::convex(&fractions).map_err(|e| match e {
                crate::ShapeError::NotConvex { .. } => format!("its collision shape is concave ({e})"),
                _ => e.to_string(),
            })
        }
        many => Err(format!("it has {} collision shapes: a colliding tile takes one convex shape", many.len())),
    }
}

/// A fraction of a tile within a rounding error of its sides put on them, so that a shape
/// turned by a quarter keeps to its tile.
fn snap(p: Vec2) -> Vec2 {
    let near = |v: f32| {
        if v.abs() < 1e-5 {
            0.0
        } else if (v - 1.0).abs() < 1e-5 {
            1.0
        } else {
            v
        }
    };
    Vec2::new(near(p.x), near(p.y))
}

/// `side` as a tile flipped by `gid`'s flags turns it: the diagonal flip first, as Tiled does.
fn flipped(side: Vec2, gid: u32) -> Vec2 {
    let mut side = if gid & FLIP_DIAGONAL != 0 { Vec2::new(side.y, side.x) } else { side };
    // `0 - x` rather than `-x`: a zero stays `+0`, so that sides compare equal by their bits.
    if gid & FLIP_HORIZONTAL != 0 {
        side.x = 0.0 - side.x;
    }
    if gid & FLIP_VERTICAL != 0 {
        side.y = 0.0 - side.y;
    }
    side
}

/// The open side a direction word names, in a y-down map: `up` is `(0, -1)`.
fn side_named(word: &str) -> Option<Vec2> {
    match word {
        "up" => Some(Vec2::new(0.0, -1.0)),
        "down" => Some(Vec2::new(0.0, 1.0)),
        "left" => Some(Vec2::new(-1.0, 0.0)),
        "right" => Some(Vec2::new(1.0, 0.0)),
        _ => None,
    }
}

fn lookup<'p>(chain: &Chain<'p>, name: &str) -> Option<&'p Property> {
    chain.iter().find_map(|p| p.get(name))
}

fn lookup_bool(chain: &Chain, name: &str) -> Result<Option<bool>, String> {
    match lookup(chain, name) {
        None => Ok(None),
        Some(Property::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(format!("{name} must be a bool, not {other:?}")),
    }
}

fn lookup_int(chain: &Chain, name: &str) -> Result<Option<i64>, String> {
    match lookup(chain, name) {
        None => Ok(None),
        Some(Property::Int(i)) => Ok(Some(*i)),
        Some(other) => Err(format!("{name} must be an int (bits), not {other:?}")),
    }
}
