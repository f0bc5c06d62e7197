/**
 * The map's doors, lifts and trains as the re-release's nav names them in edicts: the inline
 * model's engine model index and its bounds at rest. The engine gives inline model `*N` the
 * model index N + 1 (index 1 is the world; q2pro PR #310 `src/server/init.c` sets
 * `CS_MODELS + j` to `*i` with j = i + 1, skipping the reserved player index 255; q2pro-ng's
 * loader subtracts the 1 again), and ties an edict to the entity whose `s.modelindex` matches.
 */
import type { BspEntity } from '../../sources/bsp/entities.js';
import type { BspWorld } from '../../sources/bsp/world.js';
import type { Vec3 } from '../../nav/types.js';

/** `MODELINDEX_PLAYER` (`MAX_MODELS_OLD - 1`): the server skips it when numbering models. */
const MODELINDEX_PLAYER = 255;

export type MoverKind = 'door' | 'lift' | 'train';

const KINDS: Readonly<Record<string, MoverKind>> = {
  func_door: 'door',
  func_door_rotating: 'door',
  func_door_secret: 'door',
  func_plat: 'lift',
  func_plat2: 'lift',
  func_train: 'train',
};

export interface Mover {
  kind: MoverKind;
  /** Engine model index of the inline model. */
  model: number;
  /** [Units: world units] */
  mins: Vec3;
  maxs: Vec3;
}

/** Engine model index of inline model `*n` (n >= 1). */
export function engineModelIndex(n: number): number {
  const j = n + 1;
  return j >= MODELINDEX_PLAYER ? j + 1 : j;
}

export function moversOf(entities: readonly BspEntity[], w: BspWorld): Mover[] {
  const out: Mover[] = [];
  for (const e of entities) {
    const kind = KINDS[e.classname];
    if (!kind) continue;
    const key = [...e.keyValues].reverse().find(([k]) => k.toLowerCase() === 'model')?.[1] ?? '';
    const n = Number(key.slice(1));
    if (!key.startsWith('*') || !Number.isInteger(n) || n <= 0 || n >= w.models.count) continue;
    const o = e.origin ?? [0, 0, 0];
    const mins = [0, 1, 2].map((k) => Math.fround(w.models.mins[n * 3 + k] + o[k])) as Vec3;
    const maxs = [0, 1, 2].map((k) => Math.fround(w.models.maxs[n * 3 + k] + o[k])) as Vec3;
    out.push({ kind, model: engineModelIndex(n), mins, maxs });
  }
  return out;
}

/** Whether the segment a→b (grown by `pad` on every side) passes through the mover's box. */
export function segmentCrosses(m: Mover, a: Vec3, b: Vec3, pad: number): boolean {
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 3; k++) {
    const lo = m.mins[k] - pad;
    const hi = m.maxs[k] + pad;
    const d = b[k] - a[k];
    if (d === 0) {
      if (a[k] < lo || a[k] > hi) return false;
      continue;
    }
    let u0 = (lo - a[k]) / d;
    let u1 = (hi - a[k]) / d;
    if (u0 > u1) [u0, u1] = [u1, u0];
    t0 = Math.max(t0, u0);
    t1 = Math.min(t1, u1);
    if (t0 > t1) return false;
  }
  return true;
}
