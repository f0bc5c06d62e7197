/**
 * `npm run measure:map-checks [-- --navs out] [--autogen DIR] [--nav MAP=FILE[:LABEL]]... [--json]`:
 * the map-check table (node types the map confirms, nodes in solid, floating nodes, largest
 * component, LTK coverage) for every fixture map, measured by the independent brush-level checker
 * (tools/independent-checks/independent-map-check.ts), not by the code that built the navs.
 *
 * Rows: for every map in ../shared/fixtures/maps, navgen's nav `<navs>/<map>/<map>.nav` (what
 * `npm run sample` writes into out/) and the engine's own `<autogen>/<map>.autogen.nav`, where
 * they exist, plus every `--nav`. LTK coverage uses ../shared/fixtures/ltk/<map>.ltk when there is one.
 *
 * Columns: ladder / crouch / water nodes the map confirms out of all of that type (crouch: at the
 * node, and in brackets within 16 units), nodes whose player box is > 1 unit in solid, nodes
 * (not water or ladder) with no ground within a step, the largest component's share of nodes,
 * and the share of LTK waypoints within 64 units of a node.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loadCheckMap,
  measureNavOn,
  type CheckMap,
  type NavMeasure,
} from '../tools/independent-checks/independent-map-check.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';
import { readLtk } from '../src/sources/ltk/read-ltk.js';
import { argReader } from '../tools/cli-args.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = resolve(process.env.NAVGEN_FIXTURES ?? join(root, '..', 'shared', 'fixtures'));
const args = process.argv.slice(2);
const arg = argReader(args);
const navsDir = resolve(arg('--navs', join(root, 'out')));
const autogenDir = resolve(arg('--autogen', join(fixtures, 'nav')));
const json = args.includes('--json');

interface Entry {
  map: string;
  label: string;
  nav: string;
}
const entries: Entry[] = [];
const maps = readdirSync(join(fixtures, 'maps'))
  .filter((f) => f.endsWith('.bsp'))
  .map((f) => f.slice(0, -4))
  .sort();
for (const map of maps) {
  const ours = join(navsDir, map, `${map}.nav`);
  const theirs = join(autogenDir, `${map}.autogen.nav`);
  if (existsSync(ours)) entries.push({ map, label: 'navgen', nav: ours });
  if (existsSync(theirs)) entries.push({ map, label: 'engine autogen', nav: theirs });
}
args.forEach((a, i) => {
  if (a !== '--nav') return;
  const m = /^([^=]+)=(.+?)(?::([^:]+))?$/.exec(args[i + 1] ?? '');
  if (!m) {
    console.error('measure:map-checks: --nav MAP=FILE[:LABEL]');
    process.exit(2);
  }
  entries.push({ map: m[1], label: m[3] ?? m[2], nav: resolve(m[2]) });
});
if (entries.length === 0) {
  console.error(
    `measure:map-checks: no navs in ${navsDir} or ${autogenDir} (run npm run sample first)`,
  );
  process.exit(2);
}

const mapCache = new Map<string, CheckMap>();
const rows: (Entry & NavMeasure)[] = [];
for (const e of entries.sort(
  (a, b) => a.map.localeCompare(b.map) || a.label.localeCompare(b.label),
)) {
  let map = mapCache.get(e.map);
  if (!map) mapCache.set(e.map, (map = await loadCheckMap(join(fixtures, 'maps', `${e.map}.bsp`))));
  const ltkPath = join(fixtures, 'ltk', `${e.map}.ltk`);
  const ltk = existsSync(ltkPath) ? (await readLtk(ltkPath)).origins : null;
  const nav = (await readNavFile(e.nav)).nav;
  rows.push({ ...e, ...measureNavOn(map, nav, ltk) });
}

if (json) {
  for (const r of rows) console.log(JSON.stringify(r));
} else {
  const of = (c: { total: number; confirmed: number }) =>
    c.total === 0 ? '–' : `${c.confirmed} / ${c.total}`;
  const pct = (x: number | null) => (x === null ? '(no LTK)' : `${Math.round(x * 100)} %`);
  console.log(
    '| map | nav | nodes | ladder nodes at a ladder brush | crouch nodes where standing is blocked (within 16 u) | water nodes ≥ waist deep | nodes in solid (> 1 u) | nodes with no ground within 18 u | largest component | LTK waypoints within 64 u |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const crouch =
      r.crouch.total === 0 ? '–' : `${r.crouch.confirmed} / ${r.crouch.total} (${r.crouch.near})`;
    console.log(
      `| ${r.map} | ${r.label} | ${r.nodes} | ${of(r.ladder)} | ${crouch} | ${of(r.water)} | ${r.inSolid} | ${r.noGround} | ${pct(r.largestComponent)} | ${pct(r.ltkCoverage)} |`,
    );
  }
}
