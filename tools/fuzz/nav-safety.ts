/**
 * An independent statement of what the engine's `.nav` loader assumes (engine-facts.md, "AQtion
 * .nav"), written apart from `validate.ts` so that the fuzz harness does not check the reader
 * with the reader's own rules. A nav that the reader accepts must pass it: anything listed here
 * would make the game server refuse the file, overrun an array or misroute its bots.
 */

/** The shape the harness needs of a decoded nav (what `decodeNav` returns in `nav`). */
export interface NavLike {
  readonly version: number;
  readonly nodes: readonly {
    readonly origin: readonly number[];
    readonly nodenum: number;
    readonly links: readonly { readonly target: number; readonly cost: number }[];
  }[];
}

/** The engine's node array holds 8096 (`MAX_PNODES`); the loader needs count + 1 ≤ 8096. */
const ENGINE_NODE_LIMIT = 8095;
/** `MAXLINKS`: the loader copies links into an array of this size. */
const ENGINE_LINK_LIMIT = 32;
/** Problems listed per nav before the rest are only counted. */
const LISTED = 5;

/** What is wrong with `nav` for the engine; empty when it is safe to load. */
export function navSafetyProblems(nav: NavLike): string[] {
  const problems: string[] = [];
  let more = 0;
  const add = (p: string) => {
    if (problems.length < LISTED) problems.push(p);
    else more++;
  };
  if (nav.version !== 1 && nav.version !== 2) add(`version ${nav.version}`);
  const count = nav.nodes.length;
  if (count > ENGINE_NODE_LIMIT) add(`${count} nodes > ${ENGINE_NODE_LIMIT}`);
  nav.nodes.forEach((node, n) => {
    if (node.origin.length !== 3 || !node.origin.every(Number.isFinite)) {
      add(`node ${n}: origin ${node.origin.join(',')}`);
    }
    if (node.nodenum !== n) add(`node ${n}: nodenum ${node.nodenum}`);
    if (node.links.length > ENGINE_LINK_LIMIT) add(`node ${n}: ${node.links.length} links`);
    node.links.forEach((link, l) => {
      if (!Number.isInteger(link.target) || link.target < 0 || link.target >= count) {
        add(`node ${n} link ${l}: target ${link.target} of ${count} nodes`);
      }
      if (!Number.isFinite(link.cost) || link.cost < 0)
        add(`node ${n} link ${l}: cost ${link.cost}`);
    });
  });
  if (more > 0) problems.push(`… and ${more} more`);
  return problems;
}
