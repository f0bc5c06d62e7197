/**
 * Which demo outcomes the per-demo cache keeps: damage in a demo's bytes is cached like votes;
 * a read failure of this process (I/O, a reader thread that could not start) is not, so a later
 * healthy build reads the demo again instead of reusing a failure.
 */
import { describe, expect, it } from 'vitest';
import { cacheableOutcome } from '../../src/pipeline/demo-cache.js';
import { DemoParseError } from '../../src/sources/demo/errors.js';
import { errorData } from '../../src/stage/demo-votes.js';

const where = { file: 'a.mvd2', segment: 0, block: 3, offset: 0x40, frame: 12 };

describe('cacheableOutcome', () => {
  it('caches an intact demo and damage found in its bytes', () => {
    expect(cacheableOutcome(null)).toBe(true);
    expect(
      cacheableOutcome(errorData(new DemoParseError('BAD_OPCODE', 'bad opcode 31', where))),
    ).toBe(true);
    expect(cacheableOutcome(errorData(new DemoParseError('BAD_GZIP', 'damaged', where)))).toBe(
      true,
    );
  });

  it('does not cache read failures of this process', () => {
    expect(
      cacheableOutcome(
        errorData(new DemoParseError('IO', 'read failed: inflate thread failed', where)),
      ),
    ).toBe(false);
    expect(cacheableOutcome(errorData(new Error('worker crashed')))).toBe(false);
  });
});
