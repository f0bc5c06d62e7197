/**
 * A link's cost as the engine computes it: the Euclidean distance between two origins in
 * single precision (`VectorSubtract`, then `VectorLength`, i.e. `sqrtf` of the float dot
 * product, evaluated left to right).
 *
 * Every float operation is done in double and rounded with `Math.fround`. For +, -, * and sqrt
 * of float32 operands, double carries more than twice the float precision plus two bits, so the
 * rounded result is exactly the float32 result (no double-rounding error). Measured: this gives
 * every one of the 60 723 link costs of the five engine-written fixture navs bit for bit, while
 * the double distance rounded once misses 557 of them by an ulp.
 *
 * How much a cost steers the engine's bots: less than a shortest-path search would.
 * `BOTLIB_DijkstraPath` (AQtion's `botlib_nav.c`) keeps the file's costs as node weights, but
 * takes nodes from its open list first in, first out, adds every neighbour it can improve while
 * one is still unreached (else only the cheapest), and stops when it first reaches the goal. Its
 * paths are close to the fewest links, whatever the costs: a reimplementation of that search
 * over two of navgen's city navs took 45 and 59 JUMP links per 100 paths where a cost-ordered
 * search takes 1 and 2 (2026-11-28, issue 35). So a link bots must not take has to be left out
 * of the nav; the extra costs below only break ties.
 */
import type { Vec3 } from './types.js';

const f32 = Math.fround;

/** [Units: world units] Float32 distance between float32 origins `a` and `b`. */
export function linkCost(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const dx = f32(a[0] - b[0]);
  const dy = f32(a[1] - b[1]);
  const dz = f32(a[2] - b[2]);
  return f32(Math.sqrt(f32(f32(f32(dx * dx) + f32(dy * dy)) + f32(dz * dz))));
}

/**
 * What a link into a ladder node from any other node adds to its cost. [Units: world units]
 *
 * The engine's bot turns to look for the ladder (and stops following its path) whenever its
 * current or next node is a LADDER node, so a path that merely walks past a ladder's foot
 * through its node costs bots their way: on simplicity they paced for minutes beside the
 * ladder at the spawn room, through which the shortest ground paths ran. The bot's path search
 * adds up the costs in the file as they are (`BOTLIB_LoadNavCompressed` copies them), but see
 * the file comment: the cost keeps ladder nodes off a path only where the search weighs
 * two ways into the same node.
 */
export const LADDER_ENTRY_COST = 512;

/**
 * What a JUMP link adds to its cost. [Units: world units]
 *
 * A bot with leg damage does not jump at all: the bot code treats its next link as a MOVE
 * (`botlib_movement.c`) and the game drops the jump (`botlib_ai.c`: "No jumping if legs are
 * broken"), until it bandages. Leg hits are common in a fight, so a path over a barrier that
 * needs a jump holds limping bots at its foot: on bwcity they stood 7–21 s at a time beside
 * the JUMP links over a 48-unit barrier (`z` unchanged, no jump), where the engine's own nav,
 * whose links are walks only, routes round it. The cost was meant to make the bot's path search
 * take a walk of up to this much further instead of a jump; the search does that only where it
 * weighs both ways into the same node (the file comment). The size: a limping bot loses
 * about the 12 s of its travel counter at such a jump, a healthy one 1.7 s running this far
 * round.
 */
export const JUMP_LINK_COST = 512;

/** What a link's cost depends on besides its ends (see {@link navLinkCost}). */
export interface LinkCostKind {
  /** The link enters a ladder node from a node that is not one. */
  readonly entersLadder: boolean;
  /** The link is a JUMP link. */
  readonly jumps: boolean;
}

/**
 * What a link's cost depends on, from the type numbers of its source, its target and the link
 * itself: the ladder and jump type numbers of the nav's type table say which is which.
 */
export function linkCostKindOf(
  types: { readonly ladder: number; readonly jump: number },
  fromType: number,
  toType: number,
  linkType: number,
): LinkCostKind {
  return {
    entersLadder: toType === types.ladder && fromType !== types.ladder,
    jumps: linkType === types.jump,
  };
}

/**
 * A link's cost in the files navgen writes: {@link linkCost}, plus {@link LADDER_ENTRY_COST}
 * when the link enters a ladder node from a node that is not one, plus {@link JUMP_LINK_COST}
 * for a JUMP link (each added in single precision).
 */
export function navLinkCost(a: Readonly<Vec3>, b: Readonly<Vec3>, kind: LinkCostKind): number {
  let d = linkCost(a, b);
  if (kind.entersLadder) d = f32(d + LADDER_ENTRY_COST);
  if (kind.jumps) d = f32(d + JUMP_LINK_COST);
  return d;
}
