//! Vectors, intervals, transforms and exact predicates: the small math every query is built on.

mod interval;
mod predicates;
mod transform;
mod vector;

pub use interval::Interval;
pub use predicates::orient2d;
pub(crate) use predicates::{point_on_segment, segments_touch};
pub(crate) use transform::orthogonal;
pub use transform::Transform;
pub(crate) use vector::{
    ascending, direction_or, distance_squared64, saturate, slab_range, unit64_or, unit_or, unrotate,
};
pub use vector::{cross, project, project_scalar};
