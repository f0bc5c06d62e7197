/**
 * The real AQtion server (`../shared/engine/`, see its README) driven from TypeScript: does the
 * engine load a nav (`navload`), how do bots fare on it (`bottrial` + `trialstats.py`), and
 * where exactly did they get stuck ({@link stuckSpots}).
 *
 * Used by `test/engine/navload.test.ts` and `bench/bots.ts`, and meant for issue 13's check
 * "do the places where real bots got stuck lie on links the offline test failed": run a trial
 * with {@link botTrial}, then {@link trialFrames} and {@link stuckSpots} give the positions and
 * durations to compare with the failed links.
 *
 * The scripts run the server as an unprivileged user (created when run as root) and need the
 * Debian package libjansson4 (installed when run as root). Nothing here swallows a failure: a
 * script that exits non-zero or prints nothing parseable throws, naming the command and its output.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readDemo } from '../../src/sources/demo/read-demo.js';

// Not from fixtures.ts: that module imports vitest, and bench scripts use this one outside it.
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = resolve(
  process.env.NAVGEN_FIXTURES ?? join(REPO_ROOT, '..', 'shared', 'fixtures'),
);

const run = promisify(execFile);

/** Where the engine scripts are: `$NAVGEN_ENGINE`, else `../shared/engine` beside the checkout. */
export const ENGINE_DIR = resolve(
  process.env.NAVGEN_ENGINE ?? join(REPO_ROOT, '..', 'shared', 'engine'),
);
export const HAVE_ENGINE = existsSync(join(ENGINE_DIR, 'q2proded'));

/** The engine's own generated nav of a fixture map (`nav_autogen` at map load, saved by the engine). */
export function autogenNav(map: string): string {
  return join(FIXTURES, 'nav', `${map}.autogen.nav`);
}

export interface NavLoadResult {
  /** What the engine did with the file: its own "loaded … containing N nodes" line, no such line, or a dead server. */
  result: 'LOADED' | 'REJECTED' | 'CRASH';
  /** Node count from the engine's message (0 when it printed none). */
  nodes: number;
  /** Everything the script printed, for error messages. */
  output: string;
}

/**
 * `navload MAP NAV PORT`: starts the server on `map` with one bot and `nav` as the map's nav.
 * About 5 s. Throws when the script itself fails (no map, no libjansson4, exit code ≠ 0).
 */
export async function navload(map: string, nav: string, port: number): Promise<NavLoadResult> {
  const cmd = join(ENGINE_DIR, 'navload');
  let stdout: string;
  let stderr: string;
  try {
    ({ stdout, stderr } = await run(cmd, [map, resolve(nav), String(port)], { timeout: 60_000 }));
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${cmd} ${map} ${nav} ${port} failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
  }
  const output = stdout + stderr;
  const result = /^NAV_RESULT=(LOADED|REJECTED|CRASH)$/m.exec(stdout)?.[1];
  const nodes = /^NAV_NODES=(\d+)$/m.exec(stdout)?.[1];
  if (result === undefined || nodes === undefined)
    throw new Error(`${cmd} ${map} ${nav}: no NAV_RESULT / NAV_NODES in its output:\n${output}`);
  return { result: result as NavLoadResult['result'], nodes: Number(nodes), output };
}

export interface BotTrialOptions {
  map: string;
  nav: string;
  /** Real time the bots play. [Units: s] */
  seconds: number;
  /** Gets `trial.mvd2` and `console.log`. */
  outDir: string;
  /** [Limit: 1..15] */
  bots: number;
  /** UDP port on 127.0.0.1; trials running at once need different ports. */
  port: number;
}

/** `bottrial`: bots play `seconds` on `map` with `nav`; returns the engine's "loaded … nodes" line. */
export async function botTrial(o: BotTrialOptions): Promise<string> {
  const cmd = join(ENGINE_DIR, 'bottrial');
  const args = [
    o.map,
    resolve(o.nav),
    String(o.seconds),
    resolve(o.outDir),
    String(o.bots),
    String(o.port),
  ];
  try {
    const { stdout } = await run(cmd, args, { timeout: (o.seconds + 120) * 1000 });
    return stdout.trim();
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${cmd} ${args.join(' ')} failed: ${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
  }
}

/**
 * Writes `outDir/frames.jsonl` from `outDir/trial.mvd2` and returns its path: the lines of
 * `navgen frames --jsonl` (the engine-oracle schema) that trialstats.py and {@link stuckSpots}
 * read — serverdata (`clientNum`, `map`) and per frame each player's `slot`, `pm_type` and
 * `origin`. Read here with the project's MVD2 reader rather than by running the CLI, so that a
 * trial can be summarised whatever state the CLI's build is in.
 */
export async function trialFrames(outDir: string): Promise<string> {
  const lines: string[] = [];
  await readDemo(join(outDir, 'trial.mvd2')).forEach((e) => {
    if (e.kind === 'segment') {
      lines.push(
        JSON.stringify({ seg: e.segment, serverdata: { clientNum: e.clientNum, map: e.map } }),
      );
    } else if (e.kind === 'frame') {
      const players = e.players.map((p) => ({ slot: p.slot, pm_type: p.pmType, origin: p.origin }));
      lines.push(JSON.stringify({ seg: e.segment, frame: e.index, players }));
    }
  });
  const path = join(outDir, 'frames.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** One line of `trialstats.py` (see its docstring for the definitions). */
export interface TrialStats {
  bot_minutes: number;
  env_deaths: Record<string, number>;
  env_per_bot_min: number | null;
  stuck_s_per_bot_min: number | null;
  dist_per_bot_min: number | null;
  nodes_visited: number;
  nodes: number;
}

/** `trialstats.py OUTDIR NAV FRAMES`. */
export async function trialStats(outDir: string, nav: string, frames: string): Promise<TrialStats> {
  const script = join(ENGINE_DIR, 'trialstats.py');
  const { stdout } = await run('python3', [script, outDir, nav, frames], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as TrialStats;
}

/** A stretch of time in which one bot stayed put. */
export interface StuckSpot {
  /** Player slot of the bot. */
  slot: number;
  /** Segment and frame where the stretch was first detected (its window started 3 s before). */
  seg: number;
  frame: number;
  /** Mean of the bot's positions at the stretch's stuck frames. [Units: world units] */
  position: [number, number, number];
  /**
   * Stuck time, counted as trialstats.py counts it: frames at which the bot had moved less than
   * `radius` over the last `window` frames, one tenth of a second each. [Units: s]
   */
  seconds: number;
}

export interface StuckOptions {
  /** Frames in the window. [Units: frames at 10 Hz; Limit: >= 1] */
  window: number;
  /** Less displacement than this over the window is stuck. [Units: world units] */
  radius: number;
}

/** trialstats.py's definition: less than 24 units in 3 s (30 frames at 10 Hz). */
export const TRIALSTATS_STUCK: Readonly<StuckOptions> = Object.freeze({ window: 30, radius: 24 });

/**
 * Stuck stretches of every bot in a trial's frames (`navgen frames --jsonl`), same rule as
 * trialstats.py (alive = pm_type 0; the recorder's dummy skipped; history cleared when a bot is
 * not alive and at a new segment), so that the sum of `seconds` equals its stuck time × bot-minutes.
 * Consecutive stuck frames of one bot form one spot. Spots come in order of detection.
 */
export async function stuckSpots(
  framesJsonl: string,
  options: StuckOptions = TRIALSTATS_STUCK,
): Promise<StuckSpot[]> {
  const { window, radius } = options;
  const spots: StuckSpot[] = [];
  const history = new Map<number, [number, number, number][]>();
  const open = new Map<number, { spot: StuckSpot; sum: [number, number, number]; n: number }>();
  const close = (slot: number) => {
    const o = open.get(slot);
    if (!o) return;
    o.spot.position = [o.sum[0] / o.n, o.sum[1] / o.n, o.sum[2] / o.n];
    spots.push(o.spot);
    open.delete(slot);
  };
  let dummy: number | undefined;
  const lines = createInterface({ input: createReadStream(framesJsonl), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    const o = JSON.parse(line) as {
      seg: number;
      frame?: number;
      serverdata?: { clientNum?: number };
      players?: { slot: number; pm_type: number; origin: [number, number, number] }[];
    };
    if (o.serverdata) {
      for (const slot of [...open.keys()]) close(slot);
      dummy = o.serverdata.clientNum;
      history.clear();
      continue;
    }
    for (const p of o.players ?? []) {
      if (p.slot === dummy) continue;
      let h = history.get(p.slot);
      if (!h) history.set(p.slot, (h = []));
      if (p.pm_type !== 0) {
        h.length = 0;
        close(p.slot);
        continue;
      }
      h.push(p.origin);
      let stuck = false;
      if (h.length > window) {
        const a = h[h.length - 1];
        const b = h[h.length - 1 - window];
        stuck = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < radius;
        h.shift();
      }
      if (!stuck) {
        close(p.slot);
        continue;
      }
      let s = open.get(p.slot);
      if (!s) {
        s = {
          spot: { slot: p.slot, seg: o.seg, frame: o.frame ?? 0, position: [0, 0, 0], seconds: 0 },
          sum: [0, 0, 0],
          n: 0,
        };
        open.set(p.slot, s);
      }
      s.spot.seconds = Math.round((s.spot.seconds + 0.1) * 10) / 10;
      const a = h[h.length - 1];
      s.sum[0] += a[0];
      s.sum[1] += a[1];
      s.sum[2] += a[2];
      s.n++;
    }
  }
  for (const slot of [...open.keys()]) close(slot);
  return spots;
}

/** A nav link and how far a point lies from the segment between its two node origins. */
export interface NearLink {
  from: number;
  to: number;
  /** [Units: world units] */
  distance: number;
}

/**
 * The link of `nav` whose segment (origin of `from` to origin of `to`) passes closest to `p`,
 * or null for a nav without links; ties go to the first in node and link order. For asking
 * whether a stuck spot lies on a link the offline test failed.
 */
export function nearestLink(
  nav: { nodes: readonly { origin: readonly number[]; links: readonly { target: number }[] }[] },
  p: readonly number[],
): NearLink | null {
  let best: NearLink | null = null;
  nav.nodes.forEach((a, from) => {
    for (const { target: to } of a.links) {
      const b = nav.nodes[to].origin;
      const d = [b[0] - a.origin[0], b[1] - a.origin[1], b[2] - a.origin[2]];
      const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
      const w = [p[0] - a.origin[0], p[1] - a.origin[1], p[2] - a.origin[2]];
      const t =
        len2 === 0 ? 0 : Math.min(1, Math.max(0, (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / len2));
      const distance = Math.hypot(w[0] - t * d[0], w[1] - t * d[1], w[2] - t * d[2]);
      if (!best || distance < best.distance) best = { from, to, distance };
    }
  });
  return best;
}
