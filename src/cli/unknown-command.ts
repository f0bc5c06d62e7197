/**
 * A first word that names no command is an error, whatever follows it. Without this check
 * `navgen mesh --help` printed the main help with exit code 0 (commander answers `--help`
 * before it looks at the command), so a script or an admin could not tell that `mesh` does
 * not exist. The check reads the command registry (commands/index.ts), so commands added
 * there are known here without a change.
 */
import { suggest } from '../suggest.js';

/** Options of the program itself that take no value (they never hide the command name). */
export const PROGRAM_FLAGS: ReadonlySet<string> = new Set(['-h', '--help', '-V', '--version']);

/**
 * The message for `argv` when its command word names no command (`help X` included), or null
 * when the word is a command, or there is no word.
 */
export function unknownCommand(argv: readonly string[], known: readonly string[]): string | null {
  let i = 0;
  while (i < argv.length && PROGRAM_FLAGS.has(argv[i])) i++;
  let word = argv[i];
  if (word === 'help') word = argv[i + 1];
  if (word === undefined || word.startsWith('-') || known.includes(word)) return null;
  const hint = suggest(word, known);
  return (
    `unknown command "${word}"` +
    (hint ? `; did you mean "${hint}"?` : '') +
    `\ncommands: ${known.join(', ')} (navgen --help describes them)`
  );
}
