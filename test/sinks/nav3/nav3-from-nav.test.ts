/**
 * navgen's nav → NAV3 on a hand-made nav (no map) and on city's doors: node flags and origins,
 * radii, link types by rise, one traversal for every jump, drop and ladder link and none for
 * walks, and edicts that name a door by the engine's model index (inline model + 1).
 */
import { describe, expect, it } from 'vitest';
import {
  nav3LinkType,
  nav3NodeFlag,
  NAV3_LINK_TYPES,
} from '../../../src/nav/formats/nav3/layout.js';
import { decodeNav3 } from '../../../src/nav/formats/nav3/read.js';
import { encodeNav3 } from '../../../src/nav/formats/nav3/write.js';
import { defaultNodeTypes as T } from '../../../src/nav/node-types.js';
import type { NavFile, NavLink, Vec3 } from '../../../src/nav/types.js';
import { readBsp } from '../../../src/sources/bsp/read-bsp.js';
import { engineModelIndex, moversOf, segmentCrosses } from '../../../src/sinks/nav3/movers.js';
import { nav3FromNav } from '../../../src/sinks/nav3/nav3-from-nav.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

function nav(nodes: { origin: Vec3; type: number; links: [number, number][] }[]): NavFile {
  return {
    version: 2,
    nodes: nodes.map((n, i) => ({
      area: 0,
      origin: n.origin,
      type: n.type,
      nodenum: i,
      inuse: 1,
      links: n.links.map(([target, targetType]): NavLink => ({ target, targetType, cost: 0 })),
    })),
  };
}

describe('nav3FromNav without a map', () => {
  const source = nav([
    {
      origin: [0, 0, 24],
      type: T.MOVE,
      links: [
        [1, T.MOVE],
        [2, T.JUMP],
        [3, T.JUMP],
        [4, T.STAND_DROP],
      ],
    },
    { origin: [40, 0, 24], type: T.WATER, links: [[0, T.MOVE]] },
    { origin: [0, 200, 24], type: T.MOVE, links: [[0, T.JUMP]] },
    { origin: [200, 0, 64], type: T.CROUCH, links: [[5, T.LADDER]] },
    { origin: [0, -300, -200], type: T.MOVE, links: [] },
    { origin: [200, 16, 200], type: T.LADDER, links: [] },
  ]);
  const { nav3, stats } = nav3FromNav(source, T, null, { clusterRadius: 48 });

  it('stands nodes on the ground and flags water, crouch and ladder nodes', () => {
    expect(nav3.nodes.map((n) => n.origin[2])).toEqual([0, 0, 0, 40, -224, 176]);
    expect(nav3.nodes.map((n) => n.flags)).toEqual([
      0,
      nav3NodeFlag('UnderWater'),
      0,
      nav3NodeFlag('Crouch'),
      0,
      nav3NodeFlag('Ladder'),
    ]);
  });

  it('radius: half the cluster radius, at most half the way to the nearest node', () => {
    expect(nav3.nodes[0].radius).toBe(20); // node 1 is 40 away
    expect(nav3.nodes[2].radius).toBe(24);
  });

  it('types links by what they do and gives every jump, drop and climb a traversal', () => {
    const types = nav3.links.map((l) => NAV3_LINK_TYPES[l.type]);
    expect(types).toEqual([
      'Walk',
      'LongJump',
      'BarrierJump',
      'WalkOffLedge',
      'Walk',
      'LongJump',
      'Ladder',
    ]);
    expect(nav3.links.map((l) => l.traversal)).toEqual([-1, 0, 1, 2, -1, 3, 4]);
    expect(stats).toMatchObject({ nodes: 6, links: 7, traversals: 5, edicts: 0 });
    // Without the map the funnel is the source's radius toward the target, the move node to node.
    expect(nav3.traversals[0]).toEqual({
      funnel: [0, 20, 0],
      start: [0, 0, 0],
      end: [0, 200, 0],
      ladderPlane: [0, 0, 0],
    });
    // Each node's links are one run, in node order.
    expect(nav3.nodes.map((n) => [n.firstLink, n.linkCount])).toEqual([
      [0, 4],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 0],
      [7, 0],
    ]);
    expect(decodeNav3(encodeNav3(nav3), 'x.nav').nav).toEqual(nav3);
    expect(nav3.links[6].type).toBe(nav3LinkType('Ladder'));
  });
});

describeFixtures('nav3FromNav on city', () => {
  it('names the doors a link passes through by model index (inline model + 1) and marks the node', async () => {
    const map = await readBsp(fixture('maps', 'city.bsp'));
    const movers = moversOf(map.entities, map.world);
    const door = movers.find((m) => m.kind === 'door');
    expect(door).toBeDefined();
    const inline = map.entities
      .map((e) => e.keyValues.find(([k]) => k === 'model')?.[1])
      .filter((m): m is string => !!m && m.startsWith('*'))
      .map((m) => Number(m.slice(1)));
    expect(inline.map(engineModelIndex)).toContain(door!.model);
    // Two nodes either side of the door's box, on its longest horizontal axis.
    const c = [0, 1, 2].map((k) => (door!.mins[k] + door!.maxs[k]) / 2);
    const k = door!.maxs[0] - door!.mins[0] > door!.maxs[1] - door!.mins[1] ? 1 : 0;
    const a = [...c] as Vec3;
    const b = [...c] as Vec3;
    a[k] = door!.mins[k] - 40;
    b[k] = door!.maxs[k] + 40;
    expect(segmentCrosses(door!, a, b, 16)).toBe(true);
    const { nav3 } = nav3FromNav(
      nav([
        { origin: a.map(Math.fround) as Vec3, type: T.MOVE, links: [[1, T.MOVE]] },
        { origin: b.map(Math.fround) as Vec3, type: T.MOVE, links: [] },
      ]),
      T,
      map,
    );
    expect(nav3.edicts).toHaveLength(1);
    expect(nav3.edicts[0]).toMatchObject({ link: 0, model: door!.model });
    expect(nav3.nodes[0].flags & nav3NodeFlag('CheckDoorLinks')).not.toBe(0);
  });

  it('numbers inline models as the server does, skipping the reserved player index', () => {
    expect([1, 2, 253, 254, 255].map(engineModelIndex)).toEqual([2, 3, 254, 256, 257]);
  });
});
