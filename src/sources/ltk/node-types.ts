/**
 * Node types of LTK waypoint files (version 4), as numbered by the LTK bots' `acebot.h`
 * (aq2-tng `source/acesrc/acebot.h`: `#define NODE_MOVE 0` … `NODE_DOOR 8`). They are NOT the
 * AQtion `.nav` node types (`src/nav/`): LTK has no drop or crouch types, and its numbers differ
 * (LTK LADDER is 1, `.nav` LADDER is 3). Compare the two graphs through the names.
 */

export const LtkNodeType = {
  move: 0,
  ladder: 1,
  platform: 2,
  teleporter: 3,
  item: 4,
  water: 5,
  grapple: 6,
  jump: 7,
  door: 8,
} as const;
export type LtkNodeType = (typeof LtkNodeType)[keyof typeof LtkNodeType];

/** Names by type number. */
export const LTK_NODE_TYPE_NAMES: readonly string[] = Object.keys(LtkNodeType);
