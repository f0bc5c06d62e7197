/**
 * The last word on `fill`'s links: each is run by navtest's simulated bot (`simulateLink`: the
 * AQtion bot's movement code driving the engine's pmove on the collision model, fall damage
 * included), walks from every place within the bot's reach of the source
 * (`simulateLinkFromReach`, docs/link-reach.md). The box traversals that proposed the links
 * (`walk-link.ts`) are an approximation; what the simulated bot fails, the engine's bot fails
 * too, so the link goes.
 *
 * The demo-learned links at the front of the list can be checked the same way
 * (`checkLearned`): a strafe jump a person made, a walk that only works from a running start —
 * the bots cannot follow them either, and what `iterate`'s builtin tester would prune a plain
 * build then leaves out from the start.
 */
import type { CollisionModel } from '../world/collision-model.js';
import type { DraftLink, DraftNode } from '../stage/graph-types.js';
import { simulateLink, type LinkToSimulate } from '../simulated-bot/simulate-link.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import { FULL_SPEED_JUMP } from '../simulated-bot/jump-holds.js';
import { linkRun, runsAhead, type LinkRun } from '../simulated-bot/verdict-runs.js';
import { FILLED_LINK_TYPE } from './floor-links.js';
import { runToEnd, type Steps } from '../pausing/run-steps.js';

export interface LinkCheck {
  /** The links that passed, in their order. */
  readonly kept: DraftLink[];
  /** Failures of the filled links by reason (`overshot`: a jump failed at full running speed). */
  readonly failures: Record<string, number>;
  /** Failures of the learned links by reason (empty unless they were checked). */
  readonly learnedFailures: Record<string, number>;
}

/** Links run between two pauses of {@link checkLinkSteps}. */
export const LINKS_PER_STEP = 256;

/** {@link checkLinkSteps} run to the end at once. */
export function checkLinks(...args: Parameters<typeof checkLinkSteps>): LinkCheck {
  return runToEnd(checkLinkSteps(...args));
}

/**
 * The links of `links` the simulated bot makes. The first `learned` are the demos' (checked only
 * with `checkLearned`, never held to the full-speed jump test: a person made them); the rest
 * are filled, and a filled jump must also hold at the bots' full speed (`simulated-bot/jump-holds.ts`). Pauses
 * every `LINKS_PER_STEP` links (a large map's check takes seconds: urbanjungle 12 s).
 */
export function* checkLinkSteps(
  model: CollisionModel,
  nodes: readonly DraftNode[],
  links: readonly DraftLink[],
  learned: number,
  checkLearned: boolean,
): Steps<LinkCheck> {
  const failures: Record<string, number> = {};
  const learnedFailures: Record<string, number> = {};
  const kept: DraftLink[] = [];
  // Every run below, handed to the runner first (it may simulate them on every core).
  const ahead: LinkRun[] = [];
  for (let k = checkLearned ? 0 : learned; k < links.length; k++) {
    const link = linkToSimulate(nodes, links[k]);
    ahead.push(linkRun('reach', link));
    if (k >= learned && links[k].type === FILLED_LINK_TYPE.jump)
      ahead.push(linkRun('link', link, FULL_SPEED_JUMP));
  }
  yield runsAhead(ahead);
  for (let k = 0; k < links.length; k++) {
    if (k > 0 && k % LINKS_PER_STEP === 0) yield;
    const l = links[k];
    if (linkPasses(model, nodes, l, k < learned, checkLearned, failures, learnedFailures))
      kept.push(l);
  }
  return { kept, failures, learnedFailures };
}

/** A graph link as the simulated bot runs it: its nodes' origins and type names. */
export function linkToSimulate(nodes: readonly DraftNode[], l: DraftLink): LinkToSimulate {
  return {
    from: nodes[l.from].origin,
    to: nodes[l.to].origin,
    linkType: l.type,
    fromType: nodes[l.from].type,
    toType: nodes[l.to].type,
  };
}

/** Whether link `l` stays, its failure (if any) tallied by reason. */
function linkPasses(
  model: CollisionModel,
  nodes: readonly DraftNode[],
  l: DraftLink,
  isLearned: boolean,
  checkLearned: boolean,
  failures: Record<string, number>,
  learnedFailures: Record<string, number>,
): boolean {
  if (isLearned && !checkLearned) return true;
  const link = linkToSimulate(nodes, l);
  const r = simulateLinkFromReach(model, link);
  const tally = isLearned ? learnedFailures : failures;
  if (!r.passed) tally[r.reason] = (tally[r.reason] ?? 0) + 1;
  // The walker's run-up just ran (jumpHolds' first half); now the full speed.
  else if (
    !isLearned &&
    l.type === FILLED_LINK_TYPE.jump &&
    !simulateLink(model, link, FULL_SPEED_JUMP).passed
  ) {
    failures.overshot = (failures.overshot ?? 0) + 1;
    return false;
  }
  return r.passed;
}
