/**
 * Known truth, end to end: demos written by our own MVD2 writer, built into a `.nav` by the real
 * pipeline, checked against what the scenario says must come out — a walk along a known path,
 * crouching under a low ceiling, swimming, a ladder climb, a fatal fall, and a strafe-jump
 * across a gap (nothing across the gap).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild, type BuildResult } from '../../src/pipeline/build.js';
import { pipelineFromFlags, type BuildFlags } from '../../src/pipeline/flags-pipeline.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { readStrafeTraces } from '../../src/sinks/strafe-traces.js';
import type { NavFile } from '../../src/nav/types.js';
import { defaultNodeTypes, type NodeTypeName } from '../../src/nav/node-types.js';
import {
  crouchWalk,
  fallToDeath,
  joinTracks,
  ladderClimb,
  strafeJump,
  swim,
  walkPolyline,
  writeScenarioFile,
  type SyntheticPlayer,
  type Track,
  type ReadonlyVec3,
} from '../../tools/mvd2-writer/synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-scenarios-'));
const T = defaultNodeTypes;
const typeName = (n: number) => (Object.keys(T) as NodeTypeName[]).find((k) => T[k] === n);

/** Shifts a track sideways (players do not walk exactly the same line). */
function shifted(track: Track, dy: number): Track {
  return track.map((s) =>
    s ? { ...s, origin: [s.origin[0], s.origin[1] + dy, s.origin[2]] as ReadonlyVec3 } : s,
  );
}

/** Three demos (so clusters see three distinct demos), each with the given tracks slightly shifted. */
async function build(
  name: string,
  tracks: Track[],
  flags: Partial<BuildFlags> = {},
  cluster: Record<string, unknown> = {},
): Promise<{ nav: NavFile; result: BuildResult }> {
  const demos: string[] = [];
  for (let d = 0; d < 3; d++) {
    const players: SyntheticPlayer[] = tracks.map((track, i) => ({
      slot: i,
      name: `p${i}`,
      track: shifted(track, (d - 1) * 6 + i * 2),
    }));
    const path = join(dir, `${name}-${d}.mvd2`);
    await writeScenarioFile(path, { map: 'synthetic', players });
    demos.push(path);
  }
  const spec = await pipelineFromFlags(
    {
      map: 'synthetic',
      out: join(dir, `${name}.nav`),
      demos,
      cache: false,
      workers: 1,
      strafeTraces: join(dir, `${name}.strafe_traces`),
      ...flags,
    },
    dir,
  );
  const stages = spec.stages.map((st) =>
    st.name === 'cluster' ? { ...st, options: { ...st.options, ...cluster } } : st,
  );
  const result = await runBuild({ ...spec, stages });
  return { nav: (await readNavFile(join(dir, `${name}.nav`))).nav, result };
}

/** Distance from p to the polyline, horizontally. */
function distanceToPath(p: readonly number[], path: readonly ReadonlyVec3[]): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = path[i - 1];
    const [bx, by] = path[i];
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = Math.max(0, Math.min(1, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / len2));
    best = Math.min(best, Math.hypot(p[0] - (ax + t * (bx - ax)), p[1] - (ay + t * (by - ay))));
  }
  return best;
}

function reversed(points: readonly ReadonlyVec3[]): ReadonlyVec3[] {
  return [...points].reverse();
}

const links = (nav: NavFile) =>
  nav.nodes.flatMap((n, from) =>
    n.links.map((l) => ({ from, to: l.target, type: typeName(l.targetType) })),
  );

describe('scenarios with known truth', () => {
  it('a walk along a known path gives MOVE nodes along it, linked both ways', async () => {
    const path: ReadonlyVec3[] = [
      [0, 0, 24],
      [960, 0, 24],
      [960, 960, 24],
    ];
    const { nav } = await build('walk', [
      walkPolyline(path, 300),
      walkPolyline(reversed(path), 300),
      walkPolyline(path, 280),
    ]);
    expect(nav.nodes.length).toBeGreaterThanOrEqual(15);
    for (const n of nav.nodes) {
      expect(distanceToPath(n.origin, path)).toBeLessThan(24);
      expect(n.origin[2]).toBeCloseTo(24, 0);
      expect(typeName(n.type)).toBe('MOVE');
    }
    // Path covered: from start to end, no stretch longer than two spacings without a node.
    const along = (p: readonly number[]) => (p[1] < 12 ? p[0] : 960 + p[1]);
    const positions = nav.nodes.map((n) => along(n.origin)).sort((a, b) => a - b);
    expect(positions[0]).toBeLessThan(96);
    expect(positions[positions.length - 1]).toBeGreaterThan(1920 - 96);
    for (let i = 1; i < positions.length; i++)
      expect(positions[i] - positions[i - 1]).toBeLessThan(192);
    // Links go both ways between neighbours and never jump across the path.
    const all = links(nav);
    const pairs = new Set(all.map((l) => `${l.from}>${l.to}`));
    const twoWay = all.filter((l) => pairs.has(`${l.to}>${l.from}`)).length;
    expect(twoWay / all.length).toBeGreaterThan(0.8);
    for (const l of all)
      expect(
        Math.hypot(...nav.nodes[l.from].origin.map((v, k) => v - nav.nodes[l.to].origin[k])),
      ).toBeLessThan(200);
  });

  it('crouching under a low ceiling gives CROUCH nodes there and MOVE elsewhere', async () => {
    const track = joinTracks(
      walkPolyline(
        [
          [0, 0, 24],
          [480, 0, 24],
        ],
        300,
      ),
      crouchWalk(
        [
          [480, 0, 24],
          [960, 0, 24],
        ],
        150,
      ),
      walkPolyline(
        [
          [960, 0, 24],
          [1440, 0, 24],
        ],
        300,
      ),
    );
    const { nav } = await build('crouch', [track, track.slice().reverse(), track]);
    const crouch = nav.nodes.filter((n) => typeName(n.type) === 'CROUCH');
    expect(crouch.length).toBeGreaterThanOrEqual(3);
    for (const n of crouch) {
      expect(n.origin[0]).toBeGreaterThan(480 - 48);
      expect(n.origin[0]).toBeLessThan(960 + 48);
    }
    for (const n of nav.nodes)
      if (n.origin[0] > 560 && n.origin[0] < 880) expect(typeName(n.type)).toBe('CROUCH');
    for (const n of nav.nodes)
      if (n.origin[0] < 400 || n.origin[0] > 1040) expect(typeName(n.type)).toBe('MOVE');
  });

  it('swimming gives WATER nodes where players swim', async () => {
    const track = joinTracks(
      walkPolyline(
        [
          [0, 0, 24],
          [400, 0, 24],
        ],
        300,
      ),
      swim(
        [
          [400, 0, 24],
          [1000, 0, 24],
        ],
        200,
      ),
      walkPolyline(
        [
          [1000, 0, 24],
          [1400, 0, 24],
        ],
        300,
      ),
    );
    const { nav } = await build('swim', [track, track.slice().reverse(), track]);
    const water = nav.nodes.filter((n) => typeName(n.type) === 'WATER');
    expect(water.length).toBeGreaterThanOrEqual(4);
    for (const n of nav.nodes)
      if (n.origin[0] > 480 && n.origin[0] < 920) expect(typeName(n.type)).toBe('WATER');
    for (const n of nav.nodes)
      if (n.origin[0] < 320 || n.origin[0] > 1080) expect(typeName(n.type)).toBe('MOVE');
    // Links into water are typed WATER (the engine types a link by its target).
    const intoWater = links(nav).filter((l) => typeName(nav.nodes[l.to].type) === 'WATER');
    expect(intoWater.every((l) => l.type === 'WATER')).toBe(true);
  });

  it('a ladder climb gives LADDER nodes on the ladder, linked from the bottom', async () => {
    const track = joinTracks(
      walkPolyline(
        [
          [0, 0, 24],
          [400, 0, 24],
        ],
        300,
      ),
      ladderClimb([400, 0, 24], 288),
      walkPolyline(
        [
          [400, 0, 312],
          [800, 0, 312],
        ],
        300,
      ),
    );
    const { nav } = await build('ladder', [track, track, track]);
    const onLadder = nav.nodes.filter(
      (n) => Math.abs(n.origin[0] - 400) < 24 && n.origin[2] > 24 + 48 && n.origin[2] < 312 - 48,
    );
    expect(onLadder.length).toBeGreaterThanOrEqual(1);
    // LADDER, the one type the engine's running bot climbs between (BOTLIB_Wander).
    for (const n of onLadder) expect(typeName(n.type)).toBe('LADDER');
    for (const n of nav.nodes)
      if (n.origin[0] < 300 || n.origin[0] > 500) expect(typeName(n.type)).toBe('MOVE');
    // The climb is linked: some link reaches a ladder node from the floor, and the top from the ladder.
    const all = links(nav);
    expect(
      all.some(
        (l) =>
          nav.nodes[l.from].origin[2] < 48 &&
          onLadder.includes(nav.nodes[l.to]) &&
          l.type === 'LADDER',
      ),
    ).toBe(true);
    expect(
      all.some((l) => onLadder.includes(nav.nodes[l.from]) && nav.nodes[l.to].origin[2] > 312 - 48),
    ).toBe(true);
  });

  it('a fatal fall is classified and down-weights the route that led to it', async () => {
    const safe = walkPolyline(
      [
        [0, 0, 24],
        [960, 0, 24],
      ],
      300,
    );
    const toCliff: ReadonlyVec3[] = [
      [0, 400, 24],
      [600, 400, 24],
    ];
    const faller = joinTracks(
      walkPolyline(toCliff, 300),
      fallToDeath([600, 400, 24], -600, { velocity: [300, 0, 0] }),
    );
    // The same route ending in a death that is not a fall (no landing, no free flight).
    const victim = joinTracks(walkPolyline(toCliff, 300), [
      { origin: [600, 400, 24], pmType: 2, health: -20 },
    ]);
    const strict = { minWeight: 1 };
    const fell = await build('fall', [safe, safe.slice().reverse(), faller], {}, strict);
    const shot = await build('shot', [safe, safe.slice().reverse(), victim], {}, strict);
    const deaths = fell.result.demos.map(
      (d) => (d.summaries?.['death-weight'] as { deaths: Record<string, number> }).deaths,
    );
    expect(deaths).toEqual([
      { fall: 1, drown: 0, combat: 0 },
      { fall: 1, drown: 0, combat: 0 },
      { fall: 1, drown: 0, combat: 0 },
    ]);
    const onRoute = (nav: NavFile) =>
      nav.nodes.filter((n) => Math.abs(n.origin[1] - 400) < 48 && n.origin[0] < 600);
    // Each route node gets one vote per demo: 3 × 0.2 = 0.6 < 1 when the route led to a fall, 3 × 1 when not.
    expect(onRoute(fell.nav)).toHaveLength(0);
    expect(onRoute(shot.nav).length).toBeGreaterThanOrEqual(4);
    // The safe route is there in both, and nothing sits in the pit.
    expect(fell.nav.nodes.filter((n) => Math.abs(n.origin[1]) < 48).length).toBeGreaterThanOrEqual(
      8,
    );
    expect(fell.nav.nodes.every((n) => n.origin[2] > 0)).toBe(true);
  });

  it('a strafe-jump across a gap leaves nodes on both sides and nothing across the gap', async () => {
    const jumper = joinTracks(
      walkPolyline(
        [
          [0, 0, 24],
          [400, 0, 24],
        ],
        300,
      ),
      strafeJump([400, 0, 24], [700, 0, 24], { speed: 600 }),
      walkPolyline(
        [
          [700, 0, 24],
          [1100, 0, 24],
        ],
        300,
      ),
    );
    const { nav, result } = await build('gap', [jumper, jumper, jumper]);
    expect(nav.nodes.some((n) => n.origin[0] < 400)).toBe(true);
    expect(nav.nodes.some((n) => n.origin[0] > 700)).toBe(true);
    expect(nav.nodes.filter((n) => n.origin[0] > 420 && n.origin[0] < 680)).toHaveLength(0);
    for (const l of links(nav)) {
      const a = nav.nodes[l.from].origin[0];
      const b = nav.nodes[l.to].origin[0];
      expect(Math.min(a, b) < 420 && Math.max(a, b) > 680).toBe(false);
    }
    // The jumps were archived, with their frames.
    expect(result.strafeTraces).toBeGreaterThanOrEqual(9);
    const archive = await readStrafeTraces(join(dir, 'gap.strafe_traces'));
    expect(archive.map).toBe('synthetic');
    expect(archive.traces.length).toBe(result.strafeTraces);
    expect(archive.traces.every((t) => t.speed > 450 && t.path.length >= 8)).toBe(true);
  });
});
