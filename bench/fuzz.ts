/**
 * Two fuzzers behind one command.
 *
 * Coverage-guided, one target per reader (`tools/fuzz/coverage/`):
 *   `npm run fuzz -- --target NAME|all --seconds S [--runs N] [--seed S] [--time-cap MS]
 *   [--memory-cap MB] [--keep-failures DIR]` runs each target for S seconds (or N executions),
 *   keeping the inputs that reach new code, and prints per target: executions, executions per
 *   second, corpus, edges covered of those instrumented, and each violation with the command
 *   that replays it (`--target NAME --replay FILE`); failing inputs are written under the temp
 *   folder; exit 1 on any violation. `--list` names the targets.
 *
 * Mutation of the fixtures (`tools/fuzz/`):
 * `npm run fuzz -- --iterations N [--seed S] [--time-cap MS] [--kind demo|nav|all]`: mutates the
 * real fixture demos and `.nav` files and checks, case by case, that the readers in dist/ (what
 * `navgen` ships) fail only with their typed errors naming file and byte offset, never hang,
 * stay within a memory bound, and deliver every frame before the damage (see
 * `fuzz/invariants.ts`). Prints a summary and, for each violation, a command that replays it;
 * exits 1 on any violation.
 *
 * More options:
 *   --case N            replay case N alone (with the same --seed, --kind, --mutation, --only)
 *   --mutation a,b      only these mutation kinds (names in the summary)
 *   --only text         only fixtures whose file name contains text (comma-separated: any)
 *   --fixtures DIR      the fixture folder (default ../shared/fixtures, or $NAVGEN_FIXTURES)
 *   --keep-failures DIR where failing inputs go (default: a folder under the system temp dir)
 *   --jobs N            cases run at once, one worker thread each (default 1; the process's
 *                       peak RSS is judged per case only then, the worker heap always)
 *   --quiet             no progress line
 */
import fg from 'fast-glob';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import {
  outcomeText,
  TABLE_HEAD,
  tableRow,
  violationText,
} from '../tools/fuzz/coverage/format-coverage-report.js';
import {
  replayInput,
  runCoverageFuzz,
  type CoverageFuzzReport,
} from '../tools/fuzz/coverage/run-coverage-fuzz.js';
import { loadTarget, TARGET_NAMES, targetFile } from '../tools/fuzz/coverage/targets/index.js';
import { formatFuzzReport } from '../tools/fuzz/format-report.js';
import { runFuzz, type FuzzKind } from '../tools/fuzz/run-fuzz.js';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
function usage(message: string): never {
  console.error(`fuzz: ${message}`);
  process.exit(2);
}
function value(name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  if (i + 1 >= args.length) usage(`${name} needs a value`);
  return args[i + 1];
}
function integer(name: string, fallback: number, min: number): number {
  const v = value(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) usage(`${name} must be an integer ≥ ${min}, got "${v}"`);
  return n;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fixtures = resolve(
  value('--fixtures') ?? process.env.NAVGEN_FIXTURES ?? join(repoRoot, '..', 'shared', 'fixtures'),
);
if (!existsSync(fixtures)) usage(`no fixture folder at ${fixtures}`);

if (args.includes('--list')) {
  process.stdout.write(`${TARGET_NAMES.join('\n')}\n`);
  process.exit(0);
}
const targetArg = value('--target');
if (targetArg !== undefined) {
  process.exitCode = await coverageFuzz(targetArg);
  process.exit();
}

/** `--target`: the coverage-guided fuzzer; returns the exit code. */
async function coverageFuzz(arg: string): Promise<number> {
  const names = arg === 'all' ? [...TARGET_NAMES] : arg.split(',');
  for (const n of names)
    if (!(TARGET_NAMES as readonly string[]).includes(n))
      usage(`unknown target "${n}"; the targets: ${TARGET_NAMES.join(', ')}, all`);
  const timeCapMs = integer('--time-cap', 2000, 1);
  const memoryCapMb = integer('--memory-cap', 512, 16);
  const replayFile = value('--replay');
  if (replayFile !== undefined) {
    if (names.length !== 1) usage('--replay needs one --target');
    const file = targetFile(names[0]);
    const outcome = await replayInput(
      await loadTarget(file),
      file,
      new Uint8Array(readFileSync(replayFile)),
      timeCapMs,
      memoryCapMb,
    );
    process.stdout.write(`${names[0]} ${replayFile}: ${outcome}\n`);
    return /^(ok|\w+Error|\w+Errors)\b/.test(outcome) ? 0 : 1;
  }
  const seconds = value('--seconds') !== undefined ? integer('--seconds', 60, 1) : undefined;
  const runs = value('--runs') !== undefined ? integer('--runs', 0, 1) : undefined;
  if (seconds === undefined && runs === undefined) usage('--target needs --seconds S or --runs N');
  const seed = integer('--seed', 1, 0);
  const keepRoot = value('--keep-failures');
  const reports: CoverageFuzzReport[] = [];
  for (const name of names) {
    const file = targetFile(name);
    const target = await loadTarget(file);
    const report = await runCoverageFuzz({
      target,
      targetFile: file,
      fixtures,
      seconds,
      maxExecs: runs,
      seed,
      timeCapMs,
      memoryCapMb,
      keepFailuresIn: keepRoot ? join(resolve(keepRoot), name) : undefined,
      onStats: (s) => {
        if (quiet || !process.stderr.isTTY) return;
        process.stderr.write(
          `\r${name}: ${s.execs} executions, ${s.seconds.toFixed(0)} s, corpus ${s.corpus}, edges ${s.covered}/${s.total}, ${s.violations} violation(s)   `,
        );
      },
    });
    if (!quiet && process.stderr.isTTY) process.stderr.write('\n');
    reports.push(report);
    process.stdout.write(TABLE_HEAD + tableRow(report) + outcomeText(report));
    process.stdout.write(
      violationText(report, (f) => `npm run fuzz -- --target ${name} --replay ${f}`),
    );
  }
  if (reports.length > 1) process.stdout.write(`\n${TABLE_HEAD}${reports.map(tableRow).join('')}`);
  const violations = reports.reduce((n, r) => n + r.violations.length, 0);
  const known = reports.reduce((n, r) => n + r.knownOpen.length, 0);
  process.stdout.write(
    `coverage fuzz: ${reports.length} target(s), seed ${seed}, time cap ${timeCapMs} ms, memory cap ${memoryCapMb} MiB, ${violations} violation(s)${known ? `, ${known} known and open (listed in their targets)` : ''}\n`,
  );
  return violations > 0 ? 1 : 0;
}
const kind = (value('--kind') ?? 'all') as FuzzKind;
if (!['demo', 'nav', 'all'].includes(kind)) usage(`--kind must be demo, nav or all, got "${kind}"`);
const seed = integer('--seed', 1, 0);
const replay = value('--case') !== undefined ? integer('--case', 0, 0) : null;
const iterations = replay !== null ? 1 : integer('--iterations', 1000, 1);
const timeCapMs = integer('--time-cap', 10_000, 1);
const jobs = integer('--jobs', 1, 1);
const mutations = value('--mutation')?.split(',').filter(Boolean);
const only = value('--only')?.split(',').filter(Boolean);
const keep = resolve(
  value('--keep-failures') ?? join(tmpdir(), `navgen-fuzz-failures-seed${seed}`),
);

const pick = (pattern: string) =>
  fg
    .sync(pattern, { cwd: fixtures, absolute: true })
    .filter((f) => !only || only.some((o) => f.split('/').pop()!.includes(o)))
    .sort();
const demoFiles = [...pick('demos/mvd2/**/*.mvd2{,.gz}'), ...pick('dm2/*.dm2{,.gz}')];
const navFiles = pick('nav/*.nav');

/** The flags that shape the case plan: a replay needs the same ones. */
const planFlags = [
  `--seed ${seed}`,
  `--kind ${kind}`,
  mutations ? `--mutation ${mutations.join(',')}` : '',
  only ? `--only ${only.join(',')}` : '',
]
  .filter(Boolean)
  .join(' ');

let done = 0;
let failed = 0;
const report = await runFuzz({
  iterations,
  seed,
  firstCase: replay ?? 0,
  kind,
  mutations,
  demoFiles,
  navFiles,
  timeCapMs,
  jobs,
  keepFailuresIn: keep,
  onCase: (c) => {
    done++;
    if (c.verdict.problems.length > 0) failed++;
    if (quiet) return;
    if (process.stderr.isTTY && (done % 25 === 0 || done === iterations))
      process.stderr.write(`\rfuzz: ${done}/${iterations} cases, ${failed} violation(s)`);
    else if (!process.stderr.isTTY && done % 1000 === 0)
      process.stderr.write(`fuzz: ${done}/${iterations} cases, ${failed} violation(s)\n`);
  },
}).catch((e: unknown) => usage((e as Error).message));
if (!quiet && process.stderr.isTTY) process.stderr.write('\n');

process.stdout.write(
  `fuzz: ${demoFiles.length} demo(s) and ${navFiles.length} .nav file(s) from ${fixtures}, time cap ${timeCapMs} ms\n`,
);
process.stdout.write(
  formatFuzzReport(report, (index) => `npm run fuzz -- ${planFlags} --case ${index}`),
);
process.exitCode = report.violations.length > 0 ? 1 : 0;
