/**
 * Feedback for the next build: nodes and links that failed a nav test, located by position
 * (node numbers change from one build to the next; places do not).
 *
 * Two sources: a navtest report together with the nav it tested ({@link feedbackFromReport}),
 * and navgen's own feedback file, which accumulates the failures of several iterations
 * ({@link readFeedbackFile}, {@link feedbackFileText}).
 */
import { readTextWithin } from '../../files/read-within.js';
import type { ReadonlyVec3 } from '../../geometry/vec3.js';
import type { NavFile } from '../../nav/types.js';
import type { NavtestReport } from './navtest-report.js';

export interface Feedback {
  readonly badNodes: readonly ReadonlyVec3[];
  readonly badLinks: readonly (readonly [ReadonlyVec3, ReadonlyVec3])[];
  /** Problems found while reading (unknown node numbers…): reported, not fatal. */
  readonly warnings: readonly string[];
}

export const EMPTY_FEEDBACK: Feedback = Object.freeze({ badNodes: [], badLinks: [], warnings: [] });

/** How a report's findings become feedback. */
export interface FeedbackOptions {
  /** Prune the report's unreachable nodes too (when the tester proved them unreachable). */
  readonly pruneUnreachable?: boolean;
}

/** Locates a report's bad nodes (and, if asked, unreachable nodes) and links in the nav it tested. */
export function feedbackFromReport(
  report: NavtestReport,
  tested: NavFile,
  file: string,
  options: FeedbackOptions = {},
): Feedback {
  const warnings: string[] = [];
  const count = tested.nodes.length;
  const at = (i: number, what: string): ReadonlyVec3 | null => {
    if (i < count) return tested.nodes[i].origin;
    warnings.push(
      `${file}: ${what} names node ${i}, but the tested nav has ${count} nodes; ignored`,
    );
    return null;
  };
  const badNodes: ReadonlyVec3[] = [];
  for (const i of report.bad_nodes) {
    const p = at(i, 'bad_nodes');
    if (p) badNodes.push(p);
  }
  if (options.pruneUnreachable) {
    for (const i of report.unreachable_nodes ?? []) {
      const p = at(i, 'unreachable_nodes');
      if (p) badNodes.push(p);
    }
  }
  const badLinks: [ReadonlyVec3, ReadonlyVec3][] = [];
  for (const [a, b] of report.bad_links) {
    const pa = at(a, 'bad_links');
    const pb = at(b, 'bad_links');
    if (pa && pb) badLinks.push([pa, pb]);
  }
  return { badNodes, badLinks, warnings };
}

/** Feedback accumulated over iterations: a failure once recorded stays recorded. */
export function mergeFeedback(a: Feedback, b: Feedback): Feedback {
  const key = (p: ReadonlyVec3) => p.join(',');
  const nodes = new Map<string, ReadonlyVec3>();
  for (const p of [...a.badNodes, ...b.badNodes]) nodes.set(key(p), p);
  const links = new Map<string, readonly [ReadonlyVec3, ReadonlyVec3]>();
  for (const l of [...a.badLinks, ...b.badLinks]) links.set(`${key(l[0])}>${key(l[1])}`, l);
  const byKey = <T>(m: Map<string, T>) => [...m.keys()].sort().map((k) => m.get(k)!);
  return {
    badNodes: byKey(nodes),
    badLinks: byKey(links),
    warnings: [...a.warnings, ...b.warnings],
  };
}

const FORMAT = 'navgen-feedback';

/** navgen's feedback file (JSON), sorted so the same feedback always gives the same bytes. */
export function feedbackFileText(f: Feedback, map: string): string {
  const sorted = mergeFeedback(EMPTY_FEEDBACK, f);
  return (
    JSON.stringify(
      { format: FORMAT, version: 1, map, badNodes: sorted.badNodes, badLinks: sorted.badLinks },
      null,
      1,
    ) + '\n'
  );
}

export class FeedbackFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'FeedbackFileError';
  }
}

function isPoint(x: unknown): x is ReadonlyVec3 {
  return (
    Array.isArray(x) &&
    x.length === 3 &&
    x.every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

export function parseFeedbackFile(value: unknown, file: string): Feedback {
  const v = value as {
    format?: unknown;
    version?: unknown;
    badNodes?: unknown;
    badLinks?: unknown;
  };
  if (typeof v !== 'object' || v === null || v.format !== FORMAT) {
    throw new FeedbackFileError(file, `not a navgen feedback file ("format": "${FORMAT}" missing)`);
  }
  if (v.version !== 1)
    throw new FeedbackFileError(file, `unsupported version ${String(v.version)} (expected 1)`);
  if (!Array.isArray(v.badNodes) || !v.badNodes.every(isPoint)) {
    throw new FeedbackFileError(file, 'badNodes must be a list of [x, y, z] points');
  }
  if (
    !Array.isArray(v.badLinks) ||
    !v.badLinks.every((l) => Array.isArray(l) && l.length === 2 && isPoint(l[0]) && isPoint(l[1]))
  ) {
    throw new FeedbackFileError(file, 'badLinks must be a list of [[x, y, z], [x, y, z]] pairs');
  }
  return {
    badNodes: v.badNodes as ReadonlyVec3[],
    badLinks: v.badLinks as [ReadonlyVec3, ReadonlyVec3][],
    warnings: [],
  };
}

export async function readFeedbackFile(path: string): Promise<Feedback> {
  let value: unknown;
  try {
    value = JSON.parse(await readTextWithin(path));
  } catch (e) {
    // One line: V8 quotes the offending text, line breaks included.
    throw new FeedbackFileError(
      path,
      `cannot read as JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`,
    );
  }
  return parseFeedbackFile(value, path);
}
