/**
 * The model's findings indexed by loaded node numbers: a failed link found by its ends (in its
 * direction only) and from both its nodes (a self-link once), bad and unreachable nodes, trial
 * figures per node and per link, stuck spots and deaths by their nearest node; and a model
 * without a nav test or a trial answers empty, never undefined lists.
 */
import { describe, expect, it } from 'vitest';
import type {
  ViewLinkFailure,
  ViewModel,
  ViewNavtest,
  ViewTrial,
} from '../../src/sinks/view/view-model.js';
import { Findings } from '../../src/view-page/findings.js';

/** A model with only what Findings reads. */
function model(navtest: ViewNavtest | null, trial: ViewTrial | null): ViewModel {
  return { navtest, trial } as unknown as ViewModel;
}

const fail = (from: number, to: number, reason = 'fell'): ViewLinkFailure => ({
  from,
  to,
  reason,
  detail: `${from} → ${to} ${reason}`,
});

const navtest: ViewNavtest = {
  report: 'navtest.json',
  passed: false,
  coverage: 0.9,
  badNodes: [4, 9],
  unreachable: [7],
  badLinks: [fail(1, 2), fail(1, 2, 'died'), fail(2, 3), fail(5, 5, 'blocked')],
};

const spot = (node: number, seconds: number, cause: string) => ({
  origin: [0, 0, 0],
  band: 0,
  node,
  seconds,
  cause,
});

const trial: ViewTrial = {
  report: 'trial.json',
  runs: 3,
  botMinutes: 30,
  stuck: [spot(6, 12, 'stuck')],
  deaths: [spot(6, 0, 'falling'), spot(8, 0, 'hurt')],
  nodes: [{ node: 6, visits: 40, deaths: 1, stuckSeconds: 12 }],
  links: [{ from: 6, to: 8, traversals: 20, failures: 2, died: 1 }],
};

describe('Findings', () => {
  const f = new Findings(model(navtest, trial));

  it('finds a link’s failures by its ends, in its direction only', () => {
    expect(f.linkFailures(1, 2).map((x) => x.reason)).toEqual(['fell', 'died']);
    expect(f.linkFailures(2, 1)).toEqual([]);
    expect(f.linkFailures(3, 2)).toEqual([]);
  });

  it('finds every failed link touching a node, from either end, a self-link once', () => {
    expect(f.nodeFailures(1)).toHaveLength(2);
    expect(f.nodeFailures(2).map((x) => [x.from, x.to])).toEqual([
      [1, 2],
      [1, 2],
      [2, 3],
    ]);
    expect(f.nodeFailures(3)).toHaveLength(1);
    expect(f.nodeFailures(5)).toHaveLength(1);
    expect(f.nodeFailures(0)).toEqual([]);
    expect(f.hasFailures()).toBe(true);
  });

  it('holds the bad and the unreachable nodes', () => {
    expect([...f.badNodes].sort()).toEqual([4, 9]);
    expect([...f.unreachable]).toEqual([7]);
  });

  it('finds the trial’s figures by node and by link (in its direction)', () => {
    expect(f.trialNode(6)?.visits).toBe(40);
    expect(f.trialNode(8)).toBeUndefined();
    expect(f.trialLink(6, 8)?.failures).toBe(2);
    expect(f.trialLink(8, 6)).toBeUndefined();
  });

  it('finds stuck spots and deaths by their nearest node, stuck spots first', () => {
    expect(f.spotsNear(6).map((s) => s.cause)).toEqual(['stuck', 'falling']);
    expect(f.spotsNear(8).map((s) => s.cause)).toEqual(['hurt']);
    expect(f.spotsNear(1)).toEqual([]);
  });

  it('answers empty for a model without a nav test or a trial', () => {
    const none = new Findings(model(null, null));
    expect(none.badNodes.size + none.unreachable.size).toBe(0);
    expect(none.hasFailures()).toBe(false);
    expect(none.linkFailures(1, 2)).toEqual([]);
    expect(none.nodeFailures(1)).toEqual([]);
    expect(none.trialNode(6)).toBeUndefined();
    expect(none.trialLink(6, 8)).toBeUndefined();
    expect(none.spotsNear(6)).toEqual([]);
  });

  it('says there are no failures for a nav test that passed', () => {
    const passed = new Findings(
      model({ ...navtest, passed: true, badLinks: [], badNodes: [], unreachable: [] }, null),
    );
    expect(passed.hasFailures()).toBe(false);
  });
});
