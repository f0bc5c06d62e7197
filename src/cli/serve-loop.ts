/**
 * `navgen serve`: the whole server, long-running. It polls the demo folders and the game's maps
 * (robust on network and container file systems, where change events get lost) and, once what
 * changed has stayed the same for `settle` milliseconds (a demo still being written or copied
 * keeps changing), builds the maps concerned as `build --all-maps --game-dir` does: each from
 * all its demos, tested before its nav is written, the nav it replaces kept, a map nobody played
 * from the map alone unless it has a nav. At start every map is built (the cache makes the
 * unchanged ones cheap and an identical nav is not rewritten: a restart picks up where it was);
 * then a new or changed demo rebuilds only the maps it holds, a removed demo every map, and a
 * map added to the game only that map.
 *
 * One line per event on stdout (what changed, what is built, the outcome), the builds' own
 * lines as `--all-maps` prints them.
 */
import { stat } from 'node:fs/promises';
import { demoMaps } from './all-maps/demo-maps.js';
import type { AllMapsOptions } from './all-maps/run-all-maps.js';
import { expandDemoInputs } from './demo-inputs.js';
import { DEFAULT_MOD, gameMapNames, resolveGameDir } from '../sources/game/game-dir.js';

export interface ServeOptions {
  /** Time between polls. [Units: ms] */
  readonly interval: number;
  /** How long a change must stay unchanged before it is built. [Units: ms] */
  readonly settle: number;
}

export const serveDefaults: ServeOptions = Object.freeze({ interval: 5000, settle: 10_000 });

/** What the folders hold now: each demo's size and modification time, and the game's maps. */
interface Snapshot {
  readonly demos: ReadonlyMap<string, string>;
  readonly maps: ReadonlySet<string>;
}

async function snapshot(inputs: readonly string[], o: AllMapsOptions): Promise<Snapshot> {
  const demos = new Map<string, string>();
  for (const input of inputs) {
    let files: string[];
    try {
      files = expandDemoInputs([input]);
    } catch {
      files = []; // an empty demo folder: nothing yet
    }
    for (const f of files) {
      const s = await stat(f).catch(() => null);
      if (s) demos.set(f, `${s.size}:${s.mtimeMs}`);
    }
  }
  const maps = new Set(await gameMapNames(resolveGameDir(o.gameDir!, o.mod ?? DEFAULT_MOD)));
  return { demos, maps };
}

const same = (a: Snapshot, b: Snapshot): boolean =>
  a.demos.size === b.demos.size &&
  [...a.demos].every(([k, v]) => b.demos.get(k) === v) &&
  a.maps.size === b.maps.size &&
  [...a.maps].every((m) => b.maps.has(m));

export interface Server {
  /** Stops polling, after the build under way (if any) ends. */
  stop(): Promise<void>;
  /** Resolves when the current poll or build is done (for tests). */
  idle(): Promise<void>;
}

/**
 * Serves `inputs` (demo folders or files) for the game of `o`. `build` runs one `--all-maps`
 * build (`runAllMaps`) and returns its exit code; `log` prints one line.
 */
export function serve(
  inputs: readonly string[],
  o: AllMapsOptions,
  options: Partial<ServeOptions>,
  build: (demos: string[], o: AllMapsOptions) => Promise<number>,
  log: (line: string) => void,
): Server {
  const so = { ...serveDefaults, ...options };
  let built: Snapshot | null = null;
  let pending: { snap: Snapshot; since: number } | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const act = async (now: Snapshot): Promise<void> => {
    const demos = [...now.demos.keys()].sort();
    let only: Set<string> | undefined;
    let what: string;
    if (!built) {
      what = `start: ${demos.length} demo(s), ${now.maps.size} map(s) in the game`;
    } else {
      const before = built;
      const changed = demos.filter((d) => before.demos.get(d) !== now.demos.get(d));
      const removed = [...before.demos.keys()].filter((d) => !now.demos.has(d));
      const added = [...now.maps].filter((m) => !before.maps.has(m));
      what = `${changed.length} demo(s) new or changed, ${removed.length} removed, ${added.length} map(s) new in the game`;
      if (removed.length === 0) {
        only = new Set(added);
        for (const d of await demoMaps(changed, o.cache)) for (const m of d.maps) only.add(m);
      }
    }
    built = now;
    if (only && only.size === 0) {
      log(`navgen serve: ${what}: nothing to build`);
      return;
    }
    log(`navgen serve: ${what}: building ${only ? [...only].sort().join(', ') : 'every map'}`);
    const t = Date.now();
    try {
      const code = await build(demos, { ...o, only });
      log(
        `navgen serve: built in ${((Date.now() - t) / 1000).toFixed(1)} s (exit ${code}${code === 0 ? '' : ': see the lines above'}); watching`,
      );
    } catch (e) {
      log(`navgen serve: build failed: ${(e as Error).message}; watching`);
    }
  };

  const poll = async (): Promise<void> => {
    const now = await snapshot(inputs, o);
    if (built && same(now, built)) pending = null;
    else if (!pending || !same(pending.snap, now)) pending = { snap: now, since: Date.now() };
    else if (Date.now() - pending.since >= so.settle || !built) {
      pending = null;
      await act(now);
    }
  };
  const loop = (): void => {
    if (stopped) return;
    running = poll()
      .catch((e: Error) => log(`navgen serve: ${e.message}; watching`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, so.interval);
      });
  };
  running = (async () => {
    try {
      await act(await snapshot(inputs, o));
    } catch (e) {
      log(`navgen serve: ${(e as Error).message}; watching`);
    } finally {
      if (!stopped) timer = setTimeout(loop, so.interval);
    }
  })();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    idle: () => running,
  };
}
