//! The transform tree: parents and children, moving and reshaping a collider with its
//! descendants, and placing local shapes in the world.

use rustc_hash::FxHashMap;

use crate::broad::Bounds;
use crate::math::Transform;
use crate::shape::{Aabb, Shape, ShapeError};

use super::storage::{Slot, NULL};
use super::{ColliderHandle, World, WorldError};

/// The world shape of `shape` placed by `t`, with a fast path for boxes under axis-aligned
/// transforms (the common sprite case).
pub(super) fn place(shape: &Shape, t: &Transform) -> Result<Shape, ShapeError> {
    match shape {
        Shape::Aabb(b) => place_aabb(b, t).map_or_else(|| shape.transformed(t), |b| Ok(Shape::Aabb(b))),
        _ => shape.transformed(t),
    }
}

/// The box `b` placed by `t` when `t` keeps boxes axis-aligned (no rotation nor shear) and the
/// result is finite; `None` otherwise (the general path then says what is wrong).
#[inline(always)]
fn place_aabb(b: &Aabb, t: &Transform) -> Option<Aabb> {
    let m = t.linear();
    // A non-finite transform gives a non-finite corner (`0 · ∞` is NaN), so the corners' test
    // stands for the transform's.
    if m.x_axis.y == 0.0 && m.y_axis.x == 0.0 && m.determinant() != 0.0 {
        let (p, q) = (t.transform_point(b.min()), t.transform_point(b.max()));
        if p.is_finite() && q.is_finite() {
            // Without mirroring (the usual case), the corners stay in order.
            let (lo, hi) = if m.x_axis.x > 0.0 && m.y_axis.y > 0.0 { (p, q) } else { (p.min(q), p.max(q)) };
            return Some(Aabb::from_min_max_unchecked(lo, hi));
        }
    }
    None
}

/// A box moved without rotation: its world box `world` (when it is one) is rewritten in place,
/// with no shape built, moved or dropped. `None` (and `world` unchanged) in every other case.
#[inline(always)]
fn move_box(world: &mut Shape, local_shape: &Shape, t: &Transform) -> Option<Bounds> {
    let (Shape::Aabb(local), Shape::Aabb(world)) = (local_shape, world) else { return None };
    let b = place_aabb(local, t)?;
    *world = b;
    Some(Bounds { min: b.min(), max: b.max() })
}

#[inline]
pub(super) fn bounds_of(shape: &Shape) -> Bounds {
    let b = shape.aabb();
    Bounds { min: b.min(), max: b.max() }
}

impl<T> World<T> {
    /// The transform relative to the parent (the world transform when there is no parent).
    pub fn local_transform(&self, h: ColliderHandle) -> Option<Transform> {
        self.get(h).map(|c| c.local)
    }

    /// The world transform: the parent's world transform composed with the local one.
    pub fn world_transform(&self, h: ColliderHandle) -> Option<Transform> {
        self.get(h).map(|c| c.world_transform)
    }

    /// The parent, if any (`None` also for a stale handle).
    pub fn parent(&self, h: ColliderHandle) -> Option<ColliderHandle> {
        let parent = self.get(h).map(|_| self.slots[h.index as usize].parent)?;
        (parent != NULL).then(|| self.handle(parent))
    }

    /// The children, in the order they were attached.
    pub fn children(&self, h: ColliderHandle) -> Vec<ColliderHandle> {
        self.get(h)
            .map(|_| self.children[h.index as usize].iter().map(|&k| self.handle(k)).collect())
            .unwrap_or_default()
    }

    /// Moves a collider: sets its local transform. Its descendants move with it. Errors (changing
    /// nothing) when its shape or a descendant's cannot be placed.
    ///
    /// Cheap for every shape under any invertible transform: a box under a transform without
    /// rotation is rewritten in place, and a concave polygon is placed from its local shape
    /// without being built again (its rings now, its pieces and edge tree when a pair first
    /// needs them; see [`Polygon::transformed`](crate::Polygon::transformed)).
    #[inline]
    pub fn set_transform(&mut self, h: ColliderHandle, local: Transform) -> Result<(), WorldError> {
        // The common case of a moving scene first: a box without parent or children, moved
        // without rotation, is rewritten where it lies.
        if let (Some(Slot { generation, parent, child_count, collider: Some(c) }), Some(world)) =
            (self.slots.get_mut(h.index as usize), self.shapes.get_mut(h.index as usize))
        {
            if *generation == h.generation && *parent == NULL && *child_count == 0 {
                if let Some(bounds) = move_box(world, &c.local_shape, &local) {
                    (c.local, c.world_transform) = (local, local);
                    self.broad.set_bounds(h.index, bounds);
                    return Ok(());
                }
            }
        }
        let i = self.index_of(h)?;
        self.relayout(i, Some(local), None)
    }

    /// Moves many colliders: as [`set_transform`](Self::set_transform) for each `(collider,
    /// local)` in turn (a collider named twice ends at its last), except that every handle and
    /// every placement (of the colliders, and of their descendants under the transforms the batch
    /// gives their ancestors) is checked before any is applied: an error changes nothing.
    ///
    /// The check places each shape once more than the moves do; boxes without rotation cost
    /// next to nothing there.
    pub fn set_transforms(&mut self, moves: &[(ColliderHandle, Transform)]) -> Result<(), WorldError> {
        self.check_moves(moves)?;
        for &(h, local) in moves {
            // Cannot fail: the same placements were just made, from the same transforms.
            self.set_transform(h, local)?;
        }
        Ok(())
    }

    /// Whether every move of [`set_transforms`](Self::set_transforms), made in turn, would
    /// succeed; changes nothing.
    fn check_moves(&self, moves: &[(ColliderHandle, Transform)]) -> Result<(), WorldError> {
        // What the moves so far did to colliders in a tree, which later moves start from: the
        // local transforms they set, and the world transforms of those and their descendants.
        let (mut locals, mut worlds) = (FxHashMap::default(), FxHashMap::default());
        for &(h, local) in moves {
            let i = self.index_of(h)?;
            let slot = &self.slots[i as usize];
            if slot.parent == NULL && slot.child_count == 0 {
                // Alone, as most colliders are: its placement depends on its transform only.
                let c = self.col(i);
                place(&c.local_shape, &local).map_err(|source| WorldError::Placement { collider: Some(h), source })?;
                continue;
            }
            let parent_world = match slot.parent {
                NULL => Transform::IDENTITY,
                p => worlds.get(&p).copied().unwrap_or(self.col(p).world_transform),
            };
            locals.insert(i, local);
            let local_of = |k: u32| locals.get(&k).copied().unwrap_or(self.col(k).local);
            worlds.extend(self.layout_subtree(i, parent_world, local_of, None)?.into_iter().map(|(k, wt, _)| (k, wt)));
        }
        Ok(())
    }

    /// Replaces a collider's local shape. Errors (changing nothing) when it cannot be placed.
    pub fn set_shape(&mut self, h: ColliderHandle, shape: Shape) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        self.relayout(i, None, Some(shape))
    }

    /// Attaches `child` to `parent` (or detaches it with `None`), keeping its local transform:
    /// its world transform becomes `parent_world.compose(&local)`. Errors on a cycle (a collider
    /// cannot be its own ancestor), on stale handles, and when a world shape cannot be placed.
    ///
    /// Cost: the depth of `parent` (the cycle check) plus the size of `child`'s subtree, every
    /// member of which is placed again at once, so that an error surfaces here rather than at
    /// the next `step`. Build deep chains from the root down (each new link then moves one
    /// collider, linear in all); linking from the leaves up moves the whole chain built so far
    /// each time, quadratic in its length.
    pub fn set_parent(&mut self, child: ColliderHandle, parent: Option<ColliderHandle>) -> Result<(), WorldError> {
        let c = self.index_of(child)?;
        let p = match parent {
            Some(ph) => {
                let p = self.index_of(ph)?;
                let mut up = p;
                while up != NULL {
                    if up == c {
                        return Err(WorldError::ParentCycle { child, parent: ph });
                    }
                    up = self.slots[up as usize].parent;
                }
                p
            }
            None => NULL,
        };
        let old = self.slots[c as usize].parent;
        if old == p {
            return Ok(());
        }
        let parent_world = if p == NULL { Transform::IDENTITY } else { self.col(p).world_transform };
        // Check the new placement first, then relink.
        let placed = self.layout_subtree(c, parent_world, |k| self.col(k).local, None)?;
        self.unlink(c);
        if p != NULL {
            self.children[p as usize].push(c);
            self.slots[p as usize].child_count += 1;
        }
        self.slots[c as usize].parent = p;
        self.commit(placed);
        Ok(())
    }

    /// New world transforms and shapes for `i` and its descendants, each `k` placed by
    /// `local_of(k)` relative to its parent, without changing anything.
    #[allow(clippy::type_complexity)]
    fn layout_subtree(
        &self,
        i: u32,
        parent_world: Transform,
        local_of: impl Fn(u32) -> Transform,
        shape: Option<&Shape>,
    ) -> Result<Vec<(u32, Transform, Shape)>, WorldError> {
        let mut out = Vec::new();
        let mut stack = vec![(i, parent_world)];
        while let Some((k, pw)) = stack.pop() {
            let c = self.col(k);
            let l = local_of(k);
            let s = if k == i { shape.unwrap_or(&c.local_shape) } else { &c.local_shape };
            let wt = pw.compose(&l);
            let ws =
                place(s, &wt).map_err(|source| WorldError::Placement { collider: Some(self.handle(k)), source })?;
            out.push((k, wt, ws));
            stack.extend(self.children[k as usize].iter().map(|&ch| (ch, wt)));
        }
        Ok(out)
    }

    /// Takes slot `i` off its parent's children list (it keeps its `parent` link).
    pub(super) fn unlink(&mut self, i: u32) {
        let parent = self.slots[i as usize].parent;
        if parent != NULL {
            self.children[parent as usize].retain(|&k| k != i);
            self.slots[parent as usize].child_count -= 1;
        }
    }

    fn commit(&mut self, placed: Vec<(u32, Transform, Shape)>) {
        for (k, wt, ws) in placed {
            self.col_mut(k).world_transform = wt;
            self.broad.set_bounds(k, bounds_of(&ws));
            self.shapes[k as usize] = ws;
        }
    }

    fn relayout(&mut self, i: u32, local: Option<Transform>, shape: Option<Shape>) -> Result<(), WorldError> {
        // Through the field, so that `shapes` can be borrowed apart.
        let slot = &self.slots[i as usize];
        let c = slot.collider.as_ref().expect("live slot");
        let parent = slot.parent;
        let parent_world = if parent == NULL { Transform::IDENTITY } else { self.col(parent).world_transform };
        if slot.child_count == 0 {
            // The common case, without allocation.
            let l = local.unwrap_or(c.local);
            let wt = if parent == NULL { l } else { parent_world.compose(&l) };
            let local_shape = shape.as_ref().unwrap_or(&c.local_shape);
            let bounds = match move_box(&mut self.shapes[i as usize], local_shape, &wt) {
                Some(b) => b,
                None => {
                    let ws = place(local_shape, &wt)
                        .map_err(|source| WorldError::Placement { collider: Some(self.handle(i)), source })?;
                    let bounds = bounds_of(&ws);
                    self.shapes[i as usize] = ws;
                    bounds
                }
            };
            self.broad.set_bounds(i, bounds);
            let c = self.col_mut(i);
            c.world_transform = wt;
            c.local = l;
            if let Some(s) = shape {
                c.local_shape = s;
            }
            return Ok(());
        }
        let local_of = |k: u32| if k == i { local.unwrap_or(self.col(k).local) } else { self.col(k).local };
        let placed = self.layout_subtree(i, parent_world, local_of, shape.as_ref())?;
        let c = self.col_mut(i);
        if let Some(l) = local {
            c.local = l;
        }
        if let Some(s) = shape {
            c.local_shape = s;
        }
        self.commit(placed);
        Ok(())
    }
}
