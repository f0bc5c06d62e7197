/**
 * `PM_CheckSpecialMovement`: with no timer running, decide whether the player is on a ladder
 * (a 1-unit box sweep straight ahead hits ladder contents) and whether a swimmer at waterlevel 2
 * facing a ledge jumps out of the water (solid 30 units ahead at +4, free at +20).
 */
import { f32, normalize } from './float32.js';
import { traceBox, type PmoveContext } from './context.js';
import { CONTENTS_LADDER, CONTENTS_SOLID } from '../world/contents.js';
import { PMF_TIME_WATERJUMP } from './types.js';

/** Reach of the ledge probe, its two heights and the jump-out velocity. [Units: u, u/s] */
const LEDGE_REACH = 30;
const LEDGE_LOW = 4;
const LEDGE_HIGH_STEP = 16;
const WATERJUMP_FORWARD = 50;
const WATERJUMP_UP = 350;
/** Water-jump timer. [Units: ms] */
const WATERJUMP_MS = 2040;

const flat = new Float32Array(3);
const spot = new Float32Array(3);

export function checkSpecialMovement(pm: PmoveContext): void {
  if (pm.s.pmTime) return;
  pm.ladder = false;

  flat[0] = pm.forward[0]!;
  flat[1] = pm.forward[1]!;
  flat[2] = 0;
  normalize(flat);

  for (let i = 0; i < 3; i++) spot[i] = f32(pm.origin[i]! + flat[i]!);
  const tr = traceBox(pm, pm.origin, spot);
  if (tr.fraction < 1 && tr.contents & CONTENTS_LADDER) pm.ladder = true;

  if (pm.waterlevel !== 2) return;

  for (let i = 0; i < 3; i++) spot[i] = f32(pm.origin[i]! + f32(LEDGE_REACH * flat[i]!));
  spot[2] = f32(spot[2]! + LEDGE_LOW);
  if (!(pm.collision.pointContents(spot) & CONTENTS_SOLID)) return;
  spot[2] = f32(spot[2]! + LEDGE_HIGH_STEP);
  if (pm.collision.pointContents(spot)) return;

  for (let i = 0; i < 3; i++) pm.velocity[i] = f32(flat[i]! * WATERJUMP_FORWARD);
  pm.velocity[2] = WATERJUMP_UP;
  pm.s.pmFlags |= PMF_TIME_WATERJUMP;
  pm.s.pmTime = WATERJUMP_MS >> pm.params.timeShift;
}
