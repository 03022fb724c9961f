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

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w` × `h` picture, clear but for a white square of pixels from (20, 20) to (40, 40),
    /// with that square's outline as its polygon.
    fn square_sprite(w: u32, h: u32) -> Traced {
        let solid = |x: u32, y: u32| (20..40).contains(&x) && (20..40).contains(&y);
        let picture = image::RgbaImage::from_fn(w, h, |x, y| image::Rgba(if solid(x, y) { [255; 4] } else { [0; 4] }));
        let corners = [(20.0, 20.0), (40.0, 20.0), (40.0, 40.0), (20.0, 40.0)];
        let square = Polygon::new(&corners.map(|(x, y)| Vec2::new(x, y))).unwrap();
        Traced { polygons: vec![square], counts: Vec::new(), picture }
    }

    #[test]
    fn the_overlay_enlarges_the_sprite_to_about_768_pixels_with_an_8_pixel_border() {
        // 768 / 100 rounds down to 7 and 768 / 50 to 15; small sprites stop at 16, huge ones
        // at 1.
        let sizes = [((100, 60), (716, 436)), ((60, 100), (436, 716)), ((50, 50), (766, 766)), ((40, 40), (656, 656))];
        for ((w, h), (pw, ph)) in sizes {
            let picture = overlay(&square_sprite(w, h)).unwrap();
            assert_eq!((picture.view().width, picture.view().height), (pw, ph), "{w} × {h}");
        }
        let wide = overlay(&square_sprite(1000, 45)).unwrap();
        assert_eq!((wide.view().width, wide.view().height), (1016, 61));
    }

    #[test]
    fn outlines_are_yellow_on_a_dark_band_over_a_dark_backdrop() {
        // 100 × 60 at 7 pixels a pixel, 8 of border: sprite x = 20 lands on pixel 148.
        let picture = overlay(&square_sprite(100, 60)).unwrap();
        // The border and the clear pixels show the backdrop.
        assert_eq!(picture.pixel(2, 2), [48, 48, 56, 255]);
        assert_eq!(picture.pixel(60, 60), [48, 48, 56, 255]);
        // The top edge (y = 20, pixel row 148) in the middle: the bright outline, 2 pixels wide.
        let [r, g, b, _] = picture.pixel(8 + 30 * 7, 148);
        assert!(r > 200 && g > 180 && b < 60, "{:?}", [r, g, b]);
        // Inside the white square, the dark band (5 pixels wide, centred on the edge) covers
        // half of the column from 150 to 151 along the left edge, and none of the next.
        let mid = 8 + 30 * 7;
        let [r, ..] = picture.pixel(150, mid);
        assert!((100..160).contains(&r), "half covered: {r}");
        assert_eq!(picture.pixel(151, mid), [255; 4]);
    }
}
