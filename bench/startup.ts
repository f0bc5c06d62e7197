/**
 * `npm run bench:startup`: how long whole `navgen` processes take, against node doing nothing
 * and node doing only the unavoidable work, measured in one run.
 *
 *   node -e 0                       node's own start
 *   navgen --help                   target ≤ 2.5× node -e 0
 *   gunzip-only node process        reads and gunzips the long urbanjungle fixture, nothing else
 *   navgen info <that demo>         target ≤ 2.0× the gunzip-only process
 *
 * Each process is started `--rounds` times (default 15), the four kinds interleaved so that
 * machine noise hits all of them; the ratios are printed for the medians and for the best runs
 * (noise only ever adds time). Times are wall clock from spawn to exit. It runs what users
 * run: `bin/navgen` (the bundled command line in dist/navgen/, built first by the npm script).
 * In a checkout bin/navgen first checks that no file in src/ is newer than the bundle (a scan
 * of a few milliseconds that an installed package, without src/, skips), so the two navgen
 * commands are also timed as installed: node running dist/navgen/run.js, which is all an
 * installed bin/navgen does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 15;
const demo = resolve(
  args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ??
    '../shared/fixtures/demos/mvd2/urbanjungle_dm_10bots_720s_long.mvd2.gz',
);
if (!existsSync(demo)) {
  console.error(`bench:startup: no demo at ${demo} (pass one as an argument)`);
  process.exit(2);
}
const bin = resolve('bin/navgen');
const installed = resolve('dist/navgen/run.js');
const node = process.execPath;

interface Kind {
  readonly name: string;
  readonly argv: readonly string[];
  readonly times: number[];
}

const kinds: Kind[] = [
  { name: 'node -e 0', argv: ['-e', '0'], times: [] },
  { name: 'navgen --help', argv: [bin, '--help'], times: [] },
  {
    name: 'gunzip-only node',
    argv: [
      '-e',
      `require('node:zlib').gunzipSync(require('node:fs').readFileSync(${JSON.stringify(demo)}))`,
    ],
    times: [],
  },
  { name: 'navgen info DEMO', argv: [bin, 'info', demo], times: [] },
  { name: 'installed --help', argv: [installed, '--help'], times: [] },
  { name: 'installed info', argv: [installed, 'info', demo], times: [] },
];

function run(k: Kind): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(node, k.argv as string[], { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${k.name} exited ${r.status}: ${r.stderr}`);
  return ms;
}

// One unmeasured round: bin/navgen rebuilds a stale checkout, and the page cache warms.
for (const k of kinds) run(k);
for (let i = 0; i < rounds; i++) for (const k of kinds) k.times.push(run(k));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const best = (xs: number[]): number => Math.min(...xs);

console.log(`bench:startup: ${rounds} rounds, demo ${demo}`);
for (const k of kinds) {
  console.log(
    `  ${k.name.padEnd(18)} median ${median(k.times).toFixed(1).padStart(6)} ms   best ${best(k.times).toFixed(1).padStart(6)} ms`,
  );
}
const [bare, help, gunzip, info, installedHelp, installedInfo] = kinds;
const ratio = (a: Kind, b: Kind, f: (xs: number[]) => number): string =>
  (f(a.times) / f(b.times)).toFixed(2);
console.log(
  `  navgen --help / node -e 0:        ${ratio(help, bare, median)}× median, ${ratio(help, bare, best)}× best (target ≤ 2.5×)`,
);
console.log(
  `  navgen info / gunzip-only node:   ${ratio(info, gunzip, median)}× median, ${ratio(info, gunzip, best)}× best (target ≤ 2.0×)`,
);
console.log(
  `  as installed: --help ${ratio(installedHelp, bare, median)}× median, ${ratio(installedHelp, bare, best)}× best; ` +
    `info ${ratio(installedInfo, gunzip, median)}× median, ${ratio(installedInfo, gunzip, best)}× best`,
);
