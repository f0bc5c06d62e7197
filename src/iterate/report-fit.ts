/**
 * A schema-valid report can still belong to another draft: the server loaded another map's
 * nav, or an old `.nav` from another folder. Node numbers only mean something for the draft
 * that was tested, so a report naming nodes the draft does not have, or another map, is
 * refused as a bad report instead of turning into wrong feedback.
 */
import type { NavFile } from '../nav/types.js';
import { TesterError, type TestOutcome } from '../testers/tester.js';

/** Throws a `bad-report` {@link TesterError} naming the report and every mismatch. */
export function checkReportFitsDraft(outcome: TestOutcome, draft: NavFile, map: string): void {
  const r = outcome.report;
  const problems: string[] = [];
  if (r.map.toLowerCase() !== map.toLowerCase())
    problems.push(`map: is "${r.map}", the draft is for "${map}"`);
  const count = draft.nodes.length;
  const beyond = (list: readonly number[]) => list.filter((i) => i >= count);
  const lists: [string, readonly number[]][] = [
    ['bad_nodes', r.bad_nodes],
    ['bad_links', r.bad_links.flat()],
    ['unreachable_nodes', r.unreachable_nodes ?? []],
  ];
  for (const [key, list] of lists) {
    const out = beyond(list);
    if (out.length > 0) {
      const shown = out.slice(0, 5).join(', ') + (out.length > 5 ? `, … (${out.length})` : '');
      problems.push(
        `${key}: names node(s) ${shown}, but the tested draft has ${count} nodes (did the test load another .nav?)`,
      );
    }
  }
  if (problems.length > 0) {
    throw new TesterError(
      'bad-report',
      `${outcome.source}: report does not fit the tested draft:\n  ${problems.join('\n  ')}`,
    );
  }
}
