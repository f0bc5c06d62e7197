/**
 * What a click at a screen point means, and the other way round, where to click to mean a node
 * or a link. Picking weighs screen pixels (a dot's radius, a line's width and the reach around
 * them at the zoom shown), the grid (`hit-test.ts`) finds the candidates in world units. No DOM.
 */
import type { Camera } from './camera.js';
import type { HitGrid } from './hit-test.js';
import { noNodeMessage, type NavIndex } from './nav-index.js';
import { linkWidth, nodeRadius } from './nav-sizes.js';
import type { Selection } from './selection.js';

/** How near the pointer a node or a line must be to be under it. [Units: CSS pixels] */
const NODE_PICK = 4;
const LINE_PICK = 5;
/** A point this near a dot's edge is on the dot. [Units: CSS pixels] */
const ON_DOT = 1;

/** Which of the nav's layers are drawn, so can be picked. */
export interface Pickable {
  readonly nodes: boolean;
  readonly links: boolean;
}

/**
 * The node or link under screen point (sx, sy), or null; `grid` is the band shown. A point on a
 * dot is its node; elsewhere the nearer of the nearest node and the nearest line wins, so a
 * short link between two dots zoomed out can still be clicked between them.
 */
export function pickAt(
  grid: HitGrid,
  index: NavIndex,
  camera: Camera,
  shown: Pickable,
  sx: number,
  sy: number,
): Selection | null {
  const x = camera.worldX(sx);
  const y = camera.worldY(sy);
  const r = nodeRadius(camera.scale);
  let node = -1;
  let nodeDistance = Infinity;
  if (shown.nodes) {
    node = grid.nearestNode(x, y, (r + NODE_PICK) / camera.scale);
    if (node >= 0) {
      const [nx, ny] = index.position(node);
      nodeDistance = Math.hypot(nx - x, ny - y) * camera.scale;
      if (nodeDistance <= r + ON_DOT) return { kind: 'node', node };
    }
  }
  if (shown.links) {
    const radius = (linkWidth(camera.scale) / 2 + LINE_PICK) / camera.scale;
    const hit = grid.nearestLine(x, y, radius);
    if (hit && hit.distance * camera.scale < nodeDistance) {
      const a = index.lineA[hit.line];
      const b = index.lineB[hit.line];
      // Of a two-way line, the link leaving the end nearer the pointer.
      if (index.lineTwoWay[hit.line] && hit.t > 0.5) return { kind: 'link', from: b, to: a };
      return { kind: 'link', from: a, to: b };
    }
  }
  return node >= 0 ? { kind: 'node', node } : null;
}

/** Screen point (CSS pixels, canvas top-left) of node n's centre; throws for a node the nav lacks. */
export function nodeScreenPoint(
  index: NavIndex,
  camera: Camera,
  n: number,
): { x: number; y: number } {
  if (!index.hasNode(n)) throw new RangeError(noNodeMessage(n, index.nodeCount));
  const [x, y] = index.position(n);
  return { x: camera.screenX(x), y: camera.screenY(y) };
}

/**
 * The midpoint of the line of links `from → to`, nudged a pixel towards `from`: a click there
 * picks `from → to`, also of a two-way line (see {@link pickAt}).
 */
export function linkScreenPoint(
  index: NavIndex,
  camera: Camera,
  from: number,
  to: number,
): { x: number; y: number } {
  const a = nodeScreenPoint(index, camera, from);
  const b = nodeScreenPoint(index, camera, to);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (a.x + b.x) / 2 - (b.x - a.x) / len, y: (a.y + b.y) / 2 - (b.y - a.y) / len };
}
