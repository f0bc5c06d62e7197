/**
 * Coverage holes as the viewer draws them: each navmesh area no node reaches
 * (`navmesh/coverage.ts`), as its outline in the band of its floor.
 */
import type { HoleArea } from '../../navmesh/coverage.js';
import { bandIndexOf, type HeightBand } from '../render/height-band.js';
import type { ViewHole } from './view-model.js';

export function viewHolesOf(holes: readonly HoleArea[], bands: readonly HeightBand[]): ViewHole[] {
  return holes.map((h) => {
    const [x0, y0, x1, y1] = h.rect.map(Math.round);
    return {
      band: bandIndexOf(bands, h.z),
      xy: [x0, y0, x1, y0, x1, y1, x0, y1],
      floor: Math.round(h.floor),
    };
  });
}
