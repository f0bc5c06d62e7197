/**
 * One build of a pipeline's outputs at a time: `<output folder>/.<map>.navgen.lock`.
 *
 * Two builds writing the same `.nav` at once would each replace it atomically, so neither
 * could corrupt a file, but their outputs could come from different inputs (the nav of one,
 * the report of the other) and their cache writes would race. The lock makes the second build
 * wait (or give up with {@link BuildLockedError}) until the first is done.
 *
 * - Taking the lock is atomic: the owner record (pid, hostname, start time, command) is
 *   written and flushed to a temporary file, which is then hard-linked to the lock's name; the
 *   link fails if the lock exists (like `open(O_CREAT | O_EXCL)`, but the lock is never seen
 *   empty or half-written, even after a crash between creating and writing it).
 * - A held lock is touched every {@link BuildLockOptions.heartbeatMs}, so its modification
 *   time says the owner is alive even where its pid cannot be checked (another host sharing
 *   the folder).
 * - A lock is stale when its owner runs on this host and its pid is gone (a build killed with
 *   SIGKILL), or when it was not touched for {@link BuildLockOptions.staleAfterMs} (a dead
 *   host, or a pid reused by another program). A stale lock is moved aside under a unique name
 *   (rename is atomic: of two builds recovering it at once, one wins), checked to be the one
 *   judged stale, and removed.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { primaryNavOutput, type NavOutputPaths } from '../sinks/nav-sinks.js';

/** Who holds a lock (the lock file's JSON). */
export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  /** ISO 8601 time the lock was taken. */
  readonly started: string;
  /** What holds it (`build`, `watch`), for messages. */
  readonly command: string;
  /** Random token: tells this holder's lock from a later one at the same path. */
  readonly token: string;
}

export interface BuildLockOptions {
  /** How long to wait for a held lock; 0 gives up at once. [Units: ms] */
  readonly waitMs: number;
  /** How often to look again while waiting. [Units: ms] */
  readonly pollMs: number;
  /** A lock not touched for this long is stale, whoever holds it. [Units: ms] */
  readonly staleAfterMs: number;
  /** How often the holder touches its lock. [Units: ms] [Limit: well below staleAfterMs] */
  readonly heartbeatMs: number;
  /** Recorded in the lock for messages. */
  readonly command: string;
  /** Called once when the lock is held by another live build and we start waiting. */
  readonly onWait?: (owner: LockOwner, path: string) => void;
  /** Called when a stale lock was removed. */
  readonly onStale?: (owner: LockOwner | null, path: string, why: string) => void;
}

export const buildLockDefaults: Readonly<BuildLockOptions> = Object.freeze({
  waitMs: 10 * 60_000,
  pollMs: 250,
  staleAfterMs: 30 * 60_000,
  heartbeatMs: 60_000,
  command: 'build',
});

/** The lock could not be taken within the wait: another live build holds it. */
export class BuildLockedError extends Error {
  constructor(
    readonly path: string,
    readonly owner: LockOwner | null,
    /** How long it waited. [Units: ms] */
    waitedMs: number,
  ) {
    super(
      `${path}: ${describeOwner(owner)} holds the lock of this pipeline's outputs` +
        (waitedMs > 0 ? `; gave up after waiting ${Math.round(waitedMs / 1000)} s` : '') +
        ' (it is removed when that build ends, or found stale if it was killed)',
    );
    this.name = 'BuildLockedError';
  }
}

export interface BuildLock {
  readonly path: string;
  readonly owner: LockOwner;
  /** Stops the heartbeat and removes the lock if it is still ours. */
  release(): Promise<void>;
}

/** `<output folder>/.<map>.navgen.lock` for a pipeline writing `navPath` for `map`. */
export function buildLockPath(navPath: string, map: string): string {
  return join(dirname(navPath), `.${map}.navgen.lock`);
}

export function describeOwner(owner: LockOwner | null): string {
  if (!owner) return 'an unknown build (unreadable lock)';
  return `navgen ${owner.command} (pid ${owner.pid} on ${owner.hostname}, since ${owner.started})`;
}

function unique(path: string, what: string): string {
  return join(
    dirname(path),
    `.${basename(path).replace(/^\./, '')}.${what}-${process.pid}-${randomBytes(6).toString('hex')}`,
  );
}

async function readOwner(path: string): Promise<LockOwner | null> {
  try {
    const o = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    if (typeof o.pid === 'number' && typeof o.hostname === 'string' && typeof o.token === 'string')
      return o as LockOwner;
    return null;
  } catch {
    return null;
  }
}

/** Whether process `pid` exists on this host (EPERM: it does, under another user). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why the lock at `path` (owned by `owner`, last touched at `mtimeMs`) is stale, or null. */
function staleness(owner: LockOwner | null, mtimeMs: number, o: BuildLockOptions): string | null {
  const age = Date.now() - mtimeMs;
  if (age > o.staleAfterMs) return `not touched for ${Math.round(age / 1000)} s`;
  if (owner && owner.hostname === hostname() && owner.pid !== process.pid && !pidAlive(owner.pid))
    return `process ${owner.pid} is gone`;
  return null;
}

/** Writes the owner record to a temporary file and links it to `path`; false if the lock exists. */
async function tryCreate(path: string, owner: LockOwner): Promise<boolean> {
  const temp = unique(path, 'new');
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(JSON.stringify(owner) + '\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    await rm(temp, { force: true });
  }
}

/** Moves a stale lock aside and removes it, unless it changed hands since it was judged stale. */
async function removeStale(path: string, judged: LockOwner | null): Promise<boolean> {
  const aside = unique(path, 'stale');
  try {
    await rename(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true; // someone else removed it
    throw e;
  }
  const moved = await readOwner(aside);
  if (judged === null ? moved === null : moved?.token === judged.token) {
    await rm(aside, { force: true });
    return true;
  }
  // Not the lock we judged (it was replaced meanwhile): put it back if its place is free.
  try {
    await link(aside, path);
  } catch {
    // Taken again already: the newer holder keeps it.
  }
  await rm(aside, { force: true });
  return false;
}

/** Takes the lock at `path`, waiting for a live holder up to `waitMs` (see the module comment). */
export async function acquireBuildLock(
  path: string,
  options: Partial<BuildLockOptions> = {},
): Promise<BuildLock> {
  const o = { ...buildLockDefaults, ...options };
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    started: new Date().toISOString(),
    command: o.command,
    token: randomBytes(12).toString('hex'),
  };
  const since = Date.now();
  let waiting = false;
  for (;;) {
    if (await tryCreate(path, owner)) break;
    const holder = await readOwner(path);
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(path)).mtimeMs;
    } catch {
      continue; // released meanwhile: try again at once
    }
    const why = staleness(holder, mtimeMs, o);
    if (why) {
      if (await removeStale(path, holder)) o.onStale?.(holder, path, why);
      continue;
    }
    const waited = Date.now() - since;
    if (waited >= o.waitMs) throw new BuildLockedError(path, holder, o.waitMs);
    if (!waiting) {
      waiting = true;
      if (holder) o.onWait?.(holder, path);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(o.pollMs, o.waitMs - waited)));
  }
  const heartbeat = setInterval(() => {
    const now = new Date();
    void utimes(path, now, now).catch(() => undefined);
  }, o.heartbeatMs);
  heartbeat.unref();
  return {
    path,
    owner,
    async release() {
      clearInterval(heartbeat);
      const current = await readOwner(path);
      if (current?.token === owner.token) await rm(path, { force: true });
    },
  };
}

/**
 * Takes the lock of a pipeline's outputs for a command (`build`, `watch`), creating the output
 * folder if needed; `say` gets one line when it starts waiting and when it removes a stale lock.
 * [Units: waitSeconds in s]
 */
export async function lockOutputs(
  spec: {
    readonly map: string;
    /** The nav files it writes (the lock goes beside the primary one). */
    readonly output: NavOutputPaths;
  },
  command: string,
  waitSeconds: number,
  say: (line: string) => void,
): Promise<BuildLock> {
  const nav = primaryNavOutput(spec.output);
  await mkdir(dirname(nav), { recursive: true });
  return acquireBuildLock(buildLockPath(nav, spec.map), {
    command,
    waitMs: waitSeconds * 1000,
    onWait: (owner, path) =>
      say(
        `navgen: waiting up to ${waitSeconds} s for ${describeOwner(owner)} to finish (lock ${path})\n`,
      ),
    onStale: (owner, path, why) =>
      say(`navgen: removed the stale lock of ${describeOwner(owner)}: ${why} (${path})\n`),
  });
}
