/**
 * `navgen trial` against the real AQtion server (`../shared/engine`), short: 2 bots × 12 s,
 * the nav under test and `--compare` at once (two servers on free ports), no combat. What must
 * hold: a demo and a console per run beside the report; a report the navtest validator accepts
 * with `tester: "engine"`; its figures equal trialstats.py's on the same demo and console; the
 * comparison's figures are the two reports'. And without root rights, or with `--user` as
 * root, the command runs; as root without `--user` it refuses with a clear message.
 *
 * Without the engine the suite is skipped on a developer machine; under CI it fails instead.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunAs, RunAsError } from '../../src/engine/run-as.js';
import { parseNavtestReport } from '../../src/sources/feedback/navtest-report.js';
import { describeFixtures } from '../helpers/fixtures.js';
import { navgenAsync, type RunResult } from '../robustness/navgen-cli.js';
import {
  autogenNav,
  ENGINE_DIR,
  engineUser,
  fixtureMap,
  HAVE_ENGINE,
  trialStats,
  writeTrialFrames,
} from '../../tools/engine-oracle.js';

describe('who runs the server', () => {
  it('refuses root without --user, and --user without root', () => {
    expect(() => resolveRunAs(undefined, true)).toThrow(
      /refusing to run the game server as root.*--user NAME/,
    );
    expect(() => resolveRunAs('nobody', false)).toThrow(RunAsError);
    expect(resolveRunAs(undefined, false)).toBeNull();
    expect(() => resolveRunAs('no-such-account-here', true)).toThrow(/no such account/);
    expect(() => resolveRunAs('root', true)).toThrow(/is root/);
  });
});

const describeEngine: (name: string, fn: () => void) => void = HAVE_ENGINE
  ? describeFixtures
  : process.env.CI === 'true'
    ? (name) =>
        describe(name, () => {
          it('has the engine', () => {
            throw new Error(`engine not found at ${ENGINE_DIR} (required under CI)`);
          });
        })
    : (name, fn) => describe.skip(`${name} (SKIPPED: no engine at ${ENGINE_DIR})`, fn);

// Spawned without blocking this thread: a trial takes tens of seconds, and a test worker
// blocked that long loses its RPC to vitest. (The hook's and the test's time limits end a
// trial that hangs.)
const navgen = (args: string[]) => navgenAsync(process.cwd(), ...args);

describeEngine('navgen trial with the real server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'navgen-live-trial-'));
  const out = join(dir, 'beer.trial.json');
  const user = engineUser();
  const base = [
    '--engine',
    ENGINE_DIR,
    '--map',
    'beer',
    '--bsp',
    fixtureMap('beer'),
    '--bots',
    '2',
    '--seconds',
    '12',
    '--no-combat',
    '--no-progress',
  ];
  let run: RunResult;

  beforeAll(async () => {
    run = await navgen([
      'trial',
      autogenNav('beer'),
      ...base,
      ...(user ? ['--user', user] : []),
      '--compare',
      autogenNav('beer'),
      '-o',
      out,
      '--json',
    ]);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('as root without --user: refuses, says how, exit code 2', async () => {
    if (!user) return; // not root here: nothing to refuse
    const r = await navgen(['trial', autogenNav('beer'), ...base, '-o', join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to run the game server as root/);
    expect(existsSync(join(dir, 'x.json'))).toBe(false);
  });

  it('writes a valid engine report, both navs, demos and consoles', () => {
    expect([0, 1], run.stderr).toContain(run.code);
    const printed = JSON.parse(run.stdout) as {
      report: Record<string, unknown>;
      compare: Record<string, unknown>;
      comparison: { a: { stuck_s_per_bot_min: number }; b: { stuck_s_per_bot_min: number } };
      playedArea: { from: string; cells: number; nav: number; compare: number };
    };
    // No --played: roaming is measured against the map's walkable floor.
    expect(printed.playedArea.from).toBe('floor');
    expect(printed.playedArea.cells).toBeGreaterThan(500);
    for (const share of [printed.playedArea.nav, printed.playedArea.compare]) {
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(1);
    }
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(printed.report).toEqual(report);
    expect(parseNavtestReport(report, out).map).toBe('beer');
    expect(report.tester).toBe('engine');
    expect(report.runs).toBe(1);
    expect(report.per_run).toHaveLength(1);
    expect(report.test_duration_s).toBe(12);
    expect(printed.compare.runs).toBe(1);
    expect(report.bot_count).toBe(2);
    expect(report.bot_minutes).toBeGreaterThan(0.2);
    expect(report.no_combat).toBe(true);
    expect(report.dist_per_bot_min).toBeGreaterThan(1000); // the bots move
    expect(printed.comparison.a.stuck_s_per_bot_min).toBe(report.stuck_s_per_bot_min);
    expect(printed.comparison.b.stuck_s_per_bot_min).toBe(printed.compare.stuck_s_per_bot_min);
    for (const side of ['nav', 'compare']) {
      expect(existsSync(join(dir, 'beer.trial.runs', side, 'run1', 'trial.mvd2'))).toBe(true);
      const log = readFileSync(join(dir, 'beer.trial.runs', side, 'run1', 'console.log'), 'utf8');
      expect(log).toMatch(/loaded \S+beer\.nav containing \d+ nodes/);
    }
  });

  it('has the figures trialstats.py has on the same demo', async () => {
    const runDir = join(dir, 'beer.trial.runs', 'nav', 'run1');
    const frames = await writeTrialFrames(join(runDir, 'trial.mvd2'), join(dir, 'frames.jsonl'));
    const py = await trialStats(runDir, autogenNav('beer'), frames);
    const r = JSON.parse(readFileSync(out, 'utf8')).per_run[0];
    expect(r.bot_minutes).toBe(py.bot_minutes);
    expect(r.stuck_s_per_bot_min).toBe(py.stuck_s_per_bot_min);
    expect(r.dist_per_bot_min).toBe(py.dist_per_bot_min);
    expect(r.env_deaths).toEqual(py.env_deaths);
  });
});
