/**
 * `navgen serve`: the whole server, long-running. It polls the demo folders and the game's maps
 * and, once what changed has stayed the same for `settle` milliseconds (a demo still being
 * written or copied keeps changing: `pipeline/settled-poll.ts`, as `watch` does), builds the
 * maps concerned as `build --all-maps --game-dir` does: each from
 * all its demos, tested before its nav is written, the nav it replaces kept, a map nobody played
 * from the map alone unless it has a nav. At start every map is built (the cache makes the
 * unchanged ones cheap and an identical nav is not rewritten: a restart picks up where it was);
 * then a new or changed demo rebuilds only the maps it holds, a removed demo every map, and a
 * map added to the game only that map.
 *
 * One line per event on stdout (what changed, what is built, the outcome), the builds' own
 * lines as `--all-maps` prints them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { demoMaps } from './all-maps/demo-maps.js';
import type { AllMapsOptions } from './all-maps/run-all-maps.js';
import { expandDemoInputs } from './demo-inputs.js';
import {
  DEFAULT_MOD,
  gameMapNames,
  resolveGameDir,
  searchPlaces,
  type GameDir,
} from '../sources/game/game-dir.js';
import { pollSettled, type Poller, type SettledPollOptions } from '../pipeline/settled-poll.js';

export const serveDefaults: SettledPollOptions = Object.freeze({ interval: 5000, settle: 10_000 });

/** What the folders hold now: each demo's size and modification time, and the game's maps. */
interface Snapshot {
  readonly demos: ReadonlyMap<string, string>;
  readonly maps: ReadonlySet<string>;
}

/** Each demo of `inputs` (folders or files) by path: its size and modification time. */
async function demoStates(inputs: readonly string[]): Promise<Map<string, string>> {
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
  return demos;
}

/**
 * The game's map names (`gameMapNames`), listed again only when an archive (path, size,
 * modification time) or a `maps/` folder's listing changed: a look every few seconds must not
 * open every archive of the server each time.
 */
function gameMapsLooker(game: GameDir): () => Promise<ReadonlySet<string>> {
  let key: string | null = null;
  let maps: ReadonlySet<string> = new Set();
  return async () => {
    const parts: string[] = [];
    for (const place of searchPlaces(game)) {
      if (place.kind === 'folder') {
        const dir = join(place.path, 'maps');
        parts.push(`${dir}:${existsSync(dir) ? readdirSync(dir).sort().join('/') : ''}`);
      } else {
        const s = await stat(place.path).catch(() => null);
        parts.push(`${place.path}:${s?.size}:${s?.mtimeMs}`);
      }
    }
    const now = parts.join('\n');
    if (now !== key) {
      maps = new Set(await gameMapNames(game));
      key = now;
    }
    return maps;
  };
}

const same = (a: Snapshot, b: Snapshot): boolean =>
  a.demos.size === b.demos.size &&
  [...a.demos].every(([k, v]) => b.demos.get(k) === v) &&
  a.maps.size === b.maps.size &&
  [...a.maps].every((m) => b.maps.has(m));

/**
 * Serves `inputs` (demo folders or files) for the game of `o`. `build` runs one `--all-maps`
 * build (`runAllMaps`) and returns its exit code; `log` prints one line.
 */
export function serve(
  inputs: readonly string[],
  o: AllMapsOptions,
  options: Partial<SettledPollOptions>,
  build: (demos: string[], o: AllMapsOptions) => Promise<number>,
  log: (line: string) => void,
): Poller {
  const gameMaps = gameMapsLooker(resolveGameDir(o.gameDir!, o.mod ?? DEFAULT_MOD));
  const act = async (now: Snapshot, before: Snapshot | null): Promise<void> => {
    const demos = [...now.demos.keys()].sort();
    let only: Set<string> | undefined;
    let what: string;
    if (!before) {
      what = `start: ${demos.length} demo(s), ${now.maps.size} map(s) in the game`;
    } else {
      const changed = demos.filter((d) => before.demos.get(d) !== now.demos.get(d));
      const removed = [...before.demos.keys()].filter((d) => !now.demos.has(d));
      const added = [...now.maps].filter((m) => !before.maps.has(m));
      what = `${changed.length} demo(s) new or changed, ${removed.length} removed, ${added.length} map(s) new in the game`;
      if (removed.length === 0) {
        only = new Set(added);
        for (const d of await demoMaps(changed, o.cache)) for (const m of d.maps) only.add(m);
      }
    }
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
  return pollSettled<Snapshot>(
    {
      look: async () => ({ demos: await demoStates(inputs), maps: await gameMaps() }),
      same,
      act,
      failed: (e) => log(`navgen serve: ${(e as Error).message}; watching`),
    },
    { ...serveDefaults, ...options },
  );
}
