/**
 * The page of `navgen view`: a nav viewer and editor in the browser, bundled by
 * `scripts/build.mjs` into `dist/view-page.js` (one IIFE, its CSS inside, nothing fetched but
 * the served API).
 *
 * Dev note. The HTML holds `<script id="navgen-view-boot" type="application/json">` with a
 * {@link ViewBoot} (`boot.ts`), then this script inline:
 *   - `{ "mode": "served", "token": "…" }`: the model comes from `GET /api/model`, every
 *     request carrying the token in `X-Navgen-Token`; the editor shows when the model is
 *     editable;
 *   - `{ "mode": "embedded", "model": {…} }`: the model inline, read-only (the HTML report,
 *     opened from a file).
 * The page builds itself into `#navgen-view` when there is one (the report's box, sized by the
 * report), otherwise into the whole window. `window.navgenView` (`hook.ts`, `view-hook.ts`)
 * is the handle for benchmarks and browser tests: `await navgenView.ready`, then
 * `firstPaintMs`, `panBy`, `frame()`, `selectNode`, `state()`, `screenOf`, `screenOfLink`.
 *
 * To look at it by hand: write a page with an embedded boot object holding a model (e.g. from
 * `sinks/view/view-model-of.ts`) and `dist/view-page.js` inline, then open it in a browser or
 * `chromium --headless=new --no-sandbox --screenshot=shot.png --window-size=1280,800 file://…`.
 */
import type { ViewModel } from '../sinks/view/view-model.js';
import { VIEW_MODEL_VERSION } from '../sinks/view/view-model.js';
import { ApiClient } from './api-client.js';
import { readBoot, type ViewBoot } from './boot.js';
import { el } from './dom.js';
import { flush, ViewHook } from './view-hook.js';
import { attachInput } from './input.js';
import { injectStyle } from './page-style.js';
import { Viewer } from './viewer.js';

/** The element the HTML report embeds the viewer in. */
const CONTAINER_ID = 'navgen-view';

async function start(hook: ViewHook): Promise<void> {
  injectStyle(document);
  const container = document.getElementById(CONTAINER_ID) ?? document.body;
  const loading = el('div', { class: 'nv-root nv-loading', text: 'navgen view: loading the nav…' });
  try {
    const boot: ViewBoot = readBoot(document);
    container.append(loading);
    const api = boot.mode === 'served' ? new ApiClient(boot.token!) : null;
    const model = api ? await api.model() : checked(boot.model!);
    loading.remove();
    const viewer = new Viewer({ model, container, api: boot.mode === 'served' ? api : null });
    viewer.start();
    attachInput(viewer, container === document.body);
    if (viewer.tools)
      window.addEventListener('beforeunload', (e) => {
        if (!viewer.tools?.dirty) return;
        e.preventDefault();
        e.returnValue = '';
      });
    flush(viewer.canvas);
    hook.started(viewer, performance.now());
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    loading.remove();
    container.append(
      el('div', {
        class: 'nv-root nv-failed',
        testid: 'status',
        text: `navgen view could not start: ${error.message}`,
      }),
    );
    console.error(error);
    hook.failed(error);
  }
}

/** The embedded model, refused when it is of another shape version. */
function checked(model: ViewModel): ViewModel {
  if (model.version !== VIEW_MODEL_VERSION)
    throw new Error(
      `the model is version ${String(model.version)}, this page reads version ${VIEW_MODEL_VERSION}`,
    );
  return model;
}

const hook = new ViewHook();
window.navgenView = hook;
// The script may stand before the report's container: look for it once the document is parsed.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void start(hook));
else void start(hook);
