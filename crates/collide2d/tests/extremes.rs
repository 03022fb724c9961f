//! Extreme sizes (issue 23, item 10): shapes from about 1e-38 to 1e38 across, and points at the
//! ends of the `f32` range. Every query returns, never with a NaN or a normal that is not a unit
//! vector, and `contact` agrees with `intersects`.
// Inputs and oracles may use the platform's trigonometry: only the library's answers must be
// the same bits on every target (its clippy.toml keeps the platform's out of it).
#![allow(clippy::disallowed_methods)]

use std::sync::mpsc;
use std::time::Duration;

use collide2d::{
    cast_ray, cast_shape, closest_point, closest_points, contact, contains, distance, intersects, signed_distance,
    Aabb, Capsule, Circle, ConvexPolygon, Obb, Ray, Segment, Shape, Vec2,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Runs `f` on a thread and fails if it has not finished within a minute (a hang).
fn returns<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(f()));
    receive.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("{what} did not return"))
}

/// A pentagon of radius `r` around `center` (no two edges parallel to an axis).
fn pentagon(center: Vec2, r: f32) -> ConvexPolygon {
    let corners = [v(1.0, 0.0), v(0.3, 0.95), v(-0.8, 0.6), v(-0.8, -0.6), v(0.3, -0.95)];
    ConvexPolygon::new(&corners.map(|c| center + c * r)).unwrap()
}

#[test]
fn the_distance_between_polygons_1e20_across_returns() {
    // The walk around their Minkowski difference compared edge directions by an f32 cross
    // product, which overflowed to NaN and took neither edge: the walk never ended.
    // Its distances overflowed too.
    for size in [1e20f32, 1e30, 1e37] {
        let (a, b) = (pentagon(Vec2::ZERO, size), pentagon(v(3.0 * size, 0.0), size));
        let (d, c) = returns("distance", move || (distance(&a, &b), closest_points(&a, &b)));
        assert!((d / size - 1.2).abs() < 1e-5, "size {size}: distance {d}");
        assert!(c.is_some_and(|c| c.point_a.is_finite() && c.point_b.is_finite()), "size {size}: {c:?}");
    }
}

/// One shape of each kind around `c`, about `s` across (at `s` = 1: a unit segment, box, disc…),
/// built so that a power-of-two `s` scales every coordinate exactly.
fn kinds(c: Vec2, s: f32) -> Vec<Shape> {
    let p = |x: f32, y: f32| c + v(x, y) * s;
    vec![
        Shape::Point(c),
        Segment::new(p(-1.0, -0.5), p(1.0, 0.5)).unwrap().into(),
        Aabb::new(p(-1.0, -0.7), p(1.0, 0.7)).unwrap().into(),
        Obb::new(c, v(1.0, 0.5) * s, 0.3).unwrap().into(),
        Circle::new(c, s).unwrap().into(),
        Capsule::new(p(-0.5, -0.2), p(0.5, 0.3), 0.5 * s).unwrap().into(),
        pentagon(c, s).into(),
    ]
}

/// Where the second shape of each pair stands, in units of the shapes' size: overlapping,
/// touching, inside, apart.
const OFFSETS: [(f32, f32); 9] =
    [(0.0, 0.0), (0.5, 0.3), (1.2, 0.4), (-1.9, 0.1), (3.0, 1.0), (0.0, 2.5), (0.01, -0.02), (2.0, 0.0), (0.0, 1.4)];

/// Powers of two from near the bottom of the normal `f32` range (below it, coordinates lose
/// bits) to near its top: every coordinate scales exactly, so every answer must scale with them.
const EXPONENTS: [i32; 17] = [-120, -100, -80, -64, -60, -40, -20, 0, 20, 40, 60, 64, 70, 80, 100, 120, 124];

fn unit(n: Vec2) -> bool {
    (n.length() - 1.0).abs() < 1e-5
}

fn same(x: f32, y: f32) -> bool {
    (x - y).abs() <= 1e-3 * (1.0 + x.abs().max(y.abs()))
}

/// Every pairwise query on every pair of kinds at scale `2^k` against the same at scale 1.
fn pairs_scale_alike(k: i32, make: &dyn Fn(Vec2, f32) -> Vec<Shape>) -> Vec<String> {
    let s = 2f32.powi(k);
    let mut wrong = Vec::new();
    for (x, y) in OFFSETS {
        let o = v(x, y);
        let (unit_a, unit_b, big_a, big_b) = (make(Vec2::ZERO, 1.0), make(o, 1.0), make(Vec2::ZERO, s), make(o * s, s));
        for (a1, a) in unit_a.iter().zip(&big_a) {
            for (b1, b) in unit_b.iter().zip(&big_b) {
                let mut check = |ok: bool, what: String| {
                    if !ok {
                        wrong.push(format!("2^{k} {}-{} at {o}: {what}", a.kind(), b.kind()));
                    }
                };
                let hit = intersects(a, b);
                check(hit == intersects(a1, b1), format!("intersects {hit}"));
                check(contains(a, b) == contains(a1, b1), "contains".into());
                let (c1, c) = (contact(a1, b1), contact(a, b));
                check(c.is_some() == hit, format!("contact {c:?} but intersects {hit}"));
                if let (Some(c1), Some(c)) = (c1, c) {
                    let points = c.points().iter().all(|p| p.point_a.is_finite() && p.point_b.is_finite());
                    check(unit(c.normal) && points && c.depth.is_finite(), format!("{c:?}"));
                    check(
                        (c.normal - c1.normal).length() < 1e-3 && same(c.depth / s, c1.depth),
                        format!("{c:?} {c1:?}"),
                    );
                }
                let (d1, d) = (distance(a1, b1), distance(a, b));
                check(same(d / s, d1), format!("distance {d} vs {d1}"));
                let cp = closest_points(a, b);
                check(cp.is_some() != hit, format!("closest points {cp:?} but intersects {hit}"));
                if let Some(cp) = cp {
                    check(cp.point_a.is_finite() && cp.point_b.is_finite() && cp.distance > 0.0, format!("{cp:?}"));
                }
            }
        }
    }
    wrong
}

/// The point queries and rays of every kind at scale `2^k` against the same at scale 1.
fn points_scale_alike(k: i32, make: &dyn Fn(Vec2, f32) -> Vec<Shape>) -> Vec<String> {
    let s = 2f32.powi(k);
    let mut wrong = Vec::new();
    for (a1, a) in make(Vec2::ZERO, 1.0).iter().zip(&make(Vec2::ZERO, s)) {
        for p in [v(0.3, 0.2), v(-2.0, 1.0), v(0.0, 3.0), v(5.0, -5.0), v(0.9, 0.05)] {
            let mut check = |ok: bool, what: String| {
                if !ok {
                    wrong.push(format!("2^{k} {} from {p}: {what}", a.kind()));
                }
            };
            let (q1, q) = (closest_point(a1, p), closest_point(a, p * s));
            check((q / s - q1).length() <= 1e-3 * (1.0 + q1.length()), format!("closest point {q} vs {q1}"));
            let (d1, d) = (signed_distance(a1, p), signed_distance(a, p * s));
            check(same(d / s, d1), format!("signed distance {d} vs {d1}"));
            let dir = v(0.1, 0.0) - p;
            let (r1, r) = (Ray::new(p, dir).unwrap(), Ray::new(p * s, dir).unwrap());
            match (cast_ray(a1, &r1, f32::MAX), cast_ray(a, &r, f32::MAX)) {
                (None, None) => {}
                (Some(h1), Some(h)) => check(
                    unit(h.normal) && h.point.is_finite() && same(h.distance / s, h1.distance),
                    format!("ray {h:?} vs {h1:?}"),
                ),
                (h1, h) => check(false, format!("ray {h:?} vs {h1:?}")),
            }
        }
    }
    wrong
}

/// What [`pairs_scale_alike`] and [`points_scale_alike`] find wrong at every exponent.
fn wrong_at_some_scale(make: &dyn Fn(Vec2, f32) -> Vec<Shape>) -> Vec<String> {
    EXPONENTS.iter().flat_map(|&k| [pairs_scale_alike(k, make), points_scale_alike(k, make)]).flatten().collect()
}

fn assert_none_wrong(wrong: Vec<String>) {
    assert!(wrong.is_empty(), "{} wrong, e.g.\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
}

#[test]
fn convex_queries_answer_alike_at_every_power_of_two_scale() {
    // At 1e-30 contact normals came out (0, 0) and boxes' best face lost to a tie of 1e-5;
    // from about 1e18 up depths were infinite, points NaN, `contact` said None where
    // `intersects` said true, and distances overflowed.
    assert_none_wrong(wrong_at_some_scale(&kinds));
}

#[test]
fn a_point_at_the_far_end_of_the_range_is_far_from_unit_shapes() {
    // (−3.4e38, 3.4e38) is about 4.8e38 from the origin: beyond f32, so the distance saturates
    // to f32::MAX; the nearest point is on the shape. Both were NaN for some kinds.
    let far = v(-3.4e38, 3.4e38);
    for shape in kinds(Vec2::ZERO, 1.0) {
        let (d, q) = (signed_distance(&shape, far), closest_point(&shape, far));
        assert_eq!(d, f32::MAX, "{shape:?}");
        let bounds = shape.aabb();
        assert!(q.cmpge(bounds.min() - 1e-6).all() && q.cmple(bounds.max() + 1e-6).all(), "{shape:?}: {q}");
        assert!(signed_distance(&shape, q).abs() <= 1e-5, "{shape:?}: {q} is not on the boundary");
    }
}

#[test]
fn a_ray_may_point_along_a_tiny_or_huge_direction() {
    // Normalising squared the direction: 1e-30 underflowed and was refused as zero.
    for d in [v(1e-30, 0.0), v(3e-45, 3e-45), v(3e38, -3e38)] {
        let ray = Ray::new(Vec2::ZERO, d).unwrap_or_else(|e| panic!("{d}: {e}"));
        assert!(unit(ray.direction()) && ray.direction().dot(d) > 0.0, "{d}: {ray:?}");
    }
    assert!(Ray::new(Vec2::ZERO, Vec2::ZERO).is_err());
}

#[test]
fn shapes_reaching_beyond_the_f32_range_are_refused() {
    // A disc of radius 3e38 around (3e38, 0) reaches 6e38: its points, and so its contact
    // points, could not be f32 numbers. Every shape's bounds must have a finite size, as an
    // Aabb's always had to.
    let says = |e: Result<Shape, collide2d::ShapeError>, field: &str| {
        let e = e.expect_err("refused").to_string();
        assert!(e.contains(field) && e.contains("finite size"), "{e}");
    };
    says(Circle::new(v(3e38, 0.0), 3e38).map(Shape::from), "radius");
    says(Circle::new(Vec2::ZERO, 2e38).map(Shape::from), "radius");
    says(Capsule::new(v(-3e38, 0.0), v(3e38, 0.0), 1.0).map(Shape::from), "length");
    says(Capsule::new(Vec2::ZERO, Vec2::X, 3e38).map(Shape::from), "radius");
    says(Segment::new(v(-3e38, 0.0), v(3e38, 0.0)).map(Shape::from), "length");
    says(Obb::new(v(3e38, 0.0), v(1e38, 1.0), 0.5).map(Shape::from), "half extents");
    let wide = [v(-3e38, 0.0), v(3e38, 0.0), v(0.0, 1.0)];
    says(ConvexPolygon::new(&wide).map(Shape::from), "span");
    says(ConvexPolygon::from_hull(&wide).map(Shape::from), "span");
    says(collide2d::Polygon::new(&wide).map(Shape::from), "span");
}

#[test]
fn the_largest_shapes_give_finite_contacts() {
    // The largest a disc may be, and a point and a box deep inside it: the contact points lie
    // on the shapes, so they are finite; the depth is too.
    let disc = Circle::new(v(1.6e38, 0.0), 1.6e38).unwrap();
    let others: [Shape; 3] = [
        Shape::Point(v(3.1e38, 0.0)),
        Aabb::new(v(-1.5e38, -1e38), v(1.5e38, 1e38)).unwrap().into(),
        Circle::new(v(-1.6e38, 0.0), 1.6e38).unwrap().into(),
    ];
    for other in others {
        let c = contact(&disc, &other).unwrap_or_else(|| panic!("{other:?} touches the disc"));
        let finite = c.points().iter().all(|p| p.point_a.is_finite() && p.point_b.is_finite());
        assert!(finite && c.depth.is_finite() && unit(c.normal), "{other:?}: {c:?}");
    }
}

#[test]
fn a_polygon_squashed_1e25_times_keeps_unit_normals() {
    // Placing maps each piece's normals; the f32 length of a normal shrunk to 1e-25 underflowed,
    // and the normal came out (0, 0).
    let l = collide2d::Polygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 1.0), v(1.0, 1.0), v(1.0, 2.0), v(0.0, 2.0)]);
    for scale in [v(1.0, 1e-25), v(1e-25, 1.0), v(1e25, 1.0)] {
        let squashed = l.as_ref().unwrap().transformed(&collide2d::Transform::from_scale(scale)).unwrap();
        for part in squashed.convex_parts() {
            assert!(part.normals().iter().all(|n| unit(*n)), "{scale}: {:?}", part.normals());
        }
    }
}

/// [`kinds`] and a concave L, `s` across around `c`.
fn kinds_and_an_l(c: Vec2, s: f32) -> Vec<Shape> {
    let p = |x: f32, y: f32| c + v(x, y) * s;
    let l = [p(-1.0, -1.0), p(1.0, -1.0), p(1.0, 0.0), p(0.0, 0.0), p(0.0, 1.0), p(-1.0, 1.0)];
    let mut shapes = kinds(c, s);
    shapes.push(collide2d::Polygon::new(&l).unwrap().into());
    shapes
}

#[test]
fn concave_queries_answer_alike_at_every_power_of_two_scale() {
    // The concave contact squares coordinates in f32 throughout its search: from 2^64 up its
    // depths were infinite and its points NaN, below 2^-80 its depths wrong.
    assert_none_wrong(wrong_at_some_scale(&kinds_and_an_l).into_iter().filter(|w| w.contains("Polygon")).collect());
}

#[test]
fn two_ls_touching_along_an_edge_touch_at_a_finite_point() {
    // With no region left last, the contact point came from the other shape's core, and a
    // concave polygon has none: its point was NaN.
    let l = |x: f32| {
        let p = |px: f32, py: f32| v(x + px, py);
        collide2d::Polygon::new(&[p(-1.0, -1.0), p(1.0, -1.0), p(1.0, 0.0), p(0.0, 0.0), p(0.0, 1.0), p(-1.0, 1.0)])
            .unwrap()
    };
    let c = contact(&l(0.0), &l(2.0)).expect("they touch along x = 1");
    assert_eq!(c.depth, 0.0);
    assert!(unit(c.normal) && c.points().iter().all(|p| p.point_a.is_finite() && p.point_b.is_finite()), "{c:?}");
}

#[test]
fn casts_answer_alike_at_every_power_of_two_scale() {
    // The cast's walk squares positions in f32: below 2^-64 or above 2^60 it missed hits, found
    // false ones, and gave normals as short as 0.2.
    let moves =
        [((4.0, 0.5), (-6.0, 0.0)), ((3.0, 3.1), (-4.0, -4.0)), ((0.0, 5.0), (0.3, -8.0)), ((4.0, 0.0), (0.0, 3.0))];
    let mut wrong = Vec::new();
    for k in EXPONENTS {
        let s = 2f32.powi(k);
        for ((x, y), (mx, my)) in moves {
            let (o, m) = (v(x, y), v(mx, my));
            for (a1, a) in kinds_and_an_l(Vec2::ZERO, 1.0).iter().zip(&kinds_and_an_l(Vec2::ZERO, s)) {
                for (b1, b) in kinds_and_an_l(o, 1.0).iter().zip(&kinds_and_an_l(o * s, s)) {
                    let (h1, h) = (cast_shape(a1, Vec2::ZERO, b1, m, 1.0), cast_shape(a, Vec2::ZERO, b, m * s, 1.0));
                    // Along two faces meeting flat any point between is right; a concave polygon's
                    // pieces, tied, may name different ones at different scales.
                    let concave = matches!(a, Shape::Polygon(_)) || matches!(b, Shape::Polygon(_));
                    let alike = match (h1, h) {
                        (None, None) => true,
                        (Some(h1), Some(h)) => {
                            unit(h.normal)
                                && h.point.is_finite()
                                && (h.time - h1.time).abs() < 1e-4
                                && (h.normal - h1.normal).length() < 1e-3
                                && (concave || (h.point / s - h1.point).length() < 1e-3 * (1.0 + h1.point.length()))
                        }
                        _ => false,
                    };
                    if !alike {
                        wrong.push(format!("2^{k} {}-{} from {o} by {m}: {h:?} vs {h1:?}", a.kind(), b.kind()));
                    }
                }
            }
        }
    }
    assert_none_wrong(wrong);
}

#[test]
fn slivers_as_long_as_the_range_do_not_panic_contact() {
    // Two triangles 1e-38 or 30 wide and 3.4e38 long: scaled into range, the thinner one's
    // piece flattened away, and the search indexed its first piece of none.
    let a = collide2d::Polygon::new(&[v(0.0, -16.704687), v(0.0, f32::MAX), v(-30.271168, 0.0)]).unwrap();
    let b = collide2d::Polygon::new(&[v(0.0, -23.744364), v(0.0, f32::MAX), v(-9.137546e-39, 0.0)]).unwrap();
    let c = contact(&a, &b).expect("they share the edge x = 0");
    assert!(unit(c.normal) && c.depth.is_finite() && c.points().iter().all(|p| p.point_a.is_finite()), "{c:?}");
}

#[test]
fn a_sliver_that_scaling_flattens_is_pushed_clear_of_the_bounds_the_shortest_way() {
    // The thinner triangle (9e-39 wide) loses its piece when the pair is scaled into range,
    // so the answer is the push that clears the two bounding boxes: the shortest of the four
    // travels, here 9e-39 across the shared edge. The same pair turned a quarter (x and y
    // swapped, so the order reversed) takes the y travels.
    let (wide, thin) = (30.271168f32, 9.137546e-39f32);
    for quarter in [false, true] {
        let at = |x: f32, y: f32| if quarter { v(y, x) } else { v(x, y) };
        let order = |pts: [Vec2; 3]| if quarter { [pts[2], pts[1], pts[0]] } else { pts };
        let a = collide2d::Polygon::new(&order([at(0.0, -16.704687), at(0.0, f32::MAX), at(-wide, 0.0)])).unwrap();
        let b = collide2d::Polygon::new(&order([at(0.0, -23.744364), at(0.0, f32::MAX), at(-thin, 0.0)])).unwrap();
        let normal = at(1.0, 0.0);
        for (c, sign) in [(contact(&a, &b), 1.0), (contact(&b, &a), -1.0)] {
            let c = c.expect("they share an edge");
            assert_eq!((c.normal, c.depth), (normal * sign, thin), "quarter {quarter}: {c:?}");
            let p = c.points()[0];
            assert_eq!(p.point_a - p.point_b, normal * sign * thin, "quarter {quarter}: {c:?}");
        }
    }
}

#[test]
fn a_concave_contact_at_2_to_the_70_is_the_one_at_scale_1_scaled() {
    // Beyond 2^60 the search runs on the shapes scaled by a power of two into range, and its
    // answer is scaled back: depth and points are those at scale 1 times the factor.
    let at = |s: f32| {
        let u = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
        let u = collide2d::Polygon::new(&u.map(|(x, y)| v(x, y) * s)).unwrap();
        let bar = Obb::new(v(1.5, 2.6) * s, v(1.2, 0.3) * s, 0.2).unwrap();
        (contact(&u, &bar).expect("overlapping"), contact(&bar, &u).expect("overlapping"))
    };
    let (unit_ab, unit_ba) = at(1.0);
    for s in [2f32.powi(70), 2f32.powi(-70)] {
        let (ab, ba) = at(s);
        for (got, unit) in [(ab, unit_ab), (ba, unit_ba)] {
            assert!((got.normal - unit.normal).length() < 1e-5, "scale {s}: {got:?} against {unit:?}");
            assert!((got.depth / s - unit.depth).abs() < 1e-5, "scale {s}: {got:?} against {unit:?}");
            assert_eq!(got.points().len(), unit.points().len(), "scale {s}");
            for (p, q) in got.points().iter().zip(unit.points()) {
                assert!((p.point_a / s - q.point_a).length() < 1e-5, "scale {s}: {got:?} against {unit:?}");
                assert!((p.point_b / s - q.point_b).length() < 1e-5, "scale {s}: {got:?} against {unit:?}");
                assert!((p.depth / s - q.depth).abs() < 1e-5, "scale {s}: {got:?} against {unit:?}");
            }
        }
    }
}

mod wild {
    //! Random shapes: at a random power-of-two scale, `contact` and `closest_points` agree with
    //! `intersects`; with any numbers at all (mixed extremes, slivers 1e38 long), every query
    //! still answers with finite numbers and unit normals.

    use super::*;
    use proptest::prelude::*;

    /// Any finite number, often an extreme one.
    fn any_number() -> impl Strategy<Value = f32> + Clone {
        prop_oneof![
            3 => -50.0f32..50.0,
            2 => any::<f32>().prop_filter("finite", |x| x.is_finite()),
            2 => prop::sample::select(vec![
                f32::MAX, f32::MIN, 3e38, -3e38, 1.7e38, 1e30, -1e30, 1e20, 1e18, 1e-20, 1e-30, -1e-30,
                f32::MIN_POSITIVE, 1e-45, 0.0, 1.0,
            ]),
        ]
    }

    fn point(number: impl Strategy<Value = f32> + Clone) -> impl Strategy<Value = Vec2> {
        (number.clone(), number).prop_map(|(x, y)| v(x, y))
    }

    /// A shape of a random kind made of `number`s (`None` when the constructor refuses them).
    fn shape(number: impl Strategy<Value = f32> + Clone) -> impl Strategy<Value = Option<Shape>> {
        let points = prop::collection::vec(point(number.clone()), 3..7);
        (0..8usize, point(number.clone()), point(number.clone()), number, points).prop_map(|(kind, p, q, s, pts)| {
            match kind {
                0 => Some(Shape::Point(p)),
                1 => Segment::new(p, q).ok().map(Shape::from),
                2 => Aabb::new(p.min(q), p.max(q)).ok().map(Shape::from),
                3 => Circle::new(p, s.abs()).ok().map(Shape::from),
                4 => Obb::new(p, q.abs(), s).ok().map(Shape::from),
                5 => Capsule::new(p, q, s.abs()).ok().map(Shape::from),
                6 => ConvexPolygon::from_hull(&pts).ok().map(Shape::from),
                _ => collide2d::Polygon::new(&pts).ok().map(Shape::from),
            }
        })
    }

    /// Shapes whose numbers are 0 or lie within a factor of 2^20 of one another (as the crate
    /// documentation puts it), at one power of two from 2^-60 to 2^120.
    fn scaled_pair() -> impl Strategy<Value = (Option<Shape>, Option<Shape>)> {
        (-60i32..=120).prop_flat_map(|k| {
            let number = prop_oneof![
                1 => Just(0.0f32),
                8 => (any::<bool>(), -20.0f32..0.0).prop_map(move |(minus, e)| {
                    let x = 2f32.powf(e) * 2f32.powi(k);
                    if minus { -x } else { x }
                }),
            ];
            (shape(number.clone()), shape(number))
        })
    }

    fn finite_contact(c: &collide2d::Contact) -> bool {
        unit(c.normal)
            && c.depth.is_finite()
            && c.depth >= 0.0
            && c.points().iter().all(|p| p.point_a.is_finite() && p.point_b.is_finite() && p.depth.is_finite())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

        #[test]
        fn contact_and_closest_points_agree_with_intersects_at_every_scale((a, b) in scaled_pair()) {
            let (Some(a), Some(b)) = (a, b) else { return Ok(()) };
            let hit = intersects(&a, &b);
            let c = contact(&a, &b);
            prop_assert_eq!(c.is_some(), hit, "contact {:?}", c);
            prop_assert!(c.as_ref().is_none_or(finite_contact), "{:?}", c);
            let cp = closest_points(&a, &b);
            prop_assert_eq!(cp.is_some(), !hit, "closest points {:?}", cp);
        }

        #[test]
        fn every_query_answers_with_finite_numbers_whatever_the_numbers(
            a in shape(any_number()),
            b in shape(any_number()),
            p in point(any_number()),
            d in point(any_number()),
            m in point(any_number()),
        ) {
            let (Some(a), Some(b)) = (a, b) else { return Ok(()) };
            let c = contact(&a, &b);
            prop_assert!(c.as_ref().is_none_or(finite_contact), "{:?}", c);
            let cp = closest_points(&a, &b);
            prop_assert!(cp.is_none_or(|c| c.point_a.is_finite() && c.point_b.is_finite() && c.distance > 0.0 && c.distance.is_finite()), "{:?}", cp);
            let dist = distance(&a, &b);
            prop_assert!(dist.is_finite() && dist >= 0.0, "distance {}", dist);
            let (q, sd) = (closest_point(&a, p), signed_distance(&a, p));
            prop_assert!(q.is_finite() && sd.is_finite(), "closest point {} signed distance {}", q, sd);
            if let Ok(ray) = Ray::new(p, d) {
                let h = cast_ray(&a, &ray, f32::MAX);
                prop_assert!(h.is_none_or(|h| unit(h.normal) && h.point.is_finite() && h.distance.is_finite()), "{:?}", h);
            }
            let h = cast_shape(&a, Vec2::ZERO, &b, m, 1.0);
            prop_assert!(h.is_none_or(|h| unit(h.normal) && h.point.is_finite() && h.time.is_finite()), "{:?}", h);
        }
    }
}

#[test]
fn a_point_beyond_the_tip_of_a_sliver_is_as_far_out_as_its_closest_point() {
    // Found by fuzzing: a sliver 8.9e6 long whose sides are parallel to within rounding, and
    // the origin on the line of its sides, 1,399 beyond its tip. The face lines' rounded normals
    // put the origin inside (signed distance -2e-6) while it is outside by 1,399.
    let sliver = ConvexPolygon::new(&[
        v(-6990006.5, 5565297.5),
        v(-6835009.5, 5441892.0),
        v(-5528984.5, 4402062.0),
        v(-1094.3458, 871.2954),
        v(-6330391.0, 5040126.0),
        v(-6630308.5, 5278914.0),
        v(-6960065.5, 5541459.5),
        v(-6978978.0, 5556517.0),
    ])
    .unwrap();
    let p = Vec2::ZERO;
    let tip = v(-1094.3458, 871.2954);
    assert!(!contains(&sliver, &p));
    assert_eq!(closest_point(&sliver, p), tip);
    let d = signed_distance(&sliver, p);
    assert!((d - tip.length()).abs() < 1e-3 * tip.length(), "signed distance {d}, the tip is {} away", tip.length());
}

#[test]
fn a_segment_as_long_as_the_range_inside_a_tall_box_touches_at_finite_points() {
    // Found by the finite-numbers property at 200,000 cases: the segment's far end lies 3.4e38
    // below the box's top face, so its separation from that face overflows to infinity while
    // the end itself is finite. The manifold keeps only points that are finite on both sides.
    use collide2d::Segment;
    let segment = Segment::new(v(0.0, -f32::MAX), v(2.7655056, 0.0)).unwrap();
    let tall = Aabb::new(v(-17.804298, -3e38), v(48.877064, 5.840423e33)).unwrap();
    for c in [contact(&segment, &tall), contact(&tall, &segment)] {
        let c = c.expect("the segment runs through the box");
        assert!(unit(c.normal) && c.depth.is_finite(), "{c:?}");
        assert!(c.points().iter().all(|p| p.point_a.is_finite() && p.point_b.is_finite()), "{c:?}");
    }
}
