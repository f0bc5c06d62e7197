/**
 * docs/architecture.md stays true: every folder of src/ has its row in "Every folder of
 * `src/`", every path the page names (`src/…`, `test/…`, `tools/…` and the rest of the
 * repository's folders, and the files its rows name relative to their folder) exists, and every
 * registry "Where to add" sends a newcomer to (`NAME` (`file.ts`)) is defined in that file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixtures.js';

const page = readFileSync(join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
const rows = page
  .split('\n')
  .filter((l) => l.startsWith('| `src/'))
  .map((l) => ({ folder: /^\| `(src\/[^`]*)`/.exec(l)![1], text: l }));

/** Every folder under src/ that holds a .ts file of its own. */
function folders(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(join(REPO_ROOT, dir))) {
    const p = `${dir}/${e}`;
    if (!statSync(join(REPO_ROOT, p)).isDirectory()) continue;
    if (readdirSync(join(REPO_ROOT, p)).some((f) => f.endsWith('.ts'))) out.push(`${p}/`);
    folders(p, out);
  }
  return out;
}

describe('docs/architecture.md', () => {
  it('has a row for every folder of src/ (a folder is covered by its own row or its parent’s)', () => {
    const named = rows.map((r) => r.folder);
    const missing = folders('src').filter(
      (f) => !named.some((n) => f === n || (n.endsWith('/') && f.startsWith(n))),
    );
    expect(missing).toEqual([]);
  });

  it('names only paths that exist', () => {
    const absent: string[] = [];
    for (const m of page.matchAll(/`((?:src|test|tools|bench|scripts|plugins)\/[A-Za-z0-9_./-]*)`/g)) {
      if (!existsSync(join(REPO_ROOT, m[1].replace(/\/$/, '')))) absent.push(m[1]);
    }
    // Files a row names relative to its folder: `name.ts` inside the row of `src/x/`.
    for (const r of rows) {
      if (!r.folder.endsWith('/') || r.folder === 'src/') continue;
      for (const m of r.text.matchAll(/`([a-z0-9-]+(?:\/[a-z0-9-]+)*\.ts)`/g)) {
        const p = join(REPO_ROOT, r.folder, m[1]);
        const fromSrc = join(REPO_ROOT, 'src', m[1]);
        if (!existsSync(p) && !existsSync(fromSrc)) absent.push(`${r.folder}${m[1]}`);
      }
    }
    expect(absent).toEqual([]);
  });

  it('defines every registry "Where to add" names in the file named beside it', () => {
    const where = page.slice(page.indexOf('\n## Where to add'));
    const named = [...where.matchAll(/`([A-Z][A-Z0-9_]{2,})`\s*\(`([\w./-]+\.ts)`/g)];
    expect(named.length).toBeGreaterThanOrEqual(4);
    const undefinedThere: string[] = [];
    for (const [, registry, file] of named) {
      const path = join(REPO_ROOT, file.startsWith('src/') ? file : join('src', file));
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (!new RegExp(`^(export )?const ${registry}\\b`, 'm').test(text))
        undefinedThere.push(`${registry} in ${file}`);
    }
    expect(undefinedThere).toEqual([]);
  });
});
