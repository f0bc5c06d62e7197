/**
 * Loading plugins: ES modules whose default export is `{ meta: { name, version }, operators }`
 * (see `plugin-api.ts`). Each operator's `meta` is checked here, before any demo is opened, and
 * every failure names the plugin (and the stage, once it is known).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginModule, StageDefinition } from '../stage/stage.js';

export class PluginError extends Error {
  constructor(
    readonly plugin: string,
    readonly stage: string | null,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`plugin ${plugin}${stage ? `, stage ${stage}` : ''}: ${reason}`, options);
    this.name = 'PluginError';
  }
}

export interface LoadedPlugin {
  readonly specifier: string;
  readonly name: string;
  readonly version: string;
  /** Hash of the module file's bytes (part of cache keys: edit the plugin, re-read the demos). */
  readonly contentHash: string;
  /** Stages by their full name `plugin/operator`. */
  readonly stages: ReadonlyMap<string, StageDefinition<never>>;
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;

function check(ok: unknown, plugin: string, stage: string | null, reason: string): asserts ok {
  if (!ok) throw new PluginError(plugin, stage, reason);
}

/** Imports and checks one plugin. `specifier` is an absolute path or a package name. */
export async function loadPlugin(specifier: string): Promise<LoadedPlugin> {
  const url = isAbsolute(specifier) ? pathToFileURL(specifier).href : specifier;
  let mod: { default?: unknown };
  try {
    mod = (await import(url)) as { default?: unknown };
  } catch (e) {
    throw new PluginError(specifier, null, `cannot be loaded: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const plugin = mod.default as PluginModule | undefined;
  check(plugin && typeof plugin === 'object', specifier, null, 'has no default export');
  check(
    plugin.meta && typeof plugin.meta.name === 'string' && NAME.test(plugin.meta.name),
    specifier,
    null,
    'meta.name must be a lower-case kebab-case name',
  );
  check(typeof plugin.meta.version === 'string', specifier, null, 'meta.version must be a string');
  check(
    plugin.operators && typeof plugin.operators === 'object',
    specifier,
    null,
    'exports no operators',
  );
  const stages = new Map<string, StageDefinition<never>>();
  for (const [op, def] of Object.entries(plugin.operators)) {
    const full = `${plugin.meta.name}/${op}`;
    check(NAME.test(op), specifier, full, 'operator names must be lower-case kebab-case');
    check(
      def && typeof def.create === 'function',
      specifier,
      full,
      'has no create(options, ctx) function',
    );
    const m = def.meta;
    check(
      m && typeof m.description === 'string',
      specifier,
      full,
      'meta.description must be a string',
    );
    check(
      m.phase === 'demo' || m.phase === 'graph',
      specifier,
      full,
      "meta.phase must be 'demo' or 'graph'",
    );
    for (const key of ['needs', 'adds', 'removes'] as const) {
      check(
        Array.isArray(m[key]) && m[key].every((k) => typeof k === 'string'),
        specifier,
        full,
        `meta.${key} must be a list of event kinds`,
      );
    }
    check(
      m.schema === undefined || (typeof m.schema === 'object' && m.schema !== null),
      specifier,
      full,
      'meta.schema must be a JSON Schema object',
    );
    check(
      m.defaults !== undefined && typeof m.defaults === 'object',
      specifier,
      full,
      'meta.defaults must be an object',
    );
    stages.set(full, {
      meta: { ...m, name: full },
      create: def.create.bind(def),
    } as StageDefinition<never>);
  }
  let contentHash = '';
  if (isAbsolute(specifier)) {
    contentHash = createHash('sha256')
      .update(await readFile(specifier))
      .digest('hex')
      .slice(0, 16);
  }
  return { specifier, name: plugin.meta.name, version: plugin.meta.version, contentHash, stages };
}
