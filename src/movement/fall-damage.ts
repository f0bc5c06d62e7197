/**
 * The landing damage the AQtion game applies after each server frame (`P_FallingDamage` in the
 * game's p_view.c, with `T_Damage` and `ClientLegDamage`), for the default server settings: no
 * falling-damage dmflag, no jump mode, no slippers, not during "lights, camera, action".
 *
 * The game compares the player's vertical velocity at the end of this frame with the one at the
 * end of the previous frame:
 * - on ground: delta = vz − old vz (the speed lost by landing);
 * - in the air, if it was falling and something slowed the fall: delta = old vz (the whole fall
 *   speed — e.g. sliding into a steep slope);
 * - otherwise no landing.
 * Then delta² / 10000 (in float) is scaled by the water level (3: no damage, 2: ×0.25, 1: ×0.5).
 * Below 15 it is a footstep, up to 30 a short fall without damage; above 30 the damage is
 * 10 · max(1, ⌊(d − 30) / 2⌋) and a living player also gets leg damage (limps: `pm_aq2_flags`
 * bit 1 and one more `pm_aq2_leghits`). Damage is taken off health directly (no armour for
 * falls), so it kills when health − damage ≤ 0.
 *
 * In speeds: landing slower than √150000 ≈ 387 u/s makes at most a footstep, up to
 * √300000 ≈ 548 u/s no damage; a player at 100 health dies from about 707 u/s.
 */
import { f32, truncToInt } from './float32.js';

/** What the game decides for one frame's landing. */
export interface FallResult {
  /** The scaled squared speed loss the thresholds apply to (0 when there was no landing). */
  delta: number;
  /** Health taken off. [Units: hit points] */
  damage: number;
  /** The player starts limping (leg damage), only when damaged while alive. */
  legDamage: boolean;
  /** The sound event the game plays. */
  event: 'none' | 'footstep' | 'fallshort' | 'fallfar';
}

export interface FallInput {
  /** Vertical velocity at the end of the previous frame. [Units: u/s] */
  oldVelocityZ: number;
  /** Vertical velocity at the end of this frame (after pmove). [Units: u/s] */
  velocityZ: number;
  /** The player has a ground entity after this frame's pmove. */
  onGround: boolean;
  /** Water level after this frame's pmove. [Limit: 0 … 3] */
  waterlevel: number;
  /** Health before the damage (leg damage needs a living player). [Units: hit points] */
  health: number;
}

/** Thresholds of the scaled delta. */
const FOOTSTEP_MIN = 1;
const FALLSHORT_MIN = 15;
/** The game's `fallheight`: deltas up to this do no damage. */
const DAMAGE_MIN = 30;
const DAMAGE_SCALE = 10;

export function fallDamage(input: FallInput): FallResult {
  const none: FallResult = { delta: 0, damage: 0, legDamage: false, event: 'none' };
  const old = f32(input.oldVelocityZ);
  const now = f32(input.velocityZ);
  let delta: number;
  if (old < 0 && now > old && !input.onGround) delta = old;
  else if (!input.onGround) return none;
  else delta = f32(now - old);

  // float · float, then times the double constant 0.0001, stored back into a float.
  delta = f32(f32(delta * delta) * 0.0001);
  if (input.waterlevel === 3) return none;
  if (input.waterlevel === 2) delta = f32(delta * 0.25);
  else if (input.waterlevel === 1) delta = f32(delta * 0.5);

  if (delta < FOOTSTEP_MIN) return { ...none, delta };
  if (delta < FALLSHORT_MIN) return { ...none, delta, event: 'footstep' };
  if (delta <= DAMAGE_MIN) return { ...none, delta, event: 'fallshort' };
  let damage = truncToInt(f32(f32(delta - DAMAGE_MIN) / 2));
  if (damage < 1) damage = 1;
  damage *= DAMAGE_SCALE;
  return { delta, damage, legDamage: input.health > 0, event: 'fallfar' };
}

/** Whether the landing of `input` kills a player with `input.health`. */
export function fallKills(input: FallInput): boolean {
  return input.health - fallDamage(input).damage <= 0;
}

/**
 * Damage of landing on ground at `impactSpeed` (the downward speed just before landing, the
 * vertical speed after it being 0), out of water. [Units: u/s → hit points]
 */
export function landingDamage(impactSpeed: number, waterlevel = 0): number {
  return fallDamage({
    oldVelocityZ: -Math.abs(impactSpeed),
    velocityZ: 0,
    onGround: true,
    waterlevel,
    health: 100,
  }).damage;
}
