/**
 * The Quake (2021) re-release's bot nav (`bots/navigation/<map>.nav`, magic `NAV2`), field for
 * field as stored. Plain data. @see layout.ts for the bytes and where they were read from.
 */
import type { Vec3 } from '../../types.js';

export interface Nav2File {
  /** [Limit: 12..17] 14, 15 and 17 are found in the game's files. */
  version: number;
  /** Stored from version 16 only (0 before). */
  heuristic: number;
  nodes: Nav2Node[];
  links: Nav2Link[];
  traversals: Nav2Traversal[];
  edicts: Nav2Edict[];
}

export interface Nav2Node {
  /** Node flag bits (the re-release nav format guide's table: 1 Teleporter, 2 Pusher, 4 ElevatorTop, 8 ElevatorBottom, 16 UnderWater, 32 Hazard). [Limit: u16] */
  flags: number;
  /** [Limit: u16] */
  linkCount: number;
  /** [Limit: u16, firstLink + linkCount <= links] */
  firstLink: number;
  /** [Units: world units] [Limit: u16] */
  radius: number;
  /** On the ground. [Units: world units] */
  origin: Vec3;
}

export interface Nav2Link {
  /** [Limit: 0..nodes - 1] */
  target: number;
  /** 0 Walk, 1 LongJump, 2 Teleport, 3 WalkOffLedge, 4 Pusher, 5 BarrierJump, 6 Elevator, 7 Train, 8 ManualJump, 9 Unknown. [Limit: u16] */
  type: number;
  /** Traversal index, -1 for none (stored as 0xffff). */
  traversal: number;
}

/** [Units: world units] */
export interface Nav2Traversal {
  funnel: Vec3;
  start: Vec3;
  end: Vec3;
}

export interface Nav2Edict {
  /** [Limit: 0..links - 1] */
  link: number;
  mins: Vec3;
  maxs: Vec3;
  /** Engine string indices, version 14 only (0 otherwise). [Limit: i32] */
  targetname: number;
  classname: number;
  /** Entity number, from version 15 (0 before). [Limit: i32] */
  entity: number;
}
