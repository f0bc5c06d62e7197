/**
 * What the client demo source adds to the shared demo event shapes (`../demo/events.ts`):
 * the rest of the recorder's movement state, which an MVD2 player state does not carry.
 */
import type { PlayerDetail } from '../demo/events.js';
import type { ReadonlyVec3 } from '../../geometry/vec3.js';

/** The recorder's pmove state besides its origin. */
export interface Dm2Pmove {
  /** [Units: world units per second] */
  readonly velocity: ReadonlyVec3;
  readonly pmFlags: number;
  /** [Units: 8 ms] */
  readonly pmTime: number;
  /** [Units: world units per second²] */
  readonly gravity: number;
  /** Raw 16-bit angles. */
  readonly deltaAngles: ReadonlyVec3;
}

/** Every field of the recorder's player state (`fullPlayers`). */
export interface Dm2PlayerDetail extends PlayerDetail {
  readonly pmove: Dm2Pmove;
}
