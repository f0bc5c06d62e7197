/**
 * `npm run bench:navmesh [maps…]`: the navigation mesh of fixture maps. Per map: the build
 * (`buildNavMeshForMap`: map read and collision model on the first round, then sampling,
 * layers, quadtree, merge, connections, ladders) three rounds, the median printed with the
 * first round (the only one that reads the map; later rounds reuse the decoded map) and the
 * steps of the median round; then 1,000 path queries between random area centres (A* and the
 * funnel), after 200 not timed, as the mean, median and 95th percentile per query.
 * Targets: a map meshes in ≤ 2 s; a query takes ≤ 1 ms. Prints each figure over its target,
 * and the process's CPU time beside the wall time (on a shared, loaded machine the wall time
 * includes waiting for a core): per query too, whose 95th percentile is the figure to hold
 * against the target there.
 *
 * Measures the compiled code in dist/ (built first by the npm script).
 */
import { resolve } from 'node:path';

const dist = '../dist/';
const { buildNavMeshForMap } = (await import(
  dist + 'navmesh/build-from-map.js'
)) as typeof import('../src/navmesh/build-from-map.js');
const { createNavQuery, findPath } = (await import(
  dist + 'navmesh/query/find-path.js'
)) as typeof import('../src/navmesh/query/find-path.js');
const { areaBounds, areaHeightAt, connectionCount } = (await import(
  dist + 'navmesh/mesh.js'
)) as typeof import('../src/navmesh/mesh.js');

const ROUNDS = 3;
const WARM_QUERIES = 200;
const QUERIES = 1000;
const BUILD_TARGET_MS = 2000;
const QUERY_TARGET_MS = 1;
const maps =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['wizs', 'city', 'beer', 'urbanjungle', 'simplicity'];
const fixtures = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'maps');

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (ms: number) => ms.toFixed(ms < 10 ? 3 : 0);

console.log(
  `navmesh: ${ROUNDS} builds per map, ${QUERIES} queries (after ${WARM_QUERIES} untimed)`,
);
for (const map of maps) {
  const bsp = resolve(fixtures, `${map}.bsp`);
  const times: number[] = [];
  const cpu: number[] = [];
  let result: Awaited<ReturnType<typeof buildNavMeshForMap>> | null = null;
  let steps = '';
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    result = await buildNavMeshForMap(bsp);
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
    steps = Object.entries(result.report.times)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ');
  }
  const { mesh } = result!;
  const build = median(times.slice(1));
  console.log(
    `${map}: ${mesh.areaCount} areas, ${connectionCount(mesh)} connections, ${mesh.ladderCount} ladders, ` +
      `${result!.report.samples} samples; build ${fmt(build)} ms median of rounds 2–${ROUNDS} ` +
      `(CPU ${fmt(median(cpu.slice(1)))} ms) ` +
      `(first, reading the map: ${fmt(times[0])} ms; last: ${steps} ms) = ${(build / BUILD_TARGET_MS).toFixed(2)} × the 2 s target`,
  );

  const q = createNavQuery(mesh);
  let seed = 20261125;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const point = () => {
    const a = Math.floor(rnd() * mesh.areaCount);
    const [x0, y0, x1, y1] = areaBounds(mesh, a);
    const x = (x0 + x1) / 2;
    const y = (y0 + y1) / 2;
    return [x, y, areaHeightAt(mesh, a, x, y)];
  };
  const pairs = Array.from({ length: WARM_QUERIES + QUERIES }, () => [point(), point()]);
  const each: number[] = [];
  const eachCpu: number[] = [];
  const q0 = process.cpuUsage();
  let found = 0;
  let segments = 0;
  pairs.forEach(([a, b], k) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = findPath(q, a, b);
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    if (k < WARM_QUERIES) return;
    each.push(ms);
    eachCpu.push((c1.user + c1.system) / 1000);
    if (r.ok) {
      found++;
      segments += r.points.length - 1;
    }
  });
  const q1 = process.cpuUsage(q0);
  const cpuMean = (q1.user + q1.system) / 1000 / (WARM_QUERIES + QUERIES);
  const mean = each.reduce((s, v) => s + v, 0) / each.length;
  const p95 = [...each].sort((a, b) => a - b)[Math.floor(each.length * 0.95)];
  const cpuP95 = [...eachCpu].sort((a, b) => a - b)[Math.floor(eachCpu.length * 0.95)];
  console.log(
    `${map}: query mean ${fmt(mean)} ms, median ${fmt(median(each))} ms, p95 ${fmt(p95)} ms ` +
      `= ${(mean / QUERY_TARGET_MS).toFixed(2)} × the 1 ms target (CPU mean ${fmt(cpuMean)} ms, ` +
      `untimed rounds included; CPU p95 ${fmt(cpuP95)} ms = ${(cpuP95 / QUERY_TARGET_MS).toFixed(2)} × the target); ` +
      `${found}/${QUERIES} found ` +
      `(${(segments / Math.max(1, found)).toFixed(1)} segments each; the rest: no connection, one-way drops)`,
  );
}
