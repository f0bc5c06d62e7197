/**
 * The AQtion `.nav` as a registered sink (`output.nav`): the nav the build made, written as the
 * AQtion bots read it (`write-nav-file.ts`). The first sink of the registry: the one a pipeline
 * with a game writes when it names none, and the flag form's `--out`.
 */
import { navPathIn } from '../../sources/game/game-dir.js';
import { defineNavSink } from '../nav-sink.js';

export const aqtionNavSink = defineNavSink({
  meta: {
    name: 'nav',
    description: 'The AQtion bot .nav file.',
    format: 'AQtion .nav',
    noun: 'the nav',
    inGame: navPathIn,
    outDirFolder: '',
  },
  async write(path, { nav, nodeTypes }) {
    // The writer loads when a build writes, not with the registry (nav-sink.ts).
    const { writeNavFile } = await import('./write-nav-file.js');
    const written = await writeNavFile(path, nav, { nodeTypes });
    return {
      path,
      stats: { nodes: written.nodes, links: written.links, fileBytes: written.fileBytes },
      warnings: [],
    };
  },
});
