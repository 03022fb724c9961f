//! Queries: which boxes meet a box or a ray, as they are now (changes since the last update
//! included).

use glam::Vec2;

use crate::math::slab_range;
use crate::query::ray::Ray;
use crate::shape::Aabb;

use super::bounds::{grown, Bounds};
use super::entries::{Entry, DEAD};
use super::proxies::MOVED;
use super::BroadPhase;
use crate::math::Order;

impl BroadPhase {
    /// Whether `key` names a box.
    pub fn contains(&self, key: u32) -> bool {
        self.proxies.alive(key as usize)
    }

    /// The box under `key`.
    pub fn aabb(&self, key: u32) -> Option<Aabb> {
        let b = self.proxies.tight.get(key as usize).filter(|_| self.contains(key))?;
        Some(Aabb::from_min_max_unchecked(b.min, b.max))
    }

    /// Calls `f` with the key of every box overlapping `aabb` (touching counts), in no particular
    /// order, as the boxes are now (changes since the last update included).
    pub fn query_aabb(&self, aabb: &Aabb, f: impl FnMut(u32)) {
        self.query(&Bounds { min: aabb.min(), max: aabb.max() }, f);
    }

    /// How far a box may lie outside the spread: every box is in its reach, which is within a
    /// cell and a largest side of the box as it was placed (taken twice, for the coarsest level
    /// in use: a margin for rounding that only lengthens rays' marches).
    fn reach_margin(&self) -> f64 {
        self.levels.iter().rev().find(|l| l.count > 0).map_or(0.0, |l| 2.0 * (l.cell + l.fits))
    }

    /// Whether a grid entry stands for its collider: its collider has not moved out of it since
    /// the last update (a shifted one has, within the entry's reach, so that searches around
    /// it still find it; see [`Self::box_of`]).
    #[inline]
    fn current(&self, e: &Entry) -> bool {
        e.idx != DEAD && (self.moved.is_empty() || self.proxies.state[e.idx as usize].flags & MOVED == 0)
    }

    /// The box now of the collider of a [`current`](Self::current) entry.
    #[inline]
    fn box_of(&self, e: &Entry) -> Bounds {
        if self.shifted.is_empty() {
            e.p.bounds()
        } else {
            self.proxies.tight[e.idx as usize]
        }
    }

    /// The live colliders moved since the last update, which no entry stands for.
    fn loose(&self) -> impl Iterator<Item = u32> + '_ {
        self.moved.iter().copied().filter(|&i| self.proxies.alive(i as usize))
    }

    /// Calls `f(idx)` once for every live collider whose current box overlaps `b`.
    pub(crate) fn query(&self, b: &Bounds, mut f: impl FnMut(u32)) {
        self.visit(b, |e| {
            if self.current(e) && self.box_of(e).overlaps(b) {
                f(e.idx);
            }
        });
        for i in self.loose() {
            if self.proxies.tight[i as usize].overlaps(b) {
                f(i);
            }
        }
    }

    /// Visits the colliders whose box the ray may meet within the reach, nearer stretches of the
    /// ray first; `f(idx, reach)` returns the new reach (a hit's distance, or the old reach). A
    /// collider may be visited more than once.
    pub(crate) fn ray(&self, ray: &Ray, max_t: f32, mut f: impl FnMut(u32, f32) -> f32) {
        let mut reach = max_t;
        for i in self.loose() {
            reach = f(i, reach);
        }
        for e in self.huge_entries().iter().chain(&self.overflow) {
            if self.current(e) {
                reach = f(e.idx, reach);
            }
        }
        let (Some(spread), Some(fine)) = (self.spread, self.levels.first()) else { return };
        // The stretch of the ray inside the region where the grid's boxes can be.
        let extent = grown(&spread, self.reach_margin());
        let Some((t0, t1, _)) = slab_range(ray.origin(), ray.direction(), extent.min, extent.max) else { return };
        let (t0, t1) = (t0.at_least(0.0), t1.at_most(reach));
        if t0.is_nan() || t1.is_nan() || t0 > t1 {
            return;
        }
        // March in stretches one fine cell long, visiting each stretch's box (slightly grown).
        // When that would take more stretches than there are entries (a far-flung world, a ray
        // far from the origin where a cell is below the rounding step), visit every collider.
        let step = fine.cell as f32;
        // A point on the ray, `origin + t·direction` in f32, is only known to within a few
        // rounding steps of its larger term: far out (a ray from 1e18 has steps of 2³⁷), more
        // than the slight growth. Grow each stretch's box by that too, and when it passes a cell,
        // the march cannot narrow anything down: visit every collider.
        let rounding = rounding_at(ray.origin(), t1);
        let grow = Vec2::splat((step * 1e-3).at_least(rounding));
        let stretches = (t1 - t0) / step;
        let every = |reach: &mut f32, f: &mut dyn FnMut(u32, f32) -> f32| {
            for e in self.entries.iter().filter(|e| self.current(e) && e.bucket != self.huge) {
                *reach = f(e.idx, *reach);
            }
        };
        if stretches.is_nan() || stretches > self.entries.len() as f32 + 64.0 || rounding > step {
            every(&mut reach, &mut f);
            return;
        }
        let mut t = t0;
        while t <= t1.at_most(reach) {
            let t_end = (t + step).at_most(t1);
            if no_progress(t, t_end, t1) {
                // No progress at this distance: finish with every collider.
                every(&mut reach, &mut f);
                return;
            }
            let (p, q) = (ray.at(t), ray.at(t_end));
            let b = stretch_box(p, q, grow);
            for l in &self.levels {
                self.visit_level(l, &b, |e| {
                    if self.current(e) && self.box_of(e).overlaps(&b) {
                        reach = f(e.idx, reach);
                    }
                });
            }
            if t_end >= t1 {
                break;
            }
            t = t_end;
        }
    }
}

/// Four rounding steps of 1, the scale of a ray point's rounding in [`rounding_at`]. Its own
/// function so that the mutation exclusions name it alone: `4 + ε`, `4 / ε` and 1 only make the
/// rounding's estimate larger, so [`BroadPhase::ray`] only visits more.
#[inline]
fn ray_ulps() -> f32 {
    4.0 * f32::EPSILON
}

/// How far a point on the ray, `origin + t·direction` in f32 for `t` up to `t1`, may be off:
/// a few rounding steps of its larger term. Its own function so that the mutation exclusions
/// name it alone: `ulps + (…)` only grows it, and `|origin| · t1` for `|origin| + t1` is larger
/// when both terms exceed 2, so the march only visits more, and smaller for a reach under 2,
/// where the march's points and the boxes' corners round onto the same f32 lattice (a property
/// of short rays up to 2·10⁶ out, short_rays_far_out_visit_every_box_they_meet, finds none
/// missed).
#[inline]
fn rounding_at(origin: Vec2, t1: f32) -> f32 {
    ray_ulps() * (origin.abs().max_element() + t1.abs())
}

/// The march's box around the stretch from `p` to `q`, grown by `grow` on every side.
#[inline]
fn stretch_box(p: Vec2, q: Vec2, grow: Vec2) -> Bounds {
    Bounds { min: p.min(q) - grow, max: p.max(q) + grow }
}

/// Whether the march's stretch from `t` ends at `t_end` without progress (before the ray's
/// end `t1`). Only a stretch shorter than the rounding can reach it, and such rays visit every
/// collider before the march, so every mutant of it is equivalent.
#[cfg_attr(test, mutants::skip)]
#[inline]
fn no_progress(t: f32, t_end: f32, t1: f32) -> bool {
    t_end <= t && t_end < t1
}
