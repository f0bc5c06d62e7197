/**
 * Watch mode rebuilds when demos appear or disappear (once they stop changing) and replaces the
 * outputs; a half-copied demo is not read while it is still growing.
 */
import {
  copyFileSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { expect, it } from 'vitest';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import {
  separateStillWritten,
  STILL_WRITTEN_SECONDS,
  watchPipeline,
} from '../../src/pipeline/watch.js';
import { runBuild } from '../../src/pipeline/build.js';
import { gunzipSync } from 'node:zlib';
import { statSync } from 'node:fs';
import type { BuildResult } from '../../src/pipeline/build.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

describeFixtures('navgen watch', () => {
  it('rebuilds when demos are added (after they settle) and removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-watch-'));
    const demoDir = join(dir, 'demos');
    mkdirSync(demoDir);
    const sources = fg.sync(fixture('demos/mvd2/corpus/wizs/*.mvd2.gz').replace(/\\/g, '/')).sort();
    copyFileSync(sources[0], join(demoDir, 'a.mvd2.gz'));
    const spec = await pipelineFromFlags(
      {
        map: 'wizs',
        out: join(dir, 'wizs.nav'),
        demos: ['replaced below'],
        minDemos: 1,
        cache: join(dir, 'cache'),
        workers: 1,
      },
      dir,
    );
    const watched = { ...spec, demos: [join(demoDir, '*.mvd2.gz').replace(/\\/g, '/')] };
    const builds: BuildResult[] = [];
    const reasons: string[] = [];
    const w = watchPipeline(
      watched,
      { interval: 100, settle: 400 },
      { built: (r) => builds.push(r), building: (r) => reasons.push(r) },
    );
    try {
      await waitFor(() => builds.length === 1);
      const first = sha(join(dir, 'wizs.nav'));
      expect(builds[0].demos).toHaveLength(1);

      // A demo copied in slowly: no build while it grows.
      const partial = join(demoDir, 'b.mvd2.gz');
      const bytes = readFileSync(sources[1]);
      writeFileSync(partial, bytes.subarray(0, 1000));
      for (let i = 1000; i < bytes.length; i += Math.ceil(bytes.length / 4)) {
        await new Promise((r) => setTimeout(r, 150));
        appendFileSync(
          partial,
          bytes.subarray(i, Math.min(bytes.length, i + Math.ceil(bytes.length / 4))),
        );
      }
      await waitFor(() => builds.length === 2);
      expect(builds[1].demos).toHaveLength(2);
      expect(builds[1].demos.every((d) => d.status === 'used')).toBe(true);
      expect(builds[1].demos.find((d) => d.file.includes('a.mvd2'))?.source).toBe('cache');
      expect(sha(join(dir, 'wizs.nav'))).not.toBe(first);

      rmSync(partial);
      await waitFor(() => builds.length === 3);
      expect(builds[2].demos).toHaveLength(1);
      expect(sha(join(dir, 'wizs.nav'))).toBe(first);
      expect(reasons[1]).toMatch(/1 → 2 files/);
    } finally {
      await w.stop();
    }
  }, 60_000);
});

describeFixtures('a demo the server is still recording', () => {
  it('is said to be still being written, not damaged, while it changed recently', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-watch-live-'));
    try {
      // The first 60 % of a demo, as a recording server leaves it between two writes.
      const whole = gunzipSync(
        readFileSync(
          fixture(
            'demos',
            'mvd2',
            'corpus',
            'wizs',
            fg.sync('*.mvd2.gz', { cwd: fixture('demos', 'mvd2', 'corpus', 'wizs') }).sort()[0],
          ),
        ),
      );
      const live = join(dir, 'live.mvd2');
      writeFileSync(live, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const spec = await pipelineFromFlags(
        { map: 'wizs', out: join(dir, 'wizs.nav'), demos: [live], cache: false, html: false },
        dir,
      );
      const result = await runBuild(spec);
      const cut = result.demos[0].warnings.filter((w) => w.includes('without the end mark'));
      expect(cut).toHaveLength(1);
      const mtime = statSync(live).mtimeMs;
      const fresh = await separateStillWritten(spec, result, mtime + 5_000);
      expect(fresh.stillWritten).toEqual([{ file: 'live.mvd2', secondsAgo: 5 }]);
      expect(fresh.result.demos[0].warnings).toEqual([]);
      // Left alone for longer than the server would pause: a demo cut short, as before.
      const old = await separateStillWritten(
        spec,
        result,
        mtime + (STILL_WRITTEN_SECONDS + 1) * 1000,
      );
      expect(old.stillWritten).toEqual([]);
      expect(old.result.demos[0].warnings).toEqual(result.demos[0].warnings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
