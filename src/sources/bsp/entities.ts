/**
 * The entity text of a map (lump 0): a list of `{ "key" "value" … }` blocks that say where
 * players spawn, where items lie and which brush models are doors or platforms.
 *
 * Tokens follow the engine's tokenizer (`COM_ParseToken` in q2pro), so a map reads here as it
 * reads in the game:
 * - whitespace is any byte <= 32; `//` and `/* … *\/` comments are skipped;
 * - a quoted token ends at the next `"`: there is no escape for a quote, and backslashes are
 *   kept as written (the game turns `\n` into a newline only when it copies some strings);
 * - an unquoted token runs to the next whitespace.
 * Unlike the engine, an unquoted `{` or `}` always stands alone, so `{"classname"` still opens
 * an entity; quoted braces are ordinary values. The text ends at its first NUL byte.
 *
 * Malformed text is a {@link BspError} `BAD_ENTITIES` with the 1-based line and the absolute
 * offset of the token at fault.
 */
import { BspError } from './errors.js';
import type { ReadonlyVec3 } from './world.js';

/** One entity block. Keys keep their spelling; lookups are case-insensitive, as in the game. */
export interface BspEntity {
  /** Value of `classname`, '' when the entity has none. */
  readonly classname: string;
  /** Value of `origin`, null when absent. [Units: world units] */
  readonly origin: ReadonlyVec3 | null;
  /**
   * Facing: the yaw from `angle`, or the second number of `angles`, whichever the entity sets
   * last (the game lets the later key win); 0 when neither is set. -1 and -2 are the engine's
   * "up" and "down". [Units: degrees]
   */
  readonly angle: number;
  /** Every pair in file order, duplicates included (the game keeps the last one). */
  readonly keyValues: readonly (readonly [string, string])[];
  /** Line of the opening brace (1-based). */
  readonly line: number;
  /** Absolute byte offset of the opening brace. */
  readonly offset: number;
}

/** Where the text came from, for error messages. */
export interface EntityTextSource {
  readonly file: string;
  /** Absolute file offset of the first character (the entity lump's offset). */
  readonly offset: number;
}

interface Token {
  readonly text: string;
  readonly quoted: boolean;
  readonly line: number;
  /** Offset of the token's first character in the text. */
  readonly at: number;
}

/** Splits entity text into tokens; one instance per parse. */
class Tokenizer {
  private pos = 0;
  private line = 1;

  constructor(
    private readonly text: string,
    private readonly source: EntityTextSource,
  ) {}

  /** The next token, or null at the end of the text. */
  next(): Token | null {
    const s = this.text;
    for (;;) {
      while (this.pos < s.length && s.charCodeAt(this.pos) <= 32) {
        if (s.charCodeAt(this.pos) === 10) this.line++;
        this.pos++;
      }
      if (s.startsWith('//', this.pos)) {
        while (this.pos < s.length && s.charCodeAt(this.pos) !== 10) this.pos++;
      } else if (s.startsWith('/*', this.pos)) {
        const end = s.indexOf('*/', this.pos + 2);
        const stop = end < 0 ? s.length : end + 2;
        for (let p = this.pos; p < stop; p++) if (s.charCodeAt(p) === 10) this.line++;
        this.pos = stop;
      } else {
        break;
      }
    }
    if (this.pos >= s.length) return null;

    const at = this.pos;
    const line = this.line;
    const c = s[at];
    if (c === '"') {
      const close = s.indexOf('"', at + 1);
      if (close < 0)
        this.fail('a quoted string is not closed before the end of the text', line, at);
      const text = s.slice(at + 1, close);
      for (let p = at + 1; p < close; p++) if (s.charCodeAt(p) === 10) this.line++;
      this.pos = close + 1;
      return { text, quoted: true, line, at };
    }
    if (c === '{' || c === '}') {
      this.pos++;
      return { text: c, quoted: false, line, at };
    }
    let end = at;
    while (end < s.length && s.charCodeAt(end) > 32 && s[end] !== '{' && s[end] !== '}') end++;
    this.pos = end;
    return { text: s.slice(at, end), quoted: false, line, at };
  }

  fail(reason: string, line: number, at: number): never {
    throw new BspError('BAD_ENTITIES', reason, {
      file: this.source.file,
      offset: this.source.offset + at,
      line,
    });
  }
}

function isBrace(t: Token | null, brace: '{' | '}'): boolean {
  return t !== null && !t.quoted && t.text === brace;
}

/**
 * Parses entity text into entities, in file order. Throws `BAD_ENTITIES` for a token outside
 * a block, a block without its closing brace, a key without a value, or an unreadable
 * `origin`, `angle` or `angles`.
 */
export function parseEntities(text: string, source: EntityTextSource): BspEntity[] {
  const nul = text.indexOf('\0');
  const tokens: Tokenizer = new Tokenizer(nul < 0 ? text : text.slice(0, nul), source);
  const entities: BspEntity[] = [];

  for (let open = tokens.next(); open !== null; open = tokens.next()) {
    if (!isBrace(open, '{')) {
      tokens.fail(`expected '{' to open an entity, found "${open.text}"`, open.line, open.at);
    }
    const pairs: [string, string][] = [];
    const valueTokens: Token[] = [];
    for (;;) {
      const key = tokens.next();
      if (key === null) {
        tokens.fail(
          `the entity opened on line ${open.line} has no closing brace`,
          open.line,
          open.at,
        );
      }
      if (isBrace(key, '}')) break;
      if (isBrace(key, '{')) {
        tokens.fail(
          `'{' inside the entity opened on line ${open.line}, which is not closed`,
          key.line,
          key.at,
        );
      }
      const value = tokens.next();
      if (value === null) {
        tokens.fail(
          `the entity opened on line ${open.line} has no closing brace`,
          open.line,
          open.at,
        );
      }
      if (isBrace(value, '}') || isBrace(value, '{')) {
        tokens.fail(`key "${key.text}" has no value`, value.line, value.at);
      }
      pairs.push([key.text, value.text]);
      valueTokens.push(value);
    }
    entities.push(makeEntity(pairs, valueTokens, open, tokens, source));
  }
  return entities;
}

/** Builds the entity of one block; `valueTokens[i]` is where the value of `pairs[i]` stands. */
function makeEntity(
  pairs: [string, string][],
  valueTokens: Token[],
  open: Token,
  tokens: Tokenizer,
  source: EntityTextSource,
): BspEntity {
  let classname = '';
  let origin: ReadonlyVec3 | null = null;
  let angle = 0;
  for (let i = 0; i < pairs.length; i++) {
    const [key, value] = pairs[i];
    const bad = (): never =>
      tokens.fail(`cannot read ${key} "${value}"`, valueTokens[i].line, valueTokens[i].at);
    switch (key.toLowerCase()) {
      case 'classname':
        classname = value;
        break;
      case 'origin': {
        const [x, y, z] = numbers(value, 3) ?? bad();
        origin = [x, y, z];
        break;
      }
      case 'angle':
        angle = (numbers(value, 1) ?? bad())[0];
        break;
      case 'angles':
        angle = (numbers(value, 3) ?? bad())[1];
        break;
    }
  }
  const offset = source.offset + open.at;
  return { classname, origin, angle, keyValues: pairs, line: open.line, offset };
}

/**
 * The first `n` whitespace-separated numbers of `value` (more may follow, as the game's
 * `sscanf` allows), or null when there are fewer or one is not a finite number.
 */
function numbers(value: string, n: number): number[] | null {
  const parts = value.trim().split(/\s+/);
  if (parts.length < n) return null;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = Number(parts[i]);
    if (parts[i] === '' || !Number.isFinite(v)) return null;
    out.push(v);
  }
  return out;
}

/** Last value of `key` (case-insensitive, as the game reads it: the later pair wins); '' when absent. */
export function entityValue(e: BspEntity, key: string): string {
  const k = key.toLowerCase();
  for (let i = e.keyValues.length - 1; i >= 0; i--) {
    if (e.keyValues[i][0].toLowerCase() === k) return e.keyValues[i][1];
  }
  return '';
}
