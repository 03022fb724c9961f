//! Extreme sizes (issue 23, item 10): shapes from about 1e-38 to 1e38 across, and points at the
//! ends of the `f32` range. Every query returns, never with a NaN or a normal that is not a unit
//! vector, and `contact` agrees with `intersects`.

use std::sync::mpsc;
use std::time::Duration;

use collide2d::{closest_points, distance, ConvexPolygon, Vec2};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Runs `f` on a thread and fails if it has not finished within a minute (a hang).
fn returns<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(f()));
    receive.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("{what} did not return"))
}

/// A pentagon of radius `r` around `center` (no two edges parallel to an axis).
fn pentagon(center: Vec2, r: f32) -> ConvexPolygon {
    let corners = [v(1.0, 0.0), v(0.3, 0.95), v(-0.8, 0.6), v(-0.8, -0.6), v(0.3, -0.95)];
    ConvexPolygon::new(&corners.map(|c| center + c * r)).unwrap()
}

#[test]
fn the_distance_between_polygons_1e20_across_returns() {
    // The walk around their Minkowski difference compared edge directions by an f32 cross
    // product, which overflowed to NaN and took neither edge: the walk never ended.
    for size in [1e20f32, 1e30, 1e37] {
        let (a, b) = (pentagon(Vec2::ZERO, size), pentagon(v(3.0 * size, 0.0), size));
        returns("distance", move || (distance(&a, &b), closest_points(&a, &b)));
    }
}
