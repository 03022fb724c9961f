//! The queries, one module per question.
//!
//! Each question has a free function taking any two shapes ([`intersects`](crate::intersects),
//! [`contains`](crate::contains)), the same as methods through [`ShapeLike`], and named functions
//! for the pairs with a fast path (`intersects_obb_obb`, …).

pub mod cast;
pub mod contact;
pub mod contains;
pub(crate) mod core;
mod descent;
pub mod distance;
pub mod intersects;
mod minkowski;
pub mod point;
pub mod ray;
mod shape_ref;
pub(crate) mod tiles;

pub use shape_ref::{ShapeLike, ShapeRef};
