//! Maps loaded from Tiled (`.tmx`, `.tmj`) and LDtk (`.ldtk`) files by the library's loaders:
//! their layers as `TileMap`s with their one-way side and filter, their objects and entities as
//! the binding's shape classes, properties and fields as plain Python values.

use std::path::PathBuf;

use collide2d::tiles::ldtk::{self, Entity, IntGridRules, LdtkLevel};
use collide2d::tiles::tiled::{self, LevelObject, Properties, Property};
use collide2d::tiles::{LevelMap, LoadError, TileRule, TileShape};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::convert::{tuple, V2};
use crate::shapes::{shape_to_py, PyAabb, PyTileMap};
use crate::tiles::tile_shape;
use crate::world::PyCollisionFilter;

/// The colliding tiles of one layer that share a one-way side and a collision filter, as one
/// `TileMap` in the file's pixels (y down).
#[pyclass(frozen, get_all, module = "collide2d", name = "LevelMap")]
pub struct PyLevelMap {
    /// The layer's name (Tiled: after its groups' names and `/`) or identifier (LDtk).
    layer: String,
    /// The tiles, ids as the file has them (flip bits included).
    map: Py<PyTileMap>,
    /// The open side of these one-way tiles, a unit (x, y) with y down ((0, -1): landed on
    /// from above), or None.
    one_way: Option<(f32, f32)>,
    /// The collision filter these tiles share.
    filter: Py<PyCollisionFilter>,
}

#[pymethods]
impl PyLevelMap {
    /// Puts the map into `world` with its one-way side and filter, and returns its handle.
    #[pyo3(signature = (world, data = None))]
    fn insert_into(&self, py: Python<'_>, world: &Bound<'_, PyAny>, data: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("data", data)?;
        kwargs.set_item("filter", &self.filter)?;
        kwargs.set_item("one_way", self.one_way)?;
        Ok(world.call_method("insert", (&self.map,), Some(&kwargs))?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let map = self.map.borrow(py);
        let (w, h) = (map.inner.width(), map.inner.height());
        format!("LevelMap(layer={:?}, map=<{w} × {h} cells>, one_way={:?})", self.layer, self.one_way)
    }
}

/// An object of a Tiled object layer, in the map's pixels (y down).
#[pyclass(frozen, get_all, module = "collide2d", name = "LevelObject")]
pub struct PyLevelObject {
    /// The layer it is on, after its groups' names and `/`.
    layer: String,
    /// Its id, unique in the map.
    id: u32,
    name: String,
    /// Its class (its type before Tiled 1.9); `class_`, as `class` is Python's.
    class_: String,
    /// `"rectangle"`, `"ellipse"`, `"polygon"`, `"polyline"`, `"point"`, `"capsule"`, `"text"`
    /// or `"tile"`.
    kind: &'static str,
    /// Its shapes: one, or a `Segment` per edge of a polyline (a point is an (x, y) tuple).
    shapes: Py<PyList>,
    /// Its custom properties as plain values (a colour or file as its text, an object as its
    /// id, a class as a dict of its members).
    properties: Py<PyDict>,
}

#[pymethods]
impl PyLevelObject {
    fn __repr__(&self) -> String {
        format!("LevelObject(id={}, name={:?}, class_={:?}, kind={:?})", self.id, self.name, self.class_, self.kind)
    }
}

/// What a Tiled map holds that collides.
#[pyclass(frozen, get_all, module = "collide2d", name = "TiledLevel")]
pub struct PyTiledLevel {
    /// The colliding tiles, layer after layer, each split by one-way side and filter.
    maps: Py<PyList>,
    /// The objects of every object layer, in the file's order.
    objects: Py<PyList>,
}

/// An LDtk entity: its box in the world and what LDtk says of it.
#[pyclass(frozen, get_all, module = "collide2d", name = "Entity")]
pub struct PyEntity {
    /// The identifier of its layer.
    layer: String,
    /// The identifier of its kind, e.g. `"Player"`.
    identifier: String,
    iid: String,
    aabb: Py<PyAabb>,
    tags: Vec<String>,
    /// Its fields' values by identifier, as LDtk writes them (JSON as Python values).
    fields: Py<PyDict>,
}

#[pymethods]
impl PyEntity {
    fn __repr__(&self) -> String {
        format!("Entity(identifier={:?}, iid={:?})", self.identifier, self.iid)
    }
}

/// An LDtk level: its IntGrid cells as maps and its entities, in world pixels (y down).
#[pyclass(frozen, get_all, module = "collide2d", name = "LdtkLevel")]
pub struct PyLdtkLevel {
    /// Its world's identifier (empty in a project of one world).
    world: String,
    identifier: String,
    iid: String,
    /// Its top-left corner in the world.
    origin: (f32, f32),
    /// Its size in pixels.
    size: (f32, f32),
    maps: Py<PyList>,
    entities: Py<PyList>,
    /// Its own fields' values by identifier.
    fields: Py<PyDict>,
}

#[pymethods]
impl PyLdtkLevel {
    fn __repr__(&self) -> String {
        format!("LdtkLevel(identifier={:?}, world={:?})", self.identifier, self.world)
    }
}

/// A loader's error: a file that cannot be read is `OSError`, anything wrong in one
/// `ValueError`, both with the loader's message (the file, and the layer and tile or object).
fn load_error(e: LoadError) -> PyErr {
    match e {
        LoadError::Read { .. } => PyOSError::new_err(e.to_string()),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Loads a Tiled map, `.tmx` or `.tmj` by its extension (`.tsx`/`.tsj` tilesets and `.tx`
/// templates read from its folder): its tile layers as `LevelMap`s and its objects as
/// `LevelObject`s. Raises `ValueError` naming the layer and the tile or object for what the
/// loader refuses, `OSError` for a file it cannot read.
#[pyfunction]
pub fn load_tiled(py: Python<'_>, path: PathBuf) -> PyResult<PyTiledLevel> {
    let extension = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
    let level = match extension.as_deref() {
        Some("tmx") => py.detach(|| tiled::load_tmx(&path)),
        Some("tmj" | "json") => py.detach(|| tiled::load_tmj(&path)),
        _ => return Err(PyValueError::new_err(format!("{}: a Tiled map is a .tmx or .tmj file", path.display()))),
    }
    .map_err(load_error)?;
    let maps = level.maps.into_iter().map(|m| level_map(py, m)).collect::<PyResult<Vec<_>>>()?;
    let objects = level.objects.into_iter().map(|o| object(py, o)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyTiledLevel { maps: PyList::new(py, maps)?.unbind(), objects: PyList::new(py, objects)?.unbind() })
}

/// Loads an LDtk project (levels saved apart read from its folder): each level's IntGrid
/// layers as `LevelMap`s and its entities as `Entity`s. Every IntGrid value but 0 is a solid
/// cell unless `rules` says otherwise: a dict from a value (int) or the identifier LDtk gives
/// it (str) to a tile shape (`"solid"`, `"empty"`, or (x, y) fractions of the cell) or to a
/// dict with `shape` (default `"solid"`), `one_way` ((x, y), y down) and `filter`
/// (`CollisionFilter`). Raises as `load_tiled` does.
#[pyfunction]
#[pyo3(signature = (path, rules = None))]
pub fn load_ldtk(py: Python<'_>, path: PathBuf, rules: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyList>> {
    let rules = match rules {
        Some(r) => int_grid_rules(r)?,
        None => IntGridRules::new(),
    };
    let project = py.detach(|| ldtk::load_ldtk(&path, &rules)).map_err(load_error)?;
    let levels = project.levels.into_iter().map(|l| ldtk_level(py, l)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, levels)?.unbind())
}

fn int_grid_rules(rules: &Bound<'_, PyDict>) -> PyResult<IntGridRules> {
    let mut out = IntGridRules::new();
    for (key, value) in rules.iter() {
        let context = format!("rules[{}]", key.repr()?);
        let rule = tile_rule(&value, &context)?;
        out = if let Ok(identifier) = key.extract::<String>() {
            out.identifier(identifier, rule)
        } else if let Ok(v) = key.extract::<i64>() {
            out.value(v, rule)
        } else {
            return Err(PyTypeError::new_err(format!(
                "{context}: a rule's key is an IntGrid value (int) or identifier (str)"
            )));
        };
    }
    Ok(out)
}

/// A rule: a tile shape, or a dict of `shape`, `one_way` and `filter`.
fn tile_rule(value: &Bound<'_, PyAny>, context: &str) -> PyResult<TileRule> {
    let Ok(dict) = value.cast::<PyDict>() else { return Ok(TileRule::new(tile_shape(value, context)?)) };
    let shape = match dict.get_item("shape")? {
        Some(s) => tile_shape(&s, context)?,
        None => TileShape::Solid,
    };
    let mut rule = TileRule::new(shape);
    if let Some(open) = dict.get_item("one_way")?.filter(|o| !o.is_none()) {
        let V2(open) =
            open.extract().map_err(|_| PyValueError::new_err(format!("{context}: one_way is an (x, y) side")))?;
        let unit = open
            .try_normalize()
            .ok_or_else(|| PyValueError::new_err(format!("{context}: one_way {open} is no direction")))?;
        rule = rule.one_way(unit);
    }
    if let Some(filter) = dict.get_item("filter")?.filter(|f| !f.is_none()) {
        let filter: PyRef<'_, PyCollisionFilter> =
            filter.extract().map_err(|_| PyTypeError::new_err(format!("{context}: filter is a CollisionFilter")))?;
        rule = rule.filter(filter.inner);
    }
    for key in dict.keys() {
        let key: String = key.extract().unwrap_or_default();
        if !matches!(key.as_str(), "shape" | "one_way" | "filter") {
            return Err(PyValueError::new_err(format!("{context}: unknown key {key:?} (shape, one_way, filter)")));
        }
    }
    Ok(rule)
}

fn level_map(py: Python<'_>, m: LevelMap) -> PyResult<PyLevelMap> {
    Ok(PyLevelMap {
        layer: m.layer,
        map: Py::new(py, PyTileMap { inner: m.map })?,
        one_way: m.one_way.map(tuple),
        filter: Py::new(py, PyCollisionFilter { inner: m.filter })?,
    })
}

fn object(py: Python<'_>, o: LevelObject) -> PyResult<PyLevelObject> {
    let shapes = o.shapes.into_iter().map(|s| shape_to_py(py, s)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyLevelObject {
        layer: o.layer,
        id: o.id,
        name: o.name,
        class_: o.class,
        kind: o.kind.name(),
        shapes: PyList::new(py, shapes)?.unbind(),
        properties: properties(py, &o.properties)?.unbind(),
    })
}

fn properties<'py>(py: Python<'py>, p: &Properties) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in p {
        dict.set_item(name, property(py, value)?)?;
    }
    Ok(dict)
}

fn property(py: Python<'_>, p: &Property) -> PyResult<Py<PyAny>> {
    Ok(match p {
        Property::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Property::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Property::Float(f) => f.into_pyobject(py)?.into_any().unbind(),
        Property::String(s) | Property::Color(s) | Property::File(s) => s.into_pyobject(py)?.into_any().unbind(),
        Property::Object(id) => id.into_pyobject(py)?.into_any().unbind(),
        Property::List(items) => {
            PyList::new(py, items.iter().map(|i| property(py, i)).collect::<PyResult<Vec<_>>>()?)?.into_any().unbind()
        }
        Property::Class { members, .. } => properties(py, members)?.into_any().unbind(),
        _ => py.None(),
    })
}

fn ldtk_level(py: Python<'_>, l: LdtkLevel) -> PyResult<PyLdtkLevel> {
    let maps = l.maps.into_iter().map(|m| level_map(py, m)).collect::<PyResult<Vec<_>>>()?;
    let entities = l.entities.into_iter().map(|e| entity(py, e)).collect::<PyResult<Vec<_>>>()?;
    Ok(PyLdtkLevel {
        world: l.world,
        identifier: l.identifier,
        iid: l.iid,
        origin: tuple(l.origin),
        size: tuple(l.size),
        maps: PyList::new(py, maps)?.unbind(),
        entities: PyList::new(py, entities)?.unbind(),
        fields: fields(py, &l.fields)?.unbind(),
    })
}

fn entity(py: Python<'_>, e: Entity) -> PyResult<PyEntity> {
    Ok(PyEntity {
        layer: e.layer,
        identifier: e.identifier,
        iid: e.iid,
        aabb: Py::new(py, PyAabb { inner: e.aabb })?,
        tags: e.tags,
        fields: fields(py, &e.fields)?.unbind(),
    })
}

fn fields<'py>(py: Python<'py>, f: &ldtk::Fields) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in f {
        dict.set_item(name, json(py, value)?)?;
    }
    Ok(dict)
}

/// A JSON value as Python's (as `json.loads` gives it).
fn json(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    Ok(match v {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any().unbind(),
            None => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            PyList::new(py, items.iter().map(|i| json(py, i)).collect::<PyResult<Vec<_>>>()?)?.into_any().unbind()
        }
        Value::Object(members) => {
            let dict = PyDict::new(py);
            for (k, v) in members {
                dict.set_item(k, json(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}
