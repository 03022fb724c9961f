//! `collide2d render`: the scene as a picture, colliding shapes red and the others green.

use collide2d_render::{Picture, Style, View};

use crate::check::Report;
use crate::error::CliError;
use crate::scene::{bounds, Scene, YAxis};

/// What to draw besides the shapes.
#[derive(Clone, Copy, Debug)]
pub struct Overlays {
    /// Each collider's bounding box.
    pub bounds: bool,
    /// Contact points.
    pub contacts: bool,
    /// Push-out arrows (how to move the second collider of each pair out of the first).
    pub arrows: bool,
    /// Names next to the shapes.
    pub labels: bool,
    /// The legend and status line.
    pub legend: bool,
}

/// Draws the scene with the report's verdicts.
pub fn render(
    scene: &Scene,
    report: &Report,
    width: u32,
    height: u32,
    overlays: Overlays,
) -> Result<Picture, CliError> {
    let top = if overlays.legend { 40.0 } else { 0.0 };
    let region = bounds(scene);
    let y_up = scene.y_axis == YAxis::Up;
    let mut view = View::fit(&region, width, (height as f32 - top).max(1.0) as u32, 24.0, y_up);
    view.height = height;
    // Shift the drawing below the legend band.
    view.center.y += if y_up { top * 0.5 / view.scale } else { -top * 0.5 / view.scale };
    let mut picture = Picture::new(view, Style::default())
        .ok_or_else(|| CliError::new(format!("cannot make a {width}×{height} picture")))?;
    let mut hit = vec![false; scene.colliders.len()];
    for p in &report.colliding {
        hit[p.ia] = true;
        hit[p.ib] = true;
    }
    for (c, &colliding) in scene.colliders.iter().zip(&hit) {
        picture.shape(&c.world, colliding);
        if overlays.bounds {
            picture.aabb(&c.world.aabb());
        }
    }
    for p in &report.colliding {
        if let Some(c) = &p.contact {
            if overlays.contacts || overlays.arrows {
                picture.contact(&c.value, overlays.arrows);
            }
        }
    }
    if overlays.labels {
        for c in &scene.colliders {
            // Above the bounding box's top-left corner, as seen in the picture.
            let b = c.world.aabb();
            let (p, q) = (picture.view().to_pixel(b.min()), picture.view().to_pixel(b.max()));
            picture.text(p.x.min(q.x), p.y.min(q.y) - 10.0, &c.name, 1);
        }
    }
    if overlays.legend {
        let style = *picture.style();
        picture.legend_entry(10.0, 8.0, style.colliding, "colliding");
        picture.legend_entry(120.0, 8.0, style.apart, "apart");
        let status = format!(
            "{} colliders, {} colliding pairs, detector: {}, y {}",
            report.colliders,
            report.colliding.len(),
            report.detector,
            if y_up { "up" } else { "down" }
        );
        picture.text(10.0, 26.0, &status, 1);
    }
    Ok(picture)
}
