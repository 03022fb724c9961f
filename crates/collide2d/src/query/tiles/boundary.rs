//! The surface of a map's solid near a query: the stretches of the pieces' edges that no
//! neighbour covers, and the convex corners where they meet. A side two solid cells share is a
//! seam, not a surface: it never appears here, so no answer can come from it.

use glam::Vec2;

use crate::tiles::{CellRange, Frame, Piece, Side, TileMap};

/// A stretch of surface, from `a` to `b` with the solid on its left (counter-clockwise with y
/// up), and its outward unit normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Face {
    pub(crate) a: Vec2,
    pub(crate) b: Vec2,
    pub(crate) normal: Vec2,
}

/// A convex corner of the surface and the outward normals of the faces arriving at it and
/// leaving it (`None` where more than two faces meet, as at cells touching only at a corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Corner {
    pub(crate) at: Vec2,
    pub(crate) normals: Option<(Vec2, Vec2)>,
}

/// The surface near a query, kept between queries.
#[derive(Default)]
pub(crate) struct Surface {
    pub(crate) faces: Vec<Face>,
    pub(crate) corners: Vec<Corner>,
    /// Ends of faces, sorted to find where they meet: (point, face, whether it is the start).
    ends: Vec<(Vec2, u32, bool)>,
    piece: Vec<Vec2>,
}

impl Surface {
    /// The surface of `map`'s pieces in `cells`, in `frame`.
    pub(crate) fn build(&mut self, map: &TileMap, cells: CellRange, frame: &Frame) {
        self.faces.clear();
        self.corners.clear();
        if cells.is_empty() {
            return;
        }
        for row in cells.rows.0..=cells.rows.1 {
            for col in cells.cols.0..=cells.cols.1 {
                self.add_cell(map, col, row, frame);
            }
        }
        self.find_corners();
    }

    fn add_cell(&mut self, map: &TileMap, col: u32, row: u32, frame: &Frame) {
        let piece = &map.kinds()[map.kind_index(col, row)].piece;
        // The piece's outline in fractions of the cell.
        let mut fractions = std::mem::take(&mut self.piece);
        fractions.clear();
        match piece {
            Piece::Empty => {}
            Piece::Solid => fractions.extend([Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]),
            Piece::Convex { points, .. } => fractions.extend(points.iter()),
        }
        let n = fractions.len();
        for (i, &normal) in piece.normals().iter().enumerate() {
            let (fa, fb) = (fractions[i], fractions[(i + 1) % n]);
            let Some(side) = Side::of_edge(fa, fb) else {
                self.faces.push(Face { a: frame.at(col, row, fa), b: frame.at(col, row, fb), normal });
                continue;
            };
            let cover = self.neighbour_cover(map, col, row, side);
            // What of the edge the neighbour leaves open: before its cover and after it, in
            // the edge's own direction.
            let (ta, tb) = (side.along(fa.x, fa.y), side.along(fb.x, fb.y));
            let point = |t: f32| {
                let f = if matches!(side, Side::MinX | Side::MaxX) { Vec2::new(fa.x, t) } else { Vec2::new(t, fa.y) };
                frame.at(col, row, f)
            };
            let mut open = |from: f32, to: f32| {
                if from != to {
                    self.faces.push(Face { a: point(from), b: point(to), normal });
                }
            };
            match cover {
                None => open(ta, tb),
                Some((lo, hi)) if ta < tb => {
                    open(ta, lo.clamp(ta, tb));
                    open(hi.clamp(ta, tb), tb);
                }
                Some((lo, hi)) => {
                    open(ta, hi.clamp(tb, ta));
                    open(lo.clamp(tb, ta), tb);
                }
            }
        }
        self.piece = fractions;
    }

    /// The stretch of this cell's `side` the neighbour across it covers (in this cell's
    /// fractions), if any; outside the grid, none.
    fn neighbour_cover(&self, map: &TileMap, col: u32, row: u32, side: Side) -> Option<(f32, f32)> {
        let (facing, (dx, dy)) = side.across();
        let (c, r) = (col as i64 + dx, row as i64 + dy);
        if c < 0 || r < 0 || c >= map.width() as i64 || r >= map.height() as i64 {
            return None;
        }
        map.kinds()[map.kind_index(c as u32, r as u32)].piece.side(facing)
    }

    /// The convex corners: where a face arrives and the next one leaves turning left, or where
    /// more than one pair meets.
    fn find_corners(&mut self) {
        self.ends.clear();
        for (i, f) in self.faces.iter().enumerate() {
            self.ends.push((f.a, i as u32, true));
            self.ends.push((f.b, i as u32, false));
        }
        let key = |p: &Vec2| (p.x.to_bits() as u64) << 32 | p.y.to_bits() as u64;
        self.ends.sort_unstable_by_key(|(p, i, start)| (key(p), *start, *i));
        let mut k = 0;
        while k < self.ends.len() {
            let at = self.ends[k].0;
            let mut end = k;
            while end < self.ends.len() && key(&self.ends[end].0) == key(&at) {
                end += 1;
            }
            let group = &self.ends[k..end];
            // Arrivals sort before departures.
            let arriving = group.iter().filter(|e| !e.2).count();
            match (arriving, group.len() - arriving) {
                (1, 1) => {
                    let (fi, fo) = (self.faces[group[0].1 as usize], self.faces[group[1].1 as usize]);
                    if (fi.b - fi.a).perp_dot(fo.b - fo.a) > 0.0 {
                        self.corners.push(Corner { at, normals: Some((fi.normal, fo.normal)) });
                    }
                }
                (a, l) if a >= 2 && l >= 2 => self.corners.push(Corner { at, normals: None }),
                _ => {}
            }
            k = end;
        }
    }
}
