/**
 * The coverage-guided fuzzer in CI (`npm run fuzz -- --target NAME` runs the same at any
 * size): every reader's target for about a second holds the invariant (a clean result or the
 * reader's typed error naming the file and offset; no crash, hang or memory beyond the cap),
 * and coverage guidance finds what blind mutation does not: a crash planted behind a 4-byte
 * magic, with a fixed seed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import {
  runCoverageFuzz,
  type CoverageFuzzReport,
} from '../../tools/fuzz/coverage/run-coverage-fuzz.js';
import { loadTarget, TARGET_NAMES, targetFile } from '../../tools/fuzz/coverage/targets/index.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { target as misbehaving } from './misbehaving-target.js';
import { target as planted } from './planted-bug-target.js';

/** Mutated inputs per reader: about a second of fuzzing each. [Units: s] */
const SECONDS = 1;

describeFixtures('coverage-guided fuzzing of every reader', () => {
  it(`runs each of the ${TARGET_NAMES.length} targets for ${SECONDS} s without a violation, and goes past its seeds' coverage`, async () => {
    const reports: CoverageFuzzReport[] = [];
    for (const name of TARGET_NAMES) {
      const file = targetFile(name);
      reports.push(
        await runCoverageFuzz({
          target: await loadTarget(file),
          targetFile: file,
          fixtures: fixture(),
          seconds: SECONDS,
          seed: 20261128,
        }),
      );
    }
    const broken = reports.flatMap((r) =>
      r.violations.map((v) => `${r.target}: ${v.kind} ${v.signature} (${v.file})\n${v.message}`),
    );
    expect(broken).toEqual([]);
    for (const r of reports) {
      expect(r.execs, r.target).toBeGreaterThan(0);
      expect(r.seeds, r.target).toBeGreaterThan(0);
      expect(r.covered, r.target).toBeGreaterThanOrEqual(r.seedCovered);
      expect(r.covered, r.target).toBeLessThanOrEqual(r.total);
    }
    expect(reports.filter((r) => r.covered > r.seedCovered).length).toBeGreaterThan(0);
  }, 120_000);
});

it('finds a crash behind a 4-byte magic with coverage guidance, and not by blind mutation', async () => {
  const targetFileOfToy = fileURLToPath(new URL('./planted-bug-target.ts', import.meta.url));
  const run = (guided: boolean) =>
    runCoverageFuzz({
      target: planted,
      targetFile: targetFileOfToy,
      fixtures: '',
      seeds: [new Uint8Array(8)],
      maxExecs: 400_000,
      seed: 7,
      guided,
      stopOnViolation: true,
    });
  const guided = await run(true);
  expect(guided.violations.map((v) => v.signature)).toEqual([
    expect.stringMatching(/^RangeError at /),
  ]);
  const found = guided.violations[0];
  expect(Array.from(found.bytes.subarray(0, 4))).toEqual([0x46, 0x55, 0x5a, 0x5a]);
  // Shrunk to the magic itself.
  expect(found.bytes.length).toBe(4);
  const blind = await run(false);
  expect(blind.execs).toBe(400_000);
  expect(blind.violations).toEqual([]);
  console.log(
    `planted bug: found by coverage guidance after ${found.atExec} executions; blind mutation: not in ${blind.execs}`,
  );
}, 120_000);

it('reports a hang, memory over the cap, an error thrown late, a promise that never settles and leaked descriptors, each with its input, and goes on', async () => {
  const report = await runCoverageFuzz({
    target: misbehaving,
    targetFile: fileURLToPath(new URL('./misbehaving-target.ts', import.meta.url)),
    fixtures: '',
    seeds: [
      Uint8Array.of(0, 0),
      new TextEncoder().encode('HANG'),
      Uint8Array.of(2, 0),
      Uint8Array.of(3, 0),
      new TextEncoder().encode('WAIT'),
      Uint8Array.of(5, 0),
    ],
    maxExecs: 2000,
    seed: 3,
    timeCapMs: 500,
  });
  console.log(
    `misbehaving toy: ${report.workers} workers, ${report.execs} executions, ${report.wallSeconds.toFixed(1)} s; ${report.violations.map((v) => v.signature).join(', ')}`,
  );
  const byKind = new Map(report.violations.map((v) => [v.kind, v]));
  const hang = report.violations.find((v) => v.signature === 'hang');
  expect(Buffer.from(hang?.bytes ?? []).toString()).toBe('HANG');
  expect(byKind.get('memory')?.bytes[0]).toBe(2);
  expect(byKind.get('memory')?.message).toMatch(/the heap grew by \d{3} MiB/);
  // The timer's error is traced to its input, unless an input that never settles comes before
  // the loop gives timers a turn (then it is told with that one).
  const late = report.violations.find((v) => v.message.includes('thrown from a timer'));
  expect(late).toBeDefined();
  if (existsSync('/proc/self/fd')) {
    // Each input opening with 5 leaves a descriptor open; the loop finds one among the recent.
    const leak = report.violations.find((v) => v.kind === 'leak');
    expect(leak?.bytes[0]).toBe(5);
  }
  const unsettled = report.violations.find((v) => v.signature.startsWith('never settled'));
  expect(Buffer.from(unsettled?.bytes ?? []).toString()).toBe('WAIT');
  // A new worker took over after the hang, without the input that hung.
  expect(report.workers).toBeGreaterThan(1);
  expect(report.execs).toBeGreaterThan(0);
}, 120_000);
