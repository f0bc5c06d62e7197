/**
 * Demo positions as mesh seeds: where living players moved in demos recorded on the map, so
 * that floor players reached but no spawn point leads to (a roof reached by a jump, a ledge
 * reached by strafing) is sampled too. One seed per 32-unit cube of positions, in the order the
 * demos are given (sorted by the caller for determinism) and their frames come; segments
 * recorded on another map are skipped.
 *
 * ```ts
 * const { seeds } = await demoSeeds(['a.mvd2', 'b.dm2'], 'wizs');
 * await buildNavMeshForMap('wizs.bsp', { seeds });
 * ```
 */
import { readDemo } from '../sources/demo/read-demo.js';

/** Side of the cubes positions are thinned to (two mesh cells). [Units: world units] */
const SEED_CUBE = 32;
/** `pmtype_t` of a player moving normally (not a spectator, dead or frozen). */
const PM_NORMAL = 0;

export interface DemoSeeds {
  /** Player origins. [Form: (x, y, z) each] [Units: world units] */
  readonly seeds: number[][];
  /** Demos with no segment on the map (their names). */
  readonly otherMap: string[];
}

/** Seeds from the demos `paths` for the map named `map` (case-insensitive, no `.bsp`). */
export async function demoSeeds(paths: readonly string[], map: string): Promise<DemoSeeds> {
  const seen = new Set<string>();
  const seeds: number[][] = [];
  const otherMap: string[] = [];
  const want = map.toLowerCase();
  for (const path of paths) {
    let onMap = false;
    let any = false;
    await readDemo(path, { entityPlayers: true }).forEach((e) => {
      if (e.kind === 'segment') {
        onMap = e.map.toLowerCase() === want;
        any ||= onMap;
        return;
      }
      if (e.kind !== 'frame' || !onMap) return;
      for (const p of e.players) {
        if (p.pmType !== PM_NORMAL || p.health <= 0) continue;
        const [x, y, z] = p.origin;
        const key = `${Math.floor(x / SEED_CUBE)},${Math.floor(y / SEED_CUBE)},${Math.floor(z / SEED_CUBE)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        seeds.push([x, y, z]);
      }
    });
    if (!any) otherMap.push(path);
  }
  return { seeds, otherMap };
}
