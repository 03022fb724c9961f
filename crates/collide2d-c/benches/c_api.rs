//! What the C API adds to a call: the same queries three ways, side by side in one run.
//! - `rust`: the library's generic functions on its own shapes, inlined into the loop as Rust
//!   code gets them;
//! - `rust_call`: the same functions called through a function pointer the optimiser cannot see
//!   through, as any call across a library boundary without link-time optimisation is;
//! - `c`: the exported `c2d_` functions, called the same way, as a C program calls them.
//!
//! - `rust_values`: through a function pointer too, from the same plain numbers as C's structs
//!   hold: the shapes made by the library's checked constructors each call, then the query, as
//!   a Rust caller that keeps its boxes as numbers (or gets them from C) does.
//!
//! `c` against `rust_values` is the C layer's own work (the kind's dispatch, the NULL checks,
//! the panic guard, the out pointer); against `rust_call` it adds the shapes' checks, which
//! Rust does once when a shape is made and C on every call (a C struct can change between
//! calls); `rust_call` against `rust` is what losing inlining costs any caller in another
//! language.
//!
//! - `obb_obb_intersects` / `obb_obb_contact`: 1,024 pairs of turned boxes (fixed seed, about
//!   half overlapping), one pass over them an iteration;
//! - `circle_polygon_contact`: 1,024 circles against an octagon (a convex-polygon handle);
//! - `world_step_10k`: 10,000 boxes moving every step (their transforms set, then a step), one
//!   step an iteration: in Rust one `set_transform` each, in C one `c2d_world_set_transforms`.
//!
//! Run with `cargo bench -p collide2d-c --bench c_api`.

use std::hint::black_box;
use std::time::Duration;

use collide2d::{contact, intersects, Aabb, Circle, ConvexPolygon, Obb, Transform, Vec2, World};
use collide2d_c::polygons::{c2d_ConvexPolygon, c2d_convex_polygon_create, c2d_convex_polygon_destroy};
use collide2d_c::queries::{c2d_Contact, c2d_contact, c2d_intersects};
use collide2d_c::status::{c2d_Status, C2D_OK};
use collide2d_c::values::{
    c2d_Shape, c2d_Vec2, c2d_shape_aabb, c2d_shape_circle, c2d_shape_convex_polygon, c2d_shape_obb,
};
use collide2d_c::world::{
    c2d_ColliderDef, c2d_ColliderId, c2d_Events, c2d_Transform, c2d_World, c2d_default_collider_def,
    c2d_make_transform, c2d_world_create, c2d_world_destroy, c2d_world_insert, c2d_world_set_transforms,
    c2d_world_step,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const PAIRS: usize = 1024;

/// A fixed-seed stream of numbers in `[lo, hi)`.
struct Seeded(u64);

impl Seeded {
    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
    }
}

fn v(x: f32, y: f32) -> c2d_Vec2 {
    c2d_Vec2 { x, y }
}

type Pair = unsafe extern "C" fn(*const c2d_Shape, *const c2d_Shape, *mut bool) -> c2d_Status;
type ContactFn = unsafe extern "C" fn(*const c2d_Shape, *const c2d_Shape, *mut c2d_Contact) -> c2d_Status;

/// The boxes in both forms: the library's, and C's (centre, half extents, angle as a rotation).
fn boxes(seed: u64) -> (Vec<Obb>, Vec<c2d_Shape>) {
    let mut r = Seeded(seed);
    (0..PAIRS)
        .map(|_| {
            let (x, y, w, h, a) = (
                r.between(0.0, 6.0),
                r.between(0.0, 6.0),
                r.between(0.5, 2.0),
                r.between(0.5, 2.0),
                r.between(0.0, std::f32::consts::TAU),
            );
            (Obb::new(Vec2::new(x, y), Vec2::new(w, h), a).unwrap(), c2d_shape_obb(v(x, y), v(w, h), a))
        })
        .unzip()
}

/// A box as plain numbers, as a C struct holds it: centre, half extents, rotation's cosine and sine.
struct BoxValues {
    center: Vec2,
    half: Vec2,
    axis: Vec2,
}

impl BoxValues {
    /// The library's box, checked as `Obb::from_axis` checks it.
    #[inline(always)]
    fn obb(&self) -> Result<Obb, collide2d::ShapeError> {
        Obb::from_axis(self.center, self.half, self.axis)
    }
}

/// C's boxes as plain Rust numbers.
fn values(shapes: &[c2d_Shape]) -> Vec<BoxValues> {
    shapes
        .iter()
        .map(|s| {
            // SAFETY: `boxes` made every shape an OBB.
            let o = unsafe { s.data.obb };
            BoxValues {
                center: Vec2::new(o.center.x, o.center.y),
                half: Vec2::new(o.half_extents.x, o.half_extents.y),
                axis: Vec2::new(o.rotation.c, o.rotation.s),
            }
        })
        .collect()
}

fn queries(c: &mut Criterion) {
    let (ra, ca) = boxes(1);
    let (rb, cb) = boxes(2);
    let c_intersects: Pair = black_box(c2d_intersects);
    let c_contact: ContactFn = black_box(c2d_contact);
    let mut group = c.benchmark_group("c_api");
    group.sample_size(30).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("obb_obb_intersects/rust", |b| {
        b.iter(|| ra.iter().zip(&rb).filter(|(a, b)| intersects(*a, *b)).count())
    });
    let rust_intersects: fn(&Obb, &Obb) -> bool = black_box(intersects::<Obb, Obb>);
    group.bench_function("obb_obb_intersects/rust_call", |b| {
        b.iter(|| ra.iter().zip(&rb).filter(|(a, b)| rust_intersects(a, b)).count())
    });
    let rust_intersects_values: fn(&BoxValues, &BoxValues) -> bool = black_box(|a, b| match (a.obb(), b.obb()) {
        (Ok(a), Ok(b)) => intersects(&a, &b),
        _ => false,
    });
    let (va, vb) = (values(&ca), values(&cb));
    group.bench_function("obb_obb_intersects/rust_values", |b| {
        b.iter(|| va.iter().zip(&vb).filter(|(a, b)| rust_intersects_values(a, b)).count())
    });
    group.bench_function("obb_obb_intersects/c", |b| {
        b.iter(|| {
            let mut hits = 0;
            for (a, b) in ca.iter().zip(&cb) {
                let mut hit = false;
                // SAFETY: valid shapes and out pointer.
                assert_eq!(unsafe { c_intersects(a, b, &mut hit) }, C2D_OK);
                hits += usize::from(hit);
            }
            hits
        })
    });
    group.bench_function("obb_obb_contact/rust", |b| {
        b.iter(|| ra.iter().zip(&rb).filter_map(|(a, b)| contact(a, b)).map(|c| c.depth).sum::<f32>())
    });
    let rust_contact: fn(&Obb, &Obb) -> Option<collide2d::Contact> = black_box(contact::<_, _>);
    group.bench_function("obb_obb_contact/rust_call", |b| {
        b.iter(|| ra.iter().zip(&rb).filter_map(|(a, b)| rust_contact(a, b)).map(|c| c.depth).sum::<f32>())
    });
    let rust_contact_values: fn(&BoxValues, &BoxValues) -> Option<collide2d::Contact> =
        black_box(|a, b| contact(&a.obb().ok()?, &b.obb().ok()?));
    group.bench_function("obb_obb_contact/rust_values", |b| {
        b.iter(|| va.iter().zip(&vb).filter_map(|(a, b)| rust_contact_values(a, b)).map(|c| c.depth).sum::<f32>())
    });
    group.bench_function("obb_obb_contact/c", |b| {
        b.iter(|| {
            let mut depth = 0.0;
            for (a, b) in ca.iter().zip(&cb) {
                let mut c = c2d_Contact::default();
                // SAFETY: valid shapes and out pointer.
                assert_eq!(unsafe { c_contact(a, b, &mut c) }, C2D_OK);
                depth += c.depth;
            }
            depth
        })
    });

    // Circles against an octagon, the octagon a handle on the C side.
    let octagon: Vec<Vec2> = (0..8).map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 8.0) * 2.0).collect();
    let polygon = ConvexPolygon::new(&octagon).unwrap();
    let points: Vec<c2d_Vec2> = octagon.iter().map(|p| v(p.x, p.y)).collect();
    let mut handle: *mut c2d_ConvexPolygon = std::ptr::null_mut();
    // SAFETY: eight points, a valid out pointer.
    assert_eq!(unsafe { c2d_convex_polygon_create(points.as_ptr(), 8, &mut handle) }, C2D_OK);
    let c_polygon = c2d_shape_convex_polygon(handle);
    let mut r = Seeded(3);
    let (rc, cc): (Vec<Circle>, Vec<c2d_Shape>) = (0..PAIRS)
        .map(|_| {
            let (x, y, radius) = (r.between(-3.5, 3.5), r.between(-3.5, 3.5), r.between(0.2, 1.0));
            (Circle::new(Vec2::new(x, y), radius).unwrap(), c2d_shape_circle(v(x, y), radius))
        })
        .unzip();
    group.bench_function("circle_polygon_contact/rust", |b| {
        b.iter(|| rc.iter().filter_map(|c| contact(c, &polygon)).map(|c| c.depth).sum::<f32>())
    });
    let rust_circle_contact: fn(&Circle, &ConvexPolygon) -> Option<collide2d::Contact> = black_box(contact::<_, _>);
    group.bench_function("circle_polygon_contact/rust_call", |b| {
        b.iter(|| rc.iter().filter_map(|c| rust_circle_contact(c, &polygon)).map(|c| c.depth).sum::<f32>())
    });
    let rust_circle_contact_values: fn(&(Vec2, f32), &ConvexPolygon) -> Option<collide2d::Contact> =
        black_box(|c, p| contact(&Circle::new(c.0, c.1).ok()?, p));
    let circle_values: Vec<(Vec2, f32)> = rc.iter().map(|c| (c.center(), c.radius())).collect();
    group.bench_function("circle_polygon_contact/rust_values", |b| {
        b.iter(|| {
            circle_values.iter().filter_map(|c| rust_circle_contact_values(c, &polygon)).map(|c| c.depth).sum::<f32>()
        })
    });
    group.bench_function("circle_polygon_contact/c", |b| {
        b.iter(|| {
            let mut depth = 0.0;
            for circle in &cc {
                let mut c = c2d_Contact::default();
                // SAFETY: valid shapes (the handle lives), a valid out pointer.
                assert_eq!(unsafe { c_contact(circle, &c_polygon, &mut c) }, C2D_OK);
                depth += c.depth;
            }
            depth
        })
    });
    group.finish();
    // SAFETY: made above, not used after.
    unsafe { c2d_convex_polygon_destroy(handle) };
}

const BOXES: usize = 10_000;

/// Where box `i` is at step `t`: a grid of boxes each circling its own spot, so that they keep
/// moving and meeting their neighbours.
fn at(i: usize, t: u32) -> Vec2 {
    let (col, row) = ((i % 100) as f32, (i / 100) as f32);
    let phase = t as f32 * 0.05 + i as f32;
    Vec2::new(col * 2.0 + phase.cos() * 0.6, row * 2.0 + phase.sin() * 0.6)
}

fn world_step(c: &mut Criterion) {
    let square = Aabb::new(Vec2::splat(-0.5), Vec2::splat(0.5)).unwrap();
    let mut world: World = World::new();
    let handles: Vec<_> =
        (0..BOXES).map(|i| world.insert(square.into(), Transform::from_translation(at(i, 0)), ()).unwrap()).collect();
    let mut cworld: *mut c2d_World = std::ptr::null_mut();
    // SAFETY: a valid out pointer.
    assert_eq!(unsafe { c2d_world_create(&mut cworld) }, C2D_OK);
    let mut def: c2d_ColliderDef = c2d_default_collider_def();
    def.shape = c2d_shape_aabb(v(-0.5, -0.5), v(0.5, 0.5));
    let ids: Vec<c2d_ColliderId> = (0..BOXES)
        .map(|i| {
            let p = at(i, 0);
            def.transform = c2d_make_transform(v(p.x, p.y), 0.0);
            let mut id = c2d_ColliderId { index: 0, generation: 0 };
            // SAFETY: a live world, a valid definition and out pointer.
            assert_eq!(unsafe { c2d_world_insert(cworld, &def, &mut id) }, C2D_OK);
            id
        })
        .collect();
    let mut group = c.benchmark_group("c_api");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(BOXES as u64));
    let mut t = 0;
    group.bench_function("world_step_10k/rust", |b| {
        b.iter(|| {
            t += 1;
            for (i, &h) in handles.iter().enumerate() {
                world.set_transform(h, Transform::from_translation(at(i, t))).unwrap();
            }
            world.step().started().len()
        })
    });
    let mut poses: Vec<c2d_Transform> = vec![c2d_make_transform(v(0.0, 0.0), 0.0); BOXES];
    let mut t = 0;
    group.bench_function("world_step_10k/c", |b| {
        b.iter(|| {
            t += 1;
            for (i, pose) in poses.iter_mut().enumerate() {
                let p = at(i, t);
                pose.translation = v(p.x, p.y);
            }
            let mut events = c2d_Events {
                started: std::ptr::null(),
                started_count: 0,
                ongoing: std::ptr::null(),
                ongoing_count: 0,
                stopped: std::ptr::null(),
                stopped_count: 0,
            };
            // SAFETY: a live world; arrays of BOXES entries; a valid out pointer.
            unsafe {
                assert_eq!(c2d_world_set_transforms(cworld, ids.as_ptr(), poses.as_ptr(), BOXES as i32), C2D_OK);
                assert_eq!(c2d_world_step(cworld, &mut events), C2D_OK);
            }
            events.started_count
        })
    });
    group.finish();
    // SAFETY: made above, not used after.
    unsafe { c2d_world_destroy(cworld) };
}

criterion_group!(benches, queries, world_step);
criterion_main!(benches);
