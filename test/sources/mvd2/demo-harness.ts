/**
 * Test harness for the MVD2 reader: demos written to a temporary folder, read to the end with
 * `readDemo` (events and error collected), or decoded in memory with any chunking.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mvd2Decoder, type DecoderOptions } from '../../../src/sources/mvd2/decoder.js';
import { DemoParseError } from '../../../src/sources/demo/errors.js';
import { readDemo, type ReadDemoOptions } from '../../../src/sources/demo/read-demo.js';
import type { DemoEvent, Frame } from '../../../src/sources/demo/events.js';
import type { WrittenDemo } from '../../../tools/mvd2-writer/writer.js';

/** A folder under the system temp dir, removed by {@link TempDir.remove}. */
export class TempDir {
  readonly path = mkdtempSync(join(tmpdir(), 'navgen-mvd2-'));
  private count = 0;

  /** Writes `bytes` to a new file and returns its path. */
  file(bytes: Uint8Array, name = 'demo.mvd2'): string {
    const path = join(this.path, `${this.count++}-${name}`);
    writeFileSync(path, bytes);
    return path;
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

export interface ReadOutcome {
  readonly events: DemoEvent[];
  /** The error the stream ended with, or null when it completed. */
  readonly error: unknown;
}

/** Reads a demo file to its end; resolves with every event and the final error, if any. */
export function readAll(path: string, options: ReadDemoOptions = {}): Promise<ReadOutcome> {
  const events: DemoEvent[] = [];
  return new Promise((resolve) => {
    readDemo(path, options).subscribe({
      next: (e) => events.push(e),
      error: (error: unknown) => resolve({ events, error }),
      complete: () => resolve({ events, error: null }),
    });
  });
}

/**
 * Decodes `bytes` (an uncompressed stream) in memory, cut into chunks of the given sizes
 * (cycled; default: one chunk), then finishes. Never throws: the error is returned.
 */
export function decodeBytes(
  bytes: Uint8Array,
  options: Partial<DecoderOptions> = {},
  chunkSizes: readonly number[] = [bytes.length],
): ReadOutcome {
  const events: DemoEvent[] = [];
  const decoder = new Mvd2Decoder({ file: 'mem.mvd2', ...options }, (e) => events.push(e));
  try {
    let at = 0;
    for (let k = 0; at < bytes.length; k++) {
      const size = Math.max(1, chunkSizes[k % chunkSizes.length]);
      decoder.push(bytes.subarray(at, at + size));
      at += size;
    }
    decoder.finish();
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

/** The error as a DemoParseError (fails the test otherwise). */
export function parseError(outcome: ReadOutcome): DemoParseError {
  if (!(outcome.error instanceof DemoParseError)) {
    throw new Error(`expected a DemoParseError, got ${String(outcome.error)}`);
  }
  return outcome.error;
}

export function framesOf(events: readonly DemoEvent[]): Frame[] {
  return events.filter((e): e is Frame => e.kind === 'frame');
}

/** Frames (serverdata baselines included) in the blocks of `written` that end at or before `cut`. */
export function framesBefore(written: WrittenDemo, cut: number): number {
  return written.blocks
    .filter((b) => b.offset + 2 + b.length <= cut)
    .reduce(
      (n, b) => n + b.commands.filter((c) => c.kind === 'frame' || c.kind === 'serverdata').length,
      0,
    );
}
