//! The `serde` feature: every serializable type survives a round trip, and bad data is refused
//! with the library's own message instead of making an invalid shape.

use collide2d::{
    Aabb, Capsule, Circle, CollisionFilter, Contact, ConvexPolygon, Interval, Obb, Polygon, Segment, Shape, Transform,
    Vec2,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Writes `value` as JSON and reads it back, checking that nothing changed.
fn json_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text} reads back: {e}"));
    assert_eq!(&back, value, "{text}");
    text
}

/// The message of the error that reading `text` as a `T` gives.
fn json_error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<T>(text).expect_err(text).to_string()
}

fn square_with_hole() -> Polygon {
    Polygon::with_holes(
        &[v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(0.0, 4.0)],
        &[vec![v(1.0, 1.0), v(3.0, 1.0), v(3.0, 3.0), v(1.0, 3.0)]],
    )
    .unwrap()
}

#[test]
fn every_shape_round_trips_through_json() {
    let shapes: Vec<Shape> = vec![
        Shape::Point(v(1.0, -2.0)),
        Segment::new(v(0.0, 0.0), v(3.0, 1.0)).unwrap().into(),
        Aabb::from_xywh(1.0, 2.0, 3.0, 4.0).unwrap().into(),
        Circle::new(v(0.5, 0.25), 2.0).unwrap().into(),
        Obb::new(v(1.0, 1.0), v(2.0, 0.5), 0.7).unwrap().into(),
        Capsule::new(v(0.0, 0.0), v(0.0, 3.0), 0.5).unwrap().into(),
        ConvexPolygon::regular(6, v(1.0, 1.0), 2.0, 0.1).unwrap().into(),
        square_with_hole().into(),
    ];
    for shape in &shapes {
        json_round_trip(shape);
    }
    // Each type also stands alone, without the enum's tag.
    let text = json_round_trip(&Circle::new(v(0.5, 0.25), 2.0).unwrap());
    assert_eq!(text, r#"{"center":[0.5,0.25],"radius":2.0}"#);
    json_round_trip(&Aabb::from_xywh(1.0, 2.0, 3.0, 4.0).unwrap());
    json_round_trip(&Segment::new(v(0.0, 0.0), v(3.0, 1.0)).unwrap());
    json_round_trip(&Capsule::new(v(0.0, 0.0), v(0.0, 3.0), 0.5).unwrap());
    json_round_trip(&ConvexPolygon::regular(5, v(0.0, 0.0), 1.0, 0.0).unwrap());
    json_round_trip(&square_with_hole());
}

#[test]
fn derived_data_is_left_out_and_rebuilt_on_load() {
    // An oriented box is written without its axis, and has it again once read back.
    let obb = Obb::new(v(1.0, 1.0), v(2.0, 0.5), 0.7).unwrap();
    let text = json_round_trip(&obb);
    assert_eq!(text, r#"{"center":[1.0,1.0],"half_extents":[2.0,0.5],"rotation":0.7}"#);
    let back: Obb = serde_json::from_str(&text).unwrap();
    assert_eq!(back.axes(), obb.axes());
    // A box made from its axis is written with the axis's angle.
    let turned = Obb::from_axis(v(0.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)).unwrap();
    let text = serde_json::to_string(&turned).unwrap();
    assert_eq!(
        text,
        format!(r#"{{"center":[0.0,0.0],"half_extents":[1.0,1.0],"rotation":{}}}"#, std::f32::consts::FRAC_PI_2)
    );
    let back: Obb = serde_json::from_str(&text).unwrap();
    assert!((back.axes().0 - turned.axes().0).length() < 1e-6);

    // A convex polygon is its vertices; its normals come back.
    let tri = ConvexPolygon::new(&[v(0.0, 0.0), v(2.0, 0.0), v(0.0, 2.0)]).unwrap();
    let text = json_round_trip(&tri);
    assert_eq!(text, r#"{"vertices":[[0.0,0.0],[2.0,0.0],[0.0,2.0]]}"#);
    let back: ConvexPolygon = serde_json::from_str(&text).unwrap();
    assert_eq!(back.normals(), tri.normals());

    // A polygon is its outline and holes; its pieces, area and bounds are built again.
    let frame = square_with_hole();
    let text = json_round_trip(&frame);
    assert!(text.starts_with(r#"{"outline":"#) && text.contains(r#""holes":"#), "{text}");
    let back: Polygon = serde_json::from_str(&text).unwrap();
    assert_eq!(back.area(), 12.0);
    assert_eq!(back.aabb(), frame.aabb());
    assert_eq!(back.convex_parts().len(), frame.convex_parts().len());
    assert!(!back.contains_point(v(2.0, 2.0)));
    // Holes may be left out.
    let plain: Polygon = serde_json::from_str(r#"{"outline":[[0,0],[1,0],[0,1]]}"#).unwrap();
    assert_eq!(plain.area(), 0.5);
}

#[test]
fn transforms_intervals_contacts_and_filters_round_trip() {
    let t = Transform::from_parts(v(10.0, 5.0), 0.3, v(2.0, 0.5), v(1.0, 1.0));
    json_round_trip(&t);
    json_round_trip(&Transform::IDENTITY);
    json_round_trip(&Interval::new(3.0, -1.0));
    json_round_trip(&CollisionFilter::new(0b01, 0b10));
    json_round_trip(&CollisionFilter::ALL);

    let a = Aabb::from_xywh(0.0, 0.0, 2.0, 2.0).unwrap();
    let b = Aabb::from_xywh(1.5, 0.0, 2.0, 2.0).unwrap();
    let two_points = collide2d::contact(&a, &b).unwrap();
    assert_eq!(two_points.points().len(), 2);
    json_round_trip(&two_points);
    let one_point =
        collide2d::contact(&Circle::new(v(0.0, 0.0), 1.0).unwrap(), &Circle::new(v(1.5, 0.0), 1.0).unwrap());
    let text = json_round_trip(&one_point.unwrap());
    let back: Contact = serde_json::from_str(&text).unwrap();
    assert_eq!(back.points().len(), 1);
}

#[test]
fn contacts_no_query_could_give_are_refused() {
    let says = |error: String, what: &str| assert!(error.contains(what), "{error:?} should say {what:?}");
    let point = r#"{"point_a":[0,0],"point_b":[0,0],"depth":0.5}"#;
    let contact = |normal: &str, depth: &str, points: &str| {
        format!(r#"{{"normal":{normal},"depth":{depth},"points":[{points}]}}"#)
    };
    assert!(serde_json::from_str::<Contact>(&contact("[1,0]", "0.5", point)).is_ok());
    says(json_error::<Contact>(&contact("[0,0]", "0.5", point)), "unit vector");
    says(json_error::<Contact>(&contact("[2,0]", "0.5", point)), "unit vector");
    says(json_error::<Contact>(&contact("[1,0]", "-1", point)), "at least 0");
    says(json_error::<Contact>(&contact("[1,0]", "0.5", "")), "one or two points");
    says(json_error::<Contact>(&contact("[1,0]", "0.5", &[point; 3].join(","))), "one or two points");
}

#[test]
fn invalid_shapes_are_refused_with_the_constructors_message() {
    let says = |error: String, what: &str| assert!(error.contains(what), "{error:?} should say {what:?}");
    says(json_error::<Circle>(r#"{"center":[0,0],"radius":-1}"#), "Circle: radius must be positive, got -1");
    says(json_error::<Capsule>(r#"{"a":[0,0],"b":[1,0],"radius":0}"#), "Capsule: radius must be positive");
    says(json_error::<Aabb>(r#"{"min":[2,0],"max":[1,1]}"#), "Aabb: width (max.x - min.x) must be zero or more");
    says(
        json_error::<Obb>(r#"{"center":[0,0],"half_extents":[1,-1],"rotation":0}"#),
        "Obb: half extent y must be positive, got -1",
    );
    says(json_error::<Segment>(r#"{"a":[1,1],"b":[1,1]}"#), "Segment: needs at least 2 distinct vertices");
    // A number past f32's range reads as infinity, which the constructor refuses.
    says(json_error::<Circle>(r#"{"center":[1e39,0],"radius":1}"#), "Circle: center.x is not finite");
    // Not convex: the inward corner is named.
    says(
        json_error::<ConvexPolygon>(r#"{"vertices":[[0,0],[4,0],[1,1],[0,4]]}"#),
        "ConvexPolygon: not convex at vertex 2",
    );
    says(
        json_error::<ConvexPolygon>(r#"{"vertices":[[0,0],[1,1],[2,2]]}"#),
        "ConvexPolygon: all 3 vertices lie on one line",
    );
    // A bow tie crosses itself.
    says(
        json_error::<Polygon>(r#"{"outline":[[0,0],[2,2],[2,0],[0,2]]}"#),
        "Polygon: outline edge 0 (from vertex 0) touches or crosses outline edge 2",
    );
    // A hole outside the outline.
    says(
        json_error::<Polygon>(r#"{"outline":[[0,0],[1,0],[1,1],[0,1]],"holes":[[[5,5],[6,5],[6,6]]]}"#),
        "Polygon: hole 0 lies outside the outline",
    );
    // Inside the enum too.
    says(json_error::<Shape>(r#"{"Circle":{"center":[0,0],"radius":-2}}"#), "Circle: radius must be positive");
    // A misspelt field is named rather than silently ignored.
    says(json_error::<Circle>(r#"{"centre":[0,0],"radius":1}"#), "unknown field `centre`");
}

#[test]
fn either_winding_loads_and_is_normalised_as_in_code() {
    // The constructors accept either winding and store counter-clockwise (y up); loading does
    // the same, so clockwise data is not an error.
    let clockwise: ConvexPolygon = serde_json::from_str(r#"{"vertices":[[0,0],[0,1],[1,0]]}"#).unwrap();
    assert_eq!(clockwise, ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 0.0)]).unwrap());
    assert_eq!(clockwise.vertices()[0], v(1.0, 0.0));
    let clockwise: Polygon = serde_json::from_str(r#"{"outline":[[0,0],[0,4],[4,4],[4,0]]}"#).unwrap();
    assert_eq!(clockwise.area(), 16.0);
}

#[test]
fn not_a_number_is_refused_in_a_format_that_can_hold_it() {
    // JSON has no NaN, so this writes a circle with a NaN radius in CBOR, which does.
    #[derive(Serialize)]
    struct RawCircle {
        center: [f32; 2],
        radius: f32,
    }
    let mut bytes = Vec::new();
    ciborium::into_writer(&RawCircle { center: [0.0, 0.0], radius: f32::NAN }, &mut bytes).unwrap();
    let error = ciborium::from_reader::<Circle, _>(bytes.as_slice()).unwrap_err().to_string();
    assert!(error.contains("Circle: radius is not finite (NaN)"), "{error}");

    let mut bytes = Vec::new();
    ciborium::into_writer(&RawCircle { center: [f32::NAN, 0.0], radius: 1.0 }, &mut bytes).unwrap();
    let error = ciborium::from_reader::<Circle, _>(bytes.as_slice()).unwrap_err().to_string();
    assert!(error.contains("Circle: center.x is not finite (NaN)"), "{error}");

    // And every shape survives CBOR as well as JSON.
    let shape: Shape = square_with_hole().into();
    let mut bytes = Vec::new();
    ciborium::into_writer(&shape, &mut bytes).unwrap();
    assert_eq!(ciborium::from_reader::<Shape, _>(bytes.as_slice()).unwrap(), shape);
}
