/**
 * Issue 37's target for the re-release nav: the engines' own loaders (q2pro PR #310 and
 * q2pro-ng, `../shared/engine/q2r/`) never reject or crash on a NAV3 navgen writes. Seeded
 * pseudo-random graphs (`helpers/random-nav3.ts`: 1 to 32,767 nodes, up to 65,535 links, a node
 * with 32,767 links, any link type and flag byte, traversals and edicts up to their limits,
 * coordinates at the float32 limits, versions 2 to 6) go through navgen's writer, and both
 * checkers load each file with the counts written. One graph in eight carries one field just
 * outside what a loader takes: the writer must refuse those, naming the field's reason.
 *
 * The same graphs on every run (seed 37). A longer run, more graphs or another seed:
 * `npm run fuzz:nav3-loaders -- --graphs 5000 [--seed S]` (the figure in docs/robustness.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NavFormatError } from '../../../../src/nav/formats/format-error.js';
import { giveWay } from '../../../../src/pausing/run-steps.js';
import {
  NAV3_LINK_TYPES,
  NAV3_MAX_EDICTS,
  NAV3_MAX_INDEX,
  NAV3_MAX_LINKS,
} from '../../../../src/nav/formats/nav3/layout.js';
import type { Nav3File } from '../../../../src/nav/formats/nav3/types.js';
import { encodeNav3 } from '../../../../src/nav/formats/nav3/write.js';
import {
  CHECKERS,
  HAVE_CHECKERS,
  Q2R_DIR,
  runChecker,
  type Checker,
} from '../../../helpers/q2r-checkers.js';
import {
  FLT_MAX,
  NAV3_FAULT_EVERY,
  NAV3_FAULT_NAMES,
  randomNav3,
} from '../../../helpers/random-nav3.js';

/** Graphs per run: about 12 s here (a checker run takes 2 ms, a graph of 32,767 nodes more). */
const GRAPHS = Number(process.env.NAVGEN_NAV3_GRAPHS ?? 300);
const SEED = Number(process.env.NAVGEN_NAV3_SEED ?? 37);

const dir = mkdtempSync(join(tmpdir(), 'navgen-nav3-loaders-'));
/** Files a loader refused stay for a look; the folder goes when all loaded. */
let keep = false;
afterAll(() => {
  if (!keep) rmSync(dir, { recursive: true, force: true });
});

/** What a run saw, for its summary line and the checks after it. */
interface Tally {
  written: number;
  nodes: number;
  links: number;
  /** Graphs refused by the writer as they had to be, by fault. */
  readonly refused: Map<string, number>;
  /** Files each checker loaded with the counts written. */
  readonly loaded: Map<Checker, number>;
  /** {@link LIMITS} some written file reached. */
  readonly reached: Set<string>;
  /** What went wrong, one line per graph and checker. */
  readonly broken: string[];
}

/** The writer's limits a run of the default size must reach in files both loaders took. */
const LIMITS = [
  '1 node',
  `${NAV3_MAX_INDEX} nodes`,
  `a node of ${NAV3_MAX_INDEX} links`,
  `${NAV3_MAX_LINKS} links`,
  `${NAV3_MAX_INDEX} traversals`,
  `${NAV3_MAX_EDICTS} edicts`,
  'float32 max',
  'float32 subnormal',
  '-0',
  'a link type past the known',
  ...[2, 3, 4, 5, 6].map((v) => `version ${v}`),
];

/** Which of {@link LIMITS} `nav` reaches. */
function limitsReached(nav: Nav3File): string[] {
  const out = [`version ${nav.version}`];
  if (nav.nodes.length === 1) out.push('1 node');
  if (nav.nodes.length === NAV3_MAX_INDEX) out.push(`${NAV3_MAX_INDEX} nodes`);
  if (nav.nodes.some((n) => n.linkCount === NAV3_MAX_INDEX))
    out.push(`a node of ${NAV3_MAX_INDEX} links`);
  if (nav.links.length === NAV3_MAX_LINKS) out.push(`${NAV3_MAX_LINKS} links`);
  if (nav.traversals.length === NAV3_MAX_INDEX) out.push(`${NAV3_MAX_INDEX} traversals`);
  if (nav.edicts.length === NAV3_MAX_EDICTS) out.push(`${NAV3_MAX_EDICTS} edicts`);
  if (nav.links.some((l) => l.type >= NAV3_LINK_TYPES.length))
    out.push('a link type past the known');
  const values = [
    nav.heuristic,
    ...nav.nodes.flatMap((n) => n.origin),
    ...nav.traversals.flatMap((t) => [...t.funnel, ...t.start, ...t.end, ...t.ladderPlane]),
    ...nav.edicts.flatMap((e) => [...e.mins, ...e.maxs]),
  ];
  if (values.some((v) => Math.abs(v) === FLT_MAX)) out.push('float32 max');
  // Below the smallest normal float32.
  if (values.some((v) => v !== 0 && Math.abs(v) < 1.1754943508222875e-38))
    out.push('float32 subnormal');
  if (values.some((v) => Object.is(v, -0))) out.push('-0');
  return out;
}

/** Writes graph `graph` and has both checkers load it, or checks how the writer refused it. */
function tryGraph(graph: number, t: Tally): void {
  const { nav, fault } = randomNav3(SEED, graph);
  const name = `g${graph}`;
  const fail = (what: string) => t.broken.push(`graph ${graph} (seed ${SEED}): ${what}`);
  let bytes: Uint8Array;
  try {
    bytes = encodeNav3(nav, `${name}.nav`);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (!fault) fail(`the writer refused a graph the loaders take: ${why}`);
    else if (!(e instanceof NavFormatError) || e.code !== fault.code)
      fail(`${fault.name}: refused as ${why}, not ${fault.code}`);
    else if (!fault.reason.test(e.reason) || !e.message.startsWith(`${name}.nav@0x`))
      fail(`${fault.name}: the message says ${why}`);
    else t.refused.set(fault.name, (t.refused.get(fault.name) ?? 0) + 1);
    return;
  }
  if (fault) {
    fail(`${fault.name}: the writer wrote it`);
    return;
  }
  t.written++;
  t.nodes += nav.nodes.length;
  t.links += nav.links.length;
  const file = join(dir, `${name}.nav`);
  writeFileSync(file, bytes);
  const counts = {
    nodes: nav.nodes.length,
    links: nav.links.length,
    traversals: nav.traversals.length,
    edicts: nav.edicts.length,
  };
  let all = true;
  for (const checker of CHECKERS) {
    const run = runChecker(checker, file, name);
    if (
      run.result === 'LOADED' &&
      run.status === 0 &&
      JSON.stringify(run.counts) === JSON.stringify(counts)
    ) {
      t.loaded.set(checker, (t.loaded.get(checker) ?? 0) + 1);
      continue;
    }
    all = false;
    const said = run.output.split('\n').filter((l) => l !== '' && !l.startsWith('CHECKER:'));
    fail(
      `${checker}: ${run.result} (exit ${run.status}), counts ${JSON.stringify(run.counts)} ` +
        `of ${JSON.stringify(counts)}; kept as ${file}\n    ${said.slice(0, 6).join('\n    ')}`,
    );
  }
  if (all) {
    for (const limit of limitsReached(nav)) t.reached.add(limit);
    rmSync(file);
  } else keep = true;
}

describe('NAV3 files navgen writes, on seeded random graphs, in both re-release loaders', () => {
  it(
    `both load every one of ${GRAPHS} graphs the writer accepts, with its counts; ` +
      'the writer refuses the faulty ones with their reason',
    async () => {
      expect(
        HAVE_CHECKERS,
        `the re-release checkers (${CHECKERS.join(', ')}) are missing from ${Q2R_DIR}: ` +
          'this test needs them (see the README there)',
      ).toBe(true);
      const started = performance.now();
      const t: Tally = {
        written: 0,
        nodes: 0,
        links: 0,
        refused: new Map(),
        loaded: new Map(),
        reached: new Set(),
        broken: [],
      };
      for (let graph = 0; graph < GRAPHS; graph++) {
        tryGraph(graph, t);
        // The checkers run synchronously: the worker's RPC to vitest needs the event loop now
        // and then, or a long run loses it ("Timeout calling onTaskUpdate").
        if (graph % 16 === 15) await giveWay();
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `NAV3 loaders, seed ${SEED}: ${GRAPHS} graphs in ${seconds.toFixed(1)} s; ` +
          `${t.written} written (${t.nodes} nodes, ${t.links} links in all), loaded by ` +
          CHECKERS.map((c) => `${c} ${t.loaded.get(c) ?? 0}`).join(' and ') +
          `; ${GRAPHS - t.written} refused by the writer, each as it had to be ` +
          `(${[...t.refused].map(([f, k]) => `${f}: ${k}`).join(', ')}); ` +
          `limits reached: ${[...t.reached].sort().join(', ')}`,
      );
      expect(t.broken, `replay a graph: randomNav3(${SEED}, N) of helpers/random-nav3.ts`).toEqual(
        [],
      );
      for (const c of CHECKERS) expect(t.loaded.get(c), c).toBe(t.written);
      // The faulty graphs are a minority, and a run this long has every kind of fault.
      expect(GRAPHS - t.written).toBeLessThanOrEqual(Math.ceil(GRAPHS / NAV3_FAULT_EVERY));
      if (GRAPHS >= NAV3_FAULT_EVERY * NAV3_FAULT_NAMES.length)
        expect([...t.refused.keys()].sort()).toEqual([...NAV3_FAULT_NAMES].sort());
      if (GRAPHS >= 300) expect([...t.reached].sort()).toEqual([...LIMITS].sort());
    },
    Math.max(60_000, GRAPHS * 200),
  );
});
