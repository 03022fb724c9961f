//! Box manifolds against Box2D's reference-face clipping, worked from scratch in f64.

use super::*;

/// One box in f64, from the shape as stored: centre, half extents and its two axes.
struct BoxF64 {
    center: glam::DVec2,
    half: [f64; 2],
    axis: [glam::DVec2; 2],
}

impl BoxF64 {
    fn of(b: &collide2d::Obb) -> Self {
        let (u, v) = b.axes();
        let h = b.half_extents().as_dvec2();
        Self { center: b.center().as_dvec2(), half: [h.x, h.y], axis: [u.as_dvec2(), v.as_dvec2()] }
    }

    /// Half its width across `n`.
    fn reach(&self, n: glam::DVec2) -> f64 {
        self.half[0] * self.axis[0].dot(n).abs() + self.half[1] * self.axis[1].dot(n).abs()
    }
}

/// The oracle's manifold: (normal, depth, [(point_a, point_b, depth)]), or why the case sits too
/// near a choice (of reference face, incident face, or kept end) for f32 to be held to one side.
type OracleManifold = (glam::DVec2, f64, Vec<(glam::DVec2, glam::DVec2, f64)>);

/// Box2D's reference-face clipping, worked from scratch in f64: the reference box's face of least
/// overlap (`a`'s unless `b`'s is better by the relative 1e-5 the crate documents), the incident
/// box's face most opposed to it, cut to the reference face's width, keeping the ends below it.
fn box_manifold_oracle(a: &BoxF64, b: &BoxF64, tol: f64) -> Result<OracleManifold, &'static str> {
    let d = b.center - a.center;
    let overlap = |n: glam::DVec2| a.reach(n) + b.reach(n) - d.dot(n).abs();
    let ov = [overlap(a.axis[0]), overlap(a.axis[1]), overlap(b.axis[0]), overlap(b.axis[1])];
    if ov.iter().any(|&o| o < tol) {
        return Err("apart or touching");
    }
    let pick = |x: f64, y: f64| if x <= y { (0, x) } else { (1, y) };
    let ((a_axis, a_depth), (b_axis, b_depth)) = (pick(ov[0], ov[1]), pick(ov[2], ov[3]));
    let bar = a_depth - 1e-5 * (a_depth + a.half[0].max(a.half[1]) + b.half[0].max(b.half[1]));
    // The bar sits 1e-5 of the sizes below a's depth, well clear of f32's rounding of the
    // depths (a few 1e-7 of the scene's size, which `tol` is 1e-4 of).
    if (b_depth - bar).abs() < tol * 0.02 {
        return Err("reference box tie");
    }
    let (reference, incident, axis, from_b) = if b_depth < bar { (b, a, b_axis, true) } else { (a, b, a_axis, false) };
    if (ov[axis + 2 * from_b as usize] - ov[1 - axis + 2 * from_b as usize]).abs() < tol {
        return Err("reference axis tie");
    }
    let depth = ov[axis + 2 * from_b as usize];
    let to_incident = incident.center - reference.center;
    let along = reference.axis[axis].dot(to_incident);
    if along.abs() < tol {
        return Err("centres level across the reference face");
    }
    let n = reference.axis[axis] * along.signum();
    let (t, face, extent) = (reference.axis[1 - axis], reference.half[axis], reference.half[1 - axis]);
    // The incident face: of the four outward normals, the most opposed to n.
    let mut faces: Vec<(f64, glam::DVec2, glam::DVec2)> = Vec::new();
    for k in 0..2 {
        for s in [-1.0, 1.0] {
            let m = incident.axis[k] * s;
            let mid = incident.center + m * incident.half[k];
            let side = incident.axis[1 - k] * incident.half[1 - k];
            faces.push((m.dot(n), mid - side, mid + side));
        }
    }
    faces.sort_by(|x, y| x.0.total_cmp(&y.0));
    if faces[1].0 - faces[0].0 < 1e-3 {
        return Err("two incident faces equally opposed");
    }
    let (_, p, q) = faces[0];
    // Cut [p, q] to |(x - reference centre)·t| ≤ extent.
    let (yp, yq) = ((p - reference.center).dot(t), (q - reference.center).dot(t));
    let (lo, hi) = (yp.min(yq).max(-extent), yp.max(yq).min(extent));
    if hi - lo < tol {
        return Err("the incident face meets the reference face's width at a point or not at all");
    }
    let at = |y: f64| p + (q - p) * ((y - yp) / (yq - yp));
    let ends = if (yq - yp).abs() < 1e-12 { [p, q] } else { [at(lo), at(hi)] };
    let mut points = Vec::new();
    for e in ends {
        let below = face - (e - reference.center).dot(n);
        if below.abs() < tol {
            return Err("an end on the reference face");
        }
        if below > 0.0 {
            let on_face = reference.center + n * face + t * (e - reference.center).dot(t);
            points.push(if from_b { (e, on_face, below) } else { (on_face, e, below) });
        }
    }
    if points.is_empty() {
        return Err("no end below the face");
    }
    Ok((if from_b { -n } else { n }, depth, points))
}

/// Two boxes near each other: any turn, or turns that put faces flat on each other (equal, a
/// quarter or half turn apart, or a hair off), which is where manifolds have two points.
fn box_pair() -> impl Strategy<Value = (collide2d::Obb, collide2d::Obb)> {
    let half = || (0.05f32..20.0, 0.05f32..20.0).prop_map(|(x, y)| Vec2::new(x, y));
    let turn = prop_oneof![
        Just(0.0f32),
        Just(std::f32::consts::FRAC_PI_2),
        Just(std::f32::consts::PI),
        Just(std::f32::consts::FRAC_PI_4),
        -1e-3f32..1e-3,
        -std::f32::consts::PI..std::f32::consts::PI,
    ];
    let angle_a = prop_oneof![Just(0.0f32), -std::f32::consts::PI..std::f32::consts::PI];
    (half(), half(), angle_a, turn, -50.0f32..50.0, -50.0f32..50.0, -1.0f32..1.0, -1.0f32..1.0).prop_map(
        |(ha, hb, angle, turn, cx, cy, fx, fy)| {
            let a = collide2d::Obb::new(Vec2::new(cx, cy), ha, angle).unwrap();
            let (u, v) = a.axes();
            // b's centre within about the sum of the two boxes' reaches along a's axes.
            let reach = ha + Vec2::splat(hb.length());
            let center = a.center() + u * fx * reach.x + v * fy * reach.y;
            (a, collide2d::Obb::new(center, hb, angle + turn).unwrap())
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn box_manifolds_match_reference_face_clipping_worked_in_f64((a, b) in box_pair()) {
        use collide2d::query::contact::{contact_aabb_obb, contact_obb_obb};
        let scale = [a.half_extents(), b.half_extents(), a.center(), b.center()]
            .iter()
            .map(|v| v.abs().max_element())
            .fold(1.0f32, f32::max) as f64;
        let tol = 1e-4 * scale;
        let Ok((normal, depth, points)) = box_manifold_oracle(&BoxF64::of(&a), &BoxF64::of(&b), tol) else {
            return Ok(());
        };
        let mut got = vec![contact_obb_obb(&a, &b)];
        if a.rotation() == 0.0 {
            let upright = collide2d::Aabb::from_center_half_extents(a.center(), a.half_extents()).unwrap();
            got.push(contact_aabb_obb(&upright, &b));
        }
        for c in got {
            let c = c.expect("the oracle finds them overlapping");
            prop_assert!((c.normal.as_dvec2() - normal).length() < 1e-5, "{:?}: normal {:?}", c, normal);
            prop_assert!((c.depth as f64 - depth).abs() < tol, "{:?}: depth {}", c, depth);
            prop_assert_eq!(c.points().len(), points.len(), "{:?}: {:?}", c, points);
            for &(pa, pb, pd) in &points {
                let matched = c.points().iter().any(|p| {
                    (p.point_a.as_dvec2() - pa).length() < tol
                        && (p.point_b.as_dvec2() - pb).length() < tol
                        && (p.depth as f64 - pd).abs() < tol
                });
                prop_assert!(matched, "{:?}: no point near {:?}, {:?}, {}", c, pa, pb, pd);
            }
        }
    }
}
