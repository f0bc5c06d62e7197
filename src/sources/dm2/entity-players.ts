/**
 * The other players of a client demo, seen only as entities: their origins are exact (1/8
 * unit, as the server sent them) but their state is inferred, because a client demo carries
 * the player state of the recorder alone.
 *
 * How: entity numbers 1..maxclients are the player slots (entity = slot + 1). An entity that
 * is present with a model and a packed bounding box (a SOLID_BBOX body) is a live player
 * (PM_NORMAL), crouched when the top of its box is below a standing player's (32 units).
 * Without a box the server made it non-solid: dead (AQtion: `SOLID_NOT` in deathmatch; a
 * dead monster flag also clears the packed box), a gib, or a player frozen at round start;
 * all become PM_DEAD, so the gate ends their run there and never bridges a death. An absent
 * entity is a player out of sight or out of the game: the gate ends the run ("not-playing")
 * instead of inventing movement. Health is not sent: 100 for a live player, 0 otherwise;
 * rdflags (under water) are unknown and reported as 0.
 */
import type { PlayerFrame } from '../demo/events.js';
import type { EntityState } from './entity-state.js';

/** Top of a standing player's box (`maxs[2]`). [Units: world units] */
const STANDING_MAXS_Z = 32;
/** viewoffset z reported for a standing and a crouched entity player (AQtion: 22 and 8). */
const STANDING_VIEWHEIGHT = 22;
const CROUCHED_VIEWHEIGHT = 8;
/** The packed solid of a brush model: never a player. */
const PACKED_BSP = 31;

/** How a protocol packs entity boxes: 16 bits, or 32 bits in one of q2pro's two layouts. */
export type SolidFormat = 'packed16' | 'packed32v1' | 'packed32v2';

/** Top of the box a packed solid describes (`MSG_UnpackSolid*`). [Units: world units] */
export function packedMaxsZ(solid: number, format: SolidFormat = 'packed16'): number {
  if (format === 'packed32v1') return ((solid >>> 16) & 0xffff) - 32768;
  if (format === 'packed32v2') return ((solid >>> 24) & 0xff) - 32;
  return ((solid >> 10) & 63) * 8 - 32;
}

/** Players 1..maxclients except the recorder, in ascending slot order. */
export function entityPlayers(
  ents: readonly EntityState[],
  count: number,
  maxclients: number,
  recorderSlot: number,
  format: SolidFormat = 'packed16',
): PlayerFrame[] {
  const out: PlayerFrame[] = [];
  for (let i = 0; i < count; i++) {
    const e = ents[i];
    if (e.number > maxclients) break;
    const slot = e.number - 1;
    if (slot === recorderSlot || e.modelindex === 0) continue;
    const alive = e.solid !== 0 && e.solid !== PACKED_BSP;
    const crouched = alive && packedMaxsZ(e.solid, format) < STANDING_MAXS_Z;
    out.push({
      slot,
      pmType: alive ? 0 : 2,
      origin: [e.ox, e.oy, e.oz],
      viewoffset: [0, 0, crouched ? CROUCHED_VIEWHEIGHT : STANDING_VIEWHEIGHT],
      viewangles: [e.ax, e.ay, e.az],
      rdflags: 0,
      health: alive ? 100 : 0,
      event: e.event,
      detail: null,
    });
  }
  return out;
}
