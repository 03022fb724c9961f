//! `trace` on arbitrary small RGBA pictures (up to 64 × 64), at every level of detail: it
//! always succeeds (a refused outline is a tracer bug), and keeps what `collide2d::trace`
//! documents: at `Exact`, the area is the number of solid pixels (less 1/8192 pixel² per pinch
//! pass) and every solid pixel's centre is inside exactly one polygon and every empty one's in
//! none; coarser levels keep one polygon per island, each within its tolerance of the exact
//! area; and `trace_limited` refuses exactly the pictures past its vertex limit.
//!
//! Bytes: width and height (1 to 64), the alpha threshold, an ignored colour when the fourth
//! byte is odd, then the pixels: one bit each (solid opaque white or transparent) when the
//! third byte is even, else four bytes each; missing pixels are transparent.

#![no_main]

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace, trace_limited, Detail, TraceError};
use collide2d::Polygon;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&[w, h, mode, flags], rest)) = data.split_first_chunk::<4>() else { return };
    let (width, height) = (w as usize % 64 + 1, h as usize % 64 + 1);
    let (alpha_above, ignore, rest) = if flags % 2 == 1 && rest.len() >= 5 {
        (rest[0], vec![[rest[1], rest[2], rest[3], rest[4]]], &rest[5..])
    } else {
        (mode / 2, Vec::new(), rest)
    };
    let mut pixels = vec![0u8; width * height * 4];
    if mode % 2 == 0 {
        for (i, px) in pixels.chunks_exact_mut(4).enumerate() {
            if rest.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1) {
                px.copy_from_slice(&[255; 4]);
            }
        }
    } else {
        let n = rest.len().min(pixels.len());
        pixels[..n].copy_from_slice(&rest[..n]);
    }
    let image = Rgba8::new(width as u32, height as u32, &pixels).expect("the buffer fits the size");
    let solidity = Solidity { alpha_above, ignore };
    let mut solid = vec![false; width * height];
    solidity.for_each_solid(&image, |x, y| solid[y as usize * width + x as usize] = true);
    check(&image, &solidity, &solid, width, height);
});

fn vertices(polygons: &[Polygon]) -> usize {
    polygons.iter().map(|p| p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()).sum()
}

fn check(image: &Rgba8, solidity: &Solidity, solid: &[bool], width: usize, height: usize) {
    let exact = trace(image, solidity, Detail::Exact).unwrap_or_else(|e| panic!("Exact: {e}"));
    // The area: the solid pixels, less at most 1/8192 per pinch pass (at most one per corner).
    let count = solid.iter().filter(|&&s| s).count() as f64;
    let area: f64 = exact.iter().map(|p| p.area() as f64).sum();
    let corners = ((width + 1) * (height + 1)) as f64;
    assert!(area <= count + 1e-3 && area >= count - corners / 8192.0 - 1e-3, "area {area} for {count} pixels");
    // Every solid pixel's centre in exactly one polygon, every empty one's in none (islands
    // meet at corners only, never at a pixel centre).
    let mut inside = vec![0u32; width * height];
    for p in &exact {
        let (lo, hi) = (p.aabb().min(), p.aabb().max());
        for y in (lo.y.max(0.0) as usize)..(hi.y.ceil() as usize).min(height) {
            for x in (lo.x.max(0.0) as usize)..(hi.x.ceil() as usize).min(width) {
                if p.contains_point(collide2d::Vec2::new(x as f32 + 0.5, y as f32 + 0.5)) {
                    inside[y * width + x] += 1;
                }
            }
        }
    }
    for (i, (&s, &n)) in solid.iter().zip(&inside).enumerate() {
        assert_eq!(n, s as u32, "pixel ({}, {}) (solid: {s}) is inside {n} polygons", i % width, i / width);
    }
    for level in [Detail::Optimal, Detail::More, Detail::Less] {
        let coarse = trace(image, solidity, level).unwrap_or_else(|e| panic!("{level:?}: {e}"));
        assert_eq!(coarse.len(), exact.len(), "{level:?}: not one polygon per island");
        let tolerance = level.area_tolerance() as f64;
        for (i, (c, e)) in coarse.iter().zip(&exact).enumerate() {
            let (c, e) = (c.area() as f64, e.area() as f64);
            assert!((c - e).abs() <= tolerance * e + 1e-3, "{level:?}: island {i}'s area {c}, exactly {e}");
        }
        assert!(vertices(&coarse) <= vertices(&exact), "{level:?}: more vertices than Exact");
    }
    // The limit: the exact outlines' vertex count passes, one fewer is refused.
    let n = vertices(&exact);
    assert!(trace_limited(image, solidity, Detail::Less, n).is_ok(), "refused at its own vertex count {n}");
    if n > 0 {
        let refused = trace_limited(image, solidity, Detail::Exact, n - 1);
        assert_eq!(refused.err(), Some(TraceError::TooManyVertices { limit: n - 1 }), "{n} vertices, limit {}", n - 1);
    }
}
