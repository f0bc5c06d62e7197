/**
 * `npm run bench:navtest`: the offline nav test of one whole nav. The nav is simplicity's draft
 * built from its fixture demos with pipelines/simplicity.yaml (about 3,500 links; built first,
 * not timed). Timed: `runNavtest` from the decoded nav to the finished report — loading the
 * map's collision model, starting the worker threads, every link simulated, reachability and
 * the report — with 1 and with 2 workers (this machine has 2 cores), three rounds each, the
 * median printed with the best and the first round (the only one that loads the map on this
 * thread: later rounds reuse the thread's model; pool threads are new every round). Target: a nav of about 3,000 links in ≤ 10 s. Prints links/s and
 * pmove steps/s, and checks that both worker counts give the same report. (The 2-worker rounds
 * force the pool thread on: by default a nav this small runs on one thread, see
 * `linksPerThread`.)
 *
 * Measures the compiled code in dist/ (built first by the npm script).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dist = '../dist/';
const { loadPipelineFile } = (await import(
  dist + 'pipeline/load-pipeline.js'
)) as typeof import('../src/pipeline/load-pipeline.js');
const { runBuild } = (await import(
  dist + 'pipeline/build.js'
)) as typeof import('../src/pipeline/build.js');
const { readNavFile } = (await import(
  dist + 'nav/formats/aqtion/read-nav.js'
)) as typeof import('../src/nav/formats/aqtion/read-nav.js');
const { runNavtest } = (await import(
  dist + 'navtest/run-navtest.js'
)) as typeof import('../src/navtest/run-navtest.js');

const MAP = 'simplicity';
const ROUNDS = 3;
const TARGET_SECONDS = 10;

const root = resolve(import.meta.dirname, '..');
const spec = await loadPipelineFile(join(root, 'pipelines', `${MAP}.yaml`));
const dir = await mkdtemp(join(tmpdir(), 'bench-navtest-'));
try {
  const navPath = join(dir, `${MAP}.nav`);
  await runBuild({
    ...spec,
    feedback: null,
    output: { nav: navPath, q2rNav: null, strafeTraces: null, report: null, html: null },
  });
  const nav = (await readNavFile(navPath)).nav;
  const links = nav.nodes.reduce((n, node) => n + node.links.length, 0);
  console.log(
    `${MAP}: ${nav.nodes.length} nodes, ${links} links (draft built from the fixture demos)`,
  );
  const reports: string[] = [];
  for (const workers of [1, 2]) {
    const times: number[] = [];
    let steps = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const run = await runNavtest(nav, spec.bsp!, MAP, { workers, linksPerThread: 1 });
      times.push(run.seconds);
      steps = run.steps;
      if (r === 0) reports.push(JSON.stringify(run.report));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(ROUNDS / 2)];
    console.log(
      `${workers} worker${workers > 1 ? 's' : ' '}: ${median.toFixed(2)} s median (best ${sorted[0].toFixed(2)} s) — ` +
        `${Math.round(links / median)} links/s, ${Math.round(steps / median)} pmove steps/s ` +
        `(${steps} steps, ${(steps / links).toFixed(1)} per link)` +
        `; first round ${times[0].toFixed(2)} s` +
        (Math.max(...times) <= TARGET_SECONDS
          ? `; every round ≤ ${TARGET_SECONDS} s: ok`
          : ` > ${TARGET_SECONDS} s: MISSED`),
    );
  }
  console.log(`reports with 1 and 2 workers ${reports[0] === reports[1] ? 'identical' : 'DIFFER'}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
