/**
 * `navgen frames <demo> --jsonl`: one JSON line per segment header and per frame, in the schema
 * of the engine's oracle dumps (`../shared/fixtures/oracle/README.md`), so any demo can be
 * compared with the engine's own parse.
 */
import type { Command } from 'commander';
import { once } from 'node:events';
import { lastValueFrom, defaultIfEmpty, concatMap, from } from 'rxjs';
import { readDemo } from '../../sources/demo/read-demo.js';
import { oracleFrame, oracleHeader } from '../../sources/demo/oracle-format.js';
import { CliError, EXIT_USAGE } from '../exit-codes.js';

export function register(program: Command): void {
  program
    .command('frames')
    .description(
      "Print a demo's segment headers and frames as JSON lines in the engine oracle's schema.",
    )
    .argument('<demo>', 'demo file (.mvd2, .dm2, optionally gzipped)')
    .option('--jsonl', 'JSON lines output (the only format; required for clarity)')
    .action(async (demo: string, opts: { jsonl?: boolean }) => {
      if (!opts.jsonl)
        throw new CliError('frames: only --jsonl output exists; add --jsonl', EXIT_USAGE);
      const out = process.stdout;
      let buffer = '';
      const flush = async (): Promise<void> => {
        if (buffer && !out.write(buffer)) await once(out, 'drain');
        buffer = '';
      };
      // Client demos: the recorder is the player; the others are listed as entities.
      let recorder: number | undefined;
      await lastValueFrom(
        readDemo(demo, { entityPlayers: true }).pipe(
          concatMap((e) => {
            if (e.kind === 'segment') {
              recorder = e.recorder;
              buffer += JSON.stringify(oracleHeader(e)) + '\n';
            } else if (e.kind === 'frame')
              buffer += JSON.stringify(oracleFrame(e, recorder)) + '\n';
            else if (e.kind === 'warning') process.stderr.write(`warning: ${e.message}\n`);
            return buffer.length > 1 << 16 ? from(flush()) : from([undefined]);
          }),
          defaultIfEmpty(undefined),
        ),
      ).finally(flush);
    });
}
