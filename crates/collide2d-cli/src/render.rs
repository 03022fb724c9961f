//! `collide2d render`: the scene as a picture, colliding shapes red and the others green.

use collide2d::{contains, intersects, Aabb, Vec2};
use collide2d_render::{Picture, Style, View};

use crate::check::Report;
use crate::error::CliError;
use crate::scene::{bounds, Scene, YAxis};

/// The labels (top-left corner, text in 8×8 glyphs) worth writing, in order: those that lie
/// inside the picture and keep 2 pixels clear of every label written before them. In a small
/// picture of a crowded scene, fewer names that can be read rather than a pile.
fn readable<'a>(labels: &[(Vec2, &'a str)], width: u32, height: u32) -> Vec<(Vec2, &'a str)> {
    let Ok(frame) = Aabb::new(Vec2::ZERO, Vec2::new(width as f32, height as f32)) else { return Vec::new() };
    let mut written: Vec<(Aabb, (Vec2, &str))> = Vec::new();
    for &(corner, name) in labels {
        let size = Vec2::new(8.0 * name.chars().count() as f32, 8.0);
        let Ok(label) = Aabb::new(corner, corner + size) else { continue };
        let clear = |w: &Aabb| !intersects(&w.expanded(2.0), &label);
        if contains(&frame, &label) && written.iter().all(|(w, _)| clear(w)) {
            written.push((label, (corner, name)));
        }
    }
    written.into_iter().map(|(_, l)| l).collect()
}

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
        // Each label above its bounding box's top-left corner, as seen in the picture.
        let labels: Vec<(Vec2, &str)> = scene
            .colliders
            .iter()
            .map(|c| {
                let b = c.world.aabb();
                let (p, q) = (picture.view().to_pixel(b.min()), picture.view().to_pixel(b.max()));
                (Vec2::new(p.x.min(q.x), p.y.min(q.y) - 10.0), c.name.as_str())
            })
            .collect();
        for (corner, name) in readable(&labels, width, height) {
            picture.text(corner.x, corner.y, name, 1);
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
        // Cut to the picture's width (8 pixels a character), so that a narrow picture shows
        // the start of the line rather than a clipped glyph.
        let fits = ((width as usize).saturating_sub(20)) / 8;
        let status: String = if status.chars().count() > fits {
            status.chars().take(fits.saturating_sub(1)).chain(['~']).collect()
        } else {
            status
        };
        picture.text(10.0, 26.0, &status, 1);
    }
    Ok(picture)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_that_would_pile_up_or_leave_the_picture_are_left_out() {
        let labels = [
            (Vec2::new(10.0, 10.0), "ball"),
            (Vec2::new(14.0, 12.0), "covers ball"),
            (Vec2::new(44.0, 10.0), "too close"),
            (Vec2::new(46.0, 10.0), "beside"),
            (Vec2::new(190.0, 50.0), "off the right edge"),
            (Vec2::new(10.0, -4.0), "above"),
            (Vec2::new(10.0, 22.0), "below"),
        ];
        let names: Vec<&str> = readable(&labels, 200, 120).into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["ball", "beside", "below"]);
        assert!(readable(&labels, 0, 0).is_empty());
    }
}
