import { describe, expect, it } from 'vitest';
import {
  adjacency,
  largestComponent,
  largestReach,
  spreadMarks,
  strongComponents,
} from '../../src/graph/strong-components.js';

const L = (pairs: [number, number][]) => pairs.map(([from, to]) => ({ from, to }));

describe('strong components', () => {
  // 0 ⇄ 1 ⇄ 2 (main), 3 → 0 (leads in, not reached), 2 → 4 ⇄ 5 (reached, leads nowhere), 6 alone.
  const links = L([
    [0, 1],
    [1, 0],
    [1, 2],
    [2, 1],
    [3, 0],
    [2, 4],
    [4, 5],
    [5, 4],
  ]);
  const n = 7;
  const fwd = adjacency(n, links);
  const { component, count } = strongComponents(n, fwd);

  it('groups the nodes that reach each other, and only those', () => {
    expect(count).toBe(4);
    expect(component[0]).toBe(component[1]);
    expect(component[1]).toBe(component[2]);
    expect(component[4]).toBe(component[5]);
    expect(new Set([component[0], component[3], component[4], component[6]]).size).toBe(4);
  });

  it('the largest component; ties go to the one with the lowest node', () => {
    expect(largestComponent(component, count)).toBe(component[0]);
    const two = strongComponents(
      4,
      adjacency(
        4,
        L([
          [2, 3],
          [3, 2],
          [0, 1],
          [1, 0],
        ]),
      ),
    );
    expect(largestComponent(two.component, two.count)).toBe(two.component[0]);
  });

  it('what leads into the main component (reversed links) and what it leads to (forward)', () => {
    const main = largestComponent(component, count);
    const mark = () => Uint8Array.from(component, (c) => (c === main ? 1 : 0));
    expect([...spreadMarks(adjacency(n, links, true), mark())]).toEqual([1, 1, 1, 1, 0, 0, 0]);
    expect([...spreadMarks(fwd, mark())]).toEqual([1, 1, 1, 0, 1, 1, 0]);
  });

  it('largestReach: the main component and who leads into it, in one call', () => {
    const r = largestReach(n, links);
    expect(r.main).toBe(largestComponent(component, count));
    expect([...r.component]).toEqual([...component]);
    expect([...r.leads]).toEqual([1, 1, 1, 1, 0, 0, 0]);
  });

  it('a long chain does not overflow the stack (iterative)', () => {
    const m = 200_000;
    const chain = L(Array.from({ length: m - 1 }, (_, i) => [i, i + 1] as [number, number]));
    chain.push({ from: m - 1, to: 0 });
    const r = strongComponents(m, adjacency(m, chain));
    expect(r.count).toBe(1);
  });
});
