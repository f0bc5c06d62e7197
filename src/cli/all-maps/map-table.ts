/**
 * The end of `navgen build --all-maps`: one row per map (demos used, nodes, links, the nav
 * test's verdict, the file written, or why the map was skipped), as a table or as JSON.
 */

export interface MapRow {
  readonly map: string;
  /**
   * built: a nav was written; kept: no demo shows the map and a nav is there, which a nav from
   * the map alone never replaces; skipped: not built (reason in `note`); failed: the build failed.
   */
  readonly status: 'built' | 'kept' | 'skipped' | 'failed';
  readonly demos: number;
  readonly demosUsed: number;
  /** Demos parsed by this map's build (the others came from the cache). */
  readonly demosRead: number;
  readonly nodes: number | null;
  readonly links: number | null;
  /** `passed`, `failed (N bad links…)`, `not run`. */
  readonly navtest: string;
  readonly nav: string | null;
  /** Why skipped or failed; damaged demos of a built map. */
  readonly note: string | null;
  /** The map's demos had damage (exit code 3). */
  readonly damaged: boolean;
}

export function formatMapTable(rows: readonly MapRow[]): string {
  const head = ['map', 'demos used', 'nodes', 'links', 'nav test', 'written'];
  const body = rows.map((r) => [
    r.map,
    r.demos === 0 ? 'map alone' : `${r.demosUsed}/${r.demos}`,
    r.nodes === null ? '-' : String(r.nodes),
    r.links === null ? '-' : String(r.links),
    r.navtest,
    r.status === 'kept' ? `(kept: ${r.nav})` : (r.nav ?? `(${r.status}: ${r.note ?? ''})`),
  ]);
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  return (
    all
      .map((r) =>
        r
          .map((cell, c) =>
            c === r.length - 1
              ? cell
              : c === 0 || c === 4
                ? cell.padEnd(widths[c])
                : cell.padStart(widths[c]),
          )
          .join('  '),
      )
      .join('\n') + '\n'
  );
}
