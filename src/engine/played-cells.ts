/**
 * The played area: the 64-unit cells (cubes, on a grid from the origin) where living players
 * stood, a measure of where a map is played that does not depend on any nav. The share of the
 * cells players occupied in a map's demos that bots reached during a trial says whether bots
 * roam the map as players do: a nav whose bots are stuck less but stay in fewer places scores
 * lower here (issue 35). Keys are plain numbers, sorted, so they travel in reports as they are.
 */
import { readDemo } from '../sources/demo/read-demo.js';
import type { DemoEvent } from '../sources/demo/events.js';

/**
 * The cells a trial's bots are measured against: where the players of the map's demos stood
 * (`demos`), or the map's walkable floor when there are no demos (`floor`, `floor-cells.ts`).
 */
export interface AreaOfPlay {
  /** Cell keys ({@link cellKey}), ascending. */
  readonly cells: readonly number[];
  readonly from: 'demos' | 'floor';
}

/** What a comparison calls the share of an area of play that bots reached. */
export function areaFigure(area: AreaOfPlay): string {
  return area.from === 'demos' ? 'played area reached (share)' : 'map floor reached (share)';
}

/** Edge of a cell. [Units: world units] */
export const PLAYED_CELL = 64;

/** Cells per axis each side of the origin the key holds (maps end within ±32768 units). */
const HALF = 1024;
const SPAN = 2 * HALF;

/** The key of the cell holding (x, y, z). */
export function cellKey(x: number, y: number, z: number): number {
  const c = (v: number) => Math.min(SPAN - 1, Math.max(0, Math.floor(v / PLAYED_CELL) + HALF));
  return (c(x) * SPAN + c(y)) * SPAN + c(z);
}

/** Collects the cells of living players (movement type normal, never the recorder's dummy). */
export class PlayedCells {
  private readonly cells = new Set<number>();
  private dummy = -1;
  private onMap = true;

  /** `map`: only segments of this map count (null: every segment). */
  constructor(private readonly map: string | null = null) {}

  feed(e: DemoEvent): void {
    if (e.kind === 'segment') {
      this.dummy = e.clientNum;
      this.onMap = this.map === null || e.map.toLowerCase() === this.map.toLowerCase();
      return;
    }
    if (e.kind !== 'frame' || !this.onMap) return;
    for (const p of e.players)
      if (p.slot !== this.dummy && p.pmType === 0)
        this.cells.add(cellKey(p.origin[0], p.origin[1], p.origin[2]));
  }

  /** The cells, ascending. */
  result(): number[] {
    return [...this.cells].sort((a, b) => a - b);
  }
}

/** The cells players occupied on `map` in `demos` (their segments of other maps left out). */
export async function playedCells(demos: readonly string[], map: string): Promise<number[]> {
  const all = new Set<number>();
  for (const d of demos) {
    const c = new PlayedCells(map);
    await readDemo(d).forEach((e) => c.feed(e));
    for (const k of c.result()) all.add(k);
  }
  return [...all].sort((a, b) => a - b);
}

/** The share of `played` (sorted keys) found in `reached` (sorted keys); null for none played. */
export function playedShare(played: readonly number[], reached: readonly number[]): number | null {
  if (played.length === 0) return null;
  const r = new Set(reached);
  let n = 0;
  for (const k of played) if (r.has(k)) n++;
  return n / played.length;
}
