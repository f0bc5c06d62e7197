/**
 * The tester kinds a pipeline's `navtest.tester` can name: each kind's declaration (`meta` and
 * `resolve`, one file per kind in this folder). The pipeline schema composes the `navtest`
 * section from their options (`navtest-section.ts`); `iterate/navtest-config.ts` resolves the
 * section by looping over them; `iterate/tester-kinds.ts` joins each, by name, to the tester
 * it creates.
 *
 * Why two halves: the pipeline loader (layer `pipeline`) checks a pipeline's `navtest` section
 * when any command loads the file, so it must know every kind's options, while a kind's tester
 * needs the engine and the offline test, which sit above it (`engine`, `iterate`). What the
 * pipeline knows of a kind is therefore declared here, once, and the tester is created there;
 * the iterate registry is typed by this list, so a kind declared here without a tester there
 * does not compile.
 */
import { builtinTester } from './builtin.js';
import { commandTester } from './command.js';
import { engineTester } from './engine.js';

/** Every kind, in the order the docs list them. */
export const TESTER_KINDS = [commandTester, builtinTester, engineTester] as const;

export type TesterKindName = (typeof TESTER_KINDS)[number]['meta']['name'];

/** The kind of a section that names none. */
export const DEFAULT_TESTER: TesterKindName = 'command';

export function testerKindNamed(name: string): (typeof TESTER_KINDS)[number] | undefined {
  return TESTER_KINDS.find((k) => k.meta.name === name);
}
