//! The exact outlines of a solid-pixel grid: every boundary between a solid and an empty pixel,
//! followed into closed rings on the lattice of pixel corners.
//!
//! Connectivity is the digital-topology pair (4, 8): solid pixels belong together only through a
//! shared side, empty pixels also through a shared corner. At a corner where two solid pixels
//! meet only diagonally the walk therefore turns to stay on the pixel it follows, so islands
//! touching at a corner come out as separate rings, and an empty pocket touching the outside at a
//! corner is part of the outside, not a hole.

use glam::Vec2;

/// A grid of solid (true) and empty pixels, row by row.
pub(crate) struct Grid {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) solid: Vec<bool>,
}

impl Grid {
    #[inline]
    fn at(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.solid[y as usize * self.width + x as usize]
    }
}

/// One closed outline: its lattice corners in order, the island it bounds and whether it is the
/// island's outer boundary (positive area in picture coordinates) or a hole.
pub(crate) struct Ring {
    pub(crate) points: Vec<Vec2>,
    pub(crate) island: u32,
    pub(crate) outer: bool,
}

/// How far from a corner where an outline passes twice the corner is cut, so that the outline
/// stays simple: 1/64 pixel (exact in `f32` for pictures up to 2¹⁶ pixels a side).
pub(crate) const PINCH: f32 = 1.0 / 64.0;

/// Outward normal of side `s` of a pixel (0 top, 1 right, 2 bottom, 3 left; y down), and the
/// direction it is walked (solid on the right when y points down).
const OUT: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

fn dir(s: usize) -> (isize, isize) {
    let (ox, oy) = OUT[s];
    (-oy, ox)
}

/// Where side `s` of pixel `(x, y)` starts.
fn start(x: isize, y: isize, s: usize) -> (isize, isize) {
    match s {
        0 => (x, y),
        1 => (x + 1, y),
        2 => (x + 1, y + 1),
        _ => (x, y + 1),
    }
}

/// Labels of the 4-connected solid islands (`u32::MAX` for empty pixels) and their count.
pub(crate) fn islands(grid: &Grid) -> (Vec<u32>, u32) {
    let mut label = vec![u32::MAX; grid.solid.len()];
    let mut next = 0;
    let mut stack = Vec::new();
    for seed in 0..grid.solid.len() {
        if !grid.solid[seed] || label[seed] != u32::MAX {
            continue;
        }
        label[seed] = next;
        stack.push(seed);
        while let Some(i) = stack.pop() {
            let (x, y) = ((i % grid.width) as isize, (i / grid.width) as isize);
            for (dx, dy) in OUT {
                let (nx, ny) = neighbour(x, y, (dx, dy));
                if grid.at(nx, ny) {
                    let j = ny as usize * grid.width + nx as usize;
                    if label[j] == u32::MAX {
                        label[j] = next;
                        stack.push(j);
                    }
                }
            }
        }
        next += 1;
    }
    (label, next)
}

/// Every outline of the grid, with corners where a ring passes twice pulled apart by [`PINCH`];
/// `None` as soon as their vertices number more than `max_vertices`, so that the rings of a
/// picture too detailed to trace never take more memory than the limit's worth (and the one
/// ring being walked).
pub(crate) fn rings(grid: &Grid, label: &[u32], max_vertices: usize) -> Option<Vec<Ring>> {
    let mut total = 0usize;
    let boundary = |x: isize, y: isize, s: usize| grid.at(x, y) && !grid.at(x + OUT[s].0, y + OUT[s].1);
    let mut seen = vec![0u8; grid.solid.len()]; // bit s: side s already walked
                                                // How often the ring being finished passes each pixel corner; all zero between rings.
    let mut visits = vec![0u8; (grid.width + 1) * (grid.height + 1)];
    let mut corners: Vec<(isize, isize)> = Vec::new();
    let mut out = Vec::new();
    for i in 0..grid.solid.len() {
        let (x0, y0) = ((i % grid.width) as isize, (i / grid.width) as isize);
        for s0 in 0..4 {
            if seen[i] & (1 << s0) != 0 || !boundary(x0, y0, s0) {
                continue;
            }
            // Walk: each step records the side's start corner.
            corners.clear();
            let (mut x, mut y, mut s) = (x0, y0, s0);
            loop {
                seen[y as usize * grid.width + x as usize] |= 1 << s;
                corners.push(start(x, y, s));
                let (dx, dy) = dir(s);
                let (ox, oy) = OUT[s];
                let (ax, ay) = (x + dx, y + dy);
                (x, y, s) = if !grid.at(ax, ay) {
                    (x, y, (s + 1) % 4)
                } else if !grid.at(ax + ox, ay + oy) {
                    (ax, ay, s)
                } else {
                    (ax + ox, ay + oy, (s + 3) % 4)
                };
                if (x, y, s) == (x0, y0, s0) {
                    break;
                }
            }
            let ring = finish(&corners, &mut visits, grid.width + 1, label[i]);
            total += ring.points.len();
            if total > max_vertices {
                return None;
            }
            out.push(ring);
        }
    }
    Some(out)
}

/// Drops corners where the walk went straight on, pulls doubly visited corners into the pixel
/// each visit turned around, and classifies the ring by the sign of its area. `visits` counts
/// passes per corner (`stride` corners a row): all zero on entry, and left so.
fn finish(corners: &[(isize, isize)], visits: &mut [u8], stride: usize, island: u32) -> Ring {
    let n = corners.len();
    let at = |c: (isize, isize)| c.1 as usize * stride + c.0 as usize;
    for c in corners {
        // A corner has four sides to be walked along, so its count stays below 5.
        visits[at(*c)] += 1;
    }
    let mut points = Vec::new();
    for k in 0..n {
        let (prev, c, next) = (corners[(k + n - 1) % n], corners[k], corners[(k + 1) % n]);
        let (d_in, d_out) = ((c.0 - prev.0, c.1 - prev.1), (next.0 - c.0, next.1 - c.1));
        if d_in == d_out {
            continue; // straight on
        }
        let p = Vec2::new(c.0 as f32, c.1 as f32);
        if visits[at(c)] > 1 {
            // A pinch: cut the corner of the pixel this pass turns around by PINCH along both
            // sides, so the two passes keep a gap of 2 · PINCH and the ring stays simple.
            let unit = |d: (isize, isize)| Vec2::new(d.0.signum() as f32, d.1.signum() as f32);
            points.push(p - unit(d_in) * PINCH);
            points.push(p + unit(d_out) * PINCH);
        } else {
            points.push(p);
        }
    }
    for c in corners {
        visits[at(*c)] = 0;
    }
    let twice_area: f64 = (0..points.len())
        .map(|k| {
            let (a, b) = (points[k], points[(k + 1) % points.len()]);
            a.x as f64 * b.y as f64 - b.x as f64 * a.y as f64
        })
        .sum();
    Ring { points, island, outer: is_outer(twice_area) }
}

/// Pixel `(x, y)` stepped by `(dx, dy)`. Its own function so that the mutation exclusion for
/// `-` names it alone: `OUT` holds all four directions, each with its opposite, so negating one
/// coordinate of the step visits the same four neighbours, in another order.
#[inline]
fn neighbour(x: isize, y: isize, (dx, dy): (isize, isize)) -> (isize, isize) {
    (x + dx, y + dy)
}

/// Whether a ring of twice the signed area `twice_area` winds as an island's outline. Its own
/// function so that the mutation exclusion for `>=` names it alone: a traced ring encloses
/// whole pixels, so its area is never 0.
#[inline]
fn is_outer(twice_area: f64) -> bool {
    twice_area > 0.0
}
