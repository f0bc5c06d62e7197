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
import { graphStages, type PipelineSpec, type StageUse } from './pipeline-spec.js';
import { overlayDemos } from './demo-overlay.js';
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
  const run = (stages: readonly StageUse[], first: GraphEvent) =>
    runStages(stages, first, stageCtx, table, work);
  const pool = poolVotes(contributions.map((c) => c.votes));
  const all = graphStages(spec);
  const split = overlaySplit(all, spec);
  let stages: Record<string, unknown> = {};
  let graph: DraftGraph | null = null;
  let ownTest: OwnTestOutcome | null = null;
  try {
    if (split < 0) {
      ({ graph, stages } = await run(all, { kind: 'votes', pool }));
    } else {
      // The map's own graph (cached apart: a new demo does not change it), the demos' graph,
      // the one laid over the other (`demo-overlay.ts`), and `connect` again for what the
      // demos added.
      const skeleton = await mapGraph(spec, all.slice(split), bspHash, cacheProblems, run);
      const demos = await run(all.slice(0, split), { kind: 'votes', pool });
      const overlay = overlayDemos(skeleton.graph, demos.graph ?? EMPTY_GRAPH);
      stages = { ...demos.stages, ...skeleton.stages, overlay: overlay.stats };
      graph = overlay.graph;
      const connect = all.slice(split).filter((s) => s.name === 'connect');
      if (connect.length > 0 && overlay.stats.demoNodes > 0) {
        const joined = await run(connect, {
          kind: 'graph',
          graph,
          joined: overlay.stats.mapNodes,
        });
        graph = joined.graph;
        stages.overlay = { ...overlay.stats, connect: joined.stages.connect };
      }
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

const EMPTY_GRAPH: DraftGraph = Object.freeze({ nodes: [], links: [] });

/**
 * Where the demos' part of the graph stages ends (the leading stages whose meta says
 * `graphPart: 'demos'`: `cluster`, `classify`) when the build lays the demos over the map's own
 * graph; -1 when it does not: no map, or no `fill` to build the map's graph (the stages then run
 * in one line, as listed).
 */
export function overlaySplit(stages: readonly StageUse[], spec: PipelineSpec): number {
  let k = 0;
  while (k < stages.length && stages[k].definition.meta.graphPart === 'demos') k++;
  if (!spec.bsp || k === 0 || !stages.slice(k).some((s) => s.name === 'fill')) return -1;
  return k;
}

interface StagesRun {
  readonly graph: DraftGraph | null;
  readonly stages: Record<string, unknown>;
}

/** `stages` in a line from the event `first`, each timed into `work`. */
async function runStages(
  stages: readonly StageUse[],
  first: GraphEvent,
  ctx: StageContext,
  table: VerdictTable | null,
  work: StageWork[],
): Promise<StagesRun> {
  let events: Observable<GraphEvent> = from<GraphEvent[]>([first]);
  for (const s of stages) {
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
      s.definition.create(s.options as never, ctx) as GraphOperator,
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
  const out = await lastValueFrom(events.pipe(toArray()));
  let graph: DraftGraph | null = null;
  const summaries: Record<string, unknown> = {};
  for (const e of out) {
    if (e.kind === 'graph') graph = e.graph;
    else if (e.kind === 'summary') summaries[e.stage] = e.data;
  }
  return { graph, stages: summaries };
}

/**
 * The map's own graph: the map stages run on no demo (`overlaySplit`), from the cache when a
 * build of the same map, stages and feedback made it before (whatever its demos).
 */
async function mapGraph(
  spec: PipelineSpec,
  stages: readonly StageUse[],
  bspHash: string | null,
  cacheProblems: string[],
  run: (stages: readonly StageUse[], first: GraphEvent) => Promise<StagesRun>,
): Promise<{ graph: DraftGraph; stages: Record<string, unknown> }> {
  const key = await graphCacheKey({ ...spec, stages }, 'map graph', [], bspHash);
  if (key && spec.cache) {
    const hit = await readCachedGraph(spec.cache, key, (reason) =>
      cacheProblems.push(`the map's graph: damaged cache entry recomputed (${reason})`),
    );
    if (hit) return { graph: hit.graph, stages: hit.stages };
  }
  const made = await run(stages, { kind: 'graph', graph: EMPTY_GRAPH, votes: poolVotes([]) });
  const graph = made.graph ?? EMPTY_GRAPH;
  if (key && spec.cache)
    await writeCachedGraph(spec.cache, key, { graph, stages: made.stages, ownTest: null }).catch(
      (e: Error) => cacheProblems.push(`the map's graph not written (${e.message})`),
    );
  return { graph, stages: made.stages };
}
