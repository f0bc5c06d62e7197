/**
 * `PM_StepSlideMove`: move the box along its velocity for one frame, sliding along up to 5
 * planes over 4 bumps, then try the same from 18 units higher and keep the higher path when it
 * went farther and lands on walkable ground (that is how stairs are climbed).
 */
import { cross, dot, f32 } from './float32.js';
import {
  MAX_BUMPS,
  MAX_CLIP_PLANES,
  MIN_STEP_NORMAL,
  OVERBOUNCE,
  STEP_SIZE,
  STOP_EPSILON,
} from './constants.js';
import { touchWorld, traceBox, type PmoveContext } from './context.js';

/** Removes the component into the plane (scaled by `overbounce`); tiny results become 0. */
export function clipVelocity(v: Float32Array, normal: ArrayLike<number>, overbounce: number): void {
  const backoff = f32(dot(v, normal) * overbounce);
  for (let i = 0; i < 3; i++) {
    const out = f32(v[i]! - f32(normal[i]! * backoff));
    v[i] = out > -STOP_EPSILON && out < STOP_EPSILON ? 0 : out;
  }
}

const planes = [
  new Float32Array(3),
  new Float32Array(3),
  new Float32Array(3),
  new Float32Array(3),
  new Float32Array(3),
];
const primal = new Float32Array(3);
const end = new Float32Array(3);
const crease = new Float32Array(3);

/** One slide move without stepping. */
export function slideMove(pm: PmoveContext): void {
  const origin = pm.origin;
  const vel = pm.velocity;
  primal.set(vel);
  let numplanes = 0;
  let timeLeft = pm.frametime;

  for (let bump = 0; bump < MAX_BUMPS; bump++) {
    for (let i = 0; i < 3; i++) end[i] = f32(origin[i]! + f32(timeLeft * vel[i]!));
    const tr = traceBox(pm, origin, end);
    if (tr.allsolid) {
      // Trapped: stop vertical speed so no falling damage builds up.
      vel[2] = 0;
      return;
    }
    if (tr.fraction > 0) {
      origin.set(tr.endpos);
      numplanes = 0;
    }
    if (tr.fraction === 1) break;
    touchWorld(pm);
    timeLeft = f32(timeLeft - f32(timeLeft * tr.fraction));

    if (numplanes >= MAX_CLIP_PLANES) {
      vel.fill(0);
      break;
    }
    planes[numplanes]!.set(tr.normal);
    numplanes++;

    // Find a plane whose clipped velocity does not run into any other plane.
    let i = 0;
    for (; i < numplanes; i++) {
      clipVelocity(vel, planes[i]!, OVERBOUNCE);
      let j = 0;
      for (; j < numplanes; j++) {
        if (j !== i && dot(vel, planes[j]!) < 0) break;
      }
      if (j === numplanes) break;
    }
    if (i === numplanes) {
      // Only a crease between exactly two planes can still be followed.
      if (numplanes !== 2) {
        vel.fill(0);
        break;
      }
      cross(planes[0]!, planes[1]!, crease);
      const d = dot(crease, vel);
      for (let k = 0; k < 3; k++) vel[k] = f32(crease[k]! * d);
    }
    // Turned against the original direction: stop, to avoid jitter in sloped corners.
    if (dot(vel, primal) <= 0) {
      vel.fill(0);
      break;
    }
  }
  if (pm.s.pmTime) vel.set(primal);
}

const startO = new Float32Array(3);
const startV = new Float32Array(3);
const downO = new Float32Array(3);
const downV = new Float32Array(3);
const probe = new Float32Array(3);

function horizontalDist2(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const dx = f32(a[0]! - b[0]!);
  const dy = f32(a[1]! - b[1]!);
  return f32(f32(dx * dx) + f32(dy * dy));
}

export function stepSlideMove(pm: PmoveContext): void {
  const origin = pm.origin;
  const vel = pm.velocity;
  startO.set(origin);
  startV.set(vel);

  slideMove(pm);

  downO.set(origin);
  downV.set(vel);

  probe.set(startO);
  probe[2] = f32(probe[2]! + STEP_SIZE);
  if (traceBox(pm, probe, probe).allsolid) return; // no room to step up

  origin.set(probe);
  vel.set(startV);
  slideMove(pm);

  // Push back down by the step height.
  probe.set(origin);
  probe[2] = f32(probe[2]! - STEP_SIZE);
  const tr = traceBox(pm, origin, probe);
  if (!tr.allsolid) origin.set(tr.endpos);

  const downDist = horizontalDist2(downO, startO);
  const upDist = horizontalDist2(origin, startO);
  if (downDist > upDist || tr.normal[2]! < MIN_STEP_NORMAL) {
    origin.set(downO);
    vel.set(downV);
    return;
  }
  // Walking along a slope: keep the vertical speed of the plain move.
  vel[2] = downV[2]!;
}
