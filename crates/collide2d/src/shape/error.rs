use thiserror::Error;

/// Which outline of a polygon an edge belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ring {
    /// The outer boundary.
    Outline,
    /// Hole number `n` (index in the list given to the constructor).
    Hole(usize),
}

/// An edge of a polygon, named as in the input: the edge from vertex `edge` of `ring` to the
/// next kept vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdgeId {
    /// The outline or hole.
    pub ring: Ring,
    /// Index (in the input list of that ring) of the edge's first vertex.
    pub edge: usize,
}

impl std::fmt::Display for EdgeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ring {
            Ring::Outline => write!(f, "outline edge {} (from vertex {})", self.edge, self.edge),
            Ring::Hole(h) => write!(f, "hole {h} edge {} (from vertex {})", self.edge, self.edge),
        }
    }
}

/// Why a shape could not be built: every constructor validates its input and says what is wrong
/// and where, so that a shape that exists is always a valid one.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A coordinate, size or angle was NaN or infinite.
    #[error("{shape}: {field} is not finite ({value})")]
    NonFinite {
        /// The kind of shape being built.
        shape: &'static str,
        /// Which input, e.g. `radius` or `vertex 3`.
        field: String,
        /// The offending value.
        value: f32,
    },
    /// A size that must be positive (or, for boxes, not negative) was not.
    #[error("{shape}: {field} must be {requirement}, got {value}")]
    BadSize {
        /// The kind of shape being built.
        shape: &'static str,
        /// Which size, e.g. `radius` or `half extent x`.
        field: &'static str,
        /// "positive" or "zero or more".
        requirement: &'static str,
        /// The offending value.
        value: f32,
    },
    /// A count (of sides, or of segments for a curve) outside what the shape allows.
    #[error("{shape}: {field} must be {requirement}, got {value}")]
    BadCount {
        /// The kind of shape being built.
        shape: &'static str,
        /// Which count, e.g. `sides` or `curve segments`.
        field: &'static str,
        /// What it must be, e.g. "at least 3".
        requirement: &'static str,
        /// The offending count.
        value: usize,
    },
    /// Fewer distinct vertices than the shape needs.
    #[error("{shape}: needs at least {needed} distinct vertices, got {found}")]
    TooFewVertices {
        /// The kind of shape being built.
        shape: &'static str,
        /// How many distinct vertices were given.
        found: usize,
        /// How many are needed.
        needed: usize,
    },
    /// All vertices lie on one line, so the shape has no area.
    #[error("{shape}: all {count} vertices lie on one line (zero area)")]
    Collinear {
        /// The kind of shape being built.
        shape: &'static str,
        /// How many distinct vertices were given.
        count: usize,
    },
    /// The outline turns the wrong way at a vertex, or winds around more than once.
    #[error("ConvexPolygon: not convex at vertex {vertex} (index in the input list)")]
    NotConvex {
        /// Index of the offending vertex in the list given to the constructor.
        vertex: usize,
    },
    /// Two edges of a polygon's outline or holes cross or touch (other than neighbours sharing
    /// their vertex), so it is not simple.
    #[error("Polygon: {first} touches or crosses {second}")]
    SelfIntersecting {
        /// One of the two edges.
        first: EdgeId,
        /// The other.
        second: EdgeId,
    },
    /// A hole does not lie inside the outline.
    #[error("Polygon: hole {hole} lies outside the outline")]
    HoleOutside {
        /// Index of the hole in the list given.
        hole: usize,
    },
    /// A hole lies inside another hole (an island in a hole is a separate polygon).
    #[error("Polygon: hole {hole} lies inside hole {container}")]
    NestedHole {
        /// Index of the inner hole.
        hole: usize,
        /// Index of the hole around it.
        container: usize,
    },
    /// The triangulator gave up on a polygon (not expected to happen for finite vertices;
    /// reported rather than panicking).
    #[error("Polygon: convex decomposition failed for an outline of {vertices} vertices")]
    DecompositionFailed {
        /// How many vertices the polygon has, holes included.
        vertices: usize,
    },
    /// A tile map or tile set was given something it cannot use: the cell, tile or layer, and
    /// what is wrong with it.
    #[error("{context}: {reason}")]
    BadTile {
        /// Where: e.g. `TileMap cell (3, 4)` or `tile shape vertex 2`.
        context: String,
        /// What is wrong, e.g. `unknown tile id 57`.
        reason: String,
    },
    /// The transform cannot be applied: it is not finite, or it flattens the shape to zero size.
    #[error("{shape}: transform {reason}")]
    BadTransform {
        /// The kind of shape being transformed.
        shape: &'static str,
        /// What is wrong with the transform.
        reason: &'static str,
    },
}

/// Checks that `value` is finite, naming it in the error.
pub(crate) fn finite(shape: &'static str, field: &str, value: f32) -> Result<f32, ShapeError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(ShapeError::NonFinite { shape, field: field.to_string(), value })
    }
}

/// Checks that both coordinates of `v` are finite, naming them `field.x` / `field.y`.
pub(crate) fn finite_vec(shape: &'static str, field: &str, v: glam::Vec2) -> Result<glam::Vec2, ShapeError> {
    for (axis, value) in [("x", v.x), ("y", v.y)] {
        if !value.is_finite() {
            return Err(ShapeError::NonFinite { shape, field: format!("{field}.{axis}"), value });
        }
    }
    Ok(v)
}

/// Checks that a shape's bounds `[lo, hi]` have a finite width and height (and so finite
/// corners), as an [`Aabb`](super::Aabb)'s must: then every point of the shape, and every
/// difference of two of its points, is a finite `f32`. `field` and `value` name what is too
/// large.
pub(crate) fn fits(
    shape: &'static str,
    field: &'static str,
    value: f32,
    lo: glam::Vec2,
    hi: glam::Vec2,
) -> Result<(), ShapeError> {
    if (hi - lo).is_finite() {
        Ok(())
    } else {
        Err(too_large(shape, field, value))
    }
}

/// The error [`fits`] gives: `field`, at `value`, makes the shape's bounds too large.
pub(crate) fn too_large(shape: &'static str, field: &'static str, value: f32) -> ShapeError {
    ShapeError::BadSize {
        shape,
        field,
        requirement: "small enough for the shape's bounds to have a finite size in f32 (below about 3.4e38)",
        value,
    }
}

/// [`fits`] for the bounds of finite `points`: whether their span is finite.
pub(crate) fn points_fit(shape: &'static str, points: &[glam::Vec2]) -> Result<(), ShapeError> {
    let first = points.first().copied().unwrap_or_default();
    let (lo, hi) = points.iter().fold((first, first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    fits(shape, "span of the vertices", (hi - lo).max_element(), lo, hi)
}

/// Checks that a size is finite and strictly positive.
pub(crate) fn positive(shape: &'static str, field: &'static str, value: f32) -> Result<f32, ShapeError> {
    finite(shape, field, value)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(ShapeError::BadSize { shape, field, requirement: "positive", value })
    }
}

/// Checks that a size is finite and not negative.
pub(crate) fn non_negative(shape: &'static str, field: &'static str, value: f32) -> Result<f32, ShapeError> {
    finite(shape, field, value)?;
    if value >= 0.0 {
        Ok(value)
    } else {
        Err(ShapeError::BadSize { shape, field, requirement: "zero or more", value })
    }
}
