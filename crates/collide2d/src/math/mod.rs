//! Vectors, intervals and transforms: the small math every query is built on.

mod interval;
mod transform;
mod vector;

pub use interval::Interval;
pub(crate) use transform::orthogonal;
pub use transform::Transform;
pub use vector::{cross, orient2d, project, project_scalar};
pub(crate) use vector::{slab_range, unrotate};
