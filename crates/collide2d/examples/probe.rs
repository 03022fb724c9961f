#![allow(clippy::disallowed_methods)]
use collide2d::*;
use std::time::Instant;
fn star(n: usize, c: Vec2, outer: f32, inner: f32) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let r = if i % 2 == 0 { outer } else { inner };
            c + Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * r
        })
        .collect()
}
fn comb(n: usize) -> Vec<Vec2> {
    // n teeth of width 1, gap 1, height 50, base 0..-5
    let mut v = vec![Vec2::new(0.0, -5.0), Vec2::new(2.0 * n as f32, -5.0)];
    for i in (0..n).rev() {
        let x = 2.0 * i as f32;
        v.push(Vec2::new(x + 1.0, 0.0));
        v.push(Vec2::new(x + 1.0, 50.0));
        v.push(Vec2::new(x, 50.0));
        if i > 0 {
            v.push(Vec2::new(x, 0.0));
        }
    }
    v
}
fn run(name: &str, a: &dyn Fn() -> Polygon, b: Shape, budget: ContactBudget) {
    let a = a();
    let reps: usize = std::env::var("REPS").map(|r| r.parse().unwrap()).unwrap_or(2);
    for _ in 0..reps {
        let t = Instant::now();
        let c = contact_with_budget(&a, &b, budget);
        println!("{name}: {:?} {:?}", t.elapsed(), c.map(|c| (c.normal, c.depth, c.is_exact())));
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args[1].as_str();
    let n: usize = args[2].parse().unwrap();
    let budget = match args.get(3) {
        Some(u) => ContactBudget::from_units(u.parse().unwrap()),
        None => ContactBudget::UNBOUNDED,
    };
    match what {
        "build" => {
            let pts = star(n, Vec2::ZERO, 100.0, 50.0);
            let t = Instant::now();
            let p = Polygon::new(&pts).unwrap();
            println!("build {n}: {:?} pieces {}", t.elapsed(), p.convex_parts().len());
        }
        "coincident" => {
            let p = Polygon::new(&star(n, Vec2::ZERO, 100.0, 50.0)).unwrap();
            run("coincident", &|| p.clone(), p.clone().into(), budget)
        }
        "offset" => {
            let p = Polygon::new(&star(n, Vec2::ZERO, 100.0, 50.0)).unwrap();
            let q = Polygon::new(&star(n, Vec2::new(1.5, 0.0), 100.0, 50.0)).unwrap();
            run("offset", &|| p.clone(), q.into(), budget)
        }
        "disc04" => { let p = Polygon::new(&star(n, Vec2::ZERO, 100.0, 50.0)).unwrap(); run("disc04", &|| p.clone(), Circle::new(Vec2::new(3.0, 1.0), 0.4).unwrap().into(), budget) }
        "disc" => {
            let p = Polygon::new(&star(n, Vec2::ZERO, 100.0, 50.0)).unwrap();
            run("disc", &|| p.clone(), Circle::new(Vec2::new(3.0, 1.0), 5.0).unwrap().into(), budget)
        }
        "combdisc" => {
            let p = Polygon::new(&comb(n)).unwrap();
            run("combdisc", &|| p.clone(), Circle::new(Vec2::new(n as f32, -2.0), 2.5).unwrap().into(), budget)
        }
        "combbox" => {
            let p = Polygon::new(&comb(n)).unwrap();
            run(
                "combbox",
                &|| p.clone(),
                Aabb::new(Vec2::new(n as f32 * 0.5, 10.0), Vec2::new(n as f32 * 1.5, 30.0)).unwrap().into(),
                budget,
            )
        }
        "combs" => {
            let p = Polygon::new(&comb(n)).unwrap();
            let q = p.transformed(&Transform::from_translation(Vec2::new(0.5, 3.0))).unwrap();
            run("combs", &|| p.clone(), q.into(), budget)
        }
        "world" => {
            let p = Polygon::new(&star(n, Vec2::ZERO, 100.0, 50.0)).unwrap();
            let mut w: World = World::new();
            w.insert(p.clone().into(), Transform::IDENTITY, ()).unwrap();
            let h = w.insert(p.clone().into(), Transform::from_translation(Vec2::new(1.5, 0.0)), ()).unwrap();
            let t = Instant::now();
            let e = w.step().started().len();
            println!("world step {n}: {:?} started {e}", t.elapsed());
            let t = Instant::now();
            let hit = cast_shape(
                &p,
                Vec2::new(1.0, 0.0),
                &p.transformed(&Transform::from_translation(Vec2::new(1.5, 0.0))).unwrap(),
                Vec2::ZERO,
                1.0,
            );
            println!("cast {n}: {:?} {:?}", t.elapsed(), hit.map(|h| h.time));
            let t = Instant::now();
            let r = w.move_and_slide(h, Vec2::new(0.0, -1.0), &MoveOptions::default());
            println!("move {n}: {:?} {:?}", t.elapsed(), r.map(|r| r.moved));
            let apart = p.transformed(&Transform::from_translation(Vec2::new(250.0, 0.0))).unwrap();
            let t = Instant::now();
            let hit = cast_shape(&p, Vec2::new(100.0, 0.0), &apart, Vec2::ZERO, 1.0);
            println!("cast apart {n}: {:?} {:?}", t.elapsed(), hit.map(|h| h.time));
        }
        _ => {}
    }
}
