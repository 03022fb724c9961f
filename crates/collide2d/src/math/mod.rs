//! Vectors, intervals, transforms, exact predicates and the same sines and cosines on every
//! target: the small math every query is built on.

mod angle;
mod interval;
mod order;
mod predicates;
mod transform;
mod vector;

pub(crate) use angle::{binary_exponent, power_of_two_scale};
pub use angle::{cos, sin_cos, unit_vector};
pub use interval::Interval;
pub(crate) use order::Order;
pub use predicates::orient2d;
pub(crate) use predicates::{point_on_segment, segments_touch};
pub(crate) use transform::orthogonal;
pub use transform::Transform;
pub(crate) use vector::{
    ascending, direction_or, distance_squared64, ray_in_box64, saturate, slab_range, unit64_or, unit_or, unrotate,
};
pub use vector::{cross, project, project_scalar};
