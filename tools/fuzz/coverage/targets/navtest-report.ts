/** navtest reports read back for feedback (`readNavtestReport`: JSON, then the schema). */
import { writeFileSync } from 'node:fs';
import {
  NavtestReportError,
  readNavtestReport,
} from '../../../../src/sources/feedback/navtest-report.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'navtest-report',
  reader: 'navtest report: readNavtestReport (src/sources/feedback/navtest-report.ts)',
  seeds: { fixtures: ['nav/{wizs,subway2}.autogen.nav'], maker: 'navtest-report' },
  instrument: ['src/sources/feedback/'],
  fileName: 'fuzz.navtest.json',
  maxBytes: 64 << 10,
  typed: [NavtestReportError],
  dictionary: ['"map"', '"passed"', '"bad_nodes"', '"bad_links"', '"unreachable_nodes"', 'true', 'null', '[]', '{}', '1e999', '-0', '"coverage_ratio"'],
  async run(bytes, ctx) {
    writeFileSync(ctx.file, bytes);
    await readNavtestReport(ctx.file);
  },
};
