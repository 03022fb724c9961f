//! Polygons from vertices, from shapes, and traced from sprites with a level of detail: the
//! founding scenario of concave hitboxes made three ways. The guide's page
//! (docs/guide/pages/scenarios/polygons.md) shows this file's marked sections and the picture
//! it writes when given a folder: `polygons.png`, a ship traced at each level of detail.

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::polygon::CurveDetail;
use collide2d::prelude::*;
use collide2d::trace::{trace, Detail};
use collide2d::Polygon;
use collide2d_guide::{label, save};
use collide2d_render::{Picture, Style, View};

/// Every vertex of a polygon, its holes' included.
fn vertex_count(p: &Polygon) -> usize {
    p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // --8<-- [start:vertices]
    // From vertices: any simple outline, concave or not, in either winding.
    let arrow = Polygon::new(&[
        Vec2::new(0.0, 1.0),
        Vec2::new(3.0, 1.0),
        Vec2::new(3.0, 0.0),
        Vec2::new(5.0, 2.0),
        Vec2::new(3.0, 4.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(0.0, 3.0),
    ])?;
    assert_eq!((vertex_count(&arrow), arrow.area()), (7, 10.0));
    // An outline that crosses itself is refused when it is made, naming what is wrong.
    let bow_tie = Polygon::new(&[Vec2::ZERO, Vec2::new(2.0, 2.0), Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)]);
    println!("a bow tie: {}", bow_tie.expect_err("edges that cross"));
    // --8<-- [end:vertices]

    // --8<-- [start:shapes]
    // From shapes: boxes and convex polygons exactly, curves cut into as many edges as asked.
    let crate_ =
        Polygon::from_shape(&Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), 0.3)?.into(), CurveDetail::Segments(8))?;
    let wheel = Circle::new(Vec2::ZERO, 10.0)?;
    let coarse = Polygon::from_shape(&wheel.into(), CurveDetail::Segments(12))?;
    let fine = Polygon::from_shape(&wheel.into(), CurveDetail::MaxChordError(0.1))?;
    println!(
        "a box: {} vertices; a circle: {} or {}",
        vertex_count(&crate_),
        vertex_count(&coarse),
        vertex_count(&fine)
    );
    assert_eq!((vertex_count(&crate_), vertex_count(&coarse), vertex_count(&fine)), (4, 12, 23));
    // --8<-- [end:shapes]

    // --8<-- [start:trace]
    // From a sprite: its solid pixels (alpha above 0 by default) traced into one polygon per
    // island, each with its holes, in the sprite's pixel coordinates (y down).
    let png = include_bytes!("../../../../../crates/collide2d/tests/data/sprites/playerShip2_orange.png");
    let sprite = image::load_from_memory(png)?.into_rgba8();
    let pixels = Rgba8::from(&sprite);
    let levels = [Detail::Exact, Detail::Optimal, Detail::More, Detail::Less];
    let mut traced = Vec::new();
    for detail in levels {
        let polygons = trace(&pixels, &Solidity::default(), detail)?;
        let vertices: usize = polygons.iter().map(vertex_count).sum();
        let area: f32 = polygons.iter().map(Polygon::area).sum();
        println!(
            "{:<8} {} polygon(s), {vertices:4} vertices, area {area:.0} pixels",
            format!("{detail:?}"),
            polygons.len()
        );
        traced.push((detail, polygons, vertices, area));
    }
    // Each coarser level keeps fewer vertices, and its area strays from the exact one by no more
    // than its share (1 %, 7.5 %, 15 %).
    let exact_area = traced[0].3;
    for pair in traced.windows(2) {
        assert!(pair[1].2 <= pair[0].2);
    }
    for (detail, _, _, area) in &traced {
        assert!((area - exact_area).abs() <= detail.area_tolerance() * exact_area);
    }
    // --8<-- [end:trace]

    // --8<-- [start:picture]
    // The sprite four times, twice its size, each copy with one level's outlines over it. The
    // view puts the sprite's pixel (0, 0) at the top-left of the first copy, one world unit
    // being one sprite pixel, so the traced polygons are drawn where their pixels are.
    let (w, h, zoom, gap) = (sprite.width() as f32, sprite.height() as f32, 2.0, 24.0);
    let (width, height) = (2.0 * (w * zoom + gap), 2.0 * (h * zoom + gap));
    let view = View {
        center: Vec2::new(width, height) / (2.0 * zoom) - Vec2::splat(gap / 2.0 / zoom),
        scale: zoom,
        width: width as u32,
        height: height as u32,
        y_up: false,
    };
    let mut picture = Picture::new(view, Style::default()).ok_or("picture size")?;
    for (i, (detail, polygons, vertices, _)) in traced.iter().enumerate() {
        let corner = Vec2::new((i % 2) as f32 * (w + gap / zoom), (i / 2) as f32 * (h + gap / zoom));
        let at = view.to_pixel(corner);
        picture.blit_at(sprite.as_raw(), sprite.width(), sprite.height(), zoom as u32, (at.x as u32, at.y as u32));
        let place = Transform::from_translation(corner);
        for polygon in polygons {
            picture.outline(&Shape::from(polygon.transformed(&place)?), [20, 20, 20, 255], 1.5);
        }
        label(&mut picture, corner + Vec2::new(0.0, h + 1.0), &format!("{detail:?}: {vertices} vertices"), 1);
    }
    save(&picture, "polygons.png")?;
    // --8<-- [end:picture]
    Ok(())
}
