/**
 * The engine bot's "node reached" rule (`BOTLIB_FollowPath`): the player's absolute box touches
 * the node's box grown by 4 units on every side.
 *
 * The node's box is origin + (-16, -16, -24) … (16, 16, 32) for every node type: the loader sets
 * smaller boxes for crouch and box-jump nodes but computes the absolute box from the default
 * size (checked in `BOTLIB_LoadNavCompressed`). The player's absolute box is its origin plus its
 * hull, widened by 1 unit as the server links every entity (`SV_LinkEdict`).
 *
 * So a standing player reaches a node when it is within 37 units horizontally (per axis) and
 * 61 units vertically of the node's origin.
 */
import { STANDING_MAXS, STANDING_MINS } from '../player.js';

/** [Units: world units] */
const NODE_MINS = STANDING_MINS;
const NODE_MAXS = STANDING_MAXS;
/** How much the bot grows the node's box. [Units: world units] */
const NODE_TOUCH_MARGIN = 4;
/** The server's widening of absolute boxes. [Units: world units] */
const LINK_EPSILON = 1;

/**
 * @param p the player's origin [Units: world units]
 * @param mins the player's hull (standing: -16, -16, -24)
 * @param maxs the player's hull (standing: 16, 16, 32; crouched z 4)
 * @param node the node's origin
 */
export function nodeReached(
  p: ArrayLike<number>,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
  node: ArrayLike<number>,
): boolean {
  for (let i = 0; i < 3; i++) {
    const playerMin = p[i] + mins[i] - LINK_EPSILON;
    const playerMax = p[i] + maxs[i] + LINK_EPSILON;
    const nodeMin = node[i] + NODE_MINS[i] - NODE_TOUCH_MARGIN;
    const nodeMax = node[i] + NODE_MAXS[i] + NODE_TOUCH_MARGIN;
    if (playerMin > nodeMax || playerMax < nodeMin) return false;
  }
  return true;
}
