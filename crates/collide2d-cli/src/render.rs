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

/// The height of the band at the top that the legend and status line take, in pixels.
const LEGEND_BAND: f32 = 40.0;

/// The view of `region` in a `width` × `height` picture whose top `top` pixels are kept for the
/// legend: fitted to the rest with a 24-pixel margin, and shifted down below the band.
fn scene_view(region: &Aabb, y_up: bool, width: u32, height: u32, top: f32) -> View {
    let mut view = View::fit(region, width, (height as f32 - top).max(1.0) as u32, 24.0, y_up);
    view.height = height;
    // The fit centred the region in a picture `top` shorter: half the band further down.
    view.center.y += if y_up { top * 0.5 / view.scale } else { -top * 0.5 / view.scale };
    view
}

/// Where a collider's label goes: 10 pixels above its bounding box's top-left corner, as seen
/// in the picture (either way up).
fn label_corner(view: &View, b: &Aabb) -> Vec2 {
    let (p, q) = (view.to_pixel(b.min()), view.to_pixel(b.max()));
    Vec2::new(p.x.min(q.x), p.y.min(q.y) - 10.0)
}

/// The status line cut to a picture `width` pixels wide (8 pixels a character, 10 of margin
/// each side), ending in `~` where cut, so that a narrow picture shows the start of the line
/// rather than a clipped glyph.
fn cut_to_width(status: String, width: u32) -> String {
    let fits = ((width as usize).saturating_sub(20)) / 8;
    if status.chars().count() > fits {
        status.chars().take(fits.saturating_sub(1)).chain(['~']).collect()
    } else {
        status
    }
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
    let top = if overlays.legend { LEGEND_BAND } else { 0.0 };
    let y_up = scene.y_axis == YAxis::Up;
    let view = scene_view(&bounds(scene), y_up, width, height, top);
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
        let labels: Vec<(Vec2, &str)> =
            scene.colliders.iter().map(|c| (label_corner(picture.view(), &c.world.aabb()), c.name.as_str())).collect();
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
        picture.text(10.0, 26.0, &cut_to_width(status, width), 1);
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

    #[test]
    fn the_scene_fills_the_picture_below_the_legend_band_either_way_up() {
        // A 10 × 10 region in 200 × 140 with the 40-pixel band: the 100 pixels left, less the
        // margins, give 52 for 10 units, so 5.2 pixels a unit (the width would allow 15.2).
        let region = Aabb::new(Vec2::ZERO, Vec2::splat(10.0)).unwrap();
        for y_up in [false, true] {
            let view = scene_view(&region, y_up, 200, 140, LEGEND_BAND);
            assert!((view.scale - 5.2).abs() < 1e-5, "y up {y_up}: {view:?}");
            assert_eq!((view.width, view.height), (200, 140));
            // The region's centre at the middle of what is below the band, its top edge 24
            // pixels below the band and its bottom edge 24 above the picture's.
            let middle = view.to_pixel(region.center());
            assert!((middle - Vec2::new(100.0, 90.0)).length() < 1e-3, "y up {y_up}: {middle}");
            let (top_edge, bottom_edge) = if y_up { (10.0, 0.0) } else { (0.0, 10.0) };
            assert!((view.to_pixel(Vec2::new(5.0, top_edge)).y - 64.0).abs() < 1e-3, "y up {y_up}");
            assert!((view.to_pixel(Vec2::new(5.0, bottom_edge)).y - 116.0).abs() < 1e-3, "y up {y_up}");
        }
        // Without the band, centred in the whole picture.
        let view = scene_view(&region, false, 200, 140, 0.0);
        assert!((view.to_pixel(region.center()) - Vec2::new(100.0, 70.0)).length() < 1e-3);
    }

    #[test]
    fn a_label_sits_ten_pixels_above_its_box_as_seen_in_the_picture() {
        let region = Aabb::new(Vec2::ZERO, Vec2::splat(10.0)).unwrap();
        let b = Aabb::new(Vec2::new(2.0, 3.0), Vec2::new(4.0, 6.0)).unwrap();
        // 5.2 pixels a unit about (100, 90) for the region's centre (5, 5): the box's left edge
        // at 100 − 3 × 5.2; its top edge y = 3 going down the picture, y = 6 going up.
        let down = label_corner(&scene_view(&region, false, 200, 140, LEGEND_BAND), &b);
        assert!((down - Vec2::new(84.4, 90.0 - 2.0 * 5.2 - 10.0)).length() < 1e-3, "{down}");
        let up = label_corner(&scene_view(&region, true, 200, 140, LEGEND_BAND), &b);
        assert!((up - Vec2::new(84.4, 90.0 - 5.2 - 10.0)).length() < 1e-3, "{up}");
    }

    #[test]
    fn the_status_line_is_cut_to_the_characters_that_fit_and_marked() {
        // 100 pixels wide: 80 for text, 10 characters.
        let ten = "0123456789".to_owned();
        assert_eq!(cut_to_width(ten.clone(), 100), ten);
        assert_eq!(cut_to_width("0123456789A".to_owned(), 100), "012345678~");
        assert_eq!(cut_to_width("short".to_owned(), 100), "short");
        assert_eq!(cut_to_width(ten.clone(), 107), ten);
        assert_eq!(cut_to_width(ten, 10), "~");
    }

    /// Two colliders overlapping at the top of a y-up scene (a box and a disc), one apart at
    /// the bottom (a small box), with the exact detector's report.
    fn stacked_scene() -> (Scene, Report) {
        let json = r#"{"y_axis": "up", "colliders": [
            {"name": "a", "shape": {"kind": "aabb", "min": [0, 8], "max": [4, 10]}},
            {"name": "b", "shape": {"kind": "circle", "center": [4, 9], "radius": 1}},
            {"name": "c", "shape": {"kind": "aabb", "min": [0, 0], "max": [2, 2]}}
        ]}"#;
        let scene = crate::scene::parse(json, "stacked", std::path::Path::new(".")).unwrap();
        let report =
            crate::check::check(&scene, "stacked", crate::check::Method::Exact, collide2d::ContactBudget::UNBOUNDED)
                .unwrap();
        (scene, report)
    }

    const NO_OVERLAYS: Overlays =
        Overlays { bounds: false, contacts: false, arrows: false, labels: false, legend: false };

    #[test]
    fn a_y_up_scene_is_drawn_with_its_top_at_the_top_of_the_picture() {
        let (scene, report) = stacked_scene();
        let picture = render(&scene, &report, 200, 200, NO_OVERLAYS).unwrap();
        let view = scene_view(&bounds(&scene), true, 200, 200, 0.0);
        let at = |p: Vec2| {
            let q = view.to_pixel(p);
            picture.pixel(q.x as u32, q.y as u32)
        };
        // Inside the colliding box (high in the world, so near the picture's top), red; inside
        // the lone box near the bottom, green.
        let ([r, g, ..], [r2, g2, ..]) = (at(Vec2::new(1.0, 9.0)), at(Vec2::new(1.0, 1.0)));
        assert!(view.to_pixel(Vec2::new(1.0, 9.0)).y < 100.0);
        assert!(r > g + 30, "the colliding box: {r}, {g}");
        assert!(g2 > r2 + 30, "the box apart: {r2}, {g2}");
    }

    #[test]
    fn contact_points_are_drawn_without_the_arrows() {
        let (scene, report) = stacked_scene();
        let contact = &report.colliding[0].contact.as_ref().unwrap().value;
        let view = scene_view(&bounds(&scene), true, 200, 200, 0.0);
        let point = view.to_pixel(contact.points()[0].point_a);
        let (x, y) = (point.x as u32, point.y as u32);
        let dark = |[r, g, b, _]: [u8; 4]| r < 80 && g < 80 && b < 80;
        let only_contacts = Overlays { contacts: true, ..NO_OVERLAYS };
        assert!(dark(render(&scene, &report, 200, 200, only_contacts).unwrap().pixel(x, y)));
        assert!(!dark(render(&scene, &report, 200, 200, NO_OVERLAYS).unwrap().pixel(x, y)));
    }
}
