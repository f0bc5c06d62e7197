/** The piscina worker of the verdict pool: one batch of link runs per task (`verdict-runs.ts`). */
import { runVerdictBatch, type VerdictBatch } from './verdict-runs.js';

export default function (batch: VerdictBatch) {
  return runVerdictBatch(batch);
}
