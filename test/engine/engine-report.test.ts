/**
 * The engine report (`src/engine/`) re-computed from recorded demos, where the answer is
 * known or an independent oracle gives it:
 * - a committed demo made by our own writer (`trial-scenario.ts`: a corridor ending at a fatal
 *   drop): the link into the drop is a bad link, the fall an environmental death at the drop's
 *   node, the stuck spots where the bots stood; the writer still makes exactly these bytes;
 * - the same figures as `../shared/engine/trialstats.py` on the same demos (bot-minutes, stuck
 *   seconds, distance, environmental deaths; equal to its rounding), on that demo and on a real
 *   bot demo of the fixtures;
 * - the same report, byte for byte, every time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeDemo } from '../../src/engine/analyze-demo.js';
import { readDemo } from '../../src/sources/demo/read-demo.js';
import { engineReport, type EngineReport } from '../../src/engine/engine-report.js';
import { parseNavtestReport } from '../../src/sources/feedback/navtest-report.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { writeNavFile } from '../../src/sinks/nav/write-nav-file.js';
import type { NavFile } from '../../src/nav/types.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { HAVE_ENGINE, trialStats, writeTrialFrames } from '../../tools/engine-oracle.js';
import {
  SCENARIO_CONSOLE,
  SCENARIO_CONSOLE_TEXT,
  SCENARIO_DEMO,
  scenarioDemo,
  scenarioNav,
} from './trial-scenario.js';

const HAVE_PYTHON = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function reportOf(demo: string, nav: NavFile, consoleText: string): Promise<EngineReport> {
  const analysis = await analyzeDemo(demo, nav);
  return engineReport({
    map: analysis.map,
    nodeCount: nav.nodes.length,
    bots: analysis.botSlots.length,
    seconds: 0,
    noCombat: false,
    runs: [{ analysis, consoleText }],
  });
}

/** trialstats.py on `demo` with `consoleText` as the console and `navPath` as the nav. */
async function oracle(demo: string, navPath: string, consoleText: string) {
  const dir = mkdtempSync(join(tmpdir(), 'navgen-trialstats-'));
  writeFileSync(join(dir, 'console.log'), consoleText);
  try {
    const frames = await writeTrialFrames(demo, join(dir, 'frames.jsonl'));
    return await trialStats(dir, navPath, frames);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function expectSameAsOracle(r: EngineReport, py: Awaited<ReturnType<typeof oracle>>) {
  const run = r.per_run[0];
  expect(run.bot_minutes).toBe(py.bot_minutes);
  expect(run.stuck_s_per_bot_min).toBe(py.stuck_s_per_bot_min);
  expect(run.dist_per_bot_min).toBe(py.dist_per_bot_min);
  expect(run.env_per_bot_min).toBe(py.env_per_bot_min);
  expect(run.env_deaths).toEqual(py.env_deaths);
}

describe('engine report of a demo made by our own writer', () => {
  it('the writer still makes the committed demo, byte for byte', () => {
    expect(Buffer.from(scenarioDemo()).equals(readFileSync(SCENARIO_DEMO))).toBe(true);
    expect(readFileSync(SCENARIO_CONSOLE, 'utf8')).toBe(SCENARIO_CONSOLE_TEXT);
  });

  it('finds the fatal drop, the fall and where the bots stood', async () => {
    const r = await reportOf(SCENARIO_DEMO, scenarioNav(), SCENARIO_CONSOLE_TEXT);
    expect(r.tester).toBe('engine');
    expect(r.map).toBe('corridor');
    expect(parseNavtestReport(JSON.parse(JSON.stringify(r)), 'scenario')).toBeTruthy();
    // The link into the drop: tried once (Alpha), died on it by a fall (so once is enough).
    expect(r.bad_links).toEqual([[2, 3]]);
    expect(r.link_stats.find((l) => l.from === 2 && l.to === 3)).toEqual({
      from: 2,
      to: 3,
      traversals: 1,
      failures: 1,
      died: 1,
      env_died: 1,
      timed_out: 0,
    });
    expect(r.env_death_spots[0].link).toEqual({ from: 2, to: 3 });
    // 0→1: Alpha twice (before and after respawning), Bravo once; 1→2 both; 2→1 Bravo; 1→0 nobody.
    const trav = (a: number, b: number) =>
      r.link_stats.find((l) => l.from === a && l.to === b)?.traversals ?? 0;
    expect([trav(0, 1), trav(1, 2), trav(2, 1), trav(1, 0)]).toEqual([3, 2, 1, 0]);
    expect(r.link_stats.every((l) => l.failures === 0 || (l.from === 2 && l.to === 3))).toBe(true);
    // The fall: one environmental death (Bravo's kill came after the demo, by a player).
    expect(r.total_environmental_deaths).toBe(1);
    expect(r.env_deaths.fall).toBe(1);
    expect(r.env_death_spots).toHaveLength(1);
    expect(r.env_death_spots[0].node).toBe(3);
    expect(r.bad_nodes).toEqual([3]);
    // Nobody stood at the bottom alive.
    expect(r.unreachable_nodes).toEqual([3]);
    expect(r.coverage_ratio).toBe(0.75);
    // Alpha stood at nodes 2 and 1, Bravo at node 1. (The rule also counts the moment when
    // Bravo, back at node 1, is where he was 3 s before on his way out: 0.1 s.)
    expect(
      r.stuck_spots
        .filter((s) => s.seconds >= 1)
        .map((s) => s.node)
        .sort(),
    ).toEqual([1, 1, 2]);
    expect(r.stuck_spots.find((s) => s.node === 2)?.position).toEqual([400, 0, 0]);
    expect(r.passed).toBe(false);
  });

  it("counts a life's first 12 s apart: all of Alpha's stands and fall, Bravo's stand only up to then", async () => {
    const nav = scenarioNav();
    const a = await analyzeDemo(SCENARIO_DEMO, nav);
    expect(a.earlyLife).toBe(120);
    // Bravo (slot 1) lives one life: his alive frames, read from the demo.
    let frames = 0;
    await readDemo(SCENARIO_DEMO).forEach((e) => {
      if (e.kind === 'frame' && e.players.some((p) => p.slot === 1 && p.pmType === 0)) frames++;
    });
    expect(frames).toBeGreaterThan(120);
    // Both of Alpha's lives are shorter than 12 s, so the only late stuck frames are Bravo's,
    // who stands at node 1 from 2 s on: every frame after his first 120 is stuck.
    expect(a.stuckFrames - a.earlyStuckFrames).toBe(frames - 120);
    const fall = a.deaths.find((d) => d.name === 'Alpha')!;
    // 1.4 s walking, 5 s standing, 0.4 s to the edge, then the fall: under 12 s.
    expect(fall.lifeFrames).toBeGreaterThan(68);
    expect(fall.lifeFrames).toBeLessThanOrEqual(120);
    const r = await reportOf(SCENARIO_DEMO, nav, SCENARIO_CONSOLE_TEXT);
    expect(r.env_death_spots[0].life_s).toBe(fall.lifeFrames / 10);
    const run = r.per_run[0];
    expect(run.early_env_per_bot_min).toBe(run.env_per_bot_min);
    expect(run.early_stuck_s_per_bot_min).toBeGreaterThan(0);
    expect(run.early_stuck_s_per_bot_min).toBeLessThan(run.stuck_s_per_bot_min!);
    // Alpha's stand at node 2 was read stuck 3 s after he stopped there, 1.4 s into his life.
    const atNode2 = r.stuck_spots.find((sp) => sp.node === 2)!;
    expect(atNode2.life_s).toBeGreaterThanOrEqual(4.3);
    expect(atNode2.life_s).toBeLessThanOrEqual(4.6);
  });

  it.runIf(HAVE_ENGINE && HAVE_PYTHON)('has the figures trialstats.py has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-scenario-'));
    const navPath = join(dir, 'corridor.nav');
    await writeNavFile(navPath, scenarioNav());
    const r = await reportOf(SCENARIO_DEMO, scenarioNav(), SCENARIO_CONSOLE_TEXT);
    const py = await oracle(SCENARIO_DEMO, navPath, SCENARIO_CONSOLE_TEXT);
    rmSync(dir, { recursive: true, force: true });
    expect(py.stuck_s_per_bot_min).toBeGreaterThan(0);
    expectSameAsOracle(r, py);
  });

  it('is the same report every time', async () => {
    const a = JSON.stringify(await reportOf(SCENARIO_DEMO, scenarioNav(), SCENARIO_CONSOLE_TEXT));
    const b = JSON.stringify(await reportOf(SCENARIO_DEMO, scenarioNav(), SCENARIO_CONSOLE_TEXT));
    expect(a).toBe(b);
  });
});

describeFixtures('engine report of a real bot demo', () => {
  const demo = fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz');
  const navPath = fixture('nav', 'wizs.autogen.nav');

  it.runIf(HAVE_ENGINE && HAVE_PYTHON)(
    'has the figures trialstats.py has, and the same report twice',
    async () => {
      const nav = (await readNavFile(navPath)).nav;
      const r = await reportOf(demo, nav, '');
      const again = await reportOf(demo, nav, '');
      expect(JSON.stringify(again)).toBe(JSON.stringify(r));
      const py = await oracle(demo, navPath, '');
      expect(py.bot_minutes).toBeGreaterThan(10);
      expectSameAsOracle(r, py);
      // Coverage counts every alive position (trialstats.py every other one): never less.
      expect(r.coverage_ratio).toBeGreaterThanOrEqual(py.nodes_visited - 0.0005);
      expect(r.link_stats.length).toBeGreaterThan(100);
    },
    60_000,
  );
});
