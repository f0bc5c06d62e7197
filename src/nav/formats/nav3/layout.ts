/**
 * Byte layout, names and limits of `NAV3`, as the loaders read it: q2pro's re-release branch
 * (skullernet/q2pro pull request #310, `src/server/nav.c` `Nav_Load`, e6c0d940) and q2pro-ng
 * (`src/server/nav.c` `Nav_Load`, fe7f5233). Little-endian, packed:
 *
 * - header (24): `NAV3`, i32 version, i32 nodes, i32 links, i32 traversals, f32 heuristic;
 * - nodes (8 each): u16 flags, i16 link count, i16 first link, i16 radius;
 * - origins (12 each), one per node, in a second array;
 * - links (6 each): i16 target, u8 type, u8 flags, i16 traversal (-1 none);
 * - traversals (36, or 48 from version 4): funnel, start, end, (ladder plane);
 * - i32 edict count, edicts (26, or 30 from version 2): i16 link, (i32 model), mins, maxs.
 */
export const NAV3_MAGIC = 'NAV3';
/** The version the loaders know last and we write. */
export const NAV3_VERSION = 6;
/** q2pro-ng refuses older ones (PR #310 reads 1, whose edicts have no model). */
export const NAV3_OLDEST_VERSION = 2;
/** From this version traversals carry the ladder plane. */
export const NAV3_LADDER_PLANE_VERSION = 4;
/** From this version edicts carry the model index. */
export const NAV3_EDICT_MODEL_VERSION = 2;

export const NAV3_HEADER_BYTES = 24;
export const NAV3_NODE_BYTES = 8;
export const NAV3_ORIGIN_BYTES = 12;
export const NAV3_LINK_BYTES = 6;
export function nav3TraversalBytes(version: number): number {
  return version >= NAV3_LADDER_PLANE_VERSION ? 48 : 36;
}
export function nav3EdictBytes(version: number): number {
  return version >= NAV3_EDICT_MODEL_VERSION ? 30 : 26;
}
/** q2pro-ng: a file shorter than the header and the edict count is refused ("File too small"). */
export const NAV3_MIN_FILE_BYTES = 28;

/**
 * [Limit] Counts and indices both loaders hold: PR #310 keeps node ids, first links, link
 * targets, traversal and edict-link indices in int16 (negative ones are refused or corrupt);
 * q2pro-ng allows 65535 nodes, links and traversals.
 */
export const NAV3_MAX_INDEX = 32767;
export const NAV3_MAX_LINKS = 65535;
/** q2pro-ng's `MAX_EDICTS`. */
export const NAV3_MAX_EDICTS = 8192;

/** `NodeFlag_*` of `inc/server/nav.h` (PR #310) / nav.c (q2pro-ng), bit 0 up. */
export const NAV3_NODE_FLAGS = [
  'Teleporter',
  'Pusher',
  'Elevator',
  'Ladder',
  'UnderWater',
  'CheckForHazard',
  'CheckHasFloor',
  'CheckInSolid',
  'NoMonsters',
  'Crouch',
  'NoPOI',
  'CheckInLiquid',
  'CheckDoorLinks',
  'Disabled',
] as const;
export type Nav3NodeFlagName = (typeof NAV3_NODE_FLAGS)[number];
export function nav3NodeFlag(name: Nav3NodeFlagName): number {
  return 1 << NAV3_NODE_FLAGS.indexOf(name);
}

/** `NavLinkType_*`, numbered by position. */
export const NAV3_LINK_TYPES = [
  'Walk',
  'LongJump',
  'Teleport',
  'WalkOffLedge',
  'Pusher',
  'BarrierJump',
  'Elevator',
  'Train',
  'Manual_LongJump',
  'Crouch',
  'Ladder',
  'Manual_BarrierJump',
  'PivotAndJump',
  'RocketJump',
  'Unknown',
] as const;
export type Nav3LinkTypeName = (typeof NAV3_LINK_TYPES)[number];
export function nav3LinkType(name: Nav3LinkTypeName): number {
  return NAV3_LINK_TYPES.indexOf(name);
}

/** `NavLinkFlag_*` bits. Before version 6 the loaders strip bits 2 and 3 (old team flags). */
export const NAV3_LINK_FLAGS = [
  'TeamRed',
  'TeamBlue',
  'ExitAtTarget',
  'WalkOnly',
  'EaseIntoTarget',
  'InstantTurn',
  'Disabled',
] as const;
