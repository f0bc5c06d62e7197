/**
 * Helpers of the robustness tests: the real `navgen` command spawned as a user runs it
 * (`bin/navgen`, which runs the bundle in dist/navgen/), pipeline files in temporary folders, and file hashes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, REPO_ROOT } from '../helpers/fixtures.js';

export const BIN = join(REPO_ROOT, 'bin', 'navgen');

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  /** Without bin/navgen's note that it rebuilt dist/ first. */
  readonly stderr: string;
}

function cleanStderr(s: string): string {
  return s.replace(/^navgen: building from src\/.*\n/m, '');
}

/** Builds the bundled CLI once if it is missing (bin/navgen rebuilds it when sources changed). */
export function ensureBuilt(): void {
  if (existsSync(join(REPO_ROOT, 'dist', 'navgen', 'run.js'))) return;
  const b = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs'), '--cli'], {
    stdio: 'inherit',
  });
  if (b.status !== 0) throw new Error('build failed');
}

/**
 * Runs `navgen args…` in `cwd` to the end, blocking this thread: for the commands that take a
 * second or so. A build of a map takes long enough that a test worker blocked that long loses
 * its RPC to vitest ("Timeout calling onTaskUpdate"): those use {@link navgenAsync}.
 */
export function navgen(cwd: string, ...args: string[]): RunResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: cleanStderr(r.stderr) };
}

/** Runs `navgen args…` in `cwd` to the end, the event loop free meanwhile. */
export function navgenAsync(cwd: string, ...args: string[]): Promise<RunResult> {
  return startNavgen(cwd, args).done;
}

/** A running `navgen`, and its result once it ends. */
export interface NavgenProcess {
  readonly child: ChildProcess;
  readonly done: Promise<RunResult>;
}

export function startNavgen(
  cwd: string,
  args: readonly string[],
  options: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv } = {},
): NavgenProcess {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, ...options });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<RunResult>((resolve) =>
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout, stderr: cleanStderr(stderr) }),
    ),
  );
  return { child, done };
}

export const sha256 = (path: string) =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

export function tempFolder(what: string): string {
  return mkdtempSync(join(tmpdir(), `navgen-${what}-`));
}

/** The wizs corpus demos, smallest first. */
export function wizsDemos(): string[] {
  return [
    'wizs_dm_6bots_240s_sk9_c3.mvd2.gz',
    'wizs_dm_8bots_240s_sk4_c2.mvd2.gz',
    'wizs_dm_8bots_240s_sk7_c1.mvd2.gz',
    'wizs_dm_10bots_240s_sk5_c4.mvd2.gz',
  ].map((f) => fixture('demos', 'mvd2', 'corpus', 'wizs', f));
}

/** A wizs pipeline file's text: outputs in `out/`, cache in `cache/`, relative to the file. */
export function wizsPipeline(demos: readonly string[], extra: readonly string[] = []): string {
  return (
    [
      'map: wizs',
      `bsp: ${fixture('maps', 'wizs.bsp')}`,
      'demos:',
      ...demos.map((d) => `  - ${d}`),
      'output: { nav: out/wizs.nav, strafeTraces: out/wizs.strafe_traces, report: out/wizs.report.json }',
      'cache: cache',
      'workers: 2',
      ...extra,
    ].join('\n') + '\n'
  );
}

/** The outputs that a wizs pipeline writes, relative to its folder. */
export const WIZS_OUTPUTS = [
  'out/wizs.nav',
  'out/wizs.strafe_traces',
  'out/wizs.report.json',
] as const;
