/**
 * `PM_CheckDuck`: the player's box and view height. Gibs are a 16-unit cube; the dead and
 * players pressing crouch on ground duck; a ducked player stands up when the standing box fits.
 */
import { traceBox, type PmoveContext } from './context.js';
import { VIEWHEIGHT_CROUCH, VIEWHEIGHT_STAND } from './constants.js';
import { PM_DEAD, PM_GIB, PMF_DUCKED, PMF_ON_GROUND } from './types.js';

/** Box extents. [Units: u] */
export const PLAYER_HALF_WIDTH = 16;
export const PLAYER_MINS_Z = -24;
export const STAND_MAXS_Z = 32;
export const CROUCH_MAXS_Z = 4;
const GIB_MAXS_Z = 16;

export function checkDuck(pm: PmoveContext): void {
  const s = pm.s;
  pm.mins[0] = -PLAYER_HALF_WIDTH;
  pm.mins[1] = -PLAYER_HALF_WIDTH;
  pm.maxs[0] = PLAYER_HALF_WIDTH;
  pm.maxs[1] = PLAYER_HALF_WIDTH;

  if (s.pmType === PM_GIB) {
    pm.mins[2] = 0;
    pm.maxs[2] = GIB_MAXS_Z;
    pm.viewheight = VIEWHEIGHT_CROUCH;
    return;
  }
  pm.mins[2] = PLAYER_MINS_Z;

  if (s.pmType === PM_DEAD) {
    s.pmFlags |= PMF_DUCKED;
  } else if (pm.cmd.upmove < 0 && s.pmFlags & PMF_ON_GROUND) {
    s.pmFlags |= PMF_DUCKED;
  } else if (s.pmFlags & PMF_DUCKED) {
    pm.maxs[2] = STAND_MAXS_Z;
    if (!traceBox(pm, pm.origin, pm.origin).allsolid) s.pmFlags &= ~PMF_DUCKED;
  }

  if (s.pmFlags & PMF_DUCKED) {
    pm.maxs[2] = CROUCH_MAXS_Z;
    pm.viewheight = VIEWHEIGHT_CROUCH;
  } else {
    pm.maxs[2] = STAND_MAXS_Z;
    pm.viewheight = VIEWHEIGHT_STAND;
  }
}
