/**
 * The build, as a recipe (Recast's `Sample_SoloMesh::build`): each step is a plain function over
 * plain arrays.
 * 1. sample the reachable floor from the seeds with the player box (`sample-floor.ts`);
 * 2. split it into floor layers, one sample per column each (`floor-layers.ts`);
 * 3. per layer, the quadtree's leaves (`quadtree-cells.ts`);
 * 4. join neighbouring leaves into rectangles within 2:1 (`merge-cells.ts`);
 * 5. number the areas by position, connect them per direction (`connect-areas.ts`);
 * 6. ladders: the map's climbs joined to the areas at their foot and top (`ladder-links.ts`).
 */
import {
  AREA_CROUCH,
  AREA_NO_JUMP,
  AREA_WATER,
  noLadders,
  noLinks,
  type NavMesh,
} from '../mesh.js';
import type { NavMeshBuildConfig } from './config.js';
import { connectAreas } from './connect-areas.js';
import { floorLayers } from './floor-layers.js';
import type { FloorTracer } from './floor-tracer.js';
import { layerGrids } from './layer-grid.js';
import { addLadders, ladderEnds, type LadderClimb } from './ladder-links.js';
import { mergeCells } from './merge-cells.js';
import { quadtreeLeaves } from './quadtree-cells.js';
import { SAMPLE_CROUCH, SAMPLE_NO_JUMP, SAMPLE_WATER, sampleFloor } from './sample-floor.js';

export interface NavMeshBuildInput {
  readonly tracer: FloorTracer;
  /** Player origins the floor is reached from (spawn points, demo positions). [Units: world units] */
  readonly seeds: readonly (readonly number[])[];
  /** The map's ladder climbs (empty to leave ladders out). */
  readonly ladders: readonly LadderClimb[];
  /** Byte size of the BSP file. */
  readonly bspSize: number;
}

export interface NavMeshBuildReport {
  readonly samples: number;
  readonly layers: number;
  readonly quadtreeLeaves: number;
  readonly missedSeeds: number[][];
  readonly truncated: boolean;
  /** Milliseconds per step. */
  readonly times: Record<string, number>;
}

export function buildNavMesh(
  input: NavMeshBuildInput,
  c: NavMeshBuildConfig,
): { mesh: NavMesh; report: NavMeshBuildReport } {
  const times: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    times[name] = now - t;
    t = now;
  };

  // 1–2. Floor samples and their layers; the ladders' feet and exits are seeds too.
  const ends = c.ladders ? ladderEnds(input.tracer, input.ladders, c.stepHeight) : [];
  const seeds = [...input.seeds];
  for (const e of ends) seeds.push([e.x, e.y, e.foot], [e.exit[0], e.exit[1], e.exit[2]]);
  const f = sampleFloor(input.tracer, seeds, c);
  lap('sample');
  const { layer, layerCount } = floorLayers(f);
  const grids = layerGrids(f, layer, layerCount);
  lap('layers');

  // 3–4. Quadtree leaves, joined.
  const rects: { L: number; r: number[] }[] = [];
  let leaves = 0;
  grids.forEach((g, L) => {
    const cells = quadtreeLeaves(f, g, c.maxAreaCells, c.heightTolerance);
    leaves += cells.length;
    for (const r of mergeCells(f, g, cells, c.maxAspect, c.heightTolerance)) rects.push({ L, r });
  });
  lap('areas');

  // 5. Areas in position order (stable ids), then connections.
  const zOf = (L: number, i: number, j: number) => {
    const g = grids[L];
    return f.z[g.cell[(j - g.j0) * g.width + (i - g.i0)]];
  };
  rects.sort(
    (p, q) =>
      p.r[1] - q.r[1] ||
      p.r[0] - q.r[0] ||
      zOf(p.L, p.r[0], p.r[1]) - zOf(q.L, q.r[0], q.r[1]) ||
      p.L - q.L,
  );
  const n = rects.length;
  const areaCells = new Int32Array(n * 4);
  const areaZ = new Float32Array(n * 4);
  const areaFlags = new Uint32Array(n);
  const areaLayer = new Uint32Array(n);
  const areaId = new Uint32Array(n);
  const areaOfSample = new Int32Array(f.count).fill(-1);
  rects.forEach(({ L, r }, a) => {
    const [i0, j0, i1, j1] = r;
    areaCells.set(r, a * 4);
    areaZ[a * 4] = zOf(L, i0, j0);
    areaZ[a * 4 + 1] = zOf(L, i1, j0);
    areaZ[a * 4 + 2] = zOf(L, i0, j1);
    areaZ[a * 4 + 3] = zOf(L, i1, j1);
    areaLayer[a] = L;
    areaId[a] = a + 1;
    const g = grids[L];
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) areaOfSample[g.cell[(j - g.j0) * g.width + (i - g.i0)]] = a;
    const s = g.cell[(j0 - g.j0) * g.width + (i0 - g.i0)];
    const sf = f.flags[s];
    areaFlags[a] =
      (sf & SAMPLE_CROUCH ? AREA_CROUCH : 0) |
      (sf & SAMPLE_NO_JUMP ? AREA_NO_JUMP : 0) |
      (sf & SAMPLE_WATER ? AREA_WATER : 0);
  });
  const conn = connectAreas(f, areaCells, areaOfSample, c.cellSize, c.gridOffset);
  lap('connect');

  const base: NavMesh = {
    cellSize: c.cellSize,
    originX: c.gridOffset - c.cellSize / 2,
    originY: c.gridOffset - c.cellSize / 2,
    bspSize: input.bspSize,
    areaCount: n,
    areaId,
    areaFlags,
    areaLayer,
    areaCells,
    areaZ,
    ...conn,
    ...noLadders(),
    ...noLinks(),
  };
  // 6. Ladders.
  const mesh = addLadders(base, ends);
  lap('ladders');
  return {
    mesh,
    report: {
      samples: f.count,
      layers: layerCount,
      quadtreeLeaves: leaves,
      missedSeeds: f.missedSeeds,
      truncated: f.truncated,
      times,
    },
  };
}
