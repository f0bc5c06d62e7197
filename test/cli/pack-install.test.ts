/**
 * navgen installs like any npm command line: the package is built and packed (`npm pack`) from
 * a copy of this checkout's sources, installed globally into a temporary prefix (`npm install
 * -g --prefix`), and run from another folder, where it builds a nav from a fixture demo. The
 * installed package has no src/: it runs what was packed and never rebuilds. Test-only code
 * (the MVD2 writer) is not in the tarball.
 *
 * The copy keeps this test from touching the checkout's dist/, which other tests run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeFixtures, fixture, REPO_ROOT } from '../helpers/fixtures.js';
import { tempFolder } from '../robustness/navgen-cli.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`,
    );
  return r;
}

describeFixtures('npm pack, npm install -g, navgen from anywhere', () => {
  let tmp: string;
  let prefix: string;
  let tarball: string;
  let files: string[];
  let copy: string;

  beforeAll(() => {
    tmp = tempFolder('pack');
    copy = join(tmp, 'checkout');
    mkdirSync(copy);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'tsconfig.json',
      'tsconfig.build.json',
    ])
      cpSync(join(REPO_ROOT, f), join(copy, f));
    for (const d of ['src', 'bin', 'scripts'])
      cpSync(join(REPO_ROOT, d), join(copy, d), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    run(process.execPath, [join(copy, 'scripts', 'build.mjs')], copy);
    const packed = run(
      npm,
      ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp],
      copy,
    );
    const info = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(tmp, info[0].filename);
    files = info[0].files.map((f) => f.path);
    prefix = join(tmp, 'prefix');
    run(
      npm,
      ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball],
      tmp,
    );
  }, 600_000);

  it('packs the bundle, the library and its types, and no sources or test support', () => {
    expect(files).toContain('bin/navgen');
    expect(files).toContain('dist/navgen/run.js');
    expect(files).toContain('dist/navgen/demo-worker.js');
    expect(files).toContain('dist/plugin-api.js');
    expect(files).toContain('dist/plugin-api.d.ts');
    expect(files).toContain('LICENSE');
    expect(
      files.filter(
        (f) => /^(src|tools|test|bench|scripts)\//.test(f) || /mvd2-writer|\.map$/.test(f),
      ),
    ).toEqual([]);
  });

  it('rebundles a checkout whose sources changed, before running (./bin/navgen)', () => {
    // Saved after the last build (whose stamp is its start time), before this rebuild.
    const saved = new Date(Date.now() - 1_000);
    utimesSync(join(copy, 'src', 'version.ts'), saved, saved);
    const r = spawnSync(process.execPath, [join(copy, 'bin', 'navgen'), '--version'], {
      cwd: tmp,
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/building from src\//);
    const again = spawnSync(process.execPath, [join(copy, 'bin', 'navgen'), '--version'], {
      cwd: tmp,
      encoding: 'utf8',
    });
    expect(again.stderr).toBe('');
    expect(again.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  }, 120_000);

  it('runs `navgen build` from another folder without rebuilding', () => {
    const bin = join(prefix, 'bin', 'navgen');
    expect(existsSync(bin)).toBe(true);
    const pkg = join(prefix, 'lib', 'node_modules', 'navgen');
    expect(existsSync(join(pkg, 'src'))).toBe(false);
    const work = join(tmp, 'elsewhere');
    mkdirSync(work);
    const help = spawnSync(bin, ['--help'], { cwd: work, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: navgen/);
    expect(help.stderr).not.toMatch(/building from src/);
    const r = spawnSync(
      bin,
      [
        'build',
        '--map',
        'wizs',
        '--bsp',
        fixture('maps', 'wizs.bsp'),
        '--out',
        'wizs.nav',
        '--workers',
        '2',
        fixture('demos', 'mvd2', 'corpus', 'wizs'),
      ],
      { cwd: work, encoding: 'utf8' },
    );
    expect(r.stderr).not.toMatch(/building from src/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/wrote nav: .*elsewhere\/wizs\.nav/);
    expect(readdirSync(work)).toContain('wizs.nav');
    const inspect = spawnSync(bin, ['inspect', 'wizs.nav'], { cwd: work, encoding: 'utf8' });
    expect(inspect.status).toBe(0);
  }, 300_000);
});
