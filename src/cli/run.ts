/** Process entry of the `navgen` command (see bin/navgen). */
import { main } from './program.js';

// A reader that closes the pipe early (`navgen frames x --jsonl | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv.slice(2));
