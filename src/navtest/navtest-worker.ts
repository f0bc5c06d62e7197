/** The piscina worker of `navgen navtest`: one batch of links per task (see `link-batch.ts`). */
import { runBatch, type LinkBatch } from '../simulated-bot/link-batch.js';

export default function (batch: LinkBatch) {
  return runBatch(batch);
}
