/**
 * A trial report (`navgen trial`: real bots in the real server, `engine/engine-report.ts`) as
 * `navgen view` reads it: the file's text checked for everything the viewer uses, then what it
 * says about each place of the nav in the viewer's terms: stuck spots and deaths to draw as a
 * heat map, and per node and link what the bots did there.
 *
 * The file comes from elsewhere (another machine's trial, an edited copy), so the check is strict
 * about what the viewer reads and says which key is wrong; other keys are allowed (the report
 * holds more than the viewer shows), as the navtest report's reader allows them. Every failure
 * is a {@link ViewReportError} naming the file.
 */
import { Ajv } from 'ajv';
import { describeSchemaProblem } from '../sources/feedback/schema-problem.js';
import type { EngineDeath, LinkStats, NodeStats, SpotOut } from '../engine/engine-report.js';
import { bandIndexOf, standingHeight, type HeightBand } from '../sinks/render/height-band.js';
import type { ViewTrial } from '../sinks/view/view-model.js';
import { tenth } from '../sinks/view/view-model-of.js';
import { parseReportJson, readReportText, ViewReportError } from './view-report-error.js';

/** What the viewer reads of a trial report; an `EngineReport` is one. */
export interface ViewableTrialReport {
  readonly tester: 'engine';
  /** Nodes of the nav the trial ran on. */
  readonly nodes: number;
  readonly runs: number;
  readonly bot_minutes: number;
  readonly stuck_spots: readonly Pick<SpotOut, 'position' | 'node' | 'seconds'>[];
  /** (The cause is any text here: the viewer shows it as it is.) */
  readonly env_death_spots: readonly (Pick<EngineDeath, 'position' | 'node'> & {
    readonly cause: string;
  })[];
  readonly node_stats: readonly Pick<NodeStats, 'node' | 'visits' | 'deaths' | 'stuck_s'>[];
  readonly link_stats: readonly Pick<
    LinkStats,
    'from' | 'to' | 'traversals' | 'failures' | 'died'
  >[];
}

/**
 * Largest coordinate a spot may have: 128 times the ±8192 units of the largest maps, and small
 * enough that the viewer's tenths stay finite. [Units: world units]
 */
const MAX_COORD = 1 << 20;

const count = { type: 'integer', minimum: 0 } as const;
const seconds = { type: 'number', minimum: 0 } as const;
const position = {
  type: 'array',
  items: { type: 'number', minimum: -MAX_COORD, maximum: MAX_COORD },
  minItems: 3,
  maxItems: 3,
} as const;
const listOf = (required: readonly string[], properties: Record<string, object>) =>
  ({ type: 'array', items: { type: 'object', required, properties } }) as const;

/** The keys the viewer reads, and what each must hold. */
export const trialReportSchema = {
  $id: 'trial-report',
  type: 'object',
  required: [
    'tester',
    'nodes',
    'runs',
    'bot_minutes',
    'stuck_spots',
    'env_death_spots',
    'node_stats',
    'link_stats',
  ],
  properties: {
    tester: { const: 'engine' },
    nodes: count,
    runs: count,
    bot_minutes: seconds,
    stuck_spots: listOf(['position', 'node', 'seconds'], { position, node: count, seconds }),
    env_death_spots: listOf(['position', 'node', 'cause'], {
      position,
      node: count,
      cause: { type: 'string', minLength: 1 },
    }),
    node_stats: listOf(['node', 'visits', 'deaths', 'stuck_s'], {
      node: count,
      visits: count,
      deaths: count,
      stuck_s: seconds,
    }),
    link_stats: listOf(['from', 'to', 'traversals', 'failures', 'died'], {
      from: count,
      to: count,
      traversals: count,
      failures: count,
      died: count,
    }),
  },
} as const;

const LISTS = ['stuck_spots', 'env_death_spots', 'node_stats', 'link_stats'] as const;
/** Problems a message lists; a file wrong in every record would make a message of megabytes. */
const MAX_PROBLEMS = 8;

const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile<ViewableTrialReport>(trialReportSchema);

/** Node numbers that are not nodes of the report's own nav (a report edited or cut apart). */
function nodeProblems(r: ViewableTrialReport): string[] {
  const problems: string[] = [];
  const check = (where: string, node: number) => {
    if (node >= r.nodes) problems.push(`${where}: node ${node}, but the report has ${r.nodes}`);
  };
  r.stuck_spots.forEach((s, i) => check(`stuck_spots.${i}.node`, s.node));
  r.env_death_spots.forEach((d, i) => check(`env_death_spots.${i}.node`, d.node));
  r.node_stats.forEach((n, i) => check(`node_stats.${i}.node`, n.node));
  r.link_stats.forEach((l, i) => {
    check(`link_stats.${i}.from`, l.from);
    check(`link_stats.${i}.to`, l.to);
  });
  return problems;
}

function refuse(file: string, problems: readonly string[]): never {
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
  throw new ViewReportError(file, `not a valid trial report:\n  ${shown.join('\n  ')}`);
}

/**
 * A trial report's text (or the bytes of its file, UTF-8) checked for everything the viewer
 * reads; `file` names it in errors. Throws {@link ViewReportError}: not JSON, not a trial
 * report (no `"tester": "engine"` or a list missing), or each key that is wrong.
 */
export function parseTrialReport(text: string | Uint8Array, file: string): ViewableTrialReport {
  const value = parseReportJson(
    typeof text === 'string' ? text : new TextDecoder().decode(text),
    file,
  );
  const r = value as Partial<Record<string, unknown>> | null;
  if (
    r === null ||
    typeof r !== 'object' ||
    Array.isArray(r) ||
    r.tester !== 'engine' ||
    LISTS.some((k) => !Array.isArray(r[k]))
  )
    throw new ViewReportError(
      file,
      `not a trial report of navgen trial (it needs "tester": "engine" and ${LISTS.join(', ')})`,
    );
  if (!validate(value)) refuse(file, (validate.errors ?? []).map(describeSchemaProblem));
  const wrongNodes = nodeProblems(value);
  if (wrongNodes.length > 0) refuse(file, wrongNodes);
  return value;
}

/** Reads and checks the trial report at `path` (see {@link parseTrialReport}). */
export async function readTrialReport(path: string): Promise<ViewableTrialReport> {
  return parseTrialReport(await readReportText(path), path);
}

/** The findings of a checked report in the viewer's terms; `file` is the name shown. */
export function viewTrialOf(
  file: string,
  r: ViewableTrialReport,
  bands: readonly HeightBand[],
): ViewTrial {
  const spot = (p: readonly number[]) => ({
    origin: p.map(tenth),
    band: bandIndexOf(bands, standingHeight([p[0], p[1], p[2]])),
  });
  return {
    report: file,
    runs: r.runs,
    botMinutes: r.bot_minutes,
    stuck: r.stuck_spots.map((s) => ({
      ...spot(s.position),
      node: s.node,
      seconds: tenth(s.seconds),
      cause: 'stuck',
    })),
    deaths: r.env_death_spots.map((d) => ({
      ...spot(d.position),
      node: d.node,
      seconds: 0,
      cause: d.cause,
    })),
    nodes: r.node_stats.map((n) => ({
      node: n.node,
      visits: n.visits,
      deaths: n.deaths,
      stuckSeconds: tenth(n.stuck_s),
    })),
    links: r.link_stats.map((l) => ({
      from: l.from,
      to: l.to,
      traversals: l.traversals,
      failures: l.failures,
      died: l.died,
    })),
  };
}
