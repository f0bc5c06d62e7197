import { describe, expect, it } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { cluster, clusterDefaults } from '../../src/operators/cluster.js';
import { clusterGraph } from '../../src/operators/internal/cluster-graph.js';
import { clusterVotes } from '../../src/operators/internal/cluster-votes.js';
import { poolVotes, type VotePool } from '../../src/stage/vote-pool.js';
import type { GraphEvent } from '../../src/stage/graph-types.js';
import { votesFromLists } from './helpers.js';

/** A demo's votes from plain lists. */
const demo = votesFromLists;

/** A pseudo-random but fixed cloud of votes around a few centres. */
function cloud(seed: number, count: number): [number, number, number][] {
  let s = seed;
  const rnd = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const centres: [number, number, number][] = [
    [0, 0, 24],
    [96, 0, 24],
    [192, 40, 24],
    [192, 40, 160],
  ];
  return Array.from({ length: count }, (_, i) => {
    const c = centres[i % centres.length];
    return [c[0] + (rnd() - 0.5) * 30, c[1] + (rnd() - 0.5) * 30, c[2] + (rnd() - 0.5) * 4];
  });
}

function permutePool(pool: VotePool, seed: number): VotePool {
  const n = pool.count;
  const perm = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  const inv = new Uint32Array(n);
  perm.forEach((old, i) => (inv[old] = i));
  const pick = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, stride = 1): T => {
    const out = new (a.constructor as new (n: number) => T)(a.length);
    perm.forEach((old, i) => {
      for (let k = 0; k < stride; k++) out[i * stride + k] = a[old * stride + k];
    });
    return out;
  };
  return {
    ...pool,
    positions: pick(pool.positions, 3),
    weights: pick(pool.weights),
    demo: pick(pool.demo),
    vz: pick(pool.vz),
    dxy: pick(pool.dxy),
    flags: pick(pool.flags),
    linkFrom: pool.linkFrom.map((i) => inv[i]),
    linkTo: pool.linkTo.map((i) => inv[i]),
  };
}

describe('clusterVotes', () => {
  it('puts every vote in exactly one cluster whose votes lie within the radius of its centre', () => {
    const pool = poolVotes([demo(cloud(1, 400)), demo(cloud(2, 400))]);
    const c = clusterVotes(pool, 48);
    expect([...c.assignment].every((a) => a >= 0 && a < c.count)).toBe(true);
    expect(c.memberStart[c.count]).toBe(pool.count);
    // Four well separated blobs, each smaller than the radius, give four clusters.
    expect(c.count).toBe(4);
  });

  it('does not depend on the order of its input', () => {
    const pool = poolVotes([demo(cloud(3, 300)), demo(cloud(4, 300)), demo(cloud(5, 300))]);
    const a = clusterGraph(pool, clusterDefaults);
    const b = clusterGraph(permutePool(pool, 99), clusterDefaults);
    expect(JSON.stringify(b.nodes)).toBe(JSON.stringify(a.nodes));
  });
});

describe('cluster', () => {
  it('keeps clusters with enough weight and demos, and reports what each threshold dropped', async () => {
    const here: [number, number, number] = [0, 0, 24];
    const there: [number, number, number] = [500, 0, 24];
    const lonely: [number, number, number] = [1000, 0, 24];
    const demos = [
      demo([here, there], [[0, 1]]),
      demo([here, there], [[0, 1]]),
      demo([here, there, lonely], [[0, 1]]),
      demo([lonely], [], 0.1),
    ];
    const out = await lastValueFrom(
      from<GraphEvent[]>([{ kind: 'votes', pool: poolVotes(demos) }]).pipe(
        cluster({ minDemos: 3 }),
        toArray(),
      ),
    );
    const g = out.find((e) => e.kind === 'graph');
    const s = out.find((e) => e.kind === 'summary');
    if (g?.kind !== 'graph' || s?.kind !== 'summary') throw new Error('missing output');
    expect(g.graph.nodes.map((n) => n.origin)).toEqual(expect.arrayContaining([here, there]));
    expect(g.graph.nodes.length).toBe(2);
    expect(g.graph.links.length).toBe(1);
    expect(g.graph.links[0]).toMatchObject({ weight: 3, demos: 3, votes: 3 });
    expect(s.data.dropped).toEqual({ minWeight: 0, minDemos: 1, both: 0 });
    // One demo is enough when asked.
    const single = clusterGraph(poolVotes([demo([here, there], [[0, 1]])]), {
      ...clusterDefaults,
      minDemos: 1,
    });
    expect(single.nodes.length).toBe(2);
  });

  it('puts a node at the height of grounded votes, not of jumps', () => {
    const ground: [number, number, number][] = [
      [0, 0, 24],
      [5, 0, 24],
      [0, 5, 24],
    ];
    const jumps = demo([[2, 2, 60]], [], 1, 8);
    const g = clusterGraph(
      poolVotes([demo(ground), demo(ground), demo(ground), jumps]),
      clusterDefaults,
    );
    expect(g.nodes[0].origin[2]).toBe(24);
  });
});
