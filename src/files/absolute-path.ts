/**
 * A path a user wrote in a file (a pipeline file, its `navtest` section), made absolute: a
 * relative one is taken from that file's folder, not from wherever navgen was started, so a
 * pipeline means the same files whoever runs it. An absolute one is kept as written.
 */
import { isAbsolute, resolve } from 'node:path';

export function absolute(baseDir: string, p: string): string {
  return isAbsolute(p) ? p : resolve(baseDir, p);
}
