/**
 * The collision model against the engine itself: every line of the five recorded trace files
 * (`../shared/fixtures/trace/<map>.trace.jsonl.gz`, 25,000 lines each, recorded inside the
 * AQtion server: world sweeps, box-hull sweeps, inline-model sweeps, point contents) is
 * replayed and must match field for field, floats as float32 bit patterns.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { loadCollisionModel } from '../../src/world/collision-model.js';
import {
  TRACE_LINE_KINDS,
  formatMismatches,
  replayTraceLine,
  type TraceLineKind,
} from '../../src/world/replay-trace.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';

const MAPS = ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer'];
/** Lines per file, as the fixture README lists them. */
const LINES_PER_MAP = 25_000;

describeFixtures('collision model: golden engine traces', () => {
  for (const map of MAPS) {
    it(`${map}: every recorded trace and point-contents line is exact`, async () => {
      const model = await loadCollisionModel(fixture('maps', `${map}.bsp`));
      const text = gunzipSync(readFileSync(fixture('trace', `${map}.trace.jsonl.gz`)));
      const total = Object.fromEntries(TRACE_LINE_KINDS.map((k) => [k, 0])) as Record<
        TraceLineKind,
        number
      >;
      const exact = { ...total };
      const failures: string[] = [];
      let lines = 0;
      for (const line of text.toString('utf8').split('\n')) {
        if (line === '') continue;
        lines++;
        const { kind, mismatches } = replayTraceLine(model, JSON.parse(line));
        total[kind]++;
        if (mismatches.length === 0) exact[kind]++;
        else if (failures.length < 5) {
          failures.push(`line ${lines}: ${line}\n${formatMismatches(mismatches)}`);
        }
      }
      console.log(
        `${map}: ` +
          TRACE_LINE_KINDS.map((k) => `${k} ${exact[k]}/${total[k]}`).join(', ') +
          (failures.length === 0 ? ' exact' : ''),
      );
      expect(failures.join('\n\n')).toBe('');
      expect(lines).toBe(LINES_PER_MAP);
      expect(total.world).toBeGreaterThan(19_000);
      expect(total.pointcontents).toBe(5000);
      for (const k of TRACE_LINE_KINDS) expect(exact[k]).toBe(total[k]);
    });
  }

  it('reports a field that differs, with float32 bit patterns', async () => {
    const model = await loadCollisionModel(fixture('maps', 'wizs.bsp'));
    const line = JSON.parse(
      gunzipSync(readFileSync(fixture('trace', 'wizs.trace.jsonl.gz')))
        .toString('utf8')
        .split('\n')
        .find((l) => l.includes('"kind":"world"') && !l.includes('"fraction":1,'))!,
    );
    expect(replayTraceLine(model, line).mismatches).toEqual([]);
    // One unit in the last place more on the fraction, another surface name.
    const next = new Float32Array([line.fraction]);
    new Uint32Array(next.buffer)[0]++;
    const bad = { ...line, fraction: next[0], surface: 'other' };
    const { mismatches } = replayTraceLine(model, bad);
    expect(mismatches.map((d) => d.field)).toEqual(['fraction', 'surface']);
    expect(mismatches[0].expectedBits).not.toBe(mismatches[0].actualBits);
    expect(formatMismatches(mismatches)).toContain('fraction: expected');
  });
});
