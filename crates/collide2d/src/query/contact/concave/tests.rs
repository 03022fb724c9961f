//! The entry point's own cases: hand-made shapes whose shortest push out is known, the
//! bounds and fallbacks of step 1, the rescaled path for extreme sizes, and the contact point.

use super::*;
use crate::query::ShapeLike;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A U, 3 wide and 3 tall, open upwards (its notch is x in (1, 2), y > 1), scaled.
fn u_shape(scale: f32) -> Polygon {
    let outline = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    Polygon::new(&outline.map(|(x, y)| v(x, y) * scale)).unwrap()
}

fn contact_of(p: &Polygon, other: ShapeRef) -> Contact {
    use crate::query::intersects::intersects_ref;
    use crate::shape::{Circle, Shape};
    let c = contact_default(p, other).expect("they overlap");
    let moved = |by: Vec2| -> Shape {
        match other {
            ShapeRef::Aabb(b) => Aabb::new(b.min() + by, b.max() + by).unwrap().into(),
            ShapeRef::Circle(d) => Circle::new(d.center() + by, d.radius()).unwrap().into(),
            _ => unreachable!(),
        }
    };
    let meets = |by: Vec2| intersects_ref(p.shape_ref(), moved(by).shape_ref());
    // The push leaves them touching at most: a slightly longer one clears, or, where it ends
    // wedged (in a gap the shape fits exactly, or between corners), no piece of the polygon
    // overlaps the moved shape by more than a hair.
    let pushed = moved(c.push_out_b());
    let wedged = || {
        p.convex_parts().iter().all(|piece| {
            super::super::contact_ref(ShapeRef::ConvexPolygon(piece), pushed.shape_ref())
                .is_none_or(|k| k.depth < 1e-5 * (1.0 + c.depth))
        })
    };
    assert!(!meets(c.push_out_b() + c.normal * 1e-3) || wedged(), "{c:?} does not separate");
    assert!(meets(c.push_out_b() * 0.99), "{c:?} is longer than needed");
    // The point on each surface, `point_a` the push's length beyond `point_b`.
    let q = c.points()[0];
    assert!((q.point_a - q.point_b - c.normal * c.depth).length() < 1e-5, "{c:?}: the points are not a push apart");
    c
}

#[test]
fn minimum_at_a_crossing_of_two_regions_boundaries() {
    // An L; a box over its inner corner. Leaving along either arm runs into the other arm
    // (4.5 to go), but moving diagonally by (0.5, 0.5) leaves the box touching the corner
    // only. That point is where the grown top face of the horizontal arm crosses the grown
    // right face of the vertical arm: two different pieces (a convex piece cannot hold
    // both edges of a reflex corner), neither one's vertex nor foot.
    let l = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(2.0, 2.0), v(2.0, 6.0), v(0.0, 6.0)]).unwrap();
    let b = Aabb::new(v(1.5, 1.5), v(3.5, 3.5)).unwrap();
    let c = contact_of(&l, ShapeRef::Aabb(&b));
    let diagonal = Vec2::ONE.normalize();
    assert!((c.depth - 0.5f32.hypot(0.5)).abs() < 1e-5, "{c:?}");
    assert!((c.normal - diagonal).length() < 1e-4, "{c:?}");
}

#[test]
fn disc_wedged_in_a_concave_notch_leaves_along_the_bisector() {
    // A square with a V notch down to (2, 1); the disc must rise until tangent to both
    // sides: centre at height 1 + √13 / 2 (the sides have slope ±3/2).
    let p = Polygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(2.0, 1.0), v(0.0, 4.0)]).unwrap();
    let disc = crate::shape::Circle::new(v(2.0, 1.5), 1.0).unwrap();
    let c = contact_of(&p, ShapeRef::Circle(&disc));
    let expected = 1.0 + 13f32.sqrt() / 2.0 - 1.5;
    assert!((c.depth - expected).abs() < 1e-4, "{c:?}, expected {expected}");
    assert!((c.normal - Vec2::Y).length() < 1e-4, "{c:?}");
}

#[test]
fn disc_over_a_convex_corner_leaves_along_the_corner_arc() {
    // The U's outer corner (3, 3): the nearest exit is on the arc around it.
    let u = u_shape(1.0);
    let disc = crate::shape::Circle::new(v(3.2, 3.2), 0.5).unwrap();
    let c = contact_of(&u, ShapeRef::Circle(&disc));
    let expected = 0.5 - 0.2f32.hypot(0.2);
    assert!((c.depth - expected).abs() < 1e-5, "{c:?}, expected {expected}");
    assert!((c.normal - Vec2::ONE.normalize()).length() < 1e-4, "{c:?}");
}

#[test]
fn tiny_shapes_get_the_same_push_as_unit_ones() {
    // The walk's tolerance has an absolute floor (1e-4); the coverage margin must not, or
    // a U 3e-6 across loses its true exits. A segment across the U's floor leaves downwards
    // by half its height, at any scale.
    for scale in [1.0f32, 1e-3, 1e-6] {
        let u = u_shape(scale);
        let seg = crate::shape::Segment::new(v(0.5, 0.5) * scale, v(2.5, 0.5) * scale).unwrap();
        let c = contact_default(&u, ShapeRef::Segment(&seg)).unwrap();
        assert!((c.depth / scale - 0.5).abs() < 1e-3, "scale {scale}: {c:?}");
        assert!(c.normal.y.abs() > 0.999, "scale {scale}: {c:?}");
        let pill = crate::shape::Capsule::new(v(0.5, 2.0) * scale, v(2.5, 2.0) * scale, 0.3 * scale).unwrap();
        let c = contact_default(&u, ShapeRef::Capsule(&pill)).unwrap();
        assert!((c.depth / scale - 1.3).abs() < 1e-3, "scale {scale}: {c:?}");
    }
}

#[test]
fn a_push_out_through_a_slanted_hull_face_is_found_when_the_hulls_depth_is_the_answer() {
    // Turned by 30°, a point just inside the U's floor leaves through the floor, which is
    // also a face of the hull: the hulls' depth (the bound on the search) is the answer
    // itself, so the search must reach exactly that far (an exit at the bound is not
    // beyond it), not fall back to the axes.
    let turn = crate::math::Transform::from_rotation(30f32.to_radians());
    let u = u_shape(1.0).transformed(&turn).unwrap();
    let floor_normal = Vec2::from_angle(30f32.to_radians()).perp() * -1.0;
    let point = turn.transform_point(v(1.5, 0.2));
    let c = contact_default(&u, ShapeRef::Point(point)).unwrap();
    assert!((c.depth - 0.2).abs() < 1e-5, "{c:?}");
    assert!((c.normal - floor_normal).length() < 1e-4, "{c:?}, expected normal {floor_normal}");
}

#[test]
fn touching_shapes_get_their_contact_point_on_both_surfaces() {
    // Depth 0, and no region left by the walk: the point comes from the other shape's
    // deepest point against the normal, moved out by its radius.
    let u = u_shape(1.0);
    let down = Vec2::NEG_Y;
    let point = contact_default(&u, ShapeRef::Point(v(1.5, 0.0))).unwrap();
    let disc = crate::shape::Circle::new(v(1.5, -0.5), 0.5).unwrap();
    let disc = contact_default(&u, ShapeRef::Circle(&disc)).unwrap();
    let pill = crate::shape::Capsule::new(v(0.5, -0.25), v(2.5, -0.25), 0.25).unwrap();
    let pill = contact_default(&u, ShapeRef::Capsule(&pill)).unwrap();
    for (c, x) in [(point, 1.5), (disc, 1.5), (pill, 0.5)] {
        assert_eq!(c.depth, 0.0, "{c:?}");
        assert!((c.normal - down).length() < 1e-6, "{c:?}");
        let q = c.points()[0];
        for at in [q.point_a, q.point_b] {
            assert!((at - v(x, 0.0)).length() < 1e-5, "{c:?}: expected the point ({x}, 0)");
        }
    }
    // A concave polygon has no core: the point is its deepest outline vertex. A second U, upside
    // down, under the first, their floors meeting along y = 0 from x = 0.5 to 3.
    let under = [(0.5, 0.0), (0.5, -3.0), (3.5, -3.0), (3.5, 0.0), (2.5, 0.0), (2.5, -2.0), (1.5, -2.0), (1.5, 0.0)];
    let under = Polygon::new(&under.map(|(x, y)| v(x, y))).unwrap();
    let c = contact_default(&u, ShapeRef::Polygon(&under)).expect("they touch");
    assert_eq!(c.depth, 0.0, "{c:?}");
    assert!((c.normal - down).length() < 1e-6, "{c:?}");
    let q = c.points()[0];
    for at in [q.point_a, q.point_b] {
        assert!(at.y.abs() < 1e-6 && (0.5..=3.0).contains(&at.x), "{c:?}: not where they touch");
    }
}

#[test]
fn a_box_that_misses_fitting_the_notch_by_less_than_the_tolerance_is_pushed_back_out() {
    // The box overlaps the left arm by 1, so the deepest pair's way out is 1 to the right,
    // into the notch, which is 5e-4 narrower than the box: the right arm's region starts
    // within the walk's tolerance of that exit (a pinch), so the box goes out to the left.
    // The walk must look beyond the exit for that region, not stop short of it.
    let outline = [(0.0, 0.0), (5.0, 0.0), (5.0, 10.0), (3.5, 10.0), (3.5, 2.0), (1.5, 2.0), (1.5, 10.0), (0.0, 10.0)];
    let u = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
    let b = Aabb::new(v(0.5, 5.0), v(2.5005, 6.0)).unwrap();
    let c = contact_of(&u, ShapeRef::Aabb(&b));
    assert!((c.depth - 2.5005).abs() < 1e-4, "{c:?}");
    assert!((c.normal - Vec2::NEG_X).length() < 1e-6, "{c:?}");
}

#[test]
fn a_wide_disc_over_a_narrow_notch_is_not_pushed_into_the_far_arm() {
    // A U with a notch 4 wide; a disc of radius 2.5 (5 across) in its left arm. The arm
    // alone would push it 3.5 to the right, into the notch, where it overlaps the right arm
    // (its region, 2.5 wider than its core, starts 2.5 along that way): the way out is 4 up.
    // The walk must grow the regions' cores by the radius it counts them by.
    let outline =
        [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (7.0, 10.0), (7.0, 3.0), (3.0, 3.0), (3.0, 10.0), (0.0, 10.0)];
    let u = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
    let disc = crate::shape::Circle::new(v(2.0, 8.5), 2.5).unwrap();
    let c = contact_of(&u, ShapeRef::Circle(&disc));
    assert!((c.depth - 4.0).abs() < 1e-4, "{c:?}");
    assert!((c.normal - Vec2::Y).length() < 1e-4, "{c:?}");
}

#[test]
fn a_box_level_with_an_overhang_is_pushed_out_tilted_away_from_it() {
    // A Γ: the box overlaps the upright by 0.8, its top level with the overhang's
    // underside, clear of it. Pushed 0.8 straight to the right it would slide along that
    // underside, touching all the way, so a slightly longer push would not clear: the walk
    // counts a slide along the face of a region ahead as inside it. The way out is 0.8 to
    // the right tilted down by a hair. The overhang's region only grazes the walk's bounds
    // (its box starts exactly on the ray), so the walk must look that far.
    let outline = [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (4.0, 2.0), (4.0, 3.0), (0.0, 3.0)];
    let gamma = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
    let b = Aabb::new(v(0.2, 0.5), v(0.9, 2.0)).unwrap();
    let c = contact_of(&gamma, ShapeRef::Aabb(&b));
    assert!((c.depth - 0.8).abs() < 1e-5, "{c:?}");
    assert!(c.normal.x > 0.999 && c.normal.y < 0.0, "{c:?}");
}

#[test]
fn thickness_is_the_least_width_within_a_factor_of_two() {
    use crate::shape::{Capsule, Circle, ConvexPolygon, Obb, Segment};
    let (aabb, obb) = (Aabb::new(v(0.0, 0.0), v(3.0, 0.5)).unwrap(), Obb::new(v(1.0, 1.0), v(0.2, 3.0), 0.7).unwrap());
    let (disc, pill) = (Circle::new(v(1.0, 2.0), 0.75).unwrap(), Capsule::new(v(0.0, 0.0), v(5.0, 1.0), 0.3).unwrap());
    let segment = Segment::new(v(0.0, 0.0), v(2.0, 1.0)).unwrap();
    // A triangle 4 by 1: its least width is its height over the long side, 4 / √17.
    let triangle = ConvexPolygon::new(&[v(0.0, 0.0), v(4.0, 0.0), v(0.0, 1.0)]).unwrap();
    // An L of two arms 0.5 wide, cut into two quadrilaterals along its inner corner's
    // diagonal: the upright one, 1.875 in area and 4.03 across its bounds, gives 0.93.
    let corners = [(0.0, 0.0), (5.0, 0.0), (5.0, 0.5), (0.5, 0.5), (0.5, 4.0), (0.0, 4.0)];
    let l = Polygon::new(&corners.map(|(x, y)| v(x, y))).unwrap();
    let exact = [
        (ShapeRef::Point(v(1.0, 1.0)), 0.0),
        (ShapeRef::Segment(&segment), 0.0),
        (ShapeRef::Aabb(&aabb), 0.5),
        (ShapeRef::Obb(&obb), 0.4),
        (ShapeRef::Circle(&disc), 1.5),
        (ShapeRef::Capsule(&pill), 0.6),
    ];
    for (shape, width) in exact {
        assert!((thickness(shape) - width).abs() < 1e-6, "{shape:?}: {}", thickness(shape));
    }
    let t = thickness(ShapeRef::ConvexPolygon(&triangle));
    assert!((t - 4.0 / 17f32.sqrt()).abs() < 1e-5, "{t}");
    let t = thickness(ShapeRef::Polygon(&l));
    assert!((0.9..=0.95).contains(&t), "{t}");
}

#[test]
fn a_disc_on_a_column_beside_a_notch_is_pushed_to_rest_on_three_corners() {
    // Columns of heights 4, 2 (the middle block) and 4 (x from 2 to 5), a notch 1 wide
    // between the last two; a disc of radius 1 centred above the notch's left edge, on the
    // right column's top. Left by 0.5 it rests on three corners, (2, 4), (3, 3) and (4, 4),
    // touching each, and any push further left overlaps again: the shortest way out, shorter
    // than up clear of the right column's corner (√0.75). (The search once found no exit
    // within its bound here and walked out along the axes, where the walk up and down missed
    // the regions it starts in, an endless segment's NaN end, and answered 0.)
    let outline = [
        (0.0, 0.0),
        (5.0, 0.0),
        (5.0, 4.0),
        (4.0, 4.0),
        (4.0, 1.0),
        (3.0, 1.0),
        (3.0, 3.0),
        (2.0, 3.0),
        (2.0, 4.0),
        (0.0, 4.0),
    ];
    let p = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
    let disc = crate::shape::Circle::new(v(3.5, 4.0), 1.0).unwrap();
    let c = contact_of(&p, ShapeRef::Circle(&disc));
    assert!((c.depth - 0.5).abs() < 1e-4 && (c.normal - Vec2::NEG_X).length() < 1e-4, "{c:?}");
}

#[test]
fn a_disc_between_two_spike_tips_is_pushed_out_where_their_arcs_cross() {
    // Two spikes with tips at (±w, 2) over a common base, and a disc centred between and
    // above the tips, overlapping both. Pushed away from either tip it runs into the other,
    // so the way out is straight up until both tips are a radius away, the crossing of the
    // two tips' arcs. With the narrow pair, the disc resting on a spike's outer side (0.33
    // away) is a way out found before the arcs: the arcs' distance from the origin must be
    // |v| − r, so that they are searched first.
    for (w, r, above) in [(0.5f32, 0.6f32, 0.2f32), (0.15, 0.2, 0.05)] {
        let outline = [
            (-2.0, 0.0),
            (2.0, 0.0),
            (2.0, 0.5),
            (1.0, 0.5),
            (w, 2.0),
            (0.0, 0.5),
            (-w, 2.0),
            (-1.0, 0.5),
            (-2.0, 0.5),
        ];
        let comb = Polygon::new(&outline.map(|(x, y)| v(x, y))).unwrap();
        let disc = crate::shape::Circle::new(v(0.0, 2.0 + above), r).unwrap();
        let c = contact_of(&comb, ShapeRef::Circle(&disc));
        let expected = (r * r - w * w).sqrt() - above;
        assert!((c.depth - expected).abs() < 1e-4, "{c:?}, expected {expected}");
        assert!((c.normal - Vec2::Y).length() < 1e-3, "{c:?}");
    }
}

/// Boxes `a` and `b` overlapping with each of the four ways out the shortest in turn: `a` is
/// off the origin, so that a travel mistaken for a sum or a quotient differs.
fn boxes_with_each_way_out() -> [(Aabb, Aabb, f32, Vec2); 4] {
    let a = Aabb::new(v(-1.0, -1.0), v(10.0, 10.0)).unwrap();
    let b = |min: (f32, f32), max: (f32, f32)| Aabb::new(v(min.0, min.1), v(max.0, max.1)).unwrap();
    [
        // Travels 1 (right), 13, 8 and 4: out to the right.
        (a, b((9.0, 2.0), (12.0, 3.0)), 1.0, Vec2::X),
        // Travels 12, 2.5 (left), 6 and 6.
        (a, b((-2.0, 4.0), (1.5, 5.0)), 2.5, Vec2::NEG_X),
        // Travels 7, 6, 2 (up) and 14.
        (a, b((3.0, 8.0), (5.0, 13.0)), 2.0, Vec2::Y),
        // Travels 7, 5.5, 14 and 3.5 (down).
        (a, b((3.0, -4.0), (4.5, 2.5)), 3.5, Vec2::NEG_Y),
    ]
}

#[test]
fn the_deepest_piece_pair_and_the_contact_scale_follow_the_small_shape() {
    // An L 6 across; a disc of radius 0.5 in its upright arm (x in [0, 2]), 1.3 from leaving it
    // to the left, 1.7 to the right, and clear of the other arm.
    let l = Polygon::new(&[v(0.0, 0.0), v(6.0, 0.0), v(6.0, 2.0), v(2.0, 2.0), v(2.0, 6.0), v(0.0, 6.0)]).unwrap();
    let disc: crate::shape::Shape = crate::shape::Circle::new(v(0.8, 4.0), 0.5).unwrap().into();
    let other = disc.shape_ref();
    let mut scratch = Scratch::default();
    prepare_others(&l, OtherPieces::of(other), None, &mut scratch);
    let (depth, normal) = deepest_pair(&l, OtherPieces::of(other), &mut scratch);
    assert!((depth - 1.3).abs() < 1e-5 && normal.abs_diff_eq(Vec2::NEG_X, 1e-5), "{depth} {normal}");
    // The disc's bounds' half diagonal, the depth, a hundredth of its farthest coordinate (4.5):
    // nothing of the L's size.
    let expected = 0.5 * std::f32::consts::SQRT_2 + 1.3 + 0.045;
    assert!((local_scale(other, depth) - expected).abs() < 1e-5, "{}", local_scale(other, depth));
    // A point at the origin with nothing to push: the least positive scale, never 0.
    assert_eq!(local_scale(ShapeRef::Point(Vec2::ZERO), 0.0), f32::MIN_POSITIVE);
}

#[test]
fn clearing_bound_is_the_shortest_travel_that_clears_the_boxes() {
    for (a, b, depth, _) in boxes_with_each_way_out() {
        assert_eq!(clearing_bound(&a, &b), depth, "{a:?} against {b:?}");
    }
    // Apart, nothing to clear.
    let (a, far) = (Aabb::new(v(0.0, 0.0), v(1.0, 1.0)).unwrap(), Aabb::new(v(3.0, 0.0), v(4.0, 1.0)).unwrap());
    assert_eq!(clearing_bound(&a, &far), 0.0);
}

#[test]
fn clearing_contact_pushes_along_the_shortest_of_the_four_ways_from_the_others_centre() {
    for (a, b, depth, normal) in boxes_with_each_way_out() {
        let c = clearing_contact(&a, &b);
        assert_eq!((c.depth, c.normal), (depth, normal), "{a:?} against {b:?}: {c:?}");
        let q = c.points()[0];
        let point_b = b.center().clamp(a.min(), a.max());
        assert_eq!((q.point_b, q.point_a, q.depth), (point_b, point_b + normal * depth, depth), "{c:?}");
        // The push clears the boxes, touching.
        let pushed = Aabb::new(b.min() + c.push_out_b(), b.max() + c.push_out_b()).unwrap();
        assert!(pushed.intersection(&a).is_none_or(|i| i.half_extents().min_element() == 0.0), "{pushed:?}");
    }
}

#[test]
fn coordinates_beyond_2_to_the_60_either_way_ask_for_a_rescale_by_their_power_of_two() {
    let boxed = |min: (f32, f32), max: (f32, f32)| Aabb::new(v(min.0, min.1), v(max.0, max.1)).unwrap();
    let unit = boxed((0.0, 0.0), (1.0, 1.0));
    let (big, small) = (2f32.powi(60), 2f32.powi(-60));
    let cases = [
        (unit, boxed((0.0, 0.0), (big, 1.0)), None),
        (unit, boxed((-big * 1.5, 0.0), (0.0, 1.0)), Some(60)),
        (boxed((0.0, -big * 2.0), (0.0, 0.0)), unit, Some(61)),
        (boxed((small, small), (small, small)), boxed((0.0, small), (small, small)), None),
        (boxed((small / 2.0, 0.0), (small * 0.75, 0.0)), boxed((0.0, 0.0), (0.0, small / 4.0)), Some(-61)),
        (boxed((0.0, 0.0), (0.0, 0.0)), boxed((0.0, 0.0), (0.0, 0.0)), None),
        (unit, boxed((0.0, 0.0), (f32::MAX, 1.0)), Some(126)),
        (boxed((0.0, 0.0), (1e-45, 0.0)), boxed((0.0, 0.0), (0.0, 0.0)), Some(-126)),
    ];
    for (a, b, exponent) in cases {
        assert_eq!(rescale_exponent(&a, &b), exponent, "{a:?} and {b:?}");
    }
}

#[test]
fn beyond_2_to_the_60_every_shape_gets_the_contact_at_scale_1_scaled_exactly() {
    use crate::shape::{Capsule, Circle, ConvexPolygon, Obb, Segment};
    // A bar in the U's notch, crossing into both arms, as every kind of shape; the U scaled by
    // `s`, a power of two, so the answer is the one at scale 1 times `s` to the last bit.
    let shapes = |s: f32| -> Vec<Shape> {
        let w = |x: f32, y: f32| v(x, y) * s;
        let bar = [w(0.5, 2.0), w(2.5, 2.0), w(2.5, 2.5), w(0.5, 2.5)];
        vec![
            Shape::Point(w(1.5, 0.5)),
            Segment::new(w(0.5, 2.0), w(2.5, 2.0)).unwrap().into(),
            Aabb::new(w(0.5, 2.0), w(2.5, 2.5)).unwrap().into(),
            Circle::new(w(0.6, 2.0), 0.3 * s).unwrap().into(),
            Obb::new(w(1.5, 2.2), w(1.0, 0.25), 0.1).unwrap().into(),
            Capsule::new(w(0.5, 2.0), w(2.5, 2.0), 0.25 * s).unwrap().into(),
            ConvexPolygon::new(&bar).unwrap().into(),
            Polygon::new(&[w(0.5, 2.0), w(2.5, 2.0), w(2.5, 2.5), w(1.5, 2.2), w(0.5, 2.5)]).unwrap().into(),
        ]
    };
    let units: Vec<Contact> =
        shapes(1.0).iter().map(|o| contact_default(&u_shape(1.0), o.shape_ref()).expect("they overlap")).collect();
    for s in [2f32.powi(70), 2f32.powi(-70), 2f32.powi(100)] {
        let u = u_shape(s);
        for (other, unit) in shapes(s).iter().zip(&units) {
            let c = contact_default(&u, other.shape_ref()).expect("they overlap");
            assert_eq!((c.normal, c.depth), (unit.normal, unit.depth * s), "scale {s}, {other:?}: {c:?}");
            assert_eq!(c.points().len(), unit.points().len(), "scale {s}, {other:?}");
            for (got, want) in c.points().iter().zip(unit.points()) {
                let want = (want.point_a * s, want.point_b * s, want.depth * s);
                assert_eq!((got.point_a, got.point_b, got.depth), want, "scale {s}, {other:?}: {c:?}");
            }
        }
    }
}
