//! The shape classes, and shapes in and out of Python. Each class wraps the library's validated
//! shape and is frozen (immutable), so a query borrows it without a copy and a shape that exists
//! is always a valid one; the tile map, which changes, is in `tilemap.rs`.

mod tilemap;

use collide2d::polygon::CurveDetail;
use collide2d::tiles::TileMap;
use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Polygon, Segment, Shape, ShapeRef, Vec2};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::convert::{hash_floats, points, reduce, tuple, value_error, V2};
use crate::transform::PyTransform;

pub use self::tilemap::PyTileMap;

/// Writes a number as Python's `repr` of a float would read (`1.0`, not `1`).
fn num(x: f32) -> String {
    format!("{x:?}")
}

/// A vector as Python's `repr` of a tuple of floats.
fn vec_repr(v: Vec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// The coordinates of a list of vectors, in order.
fn coords(vs: &[Vec2]) -> impl Iterator<Item = f32> + '_ {
    vs.iter().flat_map(|v| [v.x, v.y])
}

/// A list of vectors as Python's `repr` of a list of tuples.
fn list_repr(vs: &[Vec2]) -> String {
    let items: Vec<String> = vs.iter().map(|v| vec_repr(*v)).collect();
    format!("[{}]", items.join(", "))
}

/// A borrowed view of a shape given from Python: one of the module's shape classes, or a point
/// given as two numbers. The shape classes are frozen, so the view borrows them without a copy.
pub fn shape_ref<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<ShapeRef<'a>> {
    if let Ok(s) = obj.cast::<PyCircle>() {
        return Ok(ShapeRef::Circle(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyAabb>() {
        return Ok(ShapeRef::Aabb(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyObb>() {
        return Ok(ShapeRef::Obb(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyCapsule>() {
        return Ok(ShapeRef::Capsule(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PySegment>() {
        return Ok(ShapeRef::Segment(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyConvexPolygon>() {
        return Ok(ShapeRef::ConvexPolygon(&s.get().inner));
    }
    if let Ok(s) = obj.cast::<PyPolygon>() {
        return Ok(ShapeRef::Polygon(&s.get().inner));
    }
    match obj.extract::<V2>() {
        Ok(p) => Ok(ShapeRef::Point(p.0)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a shape (Aabb, Circle, Obb, Capsule, Segment, ConvexPolygon, Polygon, TileMap), a point \
             or a rectangle (pygame.Rect), got {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
    }
}

/// The box of a rectangle given as pygame gives it (`Rect`, `FRect`, or anything with `x, y,
/// w, h` or `left, top, width, height`): top-left corner and size, y down. `None` when `obj`
/// has no such attributes.
pub fn rect(obj: &Bound<'_, PyAny>) -> Option<PyResult<Aabb>> {
    let read = |names: [&str; 4]| -> Option<PyResult<[f32; 4]>> {
        let mut out = [0.0; 4];
        for (v, name) in out.iter_mut().zip(names) {
            match obj.getattr(name) {
                Ok(value) => match value.extract::<f32>() {
                    Ok(x) => *v = x,
                    Err(e) => return Some(Err(e)),
                },
                Err(_) => return None,
            }
        }
        Some(Ok(out))
    };
    let xywh = read(["x", "y", "w", "h"]).or_else(|| read(["left", "top", "width", "height"]))?;
    Some(xywh.and_then(|[x, y, w, h]| Aabb::from_xywh(x, y, w, h).map_err(value_error)))
}

/// A shape given from Python as the queries read it: borrowed from a shape class or made from
/// a point, a box made from a rectangle (see [`rect`]), or a copy of a tile map (sharing its
/// grid: the class is not frozen, so it cannot be borrowed past the call's start).
pub enum ShapeArg<'a> {
    /// A shape class or a point.
    Ref(ShapeRef<'a>),
    /// A pygame-style rectangle.
    Rect(Aabb),
    /// A tile map.
    Tiles(TileMap),
}

impl ShapeArg<'_> {
    /// The view the library's queries take.
    pub fn get(&self) -> ShapeRef<'_> {
        match self {
            ShapeArg::Ref(s) => *s,
            ShapeArg::Rect(a) => ShapeRef::Aabb(a),
            ShapeArg::Tiles(m) => ShapeRef::TileMap(m),
        }
    }
}

/// A tile map, or else [`shape_ref`], or else a rectangle as pygame gives it.
pub fn shape_arg<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<ShapeArg<'a>> {
    if let Ok(m) = obj.cast::<PyTileMap>() {
        return Ok(ShapeArg::Tiles(m.try_borrow()?.inner.clone()));
    }
    match shape_ref(obj) {
        Ok(s) => Ok(ShapeArg::Ref(s)),
        Err(e) => match rect(obj) {
            Some(r) => Ok(ShapeArg::Rect(r?)),
            None => Err(e),
        },
    }
}

/// An owned copy of a shape given from Python (for the world, which keeps its shapes).
pub fn shape(obj: &Bound<'_, PyAny>) -> PyResult<Shape> {
    Ok(match shape_arg(obj)?.get() {
        ShapeRef::Point(p) => Shape::Point(p),
        ShapeRef::Segment(s) => (*s).into(),
        ShapeRef::Aabb(s) => (*s).into(),
        ShapeRef::Circle(s) => (*s).into(),
        ShapeRef::Obb(s) => (*s).into(),
        ShapeRef::Capsule(s) => (*s).into(),
        ShapeRef::ConvexPolygon(s) => s.clone().into(),
        ShapeRef::Polygon(s) => s.clone().into(),
        ShapeRef::TileMap(s) => s.clone().into(),
    })
}

/// The Python object for a shape the library made (a point becomes a tuple).
pub fn shape_to_py(py: Python<'_>, shape: Shape) -> PyResult<Py<PyAny>> {
    Ok(match shape {
        Shape::Point(p) => tuple(p).into_pyobject(py)?.into_any().unbind(),
        Shape::Segment(inner) => Py::new(py, PySegment { inner })?.into_any(),
        Shape::Aabb(inner) => Py::new(py, PyAabb { inner })?.into_any(),
        Shape::Circle(inner) => Py::new(py, PyCircle { inner })?.into_any(),
        Shape::Obb(inner) => Py::new(py, PyObb { inner })?.into_any(),
        Shape::Capsule(inner) => Py::new(py, PyCapsule { inner })?.into_any(),
        Shape::ConvexPolygon(inner) => Py::new(py, PyConvexPolygon { inner })?.into_any(),
        Shape::Polygon(inner) => Py::new(py, PyPolygon { inner })?.into_any(),
        Shape::TileMap(inner) => Py::new(py, PyTileMap { inner })?.into_any(),
    })
}

/// The methods every shape class has, then the class's own (`$($own)*`), in one `#[pymethods]`
/// block (PyO3 allows one per class).
macro_rules! shape_methods {
    ($class:ident, $($own:tt)*) => {
        #[pymethods]
        impl $class {
            /// The axis-aligned bounding box.
            fn aabb(&self) -> PyAabb {
                PyAabb { inner: Shape::from(self.inner.clone()).aabb() }
            }

            /// This shape placed by `transform`: the shape it becomes in world space (a box
            /// turns into an `Obb` when rotated, any shape into a `ConvexPolygon` or `Polygon`
            /// when skewed). Raises `ValueError` when that cannot be represented exactly (a
            /// circle under uneven scale) or the transform is not finite or flattens space.
            fn transformed(&self, py: Python<'_>, transform: &PyTransform) -> PyResult<Py<PyAny>> {
                let placed = Shape::from(self.inner.clone()).transformed(&transform.inner).map_err(value_error)?;
                shape_to_py(py, placed)
            }

            /// Pickles through the library's serde form (JSON), rebuilt by the constructor.
            fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str, String))> {
                reduce(py, "Shape", &Shape::from(self.inner.clone()))
            }

            fn __repr__(&self) -> String {
                self.repr()
            }

            /// Equal shapes hash alike, so shapes can be set members and dict keys.
            fn __hash__(&self) -> u64 {
                self.hash()
            }

            $($own)*
        }
    };
}

/// An axis-aligned box from corner `min` to corner `max` (closed: its edges belong to it). It
/// may have zero width or height.
#[pyclass(frozen, eq, module = "collide2d", name = "Aabb")]
#[derive(Clone, PartialEq)]
pub struct PyAabb {
    pub inner: Aabb,
}

impl PyAabb {
    fn hash(&self) -> u64 {
        hash_floats(coords(&[self.inner.min(), self.inner.max()]))
    }

    fn repr(&self) -> String {
        format!("Aabb(min={}, max={})", vec_repr(self.inner.min()), vec_repr(self.inner.max()))
    }
}

shape_methods! {
    PyAabb,
    /// The box from its lower corner `min` to its upper corner `max`, or `Aabb(rect)` from a
    /// pygame `Rect` or `FRect` (anything with `x, y, w, h`).
    #[new]
    #[pyo3(signature = (min, max = None))]
    fn new(min: &Bound<'_, PyAny>, max: Option<V2>) -> PyResult<Self> {
        let inner = match max {
            Some(max) => Aabb::new(min.extract::<V2>()?.0, max.0).map_err(value_error)?,
            None => match rect(min) {
                Some(r) => r?,
                None => return Err(PyTypeError::new_err("give Aabb(min, max) with two corners, or Aabb(rect)")),
            },
        };
        Ok(Self { inner })
    }
    /// The box at `(x, y)` (top-left with y down) with a width and height.
    #[staticmethod]
    fn from_xywh(x: f32, y: f32, width: f32, height: f32) -> PyResult<Self> {
        Ok(Self { inner: Aabb::from_xywh(x, y, width, height).map_err(value_error)? })
    }
    /// The box around `center` reaching `half_extents` to each side.
    #[staticmethod]
    fn from_center(center: V2, half_extents: V2) -> PyResult<Self> {
        Ok(Self { inner: Aabb::from_center_half_extents(center.0, half_extents.0).map_err(value_error)? })
    }
    /// The smallest box holding every point.
    #[staticmethod]
    fn from_points(points: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self { inner: Aabb::from_points(&self::points(points)?).map_err(value_error)? })
    }
    /// The lower corner (smallest x and y).
    #[getter]
    fn min(&self) -> (f32, f32) {
        tuple(self.inner.min())
    }
    /// The upper corner (largest x and y).
    #[getter]
    fn max(&self) -> (f32, f32) {
        tuple(self.inner.max())
    }
    /// `max.x - min.x`.
    #[getter]
    fn width(&self) -> f32 {
        self.inner.width()
    }
    /// `max.y - min.y`.
    #[getter]
    fn height(&self) -> f32 {
        self.inner.height()
    }
    /// The middle point.
    #[getter]
    fn center(&self) -> (f32, f32) {
        tuple(self.inner.center())
    }
    /// Half the width and half the height.
    #[getter]
    fn half_extents(&self) -> (f32, f32) {
        tuple(self.inner.half_extents())
    }
    /// The four corners, starting at `min`, counter-clockwise with y up.
    fn corners(&self) -> Vec<(f32, f32)> {
        self.inner.corners().into_iter().map(tuple).collect()
    }
    /// The overlap of two boxes, or None when they do not touch.
    fn intersection(&self, other: &PyAabb) -> Option<PyAabb> {
        self.inner.intersection(&other.inner).map(|inner| PyAabb { inner })
    }
    /// The smallest box holding both.
    fn union(&self, other: &PyAabb) -> PyAabb {
        PyAabb { inner: self.inner.union(&other.inner) }
    }
}

/// A disc: every point within `radius` of `center`.
#[pyclass(frozen, eq, module = "collide2d", name = "Circle")]
#[derive(Clone, PartialEq)]
pub struct PyCircle {
    pub inner: Circle,
}

impl PyCircle {
    fn hash(&self) -> u64 {
        hash_floats(coords(&[self.inner.center()]).chain([self.inner.radius()]))
    }

    fn repr(&self) -> String {
        format!("Circle(center={}, radius={})", vec_repr(self.inner.center()), num(self.inner.radius()))
    }
}

shape_methods! {
    PyCircle,
    /// The disc around `center`; the radius must be positive and every number finite.
    #[new]
    fn new(center: V2, radius: f32) -> PyResult<Self> {
        Ok(Self { inner: Circle::new(center.0, radius).map_err(value_error)? })
    }
    /// The middle point.
    #[getter]
    fn center(&self) -> (f32, f32) {
        tuple(self.inner.center())
    }
    /// The radius (positive).
    #[getter]
    fn radius(&self) -> f32 {
        self.inner.radius()
    }
}

/// An oriented rectangle: half extents around a center, turned by `rotation` radians (from +x
/// towards +y).
#[pyclass(frozen, eq, module = "collide2d", name = "Obb")]
#[derive(Clone, PartialEq)]
pub struct PyObb {
    pub inner: Obb,
}

impl PyObb {
    fn hash(&self) -> u64 {
        // What equality compares: centre, half extents and axis (not the angle given).
        let i = &self.inner;
        hash_floats(coords(&[i.center(), i.half_extents(), i.axes().0]))
    }

    fn repr(&self) -> String {
        format!(
            "Obb(center={}, half_extents={}, rotation={})",
            vec_repr(self.inner.center()),
            vec_repr(self.inner.half_extents()),
            num(self.inner.rotation())
        )
    }
}

shape_methods! {
    PyObb,
    /// The box around `center` reaching `half_extents` along its own axes, turned by `rotation`
    /// radians. Half extents must be positive.
    #[new]
    #[pyo3(signature = (center, half_extents, rotation = 0.0))]
    fn new(center: V2, half_extents: V2, rotation: f32) -> PyResult<Self> {
        Ok(Self { inner: Obb::new(center.0, half_extents.0, rotation).map_err(value_error)? })
    }
    /// The middle point.
    #[getter]
    fn center(&self) -> (f32, f32) {
        tuple(self.inner.center())
    }
    /// Half the size along the box's own axes.
    #[getter]
    fn half_extents(&self) -> (f32, f32) {
        tuple(self.inner.half_extents())
    }
    /// The angle in radians, as given.
    #[getter]
    fn rotation(&self) -> f32 {
        self.inner.rotation()
    }
    /// The four corners in world space, counter-clockwise with y up.
    fn corners(&self) -> Vec<(f32, f32)> {
        self.inner.corners().into_iter().map(tuple).collect()
    }
}

/// A capsule (stadium): every point within `radius` of the segment from `a` to `b`.
#[pyclass(frozen, eq, module = "collide2d", name = "Capsule")]
#[derive(Clone, PartialEq)]
pub struct PyCapsule {
    pub inner: Capsule,
}

impl PyCapsule {
    fn hash(&self) -> u64 {
        hash_floats(coords(&[self.inner.a(), self.inner.b()]).chain([self.inner.radius()]))
    }

    fn repr(&self) -> String {
        format!(
            "Capsule(a={}, b={}, radius={})",
            vec_repr(self.inner.a()),
            vec_repr(self.inner.b()),
            num(self.inner.radius())
        )
    }
}

shape_methods! {
    PyCapsule,
    /// The capsule around the segment `a`–`b` (which may be a single point) with a positive radius.
    #[new]
    fn new(a: V2, b: V2, radius: f32) -> PyResult<Self> {
        Ok(Self { inner: Capsule::new(a.0, b.0, radius).map_err(value_error)? })
    }
    /// One end of the spine.
    #[getter]
    fn a(&self) -> (f32, f32) {
        tuple(self.inner.a())
    }
    /// The other end of the spine.
    #[getter]
    fn b(&self) -> (f32, f32) {
        tuple(self.inner.b())
    }
    /// The radius (positive).
    #[getter]
    fn radius(&self) -> f32 {
        self.inner.radius()
    }
}

/// A line segment from `a` to `b` (two distinct points).
#[pyclass(frozen, eq, module = "collide2d", name = "Segment")]
#[derive(Clone, PartialEq)]
pub struct PySegment {
    pub inner: Segment,
}

impl PySegment {
    fn hash(&self) -> u64 {
        hash_floats(coords(&[self.inner.a(), self.inner.b()]))
    }

    fn repr(&self) -> String {
        format!("Segment(a={}, b={})", vec_repr(self.inner.a()), vec_repr(self.inner.b()))
    }
}

shape_methods! {
    PySegment,
    /// The segment between two distinct finite points.
    #[new]
    fn new(a: V2, b: V2) -> PyResult<Self> {
        Ok(Self { inner: Segment::new(a.0, b.0).map_err(value_error)? })
    }
    /// The start.
    #[getter]
    fn a(&self) -> (f32, f32) {
        tuple(self.inner.a())
    }
    /// The end.
    #[getter]
    fn b(&self) -> (f32, f32) {
        tuple(self.inner.b())
    }
    /// The length.
    #[getter]
    fn length(&self) -> f32 {
        self.inner.length()
    }
}

/// A convex polygon, stored counter-clockwise (with y up); either winding is accepted.
#[pyclass(frozen, eq, module = "collide2d", name = "ConvexPolygon")]
#[derive(Clone, PartialEq)]
pub struct PyConvexPolygon {
    pub inner: ConvexPolygon,
}

impl PyConvexPolygon {
    fn hash(&self) -> u64 {
        hash_floats(coords(self.inner.vertices()))
    }

    fn repr(&self) -> String {
        format!("ConvexPolygon({})", list_repr(self.inner.vertices()))
    }
}

shape_methods! {
    PyConvexPolygon,
    /// The polygon through `vertices` in order (either winding). Raises `ValueError` naming the
    /// vertex for a non-finite one, too few, all on a line, or a corner that turns inward.
    #[new]
    fn new(vertices: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self { inner: ConvexPolygon::new(&points(vertices)?).map_err(value_error)? })
    }
    /// The convex hull of any number of points.
    #[staticmethod]
    fn from_hull(points: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self { inner: ConvexPolygon::from_hull(&self::points(points)?).map_err(value_error)? })
    }
    /// The regular polygon with `sides` corners on the circle around `center`.
    #[staticmethod]
    #[pyo3(signature = (sides, center, radius, rotation = 0.0))]
    fn regular(sides: usize, center: V2, radius: f32, rotation: f32) -> PyResult<Self> {
        Ok(Self { inner: ConvexPolygon::regular(sides, center.0, radius, rotation).map_err(value_error)? })
    }
    /// The vertices, counter-clockwise with y up.
    #[getter]
    fn vertices(&self) -> Vec<(f32, f32)> {
        self.inner.vertices().iter().copied().map(tuple).collect()
    }
    /// The outward unit normal of each edge (edge `i` runs from vertex `i` to vertex `i + 1`).
    #[getter]
    fn normals(&self) -> Vec<(f32, f32)> {
        self.inner.normals().iter().copied().map(tuple).collect()
    }
    /// The area.
    #[getter]
    fn area(&self) -> f32 {
        self.inner.area()
    }
    /// The centre of mass.
    #[getter]
    fn centroid(&self) -> (f32, f32) {
        tuple(self.inner.centroid())
    }
}

/// A simple polygon, possibly concave, with zero or more holes: the general collider. Its edge
/// tree and convex pieces are built once, here.
#[pyclass(frozen, eq, module = "collide2d", name = "Polygon")]
#[derive(Clone, PartialEq)]
pub struct PyPolygon {
    pub inner: Polygon,
}

impl PyPolygon {
    fn hash(&self) -> u64 {
        // Each hole's length too: the same numbers cut into other holes are another polygon.
        let holes = self.inner.holes().iter().flat_map(|h| std::iter::once(h.len() as f32).chain(coords(h)));
        hash_floats(coords(self.inner.outline()).chain(holes))
    }

    fn repr(&self) -> String {
        let holes = self.inner.holes();
        if holes.is_empty() {
            return format!("Polygon({})", list_repr(self.inner.outline()));
        }
        let holes: Vec<String> = holes.iter().map(|h| list_repr(h)).collect();
        format!("Polygon({}, holes=[{}])", list_repr(self.inner.outline()), holes.join(", "))
    }
}

shape_methods! {
    PyPolygon,
    /// The polygon with `outline` and optional `holes` (either winding). Raises `ValueError`
    /// naming the edges for a self-intersecting outline, holes that touch or cross, or a hole
    /// outside the outline.
    #[new]
    #[pyo3(signature = (outline, holes = None))]
    fn new(outline: &Bound<'_, PyAny>, holes: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let outline = points(outline)?;
        let mut rings = Vec::new();
        if let Some(holes) = holes {
            for hole in holes.try_iter()? {
                rings.push(points(&hole?)?);
            }
        }
        let inner = Polygon::with_holes(&outline, &rings).map_err(value_error)?;
        Ok(Self { inner })
    }
    /// Any shape as a polygon. Round parts are cut into `segments` edges per full turn, or, when
    /// `max_chord_error` is given instead, into as many as keep every edge that close to the curve.
    #[staticmethod]
    #[pyo3(signature = (shape, segments = 32, max_chord_error = None))]
    fn from_shape(shape: &Bound<'_, PyAny>, segments: usize, max_chord_error: Option<f32>) -> PyResult<Self> {
        let detail = match max_chord_error {
            Some(error) => CurveDetail::MaxChordError(error),
            None => CurveDetail::Segments(segments),
        };
        let inner = Polygon::from_shape(&self::shape(shape)?, detail).map_err(value_error)?;
        Ok(Self { inner })
    }
    /// The outline, counter-clockwise with y up.
    #[getter]
    fn outline(&self) -> Vec<(f32, f32)> {
        self.inner.outline().iter().copied().map(tuple).collect()
    }
    /// The holes, each clockwise with y up.
    #[getter]
    fn holes(&self) -> Vec<Vec<(f32, f32)>> {
        self.inner.holes().iter().map(|h| h.iter().copied().map(tuple).collect()).collect()
    }
    /// The area (holes excluded).
    #[getter]
    fn area(&self) -> f32 {
        self.inner.area()
    }
    /// The centre of mass.
    #[getter]
    fn centroid(&self) -> (f32, f32) {
        tuple(self.inner.centroid())
    }
    /// The convex pieces the polygon was cut into.
    fn convex_parts(&self) -> Vec<PyConvexPolygon> {
        self.inner.convex_parts().iter().map(|p| PyConvexPolygon { inner: p.clone() }).collect()
    }
}
