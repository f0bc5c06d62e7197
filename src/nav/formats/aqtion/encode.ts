/**
 * NavFile → `.nav` bytes, as the engine writes them: the payload field for field, links in the
 * engine's save order, compressed with zlib level 9.
 *
 * The payload is identical to the engine's for the same nav. The compressed stream need not
 * be: deflate output depends on the implementation (the engine links the system zlib; pako and
 * Node's bundled zlib pick other, equally valid, matches), and the engine inflates any valid
 * stream. We use pako, pure JavaScript, so that our own files are byte-identical on every
 * machine, which Node's zlib (with CPU-dependent code paths) does not promise.
 */
import { deflate } from 'pako';
import { defaultNodeTypes, type NodeTypeTable } from '../../node-types.js';
import type { NavFile } from '../../types.js';
import { NavValidationError } from './errors.js';
import {
  HEADER_COMPRESSED_LENGTH_OFFSET,
  HEADER_UNCOMPRESSED_LENGTH_OFFSET,
  LINK_BYTES,
  LINK_COST_AT,
  LINK_TARGET_AT,
  LINK_TYPE_AT,
  NAV_HEADER_BYTES,
  NAV_VERSION_2,
  NAV_ZLIB_LEVEL,
  NODE_AREA_BYTES,
  NODE_COUNT_BYTES,
  NODE_FIXED_BYTES,
  NODE_INUSE_AT,
  NODE_LINK_COUNT_AT,
  NODE_NODENUM_AT,
  NODE_ORIGIN_AT,
  NODE_TYPE_AT,
  nodeRecordBytes,
} from './format.js';
import { sortLinksByHeight } from './link-order.js';
import { validateNav } from './validate.js';

export interface EncodedNav {
  /** The whole file. */
  bytes: Uint8Array;
  /** The uncompressed payload (what "byte for byte" compares for `.nav` files). */
  payload: Uint8Array;
}

/**
 * The payload of `nav`, links sorted as the engine sorts them before saving. `nav` must pass
 * {@link validateNav} (use {@link encodeNav}, which checks).
 */
export function encodeNavPayload(nav: NavFile): Uint8Array {
  const { nodes, version } = nav;
  const hasArea = version >= NAV_VERSION_2;
  let size = NODE_COUNT_BYTES;
  for (const node of nodes) size += nodeRecordBytes(version, node.links.length);
  const payload = new Uint8Array(size);
  const view = new DataView(payload.buffer);
  let at = 0;
  view.setUint16(at, nodes.length, true);
  at += NODE_COUNT_BYTES;
  const originOf = (i: number) => nodes[i].origin;
  for (const node of nodes) {
    if (hasArea) {
      view.setInt32(at, node.area, true);
      at += NODE_AREA_BYTES;
    }
    node.origin.forEach((v, axis) => view.setFloat32(at + NODE_ORIGIN_AT + 4 * axis, v, true));
    view.setUint8(at + NODE_TYPE_AT, node.type);
    view.setInt16(at + NODE_NODENUM_AT, node.nodenum, true);
    view.setInt32(at + NODE_INUSE_AT, node.inuse, true);
    view.setUint8(at + NODE_LINK_COUNT_AT, node.links.length);
    at += NODE_FIXED_BYTES;
    for (const link of sortLinksByHeight(node.origin, node.links, originOf)) {
      view.setInt16(at + LINK_TARGET_AT, link.target, true);
      view.setUint8(at + LINK_TYPE_AT, link.targetType);
      view.setFloat32(at + LINK_COST_AT, link.cost, true);
      at += LINK_BYTES;
    }
  }
  return payload;
}

/** The file around a payload: version, both lengths, zlib level 9 stream (pako). */
function wrapNavPayload(version: number, payload: Uint8Array): Uint8Array {
  const stream = deflate(payload, { level: NAV_ZLIB_LEVEL });
  const bytes = new Uint8Array(NAV_HEADER_BYTES + stream.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, version);
  view.setInt32(HEADER_UNCOMPRESSED_LENGTH_OFFSET, payload.length, true);
  view.setInt32(HEADER_COMPRESSED_LENGTH_OFFSET, stream.length, true);
  bytes.set(stream, NAV_HEADER_BYTES);
  return bytes;
}

/**
 * `nav` as file bytes. Throws {@link NavValidationError} (naming `what`, e.g. the target path)
 * when `validateNav` reports any error under `nodeTypes`; warnings do not stop it.
 */
export function encodeNav(
  nav: NavFile,
  nodeTypes: NodeTypeTable = defaultNodeTypes,
  what = 'nav',
): EncodedNav {
  const errors = validateNav(nav, nodeTypes).filter((i) => i.severity === 'error');
  if (errors.length > 0) throw new NavValidationError(what, errors);
  const payload = encodeNavPayload(nav);
  return { bytes: wrapNavPayload(nav.version, payload), payload };
}
