/**
 * The uncompressed `.nav` payload → NavFile. Only the checks the record layout depends on, or
 * that the engine makes before reading records, happen here: node count + 1 > 8096, more than
 * 32 links on a node (the engine would overrun its link array), a record cut short, bytes after
 * the last node. Everything else is `validateNav`'s job. Errors carry payload offsets.
 */
import type { NavFile, NavLink, NavNode, NavVersion } from '../../types.js';
import { NavReadError } from './errors.js';
import {
  ENGINE_MAX_PNODES,
  LINK_BYTES,
  LINK_COST_AT,
  LINK_TARGET_AT,
  LINK_TYPE_AT,
  MAX_LINKS_PER_NODE,
  MAX_NAV_NODES,
  NAV_VERSION_2,
  NODE_AREA_BYTES,
  NODE_COUNT_BYTES,
  NODE_FIXED_BYTES,
  NODE_INUSE_AT,
  NODE_LINK_COUNT_AT,
  NODE_NODENUM_AT,
  NODE_ORIGIN_AT,
  NODE_TYPE_AT,
} from './format.js';

/** Parses `payload` of a `version` file; `file` names it in errors. */
export function decodeNavPayload(payload: Uint8Array, version: NavVersion, file: string): NavFile {
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const fail = (
    code: 'TRUNCATED_PAYLOAD' | 'TOO_MANY_NODES' | 'TOO_MANY_LINKS',
    reason: string,
    offset: number,
    node = -1,
  ) => {
    throw new NavReadError(code, reason, { file, section: 'payload', offset, node });
  };
  const need = (at: number, bytes: number, what: string, node = -1) => {
    if (at + bytes > payload.length) {
      fail(
        'TRUNCATED_PAYLOAD',
        `${what} needs ${bytes} bytes, ${payload.length - at} remain`,
        at,
        node,
      );
    }
  };

  need(0, NODE_COUNT_BYTES, 'the node count');
  const count = view.getUint16(0, true);
  if (count + 1 > ENGINE_MAX_PNODES) {
    fail('TOO_MANY_NODES', `${count} nodes; the engine holds at most ${MAX_NAV_NODES}`, 0);
  }
  const hasArea = version === NAV_VERSION_2;
  const fixedBytes = (hasArea ? NODE_AREA_BYTES : 0) + NODE_FIXED_BYTES;
  const nodes: NavNode[] = [];
  let at = NODE_COUNT_BYTES;
  for (let n = 0; n < count; n++) {
    need(at, fixedBytes, 'a node record', n);
    let area = 0;
    if (hasArea) {
      area = view.getInt32(at, true);
      at += NODE_AREA_BYTES;
    }
    const origin: NavNode['origin'] = [
      view.getFloat32(at + NODE_ORIGIN_AT, true),
      view.getFloat32(at + NODE_ORIGIN_AT + 4, true),
      view.getFloat32(at + NODE_ORIGIN_AT + 8, true),
    ];
    const type = view.getUint8(at + NODE_TYPE_AT);
    const nodenum = view.getInt16(at + NODE_NODENUM_AT, true);
    const inuse = view.getInt32(at + NODE_INUSE_AT, true);
    const linkCount = view.getUint8(at + NODE_LINK_COUNT_AT);
    if (linkCount > MAX_LINKS_PER_NODE) {
      const reason = `${linkCount} links; the engine holds at most ${MAX_LINKS_PER_NODE}`;
      fail('TOO_MANY_LINKS', reason, at + NODE_LINK_COUNT_AT, n);
    }
    at += NODE_FIXED_BYTES;
    need(at, linkCount * LINK_BYTES, `${linkCount} links`, n);
    const links: NavLink[] = [];
    for (let l = 0; l < linkCount; l++, at += LINK_BYTES) {
      links.push({
        target: view.getInt16(at + LINK_TARGET_AT, true),
        targetType: view.getUint8(at + LINK_TYPE_AT),
        cost: view.getFloat32(at + LINK_COST_AT, true),
      });
    }
    nodes.push({ area, origin, type, nodenum, inuse, links });
  }
  if (at !== payload.length) {
    const reason = `${payload.length - at} bytes after the last node`;
    throw new NavReadError('TRAILING_PAYLOAD_BYTES', reason, {
      file,
      section: 'payload',
      offset: at,
    });
  }
  return { version, nodes };
}
