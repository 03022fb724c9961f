//! `collide2d check`: which pairs collide, by the chosen detection method, with the exact
//! contact (depth, normal from the first collider to the second, points) where there is one.

use collide2d::detector::{BoundingBoxes, BoundingCircles, Detector, Exact};
use collide2d::tiered::{collide, Level, RectObject};
use collide2d::{contact_with_budget, Aabb, Contact, ContactBudget, ShapeLike, Transform};
use serde::Serialize;

use crate::error::CliError;
use crate::output::{fixed, printable};
use crate::scene::{Collider, Scene};

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
    /// Whether `depth` is proven the shortest push (false when the contact budget ran out).
    pub exact: bool,
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
/// Judges every pair of the scene, each exact contact within `budget` (a pair cut short is
/// reported with `exact` false, its push separating the pair all the same).
pub fn check(scene: &Scene, name: &str, method: Method, budget: ContactBudget) -> Result<Report, CliError> {
    let n = scene.colliders.len();
    let mut colliding = Vec::new();
    for ia in 0..n {
        for ib in ia + 1..n {
            let (a, b) = (&scene.colliders[ia], &scene.colliders[ib]);
            if method.detect(a, b) {
                let contact = contact_with_budget(&a.world, &b.world, budget).map(|c| ContactReport {
                    depth: c.depth,
                    exact: c.is_exact(),
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
        let note = if p.contact.as_ref().is_some_and(|c| !c.exact) { "  (not proven shortest)" } else { "" };
        out += &format!("{a:<wa$}  {b:<wb$}  {depth:>9}  {normal:>17}  {points}{note}\n");
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
    fn a_pair_the_budget_cuts_short_is_reported_colliding_and_not_exact() {
        let scene = square_in_a_ring();
        // Apart (the square sits in the ring's hole): nothing to cut, whatever the budget.
        let one = ContactBudget::from_units(1);
        assert!(check(&scene, "ring", Method::Exact, one).unwrap().colliding.is_empty());
        // The boxes meet, so the bounding-box detector leads to the contact: None (they do not
        // touch), not a made-up push.
        let report = check(&scene, "ring", Method::BoundingBoxes, one).unwrap();
        assert!(report.colliding.len() == 1 && report.colliding[0].contact.is_none());
        // The square moved onto the ring's side: exact within the default, flagged under 1 unit.
        let mut scene = scene;
        scene.colliders[1].world =
            scene.colliders[1].world.transformed(&Transform::from_translation(collide2d::Vec2::new(3.5, 0.0))).unwrap();
        let exact = check(&scene, "ring", Method::Exact, ContactBudget::DEFAULT).unwrap();
        assert!(exact.colliding[0].contact.as_ref().is_some_and(|c| c.exact));
        let cut = check(&scene, "ring", Method::Exact, one).unwrap();
        let c = cut.colliding[0].contact.as_ref().unwrap();
        assert!(!c.exact && c.depth >= exact.colliding[0].contact.as_ref().unwrap().depth);
        assert!(table(&cut).contains("(not proven shortest)") && !table(&exact).contains("not proven"));
    }
}
