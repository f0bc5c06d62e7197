/**
 * The source fingerprint that keys the map analysis' caches: computed from `src/` when run from
 * the sources, and written into the bundle by `scripts/build.mjs` the same way, so a cache a
 * build from the sources wrote and one the bundled `navgen` wrote agree on what code made them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintOf, sourceFingerprint } from '../src/source-fingerprint.js';
import { REPO_ROOT } from './helpers/fixtures.js';
import { navgen } from './robustness/navgen-cli.js';

describe('the source fingerprint', () => {
  it('is the hash of src/, and the bundle carries the same', () => {
    const fp = sourceFingerprint();
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(join(REPO_ROOT, 'src'))).toBe(fp);
    // bin/navgen rebuilds the bundle when src/ is newer than it.
    expect(navgen(REPO_ROOT, '--version').code).toBe(0);
    const bundle = join(REPO_ROOT, 'dist', 'navgen');
    const files = [
      ...readdirSync(bundle).map((f) => join(bundle, f)),
      ...readdirSync(join(bundle, 'chunks')).map((f) => join(bundle, 'chunks', f)),
    ].filter((f) => f.endsWith('.js'));
    const carrying = files.filter((f) => readFileSync(f, 'utf8').includes(`"${fp}"`));
    expect(carrying.length).toBeGreaterThan(0);
  });
});
