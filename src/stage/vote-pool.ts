/**
 * All demos' votes side by side: the input of clustering. Demos are concatenated in the
 * order given (the pipeline sorts them by content hash first), so vote i of the pool is vote
 * `i - nodeOffset[d]` of demo d; link votes are re-indexed into the pool.
 */
import type { DemoVotes } from './demo-votes.js';

export interface VotePool {
  readonly count: number;
  /** [Form: (x, y, z) × count; Units: world units] */
  readonly positions: Float64Array;
  readonly weights: Float64Array;
  /** Demo index of each vote. */
  readonly demo: Uint32Array;
  /** [Units: u/s] */
  readonly vz: Float64Array;
  /** [Units: world units] */
  readonly dxy: Float64Array;
  readonly flags: Uint8Array;
  readonly linkCount: number;
  readonly linkFrom: Uint32Array;
  readonly linkTo: Uint32Array;
  readonly linkWeights: Float64Array;
  readonly linkDemo: Uint32Array;
  readonly linkAirborne: Uint8Array;
  /** [Units: world units] */
  readonly linkRise: Float64Array;
  readonly demoCount: number;
}

export function poolVotes(demos: readonly DemoVotes[]): VotePool {
  let count = 0;
  let linkCount = 0;
  for (const d of demos) {
    count += d.weights.length;
    linkCount += d.linkWeights.length;
  }
  const pool = {
    count,
    positions: new Float64Array(count * 3),
    weights: new Float64Array(count),
    demo: new Uint32Array(count),
    vz: new Float64Array(count),
    dxy: new Float64Array(count),
    flags: new Uint8Array(count),
    linkCount,
    linkFrom: new Uint32Array(linkCount),
    linkTo: new Uint32Array(linkCount),
    linkWeights: new Float64Array(linkCount),
    linkDemo: new Uint32Array(linkCount),
    linkAirborne: new Uint8Array(linkCount),
    linkRise: new Float64Array(linkCount),
    demoCount: demos.length,
  };
  let n = 0;
  let l = 0;
  demos.forEach((d, di) => {
    const k = d.weights.length;
    pool.positions.set(d.positions, n * 3);
    pool.weights.set(d.weights, n);
    pool.demo.fill(di, n, n + k);
    pool.vz.set(d.vz, n);
    pool.dxy.set(d.dxy, n);
    pool.flags.set(d.flags, n);
    for (let i = 0; i < d.linkWeights.length; i++, l++) {
      pool.linkFrom[l] = d.linkFrom[i] + n;
      pool.linkTo[l] = d.linkTo[i] + n;
      pool.linkWeights[l] = d.linkWeights[i];
      pool.linkDemo[l] = di;
      pool.linkAirborne[l] = d.linkAirborne[i];
      pool.linkRise[l] = d.linkRise[i];
    }
    n += k;
  });
  return pool;
}
