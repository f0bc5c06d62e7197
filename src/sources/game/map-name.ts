/**
 * Whether a map name (from a demo's world model, an archive, a pipeline file) is one the engine
 * loads and navgen may join into a path: the engine asks for `maps/<name>.bsp` and writes
 * `bots/nav/<name>.nav`, so a name with a folder separator, a `..`, a NUL or another control
 * character would lead out of those folders (`maps/../x`) or nowhere. Longer than the engine's
 * `MAX_QPATH` (64, the whole `maps/<name>.bsp` path) is not a map either.
 */

/** The engine's longest game path, `maps/` and `.bsp` included. */
const MAX_QPATH = 64;

/** Null for a safe map name; otherwise why it is not one. */
export function mapNameProblem(name: string): string | null {
  if (name.length === 0) return 'it is empty';
  if (/[/\\]/.test(name)) return 'it holds a folder separator';
  if (name.includes('..')) return 'it holds ..';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'it holds a control character';
  if (`maps/${name}.bsp`.length >= MAX_QPATH)
    return `maps/${name}.bsp is longer than the engine's ${MAX_QPATH - 1} characters`;
  return null;
}
