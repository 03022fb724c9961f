//! Sprite colliders: an `Image` asset traced once it has loaded, against the library's own trace
//! of the same pixels placed by hand in Bevy's sprite conventions (y up, anchor, pixels per unit).

use bevy_app::prelude::*;
use bevy_asset::{AssetApp, AssetPlugin, Assets, RenderAssetUsages};
use bevy_ecs::prelude::*;
use bevy_image::Image;
use bevy_internal::MinimalPlugins;
use bevy_math::Vec2;
use bevy_transform::prelude::*;
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::trace;
use collide2d::Shape;
use collide2d_bevy::*;
use wgpu_types::{Extent3d, TextureDimension, TextureFormat};

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin, AssetPlugin::default(), Collide2dPlugin::default()));
    app.init_asset::<Image>();
    app
}

/// An RGBA8 image asset of `width × height` pixels.
fn image_of(width: u32, height: u32, rgba: Vec<u8>) -> Image {
    let size = Extent3d { width, height, depth_or_array_layers: 1 };
    Image::new(size, TextureDimension::D2, rgba, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::default())
}

fn slime() -> (u32, u32, Vec<u8>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../collide2d/tests/data/sprites/slimeGreen.png");
    let decoded = image::open(path).expect("the test sprite").to_rgba8();
    (decoded.width(), decoded.height(), decoded.into_raw())
}

fn outline(shape: &Shape) -> Vec<Vec2> {
    match shape {
        Shape::Polygon(p) => p.outline().to_vec(),
        other => panic!("a traced sprite is a polygon, got {other:?}"),
    }
}

#[test]
fn a_sprite_gets_the_librarys_trace_placed_y_up_about_its_anchor_once_its_image_loads() {
    let (width, height, rgba) = slime();
    let library =
        trace(&Rgba8::new(width, height, &rgba).unwrap(), &Solidity::alpha_above(0), Detail::Optimal).unwrap();
    assert_eq!(library.len(), 1);
    let mut app = app();
    // The handle exists before the image does, as while a file loads.
    let handle = app.world_mut().resource_mut::<Assets<Image>>().reserve_handle();
    let centred = app.world_mut().spawn(SpriteCollider::new(handle.clone())).id();
    let mut corner = SpriteCollider::new(handle.clone());
    (corner.anchor, corner.pixels_per_unit) = (Vec2::new(-0.5, -0.5), 2.0);
    let cornered = app.world_mut().spawn(corner).id();
    app.update();
    assert!(app.world().get::<Collider>(centred).is_none(), "no image yet, no collider");
    app.world_mut().resource_mut::<Assets<Image>>().insert(handle.id(), image_of(width, height, rgba)).unwrap();
    app.update();
    let (w, h) = (width as f32, height as f32);
    // Centred, a pixel a unit: (x, y) in the picture is (x − w/2, h/2 − y).
    let expected: Vec<Vec2> = library[0].outline().iter().map(|p| Vec2::new(p.x - w / 2.0, h / 2.0 - p.y)).collect();
    let got = outline(&app.world().get::<Collider>(centred).expect("traced").0);
    assert_eq!(got.len(), expected.len());
    for p in &expected {
        assert!(got.iter().any(|q| q.distance(*p) < 1e-4), "{p} missing from {got:?}");
    }
    // The bottom-left corner at the origin, two pixels a unit: (x / 2, (h − y) / 2).
    let got = outline(&app.world().get::<Collider>(cornered).expect("traced").0);
    for p in library[0].outline() {
        let q = Vec2::new(p.x / 2.0, (h - p.y) / 2.0);
        assert!(got.iter().any(|g| g.distance(q) < 1e-4), "{q} missing from {got:?}");
    }
}

#[test]
fn a_picture_of_two_islands_gives_two_children_whose_collisions_name_them() {
    // 8 × 4 pixels: two solid 3 × 4 blocks, columns 0–2 and 5–7.
    let (width, height) = (8u32, 4u32);
    let rgba: Vec<u8> =
        (0..width * height).flat_map(|i| if (3..5).contains(&(i % width)) { [0; 4] } else { [255; 4] }).collect();
    let mut app = app();
    let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image_of(width, height, rgba));
    let sprite = app
        .world_mut()
        .spawn((SpriteCollider::new(handle).with_detail(Detail::Exact), Transform::from_xyz(10.0, 0.0, 0.0)))
        .id();
    // A probe inside the right block: x from 10 + 1 to 10 + 4 (the block spans 1 to 4 about the centre).
    let probe = app.world_mut().spawn((Collider::circle(0.25).unwrap(), Transform::from_xyz(12.5, 0.0, 0.0))).id();
    app.update(); // traced, spawned, placed and stepped in one frame
    let islands: Vec<Entity> =
        app.world_mut().query_filtered::<Entity, With<SpriteIsland>>().iter(app.world()).collect();
    assert_eq!(islands.len(), 2);
    assert!(app.world().get::<Collider>(sprite).is_none());
    for island in &islands {
        assert_eq!(app.world().get::<ChildOf>(*island).map(|c| c.parent()), Some(sprite));
    }
    let started: Vec<CollisionStarted> = app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().collect();
    assert_eq!(started.len(), 1, "{started:?}");
    let other = if started[0].a == probe { started[0].b } else { started[0].a };
    assert!(islands.contains(&other));
    let right = app.world().get::<GlobalTransform>(other).unwrap();
    assert_eq!(right.translation().x, 10.0); // islands sit at the sprite's origin; their polygons carry the offset
}

#[test]
fn a_sprite_that_cannot_be_traced_gets_no_collider_and_no_panic() {
    let mut app = app();
    let blank = app.world_mut().resource_mut::<Assets<Image>>().add(image_of(2, 2, vec![0; 16]));
    let empty = app.world_mut().spawn(SpriteCollider::new(blank)).id();
    let solid = app.world_mut().resource_mut::<Assets<Image>>().add(image_of(2, 2, vec![255; 16]));
    let mut bad = SpriteCollider::new(solid);
    bad.pixels_per_unit = 0.0;
    let refused = app.world_mut().spawn(bad).id();
    app.update();
    assert!(app.world().get::<Collider>(empty).is_none());
    assert!(app.world().get::<Collider>(refused).is_none());
}

#[test]
fn a_sprite_is_traced_again_when_its_image_or_settings_change_and_not_otherwise() {
    let mut app = app();
    // 4 × 4 pixels, the left half solid: a 2 × 4 box about x = -1.
    let left: Vec<u8> = (0..16).flat_map(|i| if i % 4 < 2 { [255; 4] } else { [0; 4] }).collect();
    let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image_of(4, 4, left));
    let sprite = app.world_mut().spawn(SpriteCollider::new(handle.clone())).id();
    let probe = app.world_mut().spawn((Collider::circle(0.25).unwrap(), Transform::from_xyz(-1.0, 0.0, 0.0))).id();
    app.update();
    let started = |app: &mut App| app.world_mut().resource_mut::<Messages<CollisionStarted>>().drain().count();
    assert_eq!(started(&mut app), 1);
    app.update();
    assert_eq!(started(&mut app), 0, "an unchanged sprite is not traced again");
    // The image changes to its right half: the probe on the left is no longer inside.
    let right: Vec<u8> = (0..16).flat_map(|i| if i % 4 >= 2 { [255; 4] } else { [0; 4] }).collect();
    app.world_mut().resource_mut::<Assets<Image>>().get_mut(&handle).unwrap().data = Some(right);
    app.update();
    app.update();
    let b = app.world().get::<Collider>(sprite).expect("traced again").0.aabb();
    assert_eq!((b.min(), b.max()), (Vec2::new(0.0, -2.0), Vec2::new(2.0, 2.0)));
    // Two pixels a unit: half the size.
    app.world_mut().get_mut::<SpriteCollider>(sprite).unwrap().pixels_per_unit = 2.0;
    app.update();
    let b = app.world().get::<Collider>(sprite).expect("traced again").0.aabb();
    assert_eq!((b.min(), b.max()), (Vec2::new(0.0, -1.0), Vec2::new(1.0, 1.0)));
    let _ = probe;
}

#[test]
fn a_negative_scale_or_an_anchor_off_the_numbers_is_refused() {
    let mut app = app();
    let solid = app.world_mut().resource_mut::<Assets<Image>>().add(image_of(2, 2, vec![255; 16]));
    let mut mirrored = SpriteCollider::new(solid.clone());
    mirrored.pixels_per_unit = -1.0;
    let mirrored = app.world_mut().spawn(mirrored).id();
    let mut lost = SpriteCollider::new(solid.clone());
    lost.anchor = Vec2::new(f32::NAN, 0.0);
    let lost = app.world_mut().spawn(lost).id();
    let fine = app.world_mut().spawn(SpriteCollider::new(solid)).id();
    app.update();
    assert!(app.world().get::<Collider>(mirrored).is_none());
    assert!(app.world().get::<Collider>(lost).is_none());
    assert!(app.world().get::<Collider>(fine).is_some());
}
