/**
 * `navtest: { tester: builtin }`: navgen's own offline test on each draft, no game server (the
 * example pipelines use it). No options: it needs only the pipeline's map. Its tester is
 * `iterate/builtin-tester.ts`.
 */
import { defineTesterKind } from './tester-kind.js';

/** What the builtin tester runs with besides the pipeline's map: nothing. */
export type BuiltinTesterConfig = Readonly<Record<string, never>>;

export const builtinTester = defineTesterKind({
  meta: {
    name: 'builtin',
    summary:
      "navgen's own offline test (`navgen navtest`: a simulated bot on the map's collision model, no game server)",
    needs: { command: false, map: true },
    options: {},
  },
  resolve: (): BuiltinTesterConfig => ({}),
});
