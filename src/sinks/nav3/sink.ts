/**
 * The Quake II re-release's `NAV3` as a registered sink (`output.q2rNav`, `--q2r-nav`): node
 * flags, radii, typed links, traversals and edicts from the build's nav and the map
 * (`nav3-from-nav.ts`), written where the re-release reads it.
 *
 * Names: this folder, its files and its code are named after the format they write, as its
 * codec is (`nav/formats/nav3/`); the game that reads it names only what users see (`q2rNav`,
 * `--q2r-nav`, `convert --to q2r`) and its folders in a game (docs/architecture.md, "Names").
 */
import { BASE_GAME, q2rNavPathIn } from '../../sources/game/game-dir.js';
import { defineNavSink } from '../nav-sink.js';

export const nav3Sink = defineNavSink({
  meta: {
    name: 'q2rNav',
    description:
      'The Quake II re-release bot/monster nav (NAV3, version 6), e.g. <game>/baseq2/bots/navigation/<map>.nav.',
    format: 'NAV3',
    noun: 'the re-release nav',
    inGame: q2rNavPathIn,
    outDirFolder: 'q2r',
    onlyFormatIn: BASE_GAME,
    flagHelp:
      'also write the Quake II re-release nav (NAV3) here; with --game-dir and no file: GAME/baseq2/bots/navigation/MAP.nav (then put it before another option, or the next word is taken as the file). With --all-maps, no file: every map\u2019s NAV3 where the game reads it, and in a Quake II game (--game-dir …/baseq2) the NAV3 alone',
  },
  async write(path, { bsp, nav, nodeTypes, shared }) {
    // The writer and the map load when a build writes, not with the registry (nav-sink.ts).
    const [{ loadMap }, { nav3FromNav }, { writeNav3File }] = await Promise.all([
      import('../../map-analysis/map-source.js'),
      import('./nav3-from-nav.js'),
      import('./write-nav3-file.js'),
    ]);
    const map = bsp ? await loadMap(bsp) : null;
    const { nav3, stats } = nav3FromNav(nav, nodeTypes, map, {
      clusterRadius: shared.clusterRadius,
    });
    const written = await writeNav3File(path, nav3);
    return {
      path,
      stats: { ...stats, fileBytes: written.fileBytes },
      warnings: map
        ? []
        : [`${path}: no map (bsp) given: traversals go node to node, no hazards or edicts`],
    };
  },
});
