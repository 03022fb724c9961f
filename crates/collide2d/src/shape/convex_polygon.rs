use glam::{DVec2, Vec2};

use super::error::{finite, finite_vec, fits, points_fit, positive};
use super::{Aabb, Shape, ShapeError};
use crate::math::{orient2d, unit_vector, Transform};

/// A convex polygon, stored counter-clockwise (with y up) with its outward unit edge normals.
///
/// Any winding is accepted; duplicate consecutive vertices and vertices lying straight on an
/// edge are dropped. Once built it is valid (at least 3 vertices, strictly convex, winding once),
/// so queries never re-check it. `normals()[i]` belongs to the edge from `vertices()[i]` to
/// `vertices()[i + 1]`.
///
/// ```
/// use collide2d::{ConvexPolygon, Vec2};
/// // Clockwise input is turned around.
/// let tri = ConvexPolygon::new(&[Vec2::ZERO, Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0)])?;
/// assert_eq!(tri.vertices(), &[Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0), Vec2::ZERO]);
/// assert_eq!(tri.area(), 0.5);
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serial::ConvexPolygonRaw", into = "crate::serial::ConvexPolygonRaw")
)]
pub struct ConvexPolygon {
    /// The `n` vertices, then the `n` edge normals, in one allocation: a concave polygon holds
    /// many pieces and copies them all each time it is placed.
    points: Vec<Vec2>,
}

const NAME: &str = "ConvexPolygon";

/// Whether every point lies on the line through the first two (which differ).
fn on_one_line(points: &[(usize, Vec2)]) -> bool {
    let (o, d) = (points[0].1, points[1].1 - points[0].1);
    points.iter().all(|p| d.perp_dot(p.1 - o) == 0.0)
}

impl ConvexPolygon {
    /// The polygon through `points` in order (either winding). Errors name the input index:
    /// a non-finite vertex, fewer than 3 distinct vertices, all on one line, a reflex (inward)
    /// corner, an outline that doubles back on itself, or one that winds around twice.
    pub fn new(points: &[Vec2]) -> Result<Self, ShapeError> {
        for (i, p) in points.iter().enumerate() {
            if !p.is_finite() {
                finite_vec(NAME, &format!("vertex {i}"), *p)?;
            }
        }
        points_fit(NAME, points)?;
        let mut indexed: Vec<(usize, Vec2)> = Vec::with_capacity(points.len());
        for (i, p) in points.iter().enumerate() {
            if indexed.last().map(|l| l.1) != Some(*p) {
                indexed.push((i, *p));
            }
        }
        while indexed.len() > 1 && indexed.first().map(|f| f.1) == indexed.last().map(|l| l.1) {
            indexed.pop();
        }
        if indexed.len() < 3 {
            return Err(ShapeError::TooFewVertices { shape: NAME, found: indexed.len(), needed: 3 });
        }
        let area2 = twice_signed_area(indexed.iter().map(|p| p.1));
        // No area: on one line, or an outline crossing itself so that its parts cancel (a
        // bowtie), which the corner checks below refuse as not convex.
        if area2 == 0.0 && on_one_line(&indexed) {
            return Err(ShapeError::Collinear { shape: NAME, count: indexed.len() });
        }
        if area2 < 0.0 {
            indexed.reverse();
        }
        let corners = strict_corners(&indexed)?;
        check_winds_once(&corners)?;
        let mut points = Vec::with_capacity(2 * corners.len());
        points.extend(corners.iter().map(|c| c.1));
        Ok(Self::from_valid_ccw(points))
    }

    /// The convex hull of `points` (any order, any count). Errors when they are not finite, or
    /// when fewer than three of them are distinct and not on one line.
    ///
    /// ```
    /// use collide2d::{ConvexPolygon, Vec2};
    /// let pts = [Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(1.0, 0.5), Vec2::new(2.0, 2.0), Vec2::new(0.0, 2.0)];
    /// assert_eq!(ConvexPolygon::from_hull(&pts)?.vertices().len(), 4); // the inner point is dropped
    /// # Ok::<(), collide2d::ShapeError>(())
    /// ```
    pub fn from_hull(points: &[Vec2]) -> Result<Self, ShapeError> {
        for (i, p) in points.iter().enumerate() {
            // The field's name is only written out for the error.
            if !p.is_finite() {
                finite_vec(NAME, &format!("point {i}"), *p)?;
            }
        }
        points_fit(NAME, points)?;
        // Adding 0.0 makes -0.0 into 0.0: `total_cmp` would put it first, and the hull would
        // start at whichever of the leftmost points had a negative zero, not the lowest of them.
        let mut sorted: Vec<Vec2> = points.iter().map(|p| *p + Vec2::ZERO).collect();
        sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        sorted.dedup();
        if sorted.len() < 3 {
            return Err(ShapeError::TooFewVertices { shape: NAME, found: sorted.len(), needed: 3 });
        }
        // Andrew's monotone chain: lower hull left to right, then upper hull right to left.
        let mut hull: Vec<Vec2> = Vec::with_capacity(sorted.len() + 1);
        for pass in [&sorted[..], &sorted.iter().rev().copied().collect::<Vec<_>>()[..]] {
            let start = hull.len();
            for &p in pass {
                while hull.len() >= start + 2 && orient2d(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0 {
                    hull.pop();
                }
                hull.push(p);
            }
            hull.pop(); // the last point of each chain starts the other one
        }
        if hull.len() < 3 {
            return Err(ShapeError::Collinear { shape: NAME, count: sorted.len() });
        }
        Ok(Self::from_valid_ccw(hull))
    }

    /// The most sides [`regular`](Self::regular) builds, and the most segments a curve is cut
    /// into ([`CurveDetail`](crate::polygon::CurveDetail)): beyond, neighbouring vertices of a
    /// unit circle lie closer than 1e-3 apart and `f32` rounding soon makes them collinear.
    pub const MAX_SIDES: usize = 4096;

    /// A regular polygon with `sides` vertices on the circle of `radius` around `center`, the first
    /// vertex at angle `rotation`. `sides` must be from 3 to [`MAX_SIDES`](Self::MAX_SIDES), and
    /// few enough that the vertices, rounded to `f32`, still make a strictly convex outline (a
    /// small circle far from the origin allows fewer): otherwise an error says so.
    pub fn regular(sides: usize, center: Vec2, radius: f32, rotation: f32) -> Result<Self, ShapeError> {
        finite_vec(NAME, "center", center)?;
        positive(NAME, "radius", radius)?;
        finite(NAME, "rotation", rotation)?;
        fits(NAME, "radius", radius, center - radius, center + radius)?;
        let bad = |requirement| Err(ShapeError::BadCount { shape: NAME, field: "sides", requirement, value: sides });
        if sides < 3 {
            return bad("at least 3");
        }
        if sides > Self::MAX_SIDES {
            return bad("at most 4096");
        }
        let step = std::f32::consts::TAU / sides as f32;
        let points: Vec<Vec2> = (0..sides).map(|i| center + unit_vector(rotation + step * i as f32) * radius).collect();
        // The vertices are finite and fit (the circle's bounds do): what `new` can still refuse
        // is rounding that puts too many of them into a flat or inward corner.
        Self::new(&points).or_else(|_| {
            bad("few enough for the vertices to stay strictly convex once rounded to f32 (fewer sides, or a larger radius)")
        })
    }

    /// Builds from vertices known to be finite, counter-clockwise and strictly convex (given
    /// room for as many normals, it does not reallocate).
    pub(crate) fn from_valid_ccw(mut points: Vec<Vec2>) -> Self {
        let n = points.len();
        points.reserve_exact(n);
        for i in 0..n {
            let normal = edge_normal(points[i], points[(i + 1) % n]);
            points.push(normal);
        }
        Self { points }
    }

    /// Its storage back (vertices, then normals), to be filled again.
    pub(crate) fn into_points(self) -> Vec<Vec2> {
        self.points
    }

    /// Builds from `n` vertices known to be finite, counter-clockwise and strictly convex,
    /// followed by their `n` outward unit edge normals.
    pub(crate) fn from_vertices_then_normals(points: Vec<Vec2>) -> Self {
        debug_assert!(points.len() % 2 == 0 && points.len() >= 6);
        Self { points }
    }

    /// The vertices, counter-clockwise with y up.
    #[inline]
    pub fn vertices(&self) -> &[Vec2] {
        &self.points[..self.points.len() / 2]
    }

    /// The outward unit normal of each edge (`i` → `i + 1`).
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        &self.points[self.points.len() / 2..]
    }

    /// The axis-aligned bounds.
    pub fn aabb(&self) -> Aabb {
        let first = self.vertices().first().copied().unwrap_or(Vec2::ZERO);
        let (min, max) = self.vertices().iter().fold((first, first), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
        Aabb::from_min_max_unchecked(min, max)
    }

    /// The enclosed area (positive).
    pub fn area(&self) -> f32 {
        (self.signed_area2() * 0.5) as f32
    }

    /// The centre of mass of the enclosed area.
    pub fn centroid(&self) -> Vec2 {
        let o = self.vertices().first().copied().unwrap_or(Vec2::ZERO).as_dvec2();
        let mut sum = DVec2::ZERO;
        let mut area2 = 0.0;
        for (a, b) in self.edges() {
            let (a, b) = (a.as_dvec2() - o, b.as_dvec2() - o);
            let w = a.perp_dot(b);
            area2 += w;
            sum += (a + b) * w;
        }
        let centroid = (o + sum / (3.0 * area2)).as_vec2();
        if centroid.is_finite() {
            return centroid;
        }
        // A sliver too thin for its area to survive rounding (1e-30 across, 1e38 long): the
        // vertices' mean, which lies inside it too.
        let n = self.vertices().len() as f64;
        (self.vertices().iter().map(|v| v.as_dvec2()).sum::<DVec2>() / n).as_vec2()
    }

    /// Each edge as `(start, end)`, counter-clockwise.
    pub fn edges(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let v = self.vertices();
        (0..v.len()).map(move |i| (v[i], v[(i + 1) % v.len()]))
    }

    fn signed_area2(&self) -> f64 {
        twice_signed_area(self.vertices().iter().copied())
    }

    /// The polygon with every vertex moved by `transform` (a mirroring transform is re-wound).
    /// A vertex that rounding puts on or just inside its neighbours' line is dropped.
    pub fn transformed(&self, transform: &Transform) -> Result<Shape, ShapeError> {
        super::check_transform(NAME, transform)?;
        let moved: Vec<Vec2> = self.vertices().iter().map(|v| transform.transform_point(*v)).collect();
        // An affine map keeps a convex polygon convex, but rounding the moved vertices can turn a
        // nearly straight corner into a straight or slightly reflex one, even under a plain
        // translation. `new` rightly refuses that from a user; here it is rounding, so the hull
        // of the moved vertices (which drops such corners) is the moved polygon. Only an outline
        // flattened to a line or overflowed is still an error. `new` goes first because it keeps
        // the vertices in their order.
        ConvexPolygon::new(&moved)
            .or_else(|_| ConvexPolygon::from_hull(&moved))
            .map(Shape::ConvexPolygon)
            .map_err(|_| super::flattened_or_overflowed(NAME, points_fit(NAME, &moved).is_ok()))
    }
}

/// The outward normal (to the right of `a → b` in a counter-clockwise polygon), computed in f64
/// so that very short edges still give a unit vector.
fn edge_normal(a: Vec2, b: Vec2) -> Vec2 {
    let d = b.as_dvec2() - a.as_dvec2();
    DVec2::new(d.y, -d.x).normalize_or_zero().as_vec2()
}

/// Twice the signed area of a closed outline (positive when counter-clockwise), in f64 and
/// relative to the first vertex so that far-away polygons keep their precision.
pub(crate) fn twice_signed_area(mut points: impl Iterator<Item = Vec2>) -> f64 {
    let Some(first) = points.next() else { return 0.0 };
    let o = first.as_dvec2();
    let mut prev = DVec2::ZERO;
    let mut sum = 0.0;
    for p in points {
        let cur = p.as_dvec2() - o;
        sum += prev.perp_dot(cur);
        prev = cur;
    }
    sum
}

type Indexed = (usize, Vec2);

/// `(previous, current, next)` around a closed list.
fn cyclic_triples(points: &[Indexed]) -> impl Iterator<Item = (Indexed, Indexed, Indexed)> + '_ {
    let n = points.len();
    (0..n).map(move |i| (points[(i + n - 1) % n], points[i], points[(i + 1) % n]))
}

/// Keeps the true corners of a counter-clockwise outline: vertices lying straight on an edge are
/// dropped, a right turn or a doubling back is an error at that vertex.
fn strict_corners(points: &[Indexed]) -> Result<Vec<Indexed>, ShapeError> {
    let mut corners = Vec::with_capacity(points.len());
    for (prev, cur, next) in cyclic_triples(points) {
        let turn = orient2d(prev.1, cur.1, next.1);
        if turn > 0.0 {
            corners.push(cur);
        } else if turn < 0.0 || (prev.1 - cur.1).dot(next.1 - cur.1) >= 0.0 {
            return Err(ShapeError::NotConvex { vertex: cur.0 });
        }
    }
    Ok(corners)
}

/// All turns are left; an outline that still winds around twice (a pentagram) turns by 4π.
fn check_winds_once(corners: &[Indexed]) -> Result<(), ShapeError> {
    let mut turning = 0.0f64;
    for (prev, cur, next) in cyclic_triples(corners) {
        let (e0, e1) = (cur.1.as_dvec2() - prev.1.as_dvec2(), next.1.as_dvec2() - cur.1.as_dvec2());
        turning += libm::atan2(e0.perp_dot(e1), e0.dot(e1));
        if turning > 3.0 * std::f64::consts::PI {
            return Err(ShapeError::NotConvex { vertex: cur.0 });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn clockwise_input_is_stored_counter_clockwise_with_outward_normals() {
        let sq = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 1.0), v(1.0, 0.0)]).unwrap();
        assert_eq!(sq.vertices(), &[v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0), v(0.0, 0.0)]);
        assert_eq!(sq.normals(), &[v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0), v(0.0, -1.0)]);
        assert_eq!(sq.centroid(), v(0.5, 0.5));
    }

    #[test]
    fn duplicates_closing_vertex_and_straight_vertices_are_dropped() {
        let p = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(0.0, 2.0), v(0.0, 0.0)])
            .unwrap();
        assert_eq!(p.vertices().len(), 3);
    }

    #[test]
    fn errors_name_the_problem_and_the_vertex() {
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.5), v(2.0, 2.0), v(0.0, 2.0)]).unwrap_err();
        assert_eq!(e, ShapeError::NotConvex { vertex: 2 });
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::Collinear { count: 3, .. }), "{e}");
        // A bowtie has no area either, but it is not on one line: its outline crosses itself.
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::NotConvex { .. }), "{e}");
        // The same away from the origin, where the line's point and direction differ.
        let e = ConvexPolygon::new(&[v(5.0, 3.0), v(6.0, 4.0), v(8.0, 6.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::Collinear { count: 3, .. }), "{e}");
        let e = ConvexPolygon::new(&[v(5.0, 3.0), v(6.0, 4.0), v(6.0, 3.0), v(5.0, 4.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::NotConvex { .. }), "{e}");
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::TooFewVertices { found: 2, .. }), "{e}");
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, f32::NAN), v(0.0, 1.0)]).unwrap_err();
        assert!(e.to_string().contains("vertex 1"), "{e}");
    }

    #[test]
    fn doubling_back_along_an_edge_is_not_convex() {
        // (2,0) then back to (1,0): zero turn but reversed direction.
        // The error names the vertex where it turns back, wherever the outline lies.
        let e = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap_err();
        assert_eq!(e, ShapeError::NotConvex { vertex: 1 });
        let e = ConvexPolygon::new(&[v(1.0, 1.0), v(3.0, 1.0), v(2.0, 1.0), v(2.0, 3.0)]).unwrap_err();
        assert_eq!(e, ShapeError::NotConvex { vertex: 1 });
    }

    #[test]
    fn pentagram_is_rejected_although_every_turn_is_left() {
        let star: Vec<Vec2> = (0..5).map(|i| Vec2::from_angle(i as f32 * 2.0 * std::f32::consts::TAU / 5.0)).collect();
        assert!(matches!(ConvexPolygon::new(&star), Err(ShapeError::NotConvex { .. })));
    }

    #[test]
    fn hull_drops_inner_and_collinear_points() {
        let pts = [v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(1.0, 1.0), v(2.0, 2.0), v(0.0, 2.0), v(0.0, 2.0)];
        let h = ConvexPolygon::from_hull(&pts).unwrap();
        assert_eq!(h.vertices(), &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]);
        assert!(ConvexPolygon::from_hull(&[v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0)]).is_err());
        // -0.0 is 0.0: the hull starts at the lowest of the leftmost points, (0, -1).
        let h = ConvexPolygon::from_hull(&[v(0.0, -1.0), v(1.0, 0.0), v(-0.0, 0.0)]).unwrap();
        assert_eq!(h.vertices(), &[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 0.0)]);
    }

    #[test]
    fn hull_of_three_points_is_their_triangle_and_errors_say_why_there_is_none() {
        // Exactly three corners is a hull, not too few.
        let tri = ConvexPolygon::from_hull(&[v(0.0, 1.0), v(0.0, 0.0), v(1.0, 0.0)]).unwrap();
        assert_eq!(tri.vertices(), &[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]);
        let e = ConvexPolygon::from_hull(&[v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0), v(1.0, 1.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::Collinear { count: 3, .. }), "{e}");
        let e = ConvexPolygon::from_hull(&[v(0.0, 0.0), v(1.0, 1.0), v(0.0, 0.0)]).unwrap_err();
        assert!(matches!(e, ShapeError::TooFewVertices { found: 2, needed: 3, .. }), "{e}");
        // A NaN is named where it is: the span check alone would not see it (min and max skip NaN).
        let e = ConvexPolygon::from_hull(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, f32::NAN), v(0.0, 1.0)]).unwrap_err();
        assert!(matches!(&e, ShapeError::NonFinite { field, .. } if field == "point 2.y"), "{e}");
    }

    #[test]
    fn regular_polygon_has_the_requested_sides_and_area() {
        let hex = ConvexPolygon::regular(6, Vec2::ZERO, 1.0, 0.0).unwrap();
        assert_eq!(hex.vertices().len(), 6);
        assert!((hex.area() - 1.5 * 3f32.sqrt()).abs() < 1e-5);
        assert!(ConvexPolygon::regular(2, Vec2::ZERO, 1.0, 0.0).is_err());
        // The limit in the message is the constant.
        let e = ConvexPolygon::regular(ConvexPolygon::MAX_SIDES + 1, Vec2::ZERO, 1.0, 0.0).unwrap_err();
        assert!(e.to_string().contains(&format!("at most {}", ConvexPolygon::MAX_SIDES)), "{e}");
        assert!(ConvexPolygon::regular(ConvexPolygon::MAX_SIDES, Vec2::ZERO, 1.0, 0.3).is_ok());
    }

    #[test]
    fn regular_vertices_start_at_the_rotation_and_go_counter_clockwise() {
        let (center, radius, rotation) = (v(2.0, -1.0), 3.0, 0.3);
        let tri = ConvexPolygon::regular(3, center, radius, rotation).unwrap();
        assert_eq!(tri.vertices().len(), 3);
        for (i, p) in tri.vertices().iter().enumerate() {
            let angle = rotation + i as f32 * std::f32::consts::TAU / 3.0;
            assert!((*p - center - radius * Vec2::from_angle(angle)).length() < 1e-5, "vertex {i}: {p}");
        }
        // A circle whose bounds are wider than f32 reaches: the radius is named, not the vertices.
        let e = ConvexPolygon::regular(4, Vec2::ZERO, 2e38, 0.0).unwrap_err();
        assert!(matches!(e, ShapeError::BadSize { field: "radius", .. }), "{e}");
    }

    #[test]
    fn vertices_spanning_more_than_f32_are_refused_with_the_span() {
        let e = ConvexPolygon::new(&[v(-3e38, 1.0), v(3e38, 1.0), v(0.0, 2.0)]).unwrap_err();
        assert!(
            matches!(e, ShapeError::BadSize { field: "span of the vertices", value, .. } if value == f32::INFINITY),
            "{e}"
        );
    }

    #[test]
    fn the_centroid_is_the_centre_of_area_not_the_mean_of_the_vertices() {
        // Two triangles from (1,1): areas 4.5 and 13.5, centres (3,2) and (2,5). The vertices'
        // mean would be (2.5, 4).
        let kite = ConvexPolygon::new(&[v(1.0, 1.0), v(4.0, 1.0), v(4.0, 4.0), v(1.0, 10.0)]).unwrap();
        assert!((kite.centroid() - v(2.25, 4.25)).length() < 1e-5, "{}", kite.centroid());
        // A box 1e38 long and 1e-30 across, turned: its corners round onto one line, so the area
        // is zero and the centre of area is undefined. The centroid is then the corners' mean,
        // still the box's centre.
        let sliver = crate::Obb::new(v(1e37, -2e37), v(1e38, 1e-30), 0.3).unwrap().to_polygon();
        let c = sliver.centroid();
        assert!((c - v(1e37, -2e37)).abs().max_element() < 1e33, "{c}");
    }

    #[test]
    fn mirrored_polygon_is_rewound() {
        let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap();
        let Shape::ConvexPolygon(m) = tri.transformed(&Transform::from_scale(v(-1.0, 1.0))).unwrap() else { panic!() };
        assert!(m.area() > 0.0);
        assert!(m.vertices().contains(&v(-1.0, 0.0)));
    }

    /// Points on a small grid, many of them on the axes, each zero coordinate given a random
    /// sign: `-0.0` and `0.0` are one coordinate, so the signs must not change the hull.
    fn points_with_signed_zeros() -> impl proptest::strategy::Strategy<Value = (Vec<Vec2>, Vec<Vec2>)> {
        use proptest::prelude::*;
        proptest::collection::vec((-2i8..=2, -2i8..=2, any::<bool>(), any::<bool>()), 3..12).prop_map(|cells| {
            let signed = |c: i8, negative: bool| if c == 0 && negative { -0.0 } else { f32::from(c) };
            let plain = cells.iter().map(|&(x, y, _, _)| v(f32::from(x), f32::from(y))).collect();
            let signed = cells.iter().map(|&(x, y, sx, sy)| v(signed(x, sx), signed(y, sy))).collect();
            (plain, signed)
        })
    }

    proptest::proptest! {
        #[test]
        fn the_sign_of_a_zero_does_not_change_the_hull((plain, signed) in points_with_signed_zeros()) {
            match (ConvexPolygon::from_hull(&plain), ConvexPolygon::from_hull(&signed)) {
                (Ok(expected), Ok(got)) => {
                    // Vec2's == takes -0.0 for 0.0; both hulls start at the lowest-leftmost corner.
                    proptest::prop_assert_eq!(expected.vertices(), got.vertices());
                    // The hull's outline with every zero made -0.0 builds the same polygon.
                    let negative_zeros = |c: f32| if c == 0.0 { -0.0 } else { c };
                    let outline: Vec<Vec2> =
                        expected.vertices().iter().map(|p| v(negative_zeros(p.x), negative_zeros(p.y))).collect();
                    let rebuilt = ConvexPolygon::new(&outline).unwrap();
                    proptest::prop_assert_eq!(rebuilt.vertices(), expected.vertices());
                }
                (expected, got) => proptest::prop_assert_eq!(expected.err(), got.err()),
            }
        }
    }
}
