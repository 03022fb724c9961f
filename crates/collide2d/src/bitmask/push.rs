//! How to separate two overlapping masks: an estimate.

use glam::Vec2;

use super::{Bitmask, PixelRect};

/// How to move `other` out of `self`, for two overlapping masks ([`Bitmask::push_out`]).
///
/// Masks have no exact minimum translation as convex shapes do (the overlap need not shrink
/// steadily in any direction, and the set of clearing moves can have holes), so this is an
/// estimate with two parts: an axis-aligned move that is certain, and a direction with a depth
/// that is a heuristic.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushOut {
    /// The shortest of the four axis-aligned whole-pixel moves of `other` (right, left, down, up,
    /// preferred in that order on ties) that end the overlap: after adding it to the offset the
    /// masks do not overlap, and no shorter move along the same axis direction does that.
    pub axis_move: (i32, i32),
    /// An estimated unit direction in which to move `other` away from `self`: the direction in
    /// which the overlap area falls fastest (its central difference over one-pixel moves), or,
    /// when that is flat, from `self`'s centroid towards `other`'s. Not the exact minimum
    /// translation direction.
    pub normal: Vec2,
    /// How far along `normal` `other` must move, in whole pixels, for the overlap to end: the
    /// smallest `k ≥ 1` such that moving by `normal * k` rounded to whole pixels clears it. Checked
    /// by the overlap test at that point, but a smaller non-integer move may suffice.
    pub depth: f32,
}

/// The offset moved by `k` whole steps of `step`, if it stays an `i32` pair.
fn moved(offset: (i32, i32), step: (i64, i64), k: i64) -> Option<(i32, i32)> {
    let x = i32::try_from(offset.0 as i64 + step.0 * k).ok()?;
    let y = i32::try_from(offset.1 as i64 + step.1 * k).ok()?;
    Some((x, y))
}

impl Bitmask {
    /// An estimate of how to push `other` (at `offset`) out of `self`; `None` when they do not
    /// overlap. See [`PushOut`] for what each part is, and is not. Costs a few overlap tests per
    /// pixel of depth (each a word-at-a-time pass over the overlapping rectangle).
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let floor = Bitmask::full(100, 10);
    /// let crate_ = Bitmask::full(10, 10);
    /// // The crate sunk 3 pixels into the floor's top (y grows downwards here).
    /// let push = floor.push_out(&crate_, (40, -7)).unwrap();
    /// assert_eq!(push.axis_move, (0, -3));
    /// assert_eq!(push.normal, collide2d::Vec2::new(0.0, -1.0));
    /// assert_eq!(push.depth, 3.0);
    /// assert!(!floor.overlaps(&crate_, (40, -10)));
    /// ```
    pub fn push_out(&self, other: &Bitmask, offset: (i32, i32)) -> Option<PushOut> {
        let (ra, rb) = (self.bounding_rect()?, other.bounding_rect()?);
        if !self.overlaps(other, offset) {
            return None;
        }
        let (dx, dy) = (offset.0 as i64, offset.1 as i64);
        // Moves past which the content rectangles are apart, per direction.
        let limit = [
            (ra.x + ra.width) as i64 - shifted_start(dx, rb.x),
            reach_past(dx + (rb.x + rb.width) as i64, ra.x),
            (ra.y + ra.height) as i64 - shifted_start(dy, rb.y),
            reach_past(dy + (rb.y + rb.height) as i64, ra.y),
        ];
        let dirs = [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)];
        let clears = |step: (i64, i64), k: i64| moved(offset, step, k).is_none_or(|o| !self.overlaps(other, o));
        let mut best: Option<(i64, (i64, i64))> = None;
        for (dir, lim) in dirs.into_iter().zip(limit) {
            let bound = best.map_or(lim, |(k, _)| lim.min(k - 1));
            if let Some(k) = (1..=bound).find(|&k| clears(dir, k)) {
                best = Some((k, dir));
            }
        }
        // Each limit clears its direction, so one was found.
        let (k, dir) = best?;
        let axis_move = ((dir.0 * k) as i32, (dir.1 * k) as i32);

        let area = |ox: i64, oy: i64| moved(offset, (ox, oy), 1).map_or(0, |o| self.overlap_area(other, o)) as f32;
        let gradient = Vec2::new(area(1, 0) - area(-1, 0), area(0, 1) - area(0, -1));
        let mut normal = (-gradient).normalize_or_zero();
        if normal == Vec2::ZERO {
            if let (Some(ca), Some(cb)) = (self.centroid(), other.centroid()) {
                normal = (cb + Vec2::new(offset.0 as f32, offset.1 as f32) - ca).normalize_or_zero();
            }
        }
        if normal == Vec2::ZERO {
            normal = Vec2::new(dir.0 as f32, dir.1 as f32);
        }
        // Along the normal: at most the distance that takes the content rectangles apart.
        let far = depth_bound(ra, rb);
        let depth = (1..=far)
            .find(|&k| {
                let step = (normal * k as f32).round();
                moved(offset, (step.x as i64, step.y as i64), 1).is_none_or(|o| !self.overlaps(other, o))
            })
            .unwrap_or(far) as f32;
        Some(PushOut { axis_move, normal, depth })
    }
}

/// `other`'s content starting at `start` on an axis, moved by the offset `d` on it: a term of
/// push_out's per-direction limits. Its own function (as is [`reach_past`]) so that the
/// mutation exclusion for `d - start` names it alone: the limits only bound the search for the
/// first clearing move, and that one makes a limit larger (by twice a content rectangle's
/// corner coordinate, never negative), so the same first move is found.
#[inline]
fn shifted_start(d: i64, start: u32) -> i64 {
    d + start as i64
}

/// How far the end `end` reaches past `self`'s content starting at `start`: a term of
/// push_out's per-direction limits, whose `end + start` only makes a limit larger, as in
/// [`shifted_start`].
#[inline]
fn reach_past(end: i64, start: u32) -> i64 {
    end - start as i64
}

/// push_out's bound on the depth search along the normal: twice the content rectangles' sides
/// summed, where their sum alone always suffices (a unit normal has |x| + |y| >= 1, so by then
/// one axis has moved past both rectangles' extents along it). Its own function so that the
/// mutation exclusions for the bounds that stay at least that sum (`+ 2`, and each side at
/// least 1 pixel for `*` in the sum) name it alone: the search finds the same first clearing
/// step.
#[inline]
fn depth_bound(ra: PixelRect, rb: PixelRect) -> i64 {
    (ra.width + ra.height + rb.width + rb.height) as i64 * 2
}
