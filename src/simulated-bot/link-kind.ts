/**
 * How a simulated bot moves along a link, from the link's type and the types of its two nodes
 * (names from `src/nav/node-types.ts`). The engine's bot (`BOTLIB_Wander` in
 * `src/action/botlib/botlib_movement.c`) looks at the link's target-type byte for walking,
 * crouching, jumping and swimming, and at the two node types for ladders: it climbs only while
 * its current and next nodes are both `LADDER`. A link into or out of a ladder node from any
 * other node is a walk, and `LADDER_UP` / `LADDER_DOWN` nodes are ordinary nodes to run to —
 * the running bot has no climbing for them (its `BOTLIB_MOV_Move`, which had, is never called).
 */
import type { NodeTypeName } from '../nav/node-types.js';

export type LinkKind =
  /** Run at the target (MOVE and every type without a movement of its own). */
  | 'walk'
  /** Run at the target holding crouch. */
  | 'crouch'
  /** Run and press jump while on the ground. */
  | 'jump'
  /** Run off the edge (STAND_DROP, CROUCH_DROP, UNSAFE_DROP). */
  | 'drop'
  /** Climb facing the ladder, the bot code writing the vertical speed. */
  | 'ladder'
  /** Swim toward the target in three dimensions. */
  | 'swim';

const DROPS: ReadonlySet<string> = new Set(['STAND_DROP', 'CROUCH_DROP', 'UNSAFE_DROP']);

/** Whether the bot climbs at a node of this type (only `LADDER`). */
export function isLadderType(name: NodeTypeName | string): boolean {
  return name === 'LADDER';
}

/** The movement for a link of type `link` from a `from` node to a `to` node. */
export function linkKind(link: string, from: string, to: string): LinkKind {
  if (isLadderType(from) && isLadderType(to)) return 'ladder';
  if (link === 'WATER') return 'swim';
  if (link === 'JUMP' || link === 'BOXJUMP' || link === 'JUMPPAD') return 'jump';
  if (link === 'CROUCH') return 'crouch';
  if (DROPS.has(link)) return 'drop';
  return 'walk';
}

/** Where a simulated player starts: on the floor under the node, or where the node is. */
export function startsOnGround(from: string): boolean {
  return !isLadderType(from) && from !== 'WATER';
}
