/**
 * Which graph nodes stand on the ground, for the parts of `fill` that join map nodes to the
 * graph: the floor walk starts from them, filled nodes link to them and a floor sample near one
 * is taken as that node's. The others (WATER, drops, doors, platforms, teleporters, items…) are
 * left out: the box walks that link filled nodes start and end standing on the ground, and say
 * nothing about swimming, falling or riding.
 */

/** Node types a walker stands at: the ones filled nodes connect to. */
export const GROUND_TYPES: ReadonlySet<string> = new Set([
  'MOVE',
  'JUMP',
  'CROUCH',
  'SPAWNPOINT',
  'LADDER',
  'LADDER_DOWN',
  'LADDER_UP',
]);

/** Node types of a ladder's ends (the engine's bot climbs only between two of them). */
export const LADDER_TYPES: ReadonlySet<string> = new Set(['LADDER', 'LADDER_UP', 'LADDER_DOWN']);

/** For each node, whether it is a ground node. [Length: nodes] */
export function groundMask(nodes: readonly { readonly type: string }[]): boolean[] {
  return nodes.map((n) => GROUND_TYPES.has(n.type));
}
