/**
 * The Quake II re-release's `NAV3` as a registered sink (`output.q2rNav`): node flags, radii,
 * typed links, traversals and edicts from the build's nav and the map (`nav3-from-nav.ts`).
 */
import { loadMap } from '../../map-analysis/map-source.js';
import type { NavSink } from '../nav-sink.js';
import { nav3FromNav } from './nav3-from-nav.js';
import { writeNav3File } from './write-q2r-nav-file.js';

export const q2rNavSink: NavSink = {
  meta: {
    name: 'q2rNav',
    description:
      'The Quake II re-release bot/monster nav (NAV3, version 6), e.g. <game>/baseq2/bots/navigation/<map>.nav.',
  },
  async write(path, { bsp, nav, nodeTypes, clusterRadius }) {
    const map = bsp ? await loadMap(bsp) : null;
    const { nav3, stats } = nav3FromNav(nav, nodeTypes, map, { clusterRadius });
    const written = await writeNav3File(path, nav3);
    return {
      path,
      stats: { ...stats, fileBytes: written.fileBytes },
      warnings: map
        ? []
        : [`${path}: no map (bsp) given: traversals go node to node, no hazards or edicts`],
    };
  },
};
