"""Maps loaded from Tiled (.tmx, .tmj) and LDtk (.ldtk) files by the library's loaders: layers as
TileMaps with their one-way side and filter, objects and entities as shapes with their values,
one-way maps in a World, and refusals naming the layer and the tile or object."""

import pathlib

import pytest

import collide2d as c

MAPS = pathlib.Path(__file__).resolve().parents[2] / "collide2d" / "tests" / "data" / "maps"


@pytest.mark.parametrize("name", ["level.tmx", "level.tmj"])
def test_a_tiled_layer_loads_as_maps_split_by_one_way_side_and_filter(name):
    level = c.load_tiled(MAPS / name)
    ground = [m for m in level.maps if m.layer == "Ground"]
    assert [m.one_way for m in ground] == [(0.0, -1.0), None]
    solid = ground[1]
    assert isinstance(solid.map, c.TileMap) and solid.map.cell_size == (16.0, 16.0)
    assert (solid.filter.layer, solid.filter.mask) == (0xFFFFFFFF, 0xFFFFFFFF)
    # A ray straight down onto the floor, whose top is at y = 64.
    hit = c.cast_ray(solid.map, (8, 0), (0, 1))
    assert (hit.point, hit.normal) == ((8.0, 64.0), (0.0, -1.0))
    water = next(m for m in level.maps if m.layer == "Water")
    assert water.filter == c.CollisionFilter(4, 1)
    assert [m.layer for m in level.maps if m.layer.startswith("Details")] == ["Details/Crates"]
    assert "Ground" in repr(ground[0])


def test_tiled_objects_come_through_as_shapes_with_their_properties():
    level = c.load_tiled(str(MAPS / "level.tmj"))
    by_name = {o.name: o for o in level.objects}
    crate = by_name["box"]
    assert (crate.layer, crate.id, crate.class_, crate.kind) == ("Objects", 1, "crate", "rectangle")
    assert crate.properties == {"health": 3, "label": "wooden", "heavy": True, "weight": 2.5}
    assert type(crate.properties["health"]) is int and type(crate.properties["heavy"]) is bool
    assert crate.shapes == [c.Aabb((16, 16), (48, 32))]
    assert by_name["spawn"].shapes == [(24.0, 56.0)]
    assert isinstance(by_name["coin"].shapes[0], c.Circle)
    assert isinstance(by_name["turned"].shapes[0], c.Obb)
    assert isinstance(by_name["tri"].shapes[0], c.ConvexPolygon)
    ell = by_name["ell"].shapes[0]
    assert isinstance(ell, c.Polygon) and c.intersects(ell, (135, 75)) and not c.intersects(ell, (145, 75))
    assert [type(s) for s in by_name["rail"].shapes] == [c.Segment, c.Segment]
    assert isinstance(by_name["pill"].shapes[0], c.Capsule)
    assert (by_name["flag"].layer, by_name["flag"].class_) == ("Details/Markers", "marker")


def test_a_loaded_one_way_map_goes_into_a_world_with_its_side():
    level = c.load_tiled(MAPS / "level.tmx")
    ledge = next(m for m in level.maps if m.layer == "Ground" and m.one_way == (0.0, -1.0))
    world = c.World()
    h = ledge.insert_into(world, data="ledge")
    assert (world.one_way(h), world.data(h)) == ((0.0, -1.0), "ledge")
    # The ledge: the top 4 pixels of cells (6, 1) and (7, 1), y 16 to 20. A box below jumps up
    # through it, then lands on it.
    player = world.insert(c.Aabb((-4, -5), (4, 5)), c.Transform((112, 33)))
    jump = world.move_and_slide(player, (0, -30), up=(0, -1))
    assert jump.moved == (0.0, -30.0) and world.world_transform(player).translation == (112.0, 3.0)
    land = world.move_and_slide(player, (0, 20), up=(0, -1))
    assert land.on_floor and abs(world.world_transform(player).translation[1] - 11) < 0.05
    # Without its side the ledge blocks the jump.
    world.set_one_way(h, None)
    assert world.one_way(h) is None
    world.set_transform(player, c.Transform((112, 33)))
    blocked = world.move_and_slide(player, (0, -30), up=(0, -1))
    assert -10 < blocked.moved[1] < -7, blocked.moved  # its top stops under the ledge, at y = 20
    with pytest.raises(ValueError):
        world.set_one_way(h, (0, 0))
    with pytest.raises(ValueError):
        world.insert(c.Circle((0, 0), 1), one_way=(0, 0))
    assert len(world) == 2, "a refused insert leaves nothing behind"


def test_tiled_refusals_name_the_layer_and_the_tile_as_value_errors():
    with pytest.raises(ValueError, match=r'bad_one_way\.tmx: .*layer "Ledges"'):
        c.load_tiled(MAPS / "broken" / "bad_one_way.tmx")
    with pytest.raises(ValueError, match=r"unknown_gid\.tmj"):
        c.load_tiled(MAPS / "broken" / "unknown_gid.tmj")
    with pytest.raises(ValueError, match=r"\.tmx or \.tmj"):
        c.load_tiled(MAPS / "level.ldtk")
    with pytest.raises(OSError, match="nowhere.tmj"):
        c.load_tiled(MAPS / "nowhere.tmj")


def test_ldtk_levels_load_with_rules_entities_and_fields():
    levels = c.load_ldtk(MAPS / "level.ldtk")
    first = levels[0]
    assert (first.world, first.identifier, first.origin, first.size) == ("", "Level_0", (0.0, 0.0), (160.0, 96.0))
    assert first.fields["music"] == "caves"
    walls = first.maps[0]
    assert (walls.layer, walls.one_way, walls.map.origin, walls.map.width) == ("Collisions", None, (0.0, 32.0), 10)
    [player] = first.entities
    assert (player.layer, player.identifier, player.tags) == ("Entities", "Player", ["hero"])
    assert player.aabb == c.Aabb((16, 40), (32, 64))
    assert player.fields["lives"] == 3 and player.fields["checkpoint"] == {"cx": 7, "cy": 1}

    slope = [(0, 1), (1, 0), (1, 1)]
    rules = {"platform": {"one_way": (0, -1)}, 3: {"shape": slope, "filter": c.CollisionFilter(2, 3)}, 1: "empty"}
    levels = c.load_ldtk(MAPS / "level.ldtk", rules=rules)
    [platforms] = levels[0].maps
    assert (platforms.one_way, platforms.map.origin, platforms.map.width) == ((0.0, -1.0), (96.0, 32.0), 2)
    [slopes] = levels[1].maps
    assert (slopes.filter, slopes.map.origin) == (c.CollisionFilter(2, 3), (212.0, 56.0))
    # The platform lets a ball up through it and stops one falling onto it, as inserted.
    world = c.World()
    platforms.insert_into(world)
    assert world.cast_shape(c.Circle((104, 56), 4), (0, -50)) is None
    assert world.cast_shape(c.Circle((104, 0), 4), (0, 64)) is not None


def test_ldtk_refusals_name_the_level_and_layer():
    with pytest.raises(ValueError, match=r'level "Short", layer "Solids"'):
        c.load_ldtk(MAPS / "broken" / "short_grid.ldtk")
    with pytest.raises(ValueError, match=r"rules\[3\]"):
        c.load_ldtk(MAPS / "level.ldtk", rules={3: "half"})
    with pytest.raises(ValueError, match='unknown key "side"'):
        c.load_ldtk(MAPS / "level.ldtk", rules={3: {"side": (0, 1)}})
    with pytest.raises(TypeError, match="IntGrid value"):
        c.load_ldtk(MAPS / "level.ldtk", rules={2.5: "solid"})
