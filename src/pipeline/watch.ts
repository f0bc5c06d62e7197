/**
 * Watch mode: rebuild when the demos of a pipeline change. The demo globs are polled (robust on
 * network and container file systems, where change events get lost); a rebuild starts once the
 * set of demo files — path, size and modification time — has changed and then stayed the same
 * for `settle` milliseconds, so a demo that is still being copied in is not read half-written.
 * Outputs are replaced atomically by the build itself; a failed rebuild leaves them as they
 * were and watching goes on.
 */
import { stat } from 'node:fs/promises';
import { findDemos, runBuild, type BuildObserver, type BuildResult } from './build.js';
import type { PipelineSpec } from './pipeline-spec.js';

export interface WatchOptions {
  /** Time between polls of the demo globs. [Units: ms] [Limit: ≥ 50] */
  readonly interval: number;
  /** How long the demo set must stay unchanged before a rebuild. [Units: ms] */
  readonly settle: number;
}

export const watchDefaults: WatchOptions = Object.freeze({ interval: 2000, settle: 1000 });

export interface WatchEvents {
  /** A build starts; `reason` says why. */
  building?(reason: string): void;
  built?(result: BuildResult, seconds: number): void;
  failed?(error: unknown): void;
  observer?: BuildObserver;
}

/** Path, size and mtime of every matching demo: equal signatures mean nothing changed. */
export async function demoSignature(spec: PipelineSpec): Promise<string> {
  const parts: string[] = [];
  for (const p of await findDemos(spec)) {
    try {
      const s = await stat(p);
      parts.push(`${p}\0${s.size}\0${s.mtimeMs}`);
    } catch {
      // Gone between the glob and the stat: the next poll sees it gone.
    }
  }
  return parts.join('\n');
}

export function watchPipeline(
  spec: PipelineSpec,
  options: Partial<WatchOptions> = {},
  events: WatchEvents = {},
): { stop(): Promise<void>; idle(): Promise<void> } {
  const o = { ...watchDefaults, ...options };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let built = ''; // signature of the last build
  let pending: { signature: string; since: number } | null = null;
  let running: Promise<void> = Promise.resolve();

  const rebuild = async (signature: string, reason: string): Promise<void> => {
    events.building?.(reason);
    const t = Date.now();
    try {
      const result = await runBuild(spec, events.observer);
      events.built?.(result, (Date.now() - t) / 1000);
    } catch (e) {
      events.failed?.(e);
    }
    built = signature;
  };

  const poll = async (): Promise<void> => {
    const signature = await demoSignature(spec);
    if (signature === built) {
      pending = null;
    } else if (!pending || pending.signature !== signature) {
      pending = { signature, since: Date.now() };
    } else if (Date.now() - pending.since >= o.settle) {
      pending = null;
      const before = built ? built.split('\n').length : 0;
      const after = signature ? signature.split('\n').length : 0;
      await rebuild(signature, `demos changed (${before} → ${after} files)`);
    }
  };

  const loop = (): void => {
    if (stopped) return;
    running = poll().finally(() => {
      if (!stopped) timer = setTimeout(loop, o.interval);
    });
  };

  running = (async () => {
    const signature = await demoSignature(spec);
    await rebuild(signature, 'start');
    if (!stopped) timer = setTimeout(loop, o.interval);
  })();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    idle: () => running,
  };
}
