//! Slots and handles: where colliders are kept, and how a handle finds its slot or is known to be
//! stale.

use glam::Vec2;

use crate::broad::BroadPhase;
use crate::math::Transform;
use crate::query::contact::{ContactBudget, ContactMethod};
use crate::shape::{Aabb, Shape};

use super::step::TouchList;
use super::tree::{bounds_of, place};
use super::{StepEvents, World, WorldError};

/// "No collider" in the parent and children links.
pub(super) const NULL: u32 = u32::MAX;

/// A stable name for a collider of a [`World`]: a slot index and the slot's generation, so that a
/// handle to a removed collider is recognised as stale (queries answer `None` or an error) even
/// after its slot is reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColliderHandle {
    pub(super) index: u32,
    pub(super) generation: u32,
}

impl ColliderHandle {
    /// The slot index (small, dense: usable to index the game's own arrays).
    pub fn index(&self) -> u32 {
        self.index
    }

    /// How many times the slot was reused before this collider took it.
    pub fn generation(&self) -> u32 {
        self.generation
    }
}

/// A live collider's own data. Kept small, with its slot's links: moving a scene walks
/// through every slot, and at 100,000 colliders that walk is bound by the bytes it reads (a
/// slot of 176 bytes cost a tenth more time per step than one of 128). The filter lives in the
/// broad phase, sensor flags and children lists in arrays of their own.
#[derive(Clone, Debug)]
pub(super) struct Collider<T> {
    pub(super) local_shape: Shape,
    pub(super) local: Transform,
    pub(super) world_transform: Transform,
    data: T,
}

#[derive(Clone, Debug)]
pub(super) struct Slot<T> {
    pub(super) generation: u32,
    /// The parent's slot, or `NULL`.
    pub(super) parent: u32,
    /// The length of the children list (in `World::children`).
    pub(super) child_count: u32,
    pub(super) collider: Option<Collider<T>>,
}

impl<T> World<T> {
    /// An empty world with the exact detector.
    pub fn new() -> Self {
        Self {
            slots: Vec::new(),
            shapes: Vec::new(),
            sensors: Vec::new(),
            one_way: Vec::new(),
            nearby: Vec::new(),
            passed: Vec::new(),
            children: Vec::new(),
            free: Vec::new(),
            freed: Vec::new(),
            len: 0,
            broad: BroadPhase::new(),
            detector: None,
            contact_method: ContactMethod::Exact,
            contact_budget: ContactBudget::DEFAULT,
            parallel_threshold: 1024,
            events: StepEvents::default(),
            colliding: Vec::new(),
            was_colliding: Vec::new(),
            touching: TouchList::default(),
            touch_now: Vec::new(),
            results: Vec::new(),
            #[cfg(feature = "parallel")]
            parts: Vec::new(),
        }
    }

    /// How many colliders the world holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the world holds no collider.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn index_of(&self, h: ColliderHandle) -> Result<u32, WorldError> {
        match self.slots.get(h.index as usize) {
            Some(s) if s.generation == h.generation && s.collider.is_some() => Ok(h.index),
            _ => Err(WorldError::StaleHandle(h)),
        }
    }

    pub(super) fn get(&self, h: ColliderHandle) -> Option<&Collider<T>> {
        self.slots.get(h.index as usize).filter(|s| s.generation == h.generation)?.collider.as_ref()
    }

    pub(super) fn col(&self, i: u32) -> &Collider<T> {
        self.slots[i as usize].collider.as_ref().expect("live slot")
    }

    pub(super) fn col_mut(&mut self, i: u32) -> &mut Collider<T> {
        self.slots[i as usize].collider.as_mut().expect("live slot")
    }

    pub(super) fn handle(&self, i: u32) -> ColliderHandle {
        ColliderHandle { index: i, generation: self.slots[i as usize].generation }
    }

    /// Whether `h` names a collider of this world.
    pub fn contains(&self, h: ColliderHandle) -> bool {
        self.get(h).is_some()
    }

    /// Adds a collider: `shape` in local coordinates, placed by `transform` (its world transform
    /// while it has no parent). Errors when the shape cannot be placed by the transform.
    pub fn insert(&mut self, shape: Shape, transform: Transform, data: T) -> Result<ColliderHandle, WorldError> {
        let world_shape =
            place(&shape, &transform).map_err(|source| WorldError::Placement { collider: None, source })?;
        let bounds = bounds_of(&world_shape);
        let index = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push(Slot { generation: 0, parent: NULL, child_count: 0, collider: None });
                self.shapes.push(Shape::Point(Vec2::ZERO));
                self.sensors.push(false);
                self.one_way.push(None);
                self.children.push(Vec::new());
                self.colliding.push(false);
                self.was_colliding.push(false);
                (self.slots.len() - 1) as u32
            }
        };
        let i = index as usize;
        let generation = self.slots[i].generation;
        self.slots[i].collider =
            Some(Collider { local_shape: shape, local: transform, world_transform: transform, data });
        self.shapes[i] = world_shape;
        self.sensors[i] = false;
        self.one_way[i] = None;
        self.colliding[i] = false;
        self.was_colliding[i] = false;
        self.broad.insert_proxy(index, generation, bounds, u32::MAX, u32::MAX);
        self.len += 1;
        Ok(ColliderHandle { index, generation })
    }

    /// Removes a collider and returns its data, or `None` for a stale handle. Its children are
    /// detached and keep their world transform (which becomes their local one). Pairs it was in
    /// that were touching are reported as stopped at the next step.
    pub fn remove(&mut self, h: ColliderHandle) -> Option<T> {
        let i = self.index_of(h).ok()?;
        let c = self.slots[i as usize].collider.take().expect("live slot");
        for child in std::mem::take(&mut self.children[i as usize]) {
            self.slots[child as usize].parent = NULL;
            let cc = self.col_mut(child);
            cc.local = cc.world_transform;
        }
        self.unlink(i);
        let next = h.generation.wrapping_add(1);
        let slot = &mut self.slots[i as usize];
        (slot.generation, slot.parent, slot.child_count) = (next, NULL, 0);
        self.shapes[i as usize] = Shape::Point(Vec2::ZERO);
        self.broad.remove_proxy(i, next);
        // The slot is reused only after the next pair update has dropped the pairs naming it.
        self.freed.push(i);
        self.len -= 1;
        Some(c.data)
    }

    /// Sets cell `(col, row)` of a tile-map collider to tile `id` (see
    /// [`TileMap::set`](crate::tiles::TileMap::set)): destructible terrain, in time independent
    /// of the map's size, as long as the game holds no clone of the map. The next step and
    /// every query see the change. Refused, leaving the map as it was, for a collider that is
    /// not a tile map and for a cell or id the map refuses.
    ///
    /// ```
    /// use collide2d::tiles::{TileMap, TileSet};
    /// use collide2d::{Circle, Transform, Vec2, World};
    /// let floor = TileMap::from_ids(Vec2::ZERO, Vec2::ONE, 3, 1, &[1, 1, 1], TileSet::solid(1))?;
    /// let mut world = World::new();
    /// let level = world.insert(floor.into(), Transform::IDENTITY, ())?;
    /// let probe = Circle::new(Vec2::new(1.5, 0.5), 0.1)?;
    /// assert_eq!(world.colliders_overlapping(&probe), [level]);
    /// world.set_tile(level, 1, 0, 0)?; // blown away
    /// assert!(world.colliders_overlapping(&probe).is_empty());
    /// assert!(world.set_tile(level, 3, 0, 0).is_err()); // off the grid
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tile(&mut self, h: ColliderHandle, col: u32, row: u32, id: u32) -> Result<(), WorldError> {
        let i = self.index_of(h)?;
        let bad = |reason: String| WorldError::BadTile { collider: h, reason };
        if !matches!(self.col(i).local_shape, Shape::TileMap(_)) {
            return Err(bad(format!("its shape is a {}, not a tile map", self.col(i).local_shape.kind())));
        }
        // The placed copy shares the grid: let it go first, so that the change copies nothing.
        let placed = std::mem::replace(&mut self.shapes[i as usize], Shape::Point(Vec2::ZERO));
        drop(placed);
        let c = self.col_mut(i);
        let Shape::TileMap(map) = &mut c.local_shape else { unreachable!("checked above") };
        let changed = map.set(col, row, id);
        // A tile map is placed by a translation, which cannot fail for one already placed.
        let world = place(&c.local_shape, &c.world_transform).map_err(|e| bad(e.to_string()));
        self.shapes[i as usize] = world?;
        // Its bounds are the same: its pairs must be judged again all the same.
        self.broad.touch(i);
        changed.map_err(|e| bad(e.to_string()))
    }

    /// The user data.
    pub fn data(&self, h: ColliderHandle) -> Option<&T> {
        self.get(h).map(|c| &c.data)
    }

    /// The user data, mutably.
    pub fn data_mut(&mut self, h: ColliderHandle) -> Option<&mut T> {
        let i = self.index_of(h).ok()?;
        Some(&mut self.col_mut(i).data)
    }

    /// The shape in local coordinates, as given.
    pub fn local_shape(&self, h: ColliderHandle) -> Option<&Shape> {
        self.get(h).map(|c| &c.local_shape)
    }

    /// The shape in world coordinates (cached; recomputed when it or an ancestor moves).
    pub fn world_shape(&self, h: ColliderHandle) -> Option<&Shape> {
        self.get(h).map(|_| &self.shapes[h.index as usize])
    }

    /// The world bounding box.
    pub fn aabb(&self, h: ColliderHandle) -> Option<Aabb> {
        self.world_shape(h).map(Shape::aabb)
    }

    /// Every collider, with its data, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = (ColliderHandle, &T)> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| {
            let c = s.collider.as_ref()?;
            Some((ColliderHandle { index: i as u32, generation: s.generation }, &c.data))
        })
    }
}
