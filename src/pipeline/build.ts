/**
 * One build, as a recipe (after recastnavigation's `build()`); `runBuild` reads as these steps,
 * each a function below:
 *
 * 1. `findInputs`: the demos (fast-glob, sorted), or the map alone; the per-demo setup.
 * 2. `readDemoVotes`: per demo, its content hash (from the hash index when the file is
 *    unchanged, so an incremental build does not read old demos at all) → cache hit, or, in
 *    workers, read + demo stages + cache write.
 * 3. `contributionsOf`: what each demo contributes: quarantine damaged demos (or keep their
 *    good prefix), drop skipped (spectator) demos and duplicates (same bytes as another demo);
 *    `noDemoGave`: a build none contributed to says so, and never replaces a nav.
 * 4. `graphOf`: merge the votes in content-hash order (so neither demo order, worker count nor
 *    cache state changes a single bit) and run the graph stages once; make the admin's edits
 *    (`draft-edits.ts`, read before step 1) and test the nav (`own-test.ts`).
 * 5. Turn the graph into an engine-safe `.nav` (type numbers from the table, ≤ 8095 nodes,
 *    ≤ 32 best-supported links per node, costs) and write every output atomically: the nav
 *    formats (`writeNavs`), the strafe traces, the JSON report, the HTML report (`writeHtml`).
 *
 * Progress goes to an observer; the result carries the summary for the report and console.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import fg from 'fast-glob';
import { buildNodeTypeTable, type NodeTypeTable } from '../nav/node-types.js';
import { NAV_SINKS, primaryNavOutput } from '../sinks/nav-sinks.js';
import type { NavSinkInput, NavSinkWritten } from '../sinks/nav-sink.js';
import { thresholdLoss } from './thresholds-guard.js';
import { mapAloneNote, noContribution } from './no-contribution.js';
import { mapMisfit } from './map-fit-guard.js';
import { writeStrafeTraces, type StrafeTrace } from '../sinks/strafe-traces.js';
import { buildReport, writeBuildReport } from '../sinks/build-report.js';
import { htmlReportInput, writeHtmlReport } from '../sinks/html-report.js';
import { verdictText } from '../sinks/report-verdict.js';
import {
  holeAreas,
  nodeCoverage,
  type CoverageReport,
  type HoleArea,
} from '../navmesh/coverage.js';
import { nodeProvenance } from '../sinks/view/node-provenance.js';
import { cachedMapMesh } from '../navmesh/mesh-cache.js';
import { readNavFile } from '../nav/formats/aqtion/read-nav.js';
import { sweepStaleTempFiles } from '../files/stale-temp-files.js';
import {
  EMPTY_FEEDBACK,
  feedbackFromReport,
  readFeedbackFile,
  type Feedback,
} from '../sources/feedback/feedback.js';
import { readNavtestReport } from '../sources/feedback/navtest-report.js';
import { DemoParseError } from '../sources/demo/errors.js';
import { VERSION } from '../version.js';
import { boundCache, DEFAULT_CACHE_LIMIT } from '../files/cache-bound.js';
import { cacheKey, decodeEntry, readEntry } from './demo-cache.js';
import { canonicalJson, hashText } from '../files/content-hash.js';
import { HashIndex } from './hash-index.js';
import { demoSkipped, type DemoVotes } from '../stage/demo-votes.js';
import { DemoLanes } from './demo-pool.js';
import type { DemoRunResult } from './run-demo.js';
import { NODE_FROM_MAP, graphToNav } from '../sinks/nav/graph-to-nav.js';
import { loadPlugin } from './plugins.js';
import { demoStages, type PipelineSpec } from './pipeline-spec.js';
import type { StageContext } from '../stage/stage.js';
import { pipelineSharedSettings } from './builtin-stages.js';
import { runGraphStages, type GraphStagesResult } from './run-graph-stages.js';
import { ownTestLine } from './own-test.js';
import { editLinksLeftOut, editsSummary, readBuildEdits, type BuildEdits } from './draft-edits.js';
import type { DraftGraph } from '../stage/graph-types.js';
import type { NavFile } from '../nav/types.js';
import type { WorkerSetup } from './worker.js';

import type { BuildResult, DemoReport, DemoStatus, EditsSummary } from '../sinks/build-result.js';

// The result types live in their own module; they are re-exported for the build's callers.
export {
  PROBLEM_STATUSES,
  type BuildResult,
  type DemoReport,
  type DemoStatus,
} from '../sinks/build-result.js';

export interface BuildObserver {
  start?(total: number): void;
  demo?(report: DemoReport, done: number, total: number): void;
  phase?(name: string): void;
}

/** Demos hashed (and looked up in the cache) at once: keeps the disk busy, memory bounded. */
const HASH_CONCURRENCY = 4;

/** Runs `fn` over `items` with at most `limit` calls in flight. */
async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export class BuildError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BuildError';
  }
}

/** The nav failed the build's own test, repairs included (`own-test.ts`); nothing was written. */
export class NavTestFailed extends BuildError {
  constructor(message: string) {
    super(message);
    this.name = 'NavTestFailed';
  }
}

/** No demo matched the build's inputs (an empty folder, a pattern matching nothing). */
export class NoDemosFound extends BuildError {}

export async function findDemos(spec: PipelineSpec): Promise<string[]> {
  const found = await fg([...spec.demos], {
    absolute: true,
    onlyFiles: true,
    unique: true,
    dot: false,
    followSymbolicLinks: true,
  });
  return [...new Set(found)].sort();
}

/** The per-demo half of the pipeline as plain data for workers, and its hash for cache keys. */
export async function workerSetup(spec: PipelineSpec): Promise<WorkerSetup> {
  const stages = demoStages(spec).map((s) => ({ name: s.name, options: s.options }));
  const plugins = await Promise.all(
    spec.plugins.map(async (p) => {
      const loaded = await loadPlugin(p);
      return { name: loaded.name, version: loaded.version, contentHash: loaded.contentHash };
    }),
  );
  const configHash = hashText(
    canonicalJson({ map: spec.map.toLowerCase(), stages, plugins, version: VERSION }),
  );
  const shared = pipelineSharedSettings(spec.stages);
  return {
    // The operators a worker builds once: for this configuration and these shared settings.
    key: hashText(canonicalJson({ configHash, shared })),
    configHash,
    map: spec.map,
    bsp: spec.bsp,
    baseDir: spec.baseDir,
    nodeTypes: spec.nodeTypes,
    stages,
    plugins: [...spec.plugins],
    cacheDir: spec.cache,
    shared,
  };
}

async function loadFeedbackOf(spec: PipelineSpec): Promise<Feedback> {
  const f = spec.feedback;
  if (!f) return EMPTY_FEEDBACK;
  if (f.nav)
    return feedbackFromReport(
      await readNavtestReport(f.file),
      (await readNavFile(f.nav)).nav,
      f.file,
    );
  return readFeedbackFile(f.file);
}

/**
 * The graph stages' context: the pipeline's map, files and feedback, and its shared settings
 * (set once here from the stages that own them; the nav sinks get the same).
 */
export function stageContext(spec: PipelineSpec, log: (m: string) => void): StageContext {
  let feedback: Promise<Feedback> | null = null;
  return {
    map: spec.map,
    bsp: spec.bsp,
    feedback: spec.feedback?.file ?? null,
    nodeTypes: buildNodeTypeTable(spec.nodeTypes),
    baseDir: spec.baseDir,
    cacheDir: spec.cache,
    loadFeedback: () => (feedback ??= loadFeedbackOf(spec)),
    shared: pipelineSharedSettings(spec.stages),
    log,
    warn: log,
  };
}

export interface BuildOptions {
  /** The cache folder's bound (`files/cache-bound.ts`). [Units: bytes] */
  readonly cacheLimit?: number;
}

export async function runBuild(
  spec: PipelineSpec,
  observer: BuildObserver = {},
  options: BuildOptions = {},
): Promise<BuildResult> {
  // 0. The admin's edits, read before any demo: a missing or broken file stops the build.
  const edits = await readBuildEdits(spec);
  // 1. Inputs: the demos, the per-demo setup, no stale temporary files.
  const { mapAlone, paths } = await findInputs(spec);
  const setup = await workerSetup(spec);
  const removedTempFiles = await sweepStaleTempFiles(await tempFolders(spec));
  observer.start?.(paths.length);
  // 2. Per demo: its votes, from the cache or read in a worker.
  const { outcomes, cacheProblems } = await readDemoVotes(spec, paths, setup, observer);
  // 3. What each demo contributes, in content-hash order.
  const { reports, contributions, firstFile } = contributionsOf(outcomes);
  const none = noDemoGave(spec, mapAlone, reports, contributions.length);
  // 4. Merge and graph stages (or their cached result), refused when they made no nav to write.
  observer.phase?.('cluster');
  const ctx = stageContext(spec, () => undefined);
  const graphed = await graphOf(spec, ctx, setup, contributions, cacheProblems, edits);
  const feedbackWarnings = graphed.feedbackWarnings;
  if (none) feedbackWarnings.push(none.message);

  // 5. Outputs: the nav every format is written from, then every file.
  observer.phase?.('write');
  const { stages, ownTest } = graphed;
  const nodeTypes = buildNodeTypeTable(spec.nodeTypes);
  const { nav, stats, nodeSource, editsDone } = navOf(spec, graphed, nodeTypes, edits);
  // Thresholds that dropped everything: said in the summary; never written over a nav.
  const loss = thresholdLoss(stages.cluster as never, nav);
  const kept = primaryNavOutput(spec.output);
  if (loss?.empty && existsSync(kept))
    throw new BuildError(`${loss.message}; ${kept} was left as it was`);
  if (loss && !none) feedbackWarnings.push(loss.message);
  const outputs: Record<string, string> = {};
  // The HTML report draws what changed since the nav this build replaces: read it first.
  const previous =
    spec.output.html && spec.output.nav
      ? await readNavFile(spec.output.nav, nodeTypes).then(
          (d) => d.nav,
          () => null,
        )
      : null;
  const navOutputs = await writeNavs(
    spec,
    { map: spec.map, bsp: spec.bsp, nav, nodeTypes, shared: ctx.shared },
    outputs,
    feedbackWarnings,
  );
  const traces = collectTraces(contributions.map((c) => c.votes));
  if (spec.output.strafeTraces) {
    await mkdir(dirname(spec.output.strafeTraces), { recursive: true });
    await writeStrafeTraces(spec.output.strafeTraces, { map: spec.map, traces });
    outputs.strafeTraces = spec.output.strafeTraces;
  }
  const result: BuildResult = {
    map: spec.map,
    demos: reports,
    stages,
    nav: stats,
    navOutputs,
    outputs,
    strafeTraces: traces.length,
    feedbackWarnings,
    cacheProblems,
    removedTempFiles,
    work: graphed.work,
    ownTest,
    cacheUse: null,
    edits: editsDone,
    provenance: nodeProvenance(
      nav,
      nodeSource,
      contributions.map((c) => ({ file: firstFile.get(c.hash)!, votes: c.votes })),
      ctx.shared.clusterRadius,
    ),
  };
  const report = buildReport(result, spec.file ? relative(spec.baseDir, spec.file) : null);
  if (spec.output.report) {
    await writeBuildReport(spec.output.report, report);
    outputs.report = spec.output.report;
  }
  if (spec.output.html) {
    observer.phase?.('report');
    await writeHtml(spec, spec.output.html, { result, report, nav, nodeSource, previous });
    outputs.html = spec.output.html;
  }
  // The cache folder's size, bounded: the entries used longest ago go first.
  const cacheUse = spec.cache
    ? await boundCache(spec.cache, options.cacheLimit ?? DEFAULT_CACHE_LIMIT).catch((e: Error) => {
        cacheProblems.push(`cache folder not measured (${e.message})`);
        return null;
      })
    : null;
  return { ...result, cacheUse };
}

/**
 * The demos a build reads, refused before any work when there is nothing to build from. No
 * demos named at all, with a map: the map alone, on purpose (`mapAlone`); demos named that
 * match no file are a mistake, never a map-alone build in disguise.
 */
async function findInputs(spec: PipelineSpec): Promise<{ mapAlone: boolean; paths: string[] }> {
  const mapAlone = spec.demos.length === 0;
  if (mapAlone && !spec.bsp)
    throw new NoDemosFound('no demos and no map: a build needs demos, the map, or both');
  const paths = mapAlone ? [] : await findDemos(spec);
  if (paths.length === 0 && !mapAlone) {
    throw new NoDemosFound(
      `no demos found: nothing matches ${spec.demos.map((d) => JSON.stringify(d)).join(', ')}`,
    );
  }
  return { mapAlone, paths };
}

/** One demo's report and votes (null when it gave none: failed, unreadable). */
interface DemoOutcome {
  readonly report: DemoReport;
  readonly votes: DemoVotes | null;
}

/**
 * Every demo's votes, in `paths` order. Hashing and the cache lookup run here, a few demos at
 * once (cheap: an incremental build finds old demos in the hash index and never reads them);
 * a miss goes to the worker lanes as soon as it is found, so reading overlaps the hashing of
 * the rest. The cache's problems (an entry not written, a damaged one recomputed) come back
 * sorted, so that the report does not depend on which lane finished first.
 */
async function readDemoVotes(
  spec: PipelineSpec,
  paths: readonly string[],
  setup: WorkerSetup,
  observer: BuildObserver,
): Promise<{ outcomes: DemoOutcome[]; cacheProblems: string[] }> {
  const name = (p: string) => relative(spec.baseDir, p) || p;
  const byPath = new Map<string, DemoOutcome>();
  const cacheProblems: string[] = [];
  let done = 0;
  const record = (path: string, entry: DemoOutcome): void => {
    byPath.set(path, entry);
    observer.demo?.(entry.report, ++done, paths.length);
  };
  // Misses are read as they are found: parsing overlaps the hashing of the other demos.
  const lanes = new DemoLanes(spec.workers, (outcome) => {
    const { task } = outcome;
    if (!outcome.ok) {
      record(task.path, { report: failedReport(task.name, outcome.error), votes: null });
      return;
    }
    if (outcome.result.cacheWriteError)
      cacheProblems.push(
        `${task.name}: cache entry not written (${outcome.result.cacheWriteError})`,
      );
    const entry = decodeEntry(outcome.result.entry);
    record(task.path, {
      report: demoReport(task.name, task.contentHash, 'read', entry, spec),
      votes: entry.votes,
    });
  });
  try {
    const hashes = await HashIndex.open(spec.cache, spec.map);
    await forEachLimit(paths, HASH_CONCURRENCY, async (path) => {
      const file = name(path);
      let contentHash: string;
      try {
        contentHash = await hashes.hash(path);
      } catch (e) {
        record(path, {
          report: failedReport(file, `cannot read: ${(e as Error).message}`),
          votes: null,
        });
        return;
      }
      if (spec.cache) {
        const hit = await readEntry(spec.cache, cacheKey(contentHash, setup.configHash), (reason) =>
          cacheProblems.push(`${file}: damaged cache entry recomputed (${reason})`),
        );
        if (hit) {
          record(path, {
            report: demoReport(file, contentHash, 'cache', hit.result, spec),
            votes: hit.result.votes,
          });
          return;
        }
      }
      lanes.add({ path, name: file, contentHash, setup });
    });
    await hashes
      .save(paths)
      .catch((e: Error) => cacheProblems.push(`hash index not written (${e.message})`));
  } finally {
    await lanes.finish();
  }
  cacheProblems.sort();
  return { outcomes: paths.map((p) => byPath.get(p)!), cacheProblems };
}

/**
 * What the demos contribute: the used ones, each demo's bytes once (the first path of
 * identical bytes wins, the others are reported as duplicates), sorted by content hash. The
 * merge takes them in that order, so neither the demos' order, the worker count nor the cache
 * state changes a single bit of the nav. `firstFile`: the file each contribution came from.
 */
function contributionsOf(outcomes: readonly DemoOutcome[]): {
  reports: DemoReport[];
  contributions: { hash: string; votes: DemoVotes }[];
  firstFile: Map<string, string>;
} {
  const firstFile = new Map<string, string>();
  const reports: DemoReport[] = [];
  const contributions: { hash: string; votes: DemoVotes }[] = [];
  for (const e of outcomes) {
    let report = e.report;
    if (report.used && report.contentHash) {
      const first = firstFile.get(report.contentHash);
      if (first !== undefined) {
        report = {
          ...report,
          used: false,
          status: 'duplicate',
          note: `duplicate of ${first} (same bytes)`,
        };
      } else {
        firstFile.set(report.contentHash, report.file);
        contributions.push({ hash: report.contentHash, votes: e.votes! });
      }
    }
    reports.push(report);
  }
  contributions.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return { reports, contributions, firstFile };
}

/**
 * When no demo contributed: the note for the summary, and whether to refuse the build (thrown
 * here). A nav learned from the map alone never replaces a nav (`no-contribution.ts`).
 */
function noDemoGave(
  spec: PipelineSpec,
  mapAlone: boolean,
  reports: readonly DemoReport[],
  contributed: number,
): { readonly message: string } | null {
  const primary = primaryNavOutput(spec.output);
  const none = mapAlone
    ? mapAloneNote(primary)
    : noContribution(
        spec.map,
        reports,
        contributed,
        primary,
        existsSync(primary),
        spec.bsp !== null,
      );
  if (none?.refuse) throw new BuildError(none.message);
  return none;
}

/**
 * The graph stages on the merged votes (or their cached result, `run-graph-stages.ts`), and the
 * guards that keep a graph from being written: none at all, a graph of another map's BSP
 * (hardly any demo node finds a place to stand), a nav that fails the build's own test even
 * after its repairs. What the stages warned of starts the build's warnings.
 */
async function graphOf(
  spec: PipelineSpec,
  ctx: StageContext,
  setup: WorkerSetup,
  contributions: readonly { hash: string; votes: DemoVotes }[],
  cacheProblems: string[],
  edits: BuildEdits | null,
): Promise<GraphStagesResult & { graph: DraftGraph; feedbackWarnings: string[] }> {
  const graphed = await runGraphStages(
    spec,
    ctx,
    setup.configHash,
    contributions,
    cacheProblems,
    edits?.edits ?? null,
  );
  const { graph, stages, ownTest } = graphed;
  if (!graph)
    throw new BuildError('the graph stages produced no graph (is cluster in the pipeline?)');
  const feedbackWarnings = (
    (stages.feedback as { warnings?: string[] } | undefined)?.warnings ?? []
  ).slice();
  // The BSP of another map: refused, nav untouched.
  const misfit = mapMisfit(stages, spec.bsp);
  if (misfit) throw new BuildError(`${misfit} ${primaryNavOutput(spec.output)} was not written`);
  if (ownTest && !ownTest.summary.passed)
    throw new NavTestFailed(
      `${ownTestLine(ownTest.summary)}; ${primaryNavOutput(spec.output)} was not written`,
    );
  return { ...graphed, graph, feedbackWarnings };
}

/**
 * The graph as the nav every format is written from (`sinks/nav/graph-to-nav.ts`: type numbers
 * from the table, the engine's limits, costs; which node came from where), and what became of
 * the admin's edits on the way: applied, not fitting, undone by the build's own test, left out
 * by the nav's limits.
 */
function navOf(
  spec: PipelineSpec,
  graphed: GraphStagesResult & { graph: DraftGraph },
  nodeTypes: NodeTypeTable,
  edits: BuildEdits | null,
): ReturnType<typeof graphToNav> & { editsDone: EditsSummary | null } {
  const { graph } = graphed;
  const made = graphToNav(graph, nodeTypes);
  const editsDone =
    edits && graphed.edits
      ? editsSummary(
          edits,
          graphed.edits.outcomes,
          graphed.edits.removedByNavTest,
          editLinksLeftOut(graph, made.nav, made.draftIndex, nodeTypes, edits.edits),
        )
      : null;
  return { ...made, editsDone };
}

/**
 * Every nav format the pipeline names, through its registered sink, in the registry's order
 * (`sinks/nav-sinks.ts`): each written file goes into `outputs` by its output key, each sink's
 * warnings into `warnings`. Returns each sink's counts by output key.
 */
async function writeNavs(
  spec: PipelineSpec,
  input: NavSinkInput,
  outputs: Record<string, string>,
  warnings: string[],
): Promise<Record<string, NavSinkWritten['stats']>> {
  const navOutputs: Record<string, NavSinkWritten['stats']> = {};
  for (const sink of NAV_SINKS) {
    const path = spec.output[sink.meta.name];
    if (!path) continue;
    await mkdir(dirname(path), { recursive: true });
    const written = await sink.write(path, input);
    outputs[sink.meta.name] = path;
    navOutputs[sink.meta.name] = written.stats;
    warnings.push(...written.warnings);
  }
  return navOutputs;
}

/**
 * The HTML report: the verdict line of the build's own test first, then what the JSON report
 * says, the nav over the map, what changed since `previous`, and what the nav misses of the
 * floor (the map's mesh areas no node reaches; the mesh comes from the cache when it can).
 */
async function writeHtml(
  spec: PipelineSpec,
  path: string,
  built: {
    readonly result: BuildResult;
    readonly report: ReturnType<typeof buildReport>;
    readonly nav: NavFile;
    readonly nodeSource: Uint8Array;
    readonly previous: NavFile | null;
  },
): Promise<void> {
  const { result, report, nav, nodeSource, previous } = built;
  const ownTest = result.ownTest;
  let coverage: CoverageReport | string | null = null;
  let holes: HoleArea[] | null = null;
  if (spec.bsp) {
    const origins = new Float32Array(nav.nodes.length * 3);
    nav.nodes.forEach((n, k) => origins.set(n.origin, k * 3));
    coverage = await cachedMapMesh(spec.bsp, spec.cache || null)
      .then((mesh) => {
        holes = holeAreas(mesh, origins);
        return nodeCoverage(mesh, origins);
      })
      .catch((e: Error) => `the map's navigation mesh could not be built: ${e.message}`);
  }
  await writeHtmlReport(
    path,
    htmlReportInput(result, {
      verdict: ownTest
        ? verdictText({
            map: spec.map,
            navName: basename(primaryNavOutput(spec.output)),
            navtest: {
              passed: ownTest.summary.passed,
              coverage: ownTest.summary.coverage,
              badLinks: ownTest.summary.badLinks,
              badNodes: ownTest.summary.badNodes,
            },
          })
        : undefined,
      report,
      nav,
      map: spec.bsp,
      previous,
      fromMap: nodeSource.map((c) => (c === NODE_FROM_MAP ? 1 : 0)),
      coverage,
      holes,
      navtest: ownTest?.report ?? null,
    }),
  );
}

/**
 * Where this build's atomic writes put temporary files: the output folders, the cache folder
 * and its fan-out folders (`cache/ab/…`).
 */
async function tempFolders(spec: PipelineSpec): Promise<string[]> {
  const folders = Object.values(spec.output)
    .filter((p): p is string => typeof p === 'string')
    .map((p) => dirname(p));
  if (spec.cache) {
    folders.push(spec.cache);
    const fanOut = await readdir(spec.cache, { withFileTypes: true }).catch(() => []);
    for (const d of fanOut) if (d.isDirectory()) folders.push(join(spec.cache, d.name));
  }
  return folders;
}

function failedReport(file: string, error: string): DemoReport {
  return {
    file,
    contentHash: null,
    source: 'read',
    used: false,
    status: 'failed',
    note: 'failed',
    error,
    summaries: null,
    warnings: [],
    nodeVotes: 0,
    linkVotes: 0,
    frames: 0,
  };
}

/**
 * A reader's warning (`FILE@0xOFFSET: …`) naming `file`, the demo's path in this run: a cached
 * result keeps the path of the run that read it, and an admin looks for the file named.
 */
function atThisPath(warning: string, file: string): string {
  return warning.replace(/^.*?\.(?:mvd2|dm2)(?:\.gz)?@0x/i, `${file}@0x`);
}

function demoReport(
  file: string,
  contentHash: string,
  source: 'read' | 'cache',
  { votes, damage, framesRead }: DemoRunResult,
  spec: PipelineSpec,
): DemoReport {
  let used = true;
  let status: DemoStatus = 'used';
  let note: string | null = null;
  let error: string | null = null;
  if (damage) {
    // The reader's full message: file, byte offset, segment, block and frame of the damage.
    // Named by this run's path: a cached result keeps the path of the run that read it.
    error = DemoParseError.isData(damage)
      ? DemoParseError.fromData({ ...damage, file }).message
      : (damage as { message: string }).message;
    if (spec.damaged === 'quarantine') {
      used = false;
      status = 'quarantined';
      note = 'quarantined: damaged demo';
    } else {
      status = 'partial';
      note = 'damaged: good prefix kept';
    }
  }
  const mf = votes.summaries['map-filter'] as
    { segmentsKept?: number; maps?: string[] } | undefined;
  // Damage before any segment (garbage, not a demo) is damage, not another map.
  const nothingRead = damage !== null && (mf?.maps ?? []).length === 0;
  if (used && mf && mf.segmentsKept === 0 && !nothingRead) {
    used = false;
    status = 'other-map';
    note = `other map (${(mf.maps ?? []).join(', ') || 'none'})`;
  }
  if (used && demoSkipped(votes)) {
    used = false;
    status = 'spectator';
    note = 'skipped: mostly spectator frames';
  }
  return {
    file,
    contentHash,
    source,
    used,
    status,
    note,
    error,
    summaries: votes.summaries,
    warnings: votes.warnings.map((w) => atThisPath(w, file)),
    nodeVotes: votes.weights.length,
    linkVotes: votes.linkWeights.length,
    // A damaged demo has no end event: count the frames delivered before the damage (entries
    // cached by an older version lack the count).
    frames: votes.stream?.frames ?? framesRead ?? 0,
  };
}

function collectTraces(demos: readonly DemoVotes[]): StrafeTrace[] {
  const out: StrafeTrace[] = [];
  for (const d of demos) {
    const s = d.strafe;
    for (let i = 0; i < s.speed.length; i++) {
      out.push({
        from: [s.from[i * 3], s.from[i * 3 + 1], s.from[i * 3 + 2]],
        to: [s.to[i * 3], s.to[i * 3 + 1], s.to[i * 3 + 2]],
        speed: s.speed[i],
        dt: s.dt[i],
        path: Array.from(s.path.subarray(s.pathStart[i] * 4, s.pathStart[i + 1] * 4)),
      });
    }
  }
  return out;
}
