/**
 * Watch mode: rebuild when the demos of a pipeline change, or its edits file (`edits:`). The demo globs are polled (robust on
 * network and container file systems, where change events get lost); a rebuild starts once the
 * set of demo files — path, size and modification time — has changed and then stayed the same
 * for `settle` milliseconds, so a demo that is still being copied in is not read half-written.
 * Outputs are replaced atomically by the build itself; a failed rebuild leaves them as they
 * were and watching goes on.
 *
 * A demo the server is still recording grows in bursts (longer apart than `settle`), so a
 * rebuild may read it before its end: it then stops without the end mark. Such a demo, changed
 * within the last `STILL_WRITTEN_SECONDS`, is reported as still being written, not as damaged:
 * its frames so far are used, and it is read again when it next changes.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { findDemos, runBuild, type BuildObserver, type BuildResult } from './build.js';
import { pollSettled, type Poller } from './settled-poll.js';
import type { PipelineSpec } from './pipeline-spec.js';

export interface WatchOptions {
  /** Time between polls of the demo globs. [Units: ms] [Limit: ≥ 50] */
  readonly interval: number;
  /** How long the demo set must stay unchanged before a rebuild. [Units: ms] */
  readonly settle: number;
}

export const watchDefaults: WatchOptions = Object.freeze({ interval: 2000, settle: 1000 });

/** A demo cut short and changed this recently is still being written. [Units: s] */
export const STILL_WRITTEN_SECONDS = 120;

/** The start of the reader's warning for a demo that stops without its end mark. */
const NO_END_MARK = 'demo stops without the end mark';

export interface WatchEvents {
  /** A build starts; `reason` says why. */
  building?(reason: string): void;
  /**
   * A build ended. `stillWritten`: the demos (as the build names them) that stopped without
   * their end mark and changed within `STILL_WRITTEN_SECONDS`, with the seconds since; the
   * build's result no longer calls them damaged.
   */
  built?(
    result: BuildResult,
    seconds: number,
    stillWritten: readonly { file: string; secondsAgo: number }[],
  ): void;
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

/**
 * Size and mtime of the pipeline's edits file (`navgen view` saves it as an admin mends the
 * nav), '' without one, `missing` when it is gone: a change rebuilds as a demo's does.
 */
export async function editsSignature(spec: PipelineSpec): Promise<string> {
  if (!spec.edits) return '';
  const s = await stat(spec.edits).catch(() => null);
  return s ? `${s.size}\0${s.mtimeMs}` : 'missing';
}

/** What a rebuild waits for a change of: the demos and the edits file. */
interface WatchedState {
  readonly demos: string;
  readonly edits: string;
}

export function watchPipeline(
  spec: PipelineSpec,
  options: Partial<WatchOptions> = {},
  events: WatchEvents = {},
): Poller {
  return pollSettled<WatchedState>(
    {
      look: async () => ({ demos: await demoSignature(spec), edits: await editsSignature(spec) }),
      same: (a, b) => a.demos === b.demos && a.edits === b.edits,
      async act(state, before) {
        const files = (s: string) => (s ? s.split('\n').length : 0);
        const reason =
          before === null
            ? 'start'
            : before.demos !== state.demos
              ? `demos changed (${files(before.demos)} → ${files(state.demos)} files)`
              : 'edits file changed';
        events.building?.(reason);
        const t = Date.now();
        try {
          const result = await runBuild(spec, events.observer);
          const { result: told, stillWritten } = await separateStillWritten(spec, result);
          events.built?.(told, (Date.now() - t) / 1000, stillWritten);
        } catch (e) {
          // A failed build leaves the outputs as they were; the next change is built again.
          events.failed?.(e);
        }
      },
      failed: (e) => events.failed?.(e),
    },
    { ...watchDefaults, ...options },
  );
}

/**
 * The demos of `result` that stop without their end mark and changed within
 * `STILL_WRITTEN_SECONDS`, and the result without that warning on them.
 */
export async function separateStillWritten(
  spec: PipelineSpec,
  result: BuildResult,
  now = Date.now(),
): Promise<{ result: BuildResult; stillWritten: { file: string; secondsAgo: number }[] }> {
  const stillWritten: { file: string; secondsAgo: number }[] = [];
  const demos = await Promise.all(
    result.demos.map(async (d) => {
      const cut = d.warnings.filter((w) => w.includes(NO_END_MARK));
      if (cut.length === 0 || !d.used) return d;
      const s = await stat(resolve(spec.baseDir, d.file)).catch(() => null);
      const secondsAgo = s ? Math.max(0, (now - s.mtimeMs) / 1000) : Infinity;
      if (secondsAgo > STILL_WRITTEN_SECONDS) return d;
      stillWritten.push({ file: d.file, secondsAgo });
      return { ...d, warnings: d.warnings.filter((w) => !w.includes(NO_END_MARK)) };
    }),
  );
  return { result: { ...result, demos }, stillWritten };
}
