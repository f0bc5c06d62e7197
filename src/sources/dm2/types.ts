/**
 * What the client demo source adds to the MVD2 source's event shapes (`../mvd2/types.ts`):
 * the rest of the recorder's movement state, which an MVD2 player state does not carry.
 */
import type { PlayerDetail } from '../mvd2/types.js';

/** The recorder's pmove state besides its origin. */
export interface Dm2Pmove {
  /** [Units: world units per second] */
  readonly velocity: readonly [number, number, number];
  readonly pmFlags: number;
  /** [Units: 8 ms] */
  readonly pmTime: number;
  /** [Units: world units per second²] */
  readonly gravity: number;
  /** Raw 16-bit angles. */
  readonly deltaAngles: readonly [number, number, number];
}

/** Every field of the recorder's player state (`fullPlayers`). */
export interface Dm2PlayerDetail extends PlayerDetail {
  readonly pmove: Dm2Pmove;
}
