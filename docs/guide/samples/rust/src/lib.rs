//! What the guide's samples share: where a picture goes and how it is written, and the few
//! drawing steps every page's picture takes. Each example (`examples/*.rs`) is one page's code;
//! docs/guide/build.sh runs every one with the folder the site's pictures go in as its one
//! argument.

use std::path::PathBuf;

use collide2d::{Aabb, Vec2};
use collide2d_render::{Picture, Style, View};

/// Writes `picture` as `name` (a `.png` file name) into the folder given as the program's first
/// argument, or nowhere when it is run without one (as a reader who copied the sample would),
/// and says where it went on stderr: stdout is the sample's own output, which the guide shows.
pub fn save(picture: &Picture, name: &str) -> Result<(), Box<dyn std::error::Error>> {
    let Some(folder) = std::env::args_os().nth(1).map(PathBuf::from) else { return Ok(()) };
    std::fs::create_dir_all(&folder)?;
    let path = folder.join(name);
    std::fs::write(&path, picture.encode_png()?)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// A blank picture `width × height` pixels showing `region` of the world whole, with y down (as
/// on a screen and in a sprite) or up, in the default style (red colliding, green apart).
pub fn canvas(region: &Aabb, width: u32, height: u32, y_up: bool) -> Result<Picture, Box<dyn std::error::Error>> {
    let view = View::fit(region, width, height, 12.0, y_up);
    Ok(Picture::new(view, Style::default()).ok_or("picture size")?)
}

/// Writes `text` with its top-left corner at the world point `at`, in glyphs `size` times 8
/// pixels: labels stay where the shapes are, whatever the view's scale.
pub fn label(picture: &mut Picture, at: Vec2, text: &str, size: u32) {
    let pixel = picture.view().to_pixel(at);
    picture.text(pixel.x, pixel.y, text, size);
}
