//! Colliders from sprites: a [`SpriteCollider`] traces its `Image` asset into polygons (one per
//! island of solid pixels, holes kept) once the image has loaded, and again when it changes.

use bevy_asset::{Asset, AssetEvent, AssetId, Assets, Handle};
use bevy_ecs::prelude::*;
use bevy_image::{Image, TextureFormatPixelInfo};
use bevy_math::{Affine2, Vec2};
use bevy_transform::components::Transform;
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace_limited, Detail};
use collide2d::{Polygon, Shape};

use crate::components::Collider;

/// Traces a sprite's image into its collider, in Bevy's sprite conventions: y up, the
/// `anchor` at the entity's origin (`Vec2::ZERO` the centre, `(-0.5, -0.5)` the bottom left, as
/// Bevy's `Anchor`), `pixels_per_unit` pixels to a world unit (1 for a sprite drawn at its
/// image's size).
///
/// A picture with one island of solid pixels gives the entity a [`Collider`]; one with several
/// gives it a child entity with a [`Collider`] per island (each marked [`SpriteIsland`]). Until
/// the image has loaded, the entity has no collider.
#[derive(Component, Clone, Debug)]
#[require(Transform)]
pub struct SpriteCollider {
    /// The sprite's image.
    pub image: Handle<Image>,
    /// How closely the polygons follow the pixels (`Detail::Optimal` by default: at most 1 %
    /// of each island's area off).
    pub detail: Detail,
    /// A pixel is solid when its alpha is above this (0 by default).
    pub alpha_above: u8,
    /// The point of the image at the entity's origin, as Bevy's `Anchor`.
    pub anchor: Vec2,
    /// Pixels to a world unit.
    pub pixels_per_unit: f32,
    /// Pictures whose exact outlines have more vertices than this are refused with a warning
    /// (1,000,000 by default), so that a huge or noisy picture cannot stall a frame.
    pub max_vertices: usize,
}

impl SpriteCollider {
    /// The collider of `image`, centred, a pixel to a unit, at `Detail::Optimal`.
    pub fn new(image: Handle<Image>) -> Self {
        Self {
            image,
            detail: Detail::Optimal,
            alpha_above: 0,
            anchor: Vec2::ZERO,
            pixels_per_unit: 1.0,
            max_vertices: 1_000_000,
        }
    }

    /// The same at another level of detail.
    pub fn with_detail(mut self, detail: Detail) -> Self {
        self.detail = detail;
        self
    }

    /// The polygons of `image` in the entity's local space, or why there are none.
    pub fn polygons(&self, image: &Image) -> Result<Vec<Polygon>, String> {
        let (width, height) = (image.width(), image.height());
        let rgba = rgba_bytes(image)?;
        let pixels = Rgba8::new(width, height, &rgba).map_err(|e| e.to_string())?;
        let traced = trace_limited(&pixels, &Solidity::alpha_above(self.alpha_above), self.detail, self.max_vertices)
            .map_err(|e| e.to_string())?;
        let local = self.pixels_to_local(width, height)?;
        traced.iter().map(|p| p.transformed(&local).map_err(|e| e.to_string())).collect()
    }

    /// The transform from pixels (x right, y down, from the top left corner) to the entity's
    /// space (y up, the anchor at the origin, in units).
    fn pixels_to_local(&self, width: u32, height: u32) -> Result<collide2d::Transform, String> {
        let ppu = self.pixels_per_unit;
        if !(ppu.is_finite() && ppu > 0.0 && self.anchor.is_finite()) {
            return Err(format!(
                "pixels_per_unit must be above 0 and the anchor finite, got {ppu} and {}",
                self.anchor
            ));
        }
        let size = Vec2::new(width as f32, height as f32) / ppu;
        let origin = Vec2::new(-(0.5 + self.anchor.x) * size.x, (0.5 - self.anchor.y) * size.y);
        let flip = Affine2::from_scale(Vec2::new(1.0 / ppu, -1.0 / ppu));
        Ok(collide2d::Transform::from_affine(Affine2::from_translation(origin) * flip))
    }
}

/// The image's pixels as RGBA bytes, converted when stored in another format.
fn rgba_bytes(image: &Image) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    use wgpu_types::TextureFormat;
    let format = image.texture_descriptor.format;
    let data = image.data.as_deref().ok_or("the image has no pixels in main memory")?;
    match format {
        TextureFormat::Rgba8Unorm | TextureFormat::Rgba8UnormSrgb => Ok(data.into()),
        TextureFormat::Bgra8Unorm | TextureFormat::Bgra8UnormSrgb => {
            Ok(data.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect::<Vec<u8>>().into())
        }
        other => Err(format!(
            "images in {other:?} ({} bytes a pixel) are not traced; use an RGBA8 image",
            other.pixel_size().unwrap_or(0)
        )),
    }
}

/// One island of a sprite traced into several, on a child entity of the sprite.
#[derive(Component, Clone, Copy, Debug)]
pub struct SpriteIsland;

/// Marks a sprite whose image has been traced.
#[derive(Component)]
pub(crate) struct Traced;

/// A sprite, whether it has been traced, and its children (its islands among them).
type Sprite = (Entity, Ref<'static, SpriteCollider>, Has<Traced>, Option<&'static Children>);

/// The assets modified since the last read (a level or image changed on disk, or in memory).
pub(crate) fn modified<A: Asset>(events: &mut MessageReader<AssetEvent<A>>) -> Vec<AssetId<A>> {
    events
        .read()
        .filter_map(|e| match e {
            AssetEvent::Modified { id } => Some(*id),
            _ => None,
        })
        .collect()
}

/// Despawns the children marked `M` (the colliders made from an asset, before they are made
/// again).
pub(crate) fn despawn_marked<M: Component>(
    commands: &mut Commands,
    children: Option<&Children>,
    marked: &Query<(), With<M>>,
) {
    for child in children.into_iter().flatten().filter(|c| marked.contains(**c)) {
        commands.entity(*child).despawn();
    }
}

/// Traces the sprites whose images have loaded (or changed) and gives them their colliders.
pub(crate) fn trace_sprites(
    mut commands: Commands,
    mut image_events: MessageReader<AssetEvent<Image>>,
    sprites: Query<Sprite>,
    islands: Query<(), With<SpriteIsland>>,
    images: Res<Assets<Image>>,
) {
    let changed = modified(&mut image_events);
    for (entity, sprite, traced, children) in &sprites {
        let stale = sprite.is_changed() || changed.contains(&sprite.image.id());
        if traced && !stale {
            continue;
        }
        let Some(image) = images.get(&sprite.image) else { continue };
        let mut sprite_entity = commands.entity(entity);
        sprite_entity.insert(Traced).remove::<Collider>();
        despawn_marked(&mut commands, children, &islands);
        match sprite.polygons(image) {
            Ok(polygons) if polygons.len() == 1 => {
                let polygon = polygons.into_iter().next().expect("one polygon");
                commands.entity(entity).insert(Collider(Shape::Polygon(polygon)));
            }
            Ok(polygons) => {
                if polygons.is_empty() {
                    log::warn!("collide2d: the sprite of {entity} has no solid pixels, so no collider");
                }
                for polygon in polygons {
                    commands.spawn((
                        Collider(Shape::Polygon(polygon)),
                        SpriteIsland,
                        Transform::IDENTITY,
                        ChildOf(entity),
                    ));
                }
            }
            Err(e) => log::warn!("collide2d: the sprite of {entity} was not traced: {e}"),
        }
    }
}
