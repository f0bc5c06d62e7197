/**
 * Bot ladder climbing as the AQtion bot code does it: tall-box touch probes, the climb decision,
 * the velocity it writes, and the pmove input of the think.
 */
import { describe, expect, it } from 'vitest';
import {
  BOT_PM_TIME,
  botLadderAction,
  botLadderCommand,
  botPmoveState,
  botTouchingLadder,
} from '../../src/movement/bot-ladder.js';
import type { PmoveCollision, PmoveState } from '../../src/movement/types.js';
import type { TraceResult } from '../../src/world/trace.js';
import { CONTENTS_LADDER, CONTENTS_SOLID } from '../../src/world/contents.js';

/** A ladder face at x = `face` (the box's front at maxs x hits it), solid behind it. */
function ladderAt(face: number, ladder = true): PmoveCollision & { calls: number[][] } {
  const calls: number[][] = [];
  return {
    calls,
    trace(start, mins, maxs, end, out: TraceResult) {
      calls.push([end[0]! - start[0]!, end[1]! - start[1]!, mins[2]!, maxs[2]!]);
      const front0 = start[0]! + maxs[0]!;
      const front1 = end[0]! + maxs[0]!;
      out.allsolid = out.startsolid = false;
      out.normal.fill(0);
      if (front1 > face && front1 !== front0) {
        out.fraction = Math.max(0, (face - front0) / (front1 - front0));
        out.contents = ladder ? CONTENTS_LADDER | CONTENTS_SOLID : CONTENTS_SOLID;
        out.normal[0] = -1;
      } else {
        out.fraction = 1;
        out.contents = 0;
      }
      for (let i = 0; i < 3; i++) out.endpos[i] = start[i]! + out.fraction * (end[i]! - start[i]!);
      return out;
    },
    pointContents: () => 0,
  };
}

describe('bot ladder', () => {
  it('touches a ladder within the forward probes (1, 8, 16, 32 units) with the tall box', () => {
    const c = ladderAt(16 + 10); // 10 units ahead of the box front
    expect(botTouchingLadder(c, [0, 0, 0], 0, false)).toBe(true);
    expect(c.calls.map((x) => Math.round(x[0]!))).toEqual([1, 8, 16]);
    expect(c.calls[0]!.slice(2)).toEqual([-96, 96]);
    expect(botTouchingLadder(ladderAt(16 + 40), [0, 0, 0], 0, false)).toBe(false);
    expect(botTouchingLadder(ladderAt(16 + 10, false), [0, 0, 0], 0, false)).toBe(false);
  });

  it('near ladder nodes also scans 60 units around in 22.5° steps', () => {
    expect(botTouchingLadder(ladderAt(16 + 50), [0, 0, 0], 0, true)).toBe(true);
    // Facing away: found by the scan after turning.
    const c = ladderAt(16 + 50);
    expect(botTouchingLadder(c, [0, 0, 0], 180, true)).toBe(true);
    expect(c.calls.length).toBeGreaterThan(5);
    expect(botTouchingLadder(ladderAt(16 + 70), [0, 0, 0], 0, true)).toBe(false);
  });

  it('climbs up or down when touching, jumps on when the next node is higher', () => {
    expect(botLadderAction(true, 64)).toBe('up');
    expect(botLadderAction(true, -64)).toBe('down');
    expect(botLadderAction(true, 0)).toBe('none');
    expect(botLadderAction(false, 64)).toBe('jump-on');
    expect(botLadderAction(false, -64)).toBe('none');
  });

  it('writes the climbing velocity and moves', () => {
    expect(botLadderCommand('up', [100, -40, -300], false)).toEqual({
      velocity: [25, -10, 200],
      forwardmove: 400,
      upmove: 400,
    });
    expect(botLadderCommand('down', [100, -40, 50], false)).toEqual({
      velocity: [25, -10, -100],
      forwardmove: 50,
      upmove: -200,
    });
    expect(botLadderCommand('jump-on', [0, 0, 0], true).velocity).toEqual([0, 0, 50]);
    expect(botLadderCommand('jump-on', [0, 0, 0], false).velocity).toEqual([0, 0, 0]);
    expect(botLadderCommand('jump-on', [0, 0, 0], true, true)).toMatchObject({ forwardmove: null });
  });

  it('hands pmove the velocity in 1/8 units (truncated) and the bot pm_time', () => {
    const s: PmoveState = {
      pmType: 0,
      origin: [8, 16, 24],
      velocity: [0, 0, 0],
      pmFlags: 0,
      pmTime: 0,
      gravity: 800,
      deltaAngles: [0, 0, 0],
      aq2Flags: 0,
      timestamp: 0,
      legHits: 0,
    };
    const next = botPmoveState(s, [25.06, -10.06, 200]);
    expect(next.velocity).toEqual([200, -80, 1600]);
    expect(next.pmTime).toBe(BOT_PM_TIME);
    expect(s.pmTime).toBe(0);
  });
});
