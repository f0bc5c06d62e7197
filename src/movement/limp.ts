/**
 * AQtion's leg-damage limp, applied by pmove itself: the timestamp advances by the command's
 * msec; in each 600 ms cycle a limping player cannot move for the first 300 ms, moves at
 * 1/(leghits+1) for the next 100 ms and freely for the rest; jumping is always blocked.
 */
import type { PmoveContext } from './context.js';
import { toInt16 } from './float32.js';
import { PMF_AQ2_LIMP, PMF_JUMP_HELD } from './types.js';

/** Timestamp wrap, limp cycle and its phases. [Units: ms] */
const TIMESTAMP_WRAP = 60000;
const LIMP_CYCLE = 600;
const LIMP_STOP = 300;
const LIMP_SLOW = 400;

export function applyLimp(pm: PmoveContext): void {
  const s = pm.s;
  s.timestamp = ((s.timestamp + pm.cmd.msec) % TIMESTAMP_WRAP) & 0xffff;
  if (!(s.aq2Flags & PMF_AQ2_LIMP)) return;
  const phase = s.timestamp % LIMP_CYCLE;
  if (phase <= LIMP_STOP) {
    pm.cmd.forwardmove = 0;
    pm.cmd.sidemove = 0;
  } else if (phase <= LIMP_SLOW) {
    const div = s.legHits + 1;
    pm.cmd.forwardmove = toInt16(Math.trunc(pm.cmd.forwardmove / div));
    pm.cmd.sidemove = toInt16(Math.trunc(pm.cmd.sidemove / div));
  }
  s.pmFlags |= PMF_JUMP_HELD;
}
