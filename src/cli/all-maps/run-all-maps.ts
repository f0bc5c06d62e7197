/**
 * `navgen build --all-maps --game-dir DIR DEMO-FOLDER…` (or `--maps-dir DIR --out-dir DIR`):
 * every map the demos were played on, one build each (as many at once as `--workers`), reported
 * in map-name order.
 *
 * 1. Which maps the demos hold (demo-maps.ts, remembered in the cache folder). With a cache,
 *    that read of a demo also runs every map's per-demo stages and caches their votes
 *    (../../pipeline/multi-map-read.ts): a first run reads each demo file once in all.
 * 2. Per map: its BSP from the game (loose or in its archives) or the maps folder; a map that
 *    is missing is skipped with a one-line note. Then the same build as `--map MAP` with that
 *    map's demos, sharing one cache folder (a demo's per-map votes are cached per map, so the
 *    builds read no demo), the replaced nav kept (`.orig`, then `.bak.1`…, nav-backup.ts), and
 *    the report of the nav test each build ran on its nav before writing it.
 * 3. One line of progress per map, then the table (map-table.ts) and every damaged demo.
 *
 * Exit code 3 when a map was skipped or failed or a demo was damaged; 1 when no map was built.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { workerSetup, type BuildResult } from '../../pipeline/build.js';
import { Piscina } from 'piscina';
import { WORKER_EXEC_ARGV, workerModule } from '../../dist-file.js';
import { buildOneMap, type MapBuildOutcome } from './map-build-worker.js';
import { pipelineFromFlags, type BuildFlags } from '../../pipeline/flags-pipeline.js';
import {
  byNavOutput,
  DEFAULT_NAV_SINK,
  OTHER_NAV_SINKS,
  primaryNavOutput,
  type ByNavOutput,
  type NavOutputPaths,
  type OtherNavOutputName,
} from '../../sinks/nav-sinks.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { CliError, EXIT_FAILURE, EXIT_NO_INPUT, EXIT_PARTIAL } from '../exit-codes.js';
import { prepareGameFolder } from '../game-folder.js';
import { prepareNavBackup } from '../../files/nav-backup.js';
import { buildProblemLines } from '../demo-problems.js';
import { Interruption } from '../interruption.js';
import { demoMaps, demosByMap, type DemoMaps, type ReadMaps } from './demo-maps.js';
import {
  readDemoForEveryMap,
  setupsMissing,
  type EveryMapOutcome,
} from '../../pipeline/multi-map-read.js';
import type { PipelineSpec } from '../../pipeline/pipeline-spec.js';
import type { WorkerSetup } from '../../pipeline/worker.js';
import { DemoParseError } from '../../sources/demo/errors.js';
import { mapNameProblem } from '../../sources/game/map-name.js';
import { DEFAULT_MOD, gameMapNames, resolveGameDir } from '../../sources/game/game-dir.js';
import { formatMapTable, type MapRow } from './map-table.js';

export interface AllMapsOptions {
  readonly gameDir?: string;
  readonly mod?: string;
  readonly mapsDir?: string;
  readonly outDir?: string;
  readonly reportsDir: string;
  readonly cache: string | null;
  readonly workers?: number;
  readonly minDemos?: number | 'auto';
  readonly html: boolean;
  readonly navtest: boolean;
  readonly keepDamagedPrefix: boolean;
  readonly json: boolean;
  readonly quiet: boolean;
  readonly progress: boolean;
  /**
   * The other nav formats to write too (`q2rNav`: `--q2r-nav`), each where the game reads it
   * (the sink's `meta.inGame`; with `--maps-dir`, `OUT-DIR/<meta.outDirFolder>/`). In a game whose
   * bots read one of them alone (`meta.onlyFormatIn`: a Quake II game, `baseq2`, for NAV3)
   * that format alone: the AQtion bots do not play there.
   */
  readonly otherNavs?: readonly OtherNavOutputName[];
  /** Build only these maps (of those the demos and the game hold); absent: all. */
  readonly only?: ReadonlySet<string>;
}

interface MapPlace {
  readonly bsp: string;
  /** The default format's nav (AQtion); null in a game that reads an asked format alone. */
  readonly out: string | null;
  /** Where each format's nav of the map goes. */
  readonly navs: ByNavOutput<string>;
  readonly source: string;
  cleanup(): Promise<void>;
}

/** The map's BSP and where its nav goes; null with the reason when the map is not there. */
async function locate(map: string, o: AllMapsOptions): Promise<MapPlace | string> {
  if (o.gameDir !== undefined) {
    try {
      const g = await prepareGameFolder(o.gameDir, o.mod, map, undefined, undefined);
      const alone = OTHER_NAV_SINKS.some(
        (s) => o.otherNavs?.includes(s.meta.name) && s.meta.onlyFormatIn === basename(g.modDir),
      );
      return {
        bsp: g.bsp,
        out: alone ? null : g.out,
        navs: g.navs,
        source: g.mapSource ?? g.bsp,
        cleanup: () => g.cleanup(),
      };
    } catch (e) {
      if (e instanceof CliError && /is in none of/.test(e.message))
        return `maps/${map}.bsp is not in the game`;
      throw e;
    }
  }
  const dir = resolve(o.mapsDir!);
  const navs = byNavOutput((s) => join(resolve(o.outDir!), s.meta.outDirFolder, `${map}.nav`));
  for (const bsp of [join(dir, `${map}.bsp`), join(dir, 'maps', `${map}.bsp`)]) {
    if (existsSync(bsp))
      return {
        bsp,
        out: navs[DEFAULT_NAV_SINK.meta.name],
        navs,
        source: bsp,
        cleanup: async () => undefined,
      };
  }
  return `${map}.bsp is not in ${dir}`;
}

function verdictOf(report: {
  passed: boolean;
  coverage_ratio: number;
  bad_links: unknown[];
  bad_nodes: unknown[];
}): string {
  const coverage = `coverage ${(report.coverage_ratio * 100).toFixed(0)}%`;
  if (report.passed) return `passed, ${coverage}`;
  return `FAILED: ${report.bad_links.length} bad links, ${report.bad_nodes.length} bad nodes, ${coverage}`;
}

export async function runAllMaps(demoPaths: readonly string[], o: AllMapsOptions): Promise<number> {
  const say = (line: string): void => {
    if (!o.quiet && !o.json && o.progress) process.stderr.write(`navgen: ${line}\n`);
  };
  const started = Date.now();
  // Each map's place and per-demo setup, found once, when a demo first shows the map.
  const places = new Map<string, Promise<MapPlace | string>>();
  const placeOf = (map: string): Promise<MapPlace | string> => {
    let p = places.get(map);
    if (!p) {
      // Never joined into a path: a name the engine would not load is no map of the game.
      const problem = mapNameProblem(map);
      p = problem ? Promise.resolve(`not a map name: ${problem}`) : locate(map, o);
      places.set(map, p);
    }
    return p;
  };
  const setups = new Map<string, Promise<WorkerSetup | null>>();
  const setupFor = (map: string): Promise<WorkerSetup | null> => {
    let s = setups.get(map);
    if (!s) {
      s = placeOf(map).then(async (place) =>
        typeof place === 'string' ? null : workerSetup(await mapSpec(map, demoPaths, place, o)),
      );
      setups.set(map, s);
    }
    return s;
  };
  const rows: MapRow[] = [];
  const warnings: string[] = [];
  let found: DemoMaps[] = [];
  // Ctrl-C or SIGTERM: no new map starts, the maps being built finish (each writes its nav only
  // after its own test, and keeps the one it replaces), then what was done is said (interruption.ts).
  const progress = { all: [] as string[], done: [] as string[] };
  const interruption = new Interruption(() => {
    const left = progress.all.filter((m) => !progress.done.includes(m));
    return [
      `maps done before stopping: ${progress.done.join(', ') || 'none'}`,
      `maps not built: ${left.join(', ') || 'none'} (their navs are as they were)`,
    ];
  });
  const uninstall = interruption.install();
  try {
    // With a cache, the read that finds a demo's maps also stores every map's votes: each demo
    // is read once (multi-map-read.ts); the builds find every entry.
    const readMaps: ReadMaps | undefined = o.cache
      ? async (path) => {
          const abs = resolve(path);
          const r = await readDemoForEveryMap(abs, relative(process.cwd(), abs) || abs, setupFor);
          return { maps: r.maps, error: damageText(r.damage, path) };
        }
      : undefined;
    found = await demoMaps(
      demoPaths,
      o.cache,
      (d, n) => {
        if (d.read)
          say(
            `[${n}/${demoPaths.length}] ${relative(process.cwd(), d.path) || d.path}: ${d.maps.join(', ') || 'no map'}`,
          );
      },
      readMaps,
      // The one read runs the per-demo stages: as many at a time as a build's demo reads.
      readMaps ? (o.workers ?? availableParallelism()) : 1,
    );
    const byMap = demosByMap(found);
    // A demo can name any map: names the engine would not load, or that lead out of the maps
    // and nav folders, are skipped with a note, never joined into a path.
    for (const [map, holding] of byMap) {
      const problem = mapNameProblem(map);
      if (!problem) continue;
      byMap.delete(map);
      warnings.push(
        `map name ${JSON.stringify(map)} in ${holding.map((p) => relative(process.cwd(), p) || p).join(', ')} skipped: ${problem}, not a map the engine loads`,
      );
    }
    for (const d of found)
      if (d.maps.length === 0)
        warnings.push(`damaged demo ${d.error ?? d.path}: holds no map, not used`);
    const fromDemos = byMap.size;
    if (fromDemos > 0)
      say(`${fromDemos} map(s) in ${demoPaths.length} demo(s): ${[...byMap.keys()].join(', ')}`);
    // With a game: every other map of it too, from the map alone (a new map nobody played yet).
    if (o.gameDir !== undefined) {
      const alone = (await gameMapNames(resolveGameDir(o.gameDir, o.mod ?? DEFAULT_MOD))).filter(
        (m) => !byMap.has(m) && mapNameProblem(m) === null,
      );
      for (const m of alone) byMap.set(m, []);
      if (alone.length > 0)
        say(
          `${alone.length} map(s) of the game with no demo, from the map alone: ${alone.join(', ')}`,
        );
    }
    if (o.only) for (const m of [...byMap.keys()]) if (!o.only.has(m)) byMap.delete(m);
    if (byMap.size === 0)
      throw new CliError(
        demoPaths.length > 0
          ? `no map found: none of the ${demoPaths.length} demo(s) holds a segment of any map`
          : 'no map found: the game holds no maps/*.bsp',
        EXIT_NO_INPUT,
      );

    const specs = new Map<string, PipelineSpec>();
    for (const [map, demos] of byMap) {
      const place = await placeOf(map);
      if (typeof place !== 'string') specs.set(map, await mapSpec(map, demos, place, o));
    }
    await readMultiMapDemosOnce(found, specs, setupFor, say);
    progress.all = [...byMap.keys()];
    await buildEach(byMap, places, specs, o, say, warnings, rows, interruption, progress.done);
  } finally {
    uninstall();
    for (const p of places.values()) {
      const place = await p.catch(() => null);
      if (place && typeof place !== 'string') await place.cleanup();
    }
  }
  return report(rows, found, warnings, o, started);
}

/** The reader's damage as the map summary words it (the demo named by its path). */
function damageText(damage: EveryMapOutcome['damage'], path: string): string | null {
  if (!damage) return null;
  if (damage.name === 'DemoParseError')
    return DemoParseError.fromData({ ...damage, file: path }).message;
  return damage.message;
}

function report(
  rows: readonly MapRow[],
  found: readonly DemoMaps[],
  warnings: readonly string[],
  o: AllMapsOptions,
  started: number,
): number {
  const seconds = (Date.now() - started) / 1000;
  const problems = [...new Set(warnings)];
  if (o.json) {
    process.stdout.write(
      JSON.stringify(
        {
          maps: rows,
          // Each demo's maps, and whether it was read now or found in the cache folder.
          demos: found.map((d) => ({ file: d.path, maps: d.maps, read: d.read, error: d.error })),
          warnings: problems,
          cache: o.cache,
          seconds: Math.round(seconds * 100) / 100,
        },
        null,
        2,
      ) + '\n',
    );
  } else if (!o.quiet) {
    process.stdout.write(formatMapTable(rows));
    for (const r of rows)
      if (r.status !== 'built' && r.status !== 'kept')
        process.stdout.write(`${r.status} ${r.map}: ${r.note}\n`);
    for (const p of problems) process.stdout.write(`${p}\n`);
    process.stdout.write(`cache ${o.cache ?? 'off'}\ntime ${seconds.toFixed(1)} s\n`);
  } else {
    for (const r of rows)
      if (r.status !== 'built' && r.status !== 'kept')
        process.stderr.write(`navgen: ${r.status} ${r.map}: ${r.note}\n`);
    for (const p of problems) process.stderr.write(`navgen: ${p}\n`);
  }
  if (!rows.some((r) => r.status === 'built')) return EXIT_FAILURE;
  const partial =
    problems.length > 0 ||
    rows.some((r) => (r.status !== 'built' && r.status !== 'kept') || r.damaged);
  return partial ? EXIT_PARTIAL : 0;
}

/** A map's row of the table: built with nothing known yet, unless `fields` say otherwise. */
function mapRow(map: string, demos: readonly string[], fields: Partial<MapRow>): MapRow {
  return {
    map,
    status: 'built',
    demos: demos.length,
    demosUsed: 0,
    demosRead: 0,
    nodes: null,
    links: null,
    navtest: 'not run',
    nav: null,
    note: null,
    damaged: false,
    ...fields,
  };
}

async function buildMap(
  map: string,
  demos: readonly string[],
  spec: PipelineSpec,
  place: MapPlace,
  o: AllMapsOptions,
  tag: string,
  say: (line: string) => void,
  warnings: string[],
  build: () => Promise<MapBuildOutcome>,
): Promise<MapRow> {
  const t0 = Date.now();
  const reports = resolve(o.reportsDir);
  const row = (fields: Partial<MapRow>): MapRow => mapRow(map, demos, fields);
  const backup = await prepareNavBackup(primaryNavOutput(spec.output));
  const outcome = await build();
  if (!outcome.ok) {
    const first = outcome.failed.split('\n')[0];
    say(`${tag}: failed: ${first}`);
    return row({ status: 'failed', note: first });
  }
  const result: BuildResult = outcome.result;
  await backup.keep();
  const problems = buildProblemLines(result);
  warnings.push(...problems);
  const used = result.demos.filter((d) => d.used).length;
  let navtest = 'not run';
  if (o.navtest) {
    // The build tested its nav before writing it (pipeline/own-test.ts), and its HTML report
    // opens with that test's verdict; a nav it could not mend was not written.
    const report = result.ownTest?.report;
    if (!report)
      throw new Error(`${map}: the build ran no nav test of its own (it does with a map)`);
    const out = join(reports, `${map}.navtest.json`);
    await writeFileAtomic(out, Buffer.from(JSON.stringify(report, null, 1) + '\n', 'utf8'));
    navtest = verdictOf(report);
  }
  say(
    `${tag}: ${used} of ${demos.length} demo(s) used, ${result.nav.nodes} nodes, ${result.nav.links} links, nav test ${navtest} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return row({
    demosUsed: used,
    demosRead: result.demos.filter((d) => d.source === 'read').length,
    nodes: result.nav.nodes,
    links: result.nav.links,
    navtest,
    nav: spec.output.nav,
    damaged: problems.length > 0,
    note: problems.length > 0 ? `${problems.length} damaged demo(s)` : null,
  });
}

/**
 * Demos found in the index (not read by this run) that hold two or more of the maps being
 * built and lack those maps' cache entries (a new navgen version, a cleared cache): read once
 * for all of them (multi-map-read.ts), so that each map's build finds its entry.
 */
async function readMultiMapDemosOnce(
  found: readonly DemoMaps[],
  specs: ReadonlyMap<string, PipelineSpec>,
  setupFor: (map: string) => Promise<WorkerSetup | null>,
  say: (line: string) => void,
): Promise<void> {
  for (const d of found) {
    if (d.read) continue;
    const mine = d.maps.filter((m) => specs.has(m));
    if (mine.length < 2 || !specs.get(mine[0])!.cache) continue;
    const setups = (await Promise.all(mine.map(setupFor))).filter((s) => s !== null);
    const missing = new Set((await setupsMissing(d.path, setups)).map((s) => s.map));
    if (missing.size < 2) continue; // one map or none: its build reads the demo as usual
    const abs = resolve(d.path);
    const r = await readDemoForEveryMap(abs, relative(process.cwd(), abs) || abs, (map) =>
      missing.has(map) ? setupFor(map) : Promise.resolve(null),
    );
    if (r.cached.length > 0)
      say(`${relative(process.cwd(), d.path) || d.path}: read once for ${r.cached.join(', ')}`);
  }
}

/** The navs a map's build writes: the default format's unless left out, and the asked ones. */
function placeNavs(place: MapPlace, o: AllMapsOptions): NavOutputPaths {
  return byNavOutput((s) =>
    s === DEFAULT_NAV_SINK
      ? place.out
      : (o.otherNavs ?? []).some((n) => n === s.meta.name)
        ? place.navs[s.meta.name]
        : null,
  );
}

/** The flags of `build --map MAP` that build one map as part of `--all-maps`. */
function mapFlags(
  map: string,
  demos: readonly string[],
  place: MapPlace,
  o: AllMapsOptions,
  workers = o.workers,
): BuildFlags {
  const reports = resolve(o.reportsDir);
  return {
    map,
    bsp: place.bsp,
    ...(place.out ? { out: place.out } : {}),
    ...Object.fromEntries((o.otherNavs ?? []).map((name) => [name, place.navs[name]])),
    demos,
    minDemos: o.minDemos,
    cache: o.cache ?? false,
    workers,
    report: join(reports, `${map}.report.json`),
    html: o.html ? join(reports, `${map}.report.html`) : false,
    damaged: o.keepDamagedPrefix ? 'keep-prefix' : undefined,
  };
}

function mapSpec(
  map: string,
  demos: readonly string[],
  place: MapPlace,
  o: AllMapsOptions,
): Promise<PipelineSpec> {
  return pipelineFromFlags(mapFlags(map, demos, place, o));
}

/**
 * Each map's build, in map order: with more cores than one and more than one map, as many maps
 * at once as there are cores (`--workers`), each in a worker thread of its own with the cores
 * shared out (`map-build-worker.ts`), so both cores stay busy from the first map to the last; a
 * map's row, lines and warnings still come in map order, and each map's outputs are the bytes
 * its build alone gives.
 */
async function buildEach(
  byMap: ReadonlyMap<string, string[]>,
  places: ReadonlyMap<string, Promise<MapPlace | string>>,
  specs: ReadonlyMap<string, PipelineSpec>,
  o: AllMapsOptions,
  say: (line: string) => void,
  warnings: string[],
  rows: MapRow[],
  interruption: Interruption,
  done: string[],
): Promise<void> {
  const maps = [...byMap];
  const cores = Math.max(1, o.workers ?? availableParallelism());
  const lanes = Math.max(1, Math.min(cores, specs.size));
  const perMap = Math.max(1, Math.floor(cores / lanes));
  const pool =
    lanes > 1
      ? new Piscina({
          filename: workerModule(
            import.meta.url,
            'map-build-worker',
            'cli/all-maps/map-build-worker',
          ),
          minThreads: lanes,
          maxThreads: lanes,
          concurrentTasksPerWorker: 1,
          execArgv: [...WORKER_EXEC_ARGV],
        })
      : null;
  const out: { row: MapRow; warnings: string[] }[] = new Array(maps.length);
  // The largest maps first (by the BSP's size, ties in map order), so that the last to finish
  // is a small one and no core waits long at the end; rows still come in map order.
  const size = await Promise.all(
    maps.map(async ([map]) => {
      const place = await places.get(map)!;
      return typeof place === 'string' ? 0 : ((await stat(place.bsp).catch(() => null))?.size ?? 0);
    }),
  );
  const order = maps.map((_, i) => i).sort((a, b) => size[b] - size[a] || a - b);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < order.length && !interruption.stopping) {
      const i = order[next++];
      const [map, demos] = maps[i];
      const tag = `[${i + 1}/${byMap.size}] ${map}`;
      const place = await places.get(map)!;
      if (typeof place === 'string') {
        say(`${tag}: skipped: ${place}`);
        out[i] = {
          warnings: [],
          row: mapRow(map, demos, { status: 'skipped', note: place }),
        };
        continue;
      }
      // A nav from the map alone never replaces a nav in place (no-contribution.ts).
      const primary = primaryNavOutput(placeNavs(place, o));
      if (demos.length === 0 && existsSync(primary)) {
        say(`${tag}: kept: no demo, and it has a nav`);
        out[i] = {
          warnings: [],
          row: mapRow(map, demos, {
            status: 'kept',
            nav: primary,
            note: 'no demo shows it and it has a nav: a nav from the map alone never replaces one (move it away to build one)',
          }),
        };
        continue;
      }
      const flags = mapFlags(map, demos, place, o, pool ? perMap : o.workers);
      const build = (): Promise<MapBuildOutcome> =>
        pool
          ? (pool.run({ flags, cwd: process.cwd() }) as Promise<MapBuildOutcome>)
          : buildOneMap({ flags, cwd: process.cwd() });
      const mine: string[] = [];
      // A map under way finishes even when a signal comes: its nav and its backup go together.
      interruption.beginWrites();
      try {
        out[i] = {
          warnings: mine,
          row: await buildMap(map, demos, specs.get(map)!, place, o, tag, say, mine, build),
        };
        done.push(map);
      } finally {
        interruption.endWrites();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    await pool?.destroy();
  }
  for (const r of out) {
    if (!r) continue; // not started: stopped by a signal
    rows.push(r.row);
    warnings.push(...r.warnings);
  }
}
