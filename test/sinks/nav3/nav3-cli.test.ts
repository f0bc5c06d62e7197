/**
 * The re-release formats through the real command (`bin/navgen`, which runs dist/): `inspect`,
 * `diff` and `render` read NAV3 by its magic, `convert --to q2r|aqtion` turns an engine-written
 * AQtion nav into a NAV3 both re-release checkers load and back, and a damaged NAV3 is refused
 * with its byte offset and exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readNavFile } from '../../../src/nav/formats/aqtion/read-nav.js';
import { decodeNav3 } from '../../../src/nav/formats/nav3/read.js';
import { describeFixtures, fixture, REPO_ROOT } from '../../helpers/fixtures.js';
import { CHECKERS, HAVE_CHECKERS, runChecker } from '../../helpers/q2r-checkers.js';

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
  dir = mkdtempSync(join(tmpdir(), 'navgen-nav3-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeFixtures('re-release navs through the command line', () => {
  it('convert --to q2r (with the map), then inspect, diff and back --to aqtion', () => {
    const source = fixture('nav', 'wizs.autogen.nav');
    const q2r = join(dir, 'wizs.nav');
    const r = navgen('convert', source, q2r, '--to', 'q2r', '--bsp', fixture('maps', 'wizs.bsp'));
    expect(r.code, r.stderr).toBe(0);
    const nav3 = decodeNav3(readFileSync(q2r), q2r).nav;
    expect(r.stdout).toContain(
      `NAV3 version 6, ${nav3.nodes.length} nodes, ${nav3.links.length} links`,
    );
    if (HAVE_CHECKERS) {
      for (const c of CHECKERS) expect(runChecker(c, q2r, 'wizs').result).toBe('LOADED');
    }

    const inspect = navgen('inspect', q2r, '--json');
    expect(inspect.code, inspect.stderr).toBe(0);
    const report = JSON.parse(inspect.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ format: 'nav3', version: 6, nodes: nav3.nodes.length });
    expect((report.reRelease as { traversals: number }).traversals).toBe(nav3.traversals.length);

    // The NAV3 stores the nodes 24 units lower (on the ground) and the reader lifts them back:
    // diff sees the same nodes where they were, and the engine's walk links unchanged.
    const d = navgen('diff', source, q2r, '--json');
    expect(d.code, d.stderr).toBe(0);
    expect(JSON.parse(d.stdout)).toMatchObject({
      matchedNodes: nav3.nodes.length,
      maxShift: 0,
      retypedNodes: [],
      retypedLinks: [],
      unchangedLinks: nav3.links.length,
    });

    const back = join(dir, 'back.nav');
    const b = navgen('convert', q2r, back, '--to', 'aqtion');
    expect(b.code, b.stderr).toBe(0);
    return readNavFile(back).then(({ nav }) => {
      expect(nav.nodes.length).toBe(nav3.nodes.length);
    });
  });

  it('render draws a NAV3 over its map', () => {
    const q2r = join(dir, 'wizs.nav');
    const svg = join(dir, 'wizs.svg');
    const r = navgen('render', q2r, '--bsp', fixture('maps', 'wizs.bsp'), '--out', svg);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg/);
  });

  it('a damaged NAV3 is refused with the file, byte offset and exit code 1', () => {
    const bytes = readFileSync(join(dir, 'wizs.nav'));
    const cut = join(dir, 'cut.nav');
    writeFileSync(cut, bytes.subarray(0, 100));
    const r = navgen('inspect', cut);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cut\.nav@0x[0-9a-f]+: .*\[(TRUNCATED|BAD_COUNT)\]/);
  });
});
