/**
 * Builds from real demos are deterministic whatever the worker count, demo order and cache
 * state; the per-demo cache reads only what changed and never trusts a damaged entry.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { beforeAll, expect, it } from 'vitest';
import { runBuild, type BuildResult } from '../../src/pipeline/build.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

describeFixtures('build determinism and caching (wizs corpus)', () => {
  let dir: string;
  let demos: string[];
  /**
   * The reference build: the four demos, workers 2, a cold cache (`dir/cache`). The first test
   * checks that every other way of building them gives its bytes; the later tests compare their
   * builds with it instead of building the same nav again (a whole wizs build is 10 s).
   */
  let cold: BuildResult;
  let coldNav: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'navgen-build-'));
    demos = fg.sync(fixture('demos/mvd2/corpus/wizs/*.mvd2.gz').replace(/\\/g, '/')).sort();
    cold = await build(await spec('cold', demos, { workers: 2 }));
    coldNav = join(dir, 'cold.nav');
  }, 120_000);

  const spec = (
    name: string,
    list: string[],
    more: Partial<Parameters<typeof pipelineFromFlags>[0]> = {},
  ) =>
    pipelineFromFlags(
      {
        map: 'wizs',
        bsp: fixture('maps/wizs.bsp'),
        out: join(dir, `${name}.nav`),
        demos: list,
        cache: join(dir, 'cache'),
        ...more,
      },
      dir,
    );

  const build = async (s: PipelineSpec): Promise<BuildResult> => runBuild(s);

  it('gives the same bytes for workers 1/2/4, any demo order, cold and warm cache', async () => {
    expect(cold.demos.every((d) => d.source === 'read')).toBe(true);
    const warm = await build(await spec('warm', demos, { workers: 1 }));
    expect(warm.demos.every((d) => d.source === 'cache')).toBe(true);
    await build(await spec('reversed', [...demos].reverse(), { workers: 4 }));
    await build(await spec('nocache', demos, { workers: 1, cache: false }));
    const h = sha(coldNav);
    expect(sha(join(dir, 'warm.nav'))).toBe(h);
    expect(sha(join(dir, 'reversed.nav'))).toBe(h);
    expect(sha(join(dir, 'nocache.nav'))).toBe(h);
    expect(cold.nav.nodes).toBeGreaterThan(100);
    // Three more whole builds of wizs (fill runs every link from the bot's reach): 30 s alone.
  }, 300_000);

  it('pipeline file and flag form produce identical bytes', async () => {
    const yaml = join(dir, 'wizs.yaml');
    writeFileSync(
      yaml,
      `map: wizs\nbsp: ${fixture('maps/wizs.bsp')}\ndemos:\n${demos.map((d) => `  - ${d}`).join('\n')}\noutput: { nav: file.nav }\ncache: cache\nworkers: 2\n`,
    );
    await build(await loadPipelineFile(yaml));
    // The flag form of the same settings is the reference build.
    expect(sha(join(dir, 'file.nav'))).toBe(sha(coldNav));
  });

  it('reads only the added demo and reuses every entry when a graph parameter changes', async () => {
    const cache = join(dir, 'inc-cache');
    const three = await build(await spec('three', demos.slice(0, 3), { cache }));
    expect(three.demos.filter((d) => d.source === 'read')).toHaveLength(3);
    const four = await build(await spec('four', demos, { cache }));
    expect(four.demos.filter((d) => d.source === 'read').map((d) => d.file)).toEqual([
      expect.stringContaining(demos[3].split('/').pop()!),
    ]);
    const lower = await build(await spec('lower', demos, { cache, minDemos: 2 }));
    expect(lower.demos.every((d) => d.source === 'cache')).toBe(true);
    expect(lower.nav.nodes).toBeGreaterThan(four.nav.nodes);
    // Three whole builds of wizs: 52 s alone since wedge-links, more beside other test files.
  }, 180_000);

  it('detects a damaged cache entry, recomputes it and builds the same nav', async () => {
    // A copy of the reference build's cache (an entry per demo), damaged.
    const cache = join(dir, 'dmg-cache');
    cpSync(join(dir, 'cache'), cache, { recursive: true });
    const entries = fg.sync('**/*.ngdc', { cwd: cache, absolute: true }).sort();
    expect(entries.length).toBe(demos.length);
    const bytes = readFileSync(entries[0]);
    bytes[bytes.length - 5] ^= 0xff; // a flipped byte in the payload
    writeFileSync(entries[0], bytes);
    writeFileSync(entries[1], readFileSync(entries[1]).subarray(0, 100)); // a cut entry
    const again = await build(await spec('again', demos, { cache }));
    expect(again.cacheProblems).toHaveLength(2);
    expect(again.demos.filter((d) => d.source === 'read')).toHaveLength(2);
    expect(sha(join(dir, 'again.nav'))).toBe(sha(coldNav));
  });

  it('the map analysis: the graph stages\u2019 result and every link verdict come from the cache, a damaged one is recomputed, the bytes stay', async () => {
    // The warm build of the first test found the graph stages' whole result.
    const warm = await build(await spec('warm2', demos, { workers: 2 }));
    expect(warm.work.graphCache).toBe('hit');
    expect(warm.work.stages).toEqual([]);
    // Without that entry the stages run, and every link run is in the map's verdict table.
    const cache = join(dir, 'verdict-cache');
    cpSync(join(dir, 'cache'), cache, { recursive: true });
    for (const e of fg.sync('**/*.nggr', { cwd: cache, absolute: true })) rmSync(e);
    const known = await build(await spec('known', demos, { workers: 2, cache }));
    expect(known.work.graphCache).toBe('miss');
    expect(known.work.verdictsKnown).toBeGreaterThan(1000);
    expect(known.work.stages.reduce((n, st) => n + st.verdictsAdded, 0)).toBe(0);
    expect(known.work.stages.reduce((n, st) => n + st.verdictHits, 0)).toBeGreaterThan(1000);
    expect(sha(join(dir, 'known.nav'))).toBe(sha(coldNav));
    // A damaged verdict table (one flipped byte) is reported, not trusted: all is simulated again.
    for (const e of fg.sync('**/*.nggr', { cwd: cache, absolute: true })) rmSync(e);
    const [table] = fg.sync('**/*.ngsv', { cwd: cache, absolute: true });
    const bytes = readFileSync(table);
    bytes[bytes.length >> 1] ^= 0x40;
    writeFileSync(table, bytes);
    const damaged = await build(await spec('damaged-verdicts', demos, { workers: 1, cache }));
    expect(damaged.cacheProblems).toEqual([
      expect.stringMatching(
        /^link verdicts: damaged cache entry recomputed \(checksum mismatch\)$/,
      ),
    ]);
    expect(damaged.work.verdictsKnown).toBe(0);
    expect(damaged.work.stages.reduce((n, st) => n + st.verdictsAdded, 0)).toBeGreaterThan(1000);
    expect(sha(join(dir, 'damaged-verdicts.nav'))).toBe(sha(coldNav));
  }, 180_000);

  it('quarantines a damaged copy of a demo and builds the same nav as without it', async () => {
    const damagedDir = join(dir, 'damaged');
    mkdirSync(damagedDir, { recursive: true });
    const raw = readFileSync(demos[0]);
    // Keep the gzip header and first part, then garbage: a damaged deflate stream, not a cut.
    const bad = Buffer.concat([
      raw.subarray(0, 20000),
      Buffer.alloc(5000, 0x5a),
      raw.subarray(25000),
    ]);
    writeFileSync(join(damagedDir, 'copy.mvd2.gz'), bad);
    // Without it: the reference build (the first test checks that an uncached build equals it).
    const withBad = await build(
      await spec('with-bad', [...demos, join(damagedDir, 'copy.mvd2.gz')], { cache: false }),
    );
    const bad1 = withBad.demos.find((d) => d.file.includes('copy'))!;
    expect(bad1.status).toBe('quarantined');
    expect(bad1.error).toMatch(/BAD_GZIP|BLOCK_OVERRUN|BAD_OPCODE|copy\.mvd2\.gz/);
    expect(sha(join(dir, 'with-bad.nav'))).toBe(sha(coldNav));
    expect(cold.nav.nodes).toBe(withBad.nav.nodes);
  });

  it('a plugin stage takes effect: no node inside an excluded box', async () => {
    const box = { min: [0, -2000, -1000], max: [2000, 0, 1000] };
    const yaml = join(dir, 'plugin.yaml');
    writeFileSync(
      yaml,
      [
        'map: wizs',
        'bsp: none',
        `demos: [${demos.join(', ')}]`,
        'output: { nav: plugin.nav }',
        'cache: false',
        `plugins: [${join(REPO_ROOT, 'plugins', 'exclude-boxes.mjs')}]`,
        'stages:',
        '  - map-filter',
        '  - gate',
        '  - death-weight',
        '  - downsample',
        '  - speed-filter',
        `  - exclude-boxes/exclude: { boxes: [{ name: south-east, min: [${box.min}], max: [${box.max}] }] }`,
        '  - vote',
        '  - cluster',
        '  - classify',
      ].join('\n') + '\n',
    );
    const r = await build(await loadPipelineFile(yaml));
    const { nav } = await readNavFile(join(dir, 'plugin.nav'));
    const inside = nav.nodes.filter((n) =>
      n.origin.every((v, i) => v >= box.min[i] && v <= box.max[i]),
    );
    expect(inside).toHaveLength(0);
    const excluded = r.demos[0].summaries?.['exclude-boxes/exclude'] as {
      excluded: Record<string, number>;
    };
    expect(excluded.excluded['south-east']).toBeGreaterThan(0);
    const plain = await readNavFile(coldNav);
    expect(
      plain.nav.nodes.filter((n) => n.origin.every((v, i) => v >= box.min[i] && v <= box.max[i]))
        .length,
    ).toBeGreaterThan(0);
  });

  it('writes nothing into the repository', () => {
    expect(readdirSync(REPO_ROOT).filter((f) => f.startsWith('.navgen-cache'))).toEqual([]);
  });
});
