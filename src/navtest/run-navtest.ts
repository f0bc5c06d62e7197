/**
 * The offline nav test of a whole nav: every link simulated (`simulate-link.ts`), nodes walked
 * from the spawn points over the links that passed (`reachability.ts`), the AQtion proposal's report
 * (`offline-report.ts`).
 *
 * Links run in batches on `workers` lanes: this thread and `workers − 1` piscina threads, each
 * loading the map's collision model itself (only the map path and plain numbers cross). Results
 * go back to their link's place, so the report is the same bytes for any worker count.
 */
import { Piscina } from 'piscina';
import { WORKER_EXEC_ARGV, workerModule } from '../dist-file.js';
import { defaultNodeTypes, NODE_TYPE_NAMES, type NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';
import { readSpawnPoints } from '../sources/bsp/spawn-points.js';
import { runBatch, type BatchResult, type LinkBatch } from '../simulated-bot/link-batch.js';
import { offlineReport, type OfflineNavtestReport } from './offline-report.js';
import { reachableNodes, returningNodes, type ReachabilityOptions } from './reachability.js';
import type {
  LinkResult,
  LinkToSimulate,
  SimulateLinkOptions,
} from '../simulated-bot/simulate-link.js';
import { giveWay } from '../pausing/run-steps.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { VerdictTable } from '../simulated-bot/verdict-table.js';
import type { VerdictPool } from '../simulated-bot/verdict-pool.js';
import { linkRun } from '../simulated-bot/verdict-runs.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';

export interface NavtestOptions {
  /** Lanes (this thread counts as one). [Limit: >= 1] */
  readonly workers: number;
  /** Links per batch handed to a lane. [Limit: >= 1] */
  readonly batchSize: number;
  /**
   * Fewest links worth a pool thread: a thread costs about half a second to start and load the
   * map, while one thread runs some 10,000 links a second (bench:navtest); on this 2-core machine
   * a second thread did not pay at 9,637 links (1.04 s on one, 1.22 s on two), so navs smaller
   * than this run on this thread alone. [Limit: >= 1]
   */
  readonly linksPerThread: number;
  readonly nodeTypes: NodeTypeTable;
  readonly simulate: Partial<SimulateLinkOptions>;
  readonly reachability: Partial<ReachabilityOptions>;
  /**
   * The map's verdict table (attached to `model`) and the pool that fills it: links any stage
   * or earlier test ran are not run again; absent: every link is simulated in batches.
   */
  readonly verdicts?: NavtestVerdicts;
}

export interface NavtestVerdicts {
  readonly model: CollisionModel;
  readonly table: VerdictTable;
  readonly pool: VerdictPool;
}

export const navtestDefaults: NavtestOptions = Object.freeze({
  workers: 1,
  batchSize: 64,
  linksPerThread: 20000,
  nodeTypes: defaultNodeTypes,
  simulate: {},
  reachability: {},
});

export interface NavtestRun {
  readonly report: OfflineNavtestReport;
  /** pmove calls made. */
  readonly steps: number;
  readonly links: number;
  /** Wall time. [Units: s] */
  readonly seconds: number;
}

function workerFile(): string {
  return workerModule(import.meta.url, 'navtest-worker', 'navtest/navtest-worker');
}

/** Type names by number; numbers the table does not know become `TYPE_<n>` (run as walks). */
function typeNames(table: NodeTypeTable): (n: number) => string {
  const byNumber = new Map<number, string>();
  for (const name of NODE_TYPE_NAMES) byNumber.set(table[name], name);
  return (n) => byNumber.get(n) ?? `TYPE_${n}`;
}

export async function runNavtest(
  nav: NavFile,
  bsp: string,
  map: string,
  options: Partial<NavtestOptions> = {},
): Promise<NavtestRun> {
  const o = { ...navtestDefaults, ...options };
  const started = performance.now();
  const name = typeNames(o.nodeTypes);
  const list: { from: number; to: number; type: string }[] = [];
  nav.nodes.forEach((node, i) => {
    for (const l of node.links)
      if (l.target >= 0 && l.target < nav.nodes.length)
        list.push({ from: i, to: l.target, type: name(l.targetType) });
  });

  const results: LinkResult[] = o.verdicts
    ? await resultsFromVerdicts(nav, list, name, bsp, o.simulate, o.verdicts)
    : await resultsInBatches(nav, list, name, bsp, o);
  return navtestReport(nav, list, results, bsp, map, o, started);
}

/** The links' results from the map's verdict table, the ones it lacks simulated on every core. */
async function resultsFromVerdicts(
  nav: NavFile,
  list: readonly { from: number; to: number; type: string }[],
  name: (n: number) => string,
  bsp: string,
  simulate: Partial<SimulateLinkOptions>,
  v: NavtestVerdicts,
): Promise<LinkResult[]> {
  const links: LinkToSimulate[] = list.map((l) => ({
    from: nav.nodes[l.from].origin,
    to: nav.nodes[l.to].origin,
    linkType: l.type,
    fromType: name(nav.nodes[l.from].type),
    toType: name(nav.nodes[l.to].type),
  }));
  await v.pool.settle(
    bsp,
    v.model,
    v.table,
    links.map((l) => linkRun('reach', l, simulate)),
  );
  return links.map((l) => simulateLinkFromReach(v.model, l, simulate));
}

async function resultsInBatches(
  nav: NavFile,
  list: readonly { from: number; to: number; type: string }[],
  name: (n: number) => string,
  bsp: string,
  o: NavtestOptions,
): Promise<LinkResult[]> {
  // Batches in link order.
  const batches: LinkBatch[] = [];
  for (let first = 0; first < list.length; first += o.batchSize) {
    const part = list.slice(first, first + o.batchSize);
    const ends = new Float64Array(part.length * 6);
    const types: string[] = [];
    part.forEach((l, k) => {
      const a = nav.nodes[l.from].origin;
      const b = nav.nodes[l.to].origin;
      ends.set([a[0], a[1], a[2], b[0], b[1], b[2]], 6 * k);
      types.push(l.type, name(nav.nodes[l.from].type), name(nav.nodes[l.to].type));
    });
    batches.push({ bsp, first, ends, types, options: o.simulate });
  }

  const results: LinkResult[] = new Array(list.length);
  const place = (r: BatchResult) => r.results.forEach((x, k) => (results[r.first + k] = x));
  let next = 0;
  const lane = async (run: (b: LinkBatch) => Promise<BatchResult>) => {
    while (next < batches.length) place(await run(batches[next++]));
  };
  // This thread's lane gives the event loop back between its batches (`giveWay`): `runBatch`
  // here settles at once, and awaiting it alone would run every batch in one stretch (wizs:
  // tens of seconds), the worker lanes' results and the caller's timers waiting meanwhile.
  const lanes = [lane((b) => giveWay().then(() => runBatch(b)))];
  let pool: Piscina | null = null;
  const threads = Math.min(o.workers - 1, Math.floor(list.length / o.linksPerThread));
  if (threads > 0 && batches.length > 1) {
    pool = new Piscina({
      filename: workerFile(),
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      idleTimeout: 1000,
      execArgv: [...WORKER_EXEC_ARGV],
    });
    const p = pool;
    for (let i = 0; i < threads; i++) lanes.push(lane((b) => p.run(b) as Promise<BatchResult>));
  }
  try {
    await Promise.all(lanes);
  } finally {
    await pool?.destroy();
  }
  return results;
}

async function navtestReport(
  nav: NavFile,
  list: readonly { from: number; to: number; type: string }[],
  results: readonly LinkResult[],
  bsp: string,
  map: string,
  o: NavtestOptions,
  started: number,
): Promise<NavtestRun> {
  const origins = new Float64Array(nav.nodes.length * 3);
  nav.nodes.forEach((n, i) => origins.set(n.origin, 3 * i));
  const linkEnds = new Int32Array(list.length * 2);
  const passed = new Uint8Array(list.length);
  list.forEach((l, k) => {
    linkEnds[2 * k] = l.from;
    linkEnds[2 * k + 1] = l.to;
    passed[k] = results[k].passed ? 1 : 0;
  });
  const spawns = await readSpawnPoints(bsp);
  const spawnOrigins = new Float64Array(spawns.length * 3);
  spawns.forEach((s, i) => spawnOrigins.set(s.origin, 3 * i));
  const { reachable, startNodes } = reachableNodes(
    origins,
    linkEnds,
    passed,
    spawnOrigins,
    o.reachability,
  );
  const report = offlineReport({
    map,
    nodeCount: nav.nodes.length,
    links: list.map((l, k) => ({ ...l, result: results[k] })),
    reachable,
    returning: returningNodes(linkEnds, passed, reachable),
    startNodes,
  });
  return {
    report,
    steps: results.reduce((s, r) => s + r.steps, 0),
    links: list.length,
    seconds: (performance.now() - started) / 1000,
  };
}
