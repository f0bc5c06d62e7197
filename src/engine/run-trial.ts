/**
 * One trial: the real server with `bots` bots on `map` with the nav under test for `seconds`,
 * recorded, then measured. Leaves `outDir/trial.mvd2` and `outDir/console.log` (the run
 * folder itself is removed). Throws {@link TrialError} when the server did not start, died,
 * or recorded nothing, naming the console log.
 */
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { NavFile } from '../nav/types.js';
import { analyzeDemo } from './analyze-demo.js';
import type { EngineInstall } from './engine-install.js';
import { freePort, releasePort } from './free-port.js';
import type { RunAs } from './run-as.js';
import { makeRunFolder } from './run-folder.js';
import { demoPathIn, runServer } from './run-server.js';
import { serverConfigText } from './server-config.js';
import type { TrialAnalysis } from './trial-analysis.js';

export interface TrialOptions {
  readonly install: EngineInstall;
  readonly map: string;
  readonly bspBytes: Uint8Array;
  /** The nav under test: its bytes go to the server, its nodes to the measuring. */
  readonly navBytes: Uint8Array;
  readonly nav: NavFile;
  readonly bots: number;
  /** [Units: s] */
  readonly seconds: number;
  readonly noCombat: boolean;
  readonly runAs: RunAs | null;
  readonly outDir: string;
  /** The bots' skill. [Limit: 0..10] */
  readonly skill?: number;
  /** A fixed UDP port; default: a free one (`free-port.ts`). */
  readonly port?: number;
  readonly onProgress?: (elapsed: number, deaths: number) => void;
  readonly signal?: AbortSignal;
}

export interface TrialResult {
  readonly demo: string;
  readonly consoleLog: string;
  readonly consoleText: string;
  readonly analysis: TrialAnalysis;
  readonly port: number;
}

export class TrialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrialError';
  }
}

/** Bot skill of the benchmark trials (`../shared/engine/common.sh`). */
export const DEFAULT_SKILL = 7;

export async function runTrial(o: TrialOptions): Promise<TrialResult> {
  const outDir = resolve(o.outDir);
  await mkdir(outDir, { recursive: true });
  const folder = makeRunFolder({
    install: o.install,
    map: o.map,
    bspBytes: o.bspBytes,
    navBytes: o.navBytes,
    configText: serverConfigText({
      bots: o.bots,
      skill: o.skill ?? DEFAULT_SKILL,
      noCombat: o.noCombat,
    }),
    runAs: o.runAs,
  });
  const port = o.port ?? (await freePort());
  const consoleLog = join(outDir, 'console.log');
  const demo = join(outDir, 'trial.mvd2');
  try {
    let run;
    try {
      run = await runServer({
        folder: folder.path,
        map: o.map,
        port,
        bots: o.bots,
        seconds: o.seconds,
        noCombat: o.noCombat,
        runAs: o.runAs,
        consoleLog,
        onProgress: o.onProgress,
        signal: o.signal,
      });
    } catch (e) {
      throw new TrialError(`cannot start ${o.install.binary}: ${(e as Error).message}`);
    }
    if (o.signal?.aborted) throw new TrialError('trial cancelled');
    const recorded = demoPathIn(folder.path);
    const size = (await stat(recorded).catch(() => null))?.size ?? 0;
    if (size === 0) {
      const hint = /libjansson/.test(run.console)
        ? ' (the game library needs the Debian package libjansson4)'
        : /Couldn't open .*UDP port/i.test(run.console)
          ? ` (UDP port ${port} was taken)`
          : '';
      throw new TrialError(
        `the server recorded no demo${hint}; it exited with ${run.exitSignal ?? `code ${run.exitCode}`}; see ${consoleLog}`,
      );
    }
    await copyFile(recorded, demo);
  } finally {
    releasePort(port);
    await folder.remove();
  }
  const consoleText = await readFile(consoleLog, 'latin1');
  const analysis = await analyzeDemo(demo, o.nav);
  return { demo, consoleLog, consoleText, analysis, port };
}
