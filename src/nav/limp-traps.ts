/**
 * Limp traps: the nodes from which a bot with hurt legs cannot walk back to the rest of the nav,
 * and which of them a nav closes (no link leads in).
 *
 * A bot shot in the legs does not jump until it bandages: the bot code follows its next JUMP
 * link as a walk (`botlib_movement.c`) and the game drops the jump (`botlib_ai.c`: "No jumping
 * if legs are broken"). A place the graph lets bots into but whose every way back out needs a
 * jump — a pocket behind a fence, a pit with a rim higher than a step — then holds any bot
 * hurt there: it presses against the rim, its travel counter runs out, it picks a new goal
 * through the same rim, for as long as it limps. On bwcity the bots stood 75 s in four runs in
 * a 20-node pocket south of a fence that navgen's nav entered by jumps over a low wall and left
 * by jumps over the fence, on their way to the rocket launcher north of it; the engine's own
 * nav has no link into it.
 *
 * A cost on the links into such a place does not keep paths out: the bot's path search
 * (`BOTLIB_DijkstraPath`, `botlib_nav.c`) takes nodes from a first-in first-out list and stops
 * at the first path that reaches the goal, so it prefers few links to a low cost (measured: a
 * 2048-unit cost on the links into the pocket left the bots going through it, 98 s in four
 * runs, while the cheapest path by the file's costs walked round it). So a small trap is
 * closed: the links into it go, its own links and the links out stay (a bot that lands or
 * spawns in it still finds its way out when healthy; the map check's undirected components do
 * not change). A large one (a floor of the map joined to the rest by jumps up crates and
 * ledges: urbanjungle's 1,819 nodes) stays open: closing it would take the bots off half the
 * map.
 *
 * The rest of the nav here is the largest set of nodes that reach each other without jumps
 * (a strongly connected component of the links that are not jumps; on a tie, the one holding
 * the lowest node number); a trap is a node from which no path without jumps leads into it; a
 * trap's place is the set of traps its links join (either way).
 */

import { largestReach } from '../graph/strong-components.js';
import { weakComponents } from './components.js';

/**
 * A trap's place holding at most this share of the nav's nodes is closed. The share the
 * map check lets lie outside the largest component. [Limit: 0..1]
 */
export const CLOSED_TRAP_SHARE = 0.05;

/** What the analysis reads of a link. */
export interface TrapLink {
  /** Node number of the link's target; numbers outside the nav are ignored. */
  readonly target: number;
  /** The link's type byte (its target-type). */
  readonly targetType: number;
}

/** Whether `v` numbers one of `n` nodes (a damaged nav may hold other targets). */
const isNode = (v: number, n: number) => Number.isInteger(v) && v >= 0 && v < n;

/**
 * One flag per node: 1 where the node is a limp trap. `links[n]` are node n's links;
 * `needsJump(type)` says which link types a bot must jump to follow.
 */
export function limpTrapNodes(
  links: readonly (readonly TrapLink[])[],
  needsJump: (targetType: number) => boolean,
): Uint8Array {
  const n = links.length;
  const walks = links.flatMap((ls, from) =>
    ls
      .filter((l) => isNode(l.target, n) && l.target !== from && !needsJump(l.targetType))
      .map((l) => ({ from, to: l.target })),
  );
  // Every node from which a path without jumps leads into the main component reaches it.
  return largestReach(n, walks).leads.map((r) => 1 - r);
}

/**
 * One flag per node: 1 where the node is a limp trap whose place (the traps its links join,
 * either way) has a way out (a jump) and holds at most `maxShare` of the nav's nodes. Links
 * into these from other nodes are the ones a nav leaves out.
 */
export function closedTrapNodes(
  links: readonly (readonly TrapLink[])[],
  needsJump: (targetType: number) => boolean,
  maxShare: number = CLOSED_TRAP_SHARE,
): Uint8Array {
  const n = links.length;
  const traps = limpTrapNodes(links, needsJump);
  const place = weakComponents(
    links.map((ls, u) =>
      traps[u] ? ls.filter((l) => isNode(l.target, n) && traps[l.target]).map((l) => l.target) : [],
    ),
  ).root;
  const size = new Int32Array(n);
  // A place with a way out (a jump: a walk out would not be a trap's) holds limping bots only;
  // one with none holds every bot, and is `connect`'s (dead ends), not this rule's.
  const wayOut = new Uint8Array(n);
  links.forEach((ls, u) => {
    if (!traps[u]) return;
    size[place[u]]++;
    if (ls.some((l) => isNode(l.target, n) && !traps[l.target])) wayOut[place[u]] = 1;
  });
  return traps.map((t, v) => (t && wayOut[place[v]] && size[place[v]] <= maxShare * n ? 1 : 0));
}
