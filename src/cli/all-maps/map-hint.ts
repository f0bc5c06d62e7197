/**
 * When `--map` names a map the game does not have, the maps the demos were played on are the
 * likely answer: `maps/wizz.bsp is in none of … ; the demos hold beer, city, wizs (did you mean
 * wizs?)`. The demos' maps come from the cache folder's index (demo-maps.ts) or a summary read.
 */
import { suggest } from '../../suggest.js';
import { demoMaps, demosByMap } from './demo-maps.js';

export async function demoMapsHint(
  map: string,
  demoPaths: readonly string[],
  cacheDir: string | null,
): Promise<string> {
  const held = [...demosByMap(await demoMaps(demoPaths, cacheDir)).keys()];
  if (held.length === 0) return 'the demos hold no map';
  const hint = suggest(map, held);
  return `the demos hold ${held.join(', ')}${hint && hint !== map ? ` (did you mean ${hint}?)` : ''}; --all-maps builds every one`;
}
