//! Debug drawing (the `debug` feature): every collider's outline in the world as the plugin last
//! placed it, drawn with Bevy's gizmos, in one colour while it touches nothing and another
//! while it touches something.

use bevy_app::prelude::*;
use bevy_color::Color;
use bevy_ecs::prelude::*;
use bevy_gizmos::prelude::Gizmos;
use bevy_math::Vec2;
use collide2d::Shape;

use crate::sync::CollisionWorld;

/// Draws the colliders' outlines each frame (needs Bevy's gizmo plugins, as `DefaultPlugins`
/// bring).
pub struct Collide2dDebugPlugin {
    /// The colour of a collider that touches nothing.
    pub apart: Color,
    /// The colour of one touching another at the last step.
    pub touching: Color,
}

impl Default for Collide2dDebugPlugin {
    fn default() -> Self {
        Self { apart: Color::srgb(0.2, 0.9, 0.4), touching: Color::srgb(1.0, 0.2, 0.2) }
    }
}

/// The colours, as a resource for the drawing system.
#[derive(Resource, Clone, Copy)]
struct Colours {
    apart: Color,
    touching: Color,
}

impl Plugin for Collide2dDebugPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Colours { apart: self.apart, touching: self.touching }).add_systems(Last, draw);
    }
}

fn draw(world: Res<CollisionWorld>, colours: Res<Colours>, mut gizmos: Gizmos) {
    let world = world.world();
    for (h, _) in world.iter() {
        let Some(shape) = world.world_shape(h) else { continue };
        let colour = if world.is_colliding(h) == Some(true) { colours.touching } else { colours.apart };
        let Outline { strips, circles } = outline(shape);
        for strip in strips {
            gizmos.linestrip_2d(strip, colour);
        }
        for (center, radius) in circles {
            gizmos.circle_2d(center, radius, colour);
        }
    }
}

/// What draws a shape: open strips of points, and circles.
#[derive(Debug, Default, PartialEq)]
struct Outline {
    strips: Vec<Vec<Vec2>>,
    circles: Vec<(Vec2, f32)>,
}

/// A shape's outline: each ring closed (its first point again at the end), a point as a small
/// cross, a capsule as its end circles and the two sides between them.
fn outline(shape: &Shape) -> Outline {
    let closed = |points: &[Vec2]| points.iter().copied().chain(points.first().copied()).collect::<Vec<_>>();
    let mut out = Outline::default();
    match shape {
        Shape::Point(p) => {
            out.strips.push(vec![*p - Vec2::X, *p + Vec2::X]);
            out.strips.push(vec![*p - Vec2::Y, *p + Vec2::Y]);
        }
        Shape::Segment(s) => out.strips.push(vec![s.a(), s.b()]),
        Shape::Aabb(b) => out.strips.push(closed(&[
            b.min(),
            Vec2::new(b.max().x, b.min().y),
            b.max(),
            Vec2::new(b.min().x, b.max().y),
        ])),
        Shape::Obb(o) => out.strips.push(closed(&o.corners())),
        Shape::ConvexPolygon(p) => out.strips.push(closed(p.vertices())),
        Shape::Polygon(p) => {
            out.strips.push(closed(p.outline()));
            out.strips.extend(p.holes().iter().map(|hole| closed(hole)));
        }
        Shape::Circle(c) => out.circles.push((c.center(), c.radius())),
        Shape::Capsule(c) => {
            let side = (c.b() - c.a()).normalize_or(Vec2::X).perp() * c.radius();
            out.circles.extend([(c.a(), c.radius()), (c.b(), c.radius())]);
            out.strips.push(vec![c.a() + side, c.b() + side]);
            out.strips.push(vec![c.a() - side, c.b() - side]);
        }
        // Each tile's outline (a level's, from a `TileLevelCollider`); open cells draw nothing.
        Shape::TileMap(m) => {
            let cells = (0..m.height()).flat_map(|row| (0..m.width()).map(move |col| (col, row)));
            out.strips.extend(cells.filter_map(|(col, row)| m.tile_outline(col, row)).map(|ring| closed(&ring)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide2d::tiles::{TileMap, TileSet};
    use collide2d::{Aabb, Capsule, Polygon};

    #[test]
    fn outlines_close_their_rings_and_keep_holes_and_round_ends() {
        let b: Shape = Aabb::new(Vec2::new(1.0, 2.0), Vec2::new(3.0, 5.0)).unwrap().into();
        let corners = [(1.0, 2.0), (3.0, 2.0), (3.0, 5.0), (1.0, 5.0), (1.0, 2.0)].map(|(x, y)| Vec2::new(x, y));
        assert_eq!(outline(&b), Outline { strips: vec![corners.to_vec()], circles: vec![] });

        let square = [Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0), Vec2::new(0.0, 4.0)];
        let hole = [Vec2::new(1.0, 1.0), Vec2::new(1.0, 3.0), Vec2::new(3.0, 3.0), Vec2::new(3.0, 1.0)];
        let framed = Shape::Polygon(Polygon::with_holes(&square, &[&hole]).unwrap());
        let drawn = outline(&framed);
        assert_eq!(drawn.strips.len(), 2);
        for strip in &drawn.strips {
            assert_eq!((strip.len(), strip.first()), (5, strip.last()));
        }

        // A capsule along x from (0, 0) to (4, 0), radius 1: sides at y = ±1.
        let c: Shape = Capsule::new(Vec2::ZERO, Vec2::new(4.0, 0.0), 1.0).unwrap().into();
        let drawn = outline(&c);
        assert_eq!(drawn.circles, vec![(Vec2::ZERO, 1.0), (Vec2::new(4.0, 0.0), 1.0)]);
        let mut sides: Vec<_> = drawn.strips.iter().map(|s| (s[0].y, s[1].y, s[1].x - s[0].x)).collect();
        sides.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(sides, vec![(-1.0, -1.0, 4.0), (1.0, 1.0, 4.0)]);

        // A tile map of 3 × 1 cells, the middle one open: two closed squares.
        let tiles = TileMap::from_ids(Vec2::ZERO, Vec2::ONE, 3, 1, &[1, 0, 1], TileSet::solid(1)).unwrap();
        let drawn = outline(&Shape::TileMap(tiles));
        assert_eq!(drawn.strips.len(), 2);
        assert!(drawn.strips.iter().all(|s| s.len() == 5 && s.first() == s.last()), "{drawn:?}");
        assert_eq!(drawn.strips[1].iter().fold(f32::MAX, |lo, p| lo.min(p.x)), 2.0);

        let p = Shape::Point(Vec2::new(2.0, 2.0));
        assert_eq!(
            outline(&p).strips,
            vec![vec![Vec2::new(1.0, 2.0), Vec2::new(3.0, 2.0)], vec![Vec2::new(2.0, 1.0), Vec2::new(2.0, 3.0)]]
        );
    }
}
