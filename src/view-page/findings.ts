/**
 * The model's findings about nodes and links (nav test, trial), indexed by the loaded nav's
 * node numbers (see `node-identity.ts` for the numbers of an edited nav), so the panel and the
 * layers find a node's findings without scanning the reports.
 */
import type {
  ViewLinkFailure,
  ViewLinkStats,
  ViewModel,
  ViewNodeStats,
  ViewSpot,
} from '../sinks/view/view-model.js';
import { pairKey } from './nav-index.js';

export class Findings {
  readonly badNodes: ReadonlySet<number>;
  readonly unreachable: ReadonlySet<number>;
  /** Failed links by their ends, and every failed link touching a node. */
  private readonly failuresOfPair = new Map<number, ViewLinkFailure[]>();
  private readonly failuresOfNode = new Map<number, ViewLinkFailure[]>();
  private readonly nodeStats = new Map<number, ViewNodeStats>();
  private readonly linkStats = new Map<number, ViewLinkStats>();
  /** Trial stuck spots and deaths by the node nearest them. */
  private readonly spotsOfNode = new Map<number, ViewSpot[]>();

  constructor(model: ViewModel) {
    this.badNodes = new Set(model.navtest?.badNodes ?? []);
    this.unreachable = new Set(model.navtest?.unreachable ?? []);
    const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (const f of model.navtest?.badLinks ?? []) {
      push(this.failuresOfPair, pairKey(f.from, f.to), f);
      push(this.failuresOfNode, f.from, f);
      if (f.to !== f.from) push(this.failuresOfNode, f.to, f);
    }
    for (const s of model.trial?.nodes ?? []) this.nodeStats.set(s.node, s);
    for (const s of model.trial?.links ?? []) this.linkStats.set(pairKey(s.from, s.to), s);
    for (const s of model.trial?.stuck ?? []) push(this.spotsOfNode, s.node, s);
    for (const s of model.trial?.deaths ?? []) push(this.spotsOfNode, s.node, s);
  }

  /** The nav test's failures of link `from → to` (loaded node numbers). */
  linkFailures(from: number, to: number): readonly ViewLinkFailure[] {
    return this.failuresOfPair.get(pairKey(from, to)) ?? [];
  }

  /** Every failed link from or to loaded node `node`. */
  nodeFailures(node: number): readonly ViewLinkFailure[] {
    return this.failuresOfNode.get(node) ?? [];
  }

  hasFailures(): boolean {
    return this.failuresOfPair.size > 0;
  }

  trialNode(node: number): ViewNodeStats | undefined {
    return this.nodeStats.get(node);
  }

  trialLink(from: number, to: number): ViewLinkStats | undefined {
    return this.linkStats.get(pairKey(from, to));
  }

  /** Trial stuck spots and deaths whose nearest node is loaded node `node`. */
  spotsNear(node: number): readonly ViewSpot[] {
    return this.spotsOfNode.get(node) ?? [];
  }
}
