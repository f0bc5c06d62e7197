/**
 * `navgen view` as a command: what it refuses before serving (a report of another nav, a file
 * that is no report, a port another program holds), read-only without the map, and Ctrl-C with
 * unsaved edits said, exit 130.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startView } from '../../tools/browser/navgen-view-process.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(root, '..', 'shared', 'fixtures');
const bsp = join(fixtures, 'maps', 'wizs.bsp');
let dir: string;
let nav: string;

function run(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [join(root, 'bin', 'navgen'), 'view', ...args],
      { cwd: dir },
      (e, stdout, stderr) =>
        resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
}

async function post(url: string, path: string, body: unknown = {}) {
  const u = new URL(url);
  const res = await fetch(new URL(path, u), {
    method: 'POST',
    headers: { 'X-Navgen-Token': u.searchParams.get('token')!, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-view-cli-'));
  nav = join(dir, 'wizs.nav');
  copyFileSync(join(fixtures, 'nav', 'wizs.autogen.nav'), nav);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('navgen view', () => {
  it('refuses a report of another nav, and a file that is no report, naming it (exit 1)', async () => {
    const other = join(dir, 'other.navtest.json');
    writeFileSync(
      other,
      JSON.stringify({ map: 'wizs', passed: false, bad_nodes: [99999], bad_links: [] }),
    );
    const a = await run([nav, '--navtest', other]);
    expect(a.code).toBe(1);
    expect(a.out).toMatch(
      /other\.navtest\.json: names node 99999, but the nav has \d+ nodes: it is the report of another nav/,
    );
    const notTrial = join(dir, 'trial.json');
    writeFileSync(notTrial, JSON.stringify({ map: 'wizs' }));
    const b = await run([nav, '--trial', notTrial]);
    expect(b.code).toBe(1);
    expect(b.out).toMatch(/trial\.json: not a trial report of navgen trial/);
    const c = await run([nav, '--report', join(dir, 'missing.json')]);
    expect(c.code).toBe(1);
    expect(c.out).toMatch(/missing\.json: cannot read: ENOENT/);
  }, 60_000);

  it('says which port it could not take', async () => {
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    const port = (holder.address() as { port: number }).port;
    const r = await run([nav, '--port', String(port)]);
    holder.close();
    expect(r.code).toBe(1);
    expect(r.out).toContain(`cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
  }, 60_000);

  it('without the map: read-only, an edit refused with the reason', async () => {
    const v = await startView([nav], dir);
    try {
      expect(v.output()).toContain('(no map: read-only)');
      const a = await post(v.url, '/api/edit', { edit: { op: 'delete-node', at: [0, 0, 0] } });
      expect(a.ok).toBe(false);
      expect(a.error).toMatch(/read-only: start navgen view with --bsp or --game-dir/);
    } finally {
      await v.stop();
    }
  }, 60_000);

  it('Ctrl-C with unsaved edits says they are lost, leaves the nav as it was, exit 130', async () => {
    const before = (await readNavFile(nav)).nav.nodes.length;
    const v = await startView([nav, '--bsp', bsp, '--edits', join(dir, 'e.json')], dir);
    const first = (await readNavFile(nav)).nav.nodes[0].origin;
    const a = await post(v.url, '/api/edit', { edit: { op: 'delete-node', at: [...first] } });
    expect(a.ok).toBe(true);
    const code = await v.stop();
    expect(code).toBe(130);
    expect(v.output()).toContain('stopped with unsaved edits: they are lost');
    expect((await readNavFile(nav)).nav.nodes.length).toBe(before);
  }, 60_000);
});
