/**
 * The layer order: `tools/lint/layers.js` (what `npm run lint` enforces) and the list in
 * docs/architecture.md are the same order, every unit of `src/` is in it, and the rule reports an
 * import that goes up it (and passes one that goes down) on real files of the tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { LAYERS } from '../../tools/lint/layers.js';
import { REPO_ROOT } from '../helpers/fixtures.js';

describe('the layer order', () => {
  it('is the one docs/architecture.md lists', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
    const block = /<!-- layers: begin -->([\s\S]*?)<!-- layers: end -->/.exec(doc);
    expect(block).not.toBeNull();
    const listed = [...block![1].matchAll(/^\d+\. (.*?):/gm)].flatMap((m) =>
      [...m[1].matchAll(/`([^`]+)`/g)].map((n) => n[1]),
    );
    expect(listed).toEqual(LAYERS);
  });

  it('names every folder and top-level file of src/', () => {
    const units = readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
      .map((e) => e.name)
      .sort();
    expect([...LAYERS].sort()).toEqual(units);
  });

  it('reports an import that goes up a layer, and passes one that goes down', async () => {
    const eslint = new ESLint({ cwd: REPO_ROOT });
    const lint = async (file: string, code: string) =>
      (await eslint.lintText(code, { filePath: join(REPO_ROOT, file) }))[0].messages.filter(
        (m) => m.ruleId === 'navgen/layer-order',
      );
    const up = await lint(
      'src/world/example.ts',
      "import type { DraftGraph } from '../stage/graph-types.js';\nexport type G = DraftGraph;\n",
    );
    expect(up).toHaveLength(1);
    expect(up[0].message).toContain(
      'src/world/example.ts (layer world) imports src/stage/graph-types.js (layer stage)',
    );
    const down = await lint(
      'src/stage/example.ts',
      "import type { CollisionModel } from '../world/collision-model.js';\nexport type M = CollisionModel;\n",
    );
    expect(down).toEqual([]);
    const outside = await lint(
      'tools/example.ts',
      "import { x } from '../test/helpers/fixtures.js';\nexport const y = x;\n",
    );
    expect(outside).toHaveLength(1);
  }, 60_000);
});
