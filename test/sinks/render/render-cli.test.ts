/**
 * `navgen render`, spawned as a user runs it (`bin/navgen`, which runs dist/): SVG and PNG by
 * extension, `--z`, `--scale`, `--compare`, and clear errors naming the file at fault. Every
 * output goes to a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCost } from '../../../src/nav/link-cost.js';
import { writeNavFile } from '../../../src/sinks/nav/write-nav-file.js';
import { describeFixtures, fixture, REPO_ROOT } from '../../helpers/fixtures.js';
import { navOf } from '../../nav/nav-builder.js';
import { pngHeader } from './png-pixels.js';
import { readMarks, withClass } from './svg-marks.js';

const BIN = join(REPO_ROOT, 'bin', 'navgen');

/** Runs the command; `stderr` leaves out bin/navgen's note that it rebuilt dist/ first. */
function navgen(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  const stderr = r.stderr.replace(/^navgen: building from src\/.*\n/m, '');
  return { code: r.status, stdout: r.stdout, stderr };
}

let dir: string;
let small: string;
beforeAll(async () => {
  if (!existsSync(join(REPO_ROOT, 'dist', 'cli', 'run.js'))) {
    const b = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs')], {
      stdio: 'inherit',
    });
    if (b.status !== 0) throw new Error('build failed');
  }
  dir = mkdtempSync(join(tmpdir(), 'navgen-render-cli-'));
  small = join(dir, 'small.nav');
  const nav = navOf(
    [
      [0, 0, 24],
      [100, 0, 24],
      [100, 100, 224],
    ],
    [
      [0, 1],
      [1, 0],
      [1, 2],
    ],
  );
  for (const n of nav.nodes)
    for (const l of n.links) l.cost = linkCost(n.origin, nav.nodes[l.target].origin);
  await writeNavFile(small, nav);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('navgen render without a map', () => {
  it('writes an SVG with every node, and a PNG of the SVG size times --scale', () => {
    const svgPath = join(dir, 'small.svg');
    const r = navgen('render', small, '-o', svgPath);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`wrote ${svgPath}: 1 panel (all heights)`);
    const s = readMarks(readFileSync(svgPath, 'utf8'));
    expect(withClass(s.marks, 'node')).toHaveLength(3);
    expect(withClass(s.marks, 'link')).toHaveLength(2);

    const pngPath = join(dir, 'small.png');
    expect(navgen('render', small, '-o', pngPath, '--scale', '2').code).toBe(0);
    expect(pngHeader(readFileSync(pngPath))).toMatchObject({
      width: Number(s.root.width) * 2,
      height: Number(s.root.height) * 2,
    });
    // No temporary files left beside the outputs.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('draws only the floors of a --z range (nodes by the floor they stand on)', () => {
    const out = join(dir, 'upper.svg');
    const r = navgen('render', small, '-o', out, '--z', '100:300');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('floors 100 ≤ z < 300');
    const s = readMarks(readFileSync(out, 'utf8'));
    expect(withClass(s.marks, 'node').map((m) => m.attrs['data-node'])).toEqual(['2']);
  });

  it('refuses a bad command line with exit 2, naming what is wrong', () => {
    const jpg = navgen('render', small, '-o', join(dir, 'x.jpg'));
    expect(jpg.code).toBe(2);
    expect(jpg.stderr).toContain('x.jpg: the output must end in .svg or .png');
    expect(navgen('render', small, '-o', join(dir, 'x.svg'), '--z', '5').code).toBe(2);
    expect(navgen('render', small, '-o', join(dir, 'x.svg'), '--scale', '0').code).toBe(2);
    expect(navgen('render', small).code).toBe(2);
    const other = join(dir, 'other.txt');
    writeFileSync(other, 'x');
    const compare = navgen('render', small, '-o', join(dir, 'x.svg'), '--compare', other);
    expect(compare.code).toBe(2);
    expect(compare.stderr).toContain(`${other}: --compare takes a .nav or an .ltk file`);
  });

  it('fails with exit 1 naming an unreadable input or an unwritable output', () => {
    const missing = navgen('render', join(dir, 'missing.nav'), '-o', join(dir, 'x.svg'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing.nav');
    const bsp = join(dir, 'broken.bsp');
    writeFileSync(bsp, 'not a map');
    const broken = navgen('render', small, '--bsp', bsp, '-o', join(dir, 'x.svg'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('broken.bsp');
    const nowhere = join(dir, 'no', 'such', 'folder', 'x.svg');
    const write = navgen('render', small, '-o', nowhere);
    expect(write.code).toBe(1);
    expect(write.stderr).toContain(`${nowhere}: cannot write the picture`);
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
  });
});

describeFixtures('navgen render with fixture maps', () => {
  it('draws beer with its engine nav and the LTK waypoints overlaid, as a PNG', () => {
    const out = join(dir, 'beer.png');
    const r = navgen(
      'render',
      fixture('nav', 'beer.autogen.nav'),
      '--bsp',
      fixture('maps', 'beer.bsp'),
      '-o',
      out,
      '--compare',
      fixture('ltk', 'beer.ltk'),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote .*beer\.png: \d+ panels/);
    const h = pngHeader(readFileSync(out));
    expect(h.width).toBeGreaterThan(1000);
    expect(h.height).toBeGreaterThan(1000);
  });
});
