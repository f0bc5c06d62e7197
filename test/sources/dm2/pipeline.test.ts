/**
 * Client demos in the pipeline, built with `--min-demos 1` (one demo must be enough): the
 * ladder guide gives ladder nodes at urbanjungle's ladder brushes, and each jumping guide
 * gives JUMP links on terminal. The recorder feeds the per-demo stages like an MVD2 player.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runBuild } from '../../../src/pipeline/build.js';
import { pipelineFromFlags } from '../../../src/pipeline/flags-pipeline.js';
import { defaultNodeTypes } from '../../../src/nav/node-types.js';
import { readNavFile } from '../../../src/nav/formats/aqtion/read-nav.js';
import {
  CONTENTS_LADDER,
  loadCollisionModel,
  type CollisionModel,
} from '../../../src/world/index.js';
import { withCoarseFill } from '../../helpers/coarse-fill.js';
import { describeFixtures, fixture } from '../../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-dm2-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

/** A build with a coarse fill (../../helpers/coarse-fill.ts): for the cache and order rules. */
async function buildMany(
  map: string,
  demos: string[],
  name: string,
  more: { workers?: number; cache?: string | false } = {},
) {
  const spec = await pipelineFromFlags(
    {
      map,
      bsp: fixture('maps', `${map}.bsp`),
      out: join(dir, `${name}.nav`),
      demos,
      minDemos: 1,
      cache: false,
      workers: 1,
      ...more,
    },
    dir,
  );
  return runBuild(withCoarseFill(spec));
}

async function buildOne(map: string, demo: string, name: string) {
  const spec = await pipelineFromFlags(
    {
      map,
      bsp: fixture('maps', `${map}.bsp`),
      out: join(dir, `${name}.nav`),
      demos: [fixture('dm2', demo)],
      minDemos: 1,
      cache: false,
      workers: 1,
    },
    dir,
  );
  const result = await runBuild(spec);
  const { nav } = await readNavFile(join(dir, `${name}.nav`));
  return { result, nav };
}

/** Bounds of the map's ladder brushes, from their axial sides. [Form: [min, max] per brush] */
function ladderBrushBounds(m: CollisionModel): [number[], number[]][] {
  const out: [number[], number[]][] = [];
  for (let b = 0; b < m.brushCount; b++) {
    if (!(m.brushContents[b] & CONTENTS_LADDER)) continue;
    const lo = [-Infinity, -Infinity, -Infinity];
    const hi = [Infinity, Infinity, Infinity];
    for (let s = 0; s < m.brushSideCount[b]; s++) {
      const p = m.sidePlane[m.brushFirstSide[b] + s];
      for (let a = 0; a < 3; a++) {
        const n = m.planeNormal[p * 3 + a];
        if (n === 1) hi[a] = Math.min(hi[a], m.planeDist[p]);
        if (n === -1) lo[a] = Math.max(lo[a], -m.planeDist[p]);
      }
    }
    out.push([lo, hi]);
  }
  return out;
}

describeFixtures('client demos in the pipeline (--min-demos 1)', () => {
  it('the ladder guide gives ladder nodes at urbanjungle’s ladder brushes', async () => {
    const { nav } = await buildOne('urbanjungle', 'AQtion-ladder-guide.dm2', 'ladder');
    // LADDER at both ends of a climb: the engine's running bot climbs only between two LADDER
    // nodes, and has no climbing for LADDER_UP / LADDER_DOWN, so none are made.
    const ladderTypes = new Set([
      defaultNodeTypes.LADDER,
      defaultNodeTypes.LADDER_UP,
      defaultNodeTypes.LADDER_DOWN,
    ]);
    const ladders = nav.nodes.filter((n) => ladderTypes.has(n.type));
    expect(ladders.length).toBeGreaterThanOrEqual(2);
    expect(ladders.every((n) => n.type === defaultNodeTypes.LADDER)).toBe(true);
    // A top: a LADDER node with a link down to a LADDER node below it at the same x and y.
    const isTop = (n: (typeof nav.nodes)[number]): boolean =>
      n.links.some((l) => {
        const t = nav.nodes[l.target];
        return (
          t.type === defaultNodeTypes.LADDER &&
          t.origin[0] === n.origin[0] &&
          t.origin[1] === n.origin[1] &&
          t.origin[2] < n.origin[2]
        );
      });
    // Each ladder node stands beside a ladder brush: its player box grown by 16 units
    // sideways overlaps the bounds of a CONTENTS_LADDER brush in x and y. Each top
    // is also at the brush's height: within 80 units of it. (A foot may stand on
    // the floor below a ladder that starts higher up: classify places it there, and the
    // recorder reached that ladder from a ledge.)
    const ladderBoxes = ladderBrushBounds(
      await loadCollisionModel(fixture('maps', 'urbanjungle.bsp')),
    );
    expect(ladderBoxes.length).toBeGreaterThan(10);
    const beside = (o: ArrayLike<number>, withHeight: boolean): boolean =>
      ladderBoxes.some(
        ([lo, hi]) =>
          o[0] - 32 <= hi[0] &&
          o[0] + 32 >= lo[0] &&
          o[1] - 32 <= hi[1] &&
          o[1] + 32 >= lo[1] &&
          (!withHeight || (o[2] - 80 <= hi[2] && o[2] + 80 >= lo[2])),
      );
    const atLadder = (n: (typeof nav.nodes)[number]): boolean => beside(n.origin, isTop(n));
    expect(ladders.filter((n) => !atLadder(n)).map((n) => n.origin.join(' '))).toEqual([]);
    expect(ladders.some(isTop)).toBe(true);
    // And the check can fail: most other nodes are nowhere near a ladder.
    const others = nav.nodes.filter((n) => !ladderTypes.has(n.type));
    expect(others.filter((n) => beside(n.origin, true)).length).toBeLessThan(others.length / 10);
  });

  it.each([
    'AQtion-jumping-guide.dm2',
    'AQtion-double-jumping-guide.dm2',
    'AQtion-ramp-jumping-guide.dm2',
  ])('%s gives JUMP links on terminal', async (demo) => {
    const { nav } = await buildOne('terminal', demo, demo.replace(/\W/g, '_'));
    const jumps = nav.nodes.flatMap((n) =>
      n.links.filter((l) => l.targetType === defaultNodeTypes.JUMP),
    );
    expect(jumps.length).toBeGreaterThan(0);
  });

  it('cache, demo order, workers and quarantine follow the MVD2 rules', async () => {
    const guides = ['AQtion-jumping-guide.dm2', 'AQtion-ramp-jumping-guide.dm2'].map((d) =>
      fixture('dm2', d),
    );
    const cache = join(dir, 'cache');
    const cold = await buildMany('terminal', guides, 'cold', { cache, workers: 2 });
    expect(cold.demos.map((d) => [d.source, d.status])).toEqual([
      ['read', 'used'],
      ['read', 'used'],
    ]);
    const warm = await buildMany('terminal', [...guides].reverse(), 'warm', { cache });
    expect(warm.demos.every((d) => d.source === 'cache')).toBe(true);
    await buildMany('terminal', guides, 'nocache', { cache: false, workers: 1 });
    const h = sha(join(dir, 'cold.nav'));
    expect(sha(join(dir, 'warm.nav'))).toBe(h);
    expect(sha(join(dir, 'nocache.nav'))).toBe(h);

    // A damaged copy (an unknown message in the middle) is quarantined: the same nav.
    const raw = new Uint8Array(readFileSync(guides[0]));
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    let at = 0;
    for (let k = 0; k < 500; k++) at += 4 + view.getInt32(at, true);
    raw[at + 4] = 25;
    const bad = join(dir, 'bad-copy.dm2');
    writeFileSync(bad, raw);
    const withBad = await buildMany('terminal', [...guides, bad], 'with-bad', { cache });
    const badReport = withBad.demos.find((d) => d.file.endsWith('bad-copy.dm2'))!;
    expect(badReport.status).toBe('quarantined');
    expect(sha(join(dir, 'with-bad.nav'))).toBe(h);
    // Four whole builds of terminal: 49 s alone on this 2-core machine with the default fill,
    // past vitest's 60 s under CI's load; with the coarse fill, what is compared (which demos
    // count, and in which order) is the same.
  }, 150_000);
});
