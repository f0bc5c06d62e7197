/**
 * `npm run bench:decoder-ab -- OTHER_DIST`: the demo decoders alone (no I/O, no inflate) of this
 * checkout's `dist/` against another build's (`OTHER_DIST`, e.g. a detached worktree of main with
 * `npm run build` run in it), in one process, rounds alternated (A B C, B C A, …), with a copy of
 * the other build as a third contestant: the copy runs the same code, so its ratio is the noise
 * floor of the machine at that moment. Every event is kept by the consumer (as `readDemo`'s
 * subscriber keeps it), so that the optimizing compiler cannot drop the frame objects.
 *
 * Prints, per format (client demos, MVD2), the median, lower quartile and best time of each
 * build and the ratios this/other and copy/other. A change is within the noise when its ratio
 * is no further from 1 than the copy's.
 *
 * Options: `--rounds N` (default 150 for client demos, a fifth for MVD2), `--dm2 DIR` and
 * `--mvd2 DIR` (default the fixtures).
 */
import fg from 'fast-glob';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DemoEvent } from '../src/sources/demo/events.js';

interface Decoder {
  push(chunk: Uint8Array): void;
  finish(): void;
}
type DecoderClass = new (options: { file: string }, emit: (e: DemoEvent) => void) => Decoder;

const args = process.argv.slice(2);
const value = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const other = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (other === undefined || !existsSync(join(other, 'sources/dm2/decoder.js'))) {
  console.error(
    'usage: npm run bench:decoder-ab -- OTHER_DIST [--rounds N] [--dm2 DIR] [--mvd2 DIR]\n' +
      '  OTHER_DIST: the dist/ folder of the build to compare with (built with npm run build)',
  );
  process.exit(2);
}
const rounds = Number(value('--rounds')) || 150;
const here = resolve(import.meta.dirname, '../dist');
const copy = mkdtempSync(join(tmpdir(), 'navgen-decoder-ab-'));
cpSync(resolve(other), copy, { recursive: true });
// ES modules, as in the package (without this the loader may take the copy for CommonJS).
writeFileSync(join(copy, 'package.json'), '{ "type": "module" }\n');

/** The demo bytes, decompressed up front: the decoders alone are measured. */
function load(dir: string, pattern: string): Uint8Array[] {
  return fg
    .sync(pattern, { cwd: dir, absolute: true })
    .sort()
    .map((f) => {
      const b = readFileSync(f);
      return new Uint8Array(b[0] === 0x1f && b[1] === 0x8b ? gunzipSync(b) : b);
    });
}

let sink: DemoEvent | null = null;
/** One pass of `Dec` over `bufs` in 256 KiB chunks. [Units: ms] */
function pass(Dec: DecoderClass, bufs: readonly Uint8Array[]): number {
  const t = process.hrtime.bigint();
  for (const b of bufs) {
    const d = new Dec({ file: 'bench' }, (e) => {
      sink = e;
    });
    for (let p = 0; p < b.length; p += 1 << 18)
      d.push(b.subarray(p, Math.min(b.length, p + (1 << 18))));
    d.finish();
  }
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const sorted = (a: readonly number[]): number[] => [...a].sort((x, y) => x - y);
const median = (a: readonly number[]): number => sorted(a)[a.length >> 1];
const quartile = (a: readonly number[]): number => sorted(a)[a.length >> 2];
const best = (a: readonly number[]): number => Math.min(...a);

async function compare(label: string, module: string, cls: string, bufs: Uint8Array[], n: number) {
  if (bufs.length === 0) {
    console.log(`${label}: no demos`);
    return;
  }
  const builds: [string, string][] = [
    ['other', resolve(other!)],
    ['copy', copy],
    ['this', here],
  ];
  const decoders = await Promise.all(
    builds.map(
      async ([, dist]) => (await import(join(dist, module)))[cls] as unknown as DecoderClass,
    ),
  );
  const times: number[][] = builds.map(() => []);
  for (let r = 0; r < Math.max(5, n >> 3); r++) decoders.forEach((d) => pass(d, bufs)); // warm-up
  for (let r = 0; r < n; r++) {
    for (let j = 0; j < builds.length; j++) {
      const k = (r + j) % builds.length;
      times[k].push(pass(decoders[k], bufs));
    }
  }
  console.log(`${label}: ${bufs.length} demos, ${n} alternated rounds`);
  builds.forEach(([name], k) =>
    console.log(
      `  ${name.padEnd(5)} median ${median(times[k]).toFixed(2)} ms, lower quartile ${quartile(times[k]).toFixed(2)}, best ${best(times[k]).toFixed(2)}`,
    ),
  );
  const ratio = (k: number): string =>
    `medians ${(median(times[k]) / median(times[0])).toFixed(3)}, lower quartiles ${(quartile(times[k]) / quartile(times[0])).toFixed(3)}, bests ${(best(times[k]) / best(times[0])).toFixed(3)}`;
  console.log(`  this/other ${ratio(2)}`);
  console.log(`  copy/other ${ratio(1)}  (the same code: the noise floor)`);
}

try {
  const dm2 = load(resolve(value('--dm2') ?? '../shared/fixtures/dm2'), '*.dm2{,.gz}');
  await compare('client demos', 'sources/dm2/decoder.js', 'Dm2Decoder', dm2, rounds);
  const mvd2 = load(resolve(value('--mvd2') ?? '../shared/fixtures/demos/mvd2'), '*.mvd2{,.gz}');
  await compare('MVD2', 'sources/mvd2/decoder.js', 'Mvd2Decoder', mvd2, Math.max(10, rounds / 5));
} finally {
  rmSync(copy, { recursive: true, force: true });
}
void sink;
