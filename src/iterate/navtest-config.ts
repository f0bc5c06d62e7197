/**
 * The pipeline's `navtest` section, resolved for `navgen iterate`: its own keys (`tester`,
 * `maxIterations`, `workDir`, `thresholds`, declared in `pipeline/navtest-section.ts`)
 * with their defaults, the chosen tester kind's options resolved by the kind itself
 * (`testers/<kind>.ts`), paths made absolute (relative to the pipeline file), and the
 * feedback stage's match radius taken from the pipeline's shared settings. Nothing here knows a
 * kind by name: what a kind needs (a command, the map) and which keys it reads are in its `meta`.
 *
 * The structure was already checked against the section's schema when the pipeline was loaded;
 * it is checked again here (a section built by code), against the same rows. What a schema
 * cannot say (a placeholder typo, an unterminated quote, a pipeline without the feedback stage)
 * is checked here and by the kind, with the same kind of error: file, line, column, key path.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +set, bot_navtest, '1',
 *             +set, bot_navtest_duration, '300', +map, '{map}']
 *   installDir: /games/aq2/action/bots/nav      # the draft goes to …/wizs.nav
 *   maxIterations: 10
 *   thresholds: { minCoverage: 0.85 }
 */
import { dirname, join } from 'node:path';
import type { Locate } from '../pipeline/load-pipeline.js';
import { PipelineConfigError, PipelineConfigErrors } from '../pipeline/config-error.js';
import { absolute } from '../files/absolute-path.js';
import { graphStages, type PipelineSpec } from '../pipeline/pipeline-spec.js';
import { pipelineSharedSettings } from '../pipeline/builtin-stages.js';
import { firstNavOutput } from '../sinks/nav-sinks.js';
import {
  NAVTEST_SECTION_OPTIONS,
  navtestSectionProblems,
  thresholdsFrom,
  type NavtestThresholds,
} from '../pipeline/navtest-section.js';
import { fillPlaceholders, placeholderProblems } from '../testers/placeholders.js';
import {
  COMMAND_KEY,
  optionsFrom,
  type ResolveContext,
  type TesterKind,
} from '../testers/tester-kind.js';
import { DEFAULT_TESTER, TESTER_KINDS } from '../testers/tester-kinds.js';

export type { NavtestThresholds };

export interface NavtestConfig {
  /** The tester kind's name (`testers/tester-kinds.ts`). */
  readonly tester: string;
  /**
   * What the kind's `resolve` made of its options (`CommandTesterConfig`, `EngineTesterConfig`,
   * …), for its `create`.
   */
  readonly testerConfig: unknown;
  /** The map file (absolute); null when the pipeline names none (kinds that need it are refused). */
  readonly bsp: string | null;
  readonly maxIterations: number;
  /** The iterations folder (absolute). */
  readonly workDir: string;
  readonly thresholds: NavtestThresholds;
  /**
   * The feedback stage's `matchRadius`: nodes this close to a recorded failure are gone from
   * every later draft (the loop asserts it). [Units: world units]
   */
  readonly matchRadius: number;
}

const KINDS: readonly TesterKind[] = TESTER_KINDS;

/**
 * Resolves `spec.navtest`; throws {@link PipelineConfigErrors} listing every problem.
 * `locate` (from the pipeline source) adds line and column to the messages.
 */
export function resolveNavtestConfig(
  spec: PipelineSpec,
  locate: Locate = () => null,
): NavtestConfig {
  const file = spec.file ?? 'command line';
  const fail = (path: (string | number)[], reason: string): PipelineConfigError => {
    const pos = locate(path);
    const label = path.reduce<string>(
      (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k),
      '',
    );
    return new PipelineConfigError(file, label, reason, pos?.line ?? null, pos?.column ?? null);
  };
  if (!spec.navtest) {
    throw new PipelineConfigErrors([
      fail(
        [],
        'navgen iterate needs a navtest section saying how to test a draft, e.g.\n' +
          "  navtest:\n    command: [/path/to/q2proded, +set, bot_navtest, '1', +map, '{map}']\n    installDir: /path/to/action/bots/nav",
      ),
    ]);
  }
  const section = spec.navtest;
  const errors: PipelineConfigError[] = [];
  const problem = (path: readonly (string | number)[], reason: string) =>
    errors.push(fail(['navtest', ...path], reason));
  // The drafts are AQtion navs (the testers load them); the chosen one ships as output.nav.
  if (spec.output.nav === null) {
    errors.push(
      fail(['output', 'nav'], 'navgen iterate ships an AQtion .nav: add "nav: <file>" to output'),
    );
  }
  const feedbackStage = graphStages(spec).find((s) => s.name === 'feedback');
  if (!feedbackStage) {
    errors.push(
      fail(
        ['stages'],
        'navgen iterate needs the feedback stage (it removes what the test found bad); add "- feedback" as the last stage',
      ),
    );
  }
  const invalid = navtestSectionProblems(section);
  for (const p of invalid) problem(p.path, p.reason);
  if (invalid.length > 0) throw new PipelineConfigErrors(errors);

  const own = optionsFrom(NAVTEST_SECTION_OPTIONS, section);
  const name = String(section.tester ?? DEFAULT_TESTER);
  const kind = KINDS.find((k) => k.meta.name === name);
  if (!kind)
    problem(
      ['tester'],
      `unknown tester "${name}"; known: ${KINDS.map((k) => k.meta.name).join(', ')}`,
    );
  const command = section[COMMAND_KEY];
  if (kind && !kind.meta.needs.command && command !== undefined)
    problem(
      [COMMAND_KEY],
      `the ${name} tester runs no command; remove "command" or "tester: ${name}"`,
    );
  if (kind?.meta.needs.map && !spec.bsp)
    problem(
      ['tester'],
      `the ${name} tester needs the map: add "bsp: path/to/<map>.bsp" to the pipeline`,
    );
  // Another kind's keys are refused, except the settings of a kind that runs the command: a
  // pipeline may keep them while it tries a kind that runs none (they are still checked below).
  for (const other of KINDS) {
    if (other === kind || other.meta.needs.command) continue;
    for (const key of Object.keys(other.meta.options))
      if (section[key] !== undefined)
        problem(
          [key],
          `only the ${other.meta.name} tester reads "${key}"; add "tester: ${other.meta.name}" or remove it`,
        );
  }
  if (kind?.meta.needs.command && command === undefined) {
    const others = KINDS.filter((k) => !k.meta.needs.command).map(
      (k) => `"tester: ${k.meta.name}"`,
    );
    problem([], `needs "command" (a program that tests the draft) or ${others.join(' / ')}`);
  }

  const base = spec.baseDir;
  const workDirProblems = own.workDir === null ? [] : placeholderProblems(own.workDir, ['map']);
  const navOutput = firstNavOutput(spec.output);
  const workDir =
    own.workDir !== null
      ? workDirProblems.length > 0
        ? '' // unused: the problem is reported
        : absolute(base, fillPlaceholders(own.workDir, { map: spec.map }))
      : join(dirname(navOutput ?? base), `${spec.map}.iterations`);
  const ctx: ResolveContext = { baseDir: base, map: spec.map, workDir, problem };
  let testerConfig: unknown = null;
  for (const k of KINDS) {
    if (k === kind) testerConfig = k.resolve(optionsFrom(k.meta.options, section), ctx);
    else if (kind && !kind.meta.needs.command && k.meta.needs.command)
      // The command's settings a pipeline kept (see above): checked as ever, unused.
      k.resolve(optionsFrom(k.meta.options, { ...section, [COMMAND_KEY]: undefined }), ctx);
  }
  for (const reason of workDirProblems) problem(['workDir'], reason);
  if (errors.length > 0) throw new PipelineConfigErrors(errors);

  return {
    tester: name,
    testerConfig,
    bsp: spec.bsp ? absolute(base, spec.bsp) : null,
    maxIterations: own.maxIterations,
    workDir,
    thresholds: thresholdsFrom(own.thresholds),
    // A shared setting (feedback's), as the build gives it to the stages.
    matchRadius: pipelineSharedSettings(spec.stages).matchRadius,
  };
}
