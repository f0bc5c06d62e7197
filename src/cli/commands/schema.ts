/**
 * `navgen schema`: prints the JSON Schema of pipeline files, built from the stage registry (and
 * the stages of any plugins named with --plugin), so editors can complete and check
 * `pipelines/*.yaml`.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { BUILTIN_STAGES } from '../../pipeline/builtin-stages.js';
import { pipelineFileSchema } from '../../pipeline/pipeline-schema.js';
import { loadPlugin, PluginError } from '../../pipeline/plugins.js';
import { CliError, EXIT_USAGE } from '../exit-codes.js';

export function register(program: Command): void {
  program
    .command('schema')
    .description(
      'Print the JSON Schema of pipeline files (for editors: e.g. "# yaml-language-server: $schema=pipeline.schema.json"). Includes every built-in stage and its options.',
    )
    .option('--plugin <module...>', 'also describe the stages of these plugin modules')
    .action(async (opts: { plugin?: string[] }) => {
      const registry = new Map(BUILTIN_STAGES);
      for (const p of opts.plugin ?? []) {
        const specifier = p.startsWith('.') || p.startsWith('/') ? resolve(p) : p;
        try {
          for (const [name, def] of (await loadPlugin(specifier)).stages) registry.set(name, def);
        } catch (e) {
          if (e instanceof PluginError) throw new CliError(e.message, EXIT_USAGE);
          throw e;
        }
      }
      process.stdout.write(JSON.stringify(pipelineFileSchema(registry), null, 2) + '\n');
    });
}
