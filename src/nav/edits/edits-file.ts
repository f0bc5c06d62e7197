/**
 * The edits file: the mends an admin made to a map's nav (`navgen view`), kept so that every
 * later build of the map (`build`, `iterate`, `watch` with `edits:` or `--edits`) makes them
 * again. JSON, one edit per line, in the order they apply:
 *
 * ```json
 * {
 *   "format": "navgen-edits",
 *   "version": 1,
 *   "map": "wizs",
 *   "edits": [
 *     { "op": "delete-link", "from": [10, 20, 30], "to": [40, 50, 60] },
 *     { "op": "add-link", "from": [10, 20, 30], "to": [70, 80, 90], "type": "JUMP" }
 *   ]
 * }
 * ```
 *
 * Read strictly, as pipeline files are (docs/style.md, "Configuration"): an unknown key, a
 * point that is not three finite numbers or a type that is not a node-type name is an error
 * naming the file and the JSON path (`wizs.edits.json: edits[3].to: expected 3 finite
 * numbers`), never an edit quietly left out.
 */
import { readTextWithin } from '../../files/read-within.js';
import { NODE_TYPE_NAMES } from '../node-types.js';
import { suggest } from '../../suggest.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { EditPoint, NavEdit, NavEditOp } from './nav-edit.js';

/** The `format` value of every edits file. */
export const EDITS_FORMAT = 'navgen-edits';
/** The one version this navgen reads and writes. */
export const EDITS_VERSION = 1;

/** The keys each op takes (`type` of delete-link is optional), in the order they are written. */
const OP_KEYS: Readonly<Record<NavEditOp, readonly string[]>> = {
  'delete-node': ['at'],
  'delete-link': ['from', 'to', 'type'],
  'add-link': ['from', 'to', 'type'],
  'set-type': ['at', 'type'],
  'move-node': ['at', 'to'],
};
const OPTIONAL_KEYS: Readonly<Partial<Record<NavEditOp, readonly string[]>>> = {
  'delete-link': ['type'],
};
const OPS = Object.keys(OP_KEYS) as NavEditOp[];
const TOP_KEYS = ['format', 'version', 'map', 'edits'];

/** A file's content, validated. */
export interface EditsFile {
  /** The map the edits were made on. */
  readonly map: string;
  /** In the order they apply. */
  readonly edits: readonly NavEdit[];
}

/**
 * An edits file that cannot be used: missing, not JSON, or a value the format does not allow.
 * The message names the file and the JSON path: `wizs.edits.json: edits[3].to: expected 3
 * finite numbers`.
 */
export class EditsFileError extends Error {
  constructor(
    readonly file: string,
    /** JSON path such as `edits[3].to`; '' for the whole file. */
    readonly path: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`${file}: ${path ? `${path}: ` : ''}${reason}`, options);
    this.name = 'EditsFileError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and validates an edits file's text; `file` names it in errors. */
export function parseEditsFile(text: string, file: string): EditsFile {
  const fail = (path: string, reason: string): never => {
    throw new EditsFileError(file, path, reason);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new EditsFileError(file, '', `not JSON: ${(e as Error).message}`, { cause: e });
  }
  if (!isObject(data)) return fail('', 'expected a JSON object ({ "format": "navgen-edits", … })');
  unknownKeys(data, TOP_KEYS, '', fail);
  if (data.format !== EDITS_FORMAT)
    fail('format', `expected "${EDITS_FORMAT}", found ${JSON.stringify(data.format) ?? 'nothing'}`);
  if (data.version !== EDITS_VERSION)
    fail(
      'version',
      typeof data.version === 'number' && data.version > EDITS_VERSION
        ? `version ${data.version} is newer than this navgen reads (${EDITS_VERSION})`
        : `expected ${EDITS_VERSION}, found ${JSON.stringify(data.version) ?? 'nothing'}`,
    );
  if (typeof data.map !== 'string' || data.map.length === 0)
    fail('map', 'expected the map name (a non-empty string)');
  if (!Array.isArray(data.edits)) return fail('edits', 'expected a list of edits');
  const edits = data.edits.map((e, i) => parseEditAt(e, `edits[${i}]`, fail));
  return { map: data.map as string, edits };
}

/**
 * One edit checked as the file's are (an edit the page sends, say); `file` names where it came
 * from and `path` its place there ('' for the value itself) in the {@link EditsFileError}.
 */
export function parseEdit(value: unknown, file: string, path = ''): NavEdit {
  return parseEditAt(value, path, (at, reason) => {
    throw new EditsFileError(file, at, reason);
  });
}

/** `path.key`, or `key` at the top. */
const keyPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

function unknownKeys(
  o: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  fail: (path: string, reason: string) => never,
): void {
  for (const key of Object.keys(o)) {
    if (allowed.includes(key)) continue;
    const hint = suggest(key, allowed);
    fail(
      keyPath(path, key),
      `unknown key "${key}"${hint ? `; did you mean "${hint}"?` : `; expected one of ${allowed.join(', ')}`}`,
    );
  }
}

function parseEditAt(
  e: unknown,
  path: string,
  fail: (path: string, reason: string) => never,
): NavEdit {
  if (!isObject(e)) return fail(path, 'expected an edit object ({ "op": …, … })');
  if (typeof e.op !== 'string')
    return fail(keyPath(path, 'op'), `expected one of ${OPS.join(', ')}`);
  const op = e.op as NavEditOp;
  if (!OPS.includes(op)) {
    const hint = suggest(e.op, OPS);
    return fail(
      keyPath(path, 'op'),
      `unknown op "${e.op}"${hint ? `; did you mean "${hint}"?` : `; expected one of ${OPS.join(', ')}`}`,
    );
  }
  unknownKeys(e, ['op', ...OP_KEYS[op]], path, fail);
  const optional = OPTIONAL_KEYS[op] ?? [];
  const out: Record<string, unknown> = { op };
  for (const key of OP_KEYS[op]) {
    const value = e[key];
    if (value === undefined) {
      if (optional.includes(key)) continue;
      fail(keyPath(path, key), `${op} needs ${key === 'type' ? 'a node type' : 'a point'} here`);
    }
    out[key] =
      key === 'type'
        ? typeName(value, keyPath(path, key), fail)
        : point(value, keyPath(path, key), fail);
  }
  return out as unknown as NavEdit;
}

function point(v: unknown, path: string, fail: (path: string, reason: string) => never): EditPoint {
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => Number.isFinite(x)))
    return fail(path, 'expected 3 finite numbers');
  return [v[0] as number, v[1] as number, v[2] as number];
}

function typeName(v: unknown, path: string, fail: (path: string, reason: string) => never): string {
  if (typeof v === 'string' && (NODE_TYPE_NAMES as readonly string[]).includes(v)) return v;
  if (typeof v !== 'string')
    return fail(path, `expected a node-type name (one of ${NODE_TYPE_NAMES.join(', ')})`);
  const hint = suggest(v, NODE_TYPE_NAMES);
  return fail(
    path,
    `unknown node type "${v}"${hint ? `; did you mean "${hint}"?` : ` (one of ${NODE_TYPE_NAMES.join(', ')})`}`,
  );
}

/** Reads and validates an edits file; a missing or unreadable file is an {@link EditsFileError}. */
export async function readEditsFile(path: string): Promise<EditsFile> {
  let text: string;
  try {
    text = await readTextWithin(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new EditsFileError(
      path,
      '',
      code === 'ENOENT'
        ? 'no such edits file'
        : `cannot read the edits file: ${(e as Error).message}`,
      { cause: e },
    );
  }
  return parseEditsFile(text, path);
}

/**
 * The file's text: the same edits give the same bytes. Keys in a fixed order, one edit per
 * line, a newline at the end.
 */
export function formatEditsFile(map: string, edits: readonly NavEdit[]): string {
  const lines = edits.map((e) => {
    const parts = [`"op": ${JSON.stringify(e.op)}`];
    const fields = e as unknown as Record<string, unknown>;
    for (const key of OP_KEYS[e.op]) {
      const v = fields[key];
      if (v === undefined) continue;
      parts.push(
        `${JSON.stringify(key)}: ${key === 'type' ? JSON.stringify(v) : formatPointJson(v as EditPoint)}`,
      );
    }
    return `    { ${parts.join(', ')} }`;
  });
  return (
    '{\n' +
    `  "format": ${JSON.stringify(EDITS_FORMAT)},\n` +
    `  "version": ${EDITS_VERSION},\n` +
    `  "map": ${JSON.stringify(map)},\n` +
    (lines.length === 0 ? '  "edits": []\n' : `  "edits": [\n${lines.join(',\n')}\n  ]\n`) +
    '}\n'
  );
}

/** `[x, y, z]`, each number as JSON spells it (-0 as 0); a point JSON cannot hold throws. */
function formatPointJson(p: EditPoint): string {
  if (p.length !== 3 || !p.every((x) => Number.isFinite(x)))
    throw new RangeError(`edit point [${p.join(', ')}] is not 3 finite numbers`);
  return `[${p.map((x) => JSON.stringify(x === 0 ? 0 : x)).join(', ')}]`;
}

/** Writes the edits file atomically (`files/atomic-write.ts`). */
export async function writeEditsFile(
  path: string,
  map: string,
  edits: readonly NavEdit[],
): Promise<void> {
  await writeFileAtomic(path, Buffer.from(formatEditsFile(map, edits), 'utf8'));
}
