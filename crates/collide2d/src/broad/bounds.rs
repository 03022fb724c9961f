//! Boxes as the broad phase keeps them: plain ([`Bounds`]), packed for the four-lane test
//! ([`Packed`]), and rounded outwards to whole `f32`s.

use crate::math::Order;
use glam::Vec2;

/// The smallest f32 at least `x` (`x` finite).
pub(super) fn f32_up(x: f64) -> f32 {
    let y = x as f32;
    if y as f64 >= x {
        y
    } else if y == 0.0 {
        f32::from_bits(1)
    } else if y > 0.0 {
        f32::from_bits(y.to_bits() + 1)
    } else {
        f32::from_bits(y.to_bits() - 1)
    }
}

/// The largest f32 at most `x` (`x` finite).
pub(super) fn f32_down(x: f64) -> f32 {
    -f32_up(-x)
}

/// A plain box for the broad phase.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub(crate) struct Bounds {
    pub min: Vec2,
    pub max: Vec2,
}

impl Bounds {
    /// Whether the closed boxes share a point (without branches: the answer is unpredictable).
    #[inline(always)]
    pub fn overlaps(&self, o: &Bounds) -> bool {
        (self.min.x <= o.max.x) & (o.min.x <= self.max.x) & (self.min.y <= o.max.y) & (o.min.y <= self.max.y)
    }

    /// Whether `o` lies within this box (boundaries included).
    #[inline(always)]
    pub fn contains(&self, o: &Bounds) -> bool {
        self.min.cmple(o.min).all() && o.max.cmple(self.max).all()
    }

    #[inline(always)]
    pub fn union(&self, o: &Bounds) -> Bounds {
        Bounds { min: self.min.min(o.min), max: self.max.max(o.max) }
    }

    /// The larger side, in f64 so that it cannot overflow.
    #[inline(always)]
    pub(super) fn side(&self) -> f64 {
        (self.max.x as f64 - self.min.x as f64).at_least(self.max.y as f64 - self.min.y as f64)
    }
}

/// A box as the pair search reads it: `(min.x, min.y, −max.x, −max.y)`. Two boxes overlap when
/// each lane of one is at most the same lane of the other's [`probe`](Packed::probe): one
/// four-lane comparison per candidate, with no shuffle.
#[derive(Clone, Copy, Debug)]
pub(super) struct Packed(pub(super) [f32; 4]);

impl Packed {
    #[inline(always)]
    pub(super) fn of(b: &Bounds) -> Self {
        Packed([b.min.x, b.min.y, -b.max.x, -b.max.y])
    }

    #[inline(always)]
    pub(super) fn bounds(&self) -> Bounds {
        let [a, b, c, d] = self.0;
        Bounds { min: Vec2::new(a, b), max: Vec2::new(-c, -d) }
    }

    /// `(max.x, max.y, −min.x, −min.y)`: [`Packed::meets`] this to overlap the box.
    #[inline(always)]
    pub(super) fn probe(&self) -> [f32; 4] {
        let [a, b, c, d] = self.0;
        [-c, -d, -a, -b]
    }

    /// Whether this box overlaps the one `probe` was taken from (touching counts; false when
    /// either has a NaN, as a buried entry does).
    #[inline(always)]
    pub(super) fn meets(&self, probe: &[f32; 4]) -> bool {
        let (s, p) = (&self.0, probe);
        (s[0] <= p[0]) & (s[1] <= p[1]) & (s[2] <= p[2]) & (s[3] <= p[3])
    }
}

/// `b` grown by `m` on every side, rounded outwards, within the finite f32 range.
pub(super) fn grown(b: &Bounds, m: f64) -> Bounds {
    let down = |v: f32| f32_down(v as f64 - m).at_least(f32::MIN);
    let up = |v: f32| f32_up(v as f64 + m).at_most(f32::MAX);
    Bounds { min: Vec2::new(down(b.min.x), down(b.min.y)), max: Vec2::new(up(b.max.x), up(b.max.y)) }
}

/// Grows `extent` (`None`: empty) to contain `b`.
#[inline]
pub(super) fn include(extent: &mut Option<Bounds>, b: &Bounds) {
    *extent = Some(extent.map_or(*b, |e| e.union(b)));
}

/// A reach that holds no box (NaN compares false).
pub(super) const NOWHERE: Bounds = Bounds { min: Vec2::NAN, max: Vec2::NAN };
