/**
 * The check that the real AQtion server loads a nav (../shared/engine/navload, about 5 s each):
 * the engine must say it loaded the file, with the node count the file holds. The loader is
 * lenient (a file whose zlib stream is garbage is "loaded" with 0 nodes), so the node count is
 * what makes the check: a damaged file fails it, the engine's own nav passes it. The navs of
 * every example pipeline (pipelines/*.yaml) go through this check in
 * test/acceptance/map-checks.test.ts, which builds them anyway (one build per map in the suite).
 *
 * Without the engine or the fixtures the suite is skipped on a developer machine; under CI
 * (CI=true) it fails instead, and so does any failure to start the engine (missing library,
 * no permission): the scripts' own errors are raised, never turned into a skip.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures } from '../helpers/fixtures.js';
import { freePort } from '../../src/engine/free-port.js';
import { autogenNav, ENGINE_DIR, HAVE_ENGINE, navload } from '../../tools/engine-oracle.js';

const out = mkdtempSync(join(tmpdir(), 'navgen-navload-'));
/** Each engine run gets a free port of its own (several suites may share the machine). */
const port = () => freePort();

const describeEngine: (name: string, fn: () => void) => void = HAVE_ENGINE
  ? describeFixtures
  : process.env.CI === 'true'
    ? (name) =>
        describe(name, () => {
          it('has the engine', () => {
            throw new Error(`engine not found at ${ENGINE_DIR} (required under CI)`);
          });
        })
    : (name, fn) => describe.skip(`${name} (SKIPPED: no engine at ${ENGINE_DIR})`, fn);

describeEngine('the real engine loads a nav only with the node count it holds', () => {
  it("calibration: the engine's own nav loads with its node count", async () => {
    const path = autogenNav('beer');
    const r = await navload('beer', path, await port());
    expect(r.result, r.output).toBe('LOADED');
    expect(r.nodes).toBe((await readNavFile(path)).nav.nodes.length);
  }, 60_000);

  it('a damaged file fails the check above (the lenient loader says LOADED, with 0 nodes)', async () => {
    const bad = join(out, 'damaged.nav');
    // Version 2 header with lengths that promise a payload, then bytes that are not zlib.
    const bytes = Buffer.alloc(64, 0xa5);
    bytes[0] = 2;
    bytes.writeInt32LE(55, 1);
    bytes.writeInt32LE(1000, 5);
    writeFileSync(bad, bytes);
    const r = await navload('beer', bad, await port());
    expect(r.result === 'LOADED' && r.nodes > 0, r.output).toBe(false);
  }, 60_000);
});
