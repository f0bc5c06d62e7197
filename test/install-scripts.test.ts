/**
 * `npm install` is quiet on a fresh machine with npm 11: every installed package with an install
 * script has a decision in package.json's `allowScripts`. Both are denied: esbuild and
 * msgpackr-extract ship their binaries as optional packages (`@esbuild/<platform>`,
 * `@msgpackr-extract/<platform>`), so their scripts (a check of the binary, a build from source
 * when no prebuilt one fits) are not needed; msgpackr's native acceleration still loads.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/fixtures.js';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** Installed packages (one level, scoped ones too) whose package.json has an install script. */
function withInstallScripts(): string[] {
  const modules = join(REPO_ROOT, 'node_modules');
  const names: string[] = [];
  for (const e of readdirSync(modules)) {
    const scoped = e.startsWith('@') ? readdirSync(join(modules, e)).map((n) => `${e}/${n}`) : [e];
    for (const name of scoped) {
      const manifest = join(modules, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: object }).scripts;
      if (scripts && INSTALL_SCRIPTS.some((s) => s in scripts)) names.push(name);
    }
  }
  return names.sort();
}

it('every package with an install script has a decision in allowScripts', () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  const decided = Object.keys(pkg.allowScripts ?? {}).sort();
  expect(withInstallScripts().filter((n) => !decided.includes(n))).toEqual([]);
  expect(decided).toEqual(['esbuild', 'msgpackr-extract']);
  // Denied, and still working: the prebuilt binaries come from the optional packages.
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  expect(
    (require('msgpackr') as { isNativeAccelerationEnabled: boolean }).isNativeAccelerationEnabled,
  ).toBe(true);
  expect((require('esbuild') as { version: string }).version).toMatch(/^\d+\.\d+\.\d+$/);
});
