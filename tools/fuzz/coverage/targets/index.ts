/**
 * The coverage fuzzer's targets, one file each in this folder: `npm run fuzz -- --target NAME`.
 * The order is the order of `--target all` and of the table in docs/robustness.md.
 */
import { fileURLToPath } from 'node:url';
import type { FuzzTarget } from '../target.js';

export const TARGET_NAMES = [
  'bsp',
  'pak',
  'pkz',
  'aqtion-nav',
  'nav3',
  'nav2',
  'source-nav',
  'navmesh',
  'ltk',
  'navtest-report',
  'trial-report',
  'pipeline',
  'edits',
  'mvd2',
  'dm2',
] as const;

export type TargetName = (typeof TARGET_NAMES)[number];

/** The target file (absolute path) of a name. */
export function targetFile(name: string): string {
  return fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
}

/** Loads a target file (plain, uninstrumented: for its name, seeds and limits). */
export async function loadTarget(file: string): Promise<FuzzTarget> {
  const mod = (await import(file)) as { target?: FuzzTarget };
  if (!mod.target) throw new Error(`${file} exports no target`);
  return mod.target;
}
