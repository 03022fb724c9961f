//! collide2d for C and C++: the `c2d_` API, built as `libcollide2d_c.a` and `libcollide2d_c.so`
//! with the header `include/collide2d.h` (generated from this crate by cbindgen; the test
//! `tests/header.rs` fails when it is stale, and `UPDATE_HEADER=1 cargo test -p collide2d-c
//! --test header` rewrites it).
//!
//! The map, one layer on the library:
//! - `status`: status codes, the calling thread's last error message, and the guard each
//!   exported function runs in (errors become codes, panics never cross into C);
//! - `values`: the plain value structs (vectors, rotations, the small shapes, the tagged
//!   `c2d_Shape`) and their checked conversion to the library's shapes;
//! - `polygons`: the convex-polygon and polygon handles;
//! - `tiles`: the tile map handle (a grid of tile ids over tile shapes, one collider);
//! - `queries`: overlap, containment, contact, distance, rays and shape casts;
//! - `threads`: the threads a world's step shares work with, the world's own, joined with it;
//! - `world`: the world handle: colliders, transforms and parents, layers, the step's events,
//!   tiles of a tile-map collider;
//! - `scene`: the world's scene queries and `move_and_slide`;
//! - `controller`: the character controller, a plain struct holding the move's options and the
//!   floor remembered between moves, so that moving platforms carry the character;
//! - `tiered`: the levelled rectangle test and the swappable detectors;
//! - `trace`: sprites traced into polygons, and polygons' vertices read back for drawing.
//!
//! The conventions (status codes, who owns what, NULL and bad sizes) are stated once, at the top
//! of the header.
#![allow(non_camel_case_types)]

// In the header's order: what every call returns, the values, the handles, the queries.
pub mod status;

pub mod values;

pub mod polygons;

pub mod tiles;

pub mod queries;

mod threads;

pub mod world;

pub mod scene;

pub mod controller;

pub mod tiered;

pub mod trace;
