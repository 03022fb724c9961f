//! Bitmask overlap throughput: word-at-a-time queries against a per-pixel loop on the same masks.
//!
//! Two 512×512 masks: a ring (radii 150 and 250) and a disc (radius 100), both centred. Offsets
//! (of the disc against the ring, fixed seed, `OFFSETS` per set) come in two sets:
//! - `hit`: random offsets within ±400 where the masks overlap;
//! - `miss`: the disc inside the ring's hole (centres less than 45 apart): the rectangles overlap
//!   almost entirely but no pixel does, so every query must scan the whole overlap (worst case).
//!
//! The per-pixel loop is what a sprite engine without words does: a `Vec<bool>` per mask (one
//! byte a pixel, no bit unpacking) and, for each pixel of the overlapping rectangle, an `&&` of
//! the two (stopping at the first hit for `overlaps`). Each benchmark iteration runs every offset
//! of its set, so the time per query is the reported time divided by `OFFSETS` (criterion's
//! throughput line shows the same as elements per second).
//!
//! The `bitmask_sprite` group times the rows of the Python package's table beside pygame.mask
//! (`crates/collide2d-py/bench/masks.py`) on the same pixels and offsets, the Rust side alone:
//! - `from_rgba`: the 89×82 sprite `meteorGrey_big3.png` (RGBA bytes) into a mask, alpha above 127
//!   (pygame.mask.from_surface's default);
//! - `overlaps_sprite` / `first_overlap_sprite` / `overlap_area_sprite`: that mask against itself at every offset on a
//!   step-2 grid over the range where their rectangles overlap (89 × 82 = 7,298 offsets, hits
//!   and misses);
//! - `overlaps_sprite_on_level`: the sprite at 4,096 offsets spread over a 1024×1024 level mask
//!   ([`level`]);
//! - `overlap_area_level_self`: the level against itself at (37, 11), one query.
//!
//! Run with `cargo bench -p collide2d --bench bitmask`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

mod common;

use std::hint::black_box;
use std::time::Duration;

use collide2d::bitmask::{Bitmask, ScanOrder};
use collide2d::pixels::{Rgba8, Solidity};
use collide2d::{Circle, Transform, Vec2};
use common::Rng;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Offsets per set (queries per benchmark iteration).
const OFFSETS: usize = 128;
const SIDE: u32 = 512;

/// The per-pixel reference: one bool a pixel.
struct Grid {
    w: i64,
    h: i64,
    cells: Vec<bool>,
}

impl Grid {
    fn of(m: &Bitmask) -> Self {
        let cells = (0..m.height()).flat_map(|y| (0..m.width()).map(move |x| m.get(x, y))).collect();
        Grid { w: m.width() as i64, h: m.height() as i64, cells }
    }

    /// The overlapping rectangle in self's pixels: (x0, x1, y0, y1), ends excluded.
    fn rect(&self, o: &Grid, (dx, dy): (i32, i32)) -> (i64, i64, i64, i64) {
        let (dx, dy) = (dx as i64, dy as i64);
        (dx.max(0), self.w.min(dx + o.w), dy.max(0), self.h.min(dy + o.h))
    }

    fn overlaps(&self, o: &Grid, off: (i32, i32)) -> bool {
        let (x0, x1, y0, y1) = self.rect(o, off);
        for y in y0..y1 {
            for x in x0..x1 {
                let (u, v) = (x - off.0 as i64, y - off.1 as i64);
                if self.cells[(y * self.w + x) as usize] && o.cells[(v * o.w + u) as usize] {
                    return true;
                }
            }
        }
        false
    }

    fn area(&self, o: &Grid, off: (i32, i32)) -> u64 {
        let (x0, x1, y0, y1) = self.rect(o, off);
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let (u, v) = (x - off.0 as i64, y - off.1 as i64);
                n += (self.cells[(y * self.w + x) as usize] && o.cells[(v * o.w + u) as usize]) as u64;
            }
        }
        n
    }
}

struct Setup {
    ring: Bitmask,
    disc: Bitmask,
    ring_grid: Grid,
    disc_grid: Grid,
    hit: Vec<(i32, i32)>,
    miss: Vec<(i32, i32)>,
}

fn setup() -> Setup {
    let c = SIDE as f32 / 2.0;
    let within = |x: u32, y: u32, r: f32| (x as f32 + 0.5 - c).powi(2) + (y as f32 + 0.5 - c).powi(2) <= r * r;
    let ring = Bitmask::from_fn(SIDE, SIDE, |x, y| within(x, y, 250.0) && !within(x, y, 150.0));
    let disc = Bitmask::from_fn(SIDE, SIDE, |x, y| within(x, y, 100.0));
    let (ring_grid, disc_grid) = (Grid::of(&ring), Grid::of(&disc));
    let mut rng = Rng::new(0xB17_3A5C);
    let mut hit = Vec::new();
    while hit.len() < OFFSETS {
        let o = (rng.range(-400.0, 400.0) as i32, rng.range(-400.0, 400.0) as i32);
        if ring.overlaps(&disc, o) {
            hit.push(o);
        }
    }
    let mut miss = Vec::new();
    while miss.len() < OFFSETS {
        let o = (rng.range(-45.0, 45.0) as i32, rng.range(-45.0, 45.0) as i32);
        if o.0 * o.0 + o.1 * o.1 < 45 * 45 {
            miss.push(o);
        }
    }
    // Both paths must agree before anything is timed.
    for &o in hit.iter().chain(&miss) {
        assert_eq!(ring.overlaps(&disc, o), ring_grid.overlaps(&disc_grid, o), "{o:?}");
        assert_eq!(ring.overlap_area(&disc, o), ring_grid.area(&disc_grid, o), "{o:?}");
    }
    assert!(miss.iter().all(|&o| !ring.overlaps(&disc, o)));
    Setup { ring, disc, ring_grid, disc_grid, hit, miss }
}

fn bitmask(c: &mut Criterion) {
    let s = setup();
    let mut group = c.benchmark_group("bitmask_512");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(OFFSETS as u64));
    for (name, offsets) in [("hit", &s.hit), ("miss", &s.miss)] {
        group.bench_function(format!("overlaps_{name}/words"), |b| {
            b.iter(|| black_box(offsets).iter().filter(|&&o| s.ring.overlaps(&s.disc, o)).count())
        });
        group.bench_function(format!("overlaps_{name}/per_pixel"), |b| {
            b.iter(|| black_box(offsets).iter().filter(|&&o| s.ring_grid.overlaps(&s.disc_grid, o)).count())
        });
        group.bench_function(format!("overlap_area_{name}/words"), |b| {
            b.iter(|| black_box(offsets).iter().map(|&o| s.ring.overlap_area(&s.disc, o)).sum::<u64>())
        });
        group.bench_function(format!("overlap_area_{name}/per_pixel"), |b| {
            b.iter(|| black_box(offsets).iter().map(|&o| s.ring_grid.area(&s.disc_grid, o)).sum::<u64>())
        });
    }
    group.finish();

    // The extras, one query per iteration.
    let mut group = c.benchmark_group("bitmask_extras");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    group.bench_function("first_overlap_hit_top_left", |b| {
        b.iter(|| {
            black_box(&s.hit).iter().filter_map(|&o| s.ring.first_overlap(&s.disc, o, ScanOrder::TopLeft)).count()
        })
    });
    let circle = Circle::new(Vec2::new(256.0, 256.0), 140.0).expect("valid");
    group.bench_function("overlaps_shape_circle_in_hole", |b| b.iter(|| black_box(&s.ring).overlaps_shape(&circle)));
    let mut scratch = Bitmask::default();
    group.bench_function("overlaps_shape_sampled_circle_in_hole", |b| {
        b.iter(|| black_box(&s.ring).overlaps_shape_sampled(&circle, &mut scratch))
    });
    let turn = Transform::from_parts(Vec2::new(256.0, 256.0), 0.5, Vec2::splat(1.0), Vec2::new(256.0, 256.0));
    group.bench_function("transformed_512_rotated", |b| b.iter(|| black_box(&s.disc).transformed(&turn)));
    group.bench_function("components_ring_eight", |b| {
        b.iter(|| black_box(&s.ring).components(collide2d::bitmask::Connectivity::Eight).len())
    });
    group.bench_function("outline_ring", |b| b.iter(|| black_box(&s.ring).outline().count()));
    group.finish();
}

/// The sprite of the Python table: RGBA bytes, width, height.
fn meteor() -> (Vec<u8>, u32, u32) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sprites/meteorGrey_big3.png");
    let img = image::open(path).expect("test sprite").into_rgba8();
    let (w, h) = img.dimensions();
    (img.into_raw(), w, h)
}

/// The 1024×1024 level of the Python table, in whole numbers so that both benches draw the same
/// pixels: hills (a triangle wave) under y = 700, four platforms 16 pixels thick, and a grid of
/// 40×40 blocks with a hole, every 128 pixels in the sky.
fn level(x: u32, y: u32) -> bool {
    let hill = (x % 256).abs_diff(128);
    let ground = y >= 700 - hill;
    let platform = (0..4)
        .any(|k| (200 + 150 * k..216 + 150 * k).contains(&y) && (k * 300 % 1024..k * 300 % 1024 + 240).contains(&x));
    let (bx, by) = (x % 128, y % 128);
    let block = y < 560
        && (20..60).contains(&bx)
        && (20..60).contains(&by)
        && !((35..45).contains(&bx) && (35..45).contains(&by));
    ground || platform || block
}

/// Sprite-against-sprite offsets: a step-2 grid over every offset where the rectangles overlap.
fn sprite_offsets(w: u32, h: u32) -> Vec<(i32, i32)> {
    let (w, h) = (w as i32, h as i32);
    (-(w - 1)..w).step_by(2).flat_map(|dx| (-(h - 1)..h).step_by(2).map(move |dy| (dx, dy))).collect()
}

/// Sprite-on-level offsets: 4,096 spread over the level by two co-prime strides.
fn level_offsets(w: u32, h: u32) -> Vec<(i32, i32)> {
    let (w, h) = (w as i32, h as i32);
    (0..4096).map(|k| ((k * 389) % (1024 + w) - w, (k * 631) % (1024 + h) - h)).collect()
}

fn sprite_rows(c: &mut Criterion) {
    let (px, w, h) = meteor();
    let image = Rgba8::new(w, h, &px).expect("sprite bytes");
    let rule = Solidity::alpha_above(127);
    let sprite = Bitmask::from_rgba(&image, &rule);
    let level = Bitmask::from_fn(1024, 1024, level);
    let grid = sprite_offsets(w, h);
    let spread = level_offsets(w, h);
    let mut group = c.benchmark_group("bitmask_sprite");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    group.bench_function("from_rgba", |b| b.iter(|| Bitmask::from_rgba(black_box(&image), &rule)));
    group.throughput(Throughput::Elements(grid.len() as u64));
    group.bench_function("overlaps_sprite", |b| {
        b.iter(|| black_box(&grid).iter().filter(|&&o| sprite.overlaps(&sprite, o)).count())
    });
    group.bench_function("first_overlap_sprite", |b| {
        b.iter(|| black_box(&grid).iter().filter_map(|&o| sprite.first_overlap(&sprite, o, ScanOrder::TopLeft)).count())
    });
    group.bench_function("overlap_area_sprite", |b| {
        b.iter(|| black_box(&grid).iter().map(|&o| sprite.overlap_area(&sprite, o)).sum::<u64>())
    });
    group.throughput(Throughput::Elements(spread.len() as u64));
    group.bench_function("overlaps_sprite_on_level", |b| {
        b.iter(|| black_box(&spread).iter().filter(|&&o| level.overlaps(&sprite, o)).count())
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("overlap_area_level_self", |b| b.iter(|| level.overlap_area(black_box(&level), (37, 11))));
    group.finish();
}

criterion_group!(benches, bitmask, sprite_rows);
criterion_main!(benches);
