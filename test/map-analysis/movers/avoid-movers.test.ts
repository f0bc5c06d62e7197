/**
 * Nodes and links out of movers' ways: what stands in or crosses a swept volume goes, the rest
 * stays renumbered, and a drop is tried as a walk out and a fall.
 */
import { describe, expect, it } from 'vitest';
import { avoidMovers } from '../../../src/map-analysis/movers/avoid-movers.js';
import type { MoverSweep } from '../../../src/map-analysis/movers/mover-volumes.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftGraph,
} from '../../../src/stage/graph-types.js';

/** A train track along x at y 0..64, floor height 0 (players stand at z 24). */
const track: MoverSweep = { mins: [-1000, 0, 0], maxs: [-900, 64, 96], move: [2000, 0, 0] };

function graph(origins: [number, number, number][], links: [number, number][]): DraftGraph {
  return {
    nodes: origins.map((o) => nodeWithoutVotes(o, 'MOVE', 'map')),
    links: links.map(([from, to]) => ({ from, to, type: 'MOVE', ...NO_LINK_EVIDENCE })),
  };
}

describe('avoidMovers', () => {
  it('removes the nodes on the track and renumbers the links of the rest', () => {
    const g = graph(
      [
        [0, -100, 24],
        [0, 32, 24],
        [100, -100, 24],
      ],
      [
        [0, 1],
        [1, 0],
        [0, 2],
        [2, 0],
      ],
    );
    const r = avoidMovers(g, [track], 0);
    expect(r.graph.nodes.map((n) => n.origin)).toEqual([
      [0, -100, 24],
      [100, -100, 24],
    ]);
    expect(r.graph.links.map((l) => [l.from, l.to])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(r.removedNodes).toEqual([[0, 32, 24]]);
    expect(r.removedLinks).toBe(0);
  });

  it('removes links across the track and keeps nodes clear of it by the clearance', () => {
    const g = graph(
      [
        [0, -60, 24],
        [0, 130, 24],
      ],
      [
        [0, 1],
        [1, 0],
      ],
    );
    const none = avoidMovers(g, [track], 0);
    expect(none.graph.nodes).toHaveLength(2);
    expect(none.graph.links).toEqual([]);
    expect(none.removedLinks).toBe(2);
    // The boxes stand 44 and 50 units beside the track: kept with 40 of clearance, not with 52.
    expect(avoidMovers(g, [track], 40).graph.nodes).toHaveLength(2);
    expect(avoidMovers(g, [track], 52).graph.nodes).toHaveLength(0);
  });

  it('tries a drop as a walk out at its start height and a fall', () => {
    // A ledge (feet at 200) and a landing 370 units on; a standing box (top 210) lies across
    // the way out at 300..400. The straight line is below it by then; a walker leaving the
    // ledge is not.
    const block: MoverSweep = { mins: [300, 100, 150], maxs: [400, 200, 210], move: [0, 0, 0] };
    const drop = graph(
      [
        [50, 150, 224],
        [420, 150, 24],
      ],
      [[0, 1]],
    );
    expect(avoidMovers(drop, [block], 0).graph.links).toEqual([]);
    // A drop that lands before the box keeps its link.
    const short = graph(
      [
        [50, 150, 224],
        [250, 150, 24],
      ],
      [[0, 1]],
    );
    expect(avoidMovers(short, [block], 0).graph.links).toHaveLength(1);
  });
});
