/**
 * Where the real-data fixtures are (`../shared/fixtures`, never copied into the project) and
 * how tests that need them behave when they are absent: skipped with a clear message on a
 * developer machine, a hard failure in CI (CI=true), where they must exist.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = resolve(
  process.env.NAVGEN_FIXTURES ?? join(REPO_ROOT, '..', 'shared', 'fixtures'),
);
export const HAVE_FIXTURES = existsSync(join(FIXTURES, 'README.md'));

export function fixture(...parts: string[]): string {
  return join(FIXTURES, ...parts);
}

let warned = false;

/**
 * `describe` for suites that read `../shared/fixtures`. Without the fixtures the suite is
 * skipped and says so; under CI it fails instead, because CI always has them.
 */
export const describeFixtures = ((name: string, fn: () => void) => {
  if (HAVE_FIXTURES) return describe(name, fn);
  if (process.env.CI === 'true') {
    return describe(name, () => {
      throw new Error(`real-data fixtures not found at ${FIXTURES} (required under CI)`);
    });
  }
  if (!warned) {
    warned = true;
    console.warn(`[navgen tests] fixtures not found at ${FIXTURES}: real-data suites are SKIPPED`);
  }
  return describe.skip(`${name} (SKIPPED: no fixtures at ${FIXTURES})`, fn);
}) as (name: string, fn: () => void) => void;
