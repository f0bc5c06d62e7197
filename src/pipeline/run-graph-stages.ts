/**
 * Step 4 of a build: the merged votes through the graph stages, once, with the map analysis'
 * caches around them.
 *
 * - The whole result (graph and summaries) is cached by everything the stages read
 *   (`graph-cache.ts`): a rebuild with nothing changed runs no stage.
 * - The admin's edits (`draft-edits.ts`) are made on the stages' graph, cached or not, before
 *   the build's own nav test; the test's result is cached by the stages' key and the edits, so
 *   changed edits run the test again and nothing else.
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
import { loadCollision, loadMap } from '../map-analysis/map-source.js';
import { hashFile } from '../files/content-hash.js';
import { attachVerdicts, VerdictTable } from '../simulated-bot/verdict-table.js';
import { loadVerdicts, saveVerdicts } from '../simulated-bot/verdict-file.js';
import { VerdictPool } from '../simulated-bot/verdict-pool.js';
import { linkRunsOf } from '../simulated-bot/verdict-runs.js';
import { testAndRepair, type OwnTestMend } from './own-test.js';
import { connectMend, connectStage } from '../operators/connect.js';
import { sharedOf } from '../stage/shared-settings.js';
import type { EditNote, GraphWork, OwnTestOutcome, StageWork } from '../sinks/build-result.js';
import {
  graphCacheKey,
  readCachedGraph,
  readCachedTest,
  testedGraphKey,
  writeCachedGraph,
  writeCachedTest,
  type CachedGraph,
} from './graph-cache.js';
import { applyEditsToDraft, editsRemovedByTest } from './draft-edits.js';
import type { EditOutcome } from '../nav/edits/apply-edits.js';
import type { NavEdit } from '../nav/edits/nav-edit.js';
import { graphStages, type PipelineSpec } from './pipeline-spec.js';
import type { GraphOperator, StageContext } from '../stage/stage.js';
import type { DemoVotes } from '../stage/demo-votes.js';

export interface GraphStagesResult {
  /** The graph to write: after the edits and the build's own test mended it, when there was a map. */
  readonly graph: DraftGraph | null;
  readonly stages: Record<string, unknown>;
  /** The build's own nav test (`own-test.ts`); null without a map. */
  readonly ownTest: OwnTestOutcome | null;
  readonly work: GraphWork;
  /** What became of the edits made before the test; null when the build has none. */
  readonly edits: {
    readonly outcomes: readonly EditOutcome[];
    /** What the own test took away of them. */
    readonly removedByNavTest: readonly EditNote[];
  } | null;
}

/** The map's collision model with its verdict table and the pool that simulates runs ahead. */
interface MapTools {
  readonly bsp: string;
  readonly model: Awaited<ReturnType<typeof loadCollision>>;
  readonly table: VerdictTable;
  /** The table's file in the cache folder: the map's content hash; null without a cache. */
  readonly mapHash: string | null;
  readonly threads: VerdictPool;
}

export async function runGraphStages(
  spec: PipelineSpec,
  ctx: StageContext,
  demoConfigHash: string,
  contributions: readonly { hash: string; votes: DemoVotes }[],
  cacheProblems: string[],
  edits: readonly NavEdit[] | null = null,
): Promise<GraphStagesResult> {
  // The map's content hash, once: the key of the graph stages' result and of the map's verdicts.
  const bspHash = spec.bsp ? await hashFile(spec.bsp).catch(() => null) : null;
  const key = await graphCacheKey(
    spec,
    demoConfigHash,
    contributions.map((c) => c.hash),
    bspHash,
  );
  const testKey = key ? testedGraphKey(key, edits) : null;
  const damaged = (what: string) => (reason: string) =>
    cacheProblems.push(`${what}: damaged cache entry recomputed (${reason})`);
  let stagesHit: CachedGraph | null = null;
  if (key && spec.cache)
    stagesHit = await readCachedGraph(spec.cache, key, damaged('graph stages'));
  // Unchanged stages and edits: the own test's entry holds what this build would write.
  if (stagesHit) {
    const testHit =
      spec.bsp && testKey && spec.cache
        ? await readCachedTest(spec.cache, testKey, damaged('nav test'))
        : null;
    if (testHit || !spec.bsp) {
      const edited = edits ? applyEditsToDraft(stagesHit.graph, edits) : null;
      return {
        graph: testHit?.graph ?? edited?.graph ?? stagesHit.graph,
        stages: stagesHit.stages,
        ownTest: testHit?.ownTest ?? null,
        work: { graphCache: 'hit', stages: [], verdictsKnown: 0, verdictBytesWritten: 0 },
        edits: edited && {
          outcomes: edited.outcomes,
          removedByNavTest: testHit
            ? editsRemovedByTest(edited.graph, testHit.graph, edited.outcomes)
            : [],
        },
      };
    }
  }

  // The map's verdicts, on the collision model every stage shares (`map-source.ts`); without a
  // cache folder the table still spares the stages each other's runs in this build. The map
  // is loaded first: a map that cannot be read fails with the BSP reader's words.
  const tools = spec.bsp ? await mapTools(spec, spec.bsp, bspHash, cacheProblems) : null;
  const verdictsKnown = tools?.table.size ?? 0;
  const work: StageWork[] = [];
  let stages: Record<string, unknown> = {};
  let graph: DraftGraph | null = null;
  let ownTest: OwnTestOutcome | null = null;
  let editsDone: GraphStagesResult['edits'] = null;
  try {
    if (stagesHit) {
      graph = stagesHit.graph;
      stages = stagesHit.stages;
    } else {
      ({ graph, stages } = await runStages(spec, ctx, contributions, tools, work));
      if (key && spec.cache && graph)
        await writeCachedGraph(spec.cache, key, { graph, stages }).catch((e: Error) =>
          cacheProblems.push(`graph stages' result not written (${e.message})`),
        );
    }
    // The admin's edits, on the stages' graph and before the test, which checks them too.
    const edited = graph && edits ? applyEditsToDraft(graph, edits) : null;
    if (edited) graph = edited.graph;
    // The build's own nav test, on the verdicts the stages left, and its repairs.
    if (graph && tools) {
      const { model, table, threads } = tools;
      const started = performance.now();
      const hits0 = table.hits;
      const added0 = table.added;
      const tested = await testAndRepair(
        graph,
        ctx.nodeTypes,
        tools.bsp,
        spec.map,
        { model, table, pool: threads },
        await ownTestMend(spec, ctx, tools),
      );
      ownTest = { summary: tested.summary, report: tested.report };
      work.push({
        stage: 'nav test',
        seconds: (performance.now() - started) / 1000,
        verdictHits: table.hits - hits0,
        verdictsAdded: table.added - added0,
      });
      if (edited)
        editsDone = {
          outcomes: edited.outcomes,
          removedByNavTest: editsRemovedByTest(edited.graph, tested.graph, edited.outcomes),
        };
      graph = tested.graph;
    } else if (edited) {
      editsDone = { outcomes: edited.outcomes, removedByNavTest: [] };
    }
  } finally {
    await tools?.threads.close();
  }

  let verdictBytesWritten = 0;
  if (tools && tools.mapHash && spec.cache)
    verdictBytesWritten = await saveVerdicts(spec.cache, tools.mapHash, tools.table).catch(
      (e: Error) => {
        cacheProblems.push(`link verdicts not written (${e.message})`);
        return 0;
      },
    );
  if (testKey && spec.cache && graph && ownTest)
    await writeCachedTest(spec.cache, testKey, { graph, ownTest }).catch((e: Error) =>
      cacheProblems.push(`nav test's result not written (${e.message})`),
    );
  return {
    graph,
    stages,
    ownTest,
    work: {
      graphCache: stagesHit ? 'hit' : key ? 'miss' : 'off',
      stages: work,
      verdictsKnown,
      verdictBytesWritten,
    },
    edits: editsDone,
  };
}

/** The map's collision model with the verdicts any build found (see the module comment). */
async function mapTools(
  spec: PipelineSpec,
  bsp: string,
  bspHash: string | null,
  cacheProblems: string[],
): Promise<MapTools> {
  const model = await loadCollision(bsp);
  const mapHash = spec.cache ? (bspHash ?? (await hashFile(bsp))) : null;
  const table =
    spec.cache && mapHash
      ? await loadVerdicts(spec.cache, mapHash, (reason) =>
          cacheProblems.push(`link verdicts: damaged cache entry recomputed (${reason})`),
        )
      : new VerdictTable();
  attachVerdicts(model, table);
  // Link runs handed over ahead of a stage's steps: simulated on this thread and the others.
  const threads = new VerdictPool(spec.workers - 1);
  threads.prepare(bsp);
  return { bsp, model, table, mapHash, threads };
}

/** The graph stages on the merged votes, each timed with the verdicts it found and added. */
async function runStages(
  spec: PipelineSpec,
  ctx: StageContext,
  contributions: readonly { hash: string; votes: DemoVotes }[],
  tools: MapTools | null,
  work: StageWork[],
): Promise<{ graph: DraftGraph | null; stages: Record<string, unknown> }> {
  const table = tools?.table ?? null;
  const stageCtx: StageContext = tools
    ? {
        ...ctx,
        doAhead: async (ahead) => {
          await tools.threads.settle(tools.bsp, tools.model, tools.table, linkRunsOf(ahead));
        },
      }
    : ctx;
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
  for (const e of await lastValueFrom(events.pipe(toArray()))) {
    if (e.kind === 'graph') graph = e.graph;
    else if (e.kind === 'summary') stages[e.stage] = e.data;
  }
  return { graph, stages };
}

/**
 * The own test's mend: `connect`'s ways out with the pipeline's `connect` options, when it has
 * that stage (a pipeline without it asked for no ways out).
 */
async function ownTestMend(
  spec: PipelineSpec,
  ctx: StageContext,
  tools: MapTools,
): Promise<OwnTestMend | null> {
  const use = spec.stages.find((s) => s.name === connectStage.meta.name);
  if (!use) return null;
  const { world } = await loadMap(tools.bsp);
  return connectMend(use.options, sharedOf(ctx, connectStage.meta.name), {
    world,
    collision: tools.model,
  });
}
