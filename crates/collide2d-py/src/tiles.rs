//! Tile maps' input from Python: a grid of tile ids (rows of ints, or a 2D integer array), the
//! `tiles` dict of tile shapes, and a map loaded by pytmx, read duck-typed (pytmx is never
//! imported). Conversions only: the `TileMap` class (in `shapes`) hands what these read to the
//! library, which checks it and answers every query.

use std::collections::BTreeMap;

use collide2d::tiles::{TileSet, TileShape, FLIP_DIAGONAL, FLIP_HORIZONTAL, FLIP_VERTICAL, TILE_ID_BITS};
use collide2d::Vec2;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::convert::{array_view, index_below, points, tuple};

/// The name of `obj`'s type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// A tile id from Python (an int from 0 to 2³² − 1: Tiled's flags are its top bits), or
/// `ValueError` saying where (`context`) and what was given.
pub fn tile_id(value: &Bound<'_, PyAny>, context: &str) -> PyResult<u32> {
    value.extract::<u32>().map_err(|_| {
        let shown = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| type_name(value));
        PyValueError::new_err(format!("{context}: {shown} is not a tile id (an int from 0 to 2**32 - 1)"))
    })
}

/// A cell `(col, row)` from Python inside a `width × height` grid, or `IndexError` naming it
/// (negative cells and ints past `i64` included).
pub fn cell(col: &Bound<'_, PyAny>, row: &Bound<'_, PyAny>, width: u32, height: u32) -> PyResult<(u32, u32)> {
    match (index_below(col, width)?, index_below(row, height)?) {
        (Some(c), Some(r)) => Ok((c, r)),
        _ => Err(PyIndexError::new_err(format!("cell ({col}, {row}) is outside the grid of {width} × {height} cells"))),
    }
}

/// A grid of tile ids: its size, and the ids row after row (row 0 first).
pub struct Grid {
    pub width: u32,
    pub height: u32,
    pub ids: Vec<u32>,
}

/// The grid `obj` gives, named `what` in messages: a 2D array of integers (numpy's, or anything
/// with the buffer protocol; booleans read as 0 and 1), or rows of ints, each row as long as the
/// first.
pub fn grid(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Grid> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(format!("{what}: expected rows of tile ids, got {}", type_name(obj))));
    }
    if let Some(view) = array_view(obj)? {
        return array_grid(&view, what);
    }
    let rows = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what}: expected rows of tile ids (a list of lists of ints, or a 2D integer array), got {}",
            type_name(obj)
        ))
    })?;
    let (mut ids, mut width, mut height) = (Vec::new(), None, 0u32);
    for (r, row) in rows.enumerate() {
        let row = row?;
        let items = row.try_iter().map_err(|_| {
            PyTypeError::new_err(format!("{what}: row {r} is a {}, not a sequence of tile ids", type_name(&row)))
        })?;
        let start = ids.len();
        for (c, item) in items.enumerate() {
            ids.push(tile_id(&item?, &format!("{what}: cell ({c}, {r})"))?);
        }
        let n = ids.len() - start;
        match width {
            None => width = Some(n),
            Some(w) if w != n => {
                return Err(PyValueError::new_err(format!(
                    "{what}: row {r} has {n} ids but row 0 has {w}: every row must be as long"
                )))
            }
            Some(_) => {}
        }
        height += 1;
    }
    let width = u32::try_from(width.unwrap_or(0))
        .map_err(|_| PyValueError::new_err(format!("{what}: rows longer than 2**32 - 1 ids")))?;
    Ok(Grid { width, height, ids })
}

/// The grid of a 2D array of integers, read in row order.
fn array_grid(view: &crate::convert::ArrayView<'_>, what: &str) -> PyResult<Grid> {
    let [height, width] = view.shape[..] else {
        return Err(PyValueError::new_err(format!(
            "{what}: expected a 2D array (rows of tile ids), got one of shape {:?}",
            view.shape
        )));
    };
    let format = view.format.trim_start_matches(['<', '=', '@', '|']);
    let signed = match (format, view.itemsize) {
        ("b" | "h" | "i" | "l" | "q" | "n", 1 | 2 | 4 | 8) => true,
        ("B" | "H" | "I" | "L" | "Q" | "N" | "?", 1 | 2 | 4 | 8) => false,
        _ => {
            return Err(PyValueError::new_err(format!(
                "{what}: expected an array of integers (or booleans), got items of format {:?}",
                view.format
            )))
        }
    };
    let bytes = view.bytes()?;
    let mut ids = Vec::with_capacity(width * height);
    for (i, item) in bytes.chunks_exact(view.itemsize).enumerate() {
        let mut raw = [0u8; 8];
        raw[..item.len()].copy_from_slice(item);
        let value = if signed {
            // Sign-extended from the item's own width.
            let shift = 64 - 8 * item.len() as u32;
            (i64::from_ne_bytes(raw) << shift) >> shift
        } else {
            i64::try_from(u64::from_ne_bytes(raw)).unwrap_or(i64::MAX)
        };
        let id = u32::try_from(value).map_err(|_| {
            PyValueError::new_err(format!(
                "{what}: cell ({}, {}) holds {value}, not a tile id (an int from 0 to 2**32 - 1)",
                i % width.max(1),
                i / width.max(1)
            ))
        })?;
        ids.push(id);
    }
    let size = |n: usize| u32::try_from(n).map_err(|_| PyValueError::new_err(format!("{what}: too many cells")));
    Ok(Grid { width: size(width)?, height: size(height)?, ids })
}

/// The tile set of `tiles`, a mapping from tile id to `"solid"`, `"empty"` or a list of (x, y)
/// fractions of the cell (a convex part of it); or, when it is None, every nonzero id of `ids`
/// and id 1 solid.
pub fn tile_set(tiles: Option<&Bound<'_, PyAny>>, ids: &[u32]) -> PyResult<TileSet> {
    let Some(tiles) = tiles else {
        let mut set = TileSet::new().with(1, TileShape::Solid);
        let mut last = 0;
        for id in ids.iter().map(|id| id & TILE_ID_BITS) {
            if id != last && id != 0 {
                set.insert(id, TileShape::Solid);
                last = id;
            }
        }
        return Ok(set);
    };
    let items = tiles.call_method0(intern!(tiles.py(), "items")).map_err(|_| {
        PyTypeError::new_err(format!("tiles: expected a dict from tile id to tile shape, got {}", type_name(tiles)))
    })?;
    let mut set = TileSet::new();
    for item in items.try_iter()? {
        let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
        let id = tile_id(&key, "tiles")?;
        let shape = tile_shape(&value, &format!("tiles[{id}]"))?;
        if id & !TILE_ID_BITS != 0 {
            return Err(PyValueError::new_err(format!(
                "tiles[{id:#x}]: give a tile's shape under its id without flip flags ({:#x}): the flags \
                 turn it in the cells that hold them",
                id & TILE_ID_BITS
            )));
        }
        if id == 0 && shape != TileShape::Empty {
            return Err(PyValueError::new_err("tiles[0]: id 0 is no tile, always empty"));
        }
        set.insert(id, shape);
    }
    Ok(set)
}

/// A tile shape from Python, named `context` in messages.
pub fn tile_shape(value: &Bound<'_, PyAny>, context: &str) -> PyResult<TileShape> {
    let expected = || {
        let shown = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| type_name(value));
        PyValueError::new_err(format!(
            "{context}: expected \"solid\", \"empty\" or a list of (x, y) fractions of the cell, got {shown}"
        ))
    };
    if let Ok(name) = value.extract::<String>() {
        return match name.to_ascii_lowercase().as_str() {
            "solid" => Ok(TileShape::Solid),
            "empty" => Ok(TileShape::Empty),
            _ => Err(expected()),
        };
    }
    let Ok(vertices) = points(value) else { return Err(expected()) };
    TileShape::convex(&vertices).map_err(|e| PyValueError::new_err(format!("{context}: {e}")))
}

/// A tile shape as Python gets it back: `"solid"`, `"empty"`, or the convex part's vertices
/// (counter-clockwise with y up).
pub fn tile_shape_to_py<'py>(py: Python<'py>, shape: &TileShape) -> PyResult<Bound<'py, PyAny>> {
    Ok(match shape {
        TileShape::Empty => "empty".into_pyobject(py)?.into_any(),
        TileShape::Solid => "solid".into_pyobject(py)?.into_any(),
        TileShape::Convex(p) => p.vertices().iter().map(|v| tuple(*v)).collect::<Vec<_>>().into_pyobject(py)?,
    })
}

/// A map read from pytmx: its size in cells, the cell size, the ids row after row (Tiled's
/// global ids with their flip flags) and what they stand for.
pub struct Loaded {
    pub cell_size: Vec2,
    pub grid: Grid,
    pub tiles: TileSet,
}

/// One tile layer of a pytmx map: its name for messages, and its pytmx gids row after row.
struct Layer {
    name: String,
    gids: Vec<u32>,
}

/// Reads a pytmx `TiledMap` (duck-typed: `width`, `height`, `tilewidth`, `tileheight`,
/// `layers` or `visible_layers` with `data` grids or `iter_data()`, and, when present,
/// `tiledgidmap` and `gidmap` for Tiled's ids and flips, and `get_tile_properties_by_gid` for
/// each tile's `colliders` and `solid` property). `layers` picks tile layers by name, index or
/// the layer itself; by default every visible tile layer.
pub fn pytmx(map: &Bound<'_, PyAny>, layers: Option<&Bound<'_, PyAny>>) -> PyResult<Loaded> {
    let py = map.py();
    let bad = |message: String| PyValueError::new_err(format!("pytmx map: {message}"));
    if let Ok(orientation) = map.getattr(intern!(py, "orientation")) {
        if let Ok(o) = orientation.extract::<String>() {
            if o != "orthogonal" {
                return Err(bad(format!("its orientation is {o:?}: only orthogonal maps are tile maps here")));
            }
        }
    }
    let number = |name: &str| -> PyResult<f64> {
        map.getattr(name)
            .and_then(|v| v.extract::<f64>())
            .map_err(|_| bad(format!("expected a number as its {name}, as a pytmx TiledMap has")))
    };
    let (width, height) = (number("width")?, number("height")?);
    let (w, h) = (width as u32, height as u32);
    if w as f64 != width || h as f64 != height {
        return Err(bad(format!("its size {width} × {height} is not a whole number of tiles")));
    }
    let cell_size = Vec2::new(number("tilewidth")? as f32, number("tileheight")? as f32);
    let layers = tile_layers(map, layers, w, h)?;
    let gids = Gids::new(map)?;

    // What each Tiled id stands for, from the properties of the first pytmx gid naming it.
    let mut shapes: BTreeMap<u32, Option<TileShape>> = BTreeMap::new();
    let mut tiled_ids: BTreeMap<u32, u32> = BTreeMap::new();
    for layer in &layers {
        for &gid in &layer.gids {
            if gid == 0 || tiled_ids.contains_key(&gid) {
                continue;
            }
            let id = gids.tiled(gid)?;
            tiled_ids.insert(gid, id);
            if let std::collections::btree_map::Entry::Vacant(e) = shapes.entry(id & TILE_ID_BITS) {
                e.insert(described_shape(map, gid, id & TILE_ID_BITS, cell_size)?);
            }
        }
    }
    // Tiles say what collides, or none does and every tile is solid.
    let told = shapes.values().any(Option::is_some);
    let mut tiles = TileSet::new();
    for (&id, shape) in &shapes {
        let default = if told { TileShape::Empty } else { TileShape::Solid };
        tiles.insert(id, shape.clone().unwrap_or(default));
    }

    // Each cell: the tile that collides there, solid first; else the top layer's tile.
    let mut ids = vec![0u32; w as usize * h as usize];
    for (i, cell) in ids.iter_mut().enumerate() {
        let mut chosen: Option<(u32, &Layer)> = None;
        let mut top = 0;
        for layer in &layers {
            let gid = layer.gids[i];
            if gid == 0 {
                continue;
            }
            let id = tiled_ids[&gid];
            top = id;
            let Some(shape) = tiles.shape(id).filter(|s| **s != TileShape::Empty) else { continue };
            chosen = match chosen {
                None => Some((id, layer)),
                Some((other, _)) if other == id || tiles.shape(other) == Some(&TileShape::Solid) => chosen,
                Some(_) if *shape == TileShape::Solid => Some((id, layer)),
                Some((other, first)) => {
                    let (col, row) = (i % w as usize, i / w as usize);
                    return Err(bad(format!(
                        "cell ({col}, {row}) has collision shapes in layers {:?} (tile {}) and {:?} (tile {}), and \
                         a cell holds one: pass layers= to choose",
                        first.name,
                        other & TILE_ID_BITS,
                        layer.name,
                        id & TILE_ID_BITS
                    )));
                }
            };
        }
        *cell = chosen.map_or(top, |(id, _)| id);
    }
    Ok(Loaded { cell_size, grid: Grid { width: w, height: h, ids }, tiles })
}

/// The tile layers `layers` names (by name, by index in `map.layers`, or the layer itself), or
/// every visible one, each checked to be `width × height`.
fn tile_layers(
    map: &Bound<'_, PyAny>,
    layers: Option<&Bound<'_, PyAny>>,
    width: u32,
    height: u32,
) -> PyResult<Vec<Layer>> {
    let py = map.py();
    let bad = |message: String| PyValueError::new_err(format!("pytmx map: {message}"));
    let all: Vec<Bound<'_, PyAny>> = match map.getattr(intern!(py, "layers")) {
        Ok(l) => l.try_iter()?.collect::<PyResult<_>>()?,
        Err(_) => Vec::new(),
    };
    let is_tiles = |layer: &Bound<'_, PyAny>| -> PyResult<bool> {
        Ok(layer.hasattr(intern!(py, "data"))? || layer.hasattr(intern!(py, "iter_data"))?)
    };
    let name_of = |layer: &Bound<'_, PyAny>, fallback: String| -> String {
        layer.getattr(intern!(py, "name")).and_then(|n| n.extract::<String>()).unwrap_or(fallback)
    };
    let mut picked = Vec::new();
    match layers {
        None => {
            let visible = match map.getattr(intern!(py, "visible_layers")) {
                Ok(v) => v.try_iter()?.collect::<PyResult<Vec<_>>>()?,
                Err(_) => all.clone(),
            };
            for layer in visible {
                if is_tiles(&layer)? {
                    let index = all.iter().position(|l| l.is(&layer)).unwrap_or(picked.len());
                    picked.push((name_of(&layer, format!("layer {index}")), layer));
                }
            }
            if picked.is_empty() {
                return Err(bad("it has no visible tile layer".into()));
            }
        }
        Some(wanted) => {
            for item in wanted.try_iter()? {
                let item = item?;
                let layer = if let Ok(name) = item.extract::<String>() {
                    all.iter()
                        .find(|l| name_of(l, String::new()) == name)
                        .cloned()
                        .ok_or_else(|| bad(format!("it has no layer named {name:?}")))?
                } else if let Ok(index) = item.extract::<i64>() {
                    usize::try_from(index)
                        .ok()
                        .and_then(|i| all.get(i))
                        .cloned()
                        .ok_or_else(|| bad(format!("it has no layer {index} (it has {})", all.len())))?
                } else {
                    item
                };
                let index = all.iter().position(|l| l.is(&layer)).unwrap_or(picked.len());
                let name = name_of(&layer, format!("layer {index}"));
                if !is_tiles(&layer)? {
                    return Err(bad(format!("layer {name:?} has no tiles (an object, image or group layer)")));
                }
                picked.push((name, layer));
            }
            if picked.is_empty() {
                return Err(bad("layers= names no layer".into()));
            }
        }
    }
    picked.into_iter().map(|(name, layer)| read_layer(&layer, name, width, height)).collect()
}

/// A tile layer's pytmx gids, from its `data` rows or its `iter_data()` (x, y, gid) triples.
fn read_layer(layer: &Bound<'_, PyAny>, name: String, width: u32, height: u32) -> PyResult<Layer> {
    let py = layer.py();
    let what = format!("pytmx map: layer {name:?}");
    let gids = if let Ok(data) = layer.getattr(intern!(py, "data")) {
        let g = grid(&data, &what)?;
        if (g.width, g.height) != (width, height) && !g.ids.is_empty() {
            return Err(PyValueError::new_err(format!(
                "{what} is {} × {} tiles but the map is {width} × {height}",
                g.width, g.height
            )));
        }
        if g.ids.is_empty() {
            vec![0; width as usize * height as usize]
        } else {
            g.ids
        }
    } else {
        let mut gids = vec![0; width as usize * height as usize];
        for triple in layer.call_method0(intern!(py, "iter_data"))?.try_iter()? {
            let (x, y, gid): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) = triple?.extract()?;
            let (col, row) =
                cell(&x, &y, width, height).map_err(|e| PyValueError::new_err(format!("{what}: {}", e.value(py))))?;
            gids[row as usize * width as usize + col as usize] =
                tile_id(&gid, &format!("{what}: cell ({col}, {row})"))?;
        }
        gids
    };
    Ok(Layer { name, gids })
}

/// pytmx's gids back to Tiled's: pytmx numbers each (Tiled id, flips) pair it meets anew, and
/// keeps the way back in `tiledgidmap` (its gid to Tiled's) and `gidmap` (Tiled's to its gids,
/// each with its flips). Without them (not pytmx), a gid is Tiled's own, flags included.
struct Gids<'py> {
    tiled: Option<Bound<'py, PyAny>>,
    flips: Option<Bound<'py, PyAny>>,
}

impl<'py> Gids<'py> {
    fn new(map: &Bound<'py, PyAny>) -> PyResult<Self> {
        let py = map.py();
        Ok(Self { tiled: map.getattr(intern!(py, "tiledgidmap")).ok(), flips: map.getattr(intern!(py, "gidmap")).ok() })
    }

    /// Tiled's global id, with its flip flags, for pytmx's `gid`.
    fn tiled(&self, gid: u32) -> PyResult<u32> {
        let Some(tiled) = &self.tiled else { return Ok(gid) };
        let py = tiled.py();
        // `get`, not indexing: `gidmap` is a defaultdict, which indexing would add to.
        let id = tiled.call_method1(intern!(py, "get"), (gid,))?;
        if id.is_none() {
            return Ok(gid);
        }
        let id = tile_id(&id, &format!("pytmx map: tiledgidmap[{gid}]"))?;
        let mut flags = 0;
        if let Some(variants) = self.flips.as_ref().map(|f| f.call_method1(intern!(py, "get"), (id,))).transpose()? {
            if !variants.is_none() {
                for variant in variants.try_iter()? {
                    let (g, f): (u32, Bound<'_, PyAny>) = variant?.extract()?;
                    if g == gid {
                        flags = flip_flags(&f)?;
                        break;
                    }
                }
            }
        }
        Ok((id & TILE_ID_BITS) | flags)
    }
}

/// Tiled's flag bits of a pytmx `TileFlags` (None or 0: none).
fn flip_flags(flags: &Bound<'_, PyAny>) -> PyResult<u32> {
    let py = flags.py();
    let mut bits = 0;
    for (name, bit) in [
        (intern!(py, "flipped_horizontally"), FLIP_HORIZONTAL),
        (intern!(py, "flipped_vertically"), FLIP_VERTICAL),
        (intern!(py, "flipped_diagonally"), FLIP_DIAGONAL),
    ] {
        if let Ok(set) = flags.getattr(name) {
            if set.is_truthy()? {
                bits |= bit;
            }
        }
    }
    Ok(bits)
}

/// What tile `id` (Tiled's, without flags; pytmx's `gid`) is made of by its properties: a
/// `solid` property that is false makes it empty; else its collision object (Tiled's collision
/// editor: a rectangle or a convex polygon), in fractions of the tile; else a true `solid`
/// property makes it solid. None when the properties say nothing.
fn described_shape(map: &Bound<'_, PyAny>, gid: u32, id: u32, cell_size: Vec2) -> PyResult<Option<TileShape>> {
    let py = map.py();
    let Ok(lookup) = map.getattr(intern!(py, "get_tile_properties_by_gid")) else { return Ok(None) };
    let props = lookup.call1((gid,))?;
    if props.is_none() {
        return Ok(None);
    }
    let get = |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        let value = props.call_method1(intern!(py, "get"), (key,))?;
        Ok((!value.is_none()).then_some(value))
    };
    let context = format!("pytmx map: tile {id}");
    let solid = match get("solid")? {
        None => None,
        Some(v) => Some(truth(&v).ok_or_else(|| {
            PyValueError::new_err(format!("{context}: its solid property {v} is neither true nor false"))
        })?),
    };
    if solid == Some(false) {
        return Ok(Some(TileShape::Empty));
    }
    if let Some(colliders) = get("colliders")? {
        let objects: Vec<Bound<'_, PyAny>> = colliders.try_iter()?.collect::<PyResult<_>>()?;
        match objects.as_slice() {
            [] => {}
            [object] => {
                // The tile's own size (a tileset's may differ from the map's cells).
                let size = |key: &str, fallback: f32| -> PyResult<f32> {
                    let read = |v: Bound<'_, PyAny>| {
                        v.extract::<f32>().ok().or_else(|| v.extract::<String>().ok()?.trim().parse().ok())
                    };
                    Ok(get(key)?.and_then(read).filter(|v| *v > 0.0).unwrap_or(fallback))
                };
                let tile = Vec2::new(size("width", cell_size.x)?, size("height", cell_size.y)?);
                let vertices = collider_points(object, &context)?;
                let fractions: Vec<Vec2> = vertices.iter().map(|p| fraction(*p / tile)).collect();
                return TileShape::convex(&fractions)
                    .map(Some)
                    .map_err(|e| PyValueError::new_err(format!("{context}: its collision shape: {e}")));
            }
            many => {
                return Err(PyValueError::new_err(format!(
                    "{context} has {} collision objects, and a tile's collision shape is one rectangle or \
                     convex polygon: merge them in Tiled's collision editor",
                    many.len()
                )))
            }
        }
    }
    Ok(solid.map(|_| TileShape::Solid))
}

/// A property's truth: bools and numbers as Python reads them, strings as Tiled writes them
/// ("true", "false"); None for another string.
fn truth(value: &Bound<'_, PyAny>) -> Option<bool> {
    if let Ok(s) = value.extract::<String>() {
        return match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Some(true),
            "false" | "0" | "no" | "" => Some(false),
            _ => None,
        };
    }
    value.is_truthy().ok()
}

/// A fraction of the cell within a hair of its edge (rounding in a rotation) put on the edge.
fn fraction(p: Vec2) -> Vec2 {
    let snap = |v: f32| {
        if v.abs() < 1e-5 {
            0.0
        } else if (v - 1.0).abs() < 1e-5 {
            1.0
        } else {
            v
        }
    };
    Vec2::new(snap(p.x), snap(p.y))
}

/// The vertices of a tile's collision object in the tile's pixels: a polygon's `points`
/// (absolute, as pytmx gives them), or the rectangle at `x, y` of `width × height`; turned by
/// its `rotation` (degrees, clockwise on a y-down screen, about `x, y`) as Tiled turns it.
fn collider_points(object: &Bound<'_, PyAny>, context: &str) -> PyResult<Vec<Vec2>> {
    let py = object.py();
    let number = |name: &str| -> PyResult<f64> {
        match object.getattr(name) {
            Ok(v) => v.extract::<f64>().map_err(|_| {
                PyValueError::new_err(format!("{context}: its collision object's {name} is not a number"))
            }),
            Err(_) => Ok(0.0),
        }
    };
    let (x, y, rotation) = (number("x")?, number("y")?, number("rotation")?);
    let corners: Vec<(f64, f64)> = match object.getattr(intern!(py, "points")) {
        Ok(points) if !points.is_none() => {
            if let Ok(closed) = object.getattr(intern!(py, "closed")) {
                if !closed.is_truthy()? {
                    return Err(PyValueError::new_err(format!(
                        "{context}: its collision object is a polyline, not a closed shape"
                    )));
                }
            }
            points
                .try_iter()?
                .map(|p| {
                    let p = p?;
                    Ok(match p.extract::<(f64, f64)>() {
                        Ok(xy) => xy,
                        Err(_) => (p.getattr("x")?.extract()?, p.getattr("y")?.extract()?),
                    })
                })
                .collect::<PyResult<_>>()?
        }
        _ => {
            let (w, h) = (number("width")?, number("height")?);
            vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        }
    };
    let (s, c) = rotation.to_radians().sin_cos();
    Ok(corners
        .into_iter()
        .map(|(px, py)| {
            let (dx, dy) = (px - x, py - y);
            Vec2::new((x + c * dx - s * dy) as f32, (y + s * dx + c * dy) as f32)
        })
        .collect())
}
