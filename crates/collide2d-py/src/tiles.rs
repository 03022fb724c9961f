//! Tile maps' input from Python: a grid of tile ids (rows of ints, or a 2D integer array) and the
//! `tiles` dict of tile shapes. Conversions only: the `TileMap` class (in `shapes`) hands what these read to the
//! library, which checks it and answers every query.

use collide2d::tiles::{TileSet, TileShape, TILE_ID_BITS};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::convert::{array_view, points, tuple};

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
    let inside = |v: &Bound<'_, PyAny>, n: u32| -> PyResult<Option<u32>> {
        Ok(match v.extract::<i64>() {
            Ok(v) => u32::try_from(v).ok().filter(|&v| v < n),
            // A Python int beyond i64 is outside; anything else is not an index at all.
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(v.py()) => None,
            Err(e) => return Err(e),
        })
    };
    match (inside(col, width)?, inside(row, height)?) {
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
fn tile_shape(value: &Bound<'_, PyAny>, context: &str) -> PyResult<TileShape> {
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
