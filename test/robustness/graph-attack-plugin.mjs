// @ts-check
/**
 * Test plugin of the engine-safety tests: `graph-attack/rewrite` is a graph stage that turns the
 * generator's graph into one that breaks an engine limit, as a buggy or hostile stage could, so
 * that the tests can check that the build's path to disk (graph → nav → validated write) never
 * lets such a graph reach a `.nav` file.
 */
import { map } from 'rxjs';

/** @typedef {{ origin: number[], type: string, weight: number, demos: number, votes: number, underwater: number, crouched: number, ladder: number, airborne: number, vz: number, dxy: number, source: string }} Node */
/** @typedef {{ from: number, to: number, type: string, weight: number, demos: number, votes: number, airborne: number, rise: number }} Link */
/** @typedef {{ nodes: Node[], links: Link[] }} Graph */

/** @param {number[]} origin @param {number} weight @returns {Node} */
const node = (origin, weight) => ({
  origin,
  type: 'MOVE',
  weight,
  demos: 1,
  votes: 1,
  underwater: 0,
  crouched: 0,
  ladder: 0,
  airborne: 0,
  vz: 0,
  dxy: 0,
  source: 'votes',
});
/** @param {number} from @param {number} to @param {number} weight @returns {Link} */
const link = (from, to, weight) => ({
  from,
  to,
  type: 'MOVE',
  weight,
  demos: 1,
  votes: 1,
  airborne: 0,
  rise: 0,
});

/** Extra nodes far below the map, lighter than any voted node, linked in a chain. */
const EXTRA_NODES = 9000;
/** Links added to node 0: more than the engine's 32. */
const EXTRA_LINKS = 60;

/** @type {Record<string, (g: Graph) => Graph>} */
const attacks = {
  'too-many-nodes': (g) => {
    const base = g.nodes.length;
    const nodes = [
      ...g.nodes,
      ...Array.from({ length: EXTRA_NODES }, (_, i) =>
        node([(i % 100) * 64, Math.floor(i / 100) * 64, -8000], 1e-3 * (1 + (i % 7))),
      ),
    ];
    const links = [
      ...g.links,
      ...Array.from({ length: EXTRA_NODES - 1 }, (_, i) => link(base + i, base + i + 1, 1)),
    ];
    return { nodes, links };
  },
  'many-links': (g) => ({
    nodes: g.nodes,
    links: [
      ...g.links,
      ...Array.from({ length: Math.min(EXTRA_LINKS, g.nodes.length - 1) }, (_, i) =>
        link(0, i + 1, 1e6 + i),
      ),
    ],
  }),
  'bad-targets': (g) => ({
    nodes: g.nodes,
    links: [...g.links, ...[-1, g.nodes.length, 1e6, NaN, 1.5].map((to) => link(0, to, 1e9))],
  }),
  'nan-origin': (g) => ({
    nodes: g.nodes.map((n, i) => (i === 0 ? { ...n, origin: [NaN, n.origin[1], n.origin[2]] } : n)),
    links: g.links,
  }),
  'infinite-origin': (g) => ({
    nodes: g.nodes.map((n, i) =>
      i === 1 ? { ...n, origin: [n.origin[0], Infinity, n.origin[2]] } : n,
    ),
    links: g.links,
  }),
  'beyond-float32': (g) => ({
    nodes: g.nodes.map((n, i) =>
      i === 2 ? { ...n, origin: [n.origin[0], n.origin[1], 1e39] } : n,
    ),
    links: g.links,
  }),
  'unknown-type': (g) => ({
    nodes: g.nodes.map((n, i) => (i === 0 ? { ...n, type: 'NOT_A_TYPE' } : n)),
    links: g.links,
  }),
};

export default {
  meta: { name: 'graph-attack', version: '1.0.0' },
  operators: {
    rewrite: {
      meta: {
        description: 'Rewrites the graph into one that breaks an engine limit (tests only).',
        phase: 'graph',
        needs: ['graph'],
        adds: [],
        removes: [],
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['attack'],
          properties: { attack: { enum: Object.keys(attacks) } },
        },
        defaults: {},
      },
      /** @param {{ attack: string }} opts */
      create: (opts) =>
        map((/** @type {{ kind: string, graph?: Graph }} */ e) =>
          e.kind === 'graph' && e.graph
            ? { kind: 'graph', graph: attacks[opts.attack](e.graph) }
            : e,
        ),
    },
  },
};
