/** What the info panel reads and calls: the viewer's state and actions it may use. */
import type { LinkCheck } from '../sinks/view/view-api.js';
import type { ViewModel } from '../sinks/view/view-model.js';
import type { Findings } from './findings.js';
import type { NavIndex } from './nav-index.js';
import type { NodeIdentity } from './node-identity.js';

/** The outcome of the last edit, undo or redo, for the panel. */
export interface EditReport {
  /** What was asked, for people (`add link 12 → 40 JUMP`). */
  readonly what: string;
  /** The server's reason for refusing it, or null when it was kept. */
  readonly refused: string | null;
  /** The check behind a refusal. */
  readonly check?: LinkCheck;
  /** The checks the kept edit made (current node numbers). */
  readonly checks: readonly {
    readonly from: number;
    readonly to: number;
    readonly check: LinkCheck;
  }[];
}

/** The last "check with the simulated bot" of a link. */
export interface LinkCheckShown {
  readonly from: number;
  readonly to: number;
  readonly type: string;
  /** Null while the check runs. */
  readonly check: LinkCheck | null;
}

export interface PanelContext {
  readonly model: ViewModel;
  index(): NavIndex;
  readonly findings: Findings;
  readonly identity: NodeIdentity;
  typeName(type: number): string;
  typeColour(type: number): string;
  /** The simulated bot may be asked (served and editable). */
  readonly canCheck: boolean;
  lastCheck(): LinkCheckShown | null;
  lastEdit(): EditReport | null;
  /** Forgets the last edit's outcome (the panel's × button). */
  dismissEdit(): void;
  selectNode(n: number): void;
  selectLink(from: number, to: number): void;
  checkLink(from: number, to: number): void;
  status(message: string): void;
}
