/**
 * pmove paths the engine recordings never reach (spectators, gibs, freeze, teleport pause) and
 * the basic walking numbers, on a synthetic flat floor at z = 0 (not the engine's collision: these
 * check pmove's own rules, the golden test checks exactness on real maps).
 */
import { describe, expect, it } from 'vitest';
import { pmove } from '../../src/movement/pmove.js';
import {
  BOT_PMOVE_PARAMS,
  HUMAN_PMOVE_PARAMS,
  PM_FREEZE,
  PM_GIB,
  PM_SPECTATOR,
  PMF_AQ2_LIMP,
  PMF_JUMP_HELD,
  PMF_ON_GROUND,
  PMF_TIME_TELEPORT,
  type PmoveCollision,
  type PmoveState,
  type UserCmd,
} from '../../src/movement/types.js';
import { CONTENTS_SOLID } from '../../src/world/contents.js';

/** The space above z = 0 is empty, below it solid. */
const floor: PmoveCollision = {
  trace(start, mins, _maxs, end, out) {
    const b0 = start[2]! + mins[2]!;
    const b1 = end[2]! + mins[2]!;
    out.allsolid = out.startsolid = false;
    out.normal.fill(0);
    out.contents = 0;
    out.surfaceFlags = 0;
    if (b0 < 0) {
      out.startsolid = true;
      out.allsolid = b1 < 0;
      out.fraction = 0;
    } else if (b1 >= 0) {
      out.fraction = 1;
    } else {
      out.fraction = Math.max(0, Math.fround((b0 - 0.03125) / (b0 - b1)));
    }
    if (out.fraction < 1) {
      out.normal[2] = 1;
      out.contents = CONTENTS_SOLID;
    }
    for (let i = 0; i < 3; i++)
      out.endpos[i] = Math.fround(start[i]! + out.fraction * (end[i]! - start[i]!));
    return out;
  },
  pointContents: (p) => (p[2]! < 0 ? CONTENTS_SOLID : 0),
};

function standing(extra: Partial<PmoveState> = {}): PmoveState {
  return {
    pmType: 0,
    origin: [0, 0, 24 * 8],
    velocity: [0, 0, 0],
    pmFlags: PMF_ON_GROUND,
    pmTime: 0,
    gravity: 800,
    deltaAngles: [0, 0, 0],
    aq2Flags: 0,
    timestamp: 0,
    legHits: 0,
    ...extra,
  };
}

function cmd(extra: Partial<UserCmd> = {}): UserCmd {
  return {
    msec: 100,
    buttons: 0,
    angles: [0, 0, 0],
    forwardmove: 0,
    sidemove: 0,
    upmove: 0,
    impulse: 0,
    lightlevel: 0,
    ...extra,
  };
}

describe('pmove on a flat floor', () => {
  it('walks: full speed (300 u/s) within one 100 ms step, 30 units moved', () => {
    const out = pmove(floor, BOT_PMOVE_PARAMS, standing(), cmd({ forwardmove: 400 }), false);
    expect(out.state.velocity[0]).toBe(300 * 8);
    expect(out.state.origin[0]).toBe(30 * 8);
    expect(out.groundEntity).toBe(0);
    expect(out.viewheight).toBe(22);
    expect(out.maxs[2]).toBe(32);
  });

  it('crouches: 100 u/s, box top 4, view height 8', () => {
    const out = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      standing(),
      cmd({ forwardmove: 400, upmove: -400 }),
      false,
    );
    expect(out.state.velocity[0]).toBe(100 * 8);
    expect(out.maxs[2]).toBe(4);
    expect(out.viewheight).toBe(8);
  });

  it('jumps: 270 u/s up, less one step of gravity; no second jump while held', () => {
    const out = pmove(floor, BOT_PMOVE_PARAMS, standing(), cmd({ upmove: 400 }), false);
    expect(out.state.velocity[2]).toBe((270 - 80) * 8);
    expect(out.groundEntity).toBeNull();
    expect(out.state.pmFlags & PMF_JUMP_HELD).toBe(PMF_JUMP_HELD);
    const held = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      standing({ pmFlags: PMF_ON_GROUND | PMF_JUMP_HELD }),
      cmd({ upmove: 400 }),
      false,
    );
    expect(held.state.velocity[2]).toBe(0);
  });

  it('limping blocks moves in the first 300 ms of each 600 ms and always blocks jumping', () => {
    const limp = standing({ aq2Flags: PMF_AQ2_LIMP, legHits: 1 });
    const stopped = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      { ...limp, timestamp: 100 },
      cmd({ forwardmove: 400, upmove: 400 }),
      false,
    );
    expect(stopped.cmd.forwardmove).toBe(0);
    expect(stopped.state.timestamp).toBe(200);
    expect(stopped.state.velocity[2]).toBe(0);
    const slowed = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      { ...limp, timestamp: 250 },
      cmd({ forwardmove: 401 }),
      false,
    );
    expect(slowed.cmd.forwardmove).toBe(200); // 401 / (1 + 1) truncated
    const free = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      { ...limp, timestamp: 59950 },
      cmd({ forwardmove: 400 }),
      false,
    );
    expect(free.state.timestamp).toBe(50);
    expect(free.cmd.forwardmove).toBe(0); // wrapped into the stop phase
  });

  it('gibs are a 16-unit cube with view height 8', () => {
    const out = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      standing({ pmType: PM_GIB, origin: [0, 0, 8] }),
      cmd(),
      false,
    );
    expect(out.mins).toEqual([-16, -16, 0]);
    expect(out.maxs).toEqual([16, 16, 16]);
    expect(out.viewheight).toBe(8);
  });

  it('frozen players do not move; the timestamp still advances', () => {
    const s = standing({ pmType: PM_FREEZE, velocity: [800, 0, 0] });
    const out = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      s,
      cmd({ forwardmove: 400, angles: [0, 16384, 0] }),
      false,
    );
    expect(out.state.origin).toEqual(s.origin);
    expect(out.state.velocity).toEqual(s.velocity);
    expect(out.state.timestamp).toBe(100);
    expect(out.viewangles[1]).toBe(90);
    expect(out.cmd.forwardmove).toBe(0);
  });

  it('teleport pause: stays in place, yaw from the unwrapped angles, pitch 0', () => {
    const s = standing({
      pmFlags: PMF_ON_GROUND | PMF_TIME_TELEPORT,
      pmTime: 20,
      velocity: [800, 0, 0],
    });
    const out = pmove(
      floor,
      BOT_PMOVE_PARAMS,
      s,
      cmd({ forwardmove: 400, angles: [1000, 30000, 0] }),
      false,
    );
    expect(out.state.origin).toEqual(s.origin);
    expect(out.viewangles[0]).toBe(0);
    expect(out.viewangles[1]).toBeCloseTo(164.79, 2);
    expect(out.state.pmTime).toBe(8);
  });

  it('spectators fly through the floor along the view, faster with speedmult 2', () => {
    const spec = standing({ pmType: PM_SPECTATOR, origin: [0, 0, 0], pmFlags: 0 });
    const down = cmd({ forwardmove: 400, angles: [Math.round((45 * 65536) / 360), 0, 0] });
    const bot = pmove(floor, BOT_PMOVE_PARAMS, spec, down, false);
    expect(bot.state.origin[2]).toBeLessThan(0);
    expect(bot.viewheight).toBe(22);
    const human = pmove(floor, HUMAN_PMOVE_PARAMS, spec, down, false);
    expect(Math.abs(human.state.origin[2])).toBeGreaterThan(Math.abs(bot.state.origin[2]));
  });
});
