/**
 * What is drawn over the blitted picture every frame, straight onto the view: the node or link
 * under the pointer, the selection (a node with its links out), the starts of the last link
 * check (small crosses), the links the last edit's checks failed, and the line a tool is
 * drawing (from the picked node to the pointer). A few dozen shapes, so a frame stays a blit.
 */
import type { Camera } from './camera.js';
import { arrowPath, BAD_LINK_COLOUR } from './draw-nav.js';
import type { NavIndex } from './nav-index.js';
import { linkWidth, nodeRadius } from './nav-sizes.js';
import type { Selection } from './selection.js';

const HOVER_COLOUR = '#80d8ff';
const SELECTED_COLOUR = '#ffffff';
const START_COLOUR = '#00e5ff';
/** Half the arm of a start's cross. [Units: CSS pixels] */
const START_SIZE = 4;

export interface Overlay {
  readonly hover: Selection | null;
  readonly selected: Selection | null;
  /** Where the simulated bot started the link check shown. [Form: (x, y, z) × starts] */
  readonly starts: readonly (readonly number[])[];
  /** Links (current node numbers) whose check failed in the last edit's answer. */
  readonly failed: readonly { readonly from: number; readonly to: number }[];
  /** A tool's pending line from a node to the pointer. [x, y Units: CSS pixels] */
  readonly rubber: { readonly node: number; readonly x: number; readonly y: number } | null;
}

export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  index: NavIndex,
  o: Overlay,
): void {
  const xyz = index.nav.xyz;
  const sx = (i: number) => camera.screenX(xyz[3 * i]);
  const sy = (i: number) => camera.screenY(xyz[3 * i + 1]);
  const valid = (i: number) => i >= 0 && i < index.nodeCount;
  const r = nodeRadius(camera.scale);
  const width = linkWidth(camera.scale);

  const link = (from: number, to: number, colour: string, lineWidth: number) => {
    if (!valid(from) || !valid(to)) return;
    ctx.beginPath();
    ctx.moveTo(sx(from), sy(from));
    ctx.lineTo(sx(to), sy(to));
    ctx.strokeStyle = colour;
    ctx.lineWidth = lineWidth;
    ctx.stroke();
    ctx.beginPath();
    arrowPath(ctx, sx(from), sy(from), sx(to), sy(to), r + 0.5);
    ctx.fillStyle = colour;
    ctx.fill();
  };
  const ring = (i: number, colour: string, radius: number) => {
    if (!valid(i)) return;
    ctx.beginPath();
    ctx.arc(sx(i), sy(i), radius, 0, 2 * Math.PI);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.stroke();
  };

  ctx.setLineDash([5, 4]);
  for (const f of o.failed) link(f.from, f.to, BAD_LINK_COLOUR, width + 2);
  ctx.setLineDash([]);

  const s = o.selected;
  if (s?.kind === 'node' && valid(s.node)) {
    for (let k = index.outStart[s.node]; k < index.outStart[s.node + 1]; k++)
      link(s.node, index.nav.to[index.outLinks[k]], SELECTED_COLOUR, width + 0.5);
    ring(s.node, SELECTED_COLOUR, r + 4);
  } else if (s?.kind === 'link') link(s.from, s.to, SELECTED_COLOUR, width + 2);

  const h = o.hover;
  if (h?.kind === 'node') ring(h.node, HOVER_COLOUR, r + 3);
  else if (h?.kind === 'link') link(h.from, h.to, HOVER_COLOUR, width + 1.5);

  if (o.starts.length > 0) {
    ctx.beginPath();
    for (const p of o.starts) {
      const x = camera.screenX(p[0]);
      const y = camera.screenY(p[1]);
      ctx.moveTo(x - START_SIZE, y - START_SIZE);
      ctx.lineTo(x + START_SIZE, y + START_SIZE);
      ctx.moveTo(x - START_SIZE, y + START_SIZE);
      ctx.lineTo(x + START_SIZE, y - START_SIZE);
    }
    ctx.strokeStyle = START_COLOUR;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }

  if (o.rubber && valid(o.rubber.node)) {
    const { node, x, y } = o.rubber;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(sx(node), sy(node));
    ctx.lineTo(x, y);
    ctx.strokeStyle = SELECTED_COLOUR;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.stroke();
    ring(node, SELECTED_COLOUR, r + 4);
  }
}
