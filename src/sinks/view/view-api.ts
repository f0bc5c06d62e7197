/**
 * The requests the page of `navgen view` makes of its server, and the answers: the contract
 * between `src/view/` (the server) and `src/view-page/` (the page). Every request carries the
 * session token of the printed URL in the `X-Navgen-Token` header; writes are POSTs with a JSON
 * body.
 *
 * - `GET  /api/model`      → {@link ViewModel}
 * - `POST /api/check-link` {@link CheckLinkRequest} → {@link LinkCheck}: the simulated bot runs
 *   the link, nothing changes
 * - `POST /api/edit`       {@link EditRequest} → {@link EditAnswer}: the edit is checked, then
 *   kept (or refused, with the reason)
 * - `POST /api/undo`, `POST /api/redo` → {@link EditAnswer}
 * - `POST /api/save`       → {@link SaveAnswer}: the nav written (the old kept), the edits file
 *   written
 */
import type { EditPoint, NavEdit } from '../../nav/edits/nav-edit.js';
import type { ViewNav } from './view-model.js';

/** The header every request of the page carries. */
export const TOKEN_HEADER = 'X-Navgen-Token';

export interface CheckLinkRequest {
  readonly from: EditPoint;
  readonly to: EditPoint;
  /** Target type name. */
  readonly type: string;
}

/** One run of the simulated bot over a link, from the source node and the places around it. */
export interface LinkCheck {
  readonly passed: boolean;
  /** `reached`, or how it failed: `died`, `fell`, `blocked`, `timed-out`, `bad-start`. */
  readonly reason: string;
  /** One line for people, naming the start the bot failed from. */
  readonly detail: string;
  /** Where the bot started: the node and the places around it it counts as the node. [Form: (x, y, z) × starts] */
  readonly starts: readonly (readonly number[])[];
}

export interface EditRequest {
  readonly edit: NavEdit;
}

export type EditAnswer =
  | {
      readonly ok: true;
      /** The nav with every kept edit of this session. */
      readonly nav: ViewNav;
      /** Edits kept this session, and how many undone edits `redo` can bring back. */
      readonly edits: number;
      readonly redo: number;
      /** The link checks the edit made (an added link; a moved node's links), for the panel. */
      readonly checks: readonly {
        readonly from: number;
        readonly to: number;
        readonly check: LinkCheck;
      }[];
      /** Unsaved edits exist. */
      readonly dirty: boolean;
    }
  | {
      readonly ok: false;
      /** Why the edit was refused, for people; the nav is unchanged. */
      readonly error: string;
      readonly check?: LinkCheck;
    };

export type SaveAnswer =
  | {
      readonly ok: true;
      /** Paths written. */
      readonly nav: string;
      readonly edits: string;
      /** Where the nav that was replaced is kept, or null when nothing was replaced. */
      readonly kept: string | null;
      /** Edits in the edits file now. */
      readonly count: number;
    }
  | { readonly ok: false; readonly error: string };
