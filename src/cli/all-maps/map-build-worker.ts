/**
 * The worker thread of `build --all-maps` that builds one map: the pipeline is made again here
 * from its flags (plain data; a pipeline's stages are functions and cannot cross threads), the
 * build runs as `--map MAP` would run it, and the result goes back as plain data. A build that
 * fails as builds fail (a refused build, a nav that failed its own test, a file that cannot be
 * written) comes back as `failed` with its words; anything else is thrown, as in the caller's
 * thread.
 */
import { BuildError, runBuild, type BuildResult } from '../../pipeline/build.js';
import { pipelineFromFlags, type BuildFlags } from '../../pipeline/flags-pipeline.js';
import { describeFsError } from '../output-paths.js';

export interface MapBuildTask {
  readonly flags: BuildFlags;
  readonly cwd: string;
}

export type MapBuildOutcome =
  | { readonly ok: true; readonly result: BuildResult }
  | { readonly ok: false; readonly failed: string };

export async function buildOneMap(task: MapBuildTask): Promise<MapBuildOutcome> {
  try {
    return { ok: true, result: await runBuild(await pipelineFromFlags(task.flags, task.cwd)) };
  } catch (e) {
    const why = e instanceof BuildError ? e.message : describeFsError(e);
    if (why === null) throw e;
    return { ok: false, failed: why };
  }
}

export default buildOneMap;
