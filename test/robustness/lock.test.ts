/**
 * The build lock (`src/pipeline/build-lock.ts`): one holder at a time, a second waits or gives
 * up with a message naming the holder, stale locks (a dead pid on this host, or no heartbeat
 * for too long) are recovered, and two `navgen build` runs of the same pipeline at once both
 * end well with intact outputs.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireBuildLock,
  BuildLockedError,
  buildLockPath,
  type LockOwner,
} from '../../src/pipeline/build-lock.js';
import { coarseFillStages } from '../helpers/coarse-fill.js';
import { describeFixtures } from '../helpers/fixtures.js';
import {
  ensureBuilt,
  navgen,
  sha256,
  startNavgen,
  tempFolder,
  WIZS_OUTPUTS,
  wizsDemos,
  wizsPipeline,
} from './navgen-cli.js';

const dir = tempFolder('lock');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const lockPath = () => join(dir, `.m${n++}.navgen.lock`);

/** A pid that certainly exited: a finished child's. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

function plantLock(path: string, owner: Partial<LockOwner>, ageMs = 0): void {
  writeFileSync(
    path,
    JSON.stringify({
      pid: 1,
      hostname: hostname(),
      started: new Date().toISOString(),
      command: 'build',
      token: 'planted',
      ...owner,
    }),
  );
  const t = new Date(Date.now() - ageMs);
  utimesSync(path, t, t);
}

describe('acquireBuildLock', () => {
  it('writes the owner record, and release removes it', async () => {
    const path = lockPath();
    const lock = await acquireBuildLock(path, { command: 'build' });
    const owner = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    expect(owner).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      command: 'build',
      token: lock.owner.token,
    });
    expect(Date.parse(owner.started)).toBeGreaterThan(Date.now() - 60_000);
    await lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('a second holder gives up at once with waitMs 0, naming the holder', async () => {
    const path = lockPath();
    const first = await acquireBuildLock(path);
    const e = await acquireBuildLock(path, { waitMs: 0 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BuildLockedError);
    expect((e as Error).message).toContain(`pid ${process.pid} on ${hostname()}`);
    expect((e as Error).message).toContain(path);
    await first.release();
  });

  it('a second holder waits, says so once, and gets the lock when the first releases it', async () => {
    const path = lockPath();
    const first = await acquireBuildLock(path);
    const waits: LockOwner[] = [];
    const second = acquireBuildLock(path, {
      waitMs: 10_000,
      pollMs: 20,
      onWait: (o) => waits.push(o),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(waits.map((o) => o.token)).toEqual([first.owner.token]);
    await first.release();
    const lock = await second;
    expect(JSON.parse(readFileSync(path, 'utf8')).token).toBe(lock.owner.token);
    await lock.release();
  });

  it('never lets two holders in at once, out of many contenders', async () => {
    const path = lockPath();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const lock = await acquireBuildLock(path, { waitMs: 20_000, pollMs: 5 });
        most = Math.max(most, ++inside);
        await new Promise((r) => setTimeout(r, 15));
        inside--;
        await lock.release();
      }),
    );
    expect(most).toBe(1);
    expect(existsSync(path)).toBe(false);
  });

  it('recovers the lock of a process that is gone (a build killed with SIGKILL)', async () => {
    const path = lockPath();
    const pid = deadPid();
    plantLock(path, { pid });
    const stale: string[] = [];
    const lock = await acquireBuildLock(path, {
      waitMs: 0,
      onStale: (o, _p, why) => stale.push(`${o?.pid}: ${why}`),
    });
    expect(stale).toEqual([`${pid}: process ${pid} is gone`]);
    await lock.release();
  });

  it('recovers a lock without heartbeat for longer than the limit, from any host; a fresh foreign one holds', async () => {
    const old = lockPath();
    plantLock(old, { hostname: 'elsewhere', pid: process.pid }, 2 * 3_600_000);
    const lock = await acquireBuildLock(old, { waitMs: 0 });
    await lock.release();
    const fresh = lockPath();
    plantLock(fresh, { hostname: 'elsewhere', pid: deadPid() });
    await expect(acquireBuildLock(fresh, { waitMs: 0 })).rejects.toThrow(/pid \d+ on elsewhere/);
  });

  it('an unreadable lock holds while fresh and is recovered once old', async () => {
    const path = lockPath();
    writeFileSync(path, 'garbage');
    await expect(acquireBuildLock(path, { waitMs: 0 })).rejects.toThrow(/unknown build/);
    const t = new Date(Date.now() - 3_600_000);
    utimesSync(path, t, t);
    await (await acquireBuildLock(path, { waitMs: 0 })).release();
  });

  it('the holder keeps its lock fresh, and release leaves a lock that is no longer its own', async () => {
    const path = lockPath();
    const lock = await acquireBuildLock(path, { heartbeatMs: 30 });
    const t = new Date(Date.now() - 3_600_000);
    utimesSync(path, t, t);
    await new Promise((r) => setTimeout(r, 150));
    expect(statSync(path).mtimeMs).toBeGreaterThan(Date.now() - 10_000);
    plantLock(path, { pid: process.pid, token: 'someone else' });
    await lock.release();
    expect(JSON.parse(readFileSync(path, 'utf8')).token).toBe('someone else');
  });
});

describeFixtures('navgen build with the lock', () => {
  let clean: Record<string, string>;
  const work = join(dir, 'cli');
  beforeAll(() => {
    ensureBuilt();
    mkdirSync(work, { recursive: true });
    // A coarse fill (../helpers/coarse-fill.ts): the lock is the same, a build 3 s, not 9.
    writeFileSync(
      join(work, 'wizs.yaml'),
      wizsPipeline(wizsDemos().slice(0, 2), coarseFillStages()),
    );
    const r = navgen(work, 'build', 'wizs.yaml', '--quiet', '--no-cache');
    expect(r.code).toBe(0);
    clean = Object.fromEntries(WIZS_OUTPUTS.map((o) => [o, sha256(join(work, o))]));
    rmSync(join(work, 'out'), { recursive: true });
  });

  it('two builds of the same pipeline at once both end well, one after the other, with intact outputs', async () => {
    const a = startNavgen(work, ['build', 'wizs.yaml', '--json', '--no-progress']);
    const b = startNavgen(work, ['build', 'wizs.yaml', '--json', '--no-progress']);
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    expect(
      [ra.stderr, rb.stderr].filter((s) =>
        /waiting up to 600 s for navgen build \(pid \d+/.test(s),
      ),
    ).toHaveLength(1);
    for (const r of [ra, rb]) expect(JSON.parse(r.stdout).warnings).toEqual([]);
    for (const o of WIZS_OUTPUTS) expect(sha256(join(work, o)), o).toBe(clean[o]);
    expect(existsSync(buildLockPath(join(work, 'out/wizs.nav'), 'wizs'))).toBe(false);
  });

  it('--lock-wait 0 gives up at once with exit code 5 and names the holder; nothing is written', async () => {
    const lock = buildLockPath(join(work, 'out/wizs.nav'), 'wizs');
    plantLock(lock, { pid: process.pid, command: 'watch' });
    const before = WIZS_OUTPUTS.map((o) => statSync(join(work, o)).mtimeMs);
    const r = navgen(work, 'build', 'wizs.yaml', '--quiet', '--lock-wait', '0');
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      new RegExp(`^navgen: .*\\.wizs\\.navgen\\.lock: navgen watch \\(pid ${process.pid} on `),
    );
    expect(WIZS_OUTPUTS.map((o) => statSync(join(work, o)).mtimeMs)).toEqual(before);
    rmSync(lock);
  });

  it('navgen watch holds the lock while it runs: a build gives up (exit 5) naming it, and succeeds once watch stops', async () => {
    const watch = startNavgen(work, ['watch', 'wizs.yaml', '--interval', '200']);
    const lock = buildLockPath(join(work, 'out/wizs.nav'), 'wizs');
    for (let t = Date.now(); !existsSync(lock) && Date.now() - t < 20_000;)
      await new Promise((r) => setTimeout(r, 50));
    const blocked = navgen(work, 'build', 'wizs.yaml', '--quiet', '--lock-wait', '0');
    expect(blocked.code).toBe(5);
    expect(blocked.stderr).toMatch(/navgen watch \(pid \d+ on /);
    watch.child.kill('SIGINT');
    expect((await watch.done).code).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(navgen(work, 'build', 'wizs.yaml', '--quiet', '--lock-wait', '0').code).toBe(0);
  });

  it('recovers the stale lock of a killed build and says so', () => {
    const lock = buildLockPath(join(work, 'out/wizs.nav'), 'wizs');
    const pid = deadPid();
    plantLock(lock, { pid });
    const r = navgen(work, 'build', 'wizs.yaml', '--quiet', '--lock-wait', '0');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `removed the stale lock of navgen build (pid ${pid} on ${hostname()}`,
    );
    expect(r.stderr).toContain(`process ${pid} is gone`);
    for (const o of WIZS_OUTPUTS) expect(sha256(join(work, o))).toBe(clean[o]);
    expect(existsSync(lock)).toBe(false);
  });
});
