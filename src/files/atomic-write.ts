/**
 * Writes a file so that readers only ever see the old contents or the complete new ones: the
 * bytes go to a temporary file in the same folder (a rename is atomic only within one file
 * system), which is flushed to disk, optionally checked, then renamed over the target; the
 * folder is flushed too so that the rename survives a crash. On any failure the temporary
 * file is removed and the target is left as it was.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /**
   * Called with the temporary file's path once its bytes are on disk, before the rename; a
   * throw (or rejection) abandons the write. Use it to re-read and validate what was written.
   */
  verify?: (tempPath: string) => void | Promise<void>;
}

/** `.<name>.<pid>-<random>.tmp` beside the target: hidden, unique, easy to recognise. */
function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
}

/** Flushes a folder's entries (the rename) to disk; a no-op where folders cannot be fsynced. */
async function fsyncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (e) {
    // Windows cannot open folders; some file systems refuse to fsync them.
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw e;
  } finally {
    await handle?.close();
  }
}

/** Replaces `path` with `data` atomically (see the module comment). */
export async function writeFileAtomic(
  path: string,
  data: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.verify?.(temp);
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  await fsyncFolder(dirname(path));
}
