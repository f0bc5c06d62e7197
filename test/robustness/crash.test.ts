/**
 * Crash safety: `navgen build` (workers 2, with a cache) killed with SIGKILL at random moments
 * across its run, then rerun to completion, every time:
 *
 * - an output that exists after a kill is a complete one: it equals the clean build's
 *   (outputs are written to a temporary file, flushed and renamed);
 * - whatever else a kill leaves in the output folder is hidden (`.name…tmp`, a stale lock),
 *   never a file with an output's name;
 * - the rerun ends well, recovers the killed build's lock, reports no damaged cache entry
 *   (`--json` warnings), removes the killed build's temporary files, and writes outputs equal
 *   to the clean build's;
 * - every cache entry left over decodes.
 *
 * Kill times are drawn from a fixed seed, spread over the expected duration of the build being
 * killed: a cold one for a quarter of the kills (an emptied cache, so they land while cache
 * entries are written), otherwise as long as the last rerun took.
 *
 * The pipeline is the default one with a coarse fill (../helpers/coarse-fill.ts): every stage
 * still runs and writes what it writes, in about 3 s a build instead of 9 s. What is killed and
 * checked is the build's file handling (temporary files, renames, the lock, cache entries).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeEntry } from '../../src/pipeline/demo-cache.js';
import { SeededRandom } from '../../tools/mvd2-writer/seeded-random.js';
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

const KILLS = 16;
const SEED = 5;
const DEMOS = 3;

describeFixtures('navgen build killed with SIGKILL at random moments', () => {
  const work = tempFolder('crash');
  const out = join(work, 'out');
  const cache = join(work, 'cache');
  let clean: Record<string, string>;
  let coldMs: number;
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  beforeAll(() => {
    ensureBuilt();
    // bin/navgen rebuilds dist/ first when sources changed: not part of the timed build.
    expect(navgen(work, '--version').code).toBe(0);
    writeFileSync(
      join(work, 'wizs.yaml'),
      wizsPipeline(wizsDemos().slice(0, DEMOS), coarseFillStages()),
    );
    const t = Date.now();
    const r = navgen(work, 'build', 'wizs.yaml', '--quiet');
    coldMs = Date.now() - t;
    expect(r.code).toBe(0);
    clean = Object.fromEntries(WIZS_OUTPUTS.map((o) => [o, sha256(join(work, o))]));
    rmSync(out, { recursive: true });
    rmSync(cache, { recursive: true });
  });

  /** Every output that exists is complete, and nothing else in `out/` could pass for one. */
  function expectNoPartialOutput(when: string): void {
    if (!existsSync(out)) return;
    for (const o of WIZS_OUTPUTS)
      if (existsSync(join(work, o))) expect(sha256(join(work, o)), `${o} ${when}`).toBe(clean[o]);
    const names = new Set(WIZS_OUTPUTS.map((o) => o.slice('out/'.length)));
    const others = readdirSync(out).filter((f) => !names.has(f) && !f.endsWith('.html'));
    for (const f of others) expect(f.startsWith('.'), `${f} left in out/ ${when}`).toBe(true);
  }

  it(`${KILLS} kills, each followed by a rerun to completion`, async () => {
    const rnd = new SeededRandom(SEED);
    let interrupted = 0;
    let staleLocks = 0;
    let tempFiles = 0;
    let tempFilesRemoved = 0;
    let warmMs = coldMs;
    for (let k = 0; k < KILLS; k++) {
      if (k % 4 === 0) rmSync(cache, { recursive: true, force: true });
      // Spread over the run being killed: a cold build, or one as long as the last rerun.
      const delay = Math.round(rnd.range(0.02, 0.95) * (k % 4 === 0 ? coldMs : warmMs));
      const build = startNavgen(work, ['build', 'wizs.yaml', '--quiet']);
      await new Promise((r) => setTimeout(r, delay));
      if (build.child.exitCode === null && build.child.kill('SIGKILL')) interrupted++;
      const killed = await build.done;
      const when = `after kill ${k} at ${delay} ms (${killed.signal ?? `exit ${killed.code}`})`;
      expectNoPartialOutput(when);
      const lockLeft = existsSync(join(out, '.wizs.navgen.lock'));
      tempFiles += fg.sync(['out/.*.tmp', 'cache/**/.*.tmp'], { cwd: work, dot: true }).length;

      const started = Date.now();
      // Spawned, not spawnSync: a blocked test worker misses vitest's own calls (onTaskUpdate).
      const rerun = await startNavgen(work, ['build', 'wizs.yaml', '--json', '--no-progress']).done;
      warmMs = Date.now() - started;
      expect(rerun.code, `${when}: ${rerun.stderr}`).toBe(0);
      const summary = JSON.parse(rerun.stdout) as {
        warnings: string[];
        outputs: Record<string, string>;
        removedTempFiles: string[];
      };
      expect(summary.warnings, when).toEqual([]);
      // The killed build's temporary files are gone after the rerun (it removed them).
      expect(fg.sync(['out/.*.tmp', 'cache/**/.*.tmp'], { cwd: work, dot: true }), when).toEqual(
        [],
      );
      tempFilesRemoved += summary.removedTempFiles.length;
      expect(Object.values(summary.outputs)).toEqual(
        expect.arrayContaining(WIZS_OUTPUTS.map((o) => join(work, o))),
      );
      if (lockLeft) {
        staleLocks++;
        expect(rerun.stderr, when).toMatch(
          /removed the stale lock of navgen build \(pid \d+ .*is gone/,
        );
      }
      for (const o of WIZS_OUTPUTS)
        expect(sha256(join(work, o)), `${o} rerun ${when}`).toBe(clean[o]);
      expect(existsSync(join(out, '.wizs.navgen.lock')), when).toBe(false);
    }
    console.info(
      `crash test: ${interrupted} of ${KILLS} builds killed mid-run, ${staleLocks} stale locks recovered, ${tempFiles} temporary files seen after kills, ${tempFilesRemoved} removed by reruns`,
    );
    expect(interrupted).toBeGreaterThanOrEqual(KILLS * 0.6);
    expect(staleLocks).toBeGreaterThan(0);
    expect(tempFilesRemoved).toBe(tempFiles);
    const entries = fg.sync('**/*.ngdc', { cwd: cache, absolute: true });
    expect(entries).toHaveLength(DEMOS);
    for (const e of entries) expect(() => decodeEntry(readFileSync(e))).not.toThrow();
  }, 420_000); // 32 builds of wizs, a quarter of them cold: 105 s alone (258 s with the default fill)
});
