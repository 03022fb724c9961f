#![allow(clippy::disallowed_methods)]
use collide2d::*;
use std::time::Instant;
fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sprites");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "png"));
    paths.sort();
    for (name, detail) in
        [("exact", trace::Detail::Exact), ("optimal", trace::Detail::Optimal), ("less", trace::Detail::Less)]
    {
        let sprites: Vec<Polygon> = paths
            .iter()
            .map(|path| {
                let img = image::open(path).unwrap().into_rgba8();
                let (w, h) = img.dimensions();
                let rgba = pixels::Rgba8::new(w, h, img.as_raw()).unwrap();
                let islands = trace::trace(&rgba, &pixels::Solidity::default(), detail).unwrap();
                let largest = islands.into_iter().max_by(|a, b| a.area().total_cmp(&b.area())).unwrap();
                largest.transformed(&Transform::from_translation(-largest.centroid())).unwrap()
            })
            .collect();
        let verts: Vec<usize> = sprites.iter().map(|p| p.outline().len()).collect();
        let mut worst = (0.0f64, 0usize, 0usize);
        let mut cut = 0;
        let mut total = 0;
        let mut seed = 12345u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as f32) / (1u64 << 31) as f32
        };
        for _ in 0..2000 {
            let i = (rnd() * sprites.len() as f32) as usize % sprites.len();
            let j = (rnd() * sprites.len() as f32) as usize % sprites.len();
            let a = sprites[i]
                .transformed(&Transform::from_translation_rotation_scale(Vec2::ZERO, rnd() * 6.3, Vec2::ONE))
                .unwrap();
            let b = sprites[j]
                .transformed(&Transform::from_translation_rotation_scale(
                    Vec2::new(rnd() * 60.0 - 30.0, rnd() * 60.0 - 30.0),
                    rnd() * 6.3,
                    Vec2::ONE,
                ))
                .unwrap();
            let _ = contact(&a, &b); // warm the pieces
            let t = Instant::now();
            let c = contact_with_budget(
                &a,
                &b,
                ContactBudget::from_units(std::env::var("UNITS").map(|u| u.parse().unwrap()).unwrap_or(400_000)),
            );
            let e = t.elapsed().as_secs_f64();
            if let Some(c) = c {
                total += 1;
                if !c.is_exact() {
                    cut += 1;
                }
            }
            if e > worst.0 {
                worst = (e, i, j);
            }
        }
        println!(
            "{name}: max verts {:?}, worst {:.3} ms ({} vs {}), cut {cut} of {total}",
            verts.iter().max(),
            worst.0 * 1e3,
            worst.1,
            worst.2
        );
    }
}
