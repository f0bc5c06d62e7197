/**
 * What a build reports: each demo's fate and the build's result. Its own module so that the
 * sinks that render it (JSON and HTML reports) and the build that produces it do not import
 * each other.
 */
import type { ReportProvenance } from './view/node-provenance.js';
import type { OfflineNavtestReport } from '../navtest/offline-report.js';
import type { CacheUse } from '../files/cache-bound.js';
import type { DemoVotes } from '../stage/demo-votes.js';
import type { NavBuildStats } from './nav/graph-to-nav.js';
import type { NavEdit } from '../nav/edits/nav-edit.js';

export type DemoStatus =
  /** Contributes all it read. */
  | 'used'
  /** Damaged; contributes the frames before the damage (`damaged: keep-prefix`). */
  | 'partial'
  /** Damaged; contributes nothing (`damaged: quarantine`, the default). */
  | 'quarantined'
  /** Could not be processed at all (unreadable file, plugin crash). */
  | 'failed'
  /** No segment on the nav's map. */
  | 'other-map'
  /** Mostly spectator frames (gate). */
  | 'spectator'
  /** Same bytes as another demo of the build. */
  | 'duplicate';

/**
 * Statuses that mean something went wrong with a demo (`navgen build` exits with 3). A kept
 * prefix is one: the demo is still damaged, and a script must hear of it whatever was kept.
 */
export const PROBLEM_STATUSES: ReadonlySet<DemoStatus> = new Set([
  'quarantined',
  'partial',
  'failed',
]);

/** What happened to one demo. */
export interface DemoReport {
  /** Path relative to the pipeline folder (or the working folder for the flag form). */
  readonly file: string;
  readonly contentHash: string | null;
  /** read: parsed now; cache: reused. */
  readonly source: 'read' | 'cache';
  /** Whether its votes are in the nav. */
  readonly used: boolean;
  /** What became of it; `quarantined` and `failed` are problems (exit code 3), the rest policy. */
  readonly status: DemoStatus;
  /** Why it contributes nothing (or only partly), if so. */
  readonly note: string | null;
  readonly error: string | null;
  readonly summaries: DemoVotes['summaries'] | null;
  readonly warnings: readonly string[];
  readonly nodeVotes: number;
  readonly linkVotes: number;
  readonly frames: number;
}

export interface BuildResult {
  readonly map: string;
  readonly demos: readonly DemoReport[];
  readonly stages: Readonly<Record<string, unknown>>;
  readonly nav: NavBuildStats;
  /** What each nav sink wrote (by output name: `nav`, `q2rNav`): its own counts. */
  readonly navOutputs: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly outputs: Readonly<Record<string, string>>;
  readonly strafeTraces: number;
  readonly feedbackWarnings: readonly string[];
  readonly cacheProblems: readonly string[];
  /** Temporary files of interrupted writes (by processes that are gone) removed by this build. */
  readonly removedTempFiles: readonly string[];
  /** What the map analysis cost and what its caches saved (console and `--json` only). */
  readonly work: GraphWork;
  /** The build's own nav test of what it wrote (`own-test.ts`); null without a map. */
  readonly ownTest: OwnTestOutcome | null;
  /** The cache folder after the build: its size and what its bound removed; null: no cache. */
  readonly cacheUse: CacheUse | null;
  /** What became of the admin's edits (`edits:`, `--edits`); null or absent: no edits file. */
  readonly edits?: EditsSummary | null;
  /** Where each node of the nav came from (`view/node-provenance.ts`), for `navgen view --report`. */
  readonly provenance?: ReportProvenance | null;
}

/** One edit and what became of it. */
export interface EditNote {
  /** Its index in the edits file (`edits[index]`). */
  readonly index: number;
  readonly edit: NavEdit;
  readonly reason: string;
}

/** The build's account of the edits file it applied (plain data: reported, cached by nothing). */
export interface EditsSummary {
  /** The edits file, relative to the pipeline's folder (or the working folder). */
  readonly file: string;
  /** Edits in the file. */
  readonly total: number;
  /** Edits that found their nodes and were made on the graph. */
  readonly applied: number;
  /** Edits that did not fit (their node gone, the link already there), with why. */
  readonly notFitting: readonly EditNote[];
  /**
   * Applied edits the build's own nav test undid: added links it removed (the simulated bot
   * failed them), moved or retyped nodes it removed.
   */
  readonly removedByNavTest: readonly EditNote[];
  /** Added links the nav's limits left out (`sinks/nav/graph-to-nav.ts`). */
  readonly leftOut: readonly EditNote[];
}

/** What a stage cost in this build. */
export interface StageWork {
  readonly stage: string;
  /** [Units: s] */
  readonly seconds: number;
  /** Link verdicts the stage found in the map's table, and simulated. */
  readonly verdictHits: number;
  readonly verdictsAdded: number;
}

/** The map analysis' share of a build, and what its caches saved. */
export interface GraphWork {
  /** `hit`: the graph stages' result came from the cache; `miss`: they ran; `off`: no cache. */
  readonly graphCache: 'hit' | 'miss' | 'off';
  readonly stages: readonly StageWork[];
  /** Verdicts in the map's table when the build began. */
  readonly verdictsKnown: number;
  /** Bytes of the verdict table written back (0: nothing new, or no cache). */
  readonly verdictBytesWritten: number;
}

/** The build's own nav test (`pipeline/own-test.ts`): its summary and the last round's report. */
export interface OwnTestOutcome {
  readonly summary: OwnTestSummary;
  readonly report: OfflineNavtestReport;
}

/** What the build's own test found and mended (plain data: cached, reported). */
export interface OwnTestSummary {
  readonly passed: boolean;
  readonly rounds: number;
  /** The first round's findings, before any repair. */
  readonly first: {
    readonly badLinks: number;
    readonly badNodes: number;
    readonly unreachable: number;
    readonly coverage: number;
    readonly failures: Readonly<Record<string, number>>;
  };
  readonly removedLinks: number;
  readonly removedNodes: number;
  /** Links made for nodes whose way out the removals took (`own-test.ts`, `mend`). */
  readonly waysOutAdded: number;
  /** Links cut that led into nodes the removals left with no way out (`mend`). */
  readonly trapLinksCut: number;
  /** The last round's figures: what the written nav holds. */
  readonly coverage: number;
  readonly links: number;
  readonly badLinks: number;
  readonly badNodes: number;
  readonly unreachable: number;
}
