/**
 * `PM_CategorizePosition`: ground entity (a 1/4-unit probe below the box), landing timers, and
 * water level and type from up to three point samples (feet, half the eye height, eyes).
 */
import { f32, truncToInt } from './float32.js';
import { MIN_STEP_NORMAL, GROUND_MAX_UP_SPEED, GROUND_PROBE } from './constants.js';
import { touchWorld, traceBox, type PmoveContext } from './context.js';
import { MASK_WATER } from '../world/contents.js';
import { PMF_ON_GROUND, PMF_TIME_LAND, PMF_TIME_WATERJUMP, PMF_TIMERS } from './types.js';

const point = new Float32Array(3);

/** Landing speeds (downwards) that start the land timer and its two lengths. [Units: u/s, ms] */
const LAND_TIMER_SPEED = -200;
const LAND_LONG_SPEED = -400;
const LAND_LONG_MS = 200;
const LAND_SHORT_MS = 144;

export function categorizePosition(pm: PmoveContext): void {
  const s = pm.s;
  point[0] = pm.origin[0]!;
  point[1] = pm.origin[1]!;
  point[2] = f32(pm.origin[2]! - GROUND_PROBE);
  if (pm.velocity[2]! > GROUND_MAX_UP_SPEED) {
    s.pmFlags &= ~PMF_ON_GROUND;
    pm.groundEntity = null;
  } else {
    const tr = traceBox(pm, pm.origin, point);
    pm.groundSurfaceFlags = tr.surfaceFlags;
    pm.groundContents = tr.contents;
    // World-only: the trace always names the world, so only the slope decides.
    if (tr.normal[2]! < MIN_STEP_NORMAL && !tr.startsolid) {
      pm.groundEntity = null;
      s.pmFlags &= ~PMF_ON_GROUND;
    } else {
      pm.groundEntity = 0;
      if (s.pmFlags & PMF_TIME_WATERJUMP) {
        s.pmFlags &= ~PMF_TIMERS;
        s.pmTime = 0;
      }
      if (!(s.pmFlags & PMF_ON_GROUND)) {
        s.pmFlags |= PMF_ON_GROUND;
        const vz = pm.velocity[2]!;
        if (vz < LAND_TIMER_SPEED && !pm.params.strafehack) {
          s.pmFlags |= PMF_TIME_LAND;
          s.pmTime = (vz < LAND_LONG_SPEED ? LAND_LONG_MS : LAND_SHORT_MS) >> pm.params.timeShift;
        }
      }
    }
    touchWorld(pm);
  }

  pm.waterlevel = 0;
  pm.watertype = 0;
  const sample2 = truncToInt(f32(pm.viewheight - pm.mins[2]!));
  const sample1 = (sample2 / 2) | 0;
  const feet = f32(pm.origin[2]! + pm.mins[2]!);
  point[2] = f32(feet + 1);
  let cont = pm.collision.pointContents(point);
  if (cont & MASK_WATER) {
    pm.watertype = cont;
    pm.waterlevel = 1;
    point[2] = f32(feet + sample1);
    cont = pm.collision.pointContents(point);
    if (cont & MASK_WATER) {
      pm.waterlevel = 2;
      point[2] = f32(feet + sample2);
      cont = pm.collision.pointContents(point);
      if (cont & MASK_WATER) pm.waterlevel = 3;
    }
  }
}
