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
        outline(&mut gizmos, shape, colour);
    }
}

/// Draws one shape's outline.
fn outline(gizmos: &mut Gizmos, shape: &Shape, colour: Color) {
    let mut ring = |points: &[Vec2]| {
        let closed = points.iter().copied().chain(points.first().copied());
        gizmos.linestrip_2d(closed, colour);
    };
    match shape {
        Shape::Point(p) => ring(&[*p - Vec2::X, *p + Vec2::X, *p, *p - Vec2::Y, *p + Vec2::Y, *p]),
        Shape::Segment(s) => ring(&[s.a(), s.b()]),
        Shape::Aabb(b) => ring(&[b.min(), Vec2::new(b.max().x, b.min().y), b.max(), Vec2::new(b.min().x, b.max().y)]),
        Shape::Obb(o) => ring(&o.corners()),
        Shape::ConvexPolygon(p) => ring(p.vertices()),
        Shape::Polygon(p) => {
            ring(p.outline());
            p.holes().iter().for_each(|hole| ring(hole));
        }
        Shape::Circle(c) => {
            gizmos.circle_2d(c.center(), c.radius(), colour);
        }
        Shape::Capsule(c) => {
            let side = (c.b() - c.a()).normalize_or(Vec2::X).perp() * c.radius();
            gizmos.circle_2d(c.a(), c.radius(), colour);
            gizmos.circle_2d(c.b(), c.radius(), colour);
            gizmos.line_2d(c.a() + side, c.b() + side, colour);
            gizmos.line_2d(c.a() - side, c.b() - side, colour);
        }
    }
}
