/**
 * Stage 2: floor levels. The samples are split into layers, each holding at most one sample per
 * grid column (Recast's heightfield layers): a layer grows breadth first from its lowest
 * unassigned sample through walk edges that go both ways, and never takes a second sample of a
 * column it already has. A bridge over a corridor and the corridor under it end up in two
 * layers; so do the two sides of a ledge (a drop edge is not a layer edge).
 * Deterministic: seeds and neighbours in index and direction order.
 */
import { DIRECTIONS } from '../mesh.js';
import { EDGE_WALK, type FloorSamples } from './sample-floor.js';

export interface FloorLayers {
  readonly layerCount: number;
  /** Layer of each sample. */
  readonly layer: Int32Array;
}

/** Opposite direction (north ↔ south, east ↔ west). */
export const opposite = (d: number): number => (d + 2) & 3;

/** Sample `s` and its neighbour in direction `d` are joined by walk edges both ways. */
export function mutualWalk(f: FloorSamples, s: number, d: number): number {
  const t = f.edge[s * 4 + d];
  if (t < 0 || f.edgeKind[s * 4 + d] !== EDGE_WALK) return -1;
  const o = opposite(d);
  return f.edge[t * 4 + o] === s && f.edgeKind[t * 4 + o] === EDGE_WALK ? t : -1;
}

export function floorLayers(f: FloorSamples): FloorLayers {
  const layer = new Int32Array(f.count).fill(-1);
  const claimed = new Map<number, number>(); // column → last layer that took it
  const key = (s: number) => (f.i[s] + 32768) * 65536 + (f.j[s] + 32768);
  const queue: number[] = [];
  let count = 0;
  for (let seed = 0; seed < f.count; seed++) {
    if (layer[seed] >= 0) continue;
    const L = count++;
    layer[seed] = L;
    claimed.set(key(seed), L);
    queue.length = 0;
    queue.push(seed);
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q];
      for (let d = 0; d < DIRECTIONS; d++) {
        const t = mutualWalk(f, s, d);
        if (t < 0 || layer[t] >= 0) continue;
        const k = key(t);
        if (claimed.get(k) === L) continue;
        layer[t] = L;
        claimed.set(k, L);
        queue.push(t);
      }
    }
  }
  return { layerCount: count, layer };
}
