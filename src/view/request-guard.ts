/**
 * What every request to `navgen view` must show before it is answered. The server listens on
 * 127.0.0.1 only, but a web page open in the admin's browser can still send requests there:
 * - the session token (random, in the printed URL; then in a header the page sets) proves the
 *   request comes from the page navgen printed, not from another site;
 * - the Host header must name 127.0.0.1 or localhost: a DNS-rebinding site has its own name;
 * - a write must come from the page's own origin (a browser names it in `Origin`), with a
 *   JSON body (another site cannot send one without the browser asking first, and the server
 *   never says yes), and small.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from '../sinks/view/view-api.js';

/** Largest request body. [Units: bytes] */
export const MAX_BODY_BYTES = 64 * 1024;

/** Why a request is refused: the HTTP status and a line for people. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}

const LOCAL_NAMES = ['127.0.0.1', 'localhost'];

function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Host header names this server: 127.0.0.1 or localhost, at its port. */
export function hostRefusal(req: IncomingMessage, port: number): Refusal | null {
  const host = req.headers.host ?? '';
  if (LOCAL_NAMES.some((n) => host === `${n}:${port}`)) return null;
  return {
    status: 403,
    message: `refused: Host "${host}" is not 127.0.0.1:${port} or localhost:${port}`,
  };
}

/** The token: in the URL's `token` for the page itself, in the header for the API. */
export function tokenRefusal(req: IncomingMessage, url: URL, token: string): Refusal | null {
  const given =
    url.pathname === '/' ? url.searchParams.get('token') : req.headers[TOKEN_HEADER.toLowerCase()];
  if (sameToken(Array.isArray(given) ? given[0] : given, token)) return null;
  return {
    status: 403,
    message: 'refused: no valid session token (open the URL navgen view printed)',
  };
}

/** A write: POST, from the page's own origin when the browser names one, with a JSON body. */
export function writeRefusal(req: IncomingMessage, port: number): Refusal | null {
  if (req.method !== 'POST') return { status: 405, message: `refused: ${req.method} is not POST` };
  const origin = req.headers.origin;
  if (origin !== undefined && !LOCAL_NAMES.some((n) => origin === `http://${n}:${port}`))
    return { status: 403, message: `refused: a write from another origin (${origin})` };
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json')
    return { status: 415, message: 'refused: a write must have a JSON body (application/json)' };
  return null;
}

/** The request's body as JSON, at most {@link MAX_BODY_BYTES}. */
export function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        // Read on and drop the rest, so the refusal reaches the page instead of a cut connection.
        reject(
          Object.assign(new Error(`refused: the body is over ${MAX_BODY_BYTES} bytes`), {
            status: 413,
          }),
        );
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(
          Object.assign(new Error(`the body is not JSON: ${(e as Error).message}`), {
            status: 400,
          }),
        );
      }
    });
    req.on('error', reject);
  });
}
