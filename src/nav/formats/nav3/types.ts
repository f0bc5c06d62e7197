/**
 * The Quake II re-release's bot and monster nav (`bots/navigation/<map>.nav`, magic `NAV3`),
 * field for field as stored, so that reading and writing a file gives its bytes back. Plain data.
 *
 * @see layout.ts for the byte layout and the loaders it was read from.
 */
import type { Vec3 } from '../../types.js';

export interface Nav3File {
  /** [Limit: 2..6] 6 is the newest; 4 added the ladder plane, 2 the edict's model. */
  version: number;
  /** Stored and reported by the loaders; no path search reads it. */
  heuristic: number;
  nodes: Nav3Node[];
  /** All links, each node's a contiguous run (`firstLink`, `linkCount`). */
  links: Nav3Link[];
  traversals: Nav3Traversal[];
  edicts: Nav3Edict[];
}

export interface Nav3Node {
  /** `NodeFlag_*` bits ({@link NAV3_NODE_FLAGS}). [Limit: u16] */
  flags: number;
  /** [Limit: 0..32767] */
  linkCount: number;
  /** Index of the node's first link. [Limit: 0..32767, firstLink + linkCount <= links] */
  firstLink: number;
  /** How near a mover counts as at the node. [Units: world units] [Limit: 0..32767] */
  radius: number;
  /** On the ground: the player's origin is 24 units higher. [Units: world units] */
  origin: Vec3;
}

export interface Nav3Link {
  /** [Limit: 0..nodes - 1] */
  target: number;
  /** `NavLinkType_*` ({@link NAV3_LINK_TYPES}). [Limit: u8] */
  type: number;
  /** `NavLinkFlag_*` bits. [Limit: u8] */
  flags: number;
  /** Index of the traversal, -1 for none. */
  traversal: number;
}

/** Where a jump, drop or climb goes. [Units: world units] */
export interface Nav3Traversal {
  /** Where to leave the source node (at its radius). */
  funnel: Vec3;
  /** Where the move starts (take-off, ledge, foot of the ladder). */
  start: Vec3;
  /** Where it ends (landing, top of the ladder). */
  end: Vec3;
  /** The ladder's plane normal, (0, 0, 0) for other moves; stored from version 4. */
  ladderPlane: Vec3;
}

/** A link that needs a door, lift or train to be in place. */
export interface Nav3Edict {
  /** [Limit: 0..links - 1, <= 32767] */
  link: number;
  /** The entity's model index (inline model `*N` is index N + 1); stored from version 2. */
  model: number;
  /** The entity's bounds. [Units: world units] */
  mins: Vec3;
  maxs: Vec3;
}
