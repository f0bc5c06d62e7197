/**
 * Parsers for numeric command-line values, shared by the commands. Each returns a commander
 * `argParser` that rejects a bad value with a usage error (exit code 2) naming the option,
 * instead of letting NaN or a negative count reach the build.
 */
import { Option } from 'commander';
import { CliError, EXIT_USAGE } from './exit-codes.js';

/** An integer ≥ 1 (counts: workers, iterations, demos). */
export const positiveInt = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new CliError(`${name} must be a positive integer, got "${v}"`, EXIT_USAGE);
  return n;
};

/** `auto` or an integer ≥ 1 (demo-count thresholds such as --min-demos). */
export const positiveIntOrAuto =
  (name: string) =>
  (v: string): number | 'auto' =>
    v === 'auto' ? 'auto' : positiveInt(name)(v);

/** A number of milliseconds ≥ `least` (polling and debounce intervals). */
export const milliseconds =
  (name: string, least: number) =>
  (v: string): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < least)
      throw new CliError(
        `${name} must be a number of milliseconds ≥ ${least}, got "${v}"`,
        EXIT_USAGE,
      );
    return n;
  };

/** A number of seconds ≥ 0. */
export const seconds = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new CliError(`${name} must be a number of seconds ≥ 0, got "${v}"`, EXIT_USAGE);
  return n;
};

/** `--lock-wait`, the same for every command that writes a map's outputs. */
export function lockWaitOption(): Option {
  return new Option(
    '--lock-wait <seconds>',
    'wait this long for another build of the same outputs to finish, then exit with code 5 (0: at once)',
  )
    .default(600)
    .argParser(seconds('--lock-wait'));
}
