/**
 * An LTK waypoint graph in the shape of a nav, so that it can be matched and drawn against one.
 * LTK node types are a different enum (`sources/ltk/node-types.ts`); they are carried over by
 * name (LTK `ladder` → the table's `LADDER`), which every LTK name has a twin for. LTK links have
 * no target type: each is given the target node's type (an overlay never draws link retypes).
 */
import { NODE_TYPE_NAMES, type NodeTypeName, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile, NavNode, Vec3 } from '../../nav/types.js';
import { LTK_NODE_TYPE_NAMES } from '../../sources/ltk/node-types.js';
import type { LtkGraph } from '../../sources/ltk/read-ltk.js';

/** The nav type number of LTK type `ltkType`, by name; MOVE for a name without a twin. */
function navTypeOf(table: NodeTypeTable, ltkType: number): number {
  const name = (LTK_NODE_TYPE_NAMES[ltkType] ?? 'move').toUpperCase();
  return (NODE_TYPE_NAMES as readonly string[]).includes(name)
    ? table[name as NodeTypeName]
    : table.MOVE;
}

/** `graph` as a version-2 nav (areas 0, in use, costs as the LTK file stored them). */
export function ltkAsNav(graph: LtkGraph, table: NodeTypeTable): NavFile {
  const nodes: NavNode[] = [];
  for (let i = 0; i < graph.nodeCount; i++) {
    const origin: Vec3 = [graph.origins[i * 3], graph.origins[i * 3 + 1], graph.origins[i * 3 + 2]];
    nodes.push({
      area: 0,
      origin,
      type: navTypeOf(table, graph.types[i]),
      nodenum: i,
      inuse: 1,
      links: [],
    });
  }
  for (let l = 0; l < graph.linkCount; l++) {
    const to = graph.linkTo[l];
    nodes[graph.linkFrom[l]].links.push({
      target: to,
      targetType: nodes[to].type,
      cost: graph.linkCost[l],
    });
  }
  return { version: 2, nodes };
}
