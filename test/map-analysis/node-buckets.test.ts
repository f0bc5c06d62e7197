/** Nodes near a point, by the spatial hash: same floor only, within the radius, nearest first. */
import { describe, expect, it } from 'vitest';
import { SAME_FLOOR, bucketNodes, nodesNear } from '../../src/map-analysis/node-buckets.js';

describe('node buckets', () => {
  const at = (x: number, y: number, z: number) => ({ origin: [x, y, z] });
  const nodes = [
    at(0, 0, 0), // 0
    at(30, 0, 0), // 1: 30 away
    at(0, -30, 0), // 2: 30 away too (a tie: the lower index first)
    at(10, 0, SAME_FLOOR + 1), // 3: another floor
    at(0, 0, SAME_FLOOR), // 4: the same floor, just
    at(200, 200, 0), // 5: far, in another cell
    at(-70, 0, 0), // 6: across cell borders (negative coordinates)
  ];
  const b = bucketNodes(nodes, 64);

  it('finds every node within the radius on the same floor, nearest first, ties by index', () => {
    expect(nodesNear(b, [0, 0, 0], 40).map((e) => e.n)).toEqual([0, 1, 2, 4]);
    expect(nodesNear(b, [0, 0, 0], 40)[1].d).toBeCloseTo(30);
  });

  it('looks into every cell the radius touches, negative ones too', () => {
    expect(nodesNear(b, [-40, 0, 0], 31).map((e) => e.n)).toEqual([6]);
    expect(nodesNear(b, [100, 100, 0], 150).map((e) => e.n)).toContain(5);
  });

  it('agrees with a scan of all nodes', () => {
    for (const p of [
      [5, 5, 10],
      [-64, 64, 0],
      [150, 130, 0],
    ])
      for (const r of [20, 64, 100, 300]) {
        const scan = nodes
          .map((n, i) => ({ n: i, d: Math.hypot(...n.origin.map((v, a) => v - p[a])) }))
          .filter((e) => Math.abs(nodes[e.n].origin[2] - p[2]) <= SAME_FLOOR && e.d <= r)
          .sort((x, y) => x.d - y.d || x.n - y.n);
        expect(nodesNear(b, p, r)).toEqual(scan);
      }
  });
});
