"""2D collision detection for games, in Rust: exact overlap, containment, contact (normal, depth,
points, push-out), distance, ray and shape casts for boxes, circles, capsules, segments, convex
and concave polygons with holes and tile maps; sprite tracing; pixel masks; and a broad-phase
world.

Vectors come out as tuples of two floats and go in as anything with two numbers (tuples, lists,
pygame.Vector2, numpy arrays). Invalid input raises ValueError with the library's own message.
"""

import os
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    SupportsFloat,
    Tuple,
    Union,
    final,
    overload,
)

__all__ = [
    "Aabb",
    "Circle",
    "Obb",
    "Capsule",
    "Segment",
    "ConvexPolygon",
    "Polygon",
    "TileMap",
    "Transform",
    "ContactPoint",
    "Contact",
    "RayHit",
    "ClosestPoints",
    "ShapeCastHit",
    "intersects",
    "contains",
    "contact",
    "contact_deepest_piece_pair",
    "distance",
    "closest_points",
    "cast_ray",
    "closest_point",
    "signed_distance",
    "cast_shape",
    "sweep",
    "intersects_pairs",
    "contact_pairs",
    "Level",
    "collide",
    "collide_verdict",
    "Detector",
    "trace",
    "trace_file",
    "Bitmask",
    "CollisionFilter",
    "Handle",
    "ContactEvent",
    "StepEvents",
    "MoveResult",
    "ContactMethod",
    "World",
    "CharacterController",
    "LevelMap",
    "LevelObject",
    "TiledLevel",
    "Entity",
    "LdtkLevel",
    "load_tiled",
    "load_ldtk",
    "_unpickle",
]

_Vec = Tuple[float, float]
_VecLike = Union[Sequence[SupportsFloat], Any]
"""Anything with two numbers: a tuple, a list, a pygame.Vector2, a numpy array."""
_Shape = Union["Aabb", "Circle", "Obb", "Capsule", "Segment", "ConvexPolygon", "Polygon", "TileMap"]
_TileShape = Union[Literal["solid", "empty"], Sequence[_VecLike]]
"""A tile's shape: "solid" (the whole cell), "empty", or a convex part of the cell as (x, y)
fractions of it ((0, 0) the corner of least x and y, (1, 1) the opposite one)."""

class _Rect(Protocol):
    """A rectangle as pygame gives it (Rect, FRect): top-left corner and size, y down."""
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def w(self) -> float: ...
    @property
    def h(self) -> float: ...

_ShapeOrPoint = Union[_Shape, _Rect, _VecLike]
_Detail = Union[str, float]
""""exact", "optimal" (1 % area), "more" (7.5 %), "less" (15 %), or a fraction in [0, 1)."""

class _ShapeBase:
    def aabb(self) -> Aabb:
        """The axis-aligned bounding box."""
    def transformed(self, transform: Transform) -> Union[_Shape, _Vec]:
        """This shape placed by `transform`: the shape it becomes in world space. Raises
        ValueError when that cannot be represented exactly (a circle under uneven scale) or the
        transform is not finite or flattens space."""
    def __reduce__(self) -> Any: ...

@final
class Aabb(_ShapeBase):
    """An axis-aligned box from corner `min` to corner `max` (closed; may have zero width or height)."""
    @overload
    def __new__(cls, min: _VecLike, max: _VecLike) -> Aabb: ...
    @overload
    def __new__(cls, min: _Rect, max: None = None) -> Aabb:
        """The box of a pygame Rect or FRect (anything with x, y, w, h)."""
    @staticmethod
    def from_xywh(x: float, y: float, width: float, height: float) -> Aabb:
        """The box at (x, y) (top-left with y down) with a width and height."""
    @staticmethod
    def from_center(center: _VecLike, half_extents: _VecLike) -> Aabb:
        """The box around `center` reaching `half_extents` to each side."""
    @staticmethod
    def from_points(points: Iterable[_VecLike]) -> Aabb:
        """The smallest box holding every point."""
    @property
    def min(self) -> _Vec:
        """The lower corner (smallest x and y)."""
    @property
    def max(self) -> _Vec:
        """The upper corner (largest x and y)."""
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    @property
    def center(self) -> _Vec: ...
    @property
    def half_extents(self) -> _Vec: ...
    def corners(self) -> List[_Vec]:
        """The four corners, starting at `min`, counter-clockwise with y up."""
    def intersection(self, other: Aabb) -> Optional[Aabb]:
        """The overlap of two boxes, or None when they do not touch."""
    def union(self, other: Aabb) -> Aabb:
        """The smallest box holding both."""

@final
class Circle(_ShapeBase):
    """A disc: every point within `radius` of `center`."""
    def __new__(cls, center: _VecLike, radius: float) -> Circle: ...
    @property
    def center(self) -> _Vec: ...
    @property
    def radius(self) -> float: ...

@final
class Obb(_ShapeBase):
    """An oriented rectangle: half extents around a center, turned by `rotation` radians."""
    def __new__(cls, center: _VecLike, half_extents: _VecLike, rotation: float = 0.0) -> Obb: ...
    @property
    def center(self) -> _Vec: ...
    @property
    def half_extents(self) -> _Vec: ...
    @property
    def rotation(self) -> float: ...
    def corners(self) -> List[_Vec]:
        """The four corners in world space, counter-clockwise with y up."""

@final
class Capsule(_ShapeBase):
    """A capsule (stadium): every point within `radius` of the segment from `a` to `b`."""
    def __new__(cls, a: _VecLike, b: _VecLike, radius: float) -> Capsule: ...
    @property
    def a(self) -> _Vec: ...
    @property
    def b(self) -> _Vec: ...
    @property
    def radius(self) -> float: ...

@final
class Segment(_ShapeBase):
    """A line segment between two distinct points."""
    def __new__(cls, a: _VecLike, b: _VecLike) -> Segment: ...
    @property
    def a(self) -> _Vec: ...
    @property
    def b(self) -> _Vec: ...
    @property
    def length(self) -> float: ...

@final
class ConvexPolygon(_ShapeBase):
    """A convex polygon, stored counter-clockwise (with y up); either winding is accepted."""
    def __new__(cls, vertices: Iterable[_VecLike]) -> ConvexPolygon: ...
    @staticmethod
    def from_hull(points: Iterable[_VecLike]) -> ConvexPolygon:
        """The convex hull of any number of points."""
    @staticmethod
    def regular(sides: int, center: _VecLike, radius: float, rotation: float = 0.0) -> ConvexPolygon:
        """The regular polygon with `sides` corners on the circle around `center`."""
    @property
    def vertices(self) -> List[_Vec]: ...
    @property
    def normals(self) -> List[_Vec]:
        """The outward unit normal of each edge (edge i runs from vertex i to vertex i + 1)."""
    @property
    def area(self) -> float: ...
    @property
    def centroid(self) -> _Vec: ...

@final
class Polygon(_ShapeBase):
    """A simple polygon, possibly concave, with zero or more holes: the general collider."""
    def __new__(cls, outline: Iterable[_VecLike], holes: Optional[Iterable[Iterable[_VecLike]]] = None) -> Polygon: ...
    @staticmethod
    def from_shape(shape: _ShapeOrPoint, segments: int = 32, max_chord_error: Optional[float] = None) -> Polygon:
        """Any shape as a polygon; round parts are cut into `segments` edges per full turn, or
        as many as keep every edge within `max_chord_error` of the curve."""
    @property
    def outline(self) -> List[_Vec]:
        """The outline, counter-clockwise with y up."""
    @property
    def holes(self) -> List[List[_Vec]]:
        """The holes, each clockwise with y up."""
    @property
    def area(self) -> float: ...
    @property
    def centroid(self) -> _Vec: ...
    def convex_parts(self) -> List[ConvexPolygon]:
        """The convex pieces the polygon was cut into."""

@final
class TileMap(_ShapeBase):
    """A grid of tiles as one collider, with no seams: a shape every query and World.insert take.
    Cell (col, row) spans origin + (col, row) * cell_size to the next; row 0 comes first, as Tiled
    draws it (y down), though nothing depends on which way y points. Ids are Tiled's: 0 is no
    tile, and the top three bits flip a tile (its shape turned with it).

    Unlike the other shapes a tile map changes (set, map[col, row] = id), so it is not hashable.
    A query or World.insert takes a copy sharing the grid, copied only when one of them changes
    after: change a world's map with World.set_tile. Cells outside the grid raise IndexError;
    bad ids, tile shapes and grids raise ValueError naming the cell or id."""
    def __new__(
        cls,
        ids: Any,
        cell_size: _VecLike = ...,
        origin: _VecLike = ...,
        tiles: Optional[Mapping[int, _TileShape]] = None,
    ) -> TileMap:
        """The map of the grid `ids`: rows of tile ids (row 0 first) as a list of lists of ints or
        a 2D integer numpy array; cells of `cell_size` (default (1, 1)), cell (0, 0) at `origin`
        (default (0, 0)). `tiles` says what each id is; by default every nonzero id the grid
        holds is solid, and 1 too."""
    @staticmethod
    def from_pytmx(tiled_map: Any, layers: Optional[Iterable[Union[str, int, Any]]] = None) -> TileMap:
        """The map of a pytmx.TiledMap (read by its attributes; pytmx is never imported): tiles
        the size of the map's, Tiled's ids with their flips. `layers` picks tile layers by name,
        index or the layer itself (default: every visible one). A tile with a collision object
        (one rectangle or convex polygon) is that shape; a `solid` property true makes it solid,
        false empty; when no tile in those layers says either, every tile is solid, else the
        others are empty. Where layers overlap, a cell holds the tile that collides."""
    @property
    def width(self) -> int:
        """Cells across."""
    @property
    def height(self) -> int:
        """Cells down."""
    @property
    def cell_size(self) -> _Vec: ...
    @property
    def origin(self) -> _Vec:
        """Where cell (0, 0) starts."""
    @property
    def ids(self) -> List[List[int]]:
        """Every cell's id as rows, flags included."""
    @property
    def tiles(self) -> Dict[int, Union[str, List[_Vec]]]:
        """What each id stands for: "solid", "empty" or its convex part's vertices (fractions)."""
    def __getitem__(self, cell: Tuple[int, int], /) -> int:
        """The id in cell (col, row); IndexError outside the grid."""
    def __setitem__(self, cell: Tuple[int, int], id: int, /) -> None:
        """Sets cell (col, row) to tile `id` in constant time; IndexError outside the grid,
        ValueError for an id the map's tiles do not give (the map is then unchanged)."""
    def set(self, col: int, row: int, id: int) -> None:
        """As map[col, row] = id."""
    def cell_at(self, point: _VecLike) -> Optional[Tuple[int, int]]:
        """The cell holding `point` (one on a line between cells is the next one's), or None."""
    def tile_outline(self, col: int, row: int) -> Optional[List[_Vec]]:
        """The solid part of cell (col, row) in world coordinates, counter-clockwise with y up,
        or None for an open cell or one outside the grid."""
    def transformed(self, transform: Transform) -> TileMap:
        """The map moved by `transform`, which must be a translation (ValueError otherwise)."""
    def __copy__(self) -> TileMap: ...
    def __deepcopy__(self, memo: Any, /) -> TileMap: ...

@final
class Transform:
    """A 2D affine transform built like a sprite's:
    world = translation + R(rotation) · (scale ⊙ (local − origin)). `parent * child` composes."""
    def __new__(
        cls,
        translation: _VecLike = ...,
        rotation: float = 0.0,
        scale: _VecLike = ...,
        origin: _VecLike = ...,
    ) -> Transform:
        """Defaults: translation (0, 0), no rotation, scale (1, 1), origin (0, 0): the identity."""
    @staticmethod
    def from_matrix(matrix: Sequence[float]) -> Transform:
        """The transform from (a, b, c, d, tx, ty): x' = a·x + c·y + tx, y' = b·x + d·y + ty."""
    @property
    def matrix(self) -> List[float]: ...
    @property
    def translation(self) -> _Vec: ...
    def compose(self, child: Transform) -> Transform: ...
    def __mul__(self, child: Transform, /) -> Transform: ...
    def __rmul__(self, parent: Transform, /) -> Transform: ...
    def inverse(self) -> Transform:
        """The inverse; raises ValueError when the transform flattens space."""
    def transform_point(self, point: _VecLike) -> _Vec: ...
    def transform_vector(self, vector: _VecLike) -> _Vec: ...

@final
class ContactPoint:
    """One point of a contact; `depth`, at most the contact's, is how far they overlap there. For
    two convex shapes a manifold point as physics engines clip it: `point_a` a point of the first
    shape and `point_b` one of the second (on their surfaces, but where a deep edge-on-edge
    contact is clipped), each within `depth` of the other shape. For a concave polygon's contact,
    a point of the other shape and that point moved by the push. Not each shape's deepest point
    inside the other."""
    @property
    def point_a(self) -> _Vec: ...
    @property
    def point_b(self) -> _Vec: ...
    @property
    def depth(self) -> float: ...

@final
class Contact:
    """How two intersecting shapes touch: the unit normal from the first towards the second,
    the depth of the shortest separating push, and one or two points."""
    @property
    def normal(self) -> _Vec: ...
    @property
    def depth(self) -> float: ...
    @property
    def exact(self) -> bool:
        """Whether depth is proven the shortest push (False when a work budget ran out)."""
    @property
    def points(self) -> List[ContactPoint]: ...
    @property
    def push_out_a(self) -> _Vec:
        """The move of the first shape that separates them: -normal * depth."""
    @property
    def push_out_b(self) -> _Vec:
        """The move of the second shape that separates them: normal * depth."""
    def flipped(self) -> Contact: ...

@final
class RayHit:
    """Where a ray hits a shape (normal out of the shape)."""
    @property
    def distance(self) -> float: ...
    @property
    def point(self) -> _Vec: ...
    @property
    def normal(self) -> _Vec: ...

@final
class ClosestPoints:
    """The nearest points of two shapes that do not touch."""
    @property
    def point_a(self) -> _Vec: ...
    @property
    def point_b(self) -> _Vec: ...
    @property
    def distance(self) -> float: ...

@final
class ShapeCastHit:
    """When and where two moving shapes first touch."""
    @property
    def time(self) -> float: ...
    @property
    def point(self) -> _Vec: ...
    @property
    def normal(self) -> _Vec: ...
    @property
    def started_overlapping(self) -> bool: ...

def intersects(a: _ShapeOrPoint, b: _ShapeOrPoint) -> bool:
    """Whether a and b share at least one point (touching counts)."""

def contains(outer: _ShapeOrPoint, inner: _ShapeOrPoint) -> bool:
    """Whether every point of `inner` lies in `outer`."""

def contact(
    a: _ShapeOrPoint, b: _ShapeOrPoint, *, budget: int = 600_000, require_exact: bool = False
) -> Optional[Contact]:
    """How a and b touch, or None when they do not. A concave Polygon's exact push-out is searched
    within budget units of work (0: no bound); past it the push separates them all the same and
    its exact is False, or with require_exact=True, ValueError is raised."""

def contact_deepest_piece_pair(a: _ShapeOrPoint, b: _ShapeOrPoint) -> Optional[Contact]:
    """The deepest overlap of one convex piece of a with one of b: faster than contact on
    concave polygons, not the minimum push-out."""

def distance(a: _ShapeOrPoint, b: _ShapeOrPoint) -> float:
    """The gap between a and b (0 when they touch or overlap)."""

def closest_points(a: _ShapeOrPoint, b: _ShapeOrPoint) -> Optional[ClosestPoints]:
    """The nearest points of a and b, or None when they touch or overlap."""

def cast_ray(shape: _ShapeOrPoint, origin: _VecLike, direction: _VecLike, max_distance: float = ...) -> Optional[RayHit]:
    """Where the ray first meets `shape` within `max_distance`, or None; a NaN `max_distance`
    raises ValueError."""

def closest_point(shape: _ShapeOrPoint, point: _VecLike) -> _Vec:
    """The point of `shape` nearest to `point` (the point itself when inside)."""

def signed_distance(shape: _ShapeOrPoint, point: _VecLike) -> float:
    """The distance from `point` to the surface of `shape`: negative inside."""

def cast_shape(
    a: _ShapeOrPoint,
    motion_a: _VecLike,
    b: _ShapeOrPoint,
    motion_b: _VecLike,
    max_time: float = 1.0,
    *,
    angular_velocity_a: float = 0.0,
    pivot_a: Optional[_VecLike] = None,
    angular_velocity_b: float = 0.0,
    pivot_b: Optional[_VecLike] = None,
) -> Optional[ShapeCastHit]:
    """The first time in [0, max_time] at which the moving shapes touch, or None; each may
    also turn (radians per unit of time) about its pivot (default: its bounding box's centre).
    A NaN `max_time` raises ValueError."""

def sweep(moving: _ShapeOrPoint, motion: _VecLike, obstacle: _ShapeOrPoint) -> Optional[ShapeCastHit]:
    """Where `moving`, moved by `motion`, first meets the still `obstacle` (time is a fraction)."""

def intersects_pairs(a: Sequence[_ShapeOrPoint], b: Sequence[_ShapeOrPoint]) -> bytes:
    """Whether a[i] and b[i] intersect, for every i, in one call: one byte (1 or 0) per pair,
    for numpy.frombuffer(result, dtype=bool). ValueError when the lengths differ."""

def contact_pairs(a: Sequence[_ShapeOrPoint], b: Sequence[_ShapeOrPoint]) -> bytes:
    """The contact of a[i] and b[i], for every i, in one call: three float32 per pair (normal x,
    normal y, depth), NaN where they do not touch, for
    numpy.frombuffer(result, dtype=numpy.float32).reshape(-1, 3)."""

@final
class Level:
    """How far `collide` may climb."""
    AABB: Level
    CORNERS: Level
    SAT: Level
    MAXIMUM: Level

def collide(a_bounds: Aabb, a_transform: Transform, b_bounds: Aabb, b_transform: Transform, level: Level = ...) -> bool:
    """Whether two sprites' rectangles collide, judged up to `level`."""

def collide_verdict(
    a_bounds: Aabb, a_transform: Transform, b_bounds: Aabb, b_transform: Transform, level: Level = ...
) -> Tuple[bool, Level]:
    """Like `collide`, also saying which level settled the answer."""

@final
class Detector:
    """Which detection method decides whether two shapes collide."""
    BOUNDING_BOXES: Detector
    BOUNDING_CIRCLES: Detector
    EXACT: Detector
    @property
    def label(self) -> str: ...
    def detect(self, a: _ShapeOrPoint, b: _ShapeOrPoint) -> bool: ...

def trace(
    pixels: Any,
    width: Optional[int] = None,
    height: Optional[int] = None,
    detail: Optional[_Detail] = None,
    alpha_above: int = 0,
    max_vertices: int = 250000,
) -> List[Polygon]:
    """Traces the solid pixels (alpha above `alpha_above`) of a picture into polygons, one per
    island, with holes. `pixels` is a pygame Surface (its alpha as pygame.mask reads it; pygame
    is never imported otherwise), an array of shape (height, width, 4) of bytes, or RGBA bytes
    with width and height. An array laid out (width, height, ...), as pygame.surfarray's are, is
    refused rather than traced transposed; a width and height that do not match the data raise
    ValueError."""

def trace_file(path: Union[str, os.PathLike], detail: Optional[_Detail] = None, alpha_above: int = 0) -> List[Polygon]:
    """Loads a picture file (PNG) and traces it."""

@final
class Bitmask:
    """A one-bit-per-pixel mask for pixel-perfect overlap tests. Offsets are where the other
    mask's top-left pixel lies in this one's pixels, as in pygame.mask, given as anything with
    two numbers (a tuple, a list, a pygame.Vector2, a numpy array); fractions are cut towards
    zero as int() and pygame.mask do. Bitmask.from_pixels sets pixels with alpha above 0 by
    default; Bitmask.from_surface takes pygame.mask.from_surface's rule (alpha above 127, or a
    colour key)."""
    def __new__(cls, width: int, height: int, fill: bool = False) -> Bitmask: ...
    @staticmethod
    def from_pixels(
        pixels: Any, width: Optional[int] = None, height: Optional[int] = None, alpha_above: int = 0
    ) -> Bitmask:
        """Pixels with alpha above `alpha_above` (0: any not fully transparent) of a Surface,
        an array of shape (height, width, 4) or RGBA bytes with width and height."""
    @staticmethod
    def from_surface(surface: Any, threshold: int = 127) -> Bitmask:
        """A pygame Surface's mask as pygame.mask.from_surface(surface, threshold) makes it:
        alpha above `threshold`, or every pixel but the colour key's."""
    @staticmethod
    def from_shape(shape: _ShapeOrPoint, pixels_per_unit: float = 1.0) -> Optional[Tuple[Bitmask, Tuple[int, int]]]: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    def get(self, x: int, y: int) -> bool:
        """Whether pixel (x, y) is set; IndexError outside the mask."""
    def set(self, x: int, y: int, value: bool) -> None:
        """Sets or clears pixel (x, y); IndexError outside the mask."""
    def count(self) -> int: ...
    def bounding_rect(self) -> Optional[Tuple[int, int, int, int]]: ...
    def centroid(self) -> Optional[_Vec]: ...
    def overlaps(self, other: Bitmask, offset: _VecLike) -> bool: ...
    def overlap_area(self, other: Bitmask, offset: _VecLike) -> int: ...
    def overlap_mask(self, other: Bitmask, offset: _VecLike) -> Bitmask: ...
    def first_overlap(self, other: Bitmask, offset: _VecLike) -> Optional[Tuple[int, int]]: ...
    def push_out(self, other: Bitmask, offset: _VecLike) -> Optional[Tuple[Tuple[int, int], _Vec, float]]: ...
    def overlaps_placed(self, transform: Transform, other: Bitmask, other_transform: Transform) -> Optional[bool]: ...
    def overlaps_shape(self, shape: _ShapeOrPoint) -> bool: ...
    def outline(self) -> Bitmask: ...

@final
class CollisionFilter:
    """Which colliders may collide: each one's layer must meet the other's mask."""
    def __new__(cls, layer: int = ..., mask: int = ...) -> CollisionFilter:
        """Both default to every group (0xFFFFFFFF)."""
    @property
    def layer(self) -> int: ...
    @property
    def mask(self) -> int: ...
    def allows(self, other: CollisionFilter) -> bool: ...

@final
class Handle:
    """The name of a collider in its world."""
    @property
    def index(self) -> int: ...
    @property
    def generation(self) -> int: ...
    def __lt__(self, other: Handle, /) -> bool: ...
    def __gt__(self, other: Handle, /) -> bool: ...
    def __le__(self, other: Handle, /) -> bool: ...
    def __ge__(self, other: Handle, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ContactEvent:
    """A pair of colliders touching at a step."""
    @property
    def a(self) -> Handle: ...
    @property
    def b(self) -> Handle: ...
    @property
    def contact(self) -> Optional[Contact]: ...

@final
class StepEvents:
    """What changed at a step."""
    @property
    def started(self) -> List[ContactEvent]: ...
    @property
    def ongoing(self) -> List[ContactEvent]: ...
    @property
    def stopped(self) -> List[Tuple[Handle, Handle]]: ...

@final
class MoveResult:
    """What World.move_and_slide or CharacterController.move_and_slide did."""
    @property
    def moved(self) -> _Vec: ...
    @property
    def on_floor(self) -> bool: ...
    @property
    def floor_normal(self) -> Optional[_Vec]: ...
    @property
    def touched(self) -> List[Handle]: ...
    @property
    def platform_motion(self) -> _Vec:
        """How far the floor stood on carried it before it moved, included in moved (the
        controller's; (0, 0) from World.move_and_slide)."""

@final
class ContactMethod:
    """How a world's step measures the contacts of its touching pairs."""
    EXACT: ContactMethod
    DEEPEST_PIECE_PAIR: ContactMethod

@final
class World:
    """Colliders (shape, transform, data) with a broad phase, events per step, filters, sensors,
    scene queries, parents and a kinematic mover. Stale handles raise ValueError. Threads may
    share a world: a call made while another thread steps it waits for the step."""
    def __new__(cls) -> World: ...
    @property
    def max_pairs(self) -> int:
        """Pairs with overlapping bounding boxes a step may find before it raises MemoryError."""
    @max_pairs.setter
    def max_pairs(self, limit: int) -> None: ...
    def __iter__(self) -> Iterator[Handle]: ...
    def insert(
        self,
        shape: _ShapeOrPoint,
        transform: Optional[Transform] = None,
        data: Any = None,
        filter: Optional[CollisionFilter] = None,
        sensor: bool = False,
        one_way: Optional[_VecLike] = None,
    ) -> Handle:
        """Adds a collider; `one_way` as set_one_way takes it."""
    def remove(self, h: Handle) -> Any: ...
    def __contains__(self, h: Handle, /) -> bool: ...
    def __len__(self) -> int: ...
    def handles(self) -> List[Handle]: ...
    def data(self, h: Handle) -> Any: ...
    def local_shape(self, h: Handle) -> Union[_Shape, _Vec]: ...
    def world_shape(self, h: Handle) -> Union[_Shape, _Vec]: ...
    def aabb(self, h: Handle) -> Aabb: ...
    def local_transform(self, h: Handle) -> Transform: ...
    def world_transform(self, h: Handle) -> Transform: ...
    def set_transform(self, h: Handle, transform: Transform) -> None: ...
    def set_transforms(self, handles: Sequence[Handle], poses: Any) -> None:
        """Moves many colliders: poses is an array of shape (n, 2), (n, 3) or (n, 5) of float32
        or float64 (x, y[, rotation[, scale x, scale y]]), such as a numpy array. A stale handle
        or a pose that cannot place its shape raises ValueError and moves nothing."""
    def set_shape(self, h: Handle, shape: _ShapeOrPoint) -> None: ...
    def set_tile(self, h: Handle, col: int, row: int, id: int) -> None:
        """Sets cell (col, row) of a tile-map collider to tile `id` in constant time (the next
        step and every query see it). ValueError, the map unchanged, for a collider that is not
        a tile map, a cell outside its grid or an id its tiles do not give."""
    def set_parent(self, child: Handle, parent: Optional[Handle]) -> None: ...
    def parent(self, h: Handle) -> Optional[Handle]: ...
    def children(self, h: Handle) -> List[Handle]: ...
    def filter(self, h: Handle) -> CollisionFilter: ...
    def set_filter(self, h: Handle, filter: CollisionFilter) -> None: ...
    def one_way(self, h: Handle) -> Optional[_Vec]:
        """The open side of a one-way collider (unit), or None when it blocks from every side."""
    def set_one_way(self, h: Handle, open: Optional[_VecLike]) -> None:
        """Makes the collider block movers only from the side `open` points to (e.g. (0, -1):
        a platform on a y-down screen, jumped through from below and landed on); None blocks
        from every side again. ValueError for a zero or non-finite side."""
    def is_sensor(self, h: Handle) -> bool: ...
    def set_sensor(self, h: Handle, sensor: bool) -> None: ...
    def set_detector(self, detector: Detector) -> None: ...
    def set_contact_method(self, method: ContactMethod) -> None: ...
    @property
    def contact_method(self) -> ContactMethod: ...
    @property
    def contact_budget(self) -> int:
        """Units of work a step may spend on exact concave contacts (0: no bound)."""
    @contact_budget.setter
    def contact_budget(self, units: int) -> None: ...
    def step(self) -> StepEvents:
        """Finds every touching pair and returns what changed since the last step."""
    def is_colliding(self, h: Handle) -> bool: ...
    def colliders_in_aabb(self, aabb: Aabb) -> List[Handle]: ...
    def colliders_overlapping(self, shape: _ShapeOrPoint) -> List[Handle]: ...
    def colliders_at_point(self, point: _VecLike) -> List[Handle]: ...
    def cast_ray(
        self,
        origin: _VecLike,
        direction: _VecLike,
        max_distance: float = ...,
        filter: Optional[CollisionFilter] = None,
        ignore: Sequence[Handle] = ...,
        sensors: bool = False,
    ) -> Optional[Tuple[Handle, RayHit]]:
        """The nearest collider hit among those counted (sensors only with sensors=True); a NaN
        `max_distance` raises ValueError, here and in cast_ray_all (max_time: cast_shape)."""
    def cast_ray_all(
        self,
        origin: _VecLike,
        direction: _VecLike,
        max_distance: float = ...,
        filter: Optional[CollisionFilter] = None,
        ignore: Sequence[Handle] = ...,
        sensors: bool = False,
    ) -> List[Tuple[Handle, RayHit]]: ...
    def cast_shape(
        self,
        shape: _ShapeOrPoint,
        motion: _VecLike,
        max_time: float = 1.0,
        filter: Optional[CollisionFilter] = None,
        ignore: Sequence[Handle] = ...,
        sensors: bool = False,
    ) -> Optional[Tuple[Handle, ShapeCastHit]]: ...
    def move_and_slide(
        self,
        h: Handle,
        motion: _VecLike,
        skin: float = 0.01,
        max_slope: float = ...,
        up: _VecLike = ...,
        max_slides: int = 4,
        *,
        step_height: float = 0.0,
        snap_distance: float = 0.0,
        stop_on_slope: bool = True,
    ) -> MoveResult:
        """Moves a collider, sliding along what it meets; up is (0, 1) unless given: pass
        up=(0, -1) on a y-down screen. On the floor it steps up ledges up to step_height and
        follows the floor down up to snap_distance (0: never)."""

@final
class CharacterController:
    """Moves one character frame after frame as a platformer does: World.move_and_slide with
    these options, plus moving platforms. It remembers the floor the character ended on and
    where that floor was, and at the next move first carries the character by how far the floor
    has moved since (never into a wall). Move the platforms first in each frame, then the
    characters. Bad options raise ValueError at the move."""
    def __new__(
        cls,
        skin: float = 0.01,
        max_slope: float = ...,
        up: _VecLike = ...,
        max_slides: int = 4,
        *,
        step_height: float = 0.0,
        snap_distance: float = 0.0,
        stop_on_slope: bool = True,
    ) -> CharacterController: ...
    skin: float
    """The gap kept to what it meets."""
    max_slope: float
    """The steepest slope, in radians from level, that counts as floor."""
    max_slides: int
    """At most this many moves and slides a move."""
    step_height: float
    """The highest ledge it steps up onto, walking into it on the floor (0: never)."""
    snap_distance: float
    """How far down it follows the floor when it would leave it (0: never)."""
    stop_on_slope: bool
    """On a floor, gravity does not slide it down the slope and walking goes along it."""
    @property
    def up(self) -> _Vec:
        """Which way is up: (0, 1) unless set; (0, -1) on a y-down screen."""
    @up.setter
    def up(self, value: _VecLike) -> None: ...
    @property
    def floor(self) -> Optional[Handle]:
        """The floor collider the character ended its last move on, or None."""
    def forget_floor(self) -> None:
        """Forgets the floor (after a teleport, say): the next move carries by nothing."""
    def move_and_slide(self, world: World, h: Handle, motion: _VecLike) -> MoveResult:
        """Moves collider h of world by motion as World.move_and_slide does, first carried by
        its floor's move; a refused move raises ValueError and moves nothing."""

@final
class LevelMap:
    """The colliding tiles of one layer of a loaded map that share a one-way side and a filter."""
    @property
    def layer(self) -> str:
        """The layer's name (Tiled: after its groups' names and "/") or identifier (LDtk)."""
    @property
    def map(self) -> TileMap:
        """The tiles in the file's pixels (y down), ids as the file has them."""
    @property
    def one_way(self) -> Optional[_Vec]:
        """The open side of these one-way tiles (unit, y down: (0, -1) is landed on from above)."""
    @property
    def filter(self) -> CollisionFilter: ...
    def insert_into(self, world: World, data: Any = None) -> Handle:
        """Puts the map into `world` with its one-way side and filter."""

@final
class LevelObject:
    """An object of a Tiled object layer, in the map's pixels (y down)."""
    @property
    def layer(self) -> str: ...
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def class_(self) -> str:
        """Its class (its type before Tiled 1.9)."""
    @property
    def kind(self) -> Literal["rectangle", "ellipse", "polygon", "polyline", "point", "capsule", "text", "tile"]: ...
    @property
    def shapes(self) -> List[_ShapeOrPoint]:
        """One shape, or a Segment per edge of a polyline; a point object is an (x, y) tuple."""
    @property
    def properties(self) -> Dict[str, Any]:
        """Custom properties as plain values: colours and files as text, an object as its id, a
        class as a dict of its members."""

@final
class TiledLevel:
    """What a Tiled map holds that collides."""
    @property
    def maps(self) -> List[LevelMap]: ...
    @property
    def objects(self) -> List[LevelObject]: ...

@final
class Entity:
    """An LDtk entity: its box in the world and what LDtk says of it."""
    @property
    def layer(self) -> str: ...
    @property
    def identifier(self) -> str: ...
    @property
    def iid(self) -> str: ...
    @property
    def aabb(self) -> Aabb: ...
    @property
    def tags(self) -> List[str]: ...
    @property
    def fields(self) -> Dict[str, Any]:
        """Field values by identifier, as LDtk writes them (JSON as Python values)."""

@final
class LdtkLevel:
    """An LDtk level: its IntGrid cells as maps and its entities, in world pixels (y down)."""
    @property
    def world(self) -> str: ...
    @property
    def identifier(self) -> str: ...
    @property
    def iid(self) -> str: ...
    @property
    def origin(self) -> _Vec: ...
    @property
    def size(self) -> _Vec: ...
    @property
    def maps(self) -> List[LevelMap]: ...
    @property
    def entities(self) -> List[Entity]: ...
    @property
    def fields(self) -> Dict[str, Any]: ...

_TileRule = Union[_TileShape, Mapping[str, Any]]
"""A tile shape, or a dict of "shape" (default "solid"), "one_way" ((x, y)) and "filter"."""

def load_tiled(path: Union[str, os.PathLike]) -> TiledLevel:
    """Loads a Tiled map (.tmx or .tmj, tilesets and templates read from its folder). ValueError
    names the layer and the tile or object refused; OSError for a file that cannot be read."""

def load_ldtk(path: Union[str, os.PathLike], rules: Optional[Mapping[Union[int, str], _TileRule]] = None) -> List[LdtkLevel]:
    """Loads an LDtk project's levels. Every IntGrid value but 0 is solid unless `rules` (by value
    or identifier) says otherwise. Raises as load_tiled does."""

def _unpickle(kind: str, json: str) -> Any:
    """Rebuilds a pickled object (validated like any loaded data)."""
