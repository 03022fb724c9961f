//! What each tile id stands for: its collision shape, and Tiled's flip bits on an id.

use std::collections::BTreeMap;

use glam::Vec2;

use crate::shape::{ConvexPolygon, ShapeError};

/// Tiled's flag on a global tile id: the tile is mirrored left to right.
pub const FLIP_HORIZONTAL: u32 = 0x8000_0000;
/// Tiled's flag on a global tile id: the tile is mirrored top to bottom.
pub const FLIP_VERTICAL: u32 = 0x4000_0000;
/// Tiled's flag on a global tile id: the tile's x and y are swapped (applied before the other two
/// flips; with them it makes the quarter turns).
pub const FLIP_DIAGONAL: u32 = 0x2000_0000;
/// Tiled's flag for a hexagonal map's 120° turn: refused, as hexagonal maps are.
pub const ROTATE_HEXAGONAL: u32 = 0x1000_0000;
/// The bits of a global tile id that name the tile; the four above are flags.
pub const TILE_ID_BITS: u32 = 0x0FFF_FFFF;

/// What a tile is made of, in its cell: nothing, the whole cell, or a convex part of it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::TileShapeRaw", into = "crate::serial::TileShapeRaw")
)]
pub enum TileShape {
    /// Nothing solid: the cell is open.
    Empty,
    /// The whole cell.
    Solid,
    /// A convex polygon inside the cell, in fractions of the cell: `(0, 0)` is the cell's
    /// corner of least x and y and `(1, 1)` the opposite one (with y down, as Tiled draws, the
    /// top left and the bottom right). Made by [`TileShape::convex`].
    Convex(ConvexPolygon),
}

impl TileShape {
    /// A convex polygon in the cell, its vertices in fractions of the cell (see
    /// [`TileShape::Convex`]), in either winding. Refuses vertices outside `[0, 1]` and what
    /// [`ConvexPolygon::new`] refuses (a concave or flat outline). The whole cell becomes
    /// [`TileShape::Solid`].
    ///
    /// ```
    /// use collide2d::tiles::TileShape;
    /// use collide2d::Vec2;
    /// // A 45° slope rising to the right on a y-down screen: its solid part is below the diagonal.
    /// let slope = TileShape::convex(&[Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0)])?;
    /// assert!(matches!(slope, TileShape::Convex(_)));
    /// let whole = TileShape::convex(&[Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y])?;
    /// assert_eq!(whole, TileShape::Solid);
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn convex(points: &[Vec2]) -> Result<TileShape, ShapeError> {
        for (i, p) in points.iter().enumerate() {
            if !(0.0..=1.0).contains(&p.x) || !(0.0..=1.0).contains(&p.y) {
                return Err(ShapeError::BadTile {
                    context: format!("tile shape vertex {i}"),
                    reason: format!("({}, {}) lies outside the cell (fractions from 0 to 1)", p.x, p.y),
                });
            }
        }
        let polygon = ConvexPolygon::new(points)?;
        let whole = polygon.vertices().len() == 4 && polygon.area() == 1.0;
        Ok(if whole { TileShape::Solid } else { TileShape::Convex(polygon) })
    }

    /// The shape as Tiled's `flags` (on a global id) turn it: the diagonal flip first, then
    /// the horizontal and vertical ones.
    pub(crate) fn oriented(&self, flags: u32) -> TileShape {
        let TileShape::Convex(polygon) = self else { return self.clone() };
        if flags & (FLIP_HORIZONTAL | FLIP_VERTICAL | FLIP_DIAGONAL) == 0 {
            return self.clone();
        }
        let turn = |p: &Vec2| {
            let p = if flags & FLIP_DIAGONAL != 0 { Vec2::new(p.y, p.x) } else { *p };
            let x = if flags & FLIP_HORIZONTAL != 0 { 1.0 - p.x } else { p.x };
            let y = if flags & FLIP_VERTICAL != 0 { 1.0 - p.y } else { p.y };
            Vec2::new(x, y)
        };
        let points: Vec<Vec2> = polygon.vertices().iter().map(turn).collect();
        // A mirror of a valid convex polygon in the unit square is one: `1 - x` is exact there.
        TileShape::convex(&points).unwrap_or_else(|_| self.clone())
    }
}

/// The tiles a map's ids stand for: id 0 is always empty (as in Tiled, where 0 is "no tile"),
/// and every other id a map uses must be given a shape here.
///
/// ```
/// use collide2d::tiles::{TileSet, TileShape};
/// use collide2d::Vec2;
/// let tiles = TileSet::new()
///     .with(1, TileShape::Solid)
///     .with(2, TileShape::convex(&[Vec2::new(0.0, 0.5), Vec2::new(1.0, 0.5), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)])?);
/// assert_eq!(tiles.shape(1), Some(&TileShape::Solid));
/// assert_eq!(tiles.shape(0), Some(&TileShape::Empty));
/// assert_eq!(tiles.shape(3), None);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TileSet {
    shapes: BTreeMap<u32, TileShape>,
}

impl TileSet {
    /// A set knowing only id 0 (empty).
    pub fn new() -> Self {
        Self::default()
    }

    /// A set where ids `1..=count` are solid: for maps given as 0 (open) and 1 (solid), or a
    /// few kinds of solid tile.
    pub fn solid(count: u32) -> Self {
        (1..=count).fold(Self::new(), |set, id| set.with(id, TileShape::Solid))
    }

    /// This set with `id` (its flag bits ignored) standing for `shape`. Id 0 stays empty.
    pub fn with(mut self, id: u32, shape: TileShape) -> Self {
        self.insert(id, shape);
        self
    }

    /// Gives `id` (its flag bits ignored) the shape `shape`. Id 0 stays empty.
    pub fn insert(&mut self, id: u32, shape: TileShape) {
        let id = id & TILE_ID_BITS;
        if id != 0 {
            self.shapes.insert(id, shape);
        }
    }

    /// Every id the set gives a shape (0 aside), in increasing order, with its shape.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &TileShape)> {
        self.shapes.iter().map(|(id, shape)| (*id, shape))
    }

    /// The shape `id` stands for (its flag bits ignored), or `None` if the set does not know it.
    pub fn shape(&self, id: u32) -> Option<&TileShape> {
        match id & TILE_ID_BITS {
            0 => Some(&TileShape::Empty),
            id => self.shapes.get(&id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn vertices(shape: &TileShape) -> Vec<Vec2> {
        let TileShape::Convex(p) = shape else { panic!("not convex: {shape:?}") };
        let mut points = p.vertices().to_vec();
        points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        points
    }

    #[test]
    fn flips_turn_a_slope_as_tiled_draws_them() {
        // Solid below the diagonal rising to the right (y down): corners (0,1), (1,0), (1,1).
        let slope = TileShape::convex(&[v(0.0, 1.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap();
        let h = slope.oriented(FLIP_HORIZONTAL);
        assert_eq!(vertices(&h), [v(0.0, 0.0), v(0.0, 1.0), v(1.0, 1.0)]);
        let vf = slope.oriented(FLIP_VERTICAL);
        assert_eq!(vertices(&vf), [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)]);
        // Diagonal then horizontal: a quarter turn.
        let half = TileShape::convex(&[v(0.0, 0.5), v(1.0, 0.5), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
        let d = half.oriented(FLIP_DIAGONAL);
        assert_eq!(vertices(&d), [v(0.5, 0.0), v(0.5, 1.0), v(1.0, 0.0), v(1.0, 1.0)]);
        let dh = half.oriented(FLIP_DIAGONAL | FLIP_HORIZONTAL);
        assert_eq!(vertices(&dh), [v(0.0, 0.0), v(0.0, 1.0), v(0.5, 0.0), v(0.5, 1.0)]);
        assert_eq!(TileShape::Solid.oriented(FLIP_DIAGONAL), TileShape::Solid);
        assert_eq!(slope.oriented(0), slope);
    }

    #[test]
    fn shapes_outside_the_cell_or_concave_are_refused() {
        let out = TileShape::convex(&[v(0.0, 0.0), v(1.5, 0.0), v(0.0, 1.0)]).unwrap_err();
        assert!(out.to_string().contains("vertex 1") && out.to_string().contains("outside the cell"), "{out}");
        let concave = [v(0.0, 0.0), v(1.0, 0.0), v(0.5, 0.5), v(1.0, 1.0), v(0.0, 1.0)];
        assert!(matches!(TileShape::convex(&concave), Err(ShapeError::NotConvex { .. })));
        assert!(TileShape::convex(&[v(0.0, 0.0), v(-0.1, 0.0), v(0.0, 1.0)]).is_err());
        assert!(TileShape::convex(&[v(0.0, 0.0), v(1.0, f32::NAN), v(0.0, 1.0)]).is_err());
    }

    #[test]
    fn a_set_ignores_flag_bits_and_keeps_zero_empty() {
        let set = TileSet::solid(2).with(0, TileShape::Solid);
        assert_eq!(set.shape(0), Some(&TileShape::Empty));
        assert_eq!(set.shape(2 | FLIP_HORIZONTAL), Some(&TileShape::Solid));
        assert_eq!(set.shape(3), None);
    }
}
