/**
 * `npm run bench:physics`: speed of the collision model and of pmove on one thread, replaying
 * the queries the engine recorded on the five fixture maps (`../shared/fixtures/trace/` and
 * `../shared/fixtures/pmove/`).
 *
 * - player-box traces/s: every recorded world sweep with a non-zero box (players' and other
 *   boxes as the game and pmove made them), through `boxTrace`;
 * - pmove steps/s: every recorded pmove call whose result depends on the world only (`nonWorld`
 *   false: bot calls and the three shadow parameter sets), through `pmove` with world-only
 *   collision — each step makes its own traces (about 10 on average, counted and printed).
 *
 * Inputs are parsed before timing; each round replays everything once; the figure is the median
 * round, the best round printed beside it (noise only ever adds time). Targets: ≥ 500,000
 * traces/s and ≥ 50,000 pmove steps/s. Measures the compiled code in dist/ (built first by the
 * npm script).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
const { loadCollisionModel } = (await import(
  dist + 'world/collision-model.js'
)) as typeof import('../src/world/collision-model.js');
const { boxTrace, newTraceResult } = (await import(
  dist + 'world/trace.js'
)) as typeof import('../src/world/trace.js');
const { pmove } = (await import(
  dist + 'movement/pmove.js'
)) as typeof import('../src/movement/pmove.js');
const { worldCollision } = (await import(
  dist + 'movement/world-collision.js'
)) as typeof import('../src/movement/world-collision.js');
const replay = (await import(
  dist + 'movement/replay-pmove.js'
)) as typeof import('../src/movement/replay-pmove.js');
type PmoveCollision = import('../src/movement/types.js').PmoveCollision;
type PmoveParams = import('../src/movement/types.js').PmoveParams;
type PmoveState = import('../src/movement/types.js').PmoveState;
type UserCmd = import('../src/movement/types.js').UserCmd;
type CollisionModel = import('../src/world/collision-model.js').CollisionModel;

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 5;
const fixtures = resolve(
  args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? '../shared/fixtures',
);
const MAPS = ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer'];

function lines(path: string): Record<string, unknown>[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

interface TraceSet {
  model: CollisionModel;
  /** [Form: (start xyz, end xyz, mins xyz, maxs xyz) × n] */
  vecs: Float32Array;
  masks: Int32Array;
}
interface PmoveStep {
  c: PmoveCollision;
  params: PmoveParams;
  state: PmoveState;
  cmd: UserCmd;
  snap: boolean;
}

const traceSets: TraceSet[] = [];
const steps: PmoveStep[] = [];
for (const map of MAPS) {
  const model = await loadCollisionModel(resolve(fixtures, 'maps', `${map}.bsp`));
  const sweeps = lines(resolve(fixtures, 'trace', `${map}.trace.jsonl.gz`)).filter((l) => {
    const mins = l.mins as number[];
    const maxs = l.maxs as number[];
    return l.kind === 'world' && (mins.some((v) => v !== 0) || maxs.some((v) => v !== 0));
  });
  const vecs = new Float32Array(sweeps.length * 12);
  const masks = new Int32Array(sweeps.length);
  sweeps.forEach((l, i) => {
    vecs.set(
      [
        ...(l.start as number[]),
        ...(l.end as number[]),
        ...(l.mins as number[]),
        ...(l.maxs as number[]),
      ],
      i * 12,
    );
    masks[i] = l.brushmask as number;
  });
  traceSets.push({ model, vecs, masks });

  const byMask = new Map<number, PmoveCollision>();
  for (const l of lines(resolve(fixtures, 'pmove', `${map}.pmove.jsonl.gz`))) {
    if (l.nonWorld) continue;
    const mask = (l.mask as number) === -1 ? 33619971 : (l.mask as number);
    let c = byMask.get(mask);
    if (!c) byMask.set(mask, (c = worldCollision(model, mask)));
    steps.push({
      c,
      params: replay.paramsFromLine(l.pmp as Record<string, number | boolean>),
      state: replay.stateFromLine(l.in as Parameters<typeof replay.stateFromLine>[0]),
      cmd: replay.cmdFromLine(l.cmd as Parameters<typeof replay.cmdFromLine>[0]),
      snap: l.snapinitial as boolean,
    });
  }
}

const out = newTraceResult();
function runTraces(): number {
  let n = 0;
  let sink = 0;
  for (const s of traceSets) {
    const v = s.vecs;
    for (let i = 0; i < s.masks.length; i++) {
      const o = i * 12;
      boxTrace(
        s.model,
        v.subarray(o, o + 3),
        v.subarray(o + 3, o + 6),
        v.subarray(o + 6, o + 9),
        v.subarray(o + 9, o + 12),
        0,
        s.masks[i]!,
        out,
      );
      sink += out.fraction;
      n++;
    }
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return n;
}

/** Counts the traces pmove makes, once, outside the timed rounds. */
function tracesPerStep(): number {
  let traces = 0;
  for (const s of steps) {
    const counting: PmoveCollision = {
      trace: (a, b, c, d, r) => (traces++, s.c.trace(a, b, c, d, r)),
      pointContents: (p) => s.c.pointContents(p),
    };
    pmove(counting, s.params, s.state, s.cmd, s.snap);
  }
  return traces / steps.length;
}

function runPmove(): number {
  let sink = 0;
  for (const s of steps) sink += pmove(s.c, s.params, s.state, s.cmd, s.snap).state.origin[2];
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return steps.length;
}

function time(fn: () => number): [number, number] {
  const t0 = process.hrtime.bigint();
  const n = fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, n];
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Warm up (JIT), then alternate the measured rounds.
runTraces();
runPmove();
const tt: number[] = [];
const pt: number[] = [];
let nTraces = 0;
let nSteps = 0;
for (let i = 0; i < rounds; i++) {
  const [a, n] = time(runTraces);
  tt.push(a);
  nTraces = n;
  const [b, m] = time(runPmove);
  pt.push(b);
  nSteps = m;
}
const perStep = tracesPerStep();
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`maps               ${MAPS.join(', ')} (${fixtures})`);
console.log(
  `player-box traces  ${fmt(nTraces / median(tt))}/s median, ${fmt(nTraces / Math.min(...tt))}/s best  (${nTraces} recorded world box sweeps; target ≥ 500,000/s)`,
);
console.log(
  `pmove steps        ${fmt(nSteps / median(pt))}/s median, ${fmt(nSteps / Math.min(...pt))}/s best  (${nSteps} recorded calls, ${perStep.toFixed(1)} traces each; target ≥ 50,000/s)`,
);
console.log(`rounds             ${rounds}, one thread, interleaved`);
