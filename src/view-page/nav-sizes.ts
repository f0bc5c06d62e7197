/**
 * How big the nav is drawn at a zoom: node dots and link lines. One place for the picture, the
 * overlay and the pointer's reach (`pick.ts`), so what can be clicked is what is drawn. No DOM.
 */

/** Node dot radius at a zoom: small zoomed out, bigger zoomed in. [Units: CSS pixels] */
export function nodeRadius(scale: number): number {
  return Math.min(7, Math.max(2.2, 2 + scale * 2));
}

/** Link line width at a zoom. [Units: CSS pixels] */
export function linkWidth(scale: number): number {
  return Math.min(2.5, Math.max(1, scale * 1.2));
}
