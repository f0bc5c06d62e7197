/**
 * Edits made on a graph: each op on a small graph, matching by place within the radius (ties:
 * the lower index), outcomes that say why an edit did not fit; on the build's draft graph the
 * added links outlive the nav's link limit; on a .nav every untouched field stays and the
 * changed costs are the nav sink's.
 */
import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  applyEditsToNav,
  nearestNode,
  outcomeLine,
} from '../../../src/nav/edits/apply-edits.js';
import { EDIT_MATCH_RADIUS, type NavEdit } from '../../../src/nav/edits/nav-edit.js';
import { applyEditsToDraft } from '../../../src/pipeline/draft-edits.js';
import { graphToNav } from '../../../src/sinks/nav/graph-to-nav.js';
import { navFromGraph } from '../../../src/sinks/nav/nav-from-graph.js';
import { defaultNodeTypes as T } from '../../../src/nav/node-types.js';
import {
  nodeWithoutVotes,
  NO_LINK_EVIDENCE,
  type DraftGraph,
  type DraftLink,
} from '../../../src/stage/graph-types.js';
import type { NavFile, NavGraph } from '../../../src/nav/types.js';

interface N {
  origin: number[];
  type: string;
  tag: string;
}
interface L {
  from: number;
  to: number;
  type: string;
  tag?: string;
}

/** Four nodes on a line 100 units apart, linked both ways, 0→1 also by a JUMP. */
function line(): { nodes: N[]; links: L[] } {
  const nodes = [0, 1, 2, 3].map((i) => ({ origin: [i * 100, 0, 0], type: 'MOVE', tag: `n${i}` }));
  const links: L[] = [];
  for (let i = 0; i < 3; i++)
    links.push({ from: i, to: i + 1, type: 'MOVE' }, { from: i + 1, to: i, type: 'MOVE' });
  links.push({ from: 0, to: 1, type: 'JUMP' });
  return { nodes, links };
}

const makers = {
  link: (from: number, to: number, type: string, edit: number): L => ({
    from,
    to,
    type,
    tag: `edit ${edit}`,
  }),
  retyped: (n: N, type: string): N => ({ ...n, type }),
  moved: (n: N, origin: readonly number[]): N => ({ ...n, origin: [...origin] }),
};

const run = (edits: NavEdit[], g = line()) => applyEdits(g, edits, makers);
const pairs = (links: readonly L[]) => links.map((l) => `${l.from}>${l.to}:${l.type}`);

describe('applyEdits, op by op', () => {
  it('delete-node removes the node and its links and numbers the rest down', () => {
    const g = line();
    const { graph, outcomes } = run([{ op: 'delete-node', at: [105, 3, -2] }], g);
    expect(outcomes).toEqual([
      {
        index: 0,
        edit: { op: 'delete-node', at: [105, 3, -2] },
        applied: true,
        nodes: [[100, 0, 0]],
      },
    ]);
    expect(graph.nodes.map((n) => n.tag)).toEqual(['n0', 'n2', 'n3']);
    expect(pairs(graph.links)).toEqual(['1>2:MOVE', '2>1:MOVE']);
    // The graph given is as it was.
    expect(g.nodes).toHaveLength(4);
    expect(g.links).toHaveLength(7);
  });

  it('delete-link removes every link between the two nodes, or only the one of its type', () => {
    const typed = run([{ op: 'delete-link', from: [0, 0, 0], to: [100, 0, 0], type: 'JUMP' }]);
    expect(pairs(typed.graph.links)).toEqual([
      '0>1:MOVE',
      '1>0:MOVE',
      '1>2:MOVE',
      '2>1:MOVE',
      '2>3:MOVE',
      '3>2:MOVE',
    ]);
    const all = run([{ op: 'delete-link', from: [0, 0, 0], to: [100, 0, 0] }]);
    expect(pairs(all.graph.links)).toEqual([
      '1>0:MOVE',
      '1>2:MOVE',
      '2>1:MOVE',
      '2>3:MOVE',
      '3>2:MOVE',
    ]);
    expect(all.outcomes[0].applied).toBe(true);
  });

  it('add-link adds a link at the end, made by the graph, but not twice and not from a node to itself', () => {
    const { graph, outcomes } = run([
      { op: 'add-link', from: [0, 0, 0], to: [300, 0, 0], type: 'JUMP' },
      { op: 'add-link', from: [0, 0, 0], to: [300, 0, 0], type: 'JUMP' },
      { op: 'add-link', from: [0, 0, 0], to: [10, 0, 0], type: 'MOVE' },
    ]);
    expect(graph.links).toHaveLength(8);
    expect(graph.links[7]).toEqual({ from: 0, to: 3, type: 'JUMP', tag: 'edit 0' });
    expect(outcomes.map((o) => [o.applied, o.reason])).toEqual([
      [true, undefined],
      [false, 'the link already exists'],
      [false, 'from and to find the same node (0, 0, 0)'],
    ]);
    // Another type between the same nodes is another link.
    expect(
      run([{ op: 'add-link', from: [0, 0, 0], to: [100, 0, 0], type: 'STAND_DROP' }]).outcomes[0]
        .applied,
    ).toBe(true);
  });

  it('set-type and move-node change only that, keeping the node\u2019s other fields', () => {
    const { graph, outcomes } = run([
      { op: 'set-type', at: [200, 0, 0], type: 'LADDER' },
      { op: 'move-node', at: [300, 0, 0], to: [310, 5, 40] },
      { op: 'set-type', at: [200, 0, 0], type: 'LADDER' },
    ]);
    expect(graph.nodes[2]).toEqual({ origin: [200, 0, 0], type: 'LADDER', tag: 'n2' });
    expect(graph.nodes[3]).toEqual({ origin: [310, 5, 40], type: 'MOVE', tag: 'n3' });
    expect(graph.links).toHaveLength(7);
    expect(outcomes.map((o) => o.reason)).toEqual([
      undefined,
      undefined,
      'the node is already LADDER',
    ]);
  });

  it('applies edits in order, each on what the ones before left', () => {
    const { graph, outcomes } = run([
      { op: 'move-node', at: [300, 0, 0], to: [300, 500, 0] },
      // The node is no longer where it was, but where it was moved to.
      { op: 'delete-link', from: [200, 0, 0], to: [300, 0, 0] },
      { op: 'delete-link', from: [200, 0, 0], to: [300, 500, 0] },
      { op: 'delete-node', at: [0, 0, 0] },
      { op: 'add-link', from: [0, 0, 0], to: [100, 0, 0], type: 'MOVE' },
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, false, true, true, false]);
    expect(outcomes[1].reason).toBe('no node within 24 units of (300, 0, 0)');
    expect(outcomes[4].reason).toBe('no node within 24 units of (0, 0, 0)');
    expect(pairs(graph.links)).toEqual(['0>1:MOVE', '1>0:MOVE', '2>1:MOVE']);
  });
});

describe('matching by place', () => {
  it('finds a node 23 units away, not one 25 units away', () => {
    expect(EDIT_MATCH_RADIUS).toBe(24);
    const near = run([{ op: 'delete-node', at: [100, 23, 0] }]);
    expect(near.outcomes[0].applied).toBe(true);
    expect(near.graph.nodes.map((n) => n.tag)).toEqual(['n0', 'n2', 'n3']);
    // 3-D distance: 15² + 15² + 15² > 24².
    const far = run([
      { op: 'delete-node', at: [100, 25, 0] },
      { op: 'set-type', at: [215, 15, 15], type: 'JUMP' },
    ]);
    expect(far.outcomes.map((o) => o.applied)).toEqual([false, false]);
    expect(far.outcomes[0]).toEqual({
      index: 0,
      edit: { op: 'delete-node', at: [100, 25, 0] },
      applied: false,
      reason: 'no node within 24 units of (100, 25, 0)',
    });
    expect(far.graph.nodes).toHaveLength(4);
  });

  it('takes the nearest node, and the lower index of two at the same distance', () => {
    const nodes = [
      { origin: [0, 0, 0] },
      { origin: [20, 0, 0] },
      { origin: [10, 10, 0] },
      { origin: [10, -10, 0] },
    ];
    expect(nearestNode(nodes, [18, 0, 0])).toBe(1);
    expect(nearestNode(nodes, [10, 0, 0])).toBe(0); // 0 and 1 both 10 away (2 and 3 too)
    expect(nearestNode(nodes, [10, 1, 0])).toBe(2);
    expect(nearestNode(nodes, [500, 0, 0])).toBe(-1);
  });

  it('an edit that does not fit says which and why in one line', () => {
    const { outcomes } = run([{ op: 'delete-link', from: [10, 20, 0], to: [40, 50, 60] }]);
    expect(outcomeLine(outcomes[0])).toBe(
      'edits[0] delete-link (10, 20, 0) → (40, 50, 60): no node within 24 units of (40, 50, 60)',
    );
    const none = run([{ op: 'delete-link', from: [0, 0, 0], to: [200, 0, 0], type: 'JUMP' }]);
    expect(none.outcomes[0].reason).toBe('no such link of type JUMP');
  });
});

describe('the build\u2019s draft graph', () => {
  /** A hub with 40 voted links out, to 40 nodes round it. */
  function hub(): DraftGraph {
    const nodes = [
      { ...nodeWithoutVotes([0, 0, 0], 'MOVE', 'map'), source: 'votes' as const, weight: 10 },
    ];
    const links: DraftLink[] = [];
    for (let i = 0; i < 40; i++) {
      const a = (i / 40) * 2 * Math.PI;
      nodes.push({
        ...nodeWithoutVotes([Math.cos(a) * 200, Math.sin(a) * 200, 0], 'MOVE', 'map'),
        source: 'votes',
        weight: 10,
      });
      links.push({
        from: 0,
        to: i + 1,
        type: 'MOVE',
        ...NO_LINK_EVIDENCE,
        weight: 5 + i,
        demos: 3,
        votes: 9,
      });
    }
    return { nodes, links };
  }

  it('marks an added link, gives it no evidence but a weight the 32-link limit keeps', () => {
    const g = hub();
    // The link the limit would drop first: the least weight (to node 1); delete it and add it back.
    const target = g.nodes[1].origin;
    const { graph, outcomes } = applyEditsToDraft(g, [
      { op: 'delete-link', from: [0, 0, 0], to: [target[0], target[1], target[2]] },
      { op: 'add-link', from: [0, 0, 0], to: [target[0], target[1], target[2]], type: 'JUMP' },
    ]);
    expect(outcomes.every((o) => o.applied)).toBe(true);
    const added = graph.links[graph.links.length - 1];
    expect(added).toMatchObject({
      from: 0,
      to: 1,
      type: 'JUMP',
      demos: 0,
      votes: 0,
      airborne: 0,
      rise: 0,
      fromEdit: 1,
    });
    const { nav, stats } = graphToNav(graph, T);
    expect(stats.linksOverLimit).toBe(8);
    expect(nav.nodes[0].links).toHaveLength(32);
    expect(nav.nodes[0].links.some((l) => l.target === 1 && l.targetType === T.JUMP)).toBe(true);
    // Without the edit that link is the first to go.
    const plain = graphToNav(g, T).nav;
    expect(plain.nodes[0].links.some((l) => l.target === 1)).toBe(false);
  });

  it('a moved node keeps its evidence', () => {
    const g = hub();
    const { graph } = applyEditsToDraft(g, [{ op: 'move-node', at: [0, 0, 0], to: [1, 2, 3] }]);
    expect(graph.nodes[0]).toEqual({ ...g.nodes[0], origin: [1, 2, 3] });
  });
});

describe('applyEditsToNav', () => {
  /** A nav as the sink writes it, with fields of an engine-written file changed by hand. */
  function nav(): NavFile {
    const graph: NavGraph = {
      nodes: [
        { origin: [0, 0, 0], type: T.MOVE },
        { origin: [100, 0, 0], type: T.MOVE },
        { origin: [100, 100, 40], type: T.LADDER },
        { origin: [0, 100, 0], type: T.JUMP },
      ],
      links: [
        { from: 0, to: 1, type: T.MOVE, support: 1 },
        { from: 1, to: 0, type: T.MOVE, support: 1 },
        { from: 1, to: 2, type: T.LADDER, support: 1 },
        { from: 2, to: 1, type: T.MOVE, support: 1 },
        { from: 3, to: 0, type: T.JUMP, support: 1 },
        { from: 0, to: 3, type: T.MOVE, support: 1 },
      ],
    };
    const n = navFromGraph(graph);
    n.nodes.forEach((node, i) => (node.area = 7 + i));
    n.nodes[3].inuse = 0;
    n.nodes[0].links[0].cost = 12345; // a cost of the engine's own, kept where nothing changed
    return n;
  }

  it('keeps every field of untouched nodes and their costs, renumbers after a delete', () => {
    const before = nav();
    const copy = structuredClone(before);
    const { nav: out, outcomes } = applyEditsToNav(
      before,
      [{ op: 'delete-node', at: [100, 0, 0] }],
      T,
    );
    expect(outcomes[0].applied).toBe(true);
    expect(before).toEqual(copy); // not mutated
    expect(out.version).toBe(before.version);
    expect(out.nodes.map((n) => n.nodenum)).toEqual([0, 1, 2]);
    expect(out.nodes.map((n) => n.area)).toEqual([7, 9, 10]);
    expect(out.nodes[2].inuse).toBe(0);
    expect(out.nodes[0].links).toEqual([
      { target: 2, targetType: T.MOVE, cost: before.nodes[0].links[1].cost },
    ]);
    expect(out.nodes[2].links).toEqual([
      { target: 0, targetType: T.JUMP, cost: before.nodes[3].links[0].cost },
    ]);
    expect(out.nodes[1].links).toEqual([]);
  });

  it('an added link goes last, with the cost the nav sink gives it', () => {
    const { nav: out } = applyEditsToNav(
      nav(),
      [
        { op: 'add-link', from: [0, 0, 0], to: [100, 100, 40], type: 'JUMP' },
        { op: 'add-link', from: [0, 100, 0], to: [100, 100, 40], type: 'MOVE' },
      ],
      T,
    );
    expect(out.nodes[0].links.map((l) => l.target)).toEqual([1, 3, 2]);
    expect(out.nodes[0].links[0].cost).toBe(12345);
    // The sink's nav of the same graph: a ladder entry and a jump cost more.
    const sink = navFromGraph({
      nodes: out.nodes.map((n) => ({ origin: n.origin, type: n.type })),
      links: [
        { from: 0, to: 2, type: T.JUMP, support: 1 },
        { from: 3, to: 2, type: T.MOVE, support: 1 },
      ],
    });
    expect(out.nodes[0].links[2]).toEqual(sink.nodes[0].links[0]);
    expect(out.nodes[3].links[1]).toEqual(sink.nodes[3].links[0]);
    expect(out.nodes[0].links[2].cost).toBeGreaterThan(1024); // distance + ladder entry + jump
  });

  it('a moved or retyped node\u2019s links get the sink\u2019s costs, the origin float32', () => {
    const { nav: out } = applyEditsToNav(
      nav(),
      [
        { op: 'move-node', at: [100, 0, 0], to: [150.1, 0.3, 0] },
        { op: 'set-type', at: [0, 100, 0], type: 'LADDER' },
      ],
      T,
    );
    expect(out.nodes[1].origin).toEqual([Math.fround(150.1), Math.fround(0.3), 0]);
    expect(out.nodes[3].type).toBe(T.LADDER);
    expect(out.nodes[1].area).toBe(8);
    const sink = navFromGraph({
      nodes: out.nodes.map((n) => ({ origin: n.origin, type: n.type })),
      links: out.nodes.flatMap((n, from) =>
        n.links.map((l) => ({ from, to: l.target, type: l.targetType, support: 1 })),
      ),
    });
    const cost = (nv: NavFile, a: number, b: number) =>
      nv.nodes[a].links.find((l) => l.target === b)!.cost;
    // Links of the moved node, either way, and into the node that became a ladder.
    for (const [a, b] of [
      [0, 1],
      [1, 0],
      [1, 2],
      [2, 1],
      [0, 3],
      [3, 0],
    ])
      expect(cost(out, a, b), `${a}→${b}`).toBe(cost(sink, a, b));
    expect(cost(out, 0, 3)).toBeGreaterThan(512);
  });

  it('reports edits that do not fit and leaves the nav as it was for them', () => {
    const before = nav();
    const { nav: out, outcomes } = applyEditsToNav(
      before,
      [
        { op: 'delete-link', from: [0, 0, 0], to: [100, 100, 40] },
        { op: 'add-link', from: [0, 0, 0], to: [100, 0, 0], type: 'MOVE' },
      ],
      T,
    );
    expect(outcomes.map((o) => o.reason)).toEqual(['no such link', 'the link already exists']);
    expect(out).toEqual(before);
  });
});
