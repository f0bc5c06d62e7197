/**
 * Contents bits of brushes and leaves (`CONTENTS_*` in the engine's `inc/shared/shared.h`).
 * They say what a volume is made of: later code asks whether a node sits in water, in solid or
 * against a ladder. Values are read from the file into `Int32Array`s, so bit 31 makes a value
 * negative: always test with `(contents & FLAG) !== 0`.
 */

/** An eye is never valid in a solid. */
export const CONTENTS_SOLID = 1 << 0;
/** Translucent, but not watery (glass). */
export const CONTENTS_WINDOW = 1 << 1;
export const CONTENTS_AUX = 1 << 2;
export const CONTENTS_LAVA = 1 << 3;
export const CONTENTS_SLIME = 1 << 4;
export const CONTENTS_WATER = 1 << 5;
export const CONTENTS_MIST = 1 << 6;
export const CONTENTS_AREAPORTAL = 1 << 15;
/** Blocks players only (invisible walls). */
export const CONTENTS_PLAYERCLIP = 1 << 16;
export const CONTENTS_MONSTERCLIP = 1 << 17;
export const CONTENTS_CURRENT_0 = 1 << 18;
export const CONTENTS_CURRENT_90 = 1 << 19;
export const CONTENTS_CURRENT_180 = 1 << 20;
export const CONTENTS_CURRENT_270 = 1 << 21;
export const CONTENTS_CURRENT_UP = 1 << 22;
export const CONTENTS_CURRENT_DOWN = 1 << 23;
/** Removed before the map is compiled; never in a finished map. */
export const CONTENTS_ORIGIN = 1 << 24;
export const CONTENTS_DETAIL = 1 << 27;
/** Set by the compiler when any side is translucent. */
export const CONTENTS_TRANSLUCENT = 1 << 28;
/**
 * Climbable. Ladder brushes in real maps are `SOLID | LADDER` (checked on the fixtures), so a
 * player touches them rather than stands in them: ask {@link brushContentsNear} with a radius.
 */
export const CONTENTS_LADDER = 1 << 29;

/** Liquids a player can swim in (and drown or burn in). */
export const MASK_LIQUID = CONTENTS_WATER | CONTENTS_SLIME | CONTENTS_LAVA;
/** What stops a player (the engine's `MASK_PLAYERSOLID` without the game-time monster bit). */
export const MASK_PLAYER_SOLID = CONTENTS_SOLID | CONTENTS_WINDOW | CONTENTS_PLAYERCLIP;
