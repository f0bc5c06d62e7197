/**
 * watch says when `minDemos: auto` chose another threshold than the build before: adding a
 * third demo makes it 3, and demo nodes drop for that reason, not for what the demo showed.
 */
import { describe, expect, it } from 'vitest';
import { thresholdChangeLine } from '../../src/cli/build-summary.js';

describe('the auto threshold changing between builds', () => {
  const stats = (minDemos: number, demosUsed: number, setting: number | 'auto' = 'auto') => ({
    minDemos,
    demosUsed,
    minDemosSetting: setting,
  });

  it('is said when auto went up or down', () => {
    expect(thresholdChangeLine(stats(2, 2), stats(3, 3))).toBe(
      'minDemos auto went from 2 to 3 (3 demo(s) used): a node now needs votes from 3 demo(s), so demo nodes drop where fewer agree (set --min-demos or cluster.minDemos to keep it fixed)',
    );
    expect(thresholdChangeLine(stats(3, 3), stats(2, 2))).toMatch(/come back where fewer agree/);
  });

  it('is not said for the first build, the same threshold, or a fixed one', () => {
    expect(thresholdChangeLine(null, stats(3, 3))).toBeNull();
    expect(thresholdChangeLine(stats(3, 3), stats(3, 4))).toBeNull();
    expect(thresholdChangeLine(stats(2, 2), stats(3, 3, 3))).toBeNull();
  });
});
