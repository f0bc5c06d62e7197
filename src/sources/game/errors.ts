/** A game archive that cannot be read, naming the file and the byte offset of the problem. */
import { hex } from '../../hex.js';

export class ArchiveError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    reason: string,
  ) {
    super(`${file}@${hex(offset)}: ${reason}`);
    this.name = 'ArchiveError';
  }
}
