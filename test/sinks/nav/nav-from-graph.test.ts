/** Graph → NavFile: float32 origins, best link per pair, link limit, engine costs, writable result. */
import { describe, expect, it } from 'vitest';
import { JUMP_LINK_COST, LADDER_ENTRY_COST } from '../../../src/nav/link-cost.js';
import { defaultNodeTypes } from '../../../src/nav/node-types.js';
import type { NavGraph } from '../../../src/nav/types.js';
import { encodeNav } from '../../../src/nav/formats/aqtion/encode.js';
import { navFromGraph } from '../../../src/sinks/nav/nav-from-graph.js';

const { MOVE, JUMP, STAND_DROP } = defaultNodeTypes;

describe('navFromGraph', () => {
  it('builds an engine-safe nav: float32 origins, costs, nodenum = index, inuse 1', () => {
    const graph: NavGraph = {
      nodes: [
        { origin: [0.1, 0, 0], type: MOVE },
        { origin: [3.1, 4, 0], type: MOVE },
      ],
      links: [
        { from: 0, to: 1, type: MOVE, support: 2 },
        { from: 1, to: 0, type: MOVE, support: 2 },
      ],
    };
    const nav = navFromGraph(graph);
    expect(nav.version).toBe(2);
    expect(nav.nodes[0]).toMatchObject({ area: 0, nodenum: 0, inuse: 1, type: MOVE });
    expect(nav.nodes[0].origin[0]).toBe(Math.fround(0.1));
    // 3.1f - 0.1f rounds to 3 in float32, so the cost is the 3-4-5 distance.
    expect(nav.nodes[0].links).toEqual([{ target: 1, targetType: MOVE, cost: 5 }]);
    expect(() => encodeNav(nav)).not.toThrow();
  });

  it('adds the ladder entry cost to links into a ladder node from another node only', () => {
    const { LADDER } = defaultNodeTypes;
    const graph: NavGraph = {
      nodes: [
        { origin: [0, 0, 0], type: MOVE },
        { origin: [3, 4, 0], type: LADDER },
        { origin: [3, 4, 100], type: LADDER },
      ],
      links: [
        { from: 0, to: 1, type: LADDER, support: 1 },
        { from: 1, to: 0, type: MOVE, support: 1 },
        { from: 1, to: 2, type: LADDER, support: 1 },
      ],
    };
    const nav = navFromGraph(graph);
    expect(nav.nodes[0].links[0].cost).toBe(5 + LADDER_ENTRY_COST);
    expect(nav.nodes[1].links.map((l) => l.cost)).toEqual([5, 100]);
    expect(() => encodeNav(nav)).not.toThrow();
  });

  it('adds the jump cost to JUMP links only (a limping bot cannot jump: paths walk round)', () => {
    const graph: NavGraph = {
      nodes: [
        { origin: [0, 0, 0], type: MOVE },
        { origin: [3, 4, 0], type: MOVE },
      ],
      links: [
        { from: 0, to: 1, type: JUMP, support: 1 },
        { from: 1, to: 0, type: MOVE, support: 1 },
      ],
    };
    const nav = navFromGraph(graph);
    expect(nav.nodes[0].links[0].cost).toBe(5 + JUMP_LINK_COST);
    expect(nav.nodes[1].links[0].cost).toBe(5);
  });

  it('leaves out the links into a small place only a jump leads out of (a limp trap)', () => {
    // A corridor of 40 nodes 100 units apart; a pocket of two beside its end, entered by a
    // drop and left only by a jump.
    const nodes: NavGraph['nodes'] = Array.from({ length: 42 }, (_, i) => ({
      origin: [i * 100, 0, i >= 40 ? -100 : 0],
      type: MOVE,
    }));
    const links: NavGraph['links'][number][] = [];
    for (let i = 0; i + 1 < 40; i++)
      links.push(
        { from: i, to: i + 1, type: MOVE, support: 1 },
        { from: i + 1, to: i, type: MOVE, support: 1 },
      );
    links.push(
      { from: 39, to: 40, type: STAND_DROP, support: 1 },
      { from: 40, to: 41, type: MOVE, support: 1 },
      { from: 41, to: 40, type: MOVE, support: 1 },
      { from: 41, to: 39, type: JUMP, support: 1 },
    );
    const targets = (g: NavGraph) => navFromGraph(g).nodes.map((n) => n.links.map((l) => l.target));
    const closed = targets({ nodes, links });
    expect(closed[39]).toEqual([38]);
    expect(closed[40]).toEqual([41]);
    expect(closed[41]).toEqual([39, 40]);
    // A walk back out of the pocket: no trap, the drop stays.
    links.push({ from: 40, to: 39, type: MOVE, support: 1 });
    expect(targets({ nodes, links })[39]).toEqual([38, 40]);
  });

  it('keeps the best-supported link of a pair, lower type on ties', () => {
    const graph: NavGraph = {
      nodes: [
        { origin: [0, 0, 100], type: MOVE },
        { origin: [0, 0, 0], type: MOVE },
      ],
      links: [
        { from: 0, to: 1, type: STAND_DROP, support: 3 },
        { from: 0, to: 1, type: MOVE, support: 1 },
        { from: 1, to: 0, type: JUMP, support: 2 },
        { from: 1, to: 0, type: MOVE, support: 2 },
      ],
    };
    const nav = navFromGraph(graph);
    expect(nav.nodes[0].links.map((l) => l.targetType)).toEqual([STAND_DROP]);
    expect(nav.nodes[1].links.map((l) => l.targetType)).toEqual([MOVE]);
  });

  it('limits links per node, keeping the strongest, listed by target', () => {
    const nodes = Array.from({ length: 40 }, (_, i) => ({
      origin: [i * 16, 0, 0] as [number, number, number],
      type: MOVE,
    }));
    const links = nodes
      .slice(1)
      .map((_, i) => ({ from: 0, to: i + 1, type: MOVE, support: i + 1 }));
    const nav = navFromGraph({ nodes, links: links.reverse() });
    // Supports are 1..39 for targets 1..39: the 32 strongest are targets 8..39.
    expect(nav.nodes[0].links.map((l) => l.target)).toEqual(
      Array.from({ length: 32 }, (_, i) => i + 8),
    );
    expect(
      navFromGraph({ nodes, links }, { maxLinksPerNode: 3 }).nodes[0].links.map((l) => l.target),
    ).toEqual([37, 38, 39]);
  });

  it('refuses self-links, links to missing nodes and bad limits', () => {
    const nodes = [{ origin: [0, 0, 0] as [number, number, number], type: MOVE }];
    expect(() =>
      navFromGraph({ nodes, links: [{ from: 0, to: 0, type: MOVE, support: 1 }] }),
    ).toThrow(/itself/);
    expect(() =>
      navFromGraph({ nodes, links: [{ from: 0, to: 1, type: MOVE, support: 1 }] }),
    ).toThrow(RangeError);
    expect(() => navFromGraph({ nodes, links: [] }, { maxLinksPerNode: 33 })).toThrow(RangeError);
  });
});
