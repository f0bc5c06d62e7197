/**
 * Whether a node stands near lava or slime, or at a fatal drop, so that the re-release engine
 * should check it every frame (`NodeFlag_CheckForHazard`: the node is disabled while its box is
 * in slime or lava or touches a trap). The ground around the node is probed in eight directions:
 * hurting liquid within reach, or no ground for more than a fatal fall, marks it.
 */
import { CONTENTS_LAVA, CONTENTS_SLIME, CONTENTS_SOLID } from '../../sources/bsp/contents-flags.js';
import { pointContents } from '../../sources/bsp/point-contents.js';
import type { BspWorld } from '../../sources/bsp/world.js';
import type { Vec3 } from '../../nav/types.js';

/** [Units: world units] How far around the node hazards count. */
const REACH = 48;
/** [Units: world units] A fall this deep hurts a player badly (pmove's fall damage starts near 200). */
const FATAL_DROP = 256;
/** [Units: world units] Probe spacing on the way down. */
const PROBE = 16;
const HURTS = CONTENTS_LAVA | CONTENTS_SLIME;

/** `origin` is a player origin (24 above the ground). */
export function nearHazard(w: BspWorld, origin: Vec3): boolean {
  const feet = origin[2] - 24;
  for (let d = 0; d < 8; d++) {
    const x = origin[0] + REACH * Math.cos((d * Math.PI) / 4);
    const y = origin[1] + REACH * Math.sin((d * Math.PI) / 4);
    let grounded = false;
    for (let z = feet + 8; z > feet - FATAL_DROP; z -= PROBE) {
      const c = pointContents(w, x, y, z);
      if (c & HURTS) return true;
      if (c & CONTENTS_SOLID) {
        grounded = true;
        break;
      }
    }
    if (!grounded) return true;
  }
  return false;
}
