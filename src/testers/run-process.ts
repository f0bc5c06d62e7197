/**
 * Runs one external program to its end, with a time limit: no shell, its own process group
 * (so a game server and whatever it started can be ended together), output copied to a log
 * file and its last bytes kept for error messages.
 *
 * On time-out or abort the whole group gets SIGTERM, then SIGKILL after `killGraceMs`. When
 * the program exits by itself, anything still left in its group gets SIGKILL: a test command
 * must not leave bots or servers running behind it.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

export interface RunProcessOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** [Units: ms] [Limit: > 0] */
  readonly timeoutMs: number;
  /** [Units: ms] Time between SIGTERM and SIGKILL. [Limit: >= 0] */
  readonly killGraceMs: number;
  /** File receiving stdout and stderr as they come; null: none. */
  readonly logFile: string | null;
  readonly signal?: AbortSignal;
  /** [Units: bytes] How much of the end of each stream to keep. */
  readonly tailBytes?: number;
}

export interface ProcessOutcome {
  /** Exit code, or null when ended by a signal or never started. */
  readonly exitCode: number | null;
  readonly exitSignal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** Why the program could not be started (ENOENT…), else null. */
  readonly startError: Error | null;
  readonly stdoutTail: string;
  readonly stderrTail: string;
  /** [Units: seconds] */
  readonly seconds: number;
}

/** Keeps the last `limit` bytes of a stream, cut at a line start when possible. */
function tailKeeper(limit: number): { push(chunk: Buffer): void; text(): string } {
  let buf = Buffer.alloc(0);
  return {
    push(chunk) {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length > 2 * limit) buf = buf.subarray(buf.length - limit);
    },
    text() {
      let t = buf.subarray(Math.max(0, buf.length - limit)).toString('utf8');
      const nl = t.indexOf('\n');
      if (buf.length > limit && nl >= 0 && nl < t.length - 1) t = t.slice(nl + 1);
      return t;
    },
  };
}

/** Signals every process of the group led by `pid`; false if none is left. */
function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    if (process.platform === 'win32') {
      spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    } else {
      process.kill(-pid, signal);
    }
    return true;
  } catch {
    return false; // ESRCH: the group is gone.
  }
}

export function runProcess(argv: readonly string[], o: RunProcessOptions): Promise<ProcessOutcome> {
  const started = Date.now();
  const stdout = tailKeeper(o.tailBytes ?? 4096);
  const stderr = tailKeeper(o.tailBytes ?? 4096);
  return new Promise((resolve) => {
    let log: WriteStream | null = o.logFile ? createWriteStream(o.logFile) : null;
    log?.on('error', () => (log = null)); // a log is a convenience, never a reason to fail
    let timedOut = false;
    let aborted = false;
    let startError: Error | null = null;
    let killTimer: NodeJS.Timeout | null = null;
    const child = spawn(argv[0], argv.slice(1), {
      cwd: o.cwd,
      env: o.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32', // its own process group
      windowsHide: true,
    });
    const stop = () => {
      if (child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      killTimer ??= setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), o.killGraceMs);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, o.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    if (o.signal?.aborted) onAbort();
    else o.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => {
      stdout.push(c);
      log?.write(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr.push(c);
      log?.write(c);
    });
    child.on('error', (e) => {
      startError = e; // 'close' follows
    });
    child.on('exit', () => {
      // Leftovers of the group (a server the script started) would hold the pipes open.
      if (child.pid !== undefined && process.platform !== 'win32')
        signalGroup(child.pid, 'SIGKILL');
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      o.signal?.removeEventListener('abort', onAbort);
      const done = () =>
        resolve({
          exitCode: startError ? null : code,
          exitSignal: startError ? null : signal,
          timedOut,
          aborted,
          startError,
          stdoutTail: stdout.text(),
          stderrTail: stderr.text(),
          seconds: (Date.now() - started) / 1000,
        });
      if (log) log.end(done);
      else done();
    });
  });
}
