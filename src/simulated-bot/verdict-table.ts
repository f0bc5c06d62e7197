/**
 * What the simulated bot already said on one map: the results of `simulateLink` and
 * `simulateLinkFromReach`, by everything that decides them — the run (`link`: one start;
 * `reach`: the source and the places around it), the link's ends, start and type names, and
 * every simulation option after defaults. The map is the table's (a table belongs to one
 * collision model; on disk, to the map's content hash and the code that simulated,
 * `verdict-file.ts`).
 *
 * Both functions are pure in those inputs, so a table only ever saves work: a link `fill`
 * checked is not run again by `first-hops`, by the build's own nav test, by the next build
 * after a new demo, or by `iterate`'s next round. Where the stages and the nav test run the
 * same link, they get the same verdict by construction.
 *
 * Attached to a collision model (`attachVerdicts`), the table is consulted by the two functions
 * themselves; a model with no table (a test's box world, a one-off `navgen navtest` without a
 * cache) simulates every call, as before.
 */
import type { CollisionModel } from '../world/collision-model.js';
import type { LinkResult, LinkToSimulate, SimulateLinkOptions } from './simulate-link.js';

/** Which of the two simulations a verdict is of. */
export type VerdictRun = 'link' | 'reach';

/** Verdicts by key; counts of what this build found and added. */
export class VerdictTable {
  readonly #results: Map<string, LinkResult>;
  /** Keys added since the table was made (or loaded): what this build simulated. */
  readonly #fresh = new Set<string>();
  /** Runs asked for that the table already held when it was made (earlier builds' work). */
  hits = 0;
  /** Verdicts simulated and added. */
  added = 0;

  constructor(entries: Iterable<readonly [string, LinkResult]> = []) {
    this.#results = new Map(entries);
  }

  get size(): number {
    return this.#results.size;
  }

  /** The verdict of `key`, from the table or from `run` (then kept). */
  verdict(key: string, run: () => LinkResult): LinkResult {
    const known = this.#results.get(key);
    if (known) {
      if (!this.#fresh.has(key)) this.hits++;
      return known;
    }
    const r = run();
    this.add(key, r);
    return r;
  }

  /**
   * Whether the table holds `key`; `count`: a run asked for, counted as found when an earlier
   * build simulated it.
   */
  has(key: string, count = false): boolean {
    const known = this.#results.has(key);
    if (known && count && !this.#fresh.has(key)) this.hits++;
    return known;
  }

  /**
   * The verdict of a run without the sidestep that its twin decides: the same run with the
   * sidestep, known here, in which the bot never stood still (`LinkResult.stalled`) — the
   * sidestep only acts after a standstill, so the two runs were the same think for think.
   * Undefined when there is no such twin (the run must be simulated). This spares the
   * `wedge-links` stage nearly every run: most links are walked without a standstill.
   */
  twinVerdict(
    run: VerdictRun,
    link: LinkToSimulate,
    o: SimulateLinkOptions,
  ): LinkResult | undefined {
    if (o.sidestep) return undefined;
    const key = verdictKey(run, link, { ...o, sidestep: true });
    const twin = this.#results.get(key);
    if (!twin || twin.stalled) return undefined;
    if (!this.#fresh.has(key)) this.hits++;
    return twin;
  }

  /** Adds a verdict simulated elsewhere (a worker thread), unless the key is known. */
  add(key: string, r: LinkResult): void {
    if (this.#results.has(key)) return;
    this.#results.set(key, freezeResult(r));
    this.#fresh.add(key);
    this.added++;
  }

  /** Every verdict, by key in code-unit order (the file's order: the same table, the same bytes). */
  entries(): [string, LinkResult][] {
    return [...this.#results].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}

function freezeResult(r: LinkResult): LinkResult {
  Object.freeze(r.end);
  return Object.freeze(r);
}

const tables = new WeakMap<CollisionModel, VerdictTable>();

/** From now on, `simulateLink` and `simulateLinkFromReach` on `model` consult `table`. */
export function attachVerdicts(model: CollisionModel, table: VerdictTable): void {
  tables.set(model, table);
}

/** The table attached to `model`, if any. */
export function verdictsOf(model: CollisionModel): VerdictTable | undefined {
  return tables.get(model);
}

const num = (v: ArrayLike<number>): string => `${v[0]},${v[1]},${v[2]}`;

/**
 * The key of a run: every input that decides its result, as text. Numbers print as JavaScript
 * prints them (the shortest text that reads back as the same double), so two keys are equal
 * exactly when the inputs are; the options are the merged ones, in a fixed order.
 */
export function verdictKey(run: VerdictRun, link: LinkToSimulate, o: SimulateLinkOptions): string {
  return [
    run,
    num(link.from),
    num(link.to),
    link.start ? num(link.start) : '',
    link.linkType,
    link.fromType,
    link.toType,
    o.baseSeconds,
    o.minSpeed,
    o.maxSeconds,
    o.stuckSeconds,
    o.stuckDistance,
    o.fellDepth,
    o.health,
    o.runUpSpeed,
    o.sidestep ? 1 : 0,
  ].join('|');
}
