/**
 * Finds places on a real map where no player can make a link, with the collision model only
 * (never with the simulator under test): walls between two floors, ledges higher than any jump,
 * gaps wider than a running jump, deep drops and liquids that kill.
 *
 * Each finder returns links as plain data (`LinkToSimulate`), between origins at player height
 * (floor + 24), like nav nodes.
 */
import type { CollisionModel } from '../../src/world/collision-model.js';
import { CONTENTS_LAVA, CONTENTS_SLIME, MASK_PLAYERSOLID } from '../../src/world/contents.js';
import { boxTrace, newTraceResult, pointContents } from '../../src/world/trace.js';
import type { NavFile } from '../../src/nav/types.js';
import type { LinkToSimulate } from '../../src/simulated-bot/simulate-link.js';

const MINS = [-16, -16, -24];
const MAXS = [16, 16, 32];
const ZERO = [0, 0, 0];
const tr = newTraceResult();

type V = [number, number, number];

/** The floor under `p` (player origin height), within `depth` (and 2 u above); null if none. */
export function floorBelow(m: CollisionModel, p: readonly number[], depth: number): V | null {
  // From 2 u higher: a box resting exactly on a floor counts as inside it.
  const start = [p[0], p[1], p[2] + 2];
  const t = boxTrace(m, start, [p[0], p[1], p[2] - depth], MINS, MAXS, 0, MASK_PLAYERSOLID, tr);
  if (t.startsolid || t.fraction >= 1 || t.normal[2] < 0.7) return null;
  return [t.endpos[0], t.endpos[1], t.endpos[2]];
}

function free(m: CollisionModel, p: readonly number[]): boolean {
  const t = boxTrace(m, p, p, MINS, MAXS, 0, MASK_PLAYERSOLID, tr);
  return !t.startsolid && !t.allsolid;
}

function lineBlocked(m: CollisionModel, a: readonly number[], b: readonly number[]): boolean {
  return boxTrace(m, a, b, ZERO, ZERO, 0, MASK_PLAYERSOLID, tr).fraction < 1;
}

const DIRS: V[] = Array.from({ length: 8 }, (_, k) => [
  Math.round(Math.cos((k * Math.PI) / 4) * 1e6) / 1e6,
  Math.round(Math.sin((k * Math.PI) / 4) * 1e6) / 1e6,
  0,
]);

const link = (
  from: readonly number[],
  to: readonly number[],
  linkType: string,
): LinkToSimulate => ({
  from: [from[0], from[1], from[2]],
  to: [to[0], to[1], to[2]],
  linkType,
  fromType: 'MOVE',
  toType: 'MOVE',
});

/**
 * Two nodes on one level with a wall between them: the player box cannot sweep from one to the
 * other, and every line between them at six heights up to 90 u and up to 128 u to either side
 * is blocked, so no short way round or over exists.
 */
export function throughWalls(m: CollisionModel, nav: NavFile, max: number): LinkToSimulate[] {
  const out: LinkToSimulate[] = [];
  const n = nav.nodes;
  for (let i = 0; i < n.length && out.length < max; i += 7) {
    for (let j = 0; j < n.length && out.length < max; j += 3) {
      const a = n[i].origin;
      const b = n[j].origin;
      const h = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (Math.abs(a[2] - b[2]) > 8 || h < 96 || h > 192) continue;
      const sx = -(b[1] - a[1]) / h;
      const sy = (b[0] - a[0]) / h;
      if (boxTrace(m, a, b, MINS, MAXS, 0, MASK_PLAYERSOLID, tr).fraction > 0.8) continue;
      let walled = true;
      for (const side of [-128, -96, -64, -32, 0, 32, 64, 96, 128])
        for (const dz of [-16, 0, 16, 30, 60, 90]) {
          const p = [a[0] + sx * side, a[1] + sy * side, a[2] + dz];
          const q = [b[0] + sx * side, b[1] + sy * side, b[2] + dz];
          if (!lineBlocked(m, p, q)) walled = false;
        }
      if (walled) out.push(link(a, b, 'MOVE'));
    }
  }
  return out;
}

/**
 * A node in front of a wall whose top is a floor `rise` above the node's floor
 * (minRise … maxRise), reached by a link of type MOVE or JUMP.
 */
export function highLedges(
  m: CollisionModel,
  nav: NavFile,
  minRise: number,
  maxRise: number,
  max: number,
): LinkToSimulate[] {
  const out: LinkToSimulate[] = [];
  for (let i = 0; i < nav.nodes.length && out.length < max; i += 5) {
    const a = floorBelow(m, nav.nodes[i].origin, 40);
    if (!a) continue;
    for (const d of DIRS) {
      const ahead = [a[0] + d[0] * 64, a[1] + d[1] * 64, a[2]];
      const t = boxTrace(m, a, ahead, MINS, MAXS, 0, MASK_PLAYERSOLID, tr);
      if (t.fraction >= 1 || Math.abs(t.normal[2]) > 0.1) continue;
      const reach = 16 + 64 * t.fraction + 24; // just past the wall face
      const above = [a[0] + d[0] * reach, a[1] + d[1] * reach, a[2] + maxRise + 8];
      if (!free(m, above)) continue;
      const top = floorBelow(m, above, maxRise + 8 - minRise);
      if (!top || top[2] - a[2] < minRise) continue;
      // the wall must be a wall all the way up to the ledge (no steps in front of it)
      if (!lineBlocked(m, [a[0], a[1], top[2] - 30], [top[0], top[1], top[2] - 30])) continue;
      out.push(link(a, top, out.length % 2 === 0 ? 'MOVE' : 'JUMP'));
      break;
    }
  }
  return out;
}

/**
 * Two nodes on one level with open air between them and, under the straight way, more than
 * `minGap` with no floor within 256 u (a pit too deep to walk through; liquid counts as floor),
 * linked by a JUMP link.
 */
export function wideGaps(
  m: CollisionModel,
  nav: NavFile,
  minGap: number,
  max: number,
): LinkToSimulate[] {
  const out: LinkToSimulate[] = [];
  const n = nav.nodes;
  for (let i = 0; i < n.length && out.length < max; i += 3) {
    for (let j = i + 1; j < n.length && out.length < max; j += 2) {
      const a = n[i].origin;
      const b = n[j].origin;
      const h = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (Math.abs(a[2] - b[2]) > 16 || h < minGap + 48 || h > minGap + 200) continue;
      if (boxTrace(m, a, b, MINS, MAXS, 0, MASK_PLAYERSOLID, tr).fraction < 1) continue;
      let run = 0;
      let longest = 0;
      for (let s = 8; s < h; s += 8) {
        const p = [
          a[0] + ((b[0] - a[0]) * s) / h,
          a[1] + ((b[1] - a[1]) * s) / h,
          Math.max(a[2], b[2]),
        ];
        const t = boxTrace(m, p, [p[0], p[1], p[2] - 4096], MINS, MAXS, 0, MASK_PLAYERSOLID, tr);
        const depth = t.fraction * 4096;
        const wet = pointContents(m, [t.endpos[0], t.endpos[1], t.endpos[2] - 16]) & 0x38;
        if (t.startsolid || depth < 256 || wet) run = 0;
        else longest = Math.max(longest, (run += 8));
      }
      if (longest >= minGap) out.push(link(a, b, 'JUMP'));
    }
  }
  return out;
}

/**
 * A node at an edge and the floor `minDepth` or more straight below, with a flat landing zone
 * beyond (no slope or stairs to slide down), linked by STAND_DROP.
 */
export function deepDrops(
  m: CollisionModel,
  nav: NavFile,
  minDepth: number,
  max: number,
): LinkToSimulate[] {
  const out: LinkToSimulate[] = [];
  for (let i = 0; i < nav.nodes.length && out.length < max; i += 3) {
    const a = floorBelow(m, nav.nodes[i].origin, 40);
    if (!a) continue;
    found: for (const d of DIRS)
      for (const reach of [48, 80, 112, 144]) {
        const over = [a[0] + d[0] * reach, a[1] + d[1] * reach, a[2]];
        if (boxTrace(m, a, over, MINS, MAXS, 0, MASK_PLAYERSOLID, tr).fraction < 1) continue found;
        if (floorBelow(m, over, 64)) continue;
        const bottom = floorBelow(m, over, 4096);
        if (!bottom || a[2] - bottom[2] < minDepth) continue found;
        if (pointContents(m, [bottom[0], bottom[1], bottom[2] + 8]) & 0x38) continue found; // liquid softens falls
        // A flat landing zone: straight down from further out and to the sides, the same floor.
        for (const k of [16, 48, 96, 144, 192])
          for (const side of [-48, 0, 48]) {
            const q = [over[0] + d[0] * k - d[1] * side, over[1] + d[1] * k + d[0] * side, a[2]];
            const f = floorBelow(m, q, 4096);
            if (!f || Math.abs(f[2] - bottom[2]) > 4) continue found;
          }
        out.push(link(a, bottom, 'STAND_DROP'));
        break found;
      }
  }
  return out;
}

/**
 * The same map with every water volume turned into `contents` (lava or slime): the fixture maps
 * have no lava or slime, urbanjungle has deep water.
 */
export function waterAs(m: CollisionModel, contents: number): CollisionModel {
  const swap = (a: Int32Array) => a.map((c) => (c & 32 ? (c & ~32) | contents : c));
  return {
    ...m,
    leafContents: swap(m.leafContents),
    brushContents: swap(m.brushContents),
    brushStamp: new Uint32Array(m.brushStamp.length),
    traceStamp: new Uint32Array(m.traceStamp.length),
  };
}

/**
 * Links from a node down into lava or slime: the liquid's surface found by sampling brushes of
 * those contents (axis-aligned bounds from their axial sides), the source the nearest node above.
 */
export function liquidDrops(m: CollisionModel, nav: NavFile, max: number): LinkToSimulate[] {
  const out: LinkToSimulate[] = [];
  for (let b = 0; b < m.brushCount - 1 && out.length < max; b++) {
    if ((m.brushContents[b] & (CONTENTS_LAVA | CONTENTS_SLIME)) === 0) continue;
    const lo = [-Infinity, -Infinity, -Infinity];
    const hi = [Infinity, Infinity, Infinity];
    for (let s = 0; s < m.brushSideCount[b]; s++) {
      const pl = m.sidePlane[m.brushFirstSide[b] + s];
      const nx = m.planeNormal[3 * pl];
      const ny = m.planeNormal[3 * pl + 1];
      const nz = m.planeNormal[3 * pl + 2];
      const d = m.planeDist[pl];
      const axis = [nx, ny, nz].findIndex((c) => Math.abs(c) === 1);
      if (axis < 0) continue;
      if ([nx, ny, nz][axis] > 0) hi[axis] = Math.min(hi[axis], d);
      else lo[axis] = Math.max(lo[axis], -d);
    }
    if (![0, 1, 2].every((k) => Number.isFinite(lo[k]) && Number.isFinite(hi[k]))) continue;
    if (hi[0] - lo[0] < 48 || hi[1] - lo[1] < 48) continue;
    const target: V = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, hi[2] + 8];
    if (
      (pointContents(m, [target[0], target[1], hi[2] - 2]) & (CONTENTS_LAVA | CONTENTS_SLIME)) ===
      0
    )
      continue;
    let best = -1;
    let bestD = 320;
    nav.nodes.forEach((node, i) => {
      const o = node.origin;
      const dz = o[2] - target[2];
      const d = Math.hypot(o[0] - target[0], o[1] - target[1]);
      if (dz >= 0 && dz < 256 && d < bestD && !lineBlocked(m, o, target)) {
        best = i;
        bestD = d;
      }
    });
    if (best >= 0) out.push(link(nav.nodes[best].origin, target, 'STAND_DROP'));
  }
  return out;
}
