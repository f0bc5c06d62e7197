/**
 * The mesh drawn top-down as SVG (for `navgen render --mesh`): each area a rectangle filled by
 * its height band (blue low … red high, bands of `bandHeight` units), outlined by its
 * attributes (crouch orange, no-jump grey dashes, a jump take-off magenta, water a blue wash),
 * ladders as green bars from foot to exit, and a path as a black line with its corners. North
 * (−y in Source terms; +y of the world) is drawn up. Plain strings: no DOM. Draws navgen's mesh
 * (`meshDrawing`) or the areas of any Source `.nav` (`sourceNavDrawing`).
 */
import {
  AREA_CROUCH,
  AREA_JUMP,
  AREA_NO_JUMP,
  AREA_WATER,
  CROSS_JUMP,
  ORIGIN_ABOVE_FLOOR,
  areaBounds,
  type NavMesh,
} from './mesh.js';
import type { SourceNavArea } from './io/source-nav.js';

export interface DrawMeshOptions {
  /** Height of one colour band. [Units: world units] [Limit: > 0] */
  readonly bandHeight: number;
  /** Drawing units per world unit. [Limit: > 0] */
  readonly scale: number;
  /** A path to draw: its corners. [Units: world units] */
  readonly path?: readonly (readonly number[])[];
  readonly title: string;
}

/** An area as drawn. [Units: world units] */
export interface DrawnArea {
  readonly id: number;
  /** `AREA_*` bits. */
  readonly flags: number;
  /** A jump leaves from it. */
  readonly jump: boolean;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Origin heights (floor + 24) at the nw, ne, sw, se corners. */
  readonly z: readonly number[];
}

/**
 * What the picture holds: areas, ladders (foot x, y to exit x, y) and off-mesh links (their
 * points' x, y in order). [Units: world units]
 */
export interface MeshDrawing {
  readonly areas: readonly DrawnArea[];
  readonly ladders: readonly (readonly [number, number, number, number])[];
  readonly links: readonly (readonly number[])[];
}

/** navgen's mesh as drawn. */
export function meshDrawing(m: NavMesh): MeshDrawing {
  const areas: DrawnArea[] = [];
  for (let a = 0; a < m.areaCount; a++) {
    const [x0, y0, x1, y1] = areaBounds(m, a);
    let jump = false;
    for (let c = m.connStart[a * 4]; c < m.connStart[a * 4 + 4]; c++)
      if (m.connKind[c] === CROSS_JUMP) jump = true;
    const z = Array.from(m.areaZ.subarray(a * 4, a * 4 + 4));
    areas.push({ id: m.areaId[a], flags: m.areaFlags[a], jump, x0, y0, x1, y1, z });
  }
  const ladders: [number, number, number, number][] = [];
  for (let L = 0; L < m.ladderCount; L++)
    ladders.push([
      m.ladderSpan[L * 4],
      m.ladderSpan[L * 4 + 1],
      m.ladderExit[L * 3],
      m.ladderExit[L * 3 + 1],
    ]);
  const links: number[][] = [];
  for (let L = 0; L < m.linkCount; L++) {
    const xy: number[] = [];
    for (let p = m.linkPointStart[L]; p < m.linkPointStart[L + 1]; p++)
      xy.push(m.linkPoints[p * 3], m.linkPoints[p * 3 + 1]);
    links.push(xy);
  }
  return { areas, ladders, links };
}

/** The areas of a Source `.nav` as drawn (its floor heights raised to origin heights). */
export function sourceNavDrawing(areas: readonly SourceNavArea[]): MeshDrawing {
  return {
    areas: areas.map((a) => ({
      id: a.id,
      flags: a.flags,
      jump: (a.flags & AREA_JUMP) !== 0,
      x0: a.x0,
      y0: a.y0,
      x1: a.x1,
      y1: a.y1,
      z: a.z.map((z) => z + ORIGIN_ABOVE_FLOOR),
    })),
    ladders: [],
    links: [],
  };
}

const MARGIN = 40;
/** Height of the three legend lines above the drawing. [Units: px] */
const LEGEND = 44;

export function drawMeshSvg(m: NavMesh, o: DrawMeshOptions): string {
  return drawAreasSvg(meshDrawing(m), o);
}

export function drawAreasSvg(d: MeshDrawing, o: DrawMeshOptions): string {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (const a of d.areas) {
    x0 = Math.min(x0, a.x0);
    y0 = Math.min(y0, a.y0);
    x1 = Math.max(x1, a.x1);
    y1 = Math.max(y1, a.y1);
    for (const z of a.z) {
      z0 = Math.min(z0, z);
      z1 = Math.max(z1, z);
    }
  }
  if (d.areas.length === 0) x0 = y0 = x1 = y1 = z0 = z1 = 0;
  const s = o.scale;
  const W = (x1 - x0) * s + 2 * MARGIN;
  const H = (y1 - y0) * s + 2 * MARGIN + LEGEND;
  const X = (x: number) => ((x - x0) * s + MARGIN).toFixed(1);
  const Y = (y: number) => ((y1 - y) * s + MARGIN + LEGEND).toFixed(1);
  const bands = Math.max(1, Math.ceil((z1 - z0 + 1) / o.bandHeight));
  const colour = (z: number) => {
    const t = bands === 1 ? 0 : Math.floor((z - z0) / o.bandHeight) / (bands - 1);
    return `hsl(${Math.round(240 - 240 * t)},70%,60%)`;
  };

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W.toFixed(0)}" height="${H.toFixed(0)}" viewBox="0 0 ${W.toFixed(0)} ${H.toFixed(0)}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="14" font-family="sans-serif" font-size="11">${escape(o.title)}: ${d.areas.length} areas, ` +
      `heights ${Math.round(z0)}…${Math.round(z1)} in ${bands} bands of ${o.bandHeight} u (blue low, red high)</text>`,
    `<text x="8" y="28" font-family="sans-serif" font-size="11">outlines: crouch orange, no-jump grey dashes, ` +
      `jump take-off magenta; water blue wash</text>`,
    `<text x="8" y="42" font-family="sans-serif" font-size="11">ladders green; off-mesh links ` +
      `purple, a dot where each starts; path black</text>`,
  );
  // Lower areas first, so upper floors are drawn over them.
  const order = Array.from({ length: d.areas.length }, (_, a) => a).sort(
    (p, q) => d.areas[p].z[0] - d.areas[q].z[0] || p - q,
  );
  for (const k of order) {
    const a = d.areas[k];
    const z = (a.z[0] + a.z[3]) / 2;
    const f = a.flags;
    const stroke = a.jump
      ? 'stroke="#c0c" stroke-width="1.5"'
      : f & AREA_CROUCH
        ? 'stroke="#f80" stroke-width="1.5"'
        : f & AREA_NO_JUMP
          ? 'stroke="#666" stroke-dasharray="3 2" stroke-width="1"'
          : 'stroke="#333" stroke-width="0.3"';
    const rect = `x="${X(a.x0)}" y="${Y(a.y1)}" width="${((a.x1 - a.x0) * s).toFixed(1)}" height="${((a.y1 - a.y0) * s).toFixed(1)}"`;
    out.push(
      `<rect ${rect} fill="${colour(z)}" ${stroke}><title>area ${a.id} z ${Math.round(z)}</title></rect>`,
    );
    if (f & AREA_WATER) out.push(`<rect ${rect} fill="#06f" fill-opacity="0.35" stroke="none"/>`);
  }
  for (const [x, y, ex, ey] of d.ladders)
    out.push(
      `<line x1="${X(x)}" y1="${Y(y)}" x2="${X(ex)}" y2="${Y(ey)}" stroke="#0a0" stroke-width="4"/>`,
    );
  for (const xy of d.links) {
    const pts = [];
    for (let k = 0; k < xy.length; k += 2) pts.push(`${X(xy[k])},${Y(xy[k + 1])}`);
    out.push(
      `<polyline points="${pts.join(' ')}" fill="none" stroke="#80c" stroke-width="1.2"/>`,
      `<circle cx="${X(xy[0])}" cy="${Y(xy[1])}" r="1.8" fill="#80c"/>`,
    );
  }
  if (o.path && o.path.length > 0) {
    const pts = o.path.map((p) => `${X(p[0])},${Y(p[1])}`).join(' ');
    out.push(`<polyline points="${pts}" fill="none" stroke="#000" stroke-width="2.5"/>`);
    for (const p of o.path) out.push(`<circle cx="${X(p[0])}" cy="${Y(p[1])}" r="3" fill="#000"/>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
