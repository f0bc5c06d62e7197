/**
 * Where a player swims: positions in the map's water, on the floor grid's columns, stacked so
 * that the engine's bot finds one from anywhere in the water. The bot picks its current node
 * with `ACEND_FindClosestReachableNode` (`acesrc/acebot_nodes.c`): the nearest node within 96
 * units (3-D) and 60 units of height to which a box trace from the bot is clear. A bot in water
 * with no node that near has no path and, under a ceiling of rock (monastery's underwater
 * channels), drowns.
 *
 * A column (x, y on the grid `spacing` apart, as `walkable-floor.ts` anchors it) is scanned top
 * to bottom in `SCAN_STEP` steps; a run of heights where the standing box fits and pmove's water
 * level is at least 2 (waist-deep: what `confirm-types.ts` types WATER) is one stretch of water.
 * Each stretch gets nodes from its bottom to its top, evenly spaced at most `layer` apart, so a
 * swimming player is never more than `layer` / 2 above or below one in its column, and never
 * more than spacing / √2 across from a column. Water only: lava and slime are left out (no route
 * should wade through them).
 */
import type { BspWorld } from '../sources/bsp/world.js';
import type { Vec3 } from '../geometry/vec3.js';
import { CONTENTS_LAVA, CONTENTS_SLIME, CONTENTS_WATER } from '../sources/bsp/contents-flags.js';
import { pointContents } from '../sources/bsp/point-contents.js';
import { fits, waterLevel } from './box-query.js';
import { GRID_OFFSET, gridColumns } from './walkable-floor.js';

/** Height step of the column scan. [Units: world units] */
export const SCAN_STEP = 16;
/** pmove's water level from which a player swims (waist-deep). */
const SWIM_LEVEL = 2;

/** One column's water positions, bottom to top. [Units: world units] */
export interface WaterColumn {
  readonly i: number;
  readonly j: number;
  /** Origins of the column's positions, each stretch bottom to top, stretches top first. */
  readonly origins: readonly Vec3[];
}

/** Water a player swims in at (x, y, z): no lava or slime at the origin, waist-deep, box free. */
function swimmable(w: BspWorld, x: number, y: number, z: number): boolean {
  const c = pointContents(w, x, y, z);
  if ((c & CONTENTS_WATER) === 0 || (c & (CONTENTS_LAVA | CONTENTS_SLIME)) !== 0) return false;
  return waterLevel(w, x, y, z) >= SWIM_LEVEL && fits(w, x, y, z);
}

/** Heights from `bottom` to `top` at most `layer` apart, evenly spread. */
function stack(bottom: number, top: number, layer: number): number[] {
  const gaps = Math.max(0, Math.ceil((top - bottom) / layer));
  if (gaps === 0) return [bottom];
  return Array.from({ length: gaps + 1 }, (_, k) => bottom + ((top - bottom) * k) / gaps);
}

/**
 * The water positions of the map's columns, in a fixed order (i, then j; in a column top down
 * by stretch). Deterministic: the scan depends on the map and the two numbers only.
 * @param spacing grid spacing of the columns [Units: world units]
 * @param layer largest height between two positions of a stretch [Units: world units]
 */
export function waterColumns(w: BspWorld, spacing: number, layer: number): WaterColumn[] {
  const { i0, i1, j0, j1, top, bottom } = gridColumns(w, spacing);
  const out: WaterColumn[] = [];
  for (let i = i0; i <= i1; i++)
    for (let j = j0; j <= j1; j++) {
      const x = i * spacing + GRID_OFFSET;
      const y = j * spacing + GRID_OFFSET;
      const origins: Vec3[] = [];
      let runTop: number | null = null;
      let runBottom = 0;
      // One step past the bottom closes a stretch that reaches it.
      for (let z = top; z >= bottom - SCAN_STEP; z -= SCAN_STEP) {
        const wet = z >= bottom && swimmable(w, x, y, z);
        if (wet) {
          if (runTop === null) runTop = z;
          runBottom = z;
        } else if (runTop !== null) {
          for (const h of stack(runBottom, runTop, layer)) origins.push([x, y, h]);
          runTop = null;
        }
      }
      if (origins.length > 0) out.push({ i, j, origins });
    }
  return out;
}
