/**
 * The engine's own parse of every fixture demo (`../shared/fixtures/oracle`) is the golden
 * file: `navgen frames --jsonl` must equal it on every line (compared as parsed JSON).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import { readDemo } from '../../../src/sources/demo/read-demo.js';
import { oracleFrame, oracleHeader } from '../../../src/sources/demo/oracle-format.js';
import { describeFixtures, fixture, HAVE_FIXTURES } from '../../helpers/fixtures.js';

const demos = HAVE_FIXTURES
  ? readdirSync(fixture('demos', 'mvd2')).filter((f) => /\.mvd2(\.gz)?$/.test(f))
  : [];

function oracleLines(demo: string): unknown[] {
  const base = demo.replace(/\.mvd2(\.gz)?$/, '');
  const text = gunzipSync(readFileSync(fixture('oracle', `${base}.oracle.jsonl.gz`))).toString(
    'utf8',
  );
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as unknown);
}

async function ourLines(path: string): Promise<unknown[]> {
  const lines: unknown[] = [];
  await new Promise<void>((resolve, reject) =>
    readDemo(path).subscribe({
      next: (e) => {
        if (e.kind === 'segment') lines.push(oracleHeader(e));
        else if (e.kind === 'frame') lines.push(oracleFrame(e));
      },
      error: reject,
      complete: resolve,
    }),
  );
  return lines;
}

describeFixtures('MVD2 reader against the engine oracle', () => {
  it('has an oracle for every non-corpus fixture demo', () => {
    expect(demos.length).toBeGreaterThanOrEqual(10);
  });

  for (const demo of demos) {
    it(`${demo}: every line equals the engine's parse`, async () => {
      const expected = oracleLines(demo);
      const actual = await ourLines(fixture('demos', 'mvd2', demo));
      expect(actual.length).toBe(expected.length);
      // First differing line, reported alone so a failure stays readable.
      const firstBad = actual.findIndex((line, i) => !isDeepStrictEqual(line, expected[i]));
      if (firstBad >= 0)
        expect({ line: firstBad, actual: actual[firstBad] }).toEqual({
          line: firstBad,
          actual: expected[firstBad],
        });
    });
  }
});
