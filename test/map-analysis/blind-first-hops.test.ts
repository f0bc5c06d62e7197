/**
 * The blind first hop on a box world whose answers are known: a floor with a wall standing on
 * it from y = 0 northwards. Node C is south-west of the wall's end and links round the end to
 * node E on the east side; from C the way is clear, but a bot standing at P, north of C on the
 * west side, picks C and then walks straight at E, into the wall.
 */
import { describe, expect, it } from 'vitest';
import { box, syntheticWorld } from './synthetic-world.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import {
  countBlindFirstHops,
  firstHops,
  type HopGraph,
} from '../../src/map-analysis/blind-first-hops.js';
import { pickUpIndex, pickUpNode, sweepsClear } from '../../src/map-analysis/pick-up.js';
import { firstHopNodeDefaults, firstHopNodes } from '../../src/map-analysis/first-hop-nodes.js';
import type { ReadonlyVec3 } from '../../src/geometry/vec3.js';

const SOLID = 1;
const Z = 24.125;
const w = syntheticWorld([
  box([-512, -512, -32], [512, 512, 0], SOLID),
  box([-8, 0, 0], [8, 512, 300], SOLID),
  box([-512, -512, 300], [512, 512, 332], SOLID),
]);
const model = buildCollisionModel(w);
const C: ReadonlyVec3 = [-30, -30, Z];
const E: ReadonlyVec3 = [60, -20, Z];
const W: ReadonlyVec3 = [-110, -30, Z];
const P: ReadonlyVec3 = [-30, 40, Z];

describe('blind first hops', () => {
  it('the bot picks the nearest node in reach within 96 units and 60 in height (pick-up.ts)', () => {
    const g: HopGraph = { origins: [E, C], targets: [[1], [0]] };
    const idx = pickUpIndex(g.origins);
    expect(pickUpNode(model, idx, P)).toBe(1);
    // E is 78 units from P but behind the wall.
    expect(sweepsClear(model, P, E)).toBe(false);
    expect(pickUpNode(model, idx, [-30, 70, Z])).toBe(-1); // C is 100 away
    const high = pickUpIndex([[-30, -30, Z + 61]]);
    expect(pickUpNode(model, high, P)).toBe(-1);
    // Equal distances: the lower index.
    const twins = pickUpIndex([
      [-60, 40, Z],
      [-30, 70, Z],
      [-30, 10, Z],
    ]);
    expect(pickUpNode(model, twins, P)).toBe(0);
  });

  it('a link from the picked node to a node the place cannot see is blind; all blind is a trap', () => {
    const onlyEast: HopGraph = { origins: [C, E], targets: [[1], [0]] };
    expect(firstHops(model, pickUpIndex(onlyEast.origins), onlyEast.targets, P)).toEqual({
      node: 0,
      hops: 1,
      blind: [1],
    });
    const c = countBlindFirstHops(model, onlyEast, [P, C]);
    expect(c).toMatchObject({ places: 2, picked: 2, someBlind: 1, allBlind: 1, trapNodes: 1 });
    expect(c.traps).toEqual([{ place: P, node: 0 }]);
    // With a second link westwards the bot at P still walks into the wall for goals east.
    const both: HopGraph = { origins: [C, E, W], targets: [[1, 2], [0], [0]] };
    expect(countBlindFirstHops(model, both, [P])).toMatchObject({ someBlind: 1, allBlind: 0 });
  });

  it('a node at the blind place, linked to what it reaches, leaves no blind hop there', () => {
    const g: HopGraph = { origins: [C, E, W], targets: [[1, 2], [0], [0]] };
    const r = firstHopNodes(model, g, [P], () => true);
    expect(r.origins).toEqual([P]);
    expect(r.blindPlaces).toBe(1);
    // Linked both ways with C and W (in reach), not with E (behind the wall).
    expect(r.links).toEqual([
      { from: 3, to: 0 },
      { from: 0, to: 3 },
      { from: 3, to: 2 },
      { from: 2, to: 3 },
    ]);
    const grown: HopGraph = {
      origins: [...g.origins, ...r.origins],
      targets: [[1, 2, 3], [0], [0, 3], [0, 2]],
    };
    expect(countBlindFirstHops(model, grown, [P])).toMatchObject({ picked: 1, someBlind: 0 });
  });

  it('a picked node with no links is a trap; a node at the place gives it a way out', () => {
    // C links nowhere (a spawn node whose ways out were all recorded bad); E and W link to it.
    const g: HopGraph = { origins: [C, E, W], targets: [[], [0], [0]] };
    expect(firstHops(model, pickUpIndex(g.origins), g.targets, P)).toEqual({
      node: 0,
      hops: 0,
      blind: [],
    });
    expect(countBlindFirstHops(model, g, [P])).toMatchObject({ someBlind: 0, allBlind: 1 });
    const r = firstHopNodes(model, g, [P], () => true);
    expect(r.origins).toEqual([P]);
    // The new node links both ways with C and W; so C now leads somewhere.
    expect(r.links).toContainEqual({ from: 0, to: 3 });
    expect(r.links).toContainEqual({ from: 3, to: 2 });
    // On C itself no second node: the place is the node's own.
    expect(firstHopNodes(model, g, [C], () => true)).toMatchObject({ origins: [], unlinked: 1 });
  });

  it('no node where the walk check refuses every link; a place already seeing its hops gets none', () => {
    const g: HopGraph = { origins: [C, E], targets: [[1], [0]] };
    const refused = firstHopNodes(model, g, [P], () => false);
    expect(refused).toMatchObject({ origins: [], links: [], blindPlaces: 1, unlinked: 1 });
    expect(firstHopNodes(model, g, [C], () => true).origins).toEqual([]);
  });

  it('no second node where the picked node itself stands, even with a blind hop', () => {
    // Node 0 stands at P with a hop to E behind the wall; a node at P could link to W.
    const g: HopGraph = { origins: [P, E, W], targets: [[1], [0], []] };
    expect(firstHopNodes(model, g, [P], () => true)).toMatchObject({
      origins: [],
      blindPlaces: 1,
      unlinked: 1,
    });
    // A place beside it (not on it) gets its node.
    const beside: ReadonlyVec3 = [P[0] - 8, P[1], P[2]];
    expect(firstHopNodes(model, g, [beside], () => true).origins).toEqual([beside]);
  });

  it('no node whose links would take the graph past the link budget', () => {
    const g: HopGraph = { origins: [C, E, W], targets: [[1, 2], [0], [0]] };
    // The graph holds 4 links; the node at P brings 4 more.
    const opts = { ...firstHopNodeDefaults };
    expect(firstHopNodes(model, g, [P], () => true, { ...opts, maxTotalLinks: 8 }).origins).toEqual(
      [P],
    );
    expect(firstHopNodes(model, g, [P], () => true, { ...opts, maxTotalLinks: 7 })).toMatchObject({
      origins: [],
      links: [],
      unlinked: 1,
    });
  });
});
