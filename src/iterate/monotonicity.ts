/**
 * The loop's invariant: a failure recorded once stays removed. Every node position a report
 * named bad has no node within the feedback stage's `matchRadius` in any later draft, and no
 * later draft has a link between the ends of a recorded bad link. The feedback stage removes
 * exactly that, so a violation means a stage after `feedback` put something back (or a bug):
 * the loop stops rather than ship a nav that fails the same way again.
 *
 * Distances are checked `TOLERANCE` inside the radius: the graph keeps float64 positions, the
 * `.nav` stores float32, so a node just outside the radius in the graph can land a hair inside
 * it in the file.
 */
import type { NavFile } from '../nav/types.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { Feedback } from '../sources/feedback/feedback.js';

/** [Units: world units] */
const TOLERANCE = 0.01;

export class MonotonicityError extends Error {
  constructor(readonly violations: readonly string[]) {
    super(
      `a draft brings back ${violations.length} recorded failure(s) (is a stage after "feedback" adding nodes or links?):\n  ` +
        violations.slice(0, 10).join('\n  ') +
        (violations.length > 10 ? `\n  … ${violations.length - 10} more` : ''),
    );
    this.name = 'MonotonicityError';
  }
}

const fmt = (p: readonly number[]) => `(${p.map((v) => Math.round(v * 10) / 10).join(', ')})`;

/** Every violation of the invariant in `draft`, as sentences; empty when it holds. */
export function monotonicityViolations(
  draft: NavFile,
  recorded: Feedback,
  matchRadius: number,
): string[] {
  const r = matchRadius - TOLERANCE;
  const near = (p: readonly number[], q: ReadonlyVec3) =>
    Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) < r;
  const out: string[] = [];
  for (const bad of recorded.badNodes) {
    draft.nodes.forEach((n, i) => {
      if (near(n.origin, bad)) {
        const d = Math.hypot(n.origin[0] - bad[0], n.origin[1] - bad[1], n.origin[2] - bad[2]);
        out.push(
          `node ${i} at ${fmt(n.origin)} is ${d.toFixed(1)} u from recorded bad node ${fmt(bad)}`,
        );
      }
    });
  }
  for (const [a, b] of recorded.badLinks) {
    draft.nodes.forEach((n, i) => {
      if (!near(n.origin, a)) return;
      for (const l of n.links) {
        if (near(draft.nodes[l.target].origin, b))
          out.push(`link ${i} → ${l.target} matches recorded bad link ${fmt(a)} → ${fmt(b)}`);
      }
    });
  }
  return out;
}

/** Throws {@link MonotonicityError} when `draft` breaks the invariant. */
export function assertMonotone(draft: NavFile, recorded: Feedback, matchRadius: number): void {
  const v = monotonicityViolations(draft, recorded, matchRadius);
  if (v.length > 0) throw new MonotonicityError(v);
}

/** Also part of the invariant: merging never loses a recorded failure. */
export function assertNothingDropped(before: Feedback, after: Feedback): void {
  const key = (p: ReadonlyVec3) => p.join(',');
  const nodes = new Set(after.badNodes.map(key));
  const links = new Set(after.badLinks.map(([a, b]) => `${key(a)}>${key(b)}`));
  const lost = [
    ...before.badNodes.filter((p) => !nodes.has(key(p))).map((p) => `bad node ${fmt(p)}`),
    ...before.badLinks
      .filter(([a, b]) => !links.has(`${key(a)}>${key(b)}`))
      .map(([a, b]) => `bad link ${fmt(a)} → ${fmt(b)}`),
  ];
  if (lost.length > 0)
    throw new MonotonicityError(lost.map((l) => `the accumulated feedback lost ${l}`));
}
