/**
 * `navgen view` as a child process, as an admin runs it: started with its arguments, its URL
 * read from the first lines it prints, stopped with SIGINT. For the viewer's browser tests,
 * benchmark and screenshots.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ViewProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Time from spawn to the URL printed. [Units: ms] */
  readonly startMs: number;
  stop(): Promise<number | null>;
}

const root = join(import.meta.dirname, '..', '..');

export function startView(args: readonly string[], cwd = root): Promise<ViewProcess> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin', 'navgen'), 'view', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`navgen view printed no URL in 60 s:\n${out}`));
    }, 60_000);
    const look = () => {
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      const startMs = performance.now() - t0;
      resolve({
        url: m[1],
        child,
        startMs,
        output: () => out,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done(child.exitCode);
            child.once('exit', (code) => done(code));
            child.kill('SIGINT');
          }),
      });
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`navgen view exited (${code}) before printing its URL:\n${out}`));
    });
  });
}
