/**
 * `navgen watch pipelines/x.yaml`: builds once, then rebuilds whenever demos appear, disappear
 * or change (after they stop changing), or the edits file changes, replacing the outputs
 * atomically. Ctrl-C stops it.
 * While it runs it holds the lock of the pipeline's outputs, so a `navgen build` of the same
 * pipeline waits for it.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import { PipelineConfigError, PipelineConfigErrors } from '../../pipeline/config-error.js';
import { loadPipelineFile } from '../../pipeline/load-pipeline.js';
import { watchDefaults, watchPipeline } from '../../pipeline/watch.js';
import { CliError, EXIT_LOCKED, EXIT_USAGE } from '../exit-codes.js';
import { BuildLockedError, lockOutputs } from '../../pipeline/build-lock.js';
import { lockWaitOption, milliseconds } from '../option-parsers.js';
import { formatBuildSummary, thresholdChangeLine } from '../build-summary.js';
import { readBuildEdits } from '../../pipeline/draft-edits.js';
import { EditsFileError } from '../../nav/edits/edits-file.js';

export function register(program: Command): void {
  program
    .command('watch')
    .description(
      'Build, then rebuild whenever the demos of the pipeline change (new, removed or rewritten files), or its edits file does. Ctrl-C stops.',
    )
    .argument('<pipeline>', 'pipeline file (.yaml or .json)')
    .addOption(
      new Option('--interval <ms>', 'how often to look for demo changes')
        .default(watchDefaults.interval)
        .argParser(milliseconds('--interval', 50)),
    )
    .addOption(
      new Option('--settle <ms>', 'how long demos must stay unchanged before a rebuild')
        .default(watchDefaults.settle)
        .argParser(milliseconds('--settle', 50)),
    )
    .addOption(lockWaitOption())
    .option('-q, --quiet', 'print only errors')
    .option(
      '--game-dir <dir>',
      "the game the pipeline's map comes from, as its game: key (a mod folder, or the game root with --mod); its nav then goes to MOD/bots/nav/ unless the file names one",
    )
    .option('--mod <name>', 'the mod folder when --game-dir is the game root (default action)')
    .option(
      '--edits <file>',
      "an edits file (navgen-edits JSON, as navgen view saves it), instead of the pipeline's edits: key: the admin's mends, made again on every rebuild after the graph stages and before the build's own nav test; a change to the file rebuilds too. Missing or broken at the start: exit 2; later, that rebuild fails with the reason and watching goes on",
    )
    .action(
      async (
        pipeline: string,
        opts: {
          interval: number;
          settle: number;
          lockWait: number;
          quiet?: boolean;
          gameDir?: string;
          mod?: string;
          edits?: string;
        },
      ) => {
        let spec;
        try {
          if (opts.mod !== undefined && opts.gameDir === undefined)
            throw new CliError('--mod goes with --game-dir', EXIT_USAGE);
          spec = await loadPipelineFile(pipeline, { gameDir: opts.gameDir, mod: opts.mod });
          if (opts.edits !== undefined) spec = { ...spec, edits: resolve(opts.edits) };
          // Read again by every rebuild; checked here so a wrong file stops at once.
          await readBuildEdits(spec);
        } catch (e) {
          if (
            e instanceof PipelineConfigError ||
            e instanceof PipelineConfigErrors ||
            e instanceof EditsFileError
          )
            throw new CliError(e.message, EXIT_USAGE);
          throw e;
        }
        const say = (s: string) => {
          if (!opts.quiet) process.stderr.write(s);
        };
        // The watcher owns the outputs while it runs: it holds their lock (pipeline/build-lock.ts).
        const lock = await lockOutputs(spec, 'watch', opts.lockWait, (line) =>
          process.stderr.write(line),
        ).catch((e: unknown) => {
          throw e instanceof BuildLockedError ? new CliError(e.message, EXIT_LOCKED) : e;
        });
        // The cluster stage's thresholds of the build before, to say when `auto` changed them.
        let lastCluster: Parameters<typeof thresholdChangeLine>[0] = null;
        const watcher = watchPipeline(spec, opts, {
          building: (reason) => say(`navgen watch: building (${reason})…\n`),
          built: (result, seconds, stillWritten) => {
            say(formatBuildSummary(result, seconds));
            const cluster = (result.stages.cluster ?? {}) as Parameters<
              typeof thresholdChangeLine
            >[1];
            const change = thresholdChangeLine(lastCluster, cluster);
            if (change) say(`navgen watch: ${change}\n`);
            lastCluster = cluster;
            for (const w of stillWritten)
              say(
                `navgen watch: ${w.file} is still being written (no end mark yet, changed ${Math.round(w.secondsAgo)} s ago); its frames so far are used, and it is read again when it changes\n`,
              );
            say(`navgen watch: waiting for demo changes (every ${opts.interval} ms)…\n`);
          },
          failed: (e) =>
            process.stderr.write(
              `navgen watch: build failed: ${(e as Error).message ?? String(e)}\n`,
            ),
        });
        await new Promise<void>((resolve) => {
          const stop = () => {
            say('navgen watch: stopping\n');
            void watcher
              .stop()
              .then(() => lock.release())
              .then(resolve);
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );
}
