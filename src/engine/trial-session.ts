/**
 * Several trials at once: every run of every nav (the nav under test and, with `--compare`,
 * the other one) is a server of its own on its own port, all started together (a server with
 * 8 bots is light; the machine's cores are not the limit). Each run's demo and console go to
 * `<outDir>/<label>/run<k>/`; each nav gets its {@link EngineReport}.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NavFile } from '../nav/types.js';
import { engineReport, type EngineReport } from './engine-report.js';
import type { EngineInstall } from './engine-install.js';
import type { RunAs } from './run-as.js';
import { analyzeDemo } from './analyze-demo.js';
import { runTrial, type TrialResult } from './run-trial.js';

export interface SessionNav {
  /** Folder name and progress label, e.g. `navgen`, `engine`. */
  readonly label: string;
  readonly path: string;
  readonly nav: NavFile;
}

export interface SessionOptions {
  readonly install: EngineInstall;
  readonly map: string;
  readonly bspBytes: Uint8Array;
  readonly navs: readonly SessionNav[];
  readonly bots: number;
  /** [Units: s] */
  readonly seconds: number;
  /** [Limit: >= 1] */
  readonly runs: number;
  readonly noCombat: boolean;
  readonly runAs: RunAs | null;
  readonly outDir: string;
  readonly skill?: number;
  /**
   * A run whose folder already holds `trial.mvd2` and `console.log` (an interrupted session
   * kept with the same `outDir`) is measured again instead of played again.
   */
  readonly reuse?: boolean;
  /** A progress line now and then. */
  readonly say?: (line: string) => void;
  readonly signal?: AbortSignal;
}

export interface SessionResult {
  /** In the order of `navs`. */
  readonly reports: EngineReport[];
  /** Per nav, per run: where its demo and console are. */
  readonly trials: TrialResult[][];
}

export async function runSession(o: SessionOptions): Promise<SessionResult> {
  const say = o.say ?? (() => undefined);
  const jobs = o.navs.flatMap((n, ni) => Array.from({ length: o.runs }, (_, r) => ({ n, ni, r })));
  say(
    `${o.map}: ${jobs.length} server(s) at once (${o.navs.map((n) => n.label).join(', ')} × ${o.runs} run(s)), ` +
      `${o.bots} bots × ${o.seconds} s${o.noCombat ? ', no combat' : ''}`,
  );
  const navBytes = await Promise.all(o.navs.map((n) => readFile(n.path)));
  const results = await Promise.all(
    jobs.map(async ({ n, ni, r }) => {
      const dir = join(o.outDir, n.label, `run${r + 1}`);
      if (o.reuse && existsSync(join(dir, 'trial.mvd2')) && existsSync(join(dir, 'console.log')))
        return measuredAgain(dir, n.nav);
      return runTrial({
        install: o.install,
        map: o.map,
        bspBytes: o.bspBytes,
        navBytes: navBytes[ni],
        nav: n.nav,
        bots: o.bots,
        seconds: o.seconds,
        noCombat: o.noCombat,
        runAs: o.runAs,
        skill: o.skill,
        outDir: dir,
        signal: o.signal,
        onProgress: (elapsed, deaths) =>
          say(
            `${o.map} ${n.label} run ${r + 1}: ${elapsed}/${o.seconds} s, ${deaths} environmental death(s)`,
          ),
      });
    }),
  );
  const trials = o.navs.map((_, ni) => results.filter((_, j) => jobs[j].ni === ni));
  const reports = o.navs.map((n, ni) =>
    engineReport({
      map: o.map,
      nodeCount: n.nav.nodes.length,
      bots: o.bots,
      seconds: o.seconds,
      noCombat: o.noCombat,
      runs: trials[ni].map((t) => ({ analysis: t.analysis, consoleText: t.consoleText })),
    }),
  );
  return { reports, trials };
}

async function measuredAgain(dir: string, nav: NavFile): Promise<TrialResult> {
  const demo = join(dir, 'trial.mvd2');
  const consoleLog = join(dir, 'console.log');
  return {
    demo,
    consoleLog,
    consoleText: await readFile(consoleLog, 'latin1'),
    analysis: await analyzeDemo(demo, nav),
    port: 0,
  };
}
