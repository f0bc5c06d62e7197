/**
 * The in-memory nav model: plain data (numbers and arrays only) so that it crosses worker
 * threads and the msgpack cache unchanged.
 *
 * {@link NavFile} mirrors a `.nav` file field for field, so that reading and writing an
 * engine-written file gives its payload back. {@link NavGraph} is the lighter form the
 * generator builds (positions, types and scored links) before the link limits and costs turn it
 * into a {@link NavFile}.
 */

import type { Vec3 } from '../geometry/vec3.js';
/** Re-exported: the nav model's points are the shared {@link Vec3}. */
export type { Vec3 };

/** The supported `.nav` versions: 1 has no per-node area, 2 is what the engine writes. */
export type NavVersion = 1 | 2;

export interface NavFile {
  version: NavVersion;
  /** Node `i` is the node that links name by number `i`. [Limit: <= 8095 nodes] */
  nodes: NavNode[];
}

export interface NavNode {
  /** Area (chunk) the engine groups the node into; 0 when unknown. Absent from version 1 files. [Limit: i32] */
  area: number;
  /** Float32 values, as stored. [Units: world units] */
  origin: Vec3;
  /** Node-type number (see `node-types.ts`). [Limit: 0..255] */
  type: number;
  /** The node's number as stored; the engine uses it as the node's index. [Limit: = index in `nodes`] */
  nodenum: number;
  /**
   * The engine's 4-byte `qboolean inuse`, kept as the raw integer. 0 makes the engine drop all
   * links to and from the node when it loads the file. [Limit: i32]
   */
  inuse: number;
  /** Outgoing links in stored order. [Limit: <= 32] */
  links: NavLink[];
}

export interface NavLink {
  /** Index of the target node. [Limit: 0..nodes.length - 1] */
  target: number;
  /** How the bot moves to the target: a node-type number (drop types live here). [Limit: 0..255] */
  targetType: number;
  /** Euclidean distance between the two origins, float32 (see `link-cost.ts`). [Units: world units] */
  cost: number;
}

/** The generator's graph, before link limits and costs are applied. */
export interface NavGraph {
  nodes: NavGraphNode[];
  /** Directed links in any order. */
  links: NavGraphLink[];
}

export interface NavGraphNode {
  /** Any finite numbers; rounded to float32 when the nav is built. [Units: world units] */
  origin: Vec3;
  /** Node-type number. [Limit: 0..255] */
  type: number;
}

export interface NavGraphLink {
  /** Index of the source node. */
  from: number;
  /** Index of the target node. */
  to: number;
  /** Node-type number telling the bot how to move from `from` to `to`. [Limit: 0..255] */
  type: number;
  /**
   * How much evidence backs this link (e.g. weighted vote count); when a node has more links
   * than the engine holds, the least supported ones are dropped. [Limit: finite]
   */
  support: number;
}
