/**
 * Reads the waypoint files (`terrain/<map>.ltk`) that people recorded for the LTK bots of the
 * original Action Quake 2: a human reference for where nodes and links belong.
 *
 * ## Format (version 4), little-endian, raw C structs of a 32-bit build
 * | offset | field |
 * |---|---|
 * | 0 | `i32` version = 4 |
 * | 4 | `i32` numnodes: node records that follow, slot 0 included |
 * | 8 | `i32` num_items: item records at the end |
 * | 12 | numnodes × 116-byte node record |
 * | 12 + 116·numnodes | path table: numnodes × numnodes `i16`, entry [i][j] = next node on the way from i to j, -1 = none |
 * | … | num_items × item record (`i32` item, `f32` weight, pointer, `i32` node: 16 bytes from a 32-bit build, 24 from a 64-bit one) |
 *
 * Node record (116 bytes): `f32` origin[3] at 0; `i32` type at 12 (see `node-types.ts`);
 * `i16` node number at 16 (= the record's index), 2 bytes of padding; at 20, 12 links of
 * 8 bytes: `i16` target node (-1 = unused), 2 bytes of padding, `f32` cost.
 *
 * Slot 0 is never a node: the bots start numbering at 1 (`ACEND_InitNodes` sets `numnodes = 1`),
 * and slot 0 stays zeroed (its 12 links all name node 0). This reader drops it: node `k` of the
 * output is file node `k + 1`.
 *
 * ## Evidence
 * - `ACEND_SaveNodes` / `ACEND_LoadNodes` (aq2-tng `source/acesrc/acebot_nodes.c`, with
 *   `LTK_NODEVERSION 4`) write version, node count, item count, `fwrite(nodes, sizeof(node_t),
 *   numnodes)`, the path table element by element, then the item table. `node_t` and
 *   `nodelink_t` in `acebot.h` of the same era: `vec3_t origin; int type; short nodenum;
 *   nodelink_t links[MAXLINKS = 12]`, `nodelink_t = { short targetNode; float cost; }`; with
 *   C alignment that is 12 + 4 + 4 + 12 × 8 = 116 bytes. (The AQtion engine's current
 *   `acebot.h` has a larger node_t and 32 links: a later format, not this one.)
 * - All five fixture files hold version 4, num_items 0, and are exactly
 *   12 + 116·n + 2·n² bytes (asylum n = 73: 19138; beer 296: 209580; bwcity2 179: 84858;
 *   terminal 263: 168858; wfall 196: 99580).
 * - In every fixture the node numbers equal their index, the padding is zero, the used links
 *   come first, and each link's cost is the distance between the two origins (to 1e-4):
 *   the bots' `ACEND_UpdateNodeEdge` stores `VectorLength(from - to)`.
 * - Origins lie inside the matching map's bounds; types seen are 0 (move) and 1 (ladder).
 *
 * The path table is routing state derived from the links; it is validated, not returned.
 */
import { readFileWithin } from '../../files/read-within.js';
import { LtkError } from './errors.js';
import { LTK_NODE_TYPE_NAMES } from './node-types.js';

export const LTK_VERSION = 4;
const HEADER_SIZE = 12;
const NODE_SIZE = 116;
const LINKS_PER_NODE = 12;
const LINK_SIZE = 8;
/** Item record sizes of 32-bit and 64-bit builds (the record holds a pointer). [Units: bytes] */
const ITEM_SIZES = [16, 24];

/** A waypoint graph. Node `k` is file node `k + 1`; links are directed. */
export interface LtkGraph {
  /** The path or name used in error messages. */
  readonly file: string;
  readonly version: number;
  readonly nodeCount: number;
  /** Recording player's origin raised 8 units (as the bots drop nodes). [Units: world units; Form: (x, y, z) × nodeCount] */
  readonly origins: Float32Array;
  /** `LtkNodeType` of each node. [Length: nodeCount] */
  readonly types: Uint8Array;
  readonly linkCount: number;
  /** Link `i` goes from node `linkFrom[i]` to node `linkTo[i]`, in file order. [Length: linkCount] */
  readonly linkFrom: Uint16Array;
  readonly linkTo: Uint16Array;
  /** Length of the link as the bots stored it. [Units: world units; Length: linkCount] */
  readonly linkCost: Float32Array;
}

/** Reads an `.ltk` file. Throws {@link LtkError} (`IO` when it cannot be read). */
export async function readLtk(path: string): Promise<LtkGraph> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileWithin(path);
  } catch (cause) {
    throw new LtkError(
      'IO',
      `cannot read the file: ${(cause as Error).message}`,
      { file: path, offset: 0 },
      { cause },
    );
  }
  return parseLtk(bytes, path);
}

/** Decodes `.ltk` bytes; `file` names them in errors. */
export function parseLtk(bytes: Uint8Array, file: string): LtkGraph {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (code: LtkError['code'], reason: string, offset: number): never => {
    throw new LtkError(code, reason, { file, offset });
  };

  if (bytes.byteLength < HEADER_SIZE) {
    fail(
      'TRUNCATED',
      `the file is ${bytes.byteLength} bytes, shorter than the ${HEADER_SIZE}-byte header`,
      bytes.byteLength,
    );
  }
  const version = view.getInt32(0, true);
  if (version !== LTK_VERSION)
    fail('BAD_VERSION', `version ${version}, expected ${LTK_VERSION}`, 0);
  const slots = view.getInt32(4, true);
  if (slots < 1) fail('BAD_COUNT', `node count ${slots}: slot 0 alone needs 1`, 4);
  const items = view.getInt32(8, true);
  if (items < 0) fail('BAD_COUNT', `item count ${items}`, 8);

  const pathTable = HEADER_SIZE + slots * NODE_SIZE;
  const itemTable = pathTable + slots * slots * 2;
  if (!ITEM_SIZES.some((size) => itemTable + items * size === bytes.byteLength)) {
    fail(
      'BAD_SIZE',
      `${slots} nodes and ${items} items need ${ITEM_SIZES.map((s) => itemTable + items * s).join(' or ')} bytes, the file has ${bytes.byteLength}`,
      4,
    );
  }

  const nodeCount = slots - 1;
  const record = (slot: number) => HEADER_SIZE + slot * NODE_SIZE;
  const origins = new Float32Array(nodeCount * 3);
  const types = new Uint8Array(nodeCount);
  let linkCount = 0;
  for (let slot = 1; slot < slots; slot++) {
    const at = record(slot);
    const type = view.getInt32(at + 12, true);
    if (type < 0 || type >= LTK_NODE_TYPE_NAMES.length)
      fail('BAD_NODE', `node ${slot} has unknown type ${type}`, at + 12);
    const number = view.getInt16(at + 16, true);
    if (number !== slot) fail('BAD_NODE', `node ${slot} says it is node ${number}`, at + 16);
    for (let k = 0; k < 3; k++) origins[(slot - 1) * 3 + k] = view.getFloat32(at + k * 4, true);
    types[slot - 1] = type;
    for (let l = 0; l < LINKS_PER_NODE; l++) {
      const link = at + 20 + l * LINK_SIZE;
      const target = view.getInt16(link, true);
      if (target === -1) continue;
      if (target < 1 || target >= slots)
        fail('BAD_LINK', `node ${slot} links to node ${target}, not one of 1..${slots - 1}`, link);
      linkCount++;
    }
  }

  const linkFrom = new Uint16Array(linkCount);
  const linkTo = new Uint16Array(linkCount);
  const linkCost = new Float32Array(linkCount);
  let i = 0;
  for (let slot = 1; slot < slots; slot++) {
    for (let l = 0; l < LINKS_PER_NODE; l++) {
      const link = record(slot) + 20 + l * LINK_SIZE;
      const target = view.getInt16(link, true);
      if (target === -1) continue;
      linkFrom[i] = slot - 1;
      linkTo[i] = target - 1;
      linkCost[i] = view.getFloat32(link + 4, true);
      i++;
    }
  }

  for (let e = 0; e < slots * slots; e++) {
    const next = view.getInt16(pathTable + e * 2, true);
    if (next < -1 || next >= slots) {
      fail(
        'BAD_PATH',
        `path table entry [${Math.floor(e / slots)}][${e % slots}] names node ${next}`,
        pathTable + e * 2,
      );
    }
  }

  return { file, version, nodeCount, origins, types, linkCount, linkFrom, linkTo, linkCost };
}
