/**
 * A build to which no demo contributed: every demo was of another map, mostly spectator
 * frames, a duplicate, damaged or unreadable. What is left would be learned from the map alone
 * (spawn points and fill), which says nothing of how the map is played. Such a build says so,
 * naming what became of the demos and which maps they hold, and never replaces a nav (nor
 * writes an empty one when the build has no map).
 *
 * When no demo was even played on the map (all of another map), `--map` is most likely wrong:
 * the build stops and lists the maps the demos hold.
 */
import { existsSync } from 'node:fs';
import type { DemoReport } from './build.js';

/** Damaged demos named in a refusal; the rest are counted. */
const MAX_ERRORS = 10;

export interface NoContribution {
  /** Stop the build (nothing written); otherwise warn and write the map-only nav. */
  readonly refuse: boolean;
  readonly message: string;
}

/** The maps the demos hold, with how many demos hold each: `beer (1), city (2)`. */
export function mapsOfDemos(demos: readonly DemoReport[]): string {
  const count = new Map<string, number>();
  for (const d of demos) {
    const maps = (d.summaries?.['map-filter'] as { maps?: string[] } | undefined)?.maps ?? [];
    for (const m of new Set(maps)) count.set(m, (count.get(m) ?? 0) + 1);
  }
  return [...count]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([m, n]) => `${m} (${n} demo${n === 1 ? '' : 's'})`)
    .join(', ');
}

/** How many demos ended how: `2 damaged, 1 of another map`. */
function outcomes(demos: readonly DemoReport[]): string {
  const words: Record<string, string> = {
    quarantined: 'damaged',
    partial: 'damaged',
    failed: 'unreadable',
    'other-map': 'of another map',
    spectator: 'mostly spectator frames',
    duplicate: 'duplicates',
    used: 'without votes',
  };
  const count = new Map<string, number>();
  for (const d of demos) {
    const w = words[d.status] ?? d.status;
    count.set(w, (count.get(w) ?? 0) + 1);
  }
  return [...count].map(([w, n]) => `${n} ${w}`).join(', ');
}

/**
 * Null when some demo contributed; otherwise whether to stop and what to say. `navExists`:
 * a nav is already at the output path (it is never replaced by a map-only one).
 */
export function noContribution(
  map: string,
  demos: readonly DemoReport[],
  contributed: number,
  navPath: string,
  navExists: boolean,
  mapGiven: boolean,
): NoContribution | null {
  if (contributed > 0) return null;
  const held = mapsOfDemos(demos);
  if (demos.length > 0 && demos.every((d) => d.status === 'other-map')) {
    return {
      refuse: true,
      message:
        `none of the ${demos.length} demo(s) was played on map ${map}; they hold ${held || 'no map'} ` +
        `(check --map, or the pipeline's map)${navExists ? `; ${navPath} was left as it was` : ''}`,
    };
  }
  const what = `no demo contributed to map ${map} (${outcomes(demos)}${held ? `; the demos hold ${held}` : ''})`;
  // The damage itself (file, offset), since a refused build prints no per-demo summary.
  const errors = demos.filter((d) => d.error).map((d) => d.error!);
  const shown = errors.slice(0, MAX_ERRORS).map((e) => `\n  ${e}`);
  if (errors.length > MAX_ERRORS) shown.push(`\n  … and ${errors.length - MAX_ERRORS} more`);
  // Without the map (--no-map) nothing at all would be left: an empty nav is never written.
  if (navExists || !mapGiven)
    return {
      refuse: true,
      message: `${what}; ${navExists ? `${navPath} was left as it was` : 'no nav written'}${shown.join('')}`,
    };
  return { refuse: false, message: `${what}: this nav was learned from the map alone` };
}

/**
 * A build given no demos at all (the map alone, on purpose: a new map nobody has played yet):
 * said in the summary; a nav already at the output path is never replaced by it (it may be one
 * learned from demos, or mended by hand).
 */
export function mapAloneNote(navPath: string): NoContribution {
  if (existsSync(navPath))
    return {
      refuse: true,
      message: `built from the map alone (no demos given), and ${navPath} is already there: a map-only nav never replaces a nav in place; move it away to replace it`,
    };
  return { refuse: false, message: 'built from the map alone: no demos given' };
}
