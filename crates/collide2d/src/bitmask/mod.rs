//! Pixel-perfect collision: a one-bit-per-pixel mask, as sprite engines offer it, tested 64 pixels
//! at a time.
//!
//! A [`Bitmask`] is `width × height` pixels stored as rows of `u64` words (row stride
//! `ceil(width / 64)` words, pixel `x` in bit `x % 64` of word `x / 64`, bits beyond the width
//! always zero). Pixel `(x, y)` covers the unit square `[x, x + 1] × [y, y + 1]` of the mask's own
//! space, as in [`crate::pixels`].
//!
//! Two masks are compared at an integer **offset** `(dx, dy)`: the position of `other`'s pixel
//! `(0, 0)` in `self`'s pixel space, so `other`'s pixel `(u, v)` lies on `self`'s pixel
//! `(u + dx, v + dy)`. Every offset is accepted, negative, huge or far apart; nothing panics.
//! Overlap queries AND whole words, shifting `other`'s words by the offset, never pixel by pixel,
//! and `overlaps` and `overlap_area` never allocate.
//!
//! ```
//! use collide2d::bitmask::{Bitmask, ScanOrder};
//! let a = Bitmask::from_fn(100, 100, |x, y| (x as i32 - 50).pow(2) + (y as i32 - 50).pow(2) < 40 * 40);
//! let b = Bitmask::full(10, 10);
//! assert!(a.overlaps(&b, (45, 45)));
//! assert!(!a.overlaps(&b, (0, 0))); // the disc's corner region is empty
//! assert_eq!(a.overlap_area(&b, (45, 45)), 100);
//! assert_eq!(a.first_overlap(&b, (10, 45), ScanOrder::TopLeft), Some((11, 45)));
//! ```
//!
//! ## Where things are
//!
//! - `mask.rs`: [`Bitmask`] itself: the word layout, construction (empty, full, from a function,
//!   from an RGBA8 picture with the shared [`Solidity`](crate::pixels::Solidity) rule), pixel
//!   access and whole-mask summaries ([`Bitmask::count`], [`Bitmask::bounding_rect`],
//!   [`Bitmask::runs`], [`Bitmask::centroid`]).
//! - `alpha.rs`: masks from pixel bytes by alpha alone, 64 pixels at a time
//!   ([`Bitmask::from_alpha`]: RGBA8, or padded rows of 4-byte pixels such as a pygame
//!   `Surface`'s), which [`Bitmask::from_rgba`] uses when no colour is ignored.
//! - `placement.rs`: how one mask lies on another at an offset, and the word loops every overlap
//!   query runs (column by column for narrow overlaps, row by row for wide ones).
//! - `sse2.rs` (x86-64 only): the SSE2 twins of the alpha test and of the loops down an
//!   overlap's column, where the portable code trailed pygame.mask's C.
//! - `overlap.rs`: mask against mask at an offset ([`Bitmask::overlaps`],
//!   [`Bitmask::overlap_area`], [`Bitmask::overlap_mask`], and [`Bitmask::first_overlap`] in a
//!   [`ScanOrder`]).
//! - `shapes.rs`: masks from any shape of the library ([`Bitmask::from_shape`],
//!   [`Bitmask::rasterize_into`]) and a mask against a shape ([`Bitmask::overlaps_shape`], exact on
//!   the mask's runs, and [`Bitmask::overlaps_shape_sampled`], through a reusable raster buffer).
//! - `transform.rs`: a mask placed with a [`Transform`](crate::Transform)
//!   ([`Bitmask::transformed`], [`Bitmask::overlaps_placed`]).
//! - `regions.rs`: connected components ([`Bitmask::components`]) and the outline
//!   ([`Bitmask::outline`]).
//! - `push.rs`: a push-out estimate for two overlapping masks ([`Bitmask::push_out`]).
//! - this file: the size limits ([`MAX_SIDE`], [`MAX_PIXELS`]) and [`PixelRect`].

mod alpha;
mod mask;
mod overlap;
mod placement;
mod push;
mod regions;
mod shapes;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;
mod transform;

pub use mask::Bitmask;
pub use overlap::ScanOrder;
pub use push::PushOut;
pub use regions::{Component, Connectivity};

/// The largest side of a mask made from a shape ([`Bitmask::from_shape`]) or a transform
/// ([`Bitmask::transformed`]), 2²⁴ pixels; larger results are refused.
pub const MAX_SIDE: u32 = 1 << 24;
/// The most pixels a mask made from a shape or a transform may hold (2³⁰, 128 MiB of words).
pub const MAX_PIXELS: u64 = 1 << 30;

/// A rectangle of whole pixels: columns `x .. x + width`, rows `y .. y + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelRect {
    /// Left column.
    pub x: u32,
    /// Top row (smallest y).
    pub y: u32,
    /// Number of columns (at least 1 when returned by this module).
    pub width: u32,
    /// Number of rows (at least 1 when returned by this module).
    pub height: u32,
}
