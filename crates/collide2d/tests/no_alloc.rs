//! Queries never touch the heap: a counting allocator watches every query on every pair.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use collide2d::{
    cast_ray, closest_point, closest_points, contact, contains, distance, intersects, signed_distance, Aabb, Capsule,
    Circle, ConvexPolygon, Obb, Ray, Segment, Shape, Vec2,
};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn no_query_allocates() {
    let shapes: Vec<Shape> = vec![
        Vec2::new(0.5, 0.5).into(),
        Segment::new(Vec2::new(-1.0, 0.0), Vec2::new(2.0, 1.0)).unwrap().into(),
        Aabb::from_xywh(0.0, 0.0, 2.0, 1.0).unwrap().into(),
        Circle::new(Vec2::new(1.0, 1.0), 0.8).unwrap().into(),
        Obb::new(Vec2::new(1.5, 0.0), Vec2::new(1.0, 0.5), 0.4).unwrap().into(),
        Capsule::new(Vec2::new(0.0, 2.0), Vec2::new(2.0, 2.5), 0.5).unwrap().into(),
        ConvexPolygon::regular(8, Vec2::new(4.0, 0.0), 1.5, 0.1).unwrap().into(),
    ];
    let ray = Ray::new(Vec2::new(-5.0, 0.3), Vec2::X).unwrap();
    let mut sink = 0.0f32;
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    for a in &shapes {
        for b in &shapes {
            sink += intersects(a, b) as u8 as f32 + contains(a, b) as u8 as f32;
            sink += contact(a, b).map_or(0.0, |c| c.depth + c.points().len() as f32);
            sink += distance(a, b) + closest_points(a, b).map_or(0.0, |c| c.distance);
        }
        sink += cast_ray(a, &ray, 100.0).map_or(0.0, |h| h.distance);
        sink += signed_distance(a, Vec2::new(3.0, 3.0)) + closest_point(a, Vec2::new(3.0, 3.0)).x;
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(sink.is_finite());
    assert_eq!(after - before, 0, "queries allocated {} times", after - before);
}
