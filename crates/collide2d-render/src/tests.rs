//! Pixel probes of the drawing primitives: each test works out from the geometry which pixels
//! a shape must cover and which it cannot reach.

use super::*;
use collide2d::{Capsule, ContactPoint, Segment};

const WHITE: [u8; 4] = [255, 255, 255, 255];
const INK: [u8; 4] = [0, 0, 0, 255];

/// A view in which world coordinates are pixel coordinates (scale 1, y down).
fn pixel_view(width: u32, height: u32) -> View {
    View { center: Vec2::new(width as f32 / 2.0, height as f32 / 2.0), scale: 1.0, width, height, y_up: false }
}

/// A white picture of that view, in the default style otherwise.
fn blank(view: View) -> Picture {
    Picture::new(view, Style { background: WHITE, ..Style::default() }).expect("a valid size")
}

fn near(got: [u8; 4], want: [u8; 4], tolerance: i32) -> bool {
    got.iter().zip(want).all(|(&g, w)| (g as i32 - w as i32).abs() <= tolerance)
}

/// The pixels of a picture, as `(x, y, rgba)`.
fn pixels(picture: &Picture) -> impl Iterator<Item = (u32, u32, [u8; 4])> + '_ {
    let v = *picture.view();
    (0..v.height).flat_map(move |y| (0..v.width).map(move |x| (x, y, picture.pixel(x, y))))
}

/// A straight stroke of a line `width` wide with butt ends, from `a` to `b` (pixels).
struct Band {
    a: Vec2,
    b: Vec2,
    half: f32,
}

impl Band {
    fn new(a: Vec2, b: Vec2, width: f32) -> Self {
        Self { a, b, half: width / 2.0 }
    }
    /// Whether a point lies in the stroke's rectangle.
    fn holds(&self, p: Vec2) -> bool {
        let (d, len) = ((self.b - self.a).normalize(), (self.b - self.a).length());
        let t = (p - self.a).dot(d);
        (-1e-4..=len + 1e-4).contains(&t) && (p - self.a).perp_dot(d).abs() <= self.half + 1e-4
    }
    /// Whether the whole pixel `(x, y)` (its four corners, so all of it) lies in the stroke.
    fn covers(&self, x: u32, y: u32) -> bool {
        let (x, y) = (x as f32, y as f32);
        [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].iter().all(|&(dx, dy)| self.holds(Vec2::new(x + dx, y + dy)))
    }
    /// Whether no part of the pixel can touch the stroke: its centre is further than half the
    /// width plus half the pixel's diagonal from the segment.
    fn misses(&self, x: u32, y: u32) -> bool {
        let c = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
        let d = self.b - self.a;
        let t = ((c - self.a).dot(d) / d.length_squared()).clamp(0.0, 1.0);
        (c - (self.a + d * t)).length() > self.half + std::f32::consts::FRAC_1_SQRT_2 + 0.05
    }
}

/// Checks a picture of strokes in `ink` on white: every pixel wholly inside one of `bands` is
/// `ink`, every pixel that no band (nor the joins within `joins`' discs) can reach is white.
fn assert_strokes(picture: &Picture, ink: [u8; 4], bands: &[Band], joins: &[(Vec2, f32)], what: &str) {
    let (mut inked, mut blank) = (0, 0);
    for (x, y, got) in pixels(picture) {
        let c = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
        if bands.iter().any(|b| b.covers(x, y)) {
            assert!(near(got, ink, 8), "{what}: pixel ({x}, {y}) is inside a stroke but {got:?}");
            inked += 1;
        } else if bands.iter().all(|b| b.misses(x, y)) && joins.iter().all(|&(p, r)| (c - p).length() > r) {
            assert_eq!(got, WHITE, "{what}: pixel ({x}, {y}) is away from every stroke");
            blank += 1;
        }
    }
    assert!(inked > 0 && blank > 0, "{what}: the model tested nothing");
}

#[test]
fn fit_scales_the_region_to_the_room_inside_the_margins_on_its_tighter_side() {
    // 100 × 60 pixels less 10-pixel margins leave 80 × 40 pixels of room. A region 8 wide and
    // 2 tall fits 10 pixels a unit across (80 / 8), not 20 (40 / 2).
    let wide = Aabb::new(Vec2::new(10.0, 20.0), Vec2::new(18.0, 22.0)).unwrap();
    let v = View::fit(&wide, 100, 60, 10.0, false);
    assert_eq!((v.scale, v.center, v.width, v.height, v.y_up), (10.0, Vec2::new(14.0, 21.0), 100, 60, false));
    // Its left and right ends land on the margins (x = 10 and 90), its middle row on the
    // picture's (y = 30), and y down: one unit below the middle is 10 pixels lower.
    assert_eq!(v.to_pixel(Vec2::new(10.0, 21.0)), Vec2::new(10.0, 30.0));
    assert_eq!(v.to_pixel(Vec2::new(18.0, 22.0)), Vec2::new(90.0, 40.0));
    // A region 2 wide and 8 tall fits 5 pixels a unit (40 / 8), not 40 (80 / 2).
    let tall = Aabb::new(Vec2::new(-3.0, 4.0), Vec2::new(-1.0, 12.0)).unwrap();
    let v = View::fit(&tall, 100, 60, 10.0, true);
    assert_eq!((v.scale, v.center), (5.0, Vec2::new(-2.0, 8.0)));
    // y up: its top (y = 12) on the top margin, its bottom (y = 4) on the bottom one.
    assert_eq!(v.to_pixel(Vec2::new(-2.0, 12.0)), Vec2::new(50.0, 10.0));
    assert_eq!(v.to_pixel(Vec2::new(-1.0, 4.0)), Vec2::new(55.0, 50.0));
}

#[test]
fn to_world_undoes_to_pixel_either_way_up() {
    for y_up in [false, true] {
        let v = View { center: Vec2::new(3.0, -2.0), scale: 4.0, width: 40, height: 30, y_up };
        // The pixel 8 right of and 12 above the middle (20, 15): 2 units right and 3 up.
        let up = Vec2::new(3.0 + 2.0, if y_up { -2.0 + 3.0 } else { -2.0 - 3.0 });
        assert_eq!(v.to_world(Vec2::new(28.0, 3.0)), up, "y_up {y_up}");
        assert_eq!(v.to_pixel(up), Vec2::new(28.0, 3.0), "y_up {y_up}");
    }
}

#[test]
fn style_is_the_one_given() {
    let style = Style { background: [1, 2, 3, 255], line: 5.0, ..Style::default() };
    let picture = Picture::new(pixel_view(4, 4), style).unwrap();
    assert_eq!(picture.style(), &style);
    assert_eq!(picture.pixel(3, 3), [1, 2, 3, 255]);
    // Past the right or the bottom edge: transparent black, not the next row's pixel.
    assert_eq!([picture.pixel(4, 0), picture.pixel(0, 4), picture.pixel(4, 4)], [[0; 4]; 3]);
    assert!(Picture::new(pixel_view(0, 4), style).is_none());
}

#[test]
fn encode_png_holds_the_pixels() {
    let mut picture = blank(pixel_view(12, 8));
    picture.text(0.0, 0.0, "A", 1);
    let png = picture.encode_png().unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let back = Pixmap::decode_png(&png).unwrap();
    assert_eq!((back.width(), back.height()), (12, 8));
    assert_eq!(back.data(), picture.rgba());
}

#[test]
fn a_segment_is_stroked_one_and_a_half_lines_wide() {
    // The default line is 2 pixels, a segment's 3: along the middle of row 20 (y = 20.5),
    // rows 19 to 21 whole, rows 18 and 22 untouched.
    let mut picture = blank(pixel_view(40, 40));
    let s = Segment::new(Vec2::new(5.0, 20.5), Vec2::new(35.0, 20.5)).unwrap();
    picture.shape(&s.into(), true);
    let red = Style::default().colliding;
    assert_strokes(&picture, red, &[Band::new(Vec2::new(5.0, 20.5), Vec2::new(35.0, 20.5), 3.0)], &[], "segment");
    for y in 19..=21 {
        assert!(near(picture.pixel(20, y), red, 2), "row {y}: {:?}", picture.pixel(20, y));
    }
    assert_eq!((picture.pixel(20, 18), picture.pixel(20, 22)), (WHITE, WHITE));
}

#[test]
fn a_box_is_filled_lightly_and_outlined_one_line_wide() {
    let mut picture = blank(pixel_view(40, 40));
    picture.shape(&Aabb::new(Vec2::new(10.0, 10.0), Vec2::new(30.0, 30.0)).unwrap().into(), false);
    let green = Style::default().apart;
    // The 2-pixel outline straddles each side: x from 9 to 11 on the left.
    for x in [9, 10] {
        assert!(near(picture.pixel(x, 20), green, 2), "column {x}: {:?}", picture.pixel(x, 20));
    }
    assert_eq!(picture.pixel(8, 20), WHITE);
    // Inside, the colour at 90/255 over white.
    let fill = [0, 1, 2].map(|k| 255.0 - (255.0 - green[k] as f32) * 90.0 / 255.0);
    let inside = picture.pixel(20, 20);
    assert!((0..3).all(|k| (inside[k] as f32 - fill[k]).abs() <= 2.0), "{inside:?} for {fill:?}");
}

#[test]
fn a_point_is_a_ring_with_a_dot_in_it() {
    let mut picture = blank(pixel_view(40, 40));
    picture.shape(&Shape::Point(Vec2::new(20.5, 20.5)), true);
    let red = Style::default().colliding;
    // The dot (radius 3) fills the middle; the ring (radius 4, 3 wide) spans 2.5 to 5.5.
    assert!(near(picture.pixel(20, 20), red, 2), "{:?}", picture.pixel(20, 20));
    assert!(near(picture.pixel(24, 20), red, 2), "{:?}", picture.pixel(24, 20));
    assert_eq!(picture.pixel(27, 20), WHITE);
}

#[test]
fn outline_strokes_without_filling() {
    let mut picture = blank(pixel_view(40, 40));
    picture.outline(&Aabb::new(Vec2::new(10.0, 10.0), Vec2::new(30.0, 30.0)).unwrap().into(), INK, 6.0);
    // 6 wide about each side: from 7 to 13 and from 27 to 33 across, the corners mitred
    // square (each side's band reaching 3 past its ends).
    let (lo, hi) = (7.0, 33.0);
    let bands = [
        Band::new(Vec2::new(10.0, lo), Vec2::new(10.0, hi), 6.0),
        Band::new(Vec2::new(30.0, lo), Vec2::new(30.0, hi), 6.0),
        Band::new(Vec2::new(lo, 10.0), Vec2::new(hi, 10.0), 6.0),
        Band::new(Vec2::new(lo, 30.0), Vec2::new(hi, 30.0), 6.0),
    ];
    assert_strokes(&picture, INK, &bands, &[], "outline");
    assert!(near(picture.pixel(7, 20), INK, 2) && near(picture.pixel(12, 20), INK, 2));
    assert_eq!((picture.pixel(6, 20), picture.pixel(13, 20), picture.pixel(20, 20)), (WHITE, WHITE, WHITE));
}

#[test]
fn bounds_are_dashed_four_on_three_off_from_the_top_left_corner() {
    let mut picture = blank(pixel_view(40, 40));
    picture.aabb(&Aabb::new(Vec2::new(10.5, 10.5), Vec2::new(30.5, 30.5)).unwrap());
    let blue = Style::default().bounds;
    // The top side runs right from x = 10.5 along the middle of row 10, one pixel wide: on
    // over [10.5, 14.5), off over [14.5, 17.5), on over [17.5, 21.5), off [21.5, 24.5) …
    for x in [11, 12, 13, 18, 19, 20] {
        assert!(near(picture.pixel(x, 10), blue, 2), "x {x}: {:?}", picture.pixel(x, 10));
    }
    for x in [15, 16, 22, 23] {
        assert_eq!(picture.pixel(x, 10), WHITE, "x {x}");
    }
    assert_eq!((picture.pixel(12, 9), picture.pixel(12, 11)), (WHITE, WHITE), "one pixel wide");
}

/// Draws an arrow from `a` to `b` on a blank 48 × 40 picture and checks its three strokes, 2
/// pixels wide: the shaft, and the head's sides running `back` pixels back from the tip and
/// `side` to either side of the shaft. The mitred tip reaches 1 / sin(atan(1/2)) ≈ 2.24 pixels
/// past the tip, within 3.5.
fn assert_arrow(a: Vec2, b: Vec2, back: f32, side: f32, what: &str) -> Picture {
    let mut picture = blank(pixel_view(48, 40));
    picture.arrow(a, b, INK);
    let dir = (b - a).normalize();
    let (l, r) = (b - dir * back + dir.perp() * side, b - dir * back - dir.perp() * side);
    let bands = [Band::new(a, b, 2.0), Band::new(l, b, 2.0), Band::new(b, r, 2.0)];
    assert_strokes(&picture, INK, &bands, &[(b, 3.5)], what);
    picture
}

#[test]
fn an_arrow_is_a_shaft_and_a_head_eight_pixels_long() {
    // Right along y = 20 (between rows 19 and 20), 2 pixels wide: rows 19 and 20 inked; the
    // head's sides run back 8 pixels from the tip and 4 to either side.
    let picture = assert_arrow(Vec2::new(6.0, 20.0), Vec2::new(38.0, 20.0), 8.0, 4.0, "long arrow");
    assert!(near(picture.pixel(10, 19), INK, 2) && near(picture.pixel(10, 20), INK, 2));
    // A short arrow's head is as long as the arrow: 5 back and 2.5 to either side.
    assert_arrow(Vec2::new(10.0, 30.0), Vec2::new(15.0, 30.0), 5.0, 2.5, "short arrow");
    // Diagonal, up and left (3-4-5: 40 long): the head's sides at (±4, ±8) turned.
    assert_arrow(Vec2::new(40.0, 35.0), Vec2::new(16.0, 3.0), 8.0, 4.0, "diagonal arrow");
    // No length, no arrow.
    let mut picture = blank(pixel_view(8, 8));
    picture.arrow(Vec2::splat(4.0), Vec2::splat(4.0), INK);
    assert!(pixels(&picture).all(|(.., c)| c == WHITE));
}

#[test]
fn a_contact_is_two_dots_and_a_push_out_arrow_at_least_12_pixels_long() {
    // Two pixels a unit, the origin at pixel (32, 24).
    let view = View { center: Vec2::ZERO, scale: 2.0, width: 64, height: 48, y_up: false };
    let (point_a, point_b) = (Vec2::new(1.0, 0.0), Vec2::new(-9.0, 0.0));
    let dots = |picture: &mut Picture| {
        let ink = picture.style().contact;
        picture.dot(point_a, 3.0, ink);
        picture.dot(point_b, 2.0, ink);
    };
    for (depth, reach, past) in [(10.0, 10.0, 40), (1.0, 6.0, 29)] {
        // Depth 10 is 20 pixels: the arrow is 10 units long, to pixel 34; depth 1 (2 pixels)
        // is drawn 12 pixels, 6 units, to pixel 26. `past` lies beyond the tip's mitre
        // (which reaches 2.24 past the tip) and clear of the dots (pixels 31 to 37, 12 to 16).
        let c = Contact::new(Vec2::X, depth, &[ContactPoint { point_a, point_b, depth }]);
        let mut picture = blank(view);
        picture.contact(&c, true);
        let mut expected = blank(view);
        dots(&mut expected);
        let ink = expected.style().contact;
        expected.arrow(point_b, point_b + Vec2::new(reach, 0.0), ink);
        assert!(picture.rgba() == expected.rgba(), "depth {depth}");
        // The arrow's shaft, 4 units (8 pixels) from point_b, at pixel 22.
        assert!(near(picture.pixel(22, 24), ink, 2), "depth {depth}: {:?}", picture.pixel(22, 24));
        assert_eq!(picture.pixel(past, 24), WHITE, "depth {depth}");
        let mut picture = blank(view);
        picture.contact(&c, false);
        let mut expected = blank(view);
        dots(&mut expected);
        assert!(picture.rgba() == expected.rgba(), "depth {depth}, no arrow");
        assert!(near(picture.pixel(34, 24), ink, 2) && near(picture.pixel(14, 24), ink, 2), "the dots");
    }
}

#[test]
fn text_draws_the_font_s_glyphs_scaled_side_by_side() {
    use font8x8::UnicodeFonts;
    let mut picture = blank(pixel_view(40, 24));
    let ink = picture.style().text;
    // At (3, 5), twice the size: glyph i's column c and row r cover the 2 × 2 block at
    // (3 + 2 (8 i + c), 5 + 2 r). 'é' is not in the basic font: it shows as '?'.
    picture.text(3.0, 5.0, "A\u{e9}", 2);
    let glyphs = [font8x8::BASIC_FONTS.get('A').unwrap(), font8x8::BASIC_FONTS.get('?').unwrap()];
    let mut inked = 0;
    for (x, y, got) in pixels(&picture) {
        let on = x >= 3 && y >= 5 && {
            let (column, row) = ((x - 3) / 2, (y - 5) / 2);
            let glyph = glyphs.get(column as usize / 8);
            row < 8 && glyph.is_some_and(|g| g[row as usize] >> (column % 8) & 1 == 1)
        };
        assert_eq!(got, if on { ink } else { WHITE }, "pixel ({x}, {y})");
        inked += usize::from(on);
    }
    // Both glyphs have ink (the font's bit 0 is a row's leftmost pixel).
    assert!(glyphs.iter().all(|g| g.iter().any(|&row| row != 0)) && inked > 40);
}

#[test]
fn a_legend_entry_is_a_square_and_its_label_beside_it() {
    let mut picture = blank(pixel_view(48, 24));
    let red = [200, 0, 0, 255];
    picture.legend_entry(4.0, 6.0, red, "Hi");
    // The label, as text 18 pixels right and 2 down of the square's corner.
    let mut label = blank(pixel_view(48, 24));
    label.text(22.0, 8.0, "Hi", 1);
    for (x, y, got) in pixels(&picture) {
        let in_square = (4..16).contains(&x) && (6..18).contains(&y);
        assert_eq!(got, if in_square { red } else { label.pixel(x, y) }, "pixel ({x}, {y})");
    }
}

/// Source pixels (straight RGBA) of varied colours and opacities, 3 × 2.
const SOURCE: [[u8; 4]; 6] =
    [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [10, 20, 30, 77], [250, 200, 150, 255], [90, 180, 45, 200]];

/// The source composited over `under` (premultiplied): `s a + d (1 - a)`, alpha `a + d (1 - a)`.
fn over(src: [u8; 4], under: [u8; 4]) -> [f32; 4] {
    let a = src[3] as f32 / 255.0;
    let c = |k: usize| src[k] as f32 * a + under[k] as f32 * (1.0 - a);
    [c(0), c(1), c(2), src[3] as f32 + under[3] as f32 * (1.0 - a)]
}

#[test]
fn blit_at_composites_each_source_pixel_as_a_zoomed_block_clipped_at_the_edges() {
    let rgba: Vec<u8> = SOURCE.concat();
    // Opaque and half-transparent backgrounds: zoom 3 at (2, 2) into 10 × 7 pixels covers
    // x from 2 to 10 (the third column's last pixel clipped) and y from 2 to 7 (the second
    // row's last clipped).
    for background in [[250, 250, 246, 255], [200, 100, 50, 128]] {
        let mut picture = Picture::new(pixel_view(10, 7), Style { background, ..Style::default() }).unwrap();
        let under = picture.pixel(0, 0);
        picture.blit_at(&rgba, 3, 2, 3, (2, 2));
        for (x, y, got) in pixels(&picture) {
            let want = if x >= 2 && y >= 2 {
                let (sx, sy) = ((x - 2) / 3, (y - 2) / 3);
                over(SOURCE[(sy * 3 + sx) as usize], under)
            } else {
                under.map(f32::from)
            };
            assert!(
                (0..4).all(|k| (got[k] as f32 - want[k]).abs() <= 1.0),
                "background {background:?}, pixel ({x}, {y}): {got:?}, not {want:?}"
            );
        }
    }
}

#[test]
fn blit_at_stops_at_the_picture_and_the_source_s_end() {
    let rgba: Vec<u8> = SOURCE.concat();
    let style = Style { background: WHITE, ..Style::default() };
    // Wholly outside: nothing changes.
    let mut picture = Picture::new(pixel_view(6, 6), style).unwrap();
    picture.blit_at(&rgba, 3, 2, 2, (6, 0));
    picture.blit_at(&rgba, 3, 2, 2, (0, 6));
    assert!(pixels(&picture).all(|(.., c)| c == WHITE));
    // A source shorter than its size says: the pixels it has are drawn.
    picture.blit_at(&rgba[..4], 3, 2, 1, (1, 1));
    assert_eq!(picture.pixel(1, 1), [255, 0, 0, 255]);
    assert!(pixels(&picture).filter(|&(x, y, _)| (x, y) != (1, 1)).all(|(.., c)| c == WHITE));
}

#[test]
fn blit_paints_at_the_top_left_corner() {
    let rgba: Vec<u8> = SOURCE.concat();
    let style = Style { background: WHITE, ..Style::default() };
    let mut at_corner = Picture::new(pixel_view(8, 8), style).unwrap();
    at_corner.blit(&rgba, 3, 2, 2);
    // The first source pixel is opaque red: the 2 × 2 block at the corner.
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        assert_eq!(at_corner.pixel(x, y), [255, 0, 0, 255]);
    }
    let mut placed = Picture::new(pixel_view(8, 8), style).unwrap();
    placed.blit_at(&rgba, 3, 2, 2, (0, 0));
    assert!(at_corner.rgba() == placed.rgba());
    // Zoom 0 draws as 1.
    let mut zero = Picture::new(pixel_view(8, 8), style).unwrap();
    zero.blit(&rgba, 3, 2, 0);
    assert_eq!((zero.pixel(0, 0), zero.pixel(1, 0)), ([255, 0, 0, 255], [127, 255, 127, 255]));
}

#[test]
fn a_capsule_is_its_two_half_discs_and_the_band_between() {
    // Radius 7, filled (lightly) within 7 of its axis and outlined 2 wide about that edge:
    // level, and slanting up to the right (the axis (20, -16) at 38.7° from level).
    for (a, b) in [(Vec2::new(14.0, 20.0), Vec2::new(30.0, 20.0)), (Vec2::new(12.0, 28.0), Vec2::new(32.0, 12.0))] {
        let mut picture = blank(pixel_view(48, 40));
        let radius = 7.0;
        picture.shape(&Capsule::new(a, b, radius).unwrap().into(), false);
        let green = Style::default().apart;
        let fill = [0, 1, 2].map(|k| 255.0 - (255.0 - green[k] as f32) * 90.0 / 255.0);
        let mut seen = [0, 0];
        for (x, y, got) in pixels(&picture) {
            let c = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            let t = ((c - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            let from_axis = (c - (a + (b - a) * t)).length();
            // Beyond the stroke's half width by half a pixel's diagonal (0.71), and by the
            // most the outline's 24 chords per half circle stray, r (1 - cos 7.5°) ≈ 0.06.
            if from_axis < radius - 1.0 - 0.75 {
                assert!((0..3).all(|k| (got[k] as f32 - fill[k]).abs() <= 2.0), "{a} {b}: ({x}, {y}) inside: {got:?}");
                seen[0] += 1;
            } else if from_axis > radius + 1.0 + 0.75 {
                assert_eq!(got, WHITE, "{a} {b}: ({x}, {y}) outside");
                seen[1] += 1;
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100);
    }
}
