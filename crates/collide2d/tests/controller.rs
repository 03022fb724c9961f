//! The platformer scenario suite: a character run frame by frame through stairs, slopes, moving
//! and one-way platforms, corners, tiles and a traced level, each scenario pass or fail on what a
//! player would see (climbed or not, airborne frames, sinking into a platform, a pop, a snag).
//! Deterministic and headless; 60 frames a second, gravity 20 units/s², running at 6 units/s. The
//! levels are in `common/platformer.rs`, which rapier2d's run of the same scenarios shares.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

#[path = "common/platformer.rs"]
mod platformer;

/// The levels as the scenarios build them.
fn level_form(level: Vec<Shape>) -> Vec<Shape> {
    level
}

include!("common/controller_suite.rs");
