/**
 * `navtest: { tester: engine, engine: DIR, bots, seconds, runs, user, noCombat }`: the offline
 * test first, then real bots in an AQtion server install judge each draft (what `navgen trial`
 * runs). Its tester is `iterate/engine-tester.ts`.
 *
 * @example
 * navtest:
 *   tester: engine
 *   engine: /games/aq2          # relative paths: to the pipeline file
 *   seconds: 300
 */
import { absolute } from '../pipeline-spec.js';
import { boolOption, numOption, str } from '../../stage/schema-helpers.js';
import { defineTesterKind, optionalRow, pathSchema } from './tester-kind.js';

/**
 * What the engine tester runs with: the options of {@link engineTester}, whose rows hold the
 * defaults, units and limits.
 */
export interface EngineTesterConfig {
  /** The AQtion server install (`engine`, absolute). */
  readonly dir: string;
  readonly bots: number;
  /** [Units: s] */
  readonly seconds: number;
  readonly runs: number;
  /** The unprivileged account the server runs as when navgen runs as root; null: none given. */
  readonly user: string | null;
  /** See `src/engine/server-config.ts`. */
  readonly noCombat: boolean;
}

const ENGINE_OPTIONS = {
  engine: optionalRow<string>(
    pathSchema(
      'An AQtion server install: q2proded and action/ (or game/action/) with the game library.',
    ),
  ),
  bots: numOption(8, 'Bots per server.', { minimum: 1, maximum: 15, integer: true }),
  seconds: numOption(300, 'Real time each run plays. [s]', { minimum: 10 }),
  runs: numOption(1, 'Runs per draft, all at once.', { minimum: 1, maximum: 16, integer: true }),
  user: optionalRow<string>(
    str('When navgen runs as root: the unprivileged account the server runs as.', {
      minLength: 1,
    }),
  ),
  noCombat: boolOption(
    true,
    "Bots do not fight (cheats 1 and the MVD recorder's client notarget).",
  ),
};

export const engineTester = defineTesterKind({
  meta: {
    name: 'engine',
    summary:
      'first the offline test (its failures are pruned first, fast), then real bots in an AQtion server install (`navgen trial`)',
    needs: { command: false, map: true },
    options: ENGINE_OPTIONS,
  },
  resolve(o, { baseDir, problem }): EngineTesterConfig {
    if (o.engine === null)
      problem(
        [],
        'the engine tester needs "engine": the folder of an AQtion server install (q2proded and action/)',
      );
    return {
      dir: o.engine === null ? '' : absolute(baseDir, o.engine),
      bots: o.bots,
      seconds: o.seconds,
      runs: o.runs,
      user: o.user,
      noCombat: o.noCombat,
    };
  },
});
