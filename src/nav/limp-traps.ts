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

/**
 * One flag per node: 1 where the node is a limp trap. `links[n]` are node n's links;
 * `needsJump(type)` says which link types a bot must jump to follow.
 */
export function limpTrapNodes(
  links: readonly (readonly TrapLink[])[],
  needsJump: (targetType: number) => boolean,
): Uint8Array {
  const n = links.length;
  const out: number[][] = Array.from({ length: n }, () => []);
  const into: number[][] = Array.from({ length: n }, () => []);
  links.forEach((ls, u) => {
    for (const l of ls) {
      const v = l.target;
      if (!Number.isInteger(v) || v < 0 || v >= n || v === u || needsJump(l.targetType)) continue;
      out[u].push(v);
      into[v].push(u);
    }
  });
  const component = stronglyConnected(out, into);
  // The largest component; on a tie the one found first, i.e. holding the lowest node number.
  const size = new Map<number, number>();
  let main = -1;
  for (let v = 0; v < n; v++) {
    const c = component[v];
    const s = (size.get(c) ?? 0) + 1;
    size.set(c, s);
  }
  let best = 0;
  for (let v = 0; v < n; v++) {
    const s = size.get(component[v])!;
    if (s > best) {
      best = s;
      main = component[v];
    }
  }
  // Every node a path without jumps leads from into the main component.
  const reaches = new Uint8Array(n);
  const stack: number[] = [];
  for (let v = 0; v < n; v++)
    if (component[v] === main) {
      reaches[v] = 1;
      stack.push(v);
    }
  while (stack.length > 0) {
    const v = stack.pop()!;
    for (const u of into[v])
      if (!reaches[u]) {
        reaches[u] = 1;
        stack.push(u);
      }
  }
  const traps = new Uint8Array(n);
  for (let v = 0; v < n; v++) traps[v] = reaches[v] ? 0 : 1;
  return traps;
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
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  links.forEach((ls, u) => {
    if (!traps[u]) return;
    for (const l of ls)
      if (Number.isInteger(l.target) && l.target >= 0 && l.target < n && traps[l.target])
        parent[find(u)] = find(l.target);
  });
  const size = new Int32Array(n);
  // A place with a way out (a jump: a walk out would not be a trap's) holds limping bots only;
  // one with none holds every bot, and is `connect`'s (dead ends), not this rule's.
  const wayOut = new Uint8Array(n);
  links.forEach((ls, u) => {
    if (!traps[u]) return;
    size[find(u)]++;
    for (const l of ls)
      if (Number.isInteger(l.target) && l.target >= 0 && l.target < n && !traps[l.target])
        wayOut[find(u)] = 1;
  });
  const closed = new Uint8Array(n);
  for (let v = 0; v < n; v++)
    if (traps[v] && wayOut[find(v)] && size[find(v)] <= maxShare * n) closed[v] = 1;
  return closed;
}

/**
 * Component numbers of the strongly connected components (Kosaraju, iterative: a nav has up to
 * 8095 nodes, too deep for recursion).
 */
function stronglyConnected(out: readonly number[][], into: readonly number[][]): Int32Array {
  const n = out.length;
  const order: number[] = [];
  const seen = new Uint8Array(n);
  const next = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    const path = [s];
    while (path.length > 0) {
      const v = path[path.length - 1];
      if (next[v] < out[v].length) {
        const w = out[v][next[v]++];
        if (!seen[w]) {
          seen[w] = 1;
          path.push(w);
        }
      } else {
        order.push(v);
        path.pop();
      }
    }
  }
  const component = new Int32Array(n).fill(-1);
  let c = 0;
  for (let i = n - 1; i >= 0; i--) {
    const s = order[i];
    if (component[s] >= 0) continue;
    component[s] = c;
    const stack = [s];
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (const u of into[v])
        if (component[u] < 0) {
          component[u] = c;
          stack.push(u);
        }
    }
    c++;
  }
  return component;
}
