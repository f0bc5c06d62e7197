/**
 * `{name}` placeholders in the navtest command, its environment and the report path.
 *
 * Like a template string, but checked when the pipeline is loaded: an unknown name (`{nva}`)
 * is a configuration error with a suggestion, not a literal that reaches the game server.
 * `{{` and `}}` stand for literal braces; a brace that does not open a `{name}` stays as it is.
 *
 * @example
 * fillPlaceholders('+map {map}', { map: 'wizs', … }) // '+map wizs'
 */
import { suggest } from '../suggest.js';

/** Every placeholder, in the order the docs list them. */
export const PLACEHOLDER_NAMES = ['map', 'nav', 'report', 'draft', 'iteration'] as const;

export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
export type PlaceholderValues = Readonly<Record<PlaceholderName, string>>;

const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Names used in `template` that are not placeholders (in order of appearance, no repeats). */
export function unknownPlaceholders(
  template: string,
  allowed: readonly string[] = PLACEHOLDER_NAMES,
): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(TOKEN)) {
    const name = m[1];
    if (name !== undefined && !allowed.includes(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** `template` with every placeholder replaced; throws on an unknown one (validated at load). */
export function fillPlaceholders(template: string, values: Partial<PlaceholderValues>): string {
  return template.replace(TOKEN, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    const value = values[name as PlaceholderName];
    if (value === undefined) throw new RangeError(`placeholder {${name}} has no value here`);
    return value;
  });
}

/**
 * What is wrong with the placeholders of `template` where only `allowed` may be used: one
 * sentence per name, with a suggestion for a misspelt one; empty when all is well.
 */
export function placeholderProblems(
  template: string,
  allowed: readonly string[] = PLACEHOLDER_NAMES,
): string[] {
  const known = allowed.map((n) => `{${n}}`).join(' ');
  return unknownPlaceholders(template, allowed).map((name) => {
    if ((PLACEHOLDER_NAMES as readonly string[]).includes(name))
      return `placeholder {${name}} cannot be used here; only ${known}`;
    const hint = suggest(name, allowed);
    return `unknown placeholder {${name}}${hint ? `; did you mean {${hint}}?` : `; known: ${known}`} (write {{ for a literal brace)`;
  });
}
