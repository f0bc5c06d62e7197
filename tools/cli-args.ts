/**
 * The `--name value` options of the benchmark and measuring scripts (bench/, scripts/): each
 * script reads a handful of named values with defaults, and none needs a full parser.
 */

/** Reads `--name value` from `args`; `fallback` when the name is absent or has no value. */
export function argReader(args: readonly string[]): (name: string, fallback: string) => string {
  return (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
  };
}
