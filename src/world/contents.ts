/**
 * Contents bits and the masks the game passes to traces (`CONTENTS_*` / `MASK_*` in the
 * engine's `inc/shared/shared.h`). The brush bits are the BSP reader's; the two bits below are
 * never on a brush of a map: the engine gives them to entities (a bounding-box hull is
 * `CONTENTS_MONSTER`), so masks that name them still matter for box hulls.
 */
export {
  CONTENTS_AREAPORTAL,
  CONTENTS_AUX,
  CONTENTS_CURRENT_0,
  CONTENTS_CURRENT_180,
  CONTENTS_CURRENT_270,
  CONTENTS_CURRENT_90,
  CONTENTS_CURRENT_DOWN,
  CONTENTS_CURRENT_UP,
  CONTENTS_DETAIL,
  CONTENTS_LADDER,
  CONTENTS_LAVA,
  CONTENTS_MIST,
  CONTENTS_MONSTERCLIP,
  CONTENTS_ORIGIN,
  CONTENTS_PLAYERCLIP,
  CONTENTS_SLIME,
  CONTENTS_SOLID,
  CONTENTS_TRANSLUCENT,
  CONTENTS_WATER,
  CONTENTS_WINDOW,
} from '../sources/bsp/contents-flags.js';
import {
  CONTENTS_LAVA,
  CONTENTS_MONSTERCLIP,
  CONTENTS_PLAYERCLIP,
  CONTENTS_SLIME,
  CONTENTS_SOLID,
  CONTENTS_WATER,
  CONTENTS_WINDOW,
} from '../sources/bsp/contents-flags.js';

/** Bounding boxes of monsters and players (the box hull's contents). */
export const CONTENTS_MONSTER = 1 << 25;
/** Corpses: only masks that name it hit them. */
export const CONTENTS_DEADMONSTER = 1 << 26;

/** Everything. */
export const MASK_ALL = -1;
export const MASK_SOLID = CONTENTS_SOLID | CONTENTS_WINDOW;
/** What a living player collides with: 33619971. */
export const MASK_PLAYERSOLID =
  CONTENTS_SOLID | CONTENTS_PLAYERCLIP | CONTENTS_WINDOW | CONTENTS_MONSTER;
/** What a dead player collides with: 65539. */
export const MASK_DEADSOLID = CONTENTS_SOLID | CONTENTS_PLAYERCLIP | CONTENTS_WINDOW;
export const MASK_MONSTERSOLID =
  CONTENTS_SOLID | CONTENTS_MONSTERCLIP | CONTENTS_WINDOW | CONTENTS_MONSTER;
/** Liquids: 56. */
export const MASK_WATER = CONTENTS_WATER | CONTENTS_LAVA | CONTENTS_SLIME;
export const MASK_OPAQUE = CONTENTS_SOLID | CONTENTS_SLIME | CONTENTS_LAVA;
export const MASK_SHOT = CONTENTS_SOLID | CONTENTS_MONSTER | CONTENTS_WINDOW | CONTENTS_DEADMONSTER;
