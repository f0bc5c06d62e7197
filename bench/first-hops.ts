/**
 * `npx tsx bench/first-hops.ts --nav MAP=FILE [--nav MAP=FILE]... [--spacing 32] [--write DIR]`:
 * blind first hops (`src/map-analysis/blind-first-hops.ts`) of each nav over its map's floor
 * samples, beside the same count for the engine's own nav (`../shared/fixtures/nav/<map>.autogen.nav`),
 * and again after first-hop nodes (`src/map-analysis/first-hop-nodes.ts`, links checked by the
 * simulated bot) were added to the nav. One JSON line per map:
 *   places            floor samples (`walkable-floor.ts`, every `--spacing` units)
 *   picked            places where the bot picks a node
 *   someBlind         picked places whose node links to a node the place does not reach straight
 *   allBlind          picked places whose node's links are all blind
 *   added, links      first-hop nodes and links added
 * `--write DIR` writes the nav with the added nodes as `DIR/<map>.nav` (for a trial).
 * The map comes from `../shared/fixtures/maps/<map>.bsp` (or `NAVGEN_MAPS`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { loadCollision, loadMap } from '../src/map-analysis/map-source.js';
import { GRID_OFFSET, sampleFloor } from '../src/map-analysis/walkable-floor.js';
import { readNavFile } from '../src/nav/formats/aqtion/read-nav.js';
import { encodeNav } from '../src/nav/formats/aqtion/encode.js';
import { linkCost } from '../src/nav/link-cost.js';
import type { NavFile } from '../src/nav/types.js';
import {
  countBlindFirstHops,
  type BlindHopCount,
  type HopGraph,
} from '../src/map-analysis/blind-first-hops.js';
import { firstHopNodes } from '../src/map-analysis/first-hop-nodes.js';
import { simulateLinkFromReach } from '../src/simulated-bot/reach-starts.js';
import type { ReadonlyVec3 } from '../src/geometry/vec3.js';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length === 0) {
  const text = readFileSync(new URL(import.meta.url), 'utf8');
  const doc = /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? '';
  process.stdout.write(doc.replace(/^ ?\* ?/gm, '').trim() + '\n');
  process.exit(args.length === 0 ? 1 : 0);
}
const navs: [string, string][] = [];
let spacing = 32;
let writeDir: string | null = null;
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  const v = args[k + 1];
  if (a === '--nav' && v && v.includes('=')) {
    const eq = v.indexOf('=');
    navs.push([v.slice(0, eq), v.slice(eq + 1)]);
    k++;
  } else if (a === '--spacing' && v && Number(v) > 0) {
    spacing = Number(v);
    k++;
  } else if (a === '--write' && v) {
    writeDir = v;
    k++;
  } else {
    process.stderr.write(`first-hops: unknown or incomplete argument ${a} (see --help)\n`);
    process.exit(2);
  }
}

const FIXTURES = resolve(import.meta.dirname, '../../shared/fixtures');
const MAPS = process.env.NAVGEN_MAPS ?? join(FIXTURES, 'maps');
const graphOf = (nav: NavFile): HopGraph => ({
  origins: nav.nodes.map((n) => n.origin),
  targets: nav.nodes.map((n) => n.links.map((l) => l.target)),
});
const brief = (c: BlindHopCount) => ({
  picked: c.picked,
  someBlind: c.someBlind,
  allBlind: c.allBlind,
});

for (const [map, file] of navs) {
  const bsp = join(MAPS, `${map}.bsp`);
  const world = (await loadMap(bsp)).world;
  const model = await loadCollision(bsp);
  const f = sampleFloor(world, spacing);
  const places: ReadonlyVec3[] = Array.from(f.z, (z, k) => [
    f.i[k] * spacing + GRID_OFFSET,
    f.j[k] * spacing + GRID_OFFSET,
    z,
  ]);
  const nav = (await readNavFile(file)).nav;
  const engine = (await readNavFile(join(FIXTURES, 'nav', `${map}.autogen.nav`))).nav;
  const before = countBlindFirstHops(model, graphOf(nav), places);
  const walks = (a: ReadonlyVec3, b: ReadonlyVec3) =>
    simulateLinkFromReach(model, {
      from: a,
      to: b,
      linkType: 'MOVE',
      fromType: 'MOVE',
      toType: 'MOVE',
    }).passed;
  const fix = firstHopNodes(model, graphOf(nav), places, walks);
  const MOVE = 1;
  const first = nav.nodes.length;
  for (const o of fix.origins)
    nav.nodes.push({
      area: 0,
      origin: [o[0], o[1], o[2]],
      type: MOVE,
      nodenum: nav.nodes.length,
      inuse: 1,
      links: [],
    });
  let dropped = 0;
  for (const l of fix.links) {
    const a = nav.nodes[l.from];
    const b = nav.nodes[l.to];
    // The engine reads 32 links per node at most.
    if (a.links.length >= 32) dropped++;
    else a.links.push({ target: l.to, targetType: b.type, cost: linkCost(a.origin, b.origin) });
  }
  const after = countBlindFirstHops(model, graphOf(nav), places);
  console.log(
    JSON.stringify({
      map,
      spacing,
      places: places.length,
      nodes: first,
      engineNodes: engine.nodes.length,
      nav: brief(before),
      engine: brief(countBlindFirstHops(model, graphOf(engine), places)),
      added: fix.origins.length,
      links: fix.links.length - dropped,
      unlinked: fix.unlinked,
      withFirstHopNodes: brief(after),
    }),
  );
  if (writeDir) {
    await mkdir(writeDir, { recursive: true });
    await writeFile(join(writeDir, `${map}.nav`), encodeNav(nav, undefined, `${map}.nav`).bytes);
  }
}
