/**
 * The player movement the AQtion server runs for every client command: q2pro's "old" pmove
 * variant (old game API: 1/8-unit int16 origin and velocity, 8 ms `pm_time` units) with AQtion's
 * limping. Given the state and a command it returns the next state and everything the engine
 * reports back to the game, bit for bit as the engine computes it when only the world collides.
 *
 * Recipe: advance the timestamp and apply the limp; derive view angles; pick the box (duck);
 * optionally snap the start out of solids; categorize (ground, water); dead friction; ladder and
 * water-jump checks; count the timer down; then water-jump fall, or jump + friction + swim/walk/
 * air move; categorize again; quantise the result.
 */
import { angleVectors, PITCH } from './angle-vectors.js';
import { f32 } from './float32.js';
import { MSEC_TO_SEC } from './constants.js';
import { newPmoveContext, type PmoveContext } from './context.js';
import { applyLimp } from './limp.js';
import { clampAngles } from './clamp-angles.js';
import { checkDuck } from './check-duck.js';
import { initialSnapPosition, shortToCoord, snapPosition } from './quantize.js';
import { categorizePosition } from './categorize-position.js';
import { deadMove } from './dead-move.js';
import { checkSpecialMovement } from './special-movement.js';
import { checkJump } from './check-jump.js';
import { friction } from './friction.js';
import { waterMove } from './water-move.js';
import { airMove } from './air-move.js';
import { flyMove } from './fly-move.js';
import { stepSlideMove } from './step-slide-move.js';
import {
  PM_DEAD,
  PM_FREEZE,
  PM_SPECTATOR,
  PMF_TIME_TELEPORT,
  PMF_TIME_WATERJUMP,
  PMF_TIMERS,
  type PmoveCollision,
  type PmoveOutput,
  type PmoveParams,
  type PmoveState,
  type UserCmd,
} from './types.js';

/**
 * One pmove call. `state` and `cmd` are not modified. `snapInitial` is the game's "state was
 * changed outside pmove" flag (the AQtion bot code sets it on every call).
 */
export function pmove(
  c: PmoveCollision,
  params: PmoveParams,
  state: PmoveState,
  cmd: UserCmd,
  snapInitial: boolean,
): PmoveOutput {
  const pm = newPmoveContext(c, params, state, cmd);
  run(pm, snapInitial);
  return output(pm);
}

function run(pm: PmoveContext, snapInitial: boolean): void {
  const s = pm.s;
  applyLimp(pm);

  for (let i = 0; i < 3; i++) {
    pm.origin[i] = shortToCoord(s.origin[i]!);
    pm.velocity[i] = shortToCoord(s.velocity[i]!);
    pm.previousOrigin[i] = s.origin[i]!;
  }

  clampAngles(pm);

  if (s.pmType === PM_SPECTATOR) {
    pm.frametime = f32(f32(pm.params.speedmult * pm.cmd.msec) * MSEC_TO_SEC);
    flyMove(pm);
    snapPosition(pm);
    return;
  }

  pm.frametime = f32(pm.cmd.msec * MSEC_TO_SEC);
  if (s.pmType >= PM_DEAD) {
    pm.cmd.forwardmove = 0;
    pm.cmd.sidemove = 0;
    pm.cmd.upmove = 0;
  }
  if (s.pmType === PM_FREEZE) return;

  checkDuck(pm);
  if (snapInitial) initialSnapPosition(pm);
  categorizePosition(pm);
  if (s.pmType === PM_DEAD) deadMove(pm);
  checkSpecialMovement(pm);
  countDownTimer(pm);

  if (s.pmFlags & PMF_TIME_TELEPORT) {
    // Teleport pause: stay exactly in place.
  } else if (s.pmFlags & PMF_TIME_WATERJUMP) {
    // No control during a water jump, but gravity; it ends once falling again.
    pm.velocity[2] = f32(pm.velocity[2]! - f32(s.gravity * pm.frametime));
    if (pm.velocity[2]! < 0) {
      s.pmFlags &= ~PMF_TIMERS;
      s.pmTime = 0;
    }
    stepSlideMove(pm);
  } else {
    checkJump(pm);
    friction(pm);
    if (pm.waterlevel >= 2) {
      waterMove(pm);
    } else {
      // Walking looks only a third as far up or down as the view.
      const angles = Float32Array.from(pm.viewangles);
      if (angles[PITCH]! > 180) angles[PITCH] = f32(angles[PITCH]! - 360);
      angles[PITCH] = f32(angles[PITCH]! / 3);
      angleVectors(angles, pm.forward, pm.right, pm.up);
      airMove(pm);
    }
  }

  categorizePosition(pm);
  snapPosition(pm);
}

/** `pm_time` counts down by the command's msec in timer units (at least 1). */
function countDownTimer(pm: PmoveContext): void {
  const s = pm.s;
  if (!s.pmTime) return;
  const units = pm.cmd.msec >> pm.params.timeShift || 1;
  if (units >= s.pmTime) {
    s.pmFlags &= ~PMF_TIMERS;
    s.pmTime = 0;
  } else {
    s.pmTime -= units;
  }
}

function output(pm: PmoveContext): PmoveOutput {
  const s = pm.s;
  s.pmFlags &= 0xff;
  return {
    state: s,
    cmd: pm.cmd,
    viewangles: [pm.viewangles[0]!, pm.viewangles[1]!, pm.viewangles[2]!],
    viewheight: pm.viewheight,
    mins: [pm.mins[0]!, pm.mins[1]!, pm.mins[2]!],
    maxs: [pm.maxs[0]!, pm.maxs[1]!, pm.maxs[2]!],
    groundEntity: pm.groundEntity,
    watertype: pm.watertype,
    waterlevel: pm.waterlevel,
    touchents: pm.touchents,
    ladder: pm.ladder,
  };
}
