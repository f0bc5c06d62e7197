/**
 * The page's side of the `navgen view` API (`sinks/view/view-api.ts`). Every request carries the
 * session token; a failed request (network, a non-2xx status, a body that is not the expected
 * JSON) throws an {@link ApiError} whose message names the request, for the status line. An
 * answer `{ ok: false, error }` is the server refusing an edit or a save, not a failure: it is
 * returned whatever the status, so the page can show the reason (and the check behind it).
 */
import type { EditPoint, NavEdit } from '../nav/edits/nav-edit.js';
import {
  TOKEN_HEADER,
  type CheckLinkRequest,
  type EditAnswer,
  type EditRequest,
  type LinkCheck,
  type SaveAnswer,
} from '../sinks/view/view-api.js';
import { VIEW_MODEL_VERSION, type ViewModel } from '../sinks/view/view-model.js';

export class ApiError extends Error {}

export class ApiClient {
  constructor(private readonly token: string) {}

  async model(): Promise<ViewModel> {
    const model = await this.request<ViewModel>('GET', '/api/model');
    if (model.version !== VIEW_MODEL_VERSION)
      throw new ApiError(
        `GET /api/model: model version ${String(model.version)}, this page reads version ${VIEW_MODEL_VERSION}`,
      );
    return model;
  }

  checkLink(from: EditPoint, to: EditPoint, type: string): Promise<LinkCheck> {
    const body: CheckLinkRequest = { from, to, type };
    return this.request<LinkCheck>('POST', '/api/check-link', body);
  }

  edit(edit: NavEdit): Promise<EditAnswer> {
    const body: EditRequest = { edit };
    return this.request<EditAnswer>('POST', '/api/edit', body, true);
  }

  undo(): Promise<EditAnswer> {
    return this.request<EditAnswer>('POST', '/api/undo', undefined, true);
  }

  redo(): Promise<EditAnswer> {
    return this.request<EditAnswer>('POST', '/api/redo', undefined, true);
  }

  save(): Promise<SaveAnswer> {
    return this.request<SaveAnswer>('POST', '/api/save', undefined, true);
  }

  /**
   * One request. `refusable`: a JSON body `{ ok: false, error }` is an answer even with a
   * non-2xx status (the server may refuse with 409 or 422).
   */
  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    refusable = false,
  ): Promise<T> {
    const what = `${method} ${path}`;
    const headers: Record<string, string> = { [TOKEN_HEADER]: this.token };
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        cache: 'no-store',
      });
    } catch (e) {
      throw new ApiError(
        `${what}: no answer from the navgen view server (${(e as Error).message})`,
      );
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const refusal = isRefusal(json);
    if (response.ok && json !== undefined) return json as T;
    if (refusable && refusal) return json as T;
    const error = (json as { error?: unknown } | undefined)?.error;
    const reason =
      typeof error === 'string' ? error : text.trim().slice(0, 300) || response.statusText;
    if (!response.ok) throw new ApiError(`${what}: ${response.status} ${reason}`);
    throw new ApiError(`${what}: the answer is not JSON (${reason})`);
  }
}

function isRefusal(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    (json as { ok?: unknown }).ok === false &&
    typeof (json as { error?: unknown }).error === 'string'
  );
}
