/**
 * The HTTP server of `navgen view`: one page and the few requests it makes
 * (`sinks/view/view-api.ts`), on 127.0.0.1 only, each request checked first
 * (`request-guard.ts`). It serves no file: the only paths it reads or writes are the nav, the
 * map and reports of its command line and the edits file, through the session.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ViewModel } from '../sinks/view/view-model.js';
import { viewerPage } from '../sinks/view/viewer-html.js';
import type { NavEdit } from '../nav/edits/nav-edit.js';
import { parseEdit } from '../nav/edits/edits-file.js';
import { describeEdit } from '../nav/edits/describe-edit.js';
import type { EditSession } from './edit-session.js';
import {
  hostRefusal,
  readJsonBody,
  tokenRefusal,
  writeRefusal,
  type Refusal,
} from './request-guard.js';

export interface ViewServerOptions {
  readonly session: EditSession;
  /** The model as opened; its nav part is replaced by the session's current nav when asked. */
  readonly model: ViewModel;
  /** The page's script (`viewPageScript()`). */
  readonly script: string;
  /** 0: a free port. */
  readonly port: number;
  /** Default: 24 random bytes. */
  readonly token?: string;
  /** One line per request that changed something. */
  readonly log?: (line: string) => void;
}

export interface RunningViewServer {
  readonly server: Server;
  readonly port: number;
  readonly token: string;
  /** What to open: the page, with the token. */
  readonly url: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // The token is in the page's URL: no request of the page may carry it to anyone else.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
} as const;

const PAGE_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data: blob:; frame-ancestors 'none'";

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, ...extra });
  res.end(body);
}

function refuse(res: ServerResponse, r: Refusal) {
  send(res, r.status, 'text/plain; charset=utf-8', r.message + '\n');
}

const json = (res: ServerResponse, value: unknown, status = 200) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

export async function startViewServer(o: ViewServerOptions): Promise<RunningViewServer> {
  const token = o.token ?? randomBytes(24).toString('base64url');
  const log = o.log ?? (() => {});
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const host = hostRefusal(req, port);
    if (host) return refuse(res, host);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const known = [
      '/',
      '/api/model',
      '/api/check-link',
      '/api/edit',
      '/api/undo',
      '/api/redo',
      '/api/save',
    ];
    if (!known.includes(url.pathname)) return refuse(res, { status: 404, message: 'not found' });
    const tok = tokenRefusal(req, url, token);
    if (tok) return refuse(res, tok);

    if (url.pathname === '/' || url.pathname === '/api/model') {
      if (req.method !== 'GET')
        return refuse(res, { status: 405, message: `refused: ${req.method} is not GET` });
      if (url.pathname === '/')
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          viewerPage(o.model.title, { mode: 'served', token }, o.script),
          {
            'Content-Security-Policy': PAGE_POLICY,
          },
        );
      return json(res, { ...o.model, nav: o.session.navView() });
    }

    const write = writeRefusal(req, port);
    if (write) return refuse(res, write);
    let body: Record<string, unknown>;
    try {
      const b = await readJsonBody(req);
      if (b === null || typeof b !== 'object' || Array.isArray(b))
        throw Object.assign(new Error('the body is not a JSON object'), { status: 400 });
      body = b as Record<string, unknown>;
    } catch (e) {
      return refuse(res, {
        status: (e as { status?: number }).status ?? 400,
        message: (e as Error).message,
      });
    }
    switch (url.pathname) {
      case '/api/check-link': {
        let edit: NavEdit;
        try {
          edit = parseEdit(
            { op: 'add-link', from: body.from, to: body.to, type: body.type },
            'the request',
          );
        } catch (e) {
          return refuse(res, { status: 400, message: (e as Error).message });
        }
        if (edit.op !== 'add-link') return refuse(res, { status: 400, message: 'not a link' });
        const check = o.session.check(edit.from, edit.to, edit.type);
        if (typeof check === 'string') return refuse(res, { status: 409, message: check });
        return json(res, check);
      }
      case '/api/edit': {
        let edit: NavEdit;
        try {
          edit = parseEdit(body.edit, 'the request');
        } catch (e) {
          return refuse(res, { status: 400, message: (e as Error).message });
        }
        const answer = o.session.edit(edit);
        log(
          answer.ok
            ? `kept: ${describeEdit(edit)}`
            : `refused: ${describeEdit(edit)}: ${answer.error}`,
        );
        return json(res, answer);
      }
      case '/api/undo':
      case '/api/redo': {
        const answer = url.pathname === '/api/undo' ? o.session.undo() : o.session.redo();
        if (answer.ok) log(url.pathname.slice(5));
        return json(res, answer);
      }
      case '/api/save': {
        const answer = await o.session.save();
        log(
          answer.ok
            ? `saved ${answer.nav}${answer.kept ? ` (the nav it replaced kept as ${answer.kept})` : ''} and ${answer.count} edit(s) in ${answer.edits}`
            : `not saved: ${answer.error}`,
        );
        return json(res, answer);
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) refuse(res, { status: 500, message: `error: ${e.message}` });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
