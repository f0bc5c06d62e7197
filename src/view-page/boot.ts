/**
 * The boot object: what the HTML around the page script tells it, as JSON in
 * `<script id="navgen-view-boot" type="application/json">`. Served by `navgen view`, the page
 * fetches its model with the session token; embedded in the HTML build report (opened from a
 * file, nothing to ask), the model is inline and the page is read-only.
 */
import type { ViewModel } from '../sinks/view/view-model.js';

/** Same id as `sinks/view/viewer-html.ts` writes. */
export const BOOT_ELEMENT_ID = 'navgen-view-boot';

export interface ViewBoot {
  readonly mode: 'served' | 'embedded';
  /** Served: the session token every request carries. */
  readonly token?: string;
  /** Embedded: the whole model. */
  readonly model?: ViewModel;
}

/** The page's boot object; throws, naming what is wrong, when it is missing or malformed. */
export function readBoot(doc: Document): ViewBoot {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element) throw new Error(`no <script id="${BOOT_ELEMENT_ID}"> boot element in the page`);
  let boot: unknown;
  try {
    boot = JSON.parse(element.textContent ?? '');
  } catch (e) {
    throw new Error(`the boot element does not hold JSON: ${(e as Error).message}`);
  }
  const b = boot as Partial<ViewBoot> | null;
  if (!b || (b.mode !== 'served' && b.mode !== 'embedded'))
    throw new Error('the boot object has no mode "served" or "embedded"');
  if (b.mode === 'served' && typeof b.token !== 'string')
    throw new Error('the boot object of a served page has no token');
  if (b.mode === 'embedded' && (typeof b.model !== 'object' || b.model === null))
    throw new Error('the boot object of an embedded page has no model');
  return b as ViewBoot;
}
