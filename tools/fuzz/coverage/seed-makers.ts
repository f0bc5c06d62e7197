/**
 * The first inputs of each target, from the real fixtures (`../shared/fixtures`, never copied
 * into the repository). Where a fixture is in the target's format it is a seed as it is; for
 * formats no fixture holds, a maker writes them from fixtures with navgen's own writers (NAV3
 * and NAV2 from the engine's navs and maps, meshes of fixture maps, archives holding fixture
 * files, navtest reports and edits files naming a fixture nav's nodes, trial reports of fixture
 * bot demos).
 *
 * Made seeds are kept under the fuzzer's cache folder, keyed by the maker and the fixtures'
 * names, sizes and times, so a run does not rebuild meshes.
 */
import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyzeDemo } from '../../../src/engine/analyze-demo.js';
import { engineReport } from '../../../src/engine/engine-report.js';
import { decodeNav } from '../../../src/nav/formats/aqtion/read-nav.js';
import { encodeNav2 } from '../../../src/nav/formats/nav2/codec.js';
import type { Nav2File } from '../../../src/nav/formats/nav2/types.js';
import type { Nav3File } from '../../../src/nav/formats/nav3/types.js';
import { encodeNav3 } from '../../../src/nav/formats/nav3/write.js';
import { formatEditsFile } from '../../../src/nav/edits/edits-file.js';
import type { NavEdit } from '../../../src/nav/edits/nav-edit.js';
import { defaultNodeTypes, NODE_TYPE_NAMES } from '../../../src/nav/node-types.js';
import type { NavFile } from '../../../src/nav/types.js';
import { buildNavMeshForMap } from '../../../src/navmesh/build-from-map.js';
import { encodeNativeMesh } from '../../../src/navmesh/io/native-mesh.js';
import { encodeSourceNav } from '../../../src/navmesh/io/source-nav.js';
import { parseBsp } from '../../../src/sources/bsp/read-bsp.js';
import { nav3FromNav } from '../../../src/sinks/nav3/nav3-from-nav.js';
import { pakBytes, zipBytes } from '../../game-archives.js';
import { CACHE_DIR, REPO_ROOT } from './instrument.js';
import type { FuzzTarget } from './target.js';

type Maker = (files: readonly string[], target: FuzzTarget) => Promise<Uint8Array[]>;

const mapName = (file: string) => basename(file).split('.')[0];
const navs = (files: readonly string[]) => files.filter((f) => f.endsWith('.nav'));
const maps = (files: readonly string[]) => files.filter((f) => f.endsWith('.bsp'));
const text = (s: string) => new TextEncoder().encode(s);

/** NAV3 of each fixture nav, with its map when one is given (traversals, edicts). */
function nav3Of(files: readonly string[]): { name: string; nav3: Nav3File }[] {
  const bspByName = new Map(maps(files).map((f) => [mapName(f), f]));
  return navs(files).map((f) => {
    const nav = decodeNav(readFileSync(f), f).nav;
    const bsp = bspByName.get(mapName(f));
    const map = bsp ? parseBsp(readFileSync(bsp), bsp) : null;
    return { name: mapName(f), nav3: nav3FromNav(nav, defaultNodeTypes, map).nav3 };
  });
}

function nav2Of(nav3: Nav3File, version: number): Nav2File {
  return {
    version,
    heuristic: nav3.heuristic,
    nodes: nav3.nodes.map((n) => ({ ...n })),
    links: nav3.links.map((l) => ({ target: l.target, type: l.type, traversal: l.traversal })),
    traversals: nav3.traversals.map((t) => ({ funnel: t.funnel, start: t.start, end: t.end })),
    edicts: nav3.edicts.map((e, i) => ({
      link: e.link,
      mins: e.mins,
      maxs: e.maxs,
      targetname: i,
      classname: i + 1,
      entity: i + 2,
    })),
  };
}

/** Every `~~` of a zip's names (local and central headers alike) made `..`. */
function dotDot(zip: Uint8Array): Uint8Array {
  const out = zip.slice();
  const from = new TextEncoder().encode('/~~/');
  for (let i = 0; i + from.length <= out.length; i++)
    if (from.every((b, k) => out[i + k] === b)) out.set(new TextEncoder().encode('/../'), i);
  return out;
}

/** Small pieces of fixture files to store in archives (a whole map would make slow inputs). */
function archiveEntries(files: readonly string[]): [string, Uint8Array][] {
  return files.map((f) => {
    const data = readFileSync(f).subarray(0, 8192);
    const dir = f.endsWith('.nav') ? 'bots/nav' : f.endsWith('.ltk') ? 'ltk' : 'maps';
    return [`${dir}/${basename(f)}`, new Uint8Array(data)];
  });
}

/** Node origins of a fixture nav, every `step`-th. */
function nodeOrigins(nav: NavFile, step: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < nav.nodes.length; i += step) {
    const o = nav.nodes[i].origin;
    out.push([o[0], o[1], o[2]]);
  }
  return out;
}

/** `value` with every array in it, at any depth, cut to its first `k` items. */
function firstItems(value: unknown, k: number): unknown {
  if (Array.isArray(value)) return value.slice(0, k).map((v) => firstItems(v, k));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, firstItems(v, k)]));
  return value;
}

export const SEED_MAKERS: Readonly<Record<string, Maker>> = {
  async nav3(files) {
    const out: Uint8Array[] = [];
    for (const { nav3 } of nav3Of(files)) {
      // Every version the readers take: older ones lack the ladder plane and edict models.
      for (const version of [6, 4, 3, 2]) out.push(encodeNav3({ ...nav3, version }));
    }
    return out;
  },
  async nav2(files) {
    const out: Uint8Array[] = [];
    for (const { nav3 } of nav3Of(files))
      for (const version of [17, 16, 15, 14, 13, 12]) out.push(encodeNav2(nav2Of(nav3, version)));
    return out;
  },
  async 'source-nav'(files) {
    const out: Uint8Array[] = [];
    for (const f of maps(files)) out.push(encodeSourceNav((await buildNavMeshForMap(f)).mesh));
    return out;
  },
  async navmesh(files) {
    // Each map's mesh, and with the engine's nav of the map its off-mesh links too.
    const navByName = new Map(navs(files).map((f) => [mapName(f), f]));
    const out: Uint8Array[] = [];
    for (const f of maps(files)) {
      out.push(encodeNativeMesh((await buildNavMeshForMap(f)).mesh));
      const navFile = navByName.get(mapName(f));
      if (!navFile) continue;
      const nav = { file: decodeNav(readFileSync(navFile), navFile).nav, types: defaultNodeTypes };
      out.push(encodeNativeMesh((await buildNavMeshForMap(f, { nav })).mesh));
    }
    return out;
  },
  async pak(files) {
    const entries = archiveEntries(files);
    return [
      pakBytes(entries),
      pakBytes([entries[0], ['MAPS\\Wizs.BSP', entries[0][1]], ['maps/../../x.bsp', new Uint8Array(16)]]),
      pakBytes([]),
    ];
  },
  async pkz(files) {
    const entries: [string, Uint8Array | null][] = archiveEntries(files);
    return [
      await zipBytes([['maps/', null], ...entries], false),
      await zipBytes(entries, true),
      // yazl refuses `..` in a name: it is written as `~~` and put in afterwards.
      dotDot(
        await zipBytes([['MAPS/Wizs.BSP', entries[0][1]], ['maps/~~/~~/x.bsp', new Uint8Array(16)]], false),
      ),
    ];
  },
  async 'navtest-report'(files) {
    const out: Uint8Array[] = [];
    for (const f of navs(files)) {
      const nav = decodeNav(readFileSync(f), f).nav;
      const n = nav.nodes.length;
      const badLinks = nav.nodes
        .flatMap((node, i) => node.links.map((l) => [i, l.target] as [number, number]))
        .filter((_, k) => k % 97 === 0);
      const report = {
        map: mapName(f),
        passed: false,
        coverage_ratio: 0.875,
        death_rate_per_bot_min: 0.25,
        stuck_rate_per_bot_min: 0.5,
        bad_nodes: Array.from({ length: Math.min(n, 12) }, (_, i) => (i * 37) % n),
        bad_links: badLinks,
        unreachable_nodes: [n - 1],
        test_duration_s: 240,
        bot_count: 6,
        total_node_visits: 12345,
        total_environmental_deaths: 3,
      };
      out.push(text(JSON.stringify(report, null, 2)));
      out.push(text(JSON.stringify({ map: mapName(f), passed: true, bad_nodes: [], bad_links: [] })));
    }
    return out;
  },
  async 'trial-report'(files, target) {
    const navByMap = new Map(navs(files).map((f) => [mapName(f), decodeNav(readFileSync(f), f).nav]));
    const out: Uint8Array[] = [];
    // A corpus demo lies in `corpus/<map>/`; its report is measured against that map's engine nav,
    // as `navgen trial` measures a trial's demo against the nav under test.
    for (const demo of files.filter((f) => f.includes('.mvd2'))) {
      const map = basename(dirname(demo));
      const nav = navByMap.get(map);
      if (!nav) continue;
      const analysis = await analyzeDemo(demo, nav);
      // The fixtures keep no server console: each death of the demo is told as a fall, so that
      // the report locates deaths as it locates a trial's.
      const consoleText = analysis.deaths.map((d) => `${d.name} plummets to his death\n`).join('');
      const report = engineReport({
        map,
        nodeCount: nav.nodes.length,
        bots: analysis.botSlots.length,
        seconds: 240,
        noCombat: false,
        runs: [{ analysis, consoleText }],
      });
      // A whole report is 400–500 KB: its lists are cut to their first items (the input limit
      // is the navtest report's), as written (indented) and on one line.
      for (const [k, indent] of [[16, 2], [4, 0]] as const) {
        const seed = text(JSON.stringify(firstItems(report, k), null, indent));
        if (seed.length > target.maxBytes) throw new Error(`trial report seed of ${demo}: ${seed.length} bytes`);
        out.push(seed);
      }
    }
    return out;
  },
  async edits(files) {
    const out: Uint8Array[] = [];
    for (const f of navs(files)) {
      const nav = decodeNav(readFileSync(f), f).nav;
      const points = nodeOrigins(nav, 50);
      const types = NODE_TYPE_NAMES.filter(Boolean);
      const edits: NavEdit[] = points.slice(0, 12).map((p, i): NavEdit => {
        const q = points[(i + 1) % points.length];
        const type = types[i % types.length];
        switch (i % 5) {
          case 0:
            return { op: 'delete-node', at: p };
          case 1:
            return { op: 'delete-link', from: p, to: q, ...(i % 2 ? { type } : {}) };
          case 2:
            return { op: 'add-link', from: p, to: q, type };
          case 3:
            return { op: 'set-type', at: p, type };
          default:
            return { op: 'move-node', at: p, to: [p[0] + 8, p[1] - 8, p[2]] };
        }
      });
      out.push(text(formatEditsFile(mapName(f), edits)));
    }
    return out;
  },
  async 'demo-prefix'(files, target) {
    return files.map((f) => {
      const raw = readFileSync(f);
      const stream = f.endsWith('.gz') ? gunzipSync(raw) : raw;
      return new Uint8Array(stream.subarray(0, target.maxBytes));
    });
  },
};

/** The seeds of a target, from the fixture folder (and the repository for `repo` globs). */
export async function makeSeeds(target: FuzzTarget, fixtures: string): Promise<Uint8Array[]> {
  const files = target.seeds.fixtures.flatMap((g) => fg.sync(g, { cwd: fixtures, absolute: true }).sort());
  const repo = (target.seeds.repo ?? []).flatMap((g) => fg.sync(g, { cwd: REPO_ROOT, absolute: true }).sort());
  if (files.length + repo.length === 0) throw new Error(`${target.name}: no seed file in ${fixtures}`);
  const makerName = target.seeds.maker;
  if (!makerName) return [...files, ...repo].map((f) => new Uint8Array(readFileSync(f)));
  const maker = SEED_MAKERS[makerName];
  if (!maker) throw new Error(`${target.name}: no seed maker "${makerName}"`);
  const key = createHash('sha256')
    .update(JSON.stringify([makerName, target.maxBytes, ...files.map((f) => [f, statSync(f).size, statSync(f).mtimeMs])]))
    .digest('hex')
    .slice(0, 20);
  const cached = join(CACHE_DIR, 'seeds', `${target.name}-${key}.json`);
  if (existsSync(cached))
    return (JSON.parse(readFileSync(cached, 'utf8')) as string[]).map((b) => new Uint8Array(Buffer.from(b, 'base64')));
  const seeds = await maker(files, target);
  mkdirSync(join(CACHE_DIR, 'seeds'), { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(seeds.map((s) => Buffer.from(s).toString('base64'))));
  renameSync(tmp, cached);
  return seeds;
}
