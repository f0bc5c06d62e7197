/**
 * One read of a demo for every map it holds. A server that records across map changes writes
 * demos holding several maps, and `navgen build --all-maps` must first read a demo to learn
 * which maps it holds. This module does both in that one read: the reader's events go to a
 * lane per map, opened when the map's first segment starts, each lane running that map's
 * per-demo stages; the maps and the reader's damage come out too (what the map summary needs).
 * Each map's result is stored in the cache, where that map's build then finds it: the same
 * entry, byte for byte, as the build would have written itself (same operators, same input
 * events, same key; test/pipeline/multi-map-read.test.ts compares them).
 *
 * Why a late lane sees the same events as a read for its map alone: the per-demo stages begin
 * with `map-filter` for the lane's map, and before that map's first segment map-filter keeps
 * nothing but the events that are neither frames nor player names (segments, warnings), and
 * counts the frames it drops. So a lane opened late is first given those events, in order, and
 * as many dropped frames as were read (the frame itself is never looked at before it is
 * dropped). A setup that does not begin with map-filter gets no lane: its build reads the demo.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { catchError, EMPTY, Subject, type Observable } from 'rxjs';
import { readDemo } from '../sources/demo/read-demo.js';
import type { NavEvent } from '../stage/nav-events.js';
import { DemoVotesCollector, errorData } from '../stage/demo-votes.js';
import type { DemoOperator } from '../stage/stage.js';
import type { DemoRunResult } from './run-demo.js';
import { cacheableOutcome, cacheKey, cachePath, encodeEntry, writeEntry } from './demo-cache.js';
import { hashFile } from '../files/content-hash.js';
import { operatorsFor, type WorkerSetup } from './worker.js';

/** What one read of a demo gave. */
export interface EveryMapRead {
  /** The maps of its segments, each once, in the order they first start. */
  readonly maps: readonly string[];
  /** Why the demo could not be read to its end, if it could not. */
  readonly damage: DemoRunResult['damage'];
  /** Each map's per-demo result (the maps that got a lane), by map name as in `maps`. */
  readonly results: ReadonlyMap<string, DemoRunResult>;
}

/** The per-demo setup of a map, or null when the map is not wanted (no lane). */
export type SetupForMap = (map: string) => Promise<WorkerSetup | null>;

/** A lane may open late only when its first stage drops everything of other maps. */
function opensLate(setup: WorkerSetup): boolean {
  const first = setup.stages[0];
  if (first?.name !== 'map-filter') return false;
  const map = first.options.map;
  return map === undefined || map === '' || String(map).toLowerCase() === setup.map.toLowerCase();
}

/** One map's lane: events wait in `queue` until its operators exist, then flow through them. */
class MapLane {
  private readonly input = new Subject<NavEvent>();
  private queue: NavEvent[] | null = [];
  private ended = false;
  readonly result: Promise<DemoVotesCollector | null>;

  constructor(setup: Promise<WorkerSetup | null>, prelude: readonly NavEvent[]) {
    this.queue!.push(...prelude);
    this.result = setup.then(async (s) => {
      if (!s || !opensLate(s)) {
        this.queue = null;
        return null;
      }
      const ops = await operatorsFor(s);
      const collector = new DemoVotesCollector();
      let stream: Observable<NavEvent> = this.input;
      for (const op of ops) stream = stream.pipe(op as DemoOperator);
      const done = new Promise<void>((complete, error) =>
        stream.subscribe({ next: (e) => collector.add(e), error, complete }),
      );
      const waiting = this.queue!;
      this.queue = null;
      for (const e of waiting) this.input.next(e);
      if (this.ended) this.input.complete();
      await done;
      return collector;
    });
  }

  next(e: NavEvent): void {
    if (this.queue) this.queue.push(e);
    else this.input.next(e);
  }

  end(): void {
    this.ended = true;
    if (!this.queue) this.input.complete();
  }
}

/** Reads `path` once; every map it holds for which `setupFor` gives a setup gets a result. */
export async function runDemoForEveryMap(
  path: string,
  name: string,
  setupFor: SetupForMap,
): Promise<EveryMapRead> {
  let damage: DemoRunResult['damage'] = null;
  let framesRead = 0;
  let aFrame: NavEvent | null = null;
  /** Every event but frames and player names so far: what map-filter passes before its map. */
  const kept: NavEvent[] = [];
  const lanes = new Map<string, { map: string; lane: MapLane }>();
  const source: Observable<NavEvent> = readDemo(path, { name, entityPlayers: true }).pipe(
    catchError((e: unknown) => {
      damage = errorData(e);
      return EMPTY;
    }),
  );
  await new Promise<void>((done, fail) =>
    source.subscribe({
      next: (e) => {
        if (e.kind === 'segment' && !lanes.has(e.map.toLowerCase())) {
          // The frames before: map-filter counts them and drops them unread.
          const prelude = [...kept, ...Array<NavEvent>(framesRead).fill(aFrame!)];
          lanes.set(e.map.toLowerCase(), {
            map: e.map,
            lane: new MapLane(setupFor(e.map), prelude),
          });
        }
        if (e.kind === 'frame') {
          framesRead++;
          aFrame ??= e;
        } else if (e.kind !== 'player-name') kept.push(e);
        for (const { lane } of lanes.values()) lane.next(e);
      },
      error: fail,
      complete: () => {
        for (const { lane } of lanes.values()) lane.end();
        done();
      },
    }),
  );
  const results = new Map<string, DemoRunResult>();
  for (const { map, lane } of lanes.values()) {
    const collector = await lane.result;
    if (collector) results.set(map, { votes: collector.finish(), damage, framesRead });
  }
  return { maps: [...lanes.values()].map((l) => l.map), damage, results };
}

/** What {@link readDemoForEveryMap} tells the caller. */
export interface EveryMapOutcome {
  readonly maps: readonly string[];
  readonly damage: DemoRunResult['damage'];
  /** The maps whose cache entry was written. */
  readonly cached: readonly string[];
}

/**
 * Reads `path` once and stores each wanted map's result in that map's cache folder (every
 * setup given must have one), unless the outcome is not cacheable (a read error of the file).
 * `name` is the demo's name in messages: the build's (relative to its base folder), so that an
 * entry holds the same words as the build's own.
 */
export async function readDemoForEveryMap(
  path: string,
  name: string,
  setupFor: SetupForMap,
): Promise<EveryMapOutcome> {
  const abs = resolve(path);
  const contentHash = await hashFile(abs);
  const setups = new Map<string, WorkerSetup>();
  const read = await runDemoForEveryMap(abs, name, async (map) => {
    const s = await setupFor(map);
    if (s && !s.cacheDir) throw new Error(`one read for every map: ${map} has no cache folder`);
    if (s) setups.set(map, s);
    return s;
  });
  const cached: string[] = [];
  if (cacheableOutcome(read.damage)) {
    for (const [map, result] of read.results) {
      const s = setups.get(map)!;
      const key = cacheKey(contentHash, s.configHash);
      await writeEntry(s.cacheDir!, key, encodeEntry(result));
      cached.push(map);
    }
  }
  return { maps: read.maps, damage: read.damage, cached };
}

/** The setups (each with a cache folder) that lack `path`'s entry. */
export async function setupsMissing(
  path: string,
  setups: readonly WorkerSetup[],
): Promise<WorkerSetup[]> {
  const contentHash = await hashFile(resolve(path));
  return setups.filter(
    (s) => !s.cacheDir || !existsSync(cachePath(s.cacheDir, cacheKey(contentHash, s.configHash))),
  );
}
