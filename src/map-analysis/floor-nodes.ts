/**
 * Map nodes on the floor `fill` found (the walk's and the way back's samples): a MOVE node on
 * every sample with no node of the graph within `minGap` on its floor. Demo nodes always win —
 * a sample near one adds nothing but stands for that node (its owner), so floor that joins two
 * nodes can propose a link between them (`floor-links.ts`). A node stands for a sample only
 * where `joins` says a player walks straight between them: on monastery a corridor's sample
 * 29 units from a demo node round a wall's corner was that node's, the walks along the corridor
 * led to the node and failed on the corner, and the corridor lost its nodes (real bots that
 * came that way stood at the corner 30 s at a time).
 */
import { nodeWithoutVotes, type DraftNode } from '../stage/graph-types.js';
import { sampleOrigin, type FloorGrid } from './floor-grid.js';
import { nodesNear, type NodeBuckets } from './node-buckets.js';

export interface FloorNodes {
  /** The samples, ascending (the order the nodes and their links are made in). */
  readonly samples: readonly number[];
  /** The new MOVE nodes (`source: 'map'`), in sample order; indices `first` on. */
  readonly nodes: readonly DraftNode[];
  /** Node index of each sample's own node; -1: none. [Length: floor samples] */
  readonly nodeOf: Int32Array;
  /**
   * The node that stands for each of the samples: its own, or else the nearest ground node of
   * the graph within `minGap` on its floor; -1: none. [Length: floor samples]
   */
  readonly owner: Int32Array;
}

/**
 * Places nodes on `samples`. `graph` holds the graph's nodes (indices 0 to `first` − 1),
 * `ground` says which are ground nodes.
 */
export function placeFloorNodes(
  grid: FloorGrid,
  samples: readonly number[],
  graph: NodeBuckets,
  ground: readonly boolean[],
  first: number,
  minGap: number,
  joins: ((sample: readonly number[], node: number) => boolean) | null = null,
): FloorNodes {
  const count = grid.floor.z.length;
  const sorted = [...samples].sort((x, y) => x - y);
  const nodes: DraftNode[] = [];
  const nodeOf = new Int32Array(count).fill(-1);
  const owner = new Int32Array(count).fill(-1);
  for (const q of sorted) {
    const p = sampleOrigin(grid, q);
    // The graph's nodes near the sample that a walk joins to it (each walk tried once).
    const near = nodesNear(graph, p, minGap).filter((e) => !joins || joins(p, e.n));
    if (near.length > 0) {
      const stands = near.find((e) => ground[e.n]);
      if (stands) owner[q] = stands.n;
      continue;
    }
    nodeOf[q] = owner[q] = first + nodes.length;
    nodes.push(nodeWithoutVotes(p, 'MOVE', 'map'));
  }
  return { samples: sorted, nodes, nodeOf, owner };
}
