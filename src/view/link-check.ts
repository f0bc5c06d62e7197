/**
 * A link the admin adds or moves, checked at once by the simulated bot: the same run as the
 * build's and the nav test's link check (`simulated-bot/reach-starts.ts`: from the source's
 * origin and, for a walking link, from every place around it where the bot counts the source
 * reached), so the editor never keeps a link the next build's own test would throw away.
 */
import { asStored, playerCollision } from '../simulated-bot/simulate-link.js';
import {
  checkedFromReach,
  reachStarts,
  simulateLinkFromReach,
} from '../simulated-bot/reach-starts.js';
import type { CollisionModel } from '../world/collision-model.js';
import type { LinkCheck } from '../sinks/view/view-api.js';
import { tenth } from '../sinks/view/view-model-of.js';

export interface LinkToCheck {
  readonly from: readonly number[];
  readonly to: readonly number[];
  /** Node-type names: the link's target type, the source's and the target's type. */
  readonly linkType: string;
  readonly fromType: string;
  readonly toType: string;
}

export function checkLink(model: CollisionModel, l: LinkToCheck): LinkCheck {
  const link = asStored({
    from: [l.from[0], l.from[1], l.from[2]],
    to: [l.to[0], l.to[1], l.to[2]],
    linkType: l.linkType,
    fromType: l.fromType,
    toType: l.toType,
  });
  const r = simulateLinkFromReach(model, link);
  const starts = [link.from.map(tenth)];
  if (checkedFromReach(link))
    for (const s of reachStarts(playerCollision(model), link.from)) starts.push(s.map(tenth));
  return { passed: r.passed, reason: r.reason, detail: r.detail, starts };
}
