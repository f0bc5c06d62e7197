/**
 * Replays one golden pmove line recorded inside the engine (`../shared/fixtures/pmove/`, schema
 * in its README) with world-only collision and the line's own parameters and content mask, and
 * lists every output field that differs. Floats are compared as float32 bit patterns.
 *
 * Compared: the output state, the command after the call, view angles, view height, box, ground
 * entity (null vs 0), water level, touch count and touch entities, the ladder decision, and the
 * water type without `CONTENTS_MONSTER` (the server's point contents adds the player's own box,
 * which a world-only port cannot see). Only lines with `nonWorld` false can be exact.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { CONTENTS_MONSTER, MASK_PLAYERSOLID } from '../world/contents.js';
import {
  exactFloat,
  exactValue,
  formatGoldenMismatches,
  type GoldenMismatch,
} from '../world/golden-mismatch.js';
import { pmove } from './pmove.js';
import { worldCollision } from './world-collision.js';
import type { PmoveCollision, PmoveOutput, PmoveParams, PmoveState, UserCmd } from './types.js';
import type { Vec3 } from '../geometry/vec3.js';

/** One output field that differs from the engine's (`out.origin[2]`). */
export type PmoveMismatch = GoldenMismatch<number | boolean | null>;

interface RawState {
  pm_type: number;
  origin: number[];
  velocity: number[];
  pm_flags: number;
  pm_time: number;
  gravity: number;
  delta_angles: number[];
  pm_aq2_flags: number;
  pm_timestamp: number;
  pm_aq2_leghits: number;
}

interface RawCmd {
  msec: number;
  buttons: number;
  angles: number[];
  forwardmove: number;
  sidemove: number;
  upmove: number;
  impulse: number;
  lightlevel: number;
}

const vec3 = (v: number[]): Vec3 => [v[0]!, v[1]!, v[2]!];

export function stateFromLine(r: RawState): PmoveState {
  return {
    pmType: r.pm_type,
    origin: vec3(r.origin),
    velocity: vec3(r.velocity),
    pmFlags: r.pm_flags,
    pmTime: r.pm_time,
    gravity: r.gravity,
    deltaAngles: vec3(r.delta_angles),
    aq2Flags: r.pm_aq2_flags,
    timestamp: r.pm_timestamp,
    legHits: r.pm_aq2_leghits,
  };
}

export function cmdFromLine(r: RawCmd): UserCmd {
  return {
    msec: r.msec,
    buttons: r.buttons,
    angles: vec3(r.angles),
    forwardmove: r.forwardmove,
    sidemove: r.sidemove,
    upmove: r.upmove,
    impulse: r.impulse,
    lightlevel: r.lightlevel,
  };
}

export function paramsFromLine(p: Record<string, number | boolean>): PmoveParams {
  return {
    qwmode: p.qwmode as boolean,
    airaccelerate: p.airaccelerate as boolean,
    strafehack: p.strafehack as boolean,
    flyhack: p.flyhack as boolean,
    waterhack: p.waterhack as boolean,
    timeShift: p.time_shift as number,
    coordBits: p.coord_bits as number,
    speedmult: Math.fround(p.speedmult as number),
    watermult: Math.fround(p.watermult as number),
    maxspeed: Math.fround(p.maxspeed as number),
    friction: Math.fround(p.friction as number),
    waterfriction: Math.fround(p.waterfriction as number),
    flyfriction: Math.fround(p.flyfriction as number),
  };
}

function compareState(list: PmoveMismatch[], prefix: string, e: RawState, a: PmoveState): void {
  exactValue(list, `${prefix}.pm_type`, e.pm_type, a.pmType);
  for (let i = 0; i < 3; i++) {
    exactValue(list, `${prefix}.origin[${i}]`, e.origin[i]!, a.origin[i]);
    exactValue(list, `${prefix}.velocity[${i}]`, e.velocity[i]!, a.velocity[i]);
    exactValue(list, `${prefix}.delta_angles[${i}]`, e.delta_angles[i]!, a.deltaAngles[i]);
  }
  exactValue(list, `${prefix}.pm_flags`, e.pm_flags, a.pmFlags);
  exactValue(list, `${prefix}.pm_time`, e.pm_time, a.pmTime);
  exactValue(list, `${prefix}.gravity`, e.gravity, a.gravity);
  exactValue(list, `${prefix}.pm_aq2_flags`, e.pm_aq2_flags, a.aq2Flags);
  exactValue(list, `${prefix}.pm_timestamp`, e.pm_timestamp, a.timestamp);
  exactValue(list, `${prefix}.pm_aq2_leghits`, e.pm_aq2_leghits, a.legHits);
}

function compareCmd(list: PmoveMismatch[], e: RawCmd, a: UserCmd): void {
  exactValue(list, 'cmd_out.msec', e.msec, a.msec);
  exactValue(list, 'cmd_out.buttons', e.buttons, a.buttons);
  for (let i = 0; i < 3; i++) exactValue(list, `cmd_out.angles[${i}]`, e.angles[i]!, a.angles[i]);
  exactValue(list, 'cmd_out.forwardmove', e.forwardmove, a.forwardmove);
  exactValue(list, 'cmd_out.sidemove', e.sidemove, a.sidemove);
  exactValue(list, 'cmd_out.upmove', e.upmove, a.upmove);
  exactValue(list, 'cmd_out.impulse', e.impulse, a.impulse);
  exactValue(list, 'cmd_out.lightlevel', e.lightlevel, a.lightlevel);
}

/** Every compared output of `actual` against the recorded line. */
export function comparePmoveOutput(
  line: Record<string, unknown>,
  actual: PmoveOutput,
): PmoveMismatch[] {
  const list: PmoveMismatch[] = [];
  compareState(list, 'out', line.out as RawState, actual.state);
  compareCmd(list, line.cmd_out as RawCmd, actual.cmd);
  const va = line.viewangles as number[];
  const mins = line.mins as number[];
  const maxs = line.maxs as number[];
  for (let i = 0; i < 3; i++) {
    exactFloat(list, `viewangles[${i}]`, va[i]!, actual.viewangles[i]);
    exactFloat(list, `mins[${i}]`, mins[i]!, actual.mins[i]);
    exactFloat(list, `maxs[${i}]`, maxs[i]!, actual.maxs[i]);
  }
  exactFloat(list, 'viewheight', line.viewheight as number, actual.viewheight);
  const ground = line.groundentity as number | null;
  exactValue(list, 'groundentity', ground, actual.groundEntity);
  exactValue(
    list,
    'watertype',
    (line.watertype as number) & ~CONTENTS_MONSTER,
    actual.watertype & ~CONTENTS_MONSTER,
  );
  exactValue(list, 'waterlevel', line.waterlevel as number, actual.waterlevel);
  const touch = line.touchents as number[];
  exactValue(list, 'numtouch', line.numtouch as number, actual.touchents.length);
  for (let i = 0; i < Math.max(touch.length, actual.touchents.length); i++) {
    exactValue(list, `touchents[${i}]`, touch[i] ?? -1, actual.touchents[i] ?? -1);
  }
  exactValue(list, 'ladder', line.ladder as boolean, actual.ladder);
  return list;
}

/** World-only collision of one model, one per content mask. */
export class PmoveReplayer {
  private readonly byMask = new Map<number, PmoveCollision>();
  constructor(private readonly model: CollisionModel) {}

  collision(mask: number): PmoveCollision {
    // -1: the engine made no trace; any mask gives the same (no trace is made here either).
    const m = mask === -1 ? MASK_PLAYERSOLID : mask;
    let c = this.byMask.get(m);
    if (!c) {
      c = worldCollision(this.model, m);
      this.byMask.set(m, c);
    }
    return c;
  }

  /** Runs the line's input through pmove. */
  run(line: Record<string, unknown>): PmoveOutput {
    return pmove(
      this.collision(line.mask as number),
      paramsFromLine(line.pmp as Record<string, number | boolean>),
      stateFromLine(line.in as RawState),
      cmdFromLine(line.cmd as RawCmd),
      line.snapinitial as boolean,
    );
  }

  /** Mismatching fields of one line (empty when exact). */
  replay(line: Record<string, unknown>): PmoveMismatch[] {
    return comparePmoveOutput(line, this.run(line));
  }
}

/** One line per mismatch: `out.origin[2]: expected 1234, got 1233`. */
export const formatPmoveMismatches: (mismatches: readonly PmoveMismatch[]) => string =
  formatGoldenMismatches;

/** Mismatching fields of one recorded line replayed against `m` (empty when exact). */
export function replayPmoveLine(m: CollisionModel, line: Record<string, unknown>): PmoveMismatch[] {
  return new PmoveReplayer(m).replay(line);
}
