//! Concave push-out: the founding scenario's two wishes for concave hitboxes, the vector that
//! pushes two overlapping polygons apart and "is one inside the other". The guide's page
//! (docs/guide/pages/scenarios/push-out.md) shows this file's marked sections and the picture
//! it writes when given a folder: `push_out.png`.

use collide2d::prelude::*;
use collide2d::Polygon;
use collide2d_guide::{canvas, label, save};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let v = Vec2::new;
    // --8<-- [start:overlap]
    // y up. A cup (a U), and a plug, a T whose stem reaches down the cup's slot and half a unit
    // into its floor.
    let cup = Polygon::new(&[
        v(0.0, 0.0),
        v(8.0, 0.0),
        v(8.0, 5.0),
        v(6.0, 5.0),
        v(6.0, 2.0),
        v(2.0, 2.0),
        v(2.0, 5.0),
        v(0.0, 5.0),
    ])?;
    let plug = Polygon::new(&[
        v(4.5, 1.5),
        v(5.5, 1.5),
        v(5.5, 6.0),
        v(6.5, 6.0),
        v(6.5, 7.0),
        v(3.5, 7.0),
        v(3.5, 6.0),
        v(4.5, 6.0),
    ])?;

    // The minimum push-out: the shortest move of the plug that leaves the two only touching.
    let c = contact(&cup, &plug).expect("they overlap");
    println!("push the plug by ({:.2}, {:.2}): depth {:.2}", c.push_out_b().x, c.push_out_b().y, c.depth);
    assert!(c.is_exact() && (c.depth - 0.5).abs() < 1e-5 && (c.normal - v(0.0, 1.0)).length() < 1e-5);
    let pushed = plug.transformed(&Transform::from_translation(c.push_out_b()))?;
    assert!(intersects(&cup, &pushed) && contact(&cup, &pushed).is_none_or(|t| t.depth < 1e-5));

    // Their convex hulls would overlap far deeper: the stem is well inside the cup's hull.
    let hull = |p: &Polygon| ConvexPolygon::from_hull(p.outline());
    let rough = contact(&hull(&cup)?, &hull(&plug)?).expect("the hulls overlap");
    println!("their convex hulls would need {:.2}", rough.depth);
    assert!(rough.depth > 5.0 * c.depth);
    // --8<-- [end:overlap]

    // --8<-- [start:inside]
    // Inside means every point of the pebble is in the cup: in its wall, yes; in its slot, where
    // the hull would say yes, no.
    let in_wall = Circle::new(v(1.0, 3.0), 0.6)?;
    let in_slot = Circle::new(v(3.0, 3.8), 0.6)?;
    println!("pebble in the wall inside the cup: {}", contains(&cup, &in_wall));
    println!("pebble in the slot inside the cup: {}", contains(&cup, &in_slot));
    assert!(contains(&cup, &in_wall) && !contains(&cup, &in_slot) && contains(&hull(&cup)?, &in_slot));
    // --8<-- [end:inside]

    // --8<-- [start:picture]
    // The cup and the plug red (they overlap), the push-out arrow from the contact point, the
    // plug where the push leaves it (black outline), and the two pebbles.
    let mut picture = canvas(&Aabb::from_xywh(-0.5, -0.5, 13.0, 8.0)?, 520, 330, true)?;
    picture.shape(&cup.clone().into(), true);
    picture.shape(&plug.into(), true);
    picture.outline(&pushed.into(), [20, 20, 20, 255], 1.5);
    picture.contact(&c, true);
    picture.shape(&in_wall.into(), false);
    picture.shape(&in_slot.into(), false);
    label(&mut picture, v(6.8, 7.4), "pushed by the arrow", 1);
    label(&mut picture, v(8.4, 4.6), "pebble in the slot:", 1);
    label(&mut picture, v(8.4, 4.2), "not inside", 1);
    label(&mut picture, v(8.4, 3.4), "pebble in the wall:", 1);
    label(&mut picture, v(8.4, 3.0), "inside", 1);
    save(&picture, "push_out.png")?;
    // --8<-- [end:picture]
    Ok(())
}
