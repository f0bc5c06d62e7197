/**
 * `npm run bench:parse`: full MVD2 parse speed over the fixture demos, against a gunzip-only
 * pass over the same files measured in the same run; then the same for the client demos
 * (`../shared/fixtures/dm2/*.dm2`, `--dm2 DIR` for another folder), as they are (not gzipped)
 * and as gzip copies made in a temporary folder (the target: parse ≤ 2× gunzip).
 *
 * Prints raw MB/s (decompressed MVD2 bytes per second), frames/s, the gunzip-only time and the
 * ratio parse/gunzip (target ≤ 2.0). "Full parse" decodes every player state and entity delta
 * and builds every frame object; `--entities` also materialises the entity lists. A client
 * demo's entity deltas are read field by field either way, but the other entities' states are
 * kept (a state per changed entity and frame) only with `--entities`, as `navgen` keeps them
 * only when entity output is asked for.
 *
 * Both passes read the files through the same byte source (`openDemoSource`: node:zlib streaming
 * inflate on the inflate thread, 256 KiB chunks), so the ratio isolates what the decoder adds. Passes are interleaved (gunzip, parse, gunzip, …)
 * so that machine noise hits both; the ratio is printed for the medians and for the best
 * rounds (noise only ever adds time).
 * It measures the compiled code in dist/ (what `navgen` runs), built first by the npm script. Each pass is run `--rounds` times (default 9); the client demos'
 * passes take ~15 ms each, where a single slow moment of the machine moves a median of 9, so
 * they run `--dm2-rounds` times (default 21).
 */
import fg from 'fast-glob';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lastValueFrom, reduce } from 'rxjs';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
const { openDemoSource } = (await import(
  dist + 'sources/demo/inflate-thread.js'
)) as typeof import('../src/sources/demo/inflate-thread.js');
const { readDemo } = (await import(
  dist + 'sources/demo/read-demo.js'
)) as typeof import('../src/sources/demo/read-demo.js');

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 9;
const dm2Rounds = args.includes('--dm2-rounds')
  ? Number(args[args.indexOf('--dm2-rounds') + 1]) || 21
  : 21;
const withEntities = args.includes('--entities');
const dm2Arg = args.includes('--dm2') ? args[args.indexOf('--dm2') + 1] : undefined;
const dirArg = args.find(
  (a, i) => !a.startsWith('--') && !/^\d+$/.test(a) && args[i - 1] !== '--dm2',
);
const dir = resolve(dirArg ?? '../shared/fixtures/demos/mvd2');
if (!existsSync(dir)) {
  console.error(`bench:parse: no demo folder at ${dir} (pass one as an argument)`);
  process.exit(2);
}
const files = fg.sync('**/*.mvd2{,.gz}', { cwd: dir, absolute: true }).sort();

async function gunzipOnly(files: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const f of files) {
    const s = await openDemoSource(f);
    for await (const chunk of s.chunks) bytes += (chunk as Uint8Array).length;
    s.close();
  }
  return bytes;
}

async function parseAll(files: readonly string[]): Promise<{ frames: number; bytes: number }> {
  let frames = 0;
  let bytes = 0;
  for (const f of files) {
    const r = await lastValueFrom(
      readDemo(f, { entities: withEntities }).pipe(
        reduce(
          (acc, e) => {
            if (e.kind === 'frame') acc.frames++;
            else if (e.kind === 'end') acc.bytes = e.streamBytes;
            return acc;
          },
          { frames: 0, bytes: 0 },
        ),
      ),
    );
    frames += r.frames;
    bytes += r.bytes;
  }
  return { frames, bytes };
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t0) / 1e9, r];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const min = (xs: number[]): number => Math.min(...xs);

interface Measured {
  g: number;
  p: number;
  gBest: number;
  pBest: number;
  frames: number;
  bytes: number;
}

/** Interleaved rounds of gunzip-only and full parse over `files`, after one warm-up each. */
async function measure(files: readonly string[], rounds: number): Promise<Measured> {
  // Warm up both paths once (JIT), then alternate the measured rounds.
  await gunzipOnly(files);
  await parseAll(files);
  const gz: number[] = [];
  const ps: number[] = [];
  let frames = 0;
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    gz.push((await time(() => gunzipOnly(files)))[0]);
    const [t, r] = await time(() => parseAll(files));
    ps.push(t);
    frames = r.frames;
    bytes = r.bytes;
  }
  return { g: median(gz), p: median(ps), gBest: min(gz), pBest: min(ps), frames, bytes };
}

const { g, p, gBest, pBest, frames, bytes } = await measure(files, rounds);
console.log(`files            ${files.length} in ${dir}`);
console.log(`MVD2 bytes       ${(bytes / 1e6).toFixed(2)} MB (decompressed), ${frames} frames`);
console.log(`gunzip-only      ${(g * 1000).toFixed(1)} ms  (${(bytes / 1e6 / g).toFixed(1)} MB/s)`);
console.log(
  `full parse       ${(p * 1000).toFixed(1)} ms  (${(bytes / 1e6 / p).toFixed(1)} MB/s raw, ${Math.round(frames / p)} frames/s)${withEntities ? ' with entity lists' : ''}`,
);
console.log(
  `ratio parse/gunzip  ${(p / g).toFixed(2)} of medians, ${(pBest / gBest).toFixed(2)} of best rounds  (target ≤ 2.0; ${rounds} rounds each, interleaved)`,
);

// Client demos: the files as they are (read only), then gzip copies (the gunzip target).
const dm2Dir = resolve(dm2Arg ?? join(dir, '..', '..', 'dm2'));
const dm2Files = existsSync(dm2Dir)
  ? fg.sync('*.dm2{,.gz}', { cwd: dm2Dir, absolute: true }).sort()
  : [];
if (dm2Files.length === 0) {
  console.log(`dm2              no client demos at ${dm2Dir}`);
} else {
  const tmp = mkdtempSync(join(tmpdir(), 'navgen-bench-dm2-'));
  try {
    const gzFiles = dm2Files.map((f) => {
      const out = join(tmp, basename(f).replace(/\.gz$/, '') + '.gz');
      const raw = readFileSync(f);
      writeFileSync(out, raw[0] === 0x1f && raw[1] === 0x8b ? raw : gzipSync(raw));
      return out;
    });
    const plain = await measure(dm2Files, dm2Rounds);
    const zipped = await measure(gzFiles, dm2Rounds);
    const mb = plain.bytes / 1e6;
    console.log(`dm2 files        ${dm2Files.length} in ${dm2Dir}`);
    console.log(`dm2 bytes        ${mb.toFixed(2)} MB, ${plain.frames} frames`);
    console.log(
      `dm2 read-only    ${(plain.g * 1000).toFixed(1)} ms  (${(mb / plain.g).toFixed(1)} MB/s)`,
    );
    console.log(
      `dm2 full parse   ${(plain.p * 1000).toFixed(1)} ms  (${(mb / plain.p).toFixed(1)} MB/s raw, ${Math.round(plain.frames / plain.p)} frames/s)${withEntities ? ' with entity lists' : ''}`,
    );
    console.log(
      `dm2 .gz copies   gunzip-only ${(zipped.g * 1000).toFixed(1)} ms, full parse ${(zipped.p * 1000).toFixed(1)} ms (${(mb / zipped.p).toFixed(1)} MB/s)`,
    );
    console.log(
      `dm2 ratio parse/gunzip  ${(zipped.p / zipped.g).toFixed(2)} of medians, ${(zipped.pBest / zipped.gBest).toFixed(2)} of best rounds  (target ≤ 2.0; ${dm2Rounds} rounds each, interleaved)`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
