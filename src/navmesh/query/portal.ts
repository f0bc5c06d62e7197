/**
 * The edge a connection crosses, as the funnel needs it: its left and right end points seen
 * by a player going through it (x east, y north: heading east, left is +y). Ladder and off-mesh
 * link connections have a point portal, where the climb or the link starts.
 */
import { CROSS_LADDER, CROSS_LINK, EAST, SOUTH, WEST, type NavMesh } from '../mesh.js';

/** Direction of connection `c` (it lies in slot area·4 + direction). */
export function connectionDirection(m: NavMesh, a: number, c: number): number {
  for (let d = 0; d < 4; d++) if (c < m.connStart[a * 4 + d + 1]) return d;
  return WEST;
}

/**
 * Writes (leftX, leftY, rightX, rightY) of connection `c` out of area `a` (direction `d`) into
 * `out`, the span shrunk by `margin` at each end (to its middle when shorter).
 * [margin Units: world units]
 */
export function portalPoints(
  m: NavMesh,
  c: number,
  d: number,
  margin: number,
  out: Float64Array,
): void {
  const p = m.connPortal;
  if (m.connKind[c] === CROSS_LADDER || m.connKind[c] === CROSS_LINK) {
    out[0] = out[2] = p[c * 3];
    out[1] = out[3] = p[c * 3 + 1];
    return;
  }
  const b = p[c * 3];
  let lo = p[c * 3 + 1];
  let hi = p[c * 3 + 2];
  if (hi - lo > 2 * margin) {
    lo += margin;
    hi -= margin;
  } else lo = hi = (lo + hi) / 2;
  if (d === EAST || d === WEST) {
    out[0] = out[2] = b;
    out[1] = d === EAST ? hi : lo;
    out[3] = d === EAST ? lo : hi;
  } else {
    out[1] = out[3] = b;
    out[0] = d === SOUTH ? lo : hi;
    out[2] = d === SOUTH ? hi : lo;
  }
}
