//! The parts of the `collide2d` command that read scenes: the scene file and its reader
//! ([`scene::parse`]), with the errors, output helpers and picture files it uses. A library so
//! that the fuzz targets (`fuzz/` at the workspace root) reach the reader without a file or a
//! process; the commands themselves stay in the binary.

#![warn(missing_docs)]

pub mod error;
pub mod files;
pub mod output;
pub mod scene;
pub mod tiles;
pub mod trace_cmd;
