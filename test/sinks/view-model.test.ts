/**
 * The viewer's model: floors split by the pictures' bands, the nav as struct-of-arrays, types
 * with their colours; and node provenance, written into a build report and found again in the
 * nav by position (a renumbered or edited nav included).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes as T } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';
import { readRenderMap } from '../../src/sinks/render/render-map.js';
import { viewModelOf } from '../../src/sinks/view/view-model-of.js';
import { nodeProvenance, provenanceFromReport } from '../../src/sinks/view/node-provenance.js';
import {
  NODE_FROM_DEMOS,
  NODE_FROM_MAP,
  NODE_FROM_SPAWN,
} from '../../src/sinks/nav/graph-to-nav.js';
import type { DemoVotes } from '../../src/stage/demo-votes.js';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');

describe('viewModelOf', () => {
  it('draws wizs: floors in every band, each node in the band of its floor', async () => {
    const map = await readRenderMap(join(fixtures, 'maps', 'wizs.bsp'));
    const nav = (await readNavFile(join(fixtures, 'nav', 'wizs.autogen.nav'))).nav;
    const m = viewModelOf({ title: 'wizs.nav', nav, nodeTypes: T, map, editable: false });
    expect(m.version).toBe(1);
    expect(m.map).toBe(map.file);
    expect(m.bands.length).toBeGreaterThan(1);
    const polygons = m.floors.band.length;
    expect(m.floors.start).toHaveLength(polygons + 1);
    expect(m.floors.xy).toHaveLength(m.floors.start[polygons] * 2);
    for (let b = 0; b < m.bands.length; b++) expect(m.floors.band).toContain(b);
    expect(m.nav.type).toHaveLength(nav.nodes.length);
    expect(m.nav.from).toHaveLength(nav.nodes.reduce((s, n) => s + n.links.length, 0));
    nav.nodes.forEach((n, i) => {
      const floor = n.origin[2] - 24;
      const band = m.bands[m.nav.band[i]];
      expect(band.from === null || floor >= band.from).toBe(true);
      expect(band.to === null || floor < band.to).toBe(true);
    });
    const move = m.types.find((t) => t.name === 'MOVE')!;
    expect(move.number).toBe(T.MOVE);
    expect(move.colour).toMatch(/^#[0-9a-f]{6}$/);
    const [x0, y0, x1, y1] = m.bounds;
    for (let k = 0; k < m.nav.xyz.length; k += 3) {
      expect(m.nav.xyz[k]).toBeGreaterThanOrEqual(x0);
      expect(m.nav.xyz[k]).toBeLessThanOrEqual(x1);
      expect(m.nav.xyz[k + 1]).toBeGreaterThanOrEqual(y0);
      expect(m.nav.xyz[k + 1]).toBeLessThanOrEqual(y1);
    }
    expect(x1).toBeGreaterThan(x0);
    expect(m.spawns.length).toBeGreaterThan(0);
    // The same input, the same JSON.
    expect(
      JSON.stringify(viewModelOf({ title: 'wizs.nav', nav, nodeTypes: T, map, editable: false })),
    ).toBe(JSON.stringify(m));
  });

  it('without a map: the nav alone, one band, no floors', async () => {
    const nav = (await readNavFile(join(fixtures, 'nav', 'wizs.autogen.nav'))).nav;
    const m = viewModelOf({ title: 'wizs.nav', nav, nodeTypes: T, map: null, editable: false });
    expect(m.bands).toEqual([{ from: null, to: null, label: 'all heights' }]);
    expect(m.floors.band).toHaveLength(0);
    expect(new Set(m.nav.band)).toEqual(new Set([0]));
  });
});

const node = (x: number, y: number, z: number) => ({
  area: 0,
  origin: [x, y, z] as [number, number, number],
  type: T.MOVE,
  nodenum: 0,
  inuse: 1,
  links: [],
});

function votesAt(points: number[][]): DemoVotes {
  return { positions: Float32Array.from(points.flat()) } as unknown as DemoVotes;
}

describe('node provenance', () => {
  const nav: NavFile = { version: 2, nodes: [node(0, 0, 24), node(500, 0, 24), node(1000, 0, 24)] };
  const sources = Uint8Array.from([NODE_FROM_DEMOS, NODE_FROM_MAP, NODE_FROM_SPAWN]);
  const report = nodeProvenance(
    nav,
    sources,
    [
      { file: 'a.mvd2', votes: votesAt([[10, 10, 24]]) },
      {
        file: 'b.mvd2',
        votes: votesAt([
          [5, -5, 30],
          [540, 0, 24],
          [600, 0, 24],
        ]),
      },
    ],
    48,
  );

  it('names the demos with a vote within the radius of each node, one line per node', () => {
    expect(report.demos).toEqual(['a.mvd2', 'b.mvd2']);
    expect(report.nodes).toEqual(['0 0 24 votes 0,1', '500 0 24 map 1', '1000 0 24 spawn -']);
  });

  it('is found again by position in a renumbered nav; a node it does not hold is an edit', () => {
    const edited: NavFile = { version: 2, nodes: [nav.nodes[2], node(700, 0, 24), nav.nodes[0]] };
    const p = provenanceFromReport('out/wizs.json', { provenance: report }, edited);
    expect(p.report).toBe('wizs.json');
    expect(p.source).toEqual(['spawn', 'edit', 'votes']);
    expect(p.voters).toEqual([[], [], [0, 1]]);
  });

  it('refuses a report without provenance, or of another nav, naming the file', () => {
    expect(() => provenanceFromReport('old.json', { map: 'wizs' }, nav)).toThrow(
      /old\.json: no node provenance/,
    );
    const other: NavFile = { version: 2, nodes: [node(-900, -900, 0)] };
    expect(() => provenanceFromReport('r.json', { provenance: report }, other)).toThrow(
      /r\.json: none of the nav's nodes/,
    );
  });
});
