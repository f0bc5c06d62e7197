/**
 * What a coverage-guided fuzz target is: one reader, the fixtures its first inputs come from,
 * and `run`, which hands it one input. Each target is a small file in `targets/`; the fuzzer
 * bundles that file with esbuild, instruments the reader's code (`instrument.ts`) and runs the
 * bundle in a worker thread (`coverage-worker.ts`).
 *
 * The invariant for every input (`checkOutcome`): `run` returns (a clean result) or throws one
 * of the reader's typed errors, whose message names the file and, when the error carries a byte
 * offset, names that offset (`@0x…`), which must lie inside the input. Anything else thrown is
 * a crash; the worker's watchdog adds the time cap (a hang) and the memory cap.
 */
import type { SeededRandom } from '../../mvd2-writer/seeded-random.js';

/**
 * Thrown by a target's `run` when the reader returned something it must never return (a
 * warning that names no offset, a nav the engine cannot load): not a typed error, so a crash.
 */
export class InvariantBroken extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvariantBroken';
  }
}

/** An error class a reader throws on bad input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ErrorClass = abstract new (...args: any[]) => Error;

export interface RunContext {
  /**
   * The file name the reader is given: a readers of bytes only names it in errors; a reader of
   * paths (archives) reads it, after the target has written the input there.
   */
  readonly file: string;
}

/** How the seeds are made from the fixtures (`seed-makers.ts` holds the makers). */
export interface SeedSpec {
  /** Globs under the fixture folder (`../shared/fixtures`), e.g. `nav/*.nav`. */
  readonly fixtures: readonly string[];
  /** Globs of the repository's own files (the pipeline files of `pipelines/`). */
  readonly repo?: readonly string[];
  /**
   * A maker turning those fixtures (and the repository's own files it names) into inputs,
   * for formats no fixture is in (NAV3 from the engine's navs, archives holding fixtures):
   * a key of `SEED_MAKERS`. Absent: each fixture's bytes are a seed as they are.
   */
  readonly maker?: string;
}

export interface FuzzTarget {
  /** `--target` name. */
  readonly name: string;
  /** One line for the table: which reader, which entry point. */
  readonly reader: string;
  readonly seeds: SeedSpec;
  /**
   * Paths (from the repository root) whose code is instrumented for coverage: the reader's
   * own files. Everything else in the bundle runs uninstrumented. [Form: prefix of a path]
   */
  readonly instrument: readonly string[];
  /** Packages to bundle and instrument with the reader (the zip reader is yauzl's). */
  readonly instrumentPackages?: readonly string[];
  /** Name of the input file (its extension matters to some readers). */
  readonly fileName: string;
  /** Longest input the mutator makes; seeds are cut to it. [Units: bytes] */
  readonly maxBytes: number;
  /** The reader's typed errors: a failure that is an instance of one of these is allowed. */
  readonly typed: readonly ErrorClass[];
  /** Tokens the mutator may insert (magic numbers, keys, names). */
  readonly dictionary?: readonly (string | Uint8Array)[];
  /**
   * Violations found and reported but not fixed yet, because their code is being changed
   * elsewhere: matched by signature, listed apart with the note, and not failing a run. Each
   * entry goes when its fix lands.
   */
  readonly knownOpen?: readonly { readonly signature: RegExp; readonly note: string }[];
  /** Hands the reader one input; throws what the reader throws. */
  run(bytes: Uint8Array, ctx: RunContext): unknown;
  /**
   * A mutation aware of the format (for a compressed payload: inflate, mutate, deflate), used
   * for some of the mutations; `mutateBytes` is the generic byte mutator.
   */
  mutate?(
    bytes: Uint8Array,
    rnd: SeededRandom,
    mutateBytes: (b: Uint8Array) => Uint8Array,
  ): Uint8Array | null;
  /**
   * Extra checks of a typed error (its own message rules, an offset bound other than the input
   * length); returns the problems. Replaces the default offset check when given.
   */
  checkError?(e: Error, bytes: Uint8Array, ctx: RunContext): string[];
}

/** The default checks of a typed error: the file named, a byte offset in range and named. */
export function defaultErrorProblems(e: Error, bytes: Uint8Array, ctx: RunContext): string[] {
  const problems: string[] = [];
  if (!e.message.includes(ctx.file))
    problems.push(`the message does not name the file ${JSON.stringify(ctx.file)}`);
  const offset = (e as { offset?: unknown }).offset;
  if (offset !== undefined) problems.push(...offsetProblems(e, offset, bytes.length));
  return problems;
}

/** The offset is a byte offset in [0, bound] and the message names it as `@0x…`. */
export function offsetProblems(e: Error, offset: unknown, bound: number): string[] {
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
    return [`offset ${String(offset)} is not a byte offset`];
  const problems: string[] = [];
  if (offset > bound) problems.push(`offset 0x${offset.toString(16)} lies beyond ${bound} bytes`);
  if (!e.message.includes(`@0x${offset.toString(16)}`))
    problems.push(`the message does not name the offset @0x${offset.toString(16)}`);
  return problems;
}

/** What one input did, as the fuzzer judges it. */
export type Outcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'typed'; readonly label: string }
  | {
      readonly kind: 'violation';
      /**
       * `crash` (untyped or escaped, or over the time cap), `bad-error` (typed, but the message
       * or offset is wrong), `memory` (over the memory cap).
       */
      readonly violation: 'crash' | 'bad-error' | 'memory';
      /** Groups violations of one cause: the error's name and first frame of our code. */
      readonly signature: string;
      readonly message: string;
    };

/** First stack frame that is not node's own, trimmed (for grouping crashes). */
function firstFrame(stack: string | undefined): string {
  const lines = (stack ?? '').split('\n').slice(1);
  const frame = lines.find((l) => !l.includes('node:')) ?? lines[0] ?? '';
  return frame
    .trim()
    .replace(/^at /, '')
    .replace(/\?[^:)]*/, '');
}

/** Judges what `run` threw (or `null`: it returned). */
export function checkOutcome(
  target: FuzzTarget,
  thrown: unknown,
  threw: boolean,
  bytes: Uint8Array,
  ctx: RunContext,
): Outcome {
  if (!threw) return { kind: 'ok' };
  const e = thrown as Error;
  const isTyped = thrown instanceof Error && target.typed.some((c) => thrown instanceof c);
  if (!isTyped) {
    const name = thrown instanceof Error ? thrown.constructor.name : typeof thrown;
    return {
      kind: 'violation',
      violation: 'crash',
      signature: `${name} at ${firstFrame(thrown instanceof Error ? e.stack : undefined)}`,
      message: thrown instanceof Error ? `${name}: ${e.message}\n${e.stack ?? ''}` : String(e),
    };
  }
  const problems = target.checkError
    ? target.checkError(e, bytes, ctx)
    : defaultErrorProblems(e, bytes, ctx);
  const code = (e as { code?: unknown }).code;
  const label = `${e.constructor.name}${typeof code === 'string' ? ` ${code}` : ''}`;
  if (problems.length === 0) return { kind: 'typed', label };
  return {
    kind: 'violation',
    violation: 'bad-error',
    signature: `${label}: ${problems.map((p) => p.replace(/0x[0-9a-f]+|\d+/g, 'N')).join('; ')}`,
    message: `${problems.join('; ')}\n${e.message}`,
  };
}
