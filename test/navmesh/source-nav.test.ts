/**
 * Our Source `.nav` read by an independent reader: the CC0 Kaitai Struct description of the base
 * format (`../shared/fixtures/formats/source_engine_nav.ksy`), compiled at test time with the
 * `kaitai-struct-compiler` package and run with the `kaitai-struct` runtime. It must parse our
 * file to the last byte with the same area, connection and ladder counts, also with off-mesh
 * links.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import YAML from 'yaml';
import { buildNavMeshForMap } from '../../src/navmesh/build-from-map.js';
import { encodeSourceNav, readSourceNav } from '../../src/navmesh/io/source-nav.js';
import { CROSS_LADDER, type NavMesh } from '../../src/navmesh/mesh.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';

const require = createRequire(import.meta.url);

interface KaitaiNav {
  version: number;
  subversion: number;
  bspSize: number;
  areaCount: number;
  areaArray: {
    id: number;
    connectionData: { count: number; areaIds: number[] }[];
    ladderData: { count: number }[];
  }[];
  ladderCount: number;
  ladderArray: { ladderId: number; bottomAreaId: number; topForwardAreaId: number }[];
}

/** The parser class compiled from the .ksy (UMD module evaluated with the runtime). */
async function compileSpec(): Promise<new (stream: unknown) => KaitaiNav> {
  const compiler = require('kaitai-struct-compiler') as {
    compile(
      lang: string,
      ksy: unknown,
      importer: null,
      debug: boolean,
    ): Promise<Record<string, string>>;
  };
  const KaitaiStream = require('kaitai-struct/KaitaiStream') as unknown;
  const ksy = YAML.parse(readFileSync(fixture('formats', 'source_engine_nav.ksy'), 'utf8'));
  const files = await compiler.compile('javascript', ksy, null, false);
  const mod = { exports: {} as Record<string, unknown> };
  const load = new Function('module', 'exports', 'require', files['SourceEngineNav.js']) as (
    m: typeof mod,
    e: Record<string, unknown>,
    r: (n: string) => unknown,
  ) => void;
  load(mod, mod.exports, (n) => (n === 'kaitai-struct/KaitaiStream' ? KaitaiStream : require(n)));
  return mod.exports.SourceEngineNav as new (stream: unknown) => KaitaiNav;
}

// The maps' meshes from the map alone, and hostile's with the engine's nav of it: its off-mesh
// links are connections of the file too.
for (const [map, navFile] of [
  ['wizs', null],
  ['beer', null],
  ['hostile', 'hostile.autogen.nav'],
] as const) {
  describeFixtures(`Source .nav of ${map}${navFile ? ` with ${navFile}'s links` : ''}`, () => {
    let mesh: NavMesh;
    let bytes: Uint8Array;
    beforeAll(async () => {
      const nav = navFile
        ? { file: (await readNavFile(fixture('nav', navFile))).nav, types: defaultNodeTypes }
        : undefined;
      mesh = (await buildNavMeshForMap(fixture('maps', `${map}.bsp`), { nav })).mesh;
      if (navFile) expect(mesh.linkCount).toBeGreaterThan(0);
      bytes = encodeSourceNav(mesh);
    }, 60_000);

    it('parses with the Kaitai spec to the last byte, with our counts', async () => {
      const Nav = await compileSpec();
      const KaitaiStream = require('kaitai-struct/KaitaiStream') as new (b: ArrayBuffer) => {
        pos: number;
        isEof(): boolean;
      };
      const stream = new KaitaiStream(bytes.slice().buffer);
      const nav = new Nav(stream);
      expect(stream.isEof()).toBe(true);
      expect(stream.pos).toBe(bytes.length);
      expect(nav.version).toBe(16);
      expect(nav.subversion).toBe(0);
      expect(nav.bspSize).toBe(readFileSync(fixture('maps', `${map}.bsp`)).length);
      expect(nav.areaCount).toBe(mesh.areaCount);
      let ours = 0;
      for (let c = 0; c < mesh.connTarget.length; c++)
        if (mesh.connKind[c] !== CROSS_LADDER) ours++;
      const theirs = nav.areaArray.reduce(
        (n, a) => n + a.connectionData.reduce((k, d) => k + d.count, 0),
        0,
      );
      expect(theirs).toBe(ours);
      expect(nav.ladderCount).toBe(mesh.ladderCount);
      const ladderLinks = nav.areaArray.reduce(
        (n, a) => n + a.ladderData[0].count + a.ladderData[1].count,
        0,
      );
      expect(ladderLinks).toBe(2 * mesh.ladderCount);
      // Every id a connection names is an area of the file.
      const ids = new Set(nav.areaArray.map((a) => a.id));
      for (const a of nav.areaArray)
        for (const d of a.connectionData)
          for (const id of d.areaIds) expect(ids.has(id)).toBe(true);
    }, 60_000);

    it("reads back with navgen's strict reader, and a cut file names the offset", () => {
      const s = readSourceNav(bytes, `${map}.nav`);
      expect(s.areas).toBe(mesh.areaCount);
      expect(s.ladders).toBe(mesh.ladderCount);
      expect(() => readSourceNav(bytes.subarray(0, bytes.length - 1), 'cut.nav')).toThrow(
        /cut\.nav@0x[0-9a-f]+: .*truncated file/,
      );
    });
  });
}
