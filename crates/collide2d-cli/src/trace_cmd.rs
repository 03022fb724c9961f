//! `collide2d trace`: a sprite's polygons as a scene file, vertex counts per level, and an overlay
//! picture of the outlines over the enlarged sprite.

use std::path::Path;

use collide2d::pixels::Solidity;
use collide2d::trace::{trace_limited, vertex_counts, Detail, TraceError};
use collide2d::{Aabb, Polygon, Shape, Vec2};
use collide2d_render::{Picture, Style, View};

use crate::error::CliError;
use crate::scene::{ColliderSpec, DetailSpec, SceneFile, ShapeSpec, TransformSpec, YAxis};

/// The traced polygons and the per-level vertex counts.
pub struct Traced {
    /// The polygons at the chosen level.
    pub polygons: Vec<Polygon>,
    /// `(level, islands, vertices)` for every level.
    pub counts: Vec<(&'static str, usize, usize)>,
    /// The picture, for the overlay.
    pub picture: image::RgbaImage,
}

/// The default of `--max-vertices`: about a second per level, and about 10 MB of JSON.
pub const DEFAULT_MAX_VERTICES: usize = 250_000;

/// Loads `path`, counts the vertices of every level and traces `detail`'s polygons (only those:
/// building polygons is most of the work). A picture whose exact outlines have more than
/// `max_vertices` vertices (0: no limit) is refused before any polygon is built.
pub fn run(path: &Path, detail: DetailSpec, solidity: &Solidity, max_vertices: usize) -> Result<Traced, CliError> {
    let limit = if max_vertices == 0 { usize::MAX } else { max_vertices };
    let picture = crate::files::read_picture(path).map_err(CliError::new)?;
    let image = (&picture).into();
    let refused = |e: TraceError| match e {
        TraceError::TooManyVertices { .. } => CliError::new(format!(
            "{}: its outlines have more than {max_vertices} vertices, past the limit \
             (--max-vertices; 0 lifts it)",
            path.display()
        )),
        e => CliError::new(format!("{}: {e}", path.display())),
    };
    let levels = [
        ("exact", DetailSpec::Exact),
        ("optimal", DetailSpec::Optimal),
        ("more", DetailSpec::More),
        ("less", DetailSpec::Less),
    ];
    let details: Vec<Detail> = levels.iter().map(|(_, level)| Detail::from(*level)).collect();
    let counts = vertex_counts(&image, solidity, &details, limit).map_err(refused)?;
    let counts = levels.iter().zip(counts).map(|((name, _), (islands, vertices))| (*name, islands, vertices)).collect();
    let polygons = trace_limited(&image, solidity, Detail::from(detail), limit).map_err(refused)?;
    Ok(Traced { polygons, counts, picture })
}

/// The polygons as a scene file of colliders named `stem`, `stem_1`, … in pixel units with y
/// down: saved as it is, it is a scene; its `colliders` paste into another.
pub fn as_scene(stem: &str, polygons: &[Polygon]) -> SceneFile {
    let xy = |p: &Vec2| [p.x, p.y];
    let colliders = polygons
        .iter()
        .enumerate()
        .map(|(i, p)| ColliderSpec {
            name: if i == 0 { stem.to_owned() } else { format!("{stem}_{i}") },
            shape: ShapeSpec::Polygon {
                outline: p.outline().iter().map(xy).collect(),
                holes: p.holes().iter().map(|h| h.iter().map(xy).collect()).collect(),
            },
            transform: TransformSpec::default(),
            parent: None,
        })
        .collect();
    SceneFile { y_axis: YAxis::Down, colliders }
}

/// The sprite enlarged so its pixels show (nearest neighbour), outlines drawn over it.
pub fn overlay(traced: &Traced) -> Result<Picture, CliError> {
    let (w, h) = traced.picture.dimensions();
    let zoom = (768 / w.max(h)).clamp(1, 16);
    // A border, so that outlines along the picture's edges show whole.
    let pad = 8;
    let (pw, ph) = (w * zoom + 2 * pad, h * zoom + 2 * pad);
    let region = Aabb::new(Vec2::ZERO, Vec2::new(w as f32, h as f32)).map_err(|e| CliError::new(e.to_string()))?;
    let view = View::fit(&region, pw, ph, pad as f32, false);
    // A dark backdrop, so that white and pale sprites show; bright outlines over them.
    let style = Style { background: [48, 48, 56, 255], apart: [255, 230, 0, 255], ..Style::default() };
    let mut picture = Picture::new(view, style).ok_or_else(|| CliError::new("picture too large"))?;
    picture.blit_at(traced.picture.as_raw(), w, h, zoom, (pad, pad));
    // A dark band under each bright outline, so that it shows on pale and yellow sprites too.
    let shapes: Vec<Shape> = traced.polygons.iter().map(|p| Shape::Polygon(p.clone())).collect();
    for shape in &shapes {
        picture.outline(shape, [0, 0, 0, 255], style.line * 2.5);
    }
    for shape in &shapes {
        picture.outline(shape, style.apart, style.line);
    }
    Ok(picture)
}
