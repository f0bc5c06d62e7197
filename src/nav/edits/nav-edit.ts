/**
 * One mend an admin made to a nav (in `navgen view`), kept in an edits file so that every later
 * build of the map makes it again. Nodes are named by where they stand, not by number: a
 * rebuild with new demos renumbers every node and moves some a little, and an edit still finds
 * its node as the nearest one within {@link EDIT_MATCH_RADIUS}. An edit whose node is gone does
 * not fit; the build reports it and goes on.
 *
 * Types are node-type names (`MOVE`, `JUMP`, `LADDER_UP`, …), as the pipeline files write them,
 * so an edit survives a renumbered type table.
 */

/** [Units: world units; Form: (x, y, z)] */
export type EditPoint = readonly [number, number, number];

export type NavEdit =
  | { readonly op: 'delete-node'; readonly at: EditPoint }
  /** Every link from `from` to `to`, or only the one of `type`. */
  | {
      readonly op: 'delete-link';
      readonly from: EditPoint;
      readonly to: EditPoint;
      readonly type?: string;
    }
  /** A link of target type `type` (how the bot moves to `to`). */
  | {
      readonly op: 'add-link';
      readonly from: EditPoint;
      readonly to: EditPoint;
      readonly type: string;
    }
  | { readonly op: 'set-type'; readonly at: EditPoint; readonly type: string }
  /** The node moves to `to`; its links stay. */
  | { readonly op: 'move-node'; readonly at: EditPoint; readonly to: EditPoint };

export type NavEditOp = NavEdit['op'];

/**
 * How far from an edit's point its node may now stand. Half the default cluster radius (48)
 * of a build, so an edit never takes a neighbour for its node, while a node that moved by the
 * clustering of a few more demos is still found. [Units: world units]
 */
export const EDIT_MATCH_RADIUS = 24;
