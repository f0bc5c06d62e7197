/**
 * Link runs as plain data, the unit the verdict pool hands to its threads: which simulation
 * (`link` or `reach`), the link, and the merged options. A thread answers a batch with the
 * results in the batch's order (`runVerdictBatch`); its collision model is loaded once per
 * map and thread.
 */
import { loadCollisionModel, type CollisionModel } from '../world/collision-model.js';
import {
  simulateLinkDefaults,
  simulateLinkDirect,
  asStored,
  type LinkResult,
  type LinkToSimulate,
  type SimulateLinkOptions,
} from './simulate-link.js';
import { simulateLinkFromReachDirect } from './reach-starts.js';
import type { VerdictRun } from './verdict-table.js';
import type { WorkAhead } from '../pausing/run-steps.js';

export interface LinkRun {
  readonly run: VerdictRun;
  readonly link: LinkToSimulate;
  /** Merged over `simulateLinkDefaults`. */
  readonly options: SimulateLinkOptions;
}

/** A run of `link` with `options` (partial: merged here). */
export function linkRun(
  run: VerdictRun,
  link: LinkToSimulate,
  options: Partial<SimulateLinkOptions> = {},
): LinkRun {
  return { run, link: asStored(link), options: { ...simulateLinkDefaults, ...options } };
}

/** Link runs handed to a step runner ahead of the steps that ask for them (`pausing/run-steps.ts`). */
export function runsAhead(runs: readonly LinkRun[]): WorkAhead {
  return { ahead: runs };
}

/** The link runs of work handed over ahead (anything else in it is not this module's). */
export function linkRunsOf(work: WorkAhead): LinkRun[] {
  return work.ahead.filter(
    (r): r is LinkRun =>
      typeof r === 'object' && r !== null && 'run' in r && 'link' in r && 'options' in r,
  );
}

export interface VerdictBatch {
  readonly bsp: string;
  readonly runs: readonly LinkRun[];
}

/** The result of one run, past any verdict table. */
export function runOnce(model: CollisionModel, r: LinkRun): LinkResult {
  return r.run === 'link'
    ? simulateLinkDirect(model, r.link, r.options)
    : simulateLinkFromReachDirect(model, r.link, r.options);
}

const models = new Map<string, Promise<CollisionModel>>();

/** The collision model of a map, loaded once per thread. */
export function threadModelOf(bsp: string): Promise<CollisionModel> {
  let m = models.get(bsp);
  if (!m) {
    m = loadCollisionModel(bsp);
    models.set(bsp, m);
    m.catch(() => models.delete(bsp));
  }
  return m;
}

export async function runVerdictBatch(batch: VerdictBatch): Promise<LinkResult[]> {
  const model = await threadModelOf(batch.bsp);
  return batch.runs.map((r) => runOnce(model, r));
}
