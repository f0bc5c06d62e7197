/**
 * Small hand-made maps for renderer tests: level rectangles and ramps as floor polygons, plus
 * optional liquids, ladders and spawns, in the shape `readRenderMap` returns.
 */
import type {
  HurtArea,
  LadderBox,
  LiquidArea,
  MapSpawn,
  RenderMap,
} from '../../../src/sinks/render/render-map.js';

/** A floor as corners (x, y, z). */
export type Floor = number[];

/** A level rectangle at height z. [Units: world units] */
export function rectFloor(x0: number, y0: number, x1: number, y1: number, z: number): Floor {
  return [x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z];
}

/** A ramp along x from height z0 (at x0) to z1 (at x1). */
export function rampFloor(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  z0: number,
  z1: number,
): Floor {
  return [x0, y0, z0, x1, y0, z1, x1, y1, z1, x0, y1, z0];
}

export function mapOf(
  floors: Floor[],
  extra: {
    liquids?: LiquidArea[];
    ladders?: LadderBox[];
    spawns?: MapSpawn[];
    hurts?: HurtArea[];
  } = {},
): RenderMap {
  const starts = [0];
  const positions: number[] = [];
  for (const f of floors) {
    positions.push(...f);
    starts.push(positions.length / 3);
  }
  return {
    file: 'test.bsp',
    floorCount: floors.length,
    floorStart: Uint32Array.from(starts),
    floorPositions: Float32Array.from(positions),
    liquids: extra.liquids ?? [],
    ladders: extra.ladders ?? [],
    hurts: extra.hurts ?? [],
    spawns: extra.spawns ?? [],
  };
}
