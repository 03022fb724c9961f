use collide2d::*;
use glam::{Affine2, Mat2};
fn main() {
    let v = |x: f32, y: f32| Vec2::new(x, y);
    let ring = [
        v(13.25, 2.0),
        v(42.087673, 11.572627),
        v(12.10456, 6.647232),
        v(33.19043, 28.524906),
        v(8.930647, 10.229838),
        v(17.434195, 39.40065),
        v(4.455367, 11.927089),
        v(-1.5714712, 41.708355),
        v(-0.2960496, 11.3501625),
        v(-19.472588, 34.919357),
        v(-4.235108, 8.631227),
        v(-32.168243, 20.588923),
        v(-6.4594183, 4.393157),
        v(-36.75, 1.9999965),
        v(-6.4594173, -0.39315844),
        v(-32.16824, -16.588928),
        v(-4.2351065, -4.6312275),
        v(-19.472584, -30.919357),
        v(-0.29605007, -7.3501625),
        v(-1.5714684, -37.708355),
        v(4.4553676, -7.9270887),
        v(17.434202, -35.40065),
        v(8.930649, -6.2298374),
        v(33.190426, -24.52491),
        v(12.10456, -2.647232),
        v(42.087673, -7.5726233),
    ];
    let src = Polygon::new(&ring).unwrap();
    let t = Transform::from_affine(Affine2::from_mat2_translation(
        Mat2::from_cols(v(1.1399402e-38, -2.869203e-39), v(506.81174, 2013.5726)),
        v(-6.0428065e-5, -0.0002400337),
    ));
    let a = match src.transformed(&t) {
        Ok(a) => a,
        Err(e) => {
            println!("refused: {e}");
            return;
        }
    };
    let b = Vec2::ZERO;
    println!("intersects {} distance {} closest {:?}", intersects(&a, &b), distance(&a, &b), closest_points(&a, &b));
    println!("contact {:?}", contact(&a, &b));
    println!("deepest {:?}", contact_deepest_piece_pair(&a, &b));
    for (i, part) in a.convex_parts().iter().enumerate() {
        if intersects(part, &b) {
            println!("part {i} {:?} intersects; contact {:?}", part.vertices(), contact(part, &b));
        }
    }
    println!("{} parts; area {}", a.convex_parts().len(), a.area());
    let o = a.outline();
    let mut best = (f32::INFINITY, 0);
    for i in 0..o.len() {
        let s = Segment::new(o[i], o[(i + 1) % o.len()]).unwrap();
        let d = distance(&s, &b);
        if d < best.0 {
            best = (d, i);
        }
    }
    println!("brute force outline distance {:?} edge {:?}->{:?}", best, o[best.1], o[(best.1 + 1) % o.len()]);
    let rebuilt = Polygon::new(o);
    println!("rebuild: {:?}", rebuilt.as_ref().err());
    let Ok(rebuilt) = rebuilt else { return };
    println!(
        "rebuilt: intersects {} distance {} area {}",
        intersects(&rebuilt, &b),
        distance(&rebuilt, &b),
        rebuilt.area()
    );
}
