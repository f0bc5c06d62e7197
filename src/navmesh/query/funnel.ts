/**
 * String pulling through a corridor of portals (the funnel of Detour's `findStraightPath`,
 * Mononen's "simple stupid funnel"): the apex starts at the start point; each portal's left
 * and right ends narrow the funnel while they stay inside it; when one end crosses over the
 * other side, that side's end is a corner of the path and becomes the new apex, and the walk
 * restarts from the portal it came from. The result has the fewest corners that keep the line
 * inside the corridor (seen from above).
 *
 * Portals are given as (leftX, leftY, rightX, rightY) × n, the first being the start point
 * twice and the last the goal twice. Output: indices of the portals whose left (or right) end
 * is a corner, as (portal, side) pairs (side 0 left, 1 right), the start and goal included.
 */

/** Twice the signed area of a, b, c: > 0 when c is left of a → b. */
function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

const EPS = 1e-6;

/** Corners of the string pulled through `portals` [Form: (lx, ly, rx, ry) × n]. */
export function pullString(portals: Float64Array): { portal: number[]; side: number[] } {
  const n = portals.length / 4;
  const outPortal = [0];
  const outSide = [0];
  let ax = portals[0];
  let ay = portals[1];
  let lx = ax;
  let ly = ay;
  let rx = ax;
  let ry = ay;
  let apex = 0;
  let left = 0;
  let right = 0;
  const same = (x0: number, y0: number, x1: number, y1: number) =>
    Math.abs(x0 - x1) < EPS && Math.abs(y0 - y1) < EPS;
  for (let i = 1; i < n; i++) {
    const plx = portals[i * 4];
    const ply = portals[i * 4 + 1];
    const prx = portals[i * 4 + 2];
    const pry = portals[i * 4 + 3];
    // Right side: moves in when the new right end is left of apex → right.
    if (cross(ax, ay, rx, ry, prx, pry) >= 0) {
      if (same(ax, ay, rx, ry) || cross(ax, ay, lx, ly, prx, pry) < 0) {
        rx = prx;
        ry = pry;
        right = i;
      } else {
        // Crossed over the left side: the left end is a corner.
        ax = lx;
        ay = ly;
        apex = left;
        outPortal.push(left);
        outSide.push(0);
        rx = lx = ax;
        ry = ly = ay;
        right = left = apex;
        i = apex;
        continue;
      }
    }
    // Left side: moves in when the new left end is right of apex → left.
    if (cross(ax, ay, lx, ly, plx, ply) <= 0) {
      if (same(ax, ay, lx, ly) || cross(ax, ay, rx, ry, plx, ply) > 0) {
        lx = plx;
        ly = ply;
        left = i;
      } else {
        ax = rx;
        ay = ry;
        apex = right;
        outPortal.push(right);
        outSide.push(1);
        rx = lx = ax;
        ry = ly = ay;
        right = left = apex;
        i = apex;
        continue;
      }
    }
  }
  if (outPortal[outPortal.length - 1] !== n - 1) {
    outPortal.push(n - 1);
    outSide.push(0);
  }
  return { portal: outPortal, side: outSide };
}
