//! Tracing pictures that are tiny as files but huge as outlines (issue 23): a checkerboard and a
//! grid of isolated one-pixel holes, generated here rather than stored.
//!
//! ```sh
//! cargo run --release -p collide2d --example trace_bombs -- checker 1024 exact
//! cargo run --release -p collide2d --example trace_bombs -- holes 1024 optimal
//! cargo run --release -p collide2d --example trace_bombs -- holes 1024 png /tmp/holes.png
//! ```
//!
//! `checker N`: an N×N checkerboard of one-pixel squares (N²/2 islands touching at corners).
//! `holes N`: an N×N opaque square with a transparent pixel at every (4i + 2, 4j + 2): (N/4)²
//! one-pixel holes in one island. The level is exact, optimal, more or less; `png PATH` writes
//! the picture instead (with the `image` feature), for the command line.

use std::time::Instant;

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace, Detail};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: trace_bombs checker|holes N exact|optimal|more|less|png PATH";
    let (kind, n, what) = match args.as_slice() {
        [k, n, w, ..] => (k.as_str(), n.parse::<u32>().expect(usage), w.as_str()),
        _ => panic!("{usage}"),
    };
    let px = picture(kind, n).expect(usage);
    let detail = match what {
        "exact" => Detail::Exact,
        "optimal" => Detail::Optimal,
        "more" => Detail::More,
        "less" => Detail::Less,
        "png" => return write_png(n, px, args.get(3).expect(usage)),
        _ => panic!("{usage}"),
    };
    let image = Rgba8::new(n, n, &px).expect("a picture");
    let t = Instant::now();
    let polygons = trace(&image, &Solidity::default(), detail).expect("traces");
    let holes: usize = polygons.iter().map(|p| p.holes().len()).sum();
    let vertices: usize =
        polygons.iter().map(|p| p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()).sum();
    println!(
        "{kind} {n}² {what}: {} polygons, {holes} holes, {vertices} vertices in {:.3} s",
        polygons.len(),
        t.elapsed().as_secs_f64()
    );
}

/// The picture's RGBA8 pixels, opaque white where solid.
fn picture(kind: &str, n: u32) -> Option<Vec<u8>> {
    let solid: fn(u32, u32) -> bool = match kind {
        "checker" => |x, y| (x + y) % 2 == 0,
        "holes" => |x, y| !(x % 4 == 2 && y % 4 == 2),
        _ => return None,
    };
    let mut px = vec![0u8; (n * n * 4) as usize];
    for y in 0..n {
        for x in 0..n {
            if solid(x, y) {
                px[((y * n + x) * 4) as usize..][..4].fill(255);
            }
        }
    }
    Some(px)
}

#[cfg(feature = "image")]
fn write_png(n: u32, px: Vec<u8>, path: &str) {
    image::RgbaImage::from_raw(n, n, px).expect("a picture").save(path).expect("written");
}

#[cfg(not(feature = "image"))]
fn write_png(_: u32, _: Vec<u8>, _: &str) {
    panic!("writing a PNG needs the `image` feature");
}
