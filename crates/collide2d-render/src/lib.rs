//! One renderer for collide2d's command line and demos: shapes, bounding boxes, contact points,
//! push-out arrows and lines of text drawn with `tiny-skia` into an RGBA picture.
//!
//! A [`View`] maps the world onto the picture (fitting a region, either way up); a [`Picture`]
//! draws onto it. Colliding shapes are drawn in [`Style::colliding`] (red) and the others in
//! [`Style::apart`] (green), as in the tutorials the crate grew from.
//!
//! ```
//! use collide2d::{Aabb, Circle, Shape, Vec2};
//! use collide2d_render::{Picture, Style, View};
//! let ball: Shape = Circle::new(Vec2::new(2.0, 2.0), 1.0)?.into();
//! let view = View::fit(&Aabb::from_xywh(0.0, 0.0, 4.0, 4.0)?, 64, 64, 4.0, true);
//! let mut picture = Picture::new(view, Style::default()).expect("non-zero size");
//! picture.shape(&ball, true);
//! // The centre pixel is red: the ball is drawn as colliding.
//! let [r, g, _, _] = picture.pixel(32, 32);
//! assert!(r > g + 40);
//! # Ok::<(), collide2d::ShapeError>(())
//! ```

#![warn(missing_docs)]

pub mod demo;

/// The README's Rust snippet, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use collide2d::{Aabb, Contact, Shape, Vec2};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// How world coordinates land on the picture: a uniform scale about a centre, with y pointing
/// up (mathematics, physics) or down (screens, most 2D games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// The world point at the picture's centre.
    pub center: Vec2,
    /// Pixels per world unit.
    pub scale: f32,
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
    /// Whether world +y points up the picture.
    pub y_up: bool,
}

impl View {
    /// The view that shows `region` whole, centred, with `margin` pixels left on every side.
    pub fn fit(region: &Aabb, width: u32, height: u32, margin: f32, y_up: bool) -> Self {
        let size = region.max() - region.min();
        let room = Vec2::new(width as f32 - 2.0 * margin, height as f32 - 2.0 * margin).max(Vec2::ONE);
        let scale = (room.x / size.x.max(1e-6)).min(room.y / size.y.max(1e-6));
        Self { center: region.center(), scale: if scale.is_finite() { scale } else { 1.0 }, width, height, y_up }
    }

    /// Where a world point lands, in pixels from the top-left corner.
    pub fn to_pixel(&self, p: Vec2) -> Vec2 {
        let d = (p - self.center) * self.scale;
        let half = Vec2::new(self.width as f32, self.height as f32) * 0.5;
        Vec2::new(half.x + d.x, if self.y_up { half.y - d.y } else { half.y + d.y })
    }

    /// The world point under a pixel position (the inverse of [`to_pixel`](Self::to_pixel)).
    pub fn to_world(&self, pixel: Vec2) -> Vec2 {
        let half = Vec2::new(self.width as f32, self.height as f32) * 0.5;
        let d = Vec2::new(pixel.x - half.x, if self.y_up { half.y - pixel.y } else { pixel.y - half.y });
        self.center + d / self.scale
    }
}

/// Colours and line widths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Background, RGBA.
    pub background: [u8; 4],
    /// Shapes that collide with something.
    pub colliding: [u8; 4],
    /// Shapes that collide with nothing.
    pub apart: [u8; 4],
    /// Bounding boxes.
    pub bounds: [u8; 4],
    /// Contact points and push-out arrows.
    pub contact: [u8; 4],
    /// Text.
    pub text: [u8; 4],
    /// Outline width in pixels.
    pub line: f32,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            background: [250, 250, 246, 255],
            colliding: [220, 40, 40, 255],
            apart: [40, 160, 70, 255],
            bounds: [120, 120, 200, 255],
            contact: [20, 20, 20, 255],
            text: [20, 20, 20, 255],
            line: 2.0,
        }
    }
}

/// A picture being drawn: a `tiny-skia` pixmap, a view and a style.
pub struct Picture {
    pixmap: Pixmap,
    view: View,
    style: Style,
}

fn colour([r, g, b, a]: [u8; 4]) -> Color {
    Color::from_rgba8(r, g, b, a)
}

fn paint(rgba: [u8; 4]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(colour(rgba));
    p.anti_alias = true;
    p
}

impl Picture {
    /// A blank picture of the view's size; `None` when a side is zero or too large.
    pub fn new(view: View, style: Style) -> Option<Self> {
        let mut pixmap = Pixmap::new(view.width, view.height)?;
        pixmap.fill(colour(style.background));
        Some(Self { pixmap, view, style })
    }

    /// The view.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The pixels, RGBA8 premultiplied by alpha, rows from the top (opaque wherever the background
    /// is, so equal to plain RGBA there).
    pub fn rgba(&self) -> &[u8] {
        self.pixmap.data()
    }

    /// The RGBA of one pixel (premultiplied); transparent black outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        // tiny-skia checks only the index `y × width + x`: a column past the right edge would
        // read the next row's pixel.
        if x >= self.pixmap.width() || y >= self.pixmap.height() {
            return [0; 4];
        }
        self.pixmap.pixel(x, y).map_or([0; 4], |c| [c.red(), c.green(), c.blue(), c.alpha()])
    }

    /// The picture as PNG bytes.
    pub fn encode_png(&self) -> Result<Vec<u8>, String> {
        self.pixmap.encode_png().map_err(|e| e.to_string())
    }

    /// Draws a world-space shape: filled lightly and outlined, red when `colliding`, else green.
    pub fn shape(&mut self, shape: &Shape, colliding: bool) {
        let rgba = if colliding { self.style.colliding } else { self.style.apart };
        let Some(path) = self.shape_path(shape) else { return };
        let flat = matches!(shape, Shape::Point(_) | Shape::Segment(_));
        if !flat {
            let [r, g, b, _] = rgba;
            self.pixmap.fill_path(&path, &paint([r, g, b, 90]), FillRule::EvenOdd, Transform::identity(), None);
        }
        let stroke = Stroke { width: if flat { self.style.line * 1.5 } else { self.style.line }, ..Stroke::default() };
        self.pixmap.stroke_path(&path, &paint(rgba), &stroke, Transform::identity(), None);
        if let Shape::Point(p) = shape {
            self.dot(*p, 3.0, rgba);
        }
    }

    /// Strokes a shape's outline only (no fill), `width` pixels wide, in `rgba`: drawn twice,
    /// wide and dark then narrow and bright, it shows over any picture.
    pub fn outline(&mut self, shape: &Shape, rgba: [u8; 4], width: f32) {
        let Some(path) = self.shape_path(shape) else { return };
        let stroke = Stroke { width, ..Stroke::default() };
        self.pixmap.stroke_path(&path, &paint(rgba), &stroke, Transform::identity(), None);
    }

    /// Draws a bounding box outline.
    pub fn aabb(&mut self, b: &Aabb) {
        let (lo, hi) = (self.view.to_pixel(b.min()), self.view.to_pixel(b.max()));
        let mut pb = PathBuilder::new();
        if let Some(rect) = Rect::from_ltrb(lo.x.min(hi.x), lo.y.min(hi.y), lo.x.max(hi.x), lo.y.max(hi.y)) {
            pb.push_rect(rect);
        }
        if let Some(path) = pb.finish() {
            // One pixel wide: Stroke's default width.
            let stroke = Stroke { dash: tiny_skia::StrokeDash::new(vec![4.0, 3.0], 0.0), ..Stroke::default() };
            self.pixmap.stroke_path(&path, &paint(self.style.bounds), &stroke, Transform::identity(), None);
        }
    }

    /// Draws a contact's points (dots on both surfaces) and, with `arrow`, the push-out of `b`
    /// from the first point: `normal × depth`, drawn at least 12 pixels long so it shows.
    pub fn contact(&mut self, c: &Contact, arrow: bool) {
        for p in c.points() {
            self.dot(p.point_a, 3.0, self.style.contact);
            self.dot(p.point_b, 2.0, self.style.contact);
        }
        if let (true, Some(p)) = (arrow, c.points().first()) {
            let length = (c.depth * self.view.scale).max(12.0) / self.view.scale;
            self.arrow(p.point_b, p.point_b + c.normal * length, self.style.contact);
        }
    }

    /// Draws an arrow between two world points.
    pub fn arrow(&mut self, from: Vec2, to: Vec2, rgba: [u8; 4]) {
        let (a, b) = (self.view.to_pixel(from), self.view.to_pixel(to));
        let Some(dir) = (b - a).try_normalize() else { return };
        let head = 8.0f32.min((b - a).length());
        let (l, r) = (b - dir * head + dir.perp() * head * 0.5, b - dir * head - dir.perp() * head * 0.5);
        let mut pb = PathBuilder::new();
        pb.move_to(a.x, a.y);
        pb.line_to(b.x, b.y);
        pb.move_to(l.x, l.y);
        pb.line_to(b.x, b.y);
        pb.line_to(r.x, r.y);
        if let Some(path) = pb.finish() {
            let stroke = Stroke { width: 2.0, ..Stroke::default() };
            self.pixmap.stroke_path(&path, &paint(rgba), &stroke, Transform::identity(), None);
        }
    }

    /// Writes a line of text (ASCII; other characters show as `?`) with its top-left corner at
    /// pixel `(x, y)`, in 8×8 glyphs scaled by `size` (1, 2, …).
    pub fn text(&mut self, x: f32, y: f32, text: &str, size: u32) {
        use font8x8::UnicodeFonts;
        let s = size.max(1) as f32;
        let p = paint(self.style.text);
        for (i, ch) in text.chars().enumerate() {
            let glyph = font8x8::BASIC_FONTS.get(ch).or_else(|| font8x8::BASIC_FONTS.get('?')).unwrap_or([0; 8]);
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits & (1 << col) != 0 {
                        let (gx, gy) = (x + (i * 8 + col) as f32 * s, y + row as f32 * s);
                        if let Some(rect) = Rect::from_xywh(gx, gy, s, s) {
                            self.pixmap.fill_rect(rect, &p, Transform::identity(), None);
                        }
                    }
                }
            }
        }
    }

    /// A small coloured square and its label, for legends.
    pub fn legend_entry(&mut self, x: f32, y: f32, rgba: [u8; 4], label: &str) {
        if let Some(rect) = Rect::from_xywh(x, y, 12.0, 12.0) {
            self.pixmap.fill_rect(rect, &paint(rgba), Transform::identity(), None);
        }
        self.text(x + 18.0, y + 2.0, label, 1);
    }

    /// Paints an RGBA8 picture (`width × height`, rows from the top, not premultiplied) at the
    /// top-left corner, each of its pixels a `zoom × zoom` block, over what is there.
    pub fn blit(&mut self, rgba: &[u8], width: u32, height: u32, zoom: u32) {
        self.blit_at(rgba, width, height, zoom, (0, 0));
    }

    /// [`blit`](Self::blit) with the picture's top-left corner at pixel `(left, top)`.
    pub fn blit_at(&mut self, rgba: &[u8], width: u32, height: u32, zoom: u32, (left, top): (u32, u32)) {
        let (pw, ph) = (self.pixmap.width(), self.pixmap.height());
        let zoom = zoom.max(1);
        let data = self.pixmap.data_mut();
        for y in 0..height.min(ph.saturating_sub(top).div_ceil(zoom)) {
            for x in 0..width.min(pw.saturating_sub(left).div_ceil(zoom)) {
                let i = ((y * width + x) * 4) as usize;
                let Some(src) = rgba.get(i..i + 4) else { return };
                let a = src[3] as u32;
                for dy in 0..zoom {
                    for dx in 0..zoom {
                        let (px, py) = (left + x * zoom + dx, top + y * zoom + dy);
                        if px >= pw || py >= ph {
                            continue;
                        }
                        let j = ((py * pw + px) * 4) as usize;
                        for k in 0..3 {
                            let d = data[j + k] as u32;
                            data[j + k] = ((src[k] as u32 * a + d * (255 - a)) / 255) as u8;
                        }
                        data[j + 3] = 255 - ((255 - data[j + 3] as u32) * (255 - a) / 255) as u8;
                    }
                }
            }
        }
    }

    /// The style in use.
    pub fn style(&self) -> &Style {
        &self.style
    }

    fn dot(&mut self, at: Vec2, radius: f32, rgba: [u8; 4]) {
        let p = self.view.to_pixel(at);
        if let Some(path) = PathBuilder::from_circle(p.x, p.y, radius) {
            self.pixmap.fill_path(&path, &paint(rgba), FillRule::Winding, Transform::identity(), None);
        }
    }

    fn shape_path(&self, shape: &Shape) -> Option<tiny_skia::Path> {
        let mut pb = PathBuilder::new();
        let v = &self.view;
        let mut ring = |pts: &mut dyn Iterator<Item = Vec2>| {
            for (i, p) in pts.enumerate() {
                let q = v.to_pixel(p);
                if i == 0 {
                    pb.move_to(q.x, q.y);
                } else {
                    pb.line_to(q.x, q.y);
                }
            }
            pb.close();
        };
        match shape {
            Shape::Point(p) => {
                let q = v.to_pixel(*p);
                return PathBuilder::from_circle(q.x, q.y, 4.0);
            }
            Shape::Segment(s) => {
                let (a, b) = (v.to_pixel(s.a()), v.to_pixel(s.b()));
                pb.move_to(a.x, a.y);
                pb.line_to(b.x, b.y);
            }
            Shape::Aabb(b) => ring(&mut b.corners().into_iter()),
            Shape::Obb(o) => ring(&mut o.corners().into_iter()),
            Shape::ConvexPolygon(c) => ring(&mut c.vertices().iter().copied()),
            Shape::Circle(c) => {
                let q = v.to_pixel(c.center());
                return PathBuilder::from_circle(q.x, q.y, (c.radius() * v.scale).max(0.5));
            }
            Shape::Capsule(k) => {
                let axis = (k.b() - k.a()).try_normalize().unwrap_or(Vec2::X);
                let arc = |c: Vec2, from: Vec2| {
                    (0..=24).map(move |i| {
                        c + Vec2::from_angle(i as f32 * std::f32::consts::PI / 24.0).rotate(from) * k.radius()
                    })
                };
                ring(&mut arc(k.b(), -axis.perp()).chain(arc(k.a(), axis.perp())));
            }
            Shape::Polygon(p) => {
                ring(&mut p.outline().iter().copied());
                for hole in p.holes() {
                    ring(&mut hole.iter().copied());
                }
            }
            Shape::TileMap(m) => {
                for row in 0..m.height() {
                    for col in 0..m.width() {
                        if let Some(outline) = m.tile_outline(col, row) {
                            ring(&mut outline.into_iter());
                        }
                    }
                }
            }
        }
        pb.finish()
    }
}

#[cfg(test)]
mod tests;
