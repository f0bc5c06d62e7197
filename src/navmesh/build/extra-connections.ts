/**
 * Connections added to a mesh after its areas are connected (ladders, off-mesh links): each
 * goes at the end of its (area, direction) slot, after the slot's own, in the order given, so
 * a mesh's connection order depends only on its inputs.
 */
import { DIRECTIONS, type NavMesh } from '../mesh.js';

/** A connection to add: its target area, `CROSS_*` kind and point portal (x, y, index). */
export interface ExtraConnection {
  readonly target: number;
  readonly kind: number;
  readonly x: number;
  readonly y: number;
  /** The ladder's or link's index (the portal's third value). */
  readonly index: number;
}

/** The connection slot (`connStart` index) of area `a` in direction `d`. */
export function connectionSlot(a: number, d: number): number {
  return a * DIRECTIONS + d;
}

/** Puts `e` last among the extra connections of `slot`. */
export function addConnection(
  extra: Map<number, ExtraConnection[]>,
  slot: number,
  e: ExtraConnection,
): void {
  const list = extra.get(slot);
  if (list) list.push(e);
  else extra.set(slot, [e]);
}

/** `m`'s connection arrays with `extra` (by slot) added. */
export function withConnections(
  m: NavMesh,
  extra: ReadonlyMap<number, readonly ExtraConnection[]>,
): Pick<NavMesh, 'connStart' | 'connTarget' | 'connKind' | 'connLanding' | 'connPortal'> {
  let added = 0;
  for (const list of extra.values()) added += list.length;
  const slots = m.areaCount * DIRECTIONS;
  const total = m.connTarget.length + added;
  const connStart = new Uint32Array(slots + 1);
  const connTarget = new Uint32Array(total);
  const connKind = new Uint8Array(total);
  const connLanding = new Uint8Array(total);
  const connPortal = new Float32Array(total * 3);
  let w = 0;
  for (let s = 0; s < slots; s++) {
    connStart[s] = w;
    for (let c = m.connStart[s]; c < m.connStart[s + 1]; c++, w++) {
      connTarget[w] = m.connTarget[c];
      connKind[w] = m.connKind[c];
      connLanding[w] = m.connLanding[c];
      connPortal.set(m.connPortal.subarray(c * 3, c * 3 + 3), w * 3);
    }
    for (const e of extra.get(s) ?? []) {
      connTarget[w] = e.target;
      connKind[w] = e.kind;
      connPortal[w * 3] = e.x;
      connPortal[w * 3 + 1] = e.y;
      connPortal[w * 3 + 2] = e.index;
      w++;
    }
  }
  connStart[slots] = w;
  return { connStart, connTarget, connKind, connLanding, connPortal };
}
