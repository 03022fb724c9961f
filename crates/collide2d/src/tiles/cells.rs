//! Which cells a query visits, and each cell's piece in the query's own frame.
//!
//! A query works in a frame whose origin is the corner of one cell near it (`Frame`): cell
//! corners there are small multiples of the cell size, and the other shape's coordinates are
//! differences of nearby numbers, so precision follows the cell wherever on the map it is.

use glam::{DVec2, Vec2};

use super::{TileMap, TileShape};
use crate::math::Order;

/// What a distinct tile is, prepared for queries.
#[derive(Clone, Debug)]
pub(crate) enum Piece {
    /// Nothing.
    Empty,
    /// The whole cell.
    Solid,
    /// A convex polygon in fractions of the cell, counter-clockwise (with y up), the outward
    /// unit normals of its edges in the map's units (worked out once, for the map's cell size),
    /// and how much of each side of the cell it covers (see [`Piece::side`]).
    Convex { points: Box<[Vec2]>, normals: Box<[Vec2]>, sides: [Option<(f32, f32)>; 4] },
}

/// One side of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    MinX,
    MaxX,
    MinY,
    MaxY,
}

impl Side {
    /// The side an edge of a piece lies on, from its ends in fractions of the cell, if any.
    pub(crate) fn of_edge(a: Vec2, b: Vec2) -> Option<Side> {
        match () {
            _ if a.x == 0.0 && b.x == 0.0 => Some(Side::MinX),
            _ if a.x == 1.0 && b.x == 1.0 => Some(Side::MaxX),
            _ if a.y == 0.0 && b.y == 0.0 => Some(Side::MinY),
            _ if a.y == 1.0 && b.y == 1.0 => Some(Side::MaxY),
            _ => None,
        }
    }

    /// How far along this side a point of the cell is, in fractions (y along the x sides, x
    /// along the others).
    pub(crate) fn along<T>(self, x: T, y: T) -> T {
        if matches!(self, Side::MinX | Side::MaxX) {
            y
        } else {
            x
        }
    }

    /// The side of the neighbour across this one, and the step to that neighbour.
    pub(crate) fn across(self) -> (Side, (i64, i64)) {
        match self {
            Side::MinX => (Side::MaxX, (-1, 0)),
            Side::MaxX => (Side::MinX, (1, 0)),
            Side::MinY => (Side::MaxY, (0, -1)),
            Side::MaxY => (Side::MinY, (0, 1)),
        }
    }
}

/// The outward normals of a whole cell's edges, counter-clockwise from its least corner.
pub(crate) const SQUARE_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

impl Piece {
    /// The outward unit normals of its edges, in the order of its vertices (none when empty).
    pub(crate) fn normals(&self) -> &[Vec2] {
        match self {
            Piece::Empty => &[],
            Piece::Solid => &SQUARE_NORMALS,
            Piece::Convex { normals, .. } => normals,
        }
    }

    /// The piece `shape` is in a map of cells of `cell` size.
    pub(crate) fn of(shape: &TileShape, cell: Vec2) -> Piece {
        match shape {
            TileShape::Empty => Piece::Empty,
            TileShape::Solid => Piece::Solid,
            TileShape::Convex(p) => {
                let points: Box<[Vec2]> = p.vertices().into();
                let mut sides = [None; 4];
                let n = points.len();
                for i in 0..n {
                    let (a, b) = (points[i], points[(i + 1) % n]);
                    if let Some(side) = Side::of_edge(a, b) {
                        let (p, q) = (side.along(a.x, a.y), side.along(b.x, b.y));
                        sides[side as usize] = Some((p.at_most(q), p.at_least(q)));
                    }
                }
                let n = points.len();
                let normals = (0..n)
                    .map(|i| {
                        let d = (points[(i + 1) % n] - points[i]) * cell;
                        crate::math::unit_or(Vec2::new(d.y, -d.x), Vec2::ZERO)
                    })
                    .collect();
                Piece::Convex { points, normals, sides }
            }
        }
    }

    /// The stretch of `side` the piece covers, in fractions along it (of y for the x sides,
    /// of x for the y sides), or `None` when it covers none of it (a single point is none).
    pub(crate) fn side(&self, side: Side) -> Option<(f32, f32)> {
        match self {
            Piece::Empty => None,
            Piece::Solid => Some((0.0, 1.0)),
            Piece::Convex { sides, .. } => sides[side as usize],
        }
    }
}

/// The cells a query visits: columns `cols.0..=cols.1` and rows `rows.0..=rows.1`, all in
/// the grid. Empty when `cols.0 > cols.1` or `rows.0 > rows.1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellRange {
    pub(crate) cols: (u32, u32),
    pub(crate) rows: (u32, u32),
}

impl CellRange {
    pub(crate) fn is_empty(&self) -> bool {
        self.cols.0 > self.cols.1 || self.rows.0 > self.rows.1
    }

    /// How many cells it holds.
    pub(crate) fn count(&self) -> u64 {
        if self.is_empty() {
            return 0;
        }
        (self.cols.1 - self.cols.0 + 1) as u64 * (self.rows.1 - self.rows.0 + 1) as u64
    }
}

/// A query's frame: coordinates relative to the least corner of cell `(col0, row0)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    base: DVec2,
    col0: u32,
    row0: u32,
    cell: Vec2,
}

impl TileMap {
    /// Every cell of the grid.
    pub(crate) fn all_cells(&self) -> CellRange {
        CellRange { cols: (0, self.width() - 1), rows: (0, self.height() - 1) }
    }

    /// The cells whose closed squares meet the closed box `[lo, hi]` (world coordinates);
    /// touching counts. Empty for a box off the grid or with a NaN.
    pub(crate) fn cells_meeting(&self, lo: Vec2, hi: Vec2) -> CellRange {
        match self.span_meeting(lo, hi) {
            Some(span) => self.clip(span),
            None => CellRange { cols: (1, 0), rows: (1, 0) },
        }
    }

    /// [`cells_meeting`](Self::cells_meeting) before it is clipped to the grid: columns and
    /// rows as `[first col, last col, first row, last row]`, each within one cell of the grid
    /// (`-1` to the width or height); `None` for a NaN or an inverted box.
    pub(crate) fn span_meeting(&self, lo: Vec2, hi: Vec2) -> Option<[i64; 4]> {
        let (o, c) = (self.origin().as_dvec2(), self.cell_size().as_dvec2());
        let (lo, hi) = ((lo.as_dvec2() - o) / c, (hi.as_dvec2() - o) / c);
        // Whole numbers by truncation, with no call to `floor` or `ceil` (library calls on
        // targets without SSE 4.1), once `v` is within a cell of the grid's range.
        let near = |v: f64, n: u32| v.clamp(-2.0, n as f64 + 1.0);
        let floor = |v: f64| (v as i64) - ((v as i64) as f64 > v) as i64;
        let ceil = |v: f64| (v as i64) + (((v as i64) as f64) < v) as i64;
        let clamp = |k: i64, n: u32| k.clamp(-1, n as i64);
        // A box edge on a cell line touches the cells either side of it.
        let range = |lo: f64, hi: f64, n: u32| (clamp(ceil(near(lo, n)) - 1, n), clamp(floor(near(hi, n)), n));
        if lo.is_nan() || hi.is_nan() || lo.x > hi.x || lo.y > hi.y {
            return None;
        }
        let ((c0, c1), (r0, r1)) = (range(lo.x, hi.x, self.width()), range(lo.y, hi.y, self.height()));
        Some([c0, c1, r0, r1])
    }

    /// The cells of the grid in a span of columns and rows (see
    /// [`span_meeting`](Self::span_meeting)).
    pub(crate) fn clip(&self, [c0, c1, r0, r1]: [i64; 4]) -> CellRange {
        let range = |a: i64, b: i64, n: u32| -> (u32, u32) {
            if a > b || b < 0 || a >= n as i64 {
                return (1, 0);
            }
            (a.max(0) as u32, b.min(n as i64 - 1) as u32)
        };
        CellRange { cols: range(c0, c1, self.width()), rows: range(r0, r1, self.height()) }
    }

    /// A frame whose origin is the least corner of cell `(col, row)` (which may lie outside
    /// the grid, within `i32` of it).
    pub(crate) fn frame_at(&self, col: u32, row: u32) -> Frame {
        let base = self.origin().as_dvec2() + self.cell_size().as_dvec2() * DVec2::new(col as f64, row as f64);
        Frame { base, col0: col, row0: row, cell: self.cell_size() }
    }
}

impl Frame {
    /// A world point in this frame.
    #[inline]
    pub(crate) fn local(&self, p: Vec2) -> Vec2 {
        (p.as_dvec2() - self.base).as_vec2()
    }

    /// A point of this frame in the world.
    #[inline]
    pub(crate) fn world(&self, p: Vec2) -> Vec2 {
        (p.as_dvec2() + self.base).as_vec2()
    }

    /// The least corner of cell `(col, row)` in this frame.
    #[inline]
    pub(crate) fn corner(&self, col: u32, row: u32) -> Vec2 {
        Vec2::new((col as i64 - self.col0 as i64) as f32, (row as i64 - self.row0 as i64) as f32)
    }

    /// The size of a cell.
    #[inline]
    pub(crate) fn cell(&self) -> Vec2 {
        self.cell
    }

    /// A point given in fractions of cell `(col, row)`, in this frame. A corner two cells
    /// share comes out the same from either.
    #[inline]
    pub(crate) fn at(&self, col: u32, row: u32, fraction: Vec2) -> Vec2 {
        (self.corner(col, row) + fraction) * self.cell
    }

    /// The vertices of `piece` in cell `(col, row)`, counter-clockwise (with y up), into `out`
    /// (cleared first); nothing for an empty piece.
    pub(crate) fn piece_vertices(&self, piece: &Piece, col: u32, row: u32, out: &mut Vec<Vec2>) {
        out.clear();
        match piece {
            Piece::Empty => {}
            Piece::Solid => {
                let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
                out.extend(square.iter().map(|f| self.at(col, row, *f)));
            }
            Piece::Convex { points, .. } => out.extend(points.iter().map(|f| self.at(col, row, *f))),
        }
    }
}
