//! Runs one query on one pair of shape kinds a fixed number of times, for instruction counts
//! that are repeatable on a loaded machine (timings are not):
//!
//! ```text
//! cargo build --release -p collide2d --example count_queries
//! bin=target/release/examples/count_queries
//! for n in 0 20000; do valgrind --tool=callgrind --callgrind-out-file=/dev/null $bin distance gon gon $n; done
//! ```
//!
//! The instructions per call are (refs at 20,000 − refs at 0) / 20,000. Queries: `intersects`,
//! `contact`, `distance`, `ray` (the first kind only), `cast`; kinds: `circle`, `obb`, `aabb`,
//! `capsule`, `segment`, `gon` (a regular 8-gon), `gon32`. The 1,000 pairs come from a fixed-seed
//! xorshift; a fifth argument `touching` keeps only pairs that intersect (drawn until 1,000 do).
use collide2d::*;
use std::hint::black_box;

/// xorshift64: the same pairs on every run and every commit.
struct Rng(u64);
impl Rng {
    fn f(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
    fn r(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.f()
    }
    fn v(&mut self, s: f32) -> Vec2 {
        Vec2::new(self.r(-s, s), self.r(-s, s))
    }
}

/// A random shape of `kind` within a few units of the origin.
fn shapes(rng: &mut Rng, kind: &str) -> Shape {
    let c = rng.v(3.0);
    match kind {
        "circle" => Shape::Circle(Circle::new(c, rng.r(0.5, 1.5)).unwrap()),
        "obb" => Shape::Obb(
            Obb::new(c, Vec2::new(rng.r(0.5, 1.5), rng.r(0.5, 1.5)), rng.r(0.0, std::f32::consts::TAU)).unwrap(),
        ),
        "aabb" => {
            let h = Vec2::new(rng.r(0.5, 1.5), rng.r(0.5, 1.5));
            Shape::Aabb(Aabb::new(c - h, c + h).unwrap())
        }
        "capsule" => Shape::Capsule(Capsule::new(c, c + rng.v(1.0), rng.r(0.3, 0.8)).unwrap()),
        "segment" => Shape::Segment(Segment::new(c, c + rng.v(1.5)).unwrap()),
        "gon32" => Shape::ConvexPolygon(
            ConvexPolygon::regular(32, c, rng.r(0.5, 1.5), rng.r(0.0, std::f32::consts::TAU)).unwrap(),
        ),
        "gon" => Shape::ConvexPolygon(
            ConvexPolygon::regular(8, c, rng.r(0.5, 1.5), rng.r(0.0, std::f32::consts::TAU)).unwrap(),
        ),
        other => panic!("unknown kind {other}: circle, obb, aabb, capsule, segment, gon or gon32"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (query, ka, kb, n): (&str, &str, &str, usize) = (&args[1], &args[2], &args[3], args[4].parse().unwrap());
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let touching = args.get(5).is_some_and(|a| a == "touching");
    let mut pairs: Vec<(Shape, Shape, Ray)> = Vec::new();
    while pairs.len() < 1000 {
        let a = shapes(&mut rng, ka);
        let b = shapes(&mut rng, kb);
        let o = rng.v(8.0);
        let ray = Ray::new(o, (rng.v(1.0) - o * 0.125).normalize_or(Vec2::X)).unwrap();
        if !touching || intersects(&a, &b) {
            pairs.push((a, b, ray));
        }
    }
    let mut acc = 0usize;
    for k in 0..n {
        let (a, b, ray) = &pairs[k % pairs.len()];
        acc += match query {
            "intersects" => intersects(black_box(a), black_box(b)) as usize,
            "contact" => contact(black_box(a), black_box(b)).is_some() as usize,
            "distance" => (distance(black_box(a), black_box(b)) > 0.5) as usize,
            "ray" => cast_ray(black_box(a), black_box(ray), 100.0).is_some() as usize,
            "cast" => cast_shape(black_box(a), Vec2::new(5.0, 1.0), black_box(b), Vec2::ZERO, 1.0).is_some() as usize,
            other => panic!("unknown query {other}: intersects, contact, distance, ray or cast"),
        };
    }
    println!("{acc}");
}
