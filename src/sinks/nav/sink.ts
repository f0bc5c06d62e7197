/** The AQtion `.nav` as a registered sink (`output.nav`). */
import type { NavSink } from '../nav-sink.js';
import { writeNavFile } from './write-nav-file.js';

export const aqtionNavSink: NavSink = {
  meta: { name: 'nav', description: 'The AQtion bot .nav file.' },
  async write(path, { nav, nodeTypes }) {
    const written = await writeNavFile(path, nav, { nodeTypes });
    return {
      path,
      stats: { nodes: written.nodes, links: written.links, fileBytes: written.fileBytes },
      warnings: [],
    };
  },
};
