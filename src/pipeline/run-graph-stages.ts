/**
 * Step 4 of a build: the merged votes through the graph stages, once, with the map analysis'
 * caches around them.
 *
 * - The whole result (graph and summaries) is cached by everything the stages read
 *   (`graph-cache.ts`): a rebuild with nothing changed runs no stage.
 * - Otherwise the map's verdict table (`simulated-bot/verdict-file.ts`) is attached to its
 *   collision model before the first stage and written back after the last: a link any earlier
 *   build simulated (a new demo moves only the links near what it changed) is not run again.
 *
 * Each stage is timed (wall seconds from the graph reaching it to its graph leaving it) with the
 * verdicts it found and added, for the console summary and `bench:incremental`: the next
 * bottleneck should be visible. None of it reaches the JSON report, which stays the same bytes
 * whatever the cache held.
 */
import { from, lastValueFrom, tap, toArray, type Observable } from 'rxjs';
import { poolVotes } from '../stage/vote-pool.js';
import type { DraftGraph, GraphEvent } from '../stage/graph-types.js';
import { loadCollision } from '../map-analysis/map-source.js';
import { hashFile } from '../files/content-hash.js';
import { attachVerdicts, VerdictTable } from '../simulated-bot/verdict-table.js';
import { loadVerdicts, saveVerdicts } from '../simulated-bot/verdict-file.js';
import { VerdictPool } from '../simulated-bot/verdict-pool.js';
import { linkRunsOf } from '../simulated-bot/verdict-runs.js';
import { testAndRepair } from './own-test.js';
import type { GraphWork, OwnTestOutcome, StageWork } from '../sinks/build-result.js';
import { graphCacheKey, readCachedGraph, writeCachedGraph } from './graph-cache.js';
import { graphStages, type PipelineSpec } from './pipeline-spec.js';
import type { GraphOperator, StageContext } from '../stage/stage.js';
import type { DemoVotes } from '../stage/demo-votes.js';

export interface GraphStagesResult {
  /** The graph to write: after the build's own test mended it, when there was a map. */
  readonly graph: DraftGraph | null;
  readonly stages: Record<string, unknown>;
  /** The build's own nav test (`own-test.ts`); null without a map. */
  readonly ownTest: OwnTestOutcome | null;
  readonly work: GraphWork;
}

export async function runGraphStages(
  spec: PipelineSpec,
  ctx: StageContext,
  demoConfigHash: string,
  contributions: readonly { hash: string; votes: DemoVotes }[],
  cacheProblems: string[],
): Promise<GraphStagesResult> {
  // The map's content hash, once: the key of the graph stages' result and of the map's verdicts.
  const bspHash = spec.bsp ? await hashFile(spec.bsp).catch(() => null) : null;
  const key = await graphCacheKey(
    spec,
    demoConfigHash,
    contributions.map((c) => c.hash),
    bspHash,
  );
  if (key && spec.cache) {
    const hit = await readCachedGraph(spec.cache, key, (reason) =>
      cacheProblems.push(`graph stages: damaged cache entry recomputed (${reason})`),
    );
    if (hit)
      return {
        graph: hit.graph,
        stages: hit.stages,
        ownTest: hit.ownTest,
        work: { graphCache: 'hit', stages: [], verdictsKnown: 0, verdictBytesWritten: 0 },
      };
  }

  // The map's verdicts, on the collision model every stage shares (`map-source.ts`); without a
  // cache folder the table still spares the stages each other's runs in this build. The map
  // is loaded first: a map that cannot be read fails with the BSP reader's words.
  const bsp = spec.bsp;
  const model = bsp ? await loadCollision(bsp) : null;
  let table: VerdictTable | null = null;
  let mapHash: string | null = null;
  if (bsp && model) {
    mapHash = spec.cache ? (bspHash ?? (await hashFile(bsp))) : null;
    table =
      spec.cache && mapHash
        ? await loadVerdicts(spec.cache, mapHash, (reason) =>
            cacheProblems.push(`link verdicts: damaged cache entry recomputed (${reason})`),
          )
        : new VerdictTable();
    attachVerdicts(model, table);
  }
  const verdictsKnown = table?.size ?? 0;
  // Link runs handed over ahead of a stage's steps: simulated on this thread and the others.
  const threads = new VerdictPool(spec.workers - 1);
  if (bsp && table) threads.prepare(bsp);
  const stageCtx: StageContext =
    model && table && bsp
      ? {
          ...ctx,
          doAhead: async (work) => {
            await threads.settle(bsp, model, table, linkRunsOf(work));
          },
        }
      : ctx;

  const work: StageWork[] = [];
  const pool = poolVotes(contributions.map((c) => c.votes));
  let events: Observable<GraphEvent> = from<GraphEvent[]>([{ kind: 'votes', pool }]);
  for (const s of graphStages(spec)) {
    let started = 0;
    let hits0 = 0;
    let added0 = 0;
    events = events.pipe(
      tap((e) => {
        if (e.kind !== 'graph' && e.kind !== 'votes') return;
        started = performance.now();
        hits0 = table?.hits ?? 0;
        added0 = table?.added ?? 0;
      }),
      s.definition.create(s.options as never, stageCtx) as GraphOperator,
      tap((e) => {
        if (e.kind !== 'graph') return;
        work.push({
          stage: s.name,
          seconds: (performance.now() - started) / 1000,
          verdictHits: (table?.hits ?? 0) - hits0,
          verdictsAdded: (table?.added ?? 0) - added0,
        });
      }),
    );
  }
  const stages: Record<string, unknown> = {};
  let graph: DraftGraph | null = null;
  let ownTest: OwnTestOutcome | null = null;
  try {
    const out = await lastValueFrom(events.pipe(toArray()));
    for (const e of out) {
      if (e.kind === 'graph') graph = e.graph;
      else if (e.kind === 'summary') stages[e.stage] = e.data;
    }
    // The build's own nav test, on the verdicts the stages left, and its repairs.
    if (graph && model && table && bsp) {
      const started = performance.now();
      const hits0 = table.hits;
      const added0 = table.added;
      const tested = await testAndRepair(graph, ctx.nodeTypes, bsp, spec.map, {
        model,
        table,
        pool: threads,
      });
      graph = tested.graph;
      ownTest = { summary: tested.summary, report: tested.report };
      work.push({
        stage: 'nav test',
        seconds: (performance.now() - started) / 1000,
        verdictHits: table.hits - hits0,
        verdictsAdded: table.added - added0,
      });
    }
  } finally {
    await threads.close();
  }

  let verdictBytesWritten = 0;
  if (table && mapHash && spec.cache)
    verdictBytesWritten = await saveVerdicts(spec.cache, mapHash, table).catch((e: Error) => {
      cacheProblems.push(`link verdicts not written (${e.message})`);
      return 0;
    });
  if (key && spec.cache && graph)
    await writeCachedGraph(spec.cache, key, { graph, stages, ownTest }).catch((e: Error) =>
      cacheProblems.push(`graph stages' result not written (${e.message})`),
    );
  return {
    graph,
    stages,
    ownTest,
    work: { graphCache: key ? 'miss' : 'off', stages: work, verdictsKnown, verdictBytesWritten },
  };
}
