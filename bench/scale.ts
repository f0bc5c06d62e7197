/**
 * `npm run bench:scale [-- --gib 2] [--gzip] [--players 16] [--dir DIR] [--keep]`: does a
 * multi-gigabyte demo stream through in constant memory?
 *
 * Generates a synthetic demo of `--gib` GiB of MVD2 stream with `generateLargeDemo` (streamed to
 * a temporary file, gzip-wrapped with `--gzip`), a small one (3000 frames) from the same
 * generator, and a medium one (the big file's first eighth, read as a cut demo), then reads
 * each in a fresh process, twice: with `readDemo` alone, and through the per-demo stages
 * (map-filter, gate, death-weight, downsample, speed-filter, vote) into a sink that counts their
 * events. Each process reports its peak RSS (`process.resourceUsage().maxRSS`).
 *
 * Reading it: the small demo ends before V8 first collects the read buffers (they are freed by
 * garbage collection, which external memory triggers at a fixed threshold), so the medium demo
 * shows the plateau; big / medium must stay near 1 (memory bounded by a constant, not by the
 * file's size), and big / small says how high the plateau is.
 *
 * The per-demo stages are measured up to their events; collecting the votes into a DemoVotes
 * (what a build keeps of a demo) holds memory proportional to the votes, which is the demo's
 * result, not a buffer. It measures the compiled code in dist/ (what `navgen` runs), built first
 * by the npm script.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
// The demo writer is test support (not shipped): it runs from its TypeScript under tsx.
import { generateLargeDemo } from '../tools/mvd2-writer/large-demo.js';
import { writeDemoFile } from '../tools/mvd2-writer/demo-file.js';
import { argReader } from '../tools/cli-args.js';

const args = process.argv.slice(2);
const arg = argReader(args);
const gib = Number(arg('--gib', '2'));
const players = Number(arg('--players', '16'));
const gzip = args.includes('--gzip');
const keep = args.includes('--keep');
if (!(gib > 0) || !Number.isInteger(players) || players < 1 || players > 254) {
  console.error('bench:scale: --gib must be > 0 and --players an integer in 1..254');
  process.exit(2);
}
const SEED = 1;
const SMALL_FRAMES = 3000;
const work = mkdtempSync(join(resolve(arg('--dir', tmpdir())), 'navgen-scale-'));
const distDir = fileURLToPath(new URL(dist, import.meta.url));

/** Stream bytes per frame of this generator, from a sample in memory. [Units: bytes] */
function bytesPerFrame(): number {
  let bytes = 0;
  for (const chunk of generateLargeDemo({ players, frames: SMALL_FRAMES, seed: SEED }))
    bytes += chunk.length;
  return bytes / SMALL_FRAMES;
}

interface Measure {
  readonly maxRss: number;
  readonly frames: number;
  readonly streamBytes: number;
  readonly events: number;
  readonly seconds: number;
}

/** Reads `path` in a fresh process (`mode`: the reader alone, or through the per-demo stages). */
function measure(path: string, mode: 'read' | 'stages'): Measure {
  const script = `
    const { readDemo } = await import(${JSON.stringify(join(distDir, 'sources/demo/read-demo.js'))});
    const { BUILTIN_STAGES, DEFAULT_STAGES } = await import(${JSON.stringify(join(distDir, 'pipeline/builtin-stages.js'))});
    const { demoOperators } = await import(${JSON.stringify(join(distDir, 'pipeline/run-demo.js'))});
    const { buildNodeTypeTable } = await import(${JSON.stringify(join(distDir, 'nav/node-types.js'))});
    const t0 = performance.now();
    let stream = readDemo(${JSON.stringify(path)}, { name: 'demo' });
    if (${JSON.stringify(mode)} === 'stages') {
      const ctx = { map: 'synthetic', bsp: null, feedback: null, nodeTypes: buildNodeTypeTable({}), baseDir: ${JSON.stringify(work)}, log() {}, warn() {} };
      const uses = DEFAULT_STAGES.map((n) => BUILTIN_STAGES.get(n)).filter((d) => d.meta.phase === 'demo')
        .map((definition) => ({ definition, options: definition.meta.defaults }));
      for (const op of demoOperators(uses, ctx)) stream = stream.pipe(op);
    }
    let frames = 0, events = 0, streamBytes = 0;
    await new Promise((done, fail) => stream.subscribe({
      next: (e) => { events++; if (e.kind === 'frame') frames++; else if (e.kind === 'end') { streamBytes = e.streamBytes; frames = e.frames; } },
      error: fail, complete: done }));
    console.log(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, frames, streamBytes, events, seconds: (performance.now() - t0) / 1000 }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Measure;
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const gb = (b: number) => `${(b / 2 ** 30).toFixed(2)} GiB (${b} bytes)`;

try {
  const perFrame = bytesPerFrame();
  // 1 % more than the sample's rate says: the file must reach the size asked for.
  const frames = Math.ceil(((gib * 2 ** 30) / perFrame) * 1.01);
  const ext = gzip ? '.mvd2.gz' : '.mvd2';
  const small = join(work, `small${ext}`);
  const big = join(work, `big${ext}`);
  await writeDemoFile(small, generateLargeDemo({ players, frames: SMALL_FRAMES, seed: SEED }), {
    gzip,
  });
  const t0 = performance.now();
  await writeDemoFile(big, generateLargeDemo({ players, frames, seed: SEED }), { gzip });
  const written = (performance.now() - t0) / 1000;
  const medium = join(work, `medium${ext}`);
  await pipeline(
    createReadStream(big, { end: Math.floor(statSync(big).size / 8) - 1 }),
    createWriteStream(medium),
  );
  console.log(
    `generated        ${frames} frames, ${players} players (${perFrame.toFixed(0)} B/frame): ${gb(statSync(big).size)} on disk in ${written.toFixed(0)} s${gzip ? ' (gzip)' : ''}; small demo ${SMALL_FRAMES} frames, ${mib(statSync(small).size)}`,
  );
  for (const mode of ['read', 'stages'] as const) {
    const s = measure(small, mode);
    const m = measure(medium, mode);
    const b = measure(big, mode);
    const label = mode === 'read' ? 'readDemo' : 'per-demo stages';
    console.log(
      `${label.padEnd(16)} peak RSS ${mib(s.maxRss)} (small, ${mib(s.streamBytes)} of stream), ${mib(m.maxRss)} (medium, ${gb(m.streamBytes)}), ` +
        `${mib(b.maxRss)} (big, ${gb(b.streamBytes)}): big/medium ${(b.maxRss / m.maxRss).toFixed(2)}, big/small ${(b.maxRss / s.maxRss).toFixed(2)}; ` +
        `big: ${b.frames} frames, ${b.events} events, ${(b.streamBytes / 2 ** 20 / b.seconds).toFixed(0)} MiB/s`,
    );
  }
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
