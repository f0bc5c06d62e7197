/**
 * Which of some unwanted nodes a graph can spare: those whose removal leaves every other node
 * that was joined to the seeds (links taken both ways, as `keepJoined` does) still joined.
 *
 * `fill` does not want nodes on the brink of a fall (`map-analysis/brink.ts`), but on beer a
 * walkway's nodes were all on the brink, and removing them cut 230 nodes beyond it off the
 * graph (and beer's LTK coverage from 95 % to 89 %). So an unwanted node stays when it lies on a
 * way, through unwanted nodes only, between the rest of the graph and a node that would
 * otherwise be cut off.
 */
import { flood } from './graph-reach.js';

interface LinkEnds {
  readonly from: number;
  readonly to: number;
}

/** The `unwanted` nodes (indices below `count`) that can go; see the file comment. */
export function spareNodes(
  count: number,
  links: readonly LinkEnds[],
  seeds: readonly number[],
  unwanted: ReadonlySet<number>,
): Set<number> {
  const adjacent: number[][] = Array.from({ length: count }, () => []);
  for (const l of links) {
    adjacent[l.from].push(l.to);
    adjacent[l.to].push(l.from);
  }
  const joined = new Uint8Array(count);
  flood(adjacent, seeds, joined);
  const joinedWithout = new Uint8Array(count);
  flood(
    adjacent,
    seeds.filter((s) => !unwanted.has(s)),
    joinedWithout,
    (n) => !unwanted.has(n),
  );
  // Nodes cut off without the unwanted ones; from them, the unwanted nodes they reach through
  // unwanted nodes only are the ways they need.
  const cut: number[] = [];
  for (let i = 0; i < count; i++)
    if (joined[i] && !joinedWithout[i] && !unwanted.has(i)) cut.push(i);
  const needed = new Uint8Array(count);
  const firstWays = cut.flatMap((c) => adjacent[c].filter((m) => unwanted.has(m)));
  flood(adjacent, firstWays, needed, (n) => unwanted.has(n));
  return new Set([...unwanted].filter((n) => !needed[n]));
}
