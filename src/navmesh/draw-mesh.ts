/**
 * The mesh drawn top-down as SVG (for `navgen render --mesh`): each area a rectangle filled by
 * its height band (blue low … red high, bands of `bandHeight` units), outlined by its
 * attributes (crouch orange, no-jump grey dashes, a jump take-off magenta, water a blue wash),
 * ladders as green bars from foot to exit, and a path as a black line with its corners. North
 * (−y in Source terms; +y of the world) is drawn up. Plain strings: no DOM.
 */
import {
  AREA_CROUCH,
  AREA_NO_JUMP,
  AREA_WATER,
  CROSS_JUMP,
  areaBounds,
  type NavMesh,
} from './mesh.js';

export interface DrawMeshOptions {
  /** Height of one colour band. [Units: world units] [Limit: > 0] */
  readonly bandHeight: number;
  /** Drawing units per world unit. [Limit: > 0] */
  readonly scale: number;
  /** A path to draw: its corners. [Units: world units] */
  readonly path?: readonly (readonly number[])[];
  readonly title: string;
}

const MARGIN = 40;

export function drawMeshSvg(m: NavMesh, o: DrawMeshOptions): string {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z0 = Infinity;
  let z1 = -Infinity;
  for (let a = 0; a < m.areaCount; a++) {
    const b = areaBounds(m, a);
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
    for (let k = 0; k < 4; k++) {
      z0 = Math.min(z0, m.areaZ[a * 4 + k]);
      z1 = Math.max(z1, m.areaZ[a * 4 + k]);
    }
  }
  if (m.areaCount === 0) x0 = y0 = x1 = y1 = z0 = z1 = 0;
  const s = o.scale;
  const W = (x1 - x0) * s + 2 * MARGIN;
  const H = (y1 - y0) * s + 2 * MARGIN + 30;
  const X = (x: number) => ((x - x0) * s + MARGIN).toFixed(1);
  const Y = (y: number) => ((y1 - y) * s + MARGIN + 30).toFixed(1);
  const bands = Math.max(1, Math.ceil((z1 - z0 + 1) / o.bandHeight));
  const colour = (z: number) => {
    const t = bands === 1 ? 0 : Math.floor((z - z0) / o.bandHeight) / (bands - 1);
    return `hsl(${Math.round(240 - 240 * t)},70%,60%)`;
  };
  const jumps = new Uint8Array(m.areaCount);
  for (let a = 0; a < m.areaCount; a++)
    for (let c = m.connStart[a * 4]; c < m.connStart[a * 4 + 4]; c++)
      if (m.connKind[c] === CROSS_JUMP) jumps[a] = 1;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W.toFixed(0)}" height="${H.toFixed(0)}" viewBox="0 0 ${W.toFixed(0)} ${H.toFixed(0)}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="8" y="14" font-family="sans-serif" font-size="11">${escape(o.title)}: ${m.areaCount} areas, ` +
      `heights ${Math.round(z0)}…${Math.round(z1)} in ${bands} bands of ${o.bandHeight} u (blue low, red high)</text>`,
    `<text x="8" y="28" font-family="sans-serif" font-size="11">outlines: crouch orange, no-jump grey dashes, ` +
      `jump take-off magenta; water blue wash; ladders green; path black</text>`,
  );
  // Lower areas first, so upper floors are drawn over them.
  const order = Array.from({ length: m.areaCount }, (_, a) => a).sort(
    (p, q) => m.areaZ[p * 4] - m.areaZ[q * 4] || p - q,
  );
  for (const a of order) {
    const [ax0, ay0, ax1, ay1] = areaBounds(m, a);
    const z = (m.areaZ[a * 4] + m.areaZ[a * 4 + 3]) / 2;
    const f = m.areaFlags[a];
    const stroke = jumps[a]
      ? 'stroke="#c0c" stroke-width="1.5"'
      : f & AREA_CROUCH
        ? 'stroke="#f80" stroke-width="1.5"'
        : f & AREA_NO_JUMP
          ? 'stroke="#666" stroke-dasharray="3 2" stroke-width="1"'
          : 'stroke="#333" stroke-width="0.3"';
    const rect = `x="${X(ax0)}" y="${Y(ay1)}" width="${((ax1 - ax0) * s).toFixed(1)}" height="${((ay1 - ay0) * s).toFixed(1)}"`;
    out.push(
      `<rect ${rect} fill="${colour(z)}" ${stroke}><title>area ${m.areaId[a]} z ${Math.round(z)}</title></rect>`,
    );
    if (f & AREA_WATER) out.push(`<rect ${rect} fill="#06f" fill-opacity="0.35" stroke="none"/>`);
  }
  for (let L = 0; L < m.ladderCount; L++) {
    const x = m.ladderSpan[L * 4];
    const y = m.ladderSpan[L * 4 + 1];
    out.push(
      `<line x1="${X(x)}" y1="${Y(y)}" x2="${X(m.ladderExit[L * 3])}" y2="${Y(m.ladderExit[L * 3 + 1])}" stroke="#0a0" stroke-width="4"/>`,
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
