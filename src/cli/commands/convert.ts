/**
 * `navgen convert <in.nav> <out.nav> [--to aqtion|q2r] [--bsp MAP.bsp]`: reads a nav of any
 * known format (by its first bytes) and writes it again, atomically and only if the target
 * format's loaders would take it.
 *
 * Without `--to` the output has the input's format: an AQtion `.nav` is written the way the
 * engine saves it (an engine-written file comes back with the identical payload), a `NAV3` or
 * `NAV2` field for field. `--to q2r` writes the Quake II re-release's `NAV3` (from an AQtion nav
 * the way a build does; with `--bsp`, traversals come from the map's ground, and hazards and
 * edicts are found); `--to aqtion` writes an AQtion `.nav` (types mapped back,
 * `nav/formats/nav3-type-map.ts`; costs are the distances).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { NavValidationError } from '../../nav/formats/aqtion/errors.js';
import { NavFormatError } from '../../nav/formats/format-error.js';
import { encodeNav2 } from '../../nav/formats/nav2/codec.js';
import { defaultNodeTypes } from '../../nav/node-types.js';
import { loadMap } from '../../map-analysis/map-source.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { writeNavFile } from '../../sinks/nav/write-nav-file.js';
import { nav3FromNav } from '../../sinks/nav3/nav3-from-nav.js';
import { writeNav3File } from '../../sinks/nav3/write-nav3-file.js';
import { BspError } from '../../sources/bsp/errors.js';
import { CliError, EXIT_FAILURE } from '../exit-codes.js';
import { readNavForCli } from './inspect.js';

type Target = 'aqtion' | 'q2r';

function target(value: string): Target {
  if (value === 'aqtion' || value === 'q2r') return value;
  throw new InvalidArgumentError('expected aqtion or q2r');
}

export function register(program: Command): void {
  program
    .command('convert')
    .description(
      'Read a nav (AQtion .nav, NAV3 or NAV2, by its first bytes) and write it again: as the same ' +
        'format by default (an AQtion .nav the way the engine saves it: links in its order, zlib ' +
        'level 9 with pako), or as another with --to. The output is written to a temporary file, ' +
        'read back and checked, then renamed over <out>; nothing is written when the nav is not engine-safe (the target ' +
        "format's loaders would refuse it). Prints what was written.",
    )
    .argument('<in>', 'nav file to read')
    .argument('<out>', 'nav file to write (replaced atomically; may be <in>)')
    .option(
      '--to <format>',
      'aqtion (AQtion .nav) or q2r (Quake II re-release NAV3, version 6); default: the input format',
      target,
    )
    .option('--bsp <file>', 'the map, for --to q2r: traversals from its ground, hazards, edicts')
    .action(async (input: string, output: string, opts: { to?: Target; bsp?: string }) => {
      const read = await readNavForCli(input);
      try {
        process.stdout.write(await convert(read, output, opts));
      } catch (e) {
        if (e instanceof NavValidationError || e instanceof NavFormatError || e instanceof BspError)
          throw new CliError(e.message, EXIT_FAILURE);
        throw e;
      }
    });
}

async function convert(
  read: Awaited<ReturnType<typeof readNavForCli>>,
  output: string,
  opts: { to?: Target; bsp?: string },
): Promise<string> {
  const to = opts.to ?? (read.format === 'aqtion' ? 'aqtion' : 'q2r');
  if (to === 'aqtion') {
    const written = await writeNavFile(output, read.nav);
    const difference =
      read.format === 'aqtion' ? firstDifference(read.aqtion.payload, written.payload) : null;
    return (
      `wrote ${written.path}: version ${written.version}, ${written.nodes} nodes, ${written.links} links, ` +
      `${written.fileBytes} bytes (AQtion .nav; input ${read.format}, ${read.fileBytes} bytes), payload ${written.payload.length} bytes` +
      (difference === null
        ? '\n'
        : difference < 0
          ? ", identical to the input's\n"
          : `, differs from the input's from offset 0x${difference.toString(16)} (links re-sorted into the engine's order)\n`)
    );
  }
  if (read.format === 'nav2' && opts.to === undefined) {
    const bytes = encodeNav2(read.nav2, output);
    await writeFileAtomic(output, bytes);
    return `wrote ${output}: NAV2 version ${read.nav2.version}, ${read.nav2.nodes.length} nodes, ${read.nav2.links.length} links, ${bytes.length} bytes\n`;
  }
  const nav3 =
    read.format === 'nav3'
      ? read.nav3
      : nav3FromNav(read.nav, defaultNodeTypes, opts.bsp ? await loadMap(opts.bsp) : null).nav3;
  const written = await writeNav3File(output, nav3);
  return (
    `wrote ${written.path}: NAV3 version ${nav3.version}, ${nav3.nodes.length} nodes, ${nav3.links.length} links, ` +
    `${nav3.traversals.length} traversals, ${nav3.edicts.length} edicts, ${written.fileBytes} bytes (input ${read.format})\n`
  );
}

/** First offset where the payloads differ, -1 if they are equal. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}
