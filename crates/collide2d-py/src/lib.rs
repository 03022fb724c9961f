//! `import collide2d`: the collide2d library for Python, built with PyO3 and maturin.
//!
//! Shapes are frozen classes wrapping the library's validated shapes; vectors go out as tuples
//! and come in as anything with two numbers; the library's errors are `ValueError`s with its own
//! messages. PyO3 turns a Rust panic into Python's `PanicException` rather than letting it
//! cross, and the library does not panic on any input.
//!
//! The modules in layers, bottom first; a module uses only modules of lower layers (earlier in
//! this list; `check_layers.py` checks it in CI, and that no imports go in a circle):
//!
//! 1. `convert`: vectors in and out, errors as `ValueError`, values into their pickled form.
//! 2. `transform`, `tiles`: the `Transform` class; tile maps' input (grids of ids, tile shapes,
//!    pytmx maps read duck-typed).
//! 3. `shapes`, `results`: the shape classes (the `TileMap` among them) with shapes in and out of
//!    Python; what the queries answer (contacts, hits, closest points).
//! 4. `queries`, `tiered`, `trace`: the query functions; the levelled rectangle test and the
//!    detectors; sprite tracing and pixel masks.
//! 5. `world`: the `World` with its handles, filters, events and mover.
//! 6. `pickle`, `levels`, `controller`: `_unpickle`, which rebuilds a class of any layer below;
//!    maps loaded from Tiled and LDtk files (`load_tiled`, `load_ldtk`) as tile maps, shapes and
//!    values; the `CharacterController`, which moves a character through a `World` and lets
//!    moving platforms carry it.
//!
//! This file is the map: it declares the modules and lists what the Python module holds.

mod convert;
mod tiles;
mod transform;

mod results;
mod shapes;

mod queries;
mod tiered;
mod trace;

mod world;

mod controller;
mod levels;
mod pickle;

use pyo3::prelude::*;

/// 2D collision detection for games: exact overlap, containment, contact (normal, depth, points,
/// push-out), distance, ray and shape casts for boxes, circles, capsules, segments, convex and
/// concave polygons with holes and tile maps; sprite tracing; pixel masks; and a broad-phase
/// world.
#[pymodule]
fn collide2d(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<shapes::PyAabb>()?;
    m.add_class::<shapes::PyCircle>()?;
    m.add_class::<shapes::PyObb>()?;
    m.add_class::<shapes::PyCapsule>()?;
    m.add_class::<shapes::PySegment>()?;
    m.add_class::<shapes::PyConvexPolygon>()?;
    m.add_class::<shapes::PyPolygon>()?;
    m.add_class::<shapes::PyTileMap>()?;
    m.add_class::<transform::PyTransform>()?;
    m.add_class::<results::PyContact>()?;
    m.add_class::<results::PyContactPoint>()?;
    m.add_class::<results::PyRayHit>()?;
    m.add_class::<results::PyClosestPoints>()?;
    m.add_class::<results::PyShapeCastHit>()?;
    m.add_class::<tiered::PyLevel>()?;
    m.add_class::<tiered::PyDetector>()?;
    m.add_class::<trace::PyBitmask>()?;
    m.add_class::<world::PyCollisionFilter>()?;
    m.add_class::<world::PyHandle>()?;
    m.add_class::<world::PyContactEvent>()?;
    m.add_class::<world::PyStepEvents>()?;
    m.add_class::<world::PyMoveResult>()?;
    m.add_class::<world::PyWorld>()?;
    m.add_class::<world::PyContactMethod>()?;
    m.add_class::<controller::PyCharacterController>()?;
    m.add_class::<levels::PyLevelMap>()?;
    m.add_class::<levels::PyLevelObject>()?;
    m.add_class::<levels::PyTiledLevel>()?;
    m.add_class::<levels::PyEntity>()?;
    m.add_class::<levels::PyLdtkLevel>()?;
    m.add_function(wrap_pyfunction!(levels::load_tiled, m)?)?;
    m.add_function(wrap_pyfunction!(levels::load_ldtk, m)?)?;
    m.add_function(wrap_pyfunction!(queries::intersects, m)?)?;
    m.add_function(wrap_pyfunction!(queries::contains, m)?)?;
    m.add_function(wrap_pyfunction!(queries::contact, m)?)?;
    m.add_function(wrap_pyfunction!(queries::contact_deepest_piece_pair, m)?)?;
    m.add_function(wrap_pyfunction!(queries::distance, m)?)?;
    m.add_function(wrap_pyfunction!(queries::closest_points, m)?)?;
    m.add_function(wrap_pyfunction!(queries::cast_ray, m)?)?;
    m.add_function(wrap_pyfunction!(queries::closest_point, m)?)?;
    m.add_function(wrap_pyfunction!(queries::signed_distance, m)?)?;
    m.add_function(wrap_pyfunction!(queries::cast_shape, m)?)?;
    m.add_function(wrap_pyfunction!(queries::sweep, m)?)?;
    m.add_function(wrap_pyfunction!(queries::intersects_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(queries::contact_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(tiered::collide, m)?)?;
    m.add_function(wrap_pyfunction!(tiered::collide_verdict_of, m)?)?;
    m.add_function(wrap_pyfunction!(trace::trace, m)?)?;
    m.add_function(wrap_pyfunction!(trace::trace_file, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_unpickle, m)?)?;
    Ok(())
}
