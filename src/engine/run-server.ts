/**
 * One live server run: `q2proded` in its run folder (see `run-folder.ts`) on 127.0.0.1:`port`,
 * loading the map, recording an MVD2 (`mvdrecord trial`) and adding the bots; after `seconds` of
 * real time the recording is stopped and the server told to quit (killed if it lingers). The
 * console (stdout and stderr) goes to `consoleLog` as it comes; progress is reported every few
 * seconds with the environmental deaths seen so far.
 *
 * With `noCombat`, once the console says the recorder's dummy client is in (its "recording"
 * line, or at the latest 2 s after start), the server command `mvdstuff notarget` is sent.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { SERVER_BINARY, MOD } from './engine-install.js';
import { ENV_CAUSES, envDeathCounts } from './obituaries.js';
import type { RunAs } from './run-as.js';

export interface ServerRunOptions {
  readonly folder: string;
  readonly map: string;
  readonly port: number;
  readonly bots: number;
  /** Real time the bots play once the server is up. [Units: s] */
  readonly seconds: number;
  readonly noCombat: boolean;
  readonly runAs: RunAs | null;
  /** Where the console goes. */
  readonly consoleLog: string;
  /** Every few seconds: time played so far and environmental deaths seen. */
  readonly onProgress?: (elapsed: number, envDeaths: number) => void;
  readonly signal?: AbortSignal;
}

export interface ServerRunResult {
  /** Exit code, or null when killed by a signal. */
  readonly exitCode: number | null;
  readonly exitSignal: string | null;
  /**
   * True when `mvdstuff notarget` was sent. The game answers the dummy client, not the console,
   * so the console cannot confirm it; the kill count says whether it worked.
   */
  readonly notargetSent: boolean;
  /** The console's text. */
  readonly console: string;
}

/** Demo name given to `mvdrecord`; the server writes `action/demos/trial.mvd2`. */
export const DEMO_NAME = 'trial';

export function demoPathIn(folder: string): string {
  return join(folder, MOD, 'demos', `${DEMO_NAME}.mvd2`);
}

const PROGRESS_INTERVAL_MS = 10_000;
const QUIT_GRACE_MS = 1_000;
const KILL_AFTER_MS = 15_000;

export function runServer(o: ServerRunOptions): Promise<ServerRunResult> {
  return new Promise((resolvePromise, reject) => {
    const args = [
      '+set',
      'game',
      MOD,
      '+set',
      'net_port',
      String(o.port),
      '+set',
      'dedicated',
      '1',
      '+exec',
      'run.cfg',
      '+map',
      o.map,
      '+mvdrecord',
      DEMO_NAME,
      '+sv',
      'bots',
      String(o.bots),
    ];
    const child = spawn(join(o.folder, SERVER_BINARY), args, {
      cwd: o.folder,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(o.runAs ? { uid: o.runAs.uid, gid: o.runAs.gid } : {}),
    });
    const log = createWriteStream(o.consoleLog);
    let text = '';
    let deaths = 0;
    let notargetSent = false;
    const started = Date.now();
    const send = (line: string) => {
      if (child.stdin.writable) child.stdin.write(line + '\n');
    };
    const sendNotarget = () => {
      if (notargetSent || !o.noCombat) return;
      notargetSent = true;
      send('mvdstuff notarget');
    };
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      const s = chunk.toString('latin1');
      text += s;
      const env = envDeathCounts(s);
      for (const c of ENV_CAUSES) deaths += env[c];
      if (/Recording local MVD/.test(s)) sendNotarget();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.stdin.on('error', () => undefined);
    const timers: NodeJS.Timeout[] = [];
    timers.push(setTimeout(sendNotarget, 2000));
    timers.push(
      setInterval(
        () => o.onProgress?.(Math.round((Date.now() - started) / 1000), deaths),
        PROGRESS_INTERVAL_MS,
      ),
    );
    const stop = () => {
      send('mvdstop');
      timers.push(setTimeout(() => send('quit'), QUIT_GRACE_MS));
      timers.push(setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS));
    };
    timers.push(setTimeout(stop, o.seconds * 1000));
    const onAbort = () => {
      child.kill('SIGTERM');
      timers.push(setTimeout(() => child.kill('SIGKILL'), 3000));
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (e) => {
      for (const t of timers) clearTimeout(t);
      log.end();
      reject(e);
    });
    child.once('close', (code, sig) => {
      for (const t of timers) clearTimeout(t);
      o.signal?.removeEventListener('abort', onAbort);
      log.end(() =>
        resolvePromise({
          exitCode: code,
          exitSignal: sig,
          notargetSent,
          console: text,
        }),
      );
    });
  });
}
