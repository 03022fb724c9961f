//! The dynamic AABB tree of the broad phase (after Box2D's `b2DynamicTree`): a binary tree of
//! boxes kept balanced by rotations, whose leaves hold the colliders' fattened boxes.

use glam::Vec2;

use crate::query::ray::Ray;

/// The index meaning "none" (no parent, no child, not in the tree).
pub(crate) const NULL: u32 = u32::MAX;

/// A plain box for the broad phase: no validation, NaN-free by construction in the world.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub(crate) struct Bounds {
    pub min: Vec2,
    pub max: Vec2,
}

impl Bounds {
    /// Whether the closed boxes share a point.
    #[inline(always)]
    pub fn overlaps(&self, o: &Bounds) -> bool {
        self.min.x <= o.max.x && o.min.x <= self.max.x && self.min.y <= o.max.y && o.min.y <= self.max.y
    }

    /// Whether `o` lies inside `self` (boundaries may touch).
    #[inline(always)]
    pub fn contains(&self, o: &Bounds) -> bool {
        self.min.x <= o.min.x && self.min.y <= o.min.y && o.max.x <= self.max.x && o.max.y <= self.max.y
    }

    #[inline(always)]
    pub fn union(&self, o: &Bounds) -> Bounds {
        Bounds { min: self.min.min(o.min), max: self.max.max(o.max) }
    }

    #[inline(always)]
    pub fn perimeter(&self) -> f32 {
        let d = self.max - self.min;
        2.0 * (d.x + d.y)
    }

    #[inline(always)]
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// The entry distance of `ray` into the box if it is at most `max_t` (0 when it starts inside).
    #[inline]
    pub fn ray_entry(&self, ray: &Ray, max_t: f32) -> Option<f32> {
        let (o, d) = (ray.origin(), ray.direction());
        let (mut t0, mut t1) = (0.0f32, max_t);
        for axis in 0..2 {
            let (o, d, lo, hi) = (o[axis], d[axis], self.min[axis], self.max[axis]);
            if d == 0.0 {
                if o < lo || o > hi {
                    return None;
                }
            } else {
                let inv = 1.0 / d;
                let (mut a, mut b) = ((lo - o) * inv, (hi - o) * inv);
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                t0 = t0.max(a);
                t1 = t1.min(b);
                if t0 > t1 {
                    return None;
                }
            }
        }
        Some(t0)
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    bounds: Bounds,
    parent: u32,
    /// `NULL` for a leaf.
    child1: u32,
    /// For a leaf: the item (collider slot index).
    child2: u32,
    /// 0 for a leaf.
    height: u32,
}

impl Node {
    #[inline(always)]
    fn is_leaf(&self) -> bool {
        self.child1 == NULL
    }
}

/// A balanced binary tree of boxes with items at the leaves.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Node>,
    root: u32,
    free: Vec<u32>,
    leaves: usize,
}

impl Tree {
    pub fn new() -> Self {
        Self { nodes: Vec::new(), root: NULL, free: Vec::new(), leaves: 0 }
    }

    /// How many leaves the tree holds.
    pub fn leaf_count(&self) -> usize {
        self.leaves
    }

    fn alloc(&mut self, node: Node) -> u32 {
        if let Some(i) = self.free.pop() {
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        }
    }

    #[inline(always)]
    fn n(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    #[inline(always)]
    fn m(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    /// Adds a leaf for `item` with `bounds`; returns the leaf's node index.
    pub fn insert(&mut self, bounds: Bounds, item: u32) -> u32 {
        let leaf = self.alloc(Node { bounds, parent: NULL, child1: NULL, child2: item, height: 0 });
        self.leaves += 1;
        self.insert_leaf(leaf);
        leaf
    }

    /// Removes the leaf `leaf` (as returned by [`insert`](Self::insert)).
    pub fn remove(&mut self, leaf: u32) {
        self.remove_leaf(leaf);
        self.free.push(leaf);
        self.leaves -= 1;
    }

    /// Replaces the whole tree by one built top-down from `items` (item, bounds); returns the leaf
    /// index of each item, in the order given.
    pub fn rebuild(&mut self, items: &[(u32, Bounds)], leaf_of: &mut impl FnMut(u32, u32)) {
        self.nodes.clear();
        self.free.clear();
        self.root = NULL;
        self.leaves = items.len();
        if items.is_empty() {
            return;
        }
        self.nodes.reserve(2 * items.len());
        let mut work: Vec<(u32, Bounds, Vec2)> = items.iter().map(|&(i, b)| (i, b, b.center())).collect();
        self.root = self.build(&mut work, NULL, leaf_of);
    }

    fn build(&mut self, items: &mut [(u32, Bounds, Vec2)], parent: u32, leaf_of: &mut impl FnMut(u32, u32)) -> u32 {
        if items.len() == 1 {
            let (item, bounds, _) = items[0];
            let leaf = self.alloc(Node { bounds, parent, child1: NULL, child2: item, height: 0 });
            leaf_of(item, leaf);
            return leaf;
        }
        let (mut lo, mut hi) = (items[0].2, items[0].2);
        for it in items.iter() {
            lo = lo.min(it.2);
            hi = hi.max(it.2);
        }
        let axis = if hi.x - lo.x >= hi.y - lo.y { 0 } else { 1 };
        let mid = items.len() / 2;
        items.select_nth_unstable_by(mid, |a, b| a.2[axis].total_cmp(&b.2[axis]));
        let node = self.alloc(Node { bounds: Bounds::default(), parent, child1: NULL, child2: NULL, height: 0 });
        let (left, right) = items.split_at_mut(mid);
        let c1 = self.build(left, node, leaf_of);
        let c2 = self.build(right, node, leaf_of);
        let bounds = self.n(c1).bounds.union(&self.n(c2).bounds);
        let height = 1 + self.n(c1).height.max(self.n(c2).height);
        *self.m(node) = Node { bounds, parent, child1: c1, child2: c2, height };
        node
    }

    fn insert_leaf(&mut self, leaf: u32) {
        if self.root == NULL {
            self.root = leaf;
            self.m(leaf).parent = NULL;
            return;
        }
        // Find the best sibling by the surface-area (perimeter) heuristic, descending greedily.
        let lb = self.n(leaf).bounds;
        let mut index = self.root;
        while !self.n(index).is_leaf() {
            let node = *self.n(index);
            let area = node.bounds.perimeter();
            let combined = node.bounds.union(&lb).perimeter();
            let cost = 2.0 * combined;
            let inherit = 2.0 * (combined - area);
            let child_cost = |c: &Node| {
                let u = c.bounds.union(&lb).perimeter();
                if c.is_leaf() {
                    u + inherit
                } else {
                    u - c.bounds.perimeter() + inherit
                }
            };
            let (c1, c2) = (node.child1, node.child2);
            let (cost1, cost2) = (child_cost(self.n(c1)), child_cost(self.n(c2)));
            if cost < cost1 && cost < cost2 {
                break;
            }
            index = if cost1 < cost2 { c1 } else { c2 };
        }
        let sibling = index;
        let old_parent = self.n(sibling).parent;
        let bounds = lb.union(&self.n(sibling).bounds);
        let height = self.n(sibling).height + 1;
        let new_parent = self.alloc(Node { bounds, parent: old_parent, child1: sibling, child2: leaf, height });
        if old_parent != NULL {
            if self.n(old_parent).child1 == sibling {
                self.m(old_parent).child1 = new_parent;
            } else {
                self.m(old_parent).child2 = new_parent;
            }
        } else {
            self.root = new_parent;
        }
        self.m(sibling).parent = new_parent;
        self.m(leaf).parent = new_parent;
        self.fix_upwards(self.n(leaf).parent);
    }

    /// Rebalances and refits every node from `index` to the root.
    fn fix_upwards(&mut self, mut index: u32) {
        while index != NULL {
            index = self.balance(index);
            let (c1, c2) = (self.n(index).child1, self.n(index).child2);
            let height = 1 + self.n(c1).height.max(self.n(c2).height);
            let bounds = self.n(c1).bounds.union(&self.n(c2).bounds);
            let node = self.m(index);
            node.height = height;
            node.bounds = bounds;
            index = node.parent;
        }
    }

    fn remove_leaf(&mut self, leaf: u32) {
        if leaf == self.root {
            self.root = NULL;
            return;
        }
        let parent = self.n(leaf).parent;
        let grand = self.n(parent).parent;
        let sibling = if self.n(parent).child1 == leaf { self.n(parent).child2 } else { self.n(parent).child1 };
        if grand != NULL {
            if self.n(grand).child1 == parent {
                self.m(grand).child1 = sibling;
            } else {
                self.m(grand).child2 = sibling;
            }
            self.m(sibling).parent = grand;
            self.free.push(parent);
            self.fix_upwards(grand);
        } else {
            self.root = sibling;
            self.m(sibling).parent = NULL;
            self.free.push(parent);
        }
    }

    /// A left or right rotation at `a` when its subtrees' heights differ by more than one;
    /// returns the node now at `a`'s place.
    fn balance(&mut self, ia: u32) -> u32 {
        let a = *self.n(ia);
        if a.is_leaf() || a.height < 2 {
            return ia;
        }
        let (ib, ic) = (a.child1, a.child2);
        let balance = self.n(ic).height as i64 - self.n(ib).height as i64;
        if balance > 1 {
            self.rotate_up(ia, ic, ib, false)
        } else if balance < -1 {
            self.rotate_up(ia, ib, ic, true)
        } else {
            ia
        }
    }

    /// Lifts `up` (a child of `a`) into `a`'s place; `other` is `a`'s other child, `up_is_child1`
    /// says on which side `up` was.
    fn rotate_up(&mut self, ia: u32, iup: u32, iother: u32, up_is_child1: bool) -> u32 {
        let (f, g) = (self.n(iup).child1, self.n(iup).child2);
        let a_parent = self.n(ia).parent;
        self.m(iup).child1 = ia;
        self.m(iup).parent = a_parent;
        self.m(ia).parent = iup;
        if a_parent != NULL {
            if self.n(a_parent).child1 == ia {
                self.m(a_parent).child1 = iup;
            } else {
                self.m(a_parent).child2 = iup;
            }
        } else {
            self.root = iup;
        }
        // The taller grandchild stays under `up`; the shorter one moves under `a`.
        let (keep, give) = if self.n(f).height > self.n(g).height { (f, g) } else { (g, f) };
        self.m(iup).child2 = keep;
        if up_is_child1 {
            self.m(ia).child1 = give;
        } else {
            self.m(ia).child2 = give;
        }
        self.m(give).parent = ia;
        let a_bounds = self.n(iother).bounds.union(&self.n(give).bounds);
        let a_height = 1 + self.n(iother).height.max(self.n(give).height);
        self.m(ia).bounds = a_bounds;
        self.m(ia).height = a_height;
        let up_bounds = a_bounds.union(&self.n(keep).bounds);
        let up_height = 1 + a_height.max(self.n(keep).height);
        self.m(iup).bounds = up_bounds;
        self.m(iup).height = up_height;
        iup
    }

    /// Calls `f(item)` for every leaf whose box overlaps `b`; stops when `f` returns `false`.
    #[inline]
    pub fn query(&self, b: &Bounds, stack: &mut Vec<u32>, mut f: impl FnMut(u32) -> bool) {
        if self.root == NULL {
            return;
        }
        stack.clear();
        stack.push(self.root);
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i as usize];
            if !node.bounds.overlaps(b) {
                continue;
            }
            if node.is_leaf() {
                if !f(node.child2) {
                    return;
                }
            } else {
                stack.push(node.child1);
                stack.push(node.child2);
            }
        }
    }

    /// Visits leaves whose box the ray enters within the current reach; `f(item)` returns the
    /// new reach (the distance of a hit found, or the old reach).
    pub fn ray(&self, ray: &Ray, mut max_t: f32, mut f: impl FnMut(u32, f32) -> f32) {
        if self.root == NULL {
            return;
        }
        let mut stack = vec![self.root];
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i as usize];
            if node.bounds.ray_entry(ray, max_t).is_none() {
                continue;
            }
            if node.is_leaf() {
                max_t = f(node.child2, max_t);
            } else {
                // Visit the nearer child first so hits shorten the reach early.
                let (c1, c2) = (node.child1, node.child2);
                let d1 = self.n(c1).bounds.ray_entry(ray, max_t).unwrap_or(f32::INFINITY);
                let d2 = self.n(c2).bounds.ray_entry(ray, max_t).unwrap_or(f32::INFINITY);
                if d1 <= d2 {
                    stack.push(c2);
                    stack.push(c1);
                } else {
                    stack.push(c1);
                    stack.push(c2);
                }
            }
        }
    }

    /// Checks the tree's invariants (tests only): parents, heights, bounds enclosing children.
    #[cfg(test)]
    pub fn validate(&self) -> usize {
        fn walk(t: &Tree, i: u32, parent: u32) -> (u32, usize) {
            let n = t.n(i);
            assert_eq!(n.parent, parent);
            if n.is_leaf() {
                assert_eq!(n.height, 0);
                return (0, 1);
            }
            let (h1, l1) = walk(t, n.child1, i);
            let (h2, l2) = walk(t, n.child2, i);
            assert_eq!(n.height, 1 + h1.max(h2));
            assert!(n.bounds.contains(&t.n(n.child1).bounds) && n.bounds.contains(&t.n(n.child2).bounds));
            (n.height, l1 + l2)
        }
        if self.root == NULL {
            return 0;
        }
        let leaves = walk(self, self.root, NULL).1;
        assert_eq!(leaves, self.leaves);
        leaves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(x: f32, y: f32, s: f32) -> Bounds {
        Bounds { min: Vec2::new(x, y), max: Vec2::new(x + s, y + s) }
    }

    #[test]
    fn insert_remove_query_keep_the_tree_valid() {
        let mut t = Tree::new();
        let mut leaves = Vec::new();
        for i in 0..200u32 {
            let x = (i * 37 % 101) as f32;
            let y = (i * 53 % 89) as f32;
            leaves.push(t.insert(b(x, y, 2.0), i));
        }
        assert_eq!(t.validate(), 200);
        for (i, leaf) in leaves.iter().enumerate().step_by(3) {
            let _ = i;
            t.remove(*leaf);
        }
        t.validate();
        let q = b(10.0, 10.0, 20.0);
        let mut found = Vec::new();
        t.query(&q, &mut Vec::new(), |it| {
            found.push(it);
            true
        });
        found.sort();
        let expected: Vec<u32> = (0..200u32)
            .filter(|i| i % 3 != 0)
            .filter(|&i| b((i * 37 % 101) as f32, (i * 53 % 89) as f32, 2.0).overlaps(&q))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn rebuild_gives_a_valid_tree() {
        let items: Vec<(u32, Bounds)> = (0..100u32).map(|i| (i, b(i as f32 * 1.5, (i % 7) as f32, 1.0))).collect();
        let mut t = Tree::new();
        let mut map = vec![NULL; 100];
        t.rebuild(&items, &mut |item, leaf| map[item as usize] = leaf);
        assert_eq!(t.validate(), 100);
        assert!(map.iter().all(|&l| l != NULL));
        t.remove(map[5]);
        t.insert(b(3.0, 3.0, 1.0), 5);
        assert_eq!(t.validate(), 100);
    }
}
