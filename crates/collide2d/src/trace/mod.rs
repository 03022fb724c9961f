//! Sprites to colliders: the solid pixels of a picture traced into [`Polygon`]s, one per island,
//! each with its holes, at a chosen level of detail.
//!
//! Coordinates are the picture's own: pixel `(x, y)` covers `[x, x + 1] × [y, y + 1]`, y down
//! from the top row (see [`crate::pixels`]); place the polygons in a game with
//! [`Polygon::transformed`].
//!
//! **Which pixels belong together.** Solid pixels form one island when they share a side;
//! two solid pixels touching only at a corner belong to separate islands (separate polygons
//! that touch at that point) unless other pixels join them. Empty pixels, conversely, join
//! through corners too, so an empty pocket that touches the outside at a corner is outside,
//! not a hole. Where an island's outline passes the same corner twice (two of its pixels meeting
//! diagonally), each pass cuts its pixel's corner 1/64 pixel deep, keeping the polygon simple.
//!
//! **Exactness.** [`Detail::Exact`] puts every vertex on a pixel corner, but for those pinch
//! corners: the polygons' area is the number of solid pixels (less 1/8192 pixel² per pinch
//! pass), every solid pixel's centre is inside a polygon and every empty one's outside. Coarser levels drop vertices while the area between the exact and the
//! simplified outline stays within a fraction of the island's area; they never produce a
//! self-intersecting outline or a hole outside its polygon.
//!
//! ```
//! use collide2d::pixels::{Rgba8, Solidity};
//! use collide2d::trace::{trace, Detail};
//! // A 3×3 opaque square with a transparent centre: one island with one hole.
//! let mut px = vec![255u8; 3 * 3 * 4];
//! px[(1 * 3 + 1) * 4 + 3] = 0;
//! let polygons = trace(&Rgba8::new(3, 3, &px)?, &Solidity::default(), Detail::Exact)?;
//! assert_eq!(polygons.len(), 1);
//! assert_eq!(polygons[0].holes().len(), 1);
//! assert_eq!(polygons[0].area(), 8.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod contour;
mod simplify;

use std::borrow::Cow;

use glam::Vec2;
use thiserror::Error;

use crate::math::Order;
use crate::pixels::{ImageError, Rgba8, Solidity};
use crate::{Polygon, ShapeError};
use contour::Grid;

/// How closely the traced outline follows the pixels.
///
/// The levels are those of the tutorial the crate grew from: the simplified outline's area may
/// differ from the exact one by at most 1 % ([`Optimal`](Self::Optimal)), 7.5 %
/// ([`More`](Self::More)) or 15 % ([`Less`](Self::Less)) of the island's area. The outline also
/// never strays from the pixel corners by more than `(0.75 + 15 × tolerance) × max(1, √area / 64)`
/// pixels (for a sprite up to 64 × 64 pixels of area: 0.9, about 1.9 and 3), so shapes keep their
/// holes and thin parts rather than trading a dent here for a bulge there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Detail {
    /// Pixel-perfect: every step of the pixel outline.
    Exact,
    /// At most 1 % area difference.
    Optimal,
    /// At most 7.5 % area difference.
    More,
    /// At most 15 % area difference.
    Less,
    /// At most this fraction (0 ≤ f < 1) of the island's area.
    Tolerance(f32),
}

impl Detail {
    /// The fraction of an island's area its simplified outline may stray by.
    pub fn area_tolerance(self) -> f32 {
        match self {
            Detail::Exact => 0.0,
            Detail::Optimal => 0.01,
            Detail::More => 0.075,
            Detail::Less => 0.15,
            Detail::Tolerance(f) => f,
        }
    }
}

/// Why a picture could not be traced.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum TraceError {
    /// The pixel buffer was unusable (wrong length, zero size).
    #[error(transparent)]
    Image(#[from] ImageError),
    /// A [`Detail::Tolerance`] outside `0 ≤ f < 1` or not finite.
    #[error("detail tolerance must be a fraction in [0, 1), got {0}")]
    BadTolerance(f32),
    /// A traced outline was refused as a polygon: a bug in the tracer, reported, not hidden.
    #[error("traced island {island} did not make a valid polygon: {source}")]
    Polygon {
        /// Which island (in the order returned).
        island: usize,
        /// What the polygon constructor said.
        source: ShapeError,
    },
    /// The picture's exact outlines have more vertices than the limit given to
    /// [`trace_limited`]: refused before any polygon is built.
    #[error("the picture's outlines have more than {limit} vertices (the limit)")]
    TooManyVertices {
        /// The limit.
        limit: usize,
    },
    /// A picture file could not be read or decoded (with the `image` feature).
    #[error("could not load the picture: {0}")]
    Load(String),
}

/// Traces the solid pixels of `image` into polygons, one per island (in the order of each
/// island's first pixel, row by row), each with its holes. A picture with no solid pixel gives
/// no polygons.
pub fn trace(image: &Rgba8, solidity: &Solidity, detail: Detail) -> Result<Vec<Polygon>, TraceError> {
    trace_limited(image, solidity, detail, usize::MAX)
}

/// Like [`trace`], but refuses ([`TraceError::TooManyVertices`]) a picture whose exact outlines,
/// holes included, have more than `max_vertices` vertices, as soon as it has found that many and
/// before building any polygon: the work and memory then stay proportional to the limit and the
/// picture's size. A tiny file can hold a huge outline (a 2048 × 2048 checkerboard: 8 million
/// vertices). The exact count bounds every level's, since simplifying only drops vertices.
///
/// ```
/// use collide2d::pixels::{Rgba8, Solidity};
/// use collide2d::trace::{trace_limited, Detail, TraceError};
/// // A 4×4 checkerboard: eight one-pixel squares of four corners each.
/// let px: Vec<u8> = (0..16).flat_map(|i| [255, 255, 255, if (i % 4 + i / 4) % 2 == 0 { 255 } else { 0 }]).collect();
/// let image = Rgba8::new(4, 4, &px)?;
/// assert_eq!(trace_limited(&image, &Solidity::default(), Detail::Exact, 32)?.len(), 8);
/// let refused = trace_limited(&image, &Solidity::default(), Detail::Exact, 31);
/// assert_eq!(refused, Err(TraceError::TooManyVertices { limit: 31 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn trace_limited(
    image: &Rgba8,
    solidity: &Solidity,
    detail: Detail,
    max_vertices: usize,
) -> Result<Vec<Polygon>, TraceError> {
    let tolerance = checked_tolerance(detail)?;
    trace_grid(&solid_grid(image, solidity), tolerance, max_vertices)
}

/// The level's area tolerance, refused unless a fraction in `[0, 1)`.
fn checked_tolerance(detail: Detail) -> Result<f32, TraceError> {
    let tolerance = detail.area_tolerance();
    if !(0.0..1.0).contains(&tolerance) {
        return Err(TraceError::BadTolerance(tolerance));
    }
    Ok(tolerance)
}

/// Which pixels of `image` are solid.
fn solid_grid(image: &Rgba8, solidity: &Solidity) -> Grid {
    let (width, height) = (image.width() as usize, image.height() as usize);
    let mut solid = vec![false; width * height];
    solidity.for_each_solid(image, |x, y| solid[y as usize * width + x as usize] = true);
    Grid { width, height, solid }
}

/// Loads a picture with the `image` crate (any format it was built with) and traces it.
#[cfg(feature = "image")]
pub fn trace_file(
    path: impl AsRef<std::path::Path>,
    solidity: &Solidity,
    detail: Detail,
) -> Result<Vec<Polygon>, TraceError> {
    let picture = image::open(path).map_err(|e| TraceError::Load(e.to_string()))?.into_rgba8();
    trace(&Rgba8::from(&picture), solidity, detail)
}

/// Each island's rings, outline first, then its holes: refused past `max_vertices`.
fn island_rings(grid: &Grid, max_vertices: usize) -> Result<Vec<Vec<Vec<Vec2>>>, TraceError> {
    let (label, islands) = contour::islands(grid);
    let rings =
        contour::rings(grid, &label, max_vertices).ok_or(TraceError::TooManyVertices { limit: max_vertices })?;
    drop(label);
    // Outer rings take the first place (left empty until found), holes follow.
    let mut by_island: Vec<Vec<Vec<Vec2>>> = vec![vec![Vec::new()]; islands as usize];
    for ring in rings {
        let island = &mut by_island[ring.island as usize];
        if ring.outer {
            island[0] = ring.points;
        } else {
            island.push(ring.points);
        }
    }
    Ok(by_island)
}

/// An island's rings simplified within `tolerance` of its area (unchanged at 0).
fn simplified(rings: &[Vec<Vec2>], tolerance: f32) -> Cow<'_, [Vec<Vec2>]> {
    // At 0 the budget is 0: no corner of a traced ring (none runs straight on) fits it.
    let area = rings_area(rings);
    let budget = area * tolerance as f64;
    if simplify::could_drop(rings, budget) {
        let mut rings = rings.to_vec();
        simplify::simplify(&mut rings, budget, detail_reach(tolerance, area));
        return Cow::Owned(rings);
    }
    Cow::Borrowed(rings)
}

fn trace_grid(grid: &Grid, tolerance: f32, max_vertices: usize) -> Result<Vec<Polygon>, TraceError> {
    let islands = island_rings(grid, max_vertices)?;
    let mut polygons = Vec::with_capacity(islands.len());
    // Each island's rings are let go once built, so the next polygon reuses their memory.
    for (island, exact) in islands.into_iter().enumerate() {
        let build = |rings: &[Vec<Vec2>]| Polygon::with_holes(&rings[0], &rings[1..]);
        // The simplifier keeps outlines valid by construction; should the polygon check ever
        // disagree, the exact outline (always valid) is the safe answer.
        let polygon = match simplified(&exact, tolerance) {
            Cow::Owned(fewer) => build(&fewer).or_else(|_| build(&exact)),
            Cow::Borrowed(same) => build(same),
        };
        polygons.push(polygon.map_err(|source| TraceError::Polygon { island, source })?);
    }
    Ok(polygons)
}

/// How many islands and vertices (holes included) [`trace_limited`] would give at each of
/// `details`, without building any polygon: the pixels are traced once and only simplified per
/// level, so comparing levels costs little more than tracing one. Refused as `trace_limited`
/// refuses.
///
/// ```
/// use collide2d::pixels::{Rgba8, Solidity};
/// use collide2d::trace::{vertex_counts, Detail};
/// // A 3×3 opaque square with a transparent centre: a square outline and a square hole.
/// let mut px = vec![255u8; 3 * 3 * 4];
/// px[(1 * 3 + 1) * 4 + 3] = 0;
/// let counts = vertex_counts(&Rgba8::new(3, 3, &px)?, &Solidity::default(), &[Detail::Exact], usize::MAX)?;
/// assert_eq!(counts, vec![(1, 8)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn vertex_counts(
    image: &Rgba8,
    solidity: &Solidity,
    details: &[Detail],
    max_vertices: usize,
) -> Result<Vec<(usize, usize)>, TraceError> {
    let tolerances = details.iter().map(|d| checked_tolerance(*d)).collect::<Result<Vec<_>, _>>()?;
    let islands = island_rings(&solid_grid(image, solidity), max_vertices)?;
    let count = |rings: &[Vec<Vec2>]| rings.iter().map(Vec::len).sum::<usize>();
    Ok(tolerances
        .into_iter()
        .map(|t| {
            let vertices = islands.iter().map(|rings| count(&simplified(rings, t)));
            (islands.len(), vertices.sum())
        })
        .collect())
}

/// How far a simplified outline may stray from the pixel corners, in pixels: 0.9 at 1 %, about
/// 1.9 at 7.5 % and 3 at 15 % for islands up to 64 × 64 pixels of area, so that one-pixel
/// staircases smooth out at every level while holes and thin parts keep their shape; growing
/// with the island's size beyond that, so that a large island (an upscaled sprite's long steps)
/// simplifies as a small one does.
fn detail_reach(tolerance: f32, area: f64) -> f32 {
    (0.75 + 15.0 * tolerance) * (area.sqrt() as f32 / 64.0).at_least(1.0)
}

/// The island's area: outline minus holes (the rings' signed areas, with f64 sums).
fn rings_area(rings: &[Vec<Vec2>]) -> f64 {
    let signed = |r: &Vec<Vec2>| {
        (0..r.len())
            .map(|k| {
                let (a, b) = (r[k], r[(k + 1) % r.len()]);
                a.x as f64 * b.y as f64 - b.x as f64 * a.y as f64
            })
            .sum::<f64>()
            * 0.5
    };
    rings.iter().map(signed).sum::<f64>().abs()
}

#[cfg(test)]
mod tests {
    use super::detail_reach;

    #[test]
    fn the_reach_is_as_documented_and_grows_with_the_side_of_large_islands() {
        let near = |got: f32, want: f32| (got - want).abs() < 1e-5;
        // Up to 64 × 64 pixels of area: 0.9 at 1 %, 1.875 at 7.5 %, 3 at 15 %.
        for area in [1.0, 100.0, 4096.0] {
            assert!(near(detail_reach(0.01, area), 0.9), "{area}");
            assert!(near(detail_reach(0.075, area), 1.875), "{area}");
            assert!(near(detail_reach(0.15, area), 3.0), "{area}");
        }
        // Beyond, in proportion to the side: twice the side, twice the reach.
        assert!(near(detail_reach(0.01, 4.0 * 4096.0), 1.8));
        assert!(near(detail_reach(0.15, 100.0 * 4096.0), 30.0));
    }
}
