/**
 * A one-line navtest command → program and arguments, split the way a POSIX shell splits
 * words, without running a shell: blanks separate words, `'…'` is literal, `"…"` honours
 * `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next character.
 *
 * Anything that would need a real shell (pipes, redirections, `;`, `&`, `$VAR`, `` `…` ``,
 * globs are left alone) is refused with a {@link CommandLineError} rather than passed on
 * literally, because the user clearly meant the shell's meaning. The array form of `command`
 * avoids all of this and is preferred; `[sh, -c, '…']` gives a shell on purpose.
 */

export class CommandLineError extends Error {
  constructor(
    readonly reason: string,
    /** Character index in the command line. */
    readonly index: number,
  ) {
    super(`${reason} (at character ${index + 1})`);
    this.name = 'CommandLineError';
  }
}

const SHELL_ONLY = new Set(['|', '&', ';', '<', '>', '$', '`']);
const DOUBLE_QUOTE_ESCAPES = new Set(['"', '\\', '$', '`']);

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new CommandLineError("unterminated single quote (')", i);
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && DOUBLE_QUOTE_ESCAPES.has(line[j + 1])) word += line[++j];
        else if (line[j] === '$' || line[j] === '`') throw shellOnly(line[j], j);
        else word += line[j];
      }
      if (j >= line.length) throw new CommandLineError('unterminated double quote (")', i);
      inWord = true;
      i = j + 1;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new CommandLineError('a backslash ends the line', i);
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if (SHELL_ONLY.has(c)) {
      throw shellOnly(c, i);
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function shellOnly(c: string, index: number): CommandLineError {
  return new CommandLineError(
    `"${c}" needs a shell, and the command runs without one; quote it, or write command: [sh, -c, "…"]`,
    index,
  );
}
