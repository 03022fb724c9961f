//! The plain value structs C sees (vectors, rotations, the small shapes, the tagged shape) and
//! their checked conversion to the library's types, on every call.

use collide2d::tiles::TileMap;
use collide2d::{Aabb, Capsule, Circle, ConvexPolygon, Obb, Polygon, Segment, Shape, ShapeRef, Vec2};

use crate::polygons::{c2d_ConvexPolygon, c2d_Polygon};
use crate::status::Error;
use crate::tiles::c2d_TileMap;

/// A 2D vector or point.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct c2d_Vec2 {
    pub x: f32,
    pub y: f32,
}

impl From<c2d_Vec2> for Vec2 {
    #[inline(always)]
    fn from(v: c2d_Vec2) -> Self {
        Vec2::new(v.x, v.y)
    }
}

impl From<Vec2> for c2d_Vec2 {
    #[inline(always)]
    fn from(v: Vec2) -> Self {
        Self { x: v.x, y: v.y }
    }
}

/// A rotation as the cosine and sine of its angle (a unit vector: the rotated x axis), as
/// Box2D's `b2Rot`. Make one with `c2d_make_rot`; one whose length is not 1 (within 1e-4) is
/// refused, and one within that is normalised.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Rot {
    pub c: f32,
    pub s: f32,
}

/// A segment from `a` to `b`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Segment {
    pub a: c2d_Vec2,
    pub b: c2d_Vec2,
}

/// An axis-aligned box from `min` to `max` (`min <= max` on both axes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Aabb {
    pub min: c2d_Vec2,
    pub max: c2d_Vec2,
}

/// A disc.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Circle {
    pub center: c2d_Vec2,
    pub radius: f32,
}

/// An oriented box: `half_extents` along its own axes around `center`, turned by `rotation`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Obb {
    pub center: c2d_Vec2,
    pub half_extents: c2d_Vec2,
    pub rotation: c2d_Rot,
}

/// The points within `radius` of the segment from `a` to `b`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct c2d_Capsule {
    pub a: c2d_Vec2,
    pub b: c2d_Vec2,
    pub radius: f32,
}

/// Which member of `c2d_ShapeData` a `c2d_Shape` holds: one of the `C2D_SHAPE_` constants.
pub type c2d_ShapeKind = u32;

/// A point (`data.point`).
pub const C2D_SHAPE_POINT: c2d_ShapeKind = 0;
/// A segment (`data.segment`).
pub const C2D_SHAPE_SEGMENT: c2d_ShapeKind = 1;
/// An axis-aligned box (`data.aabb`).
pub const C2D_SHAPE_AABB: c2d_ShapeKind = 2;
/// A disc (`data.circle`).
pub const C2D_SHAPE_CIRCLE: c2d_ShapeKind = 3;
/// An oriented box (`data.obb`).
pub const C2D_SHAPE_OBB: c2d_ShapeKind = 4;
/// A capsule (`data.capsule`).
pub const C2D_SHAPE_CAPSULE: c2d_ShapeKind = 5;
/// A convex polygon handle (`data.convex_polygon`), borrowed for the call.
pub const C2D_SHAPE_CONVEX_POLYGON: c2d_ShapeKind = 6;
/// A polygon handle, concave and with holes allowed (`data.polygon`), borrowed for the call.
pub const C2D_SHAPE_POLYGON: c2d_ShapeKind = 7;
/// A tile map handle (`data.tile_map`), borrowed for the call.
pub const C2D_SHAPE_TILE_MAP: c2d_ShapeKind = 8;

/// The shape itself, by kind.
#[repr(C)]
#[derive(Clone, Copy)]
pub union c2d_ShapeData {
    pub point: c2d_Vec2,
    pub segment: c2d_Segment,
    pub aabb: c2d_Aabb,
    pub circle: c2d_Circle,
    pub obb: c2d_Obb,
    pub capsule: c2d_Capsule,
    pub convex_polygon: *const c2d_ConvexPolygon,
    pub polygon: *const c2d_Polygon,
    pub tile_map: *const c2d_TileMap,
}

/// Any shape: `kind` says which member of `data` is set. Make one with the `c2d_shape_`
/// functions, or in C99 as `(c2d_Shape){C2D_SHAPE_CIRCLE, {.circle = {{0, 0}, 1}}}`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct c2d_Shape {
    pub kind: c2d_ShapeKind,
    pub data: c2d_ShapeData,
}

/// A shape checked and in the library's form: the small ones by value, the handles borrowed.
/// The 8-byte tag puts each shape's vectors at 8-byte boundaries, where the library's queries
/// read them whole right after this writes them (at 4-byte ones, each read stalled ~5 ns).
#[repr(u64)]
pub(crate) enum Checked<'a> {
    Point(Vec2),
    Segment(Segment),
    Aabb(Aabb),
    Circle(Circle),
    Obb(Obb),
    Capsule(Capsule),
    Convex(&'a ConvexPolygon),
    Polygon(&'a Polygon),
    TileMap(&'a TileMap),
}

impl Checked<'_> {
    /// The view the library's queries take.
    #[inline(always)]
    pub(crate) fn get(&self) -> ShapeRef<'_> {
        match self {
            Checked::Point(p) => ShapeRef::Point(*p),
            Checked::Segment(s) => ShapeRef::Segment(s),
            Checked::Aabb(s) => ShapeRef::Aabb(s),
            Checked::Circle(s) => ShapeRef::Circle(s),
            Checked::Obb(s) => ShapeRef::Obb(s),
            Checked::Capsule(s) => ShapeRef::Capsule(s),
            Checked::Convex(p) => ShapeRef::ConvexPolygon(p),
            Checked::Polygon(p) => ShapeRef::Polygon(p),
            Checked::TileMap(m) => ShapeRef::TileMap(m),
        }
    }

    /// The shape owned (a handle's polygon copied, a tile map's grid shared until either
    /// changes), for the world to keep.
    pub(crate) fn into_shape(self) -> Shape {
        self.get().to_shape()
    }
}

/// The cosine and sine of a rotation normalised, refused unless `c² + s²` is 1 within 1e-4
/// (as `Obb::from_axis` does for a box's).
pub(crate) fn unit(r: c2d_Rot) -> Result<(f32, f32), Error> {
    let length2 = r.c * r.c + r.s * r.s;
    let off = (length2 - 1.0).abs();
    // NaN fails too.
    if off.is_nan() || off > 1e-4 {
        return Err(Error::invalid_argument(format!(
            "rotation ({}, {}) is not a unit vector: make it with c2d_make_rot",
            r.c, r.s
        )));
    }
    let length = length2.sqrt();
    Ok((r.c / length, r.s / length))
}

/// The shape `s` points at, checked.
///
/// # Safety
/// `s` must be NULL or point at a valid `c2d_Shape`; a handle it names must be live (or NULL).
#[inline(always)]
pub(crate) unsafe fn checked<'a>(s: *const c2d_Shape, what: &str) -> Result<Checked<'a>, Error> {
    // SAFETY: the caller's contract.
    let s = unsafe { crate::status::arg(s, what)? };
    // SAFETY: each arm reads the member `kind` names; every member is plain data (floats or a
    // pointer), so any bits are a value, and a pointer is checked before use.
    unsafe {
        Ok(match s.kind {
            C2D_SHAPE_POINT => {
                let p = Vec2::from(s.data.point);
                if !p.is_finite() {
                    return Err(Error::invalid_shape(format!("{what}: point ({}, {}) is not finite", p.x, p.y)));
                }
                Checked::Point(p)
            }
            C2D_SHAPE_SEGMENT => Checked::Segment(Segment::new(s.data.segment.a.into(), s.data.segment.b.into())?),
            C2D_SHAPE_AABB => Checked::Aabb(Aabb::new(s.data.aabb.min.into(), s.data.aabb.max.into())?),
            C2D_SHAPE_CIRCLE => Checked::Circle(Circle::new(s.data.circle.center.into(), s.data.circle.radius)?),
            C2D_SHAPE_OBB => {
                // The rotation as it is given, a unit vector: no trigonometry per call.
                let o = s.data.obb;
                let axis = Vec2::new(o.rotation.c, o.rotation.s);
                Checked::Obb(
                    Obb::from_axis(o.center.into(), o.half_extents.into(), axis).map_err(|e| {
                        Error::invalid_shape(format!("{what}: {e} (make the rotation with c2d_make_rot)"))
                    })?,
                )
            }
            C2D_SHAPE_CAPSULE => {
                let c = s.data.capsule;
                Checked::Capsule(Capsule::new(c.a.into(), c.b.into(), c.radius)?)
            }
            C2D_SHAPE_CONVEX_POLYGON => {
                Checked::Convex(&crate::status::arg(s.data.convex_polygon, "the shape's convex_polygon")?.inner)
            }
            C2D_SHAPE_POLYGON => Checked::Polygon(&crate::status::arg(s.data.polygon, "the shape's polygon")?.inner),
            C2D_SHAPE_TILE_MAP => Checked::TileMap(&crate::status::arg(s.data.tile_map, "the shape's tile_map")?.inner),
            kind => return Err(Error::invalid_shape(format!("{what}: unknown shape kind {kind}"))),
        })
    }
}

/// The rotation by `radians` (counter-clockwise when y points up), the same bits on every
/// platform (the library's sine and cosine, not the C library's).
#[no_mangle]
pub extern "C" fn c2d_make_rot(radians: f32) -> c2d_Rot {
    let (s, c) = collide2d::math::sin_cos(radians);
    c2d_Rot { c, s }
}

/// A point as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_point(p: c2d_Vec2) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_POINT, data: c2d_ShapeData { point: p } }
}

/// A segment as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_segment(a: c2d_Vec2, b: c2d_Vec2) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_SEGMENT, data: c2d_ShapeData { segment: c2d_Segment { a, b } } }
}

/// An axis-aligned box as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_aabb(min: c2d_Vec2, max: c2d_Vec2) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_AABB, data: c2d_ShapeData { aabb: c2d_Aabb { min, max } } }
}

/// A disc as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_circle(center: c2d_Vec2, radius: f32) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_CIRCLE, data: c2d_ShapeData { circle: c2d_Circle { center, radius } } }
}

/// An oriented box turned by `radians` as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_obb(center: c2d_Vec2, half_extents: c2d_Vec2, radians: f32) -> c2d_Shape {
    let obb = c2d_Obb { center, half_extents, rotation: c2d_make_rot(radians) };
    c2d_Shape { kind: C2D_SHAPE_OBB, data: c2d_ShapeData { obb } }
}

/// A capsule as a shape.
#[no_mangle]
pub extern "C" fn c2d_shape_capsule(a: c2d_Vec2, b: c2d_Vec2, radius: f32) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_CAPSULE, data: c2d_ShapeData { capsule: c2d_Capsule { a, b, radius } } }
}

/// A convex polygon handle as a shape (borrowed by each call it is given to).
#[no_mangle]
pub extern "C" fn c2d_shape_convex_polygon(polygon: *const c2d_ConvexPolygon) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_CONVEX_POLYGON, data: c2d_ShapeData { convex_polygon: polygon } }
}

/// A polygon handle as a shape (borrowed by each call it is given to).
#[no_mangle]
pub extern "C" fn c2d_shape_polygon(polygon: *const c2d_Polygon) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_POLYGON, data: c2d_ShapeData { polygon } }
}

/// A tile map handle as a shape (borrowed by each call it is given to).
#[no_mangle]
pub extern "C" fn c2d_shape_tile_map(map: *const c2d_TileMap) -> c2d_Shape {
    c2d_Shape { kind: C2D_SHAPE_TILE_MAP, data: c2d_ShapeData { tile_map: map } }
}
