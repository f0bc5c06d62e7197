/**
 * `navgen view`'s server on a real map (wizs and the engine's own nav of it): the requests it
 * refuses (no token, another Host, a write from another origin or without a JSON body, a path
 * it does not serve, a body too big), and the session behind the page's requests: a link the
 * simulated bot cannot take is refused, one it can is kept, undo and redo, and a save writes
 * the nav (the replaced one kept) and the edits file that builds apply.
 */
import { request } from 'node:http';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { readEditsFile } from '../../src/nav/edits/edits-file.js';
import { openView } from '../../src/view/open-view.js';
import { startViewServer, type RunningViewServer } from '../../src/view/view-server.js';
import { TOKEN_HEADER, type EditAnswer, type LinkCheck } from '../../src/sinks/view/view-api.js';
import type { ViewModel } from '../../src/sinks/view/view-model.js';
import type { NavFile } from '../../src/nav/types.js';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');
const bsp = join(fixtures, 'maps', 'wizs.bsp');
const engineNav = join(fixtures, 'nav', 'wizs.autogen.nav');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: RunningViewServer;
let dir: string;
let navPath: string;
let editsPath: string;
let nav: NavFile;

function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: { host: `127.0.0.1:${server.port}`, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    r.on('error', reject);
    if (body !== undefined) r.write(body);
    r.end();
  });
}

const api = (path: string, value: unknown = {}) =>
  send(
    'POST',
    path,
    { [TOKEN_HEADER]: server.token, 'content-type': 'application/json' },
    JSON.stringify(value),
  );

const at = (n: number) => [...nav.nodes[n].origin] as [number, number, number];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-view-server-'));
  navPath = join(dir, 'wizs.nav');
  editsPath = join(dir, 'wizs.edits.json');
  copyFileSync(engineNav, navPath);
  nav = (await readNavFile(navPath)).nav;
  const opened = await openView({ navPath, nav, bsp, map: 'wizs', editsPath });
  server = await startViewServer({
    session: opened.session,
    model: opened.model,
    script: '/* page */',
    port: 0,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('what the server refuses', () => {
  it('listens on 127.0.0.1 only', () => {
    expect((server.server.address() as { address: string }).address).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the page only with the token of the URL, with a strict content policy', async () => {
    expect((await send('GET', '/')).status).toBe(403);
    expect((await send('GET', '/?token=wrong')).status).toBe(403);
    const ok = await send('GET', `/?token=${server.token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('/* page */');
    expect(ok.headers['content-security-policy']).toContain("default-src 'none'");
    expect(ok.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a Host other than 127.0.0.1 or localhost (DNS rebinding)', async () => {
    const evil = await send('GET', `/?token=${server.token}`, {
      host: `evil.example:${server.port}`,
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toContain('evil.example');
    const local = await send('GET', `/?token=${server.token}`, {
      host: `localhost:${server.port}`,
    });
    expect(local.status).toBe(200);
  });

  it('answers the API only with the token in its header, not in the URL', async () => {
    expect((await send('GET', '/api/model')).status).toBe(403);
    expect((await send('GET', `/api/model?token=${server.token}`)).status).toBe(403);
    const model = await send('GET', '/api/model', { [TOKEN_HEADER]: server.token });
    expect(model.status).toBe(200);
    const m = JSON.parse(model.body) as ViewModel;
    expect(m.version).toBe(1);
    expect(m.editable).toBe(true);
    expect(m.nav.type).toHaveLength(nav.nodes.length);
    expect(m.floors.band.length).toBeGreaterThan(100);
  });

  it('refuses writes from another origin, without a JSON body, or too big', async () => {
    const body = JSON.stringify({ from: at(0), to: at(1), type: 'MOVE' });
    const cross = await send(
      'POST',
      '/api/check-link',
      {
        [TOKEN_HEADER]: server.token,
        'content-type': 'application/json',
        origin: 'http://evil.example',
      },
      body,
    );
    expect(cross.status).toBe(403);
    const plain = await send(
      'POST',
      '/api/check-link',
      { [TOKEN_HEADER]: server.token, 'content-type': 'text/plain' },
      body,
    );
    expect(plain.status).toBe(415);
    const big = await api('/api/edit', { pad: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    const get = await send('GET', '/api/save', { [TOKEN_HEADER]: server.token });
    expect(get.status).toBe(405);
  });

  it('serves no file: other paths are not found, whatever they name', async () => {
    for (const p of [
      '/etc/passwd',
      '/../../etc/passwd',
      '/wizs.nav',
      `/api/../../${navPath}`,
      '/favicon.ico',
    ])
      expect(
        (await send('GET', `${p}?token=${server.token}`, { [TOKEN_HEADER]: server.token })).status,
      ).toBe(404);
  });

  it('says what is wrong with a bad edit, and changes nothing', async () => {
    const bad = await api('/api/edit', {
      edit: { op: 'add-link', from: [0, 0], to: at(1), type: 'MOVE' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/from: expected 3 finite numbers/);
    const far = await api('/api/edit', { edit: { op: 'delete-node', at: [99999, 99999, 99999] } });
    const a = JSON.parse(far.body) as EditAnswer;
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.error).toMatch(/no node within 24 units/);
  });
});

describe('the editing session', () => {
  /** A link of the nav between two nodes that the simulated bot takes. */
  async function linkThatHolds(): Promise<{ from: number; to: number }> {
    for (let n = 0; n < nav.nodes.length; n += 7) {
      const l = nav.nodes[n].links.find(
        (k) =>
          k.targetType === defaultNodeTypes.MOVE &&
          nav.nodes[k.target].type === defaultNodeTypes.MOVE,
      );
      if (!l || nav.nodes[n].type !== defaultNodeTypes.MOVE) continue;
      const c = JSON.parse(
        (await api('/api/check-link', { from: at(n), to: at(l.target), type: 'MOVE' })).body,
      ) as LinkCheck;
      if (c.passed) return { from: n, to: l.target };
    }
    throw new Error('no link of the nav holds');
  }

  it('refuses a link the simulated bot cannot take, and keeps one it can; undo and redo', async () => {
    // Two nodes far apart and far above each other: no walk between them.
    let a = 0;
    let b = 0;
    let best = 0;
    for (let i = 0; i < nav.nodes.length; i += 5)
      for (let j = 0; j < nav.nodes.length; j += 5) {
        const d =
          Math.abs(nav.nodes[i].origin[2] - nav.nodes[j].origin[2]) +
          Math.hypot(
            nav.nodes[i].origin[0] - nav.nodes[j].origin[0],
            nav.nodes[i].origin[1] - nav.nodes[j].origin[1],
          ) /
            10;
        if (d > best) [a, b, best] = [i, j, d];
      }
    const refused = JSON.parse(
      (await api('/api/edit', { edit: { op: 'add-link', from: at(a), to: at(b), type: 'MOVE' } }))
        .body,
    ) as EditAnswer;
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toMatch(/the simulated bot cannot take this link/);
      expect(refused.check?.passed).toBe(false);
    }

    const { from, to } = await linkThatHolds();
    const linksOf = (v: { from: readonly number[]; to: readonly number[] }) =>
      v.from.filter((f, k) => f === from && v.to[k] === to).length;
    const del = JSON.parse(
      (await api('/api/edit', { edit: { op: 'delete-link', from: at(from), to: at(to) } })).body,
    ) as EditAnswer;
    expect(del.ok).toBe(true);
    if (del.ok) expect(linksOf(del.nav)).toBe(0);
    const add = JSON.parse(
      (
        await api('/api/edit', {
          edit: { op: 'add-link', from: at(from), to: at(to), type: 'MOVE' },
        })
      ).body,
    ) as EditAnswer;
    expect(add.ok).toBe(true);
    if (add.ok) {
      expect(linksOf(add.nav)).toBe(1);
      expect(add.checks[0].check.passed).toBe(true);
      expect(add.checks[0].check.starts.length).toBeGreaterThanOrEqual(1);
      expect(add.edits).toBe(2);
      expect(add.dirty).toBe(true);
    }
    const undo = JSON.parse((await api('/api/undo')).body) as EditAnswer;
    expect(undo.ok && linksOf(undo.nav)).toBe(0);
    expect(undo.ok && undo.redo).toBe(1);
    const redo = JSON.parse((await api('/api/redo')).body) as EditAnswer;
    expect(redo.ok && linksOf(redo.nav)).toBe(1);
    // Delete one node too, for the save.
    const gone = JSON.parse(
      (await api('/api/edit', { edit: { op: 'delete-node', at: at(nav.nodes.length - 1) } })).body,
    ) as EditAnswer;
    expect(gone.ok && gone.nav.type.length).toBe(nav.nodes.length - 1);
  }, 60_000);

  it('saves the nav, keeps the one it replaced, and writes the edits file', async () => {
    const before = readFileSync(navPath);
    const saved = JSON.parse((await api('/api/save')).body);
    expect(saved).toMatchObject({
      ok: true,
      nav: navPath,
      edits: editsPath,
      kept: `${navPath}.orig`,
      count: 3,
    });
    expect(readFileSync(`${navPath}.orig`).equals(before)).toBe(true);
    const written = (await readNavFile(navPath)).nav;
    expect(written.nodes).toHaveLength(nav.nodes.length - 1);
    const edits = await readEditsFile(editsPath);
    expect(edits.map).toBe('wizs');
    expect(edits.edits.map((e) => e.op)).toEqual(['delete-link', 'add-link', 'delete-node']);
    // A second save appends nothing new and keeps the .orig as it was.
    const again = JSON.parse((await api('/api/save')).body);
    expect(again.ok && again.count).toBe(3);
    expect(existsSync(`${navPath}.orig`) && readFileSync(`${navPath}.orig`).equals(before)).toBe(
      true,
    );
  }, 60_000);
});
