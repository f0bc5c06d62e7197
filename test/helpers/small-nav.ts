/**
 * A nav made in a test: nodes of type MOVE at the given origins, linked as listed (source,
 * target, link type), each link costing what the engine's loader would give it.
 */
import type { NavFile, Vec3 } from '../../src/nav/types.js';
import { linkCost } from '../../src/nav/link-cost.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';

export function smallNav(
  origins: readonly Vec3[],
  links: readonly (readonly [number, number, number])[],
): NavFile {
  return {
    version: 2,
    nodes: origins.map((origin, i) => ({
      area: 0,
      origin,
      type: defaultNodeTypes.MOVE,
      nodenum: i,
      inuse: 1,
      links: links
        .filter(([a]) => a === i)
        .map(([, b, t]) => ({ target: b, targetType: t, cost: linkCost(origin, origins[b]) })),
    })),
  };
}
