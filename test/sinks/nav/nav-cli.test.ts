/**
 * Smoke tests of `navgen inspect`, `convert` and `diff`, spawning the real command
 * (`bin/navgen`, which runs dist/). Expected figures come from the fixture files themselves,
 * read with node:zlib, not from our reader.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFixtures, fixture, REPO_ROOT } from '../../helpers/fixtures.js';
import { fileBytes, payloadBytes, twoNodes } from '../../nav/formats/aqtion/nav-bytes.js';

const BIN = join(REPO_ROOT, 'bin', 'navgen');

function navgen(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
beforeAll(() => {
  if (!existsSync(join(REPO_ROOT, 'dist', 'cli', 'run.js'))) {
    const b = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs')], {
      stdio: 'inherit',
    });
    if (b.status !== 0) throw new Error('build failed');
  }
  dir = mkdtempSync(join(tmpdir(), 'navgen-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nav commands without fixtures', () => {
  it('--help explains each command and its options', () => {
    const inspect = navgen('inspect', '--help');
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toMatch(/connected components/);
    expect(inspect.stdout).toMatch(/--json/);
    expect(navgen('convert', '--help').stdout).toMatch(/engine-safe/);
    const diff = navgen('diff', '--help').stdout;
    expect(diff).toMatch(/--match-radius <units>/);
    expect(diff).toMatch(/default: 48/);
  });

  it('inspect: a damaged file fails with exit 1, naming the offset and the reason', () => {
    const nodes = twoNodes();
    nodes[1].nodenum = 0; // payload offset 50 (see read-nav.test.ts)
    const path = join(dir, 'bad.nav');
    writeFileSync(path, fileBytes(2, payloadBytes(2, nodes)));
    const r = navgen('inspect', path);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `navgen: ${path} payload@0x32 node 1: nodenum 0 differs from the index 1 [BAD_NODENUM]`,
    );
  });

  it('inspect: a missing argument is a usage error (exit 2)', () => {
    expect(navgen('inspect').code).toBe(2);
  });

  it('convert: refuses to write a nav the engine would misuse, and writes nothing', () => {
    const nodes = twoNodes();
    nodes[0].links[0].cost = 6; // the reader tolerates it, the writer does not
    const input = join(dir, 'cost.nav');
    const output = join(dir, 'cost-out.nav');
    writeFileSync(input, fileBytes(2, payloadBytes(2, nodes)));
    const r = navgen('convert', input, output);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('LINK_COST_MISMATCH');
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('diff: a bad --match-radius is a usage error (exit 2)', () => {
    const path = join(dir, 'ok.nav');
    writeFileSync(path, fileBytes(2, payloadBytes(2, twoNodes())));
    expect(navgen('diff', path, path, '--match-radius', '-3').code).toBe(2);
    expect(navgen('diff', path, path, '--match-radius', '10').code).toBe(0);
  });
});

describeFixtures('nav commands on engine navs', () => {
  const wizs = fixture('nav', 'wizs.autogen.nav');
  const enginePayload = () => inflateSync(readFileSync(wizs).subarray(9));

  it('inspect prints a table with the node and link counts', () => {
    const payload = enginePayload();
    const r = navgen('inspect', wizs);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^nodes +${payload.readUInt16LE(0)}$`, 'm'));
    expect(r.stdout).toMatch(/^version +2$/m);
    expect(r.stdout).toMatch(/^MOVE +1 +\d+$/m);
  });

  it('inspect --json: counts agree with the file', () => {
    const payload = enginePayload();
    const r = navgen('inspect', wizs, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.nodes).toBe(payload.readUInt16LE(0));
    expect(report.payloadBytes).toBe(payload.length);
    expect(report.fileBytes).toBe(readFileSync(wizs).length);
    // The engine's generator writes only MOVE nodes (fixtures README).
    expect(report.nodeTypes).toEqual([{ type: 1, name: 'MOVE', count: report.nodes }]);
    expect(report.maxLinksPerNode).toBeLessThanOrEqual(32);
    expect(report.weakComponents).toBeGreaterThanOrEqual(1);
    expect(report.warnings).toEqual([]);
  });

  it('convert writes the identical payload and says so; diff finds no change', () => {
    const out = join(dir, 'wizs.nav');
    const r = navgen('convert', wizs, out);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${out}: version 2`);
    expect(r.stdout).toContain("identical to the input's");
    expect(inflateSync(readFileSync(out).subarray(9)).equals(enginePayload())).toBe(true);

    const d = navgen('diff', wizs, out);
    expect(d.code).toBe(0);
    expect(d.stdout).toContain('+0 added, -0 removed, 0 retyped');
    const json = JSON.parse(navgen('diff', wizs, out, '--json').stdout);
    expect(json.matchedNodes).toBe(enginePayload().readUInt16LE(0));
    expect(json.removedLinks).toEqual([]);
  });

  it('diff reports one retyped node after its type byte is changed', () => {
    // Node 0's type byte sits at payload offset 2 (count) + 4 (area) + 12 (origin) = 18.
    const payload = Buffer.from(enginePayload());
    expect(payload[18]).toBe(1);
    payload[18] = 4;
    const changed = join(dir, 'wizs-water.nav');
    writeFileSync(changed, fileBytes(2, payload));
    const json = JSON.parse(navgen('diff', wizs, changed, '--json').stdout);
    expect(json.retypedNodes).toEqual([{ a: 0, b: 0, typeA: 1, typeB: 4 }]);
    expect([json.addedNodes, json.removedNodes, json.addedLinks, json.removedLinks]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(navgen('diff', wizs, changed).stdout).toContain('A#0 = B#0: MOVE → WATER');
  });
});
