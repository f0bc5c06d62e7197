/**
 * The trial's heat map: a soft spot where a bot stood stuck (amber, stronger the longer it
 * stood) or died of the world (red). Spots add up (`lighter`), so a place where many bots got
 * stuck glows brighter than one where a single bot did.
 */
import type { ViewSpot, ViewTrial } from '../sinks/view/view-model.js';
import type { Projection } from './camera.js';

/** A spot's radius: about a player's reach. [Units: world units] */
const SPOT_RADIUS = 48;
/** Smallest drawn radius, so spots still show zoomed out. [Units: CSS pixels] */
const MIN_SPOT_RADIUS = 10;
export const STUCK_RGB = '255, 171, 0';
export const DEATH_RGB = '255, 23, 68';
/** A stuck spot's opacity at its centre: this plus a tenth per second stuck, at most 0.9. */
const STUCK_BASE_OPACITY = 0.3;
const DEATH_OPACITY = 0.6;

export function drawHeat(
  ctx: CanvasRenderingContext2D,
  p: Projection,
  trial: ViewTrial,
  band: number,
): void {
  const r = Math.max(MIN_SPOT_RADIUS, SPOT_RADIUS * p.scale);
  const spot = (s: ViewSpot, rgb: string, opacity: number) => {
    if (s.band !== band) return;
    const x = p.originX + s.origin[0] * p.scale;
    const y = p.originY - s.origin[1] * p.scale;
    if (x < -r || y < -r || x > p.width + r || y > p.height + r) return;
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(${rgb}, ${opacity})`);
    g.addColorStop(1, `rgba(${rgb}, 0)`);
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  };
  ctx.globalCompositeOperation = 'lighter';
  for (const s of trial.stuck)
    spot(s, STUCK_RGB, Math.min(0.9, STUCK_BASE_OPACITY + s.seconds / 10));
  for (const s of trial.deaths) spot(s, DEATH_RGB, DEATH_OPACITY);
  ctx.globalCompositeOperation = 'source-over';
}
