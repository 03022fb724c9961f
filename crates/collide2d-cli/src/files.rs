//! Pictures in, by their content, and files out: a picture replaces a regular file only once it
//! is complete, goes where a symbolic link points (the link stays), and goes straight into a
//! device, pipe or `/proc/self/fd/N`.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::CliError;
use crate::output::printable;

/// How many symbolic links are followed before giving up (as Linux does).
const MAX_LINKS: usize = 40;

/// Reads the picture at `path` as RGBA, its format known from its content, not its name (a PNG
/// named `.jpg` is read as the PNG it is).
pub fn read_picture(path: &Path) -> Result<image::RgbaImage, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", printable(&path.display().to_string()));
    let reader = image::ImageReader::open(path).map_err(|e| fail(&e))?;
    let picture = reader.with_guessed_format().map_err(|e| fail(&e))?.decode().map_err(|e| fail(&e))?;
    Ok(picture.into_rgba8())
}

/// Writes `bytes` to `path`.
///
/// - A regular file, or none yet: the bytes go to a temporary file beside it, renamed into place
///   once complete, so a failure part-way leaves no partial file (and no temporary one).
/// - A symbolic link: the same for the file it points to (even a file that does not exist
///   yet); the link itself stays.
/// - Anything else that is not a folder (`/dev/full`, `/proc/self/fd/1`, a named pipe): written
///   directly, since renaming over it would replace the device or pipe with a regular file. A
///   named pipe waits for its reader, as with `cat > pipe`.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let fail =
        |what: &dyn std::fmt::Display| CliError::new(format!("{}: {what}", printable(&path.display().to_string())));
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(fail(&"is a folder")),
        Ok(m) if !m.is_file() => write_directly(path, bytes).map_err(|e| fail(&e)),
        Ok(_) => replace(&link_target(path).map_err(|e| fail(&e))?, bytes).map_err(|e| fail(&e)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            replace(&link_target(path).map_err(|e| fail(&e))?, bytes).map_err(|e| fail(&e))
        }
        Err(e) => Err(fail(&e)),
    }
}

fn write_directly(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Where the chain of symbolic links starting at `path` ends (`path` itself when it is not a
/// link); the end need not exist.
fn link_target(path: &Path) -> Result<PathBuf, String> {
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = fs::read_link(&target).map_err(|e| e.to_string())?;
                // A relative link is relative to its own folder (`join` keeps an absolute one).
                target = target.parent().map_or_else(|| next.clone(), |dir| dir.join(&next));
            }
            _ => return Ok(target),
        }
    }
    Err("too many levels of symbolic links".to_owned())
}

/// Writes a temporary file beside `target` and renames it over `target`.
fn replace(target: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(format!("the folder {} does not exist", printable(&dir.display().to_string())));
    }
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| without_temp_name(&e))?;
    tmp.write_all(bytes).map_err(|e| without_temp_name(&e))?;
    // Temporary files are private (0600); the picture is an ordinary file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(fs::Permissions::from_mode(0o644)).map_err(|e| without_temp_name(&e))?;
    }
    tmp.persist(target).map_err(|e| without_temp_name(&e.error))?;
    Ok(())
}

/// The error without the ` at path ".tmpXXXX"` that `tempfile` adds: that name means nothing to
/// the user, and the file is gone.
fn without_temp_name(e: &io::Error) -> String {
    let text = e.to_string();
    text.split_once(" at path ").map_or(text.clone(), |(what, _)| what.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shorter_picture_replaces_a_longer_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pic.png");
        fs::write(&path, b"an older, longer picture").unwrap();
        write_file(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn a_folder_and_a_path_through_a_file_are_refused_with_their_reasons() {
        let dir = tempfile::tempdir().unwrap();
        let error = write_file(dir.path(), b"x").unwrap_err().to_string();
        assert!(error.ends_with(": is a folder"), "{error}");
        let file = dir.path().join("file");
        fs::write(&file, b"x").unwrap();
        let error = write_file(&file.join("pic.png"), b"x").unwrap_err().to_string();
        assert!(error.contains("Not a directory"), "{error}");
    }

    #[test]
    fn a_bare_file_name_is_written_in_the_current_folder() {
        // Relative to the current folder: a name made unique to this test, removed after.
        let name = format!("collide2d-files-test-{}.bin", std::process::id());
        let result = replace(Path::new(&name), b"here");
        let written = fs::read(&name);
        let _ = fs::remove_file(&name);
        assert_eq!(result, Ok(()));
        assert_eq!(written.unwrap(), b"here");
    }

    #[test]
    fn the_temporary_files_name_is_left_out_of_an_error() {
        let e = io::Error::other("permission denied at path \"/tmp/.tmpAbC123\"");
        assert_eq!(without_temp_name(&e), "permission denied");
        assert_eq!(without_temp_name(&io::Error::other("disk full")), "disk full");
    }
}
