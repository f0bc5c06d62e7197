/**
 * Batch isolation: one bad demo among good ones never stops the build and is listed in the
 * report with its error. Quarantined (the default), it contributes nothing: the `.nav` equals
 * the build without it, byte for byte. With `damaged: keep-prefix` the frames before its damage
 * count: its votes are used and the nav differs from the quarantine build's when that prefix
 * held votes. Damage kinds: a damaged MVD2 stream, a damaged gzip layer, garbage, a file that is
 * not a demo at all, an unreadable file; a cut file is not damage but a partial demo (TRUNCATED
 * warning, its frames used).
 *
 * The builds through the library use a coarse fill (../helpers/coarse-fill.ts): what is compared
 * is which demos count, not how much of the map fill covers. The two command-line builds use the
 * default pipeline, like a user; the nav they are compared with is built so too.
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBuild, type BuildResult, type DemoReport } from '../../src/pipeline/build.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { SeededRandom } from '../../tools/mvd2-writer/seeded-random.js';
import { withCoarseFill } from '../helpers/coarse-fill.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { ensureBuilt, sha256, startNavgen, tempFolder, wizsDemos } from './navgen-cli.js';

describeFixtures('one bad demo among good ones', () => {
  const work = tempFolder('isolation');
  const bad = join(work, 'bad');
  const good = wizsDemos().slice(0, 3);
  const source = wizsDemos()[3];
  let without: BuildResult;
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const build = async (
    name: string,
    extra: string[],
    damaged?: 'keep-prefix',
    fill: 'coarse' | 'default' = 'coarse',
  ) => {
    const spec = await pipelineFromFlags(
      {
        map: 'wizs',
        bsp: fixture('maps', 'wizs.bsp'),
        out: join(work, `${name}.nav`),
        report: join(work, `${name}.json`),
        demos: [...good, ...extra],
        cache: join(work, 'cache'),
        workers: 2,
        damaged,
      },
      work,
    );
    return runBuild(fill === 'coarse' ? withCoarseFill(spec) : spec);
  };
  const nav = (name: string) => sha256(join(work, `${name}.nav`));
  const reportOf = (name: string, file: string) =>
    (
      JSON.parse(readFileSync(join(work, `${name}.json`), 'utf8')) as {
        demos: {
          list: { file: string; status: string; error: string | null; warnings: string[] }[];
        };
      }
    ).demos.list.find((d) => file.endsWith(d.file.replace(/^(\.\.\/)+/, '')))!;
  const entry = (r: BuildResult, file: string): DemoReport =>
    r.demos.find((d) => file.endsWith(d.file.replace(/^(\.\.\/)+/, '')))!;

  /** The source demo's MVD2 stream with 64 garbage bytes at 60 %, gzip-wrapped again. */
  let streamDamaged: string;
  /** The source demo with garbage inside its deflate data at 50 %. */
  let gzipDamaged: string;
  let garbage: string;
  let notADemo: string;
  let cut: string;
  /** Frames of the undamaged source demo. */
  let sourceFrames: number;

  beforeAll(async () => {
    mkdirSync(bad);
    const stream = gunzipSync(readFileSync(source));
    const rnd = new SeededRandom(3);
    const hit = Math.floor(stream.length * 0.6);
    const damaged = Buffer.from(stream);
    for (let i = 0; i < 64; i++) damaged[hit + i] = rnd.int(0, 255);
    streamDamaged = join(bad, 'stream-damaged.mvd2.gz');
    writeFileSync(streamDamaged, gzipSync(damaged));
    const gz = readFileSync(source);
    gzipDamaged = join(bad, 'gzip-damaged.mvd2.gz');
    writeFileSync(
      gzipDamaged,
      Buffer.concat([
        gz.subarray(0, gz.length >> 1),
        Buffer.alloc(4000, 0x5a),
        gz.subarray((gz.length >> 1) + 4000),
      ]),
    );
    garbage = join(bad, 'garbage.mvd2');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 50_000 }, () => rnd.int(0, 255))));
    notADemo = join(bad, 'not-a-demo.mvd2.gz');
    copyFileSync(fixture('maps', 'wizs.bsp'), notADemo);
    cut = join(bad, 'cut.mvd2');
    writeFileSync(cut, stream.subarray(0, stream.length >> 1));
    without = await build('without', []);
    sourceFrames = entry(await build('source', [source]), source).frames;
    expect(sourceFrames).toBeGreaterThan(1000);
  });

  it.each([
    ['a damaged MVD2 stream', () => streamDamaged, /BAD_|BLOCK_OVERRUN/],
    ['a damaged gzip layer', () => gzipDamaged, /BAD_GZIP|BAD_|BLOCK_OVERRUN/],
    ['garbage', () => garbage, /BAD_MAGIC/],
    ['a file that is not a demo (a BSP)', () => notADemo, /BAD_MAGIC/],
  ])(
    '%s is quarantined with its error in the report, and the nav equals the build without it',
    async (what, file, code) => {
      const name = `q-${what.replace(/\W+/g, '-')}`;
      const r = await build(name, [file()]);
      expect(r.demos).toHaveLength(good.length + 1);
      const e = entry(r, file());
      expect(e).toMatchObject({ status: 'quarantined', used: false });
      expect(e.error).toMatch(code);
      // The reader's message: the file and the byte offset of the damage.
      expect(e.error).toMatch(
        new RegExp(`${file().split('/').pop()!.replace(/\./g, '\\.')}@0x[0-9a-f]+[ :]`),
      );
      expect(reportOf(name, file())).toMatchObject({ status: 'quarantined', error: e.error });
      // Frames before the damage are counted even though none is used.
      if (what.startsWith('a damaged')) expect(e.frames).toBeGreaterThan(sourceFrames * 0.3);
      else expect(e.frames).toBe(0);
      expect(r.demos.filter((d) => d !== e).every((d) => d.status === 'used')).toBe(true);
      expect(nav(name)).toBe(nav('without'));
      expect(r.nav.nodes).toBe(without.nav.nodes);
    },
  );

  it('keep-prefix: the frames before the damage count, and the nav differs from the quarantine build', async () => {
    for (const [name, file] of [
      ['k-stream', streamDamaged],
      ['k-gzip', gzipDamaged],
    ] as const) {
      const r = await build(name, [file], 'keep-prefix');
      const e = entry(r, file);
      expect(e.status).toBe('partial');
      expect(e.used).toBe(true);
      // The frames read before the damage (the damage sits at 50–60 % of the demo).
      expect(e.frames).toBeGreaterThan(sourceFrames * 0.3);
      expect(e.frames).toBeLessThan(sourceFrames * 0.7);
      expect(e.error).toMatch(/BAD_|BLOCK_OVERRUN/);
      expect(e.nodeVotes).toBeGreaterThan(500);
      expect(e.linkVotes).toBeGreaterThan(100);
      expect(nav(name)).not.toBe(nav('without'));
    }
    // A prefix without frames (garbage from byte 0) has no votes: the nav is the quarantine one.
    const r = await build('k-garbage', [garbage], 'keep-prefix');
    expect(entry(r, garbage)).toMatchObject({ status: 'partial', nodeVotes: 0, frames: 0 });
    expect(nav('k-garbage')).toBe(nav('without'));
  });

  it('a cut demo is partial, not damaged: used up to the cut, with its TRUNCATED warning in the report', async () => {
    const r = await build('cut', [cut]);
    const e = entry(r, cut);
    expect(e).toMatchObject({ status: 'used', used: true, error: null });
    expect(e.warnings.join()).toMatch(/stops without the end mark/);
    expect(reportOf('cut', cut).warnings.join()).toMatch(/stops without the end mark/);
    expect(e.frames).toBeGreaterThan(500);
    expect(e.frames).toBeLessThan(2397);
  });

  it('an unreadable file (no read permission) fails alone: exit 3, listed with its error, the nav as without it', async () => {
    ensureBuilt();
    const unreadable = join(bad, 'unreadable.mvd2.gz');
    copyFileSync(good[0], unreadable);
    chmodSync(unreadable, 0o000);
    // Root reads anything: run the command as an unprivileged user then (nobody).
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const cli = join(work, 'cli');
    mkdirSync(cli, { mode: 0o777 });
    chmodSync(work, 0o755);
    chmodSync(cli, 0o777);
    const args = [
      'build',
      '--map',
      'wizs',
      '--bsp',
      fixture('maps', 'wizs.bsp'),
      '--out',
      join(cli, 'wizs.nav'),
      '--report',
      join(cli, 'r.json'),
      '--no-cache',
      '--workers',
      '2',
      '--json',
      ...good,
      unreadable,
    ];
    const run = await startNavgen(cli, args, asUser).done;
    expect(run.code, run.stderr).toBe(3);
    const summary = JSON.parse(run.stdout) as {
      demos: { file: string; status: string; error?: string }[];
    };
    const e = summary.demos.find((d) => d.file.endsWith('unreadable.mvd2.gz'))!;
    expect(e.status).toBe('failed');
    expect(e.error).toMatch(/EACCES|permission denied/i);
    expect(summary.demos.filter((d) => d !== e).map((d) => d.status)).toEqual([
      'used',
      'used',
      'used',
    ]);
    // The command line builds with the default fill: so is the build without it compared here.
    await build('without-default-fill', [], undefined, 'default');
    expect(sha256(join(cli, 'wizs.nav'))).toBe(nav('without-default-fill'));
  }, 120_000); // two whole wizs builds with the default fill

  it('a kept prefix is still damage to a script: exit 3, status partial', async () => {
    ensureBuilt();
    const out = join(work, 'cli-prefix');
    mkdirSync(out);
    const args = ['build', '--map', 'wizs', '--bsp', fixture('maps', 'wizs.bsp')];
    args.push('--out', join(out, 'wizs.nav'), '--no-cache', '--no-html', '--json');
    args.push('--keep-damaged-prefix', ...good, streamDamaged);
    const run = await startNavgen(out, args).done;
    expect(run.code, run.stderr).toBe(3);
    const summary = JSON.parse(run.stdout) as { demos: { file: string; status: string }[] };
    expect(summary.demos.find((d) => d.file.endsWith('stream-damaged.mvd2.gz'))!.status).toBe(
      'partial',
    );
  });
});
