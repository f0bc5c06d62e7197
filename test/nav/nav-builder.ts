/**
 * Small navs for analysis tests: nodes at given points with given links. Costs are left 0: the
 * analyses never read them.
 */
import type { NavFile, Vec3 } from '../../src/nav/types.js';

/** `links` as [from, to] or [from, to, targetType]; node types default to 1. */
export function navOf(
  points: Vec3[],
  links: Array<[number, number] | [number, number, number]>,
  types: number[] = [],
): NavFile {
  return {
    version: 2,
    nodes: points.map((origin, i) => ({
      area: 0,
      origin,
      type: types[i] ?? 1,
      nodenum: i,
      inuse: 1,
      links: links
        .filter((l) => l[0] === i)
        .map((l) => ({ target: l[1], targetType: l[2] ?? 1, cost: 0 })),
    })),
  };
}

/** n points 100 units apart along x. */
export function line(n: number): Vec3[] {
  return Array.from({ length: n }, (_, i) => [i * 100, 0, 0] as Vec3);
}
