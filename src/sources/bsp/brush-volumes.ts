/**
 * Volumes of a given content (water, slime, lava, ladders…) as brush bounding boxes and top
 * faces: a top-down picture shades liquids from their top faces, and node validation asks
 * whether a node lies in or near such a box.
 *
 * Every brush of the map is considered, those of brush entities (`func_water`, doors) too:
 * the brushes lump does not say which model owns a brush.
 */
import { brushSidePolygon } from './brush-side-polygon.js';
import type { BspWorld } from './world.js';

export interface BrushVolumes {
  readonly count: number;
  /** Brush index in the brushes lump. [Length: count] */
  readonly brush: Uint32Array;
  /** `CONTENTS_*` bits of the brush. [Length: count] */
  readonly contents: Int32Array;
  /** Bounding box of the brush's corners. [Units: world units; Form: (x, y, z) × count] */
  readonly mins: Float32Array;
  readonly maxs: Float32Array;
  /**
   * Top face of brush `i`: corners `[topStart[i], topStart[i + 1])` of `topPositions`, the side
   * whose normal points most nearly up (empty when no side faces up). [Length: count + 1]
   */
  readonly topStart: Uint32Array;
  /** [Units: world units; Form: (x, y, z) × topStart[count]] */
  readonly topPositions: Float32Array;
}

/**
 * The brushes whose contents share a bit with `mask`, e.g. `MASK_LIQUID` or `CONTENTS_LADDER`,
 * in brush order. Degenerate brushes (no side with an area) are left out.
 */
export function brushVolumes(world: BspWorld, mask: number): BrushVolumes {
  const { brushes, brushSides, planes } = world;
  const brush: number[] = [];
  const contents: number[] = [];
  const mins: number[] = [];
  const maxs: number[] = [];
  const topStart: number[] = [0];
  const top: number[] = [];

  for (let b = 0; b < brushes.count; b++) {
    if ((brushes.contents[b] & mask) === 0) continue;
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    let best: number[] = [];
    let bestUp = 0;
    for (let s = 0; s < brushes.sideCount[b]; s++) {
      const polygon = brushSidePolygon(world, b, s);
      for (let i = 0; i < polygon.length; i++) {
        lo[i % 3] = Math.min(lo[i % 3], polygon[i]);
        hi[i % 3] = Math.max(hi[i % 3], polygon[i]);
      }
      const up = planes.normals[brushSides.plane[brushes.firstSide[b] + s] * 3 + 2];
      if (polygon.length > 0 && up > bestUp) {
        best = polygon;
        bestUp = up;
      }
    }
    if (lo[0] > hi[0]) continue;
    brush.push(b);
    contents.push(brushes.contents[b]);
    mins.push(...lo);
    maxs.push(...hi);
    top.push(...best);
    topStart.push(top.length / 3);
  }

  return {
    count: brush.length,
    brush: Uint32Array.from(brush),
    contents: Int32Array.from(contents),
    mins: Float32Array.from(mins),
    maxs: Float32Array.from(maxs),
    topStart: Uint32Array.from(topStart),
    topPositions: Float32Array.from(top),
  };
}
