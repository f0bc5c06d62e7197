/**
 * Stage 5: connections between areas, per direction, from the sample edges that cross an
 * area's side: a walk edge makes a walk connection, a drop edge (only) a one-way drop. The
 * portal is the longest run of neighbouring crossing cells along the side that land equally far
 * out (walk before drop before jump when one area is reached several ways), from the first
 * cell's centre to the last one's (positions where the player box was seen to pass); the
 * landing distance is kept with it (a drop over a ledge band lands cells further out).
 */
import {
  CROSS_DROP,
  CROSS_JUMP,
  CROSS_WALK,
  DIRECTIONS,
  EAST,
  NORTH,
  SOUTH,
  WEST,
} from '../mesh.js';
import { EDGE_JUMP, EDGE_WALK, type FloorSamples } from './sample-floor.js';

export interface AreaConnections {
  /** [Length: areaCount × 4 + 1] */
  readonly connStart: Uint32Array;
  readonly connTarget: Uint32Array;
  readonly connKind: Uint8Array;
  /** Cells from the side's last cell to the landing cell (see `NavMesh.connLanding`). */
  readonly connLanding: Uint8Array;
  /** (boundary, lo, hi) per connection. [Units: world units] */
  readonly connPortal: Float32Array;
}

/**
 * @param cells (i0, j0, i1, j1) per area
 * @param areaOfSample area index of each sample
 */
export function connectAreas(
  f: FloorSamples,
  cells: Int32Array,
  areaOfSample: Int32Array,
  cellSize: number,
  gridOffset: number,
): AreaConnections {
  const areaCount = cells.length / 4;
  // Crossings as (area, dir, target, kind, landing, along) rows.
  const rows: number[][] = [];
  for (let s = 0; s < f.count; s++) {
    const a = areaOfSample[s];
    const i0 = cells[a * 4];
    const j0 = cells[a * 4 + 1];
    const i1 = cells[a * 4 + 2];
    const j1 = cells[a * 4 + 3];
    for (let d = 0; d < DIRECTIONS; d++) {
      const onSide =
        (d === NORTH && f.j[s] === j0) ||
        (d === SOUTH && f.j[s] === j1) ||
        (d === EAST && f.i[s] === i1) ||
        (d === WEST && f.i[s] === i0);
      if (!onSide) continue;
      const t = f.edge[s * 4 + d];
      if (t < 0) continue;
      const b = areaOfSample[t];
      if (b === a) continue;
      const ek = f.edgeKind[s * 4 + d];
      const kind = ek === EDGE_WALK ? CROSS_WALK : ek === EDGE_JUMP ? CROSS_JUMP : CROSS_DROP;
      const landing = Math.abs(f.i[t] - f.i[s]) + Math.abs(f.j[t] - f.j[s]);
      rows.push([a, d, b, kind, landing, d === EAST || d === WEST ? f.j[s] : f.i[s]]);
    }
  }
  rows.sort(
    (p, q) =>
      p[0] - q[0] || p[1] - q[1] || p[2] - q[2] || p[3] - q[3] || p[4] - q[4] || p[5] - q[5],
  );

  const start = new Uint32Array(areaCount * DIRECTIONS + 1);
  const target: number[] = [];
  const kinds: number[] = [];
  const landings: number[] = [];
  const portal: number[] = [];
  let r = 0;
  for (let slot = 0; slot < areaCount * DIRECTIONS; slot++) {
    start[slot] = target.length;
    const a = Math.floor(slot / DIRECTIONS);
    const d = slot % DIRECTIONS;
    while (r < rows.length && rows[r][0] === a && rows[r][1] === d) {
      const b = rows[r][2];
      // All rows toward b: walk crossings win over drops.
      let end = r;
      while (end < rows.length && rows[end][0] === a && rows[end][1] === d && rows[end][2] === b)
        end++;
      const kind = rows[r][3];
      // Longest run of consecutive cells landing equally far among the rows of that kind (rows
      // r… with kind, by landing distance, then along the side); the nearest landing wins a tie.
      let best = [0, -1];
      let runStart = r;
      for (let k = r; k < end && rows[k][3] === kind; k++) {
        if (k > r && (rows[k][4] !== rows[k - 1][4] || rows[k][5] !== rows[k - 1][5] + 1))
          runStart = k;
        if (k - runStart > best[1] - best[0]) best = [runStart, k];
      }
      const lo = rows[best[0]][5] * cellSize + gridOffset;
      const hi = rows[best[1]][5] * cellSize + gridOffset;
      const half = cellSize / 2;
      let boundary: number;
      if (d === EAST) boundary = cells[a * 4 + 2] * cellSize + gridOffset + half;
      else if (d === WEST) boundary = cells[a * 4] * cellSize + gridOffset - half;
      else if (d === SOUTH) boundary = cells[a * 4 + 3] * cellSize + gridOffset + half;
      else boundary = cells[a * 4 + 1] * cellSize + gridOffset - half;
      target.push(b);
      kinds.push(kind);
      landings.push(rows[best[0]][4]);
      portal.push(boundary, lo, hi);
      r = end;
    }
  }
  start[areaCount * DIRECTIONS] = target.length;
  return {
    connStart: start,
    connTarget: Uint32Array.from(target),
    connKind: Uint8Array.from(kinds),
    connLanding: Uint8Array.from(landings),
    connPortal: Float32Array.from(portal),
  };
}
