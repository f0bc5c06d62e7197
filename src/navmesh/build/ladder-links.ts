/**
 * Stage 6: ladders. A climb of the map (`src/map-analysis/map-ladders.ts`: where the box hangs
 * on a ladder from the floor at its foot up to where it last touches) becomes a ladder of the
 * mesh: the direction the climber faces (the side whose sweep meets the ladder brush), the
 * exit at the top (the box stepped forward over the top and down onto the floor there), and a
 * ladder connection each way between the area at the foot and the area at the exit. Before the
 * floor is sampled, the foot and the exit are seeds (floors reached only by a ladder).
 */
import { CONTENTS_LADDER } from '../../world/contents.js';
import { newTraceResult } from '../../world/trace.js';
import {
  CROSS_LADDER,
  DIRECTIONS,
  DIR_DI,
  DIR_DJ,
  areaBounds,
  areaHeightAt,
  type NavMesh,
} from '../mesh.js';
import type { FloorTracer } from './floor-tracer.js';
import {
  addConnection,
  connectionSlot,
  withConnections,
  type ExtraConnection,
} from './extra-connections.js';
import type { ReadonlyVec3 } from '../../geometry/vec3.js';
import { STANDING_MAXS, STANDING_MINS } from '../../player.js';

/** A climb as `mapLadderClimbs` gives it. [Units: world units] */
export interface LadderClimb {
  readonly x: number;
  readonly y: number;
  /** Origin height standing at the foot. */
  readonly foot: number;
  /** Highest origin height still touching the ladder. */
  readonly top: number;
}

/** A climb with its facing and its exit at the top. [Units: world units] */
export interface LadderEnds extends LadderClimb {
  readonly dir: number;
  readonly exit: ReadonlyVec3;
}

const STAND_MINS = STANDING_MINS;
const STAND_MAXS = STANDING_MAXS;
/** How far forward over the top the climber steps off. [Units: world units] */
const EXIT_REACH = [40, 32, 24, 16];
/** How far from an area a ladder's foot or exit may be. [Units: world units] */
const LADDER_REACH = 48;
/** How far below the top the exit floor may be. [Units: world units] */
const EXIT_DEPTH = 64;

/** Facing and exit of each climb; climbs without an exit are left out. */
export function ladderEnds(
  tracer: FloorTracer,
  climbs: readonly LadderClimb[],
  stepHeight: number,
): LadderEnds[] {
  const tr = newTraceResult();
  const out: LadderEnds[] = [];
  for (const cl of climbs) {
    const mid = (cl.foot + cl.top) / 2;
    let dir = -1;
    for (let d = 0; d < DIRECTIONS && dir < 0; d++) {
      const end = [cl.x + DIR_DI[d] * 8, cl.y + DIR_DJ[d] * 8, mid];
      tracer.trace([cl.x, cl.y, mid], STAND_MINS, STAND_MAXS, end, tr);
      if (tr.fraction < 1 && (tr.contents & CONTENTS_LADDER) !== 0) dir = d;
    }
    if (dir < 0) continue;
    const from = [cl.x, cl.y, cl.top + stepHeight];
    for (const reach of EXIT_REACH) {
      const ex = cl.x + DIR_DI[dir] * reach;
      const ey = cl.y + DIR_DJ[dir] * reach;
      tracer.trace(from, STAND_MINS, STAND_MAXS, [ex, ey, from[2]], tr);
      if (tr.startsolid || tr.fraction < 1) continue;
      tracer.trace([ex, ey, from[2]], STAND_MINS, STAND_MAXS, [ex, ey, from[2] - EXIT_DEPTH], tr);
      if (tr.startsolid || tr.fraction === 1 || tr.normal[2] < 0.7) continue;
      out.push({ ...cl, dir, exit: [ex, ey, tr.endpos[2]] });
      break;
    }
  }
  return out;
}

/**
 * The area nearest (x, y) (by horizontal distance to its rectangle, at most `reach`) whose
 * height there is within `reach` of z, or -1. Near ledges the floor band is no area
 * (`ledgeMargin`), so a ladder's foot or exit may lie a little outside every area.
 * [Units: world units]
 */
export function areaNear(m: NavMesh, x: number, y: number, z: number, reach: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let a = 0; a < m.areaCount; a++) {
    const [x0, y0, x1, y1] = areaBounds(m, a);
    const cx = Math.min(Math.max(x, x0), x1);
    const cy = Math.min(Math.max(y, y0), y1);
    const d = Math.hypot(cx - x, cy - y);
    if (d > reach) continue;
    const dz = Math.abs(areaHeightAt(m, a, cx, cy) - z);
    if (dz > reach) continue;
    if (d + dz < bestD) {
      bestD = d + dz;
      best = a;
    }
  }
  return best;
}

/** `m` with the ladders of `ends` whose foot and exit lie on areas, and their connections. */
export function addLadders(m: NavMesh, ends: readonly LadderEnds[]): NavMesh {
  const kept: { e: LadderEnds; bottom: number; top: number }[] = [];
  for (const e of ends) {
    const bottom = areaNear(m, e.x, e.y, e.foot, LADDER_REACH);
    const top = areaNear(m, e.exit[0], e.exit[1], e.exit[2], LADDER_REACH);
    if (bottom < 0 || top < 0 || bottom === top) continue;
    kept.push({ e, bottom, top });
  }
  // Foot → top in the facing direction, top → foot in the opposite one.
  const extra = new Map<number, ExtraConnection[]>();
  kept.forEach(({ e, bottom, top }, k) => {
    const at = { kind: CROSS_LADDER, x: e.x, y: e.y, index: k };
    addConnection(extra, connectionSlot(bottom, e.dir), { ...at, target: top });
    addConnection(extra, connectionSlot(top, (e.dir + 2) & 3), { ...at, target: bottom });
  });
  const n = kept.length;
  const ladderSpan = new Float32Array(n * 4);
  const ladderDir = new Uint8Array(n);
  const ladderAreas = new Uint32Array(n * 2);
  const ladderExit = new Float32Array(n * 3);
  kept.forEach(({ e, bottom, top }, k) => {
    ladderSpan.set([e.x, e.y, e.foot, e.top], k * 4);
    ladderDir[k] = e.dir;
    ladderAreas[k * 2] = bottom;
    ladderAreas[k * 2 + 1] = top;
    ladderExit.set(e.exit, k * 3);
  });
  return {
    ...m,
    ...withConnections(m, extra),
    ladderCount: n,
    ladderSpan,
    ladderDir,
    ladderAreas,
    ladderExit,
  };
}
