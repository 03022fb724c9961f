// Compiled by `tsc --noEmit --strict` in CI: the package's types cover what its README and
// tests do, and refuse what they should (each @ts-expect-error must be an error).
import * as c2d from '../../pkg/index.js';

await c2d.init();
const player: c2d.Circle = c2d.circle({ x: 1.5, y: 0 }, 1);
const wall = c2d.box([2, -5], [3, 5]);
const hit: c2d.Contact | null = c2d.contact(wall, player);
const depth: number = hit?.depth ?? 0;
const frame = c2d.concavePolygon([[0, 0], [4, 0], [4, 4], [0, 4]], [[[1, 1], [3, 1], [3, 3], [1, 3]]]);
frame.free();
const traced: c2d.ConcavePolygon[] = c2d.trace({ data: new Uint8ClampedArray(4), width: 1, height: 1 }, { detail: 'less' });

const world = new c2d.World();
const id: number = world.insert(wall, { position: [1, 2], layer: 1, mask: 2, sensor: false, oneWay: [0, 1] });
world.setTransforms(Float64Array.of(id), Float32Array.of(0, 0, 0));
const events: c2d.StepEvents = world.step();
const first: c2d.ContactEvent | undefined = events.started[0];
const arrays: Float64Array = world.stepArrays().ongoing;
const ray: c2d.WorldRayHit | null = world.castRay([0, 0], [1, 0], { maxDistance: 5, ignore: [id] });
const casts: c2d.WorldCastHit[] = world.castShapeAll(player, [1, 0], { maxTime: 2, sensors: true });
const moved: c2d.MoveResult = world.moveAndSlide(id, [1, 0], { up: [0, -1], stepHeight: 0.5 });
const floor: number | null = moved.floor;
const rider = new c2d.CharacterController({ stepHeight: 0.4, snapDistance: 0.5 });
const ride: c2d.MoveResult = rider.moveAndSlide(world, id, [0, -0.1]);
const carried: c2d.Vec2 = ride.platformMotion;
const standing: number | null = rider.floor;
const up: c2d.Vec2 = rider.options.up;
rider.options = { maxSlope: 0.8 };
rider.forgetFloor();
rider.free();
const kept: c2d.Contact = c2d.makeContact();
const touching: boolean = c2d.contactInto(wall, player, kept, { budget: 0 });
c2d.initSync(new Uint8Array(0));
const level: c2d.TileMap = c2d.tileMap({ ids: [0, 1, 2, 1], width: 2, height: 2, cellSize: [16, 16], tiles: { 1: 'solid', 2: [[0, 1], [1, 0], [1, 1]] } });
level.setTile(0, 0, 1);
const tile: number | undefined = level.tileId(1, 1);
world.setTile(world.insert(level), 1, 1, 0);
const loaded: c2d.TiledLevel = c2d.loadTiled('{}', { readFile: (path: string) => path });
for (const m of loaded.maps) world.insert(m.map, { oneWay: m.oneWay, ...m.filter });
const health: c2d.PropertyValue | undefined = loaded.objects[0]?.properties['health'];
const shapes: c2d.Shape[] | undefined = loaded.objects[0]?.shapes;
const caves: c2d.LdtkLevel[] = c2d.loadLdtk('{}', { rules: { platform: { oneWay: [0, -1] }, 3: [[0, 1], [1, 0], [1, 1]], 4: 'empty' } });
const hero: c2d.Box | undefined = caves[0]?.entities[0]?.box;
world.free();

// @ts-expect-error a tile is 'solid' or points
c2d.tileMap({ ids: [1], width: 1, height: 1, tiles: { 1: 'half' } });
// @ts-expect-error readFile gives text or bytes
c2d.loadTiled('{}', { readFile: (path: string) => 3 });
// @ts-expect-error a rule's side is a vector
c2d.loadLdtk('{}', { rules: { platform: { oneWay: 'up' } } });
// @ts-expect-error a radius is a number
c2d.circle([0, 0], '1');
// @ts-expect-error vectors have two numbers
c2d.box([0, 0, 0], [1, 1]);
// @ts-expect-error detail is one of four words
c2d.trace({ data: new Uint8Array(4), width: 1, height: 1 }, { detail: 'fine' });
// @ts-expect-error the mover's options are named
world.moveAndSlide(id, [1, 0], { gravity: 9.8 });
// @ts-expect-error a controller moves a collider of a world
rider.moveAndSlide(id, [1, 0]);

export { depth, traced, first, arrays, ray, casts, floor, tile, carried, standing, up, touching };
