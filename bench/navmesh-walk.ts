/**
 * `npm run bench:navmesh-walk -- [--pairs N] [--seed S] [--ladders none|up|both] [maps…]`: the
 * issue's rule "every segment of a returned path is walked by the simulated player" on a large
 * random sample. Per map: the mesh built in the simulator's world (world brushes only, as
 * `test/navmesh/navmesh.test.ts` builds it), N path queries between the centres of random areas
 * (a fixed pseudo-random sequence per map and seed: the same run every time), every segment of
 * every found path simulated (`walkPath`). Prints per map the paths found, walked and
 * unwalkable, each unwalkable segment with what the simulator said, and the total; exits 1 when
 * any path is unwalkable. Default: the fourteen fixture maps with corpus demos, 100 pairs each.
 *
 * A correctness sweep, not a timing: the unit test keeps a few dozen pairs on three maps (CI must
 * stay fast); this is the wide check behind it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildNavMeshForMap } from '../src/navmesh/build-from-map.js';
import { createNavQuery, findPath } from '../src/navmesh/query/find-path.js';
import type { PathCosts } from '../src/navmesh/query/astar.js';
import { walkPath } from '../src/navmesh/walk-path.js';
import { loadCollision } from '../src/map-analysis/map-source.js';
import { lcg, randomAreaPoint } from '../tools/navmesh-samples.js';

const ALL_MAPS = [
  'beer',
  'bwcity',
  'city',
  'colt',
  'ghetto',
  'hostile',
  'jungle1',
  'kumanru',
  'midtown',
  'monastery',
  'museum',
  'simplicity',
  'urbanjungle',
  'wizs',
];

const { values, positionals } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    ladders: { type: 'string' },
  },
  allowPositionals: true,
});
const pairs = Number(values.pairs);
const seed = Number(values.seed);
if (!Number.isInteger(pairs) || pairs < 1 || !Number.isInteger(seed)) {
  console.error('bench:navmesh-walk: --pairs must be an integer ≥ 1 and --seed an integer');
  process.exit(2);
}
const ladders = values.ladders as PathCosts['ladders'] | undefined;
if (ladders !== undefined && !['none', 'up', 'both'].includes(ladders)) {
  console.error(`bench:navmesh-walk: --ladders must be none, up or both (got ${ladders})`);
  process.exit(2);
}
const maps = positionals.length > 0 ? positionals : ALL_MAPS;
const fixtures = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'maps');

const fmt = (p: readonly number[]) => `(${p.map((v) => Math.round(v)).join(' ')})`;

console.log(
  `navmesh-walk: ${pairs} random pairs per map, seed ${seed}, ladders ${ladders ?? 'default'}`,
);
let totalFound = 0;
let totalBad = 0;
let totalSegments = 0;
const moveCounts = new Map<string, number>();
for (const map of maps) {
  const bsp = resolve(fixtures, `${map}.bsp`);
  const { mesh } = await buildNavMeshForMap(bsp, { staticWalls: false });
  const model = await loadCollision(bsp);
  const q = createNavQuery(mesh, ladders ? { ladders } : {});
  const rnd = lcg(seed * 7919 + map.length * 104729 + map.charCodeAt(0));
  let found = 0;
  let bad = 0;
  let segments = 0;
  const lines: string[] = [];
  for (let k = 0; k < pairs; k++) {
    const from = randomAreaPoint(mesh, rnd);
    const to = randomAreaPoint(mesh, rnd);
    const r = findPath(q, from, to);
    if (!r.ok) continue;
    found++;
    segments += r.moves.length;
    for (const m of r.moves) moveCounts.set(m, (moveCounts.get(m) ?? 0) + 1);
    const failures = walkPath(model, r.points, r.moves);
    if (failures.length === 0) continue;
    bad++;
    for (const f of failures)
      lines.push(
        `  pair ${k} ${fmt(from)} → ${fmt(to)}: segment ${f.segment}/${r.moves.length} ${f.move} ` +
          `${fmt(f.from)} → ${fmt(f.to)} ${f.result.reason}: ${f.result.detail}`,
      );
  }
  totalFound += found;
  totalBad += bad;
  totalSegments += segments;
  console.log(
    `${map}: ${mesh.areaCount} areas; ${found}/${pairs} pairs connected, ${segments} segments; ` +
      `${found - bad} walked, ${bad} unwalkable`,
  );
  for (const l of lines) console.log(l);
}
const moves = [...moveCounts].map(([m, n]) => `${m} ${n}`).join(', ');
console.log(
  `total: ${totalFound} paths, ${totalSegments} segments (${moves}); ${totalBad} unwalkable`,
);
if (totalBad > 0) process.exit(1);
