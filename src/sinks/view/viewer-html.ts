/**
 * The viewer as one HTML page: the page's script (`src/view-page/`, bundled by
 * `scripts/build.mjs` into `dist/view-page.js`) and its boot object inline, nothing fetched
 * from anywhere else, so it works offline and from a file. Served by `navgen view` (the model
 * then comes from `/api/model`) or embedded in the HTML build report (the model inline,
 * read-only).
 */
import { readFile } from 'node:fs/promises';
import { distFile } from '../../dist-file.js';
import type { ViewModel } from './view-model.js';

/** What the page reads first (`src/view-page/boot.ts` reads the same shape). */
export type ViewBootData =
  | { readonly mode: 'served'; readonly token: string }
  | { readonly mode: 'embedded'; readonly model: ViewModel };

/** The id of the element holding the boot object. */
export const BOOT_ELEMENT_ID = 'navgen-view-boot';

/** The bundled page script (built by `npm run build`; a clear error when it is missing). */
export async function viewPageScript(): Promise<string> {
  const path = distFile(import.meta.url, 'view-page.js');
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new Error(
      `the viewer's page script ${path} is missing (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): run npm run build`,
    );
  }
}

/** JSON that may stand inside a `<script>` element: no `<` can close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A script's text that may stand inline: a `</script` inside it would end the element. */
export function inlineScript(js: string): string {
  return js.replace(/<\/script/gi, '<\\/script');
}

/** The boot object and the page script, to put in a page's body. */
export function viewerScripts(boot: ViewBootData, script: string): string {
  return (
    `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptJson(boot)}</script>\n` +
    `<script>${inlineScript(script)}</script>\n`
  );
}

/** The whole page `navgen view` serves. */
export function viewerPage(title: string, boot: ViewBootData, script: string): string {
  const t = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${t} · navgen view</title>\n</head>\n<body>\n` +
    viewerScripts(boot, script) +
    '</body>\n</html>\n'
  );
}
