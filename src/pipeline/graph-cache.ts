/**
 * The graph stages' result, cached: the graph and the stages' summaries, keyed by everything
 * the graph stages read — the contributing demos (their content hashes, in merge order, and the
 * per-demo configuration they were read with), the graph stages and their options, the map's
 * and the feedback's content, the node-type table and the source fingerprint. A rebuild with
 * nothing changed then skips the map analysis altogether and only writes (or finds unchanged)
 * its outputs.
 *
 * A pipeline with a plugin graph stage is never cached here: a plugin may read files of its own
 * that no key could name. A damaged entry is reported and the stages run.
 */
import { canonicalJson, hashFile, hashText } from '../files/content-hash.js';
import {
  entryPath,
  encodeEntryOf,
  readEntryOf,
  writeEntryBytes,
  type EntryKind,
} from '../files/cache-entry.js';
import { sourceFingerprint } from '../source-fingerprint.js';
import type { DraftGraph } from '../stage/graph-types.js';
import type { OwnTestOutcome } from '../sinks/build-result.js';
import { graphStages, type PipelineSpec } from './pipeline-spec.js';

const GRAPH_ENTRY: EntryKind = { magic: 'NGGR', version: 2 };

export interface CachedGraph {
  readonly graph: DraftGraph;
  readonly stages: Record<string, unknown>;
  readonly ownTest: OwnTestOutcome | null;
}

/**
 * The key of this build's graph stages, or null when they cannot be cached (no cache folder, a
 * plugin graph stage, an input that cannot be read). `bsp`: the map's content hash (null for
 * none, or a map that could not be read).
 */
export async function graphCacheKey(
  spec: PipelineSpec,
  demoConfigHash: string,
  contributions: readonly string[],
  bsp: string | null,
): Promise<string | null> {
  if (!spec.cache) return null;
  const stages = graphStages(spec);
  if (stages.some((s) => s.name.includes('/'))) return null;
  // An input that cannot be read is not cached: the stage that reads it says what is wrong,
  // with the reader's own words (file and byte offset).
  if (spec.bsp && bsp === null) return null;
  const hashes = await Promise.all([
    spec.feedback ? hashFile(spec.feedback.file) : null,
    spec.feedback?.nav ? hashFile(spec.feedback.nav) : null,
  ]).catch(() => null);
  if (!hashes) return null;
  const [feedback, feedbackNav] = hashes;
  return hashText(
    canonicalJson({
      map: spec.map.toLowerCase(),
      bsp,
      feedback,
      feedbackNav,
      demos: contributions,
      demoConfig: demoConfigHash,
      stages: stages.map((s) => ({ name: s.name, options: s.options })),
      nodeTypes: spec.nodeTypes,
      source: sourceFingerprint(),
    }),
  );
}

function pathOf(cacheDir: string, key: string): string {
  return entryPath(cacheDir, key, 'nggr');
}

export async function readCachedGraph(
  cacheDir: string,
  key: string,
  onCorrupt: (reason: string) => void,
): Promise<CachedGraph | null> {
  const hit = await readEntryOf<CachedGraph>(GRAPH_ENTRY, pathOf(cacheDir, key), onCorrupt);
  if (!hit) return null;
  const v = hit.value;
  if (!v || !Array.isArray(v.graph?.nodes) || !Array.isArray(v.graph?.links)) {
    onCorrupt('graph entry without nodes and links');
    return null;
  }
  return v;
}

export async function writeCachedGraph(
  cacheDir: string,
  key: string,
  value: CachedGraph,
): Promise<void> {
  await writeEntryBytes(pathOf(cacheDir, key), encodeEntryOf(GRAPH_ENTRY, value));
}
