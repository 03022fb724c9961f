//! The generated level (see the bench's documentation): its tiles, its map in each library,
//! and its outline as Box2D's chains.

use super::*;

pub(super) const EMPTY: u32 = 0;
pub(super) const SOLID: u32 = 1;
/// A 45° slope rising to the right.
pub(super) const RISING: u32 = 2;
/// A 45° slope rising to the left.
pub(super) const FALLING: u32 = 3;
/// The lower half of a cell.
pub(super) const HALF: u32 = 4;

/// Each tile's solid in fractions of its cell, counter-clockwise (y up).
pub(super) const SQUARE_PIECE: [Vec2; 4] =
    [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)];
pub(super) const RISING_PIECE: [Vec2; 3] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0)];
pub(super) const FALLING_PIECE: [Vec2; 3] = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)];
pub(super) const HALF_PIECE: [Vec2; 4] =
    [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.5), Vec2::new(0.0, 0.5)];

/// Cells a band of the level is tall.
pub(super) const BAND: u32 = 25;
pub(super) const RAY_LENGTH: f32 = 10.0;
pub(super) const CAST_LENGTH: f32 = 3.0;
/// How far a shape "resting" on the floor is sunk into it: enough that rounding its position
/// cannot lift it clear.
pub(super) const RESTING: f32 = 1e-3;

pub(super) fn piece(id: u32) -> &'static [Vec2] {
    match id {
        SOLID => &SQUARE_PIECE,
        RISING => &RISING_PIECE,
        FALLING => &FALLING_PIECE,
        HALF => &HALF_PIECE,
        _ => &[],
    }
}

pub(super) fn tile_set() -> TileSet {
    let convex = |points: &[Vec2]| TileShape::convex(points).unwrap();
    TileSet::solid(1)
        .with(RISING, convex(&RISING_PIECE))
        .with(FALLING, convex(&FALLING_PIECE))
        .with(HALF, convex(&HALF_PIECE))
}

/// A level of `n × n` cells, row 0 (the bottom) first.
pub(super) struct Level {
    pub(super) n: u32,
    pub(super) ids: Vec<u32>,
}

impl Level {
    /// See the module documentation.
    pub(super) fn generate(n: u32) -> Level {
        let mut level = Level { n, ids: vec![EMPTY; (n * n) as usize] };
        let mut r = Rng::new(74);
        let count = |r: &mut Rng, lo: u32, hi: u32| lo + (r.unit() * (hi - lo + 1) as f32) as u32;
        for base in (0..n).step_by(BAND as usize) {
            let top = (base + BAND).min(n);
            let mut height = 4u32;
            let ground: Vec<u32> = (0..n)
                .map(|_| {
                    if r.unit() < 0.15 {
                        height = if r.unit() < 0.5 { height + 1 } else { height - 1 }.clamp(2, 9);
                    }
                    height
                })
                .collect();
            for (c, g) in ground.iter().enumerate() {
                for row in base..(base + g).min(top) {
                    level.put(c as u32, row, SOLID);
                }
            }
            // Caves, leaving the ground's top two cells.
            for c in 0..n {
                if r.unit() < 0.03 && ground[c as usize] >= 5 {
                    let (wide, tall) = (count(&mut r, 3, 7), count(&mut r, 1, 2));
                    for col in c..(c + wide).min(n) {
                        for row in base + 1..base + 1 + tall {
                            if row + 2 < base + ground[col as usize] {
                                level.put(col, row, EMPTY);
                            }
                        }
                    }
                }
            }
            for c in 1..n {
                let (a, b) = (ground[c as usize - 1], ground[c as usize]);
                let slope = r.unit() < 0.6;
                if slope && b == a + 1 && level.at(c as i64 - 1, (base + a) as i64) == EMPTY {
                    level.put(c - 1, base + a, RISING);
                } else if slope && a == b + 1 && level.at(c as i64, (base + b) as i64) == EMPTY {
                    level.put(c, base + b, FALLING);
                }
            }
            for c in 1..n - 1 {
                let g = ground[c as usize];
                let flat = ground[c as usize - 1] == g && ground[c as usize + 1] == g;
                if r.unit() < 0.04 && flat && level.at(c as i64, (base + g) as i64) == EMPTY {
                    level.put(c, base + g, HALF);
                }
            }
            for c in 0..n {
                if r.unit() < 0.02 {
                    let (wide, tall) = (count(&mut r, 1, 2), count(&mut r, 3, 6));
                    for col in c..(c + wide).min(n) {
                        let foot = base + ground[col as usize];
                        for row in foot..(foot + tall).min(top - 3) {
                            level.put_if_empty(col, row, SOLID);
                        }
                    }
                }
            }
            let mut c = 0;
            while c < n {
                if r.unit() >= 0.05 {
                    c += 1;
                    continue;
                }
                let (long, above) = (count(&mut r, 3, 8), count(&mut r, 4, 7));
                let row = base + ground[c as usize] + above;
                if row + 3 < top {
                    for col in c..(c + long).min(n) {
                        level.put_if_empty(col, row, SOLID);
                    }
                }
                c += long + 2;
            }
        }
        for row in 0..n {
            level.put(0, row, SOLID);
            level.put(n - 1, row, SOLID);
        }
        level
    }

    pub(super) fn put(&mut self, col: u32, row: u32, id: u32) {
        self.ids[(row * self.n + col) as usize] = id;
    }

    pub(super) fn put_if_empty(&mut self, col: u32, row: u32, id: u32) {
        if self.at(col as i64, row as i64) == EMPTY {
            self.put(col, row, id);
        }
    }

    /// The id at `(col, row)`, empty outside the grid.
    pub(super) fn at(&self, col: i64, row: i64) -> u32 {
        let n = self.n as i64;
        if col < 0 || row < 0 || col >= n || row >= n {
            return EMPTY;
        }
        self.ids[(row * n + col) as usize]
    }

    pub(super) fn map(&self) -> TileMap {
        TileMap::from_ids(Vec2::ZERO, Vec2::ONE, self.n, self.n, &self.ids, tile_set()).unwrap()
    }

    /// The level with every non-empty cell whole, as parry2d's voxels have it.
    pub(super) fn blocks(&self) -> TileMap {
        let ids: Vec<u32> = self.ids.iter().map(|id| u32::from(*id != EMPTY)).collect();
        TileMap::from_ids(Vec2::ZERO, Vec2::ONE, self.n, self.n, &ids, TileSet::solid(1)).unwrap()
    }

    pub(super) fn voxels(&self) -> ps::Voxels {
        let n = self.n as usize;
        let cells = self.ids.iter().enumerate().filter(|(_, id)| **id != EMPTY);
        let coords: Vec<IVector> = cells.map(|(i, _)| IVector::new((i % n) as i32, (i / n) as i32)).collect();
        ps::Voxels::new(Vec2::ONE, &coords)
    }

    /// A world with a collider for each tile.
    pub(super) fn tile_world(&self) -> World {
        let mut world = World::new();
        for (i, id) in self.ids.iter().enumerate() {
            let corner = Vec2::new((i as u32 % self.n) as f32, (i as u32 / self.n) as f32);
            let shape: Shape = match *id {
                EMPTY => continue,
                SOLID => Aabb::new(corner, corner + Vec2::ONE).unwrap().into(),
                HALF => Aabb::new(corner, corner + Vec2::new(1.0, 0.5)).unwrap().into(),
                _ => {
                    let points: Vec<Vec2> = piece(*id).iter().map(|f| corner + *f).collect();
                    ConvexPolygon::new(&points).unwrap().into()
                }
            };
            world.insert(shape, Transform::IDENTITY, ()).unwrap();
        }
        // As a game's first step would: queries then need not look at the new colliders one by one.
        world.update();
        world
    }

    /// Floor cells: solid, with three open cells above.
    pub(super) fn floors(&self) -> Vec<(u32, u32)> {
        let n = self.n;
        let open = |c: u32, r: u32| (1..=3).all(|k| self.at(c as i64, (r + k) as i64) == EMPTY && r + k < n);
        (0..n * n)
            .map(|i| (i % n, i / n))
            .filter(|&(c, r)| self.at(c as i64, r as i64) == SOLID && open(c, r))
            .collect()
    }

    /// A point of a random open cell.
    pub(super) fn open_point(&self, r: &mut Rng) -> Vec2 {
        loop {
            let (c, row) = ((r.unit() * self.n as f32) as i64, (r.unit() * self.n as f32) as i64);
            if self.at(c, row) == EMPTY {
                return Vec2::new(c as f32 + r.unit(), row as f32 + r.unit());
            }
        }
    }

    /// The outline of the solid as closed loops with the solid on their left: each tile's
    /// edges less what the neighbour across covers, joined where they meet (where several go
    /// on from a point, the one turning most to the left, so that loops touching at a corner
    /// stay apart), straight runs merged.
    pub(super) fn outline(&self) -> Vec<Vec<Vec2>> {
        let mut edges: Vec<(Vec2, Vec2)> = Vec::new();
        for i in 0..self.ids.len() {
            let (c, r) = ((i as u32 % self.n) as i64, (i as u32 / self.n) as i64);
            let (corner, outline) = (Vec2::new(c as f32, r as f32), piece(self.ids[i]));
            for k in 0..outline.len() {
                let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
                // An edge on a side of the cell: the axis across that side and which end of it.
                let side = (0..2).find(|&axis| a[axis] == b[axis] && (a[axis] == 0.0 || a[axis] == 1.0));
                let Some(axis) = side else {
                    edges.push((corner + a, corner + b));
                    continue;
                };
                let step = if a[axis] == 1.0 { 1 } else { -1 };
                let (nc, nr) = if axis == 0 { (c + step, r) } else { (c, r + step) };
                let covered = cover(self.at(nc, nr), axis, 1.0 - a[axis]);
                for (s, e) in uncovered(a[1 - axis], b[1 - axis], covered) {
                    let (mut p, mut q) = (a, a);
                    (p[1 - axis], q[1 - axis]) = (s, e);
                    edges.push((corner + p, corner + q));
                }
            }
        }
        let key = |p: Vec2| (p.x.to_bits(), p.y.to_bits());
        let mut starting: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (k, e) in edges.iter().enumerate() {
            starting.entry(key(e.0)).or_default().push(k);
        }
        let mut used = vec![false; edges.len()];
        let mut loops = Vec::new();
        for first in 0..edges.len() {
            if used[first] {
                continue;
            }
            let (mut points, mut at) = (Vec::new(), first);
            loop {
                used[at] = true;
                points.push(edges[at].0);
                let (a, b) = edges[at];
                let turn = |k: &usize| {
                    let d = edges[*k].1 - edges[*k].0;
                    (b - a).perp_dot(d).atan2((b - a).dot(d))
                };
                let next = starting[&key(b)].iter().filter(|k| !used[**k] || **k == first);
                at = *next.max_by(|x, y| turn(x).total_cmp(&turn(y))).expect("the outline is closed");
                if at == first {
                    break;
                }
            }
            loops.push(merged(points));
        }
        loops
    }
}

/// What of side `value` (0 or 1) across `axis` the tile `id` covers, along the other axis.
pub(super) fn cover(id: u32, axis: usize, value: f32) -> Option<(f32, f32)> {
    let outline = piece(id);
    (0..outline.len()).find_map(|k| {
        let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
        (a[axis] == value && b[axis] == value).then(|| (a[1 - axis].min(b[1 - axis]), a[1 - axis].max(b[1 - axis])))
    })
}

/// The parts of the run from `s` to `e` outside `covered`, in the run's direction.
pub(super) fn uncovered(s: f32, e: f32, covered: Option<(f32, f32)>) -> Vec<(f32, f32)> {
    let Some((lo, hi)) = covered else { return vec![(s, e)] };
    let (first, second) =
        if s < e { ((s, lo.clamp(s, e)), (hi.clamp(s, e), e)) } else { ((s, hi.clamp(e, s)), (lo.clamp(e, s), e)) };
    [first, second].into_iter().filter(|(a, b)| a != b).collect()
}

/// A closed loop without its points in the middle of straight runs, at least 4 points long
/// (as Box2D's chains must be: a triangle gets the middle of an edge).
pub(super) fn merged(points: Vec<Vec2>) -> Vec<Vec2> {
    let straight = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - b) == 0.0 && (b - a).dot(c - b) > 0.0;
    let mut out: Vec<Vec2> = Vec::with_capacity(points.len());
    for p in points {
        while out.len() >= 2 && straight(out[out.len() - 2], out[out.len() - 1], p) {
            out.pop();
        }
        out.push(p);
    }
    while out.len() > 3 {
        let m = out.len();
        if straight(out[m - 2], out[m - 1], out[0]) {
            out.pop();
        } else if straight(out[m - 1], out[0], out[1]) {
            out.remove(0);
        } else {
            break;
        }
    }
    if out.len() == 3 {
        out.insert(1, (out[0] + out[1]) * 0.5);
    }
    out
}
