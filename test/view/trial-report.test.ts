/**
 * The trial report as `navgen view --trial` reads it (`view/trial-findings.ts`): a report made
 * by `navgen trial`'s own code (the committed bot scenario of `test/engine/`) reads back as
 * written, from its text or its bytes, and becomes the viewer's stuck spots and deaths; every
 * way a file can be wrong is a `ViewReportError` naming the file and the key at fault, with a
 * bounded message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDemo } from '../../src/engine/analyze-demo.js';
import { engineReport, type EngineReport } from '../../src/engine/engine-report.js';
import { parseTrialReport, readTrialReport, viewTrialOf } from '../../src/view/trial-findings.js';
import { ViewReportError } from '../../src/view/view-report-error.js';
import { SCENARIO_CONSOLE_TEXT, SCENARIO_DEMO, scenarioNav } from '../engine/trial-scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'navgen-trial-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let report: EngineReport;
beforeAll(async () => {
  const nav = scenarioNav();
  const analysis = await analyzeDemo(SCENARIO_DEMO, nav);
  report = engineReport({
    map: analysis.map,
    nodeCount: nav.nodes.length,
    bots: analysis.botSlots.length,
    seconds: 20,
    noCombat: false,
    runs: [{ analysis, consoleText: SCENARIO_CONSOLE_TEXT }],
  });
});

/** The report as JSON with `edit` applied to a copy of it. */
function edited(edit: (r: Record<string, unknown>) => void): string {
  const r = JSON.parse(JSON.stringify(report)) as Record<string, unknown>;
  edit(r);
  return JSON.stringify(r);
}

/** What `parseTrialReport` throws for `text`, named `name`. */
function refusal(text: string, name = 'bad.trial.json'): ViewReportError {
  let error: unknown;
  try {
    parseTrialReport(text, name);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ViewReportError);
  expect((error as ViewReportError).file).toBe(name);
  return error as ViewReportError;
}

describe('trial reports read by navgen view', () => {
  it('reads a report of navgen trial back as written, from its text or its bytes', () => {
    const text = JSON.stringify(report, null, 2);
    expect(parseTrialReport(text, 'corridor.trial.json')).toEqual(report);
    expect(parseTrialReport(new TextEncoder().encode(text), 'corridor.trial.json')).toEqual(report);
  });

  it("gives the viewer the scenario's stuck spots, its fall and the link into the drop", () => {
    const r = parseTrialReport(JSON.stringify(report), 'corridor.trial.json');
    const bands = [
      { from: -Infinity, to: -100 },
      { from: -100, to: Infinity },
    ];
    const t = viewTrialOf('corridor.trial.json', r, bands);
    expect(t.report).toBe('corridor.trial.json');
    expect(t.runs).toBe(1);
    expect(t.stuck.map((s) => s.node)).toEqual(report.stuck_spots.map((s) => s.node));
    expect(t.stuck.every((s) => s.cause === 'stuck' && s.band === 1)).toBe(true);
    // The fall: at node 3, on the floor of the lower band.
    expect(t.deaths).toEqual([
      expect.objectContaining({ node: 3, cause: 'fall', seconds: 0, band: 0 }),
    ]);
    expect(t.links.find((l) => l.from === 2 && l.to === 3)).toEqual({
      from: 2,
      to: 3,
      traversals: 1,
      failures: 1,
      died: 1,
    });
  });

  it('refuses text that is not JSON, and JSON that is no trial report, naming the file', () => {
    expect(refusal('{"tester": "engine",').message).toMatch(/^bad\.trial\.json: not JSON: /);
    expect(refusal(JSON.stringify({ map: 'wizs' })).message).toBe(
      'bad.trial.json: not a trial report of navgen trial (it needs "tester": "engine" and ' +
        'stuck_spots, env_death_spots, node_stats, link_stats)',
    );
    expect(refusal('[1, 2]').message).toMatch(/not a trial report of navgen trial/);
    expect(refusal('null').message).toMatch(/not a trial report of navgen trial/);
  });

  it('names each key the viewer reads that is wrong', () => {
    const e = refusal(
      edited((r) => {
        (r.stuck_spots as { position: number[] }[])[0].position = [1, 2];
        (r.env_death_spots as { cause: unknown }[])[0].cause = 7;
        (r.node_stats as { visits: number }[])[0].visits = -1;
        delete r.nodes;
        r.bot_minutes = 'many';
      }),
    );
    expect(e.message.split('\n')).toEqual([
      'bad.trial.json: not a valid trial report:',
      '  the report: missing "nodes"',
      '  bot_minutes: must be number',
      '  stuck_spots.0.position: must NOT have fewer than 3 items',
      '  env_death_spots.0.cause: must be string',
      '  node_stats.0.visits: must be >= 0',
    ]);
  });

  it('refuses a spot beyond any map (its tenths would not be finite) and numbers JSON cannot hold', () => {
    const far = edited((r) => {
      (r.stuck_spots as { position: number[] }[])[0].position = [1e308, 0, 0];
    });
    expect(refusal(far).message).toContain('stuck_spots.0.position.0: must be <= 1048576');
    // 1e999 reads as Infinity.
    const infinite = JSON.stringify(report).replace(/"bot_minutes":[^,]+/, '"bot_minutes":1e999');
    expect(refusal(infinite).message).toContain('bot_minutes: must be number');
  });

  it("refuses node numbers beyond the report's own nodes", () => {
    const e = refusal(
      edited((r) => {
        (r.link_stats as { to: number }[])[0].to = 4;
        (r.stuck_spots as { node: number }[])[0].node = 99;
      }),
    );
    expect(e.message).toContain('stuck_spots.0.node: node 99, but the report has 4');
    expect(e.message).toContain('link_stats.0.to: node 4, but the report has 4');
  });

  it('lists at most eight problems, however many records are wrong', () => {
    const e = refusal(
      edited((r) => {
        r.node_stats = Array.from({ length: 1000 }, () => ({ node: 0 }));
      }),
    );
    const lines = e.message.split('\n');
    expect(lines).toHaveLength(1 + 8 + 1);
    expect(lines.at(-1)).toBe('  … and 2992 more');
  });

  it('names a file it cannot read', async () => {
    const missing = join(dir, 'missing.trial.json');
    await expect(readTrialReport(missing)).rejects.toThrow(`${missing}: cannot read: ENOENT`);
    const good = join(dir, 'corridor.trial.json');
    writeFileSync(good, JSON.stringify(report));
    expect(await readTrialReport(good)).toEqual(report);
  });
});
