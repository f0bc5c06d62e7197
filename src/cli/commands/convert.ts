/**
 * `navgen convert <in.nav> <out.nav>`: reads a `.nav` file strictly and writes it again the way
 * the engine saves it (links in the engine's order, zlib level 9), atomically and only if it is
 * engine-safe. An engine-written file comes back with the identical payload.
 */
import type { Command } from 'commander';
import { NavValidationError } from '../../nav/formats/aqtion/errors.js';
import { writeNavFile } from '../../sinks/nav/write-nav-file.js';
import { CliError, EXIT_FAILURE } from '../exit-codes.js';
import { readNavForCli } from './inspect.js';

export function register(program: Command): void {
  program
    .command('convert')
    .description(
      'Read a .nav file and write it again as the engine saves it: same version, links sorted ' +
        'the way the engine sorts them, zlib level 9 (pako, identical on every machine). The output ' +
        'is written to a temporary file, read back and checked, then renamed over <out>; nothing is ' +
        'written when the nav is not engine-safe. Prints what was written and whether the ' +
        "uncompressed payload equals the input's.",
    )
    .argument('<in>', '.nav file to read')
    .argument('<out>', '.nav file to write (replaced atomically; may be <in>)')
    .action(async (input: string, output: string) => {
      const decoded = await readNavForCli(input);
      let written;
      try {
        written = await writeNavFile(output, decoded.nav);
      } catch (e) {
        if (e instanceof NavValidationError) throw new CliError(e.message, EXIT_FAILURE);
        throw e;
      }
      const difference = firstDifference(decoded.payload, written.payload);
      process.stdout.write(
        `wrote ${written.path}: version ${written.version}, ${written.nodes} nodes, ${written.links} links, ` +
          `${written.fileBytes} bytes (input ${decoded.fileBytes}), payload ${written.payload.length} bytes, ` +
          (difference < 0
            ? "identical to the input's\n"
            : `differs from the input's from offset 0x${difference.toString(16)} (links re-sorted into the engine's order)\n`),
      );
    });
}

/** First offset where the payloads differ, -1 if they are equal. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}
