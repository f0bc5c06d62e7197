/**
 * Layout and limits of the AQtion `.nav` file (`BOTLIB_SaveNavCompressed` /
 * `BOTLIB_LoadNavCompressed` in the engine's `botlib_nodes.c`; engine-facts.md, "AQtion .nav").
 *
 * File: `u8` version, `i32` uncompressed length, `i32` compressed length, then a zlib stream of
 * exactly the compressed length. Payload (little-endian): `u16` node count, then per node
 * `i32` area (version 2 only), 3 × `f32` origin, `u8` type, `i16` nodenum, `i32` inuse,
 * `u8` link count, then per link `i16` target, `u8` target type, `f32` cost.
 */

/** Oldest version the engine loads (no per-node area). */
export const NAV_VERSION_1 = 1;
/** The version the engine writes. */
export const NAV_VERSION_2 = 2;

/** [Units: bytes] version + uncompressed length + compressed length. */
export const NAV_HEADER_BYTES = 9;
/** [Units: bytes] Offset of the `i32` uncompressed length in the file. */
export const HEADER_UNCOMPRESSED_LENGTH_OFFSET = 1;
/** [Units: bytes] Offset of the `i32` compressed length in the file. */
export const HEADER_COMPRESSED_LENGTH_OFFSET = 5;

/** [Units: bytes] The `u16` node count that opens the payload. */
export const NODE_COUNT_BYTES = 2;
/** [Units: bytes] area (version 2 only). */
export const NODE_AREA_BYTES = 4;
/** [Units: bytes] origin 12 + type 1 + nodenum 2 + inuse 4 + link count 1. */
export const NODE_FIXED_BYTES = 20;
/** [Units: bytes] target 2 + target type 1 + cost 4. */
export const LINK_BYTES = 7;

/** [Units: bytes] Field offsets inside a node record, counted after the version 2 area. */
export const NODE_ORIGIN_AT = 0;
export const NODE_TYPE_AT = 12;
export const NODE_NODENUM_AT = 13;
export const NODE_INUSE_AT = 15;
export const NODE_LINK_COUNT_AT = 19;
/** [Units: bytes] Field offsets inside a link record. */
export const LINK_TARGET_AT = 0;
export const LINK_TYPE_AT = 2;
export const LINK_COST_AT = 3;

/**
 * The engine's node array size (`MAX_PNODES`). Its loader refuses a file when node count + 1
 * exceeds it, so a file holds at most 8095 nodes.
 */
export const ENGINE_MAX_PNODES = 8096;
/** [Limit: 8095] Most nodes a loadable file holds. */
export const MAX_NAV_NODES = ENGINE_MAX_PNODES - 1;
/** [Limit: 32] `MAXLINKS`: the loader copies links into a fixed array of this size. */
export const MAX_LINKS_PER_NODE = 32;

/** `inuse` of a live node: the engine's `qtrue` (a 4-byte enum). */
export const NODE_IN_USE = 1;

/** zlib level of the engine's writer (`Z_BEST_COMPRESSION`). */
export const NAV_ZLIB_LEVEL = 9;

/** [Units: bytes] Largest loadable payload: 8095 version 2 nodes of 32 links each. */
export const MAX_PAYLOAD_BYTES =
  NODE_COUNT_BYTES +
  MAX_NAV_NODES * (NODE_AREA_BYTES + NODE_FIXED_BYTES + MAX_LINKS_PER_NODE * LINK_BYTES);

/** [Units: bytes] Payload size of one node record of `version` with `links` links. */
export function nodeRecordBytes(version: number, links: number): number {
  return (version >= NAV_VERSION_2 ? NODE_AREA_BYTES : 0) + NODE_FIXED_BYTES + links * LINK_BYTES;
}
