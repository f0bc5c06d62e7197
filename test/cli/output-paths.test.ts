import { describe, expect, it } from 'vitest';
import { describeFsError } from '../../src/cli/output-paths.js';

/** A file-system error as node makes it. */
const fsError = (code: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: ${syscall} ${path}`), { code, syscall, path });

describe('file-system errors in words', () => {
  it('names the file the user gave, not a temporary one', () => {
    expect(describeFsError(fsError('EACCES', 'open', '/srv/nav/.wizs.nav.1234-abcdef.tmp'))).toBe(
      'cannot open /srv/nav/wizs.nav: permission denied (EACCES)',
    );
  });

  it('names the outputs\u2019 folder, not navgen\u2019s lock file (--out /proc/wizs.nav)', () => {
    expect(
      describeFsError(fsError('ENOENT', 'open', '/proc/.wizs.navgen.lock.new-10145-9ba5c8db96e4')),
    ).toBe('cannot write in /proc, the folder of the outputs: no such file or folder (ENOENT)');
    expect(describeFsError(fsError('EROFS', 'open', '/mnt/ro/.wizs.navgen.lock'))).toMatch(
      /^cannot write in \/mnt\/ro, the folder of the outputs: /,
    );
  });

  it('leaves what is not a file-system error to the caller', () => {
    expect(describeFsError(new Error('other'))).toBeNull();
  });
});
