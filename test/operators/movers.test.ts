/**
 * The movers stage: a train's track and a lift's shaft clear the graph, doors do not, a lift
 * gets its pair, and a pipeline without a BSP passes the graph on and says so.
 */
import { describe, expect, it } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { movers, type MoversMap } from '../../src/operators/movers.js';
import {
  nodeWithoutVotes,
  NO_LINK_EVIDENCE,
  type DraftGraph,
  type GraphEvent,
} from '../../src/stage/graph-types.js';
import type { Mover } from '../../src/map-analysis/movers/mover-volumes.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const world = syntheticWorld([
  box([-512, -512, -32], [0, 512, 0], 1),
  box([64, -512, 270], [512, 512, 300], 1),
]);
const mover = (kind: Mover['kind'], over: Partial<Mover>): Mover => ({
  classname: `func_${kind}`,
  model: 1,
  kind,
  line: 1,
  sweeps: [],
  lift: null,
  ...over,
});
const map: MoversMap = {
  world,
  movers: [
    // A train along y = -300 on the lower floor.
    mover('train', {
      sweeps: [{ mins: [-500, -332, 0], maxs: [-400, -268, 64], move: [380, 0, 0] }],
    }),
    // A door across y = 300 on the lower floor: the bots remove doors.
    mover('door', { sweeps: [{ mins: [-300, 290, 0], maxs: [-200, 310, 100], move: [0, 0, 90] }] }),
    // A lift in the shaft at x 0..64 from the lower floor to the upper one.
    mover('plat', {
      sweeps: [{ mins: [0, 0, -260], maxs: [64, 64, 300], move: [0, 0, -300] }],
      lift: { mins: [0, 0], maxs: [64, 64], bottomZ: 0, topZ: 300 },
    }),
  ],
};

const graph: DraftGraph = {
  nodes: [
    [-250, -300, 24], // on the track
    [-250, 300, 24], // in the door
    [-60, 32, 24], // beside the lift below
    [130, 32, 324], // beside the lift above
    [32, 32, 324], // over the shaft above
  ].map((o) => nodeWithoutVotes(o as [number, number, number], 'MOVE', 'map')),
  links: [
    { from: 2, to: 4, type: 'MOVE', ...NO_LINK_EVIDENCE },
    { from: 1, to: 2, type: 'MOVE', ...NO_LINK_EVIDENCE },
    { from: 0, to: 2, type: 'MOVE', ...NO_LINK_EVIDENCE },
  ],
};

async function run(load: () => Promise<MoversMap | null>): Promise<GraphEvent[]> {
  return lastValueFrom(
    from([{ kind: 'graph', graph } as GraphEvent]).pipe(movers({}, load), toArray()),
  );
}

describe('movers stage', () => {
  it('clears trains and lift shafts, keeps doors, and puts a pair on the lift', async () => {
    const out = await run(async () => map);
    const g = out.find((e) => e.kind === 'graph');
    if (g?.kind !== 'graph') throw new Error('no graph');
    expect(g.graph.nodes.map((n) => [n.type, n.origin])).toEqual([
      ['MOVE', [-250, 300, 24]],
      ['MOVE', [-60, 32, 24]],
      ['MOVE', [130, 32, 324]],
      ['PLATFORM', [32, 32, 24]],
      ['PLATFORM', [32, 32, 324]],
    ]);
    // The walk from the door node to the lift is kept (renumbered); the ones from the track and
    // to the node over the shaft went with their nodes; the pair's links are the lift's.
    expect(g.graph.links.map((l) => [l.from, l.to])).toEqual([
      [0, 1],
      [1, 3],
      [3, 1],
      [3, 4],
      [4, 2],
    ]);
    const s = out.find((e) => e.kind === 'summary');
    expect(s?.kind === 'summary' && s.data).toMatchObject({ nodesRemoved: 2, linksRemoved: 0 });
  });

  it('passes the graph on without a BSP, and says so', async () => {
    const out = await run(async () => null);
    expect(out[0]).toEqual({ kind: 'graph', graph });
    expect(out[1]).toMatchObject({
      kind: 'summary',
      stage: 'movers',
      data: { skipped: expect.any(String) },
    });
  });
});
