/**
 * Which nodes and links came from demos and which from the map: counted in the build's nav
 * statistics (report and summary) and drawn apart in the pictures (map nodes hollow).
 */
import { describe, expect, it } from 'vitest';
import { graphToNav } from '../../src/sinks/nav/graph-to-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { renderNavSvg } from '../../src/sinks/render/render-svg.js';
import type { DraftGraph, DraftNode } from '../../src/stage/graph-types.js';
import { navOf, line } from '../nav/nav-builder.js';

function node(x: number, source: DraftNode['source']): DraftNode {
  return {
    origin: [x, 0, 24.125],
    type: source === 'spawn' ? 'SPAWNPOINT' : 'MOVE',
    weight: source === 'votes' ? 1 : 0,
    demos: 1,
    votes: 1,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 0,
    source,
  };
}

const link = (from: number, to: number) => ({
  from,
  to,
  type: 'MOVE',
  weight: 1,
  demos: 1,
  votes: 1,
  airborne: 0,
  rise: 0,
});

describe('provenance', () => {
  it('counts nodes and links by source and marks map nodes', () => {
    const g: DraftGraph = {
      nodes: [
        node(0, 'votes'),
        node(64, 'votes'),
        node(128, 'map'),
        node(192, 'map'),
        node(-64, 'spawn'),
      ],
      links: [
        link(0, 1),
        { ...link(1, 0), fromMap: true },
        link(1, 2),
        link(2, 3),
        link(3, 2),
        link(4, 0),
      ],
    };
    const { stats, nodeSource } = graphToNav(g, defaultNodeTypes);
    expect(stats.sources.nodes).toEqual({ demos: 2, map: 2, spawn: 1 });
    // 1 → 0 joins two demo nodes but fill made it: the map's.
    expect(stats.sources.links).toEqual({ demos: 1, map: 4, spawn: 1 });
    expect([...nodeSource]).toEqual([0, 0, 1, 1, 2]);
  });

  it('draws map nodes hollow, and only those', () => {
    const nav = navOf(line(4), [
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const svg = renderNavSvg({
      nav,
      title: 't',
      map: null,
      fromMap: Uint8Array.from([0, 0, 1, 1]),
    });
    const marked = [
      ...svg.matchAll(/<circle class="node" data-node="(\d+)"[^>]*data-source="map"/g),
    ].map((m) => Number(m[1]));
    expect(marked).toEqual([2, 3]);
    expect(svg).toContain('data-source="map" data-nodes="2"');
    const plain = renderNavSvg({ nav, title: 't', map: null });
    expect(plain).not.toContain('data-source="map"');
  });
});
