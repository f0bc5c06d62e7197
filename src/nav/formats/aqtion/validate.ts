/**
 * The engine-safety check: every way a nav breaks what the engine's loader and bots assume,
 * listed with node, link and payload offset. Run before any `.nav` is written or renamed into
 * place, and by the reader after decoding.
 *
 * Errors are what the engine refuses, what would corrupt its memory (too many links, targets
 * out of range), what game code misreads (nodenum ≠ index), and what we would not write back
 * identically (non-float32 origins, wrong costs, types the table does not name). Warnings
 * ({@link NAV_WARNING_CODES}) are what the loader repairs by unlinking a node, or what the
 * engine never makes but copes with.
 */
import { linkCost, navLinkCost } from '../../link-cost.js';
import { defaultNodeTypes, nodeTypeName, type NodeTypeTable } from '../../node-types.js';
import type { NavFile } from '../../types.js';
import {
  LINK_BYTES,
  LINK_COST_AT,
  LINK_TARGET_AT,
  LINK_TYPE_AT,
  NODE_FIXED_BYTES,
  NODE_INUSE_AT,
  NODE_LINK_COUNT_AT,
  NODE_NODENUM_AT,
  NODE_ORIGIN_AT,
  NODE_TYPE_AT,
  MAX_LINKS_PER_NODE,
  MAX_NAV_NODES,
  NAV_VERSION_1,
  NAV_VERSION_2,
  NODE_AREA_BYTES,
  NODE_COUNT_BYTES,
  nodeRecordBytes,
} from './format.js';
import { NAV_WARNING_CODES, type NavIssue, type NavIssueCode } from './nav-issue.js';

function isInt32(v: number): boolean {
  return Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff;
}

function isByte(v: number): boolean {
  return Number.isInteger(v) && v >= 0 && v <= 255;
}

/**
 * Every violation in `nav`, in payload order. `nodeTypes` decides which type numbers are known.
 * An empty result, or one with only warnings, means the engine loads the nav as it is.
 */
export function validateNav(nav: NavFile, nodeTypes: NodeTypeTable = defaultNodeTypes): NavIssue[] {
  const issues: NavIssue[] = [];
  const add = (code: NavIssueCode, node: number, link: number, offset: number, message: string) =>
    issues.push({
      code,
      severity: NAV_WARNING_CODES.has(code) ? 'warning' : 'error',
      node,
      link,
      section: 'payload',
      offset,
      message,
    });

  if (nav.version !== NAV_VERSION_1 && nav.version !== NAV_VERSION_2) {
    issues.push({
      code: 'BAD_VERSION',
      severity: 'error',
      node: -1,
      link: -1,
      section: 'file',
      offset: 0,
      message: `version ${String(nav.version)}; the engine loads ${NAV_VERSION_1} and ${NAV_VERSION_2}`,
    });
  }
  const count = nav.nodes.length;
  if (count > MAX_NAV_NODES) {
    add('TOO_MANY_NODES', -1, -1, 0, `${count} nodes; the engine holds at most ${MAX_NAV_NODES}`);
  }

  const check: NodeCheck = { nav, nodeTypes, hasArea: nav.version !== NAV_VERSION_1, add };
  let at = NODE_COUNT_BYTES;
  for (let n = 0; n < count; n++) {
    checkNode(check, n, at);
    at += nodeRecordBytes(check.hasArea ? NAV_VERSION_2 : NAV_VERSION_1, nav.nodes[n].links.length);
  }
  return issues;
}

/** What checking one node needs besides the node itself. */
interface NodeCheck {
  nav: NavFile;
  nodeTypes: NodeTypeTable;
  /** Version 2 layout (the record starts with the area). */
  hasArea: boolean;
  add: (code: NavIssueCode, node: number, link: number, offset: number, message: string) => void;
}

/** Checks node `n`, whose record starts at payload offset `start`. */
function checkNode({ nav, nodeTypes, hasArea, add }: NodeCheck, n: number, start: number): void {
  const node = nav.nodes[n];
  const count = nav.nodes.length;
  if (!isInt32(node.area)) add('BAD_AREA', n, -1, start, `area ${node.area} is not an i32`);
  else if (!hasArea && node.area !== 0) {
    add('BAD_AREA', n, -1, start, `area ${node.area} cannot be stored in a version 1 nav`);
  }
  const at = start + (hasArea ? NODE_AREA_BYTES : 0);
  node.origin.forEach((v, axis) => {
    const where = at + NODE_ORIGIN_AT + 4 * axis;
    if (!Number.isFinite(v)) add('BAD_ORIGIN', n, -1, where, `origin[${axis}] is ${v}`);
    else if (Math.fround(v) !== v) {
      add('BAD_ORIGIN', n, -1, where, `origin[${axis}] ${v} is not a float32 value`);
    }
  });
  const [x, y, z] = node.origin;
  if (x === 0 && y === 0 && z === 0) {
    add(
      'ZERO_ORIGIN',
      n,
      -1,
      at + NODE_ORIGIN_AT,
      'origin (0, 0, 0): the engine unlinks this node',
    );
  }
  if (!isByte(node.type))
    add('BAD_NODE_TYPE', n, -1, at + NODE_TYPE_AT, `type ${node.type} is not 0..255`);
  else if (nodeTypeName(nodeTypes, node.type) === undefined) {
    add(
      'UNKNOWN_NODE_TYPE',
      n,
      -1,
      at + NODE_TYPE_AT,
      `type ${node.type} is not in the node-type table`,
    );
  }
  if (node.nodenum !== n) {
    add(
      'BAD_NODENUM',
      n,
      -1,
      at + NODE_NODENUM_AT,
      `nodenum ${node.nodenum} differs from the index ${n}`,
    );
  }
  if (!isInt32(node.inuse))
    add('BAD_INUSE', n, -1, at + NODE_INUSE_AT, `inuse ${node.inuse} is not an i32`);
  else if (node.inuse === 0) {
    add('NODE_NOT_IN_USE', n, -1, at + NODE_INUSE_AT, 'inuse is 0: the engine unlinks this node');
  }
  if (node.links.length > MAX_LINKS_PER_NODE) {
    add(
      'TOO_MANY_LINKS',
      n,
      -1,
      at + NODE_LINK_COUNT_AT,
      `${node.links.length} links; the engine holds at most ${MAX_LINKS_PER_NODE}`,
    );
  }
  const seen = new Set<number>();
  node.links.forEach((link, l) => {
    const la = at + NODE_FIXED_BYTES + l * LINK_BYTES;
    const { target, targetType, cost } = link;
    const targetOk = Number.isInteger(target) && target >= 0 && target < count;
    if (!targetOk) {
      add(
        'BAD_LINK_TARGET',
        n,
        l,
        la + LINK_TARGET_AT,
        `target ${target} is not a node (count ${count})`,
      );
    } else if (target === n) {
      add('SELF_LINK', n, l, la + LINK_TARGET_AT, 'links the node to itself');
    } else if (seen.has(target)) {
      add('DUPLICATE_LINK', n, l, la + LINK_TARGET_AT, `second link to node ${target}`);
    }
    seen.add(target);
    if (!isByte(targetType)) {
      add('BAD_LINK_TYPE', n, l, la + LINK_TYPE_AT, `target type ${targetType} is not 0..255`);
    } else if (nodeTypeName(nodeTypes, targetType) === undefined) {
      add(
        'UNKNOWN_LINK_TYPE',
        n,
        l,
        la + LINK_TYPE_AT,
        `target type ${targetType} is not in the node-type table`,
      );
    }
    if (!Number.isFinite(cost) || cost < 0) {
      add(
        'BAD_LINK_COST',
        n,
        l,
        la + LINK_COST_AT,
        `cost ${cost} is not a finite non-negative number`,
      );
    } else if (targetOk) {
      const expected = linkCost(node.origin, nav.nodes[target].origin);
      // navgen's files add the ladder entry cost to links into a ladder node and the jump cost
      // to JUMP links (`link-cost.ts`); the engine's own files hold the distance.
      const withEntry = navLinkCost(node.origin, nav.nodes[target].origin, {
        entersLadder: nav.nodes[target].type === nodeTypes.LADDER && node.type !== nodeTypes.LADDER,
        jumps: targetType === nodeTypes.JUMP,
      });
      if (cost !== expected && cost !== withEntry) {
        add(
          'LINK_COST_MISMATCH',
          n,
          l,
          la + LINK_COST_AT,
          `cost ${cost}; the distance is ${expected}`,
        );
      }
    }
  });
}
