/**
 * Removes the temporary files that interrupted writes left behind. `writeFileAtomic` names its
 * temporary file `.<name>.<pid>-<12 hex>.tmp` beside the target and removes it on any failure,
 * but a process killed between the write and the rename (SIGKILL, power loss) cannot: the file
 * stays, hidden and harmless, but it is disk space a user never asked for.
 *
 * A file is stale when the process named in it is gone. A file of a live process is a write in
 * progress (another build sharing the cache folder, or this process) and is left alone; so is
 * every file that does not have exactly that shape. A recycled process id only keeps a stale
 * file a little longer.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const TEMP_NAME = /^\..+\.(\d+)-[0-9a-f]{12}\.tmp$/;

/** The writer's process id if `name` is a temporary file of `writeFileAtomic`, else null. */
export function tempFileOwner(name: string): number | null {
  const m = TEMP_NAME.exec(name);
  return m ? Number(m[1]) : null;
}

/** Whether a process with this id exists (one of another user counts as existing). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the stale temporary files directly inside each folder (a missing folder is skipped)
 * and returns their paths, sorted.
 */
export async function sweepStaleTempFiles(folders: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = tempFileOwner(name);
      if (pid === null || processAlive(pid)) continue;
      const path = join(folder, name);
      await rm(path, { force: true });
      removed.push(path);
    }
  }
  return removed.sort();
}
