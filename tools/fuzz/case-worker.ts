/**
 * The fuzz worker thread: runs one job at a time against the compiled readers in dist/ (what
 * `navgen` ships) and reports what came out, how long it took and how much memory it grew by.
 * The main thread enforces the time cap by terminating this thread, and the heap cap through
 * the thread's resource limits; whatever escapes a job (an exception no one caught, a late
 * unhandled rejection) is reported as a crash of the running job.
 *
 * Started by `case-runner.ts` through a small bootstrap that registers tsx first.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { frameDigest } from './frame-digest.js';
import type { DemoEvent } from '../../src/sources/demo/events.js';
import type {
  DemoJob,
  DemoResult,
  ErrorReport,
  JobMessage,
  NavJob,
  NavResult,
  ProbeJob,
  ProbeResult,
  ReferenceJob,
  ReferenceResult,
  WarningReport,
  WorkerReply,
} from './fuzz-protocol.js';
import { navSafetyProblems } from './nav-safety.js';

// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../../dist/';
const { readDemo } = (await import(
  dist + 'sources/demo/read-demo.js'
)) as typeof import('../../src/sources/demo/read-demo.js');
const { Mvd2Decoder } = (await import(
  dist + 'sources/mvd2/decoder.js'
)) as typeof import('../../src/sources/mvd2/decoder.js');
const { Dm2Decoder } = (await import(
  dist + 'sources/dm2/decoder.js'
)) as typeof import('../../src/sources/dm2/decoder.js');
const { DemoParseError } = (await import(
  dist + 'sources/demo/errors.js'
)) as typeof import('../../src/sources/demo/errors.js');
const { decodeNav } = (await import(
  dist + 'nav/formats/aqtion/read-nav.js'
)) as typeof import('../../src/nav/formats/aqtion/read-nav.js');
const { NavReadError } = (await import(
  dist + 'nav/formats/aqtion/errors.js'
)) as typeof import('../../src/nav/formats/aqtion/errors.js');

const port = parentPort!;

/** A full collection before each job gives a clean baseline for its memory growth. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function memoryInUse(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const STACK_LINES = 6;

function errorReport(e: unknown): ErrorReport {
  const err = e as Partial<Error> & {
    code?: unknown;
    file?: unknown;
    offset?: unknown;
    section?: unknown;
  };
  const isError = e instanceof Error;
  return {
    name: isError ? (e.constructor?.name ?? e.name) : typeof e,
    typed: e instanceof DemoParseError || e instanceof NavReadError,
    code: typeof err?.code === 'string' ? err.code : null,
    file: typeof err?.file === 'string' ? err.file : null,
    offset: typeof err?.offset === 'number' ? err.offset : null,
    section: typeof err?.section === 'string' ? err.section : null,
    message: isError ? String(err.message) : String(e),
    stack: isError ? (err.stack ?? '').split('\n').slice(0, STACK_LINES).join('\n') : null,
  };
}

function runDemo(job: DemoJob): Promise<DemoResult> {
  const digests: number[] = [];
  const warnings: WarningReport[] = [];
  let ended = false;
  return new Promise((resolve) => {
    const finish = (error: unknown) =>
      resolve({
        kind: 'demo',
        digests: Uint32Array.from(digests),
        warnings,
        ended,
        error: error === null ? null : errorReport(error),
      });
    readDemo(job.path, { name: job.name, entities: true, fullPlayers: true }).subscribe({
      next: (e) => {
        if (e.kind === 'frame') digests.push(frameDigest(e));
        else if (e.kind === 'warning')
          warnings.push({ code: e.code, offset: e.offset, message: e.message });
        else if (e.kind === 'end') ended = true;
      },
      error: (e: unknown) => finish(e),
      complete: () => finish(null),
    });
  });
}

function runReference(job: ReferenceJob): ReferenceResult {
  const digests: number[] = [];
  const framesAfterBlock = new Uint32Array(job.blockEnds.length);
  const onEvent = (e: DemoEvent): void => {
    if (e.kind === 'frame') digests.push(frameDigest(e));
  };
  const s = job.stream;
  const mvd2 = s[0] === 0x4d && s[1] === 0x56 && s[2] === 0x44 && s[3] === 0x32;
  const options = { file: job.name, entities: true, fullPlayers: true };
  const decoder = mvd2 ? new Mvd2Decoder(options, onEvent) : new Dm2Decoder(options, onEvent);
  let at = 0;
  job.blockEnds.forEach((end, k) => {
    decoder.push(job.stream.subarray(at, end));
    at = end;
    framesAfterBlock[k] = digests.length;
  });
  decoder.push(job.stream.subarray(at));
  decoder.finish();
  return { kind: 'reference', digests: Uint32Array.from(digests), framesAfterBlock };
}

function runNav(job: NavJob): NavResult {
  try {
    const { nav } = decodeNav(job.bytes, job.name);
    const links = nav.nodes.reduce((n, node) => n + node.links.length, 0);
    return {
      kind: 'nav',
      accepted: { nodes: nav.nodes.length, links, unsafe: navSafetyProblems(nav) },
      error: null,
    };
  } catch (e) {
    return { kind: 'nav', accepted: null, error: errorReport(e) };
  }
}

/** The self-check (see `ProbeJob`). */
async function runProbe(job: ProbeJob): Promise<ProbeResult> {
  if (job.action === 'spin') for (;;);
  if (job.action === 'throw-late') {
    setTimeout(() => {
      throw new Error('thrown from a timer after the job answered');
    }, 0);
    return { kind: 'probe' };
  }
  const held = new Uint8Array(job.bytes).fill(1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return held[held.length - 1] === 1 ? { kind: 'probe' } : { kind: 'probe' };
}

let running = -1;
const reply = (m: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

// Nothing may escape a job: report it against the job that was running (or the last one).
process.on('uncaughtException', (e) =>
  reply({ type: 'crash', id: running, error: errorReport(e) }),
);
process.on('unhandledRejection', (e) =>
  reply({ type: 'crash', id: running, error: errorReport(e) }),
);

port.on('message', async ({ id, job }: JobMessage) => {
  running = id;
  collectGarbage();
  const base = memoryInUse();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryInUse());
  }, 1);
  const t0 = performance.now();
  try {
    const result =
      job.kind === 'demo'
        ? await runDemo(job)
        : job.kind === 'reference'
          ? runReference(job)
          : job.kind === 'nav'
            ? runNav(job)
            : await runProbe(job);
    const ms = performance.now() - t0;
    peak = Math.max(peak, memoryInUse());
    // Let timers and I/O callbacks the job left behind run first: what they throw is this job's.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const transfer =
      result.kind === 'demo' || result.kind === 'reference'
        ? [result.digests.buffer as ArrayBuffer]
        : [];
    reply({ type: 'done', id, result, measure: { ms, peakBytes: peak - base } }, transfer);
  } catch (e) {
    reply({ type: 'crash', id, error: errorReport(e) });
  } finally {
    clearInterval(sampler);
  }
});

reply({ type: 'ready' });
