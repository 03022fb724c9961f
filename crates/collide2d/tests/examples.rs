//! The examples' tables, checked: they must show what they claim to.

#[path = "../examples/shapes.rs"]
#[allow(dead_code)]
mod shapes;

use collide2d::contains;

#[test]
fn the_shapes_tour_shows_containment_both_ways() {
    // Its "a ⊇ b" column was empty on every row: no listed pair had its first shape holding the
    // second, and the other way round was never asked.
    let tour = shapes::tour_shapes().unwrap();
    let rows = shapes::rows(&tour);
    assert!(rows.iter().any(|r| r.3 == "a ⊇ b"), "{rows:?}");
    assert!(rows.iter().any(|r| r.3 == "b ⊇ a"), "{rows:?}");
    // Every row says what `contains` says, and a shape that holds another also meets it.
    let holds = |x: &str, y: &str| {
        let shape = |name: &str| &tour.iter().find(|(n, _)| *n == name).unwrap().1;
        contains(shape(x), shape(y))
    };
    for (na, nb, hit, inside, _) in &rows {
        assert_eq!(matches!(*inside, "a ⊇ b" | "both"), holds(na, nb), "{na} {nb}");
        assert_eq!(matches!(*inside, "b ⊇ a" | "both"), holds(nb, na), "{na} {nb}");
        assert!(inside.is_empty() || *hit, "{na} {nb}");
    }
}
