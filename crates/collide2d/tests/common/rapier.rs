//! Our shapes and mover options as rapier2d builds them, for the character controller's
//! comparison (`tests/rapier_controller.rs`, `benches/controller.rs`): each shape in its own
//! frame, centred on its box's centre and placed by a `Pose`, as rapier's users build them; a
//! concave polygon as one compound collider of the convex parts we cut it into, so that both
//! libraries collide with the same pieces.
#![allow(dead_code)]

use collide2d::world::MoveOptions;
use collide2d::{Shape, Vec2};
use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::prelude::{ColliderBuilder, ColliderHandle, PhysicsWorld, Pose, SharedShape};

/// `shape` in a frame centred on its box's centre, and where that frame is.
pub fn to_rapier(shape: &Shape) -> (Pose, SharedShape) {
    let centre = shape.aabb().center();
    let local = |p: Vec2| p - centre;
    // Our convex parts are valid as they stand (counter-clockwise, no collinear vertices);
    // parry's `convex_polyline` would merge edges less than about 1.5° apart, which in a traced
    // ramp's thin parts leaves too few vertices, so they go in unmodified.
    let convex = |vertices: &[Vec2]| {
        SharedShape::convex_polyline_unmodified(vertices.iter().map(|&p| local(p)).collect())
            .expect("a convex part has three vertices or more")
    };
    let rapier = match shape {
        Shape::Aabb(a) => SharedShape::cuboid(a.half_extents().x, a.half_extents().y),
        Shape::Obb(o) => {
            // Turned about its own centre, which is its box's centre too.
            return (Pose::new(centre, o.rotation()), SharedShape::cuboid(o.half_extents().x, o.half_extents().y));
        }
        Shape::Capsule(c) => SharedShape::capsule(local(c.a()), local(c.b()), c.radius()),
        Shape::Circle(c) => SharedShape::ball(c.radius()),
        Shape::ConvexPolygon(p) => convex(p.vertices()),
        Shape::Polygon(p) => SharedShape::compound(
            p.convex_parts().iter().map(|part| (Pose::IDENTITY, convex(part.vertices()))).collect(),
        ),
        // A compound of its tiles, as a game would hand them to rapier one by one.
        Shape::TileMap(m) => SharedShape::compound(
            (0..m.height())
                .flat_map(|row| (0..m.width()).filter_map(move |col| m.tile_outline(col, row)))
                .map(|outline| (Pose::IDENTITY, convex(&outline)))
                .collect(),
        ),
        Shape::Segment(s) => SharedShape::segment(local(s.a()), local(s.b())),
        Shape::Point(_) => SharedShape::ball(0.0),
    };
    (Pose::from_translation(centre), rapier)
}

/// A rapier world holding `level` as fixed colliders (no rigid bodies), ready for scene
/// queries, with their handles in order.
pub fn level_world(level: &[Shape]) -> (PhysicsWorld, Vec<ColliderHandle>) {
    let mut world = PhysicsWorld::new();
    let handles = level.iter().map(|shape| add(&mut world, shape)).collect();
    (world, handles)
}

/// Inserts `shape` as a collider of its own and brings the query structure up to date.
pub fn add(world: &mut PhysicsWorld, shape: &Shape) -> ColliderHandle {
    let (pose, rapier) = to_rapier(shape);
    let handle = world.insert_collider(ColliderBuilder::new(rapier).position(pose).build(), None);
    world.detect_collisions(&(), &());
    handle
}

/// Rapier's controller set as near to `options` as it allows: its offset is our skin, autostep
/// our step height (onto a ledge at least half the character's width deep: it asks for room
/// there, where we ask for floor), snap to ground our snap distance, and one slope angle both
/// for climbing and for not sliding down. It keeps its own limit of 20 slides.
pub fn controller(options: &MoveOptions) -> KinematicCharacterController {
    KinematicCharacterController {
        up: options.up,
        offset: CharacterLength::Absolute(options.skin),
        slide: true,
        autostep: (options.step_height > 0.0).then_some(CharacterAutostep {
            max_height: CharacterLength::Absolute(options.step_height),
            min_width: CharacterLength::Relative(0.5),
            include_dynamic_bodies: false,
        }),
        max_slope_climb_angle: options.max_slope,
        min_slope_slide_angle: options.max_slope,
        snap_to_ground: (options.snap_distance > 0.0).then_some(CharacterLength::Absolute(options.snap_distance)),
        ..KinematicCharacterController::default()
    }
}
