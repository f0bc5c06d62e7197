/**
 * The tester kinds a pipeline's `navtest.tester` can name, one file per kind in this folder
 * (`defineTesterKind({ meta, resolve, create })`, `tester-kind.ts`). The pipeline schema composes
 * the `navtest` section from their options (`pipeline/navtest-section.ts`);
 * `iterate/navtest-config.ts` resolves the section by looping over them; `navgen iterate` creates
 * the named kind's tester. Adding a kind: docs/architecture.md, "Where to add", "A tester".
 */
import { builtinTester } from './builtin.js';
import { commandTester } from './command.js';
import { engineTester } from './engine.js';
import type { TesterKind } from './tester-kind.js';

/** Every kind, in the order the docs list them. */
export const TESTER_KINDS = [commandTester, builtinTester, engineTester] as const;

export type TesterKindName = (typeof TESTER_KINDS)[number]['meta']['name'];

/** The kind of a section that names none. */
export const DEFAULT_TESTER: TesterKindName = 'command';

/** The kind named `name` (its config type erased: `resolve` made the config `create` gets). */
export function testerKindNamed(name: string): TesterKind | undefined {
  return (TESTER_KINDS as readonly TesterKind[]).find((k) => k.meta.name === name);
}
