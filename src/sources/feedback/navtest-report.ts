/**
 * The nav test report of the AQtion proposal ("Demo-Derived Nav Mesh Generation") (`<map>.navtest.json`, written by the engine's
 * `bot_navtest` mode): which nodes and links failed while bots walked a draft nav.
 *
 * Node numbers in it refer to the draft `.nav` that was tested, so a report is only
 * meaningful with that nav (see `feedback.ts`). Validation is strict about structure and says
 * what is wrong with which key; extra keys are allowed (newer engines may add metrics).
 */
import { readTextWithin } from '../../files/read-within.js';
import { Ajv } from 'ajv';
import { describeSchemaProblem } from './schema-problem.js';

export interface NavtestReport {
  readonly map: string;
  readonly passed: boolean;
  readonly coverage_ratio?: number;
  readonly death_rate_per_bot_min?: number;
  readonly stuck_rate_per_bot_min?: number;
  readonly bad_nodes: readonly number[];
  readonly bad_links: readonly (readonly [number, number])[];
  readonly unreachable_nodes?: readonly number[];
  readonly test_duration_s?: number;
  readonly bot_count?: number;
  readonly total_node_visits?: number;
  readonly total_environmental_deaths?: number;
}

const nodeIndex = { type: 'integer', minimum: 0 };
const rate = { type: 'number', minimum: 0 };

export const navtestReportSchema = {
  $id: 'navtest-report',
  type: 'object',
  required: ['map', 'passed', 'bad_nodes', 'bad_links'],
  properties: {
    map: { type: 'string', minLength: 1 },
    passed: { type: 'boolean' },
    coverage_ratio: { type: 'number', minimum: 0, maximum: 1 },
    death_rate_per_bot_min: rate,
    stuck_rate_per_bot_min: rate,
    bad_nodes: { type: 'array', items: nodeIndex },
    bad_links: {
      type: 'array',
      items: { type: 'array', items: nodeIndex, minItems: 2, maxItems: 2 },
    },
    unreachable_nodes: { type: 'array', items: nodeIndex },
    test_duration_s: rate,
    bot_count: { type: 'integer', minimum: 0 },
    total_node_visits: { type: 'integer', minimum: 0 },
    total_environmental_deaths: { type: 'integer', minimum: 0 },
  },
} as const;

export class NavtestReportError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: not a valid navtest report:\n  ${problems.join('\n  ')}`);
    this.name = 'NavtestReportError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile<NavtestReport>(navtestReportSchema);

/** Checks parsed JSON; throws {@link NavtestReportError} naming every problem. */
export function parseNavtestReport(value: unknown, file: string): NavtestReport {
  if (validate(value)) return value;
  throw new NavtestReportError(file, (validate.errors ?? []).map(describeSchemaProblem));
}

export async function readNavtestReport(path: string): Promise<NavtestReport> {
  let text: string;
  try {
    text = await readTextWithin(path);
  } catch (e) {
    throw new NavtestReportError(path, [`cannot read: ${(e as Error).message}`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // One line: V8 quotes the offending text, line breaks included.
    throw new NavtestReportError(path, [`not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`]);
  }
  return parseNavtestReport(value, path);
}
