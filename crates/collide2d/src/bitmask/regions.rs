//! Connected components and outlines.

use super::mask::row_runs;
use super::{Bitmask, PixelRect};

/// Which neighbouring pixels belong to the same component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Connectivity {
    /// Pixels sharing an edge: left, right, up, down.
    Four,
    /// Pixels sharing an edge or a corner: also the four diagonals. The default, matching what
    /// a pixel-perfect overlap test sees (two closed pixel squares touching at a corner touch).
    #[default]
    Eight,
}

/// One connected component of a mask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Where the component lies in the original mask: its bounding rectangle.
    pub rect: PixelRect,
    /// The component's pixels, a mask of `rect`'s size: its pixel `(x, y)` is the original's
    /// `(rect.x + x, rect.y + y)`, so `(rect.x, rect.y)` is its offset against the original.
    pub mask: Bitmask,
    /// Number of pixels.
    pub count: u64,
}

/// Whether the pointer `a` of components' two-pointer join is still among the row above's runs
/// `prev`. Its own function so that the mutation exclusions name it alone: letting it run past
/// them (`<=`, `true`) only compares the row's runs with each other (the pointer never passes
/// the other one), which a gap of at least one pixel keeps apart even for eight-connectivity.
#[inline]
fn in_row_above(a: usize, prev: &std::ops::Range<usize>) -> bool {
    a < prev.end
}

/// Whether the run ending at column `e1` ends before the one ending at `e2`, for components'
/// join. Its own function so that the mutation exclusion for `<=` names it alone: on runs
/// ending at the same column either may go first, the next run of each row starting past the
/// gap after it.
#[inline]
fn ends_first(e1: u32, e2: u32) -> bool {
    e1 < e2
}

/// Union–find over run indices, with path halving.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Bitmask {
    /// The connected components of the set pixels, in the order of their first pixel row by row
    /// (top row first, left to right). With [`Connectivity::Four`] pixels connect through shared
    /// edges only; with [`Connectivity::Eight`] through corners too. Works on runs: the runs of
    /// each row are found a word at a time and joined to the overlapping (or, for eight
    /// neighbours, diagonally touching) runs of the row above.
    ///
    /// ```
    /// use collide2d::bitmask::{Bitmask, Connectivity};
    /// let diagonal = Bitmask::from_fn(5, 5, |x, y| x == y);
    /// assert_eq!(diagonal.components(Connectivity::Eight).len(), 1);
    /// assert_eq!(diagonal.components(Connectivity::Four).len(), 5);
    /// let parts = diagonal.components(Connectivity::Four);
    /// assert_eq!((parts[2].rect.x, parts[2].rect.y, parts[2].count), (2, 2, 1));
    /// ```
    pub fn components(&self, connectivity: Connectivity) -> Vec<Component> {
        let slack = match connectivity {
            Connectivity::Four => 0,
            Connectivity::Eight => 1,
        };
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        let mut parent: Vec<usize> = Vec::new();
        let mut prev = 0..0; // indices of the previous row's runs
        for y in 0..self.height {
            let start = runs.len();
            row_runs(self.row(y), self.width, |s, e| runs.push((y, s, e)));
            parent.extend(start..runs.len());
            // Runs of both rows are sorted by x: join each pair whose columns meet, two pointers.
            let (mut a, mut b) = (prev.start, start);
            while in_row_above(a, &prev) && b < runs.len() {
                let ((_, s1, e1), (_, s2, e2)) = (runs[a], runs[b]);
                if s1 < e2 + slack && s2 < e1 + slack {
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    // Keep the smaller index as the root, so roots are first runs.
                    parent[ra.max(rb)] = ra.min(rb);
                }
                if ends_first(e1, e2) {
                    a += 1;
                } else {
                    b += 1;
                }
            }
            prev = start..runs.len();
        }
        // Group runs by root; roots are the first runs of their components, in scan order.
        let mut index_of_root = vec![usize::MAX; runs.len()];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..runs.len() {
            let r = find(&mut parent, i);
            if index_of_root[r] == usize::MAX {
                index_of_root[r] = groups.len();
                groups.push(Vec::new());
            }
            groups[index_of_root[r]].push(i);
        }
        groups
            .into_iter()
            .map(|members| {
                let (mut x0, mut x1, mut y0, mut y1) = (u32::MAX, 0, u32::MAX, 0);
                for &i in &members {
                    let (y, s, e) = runs[i];
                    (x0, x1, y0, y1) = (x0.min(s), x1.max(e), y0.min(y), y1.max(y + 1));
                }
                let rect = PixelRect { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
                let mut mask = Bitmask::new(rect.width, rect.height);
                let mut count = 0;
                for &i in &members {
                    let (y, s, e) = runs[i];
                    mask.set_span(y - y0, s - x0, e - x0);
                    count += (e - s) as u64;
                }
                Component { rect, mask, count }
            })
            .collect()
    }

    /// Sets pixels `s .. e` of row `y` (in range), a word at a time.
    fn set_span(&mut self, y: u32, s: u32, e: u32) {
        let row = self.row_mut(y);
        let (mut x, e) = (s as usize, e as usize);
        while x < e {
            let (i, b) = (x / 64, x % 64);
            let n = (64 - b).min(e - x);
            row[i] |= (u64::MAX >> (64 - n)) << b;
            x += n;
        }
    }

    /// The outline: the set pixels with at least one of their four edge neighbours clear or
    /// outside the mask, a mask of the same size. Computed a word at a time (the row, the rows
    /// above and below, and the row shifted a pixel each way).
    ///
    /// ```
    /// use collide2d::bitmask::Bitmask;
    /// let square = Bitmask::full(4, 4);
    /// let outline = square.outline();
    /// assert_eq!(outline.count(), 12); // the 2×2 inside is dropped
    /// assert!(!outline.get(1, 1) && outline.get(0, 1));
    /// ```
    pub fn outline(&self) -> Bitmask {
        let mut out = Bitmask::new(self.width, self.height);
        let stride = self.stride;
        let empty = vec![0u64; stride];
        for y in 0..self.height {
            let row = self.row(y);
            let up = if y > 0 { self.row(y - 1) } else { &empty };
            let down = if y + 1 < self.height { self.row(y + 1) } else { &empty };
            for i in 0..stride {
                let prev = if i > 0 { row[i - 1] } else { 0 };
                let next = if i + 1 < stride { row[i + 1] } else { 0 };
                let left = (row[i] << 1) | (prev >> 63); // bit x holds pixel x - 1
                let right = (row[i] >> 1) | (next << 63); // bit x holds pixel x + 1
                let interior = up[i] & down[i] & left & right;
                out.words[y as usize * stride + i] = row[i] & !interior;
            }
        }
        out
    }
}
