//! Pictures as collision input: an RGBA8 pixel buffer checked against its size, and the rule that
//! says which pixels are solid. Tracing ([`crate::trace`]) and bitmasks share both.
//!
//! Pixel `(x, y)` covers the unit square `[x, x + 1] × [y, y + 1]` of the picture's own space,
//! with row 0 first in the buffer (at y = 0: the top of the picture on a y-down screen).

use thiserror::Error;

/// Why a picture could not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ImageError {
    /// Width or height was zero.
    #[error("image is {width}×{height}: both sides must be at least one pixel")]
    ZeroSize {
        /// Width given, in pixels.
        width: u32,
        /// Height given, in pixels.
        height: u32,
    },
    /// The buffer does not hold `width × height` RGBA8 pixels.
    #[error("buffer holds {actual} bytes, but a {width}×{height} RGBA8 image needs {expected}")]
    BufferLength {
        /// Width given, in pixels.
        width: u32,
        /// Height given, in pixels.
        height: u32,
        /// `width × height × 4`.
        expected: u64,
        /// The buffer's length.
        actual: usize,
    },
    /// The picture is larger than this library handles (more than 2¹⁶ pixels a side).
    #[error("image is {width}×{height}: at most 65536 pixels a side")]
    TooLarge {
        /// Width given, in pixels.
        width: u32,
        /// Height given, in pixels.
        height: u32,
    },
}

/// The largest side accepted, so that pixel corners, and the 1/64-pixel cuts tracing makes at
/// pinch corners, stay exact in `f32`.
pub const MAX_SIDE: u32 = 1 << 16;

/// A borrowed RGBA8 picture whose buffer length matches its size (4 bytes a pixel, rows top to
/// bottom, no padding).
///
/// ```
/// use collide2d::pixels::Rgba8;
/// let px = [0u8, 0, 0, 0, 255, 0, 0, 255]; // 2×1: transparent, then opaque red
/// let image = Rgba8::new(2, 1, &px)?;
/// assert_eq!(image.pixel(1, 0), [255, 0, 0, 255]);
/// assert!(Rgba8::new(3, 1, &px).is_err()); // 8 bytes cannot be 3 pixels
/// # Ok::<(), collide2d::pixels::ImageError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Rgba8<'a> {
    width: u32,
    height: u32,
    data: &'a [u8],
}

impl<'a> Rgba8<'a> {
    /// Checks that `data` holds exactly `width × height` pixels and that neither side is zero.
    pub fn new(width: u32, height: u32, data: &'a [u8]) -> Result<Self, ImageError> {
        if width == 0 || height == 0 {
            return Err(ImageError::ZeroSize { width, height });
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(ImageError::TooLarge { width, height });
        }
        let expected = width as u64 * height as u64 * 4;
        if data.len() as u64 != expected {
            return Err(ImageError::BufferLength { width, height, expected, actual: data.len() });
        }
        Ok(Self { width, height, data })
    }

    /// Width in pixels.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA of pixel `(x, y)`; panics if outside the picture, like slice indexing.
    #[inline]
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [self.data[i], self.data[i + 1], self.data[i + 2], self.data[i + 3]]
    }

    /// The raw bytes.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }
}

#[cfg(feature = "image")]
impl<'a> From<&'a image::RgbaImage> for Rgba8<'a> {
    fn from(img: &'a image::RgbaImage) -> Self {
        // An `RgbaImage` always holds exactly width × height pixels.
        Self { width: img.width(), height: img.height(), data: img.as_raw() }
    }
}

/// Which pixels count as solid: alpha above `alpha_above`, and not one of the `ignore` colours.
///
/// The default is any pixel that is not fully transparent (`alpha_above: 0`) with no colours
/// ignored.
///
/// ```
/// use collide2d::pixels::Solidity;
/// let rule = Solidity::default().ignoring([255, 0, 255, 255]); // magenta as a key colour
/// assert!(rule.is_solid([10, 20, 30, 1]));
/// assert!(!rule.is_solid([10, 20, 30, 0]));
/// assert!(!rule.is_solid([255, 0, 255, 255]));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solidity {
    /// A pixel is solid only when its alpha is greater than this.
    pub alpha_above: u8,
    /// Exact RGBA colours that never count as solid.
    pub ignore: Vec<[u8; 4]>,
}

impl Solidity {
    /// Solid when alpha is greater than `alpha_above`.
    pub fn alpha_above(alpha_above: u8) -> Self {
        Self { alpha_above, ignore: Vec::new() }
    }

    /// The same rule, also leaving out pixels of exactly `colour`.
    pub fn ignoring(mut self, colour: [u8; 4]) -> Self {
        self.ignore.push(colour);
        self
    }

    /// Whether a pixel of this colour is solid.
    #[inline]
    pub fn is_solid(&self, rgba: [u8; 4]) -> bool {
        rgba[3] > self.alpha_above && !self.ignore.contains(&rgba)
    }

    /// Calls `f(x, y)` for every solid pixel of `image`, row by row.
    pub fn for_each_solid(&self, image: &Rgba8, mut f: impl FnMut(u32, u32)) {
        for (i, px) in image.data().chunks_exact(4).enumerate() {
            if self.is_solid([px[0], px[1], px[2], px[3]]) {
                f((i % image.width() as usize) as u32, (i / image.width() as usize) as u32);
            }
        }
    }
}
