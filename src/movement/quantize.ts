/**
 * Conversions between pmove's float origin/velocity and the state's 1/8-unit int16 values, and the
 * two snap searches that keep the quantised origin out of solids.
 */
import { f32, toInt16, truncToInt } from './float32.js';
import type { PmoveContext } from './context.js';
import { traceBox } from './context.js';
import { PM_SPECTATOR } from './types.js';

/** `COORD2SHORT`: truncation toward zero of value·8, stored into int16. */
export function coordToShort(v: number): number {
  return toInt16(truncToInt(f32(v * 8)));
}

/** 1/8 unit as a float value. */
export function shortToCoord(v: number): number {
  return f32(v * 0.125);
}

const probe = new Float32Array(3);

/** Whether the box at the state's quantised origin is not all in solid (spectators always fit). */
export function goodPosition(pm: PmoveContext): boolean {
  if (pm.s.pmType === PM_SPECTATOR) return true;
  probe[0] = shortToCoord(pm.s.origin[0]);
  probe[1] = shortToCoord(pm.s.origin[1]);
  probe[2] = shortToCoord(pm.s.origin[2]);
  return !traceBox(pm, probe, probe).allsolid;
}

/** Corner order of the final snap: single axes first (bit 1 = x, 2 = y, 4 = z). */
const JITTER_ORDER = [0, 4, 1, 2, 3, 5, 6, 7] as const;

/**
 * Writes the quantised velocity and origin. Each origin axis that lost a fraction may be nudged
 * one step away from zero; the first free of the 8 combinations wins, else the call's starting
 * origin is kept.
 */
export function snapPosition(pm: PmoveContext): void {
  const s = pm.s;
  for (let i = 0; i < 3; i++) s.velocity[i] = coordToShort(pm.velocity[i]!);
  const sign = [0, 0, 0];
  const base = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const o = pm.origin[i]!;
    const q = coordToShort(o);
    base[i] = q;
    sign[i] = shortToCoord(q) === o ? 0 : o >= 0 ? 1 : -1;
  }
  for (const bits of JITTER_ORDER) {
    for (let i = 0; i < 3; i++)
      s.origin[i] = bits & (1 << i) ? toInt16(base[i]! + sign[i]!) : base[i]!;
    if (goodPosition(pm)) return;
  }
  s.origin[0] = pm.previousOrigin[0]!;
  s.origin[1] = pm.previousOrigin[1]!;
  s.origin[2] = pm.previousOrigin[2]!;
}

const INITIAL_OFFSETS = [0, -1, 1] as const;

/**
 * For states changed outside pmove: the first free position within one step of the input origin
 * (z outermost, then y, then x) becomes the starting origin. Without one, nothing changes.
 */
export function initialSnapPosition(pm: PmoveContext): void {
  const s = pm.s;
  const base = [s.origin[0], s.origin[1], s.origin[2]];
  for (const dz of INITIAL_OFFSETS) {
    s.origin[2] = toInt16(base[2]! + dz);
    for (const dy of INITIAL_OFFSETS) {
      s.origin[1] = toInt16(base[1]! + dy);
      for (const dx of INITIAL_OFFSETS) {
        s.origin[0] = toInt16(base[0]! + dx);
        if (goodPosition(pm)) {
          for (let i = 0; i < 3; i++) {
            pm.origin[i] = shortToCoord(s.origin[i]!);
            pm.previousOrigin[i] = s.origin[i]!;
          }
          return;
        }
      }
    }
  }
}
