/**
 * Draws the map into each panel: the floors of its band (clipped at the band's edges, lowest
 * first, shaded by height), the liquid areas, hurt volumes and ladder boxes that reach into the band, and
 * the spawn points standing on a floor of the band (a triangle pointing where the player faces).
 */
import { clipToBand } from './clip-to-band.js';
import { inBand } from './height-band.js';
import { colours, floorColour, LADDER_OPACITY, LIQUID_OPACITY } from './palette.js';
import type { Panel } from './panel.js';
import type { LadderBox, RenderMap } from './render-map.js';
import { num, points } from './svg-format.js';
import { projectX, projectY } from './top-down-view.js';

/** Smallest drawn side of a ladder box, so a ladder a few units thick still shows. [Units: pixels] */
const MIN_LADDER_SIDE = 3;
/** Spawn triangle: tip ahead of the origin, base behind it, half its width. [Units: pixels] */
const SPAWN_TIP = 8;
const SPAWN_BACK = 4;
const SPAWN_HALF_WIDTH = 5;

export function drawMap(map: RenderMap, panels: readonly Panel[]): void {
  for (const p of panels) {
    drawFloors(map, p);
    for (const l of map.liquids) {
      if (l.maxZ < p.band.from || l.minZ >= p.band.to) continue;
      p.areas.push(
        `<polygon class="liquid ${l.kind}" points="${p.polygon(l.top)}" fill="${colours[l.kind]}" fill-opacity="${LIQUID_OPACITY}"/>`,
      );
    }
    for (const h of map.hurts) {
      if (!reachesBand(p, h)) continue;
      p.areas.push(
        `<rect class="hurt" data-entity="${h.entity}" ${boxRect(p, h, 0)} ` +
          `fill="${colours.hurt}" fill-opacity="${LIQUID_OPACITY}" stroke="${colours.hurt}" stroke-width="1" stroke-dasharray="4 3"/>`,
      );
    }
    for (const b of map.ladders) {
      if (!reachesBand(p, b)) continue;
      p.areas.push(
        `<rect class="ladder" ${boxRect(p, b, MIN_LADDER_SIDE)} ` +
          `fill="${colours.ladder}" fill-opacity="${LADDER_OPACITY}" stroke="${colours.outline}" stroke-width="0.6"/>`,
      );
    }
    for (const s of map.spawns) {
      if (!inBand(p.band, s.floorZ)) continue;
      const cx = projectX(p.view, s.origin[0]);
      const cy = projectY(p.view, s.origin[1]);
      // Yaw 0 faces +x, 90 faces +y (up on the picture: panel y grows downwards).
      const a = (s.angle * Math.PI) / 180;
      const dx = Math.cos(a);
      const dy = -Math.sin(a);
      const corners = [
        cx + dx * SPAWN_TIP,
        cy + dy * SPAWN_TIP,
        cx - dx * SPAWN_BACK - dy * SPAWN_HALF_WIDTH,
        cy - dy * SPAWN_BACK + dx * SPAWN_HALF_WIDTH,
        cx - dx * SPAWN_BACK + dy * SPAWN_HALF_WIDTH,
        cy - dy * SPAWN_BACK - dx * SPAWN_HALF_WIDTH,
      ];
      p.spawns.push(
        `<polygon class="spawn" data-entity="${s.entity}" points="${points(corners)}" fill="${colours.spawn}" stroke="${colours.outline}" stroke-width="1"/>`,
      );
    }
  }
}

/** Whether box `b` reaches into the panel's height band. */
function reachesBand(p: Panel, b: LadderBox): boolean {
  return b.maxZ >= p.band.from && b.minZ < p.band.to;
}

/**
 * The `x`, `y`, `width` and `height` of box `b` seen from above in panel `p`, each side at least
 * `minSide` pixels around the box's centre (a ladder a few units thick still shows).
 * [minSide Units: pixels]
 */
function boxRect(p: Panel, b: LadderBox, minSide: number): string {
  const x0 = projectX(p.view, b.minX);
  const x1 = projectX(p.view, b.maxX);
  const y0 = projectY(p.view, b.maxY);
  const y1 = projectY(p.view, b.minY);
  const w = Math.max(minSide, x1 - x0);
  const h = Math.max(minSide, y1 - y0);
  return `x="${num((x0 + x1 - w) / 2)}" y="${num((y0 + y1 - h) / 2)}" width="${num(w)}" height="${num(h)}"`;
}

/**
 * The band's floors, lowest first (ties: face order). Shades go by rank among the band's
 * distinct heights (whole units), not linearly: one deep pit would otherwise squeeze every
 * other floor into one shade. Each polygon is stroked in its own colour, which closes the
 * hairline seams anti-aliasing leaves between neighbours.
 */
function drawFloors(map: RenderMap, p: Panel): void {
  const floors: { polygon: number[]; z: number; index: number }[] = [];
  for (let f = 0; f < map.floorCount; f++) {
    const polygon = clipToBand(
      map.floorPositions,
      map.floorStart[f],
      map.floorStart[f + 1],
      p.band,
    );
    if (polygon.length === 0) continue;
    let z = 0;
    for (let i = 2; i < polygon.length; i += 3) z += polygon[i];
    z /= polygon.length / 3;
    floors.push({ polygon, z, index: f });
    p.floorLow = Math.min(p.floorLow, z);
    p.floorHigh = Math.max(p.floorHigh, z);
  }
  floors.sort((a, b) => a.z - b.z || a.index - b.index);
  const levels = [...new Set(floors.map((f) => Math.round(f.z)))];
  const rank = new Map(levels.map((z, i) => [z, i]));
  for (const f of floors) {
    const t = levels.length > 1 ? rank.get(Math.round(f.z))! / (levels.length - 1) : 0.5;
    const colour = floorColour(t);
    p.floors.push(
      `<polygon points="${p.polygon(f.polygon)}" fill="${colour}" stroke="${colour}"/>`,
    );
  }
}
