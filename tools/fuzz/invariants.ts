/**
 * The fuzz invariants, checked per case on what the worker reported:
 *
 * 1. no hang: the job answered within the time cap;
 * 2. no uncaught exception: nothing escaped the reader (no crash of the worker, no late
 *    rejection), and every failure is the reader's typed error (`DemoParseError`,
 *    `NavReadError`);
 * 3. every failure names the file and a byte offset: `file` is the name given to the reader,
 *    `offset` a non-negative integer, and the message says `<file>@0x<offset>` (demos) or
 *    `<file> <section>@0x<offset>` (navs); warnings name theirs too;
 * 4. bounded memory: the worker's heap and array buffers, and (one case at a time) the
 *    process's peak RSS, grew by less than a floor plus a multiple of the input's size;
 * 5. demos: the frames of every block before the first damaged byte come out first, equal to
 *    the undamaged demo's; a pure cut delivers exactly those frames and a TRUNCATED warning;
 * 6. navs: a file the reader accepts is safe for the engine (`nav-safety.ts`).
 */
import { MAX_PAYLOAD_BYTES } from '../../src/nav/formats/aqtion/format.js';
import type { JobOutcome } from './case-runner.js';
import type { DemoResult, ErrorReport, NavResult } from './fuzz-protocol.js';
import { hex } from '../../src/hex.js';

export interface MemoryLimits {
  /** Growth always allowed. [Units: bytes] */
  readonly floorBytes: number;
  /** Growth allowed per byte of input on top of the floor. */
  readonly perInputByte: number;
  /**
   * Judge the process's peak RSS too. Only meaningful when one case runs at a time: with
   * several, another worker's growth lands in the same figure. Default true.
   */
  readonly judgeRss?: boolean;
}

export interface Verdict {
  /** Outcome for the summary: `ok`, `ok TRUNCATED`, `DemoParseError BAD_OPCODE`, `hang`, … */
  readonly label: string;
  /** Broken invariants; empty when the case passed. */
  readonly problems: string[];
}

export interface DemoExpectation {
  /** Name the reader was given (the file's base name). */
  readonly name: string;
  /** Digests of the frames that must come first (the blocks before the damage). */
  readonly prefix: Uint32Array;
  /** First damaged byte of the MVD2 stream. [Units: bytes] */
  readonly damageAt: number;
  readonly cutOnly: boolean;
}

function errorLabel(e: ErrorReport): string {
  return e.code ? `${e.name} ${e.code}` : e.name;
}

/** Invariants 1 and 2 for outcomes without a result. */
function failedOutcome(outcome: JobOutcome, timeCapMs: number): Verdict | null {
  if (outcome.status === 'hang')
    return { label: 'hang', problems: [`no answer within the time cap of ${timeCapMs} ms`] };
  if (outcome.status === 'crash') {
    const e = outcome.error;
    return {
      label: 'crash',
      problems: [
        `uncaught ${e.name}${e.code ? ` (${e.code})` : ''}: ${e.message}${e.stack ? `\n${e.stack}` : ''}`,
      ],
    };
  }
  return null;
}

/** Invariant 4. */
export function memoryProblems(
  outcome: Extract<JobOutcome, { status: 'done' }>,
  inputBytes: number,
  limits: MemoryLimits,
): string[] {
  const allowed = limits.floorBytes + limits.perInputByte * inputBytes;
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
  const problems: string[] = [];
  if (outcome.measure.peakBytes > allowed) {
    problems.push(
      `memory: the worker grew by ${mib(outcome.measure.peakBytes)} for ${inputBytes} input bytes (allowed ${mib(allowed)})`,
    );
  }
  if ((limits.judgeRss ?? true) && outcome.rssGrowth > allowed) {
    problems.push(
      `memory: peak RSS grew by ${mib(outcome.rssGrowth)} for ${inputBytes} input bytes (allowed ${mib(allowed)})`,
    );
  }
  return problems;
}

/** Invariants 2 and 3 for a failure. */
function errorProblems(
  e: ErrorReport,
  name: string,
  typedName: string,
  where: (offset: number) => string,
): string[] {
  if (!e.typed || e.name !== typedName)
    return [`untyped failure ${e.name}: ${e.message}${e.stack ? `\n${e.stack}` : ''}`];
  const problems: string[] = [];
  if (e.file !== name)
    problems.push(`error names file ${JSON.stringify(e.file)}, not ${JSON.stringify(name)}`);
  if (e.offset === null || !Number.isSafeInteger(e.offset) || e.offset < 0)
    problems.push(`error offset ${e.offset} is not a byte offset`);
  else if (!e.message.includes(where(e.offset)))
    problems.push(`error message lacks "${where(e.offset)}": ${e.message}`);
  return problems;
}

export function checkDemoCase(
  expect: DemoExpectation,
  outcome: JobOutcome,
  inputBytes: number,
  limits: MemoryLimits,
  timeCapMs: number,
): Verdict {
  const failed = failedOutcome(outcome, timeCapMs);
  if (failed) return failed;
  const done = outcome as Extract<JobOutcome, { status: 'done' }>;
  const r = done.result as DemoResult;
  const { name, prefix } = expect;
  const problems = memoryProblems(done, inputBytes, limits);
  const truncated = r.warnings.some((w) => w.code === 'TRUNCATED');
  const label = r.error ? errorLabel(r.error) : ['ok', ...r.warnings.map((w) => w.code)].join(' ');
  if (r.error)
    problems.push(...errorProblems(r.error, name, 'DemoParseError', (o) => `${name}@${hex(o)}`));
  for (const w of r.warnings) {
    if (!w.message.includes(`${name}@${hex(w.offset)}`))
      problems.push(`warning ${w.code} lacks "${name}@${hex(w.offset)}": ${w.message}`);
  }
  let same = 0;
  while (same < prefix.length && same < r.digests.length && r.digests[same] === prefix[same])
    same++;
  if (same < prefix.length) {
    problems.push(
      `lost frames: the ${prefix.length} frames before the damage at ${hex(expect.damageAt)} must come first; ${r.digests.length} delivered, the first ${same} equal`,
    );
  }
  if (expect.cutOnly) {
    if (r.digests.length !== prefix.length)
      problems.push(
        `a cut at ${hex(expect.damageAt)} must deliver exactly ${prefix.length} frames, not ${r.digests.length}`,
      );
    const emptyOk = r.error?.code === 'EMPTY' && prefix.length === 0;
    if (!emptyOk && (r.error || !truncated || !r.ended))
      problems.push(
        `a cut must end with a TRUNCATED warning and the end event, got ${label}${r.ended ? '' : ' (no end event)'}`,
      );
  }
  return { label, problems };
}

export function checkNavCase(
  name: string,
  outcome: JobOutcome,
  inputBytes: number,
  limits: MemoryLimits,
  timeCapMs: number,
): Verdict {
  const failed = failedOutcome(outcome, timeCapMs);
  if (failed) return failed;
  const done = outcome as Extract<JobOutcome, { status: 'done' }>;
  const r = done.result as NavResult;
  const problems = memoryProblems(done, inputBytes, limits);
  if (r.accepted) {
    for (const u of r.accepted.unsafe)
      problems.push(`accepted a nav the engine cannot load safely: ${u}`);
    return { label: 'ok', problems };
  }
  const e = r.error!;
  const label = errorLabel(e);
  problems.push(...errorProblems(e, name, 'NavReadError', (o) => `${name} ${e.section}@${hex(o)}`));
  // The largest loadable payload bounds every offset inside one.
  const bound = e.section === 'payload' ? MAX_PAYLOAD_BYTES : inputBytes;
  if (e.offset !== null && e.offset > bound)
    problems.push(`error offset ${hex(e.offset)} lies beyond the ${e.section} (${hex(bound)})`);
  return { label, problems };
}
