/**
 * `navgen watch` rebuilds when the pipeline's edits file changes (an admin saved a mend in
 * `navgen view`), as it does when a demo changes, and the new nav holds the edit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { pipelineFromFlags } from '../../src/pipeline/flags-pipeline.js';
import { editsSignature, watchPipeline } from '../../src/pipeline/watch.js';
import type { BuildResult } from '../../src/pipeline/build.js';
import { writeEditsFile } from '../../src/nav/edits/edits-file.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

describeFixtures('navgen watch with an edits file', () => {
  it('rebuilds when the edits file changes, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navgen-edits-watch-'));
    const edits = join(dir, 'simplicity.edits.json');
    await writeEditsFile(edits, 'simplicity', []);
    const spec = await pipelineFromFlags(
      {
        map: 'simplicity',
        bsp: fixture('maps', 'simplicity.bsp'),
        out: join(dir, 'simplicity.nav'),
        html: false,
        demos: [fixture('demos/mvd2/corpus/simplicity/simplicity_dm_6bots_240s_sk9_c3.mvd2.gz')],
        cache: join(dir, 'cache'),
        workers: 1,
        edits,
      },
      dir,
    );
    const builds: BuildResult[] = [];
    const reasons: string[] = [];
    const failures: unknown[] = [];
    const w = watchPipeline(
      spec,
      { interval: 100, settle: 300 },
      {
        built: (r) => builds.push(r),
        building: (r) => reasons.push(r),
        failed: (e) => failures.push(e),
      },
    );
    try {
      await waitFor(() => builds.length === 1, 60_000);
      const before = (await readNavFile(spec.output.nav!)).nav;
      const gone = before.nodes[before.nodes.length - 1].origin;
      const signature = await editsSignature(spec);
      await writeEditsFile(edits, 'simplicity', [
        { op: 'delete-node', at: [gone[0], gone[1], gone[2]] },
      ]);
      expect(await editsSignature(spec)).not.toBe(signature);
      await waitFor(() => builds.length === 2, 60_000);
      expect(reasons).toEqual(['start', 'edits file changed']);
      expect(builds[1].edits).toMatchObject({ total: 1, applied: 1, notFitting: [] });
      const after = (await readNavFile(spec.output.nav!)).nav;
      expect(after.nodes.some((n) => n.origin.every((x, k) => x === gone[k]))).toBe(false);
      expect(failures).toEqual([]);
    } finally {
      await w.stop();
    }
  }, 180_000);
});
