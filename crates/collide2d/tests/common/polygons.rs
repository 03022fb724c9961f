//! Random concave polygons (star-shaped, with or without a hole) and other shapes to meet them,
//! and their exact `geo` forms, for the concave properties.

use collide2d::{Aabb, ConvexPolygon, Polygon, Segment, Shape, Vec2};
use geo::{Coord, LineString};
use proptest::prelude::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A random star-shaped polygon (always simple), optionally with a star-shaped hole well inside.
pub fn random_polygon() -> impl Strategy<Value = Polygon> {
    let radii = prop::collection::vec(2.0f32..6.0, 5..24);
    (-8.0f32..8.0, -8.0f32..8.0, radii, any::<bool>(), prop::collection::vec(0.3f32..0.9, 3..8)).prop_map(
        |(x, y, radii, hole, hole_radii)| {
            let c = v(x, y);
            let n = radii.len();
            let outline: Vec<Vec2> = radii
                .iter()
                .enumerate()
                .map(|(i, r)| c + Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * *r)
                .collect();
            let m = hole_radii.len();
            let holes: Vec<Vec<Vec2>> = if hole {
                vec![hole_radii
                    .iter()
                    .enumerate()
                    .map(|(i, r)| c + Vec2::from_angle(0.3 + i as f32 * std::f32::consts::TAU / m as f32) * *r)
                    .collect()]
            } else {
                vec![]
            };
            Polygon::with_holes(&outline, &holes).expect("star-shaped polygons are simple")
        },
    )
}

pub fn other_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        random_polygon().prop_map(Shape::from),
        (-12.0f32..12.0, -12.0f32..12.0, 0.2f32..5.0, 0.2f32..5.0)
            .prop_map(|(x, y, w, h)| Aabb::from_center_half_extents(v(x, y), v(w, h)).unwrap().into()),
        (-12.0f32..12.0, -12.0f32..12.0, 0.5f32..4.0, 0.0f32..6.0).prop_map(|(x, y, r, t)| ConvexPolygon::regular(
            5,
            v(x, y),
            r,
            t
        )
        .unwrap()
        .into()),
        (-12.0f32..12.0, -12.0f32..12.0).prop_map(|(x, y)| Shape::Point(v(x, y))),
        (-12.0f32..12.0, -12.0f32..12.0, -12.0f32..12.0, -12.0f32..12.0)
            .prop_filter_map("zero length", |(a, b, c, d)| Segment::new(v(a, b), v(c, d)).ok().map(Shape::from)),
    ]
}

pub fn ring(points: &[Vec2]) -> LineString<f64> {
    LineString::from(points.iter().map(|p| Coord { x: p.x as f64, y: p.y as f64 }).collect::<Vec<_>>())
}

pub fn to_geo(s: &Shape) -> geo::Geometry<f64> {
    match s {
        Shape::Polygon(p) => geo::Polygon::new(ring(p.outline()), p.holes().iter().map(|h| ring(h)).collect()).into(),
        Shape::Aabb(b) => geo::Polygon::new(ring(&b.corners()), vec![]).into(),
        Shape::ConvexPolygon(p) => geo::Polygon::new(ring(p.vertices()), vec![]).into(),
        Shape::Point(p) => geo::Point::new(p.x as f64, p.y as f64).into(),
        Shape::Segment(x) => geo::Line::new(
            Coord { x: x.a().x as f64, y: x.a().y as f64 },
            Coord { x: x.b().x as f64, y: x.b().y as f64 },
        )
        .into(),
        other => unreachable!("no exact geo form for {other:?}"),
    }
}
