/**
 * Byte layout of `NAV2`, as FTEQW's way-net loader reads it (fte-team/fteqw
 * `engine/server/sv_move.c`, `WayNet_Begin`): little-endian, packed —
 *
 * - header: `NAV2`, i32 version, i32 nodes, i32 links, i32 traversals, then from version 16 an
 *   f32 (the heuristic);
 * - nodes (8 each): u16 flags, u16 link count, u16 first link, u16 radius;
 * - origins (12 each), on the ground (FTE adds 24 for its own use);
 * - links (6 each): u16 target, u16 type, u16 traversal (0xffff none);
 * - traversals (36 each): three vec3 at 0, 12 and 24;
 * - i32 edict count; edicts: u16 link, mins, maxs (26 bytes), then version 14 two i32
 *   (targetname, classname: 34 bytes), version 15 on one i32 entity (30 bytes).
 *
 * FTE refuses a link past the node's links, a target or traversal out of range, an edict link
 * out of range, a short read, and any byte after the last edict.
 */
export const NAV2_MAGIC = 'NAV2';
export const NAV2_OLDEST_VERSION = 12;
export const NAV2_NEWEST_VERSION = 17;
/** From this version the header ends with an f32. */
export const NAV2_HEURISTIC_VERSION = 16;
export const NAV2_NODE_BYTES = 8;
export const NAV2_ORIGIN_BYTES = 12;
export const NAV2_LINK_BYTES = 6;
export const NAV2_TRAVERSAL_BYTES = 36;
/** The u16 that means "no traversal". */
export const NAV2_NO_TRAVERSAL = 0xffff;

export function nav2HeaderBytes(version: number): number {
  return version >= NAV2_HEURISTIC_VERSION ? 24 : 20;
}
export function nav2EdictBytes(version: number): number {
  return version === 14 ? 34 : version >= 15 ? 30 : 26;
}
