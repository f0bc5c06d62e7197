/**
 * An admin's edits file on real builds of simplicity: the edits are made after the graph
 * stages (their cached result too) and before the build's own test; a rebuild with one more
 * demo keeps them; an edit whose node is gone is reported in the JSON report and on the
 * summary; the same inputs and edits give the same bytes with or without the cache; a changed
 * edits file changes the nav; a missing or broken file stops the build.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { runBuild, type BuildResult } from '../../src/pipeline/build.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { writeEditsFile } from '../../src/nav/edits/edits-file.js';
import type { NavEdit } from '../../src/nav/edits/nav-edit.js';
import { defaultNodeTypes as T } from '../../src/nav/node-types.js';
import type { NavFile } from '../../src/nav/types.js';
import { formatBuildSummary } from '../../src/cli/build-summary.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
type P = [number, number, number];
const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** The node of `nav` within `r` units of `p` (the nearest), or -1. */
const nodeAt = (nav: NavFile, p: readonly number[], r = 24) => {
  let best = -1;
  nav.nodes.forEach((n, i) => {
    if (dist(n.origin, p) <= r && (best < 0 || dist(n.origin, p) < dist(nav.nodes[best].origin, p)))
      best = i;
  });
  return best;
};
const hasLink = (nav: NavFile, a: readonly number[], b: readonly number[], type?: number) => {
  const i = nodeAt(nav, a);
  const j = nodeAt(nav, b);
  return (
    i >= 0 &&
    j >= 0 &&
    nav.nodes[i].links.some((l) => l.target === j && (type === undefined || l.targetType === type))
  );
};
const point = (p: readonly number[]): P => [p[0], p[1], p[2]];

describeFixtures('edits files on real builds (simplicity)', () => {
  let dir: string;
  const bsp = fixture('maps', 'simplicity.bsp');
  const demo = fixture('demos/mvd2/corpus/simplicity/simplicity_dm_6bots_240s_sk9_c3.mvd2.gz');
  const editsPath = () => join(dir, 'simplicity.edits.json');
  const build = async (name: string, more: Partial<Parameters<typeof pipelineFromFlags>[0]> = {}) =>
    runBuild(
      await pipelineFromFlags(
        {
          map: 'simplicity',
          bsp,
          out: join(dir, `${name}.nav`),
          report: join(dir, `${name}.report.json`),
          html: false,
          demos: [],
          cache: join(dir, 'cache'),
          workers: 2,
          ...more,
        },
        dir,
      ),
    );
  const nav = async (name: string) => (await readNavFile(join(dir, `${name}.nav`))).nav;
  const report = (name: string) =>
    JSON.parse(readFileSync(join(dir, `${name}.report.json`), 'utf8')) as {
      edits?: {
        file: string;
        total: number;
        applied: number;
        notFitting: { index: number; reason: string }[];
        removedByNavTest: { index: number; reason: string }[];
        leftOut: unknown[];
      };
    };

  // The places the edits name, taken from the map-only nav where the nav with the demo has them too.
  let delLink: [P, P];
  let delNode: P;
  /** A one-way walk the simulated bot can follow back (found by trying, see below). */
  const addFrom: P = [-731, 517, 448];
  const addTo: P = [-635, 517, 448];
  const void_: P = [0, 0, -5000];
  let edits: NavEdit[];
  let plainMap: NavFile;
  let plainDemo: NavFile;
  let mapEdited: BuildResult;
  let demoEdited: BuildResult;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'navgen-edits-'));
    await build('map');
    await build('demo', { demos: [demo] });
    plainMap = await nav('map');
    plainDemo = await nav('demo');
    // In both navs at the same place: a MOVE link between two nodes with other links, and a
    // node with no other node within 48 units, away from that link's ends.
    const both = (p: readonly number[]) => nodeAt(plainDemo, p, 1) >= 0;
    const lonely = (p: readonly number[]) =>
      [plainMap, plainDemo].every(
        (n) => n.nodes.filter((m) => dist(m.origin, p) <= 48).length === 1,
      );
    const links = plainMap.nodes.flatMap((n, i) =>
      n.links
        .filter(
          (l) =>
            l.targetType === T.MOVE &&
            n.links.length > 2 &&
            plainMap.nodes[l.target].links.length > 2,
        )
        .map((l) => [i, l.target] as const),
    );
    const [a, b] = links.find(
      ([i, j]) =>
        both(plainMap.nodes[i].origin) &&
        both(plainMap.nodes[j].origin) &&
        hasLink(plainDemo, plainMap.nodes[i].origin, plainMap.nodes[j].origin),
    )!;
    delLink = [point(plainMap.nodes[a].origin), point(plainMap.nodes[b].origin)];
    const r = plainMap.nodes.findIndex(
      (n) =>
        both(n.origin) &&
        lonely(n.origin) &&
        dist(n.origin, delLink[0]) > 200 &&
        dist(n.origin, delLink[1]) > 200,
    );
    delNode = point(plainMap.nodes[r].origin);
    edits = [
      { op: 'delete-link', from: delLink[0], to: delLink[1] },
      { op: 'delete-node', at: delNode },
      { op: 'add-link', from: addFrom, to: addTo, type: 'MOVE' },
      // Its node is gone: the edit before deleted it.
      { op: 'set-type', at: delNode, type: 'JUMP' },
      { op: 'delete-link', from: void_, to: delLink[1] },
    ];
    await writeEditsFile(editsPath(), 'simplicity', edits);
    mapEdited = await build('map-edited', { edits: editsPath() });
    demoEdited = await build('demo-edited', { demos: [demo], edits: editsPath() });
  }, 240_000);

  it('the places chosen are in both plain navs, the added link in neither', () => {
    for (const n of [plainMap, plainDemo]) {
      expect(hasLink(n, delLink[0], delLink[1])).toBe(true);
      expect(nodeAt(n, delNode)).toBeGreaterThanOrEqual(0);
      expect(nodeAt(n, addFrom, 1)).toBeGreaterThanOrEqual(0);
      expect(nodeAt(n, addTo, 1)).toBeGreaterThanOrEqual(0);
      expect(hasLink(n, addFrom, addTo)).toBe(false);
    }
  });

  it('makes the edits on the stages\u2019 cached result, and the own test checks them', async () => {
    // The stages' result of the plain build was found; only the nav test ran again.
    expect(mapEdited.work.graphCache).toBe('hit');
    expect(mapEdited.work.stages.map((s) => s.stage)).toEqual(['nav test']);
    expect(mapEdited.ownTest?.summary.passed).toBe(true);
    const n = await nav('map-edited');
    expect(hasLink(n, delLink[0], delLink[1])).toBe(false);
    expect(nodeAt(n, delNode)).toBe(-1);
    expect(hasLink(n, addFrom, addTo, T.MOVE)).toBe(true);
    expect(sha(join(dir, 'map-edited.nav'))).not.toBe(sha(join(dir, 'map.nav')));
  });

  it('a rebuild with one more demo keeps the edits', async () => {
    expect(demoEdited.work.graphCache).toBe('hit');
    const n = await nav('demo-edited');
    expect(hasLink(n, delLink[0], delLink[1])).toBe(false);
    expect(nodeAt(n, delNode)).toBe(-1);
    expect(hasLink(n, addFrom, addTo, T.MOVE)).toBe(true);
    // Everything else as the plain build with the demo has it: a far node still stands.
    expect(n.nodes.length).toBeGreaterThan(plainDemo.nodes.length - 10);
  });

  it('reports the edits that did not fit, with why, in the JSON report and on the summary', () => {
    const e = report('demo-edited').edits!;
    expect(e).toMatchObject({
      file: 'simplicity.edits.json',
      total: 5,
      applied: 3,
      removedByNavTest: [],
      leftOut: [],
    });
    expect(e.notFitting.map((x) => x.index)).toEqual([3, 4]);
    expect(e.notFitting[0].reason).toMatch(/^no node within 24 units of \(/);
    expect(e.notFitting[1].reason).toBe('no node within 24 units of (0, 0, -5000)');
    const summary = formatBuildSummary(demoEdited, 1);
    expect(summary).toMatch(
      /^edits: 3 of 5 applied from simplicity\.edits\.json; 2 did not fit: edits\[3\] set-type \(.*\) JUMP: no node within 24 units of \(.*\); edits\[4\] delete-link \(0, 0, -5000\) → \(.*\): no node within 24 units of \(0, 0, -5000\)$/m,
    );
    // A build without an edits file reports none.
    expect(report('demo').edits).toBeUndefined();
  });

  it('gives the same bytes without the cache and on one worker', async () => {
    await build('demo-edited-cold', {
      demos: [demo],
      edits: editsPath(),
      cache: false,
      workers: 1,
    });
    expect(sha(join(dir, 'demo-edited-cold.nav'))).toBe(sha(join(dir, 'demo-edited.nav')));
    expect(readFileSync(join(dir, 'demo-edited-cold.report.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'demo-edited.report.json'), 'utf8'),
    );
  }, 120_000);

  it('a changed edits file changes the nav, also when every stage result is cached', async () => {
    const before = sha(join(dir, 'demo-edited.nav'));
    const path = join(dir, 'fewer.edits.json');
    await writeEditsFile(
      path,
      'simplicity',
      edits.filter((e) => e.op !== 'add-link'),
    );
    const r = await build('demo-edited', { demos: [demo], edits: path });
    expect(r.work.graphCache).toBe('hit');
    expect(sha(join(dir, 'demo-edited.nav'))).not.toBe(before);
    expect(hasLink(await nav('demo-edited'), addFrom, addTo)).toBe(false);
    // And back: the first edits' nav again, now both cache entries found.
    const again = await build('demo-edited', { demos: [demo], edits: editsPath() });
    expect(again.work.stages).toEqual([]);
    expect(sha(join(dir, 'demo-edited.nav'))).toBe(before);
  }, 60_000);

  it('a link the simulated bot fails is removed by the own test and reported', async () => {
    // Straight up a wall: from a node to the one above it, far out of reach.
    const low = plainMap.nodes.find((n) =>
      plainMap.nodes.some(
        (m) =>
          Math.hypot(m.origin[0] - n.origin[0], m.origin[1] - n.origin[1]) < 40 &&
          m.origin[2] - n.origin[2] > 150,
      ),
    )!;
    const high = plainMap.nodes.find(
      (m) =>
        Math.hypot(m.origin[0] - low.origin[0], m.origin[1] - low.origin[1]) < 40 &&
        m.origin[2] - low.origin[2] > 150,
    )!;
    const path = join(dir, 'wall.edits.json');
    await writeEditsFile(path, 'simplicity', [
      { op: 'add-link', from: point(low.origin), to: point(high.origin), type: 'MOVE' },
    ]);
    const r = await build('wall', { edits: path });
    expect(r.edits?.applied).toBe(1);
    expect(r.edits?.removedByNavTest).toEqual([
      expect.objectContaining({ index: 0, reason: 'the simulated bot failed it' }),
    ]);
    expect(formatBuildSummary(r, 1)).toMatch(
      /^edits: 1 of 1 applied from wall\.edits\.json; 1 removed by the nav test: edits\[0\] add-link .*: the simulated bot failed it$/m,
    );
    expect(hasLink(await nav('wall'), low.origin, high.origin)).toBe(false);
  }, 60_000);

  it('a missing or broken edits file, or one of another map, stops the build before any demo', async () => {
    const missing = join(dir, 'missing.edits.json');
    await expect(build('x', { demos: [demo], edits: missing })).rejects.toThrow(
      /^missing\.edits\.json: no such edits file$/,
    );
    const broken = join(dir, 'broken.edits.json');
    writeFileSync(
      broken,
      JSON.stringify({
        format: 'navgen-edits',
        version: 1,
        map: 'simplicity',
        edits: [{ op: 'move-node', at: [0, 0, 0], to: [0, 0] }],
      }),
    );
    await expect(build('x', { edits: broken })).rejects.toThrow(
      'broken.edits.json: edits[0].to: expected 3 finite numbers',
    );
    const other = join(dir, 'other.edits.json');
    await writeEditsFile(other, 'wizs', []);
    await expect(build('x', { edits: other })).rejects.toThrow(
      'other.edits.json: map: the edits were made on map wizs; this build is of simplicity',
    );
  });

  it('a pipeline file\u2019s edits: resolves against the file\u2019s folder', async () => {
    const yaml = join(dir, 'simplicity.yaml');
    writeFileSync(
      yaml,
      `map: simplicity\nbsp: ${bsp}\ndemos: []\noutput: { nav: p.nav }\nedits: simplicity.edits.json\n`,
    );
    const spec = await loadPipelineFile(yaml);
    expect(spec.edits).toBe(editsPath());
  });
});
