/**
 * What a waypoint `.nav` misses of the floor: the mesh's cells that no node covers, where a
 * node covers what the AQtion bot counts as reaching it (`src/simulated-bot/node-reached.ts`): a
 * standing player whose origin is within 37 units of the node's on each horizontal axis and
 * 61 units vertically. An area none of whose cells is covered is a coverage hole.
 */
import type { NavMesh } from './mesh.js';

/** The bot's reach of a node. [Units: world units] */
export const NODE_REACH_XY = 37;
export const NODE_REACH_Z = 61;

export interface CoverageReport {
  readonly areas: number;
  /** Areas with no covered cell. */
  readonly holes: number;
  /** Floor cells (of cellSize²) and those covered. */
  readonly cells: number;
  readonly coveredCells: number;
  /** Floor of the holes. [Units: square world units] */
  readonly holeFloor: number;
  /** The largest holes: area id, centre (x, y, z) and cells, largest first (at most 10). */
  readonly largest: { id: number; centre: number[]; cells: number }[];
}

/**
 * Covered cells per area of `m`, by nodes at `origins` [Form: (x, y, z) × nodes]: an area with
 * none is a coverage hole.
 */
function coveredCellsPerArea(m: NavMesh, origins: Float32Array | readonly number[]): Uint32Array {
  // Nodes hashed by 64-unit columns.
  const B = 64;
  const grid = new Map<number, number[]>();
  const key = (i: number, j: number) => (i + 32768) * 65536 + (j + 32768);
  for (let n = 0; n < origins.length / 3; n++) {
    const k = key(Math.floor(origins[n * 3] / B), Math.floor(origins[n * 3 + 1] / B));
    const list = grid.get(k) ?? [];
    list.push(n);
    grid.set(k, list);
  }
  const covered = (x: number, y: number, z: number): boolean => {
    const i0 = Math.floor((x - NODE_REACH_XY) / B);
    const i1 = Math.floor((x + NODE_REACH_XY) / B);
    const j0 = Math.floor((y - NODE_REACH_XY) / B);
    const j1 = Math.floor((y + NODE_REACH_XY) / B);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++)
        for (const n of grid.get(key(i, j)) ?? [])
          if (
            Math.abs(origins[n * 3] - x) <= NODE_REACH_XY &&
            Math.abs(origins[n * 3 + 1] - y) <= NODE_REACH_XY &&
            Math.abs(origins[n * 3 + 2] - z) <= NODE_REACH_Z
          )
            return true;
    return false;
  };
  const cs = m.cellSize;
  const out = new Uint32Array(m.areaCount);
  for (let a = 0; a < m.areaCount; a++) {
    const [i0, j0, i1, j1] = m.areaCells.subarray(a * 4, a * 4 + 4);
    const w = i1 - i0;
    const h = j1 - j0;
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const u = w > 0 ? (i - i0) / w : 0;
        const v = h > 0 ? (j - j0) / h : 0;
        const z = m.areaZ;
        const north = z[a * 4] + (z[a * 4 + 1] - z[a * 4]) * u;
        const south = z[a * 4 + 2] + (z[a * 4 + 3] - z[a * 4 + 2]) * u;
        const x = m.originX + (i + 0.5) * cs;
        const y = m.originY + (j + 0.5) * cs;
        if (covered(x, y, north + (south - north) * v)) out[a]++;
      }
  }
  return out;
}

/** Cells of area a. */
function areaCellCount(m: NavMesh, a: number): number {
  const c = m.areaCells;
  return (c[a * 4 + 2] - c[a * 4] + 1) * (c[a * 4 + 3] - c[a * 4 + 1] + 1);
}

/** Centre of area a, on its floor (a standing origin; the mean of its corner heights). */
function areaCentre(m: NavMesh, a: number): number[] {
  const c = m.areaCells;
  const cs = m.cellSize;
  const cx = m.originX + ((c[a * 4] + c[a * 4 + 2] + 1) / 2) * cs;
  const cy = m.originY + ((c[a * 4 + 1] + c[a * 4 + 3] + 1) / 2) * cs;
  const z = m.areaZ;
  return [cx, cy, (z[a * 4] + z[a * 4 + 1] + z[a * 4 + 2] + z[a * 4 + 3]) / 4];
}

/** Coverage of `m` by nodes at `origins` [Form: (x, y, z) × nodes]. */
export function nodeCoverage(
  m: NavMesh,
  origins: Float32Array | readonly number[],
): CoverageReport {
  const per = coveredCellsPerArea(m, origins);
  const cs = m.cellSize;
  let cells = 0;
  let coveredCells = 0;
  let holes = 0;
  let holeFloor = 0;
  const holeList: { id: number; centre: number[]; cells: number }[] = [];
  for (let a = 0; a < m.areaCount; a++) {
    const n = areaCellCount(m, a);
    cells += n;
    coveredCells += per[a];
    if (per[a] === 0) {
      holes++;
      holeFloor += n * cs * cs;
      const [i0, j0, i1, j1] = m.areaCells.subarray(a * 4, a * 4 + 4);
      const cx = m.originX + ((i0 + i1 + 1) / 2) * cs;
      const cy = m.originY + ((j0 + j1 + 1) / 2) * cs;
      const cz = (m.areaZ[a * 4] + m.areaZ[a * 4 + 3]) / 2;
      holeList.push({ id: m.areaId[a], centre: [cx, cy, cz].map((v) => Math.round(v)), cells: n });
    }
  }
  holeList.sort((p, q) => q.cells - p.cells || p.id - q.id);
  return {
    areas: m.areaCount,
    holes,
    cells,
    coveredCells,
    holeFloor,
    largest: holeList.slice(0, 10),
  };
}

/**
 * Centres (standing origins, on the floor) of the coverage holes of at least `minCells` cells,
 * in area order: where `fill` may walk the floor from (its `meshSeeds`). [Units: world units]
 */
export function holeCentres(
  m: NavMesh,
  origins: Float32Array | readonly number[],
  minCells: number,
): number[][] {
  const per = coveredCellsPerArea(m, origins);
  const out: number[][] = [];
  for (let a = 0; a < m.areaCount; a++)
    if (per[a] === 0 && areaCellCount(m, a) >= minCells) out.push(areaCentre(m, a));
  return out;
}

/** A coverage hole: an area of the mesh no node reaches. */
export interface HoleArea {
  /** The area's cells seen from above. [Units: world units; Form: (minX, minY, maxX, maxY)] */
  readonly rect: readonly number[];
  /** Its floor height, the mean of its corners. [Units: world units] */
  readonly z: number;
  /** [Units: square world units] */
  readonly floor: number;
}

/** Every coverage hole of `m` by nodes at `origins` [Form: (x, y, z) × nodes], in area order. */
export function holeAreas(m: NavMesh, origins: Float32Array | readonly number[]): HoleArea[] {
  const per = coveredCellsPerArea(m, origins);
  const cs = m.cellSize;
  const out: HoleArea[] = [];
  for (let a = 0; a < m.areaCount; a++) {
    if (per[a] !== 0) continue;
    const [i0, j0, i1, j1] = m.areaCells.subarray(a * 4, a * 4 + 4);
    out.push({
      rect: [
        m.originX + i0 * cs,
        m.originY + j0 * cs,
        m.originX + (i1 + 1) * cs,
        m.originY + (j1 + 1) * cs,
      ],
      z: areaCentre(m, a)[2],
      floor: areaCellCount(m, a) * cs * cs,
    });
  }
  return out;
}
