/**
 * A batch of links to simulate, as plain data that crosses worker threads: the map file (each
 * thread loads its collision model once) and the links' ends and type names.
 */
import { threadModelOf } from './verdict-runs.js';
import type { LinkResult, SimulateLinkOptions } from './simulate-link.js';
import { simulateLinkFromReach } from './reach-starts.js';

export interface LinkBatch {
  readonly bsp: string;
  /** Index of the batch's first link in the whole test. */
  readonly first: number;
  /** [Form: (from x, y, z, to x, y, z) × links] [Units: u] */
  readonly ends: Float64Array;
  /** [Form: (link type, from type, to type) × links] node-type names */
  readonly types: readonly string[];
  readonly options: Partial<SimulateLinkOptions>;
}

export interface BatchResult {
  readonly first: number;
  readonly results: LinkResult[];
}

export async function runBatch(batch: LinkBatch): Promise<BatchResult> {
  const model = await threadModelOf(batch.bsp);
  const results: LinkResult[] = [];
  const e = batch.ends;
  for (let k = 0; k < e.length / 6; k++) {
    results.push(
      simulateLinkFromReach(
        model,
        {
          from: [e[6 * k], e[6 * k + 1], e[6 * k + 2]],
          to: [e[6 * k + 3], e[6 * k + 4], e[6 * k + 5]],
          linkType: batch.types[3 * k],
          fromType: batch.types[3 * k + 1],
          toType: batch.types[3 * k + 2],
        },
        batch.options,
      ),
    );
  }
  return { first: batch.first, results };
}
