"""Tile maps: the grid as one collider with no seams, from lists, numpy and pytmx maps; queries,
the World, set_tile, the mover over a long floor, pickling, and refused input."""

import collections
import copy
import math
import pickle

import pytest

import collide2d as c

FLIP_H, FLIP_V, FLIP_D = 0x8000_0000, 0x4000_0000, 0x2000_0000
SLOPE = [(0, 1), (1, 0), (1, 1)]  # rising to the right on a y-down screen: solid below the diagonal


def floor(width=4, cell=16):
    """A floor one row thick under an open row: its top at y = cell (y down)."""
    return c.TileMap([[0] * width, [1] * width], cell_size=(cell, cell))


def test_a_ball_sunk_into_the_floor_across_a_seam_is_pushed_straight_up():
    ground = floor()
    ball = c.Circle((16, 14), 4)  # over the seam between cells 0 and 1, 2 deep
    hit = c.contact(ground, ball)
    assert (hit.normal, hit.depth) == ((0.0, -1.0), 2.0)
    assert hit.push_out_b == (0.0, -2.0)
    assert c.contact(ball, ground).normal == (0.0, 1.0)
    assert c.intersects(ground, ball) and c.intersects(ball, ground)
    assert not c.intersects(ground, c.Circle((16, 11), 4))
    # A box across the seam too: its push is up, never sideways out of a cell.
    box = c.Aabb((10, 13), (22, 20))
    assert c.contact(ground, box).normal == (0.0, -1.0)


def test_a_ray_onto_the_seam_hits_the_flat_floor():
    ground = floor()
    down = c.cast_ray(ground, (16, 0), (0, 1))
    assert (down.distance, down.point, down.normal) == (16.0, (16.0, 16.0), (0.0, -1.0))
    slant = c.cast_ray(ground, (0, 0), (1, 1))
    assert slant.point == pytest.approx((16, 16)) and slant.normal == (0.0, -1.0)
    assert c.cast_ray(ground, (16, 0), (0, -1)) is None
    assert c.cast_ray(ground, (16, 0), (0, 1), max_distance=10) is None


def test_every_query_takes_a_tile_map():
    ground = floor()
    ball = c.Circle((40, 8), 4)
    assert c.distance(ground, ball) == pytest.approx(4)
    cp = c.closest_points(ground, ball)
    assert cp.point_a == pytest.approx((40, 16)) and cp.distance == pytest.approx(4)
    assert c.contains(ground, (40, 20)) and not c.contains(ground, (40, 10))
    assert c.closest_point(ground, (40, 10)) == pytest.approx((40, 16))
    assert c.signed_distance(ground, (40, 20)) == pytest.approx(-4)
    fall = c.cast_shape(ball, (0, 10), ground, (0, 0))
    assert fall.time == pytest.approx(0.4) and fall.normal == pytest.approx((0, 1))
    assert c.sweep(ball, (0, 10), ground).time == pytest.approx(0.4)
    assert c.contact_deepest_piece_pair(ground, c.Circle((40, 15), 4)) is not None
    assert bytes(c.intersects_pairs([ground, ground], [ball, c.Circle((40, 14), 4)])) == b"\x00\x01"
    assert c.intersects(ground, pytest.importorskip("pygame").Rect(10, 10, 4, 8))


def test_slopes_flips_and_the_tiles_dict():
    tiles = {1: "solid", 2: SLOPE, 3: "empty"}
    # A peak: the slope, then the same tile flipped left to right.
    m = c.TileMap([[2, 2 | FLIP_H, 3], [1, 1, 1]], cell_size=(10, 10), tiles=tiles)
    assert m.tiles == {1: "solid", 2: [(0.0, 1.0), (1.0, 0.0), (1.0, 1.0)], 3: "empty"}
    assert m[1, 0] == 2 | FLIP_H
    assert sorted(m.tile_outline(1, 0)) == [(10.0, 0.0), (10.0, 10.0), (20.0, 10.0)]
    assert m.tile_outline(2, 0) is None and m.tile_outline(5, 0) is None and m.tile_outline(-1, 0) is None
    # A ball on the left slope is pushed out along its normal, up and to the left.
    hit = c.contact(m, c.Circle((5, 5), 2))
    assert hit.normal == pytest.approx((-math.sqrt(0.5), -math.sqrt(0.5)))
    assert c.cast_ray(m, (10, -5), (0, 1)).point == pytest.approx((10, 0))
    # Convex shapes in the other winding and whole-cell ones are taken.
    assert c.TileMap([[1]], tiles={1: [(0, 0), (0, 1), (1, 1), (1, 0)]}).tiles == {1: "solid"}


def test_accessors_cells_and_numpy():
    m = c.TileMap([[0, 1, 0], [1, 1, 1]], cell_size=(2, 3), origin=(10, 20))
    assert (m.width, m.height, m.cell_size, m.origin) == (3, 2, (2.0, 3.0), (10.0, 20.0))
    assert m.ids == [[0, 1, 0], [1, 1, 1]] and m.tiles == {1: "solid"}
    assert m.aabb() == c.Aabb((10, 20), (16, 26))
    assert m.cell_at((12, 23)) == (1, 1) and m.cell_at((9, 21)) is None
    assert m.tile_outline(1, 0) == [(12.0, 20.0), (14.0, 20.0), (14.0, 23.0), (12.0, 23.0)]
    assert repr(m) == "TileMap(3 × 2 cells of (2.0, 3.0), origin=(10.0, 20.0))"
    # By default every nonzero id the grid holds is solid, and 1 too.
    assert c.TileMap([[0, 7]]).tiles == {1: "solid", 7: "solid"}
    np = pytest.importorskip("numpy")
    grid = np.array([[0, 1, 0], [1, 1, 1]])
    for dtype in (np.int64, np.int32, np.uint8, np.uint32, np.int16, bool):
        assert c.TileMap(grid.astype(dtype), (2, 3), (10, 20)) == m, dtype
    assert c.TileMap(np.asfortranarray(grid), (2, 3), (10, 20)) == m
    assert c.TileMap([np.array([0, 1, 0]), (1, 1, 1)], (2, 3), (10, 20)) == m
    with pytest.raises(ValueError, match=r"cell \(2, 0\) holds -1"):
        c.TileMap(np.array([[0, 1, -1]]))
    with pytest.raises(ValueError, match="integers"):
        c.TileMap(grid.astype(np.float64))
    with pytest.raises(ValueError, match="2D"):
        c.TileMap(np.zeros((2, 2, 2), dtype=np.int32))


def test_set_and_index():
    m = floor()
    m[1, 0] = 1
    assert m[1, 0] == 1 and c.intersects(m, (24, 8))
    m.set(1, 0, 0)
    assert m[1, 0] == 0 and not c.intersects(m, (24, 8))
    for cell in [(4, 0), (0, 2), (-1, 0), (0, 2**70)]:
        with pytest.raises(IndexError, match="outside the grid of 4 × 2 cells"):
            m[cell]
        with pytest.raises(IndexError, match="outside the grid"):
            m[cell] = 1
        with pytest.raises(IndexError, match="outside the grid"):
            m.set(*cell, 1)
    with pytest.raises(ValueError, match=r"cell \(2, 0\): unknown tile id 5"):
        m[2, 0] = 5
    with pytest.raises(ValueError, match=r"cell \(2, 0\): -1 is not a tile id"):
        m[2, 0] = -1
    with pytest.raises(TypeError, match=r"map\[col, row\]"):
        m[2]
    assert m.ids == floor().ids  # refused changes left it as it was


def test_copies_and_pickles_are_independent():
    m = c.TileMap([[2, 0], [1, 1]], cell_size=(8, 8), origin=(-3, 5), tiles={1: "solid", 2: SLOPE})
    for other in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert type(other) is c.TileMap and other == m and other.tiles == m.tiles
        other[1, 0] = 1
        assert other != m and m[1, 0] == 0
    with pytest.raises(TypeError, match="unhashable"):
        hash(m)
    moved = m.transformed(c.Transform(translation=(3, 1)))
    assert moved.origin == (0.0, 6.0) and moved.ids == m.ids
    with pytest.raises(ValueError, match="not a translation"):
        m.transformed(c.Transform(rotation=0.5))


def test_a_world_steps_with_a_tile_map_and_set_tile_digs_it():
    world = c.World()
    ground = floor(width=8)
    level = world.insert(ground, data="level")
    ball = world.insert(c.Circle((0, 0), 4), c.Transform(translation=(40, 14)), data="ball")
    (event,) = world.step().started
    assert {event.a, event.b} == {level, ball}
    normal = event.contact.normal if event.a == level else tuple(-v for v in event.contact.normal)
    assert normal == (0.0, -1.0) and event.contact.depth == pytest.approx(2)
    assert isinstance(world.local_shape(level), c.TileMap) and world.local_shape(level) == ground
    # Dig out the two cells under the ball: the pair stops at the next step.
    world.set_tile(level, 2, 1, 0)
    world.set_tile(level, 3, 1, 0)
    assert world.step().stopped == [(event.a, event.b)]
    assert world.local_shape(level)[2, 1] == 0 and ground[2, 1] == 1  # the map given is a copy
    assert world.cast_ray((40, 0), (0, 1), ignore=[ball]) is None
    world.set_tile(level, 2, 1, 1)
    assert world.cast_ray((40, 0), (0, 1), ignore=[ball])[0] == level
    with pytest.raises(ValueError, match=r"set_tile on Handle\(index=0, generation=0\): TileMap cell \(8, 1\): outside"):
        world.set_tile(level, 8, 1, 1)
    with pytest.raises(ValueError, match="outside the grid"):
        world.set_tile(level, -1, 1, 1)
    with pytest.raises(ValueError, match="unknown tile id 3"):
        world.set_tile(level, 0, 1, 3)
    with pytest.raises(ValueError, match="its shape is a Circle, not a tile map"):
        world.set_tile(ball, 0, 0, 1)


def test_move_and_slide_runs_a_hundred_tile_floor_without_snagging():
    world = c.World()
    world.insert(c.TileMap([[0] * 100, [1] * 100], cell_size=(16, 16)))
    # 12 × 16 standing on the floor's top (y = 16, y down), a skin above it.
    hero = world.insert(c.Aabb((0, 0), (12, 16)), c.Transform(translation=(2, -0.01)))
    for frame in range(450):
        result = world.move_and_slide(hero, (3, 2), up=(0, -1))
        assert result.on_floor, frame
        assert result.moved[0] == pytest.approx(3, abs=1e-4), f"snagged at frame {frame}: {result}"
    assert world.aabb(hero).min[0] == pytest.approx(2 + 3 * 450, abs=0.01)
    assert world.aabb(hero).max[1] == pytest.approx(16, abs=0.02)


@pytest.mark.parametrize(
    "ids, tiles, message",
    [
        ([[1, 2], [1]], None, "row 1 has 1 ids but row 0 has 2"),
        ([[1, -1]], None, r"ids: cell \(1, 0\): -1 is not a tile id"),
        ([[1], [2**32]], None, r"ids: cell \(0, 1\): 4294967296 is not a tile id"),
        ([[1, "x"]], None, r"ids: cell \(1, 0\): 'x' is not a tile id"),
        ([[1, 1.0]], None, r"ids: cell \(1, 0\): 1.0 is not a tile id"),
        ([[1, 0], [0, 7]], {1: "solid"}, r"TileMap cell \(1, 1\): unknown tile id 7"),
        ([[1 | 0x1000_0000]], None, "hexagonal"),
        ([], None, "cells"),
        ([[]], None, "cells"),
        ([[1]], {1: [(0, 0), (2, 0), (0, 1)]}, r"tiles\[1\]: tile shape vertex 1: \(2, 0\) lies outside the cell"),
        ([[1]], {1: [(0, 0), (1, 0), (0.5, 0.5), (1, 1), (0, 1)]}, r"tiles\[1\]: ConvexPolygon: not convex"),
        ([[1]], {1: [(0, 0), (1, 0)]}, r"tiles\[1\]: ConvexPolygon: needs at least 3"),
        ([[1]], {1: "wall"}, r"tiles\[1\]: expected \"solid\", \"empty\" or a list"),
        ([[1]], {1: 3}, r"tiles\[1\]: expected"),
        ([[1]], {1 | FLIP_H: "solid"}, "without flip flags"),
        ([[1]], {0: "solid"}, r"tiles\[0\]: id 0 is no tile"),
        ([[1]], {-2: "solid"}, "tiles: -2 is not a tile id"),
    ],
)
def test_bad_grids_ids_and_shapes_are_refused_naming_them(ids, tiles, message):
    with pytest.raises(ValueError, match=message):
        c.TileMap(ids, tiles=tiles)


def test_bad_sizes_and_types_are_refused():
    with pytest.raises(ValueError, match="cell width"):
        c.TileMap([[1]], cell_size=(0, 1))
    with pytest.raises(ValueError, match="origin"):
        c.TileMap([[1]], origin=(math.nan, 0))
    for not_a_grid in ("11", b"11", 5, [1, 2]):
        with pytest.raises(TypeError):
            c.TileMap(not_a_grid)
    with pytest.raises(TypeError, match="dict"):
        c.TileMap([[1]], tiles=[1])


# A stand-in for pytmx, with the attributes TileMap.from_pytmx reads, laid out as pytmx 3 lays
# them: layer data holds pytmx's own gids, numbered anew for each (Tiled id, flips) pair met;
# tiledgidmap and gidmap lead back to Tiled's ids and flips; tile properties hold the tileset's
# custom properties and, under "colliders", the tile's collision objects.

TileFlags = collections.namedtuple("TileFlags", "flipped_horizontally flipped_vertically flipped_diagonally")
Point = collections.namedtuple("Point", "x y")
NO_FLIPS = TileFlags(False, False, False)


class FakeObject:
    def __init__(self, x=0.0, y=0.0, width=0.0, height=0.0, points=None, rotation=0.0, closed=True):
        self.x, self.y, self.width, self.height, self.rotation, self.closed = x, y, width, height, rotation, closed
        if points is not None:  # pytmx makes them absolute
            self.points = tuple(Point(px + x, py + y) for px, py in points)


class FakeTileLayer:
    def __init__(self, name, data, visible=True):
        self.name, self.data, self.visible = name, data, visible


class FakeIterLayer:
    """A layer with iter_data() only."""

    def __init__(self, name, triples):
        self.name, self.visible, self._triples = name, True, triples

    def iter_data(self):
        return iter(self._triples)


class FakeObjectGroup(list):
    def __init__(self, name):
        super().__init__()
        self.name, self.visible = name, True


class FakeMap:
    """pytmx's TiledMap as from_pytmx reads it. `tiles` maps Tiled's id to its properties;
    `layers` hold Tiled's raw gids (flags included), renumbered here as pytmx does."""

    orientation = "orthogonal"

    def __init__(self, width, height, layers, tiles, tilewidth=16, tileheight=16):
        self.width, self.height, self.tilewidth, self.tileheight = width, height, tilewidth, tileheight
        self.tiledgidmap, self.gidmap, self.tile_properties = {}, collections.defaultdict(list), {}
        self.imagemap = {}
        self.layers = []
        for layer in layers:
            if isinstance(layer, FakeTileLayer):
                layer.data = [[self.register(raw) for raw in row] for row in layer.data]
            self.layers.append(layer)
        for tiled_id, props in tiles.items():
            for gid, _flags in self.gidmap.get(tiled_id, []):
                self.tile_properties[gid] = props

    def register(self, raw):
        if raw == 0:
            return 0
        tiled_id = raw & 0x0FFF_FFFF
        flags = TileFlags(bool(raw & FLIP_H), bool(raw & FLIP_V), bool(raw & FLIP_D))
        if (tiled_id, flags) not in self.imagemap:
            gid = len(self.tiledgidmap) + 1
            self.imagemap[(tiled_id, flags)] = gid
            self.tiledgidmap[gid] = tiled_id
            self.gidmap[tiled_id].append((gid, flags))
        return self.imagemap[(tiled_id, flags)]

    @property
    def visible_layers(self):
        return (layer for layer in self.layers if layer.visible)

    def get_tile_properties_by_gid(self, gid):
        return self.tile_properties.get(gid)


def slope_collider():
    group = FakeObjectGroup(None)
    group.append(FakeObject(points=[(0, 16), (16, 0), (16, 16)]))
    return group


def fake_level():
    ground = FakeTileLayer(
        "ground",
        [
            [0, 0, 0, 0],
            [0, 2, 2 | FLIP_H, 0],
            [1, 1, 3, 1],
        ],
    )
    deco = FakeTileLayer("deco", [[4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    tiles = {
        1: {"id": 0, "solid": True, "width": 16, "height": 16},
        2: {"id": 1, "width": 16, "height": 16, "colliders": slope_collider()},
        3: {"id": 2, "colliders": [FakeObject(x=0, y=8, width=16, height=8)]},
        4: {"id": 3, "solid": "false"},
    }
    return FakeMap(4, 3, [ground, deco, FakeObjectGroup("spawns")], tiles)


# What both the fake and pytmx itself give for the level: Tiled's ids with the flip read back
# from pytmx's gid mapping, and the decoration (solid false) in its cell, empty.
LEVEL_IDS = [[4, 0, 0, 0], [0, 2, 2 | FLIP_H, 0], [1, 1, 3, 1]]
LEVEL_TILES = {
    1: "solid",
    2: [(0.0, 1.0), (1.0, 0.0), (1.0, 1.0)],
    3: [(0.0, 0.5), (1.0, 0.5), (1.0, 1.0), (0.0, 1.0)],
    4: "empty",
}


def test_from_pytmx_reads_ids_flips_colliders_and_solid_properties():
    level = fake_level()
    m = c.TileMap.from_pytmx(level)
    assert (m.width, m.height, m.cell_size, m.origin) == (4, 3, (16.0, 16.0), (0.0, 0.0))
    assert m.ids == LEVEL_IDS
    assert m.tiles == LEVEL_TILES
    assert sorted(m.tile_outline(2, 1)) == [(32.0, 16.0), (32.0, 32.0), (48.0, 32.0)]
    assert m.tile_outline(2, 2) == [(32.0, 40.0), (48.0, 40.0), (48.0, 48.0), (32.0, 48.0)]
    # The peak's top is at (32, 16).
    assert c.cast_ray(m, (32, 0), (0, 1)).point == pytest.approx((32, 16))
    # Layers by name, by index, or the layer itself.
    assert c.TileMap.from_pytmx(level, layers=["deco"]).ids == [[4, 0, 0, 0], [0] * 4, [0] * 4]
    assert c.TileMap.from_pytmx(level, layers=[0]) == c.TileMap.from_pytmx(level, layers=[level.layers[0]])


def test_from_pytmx_without_properties_makes_every_tile_solid_and_takes_iter_data():
    walls = FakeTileLayer("walls", [[1, 0], [5, 1]])
    hidden = FakeTileLayer("hidden", [[9, 9], [9, 9]], visible=False)
    m = c.TileMap.from_pytmx(FakeMap(2, 2, [walls, hidden], {}, tilewidth=8, tileheight=4))
    assert m.tiles == {1: "solid", 5: "solid"} and m.cell_size == (8.0, 4.0)
    assert m.ids == [[1, 0], [5, 1]]
    layer = FakeIterLayer("walls", [(0, 0, 1), (1, 0, 0), (0, 1, 5), (1, 1, 1)])
    plain = FakeMap(2, 2, [], {})
    plain.layers = [layer]
    del plain.tiledgidmap  # not pytmx: gids are Tiled's own
    assert c.TileMap.from_pytmx(plain).ids == [[1, 0], [5, 1]]


def test_from_pytmx_turns_a_rotated_collider_in_the_tiles_own_size():
    # A 32 × 16 rectangle at (16, 0) turned 90° clockwise (y down) about that corner covers
    # x 0..16, y 0..32: the left half of the tile, whose own size (32 × 32, from its
    # properties) is not the map's cells' (16 × 16).
    tile = {"width": 32, "height": 32, "colliders": [FakeObject(x=16, y=0, width=32, height=16, rotation=90)]}
    m = c.TileMap.from_pytmx(FakeMap(1, 1, [FakeTileLayer("t", [[1]])], {1: tile}))
    assert sorted(m.tiles[1]) == [(0.0, 0.0), (0.0, 1.0), (0.5, 0.0), (0.5, 1.0)]
    assert m.cell_size == (16.0, 16.0)


def test_from_pytmx_refuses_what_a_tile_map_cannot_hold():
    level = fake_level()
    with pytest.raises(ValueError, match='no layer named "roof"'):
        c.TileMap.from_pytmx(level, layers=["roof"])
    with pytest.raises(ValueError, match="no layer 7"):
        c.TileMap.from_pytmx(level, layers=[7])
    with pytest.raises(ValueError, match='layer "spawns" has no tiles'):
        c.TileMap.from_pytmx(level, layers=["spawns"])
    # Two layers with different shapes in one cell.
    over = FakeTileLayer("over", [[0] * 4, [0, 3, 0, 0], [0] * 4])
    clash = fake_level()
    clash.layers.append(over)
    clash.layers[-1].data = [[clash.register(raw) for raw in row] for row in over.data]
    with pytest.raises(ValueError, match=r'cell \(1, 1\) has collision shapes in layers "ground" \(tile 2\) and "over" \(tile 3\)'):
        c.TileMap.from_pytmx(clash)
    # A solid tile over another shape: the cell is solid.
    solid_over = fake_level()
    solid_over.layers.append(FakeTileLayer("over", [[solid_over.register(r) for r in row] for row in [[0] * 4, [0, 1, 0, 0], [0] * 4]]))
    assert c.TileMap.from_pytmx(solid_over)[1, 1] == 1
    two = FakeObjectGroup(None)
    two.extend([FakeObject(width=16, height=8), FakeObject(y=8, width=8, height=8)])
    with pytest.raises(ValueError, match="tile 1 has 2 collision objects"):
        c.TileMap.from_pytmx(FakeMap(1, 1, [FakeTileLayer("t", [[1]])], {1: {"colliders": two}}))
    line = [FakeObject(points=[(0, 0), (16, 16)], closed=False)]
    with pytest.raises(ValueError, match="polyline"):
        c.TileMap.from_pytmx(FakeMap(1, 1, [FakeTileLayer("t", [[1]])], {1: {"colliders": line}}))
    outside = [FakeObject(points=[(0, 0), (24, 0), (0, 16)])]
    with pytest.raises(ValueError, match="tile 1: its collision shape: tile shape vertex 1"):
        c.TileMap.from_pytmx(FakeMap(1, 1, [FakeTileLayer("t", [[1]])], {1: {"colliders": outside}}))
    with pytest.raises(ValueError, match="neither true nor false"):
        c.TileMap.from_pytmx(FakeMap(1, 1, [FakeTileLayer("t", [[1]])], {1: {"solid": "maybe"}}))
    iso = fake_level()
    iso.orientation = "isometric"
    with pytest.raises(ValueError, match="only orthogonal"):
        c.TileMap.from_pytmx(iso)
    short = FakeMap(4, 3, [FakeTileLayer("t", [[1, 1]])], {})
    with pytest.raises(ValueError, match="is 2 × 1 tiles but the map is 4 × 3"):
        c.TileMap.from_pytmx(short)
    with pytest.raises(ValueError, match="no visible tile layer"):
        c.TileMap.from_pytmx(FakeMap(1, 1, [FakeObjectGroup("o")], {}))


TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="4" height="3"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="tiles.png" width="32" height="32"/>
  <tile id="0"><properties><property name="solid" type="bool" value="true"/></properties></tile>
  <tile id="1"><objectgroup draworder="index"><object id="1" x="0" y="0"><polygon points="0,16 16,0 16,16"/></object></objectgroup></tile>
  <tile id="2"><objectgroup draworder="index"><object id="1" x="0" y="8" width="16" height="8"/></objectgroup></tile>
 </tileset>
 <layer id="1" name="ground" width="4" height="3">
  <data encoding="csv">
0,0,0,0,
0,2,2147483650,0,
1,1,3,1
</data>
 </layer>
 <layer id="2" name="deco" width="4" height="3">
  <data encoding="csv">
4,0,0,0,
0,0,0,0,
0,0,0,0
</data>
 </layer>
</map>
"""


def test_from_pytmx_with_pytmx_itself(tmp_path):
    pytmx = pytest.importorskip("pytmx")
    path = tmp_path / "level.tmx"
    path.write_text(TMX)
    m = c.TileMap.from_pytmx(pytmx.TiledMap(str(path)))
    assert m.ids == LEVEL_IDS
    assert m.tiles == LEVEL_TILES
    hit = c.contact(m, c.Circle((20, 28), 2))  # on the left slope, pushed up and left
    assert hit.normal == pytest.approx((-math.sqrt(0.5), -math.sqrt(0.5)))
