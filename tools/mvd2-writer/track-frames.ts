/**
 * From a track sample to what the writer takes and the reader reports: the player frame with
 * its origin on the 1/8 grid and angles on the 16-bit grid, and the player's visible entity.
 */
import { PmType } from '../../src/sources/mvd2/protocol.js';
import type { PlayerFrame } from '../../src/sources/demo/events.js';
import type { EntityState } from './demo-input.js';
import { snapCoord, snapViewAngle } from './quantize.js';
import type { TrackSample } from './tracks.js';

/** Eye height standing and crouched. [Units: world units] */
export const VIEWHEIGHT_STANDING = 22;
export const VIEWHEIGHT_CROUCHED = 4;
/** Model index of a player entity (`255`: the client's own model). */
export const PLAYER_MODEL_INDEX = 255;

/** A sample as the reader will report it: origin on the 1/8 grid, angles on the 16-bit grid. */
export function playerFrame(slot: number, s: TrackSample): PlayerFrame {
  const [pitch, yaw, roll] = s.viewangles ?? [0, 0, 0];
  return {
    slot,
    pmType: s.pmType ?? PmType.Normal,
    origin: [snapCoord(s.origin[0]), snapCoord(s.origin[1]), snapCoord(s.origin[2])],
    viewoffset: [0, 0, s.crouch ? VIEWHEIGHT_CROUCHED : VIEWHEIGHT_STANDING],
    viewangles: [snapViewAngle(pitch), snapViewAngle(yaw), snapViewAngle(roll)],
    rdflags: s.rdflags ?? 0,
    health: s.health ?? 100,
    event: s.event ?? 0,
    detail: null,
  };
}

/**
 * The visible entity of a player, placed and turned as the game places it
 * (`Com_PlayerToEntityState`: the player's origin, pitch / 3, yaw, no roll).
 */
export function playerEntity(p: PlayerFrame): EntityState {
  const pitch = p.viewangles[0] > 180 ? p.viewangles[0] - 360 : p.viewangles[0];
  return {
    number: p.slot + 1,
    modelindex: [PLAYER_MODEL_INDEX, 0, 0, 0],
    frame: 0,
    skinnum: p.slot,
    effects: 0,
    renderfx: 0,
    origin: p.origin,
    angles: [pitch / 3, p.viewangles[1], 0],
    oldOrigin: [0, 0, 0],
    sound: 0,
    event: p.event,
    solid: 0,
    morefx: 0,
    alpha: 0,
    scale: 0,
  };
}
