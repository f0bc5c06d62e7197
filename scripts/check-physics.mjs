// `npm run check:physics -- --bsp MAP.bsp FILE.jsonl.gz...`: replays golden engine recordings
// (`<map>.pmove.jsonl.gz` pmove calls, `<map>.trace.jsonl.gz` collision queries; schema in
// ../shared/fixtures/pmove/README.md) against the map with the compiled code in dist/ (run
// `npm run build` first) and prints per file `pmove N/M exact` or `trace N/M exact`, the first
// mismatches field by field, and exits 1 on any mismatch (2 on bad usage).
//
// pmove lines with `nonWorld` true (another entity took part) cannot be reproduced by a
// world-only port: they are counted as skipped, not replayed.
import { createReadStream, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const SHOWN = 5;

function usage(message) {
  console.error(`check:physics: ${message}`);
  console.error('usage: npm run check:physics -- --bsp MAP.bsp FILE.jsonl.gz...');
  process.exit(2);
}

const args = process.argv.slice(2);
const bspAt = args.indexOf('--bsp');
if (bspAt < 0 || !args[bspAt + 1]) usage('--bsp MAP.bsp is required');
const bsp = resolve(args[bspAt + 1]);
const files = args.filter((_, i) => i !== bspAt && i !== bspAt + 1).map((f) => resolve(f));
if (files.length === 0) usage('no recording given');
for (const f of [bsp, ...files]) if (!existsSync(f)) usage(`no such file: ${f}`);
if (!existsSync(join(dist, 'movement', 'replay-pmove.js')))
  usage('dist/ is missing: run `npm run build` first');

const { loadCollisionModel } = await import(join(dist, 'world', 'collision-model.js'));
const { replayTraceLine, formatMismatches } = await import(join(dist, 'world', 'replay-trace.js'));
const { PmoveReplayer, formatPmoveMismatches } = await import(
  join(dist, 'movement', 'replay-pmove.js')
);

const model = await loadCollisionModel(bsp);
const pmoveReplayer = new PmoveReplayer(model);
let failed = false;

for (const file of files) {
  const input = createReadStream(file);
  const text = file.endsWith('.gz') ? input.pipe(createGunzip()) : input;
  const counts = {
    pmove: { exact: 0, total: 0, skipped: 0 },
    trace: { exact: 0, total: 0, skipped: 0 },
  };
  const shown = [];
  let lineNo = 0;
  for await (const raw of createInterface({ input: text, crlfDelay: Infinity })) {
    lineNo++;
    if (raw === '') continue;
    let line;
    try {
      line = JSON.parse(raw);
    } catch (e) {
      console.error(`${file}:${lineNo}: not JSON (${e.message})`);
      process.exit(2);
    }
    let kind;
    let report;
    if ('src' in line && 'cmd' in line) {
      kind = 'pmove';
      if (line.nonWorld) {
        counts.pmove.skipped++;
        continue;
      }
      const mismatches = pmoveReplayer.replay(line);
      report = mismatches.length ? formatPmoveMismatches(mismatches) : '';
    } else if ('kind' in line) {
      kind = 'trace';
      const { mismatches } = replayTraceLine(model, line);
      report = mismatches.length ? formatMismatches(mismatches) : '';
    } else {
      console.error(`${file}:${lineNo}: neither a pmove nor a trace line`);
      process.exit(2);
    }
    counts[kind].total++;
    if (report === '') counts[kind].exact++;
    else if (shown.length < SHOWN)
      shown.push(
        `  line ${lineNo} (${kind}${line.src ? ' ' + line.src : ''} seq ${line.seq ?? '-'}):\n    ${report.replace(/\n/g, '\n    ')}`,
      );
  }
  const parts = [];
  for (const kind of ['pmove', 'trace']) {
    const c = counts[kind];
    if (c.total === 0 && c.skipped === 0) continue;
    parts.push(
      `${kind} ${c.exact}/${c.total} exact` +
        (c.skipped ? ` (${c.skipped} nonWorld lines not replayed)` : ''),
    );
    if (c.exact !== c.total) failed = true;
  }
  console.log(`${file}: ${parts.join(', ') || 'no lines'}`);
  if (shown.length) console.log(`first mismatches:\n${shown.join('\n')}`);
}
process.exit(failed ? 1 : 0);
