/**
 * What tests and benches need around the real AQtion server besides navgen's own driver
 * (`src/engine/`): where the shared install is (`../shared/engine`, see its README), the
 * engine's own navs of the fixture maps, the account the server runs as when the suite runs
 * as root, and the install's scripts as independent oracles — `navload` (does the engine load a
 * nav) and `trialstats.py` (the benchmark's trial figures, which navgen's report must equal).
 *
 * Nothing here swallows a failure: a script that exits non-zero or prints nothing parseable
 * throws, naming the command and its output.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readDemo } from '../src/sources/demo/read-demo.js';

// Not from fixtures.ts: that module imports vitest, and bench scripts use this one outside it.
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = resolve(
  process.env.NAVGEN_FIXTURES ?? join(REPO_ROOT, '..', 'shared', 'fixtures'),
);

const run = promisify(execFile);

/** The shared install: `$NAVGEN_ENGINE`, else `../shared/engine` beside the checkout. */
export const ENGINE_DIR = resolve(
  process.env.NAVGEN_ENGINE ?? join(REPO_ROOT, '..', 'shared', 'engine'),
);
export const HAVE_ENGINE = existsSync(join(ENGINE_DIR, 'q2proded'));

/** The engine's own generated nav of a fixture map (`nav_autogen` at map load, saved by the engine). */
export function autogenNav(map: string): string {
  return join(FIXTURES, 'nav', `${map}.autogen.nav`);
}

/** A fixture map's corpus demos (`demos/mvd2/corpus/<map>/`), sorted; none when it has no corpus. */
export function corpusDemos(map: string): string[] {
  const dir = join(FIXTURES, 'demos', 'mvd2', 'corpus', map);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mvd2.gz'))
    .sort()
    .map((f) => join(dir, f));
}

/** A fixture map's file. */
export function fixtureMap(map: string): string {
  return join(FIXTURES, 'maps', `${map}.bsp`);
}

/** The account `../shared/engine/common.sh` makes for the server when run as root. */
export const ENGINE_USER = 'navgen-engine';

/**
 * The `--user` a trial needs here: undefined when not root; as root, {@link ENGINE_USER},
 * created as common.sh creates it (a system account without home or shell) when missing. Also
 * installs the game library's Debian package libjansson4 as root when it is missing, as the
 * scripts do.
 */
export function engineUser(): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  try {
    execFileSync('id', [ENGINE_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['-M', '-r', '-s', '/usr/sbin/nologin', ENGINE_USER]);
  }
  const libs = execFileSync('ldconfig', ['-p'], { encoding: 'utf8' });
  if (!libs.includes('libjansson.so.4')) {
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', 'libjansson4'], { stdio: 'ignore' });
    } catch {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'libjansson4'], { stdio: 'ignore' });
    }
  }
  return ENGINE_USER;
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

/**
 * Writes `path` from the demo `demo`: the lines of `navgen frames --jsonl` (the engine-oracle
 * schema) that trialstats.py reads — serverdata (`clientNum`, `map`) and per frame each
 * player's `slot`, `pm_type` and `origin`.
 */
export async function writeTrialFrames(demo: string, path: string): Promise<string> {
  const lines: string[] = [];
  await readDemo(demo).forEach((e) => {
    if (e.kind === 'segment') {
      lines.push(
        JSON.stringify({ seg: e.segment, serverdata: { clientNum: e.clientNum, map: e.map } }),
      );
    } else if (e.kind === 'frame') {
      const players = e.players.map((p) => ({ slot: p.slot, pm_type: p.pmType, origin: p.origin }));
      lines.push(JSON.stringify({ seg: e.segment, frame: e.index, players }));
    }
  });
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

/** `trialstats.py OUTDIR NAV FRAMES` (OUTDIR holds `console.log`). */
export async function trialStats(outDir: string, nav: string, frames: string): Promise<TrialStats> {
  const script = join(ENGINE_DIR, 'trialstats.py');
  const { stdout } = await run('python3', [script, outDir, nav, frames], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as TrialStats;
}
