/**
 * The nav formats' registry (`sinks/nav-sinks.ts`) is the one place a format is named: every
 * registered sink is a key of the pipeline's `output` in the schema and the loader, a flag of
 * the flag form, a place in a game folder, and writes a file that reads back. A new format
 * added to the registry is checked here without a line of its own.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NAV_SINK,
  NAV_SINKS,
  OTHER_NAV_SINKS,
  navFlag,
  orList,
  primaryNavOutput,
} from '../../src/sinks/nav-sinks.js';
import { pipelineFileSchema } from '../../src/pipeline/pipeline-schema.js';
import { BUILTIN_STAGES, pipelineSharedSettings } from '../../src/pipeline/builtin-stages.js';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { mapFromGame } from '../../src/pipeline/pipeline-game.js';
import { resolveGameDir } from '../../src/sources/game/game-dir.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { smallNav } from '../helpers/small-nav.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-nav-sinks-'));

function pipeline(name: string, output: string): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, `map: wizs\nbsp: none\ndemos: a.mvd2\noutput: ${output}\ncache: false\n`);
  return file;
}

describe.each(NAV_SINKS.map((s) => [s.meta.name, s] as const))('the %s sink', (name, sink) => {
  it('is a key of output in the schema, with its description', () => {
    const output = (
      pipelineFileSchema(BUILTIN_STAGES) as {
        properties: { output: { properties: Record<string, { description: string }> } };
      }
    ).properties.output.properties;
    expect(output[name].description).toBe(sink.meta.description);
    expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('alone is a pipeline\u2019s primary nav, its path made absolute', async () => {
    const spec = await loadPipelineFile(pipeline(`alone-${name}`, `{ ${name}: out/w.nav }`));
    expect(spec.output[name]).toBe(join(dir, 'out', 'w.nav'));
    for (const other of NAV_SINKS)
      if (other !== sink) expect(spec.output[other.meta.name]).toBe(null);
    expect(primaryNavOutput(spec.output)).toBe(join(dir, 'out', 'w.nav'));
  });

  it('is given by the flag form (--out for the default format)', async () => {
    const flags = sink === DEFAULT_NAV_SINK ? { out: 'f.nav' } : { [name]: 'f.nav' };
    const spec = await pipelineFromFlags({ map: 'wizs', demos: ['a.mvd2'], ...flags }, dir);
    expect(spec.output[name]).toBe(join(dir, 'f.nav'));
  });

  it('has its place in a game folder', async () => {
    const game = join(dir, `game-${name}`);
    mkdirSync(join(game, 'action', 'maps'), { recursive: true });
    writeFileSync(join(game, 'action', 'maps', 'wizs.bsp'), '');
    const found = await mapFromGame(join(game, 'action'), undefined, 'wizs', null);
    const place = sink.meta.inGame(resolveGameDir(join(game, 'action')), 'wizs');
    expect(found.game.navs[name]).toBe(place);
    expect(place.endsWith('wizs.nav')).toBe(true);
  });

  it('writes a nav of its format from the build\u2019s nav', async () => {
    const path = join(dir, `written-${name}.nav`);
    const nav = smallNav(
      [
        [0, 0, 24],
        [96, 0, 24],
      ],
      [
        [0, 1, defaultNodeTypes.MOVE],
        [1, 0, defaultNodeTypes.MOVE],
      ],
    );
    const written = await sink.write(path, {
      map: 'wizs',
      bsp: null,
      nav,
      nodeTypes: defaultNodeTypes,
      shared: pipelineSharedSettings([]),
    });
    expect(written.path).toBe(path);
    expect(existsSync(path)).toBe(true);
    expect(written.stats.fileBytes).toBeGreaterThan(0);
  });
});

describe('the registry', () => {
  it('gives every other format a flag of its own', () => {
    const flags = OTHER_NAV_SINKS.map(navFlag);
    expect(new Set(flags).size).toBe(flags.length);
    expect(flags).toContain('--q2r-nav');
    for (const s of OTHER_NAV_SINKS) expect(s.meta.flagHelp).toBeTruthy();
  });

  it('a pipeline without any nav is refused, naming every format', async () => {
    await expect(loadPipelineFile(pipeline('none', '{ report: r.json }'))).rejects.toThrow(
      orList(NAV_SINKS.map((s) => `${s.meta.name} (${s.meta.format})`)),
    );
  });
});
