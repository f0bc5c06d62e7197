/**
 * Trial reports as `navgen view --trial` reads them (`parseTrialReport`: JSON, then every key the
 * viewer reads), and the viewer's findings made of one it accepts (`viewTrialOf`), seeded with
 * reports of fixture bot demos measured against the engine's navs.
 */
import type { HeightBand } from '../../../../src/sinks/render/height-band.js';
import { parseTrialReport, viewTrialOf } from '../../../../src/view/trial-findings.js';
import { ViewReportError } from '../../../../src/view/view-report-error.js';
import type { FuzzTarget } from '../target.js';

/** Two floors, as a map of two storeys gives the viewer (spots sorted into both). */
const BANDS: readonly HeightBand[] = [
  { from: -Infinity, to: 64 },
  { from: 64, to: Infinity },
];

export const target: FuzzTarget = {
  name: 'trial-report',
  reader: 'trial report: parseTrialReport + viewTrialOf (src/view/trial-findings.ts)',
  seeds: {
    fixtures: [
      'demos/mvd2/corpus/{wizs,subway2}/*_c1.mvd2.gz',
      'nav/{wizs,subway2}.autogen.nav',
    ],
    maker: 'trial-report',
  },
  instrument: ['src/view/trial-findings.ts', 'src/view/view-report-error.ts'],
  fileName: 'fuzz.trial.json',
  maxBytes: 64 << 10,
  typed: [ViewReportError],
  dictionary: [
    '"tester"',
    '"engine"',
    '"nodes"',
    '"runs"',
    '"bot_minutes"',
    '"stuck_spots"',
    '"env_death_spots"',
    '"node_stats"',
    '"link_stats"',
    '"position"',
    '"node"',
    '"seconds"',
    '"cause"',
    '"stuck_s"',
    '"from"',
    '"to"',
    'true',
    'null',
    '[]',
    '{}',
    '1e999',
    '1e308',
    '-0',
    '-1',
    '0.5',
  ],
  run(bytes, ctx) {
    viewTrialOf(ctx.file, parseTrialReport(bytes, ctx.file), BANDS);
  },
};
