/** The edits file (`parseEditsFile`: JSON, then every edit), seeded with edits of fixture navs. */
import { EditsFileError, parseEditsFile } from '../../../../src/nav/edits/edits-file.js';
import type { FuzzTarget } from '../target.js';

export const target: FuzzTarget = {
  name: 'edits',
  reader: 'edits file: parseEditsFile (src/nav/edits/edits-file.ts)',
  seeds: { fixtures: ['nav/{wizs,subway2}.autogen.nav'], maker: 'edits' },
  instrument: ['src/nav/edits/edits-file.ts'],
  fileName: 'fuzz.edits.json',
  maxBytes: 64 << 10,
  typed: [EditsFileError],
  dictionary: ['"op"', '"delete-node"', '"delete-link"', '"add-link"', '"set-type"', '"move-node"', '"at"', '"from"', '"to"', '"type"', '"JUMP"', '"LADDER"', '1e999', 'null', '"version"'],
  run(bytes, ctx) {
    parseEditsFile(new TextDecoder().decode(bytes), ctx.file);
  },
};
