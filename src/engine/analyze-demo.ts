/** A recorded trial demo read with navgen's own MVD2 reader and measured against its nav (see `trial-analysis.ts`). */
import type { NavFile } from '../nav/types.js';
import { readDemo } from '../sources/demo/read-demo.js';
import { TrialAnalyzer, type TrialAnalysis, type TrialAnalysisOptions } from './trial-analysis.js';

export async function analyzeDemo(
  demoPath: string,
  nav: NavFile,
  options: Partial<TrialAnalysisOptions> = {},
): Promise<TrialAnalysis> {
  const analyzer = new TrialAnalyzer(nav, options);
  await readDemo(demoPath).forEach((e) => analyzer.feed(e));
  return analyzer.result();
}
