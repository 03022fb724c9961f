//! What the guide's samples share: where a picture goes and how it is written. Each example
//! (`examples/*.rs`) is one page's code; docs/guide/build.sh runs every one with the folder the
//! site's pictures go in as its one argument.

use std::path::PathBuf;

use collide2d_render::Picture;

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
