//! Colliders from level files: Tiled maps (`.tmx`, `.tmj`) and LDtk projects (`.ldtk`) load as
//! [`TileLevel`] assets, and a [`TileLevelCollider`] gives its entity a child collider per
//! [`LevelMap`] once its level has loaded, so that the messages and the [`Mover`](crate::Mover)
//! meet the level's tiles as any other collider, with no seams between them.
//!
//! **Y.** Map files are y down (pixels from the top-left corner); Bevy is y up. The colliders are
//! the level mirrored top to bottom: the file's point `(x, y)` is at `(x, -y) / pixels_per_unit`
//! in the level entity's space, so that the file's top-left corner is at the entity's origin and
//! the level lies below it, drawn the right way up. Tiles are mirrored with their flip flags, and
//! one-way sides with them: a Tiled `one_way = up` platform is landed on from above (its open
//! side `Vec2::Y`).

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use bevy_app::prelude::*;
use bevy_asset::io::Reader;
use bevy_asset::{Asset, AssetApp, AssetEvent, AssetLoader, Assets, Handle, LoadContext, ReadAssetBytesError};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_reflect::TypePath;
use bevy_transform::components::Transform;
use bevy_transform::TransformSystems;
use collide2d::tiles::ldtk::{self, IntGridRules};
use collide2d::tiles::{tiled, LevelMap, LoadError, TileMap, FLIP_VERTICAL};
use collide2d::{Shape, ShapeError};

use crate::components::{Collider, CollisionLayers, OneWay};
use crate::sprite::{despawn_marked, modified};

/// The colliding tiles of a level file, as the library's loaders give them: in the file's pixels,
/// y down ([`TileLevelCollider`] turns them y up). A Tiled map's tile layers, or every level of
/// an LDtk project, in the file's order; objects and entities are not kept.
#[derive(Asset, TypePath, Clone, Debug, Default)]
pub struct TileLevel {
    /// Each layer's tiles, split by one-way side and collision filter.
    pub maps: Vec<LevelMap>,
}

/// The plugin of level files: the [`TileLevel`] asset, its loader for `.tmx`, `.tmj` and
/// `.ldtk` files, and the system that gives [`TileLevelCollider`]s their colliders. Add it
/// after Bevy's `AssetPlugin` (beside [`Collide2dPlugin`](crate::Collide2dPlugin)).
#[derive(Default)]
pub struct TileLevelPlugin {
    /// How the IntGrid values of LDtk projects collide (every value but 0 a solid cell unless
    /// set).
    pub ldtk_rules: IntGridRules,
}

impl Plugin for TileLevelPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<TileLevel>()
            .register_asset_loader(TileLevelLoader { ldtk_rules: self.ldtk_rules.clone() })
            // Before propagation, as sprites, so that the children are placed in the same frame.
            .add_systems(PostUpdate, build_tile_levels.before(TransformSystems::Propagate));
    }
}

/// Loads `.tmx` and `.tmj` (Tiled) and `.ldtk` (LDtk) files as [`TileLevel`]s, with the files
/// they refer to (external tilesets, templates, levels saved apart) read through the asset
/// server, relative to the map.
#[derive(TypePath)]
pub struct TileLevelLoader {
    ldtk_rules: IntGridRules,
}

/// Why a level file did not load.
#[derive(Debug, thiserror::Error)]
pub enum TileLevelError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A file it refers to could not be read.
    #[error("{path}: {source}")]
    ReadBeside {
        /// The file, as the map names it.
        path: PathBuf,
        /// What the asset server said.
        #[source]
        source: Box<ReadAssetBytesError>,
    },
    /// The library's loader refused the file.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The file is not text, or not of a known kind.
    #[error("{0}")]
    Format(String),
}

/// The most files a level may refer to (each read before the level is loaded again).
const MAX_FILES: usize = 256;

impl AssetLoader for TileLevelLoader {
    type Asset = TileLevel;
    type Settings = ();
    type Error = TileLevelError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        ctx: &mut LoadContext<'_>,
    ) -> Result<TileLevel, TileLevelError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let name = ctx.path().to_string();
        let text = String::from_utf8(bytes).map_err(|_| TileLevelError::Format(format!("{name}: not UTF-8 text")))?;
        let extension = ctx.path().path().extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
        // The library's loaders read the files a map refers to through a blocking function; the
        // asset server reads asynchronously. So the map is loaded, any file it asked for that
        // was not read yet is read, and it is loaded again until it asks for none unread.
        let mut files: HashMap<PathBuf, Vec<u8>> = HashMap::new();
        loop {
            let mut wanted: Option<PathBuf> = None;
            let read = |path: &Path| match files.get(path) {
                Some(bytes) => Ok(bytes.clone()),
                None => {
                    wanted.get_or_insert_with(|| path.to_path_buf());
                    Err(io::Error::new(io::ErrorKind::NotFound, "not read yet"))
                }
            };
            let result = parse(&extension, &name, &text, &self.ldtk_rules, read);
            let Some(path) = wanted.filter(|_| files.len() < MAX_FILES) else { return result };
            drop(result);
            let beside = ctx.path().parent().unwrap_or_default();
            let asset_path = beside
                .resolve_str(&path.to_string_lossy())
                .map_err(|e| TileLevelError::Format(format!("{name}: {}: {e}", path.display())))?;
            let bytes = ctx
                .read_asset_bytes(asset_path)
                .await
                .map_err(|e| TileLevelError::ReadBeside { path: path.clone(), source: Box::new(e) })?;
            files.insert(path, bytes);
        }
    }

    fn extensions(&self) -> &[&str] {
        &["tmx", "tmj", "ldtk"]
    }
}

/// A level file's maps by its extension.
fn parse(
    extension: &str,
    name: &str,
    text: &str,
    rules: &IntGridRules,
    read: impl FnMut(&Path) -> io::Result<Vec<u8>>,
) -> Result<TileLevel, TileLevelError> {
    let maps = match extension {
        "tmx" => tiled::load_tmx_str(text, read)?.maps,
        "tmj" | "json" => tiled::load_tmj_str(text, read)?.maps,
        "ldtk" => ldtk::load_ldtk_str(text, rules, read)?.levels.into_iter().flat_map(|l| l.maps).collect(),
        _ => return Err(TileLevelError::Format(format!("{name}: not a .tmx, .tmj or .ldtk file"))),
    };
    Ok(TileLevel { maps })
}

/// Gives its entity the colliders of a [`TileLevel`] once the level has loaded (and again when
/// it changes): a child entity per [`LevelMap`], marked [`TileLayerCollider`], with a
/// [`Collider`] (the map turned y up by [`y_up`]), its [`CollisionLayers`] (the
/// map's filter) and, for one-way tiles, its [`OneWay`] side.
///
/// Map files are y down, Bevy y up: the colliders are the level mirrored top to bottom, the
/// file's point `(x, y)` at `(x, -y) / pixels_per_unit` in the entity's space. So the file's
/// top-left corner is at the entity's origin and the level lies below it, the right way up; its
/// one-way sides turn with it (Tiled's `one_way = up` is `OneWay(Vec2::Y)`: landed on from
/// above). A tile map only moves: an entity turned or scaled gets no colliders (the plugin
/// warns).
#[derive(Component, Clone, Debug)]
#[require(Transform)]
pub struct TileLevelCollider {
    /// The level.
    pub level: Handle<TileLevel>,
    /// The file's pixels to a world unit (1 by default).
    pub pixels_per_unit: f32,
}

impl TileLevelCollider {
    /// The colliders of `level`, a pixel to a unit.
    pub fn new(level: Handle<TileLevel>) -> Self {
        Self { level, pixels_per_unit: 1.0 }
    }

    /// The colliders of a loaded level in the entity's space (y up), each with its layer, one-way
    /// side and layers, or why there are none.
    pub fn colliders(&self, level: &TileLevel) -> Result<Vec<TileLayerColliderBundle>, String> {
        let ppu = self.pixels_per_unit;
        if !(ppu.is_finite() && ppu > 0.0) {
            return Err(format!("pixels_per_unit must be above 0, got {ppu}"));
        }
        level
            .maps
            .iter()
            .map(|m| {
                let map = y_up(&m.map, ppu).map_err(|e| format!("layer \"{}\": {e}", m.layer))?;
                Ok((
                    TileLayerCollider { layer: m.layer.clone() },
                    Collider(Shape::TileMap(map)),
                    CollisionLayers::new(m.filter.layer, m.filter.mask),
                    m.one_way.map(|side| OneWay(Vec2::new(side.x, -side.y))),
                ))
            })
            .collect()
    }
}

/// A child of a [`TileLevelCollider`]: its marker, collider, layers and one-way side.
pub type TileLayerColliderBundle = (TileLayerCollider, Collider, CollisionLayers, Option<OneWay>);

/// One map of a level (a layer's tiles sharing a one-way side and filter), on a child entity of
/// the [`TileLevelCollider`].
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct TileLayerCollider {
    /// The layer the tiles come from (as [`LevelMap::layer`]).
    pub layer: String,
}

/// A tile map of a file (y down, pixels) mirrored top to bottom into y up and scaled to units:
/// its rows in the other order, each tile flipped vertically, so that the file's `(x, y)` is at
/// `(x, -y) / pixels_per_unit`.
///
/// ```
/// use collide2d::tiles::{TileMap, TileSet};
/// use collide2d::{intersects, Vec2};
/// // 2 × 2 cells of 16 pixels; only the top-left cell (pixels 0..16 both ways) is solid.
/// let file = TileMap::from_ids(Vec2::ZERO, Vec2::splat(16.0), 2, 2, &[1, 0, 0, 0], TileSet::solid(1))?;
/// let up = collide2d_bevy::y_up(&file, 16.0)?;
/// assert!(intersects(&up, &Vec2::new(0.5, -0.5))); // now a unit square below the origin
/// assert!(!intersects(&up, &Vec2::new(0.5, -1.5)));
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
pub fn y_up(map: &TileMap, pixels_per_unit: f32) -> Result<TileMap, ShapeError> {
    let (width, height) = (map.width(), map.height());
    let ids: Vec<u32> = (0..height)
        .rev()
        .flat_map(|row| (0..width).map(move |col| (col, row)))
        .map(|(col, row)| map.id(col, row).unwrap_or(0))
        .map(|id| if id == 0 { 0 } else { id ^ FLIP_VERTICAL })
        .collect();
    let bottom = map.origin().y + map.cell_size().y * height as f32;
    let origin = Vec2::new(map.origin().x, -bottom) / pixels_per_unit;
    TileMap::from_ids(origin, map.cell_size() / pixels_per_unit, width, height, &ids, map.tiles().clone())
}

/// Marks a level entity whose colliders have been made.
#[derive(Component)]
pub(crate) struct Built;

/// A level entity, whether it has been built, and its children (its layers among them).
type Level = (Entity, Ref<'static, TileLevelCollider>, Has<Built>, Option<&'static Children>);

/// Gives the level entities whose levels have loaded (or changed) their colliders.
pub(crate) fn build_tile_levels(
    mut commands: Commands,
    mut events: MessageReader<AssetEvent<TileLevel>>,
    levels: Query<Level>,
    layers: Query<(), With<TileLayerCollider>>,
    assets: Res<Assets<TileLevel>>,
) {
    let changed = modified(&mut events);
    for (entity, level, built, children) in &levels {
        let stale = level.is_changed() || changed.contains(&level.level.id());
        if built && !stale {
            continue;
        }
        let Some(asset) = assets.get(&level.level) else { continue };
        commands.entity(entity).insert(Built);
        despawn_marked(&mut commands, children, &layers);
        match level.colliders(asset) {
            Ok(colliders) => {
                for (layer, collider, collision_layers, one_way) in colliders {
                    let mut child =
                        commands.spawn((layer, collider, collision_layers, Transform::IDENTITY, ChildOf(entity)));
                    if let Some(one_way) = one_way {
                        child.insert(one_way);
                    }
                }
            }
            Err(e) => log::warn!("collide2d: the level of {entity} got no colliders: {e}"),
        }
    }
}
