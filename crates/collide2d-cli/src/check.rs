//! `collide2d check`: which pairs collide, by the chosen detection method, with the exact
//! contact (depth, normal from the first collider to the second, points) where there is one.

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::tiered::{collide, Level, RectObject};
use collide2d::{contact, Aabb, Contact, Shape, ShapeLike, Transform};
use serde::Serialize;

use crate::error::CliError;
use crate::output::{fixed, printable};
use crate::scene::{Collider, Scene};

/// The default of `--max-contact-work`: two polygons of 500 vertices each.
pub const DEFAULT_MAX_CONTACT_WORK: u64 = 250_000;

/// How pairs are judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// The exact test for every shape pair.
    #[default]
    Exact,
    /// World bounding boxes overlap.
    BoundingBoxes,
    /// Bounding circles overlap.
    BoundingCircles,
    /// Tiered rectangle test, level 0: each collider's local bounds, transformed, as boxes.
    TieredAabb,
    /// Tiered level 1: bounding boxes, then a corner of one inside the other.
    TieredCorners,
    /// Tiered level 2: up to the separating axis test of the transformed local bounds.
    TieredSat,
}

impl Method {
    /// The name shown in reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::BoundingBoxes => "bounding boxes",
            Method::BoundingCircles => "bounding circles",
            Method::TieredAabb => "tiered, level 0 (boxes)",
            Method::TieredCorners => "tiered, level 1 (corners)",
            Method::TieredSat => "tiered, level 2 (SAT)",
        }
    }

    /// Whether the method judges `a` and `b` to collide.
    pub fn detect(self, a: &Collider, b: &Collider) -> bool {
        let tiered = |level| collide(&Rect(a), &Rect(b), level);
        match self {
            Method::Exact => Exact.detect(a.world.shape_ref(), b.world.shape_ref()),
            Method::BoundingBoxes => BoundingBoxes.detect(a.world.shape_ref(), b.world.shape_ref()),
            Method::BoundingCircles => BoundingCircles.detect(a.world.shape_ref(), b.world.shape_ref()),
            Method::TieredAabb => tiered(Level::Aabb),
            Method::TieredCorners => tiered(Level::Corners),
            Method::TieredSat => tiered(Level::Sat),
        }
    }
}

/// A collider seen by the tiered test: its local bounds placed by its transform.
struct Rect<'a>(&'a Collider);

impl RectObject for Rect<'_> {
    fn transform(&self) -> Transform {
        self.0.transform
    }
    fn local_bounds(&self) -> Aabb {
        self.0.local.aabb()
    }
}

/// One colliding pair.
#[derive(Clone, Debug, Serialize)]
pub struct PairReport {
    /// First collider's name.
    pub a: String,
    /// Second collider's name.
    pub b: String,
    /// Index of `a` in the scene.
    #[serde(skip)]
    pub ia: usize,
    /// Index of `b` in the scene.
    #[serde(skip)]
    pub ib: usize,
    /// The exact contact, when the shapes really touch (an approximate method may say they
    /// collide when they do not).
    pub contact: Option<ContactReport>,
}

/// The exact contact of a pair.
#[derive(Clone, Debug, Serialize)]
pub struct ContactReport {
    /// Penetration depth.
    pub depth: f32,
    /// Unit normal from `a` towards `b`: move `b` by `normal × depth` to separate them.
    pub normal: [f32; 2],
    /// Contact points (midway between the surfaces).
    pub points: Vec<[f32; 2]>,
    #[serde(skip)]
    pub value: Contact,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The scene's name (its path).
    pub scene: String,
    /// The method used.
    pub detector: &'static str,
    /// How many colliders.
    pub colliders: usize,
    /// How many pairs were judged.
    pub pairs_tested: usize,
    /// The colliding pairs, in scene order.
    pub colliding: Vec<PairReport>,
}

/// Vertices of a polygon, outline and holes (`None` for any other shape).
fn polygon_vertices(shape: &Shape) -> Option<u64> {
    match shape {
        Shape::Polygon(p) => Some((p.outline().len() + p.holes().iter().map(Vec::len).sum::<usize>()) as u64),
        _ => None,
    }
}

/// Refuses a pair whose exact tests would pass `limit` (0: none): two polygons whose vertex
/// counts multiply to more than it, when their bounding boxes overlap (otherwise the tests stop
/// at the boxes). Other pairs cost about linear time in their vertices.
fn within_work_limit(a: &Collider, b: &Collider, limit: u64, name: &str) -> Result<(), CliError> {
    let (Some(na), Some(nb)) = (polygon_vertices(&a.world), polygon_vertices(&b.world)) else { return Ok(()) };
    let work = na.saturating_mul(nb);
    if limit == 0 || work <= limit || a.world.aabb().intersection(&b.world.aabb()).is_none() {
        return Ok(());
    }
    Err(CliError::new(format!(
        "{name}: colliders \"{}\" and \"{}\": the exact contact of polygons of {na} and {nb} vertices \
         ({work} vertex pairs) is past the work limit of {limit} (--max-contact-work)",
        printable(&a.name),
        printable(&b.name)
    )))
}

/// Judges every pair of the scene, refusing pairs past `max_contact_work` (see
/// [`DEFAULT_MAX_CONTACT_WORK`]) before they start.
pub fn check(scene: &Scene, name: &str, method: Method, max_contact_work: u64) -> Result<Report, CliError> {
    let n = scene.colliders.len();
    let mut colliding = Vec::new();
    for ia in 0..n {
        for ib in ia + 1..n {
            let (a, b) = (&scene.colliders[ia], &scene.colliders[ib]);
            // The exact detector runs the costly test itself; the others only lead to it.
            if method == Method::Exact {
                within_work_limit(a, b, max_contact_work, name)?;
            }
            if method.detect(a, b) {
                within_work_limit(a, b, max_contact_work, name)?;
                let contact = contact(&a.world, &b.world).map(|c| ContactReport {
                    depth: c.depth,
                    normal: c.normal.to_array(),
                    points: c.points().iter().map(|p| p.midpoint().to_array()).collect(),
                    value: c,
                });
                colliding.push(PairReport { a: a.name.clone(), b: b.name.clone(), ia, ib, contact });
            }
        }
    }
    Ok(Report {
        scene: name.to_owned(),
        detector: method.name(),
        colliders: n,
        pairs_tested: n * n.saturating_sub(1) / 2,
        colliding,
    })
}

/// The report as a table for people (names with control characters escaped).
pub fn table(report: &Report) -> String {
    let scene = printable(&report.scene);
    let mut out = format!("scene: {scene} ({} colliders, detector: {})\n", report.colliders, report.detector);
    let names: Vec<(String, String)> = report.colliding.iter().map(|p| (printable(&p.a), printable(&p.b))).collect();
    let wa = names.iter().map(|(a, _)| a.chars().count()).max().unwrap_or(1).max(1);
    let wb = names.iter().map(|(_, b)| b.chars().count()).max().unwrap_or(1).max(1);
    if !report.colliding.is_empty() {
        out += &format!("{:<wa$}  {:<wb$}  {:>9}  {:>17}  contact points\n", "a", "b", "depth", "normal (a to b)");
    }
    for (p, (a, b)) in report.colliding.iter().zip(&names) {
        let (depth, normal, points) = match &p.contact {
            Some(c) => (
                fixed(c.depth, 4),
                format!("({:>6}, {:>6})", fixed(c.normal[0], 3), fixed(c.normal[1], 3)),
                c.points
                    .iter()
                    .map(|q| format!("({}, {})", fixed(q[0], 3), fixed(q[1], 3)))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            None => ("-".into(), "-".into(), "(shapes do not touch: the detector is approximate)".into()),
        };
        out += &format!("{a:<wa$}  {b:<wb$}  {depth:>9}  {normal:>17}  {points}\n");
    }
    out += &format!("{} colliding pairs of {}\n", report.colliding.len(), report.pairs_tested);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring (a 10 × 10 square outline around an 6 × 6 hole: 8 vertices) and a 2 × 2 square
    /// polygon (4 vertices) in its hole: their bounding boxes overlap, the shapes do not.
    fn square_in_a_ring() -> Scene {
        let json = r#"{"colliders": [
            {"name": "ring", "shape": {"kind": "polygon", "outline": [[0, 0], [10, 0], [10, 10], [0, 10]],
                "holes": [[[2, 2], [8, 2], [8, 8], [2, 8]]]}},
            {"name": "square", "shape": {"kind": "polygon", "outline": [[4, 4], [6, 4], [6, 6], [4, 6]]}}
        ]}"#;
        crate::scene::parse(json, "ring", std::path::Path::new(".")).unwrap()
    }

    #[test]
    fn the_work_limit_counts_holes_and_refuses_the_exact_test_before_it_runs() {
        let scene = square_in_a_ring();
        // 8 × 4 = 32 vertex pairs: the exact detector refuses the pair under a limit of 31 even
        // though the shapes do not collide (it would have to run the costly test to know), and
        // the message counts the ring's hole.
        let refused = check(&scene, "ring", Method::Exact, 31).unwrap_err().to_string();
        assert!(refused.contains("polygons of 8 and 4 vertices (32 vertex pairs)"), "{refused}");
        let report = check(&scene, "ring", Method::Exact, 32).unwrap();
        assert!(report.colliding.is_empty());
        // An approximate detector that finds the pair colliding (the boxes meet) leads to the
        // exact contact: refused likewise, and with no limit (0) reported colliding.
        assert!(check(&scene, "ring", Method::BoundingBoxes, 31).is_err());
        assert_eq!(check(&scene, "ring", Method::BoundingBoxes, 0).unwrap().colliding.len(), 1);
    }
}
