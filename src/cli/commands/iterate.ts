/**
 * `navgen iterate`: build → test → prune → rebuild until the nav test passes (the AQtion proposal's
 * automated batch runner), driven by the pipeline's `navtest` section.
 *
 *   navgen iterate pipelines/wizs.yaml [--max-iterations 10] [--json] [--quiet]
 *
 * Exit codes: 0 passed and shipped; 4 never passed, the best iteration shipped; 1 the test
 * command failed (time-out, crash, no or bad report): nothing shipped; 2 configuration.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { BuildLockedError, lockOutputs, type BuildLock } from '../../pipeline/build-lock.js';
import { Option } from 'commander';
import { BuildError } from '../../pipeline/build.js';
import { PipelineConfigError, PipelineConfigErrors } from '../../pipeline/config-error.js';
import { readPipelineSource, resolvePipeline } from '../../pipeline/load-pipeline.js';
import { testerKindNamed } from '../../testers/tester-kinds.js';
import { buildNodeTypeTable } from '../../nav/node-types.js';
import { iterate, IterationAbortedError, type IterateObserver } from '../../iterate/iterate.js';
import { formatIterateSummary, iterateSummaryJson } from '../../iterate/iterate-summary.js';
import { MonotonicityError } from '../../iterate/monotonicity.js';
import { positiveInt } from '../option-parsers.js';
import { addGameDirOptions } from '../map-option.js';
import { resolveNavtestConfig } from '../../iterate/navtest-config.js';
import { readBuildEdits } from '../../pipeline/draft-edits.js';
import { EditsFileError } from '../../nav/edits/edits-file.js';
import {
  CliError,
  EXIT_FAILURE,
  EXIT_LOCKED,
  EXIT_NOT_CONVERGED,
  EXIT_USAGE,
} from '../exit-codes.js';

interface IterateFlags {
  edits?: string;
  gameDir?: string;
  mod?: string;
  maxIterations?: number;
  workers?: number;
  json?: boolean;
  quiet?: boolean;
  progress?: boolean;
}

export function register(program: Command): void {
  const cmd = program
    .command('iterate')
    .description(
      "Close the loop: build a draft .nav, test it (the pipeline's navtest command; navgen's own offline test with navtest.tester: builtin; or with navtest.tester: engine the offline test first, then real bots in an AQtion server install), remove what failed, rebuild, until the test passes; ship the result (or the best iteration, exit code 4). Every draft, report and summary is kept in the iterations folder.",
    )
    .argument('<pipeline>', 'a pipeline file with a navtest section')
    .addOption(
      new Option(
        '--max-iterations <n>',
        'most build → test rounds (default: navtest.maxIterations, or 10)',
      ).argParser(positiveInt('--max-iterations')),
    )
    .addOption(
      new Option(
        '--workers <n>',
        "worker threads for the builds (default: the pipeline's)",
      ).argParser(positiveInt('--workers')),
    )
    .option(
      '--edits <file>',
      "an edits file (navgen-edits JSON, as navgen view saves it), instead of the pipeline's edits: key: the admin's mends, made again on every draft after the graph stages and before the build's own nav test; what did not fit is on each build's report. A missing or broken file stops before the first build (exit 2)",
    )
    .option('--json', 'print the summary as JSON (iterations, shipped file, remaining failures)')
    .option('-q, --quiet', 'print nothing but errors')
    .option('--no-progress', 'no progress lines')
    .action(async (file: string, flags: IterateFlags) => {
      let spec;
      let config;
      try {
        const src = await readPipelineSource(file);
        // --game-dir: the pipeline's map read from the game (its archives too), as `game:` does.
        if (flags.mod !== undefined && flags.gameDir === undefined)
          throw new CliError('--mod goes with --game-dir', EXIT_USAGE);
        spec = await resolvePipeline(src, false, { gameDir: flags.gameDir, mod: flags.mod });
        if (flags.edits !== undefined) spec = { ...spec, edits: resolve(flags.edits) };
        config = resolveNavtestConfig(spec, src.locate);
        // The edits file is read again by every build; checked here before anything is done.
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
      if (flags.workers !== undefined) spec = { ...spec, workers: flags.workers };
      const say =
        flags.quiet || flags.progress === false
          ? () => undefined
          : (line: string) => process.stderr.write(`navgen: ${line}\n`);

      const controller = new AbortController();
      const onSigint = () => {
        say('interrupted: stopping the test command…');
        controller.abort();
      };
      process.once('SIGINT', onSigint);
      let lock: BuildLock | null = null;
      try {
        // The loop rebuilds and ships the pipeline's outputs: the same lock as build and watch.
        lock = await lockOutputs(spec, 'iterate', 0, (line) => process.stderr.write(line));
        const kind = testerKindNamed(config.tester)!; // resolveNavtestConfig checked the name
        // `testerConfig` is what this kind's `resolve` made.
        const tester = kind.create(config.testerConfig, {
          map: spec.map,
          bsp: config.bsp,
          workDir: config.workDir,
          nodeTypes: buildNodeTypeTable(spec.nodeTypes),
          workers: spec.workers,
          say,
        });
        const result = await iterate(spec, config, tester, {
          maxIterations: flags.maxIterations,
          observer: progressLines(say),
          signal: controller.signal,
        });
        if (flags.json)
          process.stdout.write(JSON.stringify(iterateSummaryJson(result), null, 2) + '\n');
        else if (!flags.quiet) process.stdout.write(formatIterateSummary(result));
        if (!result.converged) process.exitCode = EXIT_NOT_CONVERGED;
      } catch (e) {
        if (e instanceof BuildLockedError) throw new CliError(e.message, EXIT_LOCKED);
        if (e instanceof EditsFileError) throw new CliError(e.message, EXIT_USAGE);
        if (
          e instanceof IterationAbortedError ||
          e instanceof MonotonicityError ||
          e instanceof BuildError
        ) {
          throw new CliError(e.message, EXIT_FAILURE);
        }
        throw e;
      } finally {
        process.off('SIGINT', onSigint);
        await lock?.release();
      }
    });
  addGameDirOptions(cmd);
}

/** One line when a round starts, after its build, and after its test. */
function progressLines(say: (line: string) => void): IterateObserver {
  let max = 0;
  return {
    iterationStart(i, m, f) {
      max = m;
      say(
        `iteration ${i}/${m}: building without ${f.badNodes.length} bad node position(s) and ${f.badLinks.length} bad link(s)…`,
      );
    },
    built(i, b) {
      const read = b.demos.filter((d) => d.source === 'read').length;
      say(
        `iteration ${i}/${max}: built ${b.nav.nodes} nodes, ${b.nav.links} links (${read} demo(s) read, ${b.demos.length - read} from cache)`,
      );
    },
    testing(i, tester) {
      say(`iteration ${i}/${max}: testing with ${tester}…`);
    },
    tested(_record, line) {
      say(line);
    },
  };
}
