/**
 * The bot's node pick-up (`pick-up.ts`), the places pressed into walls and corners
 * (`stand-places.ts`) and `fill`'s step that puts a node within pick-up of each
 * (`within-reach.ts`), on a room whose far corner no node is within the engine's 96 units of.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { pickUpIndex, pickUpNode } from '../../src/map-analysis/pick-up.js';
import { wallSlides } from '../../src/map-analysis/stand-places.js';
import { coverWithinReach } from '../../src/map-analysis/within-reach.js';
import { nodeWithoutVotes } from '../../src/stage/graph-types.js';
import type { Vec3 } from '../../src/geometry/vec3.js';

const SOLID = 1;
// A room x, y in [0, 320], floor at z 0 (standing origin z 24), walls 128 high; a pillar
// x in [200, 232], y in [40, 72]; a 40-unit crate x, y in [96, 128] × [200, 232].
const w = syntheticWorld([
  box([-64, -64, -32], [384, 384, 0], SOLID),
  box([-64, -64, 0], [0, 384, 128], SOLID),
  box([320, -64, 0], [384, 384, 128], SOLID),
  box([-64, -64, 0], [384, 0, 128], SOLID),
  box([-64, 320, 0], [384, 384, 128], SOLID),
  box([200, 40, 0], [232, 72, 128], SOLID),
  box([96, 200, 0], [128, 232, 40], SOLID),
  box([-64, -64, 128], [384, 384, 160], SOLID),
]);
const m = buildCollisionModel(w);
const Z = 24;

describe('pickUpNode: the engine\u2019s current node of a bot at a place', () => {
  const index = pickUpIndex([
    [160, 160, Z],
    [100, 160, Z],
    [216, 20, Z],
    [160, 100, Z + 61],
  ]);
  it('takes the nearest node less than 96 units away with a clear sweep', () => {
    expect(pickUpNode(m, index, [150, 160, Z])).toBe(0);
    expect(pickUpNode(m, index, [110, 160, Z])).toBe(1);
  });
  it('takes no node 96 units or more away', () => {
    expect(pickUpNode(m, index, [160, 160 + 96, Z])).toBe(-1);
    expect(pickUpNode(m, index, [160, 160 + 95, Z])).toBe(0);
  });
  it('takes no node more than 60 units above or below', () => {
    // Node 3 is 61 above: from right under it, node 0 (60 away) is taken instead.
    expect(pickUpNode(m, index, [160, 100, Z])).toBe(0);
  });
  it('a wall between blocks the sweep; a crate lower than the sweep\u2019s foot does not', () => {
    // From (216, 100) node 2 (80 away) is behind the pillar: node 0 (82 away) is taken.
    expect(pickUpNode(m, index, [216, 100, Z])).toBe(0);
    expect(pickUpNode(m, index, [216, 30, Z])).toBe(2);
    // The sweep starts 18 above the origin (42 above the floor): the 40-unit crate is under it.
    expect(pickUpNode(m, pickUpIndex([[112, 260, Z]]), [112, 180, Z])).toBe(0);
  });
});

describe('wallSlides: where the box ends up against the walls', () => {
  it('slides along the axes to the walls and along the diagonals into the corners', () => {
    const ends = wallSlides(w, [290, 290, Z], 64).map((p) => p[p.length - 1]);
    // The room's corner (304, 304) holds the box's centre 16 from both walls; slides end
    // within an eighth of a unit of the wall, on the floor.
    const near = (q: readonly number[]) =>
      ends.some(
        (e) =>
          Math.abs(e[0] - q[0]) <= 0.5 &&
          Math.abs(e[1] - q[1]) <= 0.5 &&
          Math.abs(e[2] - q[2]) <= 0.25,
      );
    expect(near([304, 304, Z])).toBe(true);
    expect(near([304, 290, Z])).toBe(true);
    expect(near([290, 304, Z])).toBe(true);
  });
  it('leaves out slides that do not move', () => {
    const slides = wallSlides(w, [16, 16, Z], 64);
    for (const s of slides) expect(s.length).toBeGreaterThan(1);
    expect(slides.length).toBeLessThan(8);
  });
});

describe('coverWithinReach: a node within pick-up of every place', () => {
  // Nodes in the room's south-west half only, joined both ways.
  const nodes = [
    nodeWithoutVotes([60, 60, Z], 'MOVE', 'map'),
    nodeWithoutVotes([140, 60, Z], 'MOVE', 'map'),
  ];
  const samples: Vec3[] = [];
  for (let x = 37; x < 320; x += 64) for (let y = 37; y < 320; y += 64) samples.push([x, y, Z]);
  const r = coverWithinReach(m, w, nodes, samples, {
    slideReach: 48,
    wallGap: 16,
    linkRadius: 128,
    maxLinks: 3,
    mayStand: null,
  });
  it('adds nodes until no place is left without one', () => {
    expect(r.stats.placesUncovered).toBeGreaterThan(0);
    expect(r.nodes.length).toBeGreaterThan(0);
    expect(r.stats.placesLeft).toBe(0);
    const index = pickUpIndex([...nodes, ...r.nodes].map((n) => n.origin));
    expect(pickUpNode(m, index, [304, 304, Z])).toBeGreaterThanOrEqual(0);
  });
  it('links every new node both ways', () => {
    r.nodes.forEach((_, k) => {
      const n = nodes.length + k;
      expect(r.links.some((l) => l.from === n)).toBe(true);
      expect(r.links.some((l) => l.to === n)).toBe(true);
    });
  });
  it('places nothing where a node is already within reach', () => {
    const none = coverWithinReach(m, w, nodes, [[60, 80, Z]], {
      slideReach: 0,
      wallGap: 16,
      linkRadius: 128,
      maxLinks: 3,
      mayStand: null,
    });
    expect(none.nodes).toEqual([]);
    expect(none.stats.placesUncovered).toBe(0);
  });
});
