/**
 * Walkable floor from the map alone, sampled at the node spacing: a heightfield with several
 * floors per column (as Recast's voxel spans, but found with the player box itself). The map's
 * bounds are cut into columns `spacing` apart on a grid anchored near the world origin; in each
 * column the standing box is lowered from the top, and every height where it comes to rest
 * on ground is a floor sample. Below a floor the box is pushed on down through the solid until
 * it fits again, and the next floor is looked for.
 *
 * The samples include places no player reaches (on roofs, outside the sealed map); `fill`
 * keeps only those it can walk to from the demos' nodes (`floor-walk.ts`). Liquid floors (water
 * level 1 or more) are left out: wading and swimming are not walking.
 *
 * Floors depend on the map only, so they are cached by the BSP's content hash and the spacing
 * (`map-<hash>-<spacing>.floor` next to the demo cache): adding a demo never redoes them.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BspWorld } from '../sources/bsp/world.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { fits, groundBelow, supportedGround, waterLevel } from './box-query.js';
import { samplingBounds } from './sampling-bounds.js';

export interface FloorSamples {
  readonly spacing: number;
  /** Column of each sample: x = i × spacing + GRID_OFFSET, y = j × spacing + GRID_OFFSET. */
  readonly i: Int32Array;
  readonly j: Int32Array;
  /** Standing origin height. [Units: world units] */
  readonly z: Float32Array;
}

/** Bumped when the sampling changes, so old cache files are not read. */
const FORMAT = 5;
/**
 * The grid is shifted off the world's round numbers: maps are built on a 8- or 16-unit grid,
 * and a box centred on a multiple of 64 has its sides exactly on stair risers and wall faces,
 * where it only grazes the step it should stand on. [Units: world units]
 */
export const GRID_OFFSET = 5;

/** Steps of the box through solid below a floor. [Units: world units] */
const SOLID_STEP = 16;

/**
 * The grid's columns over the map (x = i × spacing + GRID_OFFSET, y likewise, i in i0..i1, j in
 * j0..j1) and the heights a standing origin can take in them: the floor sampling and the water
 * scan (`water-volume.ts`) walk the same columns.
 */
export function gridColumns(
  w: BspWorld,
  spacing: number,
): { i0: number; i1: number; j0: number; j1: number; top: number; bottom: number } {
  // Not the model's bounds as compiled: some maps carry placeholder bounds (sampling-bounds.ts).
  const { mins, maxs } = samplingBounds(w);
  return {
    i0: Math.ceil((mins[0] - GRID_OFFSET) / spacing),
    i1: Math.floor((maxs[0] - GRID_OFFSET) / spacing),
    j0: Math.ceil((mins[1] - GRID_OFFSET) / spacing),
    j1: Math.floor((maxs[1] - GRID_OFFSET) / spacing),
    top: maxs[2] - 33,
    bottom: mins[2] + 24,
  };
}

export function sampleFloor(w: BspWorld, spacing: number): FloorSamples {
  const { i0, i1, j0, j1, top, bottom } = gridColumns(w, spacing);
  const ii: number[] = [];
  const jj: number[] = [];
  const zz: number[] = [];
  for (let i = i0; i <= i1; i++) {
    for (let j = j0; j <= j1; j++) {
      const x = i * spacing + GRID_OFFSET;
      const y = j * spacing + GRID_OFFSET;
      let z = top;
      while (z > bottom) {
        if (!fits(w, x, y, z)) {
          z -= SOLID_STEP;
          continue;
        }
        const g = groundBelow(w, x, y, z, z - bottom);
        if (g === null) break;
        const held = supportedGround(w, x, y, g, 1);
        if (held !== null && waterLevel(w, x, y, held) === 0) {
          ii.push(i);
          jj.push(j);
          zz.push(held);
        }
        z = g - SOLID_STEP;
      }
    }
  }
  return { spacing, i: Int32Array.from(ii), j: Int32Array.from(jj), z: Float32Array.from(zz) };
}

/** Floor samples of the map with content hash `bspHash`, from the cache when there. */
export async function walkableFloor(
  w: BspWorld,
  bspHash: string,
  spacing: number,
  cacheDir: string | null,
): Promise<{ floor: FloorSamples; cached: boolean }> {
  const file = cacheDir ? join(cacheDir, `map-${bspHash}-${spacing}-v${FORMAT}.floor`) : null;
  if (file) {
    const hit = await readFile(file).then(decode, () => null);
    if (hit && hit.spacing === spacing) return { floor: hit, cached: true };
  }
  const floor = sampleFloor(w, spacing);
  if (file && cacheDir) {
    await mkdir(cacheDir, { recursive: true });
    await writeFileAtomic(file, encode(floor)).catch(() => undefined);
  }
  return { floor, cached: false };
}

/** Layout: spacing (f64), count (u32), then i (i32 × n), j (i32 × n), z (f32 × n). */
function encode(f: FloorSamples): Uint8Array {
  const n = f.z.length;
  const bytes = new Uint8Array(12 + n * 12);
  const v = new DataView(bytes.buffer);
  v.setFloat64(0, f.spacing, true);
  v.setUint32(8, n, true);
  for (let k = 0; k < n; k++) {
    v.setInt32(12 + k * 4, f.i[k], true);
    v.setInt32(12 + n * 4 + k * 4, f.j[k], true);
    v.setFloat32(12 + n * 8 + k * 4, f.z[k], true);
  }
  return bytes;
}

function decode(bytes: Uint8Array): FloorSamples | null {
  if (bytes.length < 12) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = v.getUint32(8, true);
  if (bytes.length !== 12 + n * 12) return null;
  const i = new Int32Array(n);
  const j = new Int32Array(n);
  const z = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    i[k] = v.getInt32(12 + k * 4, true);
    j[k] = v.getInt32(12 + n * 4 + k * 4, true);
    z[k] = v.getFloat32(12 + n * 8 + k * 4, true);
  }
  return { spacing: v.getFloat64(0, true), i, j, z };
}
