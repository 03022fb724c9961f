//! The `TileMap` class: a grid of tile ids as one collider. Unlike the other shapes it changes
//! (`set`, `map[col, row] = id`), so it is not frozen and not hashable; a query or a world takes
//! a copy that shares the grid, and the grid is copied only when one of them changes after.

use collide2d::tiles::TileMap;
use collide2d::{Shape, Vec2};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{shape_to_py, vec_repr, PyAabb};
use crate::convert::{reduce, tuple, value_error, V2};
use crate::tiles::{cell, grid, pytmx, tile_id, tile_set, tile_shape_to_py};
use crate::transform::PyTransform;

/// A grid of tiles as one collider, with no seams: a shape every query and `World.insert`
/// take. Cell `(col, row)` spans `origin + (col, row) * cell_size` to the next; row 0 comes
/// first, as Tiled draws it (y down), though nothing depends on which way y points.
///
/// Ids are Tiled's: 0 is no tile, and the top three bits flip a tile (its shape turned with
/// it). `tiles` says what each id is: `"solid"`, `"empty"`, or a convex part of the cell as a
/// list of (x, y) fractions of it ((0, 0) the corner of least x and y, (1, 1) the opposite).
/// By default every nonzero id the grid holds is solid, and 1 too.
#[pyclass(eq, module = "collide2d", name = "TileMap")]
#[derive(Clone, PartialEq)]
pub struct PyTileMap {
    pub inner: TileMap,
}

impl PyTileMap {
    /// The cell `(col, row)` given from Python, or `IndexError` outside the grid.
    fn cell(&self, col: &Bound<'_, PyAny>, row: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
        cell(col, row, self.inner.width(), self.inner.height())
    }

    /// The cell of a `map[col, row]` key.
    fn key(&self, key: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
        let (col, row): (Bound<'_, PyAny>, Bound<'_, PyAny>) = key
            .extract()
            .map_err(|_| pyo3::exceptions::PyTypeError::new_err("a tile map is indexed by a cell: map[col, row]"))?;
        self.cell(&col, &row)
    }

    /// Sets cell `(col, row)` to the tile id `id` given from Python.
    fn put(&mut self, (col, row): (u32, u32), id: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = tile_id(id, &format!("TileMap cell ({col}, {row})"))?;
        self.inner.set(col, row, id).map_err(value_error)
    }
}

#[pymethods]
impl PyTileMap {
    /// The map of the grid `ids` (rows of tile ids, row 0 first: a list of lists of ints, or a
    /// 2D integer numpy array), each cell `cell_size`, cell (0, 0) at `origin`, the ids standing
    /// for what `tiles` says. Raises `ValueError` naming the cell or id for an id that is not
    /// an int from 0 to 2**32 - 1 or that `tiles` does not give, a tile shape that is not
    /// convex or leaves the cell, rows of different lengths, and sizes that are not positive.
    #[new]
    #[pyo3(signature = (ids, cell_size = V2(Vec2::ONE), origin = V2(Vec2::ZERO), tiles = None))]
    fn new(ids: &Bound<'_, PyAny>, cell_size: V2, origin: V2, tiles: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let grid = grid(ids, "ids")?;
        let set = tile_set(tiles, &grid.ids)?;
        let inner =
            TileMap::from_ids(origin.0, cell_size.0, grid.width, grid.height, &grid.ids, set).map_err(value_error)?;
        Ok(Self { inner })
    }

    /// The map of a Tiled map loaded by pytmx (`pytmx.TiledMap`, or anything with its
    /// attributes): its tiles' size as the cells', its ids Tiled's own (flips included, read
    /// back through pytmx's gid mapping). `layers` picks tile layers by name, index or the
    /// layer itself; by default every visible one. A tile with a collision object (Tiled's
    /// collision editor: one rectangle or convex polygon) is that shape, one whose `solid`
    /// property is true is solid, one whose `solid` is false is empty; when no tile in the
    /// layers read says either, every tile is solid, else the others are empty. Where layers overlap, a
    /// cell holds the tile that collides (a solid one first). pytmx is never imported.
    #[staticmethod]
    #[pyo3(signature = (tiled_map, layers = None))]
    fn from_pytmx(tiled_map: &Bound<'_, PyAny>, layers: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let loaded = pytmx(tiled_map, layers)?;
        let g = loaded.grid;
        let inner = TileMap::from_ids(Vec2::ZERO, loaded.cell_size, g.width, g.height, &g.ids, loaded.tiles)
            .map_err(|e| value_error(format!("pytmx map: {e}")))?;
        Ok(Self { inner })
    }

    /// Cells across.
    #[getter]
    fn width(&self) -> u32 {
        self.inner.width()
    }

    /// Cells down.
    #[getter]
    fn height(&self) -> u32 {
        self.inner.height()
    }

    /// The size of a cell.
    #[getter]
    fn cell_size(&self) -> (f32, f32) {
        tuple(self.inner.cell_size())
    }

    /// Where cell (0, 0) starts.
    #[getter]
    fn origin(&self) -> (f32, f32) {
        tuple(self.inner.origin())
    }

    /// Every cell's id, as rows (row 0 first), flags included.
    #[getter]
    fn ids(&self) -> Vec<Vec<u32>> {
        let ids: Vec<u32> = self.inner.ids().collect();
        ids.chunks(self.inner.width() as usize).map(<[u32]>::to_vec).collect()
    }

    /// What each id stands for: a dict from id to `"solid"`, `"empty"` or the vertices of its
    /// convex part in fractions of the cell (id 0, always empty, left out).
    #[getter]
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (id, shape) in self.inner.tiles().iter() {
            dict.set_item(id, tile_shape_to_py(py, shape)?)?;
        }
        Ok(dict)
    }

    /// The id in cell `(col, row)` (`map[col, row]`); `IndexError` outside the grid.
    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (col, row) = self.key(key)?;
        Ok(self.inner.id(col, row).unwrap_or_default())
    }

    /// Sets cell `(col, row)` to tile `id` (`map[col, row] = id`), in time independent of the
    /// map's size; `IndexError` outside the grid, `ValueError` for an id the map's tiles do not
    /// give (the map is then unchanged).
    fn __setitem__(&mut self, key: &Bound<'_, PyAny>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        let cell = self.key(key)?;
        self.put(cell, id)
    }

    /// Sets cell `(col, row)` to tile `id`, as `map[col, row] = id` does.
    fn set(&mut self, col: &Bound<'_, PyAny>, row: &Bound<'_, PyAny>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        let cell = self.cell(col, row)?;
        self.put(cell, id)
    }

    /// The cell `(col, row)` holding `point` (a point on a line between cells belongs to the
    /// cell after it), or None outside the grid.
    fn cell_at(&self, point: V2) -> Option<(u32, u32)> {
        self.inner.cell_at(point.0)
    }

    /// The solid part of cell `(col, row)` in world coordinates, counter-clockwise with y up,
    /// or None for an open cell or one outside the grid: for drawing.
    fn tile_outline(&self, col: i64, row: i64) -> Option<Vec<(f32, f32)>> {
        let (col, row) = (u32::try_from(col).ok()?, u32::try_from(row).ok()?);
        Some(self.inner.tile_outline(col, row)?.into_iter().map(tuple).collect())
    }

    /// The grid's bounding box (open cells included).
    fn aabb(&self) -> PyAabb {
        PyAabb { inner: self.inner.aabb() }
    }

    /// The map moved by `transform`, which must be a translation (a tile map only moves):
    /// `ValueError` otherwise. The moved map shares the grid until either changes.
    fn transformed(&self, py: Python<'_>, transform: &PyTransform) -> PyResult<Py<PyAny>> {
        let placed = Shape::from(self.inner.clone()).transformed(&transform.inner).map_err(value_error)?;
        shape_to_py(py, placed)
    }

    /// A copy: it shares the grid until either changes.
    fn __copy__(&self) -> Self {
        self.clone()
    }

    /// A copy, as `__copy__` (the map holds no Python objects).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Pickles through the library's serde form (JSON), rebuilt by the constructor.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
        reduce(py, "Shape", &Shape::from(self.inner.clone()))
    }

    fn __repr__(&self) -> String {
        let m = &self.inner;
        format!(
            "TileMap({} × {} cells of {}, origin={})",
            m.width(),
            m.height(),
            vec_repr(m.cell_size()),
            vec_repr(m.origin())
        )
    }
}
