/**
 * `npm run bench:parse`: full MVD2 parse speed over the fixture demos, against a gunzip-only
 * pass over the same files measured in the same run.
 *
 * Prints raw MB/s (decompressed MVD2 bytes per second), frames/s, the gunzip-only time and the
 * ratio parse/gunzip (target ≤ 2.0). "Full parse" decodes every player state and entity delta
 * and builds every frame object; `--entities` also materialises the entity lists.
 *
 * Both passes read the files through the same byte source (`openDemoSource`: node:zlib streaming
 * inflate on the inflate thread, 256 KiB chunks), so the ratio isolates what the decoder adds. Passes are interleaved (gunzip, parse, gunzip, …)
 * so that machine noise hits both; the ratio is printed for the medians and for the best
 * rounds (noise only ever adds time).
 * It measures the compiled code in dist/ (what `navgen` runs), built first by the npm script. Each pass is run `--rounds` times (default 9).
 */
import fg from 'fast-glob';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { lastValueFrom, reduce } from 'rxjs';
// The compiled code in dist/ runs (what navgen ships); the types come from src/.
const dist = '../dist/';
const { openDemoSource } = (await import(
  dist + 'sources/mvd2/inflate-thread.js'
)) as typeof import('../src/sources/mvd2/inflate-thread.js');
const { readDemo } = (await import(
  dist + 'sources/mvd2/read-demo.js'
)) as typeof import('../src/sources/mvd2/read-demo.js');

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 9;
const withEntities = args.includes('--entities');
const dirArg = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const dir = resolve(dirArg ?? '../shared/fixtures/demos/mvd2');
if (!existsSync(dir)) {
  console.error(`bench:parse: no demo folder at ${dir} (pass one as an argument)`);
  process.exit(2);
}
const files = fg.sync('**/*.mvd2{,.gz}', { cwd: dir, absolute: true }).sort();

async function gunzipOnly(): Promise<number> {
  let bytes = 0;
  for (const f of files) {
    const s = await openDemoSource(f);
    for await (const chunk of s.chunks) bytes += (chunk as Uint8Array).length;
    s.close();
  }
  return bytes;
}

async function parseAll(): Promise<{ frames: number; bytes: number }> {
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

// Warm up both paths once (JIT), then alternate the measured rounds.
await gunzipOnly();
await parseAll();
const gz: number[] = [];
const ps: number[] = [];
let frames = 0;
let bytes = 0;
for (let i = 0; i < rounds; i++) {
  gz.push((await time(gunzipOnly))[0]);
  const [t, r] = await time(parseAll);
  ps.push(t);
  frames = r.frames;
  bytes = r.bytes;
}
const g = median(gz);
const p = median(ps);
console.log(`files            ${files.length} in ${dir}`);
console.log(`MVD2 bytes       ${(bytes / 1e6).toFixed(2)} MB (decompressed), ${frames} frames`);
console.log(`gunzip-only      ${(g * 1000).toFixed(1)} ms  (${(bytes / 1e6 / g).toFixed(1)} MB/s)`);
console.log(
  `full parse       ${(p * 1000).toFixed(1)} ms  (${(bytes / 1e6 / p).toFixed(1)} MB/s raw, ${Math.round(frames / p)} frames/s)${withEntities ? ' with entity lists' : ''}`,
);
console.log(
  `ratio parse/gunzip  ${(p / g).toFixed(2)} of medians, ${(min(ps) / min(gz)).toFixed(2)} of best rounds  (target ≤ 2.0; ${rounds} rounds each, interleaved)`,
);
