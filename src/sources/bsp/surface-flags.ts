/**
 * Surface bits of texinfo records (`SURF_*` in the engine's `inc/shared/shared.h`). Pictures
 * use them to leave out sky and invisible faces and to draw liquid surfaces apart from floors.
 */

/** Emits light; the texinfo value holds the strength. */
export const SURF_LIGHT = 1 << 0;
/** Ice: affects player physics. */
export const SURF_SLICK = 1 << 1;
/** Not drawn; the sky box shows through. */
export const SURF_SKY = 1 << 2;
/** Turbulent warp: the surface of water, slime or lava. */
export const SURF_WARP = 1 << 3;
export const SURF_TRANS33 = 1 << 4;
export const SURF_TRANS66 = 1 << 5;
/** Texture scrolls. */
export const SURF_FLOWING = 1 << 6;
/** Never drawn (clip and trigger faces that survived compilation). */
export const SURF_NODRAW = 1 << 7;
