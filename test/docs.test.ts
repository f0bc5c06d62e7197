/**
 * Generated documentation matches the code, and the README keeps what an admin needs first.
 * The stage table (docs/pipelines.md, between `<!-- stages -->` markers) and the pipeline
 * schema are generated from the stages' meta (`npm run docs`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUILTIN_STAGES } from '../src/pipeline/builtin-stages.js';
import { stageTable, withStageTable } from '../src/pipeline/stage-table.js';
import { pipelineFileSchema } from '../src/pipeline/pipeline-schema.js';
import { commands } from '../src/cli/commands/index.js';
import { REPO_ROOT } from './helpers/fixtures.js';

const read = (p: string) => readFileSync(join(REPO_ROOT, p), 'utf8');

it('docs/pipelines.md stage table is up to date (run npm run docs)', () => {
  const doc = read('docs/pipelines.md');
  expect(withStageTable(doc, stageTable(BUILTIN_STAGES))).toBe(doc);
});

it('docs/pipeline.schema.json is up to date (run npm run docs)', () => {
  const saved = JSON.parse(read('docs/pipeline.schema.json'));
  expect(saved).toEqual(JSON.parse(JSON.stringify(pipelineFileSchema(BUILTIN_STAGES))));
});

it('the README opens with the two commands that work on a fresh clone, the second what CI runs', () => {
  const readme = read('README.md');
  const block = /^# navgen\n\n```sh\n([^`]*)```/.exec(readme);
  expect(block).not.toBeNull();
  const lines = block![1].trim().split('\n');
  expect(lines[0]).toMatch(/^npm install && npm run sample\b/);
  expect(lines[1]).toMatch(/^npm install && npm test\b/);
  expect(read('.ci/run')).toMatch(/^npm install && npm test$/m);
  expect(JSON.parse(read('package.json')).scripts.sample).toBeTruthy();
});

it('the README names every command, the exit codes, and links only docs that exist', () => {
  const readme = read('README.md');
  for (const c of commands) expect(readme, c.name).toContain(`navgen ${c.name}`);
  for (const code of [0, 1, 2, 3, 4, 5])
    expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  expect(readme).not.toMatch(/npm install -g navgen\b/); // not published (yet)
  for (const m of readme.matchAll(/\]\((docs\/[^)#]+)/g))
    expect(existsSync(join(REPO_ROOT, m[1])), m[1]).toBe(true);
});
