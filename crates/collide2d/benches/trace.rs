//! Tracing 1024×1024 pictures at every level of detail:
//! - `slime_x8`: one real sprite (slimeGreen.png, 128×128) scaled up 8× (nearest), one big island
//!   with long straight runs;
//! - `sheet_8x8`: a sprite sheet of 64 real sprites (the 18 test sprites in turn) at their own
//!   size, each in a 128×128 cell: many islands and holes with pixel-level detail.
//!
//! Run with `cargo bench -p collide2d --bench trace`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use collide2d::pixels::{Rgba8, Solidity};
use collide2d::trace::{trace, Detail};
use criterion::{criterion_group, criterion_main, Criterion};
use image::{imageops, RgbaImage};

fn sprite(name: &str) -> RgbaImage {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sprites");
    image::open(dir.join(name)).expect("test sprite").into_rgba8()
}

fn slime_x8() -> RgbaImage {
    imageops::resize(&sprite("slimeGreen.png"), 1024, 1024, imageops::FilterType::Nearest)
}

fn sheet_8x8() -> RgbaImage {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sprites");
    let mut names: Vec<_> = std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    names.retain(|n| n.to_string_lossy().ends_with(".png"));
    names.sort();
    let mut sheet = RgbaImage::new(1024, 1024);
    for cell in 0..64 {
        let s = sprite(&names[cell % names.len()].to_string_lossy());
        imageops::overlay(&mut sheet, &s, (cell % 8) as i64 * 128, (cell / 8) as i64 * 128);
    }
    sheet
}

fn bench_trace(c: &mut Criterion) {
    for (name, picture) in [("slime_x8", slime_x8()), ("sheet_8x8", sheet_8x8())] {
        let image = Rgba8::from(&picture);
        let rule = Solidity::default();
        let mut group = c.benchmark_group(format!("trace_{name}"));
        group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
        for (label, detail) in
            [("exact", Detail::Exact), ("optimal", Detail::Optimal), ("more", Detail::More), ("less", Detail::Less)]
        {
            let polygons = trace(&image, &rule, detail).expect("traces");
            let vertices: usize =
                polygons.iter().map(|p| p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()).sum();
            let holes: usize = polygons.iter().map(|p| p.holes().len()).sum();
            println!("trace_{name}/{label}: {} polygons, {holes} holes, {vertices} vertices", polygons.len());
            group.bench_function(label, |b| b.iter(|| black_box(trace(black_box(&image), &rule, detail))));
        }
        group.finish();
    }
}

criterion_group!(benches, bench_trace);
criterion_main!(benches);
